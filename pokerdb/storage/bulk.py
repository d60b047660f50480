"""The fastest write path each backend offers. All dialect-specific code lives here.

On SQLite the bulk of the data goes in as one JSON array per statement, which SQLite's
json_each unpacks in C: binding each row through `executemany` costs twice as long (6.6 s
against 2.7 s for a million deals). PostgreSQL takes COPY, each batch one block of text that
numpy lays out (copy_block). Bulk reads come back as one value per column, which numpy reads
(fetch_int_columns). Everything runs inside the caller's transaction, so a failure later in
the same transaction still leaves nothing behind.
"""

import gc
import json
import tempfile
from collections.abc import Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import IO, Any

import numpy as np
import numpy.typing as npt
from sqlalchemy import (
    BigInteger,
    Connection,
    Select,
    Table,
    cast,
    func,
    literal_column,
    select,
    text,
)

from pokerdb.formats.input import DealBatch
from pokerdb.rules.evaluator import BEST_BITS, KEY_BITS, KEY_SLOTS
from pokerdb.rules.games import PLAYER_BITS

Row = Sequence[Any]
IntColumn = npt.NDArray[np.integer[Any]]
IntArray = npt.NDArray[np.int64]

_WINNER_BITS = PLAYER_BITS  # of a packed winner (0..MAX_PLAYERS), or of a winner + 1
_UNDECIDED, _WINNER_ZERO = ord(" "), ord("0")  # the bytes of stage_winners' payload
STRENGTH_BITS = KEY_BITS * (KEY_SLOTS + 1)  # the category's field as wide as a rank's
# On SQLite each hand value is staged as one integer packing its deal's offset from the first
# deal staged, its player, strength and best into 63 bits, so one staging holds at most
# 2 ** OFFSET_BITS deals.
OFFSET_BITS = 63 - PLAYER_BITS - STRENGTH_BITS - BEST_BITS
_VALUE_FIELDS = {"deal": OFFSET_BITS, "player": PLAYER_BITS, "strength": STRENGTH_BITS}
# A window with boards packs each hand's best five too; without, leaving them out keeps the
# numbers short, and json_each reads them a fifth faster.
_VALUE_FIELDS_WITH_BEST = {**_VALUE_FIELDS, "best": BEST_BITS}
DEAL_COLUMNS = ("id", "dataset_id", "line_no", "winner", "board")
HAND_COLUMNS = ("deal_id", "player", "cards")
VALUE_COLUMNS = ("deal_id", "player", "strength", "best")


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
          rows: Iterable[Row] | bytes) -> None:
    """COPY rows into a table: a block of COPY text (copy_block) in one write, or row tuples
    that psycopg formats one by one (for the small writes)."""
    driver = connection.connection.driver_connection
    statement = f"COPY {table} ({', '.join(columns)}) FROM STDIN"
    with driver.cursor() as cursor, cursor.copy(statement) as copy:  # type: ignore[union-attr]
        if isinstance(rows, bytes):
            copy.write(rows)
            return
        for row in rows:
            copy.write_row(row)


# A column of a block of COPY text: each row's field as bytes, left-aligned in the rows of a
# matrix, and how many of them each row uses (None: all, every field as wide as the matrix).
Field = tuple[npt.NDArray[np.uint8], IntArray | None]
_NULL = np.frombuffer(b"\\N", dtype=np.uint8)  # NULL in COPY's text format
_POWERS_OF_TEN = 10 ** np.arange(18, -1, -1, dtype=np.int64)


