"""The evaluate step: hand_values (category, k1..k5, strength) for every hand without them,
the descriptions of strengths not yet described, and each deal's winner.

Works in windows of deals, one transaction each, so an interrupted run resumes where it stopped
and a finished run has nothing left to do. Every write is an append except the winners.
"""

import time
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt
from sqlalchemy import Connection, Engine, and_, exists, func, select, text

from pokerdb import bulk
from pokerdb.db import reading
from pokerdb.describe import describe_strength
from pokerdb.evaluator import KEY_BITS, KEY_SLOTS, strengths_of_texts
from pokerdb.schema import deals, hand_cards, hand_descriptions, hand_values

WINDOW_DEALS = 50_000
PLAYER_BITS = 4  # players 1..10
STRENGTH_BITS = KEY_BITS * (KEY_SLOTS + 1)  # the category's field as wide as a rank's


def strength_fields_sql(strength: str) -> dict[str, str]:
    """SQL for category and k1..k5 of a strength (evaluator.pack_strength's fields); an absent
    tie-break rank is NULL, not 0."""
    mask = (1 << KEY_BITS) - 1
    fields = {"category": f"{strength} >> {KEY_BITS * KEY_SLOTS}"}
    for slot in range(KEY_SLOTS):
        shift = KEY_BITS * (KEY_SLOTS - 1 - slot)
        fields[f"k{slot + 1}"] = f"NULLIF(({strength} >> {shift}) & {mask}, 0)"
    return fields


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
    started = time.perf_counter()
    hand_total = deal_total = 0
    after = 0
    described: set[int] = set()  # strengths known to have a description stored
    while True:
        with engine.begin() as connection, bulk.without_cycle_collection():
            # A window must not race an import adding deals to it, or another evaluate.
            bulk.lock_for_append(connection, deals)
            first = connection.scalar(
                select(hand_cards.c.deal_id).where(UNEVALUATED, hand_cards.c.deal_id > after)
                .order_by(hand_cards.c.deal_id).limit(1))
            if first is None:
                break
            after = first + WINDOW_DEALS - 1
            hand_count, deal_count = _evaluate_window(connection, first, after, described)
        hand_total += hand_count
        deal_total += deal_count
        if progress is not None:
            progress(hand_count)
    return EvaluateResult(hand_total, deal_total, time.perf_counter() - started)


def _evaluate_window(connection: Connection, first: int, last: int,
                     described: set[int]) -> tuple[int, int]:
    deal_column, player_column, cards = bulk.fetch_columns(
        connection,
        select(hand_cards.c.deal_id, hand_cards.c.player, hand_cards.c.cards)
        .where(hand_cards.c.deal_id.between(first, last), UNEVALUATED)
        .order_by(hand_cards.c.deal_id, hand_cards.c.player))
    if not cards:
        return 0, 0
    deal_ids = np.array(deal_column, dtype=np.int64)
    players = np.array(player_column, dtype=np.int64)
    strength = strengths_of_texts(cards)
    _describe_new_strengths(connection, strength, described)
    fields = strength_fields_sql("strength")
    with bulk.staged_ints(connection, {"deal_id": None, "player": PLAYER_BITS,
                                       "strength": STRENGTH_BITS},
                          [deal_ids, players, strength]) as (staged, parameters):
        connection.execute(text(
            f"INSERT INTO hand_values (deal_id, player, {', '.join(fields)}, strength) "
            f"SELECT deal_id, player, {', '.join(fields.values())}, strength FROM {staged} "
            f"AS staged"), parameters)
    winner_deals, winners = deal_winners(deal_ids, players, strength)
    with bulk.staged_ints(connection, {"deal_id": None, "winner": PLAYER_BITS},
                          [winner_deals, winners]) as (staged, parameters):
        # The id range lets PostgreSQL read just the window of deals, not hash-join them all.
        connection.execute(text(
            f"UPDATE deals SET winner = staged.winner FROM {staged} AS staged "
            f"WHERE deals.id = staged.deal_id AND deals.id BETWEEN :first AND :last"),
            {**parameters, "first": first, "last": last})
    return len(cards), int(np.count_nonzero(np.diff(deal_ids))) + 1


def _describe_new_strengths(connection: Connection, strength: npt.NDArray[np.int32],
                            described: set[int]) -> None:
    """Store the description of each strength not described yet. `described` is what this
    run knows to be stored; another evaluate may have stored more since, so the database has
    the last word on the candidates."""
    new = set(np.unique(strength).tolist()) - described
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
    """(deal ids, winners) of the deals with two or more hands, given hands sorted by deal:
    the player with the single best strength, or 0 when the best is shared."""
    starts = np.flatnonzero(np.r_[True, deal_ids[1:] != deal_ids[:-1]])
    sizes = np.diff(np.r_[starts, len(deal_ids)])
    best = np.maximum.reduceat(strength, starts)
    is_best = strength == np.repeat(best, sizes)
    best_count = np.add.reduceat(is_best.astype(np.int32), starts)
    best_player = np.maximum.reduceat(np.where(is_best, players, 0), starts)
    winner = np.where(best_count == 1, best_player, 0)
    contested = sizes > 1  # a one-player deal has no winner
    return deal_ids[starts][contested], winner[contested]
