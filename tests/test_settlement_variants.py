"""Replaying and settling the variants beyond Hold'em: one small hand per rule (pot-limit,
Omaha's two hole cards, hi/lo halves and their odd chip, stud's bring-in, completion and
openers, razz, draws, the short deck), with the exact chips per seat, and the exact one-line
message of each kind of impossible hand."""

import pytest
from support import settle

from pokerdb.formats.phh.reader import parse_hand
from pokerdb.rules.hand_batches import ReplayedHand
from pokerdb.rules.hand_batches import settle as settle_batch
from pokerdb.rules.hand_record import PhhError, PhhHand
from pokerdb.rules.settlement import Award, replay

Value = int | str | bool | list[int]
STUD_FIELDS: dict[str, Value] = {"bring_in": 1, "small_bet": 4, "big_bet": 8}
LIMIT_FIELDS: dict[str, Value] = {"blinds_or_straddles": [1, 2], "small_bet": 2, "big_bet": 4}


def toml(value: Value) -> str:
    if isinstance(value, bool):
        return str(value).lower()
    if isinstance(value, list):
        return "[" + ", ".join(toml(item) for item in value) + "]"
    return repr(value) if isinstance(value, str) else str(value)


def hand(variant: str, actions: list[str], stacks: list[int], **fields: Value) -> PhhHand:
    table: dict[str, Value] = {"variant": variant, "antes": [0] * len(stacks), **fields,
                               "starting_stacks": stacks, "actions": actions}
    if "blinds_or_straddles" in table:
        table["blinds_or_straddles"] = [*table["blinds_or_straddles"],  # type: ignore[misc]
                                        *[0] * (len(stacks) - 2)]
    return parse_hand("".join(f"{key} = {toml(value)}\n" for key, value in table.items()),
                      "test.phh")


def invalid(phh_hand: PhhHand) -> str:
    with pytest.raises(PhhError) as caught:
        replay(phh_hand)
    return str(caught.value)


POT_LIMIT = {"blinds_or_straddles": [1, 2], "min_bet": 2}


@pytest.mark.parametrize(("raise_to", "accepted"), [(6, True), (7, False)])
def test_a_pot_limit_raise_is_at_most_the_pot_after_calling(raise_to: int,
                                                            accepted: bool) -> None:
    # Heads-up p2 (small blind, 1) calls 1 and raises the pot of 4: to 6 at most.
    phh_hand = hand("PO", ["d dh p1 ????????", "d dh p2 ????????", f"p2 cbr {raise_to}"],
                    [100, 100], **POT_LIMIT)
    if accepted:
        with pytest.raises(PhhError, match="p1 is to act"):
            replay(phh_hand)
    else:
        assert invalid(phh_hand) == ("test.phh: action 3 'p2 cbr 7': a pot-limit raise to 7 "
                                     "is over the pot: at most 6")


def test_a_pot_limit_reraise_counts_the_bets_in_front() -> None:
    # After p2's raise to 6, p1 (2 in) calls 4 and raises the pot of 12: to 18.
    actions = ["d dh p1 ????????", "d dh p2 ????????", "p2 cbr 6", "p1 cbr 19"]
    assert invalid(hand("PO", actions, [100, 100], **POT_LIMIT)) == (
        "test.phh: action 4 'p1 cbr 19': a pot-limit raise to 19 is over the pot: at most 18")


def test_omaha_plays_exactly_two_hole_cards() -> None:
    # p1's one heart makes no flush (best of nine would see a royal flush); p2's two do.
    actions = ["d dh p1 Th3s4d5c", "d dh p2 9h8h2d2s", "p2 cbr 6", "p1 cbr 18", "p2 cbr 54",
               "p1 cbr 100", "p2 cc", "d db AhKhQh", "d db Jh", "d db 2c",
               "p1 sm Th3s4d5c", "p2 sm 9h8h2d2s"]
    phh_hand = hand("PO", actions, [100, 100], **POT_LIMIT)
    (batch,) = [settle_batch([ReplayedHand(1, replay(phh_hand), None)])]
    assert batch.settlements[0].net == (-100, 100)
    assert settle(phh_hand)[1].net == (-100, 100)  # pokerkit's hand values agree
    assert [cards.best for cards in batch.played] == ["AH KH QH TH 5C", "AH KH QH 9H 8H"]


