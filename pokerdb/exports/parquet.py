"""`pokerdb export --format parquet`: the relations an analyst reads (datasets, deals, hands,
seats, actions, seat_stats and the three player_stats views) as one Parquet file each, in a
new folder.

Rows are read through a streaming cursor (a server-side one on PostgreSQL) and written
BATCH_ROWS at a time, one row group each, so memory stays flat however many hands there are.
Types are kept: integers as int16/int32/int64 as stored, text as strings, dates, times and
UTC timestamps as such, doubles as float64, and amounts as decimal128(38, 4), exactly: a
table's from the whole ten-thousandths it stores, a view's (an amount, or a sum turned into
one) to the ten-thousandth. Every relation with amounts has their money beside them
(`currency`: seats and seat_stats take their deal's).

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
    TypeDecorator,
    column,
    select,
    text,
    type_coerce,
)
from sqlalchemy.types import BigInteger, TypeEngine

from pokerdb.errors import PokerdbError
from pokerdb.exports import Written
from pokerdb.exports.folders import new_folder
from pokerdb.rules.money import AMOUNT_PLACES
from pokerdb.storage.column_types import Amount, ShownAmount
from pokerdb.storage.engines import reading
from pokerdb.storage.player_stats import GROUPINGS, described_view, one_dataset, stats_select
from pokerdb.storage.schema import actions, datasets, deals, seat_stats, seats
from pokerdb.storage.view_columns import hands

BATCH_ROWS: Final = 65_536
AMOUNT_PRECISION = 38
NEEDS = "pokerdb export --format parquet needs pyarrow: pip install 'pokerdb[parquet]'"


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
        condition = None if within is None or within.deals is None else \
            table.c.deal_id.between(*within.deals)
        yield table.name, _select(table, postgres, condition,
                                  *(table.c[name] for name in order))
    for by, view in GROUPINGS.items():
        described = described_view(by)
        figures = text(stats_select(by, engine.dialect.name, within)).bindparams(
            **(within.params() if within else {})).columns(
            *(column(each.name, each.type) for each in described.c)).subquery(view)
        keys = [figures.c.player, figures.c.currency, *([figures.c[by]] if by else [])]
        yield view, _select(figures, postgres, None, *keys)


def _select(table: Any, postgres: bool, condition: Any, *order: Any) -> Select[Any]:
    """All of the table's columns: a table's amounts as the integers stored, a view's as exact
    decimals on PostgreSQL; and the money of a table of amounts, from its deal."""
    columns = [type_coerce(column, _Stored()).label(column.name)
               if isinstance(column.type, Amount)
               else type_coerce(column, Numeric(asdecimal=True)).label(column.name)
               if postgres and _is_amount(column.type) else column for column in table.c]
    statement = select(*columns)
    if table in (seats, seat_stats):
        statement = statement.add_columns(deals.c.currency).join(
            deals, deals.c.id == table.c.deal_id)
    statement = statement.order_by(*order)
    return statement if condition is None else statement.where(condition)


class _Stored(TypeDecorator[int]):
    """A table's amount read as the whole ten-thousandths it stores (storage.Amount)."""

    impl = BigInteger
    cache_ok = True


def _is_amount(column_type: TypeEngine[Any]) -> bool:
    return isinstance(column_type, Numeric | ShownAmount) and not isinstance(column_type, Float)


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
                [_array(values, field.type, isinstance(each.type, _Stored))
                 for values, field, each in zip(by_column, schema, columns, strict=True)],
                schema=schema))
            count += len(rows)
        if not count:
            writer.write_table(schema.empty_table())
    return count


def _arrow_type(column_type: TypeEngine[Any]) -> Any:
    import pyarrow as pa

    if isinstance(column_type, _Stored | ShownAmount) or _is_amount(column_type):
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
    if isinstance(column_type, Time):
        return pa.time64("us")
    if isinstance(column_type, String):
        return pa.string()
    impl = getattr(column_type, "impl", None)  # a TypeDecorator: its stored type
    if impl is not None:
        return _arrow_type(impl)
    raise TypeError(f"no Parquet type for {column_type!r}")


def _array(values: Sequence[Any], arrow_type: Any, stored: bool) -> Any:
    """One column of a batch: amounts `stored` as ten-thousandths (ints) become decimals of
    four places by their digits; a view's amounts (a double on SQLite, whose shortest text
    is the amount, or an exact decimal) to the ten-thousandth."""
    import pyarrow as pa

    if not pa.types.is_decimal(arrow_type):
        return pa.array(values, arrow_type)
    if not stored:
        values = [None if value is None else int(
            (Decimal(repr(value)) if isinstance(value, float) else Decimal(value))
            .scaleb(AMOUNT_PLACES).to_integral_value()) for value in values]
    return _unscaled(pa.array(values, pa.int64()), arrow_type)


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
