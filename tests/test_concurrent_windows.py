"""A result is never stored on a deal it was not computed for, whatever runs at the same time.
Evaluate and equity read a window of deals in one transaction and store its results in
another: each test pauses a run between the two (a hook around the read) and runs there what
a second process could (a delete, an import, another equity), then checks every result stored
against the same files computed alone in another database."""

import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from alembic import command
from alembic.script import ScriptDirectory
from sqlalchemy import Engine
from support import rows, stored_and_recounted_wins

from pokerdb.formats import InputFormat
from pokerdb.formats.deals.generate import generate_lines
from pokerdb.rules.games import FIVE_CARD, HOLDEM, Game
from pokerdb.steps import equity_step, evaluation
from pokerdb.steps.equity_step import compute_pending
from pokerdb.steps.evaluation import evaluate_pending
from pokerdb.steps.importer import ImportOptions, import_file
from pokerdb.steps.removal import delete_dataset
from pokerdb.storage.engines import alembic_config, configured_engine, open_engine

DEALS = 150  # a file, in one window of evaluate and of equity
PE54_OPTIONS = ImportOptions()
HOLDEM_OPTIONS = ImportOptions(file_format=InputFormat.HOLDEM)
# Every result, named by what does not depend on ids: dataset, line and player.
HAND_VALUES = ("SELECT ds.name, d.line_no, v.player, v.strength, v.best FROM hand_values v "
               "JOIN deals d ON d.id = v.deal_id JOIN datasets ds ON ds.id = d.dataset_id "
               "ORDER BY 1, 2, 3")
WINNERS = ("SELECT ds.name, d.line_no, d.winner FROM deals d "
           "JOIN datasets ds ON ds.id = d.dataset_id ORDER BY 1, 2")
EQUITIES = ("SELECT ds.name, d.line_no, e.player, e.equity FROM hand_equities e "
            "JOIN deals d ON d.id = e.deal_id JOIN datasets ds ON ds.id = d.dataset_id "
            "ORDER BY 1, 2, 3")
# Rows naming a deal that is not there.
ORPHANS = " UNION ALL ".join(
    f"SELECT '{table}', count(*) FROM {table} WHERE deal_id NOT IN (SELECT id FROM deals)"
    for table in ("hand_cards", "hand_values", "hand_equities"))


def deal_file(folder: Path, name: str, seed: int, game: Game = FIVE_CARD,
              board: int | None = None) -> str:
    path = folder / name
    path.write_text("".join(generate_lines(DEALS, seed=seed, game=game, board=board)))
    return str(path)


@contextmanager
def paused_after_first(module: Any, name: str, meanwhile: Callable[[], None]) -> Iterator[None]:
    """module.name (a window's read) runs `meanwhile` once, after its first read and before
    that window is stored."""
    original = getattr(module, name)
    done: list[bool] = []

    def read(*args: Any) -> Any:
        window = original(*args)
        if not done:
            done.append(True)
            meanwhile()
        return window

    setattr(module, name, read)
    try:
        yield
    finally:
        setattr(module, name, original)
    assert done, f"{name} was never called"


def results_alone(url: str, files: list[str], options: ImportOptions = PE54_OPTIONS,
                  equity: bool = False) -> dict[str, list[tuple[Any, ...]]]:
    """The results of importing `files` and evaluating (and computing equities) with nothing
    else running."""
    engine = open_engine(url)
    try:
        for file in files:
            import_file(engine, file, options)
        evaluate_pending(engine)
        if equity:
            compute_pending(engine)
    finally:
        engine.dispose()
    return results(url)


def results(url: str) -> dict[str, list[tuple[Any, ...]]]:
    return {"values": rows(url, HAND_VALUES), "winners": rows(url, WINNERS),
            "equities": rows(url, EQUITIES), "orphans": rows(url, ORPHANS)}


@pytest.mark.parametrize(("game", "options"), [(FIVE_CARD, PE54_OPTIONS),
                                               (HOLDEM, HOLDEM_OPTIONS)])
def test_evaluate_while_the_newest_dataset_is_deleted_and_another_imported(
        engine: Engine, db_url: str, other_url: str, tmp_path: Path, game: Game,
        options: ImportOptions) -> None:
    """The window read holds the newest dataset's deals; the file imported after its delete
    must not get their results (with ids reused it did: the window's hand count matched)."""
    first, newest, after = (deal_file(tmp_path, f"{name}.txt", seed, game)
                            for seed, name in enumerate(("first", "newest", "after")))
    import_file(engine, first, options)
    evaluate_pending(engine)
    import_file(engine, newest, options)

    def delete_and_import() -> None:
        assert delete_dataset(engine, "newest.txt") == DEALS
        assert import_file(engine, after, options).deals == DEALS

    with paused_after_first(evaluation, "_read_next_window", delete_and_import):
        assert evaluate_pending(engine).deals == DEALS
    assert evaluate_pending(engine).hands == 0
    assert results(db_url) == results_alone(other_url, [first, after], options)
    stored, recounted = stored_and_recounted_wins(db_url)
    assert stored == recounted and sum(count for *_, count in stored) == 2 * DEALS


