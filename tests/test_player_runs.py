"""player_runs, the rows import keeps for sessions and a player's page, against the seats
themselves: after imports of hands in and out of order, a second file of the same session, rows
written in parts and a removal, the rows are those summed again from the seats, and the sessions,
nets and biggest hands they give are those of the exact queries, for every filter and gap."""

import json
import random
from datetime import date, datetime, timedelta
from pathlib import Path

import pytest
from cash_hands import cash_hand
from sqlalchemy import Connection, Engine, create_engine, text
from support import named_rows, succeeds
from test_player_stats import phh
from typer.testing import CliRunner

from pokerdb.answers.sessions import exact_sessions, sessions
from pokerdb.formats.phh import hand_histories as phh_input
from pokerdb.storage import player_sums, run_biggest
from pokerdb.storage.hand_filters import HandFilter
from pokerdb.storage.player_runs import RunSums, run_rows
from pokerdb.storage.player_stats import one_dataset
from pokerdb.storage.run_biggest import biggest_value
from pokerdb.storage.run_hands import ROW_COLUMNS, biggest_hands, seat_hands_sql
from pokerdb.storage.sessions import untimed
from pokerdb.storage.summary_keys import texted

NAMES = ("Ann", "Bea", "Col", "Dee")  # none Bo or Cy, whom cash_hand renames
START = datetime(2024, 1, 2, 9, 0)


def hands(rng: random.Random, first: int, count: int, start: datetime = START) -> list[str]:
    """`count` hands numbered from `first`, each 1 to 50 minutes after the one before (so
    sessions split at 30 and at 45 minutes), at two tables, three of four players seated."""
    written, moment = [], start
    for number in range(first, first + count):
        moment += timedelta(minutes=rng.choice((1, 2, 5, 20, 31, 44, 50)),
                            seconds=rng.randrange(60))
        seated = rng.sample(NAMES, 3)
        written.append(cash_hand(number, f"{moment:%Y/%m/%d %H:%M:%S}",
                                 table=rng.choice(("Alpha", "Beta")),
                                 winner=rng.choice(("Ann", "Bo")),
                                 names=(seated[0], seated[1], seated[2])))
    return written


def imported(runner: CliRunner, db_url: str, path: Path, written: list[str]) -> None:
    path.write_text("".join(written))
    succeeds(runner, "import", str(path), "--db", db_url, "--quiet")


def _compared(connection: Connection) -> list[tuple[object, ...]]:
    """player_runs' rows with their texts (not their number in summary_keys), their tables as
    sets, their biggest hands as kept or, for a row that keeps none, read from its seats
    (having asserted that a row's list is its seats')."""
    dialect = connection.dialect.name
    from_seats = biggest_value(dialect, seat_hands_sql(
        dialect, {name: f"r.{name}" for name in ROW_COLUMNS}), "r.first_deal")
    rows = connection.execute(text(f"SELECT r.*, {from_seats} AS from_seats "
                                   f"FROM {texted('player_runs')} r")).mappings().all()
    assert all(row["biggest"] in ("", row["from_seats"]) for row in rows)
    return sorted((*(str(value) for key, value in row.items()
                     if key not in ("key_id", "tables", "biggest", "from_seats")),
                   tuple(sorted(json.loads(row["tables"]))),
                   row["biggest"] or row["from_seats"])
                  for row in rows)


def kept(engine: Engine) -> list[tuple[object, ...]]:
    with engine.connect() as connection:
        return _compared(connection)


def rebuilt(engine: Engine) -> list[tuple[object, ...]]:
    """The rows summed again from every seat at once, in a transaction rolled back."""
    with engine.connect() as connection:
        connection.execute(text("DELETE FROM player_runs"))
        last = connection.execute(text("SELECT MAX(id) FROM deals")).scalar_one()
        sums = RunSums()
        sums.add(connection, 1, int(last))
        sums.flush(connection)
        rows = _compared(connection)
        connection.rollback()
    return rows


def exact_biggest(engine: Engine, name: str) -> list[tuple[int, str, int]]:
    with engine.connect() as connection:
        return [(int(deal), money, int(net)) for deal, money, net in connection.execute(text(
            "SELECT s.deal_id, COALESCE(d.currency, ''), s.net FROM seat_stats s JOIN deals d "
            "ON d.id = s.deal_id WHERE s.name = :name AND s.net IS NOT NULL "
            "ORDER BY ABS(s.net) DESC, s.deal_id LIMIT 10"), {"name": name})]


def assert_exact(engine: Engine, datasets: tuple[str, ...]) -> None:
    """The rows kept are the rows summed again, and what they answer is what every seat
    answers."""
    assert kept(engine) == rebuilt(engine)
    filters = [None, HandFilter(since=date(2024, 1, 3)), HandFilter(until=date(2024, 1, 3)),
               HandFilter(currency="USD"), HandFilter(kind="cash"), HandFilter(site="pokerstars"),
               HandFilter(game="NT"), *(one_dataset(engine, name) for name in datasets)]
    for within in filters:
        for gap in (30, 31, 45, 600):
            found, left_out = sessions(engine, gap, within)
            assert [session.row() for session in found] == [
                session.row() for session in exact_sessions(engine, gap, within)], (gap, within)
            assert left_out == untimed(engine, within)
        for name in NAMES:
            rows = run_rows(engine, within, name)
            with engine.connect() as connection:
                net = connection.execute(text(
                    "SELECT COALESCE(SUM(s.net), 0) FROM seat_stats s JOIN deals d "
                    "ON d.id = s.deal_id WHERE s.name = :name" + "".join(
                        f" AND {condition}" for condition in (
                            within.on_seats("s", "d") if within else []))),
                    {"name": name, **(within.params() if within else {})}).scalar_one()
            assert sum(row.net for row in rows) == net
    for name in NAMES:
        assert biggest_hands(engine, run_rows(engine, None, name), 10) == exact_biggest(
            engine, name)


