"""A PHH file's own results (`finishing_stacks`, `winnings`) against what its actions settle to:
a contradiction refuses the hand, naming the seat and both figures; a split pot's odd chip
given to another winner than pokerdb's rule is not a contradiction."""

import random
from collections import deque
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from phh_hands import random_hand  # benchmarks/ (conftest)
from pokerkit import HandHistory
from support import TEXTED_DEALS, fails, rows, settle, succeeds
from typer.testing import CliRunner

from pokerdb.formats.phh.reader import parse_hand
from pokerdb.rules.hand_record import PhhError
from pokerdb.rules.recorded_figures import _paid_as, check_recorded
from pokerdb.rules.settlement import Settlement
from pokerdb.storage.engines import open_engine

# Heads-up, the button posts the small blind and folds: p1 wins 1, p2 loses 1.
FOLDED = """\
variant = "NT"
antes = [0, 0]
blinds_or_straddles = [1, 2]
min_bet = 2
starting_stacks = [200, 200]
actions = ["d dh p1 AcAd", "d dh p2 KcKd", "p2 f"]
"""
# p1 folds its small blind and three players split a pot of 26: pokerdb pays 9, 9, 8 (the odd
# units one each, in seat order from p1); pokerkit, and a file written by it, 10, 8, 8.
THREE_WAY = """\
variant = "NT"
antes = [0, 0, 0, 0]
blinds_or_straddles = [2, 4, 0, 0]
min_bet = 4
starting_stacks = [100, 100, 100, 100]
actions = ["d dh p1 2c3d", "d dh p2 2d3c", "d dh p3 2h3h", "d dh p4 4c4d", "p3 cbr 8", "p4 cc",
  "p1 f", "p2 cc", "d db AsKsQs", "p2 cc", "p3 cc", "p4 cc", "d db Js", "p2 cc", "p3 cc",
  "p4 cc", "d db Ts", "p2 cc", "p3 cc", "p4 cc", "p2 sm 2d3c", "p3 sm 2h3h", "p4 sm 4c4d"]
"""


def _checked(text: str) -> Settlement:
    return check_recorded(*settle(parse_hand(text, "hand.phh")))


def _refusal(text: str) -> str:
    with pytest.raises(PhhError) as raised:
        _checked(text)
    return str(raised.value)


def test_finishing_stacks_and_winnings_that_contradict_the_actions_name_the_seat() -> None:
    _checked(FOLDED + "finishing_stacks = [201, 199]\nwinnings = [2, 0]\n")
    assert _refusal(FOLDED + "finishing_stacks = [150, 250]\n") == (
        "hand.phh: p1's finishing stack is 150 in the file, 201 by its actions")
    assert _refusal(FOLDED + "winnings = [0, 3]\nplayers = ['Ann', 'Bo']\n") == (
        "hand.phh: p1 (Ann)'s winnings is 0 in the file, 2 by its actions")


def test_a_raked_hand_exported_by_pokerdb_is_settled_as_its_winnings_say_it_was_paid() -> None:
    """A site's hand that pokerdb exported: its winnings are the pot less the rake and fees
    (`_rake`, `_fees`), which must add up; its nets are then what was paid. Here the pot is 1
    (p2's small blind of 0.5 folded to p1's big blind, whose other 0.5 is returned)."""
    raked = FOLDED.replace("[1, 2]", "[0.5, 1]").replace("min_bet = 2", "min_bet = 1")
    assert _checked(raked + "winnings = [1, 0]\n").net == (5, -5)  # in tenths
    settled = _checked(raked + "winnings = [0.9, 0]\n_rake = 0.05\n_fees = 0.05\n")
    assert (settled.won, settled.net, settled.raked) == ((90, 0), (40, -50), (10, 0))
    assert _checked(raked + "finishing_stacks = [200.4, 199.5]\n_rake = 0.1\n").net == (4, -5)
    assert _refusal(raked + "winnings = [0.9, 0]\n_rake = 0.05\n") == (
        "hand.phh: its winnings are 0.10 less than its actions award, not its rake and fees "
        "of 0.05")
    assert _refusal(raked + "winnings = [0.9, 0.1]\n_rake = 0\n_fees = 0.1\n") == (
        "hand.phh: p2's winnings are 0.1 by the file, more than the 0.0 it won by its actions")
    assert _refusal(raked + "winnings = [0.9, 0]\nfinishing_stacks = [200.5, 199.5]\n"
                            "_rake = 0.1\n") == (
        "hand.phh: p1's winnings are 0.9, its finishing stack leaves 1.0")
    assert _refusal(raked + "_rake = 0.1\n") == (
        "hand.phh: its rake and fees of 0.1 need its winnings or finishing stacks, which say "
        "who paid them")