def test_evaluate_while_the_window_s_dataset_is_deleted(engine: Engine, db_url: str,
                                                        other_url: str, tmp_path: Path) -> None:
    first, second = deal_file(tmp_path, "first.txt", 1), deal_file(tmp_path, "second.txt", 2)
    import_file(engine, first)
    import_file(engine, second)
    with paused_after_first(evaluation, "_read_next_window",
                            lambda: delete_dataset(engine, "first.txt")):
        assert evaluate_pending(engine).deals == DEALS
    assert results(db_url) == results_alone(other_url, [second])
    stored, recounted = stored_and_recounted_wins(db_url)
    assert stored == recounted
    alone, _ = stored_and_recounted_wins(other_url)
    assert [row[1:] for row in stored] == [row[1:] for row in alone]


def test_evaluate_while_a_board_game_file_is_imported_between_its_reads(
        engine: Engine, db_url: str, other_url: str, tmp_path: Path) -> None:
    """A window is read in several statements (boards, then hands): an import committed
    between them must not be half seen (its hands without their boards)."""
    first, later = (deal_file(tmp_path, f"{name}.txt", seed, HOLDEM)
                    for seed, name in enumerate(("first", "later")))
    import_file(engine, first, HOLDEM_OPTIONS)
    with paused_after_first(evaluation, "_boards",
                            lambda: import_file(engine, later, HOLDEM_OPTIONS)):
        evaluate_pending(engine)
    assert evaluate_pending(engine).hands == 0
    assert results(db_url) == results_alone(other_url, [first, later], HOLDEM_OPTIONS)


@pytest.mark.parametrize("board", [3, 4, 5])
def test_equity_while_the_newest_dataset_is_deleted_and_another_imported(
        engine: Engine, db_url: str, other_url: str, tmp_path: Path, board: int) -> None:
    first, newest, after = (deal_file(tmp_path, f"{name}.txt", seed, HOLDEM, board)
                            for seed, name in enumerate(("first", "newest", "after")))
    import_file(engine, first, HOLDEM_OPTIONS)
    compute_pending(engine)
    import_file(engine, newest, HOLDEM_OPTIONS)

    def delete_and_import() -> None:
        delete_dataset(engine, "newest.txt")
        import_file(engine, after, HOLDEM_OPTIONS)

    with paused_after_first(equity_step, "_next_window", delete_and_import):
        assert compute_pending(engine).deals == DEALS
    assert compute_pending(engine).deals == 0
    evaluate_pending(engine)
    assert results(db_url) == results_alone(other_url, [first, after], HOLDEM_OPTIONS,
                                             equity=True)


def test_equity_while_the_window_s_dataset_is_deleted(engine: Engine, db_url: str,
                                                      other_url: str, tmp_path: Path) -> None:
    """SQLite kept the deleted deals' equities (orphans); PostgreSQL's equity died on the
    foreign key."""
    first, second = (deal_file(tmp_path, f"{name}.txt", seed, HOLDEM, 4)
                     for seed, name in enumerate(("first", "second")))
    import_file(engine, first, HOLDEM_OPTIONS)
    import_file(engine, second, HOLDEM_OPTIONS)
    with paused_after_first(equity_step, "_next_window",
                            lambda: delete_dataset(engine, "first.txt")):
        assert compute_pending(engine).deals == DEALS
    evaluate_pending(engine)
    assert results(db_url) == results_alone(other_url, [second], HOLDEM_OPTIONS, equity=True)


