"""The equity step: the exact equity (pokerdb.rules.variant_equity) of every hand of every
deal of a game with a board (a Hold'em, Omaha or short-deck file's, or a recorded NT, FT, NS,
PO or FO/8 hand: variant_equity.BOARD_VARIANTS) whose hole cards are all known and that has
none stored yet, appended to hand_equities. A
recorded hand whose players were all in before the river (deals.allin_board) also gets, for each
seat still in (seats.allin_stake), its equity on that board among those seats alone (folded seats'
cards are not taken out of the deck, as PokerTracker's all-in EV does) and its all-in adjusted
net: that equity times the pots it contested (allin_pot) less what it had put in (allin_stake).
Such a hand with a folded seat's cards unknown gets rows for its seats still in only, with
those figures and no equity (NULL).

Like evaluate it works in windows of deals, one transaction each, so a run killed at any moment
leaves whole windows behind and a rerun computes the rest. Equities are computed in integers
and divided once, so a deal's values are the same whichever window it falls in. Equity costs
far more than evaluation, so it is never computed unasked: `pokerdb equity` runs it.
"""

import time
from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from itertools import accumulate
from typing import Final

import numpy as np
import numpy.typing as npt
from sqlalchemy import ColumnElement, Engine, exists, func, or_, select

from pokerdb.progress import Progress, unseen
from pokerdb.rules.equity import board_classes
from pokerdb.rules.evaluators import card_codes
from pokerdb.rules.games import PLAYER_BITS
from pokerdb.rules.money import AMOUNT_SCALE
from pokerdb.rules.variant_equity import (
    BOARD_VARIANTS,
    completions,
    counted_as_holdem,
    variant_equities,
)
from pokerdb.rules.variants import VARIANTS, Variant
from pokerdb.storage.column_reads import fetch_keyed_text
from pokerdb.storage.engines import reading
from pokerdb.storage.reading import engine_reader
from pokerdb.storage.row_writes import insert_rows
from pokerdb.storage.schema import datasets, deals, hand_cards, hand_equities, seats
from pokerdb.storage.win_counts import find_dataset
from pokerdb.storage.write_locks import lock_for_append

WINDOW_DEALS = 10_000  # pending deals read at a time, at most
# Board classes (equity.board_classes) per window: about 100 preflop deals or every deal of a
# window at the flop or later, a few seconds of work at most.
WINDOW_CLASSES = 1 << 24

# Characters of the most hole cards a game with a board deals (Omaha's six), as hands are read.
HOLE_WIDTH = 3 * 6 - 1

# deal_id, player, equity, allin_equity, allin_net
StoredEquity = tuple[int, int, float | None, float | None, int | None]
COLUMNS = ("deal_id", "player", "equity", "allin_equity", "allin_net")


@dataclass(frozen=True)
class EquityResult:
    deals: int
    hands: int
    seconds: float


# A recorded hand's seat whose cards are unknown ('????'): it has no hand_cards row (revision
# 0030; a row of NULL, as before it, reads the same).
_UNKNOWN = seats.alias("unknown")
_KNOWN = hand_cards.alias("known")
_UNKNOWN_CARDS = ~exists().where(_KNOWN.c.deal_id == _UNKNOWN.c.deal_id,
                                 _KNOWN.c.player == _UNKNOWN.c.player,
                                 _KNOWN.c.cards.is_not(None))


def _has_unknown_cards(deal_id: ColumnElement[int]) -> ColumnElement[bool]:
    """Whether some hole card of the deal is unknown (a recorded hand's '????')."""
    return exists().where(_UNKNOWN.c.deal_id == deal_id, _UNKNOWN_CARDS)


# A deal of a game with a board whose equity pokerdb computes.
_BOARD_GAME: Final = (deals.c.board.is_not(None),
                      or_(deals.c.variant.is_(None), deals.c.variant.in_(BOARD_VARIANTS)))


