"""`pokerdb export --format parquet`: the relations an analyst reads (datasets, deals, hands,
seats, actions, seat_stats and the three player_stats views) as one Parquet file each, in a
new folder.

Rows are read through a streaming cursor (a server-side one on PostgreSQL) and written
BATCH_ROWS at a time, one row group each, so memory stays flat however many hands there are.
Types are kept: integers as int16/int32/int64 as stored, text as strings, dates, times and
UTC timestamps as such, doubles as float64, and amounts as decimal128(38, 9). PostgreSQL
gives amounts exactly; SQLite stores decimal amounts as binary floats, which are written as
the shortest decimal that reads back as the same float (the amount the file gave, for any
amount of up to 15 significant digits). An amount with more than 9 decimal places cannot be
written and stops the export.

The files are written in a folder beside the output, which takes its name once all are
written (exports.folders): a failed export leaves nothing.
"""

from collections.abc import Iterator, Sequence
from decimal import Decimal
from pathlib import Path
from typing import Any, Final

from sqlalchemy import (
    Boolean,
    Date,
    DateTime,
    Engine,
    Float,
    Integer,
    Numeric,
    Select,
    SmallInteger,
    String,
    Time,
    column,
    select,
    text,
    type_coerce,
)
from sqlalchemy.types import BigInteger, TypeEngine

from pokerdb.errors import PokerdbError
from pokerdb.exports import Written
from pokerdb.exports.folders import new_folder
from pokerdb.storage.engines import reading
from pokerdb.storage.player_stats import GROUPINGS, described_view, one_dataset, stats_select
from pokerdb.storage.schema import actions, datasets, deals, seat_stats, seats
from pokerdb.storage.view_columns import hands

BATCH_ROWS: Final = 65_536
AMOUNT_PRECISION, AMOUNT_SCALE = 38, 9
NEEDS = "pokerdb export --format parquet needs pyarrow: pip install 'pokerdb[parquet]'"
_EXACT_FLOAT: Final = 2.0 ** 53  # every integer below it is a float exactly


def export(engine: Engine, output: Path, dataset: str | None,
           overwrite: bool = False) -> list[Written]:
    """Write the relations of every dataset (or of `dataset`) as Parquet files in the new
    folder `output` (exports.folders: whole or not at all); returns the files written with
    their rows."""
    try:
        import pyarrow  # noqa: F401
    except ImportError:
        raise PokerdbError(NEEDS) from None
    with new_folder(output, overwrite) as partial:
        return [Written(output / f"{name}.parquet",
                        _write(engine, statement, partial / f"{name}.parquet"))
                for name, statement in _relations(engine, dataset)]


def _relations(engine: Engine, dataset: str | None) -> Iterator[tuple[str, Select[Any]]]:
    """Each relation's name and the SELECT of its rows, in key order."""
    postgres = engine.dialect.name == "postgresql"
    within = None if dataset is None else one_dataset(engine, dataset)
    of_dataset = None if within is None else within.dataset_id
    yield "datasets", _select(datasets, postgres, None if of_dataset is None
                              else datasets.c.id == of_dataset, datasets.c.id)
    yield "deals", _select(deals, postgres, None if of_dataset is None
                           else deals.c.dataset_id == of_dataset, deals.c.id)
    for table, order in ((hands, ("deal_id", "player")), (seats, ("deal_id", "player")),
                         (actions, ("deal_id", "seq")), (seat_stats, ("deal_id", "player"))):
        condition = None if within is None else table.c.deal_id.between(
            within.first_deal, within.last_deal)
        yield table.name, _select(table, postgres, condition,
                                  *(table.c[name] for name in order))
    for by, view in GROUPINGS.items():
        described = described_view(by)
        figures = text(stats_select(by, within)).columns(
            *(column(each.name, each.type) for each in described.c)).subquery(view)
        keys = [figures.c.player, *([figures.c[by]] if by else [])]
        yield view, _select(figures, postgres, None, *keys)


def _select(table: Any, postgres: bool, condition: Any, *order: Any) -> Select[Any]:
    """All of the table's columns, amounts as exact decimals on PostgreSQL."""
    columns = [type_coerce(column, Numeric(asdecimal=True)).label(column.name)
               if postgres and _is_amount(column.type) else column for column in table.c]
    statement = select(*columns).order_by(*order)
    return statement if condition is None else statement.where(condition)


def _is_amount(column_type: TypeEngine[Any]) -> bool:
    return isinstance(column_type, Numeric) and not isinstance(column_type, Float)


def _write(engine: Engine, statement: Select[Any], path: Path) -> int:
    """Stream the statement's rows into a Parquet file; returns how many."""
    import pyarrow as pa
    import pyarrow.parquet as pq

    columns = list(statement.selected_columns)
    schema = pa.schema([pa.field(column.name, _arrow_type(column.type)) for column in columns])
    count = 0
    with (reading(engine) as connection,
          pq.ParquetWriter(path, schema, compression="zstd") as writer):
        result = connection.execution_options(stream_results=True, yield_per=BATCH_ROWS) \
            .execute(statement)
        for rows in result.partitions():
            by_column = list(zip(*rows, strict=True))
            writer.write_batch(pa.record_batch(
                [_array(values, field.type, field.name, path.stem)
                 for values, field in zip(by_column, schema, strict=True)], schema=schema))
            count += len(rows)
        if not count:
            writer.write_table(schema.empty_table())
    return count


def _arrow_type(column_type: TypeEngine[Any]) -> Any:
    import pyarrow as pa

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
    if isinstance(column_type, Numeric):
        return pa.decimal128(AMOUNT_PRECISION, AMOUNT_SCALE)
    if isinstance(column_type, DateTime):
        return pa.timestamp("us", tz="UTC")
    if isinstance(column_type, Date):
        return pa.date32()
    if isinstance(column_type, Time):
        return pa.time64("us")
    if isinstance(column_type, String):
        return pa.string()
    impl = getattr(column_type, "impl", None)  # a TypeDecorator: its stored type
    if impl is not None:
        return _arrow_type(impl)
    raise TypeError(f"no Parquet type for {column_type!r}")


def _array(values: Sequence[Any], arrow_type: Any, column: str, relation: str) -> Any:
    """One column of a batch. Amounts read as floats (SQLite) go through their shortest
    decimal text unless all are whole numbers, which convert exactly as they are."""
    import pyarrow as pa
    import pyarrow.compute as pc

    if not pa.types.is_decimal(arrow_type):
        return pa.array(values, arrow_type)
    try:
        if any(isinstance(value, float) for value in values):
            floats = pa.array(values, pa.float64())
            whole = pc.all(pc.and_(pc.equal(pc.floor(floats), floats),
                                   pc.less(pc.abs(floats), _EXACT_FLOAT))).as_py()
            if whole is not False:
                return floats.cast(arrow_type)
            values = [Decimal(repr(value)) if isinstance(value, float) else value
                      for value in values]
        return pa.array(values, arrow_type)
    except (pa.ArrowInvalid, ValueError) as error:
        raise PokerdbError(f"{relation}.{column}: an amount does not fit decimal128("
                           f"{AMOUNT_PRECISION}, {AMOUNT_SCALE}): {error}") from None

