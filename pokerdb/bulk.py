"""The fastest write path each backend offers. All dialect-specific code lives here.

On SQLite the bulk of the data goes in as one JSON array per statement, which SQLite's
json_each unpacks in C: binding each row through `executemany` costs twice as long (6.6 s
against 2.7 s for a million deals). PostgreSQL takes COPY. Everything runs inside the caller's
transaction, so a failure later in the same transaction still leaves nothing behind.
"""

import gc
import json
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from itertools import count
from typing import Any

import numpy as np
import numpy.typing as npt
from sqlalchemy import Connection, Select, Table, func, select, text

from pokerdb.formats import DealBatch
from pokerdb.games import PLAYER_BITS

Row = Sequence[Any]
IntColumn = npt.NDArray[np.integer[Any]]

_staging_names = count()
_WINNER_BITS = PLAYER_BITS  # of a packed winner (0..MAX_PLAYERS), or of a winner + 1
_UNDECIDED, _WINNER_ZERO = ord(" "), ord("0")  # the bytes of stage_winners' SQLite payload


def insert_rows(connection: Connection, table: Table, columns: Sequence[str],
                rows: Sequence[Row]) -> None:
    """Rows of any table, for the small writes: rejects, labels, descriptions."""
    if not rows:
        return
    if connection.dialect.name == "postgresql":
        _copy(connection, table.name, columns, rows)
        return
    placeholders = ", ".join("?" for _ in columns)
    cursor = connection.connection.driver_connection.cursor()  # type: ignore[union-attr]
    try:
        cursor.executemany(
            f"INSERT INTO {table.name} ({', '.join(columns)}) VALUES ({placeholders})", rows)
    finally:
        cursor.close()


@dataclass(frozen=True)
class StagedRows:
    """Rows of one table made ready, by stage_rows, for insert_staged_rows."""

    table: str
    columns: tuple[str, ...]
    # SQLite: a JSON array of the rows (arrays); PostgreSQL: the rows in COPY's text format
    payload: str


def stage_rows(dialect: str, table: Table, columns: Sequence[str],
               rows: Sequence[Row]) -> StagedRows:
    """Rows of text, integers, booleans and NULLs (None), any number of them, ready for one
    statement; an exact decimal goes as its text. Needs no connection, so it can be done ahead
    on another thread: storing then runs in the database alone, outside Python's lock."""
    if dialect == "postgresql":
        return StagedRows(table.name, tuple(columns), "".join(
            "\t".join(map(_copy_text, row)) + "\n" for row in rows))
    return StagedRows(table.name, tuple(columns), json.dumps(rows))


def _copy_text(value: Any) -> str:
    """A value in COPY's text format."""
    if value is None:
        return "\\N"
    if value is True or value is False:
        return "t" if value else "f"
    text = str(value)
    if "\\" in text or "\t" in text or "\n" in text or "\r" in text:
        return (text.replace("\\", "\\\\").replace("\t", "\\t").replace("\n", "\\n")
                .replace("\r", "\\r"))
    return text


def insert_staged_rows(connection: Connection, staged: StagedRows) -> None:
    """Append the staged rows: COPY on PostgreSQL; on SQLite one INSERT reading the JSON array
    with json_each, in C."""
    if not staged.payload or staged.payload == "[]":
        return
    names = ", ".join(staged.columns)
    if connection.dialect.name == "postgresql":
        driver = connection.connection.driver_connection
        with (driver.cursor() as cursor,  # type: ignore[union-attr]
              cursor.copy(f"COPY {staged.table} ({names}) FROM STDIN") as copy):
            copy.write(staged.payload)
        return
    values = ", ".join(f"json_extract(value, '$[{index}]')"
                       for index in range(len(staged.columns)))
    connection.exec_driver_sql(
        f"INSERT INTO {staged.table} ({names}) SELECT {values} FROM json_each(?)",
        (staged.payload,))


def _copy(connection: Connection, table: str, columns: Sequence[str],
          rows: Iterator[Row] | Sequence[Row]) -> None:
    driver = connection.connection.driver_connection
    statement = f"COPY {table} ({', '.join(columns)}) FROM STDIN"
    with driver.cursor() as cursor, cursor.copy(statement) as copy:  # type: ignore[union-attr]
        for row in rows:
            copy.write_row(row)