def _pending(dataset_id: int | None) -> list[ColumnElement[bool]]:
    """A deal whose hands want equities: Hold'em (a board, and no other variant), none stored,
    every hole card known (a recorded hand's seat may have none) but, in a hand all in before
    the river, a folded seat's."""
    return [*_BOARD_GAME,
            ~exists().where(hand_equities.c.deal_id == deals.c.id),
            ~exists().where(_UNKNOWN.c.deal_id == deals.c.id, _UNKNOWN_CARDS,
                            or_(deals.c.allin_board.is_(None),
                                _UNKNOWN.c.allin_stake.is_not(None))),  # not folded
            *_of_dataset(dataset_id)]


def _of_dataset(dataset_id: int | None) -> list[ColumnElement[bool]]:
    return [] if dataset_id is None else [deals.c.dataset_id == dataset_id]


@dataclass(frozen=True)
class EquityScope:
    """Why `compute_pending` has nothing (or this much) to compute: the deals selected, those
    of a game with a board whose equity pokerdb computes, and those with equities stored."""

    deals: int
    with_board: int
    stored: int

    @property
    def unknown_cards(self) -> int:
        """Deals with a board left without equities: a player's cards are unknown."""
        return self.with_board - self.stored


def equity_scope(engine: Engine, dataset: str | None = None) -> EquityScope:
    """The deals of `dataset` (all when None) as `compute_pending` sees them."""
    chosen = _of_dataset(_dataset_id(engine, dataset))
    with reading(engine) as connection:
        def count(*where: ColumnElement[bool]) -> int:
            return connection.scalar(select(func.count()).select_from(deals)
                                     .where(*chosen, *where)) or 0
        return EquityScope(count(), count(*_BOARD_GAME), count(
            *_BOARD_GAME, exists().where(hand_equities.c.deal_id == deals.c.id)))


def _dataset_id(engine: Engine, dataset: str | None) -> int | None:
    with engine_reader(engine) as fetch:
        return find_dataset(fetch, dataset)


def pending_deals(engine: Engine, dataset: str | None = None) -> int:
    """The deals `compute_pending` would compute."""
    with reading(engine) as connection:
        return connection.scalar(select(func.count()).select_from(deals)
                                 .where(*_pending(_dataset_id(engine, dataset)))) or 0


def compute_pending(engine: Engine, dataset: str | None = None,
                    progress: Progress = unseen) -> EquityResult:
    """Compute and store the equity of every pending deal (of one dataset, or all), a window of
    deals per transaction, each window's deals told to `progress` once stored."""
    started = time.perf_counter()
    dataset_id = _dataset_id(engine, dataset)
    deal_total = hand_total = 0
    after = 0
    with progress("equity", lambda: pending_deals(engine, dataset), "deals") as task:
        while (window := _next_window(engine, dataset_id, after)) is not None:
            with engine.begin() as connection:
                # Since the window was read, another run may have stored some of its deals,
                # and a delete removed some (on PostgreSQL its DELETE of their equities waits
                # for this lock, or this lock for its commit). Dataset ids are never reused:
                # a dataset still there holds the deals read.
                lock_for_append(connection, hand_equities)
                stored = set(connection.scalars(
                    select(hand_equities.c.deal_id).distinct()
                    .where(hand_equities.c.deal_id.between(window.first, window.last))))
                kept = set(connection.scalars(select(datasets.c.id).where(
                    datasets.c.id.in_(set(window.dataset_of.values())))))
                new = {deal_id for deal_id, dataset_id in window.dataset_of.items()
                       if dataset_id in kept and deal_id not in stored}
                rows = [row for row in window.rows if row[0] in new]
                insert_rows(connection, hand_equities, COLUMNS, rows)
            deal_total += len(new)
            hand_total += len(rows)
            after = window.last
            if task is not None:
                task.advance(window.deals)
    return EquityResult(deal_total, hand_total, time.perf_counter() - started)


@dataclass(frozen=True)
class Window:
    """The equities of the pending deals first..last."""

    first: int
    last: int
    deals: int
    rows: list[StoredEquity]
    dataset_of: dict[int, int]  # each deal's dataset id, by deal id


