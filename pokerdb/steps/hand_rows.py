"""The rows of a settled `HandBatch` (pokerdb.rules.hand_batches) for deals, hand_cards, seats
(with each seat's tracker counts) and hand_actions, hand by hand (`hand_rows`), for
steps.hand_histories to stage.

Compiled with mypyc in the wheel (hatch_build.py): laying the rows out is a loop over every
seat and action of the batch, on the import's worker processes. It has no class of its own, so
that what crosses processes (steps.hand_histories.StagedHands, a dataclass that a compiled
module could not unpickle) stays pure Python.
"""

from collections.abc import Callable, Iterator, Sequence
from itertools import repeat
from typing import Final, NamedTuple

from pokerdb.rules.hand_batches import HandBatch
from pokerdb.rules.hand_record import PhhHand
from pokerdb.rules.money import AMOUNT_PLACES, money_of
from pokerdb.rules.settlement import Replayed, Settlement
from pokerdb.rules.tracker_stats import (
    COUNT_NAMES,
    position_names,
    posted_blinds,
    stakes_of,
    tracker_counts,
)
from pokerdb.steps.site_rows import (
    SITE_DEAL_COLUMNS,
    SITE_SEAT_COLUMNS,
    seat_forced_bets,
    site_deal,
    site_level,
    site_seats,
)
from pokerdb.storage.deal_texts import source_parts
from pokerdb.storage.packed_actions import packed
from pokerdb.storage.packed_counts import packed_flags
from pokerdb.storage.row_writes import Row
from pokerdb.storage.schema import TRACKER_COUNTS
from pokerdb.storage.schema.seat_bits import packed_seat

DEAL_COLUMNS: Final = ("id", "dataset_id", "line_no", "winner", "board", "source",
                       "source_key", "variant", "hand_number", "event", "venue",
                       "table_name", "date", "time", "time_zone", "currency", "allin_board",
                       "level", "min_bet", "small_bet", "big_bet", "bring_in", "ante_trimming",
                       "result_known",
                       *SITE_DEAL_COLUMNS, "stakes", "big_blind")
CARD_COLUMNS: Final = ("deal_id", "player", "cards")
# The columns of seats written (the others are generated from `packed`: schema.seat_bits).
SEAT_COLUMNS: Final = ("deal_id", "player", "name", "starting_stack", "put_in", "net",
                       "winnings", "finishing_stack", "allin_stake", "allin_pot", "ante", "blind",
                       "seat_number", *SITE_SEAT_COLUMNS[1:], "postflop_aggressive",
                       "postflop_calls", "allin", "packed")
ACTION_COLUMNS: Final = ("deal_id", "actions")
assert (*COUNT_NAMES, "won_at_showdown", "allin") == TRACKER_COUNTS  # _seat_counts' order
_AGGRESSIVE: Final = TRACKER_COUNTS.index("postflop_aggressive")  # then calls and folds


class HandRows(NamedTuple):
    """A batch's rows of each table, their columns as DEAL_COLUMNS, CARD_COLUMNS, ... name."""

    deals: list[Row]
    cards: list[Row]
    seats: list[Row]
    actions: list[Row]


def hand_rows(batch: HandBatch, dataset_id: int, numbers: Sequence[int]) -> HandRows:
    """The rows of the batch's hands, the deal ids `numbers` in order."""
    rows = HandRows([], [], [], [])
    for deal_id, hand, settlement in zip(numbers, batch.hands, batch.settlements, strict=True):
        replayed = hand.replayed
        phh_hand = replayed.hand
        details = phh_hand.details
        all_in = replayed.all_in
        money = _money(phh_hand)
        # NULL where the game has no board (stud: but for a community card)
        board = replayed.variant.board_cards > 0 or bool(replayed.board)
        stakes, big_blind = stakes_of(phh_hand)
        rows.deals.append((
            deal_id, dataset_id, hand.position,
            None if settlement.unknown else settlement.winner,
            replayed.board if board else None,
            *source_parts(phh_hand.source), phh_hand.variant, details.hand, details.event,
            details.venue, details.table, None if hand.date is None else hand.date.isoformat(),
            None if details.time is None else details.time.isoformat(), details.time_zone,
            _money_label(phh_hand), None if all_in is None or not board else all_in.board,
            str(details.level) if details.level is not None else site_level(phh_hand),
            *money([phh_hand.min_bet, phh_hand.small_bet, phh_hand.big_bet,
                    phh_hand.bring_in]), phh_hand.ante_trimming_status,
            not settlement.unknown,
            *site_deal(phh_hand, settlement, money), stakes, money([big_blind])[0]))
        count = phh_hand.player_count
        # A row for each seat whose cards are known (revision 0030: the others have none, and
        # the hands view lists them from seats). One a seat, by index (see _seat_counts).
        hole_cards = replayed.hole_cards
        rows.cards.extend([(deal_id, seat + 1, hole_cards[seat]) for seat in range(count)
                           if hole_cards[seat] is not None])
        rows.seats.extend(_seat_rows(deal_id, replayed, settlement, money))
        if phh_hand.actions:
            rows.actions.append((deal_id, packed(phh_hand.actions, replayed.actors)))
    return rows


