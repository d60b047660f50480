"""A hand history's own results (PHH's `finishing_stacks` and `winnings`, what each seat took
from the pots) checked against what pokerdb settles from its actions.

A file's figure that differs from the settlement is a contradiction, and the hand is invalid,
unless the difference is only where the odd units of split pots went: a file may give a pot's
remainder to other winners than pokerdb's rule does (pokerkit gives it all to the first). So
each seat may have taken, of each pot it split k ways, anything from the even share to the
share plus the remainder, and what one winner has more another has less: the odd units of a
pot go to its own winners, so no set of seats takes more than its even shares plus the odd
units of the pots it split.
"""

from collections.abc import Sequence
from itertools import combinations

from pokerdb.rules.hand_record import PhhError
from pokerdb.rules.settlement import Replayed, Settlement


def check_recorded(replayed: Replayed, settlement: Settlement) -> None:
    """Raise PhhError naming the seat and both figures when the file's finishing stacks or
    winnings contradict the settlement of its actions."""
    hand = replayed.hand
    bounds = _won_bounds(settlement, hand.player_count)
    if hand.winnings is not None:
        _compare(replayed, "winnings", hand.winnings, settlement.won, settlement, bounds)
    if hand.finishing_stacks is not None:
        settled = [None if start is None else start + net
                   for start, net in zip(hand.starting_stacks, settlement.net, strict=True)]
        _compare(replayed, "finishing stack", hand.finishing_stacks, settled, settlement,
                 bounds)


def _won_bounds(settlement: Settlement, players: int) -> list[tuple[int, int]]:
    """Per seat (0-based), the least and the most it can have won of the pots as they were
    divided, the odd units of each split pot going to any of its winners."""
    least, most = [0] * players, [0] * players
    for award in settlement.awards:
        share, left = divmod(award.amount, len(award.seats))
        for seat in award.seats:
            least[seat - 1] += share
            most[seat - 1] += share + (left if len(award.seats) > 1 else 0)
    return list(zip(least, most, strict=True))


def _compare(replayed: Replayed, name: str, recorded: Sequence[int],
             settled: Sequence[int | None], settlement: Settlement,
             bounds: list[tuple[int, int]]) -> None:
    hand = replayed.hand
    known = [(seat, file_figure, ours) for seat, (file_figure, ours)
             in enumerate(zip(recorded, settled, strict=True)) if ours is not None]
    outside = [(seat, file_figure, ours) for seat, file_figure, ours in known
               if not bounds[seat][0] <= settlement.won[seat] + file_figure - ours
               <= bounds[seat][1]]
    balanced = len(known) < len(settled) or sum(
        file_figure - ours for _, file_figure, ours in known) == 0
    if outside or not balanced:
        seat, file_figure, ours = next(iter(outside), None) or next(
            figures for figures in known if figures[1] != figures[2])
        player = f"p{seat + 1}" + (f" ({hand.players[seat]})" if hand.players else "")
        raise PhhError(hand.source, f"{player}'s {name} is {hand.amount(file_figure)} in the "
                                    f"file, {hand.amount(ours)} by its actions")
    _check_odd_units(replayed, name, {seat: settlement.won[seat] + file_figure - ours
                                      for seat, file_figure, ours in known}, settlement, bounds)


def _check_odd_units(replayed: Replayed, name: str, won: dict[int, int],
                     settlement: Settlement, bounds: list[tuple[int, int]]) -> None:
    """PhhError when some seats (0-based) took more odd units than the pots they split had.
    Hall's condition, by sets of pots: the seats whose odd units can only come from a set of
    split pots take at most those pots' odd units."""
    above = {seat: figure - bounds[seat][0] for seat, figure in won.items()
             if figure > bounds[seat][0]}
    odd = [(award.amount % len(award.seats), {seat - 1 for seat in award.seats})
           for award in settlement.awards
           if len(award.seats) > 1 and award.amount % len(award.seats)]
    if len(above) < 2 or len(odd) < 2:
        return
    for size in range(1, len(odd)):
        for chosen in combinations(range(len(odd)), size):
            outside = set().union(*(odd[index][1] for index in range(len(odd))
                                    if index not in chosen))
            seats = [seat for seat in above if seat not in outside]
            left = sum(odd[index][0] for index in chosen)
            if sum(above[seat] for seat in seats) > left:
                least = sum(bounds[seat][0] for seat in seats)
                names = " and ".join(f"p{seat + 1}" for seat in seats)
                figures = "winnings" if name == "winnings" else "finishing stacks"
                raise PhhError(replayed.hand.source, f"{names} win "
                               f"{replayed.hand.amount(sum(won[seat] for seat in seats))} by "
                               f"the file's {figures}, at most "
                               f"{replayed.hand.amount(least + left)} by its actions")