def test_an_amount_with_trailing_zeros_is_its_value() -> None:
    """`p1 cbr 21.10` (as a site writes a bet) is 21.1, in a hand whose finest amount is 0.5."""
    hand = FOLDED.replace("[1, 2]", "[0.5, 1]").replace("min_bet = 2", "min_bet = 1").replace(
        '"p2 f"', '"p2 cbr 21.10", "p1 f"')
    assert _checked(hand).net == (-10, 10)  # p1's big blind lost, in tenths


@pytest.mark.parametrize(("stacks", "refused"), [
    ([98, 101, 101, 100], None),  # pokerdb's own rule
    ([98, 102, 100, 100], None),  # pokerkit's: the remainder to the first winner
    ([98, 100, 101, 101], None),  # the odd units to the last winners
    ([98, 103, 100, 99], "p2's finishing stack is 103 in the file, 101 by its actions"),
    ([98, 102, 101, 99], "p4's finishing stack is 99 in the file, 100 by its actions"),
    ([98, 101, 101, 101], "p4's finishing stack is 101 in the file, 100 by its actions"),
    ([96, 102, 101, 101], "p1's finishing stack is 96 in the file, 98 by its actions"),
])
def test_a_split_pots_odd_units_may_go_to_any_of_its_winners(stacks: list[int],
                                                              refused: str | None) -> None:
    text = THREE_WAY + f"finishing_stacks = {stacks}\n"
    if refused is None:
        _checked(text)
    else:
        assert _refusal(text) == f"hand.phh: {refused}"


def test_pokerkits_own_results_of_random_hands_agree_and_a_moved_chip_does_not() -> None:
    """Random hands of every shape (side pots, splits, odd chips): the finishing stacks
    pokerkit pays are never a contradiction; one chip moved from a seat to another
    that won no split pot with it always is."""
    rng = random.Random(23)
    moved = 0
    for number in range(300):
        text = random_hand(rng, ("NT", "FT")[number % 2], number)
        state = deque(HandHistory.loads(text), maxlen=1)[0]
        finishing = list(state.stacks)
        _checked(text + f"finishing_stacks = {finishing}\n")
        _, settlement = settle(parse_hand(text, "hand.phh"))
        split = {seat for award in settlement.awards if len(award.seats) > 1
                 for seat in award.seats}
        alone = [seat for seat in range(1, len(finishing) + 1) if seat not in split]
        givers = [seat for seat in alone if finishing[seat - 1] > 0]
        if givers and len(alone) >= 2:
            giver = rng.choice(givers)
            taker = rng.choice([seat for seat in alone if seat != giver])
            finishing[giver - 1] -= 1
            finishing[taker - 1] += 1
            with pytest.raises(PhhError, match="finishing stack"):
                _checked(text + f"finishing_stacks = {finishing}\n")
            moved += 1
    assert moved > 250


def test_the_import_refuses_a_contradicting_hand_and_keeps_the_others_with_skip_invalid(
        runner: CliRunner, db_url: str, tmp_path: Path) -> None:
    folder = tmp_path / "hands"
    folder.mkdir()
    (folder / "a.phh").write_text(FOLDED + "finishing_stacks = [201, 199]\n")
    (folder / "b.phh").write_text(FOLDED + "finishing_stacks = [150, 250]\n")
    open_engine(db_url, create=True).dispose()  # made first: a failed import keeps it
    refused = fails(runner, "import", str(folder), "--db", db_url)
    assert refused.stderr == (f"Error: {folder}/b.phh: p1's finishing stack is 150 in the "
                              "file, 201 by its actions\n")
    assert rows(db_url, "SELECT count(*) FROM datasets") == [(0,)]
    succeeds(runner, "import", str(folder), "--db", db_url, "--skip-invalid")
    assert rows(db_url, f"SELECT source FROM {TEXTED_DEALS} d") == [("a.phh",)]
    assert rows(db_url, "SELECT line_no, reason FROM rejects") == [
        (2, "p1's finishing stack is 150 in the file, 201 by its actions")]


