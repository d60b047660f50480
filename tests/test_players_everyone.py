"""`pokerdb players` for everyone as it reads a large database: player_totals summed per player
in its key's order, the net in big blinds over the big blinds' least common multiple, the rows
sorted by the database where the sorted figure is a sum and streamed. Against the same figures
summed per big blind and sorted here (as one player's rows are), for every column sorted by,
with names whose order differs by collation; bb/100 against every seat's net over its big
blind in fractions; JSON's numbers against CSV's text."""

import json
import random
from decimal import ROUND_HALF_UP, Decimal, localcontext
from fractions import Fraction
from pathlib import Path

import pytest
from phh_hands import STRESS, random_hand
from sqlalchemy import create_engine
from support import rows, succeeds
from typer.testing import CliRunner

from pokerdb.answers import players
from pokerdb.answers.players import SHOWN, SORT_COLUMNS, player_results

# Names that sort differently by byte and by a language's collation (case, accents, digits).
RENAMED = {"Ann": "ann", "Bo": "Bo", "Cy": "Éva", "Di": "zed", "Ed": "Zed", "Flo": "bo",
           "Gus": "Öl", "Hal": "1x", "Ivy": "Ann"}


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """150 random hands of no-limit and fixed-limit hold'em at big blinds of 2, 10, 50, 3 and
    100 (their least common multiple 300 big blinds of 1)."""
    written = tmp_path_factory.mktemp("everyone")
    rng = random.Random(544)
    for number in range(150):
        text = random_hand(rng, ("NT", "FT")[number % 2], number, STRESS)
        head, _, names = text.partition("players = ")
        for old, new in RENAMED.items():
            names = names.replace(f"'{old}'", f"'{new}'")
        (written / f"{number:04d}.phh").write_text(head + "players = " + names)
    return written


def test_everyone_in_order_is_every_big_blind_summed(runner: CliRunner, db_url: str,
                                                     folder: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    succeeds(runner, "import", str(folder), "--db", db_url, "--quiet")
    engine = create_engine(db_url)
    try:
        for by in (None, "position", "stakes"):
            for sort in SORT_COLUMNS:
                every = list(player_results(engine, None, by, 1, "hands").rows)
                middle = every[len(every) // 2][3 if by else 2]  # the median row's hands
                for min_hands in (1, middle):
                    streamed = list(player_results(engine, None, by, min_hands, sort).rows)
                    with monkeypatch.context() as patched:
                        # a least common multiple too large: summed per big blind instead
                        patched.setattr(players, "_DENOMINATOR_LIMIT", 0)
                        summed = list(player_results(engine, None, by, min_hands, sort).rows)
                    assert streamed == summed, (by, sort, min_hands)
                    assert len(streamed) == (len(every) if min_hands == 1 else sum(
                        row[3 if by else 2] >= middle for row in every)), (by, sort)
                assert len(every) >= 9 and middle > 1, by
        names = [row[0] for row in player_results(engine, sort="player").rows]
        assert names == sorted(RENAMED.values())  # by code point, on either backend
    finally:
        engine.dispose()


def test_bb_per_100_is_every_seats_net_over_its_big_blind(runner: CliRunner, db_url: str,
                                                          folder: Path) -> None:
    succeeds(runner, "import", str(folder), "--db", db_url, "--quiet")
    nets: dict[str, list[Fraction]] = {}
    for name, net, big_blind in rows(db_url, "SELECT name, net, big_blind FROM seat_stats "
                                             "WHERE net IS NOT NULL AND big_blind IS NOT NULL"):
        nets.setdefault(name, []).append(Fraction(int(net), int(big_blind)))
    assert len({int(bb) for *_, bb in rows(db_url, "SELECT 0, big_blind FROM seat_stats")}) == 5
    with localcontext(prec=80):  # exact enough that only a true half rounds up
        expected = {name: str((Decimal(100 * sum(each).numerator) / sum(each).denominator
                               / len(each)).quantize(Decimal("0.01"), ROUND_HALF_UP))
                    for name, each in nets.items()}
    shown = succeeds(runner, "players", "--format", "csv", "--db", db_url).stdout.splitlines()
    at = shown[0].split(",").index("bb_per_100")
    assert {line.split(",")[0]: line.split(",")[at] for line in shown[1:]} == expected
    # JSON writes each figure as a number (CSV's text read as one), or null.
    found = json.loads(succeeds(runner, "players", "--format", "json", "--db", db_url).stdout)
    assert [[row[name] for name in SHOWN] for row in found] == [
        [None if text == "" else json.loads(text) for text in line.split(",")[2:]]
        for line in shown[1:]]
