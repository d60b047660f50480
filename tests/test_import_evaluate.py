"""`pokerdb import --evaluate` stores, in the import's transaction, exactly what `pokerdb import`
then `pokerdb evaluate` store: hand values and descriptions, each deal's winner, win_counts;
over many batches, with mixed player counts, UCI rows, skipped lines, ties; a bad line leaves
nothing. Also `pokerdb evaluate` when every deal is decided: nothing to do, and on an SQLite
file at head it learns that without loading SQLAlchemy, Alembic or numpy."""

import json
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import Engine
from support import (
    PE54_FILE,
    fails,
    heavy,
    pokerdb_importing,
    rows,
    snapshot,
    stored_and_recounted_wins,
    succeeds,
    write_lines,
)
from typer.testing import CliRunner

from pokerdb import formats
from pokerdb.formats import InputFormat
from pokerdb.formats.deals import lines as deal_lines
from pokerdb.formats.deals.generate import generate_lines
from pokerdb.formats.deals.pe54 import read_pe54
from pokerdb.formats.input import DealBatch, PlayerRule, Rejected
from pokerdb.rules.games import Game
from pokerdb.steps.evaluation import evaluate_pending
from pokerdb.steps.importer import ImportOptions, import_file

PE54_WINS = {"deals": 1000, "player1": 376, "player2": 624, "ties": 0}
NOTHING_TO_EVALUATE = "nothing to evaluate: every hand is evaluated already\n"
SMALL_BATCH = 7  # lines per batch under the small_batches fixture
STORED_TABLES = ("datasets", "deals", "hand_cards", "hand_values", "hand_descriptions",
                 "win_counts", "hand_labels", "rejects")


