"""What a tracker counts of each seat of a recorded hand (PokerTracker 4 and Hold'em Manager 3's
preflop, flop and showdown statistics), read from the hand's actions as its replay read them
(settlement.Replayed.moves): the seat's position, whether it put chips in voluntarily before
the flop (VPIP), raised (PFR), had the chance to 3-bet and took it, faced a 3-bet after
opening and folded, saw the flop, had the chance to continuation-bet and took it, faced a
continuation bet and folded, its bets, raises, calls and folds after the flop, and whether it
went to the showdown.

Only the order of the actions and which bets were outstanding matter, so amounts are not
followed: a `cbr` always raises above every bet on the street, a `cc` matches the largest one
(or puts the player all in, after which it no longer acts). The bets on the table before the
first action, the posted blinds and straddles (`posted_blinds`), tell a check from a call
before the flop. docs/player-stats.md defines each figure and where it differs from the
trackers'.
"""

from collections.abc import Sequence
from decimal import Decimal
from functools import cache, lru_cache
from typing import Final

from pokerdb.rules.hand_record import PhhHand
from pokerdb.rules.largest import largest
from pokerdb.rules.settlement.outcome import (
    MOVE_BOARD,
    MOVE_CALL,
    MOVE_FOLD,
    MOVE_OTHER,
    MOVE_RAISE,
)

# Seats between the big blind and the button, named from the button back (the cutoff, the
# hijack, the lojack), the first after the big blind under the gun, and any others UTG+1, ...
_LATE: Final = ("LJ", "HJ", "CO")
_STREET_OF_BOARD: Final = (0, 1, 1, 1, 2, 3)  # the street by board cards dealt (0: preflop)


@cache
def position_names(players: int) -> tuple[str, ...]:
    """The positions of seats p1..pN as PHH orders them: p1 the small blind, p2 the big blind,
    pN the button; heads-up p2 is the button and posts the small blind, p1 the big blind."""
    if players == 2:
        return ("BB", "BTN")
    middle = players - 3
    late = _LATE[len(_LATE) - min(middle - 1, len(_LATE)):] if middle > 1 else ()
    early = ("UTG", *(f"UTG+{k}" for k in range(1, middle - len(late))))[:middle]
    return ("SB", "BB", *early, *late, "BTN")


def posted_blinds(hand: PhhHand) -> list[int]:
    """The blinds and straddles on the table before the first action, per seat (p1 first),
    each at most what the seat's stack leaves after its ante, as the settlement posts them."""
    count = hand.player_count
    blinds = hand.blinds_or_straddles or (0,) * count
    antes = hand.antes
    if count == 2:  # heads-up: the lists apply in reverse
        blinds, antes = blinds[::-1], antes[::-1]
    stacks = hand.starting_stacks
    posted = []
    for seat in range(count):  # by seat: see settlement.forced.forced_bets
        blind, stack = blinds[seat], stacks[seat]
        if stack is not None:
            blind = max(0, min(blind, stack - min(antes[seat], stack)))
        posted.append(blind)
    return posted


def stakes_of(hand: PhhHand) -> tuple[str, int | None]:
    """The hand's stakes as text ("NT 1/2", "FT 0.5/1 ante 0.1") and its big blind in the
    hand's units (None without blinds): the first two blinds as the file lists them; a
    straddle is not stakes."""
    listed = hand.blinds_or_straddles or (0, 0)
    small, big = sorted(listed[:2]) if len(listed) >= 2 else (0, listed[0])
    return _stakes_text(hand.variant, hand.exponent, small, big, largest(hand.antes)), big or None


@lru_cache(maxsize=4096)
def _stakes_text(variant: str, exponent: int, small: int, big: int, ante: int) -> str:
    """The stakes' text of amounts in units of ``10 ** -exponent`` (a table's stakes repeat
    from hand to hand: remembered)."""
    def plain(units: int) -> str:
        return _plain(Decimal(units).scaleb(-exponent))

    text = f"{variant} {plain(small)}/{plain(big)}"
    if ante:
        text += f" ante {plain(ante)}"
    return text


def _plain(amount: Decimal) -> str:
    """1, 0.5, 100: an amount without trailing zeros or exponent."""
    return format(amount.normalize(), "f")


class SeatCounts:
    """One seat's counts: each a 0/1 flag but the postflop actions, which are counts. A plain
    class (a dataclass's generated __init__ would run as Python, and a slotted one is no
    native class), so that the compiled module makes and reads it without Python code."""

    def __init__(self) -> None:
        self.preflop_acted = 0  # took a preflop decision: a walk or an all-in blind is none
        self.vpip = 0  # called or raised before the flop (a blind's check is not voluntary)
        self.pfr = 0  # raised before the flop
        self.three_bet_chance = 0  # acted facing exactly one raise before the flop
        self.three_bet = 0  # ... and raised
        self.faced_three_bet = 0  # made the first raise, then acted facing a second one
        self.folded_to_three_bet = 0  # ... and folded
        self.saw_flop = 0  # still in when the flop was dealt
        self.cbet_chance = 0  # the last preflop raiser, acting on the flop before any bet
        self.cbet = 0  # ... and betting
        self.faced_cbet = 0  # acted on the flop facing the continuation bet alone
        self.folded_to_cbet = 0  # ... and folded
        self.postflop_aggressive = 0  # bets and raises on the flop, turn and river
        self.postflop_calls = 0  # calls there (checks are not counted)
        self.postflop_folds = 0  # folds there
        self.went_to_showdown = 0  # still in at the end of a hand not won by folds

    def counts(self) -> tuple[int, ...]:
        """The counts, in COUNT_NAMES' order."""
        return (self.preflop_acted, self.vpip, self.pfr, self.three_bet_chance, self.three_bet,
                self.faced_three_bet, self.folded_to_three_bet, self.saw_flop,
                self.cbet_chance, self.cbet, self.faced_cbet, self.folded_to_cbet,
                self.postflop_aggressive, self.postflop_calls, self.postflop_folds,
                self.went_to_showdown)