def test_omaha_with_five_hole_cards() -> None:
    actions = ["d dh p1 AsAd2c3c4c", "d dh p2 KsKdKhQsQd", "p2 cc", "p1 cc", "d db 7h8h9c",
               "p1 cc", "p2 cc", "d db Tc", "p1 cc", "p2 cc", "d db 2d", "p1 cc", "p2 cc",
               "p1 sm AsAd2c3c4c", "p2 sm KsKdKhQsQd"]
    replayed, settlement = settle(hand("PO", actions, [50, 50], **POT_LIMIT))
    assert replayed.hole_cards == ("AS AD 2C 3C 4C", "KS KD KH QS QD")
    assert settlement.net == (2, -2)  # aces over kings


# Hi/lo: p1 folds its small blind; p2's kings make the high, p3's A-2 the low (7-4-3-2-A).
HI_LO = ["d dh p1 9s9dTcJd", "d dh p2 KsKdQcQd", "d dh p3 Ac2c9h9c", "p3 cc", "p1 f",
         "p2 cc", "d db 3h4h7s", "p2 cc", "p3 cc", "d db Kh", "p2 cc", "p3 cc", "d db 8d",
         "p2 cc", "p3 cc", "p2 sm KsKdQcQd", "p3 sm Ac2c9h9c"]


def test_a_hi_lo_pot_halves_and_its_odd_chip_goes_high() -> None:
    phh_hand = hand("FO/8", HI_LO, [50, 50, 50], **LIMIT_FIELDS)
    batch = settle_batch([ReplayedHand(1, replay(phh_hand), None)])
    settlement = batch.settlements[0]
    assert settlement.awards == (Award(3, (2,)), Award(2, (3,), low=True))  # 5 chips
    assert settlement.net == (-1, 1, 0)
    assert settlement.winner == 0  # the main pot is shared
    assert [(cards.seat, cards.low_strength > 0) for cards in batch.played] == [
        (0, False), (1, False), (2, True)]
    assert settle(phh_hand)[1].net == (-1, 1, 0)


def test_without_a_qualifying_low_the_high_hand_takes_the_whole_pot() -> None:
    no_low = [action.replace("Ac2c9h9c", "AcJs9h9c") for action in HI_LO]
    settlement = settle(hand("FO/8", no_low, [50, 50, 50], **LIMIT_FIELDS))[1]
    assert settlement.awards == (Award(5, (2,)),)
    assert settlement.net == (-1, 3, -2)


# Stud, three players: p2's up card (2c) is the lowest, so p2 brings it in.
STUD_DEAL = ["d dh p1 AsKsQs", "d dh p2 3d4d2c", "d dh p3 5h6h2h"]


@pytest.mark.parametrize(("action", "message"), [
    ("p1 cc", "p1 acts out of turn (p2 is to act)"),
    ("p2 cc", "p2 is to post the bring-in or complete"),
    ("p2 f", "p2 is to post the bring-in or complete"),
    ("p2 cbr 3", "a fixed-limit completion is to 4"),
])
def test_the_lowest_up_card_brings_it_in(action: str, message: str) -> None:
    assert invalid(hand("F7S", [*STUD_DEAL, action], [100, 100, 100], **STUD_FIELDS)) == (
        f"test.phh: action 4 '{action}': {message}")


def test_a_bring_in_is_completed_then_raised_by_the_fixed_bet() -> None:
    actions = [*STUD_DEAL, "p2 pb", "p3 cbr 4", "p1 cbr 8", "p2 f", "p3 f"]
    replayed, settlement = settle(hand("F7S", actions, [100, 100, 100], **STUD_FIELDS))
    assert replayed.put_in == (4, 1, 4)  # p1's raise, uncalled, returned down to p3's 4
    assert settlement.net == (5, -1, -4)


def test_later_stud_streets_open_with_the_best_up_cards() -> None:
    # Fourth street: p3 shows a pair of deuces (2h 2s), p1 queen-king: p3 opens. (The bring-in
    # is called round; its poster does not act again.)
    actions = [*STUD_DEAL, "p2 pb", "p3 cc", "p1 cc", "d dh p1 Kh", "d dh p2 5d",
               "d dh p3 2s", "p1 cc"]
    assert invalid(hand("F7S", actions, [100, 100, 100], **STUD_FIELDS)) == (
        "test.phh: action 10 'p1 cc': p1 acts out of turn (p3 is to act)")


