"""`pokerdb export --format parquet`: the relations an analyst reads (datasets, deals, hands,
seats, actions and seat_stats) as folders of Parquet files, partitioned by where the hands
come from and their month, Hive-style (`deals/format=pokerstars/month=2009-07/part-...`), so
that DuckDB, Spark, polars and Arrow read each relation as one table and skip the partitions a
query filters out. `datasets/` holds one file per export.

An export into a folder that holds an earlier export appends: it writes the datasets the
folder's manifest does not name (exports.parquet_manifest), in new files, and names them.
A dataset's deals are one run of ids, so each relation is read range by range, in key order.
The player statistics are not exported: they are sums over every hand, so they are SQL run on
the files (pokerdb/exports/sql, docs/parquet.md).

Rows are read in one snapshot through a streaming cursor (a server-side one on PostgreSQL) and
written BATCH_ROWS at a time, so memory stays flat however many hands there are. Types are
kept: integers as int16/int32/int64 as stored, text as strings, dates, times and UTC timestamps
as such, doubles as float64, and amounts as decimal128(38, 4), exactly: a table's from the
whole ten-thousandths it stores, a view's (an amount shown) to the ten-thousandth. Every
relation with amounts has their money beside them (`currency`: seats and seat_stats take their
deal's).

The files are written in a folder beside the output, which takes its name once all are
written (exports.folders): a failed or killed export leaves the output as it was.
"""

from collections.abc import Iterator, Sequence
from decimal import Decimal
from pathlib import Path
from typing import Any, Final

from sqlalchemy import (
    Boolean,
    Connection,
    Date,
    DateTime,
    Double,
    Engine,
    Float,
    Integer,
    Numeric,
    Select,
    SmallInteger,
    String,
    Time,
    TypeDecorator,
    func,
    literal,
    select,
    type_coerce,
)
from sqlalchemy.types import BigInteger, TypeEngine

from pokerdb.errors import PokerdbError
from pokerdb.exports import Written
from pokerdb.exports.folders import new_folder
from pokerdb.exports.parquet_files import write_file, write_partitioned
from pokerdb.exports.parquet_manifest import (
    MANIFEST,
    check_same_database,
    read_manifest,
    write_manifest,
)
from pokerdb.rules.money import AMOUNT_PLACES
from pokerdb.storage.column_types import Amount, ShownAmount
from pokerdb.storage.deal_texts import texted
from pokerdb.storage.engines import reading
from pokerdb.storage.packed_actions import actions_view
from pokerdb.storage.packed_counts import seat_stats_view
from pokerdb.storage.player_names import named
from pokerdb.storage.schema import SEAT_LEFT_OUT, datasets, deals, seats
from pokerdb.storage.schema.deal_clock import CLOCK, DAY
from pokerdb.storage.schema.deal_min_bet import MIN_BET_DELTA
from pokerdb.storage.schema.held_values import EXTRAS
from pokerdb.storage.schema.site_values import SITE_VALUES
from pokerdb.storage.view_columns import hands

BATCH_ROWS: Final = 65_536
AMOUNT_PRECISION = 38
NEEDS = "pokerdb export --format parquet needs pyarrow: pip install 'pokerdb[parquet]'"
# The Hive partitions of the relations keyed by deal: the dataset's format ("pokerstars",
# "phh", "pe54", ...) and the hand's month ("2009-07", from its date, else when it was played
# in UTC; "undated" without either). Named so as not to hide a column (deals.source is a
# file's path).
PARTITIONS: Final = ("format", "month")
UNDATED: Final = "undated"
# The relations keyed by deal, each in its key order.
BY_DEAL: Final = ((hands, ("deal_id", "player")), (seats, ("deal_id", "player")),
                  (actions_view, ("deal_id", "seq")), (seat_stats_view, ("deal_id", "player")))
