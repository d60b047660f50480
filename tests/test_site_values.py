"""deals.site_values (revision 0038, storage.schema.site_values): the columns of a deal that a
site's hand fills and a HandHQ hand leaves NULL held by one value, and the columns of those
names generated from it. What import writes reads back through them exactly, on each backend,
and revision 0038's SQL makes the same value of them as columns."""

import inspect as python_inspect
import json
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy import Engine, text
from test_deal_extras import amounts
from test_seat_extras import probe_table

from pokerdb.storage.schema import deals
from pokerdb.storage.schema.site_values import (
    SITE_COLUMNS,
    SITE_VALUES,
    site_values,
    site_values_sql,
)

# Any text either backend holds (PostgreSQL's hold no NUL): quotes, backslashes, controls and
# letters beyond ASCII among them.
_TEXTS = st.none() | st.text(st.characters(blacklist_categories=["Cs"],
                                           blacklist_characters="\x00"), max_size=30)
_SEATS = st.none() | st.integers(-(1 << 15), (1 << 15) - 1)
# A deal's values of SITE_COLUMNS, in its order.
deal_values = st.tuples(*(_SEATS if kind == "SMALLINT" else amounts if kind == "BIGINT"
                          else _TEXTS for kind in SITE_COLUMNS.values()))


@pytest.fixture
def probe(db_url: str) -> Iterator[Engine]:
    """deals' `site_values` and the columns generated from it (probe_table)."""
    yield from probe_table(db_url, deals, (SITE_VALUES, *SITE_COLUMNS))


def test_site_values_takes_the_values_in_the_arrays_order() -> None:
    assert list(python_inspect.signature(site_values).parameters) == list(SITE_COLUMNS)
    assert site_values("PokerStars", 4, 250000, 0, "ET", None) == '["PokerStars",4,250000,0,"ET"]'
    assert site_values(None, None, None, None, None, None) is None


@settings(max_examples=60, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(deal_values, min_size=1, max_size=20))
def test_generated_columns_read_back_what_import_writes(probe: Engine,
                                                        rows: list[tuple[Any, ...]]) -> None:
    """Each deal's values, written as site_values the way import writes them, read back
    exactly through the generated columns; NULL for a deal with none of them, no trailing
    null; and revision 0038's SQL makes the same value of the values as columns."""
    engine = probe
    postgres = engine.dialect.name == "postgresql"
    written = [{"id": index, SITE_VALUES: site_values(*values)}
               for index, values in enumerate(rows)]
    with engine.begin() as connection:
        connection.execute(text("DELETE FROM probe"))
        for row in written:  # JSON text, bound as text on both backends
            connection.execute(text(
                f"INSERT INTO probe (id, {SITE_VALUES}) VALUES (:id, "
                f"{f'CAST(:{SITE_VALUES} AS JSONB)' if postgres else f':{SITE_VALUES}'})"), row)
        read = connection.execute(text(
            f"SELECT {', '.join(SITE_COLUMNS)}, {site_values_sql(engine.dialect.name)} "
            f"{'= ' + SITE_VALUES if postgres else ''} FROM probe ORDER BY id")).all()
    assert [tuple(row[:-1]) for row in read] == rows
    assert [row[-1] for row in read] == ([True if row[SITE_VALUES] is not None else None
                                          for row in written] if postgres
                                         else [row[SITE_VALUES] for row in written])
    for values, row in zip(rows, written, strict=True):
        held = row[SITE_VALUES]
        if held is None:
            assert all(value is None for value in values)
        else:
            array = json.loads(held)
            assert array[-1] is not None and array == list(values[:len(array)])
