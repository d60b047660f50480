"""The evaluate step: fill category, k1..k5 and strength of unevaluated hands, and each deal's
winner. Works in windows of deals, one transaction each, so an interrupted run resumes where it
stopped and a finished run has nothing left to do."""

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt
from sqlalchemy import Connection, Engine, func, select

from pokerdb import bulk
from pokerdb.db import reading
from pokerdb.evaluator import decompose, strengths_of_texts
from pokerdb.schema import deals, hands

WINDOW_DEALS = 50_000
HAND_VALUE_COLUMNS = ("category", "k1", "k2", "k3", "k4", "k5", "strength")


@dataclass(frozen=True)
class EvaluateResult:
    hands: int
    deals: int
    seconds: float


def pending_hands(engine: Engine) -> int:
    with reading(engine) as connection:
        return connection.scalar(
            select(func.count()).select_from(hands).where(hands.c.strength.is_(None))) or 0


def evaluate_pending(engine: Engine,
                     progress: Callable[[int], None] | None = None) -> EvaluateResult:
    started = time.perf_counter()
    hand_total = deal_total = 0
    after = 0
    while True:
        with engine.begin() as connection:
            first = connection.scalar(
                select(hands.c.deal_id)
                .where(hands.c.strength.is_(None), hands.c.deal_id > after)
                .order_by(hands.c.deal_id).limit(1))
            if first is None:
                break
            after = first + WINDOW_DEALS - 1
            hand_count, deal_count = _evaluate_window(connection, first, after)
        hand_total += hand_count
        deal_total += deal_count
        if progress is not None:
            progress(hand_count)
    return EvaluateResult(hand_total, deal_total, time.perf_counter() - started)


def _evaluate_window(connection: Connection, first: int, last: int) -> tuple[int, int]:
    rows = connection.execute(
        select(hands.c.deal_id, hands.c.player, hands.c.cards)
        .where(hands.c.deal_id.between(first, last), hands.c.strength.is_(None))
        .order_by(hands.c.deal_id, hands.c.player)).all()
    deal_ids = np.fromiter((row[0] for row in rows), dtype=np.int64, count=len(rows))
    players = np.fromiter((row[1] for row in rows), dtype=np.int16, count=len(rows))
    strength = strengths_of_texts([row[2] for row in rows])
    category, *ranks = (column.tolist() for column in decompose(strength))
    # Absent tie-break ranks are stored as NULL, not 0.
    nullable_ranks = [[rank or None for rank in column] for column in ranks]
    bulk.update_rows(connection, hands, HAND_VALUE_COLUMNS, ("deal_id", "player"),
                     list(zip(category, *nullable_ranks, strength.tolist(), deal_ids.tolist(),
                              players.tolist(), strict=True)))
    winner_rows = deal_winners(deal_ids, players, strength)
    bulk.update_rows(connection, deals, ("winner",), ("id",), winner_rows)
    return len(rows), int(np.unique(deal_ids).size)


def deal_winners(deal_ids: npt.NDArray[np.int64], players: npt.NDArray[np.int16],
                 strength: npt.NDArray[np.int32]) -> Sequence[tuple[int, int]]:
    """(winner, deal_id) of every deal with two or more hands, given hands sorted by deal:
    the player with the single best strength, or 0 when the best is shared."""
    if len(deal_ids) == 0:
        return []
    starts = np.flatnonzero(np.r_[True, deal_ids[1:] != deal_ids[:-1]])
    sizes = np.diff(np.r_[starts, len(deal_ids)])
    best = np.maximum.reduceat(strength, starts)
    is_best = strength == np.repeat(best, sizes)
    best_count = np.add.reduceat(is_best.astype(np.int32), starts)
    best_player = np.maximum.reduceat(np.where(is_best, players, 0), starts)
    winner = np.where(best_count == 1, best_player, 0)
    contested = sizes > 1  # a one-player deal has no winner
    return list(zip(winner[contested].tolist(), deal_ids[starts][contested].tolist(),
                    strict=True))