_IDS_A_STATEMENT: Final = 500
# Columns a relation leaves to seat_stats, which shows them (the seats' counts unpacked), so that
# seats and deals keep the columns of the folders exported before revision 0025; and those that
# hold others, which the table shows as the columns generated from them (revisions 0035 to
# 0039): seats' `extras`, deals' `day`, `clock`, `extras`, `site_values` and `min_bet_delta`.
_LEFT_TO_SEAT_STATS: Final = {"seats": SEAT_LEFT_OUT,
                              "deals": ("stakes_id", "big_blind", DAY, CLOCK, EXTRAS,
                                        SITE_VALUES, MIN_BET_DELTA)}


def export(engine: Engine, output: Path, dataset: str | None,
           overwrite: bool = False) -> list[Written]:
    """Write the relations of every dataset (or of `dataset`) that the folder `output` does not
    hold yet as Parquet files in it (made if new; exports.folders: whole or not at all);
    returns each relation's folder with the rows added."""
    try:
        import pyarrow  # noqa: F401
    except ImportError:
        raise PokerdbError(NEEDS) from None
    with new_folder(output, overwrite, appends=MANIFEST) as partial, \
            reading(engine) as connection:
        manifest = read_manifest(partial)
        stored = {int(key): str(sha) for key, sha in connection.execute(
            select(datasets.c.id, datasets.c.sha256))}
        check_same_database(manifest, stored, output)
        new = sorted(key for key in _chosen(connection, stored, dataset)
                     if key not in manifest.datasets)
        manifest.exports += 1
        written = [Written(output / name, _write(connection, statements, partial / name,
                                                 manifest.exports, name != "datasets"))
                   for name, statements in _relations(connection, new)]
        manifest.datasets.update((key, stored[key]) for key in new)
        write_manifest(partial, manifest)
        return written


def _chosen(connection: Connection, stored: dict[int, str], dataset: str | None) -> list[int]:
    """The ids of the datasets to export: all, or the one named `dataset`."""
    if dataset is None:
        return list(stored)
    found = connection.scalar(select(datasets.c.id).where(datasets.c.name == dataset))
    if found is None:
        raise PokerdbError(f"no dataset named '{dataset}' (see: pokerdb datasets)")
    return [int(found)]


def _deal_ranges(connection: Connection, dataset_ids: list[int]) -> list[tuple[int, int]]:
    """The deal ids of the datasets, as few runs as hold them and no other deal: each dataset's
    deals are one run, and two runs with no deal between them are one."""
    runs = sorted((int(low), int(high)) for chunk in _slices(dataset_ids)
                  for low, high in connection.execute(
                      select(func.min(deals.c.id), func.max(deals.c.id))
                      .where(deals.c.dataset_id.in_(chunk)).group_by(deals.c.dataset_id)))
    merged: list[tuple[int, int]] = []
    for low, high in runs:
        if merged and connection.scalar(select(deals.c.id).where(
                deals.c.id.between(merged[-1][1] + 1, low - 1)).limit(1)) is None:
            merged[-1] = (merged[-1][0], high)
        else:
            merged.append((low, high))
    return merged


def _relations(connection: Connection, new: list[int]) -> Iterator[tuple[str, list[Select[Any]]]]:
    """Each relation's name and the SELECTs of its new rows, in key order."""
    postgres = connection.dialect.name == "postgresql"
    yield "datasets", [_select(datasets, postgres, datasets.c.id.in_(chunk), datasets.c.id)
                       for chunk in _slices(new)]
    ranges = _deal_ranges(connection, new)
    yield "deals", [_select(deals, postgres, deals.c.id.between(low, high), deals.c.id)
                    for low, high in ranges]
    for table, order in BY_DEAL:
        yield table.name, [_select(table, postgres, table.c.deal_id.between(low, high),
                                   *(table.c[name] for name in order))
                           for low, high in ranges]


