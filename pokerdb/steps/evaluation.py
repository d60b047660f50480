"""The evaluate step: the strength of every hand without one (hand_values, where category and
k1..k5 follow from it), the descriptions of strengths not yet described, each deal's winner,
and the wins counted per dataset (win_counts).

Works in windows of deals, one transaction each, so an interrupted run resumes where it stopped
and a finished run has nothing left to do. Every write is an append except the winners and
their counts. `import --evaluate` stores the same for the deals it adds, in its own transaction
(new_deals, then store), with each deal's winner in its row from the start.
"""

import time
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from itertools import groupby
from typing import Any, TypeVar

import numpy as np
import numpy.typing as npt
from sqlalchemy import Connection, Engine, Row, and_, exists, func, select, text

from pokerdb.errors import PokerdbError, quoted
from pokerdb.formats.input import DealBatch
from pokerdb.formats.pe54 import parse_pe54_line
from pokerdb.rules.cards import HAND_WIDTH, normalise_card
from pokerdb.rules.evaluator import (
    KEY_SLOTS,
    best_five,
    best_strengths,
    card_codes,
    strengths_of_joined_texts,
)
from pokerdb.rules.games import FIVE_CARD, HOLDEM, PLAYER_BITS
from pokerdb.rules.hand_names import describe_strength
from pokerdb.storage import bulk
from pokerdb.storage.engines import reading
from pokerdb.storage.reading import engine_reader
from pokerdb.storage.schema import deals, hand_cards, hand_descriptions, hand_values
from pokerdb.storage.win_counts import all_deals_decided

IntArray = TypeVar("IntArray", npt.NDArray[np.int32], npt.NDArray[np.int64],
                    npt.NDArray[np.uint64])
CodeArray = npt.NDArray[np.uint8]
WINDOW_DEALS = 100_000  # at most 2 ** bulk.OFFSET_BITS
FIRST_WINDOW_DEALS = 10_000
BOARD_WIDTH = 3 * HOLDEM.board_cards - 1  # of a complete board's text


# A hand not evaluated yet: no hand_values row. Deals are imported and evaluated whole, so a
# deal's hands are all evaluated or none.
UNEVALUATED = ~exists().where(and_(hand_values.c.deal_id == hand_cards.c.deal_id,
                                   hand_values.c.player == hand_cards.c.player))


@dataclass(frozen=True)
class EvaluateResult:
    hands: int
    deals: int
    seconds: float


def pending_hands(engine: Engine) -> int:
    # Every hand_values row has its hand_cards row, so counting beats an anti-join.
    with reading(engine) as connection:
        cards = connection.scalar(select(func.count()).select_from(hand_cards)) or 0
        values = connection.scalar(select(func.count()).select_from(hand_values)) or 0
    return cards - values


def evaluate_pending(engine: Engine,
                     progress: Callable[[int], None] | None = None) -> EvaluateResult:
    """Evaluate every pending hand, a window of deals per transaction. A second thread reads
    and evaluates the next window while this one stores the last: the database works outside
    Python's lock, so the two overlap."""
    started = time.perf_counter()
    with engine_reader(engine) as fetch:
        if all_deals_decided(fetch):  # else finding the first pending deal takes a scan
            return EvaluateResult(0, 0, time.perf_counter() - started)
    hand_total = deal_total = 0
    described: set[int] = set()  # strengths known to have a description stored
    with ThreadPoolExecutor(max_workers=1) as reader, bulk.without_cycle_collection():
        # A small first window gets the storing started sooner.
        upcoming = reader.submit(_read_next_window, engine, 0, FIRST_WINDOW_DEALS)
        while (window := upcoming.result()) is not None:
            upcoming = reader.submit(_read_next_window, engine, window.last, WINDOW_DEALS)
            with engine.begin() as connection:
                # Storing must not race an import adding deals to the window, or another
                # evaluate; one that stored part of it since it was read means reading again.
                bulk.lock_for_bulk_write(connection)
                if _changed(connection, window):
                    window = _read_window(connection, window.first, window.last)
                store(connection, window, described)
            hand_total += window.hands
            deal_total += window.deals
            if progress is not None:
                progress(window.hands)
    return EvaluateResult(hand_total, deal_total, time.perf_counter() - started)


