"""hand_values keeps a row only for a hand with a value (revision 0028): imported recorded hands
(HandHQ's, whose cards are mostly never shown) and deal files, evaluated at import or later,
have one row for each hand with a strength or a best five, and the `hands` view reads the
others as NULLs. Evaluate finds what is left to value without the missing rows: twice over,
it changes nothing."""

from pathlib import Path
from typing import Any

from support import PE54_FILE, REPO, rows, succeeds, write_lines
from typer.testing import CliRunner

from pokerdb.steps.evaluation import pending_hands
from pokerdb.storage.engines import open_engine

HANDHQ = REPO / "tests" / "data" / "handhq"
# Two showdowns, a deal before the flop and one stopped on the flop.
HOLDEM = ("7C 2D 9S 4H 5S | AH KH | QS QD", "| AH KH | QS QD", "2H 3H 4H | AC KC | 7D 7S",
          "AS AD KS KD QC | 7H 2C | 6H 3C")
OMAHA = ("AS KS QS JS TS | 9H 9D 8H 8D | 7D 7C 6D 6C", "2S 3S 4S | 9H 9D 8H 8D | 7D 7C 6D 6C")
UCI = ("S1,C1,S2,C2,S3,C3,S4,C4,S5,C5,CLASS", "1,10,1,11,1,13,1,12,1,1,9", "2,2,3,2,4,2,1,5,2,7,1")
# Rows, strengths and best fives of each dataset's hands; the best fives of deals with a board
# alone, the only ones the hands view reads (a five-card hand's best five is its cards; an
# evaluate window holding boards stores their places, on SQLite, where a window may hold deals
# of several datasets).
# Every hand, a seat's whose cards are unknown too (no hand_cards row since revision 0030).
BY_DATASET = ("SELECT ds.name, count(*), count(v.deal_id), count(v.strength), "
              "count(CASE WHEN d.board IS NOT NULL THEN v.best END) "
              "FROM hands h JOIN deals d ON d.id = h.deal_id "
              "JOIN datasets ds ON ds.id = d.dataset_id LEFT JOIN hand_values v "
              "ON v.deal_id = h.deal_id AND v.player = h.player GROUP BY ds.name ORDER BY ds.name")


def import_all(runner: CliRunner, db_url: str, tmp_path: Path, *evaluate: str) -> None:
    """A Hold'em, an Omaha (a variant's: valued as it is imported) and a UCI deal file, HandHQ's
    hands and the bundled PE54 file; the deal files valued at import with `evaluate`."""
    for path, args in (
            (write_lines(tmp_path / "holdem.txt", *HOLDEM), ("--format", "holdem")),
            (write_lines(tmp_path / "omaha.txt", *OMAHA), ("--format", "holdem", "--game",
                                                           "omaha")),
            (write_lines(tmp_path / "poker-hand.data", *UCI), ("--format", "uci")),
            (str(HANDHQ), ("--skip-invalid",)), (str(PE54_FILE), ())):
        succeeds(runner, "import", path, *args, *evaluate, "--db", db_url, "--quiet")


def stored(db_url: str) -> dict[str, list[tuple[Any, ...]]]:
    """What evaluating writes, and the hands view."""
    return {table: rows(db_url, sql) for table, sql in (
        ("hand_values", "SELECT * FROM hand_values ORDER BY deal_id, player"),
        ("winners", "SELECT id, winner FROM deals ORDER BY id"),
        ("win_counts", "SELECT * FROM win_counts ORDER BY dataset_id, winner"),
        ("hand_descriptions", "SELECT * FROM hand_descriptions ORDER BY strength"),
        ("hands", "SELECT * FROM hands ORDER BY deal_id, player"))}


def test_a_row_for_each_hand_with_a_value(runner: CliRunner, db_url: str, other_url: str,
                                          tmp_path: Path) -> None:
    """Of 1,859 HandHQ hands, the 96 with a value have a row (each one per seat before); the
    Hold'em file's deals stopped before the river have none, evaluated at import or later."""
    import_all(runner, db_url, tmp_path)
    # Recorded hands and a variant's deal file are valued as they are imported.
    assert rows(db_url, BY_DATASET) == [
        ("handhq", 1859, 96, 96, 96), ("holdem.txt", 8, 0, 0, 0), ("omaha.txt", 4, 2, 2, 0),
        ("p054_poker.txt", 2000, 0, 0, 0), ("poker-hand.data", 2, 0, 0, 0)]
    evaluated = succeeds(runner, "evaluate", "--db", db_url)
    # The hands of the two deals short of the river are not evaluated: nothing to value.
    assert evaluated.stdout.startswith("evaluated 2,006 hands in 1,004 deals in ")
    valued = [("handhq", 1859, 96, 96, 96), ("holdem.txt", 8, 4, 4, 4),
              ("omaha.txt", 4, 2, 2, 0), ("p054_poker.txt", 2000, 2000, 2000, 0),
              ("poker-hand.data", 2, 2, 2, 0)]
    assert rows(db_url, BY_DATASET) == valued
    assert rows(db_url, "SELECT count(*), count(strength), count(best) FROM hands") == [
        (3873, 2104, 2104)]
    (tmp_path / "at-import").mkdir()
    import_all(runner, other_url, tmp_path / "at-import", "--evaluate")
    assert rows(other_url, BY_DATASET) == valued


def test_evaluate_twice_changes_nothing(runner: CliRunner, db_url: str, tmp_path: Path) -> None:
    """Evaluate values the hands of the pending deals alone: the deal files' deals with a
    complete board or none, not the recorded hands without a row, nor the deals short of the
    river; run again, it finds nothing left, and every row stays as it was."""
    import_all(runner, db_url, tmp_path)
    engine = open_engine(db_url, create=False)
    try:
        assert pending_hands(engine) == 2006
        wins = succeeds(runner, "wins", "--db", db_url)
        assert "1,004 deals are not evaluated yet" in wins.stderr
        succeeds(runner, "evaluate", "--db", db_url)
        assert pending_hands(engine) == 0
    finally:
        engine.dispose()
    after = stored(db_url)
    assert len(after["hand_values"]) == 2104
    again = succeeds(runner, "evaluate", "--db", db_url)
    assert again.stdout == "nothing to evaluate: every hand is evaluated already\n"
    assert stored(db_url) == after
    wins = succeeds(runner, "wins", "--db", db_url)
    assert "not evaluated" not in wins.stderr
    assert "3 deals whose board stops before the river" in wins.stderr