def test_two_equity_runs_at_once(engine: Engine, db_url: str, other_url: str,
                                 tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A second run stores the deals a first one has read as pending, between the first's
    statements: the first one's later statements must see the deals as it first read them
    (on PostgreSQL it died on an empty array), and store none of them twice."""
    monkeypatch.setattr(equity_step, "WINDOW_DEALS", 40)
    files = [deal_file(tmp_path, f"{name}.txt", seed, HOLDEM, 4)
             for seed, name in enumerate(("first", "second"))]
    for file in files:
        import_file(engine, file, HOLDEM_OPTIONS)
    fetch_keyed_text = equity_step.fetch_keyed_text
    others: list[int] = []

    def another_run_first(*args: Any) -> Any:
        if not others:
            others.append(0)
            runner = threading.Thread(target=lambda: others.append(compute_pending(engine).deals))
            runner.start()
            runner.join()
        return fetch_keyed_text(*args)

    monkeypatch.setattr(equity_step, "fetch_keyed_text", another_run_first)
    ours = compute_pending(engine).deals
    assert others[1:] == [2 * DEALS] and ours == 0
    evaluate_pending(engine)
    assert results(db_url) == results_alone(other_url, files, HOLDEM_OPTIONS, equity=True)


def test_deal_ids_are_never_reused(engine: Engine, db_url: str, tmp_path: Path) -> None:
    """After a delete of the newest dataset, and of every dataset (an import into an empty
    database builds its keys after its rows on PostgreSQL)."""
    files = [deal_file(tmp_path, f"{name}.txt", seed)
             for seed, name in enumerate(("first", "second", "third", "fourth"))]
    import_file(engine, files[0])
    import_file(engine, files[1])
    delete_dataset(engine, "second.txt")
    import_file(engine, files[2], ImportOptions(evaluate=True))
    for name in ("first.txt", "third.txt"):
        delete_dataset(engine, name)
    import_file(engine, files[3], ImportOptions(evaluate=True))
    assert rows(db_url, "SELECT min(id), max(id), count(*) FROM deals") == [
        (3 * DEALS + 1, 4 * DEALS, DEALS)]
    assert rows(db_url, "SELECT name, highest FROM id_marks") == [("deals", 4 * DEALS)]


def test_the_mark_starts_above_every_deal_id_a_row_names(db_url: str) -> None:
    """The revision that brings the mark, on a database holding deals and equities a delete
    left behind (as equity during a delete did on SQLite): their ids are not given again."""
    script = ScriptDirectory.from_config(alembic_config())
    (revision,) = [each for each in script.walk_revisions()
                   if each.path.endswith("_deal_ids_never_reused.py")]
    engine = configured_engine(db_url)
    try:
        with engine.begin() as connection:
            command.upgrade(alembic_config(connection), str(revision.down_revision))
            connection.exec_driver_sql(
                "INSERT INTO datasets (id, name, sha256, format, game, deals, imported_at) "
                "VALUES (1, 'kept', 'x', 'holdem', 'holdem', 1, '2026-12-01T00:00:00+00:00')")
            connection.exec_driver_sql(
                "INSERT INTO deals (id, dataset_id, line_no, board) VALUES (7, 1, 1, '')")
            connection.exec_driver_sql(
                "INSERT INTO hand_cards (deal_id, player, cards) VALUES (7, 1, 'AH AD')")
            if connection.dialect.name == "postgresql":  # as SQLite keeps them, unchecked
                connection.exec_driver_sql("ALTER TABLE hand_equities DROP CONSTRAINT "
                                           "fk_hand_equities_deal_id_hand_cards")
            connection.exec_driver_sql(
                "INSERT INTO hand_equities (deal_id, player, equity) VALUES (9, 1, 0.5)")
            command.upgrade(alembic_config(connection), revision.revision)
    finally:
        engine.dispose()
    assert rows(db_url, "SELECT name, highest FROM id_marks") == [("deals", 9)]


def test_the_mark_covers_ids_left_unused_by_hands_stored_before(
        engine: Engine, db_url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A site's hands are stored once: a batch that held some stored before keeps fewer, and
    the batches after it are numbered on as read, so the highest id stored is past the first
    id plus the deals stored. The mark must reach it, or a delete and a new import reuse it."""
    import random

    from pokerstars_hands import pokerstars_hands  # benchmarks/, on the path (conftest)

    from pokerdb.formats.phh import hand_histories as phh_input

    monkeypatch.setattr(phh_input, "BATCH_HANDS", 5)
    options = ImportOptions(file_format=InputFormat.POKERSTARS)
    first_number = 200_000_000_000
    earlier = pokerstars_hands(random.Random(1), 10, first_number)
    files = {"earlier.txt": earlier,
             # three hands stored before, then twelve new ones: the first batch keeps two
             "overlapping.txt": "\n\n\n".join(earlier.split("\n\n\n")[:3]) + "\n\n\n"
             + pokerstars_hands(random.Random(2), 12, first_number + 10),
             "later.txt": pokerstars_hands(random.Random(3), 4, first_number + 50)}
    for name, text in files.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    for name in ("earlier.txt", "overlapping.txt"):
        import_file(engine, str(tmp_path / name), options)
    ((highest,),) = rows(db_url, "SELECT max(id) FROM deals")
    assert rows(db_url, "SELECT count(*) FROM deals") == [(22,)]
    assert highest > 22  # ids were left unused
    assert rows(db_url, "SELECT highest FROM id_marks") == [(highest,)]
    delete_dataset(engine, "overlapping.txt")
    import_file(engine, str(tmp_path / "later.txt"), options)
    assert rows(db_url, "SELECT min(d.id) FROM deals d JOIN datasets s ON s.id = d.dataset_id "
                        "WHERE s.name = 'later.txt'") == [(highest + 1,)]