@dataclass(frozen=True)
class Window:
    """The pending hands of deals first..last, evaluated and staged for storing."""

    first: int
    last: int
    hands: int
    deals: int
    strengths: set[int]  # the distinct ones
    values: bulk.StagedValues  # deal_id, player, strength and best of each hand
    # deal_id, winner of each deal of two or more hands; None when the winners go in with the
    # deals (import --evaluate, see new_deals)
    winners: bulk.StagedWinners | None
    win_counts: list[dict[str, int]]  # dataset_id, winner, deals: this window's wins


def _read_next_window(engine: Engine, after: int, size: int) -> Window | None:
    """The window of the first pending deal after `after`, or None when none is left."""
    with reading(engine) as connection:
        # Usually the deal right after: looked for among the next `size` first (over all the
        # deals after, PostgreSQL's planner chose an anti-join over every hand value: 0.12 s).
        first = None
        for deals_after in (hand_cards.c.deal_id.between(after + 1, after + size),
                            hand_cards.c.deal_id > after):
            first = connection.scalar(select(hand_cards.c.deal_id).where(UNEVALUATED, deals_after)
                                      .order_by(hand_cards.c.deal_id).limit(1))
            if first is not None:
                break
        else:
            return None
        # Ahead of the lock, every hand of the window is read, evaluated or not: storing finds
        # out if any was, and reads again. Deals imported after this read are left to the
        # next window, not skipped.
        return _read_window(connection, first, first + size - 1, ahead=True)


def _read_window(connection: Connection, first: int, last: int, ahead: bool = False) -> Window:
    """The pending hands of deals first..last. `ahead` reads all their hands instead (the
    check for evaluated ones would cost a sixth of the read) and ends the window at its last
    deal read."""
    # Hands of unknown cards (recorded hands') were evaluated as they were imported.
    in_window = and_(hand_cards.c.deal_id.between(first, last), hand_cards.c.cards.is_not(None))
    board_ids, boards = _boards(connection, first, last)
    # Hands of one width are read as one string; a window with boards may hold hands of both
    # games (five-card hands, and Hold'em hole cards followed by their board, columns 2-6).
    # A hand whose cards are not known (NULL: a hand history's) reads as blanks.
    cards = (hand_cards.c.cards if not len(board_ids) else
             func.substr(func.coalesce(hand_cards.c.cards, "") + " " * HAND_WIDTH, 1,
                         HAND_WIDTH))
    keys, texts = bulk.fetch_keyed_text(
        connection,
        select(hand_cards.c.deal_id.op("*")(1 << PLAYER_BITS) + hand_cards.c.player, cards)
        .where(in_window if ahead else and_(in_window, UNEVALUATED))
        .order_by(hand_cards.c.deal_id, hand_cards.c.player))
    order = _key_order(keys)
    keys = keys[order]
    deal_ids, players = keys >> PLAYER_BITS, keys & ((1 << PLAYER_BITS) - 1)
    if ahead and len(keys):
        last = int(deal_ids[-1])
    if not len(board_ids):
        _check_five_card_hands(connection, first, last, keys, texts, order)
        strength = strengths_of_joined_texts(texts)[order]
        best = np.zeros_like(strength)
    else:
        text = np.frombuffer(texts.encode("ascii"), dtype=np.uint8).reshape(-1, HAND_WIDTH)
        hands = card_codes(text)[order]
        has_board = np.isin(deal_ids, board_ids)
        board_of_hand = boards[np.searchsorted(board_ids, deal_ids).clip(0, len(board_ids) - 1)]
        board_of_hand[~has_board] = 0
        _check_hands(connection, first, last, deal_ids, text[order], hands, has_board,
                     board_of_hand)
        complete = board_of_hand.all(axis=1)
        codes = np.zeros((len(keys), HOLDEM.cards_per_hand), dtype=np.uint8)
        codes[:, :KEY_SLOTS] = hands
        codes[complete, HOLDEM.hole_cards:] = board_of_hand[complete]
        strength, best = _evaluated(codes)
    winner_deals, winners = deal_winners(deal_ids, players, strength)
    dialect = connection.dialect.name
    return _window(dialect, first, last, deal_ids, players, strength, best,
                   bulk.stage_winners(first, last, winner_deals, winners),
                   _win_counts(_dataset_ids(connection, first, last, winner_deals), winners))