# Two pots split two ways, each with an odd unit: 2275 between p1 and p6, 1631 between p3 and
# p8 (p1 also wins a side pot of 180 alone).
TWO_SPLIT_POTS = """\
variant = 'NT'
ante_trimming_status = true
antes = [0, 50, 0, 0, 0, 0, 0, 0]
blinds_or_straddles = [25, 50, 0, 0, 0, 0, 0, 0]
min_bet = 50
starting_stacks = [436, 499, 2985, 270, 1150, 391, 2231, 1246]
actions = ['d dh p1 ????', 'd dh p2 AhJd', 'd dh p3 4c5c', 'd dh p4 Jc6h', 'd dh p5 Ad3s',
  'd dh p6 ????', 'd dh p7 3d9c', 'd dh p8 6d2h', 'p3 cc', 'p4 cbr 126', 'p5 f', 'p6 cc',
  'p7 cbr 447', 'p8 cc', 'p1 cc', 'p2 f', 'p3 cbr 2985', 'p4 cc', 'p6 cc', 'p7 f', 'p8 cc',
  'p3 sm 4c5c', 'p4 sm Jc6h', 'p6 sm 7c8h', 'p8 sm 6d2h', 'p1 sm 5s8s', 'd db As8dKc',
  'd db Js', 'd db 8c']
"""


@pytest.mark.parametrize(("winnings", "refused"), [
    ([1318, 0, 816, 0, 0, 1137, 0, 815], None),
    ([1317, 0, 815, 0, 0, 1138, 0, 816], None),
    # Each seat within its bounds and the total right, but p1 and p6 share 2276 of a pot of
    # 2275 (plus p1's 180): one unit taken from p3 and p8's pot.
    ([1318, 0, 815, 0, 0, 1138, 0, 815],
     "p1 and p6 win 2456 by the file's winnings, at most 2455 by its actions"),
])
def test_an_odd_unit_stays_with_the_winners_of_its_own_pot(winnings: list[int],
                                                           refused: str | None) -> None:
    text = TWO_SPLIT_POTS + f"winnings = {winnings}\n"
    if refused is None:
        _checked(text)
    else:
        assert _refusal(text) == f"hand.phh: {refused}"
    # The same chip moved in the finishing stacks.
    stacks = [start - put + won for start, put, won in zip(
        [436, 499, 2985, 270, 1150, 391, 2231, 1246], [436, 50, 1246, 270, 0, 391, 447, 1246],
        winnings, strict=True)]
    text = TWO_SPLIT_POTS + f"finishing_stacks = {stacks}\n"
    if refused is None:
        _checked(text)
    else:
        assert _refusal(text) == f"hand.phh: {refused}".replace("winnings", "finishing stacks")


_FIGURES = st.lists(st.tuples(st.integers(0, 10**13), st.integers(0, 10**13),
                              st.integers(0, 10**13), st.booleans()), min_size=2, max_size=10)


@given(_FIGURES, st.integers(0, 10), st.lists(st.integers(1, 10), max_size=3))
def test_a_settlement_paid_as_the_file_says_is_replace_s(
        seats: list[tuple[int, int, int, bool]], winner: int, unknown: list[int]) -> None:
    """_paid_as (made directly, compiled) against dataclasses.replace, which it replaces."""
    won, paid, put_in, showed = (tuple(column) for column in zip(*seats, strict=True))
    raked = tuple(got - pay for got, pay in zip(won, paid, strict=True))
    settlement = Settlement(won, tuple(got - put for got, put in zip(won, put_in, strict=True)),
                            showed, winner, (), None, tuple(unknown))
    assert _paid_as(settlement, paid, raked, put_in) == replace(
        settlement, won=paid, raked=raked,
        net=tuple(got - put for got, put in zip(paid, put_in, strict=True)))
