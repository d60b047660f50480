"""Known cards are never thrown away: a seat dealt known hole cards that shows fewer of them at
the showdown (`p2 sm 9h`), or some as unknown (`p2 sm 9h??`, `p2 sm ????`), keeps the cards it
was dealt, in every order and on both backends, and the hand settles as with them shown."""

from itertools import permutations
from pathlib import Path

import pytest
from support import rows, settle, succeeds
from typer.testing import CliRunner

from pokerdb.formats.phh.reader import parse_hand
from pokerdb.rules.hand_record import PhhHand

DEALT = ("9h", "Th")
UNKNOWN = "??"
# p1 holds a pair of aces; p2's nines and tens make a straight on this board, and win.
BOARD = ["d db 7cJd2s", "d db 8d", "d db Kd"]


def shows_of_dealt() -> list[str]:
    """Every way to write a show of the dealt cards: some of them, in any order, the others
    left out or written as unknown."""
    written = set()
    for size in range(1, len(DEALT) + 1):
        for cards in permutations(DEALT, size):
            written.add("".join(cards))
            for hole in range(len(cards) + 1):
                written.add("".join([*cards[:hole], UNKNOWN, *cards[hole:]])
                            if size < len(DEALT) else "".join(cards))
    written.add(UNKNOWN * len(DEALT))
    return sorted(written)


def hand_showing(shown: str) -> PhhHand:
    actions = ["d dh p1 AhAd", f"d dh p2 {''.join(DEALT)}", "p2 cc", "p1 cc"]
    for street in BOARD:
        actions += [street, "p1 cc", "p2 cc"]
    actions += ["p1 sm AhAd", f"p2 sm {shown}"]
    return parse_hand(phh_text(actions), "shown.phh")


def phh_text(actions: list[str]) -> str:
    quoted = ", ".join(f'"{action}"' for action in actions)
    return ('variant = "NT"\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\nmin_bet = 2\n'
            f"starting_stacks = [200, 200]\nactions = [{quoted}]\n")


def test_every_show_of_the_dealt_cards_keeps_them() -> None:
    shows = shows_of_dealt()
    assert len(shows) == 9 and {"9h", "Th", "9h??", "??Th", "????", "Th9h"} <= set(shows)
    for shown in shows:
        replayed, settlement = settle(hand_showing(shown))
        order = shown if len(shown) == 4 and UNKNOWN not in shown else "".join(DEALT)
        expected = f"{order[:2].upper()} {order[2:].upper()}"
        assert replayed.hole_cards == ("AH AD", expected), shown
        assert replayed.showdown == (1, 2), shown
        assert (settlement.net, settlement.showed, settlement.winner) == (
            (-2, 2), (True, True), 2), shown


@pytest.mark.parametrize("shown", ["9h", "Th", "9h??"])
def test_the_dealt_cards_are_stored(runner: CliRunner, db_url: str, tmp_path: Path,
                                    shown: str) -> None:
    file = tmp_path / "shown.phh"
    actions = hand_showing(shown).actions
    file.write_text(phh_text(list(actions)))
    succeeds(runner, "import", str(file), "--format", "phh", "--db", db_url, "--quiet")
    stored = rows(db_url, "SELECT player, cards, showed, net, description FROM hands "
                          "ORDER BY player")
    assert [(player, cards, bool(showed), int(net), description)
            for player, cards, showed, net, description in stored] == [
        (1, "AH AD", True, -2, "Pair of Aces, King kicker"),
        (2, "9H TH", True, 2, "Straight, Jack high")]
