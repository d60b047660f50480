"""PokerStars stud hands imported on every backend: the cards dealt street by street (up cards,
the hero's, seventh street's face down), the bring-in and completion, the shown hands checked
against the site's words, and eight players sharing a community card on seventh street (the
winner as eval7, an independent evaluator, ranks the hands)."""

from pathlib import Path

import eval7
from support import NAMED_SEATS, fails, rows, succeeds
from test_pokerstars import plain
from test_variant_structures import EIGHT_STUD
from typer.testing import CliRunner

STUD = """\
PokerStars Hand #300000000010:  7 Card Stud Limit ($0.04/$0.08 USD) - 2012/05/23 23:24:52 ET
Table 'Equinox IV' 8-max
Seat 1: Ann ($1.52 in chips)
Seat 2: Bo ($0.97 in chips)
Seat 3: Cy ($0.49 in chips)
Seat 4: Hero ($1.49 in chips)
Ann: posts the ante $0.01
Bo: posts the ante $0.01
Cy: posts the ante $0.01
Hero: posts the ante $0.01
*** 3rd STREET ***
Dealt to Ann [Ah]
Dealt to Bo [8h]
Dealt to Cy [2d]
Dealt to Hero [6d Jd Jc]
Cy: brings in for $0.02
Hero: raises $0.02 to $0.04
Ann: calls $0.04
Bo: folds
Cy: calls $0.02
*** 4th STREET ***
Dealt to Ann [Ah] [4h]
Dealt to Cy [2d] [Th]
Dealt to Hero [6d Jd Jc] [3c]
Ann: bets $0.04
Cy: calls $0.04
Hero: calls $0.04
*** 5th STREET ***
Dealt to Ann [Ah 4h] [Js]
Dealt to Cy [2d Th] [9c]
Dealt to Hero [6d Jd Jc 3c] [Td]
Ann: checks
Cy: bets $0.08
Hero: calls $0.08
Ann: calls $0.08
*** 6th STREET ***
Dealt to Ann [Ah 4h Js] [4s]
Dealt to Cy [2d Th 9c] [3s]
Dealt to Hero [6d Jd Jc 3c Td] [6s]
Ann: bets $0.08
Cy: calls $0.08
Hero: calls $0.08
*** RIVER ***
Dealt to Hero [6d Jd Jc 3c Td 6s] [Qh]
Ann: checks
Cy: bets $0.08
Hero: folds
Ann: calls $0.08
*** SHOW DOWN ***
Cy: shows [Kh Ks 2d Th 9c 3s Ad] (a pair of Kings)
Ann: shows [5d 4c Ah 4h Js 4s Qs] (three of a kind, Fours)
Ann collected $0.88 from pot
*** SUMMARY ***
Total pot $0.92 | Rake $0.04
Seat 1: Ann showed [5d 4c Ah 4h Js 4s Qs] and won ($0.88) with three of a kind, Fours
Seat 2: Bo folded on the 3rd Street
Seat 3: Cy showed [Kh Ks 2d Th 9c 3s Ad] and lost with a pair of Kings
Seat 4: Hero folded on the River
"""


def imported(runner: CliRunner, db_url: str, tmp_path: Path, text: str) -> Path:
    path = tmp_path / "stud.txt"
    path.write_text(text, encoding="utf-8")
    succeeds(runner, "import", str(path), "--db", db_url)
    return path


def test_a_stud_hand_is_dealt_street_by_street(runner: CliRunner, db_url: str,
                                               tmp_path: Path) -> None:
    imported(runner, db_url, tmp_path, STUD)
    assert plain(db_url, "SELECT variant, board, bring_in, small_bet, big_bet, button_seat, "
                         "hero, total_pot, rake FROM deals") == [
        ("F7S", None, 0.02, 0.04, 0.08, None, 4, 0.92, 0.04)]
    # Players in seat order (stud has no button, so no positions).
    assert plain(db_url, "SELECT name, position, seat_number, ante, put_in, collected, net "
                         f"FROM {NAMED_SEATS} seats ORDER BY player") == [
        ("Ann", None, 1, 0.01, 0.33, 0.88, 0.55), ("Bo", None, 2, 0.01, 0.01, 0, -0.01),
        ("Cy", None, 3, 0.01, 0.33, 0, -0.33), ("Hero", None, 4, 0.01, 0.25, 0, -0.25)]
    assert [action for (action,) in rows(db_url, "SELECT action FROM actions ORDER BY seq")][
        :16] == ["d dh p1 5d4cAh", "d dh p2 ????8h", "d dh p3 KhKs2d", "d dh p4 6dJdJc",
                 "p3 pb", "p4 cbr 0.04", "p1 cc", "p2 f", "p3 cc", "d dh p1 4h", "d dh p3 Th",
                 "d dh p4 3c", "p1 cbr 0.04", "p3 cc", "p4 cc", "d dh p1 Js"]
    assert rows(db_url, "SELECT player, cards FROM hand_cards WHERE cards IS NOT NULL "
                        "ORDER BY player") == [
        (1, "5D 4C AH 4H JS 4S QS"), (3, "KH KS 2D TH 9C 3S AD"),
        (4, "6D JD JC 3C TD 6S QH")]


