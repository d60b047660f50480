"""deals.site_values (revision 0038, storage.schema.site_values): the columns of a deal that a
site's hand fills and a HandHQ hand leaves NULL held by one value, and the columns of those
names generated from it. What import writes reads back through them exactly, on each backend,
and revision 0038's SQL makes the same value of them as columns."""

import inspect as python_inspect
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy import Engine
from test_deal_extras import amounts, reads_back
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
    reads_back(probe, rows, SITE_VALUES, list(SITE_COLUMNS), site_values, site_values_sql)