def _money_label(hand: PhhHand) -> str:
    """deals.currency: the hand's money (rules.money.money_of)."""
    details = hand.details
    return money_of(details.currency, details.currency_symbol,
                    tournament=hand.site is not None and hand.site.tournament is not None)


Money = Callable[[Sequence[int | None]], Sequence[int | None]]


def _seat_rows(deal_id: int, replayed: Replayed, settlement: Settlement,
               money: Money) -> Iterator[Row]:
    """The seats of one hand: name, amounts (exact, in the hand's unit), the stakes and pots
    of an all-in before the river, and what a tracker counts, packed with the position and
    showed (_seat_counts)."""
    hand = replayed.hand
    count = hand.player_count
    nothing = (None,) * count
    stake: Sequence[int | None] = nothing
    pot: Sequence[int | None] = nothing
    if replayed.all_in is not None:
        contesting = set(replayed.all_in.seats)
        stake = [paid if seat in contesting else None
                 for seat, paid in enumerate(replayed.all_in.put_in, start=1)]
        pot = [sum(each.amount for each in replayed.all_in.pots if seat in each.seats)
               if seat in contesting else None for seat in range(1, count + 1)]
    antes, blinds = seat_forced_bets(hand)
    site = site_seats(hand, settlement, money)
    return zip(
        repeat(deal_id, count), range(1, count + 1), hand.players or nothing,
        money(hand.starting_stacks), money(replayed.put_in),
        _nets(settlement, money), money(hand.winnings or nothing),
        money(hand.finishing_stacks or nothing), money(stake), money(pot),
        money(antes), money(blinds), hand.details.seats or nothing,
        *site[1:], *_seat_counts(replayed, settlement, site[0]), strict=True)


def _seat_counts(replayed: Replayed, settlement: Settlement,
                 positions: Sequence[object]) -> tuple[list[int], ...]:
    """What a tracker counts of each seat of one hand, column by column: the postflop bets and
    calls, whether it was all in before the river, and seats.packed (schema.seat_bits): the
    seat's position (the site's, `positions`, seats.position, where it names one; else by PHH's
    order of the seats, seats.tracker_position), the flags (seats.flags), whether it showed and
    folded after the flop."""
    hand = replayed.hand
    count = hand.player_count
    in_all_in: Sequence[int] = () if replayed.all_in is None else replayed.all_in.seats
    counts = tracker_counts(count, hand.actions, replayed.actors, posted_blinds(hand))
    won = settlement.won
    showed = settlement.showed
    names = position_names(count)
    columns: tuple[list[int], ...] = ([], [], [], [])
    aggressive, calls, allins, packed = columns
    # by index, one of each a seat: compiled, zip(..., strict=True) is a Python object
    for index in range(count):
        stats = counts[index]
        allin = int(index + 1 in in_all_in)
        seat = (*stats.counts(), int(bool(stats.went_to_showdown) and won[index] > 0), allin)
        by_site = positions[index] is not None
        assert not by_site or positions[index] == names[index], "a site's position is PHH's"
        aggressive.append(seat[_AGGRESSIVE])
        calls.append(seat[_AGGRESSIVE + 1])
        allins.append(allin)
        packed.append(packed_seat(names[index], by_site, packed_flags(seat), showed[index],
                                  seat[_AGGRESSIVE + 2]))
    return columns


def _nets(settlement: Settlement, money: Money) -> Sequence[int | None]:
    """Each seat's net as stored: NULL where the hand does not tell it (Settlement.unknown)."""
    nets = money(settlement.net)
    if not settlement.unknown:
        return nets
    unknown = settlement.unknown
    return [None if seat + 1 in unknown else nets[seat] for seat in range(len(nets))]


def _money(hand: PhhHand) -> Money:
    """Amounts in the hand's units as stored: whole ten-thousandths (rules.money)."""
    factor = 10 ** (AMOUNT_PLACES - hand.exponent)
    if factor == 1:
        return _as_stored

    def scaled(units: Sequence[int | None]) -> list[int | None]:
        return [None if value is None else value * factor for value in units]

    return scaled


def _as_stored(units: Sequence[int | None]) -> Sequence[int | None]:
    """Units of a ten-thousandth: the stored counts themselves."""
    return units