@dataclass(frozen=True)
class StagedDeals:
    """A batch of deals and their hands made ready, by stage_deals, for insert_deals."""

    dataset_id: int
    first_id: int
    # SQLite: a JSON array of line numbers packed with winners (as text followed by ":" and the
    # board, for a game with a board); PostgreSQL: rows
    deals: Any
    hands: Any  # SQLite: a JSON array of the deals' texts; PostgreSQL: rows
    most_players: int  # in one deal
    hand_width: int  # characters of a player's cards (games.Game.hand_width)
    with_board: bool


def stage_deals(dialect: str, dataset_id: int, first_id: int, batch: DealBatch,
                winners: IntColumn | None = None) -> StagedDeals:
    """The batch's deals numbered first_id, first_id + 1, ... of one dataset, with their hands
    (each deal's texts joined by spaces, see games.Game.hand_stride), their boards if the game
    has one, and their winners when known (a negative one stands for none: the deal is not
    decided). Needs no connection, so it can be done ahead on another thread."""
    stride, width = batch.game.hand_stride, batch.game.hand_width
    texts = batch.texts
    boards: Sequence[str | None] | None = batch.boards if batch.game.board_cards else None
    most_players = (max(map(len, texts), default=0) + 1) // stride
    if dialect == "postgresql":
        each_winner = [None] * len(texts) if winners is None else [
            winner if winner >= 0 else None for winner in winners.tolist()]
        return StagedDeals(
            dataset_id, first_id,
            [(first_id + i, dataset_id, line_no, winner, board)
             for i, (line_no, winner, board) in enumerate(zip(
                 batch.line_nos, each_winner, boards or [None] * len(texts), strict=True))],
            [(first_id + i, player, text[start:start + width])
             for i, text in enumerate(texts)
             for player, start in enumerate(range(0, len(text), stride), start=1)],
            most_players, width, boards is not None)
    # Line number and winner packed in one integer, the winner as winner + 1 (0: none).
    packed = np.asarray(batch.line_nos, dtype=np.int64) << _WINNER_BITS
    if winners is not None:
        packed |= np.maximum(winners, -1) + 1
    # A list of ints prints as a JSON array, faster than json.dumps writes it. With boards,
    # each deal is "packed:board", which SQLite's CAST reads up to the colon.
    deals = (str(packed.tolist()) if boards is None else
             json.dumps([f"{number}:{board}"
                         for number, board in zip(packed.tolist(), boards, strict=True)]))
    return StagedDeals(dataset_id, first_id, deals, json.dumps(texts), most_players, width,
                       boards is not None)


def insert_deals(connection: Connection, staged: StagedDeals) -> None:
    """The staged deals, then their hands."""
    if connection.dialect.name == "postgresql":
        _copy(connection, "deals", ("id", "dataset_id", "line_no", "winner", "board"),
              staged.deals)
        _copy(connection, "hand_cards", ("deal_id", "player", "cards"), staged.hands)
        return
    packed, board = (("CAST(value AS INTEGER)", "substr(value, instr(value, ':') + 1)")
                     if staged.with_board else ("value", "NULL"))
    connection.exec_driver_sql(
        "INSERT INTO deals (id, dataset_id, line_no, winner, board) "
        f"SELECT ? + key, ?, {packed} >> {_WINNER_BITS}, "
        f"nullif({packed} & {(1 << _WINNER_BITS) - 1}, 0) - 1, {board} FROM json_each(?)",
        (staged.first_id, staged.dataset_id, staged.deals))
    # Each hand is cut out of its deal's text in SQL. CROSS JOIN keeps deals in the outer
    # loop, so rows arrive in key order; the inner loop counts only to the batch's most players.
    stride = staged.hand_width + 1
    connection.exec_driver_sql(
        "WITH RECURSIVE players(player) AS "
        "(SELECT 1 UNION ALL SELECT player + 1 FROM players WHERE player < ?) "
        "INSERT INTO hand_cards (deal_id, player, cards) "
        f"SELECT ? + deal.key, players.player, "
        f"substr(deal.value, {stride} * (players.player - 1) + 1, {staged.hand_width}) "
        "FROM json_each(?) AS deal CROSS JOIN players "
        f"WHERE {stride} * players.player <= length(deal.value) + 1",
        (staged.most_players, staged.first_id, staged.hands))


