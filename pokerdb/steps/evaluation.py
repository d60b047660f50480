"""The evaluate step: the strength of every hand without one (hand_values, where category and
k1..k5 follow from it), the descriptions of strengths not yet described, each deal's winner,
and the wins counted per dataset (win_counts).

Works in windows of deals, one transaction each, so an interrupted run resumes where it stopped
and a finished run has nothing left to do. Every write is an append except the winners and
their counts. This module finds and reads the windows; stored_hand_checks checks what it read,
evaluated_windows evaluates and stores it. `import --evaluate` stores the same for the deals
it adds, in its own transaction (evaluated_windows.new_deals, then store), with each deal's
winner in its row from the start.
"""

import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from contextlib import nullcontext
from typing import TypeVar

import numpy as np
import numpy.typing as npt
from sqlalchemy import (
    ColumnElement,
    Connection,
    Engine,
    and_,
    exists,
    func,
    or_,
    select,
    text,
)

from pokerdb.formats import InputFormat
from pokerdb.rules.cards import HAND_WIDTH
from pokerdb.rules.evaluators import KEY_SLOTS, card_codes, strengths_of_joined_texts
from pokerdb.rules.games import GAMES, HOLDEM, PLAYER_BITS
from pokerdb.steps.evaluate_database import EvaluateResult
from pokerdb.steps.evaluated_windows import (
    BOARD_WIDTH,
    CodeArray,
    Window,
    counted_wins,
    deal_winners,
    evaluated,
    staged_window,
    store,
)
from pokerdb.steps.stored_hand_checks import check_five_card_hands, check_hands
from pokerdb.storage.column_reads import fetch_int_columns, fetch_keyed_text
from pokerdb.storage.engines import reading
from pokerdb.storage.fast_load import checked_after_if_large, without_cycle_collection
from pokerdb.storage.partitions import is_partitioned, last_deal_of_dataset, values_partition
from pokerdb.storage.reading import engine_reader
from pokerdb.storage.schema import datasets, deals, hand_cards, hand_values
from pokerdb.storage.value_writes import stage_winners
from pokerdb.storage.win_counts import PENDING_DEAL, VALUED_DEAL, all_deals_decided
from pokerdb.storage.write_locks import lock_for_bulk_write

IntArray = TypeVar("IntArray", npt.NDArray[np.int32], npt.NDArray[np.int64],
                    npt.NDArray[np.uint64])
WINDOW_DEALS = 100_000  # at most 2 ** value_writes.OFFSET_BITS
FIRST_WINDOW_DEALS = 10_000


# A hand of a valued deal (win_counts.VALUED_DEAL) not evaluated yet: no hand_values row.
# Deals are imported and evaluated whole, so a deal's hands are all evaluated or none. Any
# other hand may lack a row evaluated (hand_values keeps only values: revision 0028), which
# is why the windows read the hands of valued deals alone (_in_window), and the pending deals
# are found by win_counts.PENDING_DEAL.
UNEVALUATED = ~exists().where(and_(hand_values.c.deal_id == hand_cards.c.deal_id,
                                   hand_values.c.player == hand_cards.c.player))
PENDING, UNVALUED = text(PENDING_DEAL), text(f"NOT ({VALUED_DEAL})")


def pending_hands(engine: Engine) -> int:
    """The hands of the deals evaluate has still to value."""
    with reading(engine) as connection:
        return connection.scalar(select(func.count()).select_from(hand_cards).where(
            hand_cards.c.deal_id.in_(select(deals.c.id).where(PENDING)))) or 0


