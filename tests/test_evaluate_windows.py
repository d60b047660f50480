"""Evaluate reads the next window while it stores the last: a window another evaluate stored
in between must be read again, never stored twice or skipped."""

import threading
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import Engine, text
from support import PE54_FILE, stored_and_recounted_wins

from pokerdb.formats.deals.generate import generate_lines
from pokerdb.steps import evaluation
from pokerdb.steps.evaluation import evaluate_pending
from pokerdb.steps.importer import ImportOptions, import_file


def test_a_window_stored_meanwhile_by_another_evaluate(engine: Engine, db_url: str,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    for size in ("FIRST_WINDOW_DEALS", "WINDOW_DEALS"):
        monkeypatch.setattr(evaluation, size, 100)
    import_file(engine, str(PE54_FILE))
    others: list[int] = []

    def another_evaluate_after_the_first_window(hands: int) -> None:
        if not others:  # the outer run has read its next window ahead by now, or is reading it
            runner = threading.Thread(
                target=lambda: others.append(evaluate_pending(engine).hands))
            runner.start()
            runner.join()

    ours = evaluate_pending(engine, progress=another_evaluate_after_the_first_window)
    assert (ours.hands, others) == (200, [1800])
    with engine.connect() as connection:
        assert connection.execute(text(
            "SELECT count(*), count(DISTINCT deal_id * 10 + player) FROM hand_values"
        )).one() == (2000, 2000)
        assert dict(connection.execute(text(
            "SELECT winner, count(*) FROM deals GROUP BY winner")).all()) == {1: 376, 2: 624}
    assert evaluate_pending(engine).hands == 0
    assert stored_and_recounted_wins(db_url) == ([(1, 1, 376), (1, 2, 624)],) * 2


def test_deals_imported_after_the_next_window_was_read(engine: Engine, db_url: str,
                                                       tmp_path: Path,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    """The window read ahead ends at its last deal, so deals imported after that read (with
    ids inside its range) are evaluated by the next window, not skipped."""
    for size in ("FIRST_WINDOW_DEALS", "WINDOW_DEALS"):
        monkeypatch.setattr(evaluation, size, 600)
    import_file(engine, str(PE54_FILE))  # deals 1..1000: windows 1..600 and 601..
    later = tmp_path / "later.txt"
    later.write_text("".join(f"{line}\n" for line in generate_lines(100, seed=7)))
    reads_done = threading.Semaphore(0)
    read_next_window = evaluation._read_next_window

    def counted_read(*args: Any) -> Any:
        try:
            return read_next_window(*args)
        finally:
            reads_done.release()

    monkeypatch.setattr(evaluation, "_read_next_window", counted_read)
    imported: list[int] = []

    def import_once_the_second_window_is_read(hands: int) -> None:
        if not imported:
            reads_done.acquire()
            reads_done.acquire()  # the first window's read, then the second's
            imported.append(import_file(engine, str(later)).deals)

    ours = evaluate_pending(engine, progress=import_once_the_second_window_is_read)
    assert (imported, ours.hands, ours.deals) == ([100], 2200, 1100)
    assert evaluate_pending(engine).hands == 0
    stored, recounted = stored_and_recounted_wins(db_url)
    assert stored == recounted
    assert [(dataset, deals) for dataset, _, deals in stored][:2] == [(1, 376), (1, 624)]


def test_pending_deals_found_past_evaluated_runs_longer_than_a_window(
        engine: Engine, db_url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The first pending deal is looked for among the next window's deals first, then among
    all the deals after: runs of deals evaluated on import, longer than a window, lie between
    the pending ones."""
    for size in ("FIRST_WINDOW_DEALS", "WINDOW_DEALS"):
        monkeypatch.setattr(evaluation, size, 7)
    counts = (30, 12, 25, 3, 40)  # evaluated on import, then pending, alternately
    for position, count in enumerate(counts):
        file = tmp_path / f"part{position}.txt"
        file.write_text("".join(generate_lines(count, seed=position)))
        import_file(engine, str(file), ImportOptions(evaluate=position % 2 == 0))
    result = evaluate_pending(engine)
    assert (result.deals, result.hands) == (15, 30)
    assert evaluate_pending(engine).hands == 0
    with engine.connect() as connection:
        assert connection.execute(text(
            "SELECT count(*), count(strength) FROM hand_values")).one() == (220, 220)
    stored, recounted = stored_and_recounted_wins(db_url)
    assert stored == recounted
    assert sum(deals for _, _, deals in stored) == sum(counts)