def test_a_stud_hand_is_checked_like_any_other(runner: CliRunner, db_url: str,
                                               tmp_path: Path) -> None:
    path = tmp_path / "stud.txt"
    path.write_text(STUD.replace("(a pair of Kings)", "(two pair, Kings and Threes)"),
                    encoding="utf-8")
    result = fails(runner, "import", str(path), "--db", db_url)
    assert result.stderr == (f"Error: {path}#300000000010: Cy shows KH KS 2D TH 9C 3S AD: the "
                             f"file says 'two pair, Kings and Threes', pokerdb evaluates one "
                             f"pair\n")
    path.write_text(STUD.replace("Ann: bets $0.04\nCy", "Cy: bets $0.04\nAnn"), encoding="utf-8")
    result = fails(runner, "import", str(path), "--db", db_url)
    assert result.stderr == (f"Error: {path}#300000000010: line 25 'Cy: bets $0.04': p3 acts "
                             f"out of turn (p1 is to act)\n")


def eight_players() -> str:
    """EIGHT_STUD (every player calls the bring-in and checks to the showdown) as PokerStars
    writes it: up cards street by street, the community card on the river."""
    names = [f"Player{number}" for number in range(1, 9)]
    lines = ["PokerStars Hand #300000000011:  7 Card Stud Limit ($0.04/$0.08 USD) - "
             "2012/05/23 23:30:00 ET", "Table 'Equinox IV' 8-max",
             *(f"Seat {seat}: {name} ($1 in chips)" for seat, name in enumerate(names, 1)),
             *(f"{name}: posts the ante $0.01" for name in names)]
    up: list[list[str]] = [[] for _ in names]
    street, dealing = 2, False
    for action in EIGHT_STUD:
        words = action.split()
        if words[:2] == ["d", "dh"]:
            if not dealing:
                street += 1
                lines.append(f"*** {street}{'rd' if street == 3 else 'th'} STREET ***")
            seat, card = int(words[2][1:]) - 1, words[3][-2:]
            before = f"[{' '.join(up[seat])}] " if up[seat] else ""
            lines.append(f"Dealt to {names[seat]} {before}[{card}]")
            up[seat].append(card)
        elif words[:2] == ["d", "db"]:
            lines.append(f"*** RIVER *** [{words[2]}]")
        elif words[1] == "pb":
            lines.append(f"{names[int(words[0][1:]) - 1]}: brings in for $0.01")
        elif words[1] == "cc":
            lines.append(f"{names[int(words[0][1:]) - 1]}: "
                         f"{'calls $0.01' if street == 3 else 'checks'}")
        dealing = words[1] in ("dh", "db")
    lines.append("*** SHOW DOWN ***")
    holes = {int(action.split()[2][1:]) - 1: "" for action in EIGHT_STUD if " dh " in action}
    for action in EIGHT_STUD:
        if action.startswith("d dh "):
            seat = int(action.split()[2][1:]) - 1
            holes[seat] += action.split()[3]
    shown = [[holes[seat][at:at + 2] for at in range(0, 12, 2)] for seat in range(8)]
    lines += [f"{name}: shows [{' '.join(cards)}]" for name, cards in zip(names, shown,
                                                                         strict=True)]
    best = [eval7.evaluate([eval7.Card(card) for card in (*cards, "7h")]) for cards in shown]
    winner = names[best.index(max(best))]
    lines += [f"{winner} collected $0.16 from pot", "*** SUMMARY ***",
              "Total pot $0.16 | Rake $0", "Board [7h]"]
    lines += [f"Seat {seat}: {name} showed [{' '.join(cards)}]" for seat, (name, cards) in
              enumerate(zip(names, shown, strict=True), 1)]
    return "\n".join(lines) + "\n"


def test_eight_stud_players_share_the_river_card(runner: CliRunner, db_url: str,
                                                 tmp_path: Path) -> None:
    imported(runner, db_url, tmp_path, eight_players())
    assert rows(db_url, "SELECT variant, board FROM deals") == [("F7S", "7H")]
    nets = plain(db_url, f"SELECT name, net FROM {NAMED_SEATS} seats ORDER BY player")
    assert sorted(net for _, net in nets) == [-0.02] * 7 + [0.14]
    assert rows(db_url, "SELECT count(*) FROM hands WHERE strength IS NOT NULL") == [(8,)]
    # Without the community card, seventh street's cards are each player's to be dealt.
    path = tmp_path / "no-card.txt"
    path.write_text(eight_players().replace("*** RIVER *** [7h]", "*** RIVER ***").replace(
        "Board [7h]\n", ""), encoding="utf-8")
    result = fails(runner, "import", str(path), "--db", db_url)
    assert result.stderr.endswith("'Player1: checks': p1 acts while the seventh street is to "
                                  "be dealt\n"), result.stderr