def _boards(connection: Connection, first: int, last: int) -> tuple[npt.NDArray[np.int64],
                                                                     CodeArray]:
    """The ids of the deals first..last of a game with a board, and their boards' card codes
    (0 for a card not dealt: a board short of the river decides nothing)."""
    ids, boards = bulk.fetch_keyed_text(
        connection, select(deals.c.id, func.substr(deals.c.board + " " * BOARD_WIDTH, 1,
                                                   BOARD_WIDTH))
        .where(deals.c.id.between(first, last), deals.c.board.is_not(None))
        .order_by(deals.c.id))
    order = _key_order(ids)
    codes = card_codes(np.frombuffer(boards.encode("ascii"), dtype=np.uint8)
                       .reshape(-1, BOARD_WIDTH))
    return ids[order], codes[order]


def _evaluated(codes: CodeArray) -> tuple[npt.NDArray[np.int32], npt.NDArray[np.int32]]:
    """Each row's strength (0: fewer than five cards, no showdown) and where its best five are
    among its columns (evaluator.best_five; 0 without a showdown)."""
    strength = best_strengths(codes)
    return strength, best_five(codes, strength).astype(np.int32)


# hand_cards may have been edited by hand into nonsense: a hand that is not cards in normal
# form, or a deal holding a card twice. Its strength would be nonsense too, or, one hand of the
# wrong width, shift every hand after it; evaluate refuses it and names the deal. Checked in a
# few vectorised steps.

def _check_five_card_hands(connection: Connection, first: int, last: int,
                           keys: npt.NDArray[np.int64], texts: str,
                           order: npt.NDArray[np.int64] | slice) -> None:
    """Hands of five-card deals (keys in order, texts as read)."""
    count = len(keys)
    valid = len(texts) == count * HAND_WIDTH and texts.isascii()
    if valid and count:
        text = np.frombuffer(texts.encode("ascii"), dtype=np.uint8).reshape(count, HAND_WIDTH)
        codes = card_codes(text)[order]
        valid = bool(codes.all() and (text[:, 2::3] == ord(" ")).all()) and _distinct(
            keys >> PLAYER_BITS, codes)
    if not valid:
        raise _nonsense(connection, first, last)


def _check_hands(connection: Connection, first: int, last: int, deal_ids: npt.NDArray[np.int64],
                 text: CodeArray, hands: CodeArray, has_board: npt.NDArray[np.bool_],
                 boards: CodeArray) -> None:
    """Hands of a window with boards, as read padded to HAND_WIDTH (`text`) and decoded
    (`hands`), in key order: five cards in a five-card deal; in a deal with a board, the
    player's hole cards, or none (not known)."""
    held = np.count_nonzero(hands, axis=1)
    pairs = text[:, [3 * card + byte for card in range(KEY_SLOTS) for byte in (0, 1)]]
    blank = (pairs.reshape(len(text), KEY_SLOTS, 2) == ord(" ")).all(axis=2)
    valid = bool(
        ((hands != 0) | blank).all() and (text[:, 2::3] == ord(" ")).all()
        and (np.diff((hands != 0).astype(np.int8), axis=1) <= 0).all()  # cards come first
        and (held == np.where(has_board, np.where(held, HOLDEM.hole_cards, 0),
                              FIVE_CARD.hole_cards)).all()
        and _distinct(deal_ids, np.concatenate([hands, boards], axis=1), boards))
    if not valid:
        raise _nonsense(connection, first, last)