def _next_window(engine: Engine, dataset_id: int | None, after: int) -> Window | None:
    """The pending deals after `after`, as many as WINDOW_CLASSES allows (one at least), with
    their equities; None when none is left."""
    with reading(engine) as connection:
        found = connection.execute(
            select(deals.c.id, deals.c.board, deals.c.allin_board,
                   _has_unknown_cards(deals.c.id), deals.c.dataset_id, deals.c.variant)
            .where(deals.c.id > after, *_pending(dataset_id))
            .order_by(deals.c.id).limit(WINDOW_DEALS)).all()
        if not found:
            return None
        cost = accumulate(_cost(variant, board)
                          + (0 if allin is None else _cost(variant, allin))
                          for _, board, allin, _, _, variant in found)
        kept = max(1, sum(1 for total in cost if total <= WINDOW_CLASSES))
        first, last = found[0][0], found[kept - 1][0]
        # The deals whose cards are all known, to compute every hand's equity of.
        known = [row for row in found[:kept] if not row[3]]
        ids = [row[0] for row in known]
        boards = [row[1] for row in known]
        variants = [None if row[5] is None else VARIANTS[row[5]] for row in known]
        # Hole cards of every game read as one width, blanks after fewer than Omaha's six.
        keys, texts = fetch_keyed_text(
            connection,
            select(hand_cards.c.deal_id.op("*")(1 << PLAYER_BITS) + hand_cards.c.player,
                   func.substr(hand_cards.c.cards + " " * HOLE_WIDTH, 1, HOLE_WIDTH))
            .join(deals, deals.c.id == hand_cards.c.deal_id)
            .where(hand_cards.c.deal_id.between(first, last), *_pending(dataset_id),
                   ~_has_unknown_cards(deals.c.id))
            .order_by(hand_cards.c.deal_id, hand_cards.c.player))
        contenders = connection.execute(
            select(seats.c.deal_id, seats.c.player, hand_cards.c.cards, deals.c.allin_board,
                   seats.c.allin_stake, seats.c.allin_pot, deals.c.variant)
            .join(hand_cards, (hand_cards.c.deal_id == seats.c.deal_id)
                  & (hand_cards.c.player == seats.c.player))
            .join(deals, deals.c.id == seats.c.deal_id)
            .where(seats.c.deal_id.between(first, last), seats.c.allin_stake.is_not(None),
                   deals.c.allin_board.is_not(None), *_pending(dataset_id))
            .order_by(seats.c.deal_id, seats.c.player)).all()
    allin = _allin_figures([_Contender(*row) for row in contenders])
    equity = {(deal_id, player): share for deal_id, player, share
              in (_equity_rows(ids, boards, variants, keys, texts) if ids else [])}
    rows: list[StoredEquity] = [
        (deal_id, player, equity.get((deal_id, player)),
         *allin.get((deal_id, player), (None, None)))
        for deal_id, player in sorted(equity.keys() | allin.keys())]
    return Window(first, last, kept, rows,
                  {row[0]: row[4] for row in found[:kept]})


def _cost(code: str | None, board: str) -> int:
    """A deal's board classes (rules.equity) or completions (variant_equity), as the window
    counts its work (heads-up: a window is of deals of any number of players)."""
    variant = None if code is None else VARIANTS[code]
    if counted_as_holdem(variant):
        return board_classes(len(board.split()))
    assert variant is not None
    return 2 * completions(variant, 2, variant.hole_cards, len(board.split()))


@dataclass(frozen=True)
class _Contender:
    """A seat still in when its recorded hand's players were all in before the river."""

    deal_id: int
    player: int
    cards: str
    board: str  # deals.allin_board
    stake: int | Decimal  # seats.allin_stake
    pot: int | Decimal  # seats.allin_pot
    variant: str | None  # deals.variant