def test_runs_of_hands_in_and_out_of_order(runner: CliRunner, db_url: str,
                                          tmp_path: Path) -> None:
    """A file in order, one shuffled, a second file of the same session (its hands between
    the first file's), and a PHH hand without a time."""
    rng = random.Random(35)
    first = hands(rng, 1000, 40)
    imported(runner, db_url, tmp_path / "first.txt", first)
    shuffled = hands(rng, 2000, 40, START + timedelta(days=1))
    rng.shuffle(shuffled)
    imported(runner, db_url, tmp_path / "shuffled.txt", shuffled)
    imported(runner, db_url, tmp_path / "second.txt",
             hands(rng, 3000, 30, START + timedelta(minutes=3)))
    folder = tmp_path / "phh"
    folder.mkdir()
    (folder / "a.phh").write_text(phh("NT", ["Ann", "Bo"], [1, 2], ["p2 f"]))
    succeeds(runner, "import", str(folder), "--db", db_url, "--quiet")
    engine = create_engine(db_url)
    try:
        found, left_out = sessions(engine, 30, None, "Ann")
        assert left_out == 1 and len(found) > 3  # the test splits sessions
        assert_exact(engine, ("first.txt", "shuffled.txt", "second.txt", "phh"))
    finally:
        engine.dispose()


@pytest.mark.parametrize("span", [run_biggest.KEPT_SPAN, 0])
def test_runs_written_in_parts_and_removed(runner: CliRunner, db_url: str, tmp_path: Path,
                                          monkeypatch: pytest.MonkeyPatch, span: int) -> None:
    """Rows written every batch of two hands, each added to the rows written before; then the
    second file of a session removed: its rows go with it, the first file's sessions stand
    alone. Every row's biggest hands read from its seats (their deals span fewer than
    KEPT_SPAN ids), or, at a span of 0, kept, merged as they are written."""
    monkeypatch.setattr(phh_input, "BATCH_HANDS", 2)
    monkeypatch.setattr(player_sums, "HELD_ROWS", 1)
    monkeypatch.setattr(run_biggest, "KEPT_SPAN", span)
    rng = random.Random(36)
    written = hands(rng, 1000, 30)
    rng.shuffle(written)
    imported(runner, db_url, tmp_path / "first.txt", written)
    imported(runner, db_url, tmp_path / "second.txt",
             hands(rng, 2000, 30, START + timedelta(minutes=3)))
    engine = create_engine(db_url)
    try:
        with engine.connect() as connection:
            assert connection.execute(text(
                "SELECT COUNT(*), SUM(CASE WHEN biggest = '' THEN 0 ELSE 1 END) "
                "FROM player_runs")).one() == ((99, 0) if span else (99, 99))
        assert_exact(engine, ("first.txt", "second.txt"))
        both = sessions(engine, 30)[0]
        succeeds(runner, "delete", "second.txt", "--db", db_url)
        with engine.connect() as connection:
            assert connection.execute(text(
                "SELECT COUNT(*) FROM player_runs WHERE dataset_id <> 1")).scalar_one() == 0
        assert sessions(engine, 30)[0] != both
        assert_exact(engine, ("first.txt",))
    finally:
        engine.dispose()


def test_totals_written_during_an_import_are_every_seat(
        runner: CliRunner, db_url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """player_totals written while an import stores its deals (after every batch of two hands
    here) holds every seat: the seats summed again after the import."""
    monkeypatch.setattr(phh_input, "BATCH_HANDS", 2)
    monkeypatch.setattr(player_sums, "HELD_ROWS", 1)
    imported(runner, db_url, tmp_path / "first.txt", hands(random.Random(37), 1000, 30))
    engine = create_engine(db_url)
    try:
        with engine.connect() as connection:
            kept, summed = ([tuple(value if value is None or isinstance(value, str) else
                                   int(value) for value in row)
                             for row in connection.execute(text(sql))] for sql in (
                "SELECT name, currency, position, stakes, hands, vpip, pfr, net "
                f"FROM {named_rows('player_totals')} t ORDER BY 1, 2, 3, 4",
                "SELECT s.name, COALESCE(d.currency, ''), s.position, COALESCE(s.stakes, ''), "
                "COUNT(*), SUM(s.vpip), SUM(s.pfr), COALESCE(SUM(s.net), 0) FROM seat_stats s "
                "JOIN deals d ON d.id = s.deal_id WHERE s.name IS NOT NULL "
                "GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4"))
        assert sum(row[4] for row in kept) == 90 and kept == summed
    finally:
        engine.dispose()