def _distinct(deal_ids: npt.NDArray[np.int64], codes: CodeArray,
              shared: CodeArray | None = None) -> bool:
    """Whether no deal holds a card twice, given each hand's card codes (0: none) in deal
    order, and `shared` cards that each hand of a deal repeats (its board), counted once."""
    # One bit per card: a hand's bits add up to their union only if no card repeats, and so
    # do a deal's hands.
    bits = np.where(codes != 0, np.left_shift(np.uint64(1), codes.astype(np.uint64)),
                    np.uint64(0))
    masks = np.bitwise_or.reduce(bits, axis=1)
    if not (masks == bits.sum(axis=1)).all():
        return False
    starts = np.flatnonzero(np.r_[True, deal_ids[1:] != deal_ids[:-1]])
    if shared is not None:  # each hand but a deal's first counts its board again: take it off
        board_bits = np.where(shared != 0, np.left_shift(np.uint64(1), shared.astype(np.uint64)),
                              np.uint64(0)).sum(axis=1)
        masks = masks - board_bits
        masks[starts] += board_bits[starts]
    return bool((np.bitwise_or.reduceat(masks, starts) == np.add.reduceat(masks, starts)).all())


def _nonsense(connection: Connection, first: int, last: int) -> PokerdbError:
    """The first deal between first and last whose hands are not a deal, named."""
    rows = connection.execute(
        select(hand_cards.c.deal_id, hand_cards.c.player, hand_cards.c.cards, deals.c.board)
        .join(deals, deals.c.id == hand_cards.c.deal_id)
        .where(hand_cards.c.deal_id.between(first, last))
        .order_by(hand_cards.c.deal_id, hand_cards.c.player)).all()
    for deal_id, hands in groupby(rows, key=lambda row: row.deal_id):
        stored = list(hands)
        board = stored[0].board
        why = (_not_a_five_card_deal(stored) if board is None
               else _not_a_deal_with_board(board, stored))
        if why is not None:
            return _refused(deal_id, why)
    return PokerdbError(f"deals {first}-{last}: hand_cards changed while being read; "
                        f"run evaluate again")


def _not_a_five_card_deal(stored: Sequence[Row[Any, Any, Any, Any]]) -> str | None:
    """Why these hand_cards rows of a five-card deal are not a deal, or None."""
    for _, player, hand, _ in stored:
        parsed = parse_pe54_line(hand)
        if isinstance(parsed, str) or len(parsed) != 1 or parsed[0] != hand:
            why = parsed if isinstance(parsed, str) else "not five cards in normal form"
            return f"player {player}'s cards {quoted(hand)}: {why}"
    parsed = parse_pe54_line(" ".join(hand for _, _, hand, _ in stored))
    return parsed if isinstance(parsed, str) else None


def _not_a_deal_with_board(board: str, stored: Sequence[Row[Any, Any, Any, Any]]) -> str | None:
    """Why these hand_cards rows of a deal with this board are not a deal, or None; a hand not
    known (NULL) holds no card."""
    seen = set(board.split())
    for _, player, hand, _ in stored:
        cards = [normalise_card(token) for token in (hand or "").split()]
        if hand is not None and (len(cards) != HOLDEM.hole_cards
                                 or " ".join(map(str, cards)) != hand):
            return (f"player {player}'s cards {quoted(hand)}: not {HOLDEM.hole_cards} cards "
                    f"in normal form")
        repeated = seen.intersection(map(str, cards))
        if repeated:
            return f"card '{min(repeated)}' appears twice in the deal"
        seen.update(map(str, cards))
    return None


def _refused(deal_id: int, why: str) -> PokerdbError:
    return PokerdbError(f"deal {deal_id} is not a deal ({why}): evaluate stopped there; fix "
                        f"its rows in hand_cards, or remove its dataset (pokerdb delete)")


NO_WINNER = -1  # a one-hand deal's, in NewDeals.winners


@dataclass(frozen=True)
class NewDeals:
    """Deals an import is adding, evaluated as they are read: nothing is read back."""

    values: Window  # to store, but for the winners
    winners: npt.NDArray[np.int64]  # each deal's, to insert with it; NO_WINNER for none