def evaluate_pending(engine: Engine,
                     progress: Callable[[int], None] | None = None) -> EvaluateResult:
    """Evaluate every pending hand, a window of deals per transaction. A second thread reads
    and evaluates the next window while this one stores the last: the database works outside
    Python's lock, so the two overlap."""
    started = time.perf_counter()
    with engine_reader(engine) as fetch:
        if all_deals_decided(fetch):  # else finding the first pending deal takes a scan
            return EvaluateResult(0, 0, time.perf_counter() - started)
        held = int(fetch("SELECT coalesce(sum(deals), 0) FROM datasets", {})[0][0])
    hand_total = deal_total = 0
    described: set[int] = set()  # strengths known to have a description stored
    with ThreadPoolExecutor(max_workers=1) as reader, without_cycle_collection():
        # A small first window gets the storing started sooner.
        upcoming = reader.submit(_read_next_window, engine, 0, FIRST_WINDOW_DEALS)
        while (window := upcoming.result()) is not None:
            upcoming = reader.submit(_read_next_window, engine, window.last, WINDOW_DEALS)
            with engine.begin() as connection:
                # Storing must not race an import adding deals to the window, or another
                # evaluate; one that stored part of it since it was read means reading again.
                lock_for_bulk_write(connection)
                if _changed(connection, window):
                    window = _read_window(connection, window.first, window.last)
                # On PostgreSQL the window's values are a partition of their own, checked
                # once as it is attached; else, a window large beside the database has its
                # values' keys checked once, after.
                with (values_partition(connection, window.first, window.last) if window.hands
                      else nullcontext()) as table:
                    if table is not None:
                        store(connection, window, described, table)
                    else:
                        with checked_after_if_large(connection, (hand_values,), window.deals,
                                                    held):
                            store(connection, window, described)
            hand_total += window.hands
            deal_total += window.deals
            if progress is not None:
                progress(window.hands)
    return EvaluateResult(hand_total, deal_total, time.perf_counter() - started)




def _read_next_window(engine: Engine, after: int, size: int) -> Window | None:
    """The window of the first pending deal after `after`, or None when none is left."""
    with reading(engine) as connection:
        # Usually the deal right after: looked for among the next `size` first (over all the
        # deals after, PostgreSQL's planner chose an anti-join over every hand value: 0.12 s).
        first = None
        for deals_after in (deals.c.id.between(after + 1, after + size), deals.c.id > after):
            first = connection.scalar(select(deals.c.id).where(PENDING, deals_after)
                                      .order_by(deals.c.id).limit(1))
            if first is not None:
                break
        else:
            return None
        # On PostgreSQL a window holds deals of one dataset: its values are one partition.
        last = first + size - 1
        if is_partitioned(connection):
            last = min(last, last_deal_of_dataset(connection, first) or last)
        # Ahead of the lock, every hand of the window is read, evaluated or not: storing finds
        # out if any was, and reads again. Deals imported after this read are left to the
        # next window, not skipped.
        return _read_window(connection, first, last, ahead=True)