@dataclass(frozen=True)
class StagedInts:
    """Integer columns made ready, by stage_ints, to become a relation (see `relation`)."""

    columns: Mapping[str, int | None]  # name -> width in bits; the first None
    payload: Any  # SQLite: a JSON array of packed integers; PostgreSQL: rows for COPY


def stage_ints(dialect: str, columns: Mapping[str, int | None],
               values: Sequence[IntColumn]) -> StagedInts:
    """Columns of integers ready for one INSERT ... SELECT or UPDATE ... FROM on `dialect`.
    `columns` maps each name to its width in bits, the first to None (it takes the bits above
    the others'). Needs no connection, so it can be done ahead on another thread.

    On SQLite each row's integers are packed into one, so the relation is a JSON array of
    plain numbers that json_each reads in C; arrays of arrays cost four times as much to read.
    On PostgreSQL it is a temporary table filled by COPY.
    """
    if dialect == "postgresql":
        return StagedInts(columns, list(zip(*(column.tolist() for column in values),
                                            strict=True)))
    packed = np.zeros(len(values[0]), dtype=np.int64)
    shift = 0
    for (name, bits), column in reversed(list(zip(columns.items(), values, strict=True))):
        if bits is not None and (column.min(initial=0) < 0 or column.max(initial=0) >> bits):
            raise ValueError(f"{name} does not fit in {bits} bits")
        packed |= column.astype(np.int64) << shift
        shift += bits or 0
    # A list of ints prints as a JSON array, faster than json.dumps writes it.
    return StagedInts(columns, str(packed.tolist()))


@contextmanager
def relation(connection: Connection,
             staged: StagedInts) -> Iterator[tuple[str, dict[str, str]]]:
    """The staged columns as a relation: its SQL for a FROM clause, and the parameters to
    execute that SQL with (through `text`)."""
    names = list(staged.columns)
    if connection.dialect.name == "postgresql":
        table = f"pokerdb_staged_{next(_staging_names)}"
        connection.exec_driver_sql(
            f"CREATE TEMPORARY TABLE {table} ({', '.join(f'{n} BIGINT' for n in names)})")
        _copy(connection, table, names, staged.payload)
        try:
            yield table, {}
        finally:
            connection.exec_driver_sql(f"DROP TABLE {table}")
        return
    fields = []
    shift = 0
    for name, bits in reversed(list(staged.columns.items())):
        mask = f" & {(1 << bits) - 1}" if bits is not None else ""
        fields.append(f"(value >> {shift}){mask} AS {name}" if shift else f"value{mask} AS {name}")
        shift += bits or 0
    yield (f"(SELECT {', '.join(reversed(fields))} FROM json_each(:staged_ints))",
           {"staged_ints": staged.payload})


@dataclass(frozen=True)
class StagedWinners:
    """Winners of deals first..last made ready, by stage_winners, for set_winners."""

    first: int
    last: int
    # SQLite: one byte per deal id from first to last, "0" + its winner or a space for none
    # (a deal left as it is); PostgreSQL: staged (deal_id, winner) rows.
    payload: Any


def stage_winners(dialect: str, first: int, last: int, deal_ids: IntColumn,
                  winners: IntColumn) -> StagedWinners:
    """The winners of some deals between first and last; needs no connection."""
    if dialect == "postgresql":
        return StagedWinners(first, last, stage_ints(
            dialect, {"deal_id": None, "winner": _WINNER_BITS}, [deal_ids, winners]))
    codes = np.full(last - first + 1, _UNDECIDED, dtype=np.uint8)
    codes[deal_ids - first] = _WINNER_ZERO + winners
    return StagedWinners(first, last, codes.tobytes())


