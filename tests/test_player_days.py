"""player_days, player_totals by day and site that import keeps, against the seats themselves:
added range by range during imports (into the dataset's own tables on PostgreSQL), after a
removal, its rows are those summed again from every seat, and `pokerdb players` under each
filter (dates and site read player_days) is what every seat summed answers."""

import random
from datetime import date
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import Engine, create_engine, text
from support import succeeds
from test_player_runs import NAMES, START, hands, imported
from typer.testing import CliRunner

from pokerdb.answers.players import player_results
from pokerdb.formats.phh import hand_histories as phh_input
from pokerdb.storage import player_stats, player_sums
from pokerdb.storage.hand_filters import HandFilter
from pokerdb.storage.player_stats import KEPT, TOTAL_SUMS, one_dataset, totals_of_seats

ORDERED = f"ORDER BY {', '.join(KEPT['player_days'])}"


def _rows(engine: Engine, sql: str) -> list[tuple[Any, ...]]:
    with engine.connect() as connection:
        return [tuple(value if value is None or isinstance(value, str) else int(value)
                      for value in row) for row in connection.execute(text(sql))]


def assert_kept(engine: Engine, count: int) -> None:
    """player_days' rows are every seat summed again, `count` hands in all, over some days."""
    columns = ", ".join((*KEPT["player_days"], *TOTAL_SUMS))
    kept = _rows(engine, f"SELECT {columns} FROM player_days {ORDERED}")
    seats = totals_of_seats(table="player_days", dialect=engine.dialect.name)
    summed = _rows(engine, f"SELECT {columns} FROM ({seats}) s {ORDERED}")
    assert kept == summed
    assert sum(row[7] for row in kept) == count * 3  # three seats a hand
    assert len({row[1] for row in kept}) >= 2  # days


def every_seat(within: HandFilter | None) -> str:
    """player_totals as the seats summed under `within` give it (before player_days)."""
    if within is None or not within.needs_deals:
        return original(within)
    return f"(\n{totals_of_seats(within.on_seats('s', 'd'))}) t"


original = player_stats._totals_from


def test_player_days_are_every_seat(runner: CliRunner, db_url: str, tmp_path: Path,
                                    monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(phh_input, "BATCH_HANDS", 2)
    monkeypatch.setattr(player_sums, "HELD_ROWS", 1)
    imported(runner, db_url, tmp_path / "first.txt", hands(random.Random(37), 1000, 60))
    imported(runner, db_url, tmp_path / "second.txt",
             hands(random.Random(38), 2000, 40, START.replace(day=5)))
    engine = create_engine(db_url)
    try:
        assert_kept(engine, 100)
        filters = [HandFilter(since=date(2024, 1, 3)), HandFilter(until=date(2024, 1, 3)),
                   HandFilter(since=date(2024, 1, 3), until=date(2024, 1, 5),
                              currency="USD", game="NT"),
                   HandFilter(site="PokerStars", kind="cash"), HandFilter(site="nowhere"),
                   HandFilter(since=date(2024, 1, 5), player=NAMES[0]),
                   *(HandFilter(**{**vars(one_dataset(engine, name)), "until": date(2024, 1, 5)})
                     for name in ("first.txt", "second.txt"))]
        for within in filters:
            for by in (None, "position", "stakes"):
                found = list(player_results(engine, within, by).rows)
                with monkeypatch.context() as patched:
                    patched.setattr(player_stats, "_totals_from", every_seat)
                    assert found == list(player_results(engine, within, by).rows), (within, by)
                assert within.site == "nowhere" or len(found) > 0
        succeeds(runner, "delete", "first.txt", "--db", db_url)
        assert_kept(engine, 40)
    finally:
        engine.dispose()
