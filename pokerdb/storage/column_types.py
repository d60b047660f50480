"""The column types of pokerdb's schema (storage.schema) that differ by backend or carry
more than SQLAlchemy's own: deal ids, times in UTC, and exact amounts."""

from datetime import UTC, datetime
from decimal import Decimal
from typing import Any

from sqlalchemy import BigInteger, DateTime, Integer, Numeric, TypeDecorator
from sqlalchemy.dialects import sqlite
from sqlalchemy.engine import Dialect
from sqlalchemy.types import TypeEngine

from pokerdb.rules.money import AMOUNT_PLACES, AMOUNT_SCALE

# Deal ids outgrow 32 bits on a server; SQLite's INTEGER PRIMARY KEY is already 64-bit and must
# stay spelled INTEGER to remain the rowid.
DealId = BigInteger().with_variant(Integer(), "sqlite")

class UtcDateTime(TypeDecorator[datetime]):
    """A time in UTC, read back with its zone on every backend. SQLite stores it as the text
    PostgreSQL prints for it, '2026-11-30T18:31:16.353453+00:00', so that a query shows the
    same on both."""

    impl = DateTime(timezone=True)
    cache_ok = True
    SQLITE_FORMAT = ("%(year)04d-%(month)02d-%(day)02dT%(hour)02d:%(minute)02d:%(second)02d"
                     ".%(microsecond)06d+00:00")

    def load_dialect_impl(self, dialect: Dialect) -> TypeEngine[Any]:
        if dialect.name == "sqlite":
            return dialect.type_descriptor(sqlite.DATETIME(  # type: ignore[no-untyped-call]
                storage_format=self.SQLITE_FORMAT,
                regexp=r"(\d+)-(\d+)-(\d+)[T ](\d+):(\d+):(\d+)(?:\.(\d+))?"))
        return dialect.type_descriptor(DateTime(timezone=True))

    def process_bind_param(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        return None if value is None else value.astimezone(UTC)

    def process_result_value(self, value: datetime | None,
                             dialect: Dialect) -> datetime | None:
        if value is None or value.tzinfo is not None:
            return value
        return value.replace(tzinfo=UTC)


class Amount(TypeDecorator[int | Decimal]):
    """An amount of money, exact: stored on both backends as a 64-bit whole number of
    ten-thousandths of its money (rules.money.AMOUNT_SCALE), so that SQL adds amounts as
    integers, exactly; read back through this type as the amount itself (`amount_of`), and
    bound from one (an int, a Decimal of at most four places). Writers that bind rows
    themselves (steps.hand_rows) write the stored count."""

    impl = BigInteger
    cache_ok = True

    def process_bind_param(self, value: int | Decimal | None,
                           dialect: Dialect) -> int | None:
        if value is None:
            return None
        stored = Decimal(value) * AMOUNT_SCALE
        if stored != stored.to_integral_value():
            raise ValueError(f"{value} is finer than a ten-thousandth")
        return int(stored)

    def process_result_value(self, value: int | None,
                             dialect: Dialect) -> int | Decimal | None:
        return None if value is None else amount_of(value)


class DecimalAmount(Amount):
    """An Amount read back as a Decimal of four places, whole ones too (15000: 1.5000)."""

    cache_ok = True

    def process_result_value(self, value: int | None,
                             dialect: Dialect) -> Decimal | None:
        return None if value is None else Decimal(int(value)).scaleb(-AMOUNT_PLACES)


class ShownAmount(TypeDecorator[int | Decimal]):
    """An amount as a view shows it (view_columns.amount_sql): read back as amount_of reads a
    stored one, from PostgreSQL's numeric or the nearest double SQLite gives (whose shortest
    text is the amount's, to 15 significant digits)."""

    impl = Numeric(asdecimal=False)
    cache_ok = True

    def process_result_value(self, value: float | Decimal | None,
                             dialect: Dialect) -> int | Decimal | None:
        if value is None:
            return None
        exact = Decimal(repr(value)) if isinstance(value, float) else Decimal(value)
        return int(exact) if exact == exact.to_integral_value() else exact.normalize()


def amount_of(stored: int) -> int | Decimal:
    """The amount a stored count of ten-thousandths stands for: an int when whole, else the
    exact Decimal without trailing zeros (15000: 1.5)."""
    whole, part = divmod(int(stored), AMOUNT_SCALE)
    if not part:
        return whole
    return (Decimal(int(stored)) / AMOUNT_SCALE).normalize()