def int_field(values: IntColumn, null: npt.NDArray[np.bool_] | None = None) -> Field:
    """Non-negative integers as decimal digits, zero-padded to one width (COPY reads "007" as
    7, so the rows stay of one width); NULL where `null` is true (at least two digits wide,
    the width of NULL's two characters)."""
    values = np.asarray(values, dtype=np.int64)
    if values.min(initial=0) < 0:
        raise ValueError("a COPY integer field takes non-negative integers")
    width = max(len(str(int(values.max(initial=0)))), 1 if null is None else 2)
    digits = (values[:, None] // _POWERS_OF_TEN[-width:] % 10 + ord("0")).astype(np.uint8)
    if null is None or not null.any():
        return digits, None
    digits[null, :2] = _NULL
    return digits, np.where(null, 2, width)


def text_field(texts: Sequence[str | None]) -> Field:
    """Texts of card characters (nothing that COPY must escape), NULL for None."""
    spelled = [b"\\N" if value is None else value.encode("ascii") for value in texts]
    lengths = np.fromiter(map(len, spelled), dtype=np.int64, count=len(spelled))
    width = int(lengths.max(initial=0))
    matrix = (np.array(spelled, dtype=f"S{max(width, 1)}").view(np.uint8)
              .reshape(len(spelled), -1)[:, :width])
    return matrix, None if (lengths == width).all() else lengths


def copy_block(*fields: Field) -> bytes:
    """Rows of COPY's text format, each of one value of every field: numpy lays out every row
    at once, where psycopg's write_row formats row by row in Python (1 us a row)."""
    rows = len(fields[0][0])
    tab, newline = (np.full((rows, 1), ord(byte), dtype=np.uint8) for byte in "\t\n")
    ends = [tab] * (len(fields) - 1) + [newline]
    block = np.concatenate([part for (matrix, _), end in zip(fields, ends, strict=True)
                            for part in (matrix, end)], axis=1)
    if all(lengths is None for _, lengths in fields):
        return block.tobytes()
    keep = np.concatenate([
        part for (matrix, lengths), end in zip(fields, ends, strict=True)
        for part in (np.broadcast_to(np.arange(matrix.shape[1]) < (
            matrix.shape[1] if lengths is None else lengths[:, None]), matrix.shape),
                     np.ones_like(end, dtype=bool))], axis=1)
    return bytes(block[keep])


def hand_keys(batch: DealBatch, first_id: int) -> tuple[IntArray, IntArray]:
    """The deal id and player of each hand of a batch whose deals are numbered from first_id,
    in the order of the batch's texts."""
    hand_counts = (np.fromiter(map(len, batch.texts), dtype=np.int64, count=len(batch.texts))
                   + 1) // batch.game.hand_stride
    deal_ids = np.repeat(np.arange(first_id, first_id + len(batch), dtype=np.int64),
                         hand_counts)
    first_hands = np.repeat(np.cumsum(hand_counts) - hand_counts, hand_counts)
    return deal_ids, np.arange(1, len(deal_ids) + 1) - first_hands


@dataclass(frozen=True)
class StagedDeals:
    """A batch of deals and their hands made ready, by stage_deals, for insert_deals."""

    dataset_id: int
    first_id: int
    # SQLite: a JSON array of line numbers packed with winners (as text followed by ":" and the
    # board, for a game with a board); PostgreSQL: a block of COPY text
    deals: Any
    hands: Any  # SQLite: a JSON array of the deals' texts; PostgreSQL: a block of COPY text
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
        count = len(texts)
        decided = np.full(count, -1) if winners is None else np.asarray(winners)
        deal_ids, players = hand_keys(batch, first_id)
        cards = (np.frombuffer((" ".join(texts) + " ").encode("ascii"), dtype=np.uint8)
                 .reshape(-1, stride)[:, :width])
        return StagedDeals(
            dataset_id, first_id,
            copy_block(int_field(np.arange(first_id, first_id + count)),
                       int_field(np.full(count, dataset_id)),
                       int_field(np.asarray(batch.line_nos)),
                       int_field(np.maximum(decided, 0), decided < 0),
                       text_field(boards or [None] * count)),
            copy_block(int_field(deal_ids), int_field(players), (cards, None)),
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
        _copy(connection, "deals", DEAL_COLUMNS, staged.deals)
        _copy(connection, "hand_cards", HAND_COLUMNS, staged.hands)
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
class StagedValues:
    """Hand values of deals from `first` on, made ready by stage_values for insert_values."""

    first: int
    # SQLite: a JSON array of integers, each packing a hand's fields (_VALUE_FIELDS, and
    # best when some hand has one); PostgreSQL: a block of COPY text
    payload: Any
    with_best: bool


def stage_values(dialect: str, first: int, deal_ids: IntArray, players: IntArray,
                 strength: IntColumn, best: IntColumn) -> StagedValues:
    """The strength (0: none, stored as NULL) and best five (0: none) of each hand, given by
    deal id (first or above) and player; needs no connection."""
    with_best = bool(best.any())
    if dialect == "postgresql":
        return StagedValues(first, copy_block(int_field(deal_ids), int_field(players),
                                              int_field(strength, strength == 0),
                                              int_field(best, best == 0)), with_best)
    if with_best:
        return StagedValues(first, _packed(_VALUE_FIELDS_WITH_BEST, [
            deal_ids - first, players, strength, best]), with_best)
    return StagedValues(first, _packed(_VALUE_FIELDS, [deal_ids - first, players, strength]),
                        with_best)


def insert_values(connection: Connection, staged: StagedValues) -> None:
    """Append the staged hand values: straight into hand_values on PostgreSQL (COPY), from one
    JSON array unpacked by SQLite."""
    if connection.dialect.name == "postgresql":
        _copy(connection, "hand_values", VALUE_COLUMNS, staged.payload)
        return
    fields, best = ((_VALUE_FIELDS_WITH_BEST, "nullif(best, 0)") if staged.with_best
                    else (_VALUE_FIELDS, "NULL"))
    connection.execute(text(
        f"INSERT INTO hand_values (deal_id, player, strength, best) "
        f"SELECT :first + deal, player, nullif(strength, 0), {best} "
        f"FROM {_unpacked(fields)} AS staged"),
        {"staged_ints": staged.payload, "first": staged.first})


class ValueSpool:
    """Hand values staged for PostgreSQL (stage_values), held back in a temporary file instead
    of being stored at once, then stored in one COPY later in the same transaction: the first
    import into a database in one pass builds hand_cards' key before any hand value is in, so
    that adding back the foreign key from hand_values checks no row (keys_built_after). The
    file takes about 40 bytes a hand."""

    def __init__(self, file: IO[bytes]) -> None:
        self._file = file

    def add(self, staged: StagedValues) -> None:
        self._file.write(staged.payload)

    def insert(self, connection: Connection) -> None:
        """COPY every value held back into hand_values."""
        self._file.seek(0)
        driver = connection.connection.driver_connection
        statement = f"COPY hand_values ({', '.join(VALUE_COLUMNS)}) FROM STDIN"
        with driver.cursor() as cursor, cursor.copy(statement) as copy:  # type: ignore[union-attr]
            while block := self._file.read(_SPOOL_BLOCK):
                copy.write(block)


_SPOOL_BLOCK = 1 << 22  # bytes of COPY text sent at once


@contextmanager
def value_spool() -> Iterator[ValueSpool]:
    """A ValueSpool, its file removed at the end."""
    with tempfile.TemporaryFile() as file:
        yield ValueSpool(file)


def _packed(columns: Mapping[str, int], values: Sequence[IntColumn]) -> str:
    """Columns of integers packed into one per row, for SQLite: a JSON array of plain numbers
    that json_each reads in C (arrays of arrays cost four times as much to read). `columns`
    maps each name to its width in bits."""
    packed = np.zeros(len(values[0]), dtype=np.int64)
    shift = 0
    for (name, bits), column in reversed(list(zip(columns.items(), values, strict=True))):
        if column.min(initial=0) < 0 or column.max(initial=0) >> bits:
            raise ValueError(f"{name} does not fit in {bits} bits")
        packed |= column.astype(np.int64) << shift
        shift += bits
    # A list of ints prints as a JSON array, faster than json.dumps writes it.
    return str(packed.tolist())


def _unpacked(columns: Mapping[str, int]) -> str:
    """SQL of a relation reading the columns back out of the :staged_ints parameter, an array
    made by _packed."""
    fields = []
    shift = 0
    for name, bits in reversed(list(columns.items())):
        fields.append(f"(value >> {shift}) & {(1 << bits) - 1} AS {name}")
        shift += bits
    return f"(SELECT {', '.join(reversed(fields))} FROM json_each(:staged_ints))"


@dataclass(frozen=True)
class StagedWinners:
    """Winners of deals first..last made ready, by stage_winners, for set_winners."""

    first: int
    last: int
    # One byte per deal id from first to last: "0" + its winner, or a space for none (a deal
    # left as it is).
    codes: bytes


def stage_winners(first: int, last: int, deal_ids: IntColumn,
                  winners: IntColumn) -> StagedWinners:
    """The winners of some deals between first and last; needs no connection."""
    codes = np.full(last - first + 1, _UNDECIDED, dtype=np.uint8)
    codes[deal_ids - first] = _WINNER_ZERO + winners
    return StagedWinners(first, last, codes.tobytes())


def set_winners(connection: Connection, staged: StagedWinners) -> None:
    """Set the staged winners; the other deals between first and last keep theirs. Each deal
    reads its byte by offset in one pass over the id range: on SQLite half the time of joining
    the deals to a JSON array of (id, winner); on PostgreSQL 3.9 s against 6.3 s for an UPDATE
    ... FROM a temporary table filled by COPY (a million winners, full pages)."""
    if connection.dialect.name == "postgresql":
        code = "get_byte(:codes, (id - :first)::integer)"
        # The deals left as they are are not rewritten: each update adds a row version.
        undecided = (f" AND {code} <> {_UNDECIDED}" if _UNDECIDED in staged.codes else "")
        connection.execute(text(
            f"UPDATE deals SET winner = {code} - {_WINNER_ZERO} "
            f"WHERE id BETWEEN :first AND :last{undecided}"),
            {"codes": staged.codes, "first": staged.first, "last": staged.last})
        return
    connection.exec_driver_sql(
        "UPDATE deals SET winner = coalesce(nullif(unicode(CAST(substr(?1, id - ?2 + 1, 1) "
        f"AS TEXT)), {_UNDECIDED}) - {_WINNER_ZERO}, winner) WHERE id BETWEEN ?2 AND ?3",
        (staged.codes, staged.first, staged.last))


def lock_for_append(connection: Connection, table: Table) -> None:
    """Serialise writers that allocate ids from max(id), and those that rewrite rows an append
    could add to mid-way (evaluate's windows). SQLite's BEGIN IMMEDIATE already has."""
    if connection.dialect.name == "postgresql":
        connection.exec_driver_sql(f"LOCK TABLE {table.name} IN SHARE ROW EXCLUSIVE MODE")


@contextmanager
def keys_built_after(connection: Connection, keys: Sequence[Table],
                     indexes: Sequence[Table] = ()) -> Iterator[None]:
    """For a bulk writer filling tables that hold no rows yet (the first import into a
    database), on PostgreSQL: the primary keys of `keys` (with the foreign keys that refer to
    them) and the other indexes of `keys` and `indexes` are dropped, and built again once the
    rows are in, in the same transaction, from the definitions the database had. One sorted
    build costs a third of adding each row to a B-tree (2,000,000 hands: 0.4 s against 1.2
    s), which is how pg_restore loads too. Building them checks every row as adding each row
    would have. The tables are locked (ACCESS EXCLUSIVE) until the transaction ends: readers
    wait for the first import instead of seeing nothing. Nothing happens on SQLite, or after
    the block fails: the transaction rolls the drops back."""
    if connection.dialect.name != "postgresql" or not (keys or indexes):
        yield
        return
    names = {"keys": [table.name for table in keys],
             "tables": [table.name for table in (*keys, *indexes)]}
    # Only a table's owner may alter it; every other role adds each row to the indexes.
    if not connection.scalar(text(
            "SELECT bool_and(pg_has_role(relowner, 'USAGE')) FROM pg_class WHERE oid IN "
            "(SELECT unnest(CAST(:tables AS regclass[])) UNION SELECT conrelid "
            "FROM pg_constraint WHERE confrelid = ANY(CAST(:keys AS regclass[])))"), names):
        yield
        return
    connection.exec_driver_sql(f"LOCK TABLE {', '.join(names['tables'])} IN ACCESS EXCLUSIVE MODE")
    # (table, name, definition) of the constraints to build again, primary keys first.
    constraints = connection.execute(text(
        "SELECT conrelid::regclass::text, conname, pg_get_constraintdef(oid) FROM pg_constraint "
        "WHERE (contype = 'p' AND conrelid = ANY(CAST(:keys AS regclass[]))) "
        "OR (contype = 'f' AND confrelid = ANY(CAST(:keys AS regclass[]))) "
        "ORDER BY contype DESC, conname"), names).all()
    plain_indexes = connection.execute(text(
        "SELECT indexrelid::regclass::text, pg_get_indexdef(indexrelid) FROM pg_index "
        "WHERE indrelid = ANY(CAST(:tables AS regclass[])) AND NOT EXISTS "
        "(SELECT FROM pg_constraint WHERE conindid = indexrelid) ORDER BY 1"), names).all()
    for table, name, _ in reversed(constraints):
        connection.exec_driver_sql(f'ALTER TABLE {table} DROP CONSTRAINT "{name}"')
    for name, _ in plain_indexes:
        connection.exec_driver_sql(f"DROP INDEX {name}")
    yield
    # Sorting a B-tree's entries in memory instead of in files on disk.
    connection.exec_driver_sql("SET LOCAL maintenance_work_mem = '256MB'")
    for table, name, definition in constraints:
        connection.exec_driver_sql(f'ALTER TABLE {table} ADD CONSTRAINT "{name}" {definition}')
    for _, definition in plain_indexes:
        connection.exec_driver_sql(definition)


def lock_for_bulk_write(connection: Connection) -> None:
    """lock_for_append on deals for a bulk writer (import, evaluate), and on PostgreSQL the
    rest of its transaction skips the foreign keys' per-row triggers, when the role may
    (may_skip_reference_triggers). They took four fifths of an import and of an evaluate (a
    million deals: 24 s of 30 s to COPY deals and hands, 15 s of 19 s to COPY hand values).
    The constraints stay, and every other writer is checked row by row. These writers'
    references hold by construction: an import's rows refer to the dataset and deals it
    inserts in the same transaction, evaluate's hand values to hands it has read, which a lock
    on hand_cards, taken here, keeps until it commits. One round trip: evaluate takes these
    locks once a window, and each statement waits for Python's lock while the thread reading
    the next window holds it (5 ms)."""
    if connection.dialect.name != "postgresql":
        return
    statements = ["LOCK TABLE deals IN SHARE ROW EXCLUSIVE MODE"]
    info = connection.connection.info  # the role's right, asked once a connection
    if "may_skip_reference_triggers" not in info:
        info["may_skip_reference_triggers"] = may_skip_reference_triggers(connection)
    if info["may_skip_reference_triggers"]:
        statements += ["LOCK TABLE hand_cards IN SHARE ROW EXCLUSIVE MODE",
                       "SET LOCAL session_replication_role = replica"]
    connection.exec_driver_sql("; ".join(statements))


def may_skip_reference_triggers(connection: Connection) -> bool:
    """Whether the role may switch off trigger firing (session_replication_role): a superuser,
    or a role granted `SET ON PARAMETER session_replication_role` (PostgreSQL 15 or newer)."""
    version = connection.dialect.server_version_info or (0,)
    return version >= (15,) and bool(connection.scalar(text(
        "SELECT has_parameter_privilege('session_replication_role', 'SET')")))


_MIGRATION_LOCK_KEY = int.from_bytes(b"pokerdb", "big")  # any key every pokerdb process shares


def lock_for_migration(connection: Connection) -> None:
    """Serialise schema upgrades: processes opening a new PostgreSQL database at once would each
    create the tables. SQLite's BEGIN IMMEDIATE already has; the lock ends with the transaction."""
    if connection.dialect.name == "postgresql":
        connection.exec_driver_sql(f"SELECT pg_advisory_xact_lock({_MIGRATION_LOCK_KEY})")


def fetch_int_columns(connection: Connection,
                      statement: Select[Any]) -> list[npt.NDArray[np.int64]]:
    """The columns of a Core SELECT of integers, each as an array. The database hands each
    column over in one value that numpy reads in C: on SQLite a JSON array, on PostgreSQL the
    integers' 8-byte binary forms run together in one bytea. Fetching a million row tuples,
    parsing with json, or reading a COPY (one message per row) costs several times as much.
    SQL promises no order inside an aggregate, but the columns keep the same order as each
    other. PostgreSQL is not even asked for the statement's order: its planner sorted the rows
    of a bitmap scan, half the server's time to read a window of hands, and callers sort
    what comes back out of order anyway."""
    if connection.dialect.name == "postgresql":
        packed = connection.execute(select(*(
            func.string_agg(func.int8send(cast(column, BigInteger)), literal_column("''::bytea"))
            for column in statement.order_by(None).subquery().c))).one()
        return [np.frombuffer(column or b"", dtype=">i8").astype(np.int64) for column in packed]
    rows_in_order = statement.subquery()
    arrays = connection.execute(
        select(*(func.json_group_array(column) for column in rows_in_order.c))).one()
    return [_int_array(array) for array in arrays]


def fetch_keyed_text(connection: Connection,
                     statement: Select[Any]) -> tuple[npt.NDArray[np.int64], str]:
    """The integer keys and text values of a Core SELECT of (key, value) rows: the keys as an
    array (see fetch_int_columns), the values joined into one string (meant for values of
    one width), in the same order (on PostgreSQL whatever order comes, see fetch_int_columns)."""
    if connection.dialect.name == "postgresql":
        key, value = statement.order_by(None).subquery().c
        keys, values = connection.execute(select(
            func.string_agg(func.int8send(cast(key, BigInteger)), literal_column("''::bytea")),
            func.string_agg(value, ""))).one()
        return np.frombuffer(keys or b"", dtype=">i8").astype(np.int64), values or ""
    key, value = statement.subquery().c
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
