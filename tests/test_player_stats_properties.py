"""Tracker statistics over random legal hands played by pokerkit (benchmarks/phh_hands.py):
each seat's counts agree with those read off pokerkit's own record of the hand (its operations,
with the chips of every call and the street of every action), and over a database of such
hands the figures keep their relations: PFR <= VPIP, 3-bets <= PFR, no count above its
chances, and the figures by position and by stakes add up to the overall ones."""

import random
from collections import deque
from pathlib import Path
from typing import Any

import pytest
from phh_hands import STRESS, random_hand
from pokerkit import (
    BoardDealing,
    CheckingOrCalling,
    CompletionBettingOrRaisingTo,
    Folding,
    HandHistory,
)
from support import rows, succeeds
from typer.testing import CliRunner

from pokerdb.formats.phh import hand_histories as phh_input
from pokerdb.formats.phh.reader import parse_hand
from pokerdb.rules.settlement import replay
from pokerdb.rules.tracker_stats import COUNT_NAMES, posted_blinds, tracker_counts
from pokerdb.storage.player_stats import FIGURE_NAMES, TOTAL_COLUMNS, totals_of_seats
from pokerdb.storage.schema import TRACKER_COUNTS

HANDS = 1500  # half NT, half FT


def pokerkit_counts(text: str) -> list[dict[str, int]]:
    """Each seat's counts as pokerkit's operations tell them: a call is an operation that
    moved chips (a check moves none), and each board dealing starts a street."""
    state = deque(HandHistory.loads(text), maxlen=1)[0]
    counts = [dict.fromkeys(COUNT_NAMES, 0) for _ in range(state.player_count)]
    folded = [False] * state.player_count
    street = raises = 0
    opener = aggressor = cbettor = None
    cbet_decided = False
    for operation in state.operations:
        if isinstance(operation, BoardDealing):
            street, raises = street + 1, 0
            if street == 1:
                for seat, seat_counts in enumerate(counts):
                    seat_counts["saw_flop"] = int(not folded[seat])
            continue
        if not isinstance(operation, CheckingOrCalling | Folding | CompletionBettingOrRaisingTo):
            continue
        seat = operation.player_index
        mine = counts[seat]
        raised = isinstance(operation, CompletionBettingOrRaisingTo)
        fold = isinstance(operation, Folding)
        called = isinstance(operation, CheckingOrCalling) and operation.amount > 0
        if street == 0:
            mine["preflop_acted"] = 1
            mine["vpip"] |= raised or called
            mine["pfr"] |= raised
            if raises == 1:
                mine["three_bet_chance"], mine["three_bet"] = 1, int(raised)
            elif raises == 2 and seat == opener:
                mine["faced_three_bet"], mine["folded_to_three_bet"] = 1, int(fold)
            if raised:
                opener = seat if opener is None else opener
                aggressor = seat
        else:
            mine["postflop_aggressive"] += raised
            mine["postflop_calls"] += called
            mine["postflop_folds"] += fold
            if street == 1 and seat == aggressor and not cbet_decided:
                cbet_decided = True
                if raises == 0:
                    mine["cbet_chance"], mine["cbet"] = 1, int(raised)
                    cbettor = seat if raised else None
            elif street == 1 and raises == 1 and cbettor is not None and seat != cbettor:
                mine["faced_cbet"], mine["folded_to_cbet"] = 1, int(fold)
        folded[seat] |= fold
        raises += raised
    if folded.count(False) > 1:
        for seat, seat_counts in enumerate(counts):
            seat_counts["went_to_showdown"] = int(not folded[seat])
    return counts


@pytest.mark.slow
def test_counts_agree_with_pokerkits_record_of_each_hand() -> None:
    rng = random.Random(22)
    totals = dict.fromkeys(COUNT_NAMES, 0)
    for number in range(HANDS):
        text = random_hand(rng, ("NT", "FT")[number % 2], number, STRESS)
        hand = parse_hand(text, f"random#{number}")
        replayed = replay(hand)
        ours = tracker_counts(hand.player_count, replayed.moves, replayed.actors,
                              posted_blinds(hand))
        theirs = pokerkit_counts(text)
        assert [dict(zip(COUNT_NAMES, seat.counts(), strict=True)) for seat in ours] == theirs, \
            text
        for seat in theirs:
            for name, count in seat.items():
                totals[name] += count
    # Every count is reached often by these hands.
    assert min(totals.values()) > 50, totals


@pytest.fixture(scope="module")
def random_folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("random-hands")
    rng = random.Random(2022)
    for number in range(400):
        text = random_hand(rng, ("NT", "FT")[number % 2], number, STRESS)
        (folder / f"{number:04d}.phh").write_text(text)
    return folder


def sums(db_url: str, view: str, key: str) -> dict[str, tuple[int | float, ...]]:
    """Per player: hands, the counts and the net (rounded), summed over the view's rows."""
    columns = ", ".join(f"SUM(n_{name})" for name in TRACKER_COUNTS)
    return {player: (hands, *counts, round(float(net), 6))
            for player, hands, *counts, net in rows(
                db_url, f"SELECT {key}, SUM(hands), {columns}, SUM(net) FROM {view} "
                        f"GROUP BY {key}")}


@pytest.mark.slow
def test_figures_keep_their_relations(runner: CliRunner, db_url: str, random_folder: Path,
                                      monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(phh_input, "BATCH_HANDS", 37)  # player_totals summed over 11 batches
    succeeds(runner, "import", str(random_folder), "--db", db_url)
    ordered = "ORDER BY 1, 2, 3, 4"
    kept = rows(db_url, f"SELECT {', '.join(TOTAL_COLUMNS)} FROM player_totals {ordered}")
    summed = rows(db_url, f"{totals_of_seats()} {ordered}")
    def rounded(found: list[tuple[Any, ...]]) -> list[tuple[Any, ...]]:
        return [(*row[:-3], round(float(row[-3]), 6), round(float(row[-2]), 9), row[-1])
                for row in found]

    assert rounded(kept) == rounded(summed)
    assert len(kept) > 9 * 2
    found = rows(db_url, f"SELECT {', '.join(FIGURE_NAMES)} FROM player_stats")
    assert len(found) == 9
    for row in found:
        figure = dict(zip(FIGURE_NAMES, row, strict=True))
        count = {name: figure[f"n_{name}"] for name in TRACKER_COUNTS}
        assert count["pfr"] <= count["vpip"] <= count["preflop_acted"] <= figure["hands"]
        assert count["three_bet"] <= min(count["pfr"], count["three_bet_chance"])
        assert count["folded_to_three_bet"] <= count["faced_three_bet"] <= count["pfr"]
        assert count["cbet"] <= count["cbet_chance"] <= count["saw_flop"]
        assert count["folded_to_cbet"] <= count["faced_cbet"] <= count["saw_flop"]
        assert count["won_at_showdown"] <= count["went_to_showdown"] <= count["saw_flop"]
        assert figure["pfr"] <= figure["vpip"]
        assert all(0 <= figure[name] <= 100 for name in (
            "vpip", "pfr", "three_bet", "fold_to_three_bet", "cbet", "fold_to_cbet",
            "aggression_frequency", "went_to_showdown", "won_at_showdown")
            if figure[name] is not None)
    overall = sums(db_url, "player_stats", "player")
    assert sums(db_url, "player_position_stats", "player") == overall
    assert sums(db_url, "player_stakes_stats", "player") == overall
    assert sum(hands for hands, *_ in overall.values()) == rows(
        db_url, "SELECT count(*) FROM seats")[0][0]