COUNT_NAMES: Final = ("preflop_acted", "vpip", "pfr", "three_bet_chance", "three_bet",
                      "faced_three_bet", "folded_to_three_bet", "saw_flop", "cbet_chance",
                      "cbet", "faced_cbet", "folded_to_cbet", "postflop_aggressive",
                      "postflop_calls", "postflop_folds", "went_to_showdown")


_MOVE_OF: Final = {"f": MOVE_FOLD, "cc": MOVE_CALL, "cbr": MOVE_RAISE}  # a player's


def moves_of(actions: Sequence[str], actors: Sequence[int | None]) -> list[int]:
    """The moves of a valid hand's actions read from their texts, as its replay reads them
    (settlement.Replayed.moves), each action's player (1-based; None for the dealer) given by
    `actors`: for actions not replayed (a database's, stored before the counts were)."""
    moves = []
    for text, actor in zip(actions, actors, strict=True):
        words = (text.partition("#")[0] if "#" in text else text).split()
        verb = words[1] if len(words) > 1 else ""
        if actor is not None:
            moves.append(_MOVE_OF.get(verb, MOVE_OTHER))
        elif verb == "db":
            moves.append(MOVE_BOARD + len(words[2]) // 2)
        else:
            moves.append(MOVE_OTHER)
    return moves


def tracker_counts(players: int, moves: Sequence[int], actors: Sequence[int | None],
                   posted: Sequence[int]) -> list[SeatCounts]:
    """Each seat's counts over a valid hand's actions as its replay read them (`moves`:
    settlement.Replayed.moves), `actors` giving each action's player (1-based; None for the
    dealer) and `posted` the bets before the first action."""
    seats = [SeatCounts() for _ in range(players)]
    folded = [False] * players
    bets = list(posted)
    top = largest(bets)  # the largest bet of the street
    street = raises = board_cards = 0
    opener = aggressor = cbettor = None
    cbet_decided = False
    for index in range(len(moves)):  # by index: see settlement.forced.forced_bets
        move = moves[index]
        if move == MOVE_OTHER:
            continue  # hole cards (the most common action), ...: nothing to count
        if move >= MOVE_BOARD:
            board_cards += move - MOVE_BOARD
            now = _STREET_OF_BOARD[min(board_cards, 5)]
            if now != street:
                street, raises, bets, top = now, 0, [0] * players, 0
                if street == 1:
                    for seat, stats in enumerate(seats):
                        stats.saw_flop = int(not folded[seat])
            continue
        actor = actors[index]
        assert actor is not None, "a player's move"
        seat = actor - 1
        stats = seats[seat]
        facing = top > bets[seat]
        if street == 0:
            stats.preflop_acted = 1
            stats.vpip |= move == MOVE_RAISE or (move == MOVE_CALL and facing)
            stats.pfr |= move == MOVE_RAISE
            if raises == 1:
                stats.three_bet_chance = 1
                stats.three_bet = int(move == MOVE_RAISE)
            elif raises == 2 and seat == opener:
                stats.faced_three_bet = 1
                stats.folded_to_three_bet = int(move == MOVE_FOLD)
            if move == MOVE_RAISE:
                opener = seat if opener is None else opener
                aggressor = seat
        else:
            stats.postflop_aggressive += move == MOVE_RAISE
            stats.postflop_calls += move == MOVE_CALL and facing
            stats.postflop_folds += move == MOVE_FOLD
            if street == 1 and seat == aggressor and not cbet_decided:
                cbet_decided = True
                if raises == 0:
                    stats.cbet_chance = 1
                    stats.cbet = int(move == MOVE_RAISE)
                    cbettor = seat if move == MOVE_RAISE else None
            elif street == 1 and raises == 1 and cbettor is not None and seat != cbettor:
                stats.faced_cbet = 1
                stats.folded_to_cbet = int(move == MOVE_FOLD)
        if move == MOVE_FOLD:
            folded[seat] = True
        elif move == MOVE_CALL:
            bets[seat] = top
        else:
            top += 1
            bets[seat] = top
            raises += 1
    if folded.count(False) > 1:
        # Went to showdown is counted of the hands a seat saw the flop of, as the trackers do:
        # a game without a flop (stud, draw) has no such figure, rather than one above 100%.
        for seat, stats in enumerate(seats):
            stats.went_to_showdown = int(not folded[seat] and bool(stats.saw_flop))
    return seats
