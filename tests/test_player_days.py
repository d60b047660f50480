"""player_days, player_totals by day and site that import keeps, against the seats themselves:
written in parts during imports, after a removal, its rows are those summed again from every
seat, and `pokerdb players` under each filter (dates and site read player_days) is what every
seat summed answers. And every row of the three tables import sums where it lays the rows out
(player_totals, player_days, player_runs: storage.player_sums) is the seats summed again by SQL,
after imports of real and generated files, with workers and without."""

import random
from datetime import date
from pathlib import Path
from typing import Any

import pytest
from handhq_hands import write_handhq  # benchmarks/ (conftest)
from sqlalchemy import Engine, create_engine, text
from support import REPO, succeeds
from test_player_runs import NAMES, START, hands, imported, kept, rebuilt
from typer.testing import CliRunner

from pokerdb.answers.players import player_results
from pokerdb.formats.phh import hand_histories as phh_input
from pokerdb.steps import hand_workers
from pokerdb.storage import player_stats, player_sums
from pokerdb.storage.hand_filters import HandFilter
from pokerdb.storage.player_stats import (
    DAY_TEXTS,
    KEPT,
    TOTAL_SUMS,
    one_dataset,
    totals_of_seats,
)
from pokerdb.storage.summary_keys import texted

DATA = REPO / "tests" / "data"


def _rows(engine: Engine, sql: str) -> list[tuple[Any, ...]]:
    with engine.connect() as connection:
        return [tuple(value if value is None or isinstance(value, str) else int(value)
                      for value in row) for row in connection.execute(text(sql))]


def summed_again(engine: Engine, table: str) -> list[tuple[Any, ...]]:
    """The rows of `table` (player_totals or player_days) as kept, having asserted that they
    are every seat summed again."""
    days = table == "player_days"  # read with its texts (summary_keys.texted)
    key = DAY_TEXTS if days else KEPT[table]
    columns = ", ".join((*key, *TOTAL_SUMS))
    ordered = f"ORDER BY {', '.join(key)}"
    found = _rows(engine, f"SELECT {columns} FROM {texted(table) if days else table} t {ordered}")
    seats = totals_of_seats(table=table, dialect=engine.dialect.name)
    assert found == _rows(engine, f"SELECT {columns} FROM ({seats}) s {ordered}"), table
    return found


def assert_kept(engine: Engine, count: int) -> None:
    """player_days' rows are every seat summed again, `count` hands in all, over some days."""
    found = summed_again(engine, "player_days")
    assert sum(row[7] for row in found) == count * 3  # three seats a hand
    assert len({row[1] for row in found}) >= 2  # days


def every_seat(within: HandFilter | None, named: bool = False,
               players: str | None = None) -> str:
    """player_totals as the seats summed under `within` give it (before player_days), joined
    to the players' names (`named`) and of the `players` as _totals_from gives them."""
    if within is None or not within.needs_deals:
        return original(within, named, players)
    joined = " JOIN player_names n ON n.id = t.name_id" if named else ""
    return (f"(\n{totals_of_seats(within.on_seats('s', 'd'))}) t{joined}"
            f"{f' WHERE {players}' if players else ''}")


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


@pytest.mark.parametrize("workers", ["1", "2"])
def test_every_row_kept_is_every_seat_summed(runner: CliRunner, db_url: str, tmp_path: Path,
                                             monkeypatch: pytest.MonkeyPatch,
                                             workers: str) -> None:
    """Real files of every site (among their hands invalid ones, hands a site cancelled, hands
    stored already, left out of a batch that keeps the others' deal ids), the HandHQ sample and
    generated HandHQ-shaped hands, read in batches of 40 hands, by worker processes or by the
    importing process, and written every 300 rows held: every row of player_totals, player_days
    and player_runs is the stored seats summed again."""
    monkeypatch.setattr(phh_input, "BATCH_HANDS", 40)
    monkeypatch.setattr(player_sums, "HELD_ROWS", 300)
    monkeypatch.setenv(hand_workers.WORKERS_VARIABLE, workers)
    write_handhq(tmp_path / "generated", 2_500, seed=11)
    for folder in (DATA / "pokerstars" / "CashGame", *sorted((DATA / "sites").iterdir()),
                   DATA / "handhq", tmp_path / "generated"):
        succeeds(runner, "import", str(folder), "--skip-invalid", "--quiet", "--db", db_url)
    engine = create_engine(db_url)
    try:
        totals = summed_again(engine, "player_totals")
        days = summed_again(engine, "player_days")
        runs = kept(engine)
        assert runs == rebuilt(engine)
        seats = _rows(engine, "SELECT COUNT(*) FROM seats WHERE name_id IS NOT NULL")[0][0]
        assert sum(row[5] for row in totals) == sum(row[7] for row in days) == sum(
            int(row[4]) for row in runs) == seats > 10_000  # hands
        assert len(totals) > 2_000 and len(days) > len(totals) and len(runs) > 2_000
    finally:
        engine.dispose()