def _select(table: Any, postgres: bool, condition: Any, *order: Any) -> Select[Any]:
    """All of the table's columns: a table's amounts as the integers stored, a view's as exact
    decimals on PostgreSQL and as the doubles SQLite gives; the money of a table of amounts,
    from its deal; and a relation keyed by deal, its partition."""
    columns = [type_coerce(column, _Stored()).label(column.name)
               if isinstance(column.type, Amount)
               else type_coerce(column, Numeric(asdecimal=True) if postgres else _Shown())
               .label(column.name) if _is_amount(column.type) else column
               for column in table.c
               if column.name not in _LEFT_TO_SEAT_STATS.get(table.name, ())]
    statement = select(*columns)
    if table is seats:  # the name's text, in its number's place (revision 0027)
        named_seats, name = named(seats)
        statement = select(*(name.label("name") if column.name == "name_id" else column
                             for column in columns)).select_from(named_seats)
    if table is deals:  # its texts in their numbers' places, as before revision 0029
        deal_texts, text = texted()
        shown = {f"{name}_id": column for name, column in text.items()}
        statement = select(*(shown.get(column.name, column) for column in columns
                             if column.name != "source_key")).select_from(deal_texts)
    if table is not datasets:
        if table is not deals:
            statement = statement.join(deals, deals.c.id == table.c.deal_id)
        if table in (seats, seat_stats_view):
            statement = statement.add_columns(deals.c.currency)
        statement = statement.join(datasets, datasets.c.id == deals.c.dataset_id).add_columns(
            datasets.c.format.label(PARTITIONS[0]), _month(postgres).label(PARTITIONS[1]))
    return statement.where(condition).order_by(*order)


def _month(postgres: bool) -> Any:
    """A deal's month, "2009-07": of its date, else of when it was played (UTC)."""
    if postgres:
        return func.coalesce(func.to_char(deals.c.date, "YYYY-MM"), func.to_char(
            func.timezone("UTC", deals.c.played_at), "YYYY-MM"), literal(UNDATED))
    return func.coalesce(func.substr(type_coerce(deals.c.date, String), 1, 7),
                         func.substr(type_coerce(deals.c.played_at, String), 1, 7),
                         literal(UNDATED))


class _Stored(TypeDecorator[int]):
    """A table's amount read as the whole ten-thousandths it stores (storage.Amount)."""

    impl = BigInteger
    cache_ok = True


class _Shown(TypeDecorator[float]):
    """A view's amount as the double SQLite gives (storage.ShownAmount without its reading)."""

    impl = Double
    cache_ok = True


def _is_amount(column_type: TypeEngine[Any]) -> bool:
    return isinstance(column_type, Numeric | ShownAmount) and not isinstance(column_type, Float)


def _write(connection: Connection, statements: list[Select[Any]], folder: Path, number: int,
           partitioned: bool) -> int:
    """Stream the statements' rows into new Parquet files in `folder` (by partition, or one
    file), named after the export's `number`; returns how many rows."""
    import pyarrow as pa

    if not statements:
        return 0
    columns = list(statements[0].selected_columns)
    schema = pa.schema([pa.field(column.name, _arrow_type(column.type)) for column in columns])
    count = 0

    def batches() -> Iterator[Any]:
        nonlocal count
        streamed = connection.execution_options(stream_results=True, yield_per=BATCH_ROWS)
        for statement in statements:
            for rows in streamed.execute(statement).partitions():
                count += len(rows)
                yield pa.record_batch(
                    [_array(values, field.type, each.type) for
                     values, field, each in zip(zip(*rows, strict=True), schema, columns,
                                                strict=True)], schema=schema)

    name = f"part-{number:05d}-{{i}}.parquet"
    if partitioned:
        write_partitioned(batches(), schema, folder, PARTITIONS, name)
    else:
        folder.mkdir(exist_ok=True)
        write_file(batches(), schema, folder / name.format(i=0))
    return count


