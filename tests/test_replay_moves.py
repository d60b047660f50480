"""What the replay records of each action (Replayed.moves), which the tracker counts read instead
of the actions' texts: exact moves of hands of each kind of action, and over random legal
hands and every hand of the bundled PHH and HandHQ files the moves the replay read are those
read off the texts (tracker_stats.moves_of, which a migration reads stored actions with)."""

import json
import random
from pathlib import Path

import pytest
from phh_hands import STRESS, random_hand

from pokerdb.formats.phh.reader import parse_hand, parse_hands
from pokerdb.rules.hand_record import PhhError, PhhHand
from pokerdb.rules.settlement import replay
from pokerdb.rules.settlement.outcome import (
    MOVE_BOARD,
    MOVE_CALL,
    MOVE_FOLD,
    MOVE_OTHER,
    MOVE_RAISE,
)
from pokerdb.rules.tracker_stats import moves_of

DATA = Path(__file__).parent / "data"


def hand(variant: str, actions: list[str], stacks: list[int], extra: str) -> PhhHand:
    quoted = ", ".join(json.dumps(action) for action in actions)  # TOML's basic strings
    return parse_hand(f"variant = '{variant}'\nantes = {[0] * len(stacks)}\n{extra}\n"
                      f"starting_stacks = {stacks}\nactions = [{quoted}]\n", "test.phh")


def test_each_kind_of_action_is_its_move() -> None:
    # A comment after an action and a tab between its words are read as the replay reads them.
    actions = ["d dh p1 AsKs", "d dh p2 7h7d # pocket sevens", "p2 cbr\t6", "p1 cc",
               "d db 2c3c4c", "p1 cc", "p2 cbr 10", "p1 cc", "d db 9d", "p1 cc", "p2 cc",
               "d db Jh", "p1 cbr 20", "p2 f"]
    replayed = replay(hand("NT", actions, [200, 200],
                           "blinds_or_straddles = [1, 2]\nmin_bet = 2"))
    assert replayed.moves == (
        MOVE_OTHER, MOVE_OTHER, MOVE_RAISE, MOVE_CALL, MOVE_BOARD + 3, MOVE_CALL, MOVE_RAISE,
        MOVE_CALL, MOVE_BOARD + 1, MOVE_CALL, MOVE_CALL, MOVE_BOARD + 1, MOVE_RAISE, MOVE_FOLD)
    assert list(replayed.moves) == moves_of(actions, replayed.actors)


def test_a_bring_in_a_discard_and_a_show_count_for_nothing() -> None:
    stud = ["d dh p1 AsKsQs", "d dh p2 3d4d2c", "d dh p3 5h6h2h", "p2 pb", "p3 cbr 4",
            "p1 cbr 8", "p2 f", "p3 f"]
    replayed = replay(hand("F7S", stud, [100, 100, 100],
                           "bring_in = 1\nsmall_bet = 4\nbig_bet = 8"))
    assert replayed.moves == (MOVE_OTHER,) * 4 + (MOVE_RAISE, MOVE_RAISE, MOVE_FOLD, MOVE_FOLD)
    draw = ["d dh p1 7h6c4c3d2c", "d dh p2 AsQs6s5c3c", "p2 cc", "p1 cc", "p1 sd",
            "p2 sd AsQs", "d dh p2 2h4d", "p1 cbr 10", "p2 cc", "p1 sm 7h6c4c3d2c",
            "p2 sm 6s5c3c2h4d"]
    replayed = replay(hand("N2L1D", draw, [100, 100],
                           "blinds_or_straddles = [1, 2]\nmin_bet = 2"))
    assert replayed.moves == (MOVE_OTHER, MOVE_OTHER, MOVE_CALL, MOVE_CALL, MOVE_OTHER,
                              MOVE_OTHER, MOVE_OTHER, MOVE_RAISE, MOVE_CALL, MOVE_OTHER,
                              MOVE_OTHER)
    assert list(replayed.moves) == moves_of(draw, replayed.actors)


@pytest.mark.parametrize("seed", range(4))
def test_random_hands_move_as_their_texts_read(seed: int) -> None:
    rng = random.Random(seed)
    for number in range(150):
        phh_hand = parse_hand(random_hand(rng, ("NT", "FT")[number % 2], number, STRESS),
                              f"random#{number}")
        replayed = replay(phh_hand)
        assert list(replayed.moves) == moves_of(phh_hand.actions, replayed.actors)
        assert len(replayed.moves) == len(phh_hand.actions)


def test_every_bundled_hand_moves_as_its_texts_read() -> None:
    replayed_hands = 0
    for path in sorted([*(DATA / "phh").rglob("*.phh"), *(DATA / "handhq").rglob("*.phhs")]):
        for phh_hand in parse_hands(path.read_text(encoding="utf-8"), path.name):
            if not isinstance(phh_hand, PhhHand):
                continue
            try:
                replayed = replay(phh_hand)
            except PhhError:  # the files hold impossible hands too
                continue
            assert list(replayed.moves) == moves_of(phh_hand.actions, replayed.actors), \
                phh_hand.source
            replayed_hands += 1
    assert replayed_hands > 100
