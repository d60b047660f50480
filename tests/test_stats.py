"""Categories against the odds of a random hand, and the chi-square test: `pokerdb stats`."""

import json
import math
from itertools import combinations
from pathlib import Path

import numpy as np
import pytest
from sqlalchemy import Engine
from support import PE54_FILE
from typer.testing import CliRunner

from pokerdb.answers.stats import (
    category_counts,
    category_stats,
    chi_square_sf,
    expected_counts,
    goodness_of_fit,
    pool_groups,
)
from pokerdb.cli import app
from pokerdb.errors import PokerdbError
from pokerdb.formats.deals.generate import generate_lines
from pokerdb.rules.evaluators import KEY_BITS, KEY_SLOTS, Category, strengths
from pokerdb.rules.games import FIVE_CARD
from pokerdb.steps.evaluation import evaluate_pending
from pokerdb.steps.importer import import_file

PE54_COUNTS = [1000, 845, 103, 36, 12, 2, 2, 0, 0, 0]
C = Category


def test_random_hand_counts_are_every_five_card_hand_evaluated() -> None:
    cards = np.array(list(combinations(range(52), 5)), dtype=np.int8)
    category = strengths(cards // 4 + 2, cards % 4) >> (KEY_BITS * KEY_SLOTS)
    assert np.bincount(category, minlength=10).tolist() == list(FIVE_CARD.random_hands)
    assert sum(FIVE_CARD.random_hands) == FIVE_CARD.all_hands == 2_598_960


@pytest.mark.parametrize(("x", "df", "p"), [
    # critical values (scipy.stats.chi2.isf(p, df), to 6 decimals)
    (3.841459, 1, 0.05), (5.991465, 2, 0.05), (7.814728, 3, 0.05), (9.487729, 4, 0.05),
    (11.070498, 5, 0.05), (16.918978, 9, 0.05), (21.665994, 9, 0.01), (27.877165, 9, 0.001),
    (2.087901, 9, 0.99),
])
def test_chi_square_sf_matches_the_table(x: float, df: int, p: float) -> None:
    assert chi_square_sf(x, df) == pytest.approx(p, rel=1e-5)


def test_chi_square_sf_closed_forms_and_limits() -> None:
    assert chi_square_sf(3.0, 1) == pytest.approx(math.erfc(math.sqrt(1.5)), rel=1e-12)
    assert chi_square_sf(3.0, 2) == pytest.approx(math.exp(-1.5), rel=1e-12)
    assert chi_square_sf(3.0, 4) == pytest.approx(math.exp(-1.5) * 2.5, rel=1e-12)
    assert chi_square_sf(0.0, 9) == 1.0
    assert chi_square_sf(1e6, 9) == 0.0


def test_rare_categories_are_pooled_into_their_neighbour() -> None:
    # 2,000 hands expect 0.0031 Royal Flushes ... 3.93 Flushes: Flush and above are one group.
    assert pool_groups(expected_counts(2000)) == [
        (C.HIGH_CARD,), (C.ONE_PAIR,), (C.TWO_PAIRS,), (C.THREE_OF_A_KIND,), (C.STRAIGHT,),
        (C.FLUSH, C.FULL_HOUSE, C.FOUR_OF_A_KIND, C.STRAIGHT_FLUSH, C.ROYAL_FLUSH)]
    # A million hands expect 1.5 Royal Flushes and 13.9 Straight Flushes.
    assert pool_groups(expected_counts(1_000_000))[-2:] == [
        (C.FOUR_OF_A_KIND,), (C.STRAIGHT_FLUSH, C.ROYAL_FLUSH)]
    # What is left below the last full group joins it.
    assert pool_groups(expected_counts(12)) == [(C.HIGH_CARD,), tuple(C)[1:]]
    assert pool_groups(expected_counts(9)) == [tuple(C)]


def test_goodness_of_fit_of_the_pe54_hands() -> None:
    fit = goodness_of_fit(PE54_COUNTS)
    assert fit.chi_square == pytest.approx(5.29481, abs=1e-5)
    assert fit.degrees_of_freedom == 5
    assert fit.p_value == pytest.approx(0.380971, abs=1e-6)
    assert fit.pooled == "Flush + Full House + Four of a Kind + Straight Flush + Royal Flush"
    assert fit.verdict == "consistent with random dealing (p >= 0.05)"


def test_goodness_of_fit_rejects_a_stacked_deck() -> None:
    fit = goodness_of_fit([500, 400, 0, 0, 0, 100, 0, 0, 0, 0])
    assert fit.p_value is not None and fit.p_value < 1e-250
    assert fit.verdict == "unlikely to be randomly dealt (p < 0.05)"


def test_goodness_of_fit_needs_two_groups() -> None:
    fit = goodness_of_fit([5, 4, 0, 0, 0, 0, 0, 0, 0, 0])
    assert (fit.chi_square, fit.p_value, fit.degrees_of_freedom) == (None, None, 0)
    assert fit.verdict == "too few hands to test (every group needs 5 expected)"


@pytest.fixture
def pe54(engine: Engine) -> Engine:
    import_file(engine, str(PE54_FILE))
    evaluate_pending(engine)
    return engine


PE54_CATEGORY_ROWS = [
    ("High Card", 1000, 50.0, 50.1177, 1002.35),
    ("One Pair", 845, 42.25, 42.2569, 845.138),
    ("Two Pairs", 103, 5.15, 4.7539, 95.078),
    ("Three of a Kind", 36, 1.8, 2.11285, 42.2569),
    ("Straight", 12, 0.6, 0.392465, 7.84929),
    ("Flush", 2, 0.1, 0.19654, 3.9308),
    ("Full House", 2, 0.1, 0.144058, 2.88115),
    ("Four of a Kind", 0, 0.0, 0.0240096, 0.480192),
    ("Straight Flush", 0, 0.0, 0.00138517, 0.0277034),
    ("Royal Flush", 0, 0.0, 0.000153908, 0.00307815),
]
PE54_FIT_ROW = (5.29481, 5, 0.380971,
                "Flush + Full House + Four of a Kind + Straight Flush + Royal Flush",
                "consistent with random dealing (p >= 0.05)")


def test_category_stats_counts_stored_hands(pe54: Engine) -> None:
    categories, fit = category_stats(pe54)
    assert categories.title == "categories"
    assert categories.columns == ("category", "hands", "percent", "expected percent",
                                  "expected hands")
    assert list(categories.rows) == PE54_CATEGORY_ROWS
    assert fit.title == "goodness_of_fit"
    assert fit.columns == ("chi-square", "degrees of freedom", "p-value", "pooled", "verdict")
    assert list(fit.rows) == [PE54_FIT_ROW]


def test_category_counts_by_dataset(pe54: Engine, tmp_path: Path) -> None:
    random_file = tmp_path / "random.txt"
    random_file.write_text("".join(generate_lines(20_000, seed=54)))
    import_file(pe54, str(random_file))
    evaluate_pending(pe54)
    assert category_counts(pe54, "p054_poker.txt") == PE54_COUNTS
    random_counts = category_counts(pe54, "random.txt")
    assert sum(random_counts) == 40_000
    assert category_counts(pe54) == [a + b for a, b in zip(PE54_COUNTS, random_counts,
                                                             strict=True)]
    assert goodness_of_fit(random_counts).verdict == "consistent with random dealing (p >= 0.05)"
    with pytest.raises(PokerdbError, match=r"^no dataset named 'nope' \(see: pokerdb datasets\)$"):
        category_counts(pe54, "nope")


def test_category_stats_needs_evaluated_hands(engine: Engine) -> None:
    import_file(engine, str(PE54_FILE))
    with pytest.raises(PokerdbError,
                       match=r"^nothing to count: no evaluated hands \(run: pokerdb evaluate\)$"):
        category_stats(engine)


def test_cli_stats_json(runner: CliRunner, pe54: Engine) -> None:
    db = pe54.url.render_as_string(hide_password=False)
    result = runner.invoke(app, ["stats", "--db", db, "--dataset", "p054_poker.txt", "-f", "json"])
    assert result.exit_code == 0, result.output
    keys = ("category", "hands", "percent", "expected percent", "expected hands")
    assert json.loads(result.stdout) == {
        "categories": [dict(zip(keys, row, strict=True)) for row in PE54_CATEGORY_ROWS],
        "goodness_of_fit": [{"chi-square": 5.29481, "degrees of freedom": 5,
                             "p-value": 0.380971, "pooled": PE54_FIT_ROW[3],
                             "verdict": PE54_FIT_ROW[4]}],
    }


def test_cli_stats_csv_without_headers(runner: CliRunner, pe54: Engine) -> None:
    db = pe54.url.render_as_string(hide_password=False)
    result = runner.invoke(app, ["stats", "--db", db, "-f", "csv", "--no-headers"])
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[0] == "High Card,1000,50.0,50.1177,1002.35"
    assert lines[9] == "Royal Flush,0,0.0,0.000153908,0.00307815"
    assert lines[10:] == ["", "5.29481,5,0.380971,Flush + Full House + Four of a Kind + "
                              "Straight Flush + Royal Flush,consistent with random dealing "
                              "(p >= 0.05)"]


def test_cli_stats_table_notes_unevaluated_deals(runner: CliRunner, tmp_path: Path) -> None:
    db = str(tmp_path / "stats.sqlite")
    for command in (["import", str(PE54_FILE)], ["evaluate"]):
        assert runner.invoke(app, [*command, "--db", db, "-q"]).exit_code == 0
    (tmp_path / "more.txt").write_text("".join(generate_lines(3, seed=1)))
    assert runner.invoke(app, ["import", str(tmp_path / "more.txt"), "--db", db]).exit_code == 0
    result = runner.invoke(app, ["stats", "--db", db])
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines()[0] == "categories"
    assert "│ Three of a Kind │    36 │" in result.stdout
    assert "goodness_of_fit" in result.stdout
    assert result.stderr == ("Note: 3 deals are not evaluated yet and have no winner; "
                             "run: pokerdb evaluate\n")


def test_cli_stats_without_hands(runner: CliRunner, tmp_path: Path) -> None:
    (tmp_path / "empty.sqlite").touch()
    result = runner.invoke(app, ["stats", "--db", str(tmp_path / "empty.sqlite")])
    assert result.exit_code == 1
    assert result.stderr == ("Error: nothing to count: the database has no deals yet: import "
                             "some (pokerdb import FILE)\n")
