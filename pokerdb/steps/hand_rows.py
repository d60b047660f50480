"""The rows of a settled `HandBatch` (pokerdb.rules.hand_batches) for deals, hand_cards, seats
(with each seat's tracker counts) and hand_actions, hand by hand (`hand_rows`), for
steps.hand_histories to stage.

Compiled with mypyc in the wheel (hatch_build.py): laying the rows out is a loop over every
seat and action of the batch, on the import's worker processes. It has no class of its own, so
that what crosses processes (steps.hand_histories.StagedHands, a dataclass that a compiled
module could not unpickle) stays pure Python.
"""

from collections.abc import Sequence
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
    site_extras,
    site_level,
    site_seats,
    stored,
)
from pokerdb.storage.deal_texts import source_parts
from pokerdb.storage.packed_actions import packed
from pokerdb.storage.packed_counts import packed_flags
from pokerdb.storage.row_writes import Row
from pokerdb.storage.schema import TRACKER_COUNTS
from pokerdb.storage.schema.deal_clock import CLOCK, DAY, stored_clock, stored_day
from pokerdb.storage.schema.deal_extras import deal_extras
from pokerdb.storage.schema.deal_min_bet import MIN_BET_DELTA, min_bet_delta
from pokerdb.storage.schema.held_values import EXTRAS
from pokerdb.storage.schema.seat_bits import packed_seat
from pokerdb.storage.schema.seat_extras import seat_extras

# The columns of deals written (the others are generated from `day` and `clock`,
# schema.deal_clock, from `extras`, schema.deal_extras, from `site_values`,
# schema.site_values, and `min_bet` from `min_bet_delta`, schema.deal_min_bet).
DEAL_COLUMNS: Final = ("id", "dataset_id", "line_no", "winner", "board", "source",
                       "source_key", "variant", "hand_number", "venue", "table_name", DAY,
                       CLOCK, "currency", MIN_BET_DELTA, "ante_trimming",
                       "result_known",
                       *SITE_DEAL_COLUMNS, "stakes", "big_blind", EXTRAS)
CARD_COLUMNS: Final = ("deal_id", "player", "cards")
# The columns of seats written (the others are generated from `packed`, schema.seat_bits, and
# from `extras`, schema.seat_extras).
SEAT_COLUMNS: Final = ("deal_id", "player", "name", "starting_stack", "put_in", "net",
                       "winnings", "finishing_stack", "ante", "blind", "seat_number",
                       *SITE_SEAT_COLUMNS, "allin", "packed", EXTRAS)
ACTION_COLUMNS: Final = ("deal_id", "actions")
assert (*COUNT_NAMES, "won_at_showdown", "allin") == TRACKER_COUNTS  # _seat_rows' order


class HandRows(NamedTuple):
    """A batch's rows of each table, their columns as DEAL_COLUMNS, CARD_COLUMNS, ... name."""

    deals: list[Row]
    cards: list[Row]
    seats: list[Row]
    actions: list[Row]


def hand_rows(batch: HandBatch, dataset_id: int, numbers: Sequence[int]) -> HandRows:
    """The rows of the batch's hands, the deal ids `numbers` in order: hands whose counts
    seats.packed holds (steps.count_limits rejects the others as their batch is read; here
    such a hand would raise packed_seat's CountTooLargeError)."""
    rows = HandRows([], [], [], [])
    for deal_id, hand, settlement in zip(numbers, batch.hands, batch.settlements, strict=True):
        replayed = hand.replayed
        phh_hand = replayed.hand
        details = phh_hand.details
        all_in = replayed.all_in
        factor = _factor(phh_hand)
        # NULL where the game has no board (stud: but for a community card)
        board = replayed.variant.board_cards > 0 or bool(replayed.board)
        stakes, big_blind = stakes_of(phh_hand)
        stored_big_blind = stored(big_blind, factor)
        tournament, buy_in, second_board, third_board = site_extras(phh_hand)
        rows.deals.append((
            deal_id, dataset_id, hand.position,
            None if settlement.unknown else settlement.winner,
            replayed.board if board else None,
            *source_parts(phh_hand.source), phh_hand.variant, details.hand,
            details.venue, details.table, stored_day(hand.date), stored_clock(details.time),
            _money_label(phh_hand),
            min_bet_delta(stored(phh_hand.min_bet, factor), stored_big_blind),
            phh_hand.ante_trimming_status, not settlement.unknown,
            *site_deal(phh_hand, settlement, factor), stakes, stored_big_blind,
            deal_extras(
                None if all_in is None or not board else all_in.board,
                stored(phh_hand.small_bet, factor), stored(phh_hand.big_bet, factor),
                str(details.level) if details.level is not None else site_level(phh_hand),
                tournament, buy_in, second_board, third_board, details.event,
                stored(phh_hand.bring_in, factor))))
        count = phh_hand.player_count
        # A row for each seat whose cards are known (revision 0030: the others have none, and
        # the hands view lists them from seats). One a seat, by index (see _seat_rows).
        hole_cards = replayed.hole_cards
        rows.cards.extend([(deal_id, seat + 1, hole_cards[seat]) for seat in range(count)
                           if hole_cards[seat] is not None])
        _seat_rows(rows.seats, deal_id, replayed, settlement, factor)
        if phh_hand.actions:
            rows.actions.append((deal_id, packed(phh_hand.actions, replayed.actors)))
    return rows


