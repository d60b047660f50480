"""PHH hands of no-limit raise wars after the flop, whose seats' counts reach the widths of
seats.packed (storage.schema.seat_bits.COUNT_BITS: 15 bets or raises a seat, 31 calls) or go
past them."""


def raises_hand(raises: int) -> str:
    """A heads-up hand whose players raise each other `raises` times on the flop, p1 first
    (p1 making the odd ones), and p1 folds: p1 bets or raises (raises + 1) // 2 times, p2
    raises // 2, and neither calls."""
    actions = ["d dh p1 ????", "d dh p2 ????", "p2 cc", "p1 cc", "d db AsKsQs",
               *(f"p{1 + bet % 2} cbr {2 + 2 * bet}" for bet in range(raises)), "p1 f"]
    return (f"variant = 'NT'\nante_trimming_status = false\nantes = [0, 0]\n"
            f"blinds_or_straddles = [1, 2]\nmin_bet = 2\nstarting_stacks = [1000, 1000]\n"
            f"actions = {actions!r}\nplayers = ['Ann', 'Bo']\n")


def calls_hand(calls: int, players: int = 5) -> str:
    """A hand of `players` seats, everyone's cards known, in which p2 calls `calls` times after
    the flop (11 on the flop, 11 on the turn, the rest on the river) and raises nothing; on
    each street each other seat raises (by 2) where the street would otherwise end before p2
    called again, and calls otherwise, and all go to the showdown. At 5 players and 32 calls
    no seat bets or raises more than 12 times, and none but p2 calls more than 23 times."""
    actions = [f"d dh p{seat} {rank}c{rank}d"
               for seat, rank in zip(range(1, players + 1), "AKQJT98", strict=False)]
    actions += [f"p{seat} cc" for seat in (*range(3, players + 1), 1, 2)]
    made = 0
    for street, board in enumerate(("7s5h2d", "3c", "9h")):
        actions.append(f"d db {board}")
        wanted = min(calls, made + 11) if street < 2 else calls
        top, last, seat = 0, None, 1
        while seat != last:
            after = seat % players + 1
            if seat == 2:
                actions.append("p2 cc")
                made += top > 0
            elif made < wanted and (last is None or after == last
                                    or (after == 2 and after % players + 1 == last)):
                top += 2
                last = seat
                actions.append(f"p{seat} cbr {top}")
            else:
                actions.append(f"p{seat} cc")
            if last is None and seat == players:
                break  # checked round
            seat = after
    return (f"variant = 'NT'\nante_trimming_status = false\nantes = {[0] * players}\n"
            f"blinds_or_straddles = {[1, 2] + [0] * (players - 2)}\nmin_bet = 2\n"
            f"starting_stacks = {[100_000] * players}\nactions = {actions!r}\n")