def new_deals(dialect: str, dataset_id: int, first_id: int, batch: DealBatch) -> NewDeals:
    """The batch's deals, of one dataset and numbered from first_id, evaluated."""
    stride = batch.game.hand_stride
    deal_ids, players = bulk.hand_keys(batch, first_id)
    if not batch.game.board_cards:
        strength = strengths_of_joined_texts(" ".join(batch.texts), " ")
        best = np.zeros_like(strength)
    else:
        hands = card_codes(np.frombuffer((" ".join(batch.texts) + " ").encode("ascii"),
                                         dtype=np.uint8).reshape(-1, stride))
        joined = "".join(batch.boards)
        if len(joined) != BOARD_WIDTH * len(batch.boards):  # some board short of the river
            joined = "".join(board.ljust(BOARD_WIDTH) for board in batch.boards)
        boards = card_codes(np.frombuffer(joined.encode("ascii"), dtype=np.uint8)
                            .reshape(-1, BOARD_WIDTH))
        # A board short of the river decides nothing: its deal's hands are the hole cards alone.
        boards[~boards.all(axis=1)] = 0
        strength, best = _evaluated(np.concatenate([hands, boards[deal_ids - first_id]], axis=1))
    winner_deals, winners = deal_winners(deal_ids, players, strength)
    each_winner = np.full(len(batch), NO_WINNER, dtype=np.int64)
    each_winner[winner_deals - first_id] = winners
    window = _window(dialect, first_id, first_id + len(batch) - 1, deal_ids, players,
                     strength, best, None,
                     _win_counts(np.full_like(winner_deals, dataset_id), winners))
    return NewDeals(window, each_winner)


def settled_deals(dialect: str, dataset_id: int, first_id: int, deal_ids: npt.NDArray[np.int64],
                  players: npt.NDArray[np.int64], strength: npt.NDArray[np.int32],
                  best: npt.NDArray[np.int32], winners: npt.NDArray[np.int64]) -> Window:
    """The hand values of deals an import decided itself (recorded hands, settled pot by pot:
    the winner is the main pot's), staged like new_deals' for `store`. Hands sorted by deal
    and player, with no strength (0) where a hand has no showdown value; one winner per deal,
    the winners going in with the deals."""
    return _window(dialect, first_id, first_id + len(winners) - 1, deal_ids, players, strength,
                   best, None, _win_counts(np.full_like(winners, dataset_id), winners))


def _window(dialect: str, first: int, last: int, deal_ids: npt.NDArray[np.int64],
            players: npt.NDArray[np.int64], strength: npt.NDArray[np.int32],
            best: npt.NDArray[np.int32], winners: bulk.StagedWinners | None,
            win_counts: list[dict[str, int]]) -> Window:
    """The window of deals first..last whose hands, sorted by deal and player, have these
    strengths (0: none) and best fives, staged for storing."""
    return Window(
        first, last,
        hands=len(deal_ids),
        deals=int(np.count_nonzero(np.diff(deal_ids))) + 1 if len(deal_ids) else 0,
        strengths=set(np.unique(strength[strength > 0]).tolist()),
        values=bulk.stage_values(dialect, first, deal_ids, players, strength, best),
        winners=winners, win_counts=win_counts)


def _dataset_ids(connection: Connection, first: int, last: int,
                 deal_ids: npt.NDArray[np.int64]) -> npt.NDArray[np.int64]:
    """The dataset of each of these deals, all of them between first and last."""
    if not len(deal_ids):
        return deal_ids
    ids, dataset_ids = _in_key_order(*bulk.fetch_int_columns(
        connection, select(deals.c.id, deals.c.dataset_id)
        .where(deals.c.id.between(first, last)).order_by(deals.c.id)))
    return dataset_ids[np.searchsorted(ids, deal_ids)]