def _money_label(hand: PhhHand) -> str:
    """deals.currency: the hand's money (rules.money.money_of)."""
    details = hand.details
    return money_of(details.currency, details.currency_symbol,
                    tournament=hand.site is not None and hand.site.tournament is not None)


def _seat_rows(seats: list[Row], deal_id: int, replayed: Replayed, settlement: Settlement,
               factor: int) -> None:
    """The rows of one hand's seats added to `seats`, each as SEAT_COLUMNS orders it: name,
    amounts (exact, as `stored`), the stakes and pots of an all-in before the river, and what
    a tracker counts, packed with the position and showed (schema.seat_bits): the seat's
    position (the site's, `positions`, seats.position, where it names one; else by PHH's order
    of the seats, seats.tracker_position), the flags (seats.flags), whether it showed and
    folded after the flop, its bets and raises and calls there; and its rare amounts as one
    value (schema.seat_extras)."""
    hand = replayed.hand
    count = hand.player_count
    nothing = (None,) * count
    names: Sequence[str | None] = hand.players or nothing
    winnings: Sequence[int | None] = hand.winnings or nothing
    finishing: Sequence[int | None] = hand.finishing_stacks or nothing
    seat_numbers: Sequence[int | None] = hand.details.seats or nothing
    stakes, pots = _all_in_shares(replayed, nothing)
    antes, blinds = seat_forced_bets(hand)
    positions, collected, raked, cashed_out = site_seats(hand, settlement)
    stacks, put_in = hand.starting_stacks, replayed.put_in
    nets, unknown = settlement.net, settlement.unknown
    in_all_in: Sequence[int] = () if replayed.all_in is None else replayed.all_in.seats
    counts = tracker_counts(count, replayed.moves, replayed.actors, posted_blinds(hand))
    won = settlement.won
    showed = settlement.showed
    names_of = position_names(count)
    # by index, one of each a seat: compiled, zip(..., strict=True) is a Python object
    for index in range(count):
        seat = index + 1
        stats = counts[index]
        allin = int(seat in in_all_in)
        counted = (*stats.counts(), int(bool(stats.went_to_showdown) and won[index] > 0), allin)
        by_site = positions[index] is not None
        assert not by_site or positions[index] == names_of[index], "a site's position is PHH's"
        seat_collected = stored(collected[index], factor)
        seats.append((
            deal_id, seat, names[index], stored(stacks[index], factor), put_in[index] * factor,
            None if seat in unknown else nets[index] * factor, stored(winnings[index], factor),
            stored(finishing[index], factor), stored(antes[index], factor),
            stored(blinds[index], factor), seat_numbers[index], seat_collected,
            stored(raked[index], factor), allin,
            packed_seat(names_of[index], by_site, packed_flags(counted), showed[index],
                        stats.postflop_folds, stats.postflop_aggressive, stats.postflop_calls),
            seat_extras(stored(stakes[index], factor), stored(pots[index], factor),
                        stored(cashed_out[index], factor), seat_collected)))


def _all_in_shares(replayed: Replayed, nothing: tuple[None, ...]
                   ) -> tuple[Sequence[int | None], Sequence[int | None]]:
    """Per seat, in the hand's units, what a seat contesting an all-in before the river had
    put in, and the pots it contests (`nothing` without such an all-in)."""
    all_in = replayed.all_in
    if all_in is None:
        return nothing, nothing
    contesting = set(all_in.seats)
    stakes = [paid if seat in contesting else None
              for seat, paid in enumerate(all_in.put_in, start=1)]
    pots: list[int | None] = []
    for seat in range(1, len(nothing) + 1):
        pots.append(sum([each.amount for each in all_in.pots if seat in each.seats])
                    if seat in contesting else None)
    return stakes, pots


def _factor(hand: PhhHand) -> int:
    """The stored units in one of the hand's: whole ten-thousandths (rules.money)."""
    factor: int = 10 ** (AMOUNT_PLACES - hand.exponent)
    return factor