def _slices(ids: list[int]) -> Iterator[list[int]]:
    """The ids, _IDS_A_STATEMENT at a time."""
    for start in range(0, len(ids), _IDS_A_STATEMENT):
        yield ids[start:start + _IDS_A_STATEMENT]


def _arrow_type(column_type: TypeEngine[Any]) -> Any:
    import pyarrow as pa

    if isinstance(column_type, _Stored | _Shown | ShownAmount) or _is_amount(column_type):
        return pa.decimal128(AMOUNT_PRECISION, AMOUNT_PLACES)
    if isinstance(column_type, Boolean):
        return pa.bool_()
    if isinstance(column_type, SmallInteger):
        return pa.int16()
    if isinstance(column_type, BigInteger):
        return pa.int64()
    if isinstance(column_type, Integer):
        return pa.int32()
    if isinstance(column_type, Float):
        return pa.float64()
    if isinstance(column_type, DateTime):
        return pa.timestamp("us", tz="UTC")
    if isinstance(column_type, Date):
        return pa.date32()
    if isinstance(column_type, String | Time):  # a time as text: Spark has no TIME
        return pa.string()
        return pa.string()
    impl = getattr(column_type, "impl", None)  # a TypeDecorator: its stored type
    if impl is not None:
        return _arrow_type(impl)
    raise TypeError(f"no Parquet type for {column_type!r}")


def _array(values: Sequence[Any], arrow_type: Any, column_type: TypeEngine[Any]) -> Any:
    """One column of a batch: amounts stored as ten-thousandths (ints) become decimals of
    four places by their digits; a view's amounts (a double on SQLite, whose shortest text
    is the amount, or an exact decimal) to the ten-thousandth; times ISO 8601 text."""
    import pyarrow as pa

    if isinstance(column_type, Time):
        values = [None if value is None else value.isoformat() for value in values]
    if not pa.types.is_decimal(arrow_type):
        return pa.array(values, arrow_type)
    if isinstance(column_type, _Stored):
        return _unscaled(pa.array(values, pa.int64()), arrow_type)
    stored = _doubles_stored(values) if isinstance(column_type, _Shown) else None
    if stored is None:
        stored = pa.array([None if value is None else int(
            (Decimal(repr(value)) if isinstance(value, float) else Decimal(value))
            .scaleb(AMOUNT_PLACES).to_integral_value()) for value in values], pa.int64())
    return _unscaled(stored, arrow_type)


# SQLite's view gives an amount a / 10,000 as the double nearest it; that double times 10,000
# is within a / 2**52 of a, so it rounds to a exactly while |a| stays below this (2**51).
_EXACT_BELOW: Final = 2 ** 51


def _doubles_stored(values: Sequence[Any]) -> Any:
    """A view's amounts given as doubles (SQLite's), as the ten-thousandths they stand for,
    computed by Arrow at once; None for an amount too large to take so."""
    import pyarrow as pa
    import pyarrow.compute as pc

    doubles = pa.array(values, pa.float64())
    scaled = pc.round(pc.multiply(doubles, float(10 ** AMOUNT_PLACES)))
    largest = pc.max(pc.abs(scaled)).as_py()
    if largest is not None and largest >= _EXACT_BELOW:
        return None
    return pc.cast(scaled, pa.int64())


def _unscaled(stored: Any, arrow_type: Any) -> Any:
    """decimal128 values whose unscaled integers are `stored` (int64): each sign-extended to
    the 128 bits of a decimal128."""
    import numpy as np
    import pyarrow as pa

    low = stored.fill_null(0).to_numpy(zero_copy_only=False).astype(np.int64)
    words = np.empty((len(low), 2), dtype=np.int64)
    words[:, 0] = low
    words[:, 1] = low >> 63
    return pa.Array.from_buffers(arrow_type, len(low), [stored.buffers()[0],
                                                        pa.py_buffer(words.tobytes())],
                                 null_count=stored.null_count)
