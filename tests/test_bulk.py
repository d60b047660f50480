"""The bulk paths on each backend: rows go in and come out exactly as given."""

from collections import Counter
from collections.abc import Iterator
from itertools import combinations_with_replacement

import numpy as np
import numpy.typing as npt
import pytest
from sqlalchemy import Connection, Engine, select, text

from pokerdb.formats.input import DealBatch
from pokerdb.rules.evaluators import Category, rank_hand, unpack_strength
from pokerdb.rules.games import HOLDEM
from pokerdb.storage import column_reads, copy_text, deal_writes, partitions, value_writes
from pokerdb.storage.schema import deals, hand_cards


@pytest.fixture
def connection(engine: Engine) -> Iterator[Connection]:
    """A transaction on a database at head, rolled back afterwards, holding dataset 1 and, on
    PostgreSQL, its partitions (storage.partitions) of deal ids 1 to 999,999."""
    with engine.connect() as connection, connection.begin() as transaction:
        connection.execute(text(
            "INSERT INTO datasets (id, name, sha256, format, deals, imported_at) "
            "VALUES (1, 'd', 'x', 'pe54', 0, CURRENT_TIMESTAMP)"))
        if partitions.is_partitioned(connection):
            schema, parent = partitions.dataset_schema(1), connection.scalar(
                text("SELECT current_schema()"))
            partitions.create_tables(connection, schema, parent)
            partitions.attach_tables(connection, schema, parent, 1, 999_999)
            # hand_values, empty, is left to evaluate's windows: one for all.
            connection.exec_driver_sql(f"CREATE TABLE {schema}.hand_values PARTITION OF "
                                       f"{parent}.hand_values FOR VALUES FROM (1) TO (1000000)")
        yield connection
        transaction.rollback()


def insert_deals(connection: Connection, first_id: int, line_nos: list[int], texts: list[str],
                 winners: npt.NDArray[np.int64] | None = None) -> None:
    """Deals of dataset 1 through the import's path: staged, then inserted."""
    deal_writes.insert_deals(connection, deal_writes.stage_deals(
        connection.dialect.name, 1, first_id, DealBatch(line_nos, texts), winners))


def _rows(connection: Connection, sql: str) -> list[tuple[object, ...]]:
    return [tuple(row) for row in connection.execute(text(sql))]


def test_deals_and_hands_of_one_to_ten_players(connection: Connection) -> None:
    # Each text says whose it is: the first card's rank marks the player, the end the deal.
    hands = [tuple(f"{'AKQJT98765'[player]}S KH QD JC {deal:02d}" for player in range(players))
             for deal, players in enumerate((2, 1, 10, 3))]
    insert_deals(connection, 41, [3, 5, 6, 9], [" ".join(deal_hands) for deal_hands in hands])
    assert _rows(connection, "SELECT id, dataset_id, line_no, winner FROM deals ORDER BY id") == [
        (41, 1, 3, None), (42, 1, 5, None), (43, 1, 6, None), (44, 1, 9, None)]
    assert _rows(connection, "SELECT deal_id, player, cards FROM hand_cards "
                             "ORDER BY deal_id, player") == [
        (41 + deal, player, cards) for deal, deal_hands in enumerate(hands)
        for player, cards in enumerate(deal_hands, start=1)]


def test_hold_em_boards_of_every_size_and_winners_or_none(connection: Connection) -> None:
    """Boards of 0, 3, 4 and 5 cards in one batch: on PostgreSQL rows of COPY text of
    different widths."""
    boards = ["", "2C 3C 4C", "2C 3C 4C 5C", "2C 3C 4C 5C 6C", "", "AS KS QS JS TS"]
    batch = DealBatch(list(range(7, 13)), ["AH KH QD QC"] * 6, boards=boards, game=HOLDEM)
    deal_writes.insert_deals(connection, deal_writes.stage_deals(
        connection.dialect.name, 1, 100, batch, np.array([-1, 0, 2, -1, 1, 23])))
    assert _rows(connection, "SELECT id, line_no, winner, board FROM deals ORDER BY id") == [
        (100, 7, None, ""), (101, 8, 0, "2C 3C 4C"), (102, 9, 2, "2C 3C 4C 5C"),
        (103, 10, None, "2C 3C 4C 5C 6C"), (104, 11, 1, ""), (105, 12, 23, "AS KS QS JS TS")]
    assert _rows(connection, "SELECT count(*), min(cards), max(cards) FROM hand_cards") == [
        (12, "AH KH", "QD QC")]


def test_values_of_hands_with_and_without_a_showdown(connection: Connection) -> None:
    """A strength or best of 0 is stored as NULL: on PostgreSQL rows of COPY text of
    different widths."""
    insert_deals(connection, 1, [1, 2, 3], ["AS KS QS JS TS 2C 3C 4C 5C 7D"] * 3)
    deal_ids, players = np.repeat([1, 2, 3], 2), np.tile([1, 2], 3)
    strength = np.array([0, 0, 9 << 20, 0x15D760, 1, 12345])
    best = np.array([0, 0, 0o43210, 0, 7, 1])
    value_writes.insert_values(connection, value_writes.stage_values(
        connection.dialect.name, 1, deal_ids, players, strength, best))
    assert _rows(connection, "SELECT deal_id, player, strength, best FROM hand_values "
                             "ORDER BY deal_id, player") == [
        (1, 1, None, None), (1, 2, None, None), (2, 1, 9 << 20, 0o43210), (2, 2, 0x15D760, None),
        (3, 1, 1, 7), (3, 2, 12345, 1)]