def _allin_figures(contenders: Sequence[_Contender]) -> dict[tuple[int, int], tuple[float, int]]:
    """Each contender's (allin_equity, allin_net) by (deal_id, player): its equity on the
    all-in board among its deal's contenders alone, and that equity times its pot less its
    stake, as stored (a whole number of ten-thousandths, the nearest). Deals of the same
    number of contenders and board cards are computed together."""
    by_deal: dict[int, list[_Contender]] = {}
    for contender in contenders:
        by_deal.setdefault(contender.deal_id, []).append(contender)
    groups: dict[tuple[str | None, int, int, int], list[list[_Contender]]] = {}
    for seated in by_deal.values():
        key = (seated[0].variant, len(seated), len(seated[0].board.split()),
               len(seated[0].cards.split()))
        groups.setdefault(key, []).append(seated)
    figures = {}
    for (code, count, size, hole_cards), group in groups.items():
        holes = _codes([seat.cards for seated in group for seat in seated])
        boards = _codes([seated[0].board for seated in group])
        shares = variant_equities(None if code is None else VARIANTS[code],
                                  holes[:, :hole_cards].reshape(len(group), count, hole_cards),
                                  boards[:, :size]).tolist()
        for seated, deal_shares in zip(group, shares, strict=True):
            for seat, share in zip(seated, deal_shares, strict=True):
                figures[seat.deal_id, seat.player] = (share, round(
                    Fraction(share) * int(seat.pot * AMOUNT_SCALE))
                    - int(seat.stake * AMOUNT_SCALE))
    return figures


def _codes(texts: Sequence[str]) -> npt.NDArray[np.uint8]:
    """Texts of cards ("AH KH", boards of up to five cards) as rows of card codes."""
    width = max(len(text) for text in texts) + 1
    return card_codes(np.frombuffer("".join(text.ljust(width) for text in texts)
                                    .encode("ascii"), dtype=np.uint8).reshape(len(texts), -1))


def _equity_rows(ids: Sequence[int], boards: Sequence[str], variants: Sequence[Variant | None],
                 keys: npt.NDArray[np.int64], texts: str) -> list[tuple[int, int, float]]:
    """The (deal_id, player, equity) of each hand of these deals, given their boards, their
    variants (None: a deal file of Hold'em) and their hands' keys (deal_id << PLAYER_BITS |
    player, in any order) and hole cards joined, HOLE_WIDTH characters each."""
    order = np.argsort(keys, kind="stable")
    keys = keys[order]
    holes = card_codes(np.frombuffer(texts.encode("ascii"), dtype=np.uint8)
                       .reshape(-1, HOLE_WIDTH))[order]
    deal_of_hand = np.searchsorted(np.asarray(ids), keys >> PLAYER_BITS)
    players = np.bincount(deal_of_hand, minlength=len(ids))
    board_sizes = np.array([(len(board) + 1) // 3 for board in boards])
    board_codes = _codes(boards)
    first_hand = np.cumsum(players) - players
    hole_counts = np.count_nonzero(holes, axis=1)[first_hand]  # each deal's first hand's
    codes = [None if variant is None else variant.code for variant in variants]
    kinds = {code: index for index, code in enumerate(dict.fromkeys(codes))}
    kind = np.array([kinds[code] for code in codes])
    equity = np.empty(len(keys))
    # Deals of one variant, number of players, board cards and hole cards are computed together.
    for code, count, size, hole_cards in set(zip(codes, players.tolist(), board_sizes.tolist(),
                                                 hole_counts.tolist(), strict=True)):
        group = np.flatnonzero((kind == kinds[code]) & (players == count)
                               & (board_sizes == size) & (hole_counts == hole_cards))
        hands = (first_hand[group, None] + np.arange(count)).ravel()
        equity[hands] = variant_equities(
            None if code is None else VARIANTS[code],
            holes[hands, :hole_cards].reshape(len(group), count, hole_cards),
            board_codes[group, :size]).ravel()
    return list(zip((keys >> PLAYER_BITS).tolist(),
                    (keys & ((1 << PLAYER_BITS) - 1)).tolist(), equity.tolist(), strict=True))