def test_razz_brings_in_with_the_highest_up_card_spades_first() -> None:
    # The third card is the up card: p2's king of spades beats p3's king of hearts.
    actions = ["d dh p1 AcKc2d", "d dh p2 AdQdKs", "d dh p3 3c4cKh", "p3 pb"]
    assert invalid(hand("FR", actions, [100, 100, 100], **STUD_FIELDS)) == (
        "test.phh: action 4 'p3 pb': p3 acts out of turn (p2 is to act)")


DRAW = ["d dh p1 7h6c4c3d2c", "d dh p2 AsQs6s5c3c", "p2 cc", "p1 cc"]


@pytest.mark.parametrize(("actions", "message"), [
    (["p2 sd AsQs"], "action 5 'p2 sd AsQs': p2 discards out of turn (p1 is to discard or "
                     "stand pat)"),
    (["p1 sd 2s"], "action 5 'p1 sd 2s': p1 cannot discard 2S: p1 holds 7H 6C 4C 3D 2C"),
    (["p1 sd", "d dh p2 2h"], "action 6 'd dh p2 2h': p2 is to discard or stand pat"),
    (["p1 sd", "p2 sd AsQs", "d dh p2 2h2d3h"],
     "action 7 'd dh p2 2h2d3h': p2 is dealt 3 cards where 2 are due"),
    (["p1 sd", "p2 sd AsQs", "d dh p2 2h6c"], "action 7 'd dh p2 2h6c': 6C is dealt twice"),
    (["p1 sd", "p2 sd AsQs", "d dh p2 2hAs"],
     "action 7 'd dh p2 2hAs': AS is dealt again, though the deck has not run out"),
    # New cards a file leaves out are unknown: the draw's betting begins, p1 first.
    (["p1 sd", "p2 sd AsQs", "p2 cc"], "action 7 'p2 cc': p2 acts out of turn (p1 is to act)"),
])
def test_an_impossible_draw_is_named_by_its_action(actions: list[str], message: str) -> None:
    assert invalid(hand("N2L1D", [*DRAW, *actions], [100, 100], blinds_or_straddles=[1, 2],
                        min_bet=2)) == f"test.phh: {message}"


def test_a_draw_replaces_the_discards_and_low_wins() -> None:
    actions = [*DRAW, "p1 sd", "p2 sd AsQs", "d dh p2 2h4d", "p1 cbr 10", "p2 cc",
               "p1 sm 7h6c4c3d2c", "p2 sm 6s5c3c2h4d"]
    replayed, settlement = settle(hand("N2L1D", actions, [100, 100],
                                       blinds_or_straddles=[1, 2], min_bet=2))
    assert replayed.hole_cards == ("7H 6C 4C 3D 2C", "6S 5C 3C 2H 4D")
    assert settlement.net == (12, -12)  # 6-5-4-3-2 is a straight: worse than 7-6-4-3-2


def test_the_short_deck_has_no_deuces() -> None:
    assert invalid(hand("NS", ["d dh p1 AsKs", "d dh p2 2c7h"], [100, 100],
                        blinds_or_straddles=[1, 2], min_bet=2)) == (
        "test.phh: action 2 'd dh p2 2c7h': 2C is not in the deck of NS (36 cards, 6 to A)")


def test_hands_of_several_variants_settle_in_one_batch() -> None:
    """The batch groups its seats by variant: every hand above settles in one batch as it does
    alone."""
    hands = [hand("FO/8", HI_LO, [50, 50, 50], **LIMIT_FIELDS),
             hand("N2L1D", [*DRAW, "p1 sd", "p2 sd AsQs", "d dh p2 2h4d", "p1 cbr 10",
                            "p2 cc", "p1 sm 7h6c4c3d2c", "p2 sm 6s5c3c2h4d"], [100, 100],
                  blinds_or_straddles=[1, 2], min_bet=2),
             hand("F7S", [*STUD_DEAL, "p2 pb", "p3 cbr 4", "p1 cbr 8", "p2 f", "p3 f"],
                  [100, 100, 100], **STUD_FIELDS)]
    batch = settle_batch([ReplayedHand(number, replay(each), None)
                          for number, each in enumerate(hands, start=1)])
    assert [settlement.net for settlement in batch.settlements] == [
        (-1, 1, 0), (12, -12), (5, -1, -4)]