def test_staged_values_refuse_a_value_wider_than_its_field() -> None:
    """SQLite packs each hand's fields into one integer, so a value must fit its field."""
    with pytest.raises(ValueError, match="strength does not fit in 24 bits"):
        value_writes.stage_values("sqlite", 1, np.array([1]), np.array([1]), np.array([1 << 24]),
                          np.array([0]))


def test_copy_text_fields_refuse_negative_integers() -> None:
    with pytest.raises(ValueError, match="non-negative"):
        copy_text.int_field(np.array([3, -1]))


def _every_strength() -> list[int]:
    """The strength of every rank pattern, flush or not, by the rule book: 7,462 of them."""
    found = set()
    for ranks in combinations_with_replacement(range(2, 15), 5):
        if max(Counter(ranks).values()) < 5:
            found.add(rank_hand(ranks, flush=False).strength)
            if len(set(ranks)) == 5:
                found.add(rank_hand(ranks, flush=True).strength)
    return sorted(found)


def test_views_read_every_strength_as_unpack_strength(connection: Connection) -> None:
    """The `hands` view reads category and k1..k5 out of hand_values.strength in SQL, and
    `deal_results` the category's name: as evaluator.unpack_strength reads it, an absent
    rank as NULL."""
    strengths = _every_strength()
    assert len(strengths) == 7462
    count = len(strengths)
    insert_deals(connection, 1, list(range(1, count + 1)), ["AS KS QS JS TS"] * count)
    value_writes.insert_values(connection, value_writes.stage_values(
        connection.dialect.name, 1, np.arange(1, count + 1), np.ones(count, dtype=np.int64),
        np.array(strengths), np.zeros(count, dtype=np.int64)))
    stored = _rows(connection, "SELECT strength, category, k1, k2, k3, k4, k5 FROM hands "
                               "ORDER BY strength")
    assert stored == [(strength, category, *(rank or None for rank in ranks))
                      for strength in strengths
                      for category, *ranks in [unpack_strength(strength)]]
    names = _rows(connection, "SELECT player1_category FROM deal_results ORDER BY deal_id")
    assert names == [(Category(unpack_strength(strength)[0]).label,) for strength in strengths]


def test_fetched_columns_keep_each_row_together(connection: Connection) -> None:
    """Each key with its value, each id with its line number. The order is the statement's on
    SQLite; PostgreSQL is not asked for it (see column_reads.fetch_int_columns)."""
    query = (select(hand_cards.c.deal_id * 10 + hand_cards.c.player, hand_cards.c.cards)
             .order_by(hand_cards.c.deal_id.desc(), hand_cards.c.player))
    keys, text = column_reads.fetch_keyed_text(connection, query)
    assert (keys.tolist(), text) == ([], "")
    insert_deals(connection, 7, [1, 2], ["AS KS QS JS TS 2C 3C 4C 5C 7D", "AH KH QH JH 9H"])
    keys, text = column_reads.fetch_keyed_text(connection, query)
    rows = list(zip(keys.tolist(), [text[at:at + 14] for at in range(0, len(text), 14)],
                    strict=True))
    assert sorted(rows) == [(71, "AS KS QS JS TS"), (72, "2C 3C 4C 5C 7D"), (81, "AH KH QH JH 9H")]
    if connection.dialect.name == "sqlite":
        assert [key for key, _ in rows] == [81, 71, 72]
    ids, lines = column_reads.fetch_int_columns(connection, select(deals.c.id, deals.c.line_no * 3))
    assert sorted(zip(ids.tolist(), lines.tolist(), strict=True)) == [(7, 3), (8, 6)]


def test_deals_with_winners(connection: Connection) -> None:
    """Winners 0..10 as given, a negative one as NULL, whatever the line number: SQLite packs
    the two in one integer."""
    winners = [*range(11), -1, -7]
    line_nos = [1, 15, 16, 2**31 - 1, 2**31 - 16, *range(100, 107), 2**31 - 2]
    insert_deals(connection, 41, line_nos, ["AS KS QS JS TS"] * len(line_nos), np.array(winners))
    assert _rows(connection, "SELECT id, dataset_id, line_no, winner FROM deals ORDER BY id") == [
        (41 + i, 1, line_no, winner if winner >= 0 else None)
        for i, (line_no, winner) in enumerate(zip(line_nos, winners, strict=True))]


def test_set_winners_leaves_the_other_deals_of_the_range(connection: Connection) -> None:
    """Winners 0..10 of deals 3..13; the others of the range 2..14, with a winner or none,
    keep theirs, and so do deals outside it."""
    insert_deals(connection, 1, list(range(1, 16)), ["AS KS QS JS TS"] * 15,
                 np.array([5, -1, *[-1] * 11, 7, 3]))
    ids, winners = np.arange(3, 14), np.arange(11)
    value_writes.set_winners(connection, value_writes.stage_winners(2, 14, ids, winners))
    assert _rows(connection, "SELECT id, winner FROM deals ORDER BY id") == [
        (1, 5), (2, None), *zip(ids.tolist(), winners.tolist(), strict=True), (14, 7), (15, 3)]