def _win_counts(datasets: npt.NDArray[np.int64],
                winners: npt.NDArray[np.int64]) -> list[dict[str, int]]:
    """Wins counted by dataset and winner, to add to win_counts."""
    pairs, counts = np.unique(datasets << PLAYER_BITS | winners, return_counts=True)
    return [{"dataset_id": pair >> PLAYER_BITS, "winner": pair & ((1 << PLAYER_BITS) - 1),
             "deals": count} for pair, count in zip(pairs.tolist(), counts.tolist(), strict=True)]


def _in_key_order(keys: npt.NDArray[np.int64], values: IntArray
                  ) -> tuple[npt.NDArray[np.int64], IntArray]:
    """Keys and their values sorted by key (see _key_order)."""
    order = _key_order(keys)
    return keys[order], values[order]


def _key_order(keys: npt.NDArray[np.int64]) -> npt.NDArray[np.int64] | slice:
    """The order that sorts keys, as asked of SQL that promises no order inside an aggregate
    (SQLite keeps it; the check is cheap, and then the order is the identity)."""
    if not (np.diff(keys) < 0).any():
        return slice(None)
    return np.argsort(keys, kind="stable")


def _changed(connection: Connection, window: Window) -> bool:
    """Whether a window read ahead (all its hands) changed since: some of its hands were
    evaluated, or removed (pokerdb delete)."""
    evaluated, hands = connection.execute(select(
        exists().where(hand_values.c.deal_id.between(window.first, window.last)),
        select(func.count()).select_from(hand_cards)
        .where(hand_cards.c.deal_id.between(window.first, window.last)).scalar_subquery())).one()
    return bool(evaluated) or hands != window.hands


def store(connection: Connection, window: Window, described: set[int],
          spool: bulk.ValueSpool | None = None) -> None:
    """Store an evaluated window in the caller's transaction; `described` as in
    _describe_new_strengths. Its hand values go to `spool` when given, for the caller to
    store later in the transaction."""
    if not window.hands:
        return
    _describe_new_strengths(connection, window.strengths, described)
    if spool is not None:
        spool.add(window.values)
    else:
        bulk.insert_values(connection, window.values)
    if window.winners is not None:
        bulk.set_winners(connection, window.winners)
    if window.win_counts:
        connection.execute(text(
            "INSERT INTO win_counts (dataset_id, winner, deals) "
            "VALUES (:dataset_id, :winner, :deals) ON CONFLICT (dataset_id, winner) "
            "DO UPDATE SET deals = win_counts.deals + excluded.deals"), window.win_counts)


def _describe_new_strengths(connection: Connection, strengths: set[int],
                            described: set[int]) -> None:
    """Store the description of each strength not described yet. `described` is what this
    run knows to be stored; another evaluate may have stored more since, so the database has
    the last word on the candidates."""
    new = strengths - described
    if not new:
        return
    described |= set(connection.scalars(select(hand_descriptions.c.strength)
                                         .where(hand_descriptions.c.strength.in_(new))))
    bulk.insert_rows(connection, hand_descriptions, ("strength", "description"),
                     [(value, describe_strength(value)) for value in sorted(new - described)])
    described |= new


def deal_winners(deal_ids: npt.NDArray[np.int64], players: npt.NDArray[np.int64],
                 strength: npt.NDArray[np.int32]
                 ) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]:
    """(deal ids, winners) of the deals with two or more hands and a showdown (strength 0:
    none), given hands sorted by deal: the player with the single best strength, or 0 when the
    best is shared."""
    if not len(deal_ids):
        return deal_ids, deal_ids
    starts = np.flatnonzero(np.r_[True, deal_ids[1:] != deal_ids[:-1]])
    sizes = np.diff(np.r_[starts, len(deal_ids)])
    best = np.maximum.reduceat(strength, starts)
    is_best = strength == np.repeat(best, sizes)
    best_count = np.add.reduceat(is_best.astype(np.int32), starts)
    best_player = np.maximum.reduceat(np.where(is_best, players, 0), starts)
    winner = np.where(best_count == 1, best_player, 0)
    contested = (sizes > 1) & (best > 0)  # a one-player deal has no winner
    return deal_ids[starts][contested], winner[contested]