@pytest.fixture
def small_batches(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Imports read SMALL_BATCH lines per batch instead of deal_lines.BATCH_LINES; the list
    fills with the size of each batch of deals read."""
    sizes: list[int] = []

    def recorded(items: Iterable[DealBatch | Rejected]) -> Iterator[DealBatch | Rejected]:
        for item in items:
            if isinstance(item, DealBatch):
                sizes.append(len(item))
            yield item

    read_deals = formats.read_deals

    def read_in_small_batches(file_format: InputFormat, lines: Iterable[bytes],
                              rule: PlayerRule, game: Game | None = None
                              ) -> Iterator[DealBatch | Rejected]:
        if file_format is InputFormat.PE54:
            return recorded(read_pe54(lines, rule, batch_lines=SMALL_BATCH))
        return recorded(read_deals(file_format, lines, rule, game))

    monkeypatch.setattr(deal_lines, "BATCH_LINES", SMALL_BATCH)  # read_uci's
    monkeypatch.setattr(formats, "read_deals", read_in_small_batches)
    return sizes


def generated(path: Path, deals: int, seed: int, players: int = 2) -> str:
    path.write_text("".join(generate_lines(deals, seed, players)))
    return str(path)


def stored(db_url: str) -> dict[str, list[tuple[Any, ...]]]:
    """snapshot() without datasets.imported_at, with hand_descriptions and win_counts."""
    return {
        **snapshot(db_url),
        "datasets": rows(db_url, "SELECT id, name, sha256, format, deals FROM datasets "
                                 "ORDER BY id"),
        "hand_descriptions": rows(db_url, "SELECT strength, description FROM hand_descriptions "
                                          "ORDER BY strength"),
        "win_counts": rows(db_url, "SELECT dataset_id, winner, deals FROM win_counts "
                                   "ORDER BY dataset_id, winner"),
    }


def import_both_ways(runner: CliRunner, one_pass: str, two_passes: str, *args: str) -> str:
    """`import ARGS --evaluate` into one database, `import ARGS` then `evaluate` into the
    other; the one-pass import's stdout."""
    result = succeeds(runner, "import", *args, "--evaluate", "--db", one_pass)
    succeeds(runner, "import", *args, "--db", two_passes)
    succeeds(runner, "evaluate", "--db", two_passes)
    return result.stdout


def winners(db_url: str) -> list[int | None]:
    return [winner for (winner,) in rows(db_url, "SELECT winner FROM deals ORDER BY id")]


def unevaluated_hands(db_url: str) -> int:
    count: int = rows(db_url, "SELECT count(*) FROM hands WHERE strength IS NULL")[0][0]
    return count


# --- one pass stores what two passes store ----------------------------------------------------

def test_one_pass_stores_what_two_passes_store(runner: CliRunner, db_url: str, other_url: str,
                                               tmp_path: Path) -> None:
    """Two files in one command: the second dataset's deals are numbered on from the first's."""
    first = generated(tmp_path / "first.txt", 3000, seed=1)
    second = generated(tmp_path / "second.txt", 1000, seed=2, players=3)
    stdout = import_both_ways(runner, db_url, other_url, first, second)
    [first_line, second_line] = stdout.splitlines()
    assert first_line.startswith(f"{first}: imported and evaluated 3,000 deals (6,000 hands) "
                                 f"as dataset 'first.txt' in ")
    assert second_line.startswith(f"{second}: imported and evaluated 1,000 deals (3,000 hands) "
                                  f"as dataset 'second.txt' in ")
    assert stored(db_url) == stored(other_url)
    assert unevaluated_hands(db_url) == 0
    assert {dataset for dataset, _, _ in stored(db_url)["win_counts"]} == {1, 2}


def test_one_pass_over_many_batches(runner: CliRunner, db_url: str, other_url: str,
                                    tmp_path: Path, small_batches: list[int]) -> None:
    """Deals of 1 to 10 players, batch after batch: each batch numbers its deals on."""
    lines = [line for players in range(1, 11)
             for line in generate_lines(20, seed=players, players=players)]
    deals = write_lines(tmp_path / "mixed.txt", *(line.rstrip("\n") for line in lines))
    import_both_ways(runner, db_url, other_url, deals, "--players", "any")
    assert len(small_batches) > 1 and sum(small_batches) == 2 * len(lines)  # both imports
    assert stored(db_url) == stored(other_url)
    assert winners(db_url).count(None) == 20  # the one-player deals


def test_more_deals_than_an_import_batch(runner: CliRunner, tmp_path: Path) -> None:
    """The real batch size, 20,000 lines: three batches (SQLite only, for time)."""
    count = 2 * deal_lines.BATCH_LINES + 5000
    deals = generated(tmp_path / "many.txt", count, seed=45)
    one_pass, two_passes = (f"sqlite:///{tmp_path / name}" for name in ("one.db", "two.db"))
    import_both_ways(runner, one_pass, two_passes, deals)
    one_pass_rows = stored(one_pass)
    assert one_pass_rows == stored(two_passes)
    assert len(one_pass_rows["deals"]) == count and unevaluated_hands(one_pass) == 0


# --- what one pass stores ---------------------------------------------------------------------

def test_pe54_wins_and_nothing_left_to_evaluate(runner: CliRunner, db_url: str) -> None:
    result = succeeds(runner, "import", str(PE54_FILE), "--evaluate", "--db", db_url)
    assert result.stdout.startswith(f"{PE54_FILE}: imported and evaluated 1,000 deals "
                                    f"(2,000 hands) as dataset 'p054_poker.txt' in ")
    wins = succeeds(runner, "wins", "--format", "json", "--db", db_url)
    assert (json.loads(wins.stdout), wins.stderr) == (PE54_WINS, "")
    assert succeeds(runner, "evaluate", "--db", db_url).stdout == NOTHING_TO_EVALUATE


def test_a_tie_is_winner_zero(runner: CliRunner, db_url: str, tmp_path: Path) -> None:
    deals = write_lines(tmp_path / "ties.txt",
                        "AH KD 9S 7C 4H AS KC 9D 7H 4S",  # the same high cards
                        "2H 3D 4S 5C 6H 2D 3S 4C 5H 6D",  # the same straight
                        "2H 5H 7H 9H JH 2S 5S 7S 9S JS",  # the same flush
                        "AH AD AC AS KH 2C 3C 4C 5C 7D",
                        "2C 3C 4C 5C 7D AH AD AC AS KH")
    succeeds(runner, "import", deals, "--evaluate", "--db", db_url)
    assert winners(db_url) == [0, 0, 0, 1, 2]
    assert stored_and_recounted_wins(db_url) == ([(1, 0, 3), (1, 1, 1), (1, 2, 1)],) * 2
    wins = succeeds(runner, "wins", "--format", "json", "--db", db_url).stdout
    assert json.loads(wins) == {"deals": 5, "player1": 1, "player2": 1, "ties": 3}


def test_mixed_player_counts(runner: CliRunner, db_url: str, other_url: str,
                             tmp_path: Path) -> None:
    ten_players = next(generate_lines(1, seed=10, players=10)).rstrip("\n")
    deals = write_lines(tmp_path / "mixed.txt",
                        "AH KH QH JH TH",  # one hand: no winner
                        "AH AD AC AS KH 2C 3C 4C 5C 7D",
                        "2H 3D 4S 5C 6H 2D 3S 4C 5H 6D AS KD QS 9C 7H",  # a tie
                        "2H 3D 4S 5C 7H 2D 3S 4C 5H 8D AH AD KS KC QH",
                        ten_players)
    stdout = import_both_ways(runner, db_url, other_url, deals, "--players", "any")
    assert "imported and evaluated 5 deals (19 hands)" in stdout
    assert winners(db_url)[:4] == [None, 1, 0, 3]
    assert winners(db_url)[4] in range(1, 11)
    assert stored(db_url) == stored(other_url)


UCI_ROWS = {  # row -> (hand, category)
    "1,1,2,3,3,5,4,7,1,9,0": ("AH 3S 5D 7C 9H", 0),
    "1,2,2,2,3,5,4,5,1,9,2": ("2H 2S 5D 5C 9H", 2),
    "4,1,4,3,4,5,4,7,4,9,5": ("AC 3C 5C 7C 9C", 5),
    "3,1,3,10,3,11,3,12,3,13,9": ("AD TD JD QD KD", 9),
    "1,1,2,3,3,5,4,7,1,9": ("AH 3S 5D 7C 9H", 0),  # no CLASS: no label
}


def test_uci_rows(runner: CliRunner, db_url: str, other_url: str, tmp_path: Path,
                  small_batches: list[int]) -> None:
    uci = write_lines(tmp_path / "poker-hand.data", "S1,C1,S2,C2,S3,C3,S4,C4,S5,C5,CLASS",
                      *UCI_ROWS, *UCI_ROWS, *UCI_ROWS)
    stdout = import_both_ways(runner, db_url, other_url, uci, "--format", "uci")
    assert "imported and evaluated 15 deals (15 hands)" in stdout
    assert len(small_batches) > 2
    labels = [int(row.split(",")[10]) if row.count(",") == 10 else None for row in UCI_ROWS]
    assert rows(db_url, "SELECT player, cards, label, category FROM hands ORDER BY deal_id") == [
        (1, cards, label, category)
        for (cards, category), label in zip(UCI_ROWS.values(), labels, strict=True)] * 3
    assert winners(db_url) == [None] * 15
    assert stored_and_recounted_wins(db_url) == ([], [])
    assert stored(db_url) == stored(other_url)
    # A deal of one hand is never decided, so evaluate looks, and finds nothing to do.
    assert succeeds(runner, "evaluate", "--db", db_url).stdout == NOTHING_TO_EVALUATE


def test_skip_invalid(runner: CliRunner, db_url: str, other_url: str, tmp_path: Path,
                      small_batches: list[int]) -> None:
    """Invalid lines between valid ones, across batches: deals numbered on without gaps."""
    good = [line.rstrip("\n") for line in generate_lines(30, seed=7)]
    lines = [line if n % 4 else f"{line} 2C" for n, line in enumerate(good, start=1)]
    deals = write_lines(tmp_path / "some-bad.txt", *lines)
    stdout = import_both_ways(runner, db_url, other_url, deals, "--skip-invalid")
    assert stdout.startswith(f"{deals}: imported and evaluated 23 deals (46 hands) ")
    assert stdout.endswith("; skipped 7 invalid lines (see the rejects table)\n")
    assert rows(db_url, "SELECT id, line_no FROM deals ORDER BY id") == [
        (deal_id, line_no) for deal_id, line_no in
        enumerate((n for n in range(1, 31) if n % 4), start=1)]
    assert unevaluated_hands(db_url) == 0
    assert None not in winners(db_url)
    assert stored(db_url) == stored(other_url)
    assert len(small_batches) > 2


@pytest.mark.parametrize("max_errors", [[], ["--max-errors", "3"]], ids=["default", "max-3"])
def test_a_bad_line_stores_nothing(runner: CliRunner, db_url: str, tmp_path: Path,
                                   small_batches: list[int], max_errors: list[str]) -> None:
    """The bad line comes after batches already stored and evaluated: all are rolled back."""
    good = [line.rstrip("\n") for line in generate_lines(30, seed=8)]
    bad = write_lines(tmp_path / "bad.txt", *good, "8C TS KC 9H 4S 7D 2S 5D 3S")
    message = (f"Error: {bad}, line 31: found 9 cards; a deal is 5 cards per player "
               f"(10 for two players)\n")
    if max_errors:
        message += f"Error: {bad}: 1 invalid line; nothing imported\n"
    for evaluate in (["--evaluate"], []):
        result = fails(runner, "import", bad, *evaluate, *max_errors, "--db", db_url)
        assert (result.stdout, result.stderr) == ("", message)
    assert len(small_batches) > 2
    assert {table: rows(db_url, f"SELECT count(*) FROM {table}")[0][0]
            for table in STORED_TABLES} == dict.fromkeys(STORED_TABLES, 0)


# --- importing with and without --evaluate ----------------------------------------------------

@pytest.mark.parametrize("evaluated_first", [False, True],
                         ids=["plain-then-evaluated", "evaluated-then-plain"])
def test_evaluate_finishes_a_plain_import(runner: CliRunner, db_url: str, other_url: str,
                                          tmp_path: Path, evaluated_first: bool) -> None:
    plain = generated(tmp_path / "plain.txt", 500, seed=3)
    evaluated = generated(tmp_path / "evaluated.txt", 700, seed=4)
    imports = [(evaluated, ["--evaluate"]), (plain, [])]
    for file, options in imports if evaluated_first else imports[::-1]:
        succeeds(runner, "import", file, *options, "--db", db_url)
        succeeds(runner, "import", file, "--db", other_url)
    result = succeeds(runner, "evaluate", "--db", db_url)
    assert result.stdout.startswith("evaluated 1,000 hands in 500 deals in ")
    stored_wins, recounted_wins = stored_and_recounted_wins(db_url)
    assert stored_wins == recounted_wins and sum(count for *_, count in stored_wins) == 1200
    succeeds(runner, "evaluate", "--db", other_url)
    assert stored(db_url) == stored(other_url)
    assert succeeds(runner, "evaluate", "--db", db_url).stdout == NOTHING_TO_EVALUATE


def test_evaluate_pending_after_imports_through_the_library(engine: Engine,
                                                            tmp_path: Path) -> None:
    plain = generated(tmp_path / "plain.txt", 300, seed=5, players=4)
    evaluated = generated(tmp_path / "evaluated.txt", 200, seed=6)
    assert import_file(engine, evaluated, ImportOptions(evaluate=True)).hands == 400
    import_file(engine, plain)
    result = evaluate_pending(engine)
    assert (result.hands, result.deals) == (1200, 300)
    result = evaluate_pending(engine)
    assert (result.hands, result.deals) == (0, 0)


# --- evaluate with every deal decided ---------------------------------------------------------

@pytest.mark.parametrize("evaluated", [True, False], ids=["all-decided", "pending"])
def test_evaluate_in_a_subprocess(runner: CliRunner, tmp_path: Path, evaluated: bool) -> None:
    path = tmp_path / "p054.sqlite"
    succeeds(runner, "import", str(PE54_FILE), *(["--evaluate"] if evaluated else []),
             "--db", str(path))
    completed, modules = pokerdb_importing("evaluate", "--db", str(path))
    assert completed.returncode == 0, completed.stderr
    assert [line for line in completed.stderr.splitlines()
            if not line.startswith("import time:")] == []
    if evaluated:
        assert completed.stdout == NOTHING_TO_EVALUATE
        assert heavy(modules) == []
    else:
        assert completed.stdout.startswith("evaluated 2,000 hands in 1,000 deals in ")
        assert {"sqlalchemy", "numpy"} <= modules
    wins = succeeds(runner, "wins", "--format", "json", "--db", str(path))
    assert json.loads(wins.stdout) == PE54_WINS
