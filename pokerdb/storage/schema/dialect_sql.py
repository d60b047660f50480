"""An SQL expression spelled for each backend, for the SQL of a column generated from others
(`Computed`): seats' amounts read from a JSON value (seat_extras), deals' date and time from
integers (deal_clock), which SQLite and PostgreSQL spell differently."""

from collections.abc import Mapping
from typing import Any

from sqlalchemy.ext.compiler import compiles
from sqlalchemy.sql.compiler import SQLCompiler
from sqlalchemy.sql.expression import ColumnElement


class DialectSql(ColumnElement[Any]):
    """An SQL expression as each backend (by its dialect's name) spells it."""

    inherit_cache = False

    def __init__(self, by_dialect: Mapping[str, str]) -> None:
        self.by_dialect = dict(by_dialect)


@compiles(DialectSql)
def _dialect_sql(element: DialectSql, compiler: SQLCompiler, **_: Any) -> str:
    return element.by_dialect[compiler.dialect.name]