def _read_window(connection: Connection, first: int, last: int, ahead: bool = False) -> Window:
    """The pending hands of deals first..last. `ahead` reads all their hands instead (the
    check for evaluated ones would cost a sixth of the read) and ends the window at its last
    deal read."""
    in_window = _in_window(connection, first, last)
    board_ids, boards = _boards(connection, first, last)
    # Hands of one width are read as one string; a window with boards may hold hands of both
    # games (five-card hands, and Hold'em hole cards followed by their board, columns 2-6).
    # A hand whose cards are not known (NULL: a hand history's) reads as blanks.
    cards = (hand_cards.c.cards if not len(board_ids) else
             func.substr(func.coalesce(hand_cards.c.cards, "") + " " * HAND_WIDTH, 1,
                         HAND_WIDTH))
    keys, texts = fetch_keyed_text(
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
        check_five_card_hands(connection, first, last, keys, texts, order)
        strength = strengths_of_joined_texts(texts)[order]
        best = np.zeros_like(strength)
    else:
        text = np.frombuffer(texts.encode("ascii"), dtype=np.uint8).reshape(-1, HAND_WIDTH)
        hands = card_codes(text)[order]
        has_board = np.isin(deal_ids, board_ids)
        board_of_hand = boards[np.searchsorted(board_ids, deal_ids).clip(0, len(board_ids) - 1)]
        board_of_hand[~has_board] = 0
        check_hands(connection, first, last, deal_ids, text[order], hands, has_board,
                    board_of_hand)
        complete = board_of_hand.all(axis=1)
        codes = np.zeros((len(keys), HOLDEM.cards_per_hand), dtype=np.uint8)
        codes[:, :KEY_SLOTS] = hands
        codes[complete, HOLDEM.hole_cards:] = board_of_hand[complete]
        strength, best = evaluated(codes)
    winner_deals, winners = deal_winners(deal_ids, players, strength)
    dialect = connection.dialect.name
    return staged_window(dialect, first, last, deal_ids, players, strength, best,
                         stage_winners(first, last, winner_deals, winners),
                         counted_wins(_dataset_ids(connection, first, last, winner_deals), winners))


def _in_window(connection: Connection, first: int, last: int) -> ColumnElement[bool]:
    """The hands of deals first..last that evaluate values: those of valued deals
    (win_counts.VALUED_DEAL). Hands of unknown cards (recorded hands') were evaluated as they
    were imported, and so were all the hands of deals that have a variant (recorded hands,
    deal files of a variant's game); a Hold'em deal's board short of the river values none
    of its hands: left out, where the database holds any."""
    in_window = and_(hand_cards.c.deal_id.between(first, last), hand_cards.c.cards.is_not(None))
    if not _holds_unvalued_deals(connection):
        return in_window
    return and_(in_window, hand_cards.c.deal_id.not_in(
        select(deals.c.id).where(deals.c.id.between(first, last), UNVALUED)))


def _holds_unvalued_deals(connection: Connection) -> bool:
    """Whether some dataset may hold deals other than valued ones: evaluated as they were
    imported (a variant's: a recorded hand, or a deal file of a variant's game), or Hold'em
    deals (whose board may stop before the river); asked of the few datasets rows, not of
    the deals."""
    settling = [member.value for member in InputFormat if member.settles]
    boards = [game.name.value for game in GAMES.values()
              if game.variant is not None or game.board_cards]
    return bool(connection.scalar(select(exists().where(or_(
        datasets.c.format.in_(settling), datasets.c.game.in_(boards))))))


def _boards(connection: Connection, first: int, last: int) -> tuple[npt.NDArray[np.int64],
                                                                     CodeArray]:
    """The ids of the deals first..last of a game with a board, and their boards' card codes
    (0 for a card not dealt: a board short of the river decides nothing)."""
    ids, boards = fetch_keyed_text(
        connection, select(deals.c.id, func.substr(deals.c.board + " " * BOARD_WIDTH, 1,
                                                   BOARD_WIDTH))
        .where(deals.c.id.between(first, last), deals.c.board.is_not(None))
        .order_by(deals.c.id))
    order = _key_order(ids)
    codes = card_codes(np.frombuffer(boards.encode("ascii"), dtype=np.uint8)
                       .reshape(-1, BOARD_WIDTH))
    return ids[order], codes[order]



def _dataset_ids(connection: Connection, first: int, last: int,
                 deal_ids: npt.NDArray[np.int64]) -> npt.NDArray[np.int64]:
    """The dataset of each of these deals, all of them between first and last."""
    if not len(deal_ids):
        return deal_ids
    ids, dataset_ids = _in_key_order(*fetch_int_columns(
        connection, select(deals.c.id, deals.c.dataset_id)
        .where(deals.c.id.between(first, last)).order_by(deals.c.id)))
    return dataset_ids[np.searchsorted(ids, deal_ids)]




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
    """Whether a window read ahead (all the hands _in_window) changed since: some of its hands
    were evaluated (a valued deal's hands all have a value, and a row), or removed (pokerdb
    delete)."""
    evaluated, hands = connection.execute(select(
        exists().where(hand_values.c.deal_id.between(window.first, window.last)),
        select(func.count()).select_from(hand_cards)
        .where(_in_window(connection, window.first, window.last)).scalar_subquery())).one()
    return bool(evaluated) or hands != window.hands


