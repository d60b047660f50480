"""The column types of pokerdb's schema (storage.schema) that differ by backend or carry
more than SQLAlchemy's own: deal ids, times in UTC, and exact amounts."""

from datetime import UTC, datetime
from typing import Any

from sqlalchemy import BigInteger, DateTime, Integer, Numeric, TypeDecorator
from sqlalchemy.dialects import sqlite
from sqlalchemy.engine import Dialect
from sqlalchemy.types import TypeEngine

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


# Amounts of recorded hands are exact decimals in the file's unit (chips or currency), read back
# as numbers (int or float): SQLite has no exact decimals to give.
Amount = Numeric(asdecimal=False)
