"""The bulk paths on each backend: rows go in and come out exactly as given."""

from collections import Counter
from collections.abc import Iterator
from itertools import combinations_with_replacement
from pathlib import Path

import numpy as np
import pytest
from sqlalchemy import Connection, Engine, select, text

from pokerdb import bulk
from pokerdb.db import open_engine
from pokerdb.evaluation import strength_fields_sql
from pokerdb.evaluator import decompose, rank_hand
from pokerdb.schema import hand_cards


@pytest.fixture
def connection(engine: Engine) -> Iterator[Connection]:
    """A transaction on a database at head, rolled back afterwards, holding dataset 1."""
    with engine.connect() as connection, connection.begin() as transaction:
        connection.execute(text(
            "INSERT INTO datasets (id, name, sha256, format, deals, imported_at) "
            "VALUES (1, 'd', 'x', 'pe54', 0, CURRENT_TIMESTAMP)"))
        yield connection
        transaction.rollback()


def _rows(connection: Connection, sql: str) -> list[tuple[object, ...]]:
    return [tuple(row) for row in connection.execute(text(sql))]


def test_deals_and_hands_of_one_to_ten_players(connection: Connection) -> None:
    # Each text says whose it is: the first card's rank marks the player, the end the deal.
    hands = [tuple(f"{'AKQJT98765'[player]}S KH QD JC {deal:02d}" for player in range(players))
             for deal, players in enumerate((2, 1, 10, 3))]
    bulk.insert_deals(connection, 1, 41, [3, 5, 6, 9])
    bulk.insert_hand_cards(connection, 41, [" ".join(deal_hands) for deal_hands in hands])
    assert _rows(connection, "SELECT id, dataset_id, line_no, winner FROM deals ORDER BY id") == [
        (41, 1, 3, None), (42, 1, 5, None), (43, 1, 6, None), (44, 1, 9, None)]
    assert _rows(connection, "SELECT deal_id, player, cards FROM hand_cards "
                             "ORDER BY deal_id, player") == [
        (41 + deal, player, cards) for deal, deal_hands in enumerate(hands)
        for player, cards in enumerate(deal_hands, start=1)]


def test_staged_ints_twice_in_one_transaction(connection: Connection) -> None:
    bulk.insert_deals(connection, 1, 1, [1, 2, 3, 4])
    for ids, winners in (([1, 2], [1, 9]), ([3, 2], [0, 1])):
        with bulk.staged_ints(connection, {"deal_id": None, "winner": 4},
                              [np.array(ids), np.array(winners)]) as (staged, parameters):
            connection.execute(text(f"UPDATE deals SET winner = s.winner FROM {staged} AS s "
                                    f"WHERE deals.id = s.deal_id"), parameters)
    assert _rows(connection, "SELECT id, winner FROM deals ORDER BY id") == [
        (1, 1), (2, 1), (3, 0), (4, None)]


def test_staged_ints_refuse_a_value_wider_than_its_field(tmp_path: Path) -> None:
    """SQLite packs each row's columns into one integer, so a value must fit its field."""
    engine = open_engine(str(tmp_path / "packed.sqlite"))
    try:
        with engine.connect() as connection, pytest.raises(
                ValueError, match="winner does not fit in 4 bits"), bulk.staged_ints(
                connection, {"deal_id": None, "winner": 4}, [np.array([1]), np.array([16])]):
            pass
    finally:
        engine.dispose()


def _every_strength() -> list[int]:
    """The strength of every rank pattern, flush or not, by the rule book: 7,462 of them."""
    found = set()
    for ranks in combinations_with_replacement(range(2, 15), 5):
        if max(Counter(ranks).values()) < 5:
            found.add(rank_hand(ranks, flush=False).strength)
            if len(set(ranks)) == 5:
                found.add(rank_hand(ranks, flush=True).strength)
    return sorted(found)


def test_sql_fields_of_every_strength_match_decompose(connection: Connection) -> None:
    strengths = np.array(_every_strength(), dtype=np.int64)
    assert len(strengths) == 7462
    fields = strength_fields_sql("strength")
    with bulk.staged_ints(connection, {"strength": None}, [strengths]) as (staged, parameters):
        stored = connection.execute(text(
            f"SELECT strength, {', '.join(fields.values())} FROM {staged} AS s "
            f"ORDER BY strength"), parameters).all()
    expected = zip(strengths.tolist(), *(column.tolist() for column in decompose(strengths)),
                   strict=True)
    assert list(fields) == ["category", "k1", "k2", "k3", "k4", "k5"]
    assert [tuple(row) for row in stored] == [
        (strength, category, *(rank or None for rank in ranks))
        for strength, category, *ranks in expected]


def test_fetch_columns_keeps_order_and_types(connection: Connection) -> None:
    query = (select(hand_cards.c.deal_id, hand_cards.c.player, hand_cards.c.cards)
             .order_by(hand_cards.c.deal_id.desc(), hand_cards.c.player))
    assert bulk.fetch_columns(connection, query) == [[], [], []]
    bulk.insert_deals(connection, 1, 7, [1, 2])
    bulk.insert_hand_cards(connection, 7, ["AS KS QS JS TS 2C 3C 4C 5C 7D", "AH KH QH JH 9H"])
    assert bulk.fetch_columns(connection, query) == [
        [8, 7, 7], [1, 1, 2], ["AH KH QH JH 9H", "AS KS QS JS TS", "2C 3C 4C 5C 7D"]]
