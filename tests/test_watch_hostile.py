"""`pokerdb watch` against files that do not behave: a file written anew (shorter or not,
or another file put in its place through a link), links that lead nowhere and FIFOs, a
folder removed, a hand written a few bytes at a time, a complete hand the reader refuses, a
hand longer than one look reads. The watch goes on (or stops in one line), and every
complete hand is stored once; the test's own clock decides when a file has settled."""

import os
from pathlib import Path

import pytest
from sqlalchemy import Engine
from support import rows
from test_watch import FOUR, ONE, THREE, TWO, stored

from pokerdb.errors import PokerdbError
from pokerdb.steps import watch as watch_module
from pokerdb.steps.watch import Batch, Watcher


def looked(batches: list[Batch]) -> list[tuple[str, int, int | str]]:
    """Each batch: its file, its first byte, and the deals it stored or why none."""
    return [(batch.path.name, batch.offset,
             batch.result.deals if batch.result is not None else str(batch.refused))
            for batch in batches]


def test_a_file_written_anew_is_read_from_its_start(engine: Engine, db_url: str,
                                                    tmp_path: Path) -> None:
    """Rewritten longer, in place or as a link to another file: its new hands were read from
    where the old file had been read to, and hands three and four never stored."""
    folder = tmp_path / "site"
    folder.mkdir()
    hands = folder / "hands.txt"
    watcher = Watcher(engine, [folder], settle=1)
    hands.write_text(ONE + TWO)
    assert looked(list(watcher.look(0)) + list(watcher.look(5))) == [
        ("hands.txt", 0, 1), ("hands.txt", len(ONE), 1)]
    hands.write_text(THREE + FOUR + ONE)
    assert looked(list(watcher.look(6)) + list(watcher.look(10))) == [
        ("hands.txt", 0, 2), ("hands.txt", len(THREE + FOUR), 0)]
    assert stored(db_url) == ["1001", "1002", "1003", "1004"]
    assert rows(db_url, "SELECT name FROM datasets ORDER BY id") == [
        ("hands.txt from byte 0",), ("hands.txt from byte 580",),
        ("hands.txt from byte 0 (2)",)]
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (elsewhere / "other.txt").write_text(FOUR + cash_hand_five())
    hands.unlink()
    hands.symlink_to(elsewhere / "other.txt")
    assert looked(list(watcher.look(11)) + list(watcher.look(20))) == [
        ("hands.txt", 0, 0), ("hands.txt", len(FOUR), 1)]
    assert stored(db_url)[-1] == "1005"


def cash_hand_five() -> str:
    return TWO.replace("#1002", "#1005").replace("10:02:00", "10:05:00")


def test_links_fifos_and_a_folder_removed(engine: Engine, db_url: str,
                                          tmp_path: Path) -> None:
    folder = tmp_path / "site"
    folder.mkdir()
    (folder / "loop.txt").symlink_to(folder / "loop.txt")
    (folder / "nowhere.txt").symlink_to(tmp_path / "missing.txt")
    os.mkfifo(folder / "pipe.txt")
    (folder / "hands.txt").write_text(ONE)
    watcher = Watcher(engine, [folder], settle=1)
    assert looked(list(watcher.look(0)) + list(watcher.look(5))) == [("hands.txt", 0, 1)]
    for name in ("hands.txt", "loop.txt", "nowhere.txt", "pipe.txt"):
        (folder / name).unlink()
    folder.rmdir()
    with pytest.raises(PokerdbError) as gone:
        list(watcher.look(6))
    assert str(gone.value) == f"{folder}: the folder watched is gone"


def test_a_hand_written_a_few_bytes_at_a_time(engine: Engine, db_url: str,
                                              tmp_path: Path) -> None:
    """Settled at every look: the first bytes were taken for a file of another format (never
    read again), a hand cut in its summary ended the watch."""
    (tmp_path / "site").mkdir()
    hands = tmp_path / "site" / "hands.txt"
    watcher = Watcher(engine, [tmp_path / "site"], settle=0)
    written = (ONE + TWO).encode()
    batches: list[Batch] = []
    with hands.open("wb") as out:
        for first in range(0, len(written), 7):
            out.write(written[first:first + 7])
            out.flush()
            batches += watcher.look(first)
    batches += watcher.look(len(written))
    assert looked(batches) == [("hands.txt", 0, 1), ("hands.txt", len(ONE), 1)]
    assert stored(db_url) == ["1001", "1002"]


def test_complete_hands_all_refused_are_passed_over(engine: Engine, db_url: str,
                                                    tmp_path: Path) -> None:
    """A complete hand the reader refuses, alone in its batch, ended the watch (and every
    watch after it, at the same hand)."""
    broken = ONE.replace("Seat 3: Cy ($2 in chips)", "Seat 3: Cy ($2 in chips)\n"
                                                     "Seat 3: Di ($2 in chips)")
    (tmp_path / "site").mkdir()
    (tmp_path / "site" / "hands.txt").write_text(broken + TWO)
    watcher = Watcher(engine, [tmp_path / "site"], settle=1)
    [refused] = watcher.look(0)
    assert (refused.offset, refused.result) == (0, None)
    assert refused.refused == (
        f"nothing to import: the only hand is invalid; {tmp_path / 'site' / 'hands.txt'}#1001: "
        f"line 6 'Seat 3: Di ($2 in chips)': seat 3 is listed twice")
    assert looked(list(watcher.look(5))) == [("hands.txt", len(broken), 1)]
    assert stored(db_url) == ["1002"]


def test_a_hand_longer_than_a_look_reads(engine: Engine, db_url: str, tmp_path: Path,
                                         monkeypatch: pytest.MonkeyPatch) -> None:
    """A hand longer than one look reads never completed, and the hands after it waited for
    ever."""
    monkeypatch.setattr(watch_module, "READ_BYTES", 4096)
    long_hand = ONE.replace("*** HOLE CARDS ***", "*** HOLE CARDS ***\n" + "x" * 5000)
    (tmp_path / "site").mkdir()
    (tmp_path / "site" / "hands.txt").write_text(long_hand + TWO + THREE)
    watcher = Watcher(engine, [tmp_path / "site"], settle=1)
    batches = [batch for now in (0, 5, 10, 20, 30) for batch in watcher.look(now)]
    assert looked(batches) == [
        ("hands.txt", 0, "a hand of more than 4,096 bytes: passed over, to the next hand"),
        ("hands.txt", len(long_hand), 1), ("hands.txt", len(long_hand + TWO), 1)]
    assert stored(db_url) == ["1002", "1003"]
