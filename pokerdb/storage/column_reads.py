"""Bulk reads: integer columns, and (key, text) pairs, each column handed over in one value
that numpy reads in C instead of as a row tuple per row.
"""

from typing import Any

import numpy as np
import numpy.typing as npt
from sqlalchemy import BigInteger, Connection, Select, cast, func, literal_column, select


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