def set_winners(connection: Connection, staged: StagedWinners) -> None:
    """Set the staged winners; the other deals between first and last keep theirs."""
    if connection.dialect.name == "postgresql":
        with relation(connection, staged.payload) as (rows, parameters):
            # The id range lets PostgreSQL read just these deals, not hash-join them all.
            connection.execute(text(
                f"UPDATE deals SET winner = staged.winner FROM {rows} AS staged "
                f"WHERE deals.id = staged.deal_id AND deals.id BETWEEN :first AND :last"),
                {**parameters, "first": staged.first, "last": staged.last})
        return
    # Each deal reads its byte by offset in one pass over the id range: half the time of
    # joining the deals to a JSON array of (id, winner).
    connection.exec_driver_sql(
        "UPDATE deals SET winner = coalesce(nullif(unicode(CAST(substr(?1, id - ?2 + 1, 1) "
        f"AS TEXT)), {_UNDECIDED}) - {_WINNER_ZERO}, winner) WHERE id BETWEEN ?2 AND ?3",
        (staged.payload, staged.first, staged.last))


def lock_for_append(connection: Connection, table: Table) -> None:
    """Serialise writers that allocate ids from max(id), and those that rewrite rows an append
    could add to mid-way (evaluate's windows). SQLite's BEGIN IMMEDIATE already has."""
    if connection.dialect.name == "postgresql":
        connection.exec_driver_sql(f"LOCK TABLE {table.name} IN SHARE ROW EXCLUSIVE MODE")


_MIGRATION_LOCK_KEY = int.from_bytes(b"pokerdb", "big")  # any key every pokerdb process shares


def lock_for_migration(connection: Connection) -> None:
    """Serialise schema upgrades: processes opening a new PostgreSQL database at once would each
    create the tables. SQLite's BEGIN IMMEDIATE already has; the lock ends with the transaction."""
    if connection.dialect.name == "postgresql":
        connection.exec_driver_sql(f"SELECT pg_advisory_xact_lock({_MIGRATION_LOCK_KEY})")


def fetch_int_columns(connection: Connection,
                      statement: Select[Any]) -> list[npt.NDArray[np.int64]]:
    """The columns of a Core SELECT of integers, each as an array. SQLite hands each column
    over as one JSON array that numpy parses in C: fetching a million row tuples, or parsing
    with json, costs several times as much. SQL promises no order inside an aggregate, but the
    columns keep the same order as each other."""
    if connection.dialect.name != "sqlite":
        rows = connection.execute(statement).all()
        empty: list[Any] = [[] for _ in statement.selected_columns]
        return [np.array(column, dtype=np.int64)
                for column in list(zip(*rows, strict=True)) or empty]
    rows_in_order = statement.subquery()
    arrays = connection.execute(
        select(*(func.json_group_array(column) for column in rows_in_order.c))).one()
    return [_int_array(array) for array in arrays]


def fetch_keyed_text(connection: Connection,
                     statement: Select[Any]) -> tuple[npt.NDArray[np.int64], str]:
    """The integer keys and text values of a Core SELECT of (key, value) rows: the keys as an
    array (see fetch_int_columns), the values joined into one string (meant for values of
    one width), in the same order."""
    if connection.dialect.name != "sqlite":
        rows = connection.execute(statement).all()
        return (np.array([key for key, _ in rows], dtype=np.int64),
                "".join(value for _, value in rows))
    rows_in_order = statement.subquery()
    key, value = rows_in_order.c
    keys, values = connection.execute(
        select(func.json_group_array(key), func.group_concat(value, ""))).one()
    return _int_array(keys), values or ""


def _int_array(json_array: str) -> npt.NDArray[np.int64]:
    """SQLite's json_group_array of integers ("[1,2,3]"), parsed by numpy."""
    return np.fromstring(json_array[1:-1], dtype=np.int64, sep=",")


@contextmanager
def without_cycle_collection() -> Iterator[None]:
    """For a bulk load or rewrite: millions of small row objects, none of them in reference
    cycles, over which the cyclic garbage collector's passes cost a third of an import
    (2.3 s per million deals)."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()
