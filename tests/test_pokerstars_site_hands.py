"""What PokerStars files say beyond the actions, each case a small hand written for the test in
the site's format (as fpdb's regression files of real hands show them), imported on every
backend, its stored chips worked out here from its lines:

- an ante all in for less: the antes are pots by level, the part no one matches returned
  (pokerkit agreeing);
- a player listed as sitting out who returns and plays is dealt in;
- mucked hands shown in the summary, of stud and draw games, are the player's known cards; a
  draw of every card;
The site's own betting rules: tests/test_pokerstars_site_rules.py; the forms of its headers:
tests/test_pokerstars_headers.py."""

from collections import deque
from decimal import Decimal
from pathlib import Path

from pokerkit import HandHistory
from support import NAMED_SEATS, fails, rows, succeeds
from test_pokerstars import plain
from typer.testing import CliRunner


def imported(runner: CliRunner, db_url: str, tmp_path: Path, text: str) -> Path:
    path = tmp_path / "hand.txt"
    path.write_text(text, encoding="utf-8")
    succeeds(runner, "import", str(path), "--db", db_url)
    return path


def refused(runner: CliRunner, db_url: str, tmp_path: Path, text: str) -> str:
    """The one line the import of `text` fails with, the database left as it was."""
    path = tmp_path / "refused.txt"
    path.write_text(text, encoding="utf-8")
    before = rows(db_url, "SELECT count(*) FROM deals")
    result = fails(runner, "import", str(path), "--db", db_url)
    assert rows(db_url, "SELECT count(*) FROM deals") == before
    return result.stderr.removeprefix(f"Error: {path}#")


def nets(db_url: str) -> list[tuple[object, ...]]:
    return plain(db_url, f"SELECT name, put_in, collected, net FROM {NAMED_SEATS} seats ORDER "
                         "BY player")


# Ann is all in by her ante of 10 (of 25): the main pot is every player's 10, the rest of the
# antes and the blinds a side pot between Bo and Cy.
ANTE_ALL_IN = """\
PokerStars Hand #300000000211: Tournament #900000005, $1.00+$0.10 USD Hold'em No Limit - \
Level VI (50/100) - 2014/03/02 15:00:00 ET
Table '900000005 1' 9-max Seat #1 is the button
Seat 1: Ann (10 in chips)
Seat 2: Bo (2000 in chips)
Seat 3: Cy (3000 in chips)
Ann: posts the ante 10 and is all-in
Bo: posts the ante 25
Cy: posts the ante 25
Bo: posts small blind 50
Cy: posts big blind 100
*** HOLE CARDS ***
Dealt to Ann [Qc Qs]
Bo: calls 50
Cy: checks
*** FLOP *** [2c 7h 9s]
Bo: checks
Cy: checks
*** TURN *** [2c 7h 9s] [Jd]
Bo: checks
Cy: checks
*** RIVER *** [2c 7h 9s Jd] [3s]
Bo: checks
Cy: checks
*** SHOW DOWN ***
Bo: shows [Kc Qd] (high card King)
Cy: shows [Jh Ts] (a pair of Jacks)
Cy collected 230 from side pot
Ann: shows [Qc Qs] (a pair of Queens)
Ann collected 30 from main pot
*** SUMMARY ***
Total pot 260 Main pot 30. Side pot 230. | Rake 0
Board [2c 7h 9s Jd 3s]
Seat 1: Ann (button) showed [Qc Qs] and won (30) with a pair of Queens
Seat 2: Bo (small blind) showed [Kc Qd] and lost with high card King
Seat 3: Cy (big blind) showed [Jh Ts] and won (230) with a pair of Jacks
"""

# Heads-up, the button is all in by an ante of 5: of the big blind's 25 and 100, all but 5 is
# returned.
ANTE_RETURNED = """\
PokerStars Hand #300000000212: Tournament #900000005, $1.00+$0.10 USD Hold'em No Limit - \
Level VI (50/100) - 2014/03/02 15:10:00 ET
Table '900000005 1' 9-max Seat #1 is the button
Seat 1: Ann (5 in chips)
Seat 2: Bo (3000 in chips)
Ann: posts the ante 5 and is all-in
Bo: posts the ante 25
Bo: posts big blind 100
*** HOLE CARDS ***
Dealt to Ann [8c 8s]
Uncalled bet (120) returned to Bo
*** FLOP *** [2c 7h 9s]
*** TURN *** [2c 7h 9s] [Jd]
*** RIVER *** [2c 7h 9s Jd] [3s]
*** SHOW DOWN ***
Bo: shows [Kc Qd] (high card King)
Ann: shows [8c 8s] (a pair of Eights)
Ann collected 10 from pot
*** SUMMARY ***
Total pot 10 | Rake 0
Board [2c 7h 9s Jd 3s]
Seat 1: Ann (button) showed [8c 8s] and won (10) with a pair of Eights
Seat 2: Bo (big blind) showed [Kc Qd] and lost with high card King
"""


def test_an_ante_all_in_for_less_makes_the_pots_by_level(runner: CliRunner, db_url: str,
                                                         tmp_path: Path) -> None:
    imported(runner, db_url, tmp_path, ANTE_ALL_IN)
    assert plain(db_url, f"SELECT name, ante, blind, put_in, collected, net FROM {NAMED_SEATS} "
                         "seats "
                         "ORDER BY player") == [
        ("Bo", 25, 50, 125, 0, -125), ("Cy", 25, 100, 125, 230, 105),
        ("Ann", 10, 0, 10, 30, 20)]
    assert rows(db_url, "SELECT ante_trimming FROM deals") in ([(1,)], [(True,)])


def test_the_part_of_an_ante_no_one_matches_is_returned(runner: CliRunner, db_url: str,
                                                        tmp_path: Path) -> None:
    imported(runner, db_url, tmp_path, ANTE_RETURNED)
    assert plain(db_url, f"SELECT name, ante, blind, put_in, collected, net FROM {NAMED_SEATS} "
                         "seats "
                         "ORDER BY player") == [
        ("Bo", 25, 100, 5, 0, -5), ("Ann", 5, 0, 5, 10, 5)]
    # Bo's 20 of ante and 100 of blind returned: the file saying less is refused.
    short = ANTE_RETURNED.replace("Uncalled bet (120)", "Uncalled bet (100)")
    assert refused(runner, db_url, tmp_path, short) == (
        "300000000212: Bo puts in 25 by the file's lines, 5 by the rules of the game\n")


def test_ante_hands_exported_as_phh_replay_in_pokerkit_to_the_same_nets(
        runner: CliRunner, db_url: str, tmp_path: Path) -> None:
    path = tmp_path / "antes.txt"
    path.write_text(f"{ANTE_ALL_IN}\n\n{ANTE_RETURNED}", encoding="utf-8")
    succeeds(runner, "import", str(path), "--db", db_url)
    out = tmp_path / "out"
    succeeds(runner, "export", "--format", "phh", "-o", str(out), "--db", db_url)
    stored: dict[int, list[Decimal]] = {}
    for line_no, net in plain(db_url, "SELECT d.line_no, s.net FROM deals d JOIN seats s ON "
                                     "s.deal_id = d.id ORDER BY d.id, s.player"):
        stored.setdefault(line_no, []).append(Decimal(str(net)))
    (folder,) = out.iterdir()
    files = sorted(folder.glob("*.phh"))
    assert len(files) == 2
    for file in files:
        assert "ante_trimming_status = true" in file.read_text(encoding="utf-8")
        with file.open("rb") as handle:
            final = deque(HandHistory.load(handle), maxlen=1)[0]
        assert [Decimal(str(value)) for value in final.payoffs] == stored[int(file.stem)]


# Cy, listed as sitting out, returns and plays: dealt in (the button), her raise in turn.
RETURNED = """\
PokerStars Hand #300000000301: Tournament #900000004, $1.00+$0.10 USD Hold'em No Limit - \
Level II (15/30) - 2014/03/03 10:00:00 ET
Table '900000004 1' 9-max Seat #3 is the button
Seat 1: Ann (1500 in chips)
Seat 2: Bo (1500 in chips)
Seat 3: Cy (1500 in chips) is sitting out
Seat 4: Dee (1500 in chips)
Dee: posts small blind 15
Ann: posts big blind 30
*** HOLE CARDS ***
Dealt to Ann [Ah Kh]
Cy has returned
Bo: folds
Cy: raises 60 to 90
Dee: folds
Ann: calls 60
*** FLOP *** [2c 7h Jd]
Ann: checks
Cy: bets 100
Ann: folds
Uncalled bet (100) returned to Cy
Cy collected 195 from pot
Cy: doesn't show hand
*** SUMMARY ***
Total pot 195 | Rake 0
Board [2c 7h Jd]
Seat 1: Ann (big blind) folded on the Flop
Seat 2: Bo folded before Flop (didn't bet)
Seat 3: Cy (button) collected (195)
Seat 4: Dee (small blind) folded before Flop
"""

def test_a_player_sitting_out_who_plays_is_dealt_in(runner: CliRunner, db_url: str,
                                                    tmp_path: Path) -> None:
    imported(runner, db_url, tmp_path, RETURNED)
    assert plain(db_url, f"SELECT name, position, put_in, collected, net FROM {NAMED_SEATS} seats "
                         "ORDER BY player") == [
        ("Dee", "SB", 15, 0, -15), ("Ann", "BB", 90, 0, -90), ("Bo", "UTG", 0, 0, 0),
        ("Cy", "BTN", 90, 195, 105)]


# A stud hand whose loser mucks at the showdown, all seven of their cards in the summary; and
# a badugi hand the same.
STUD = """\
PokerStars Hand #300000000401:  7 Card Stud Limit ($0.04/$0.08 USD) - 2014/03/02 16:00:00 ET
Table 'Aludra' 8-max
Seat 1: Ann ($1.50 in chips)
Seat 2: Bo ($1.50 in chips)
Ann: posts the ante $0.01
Bo: posts the ante $0.01
*** 3rd STREET ***
Dealt to Ann [Ah]
Dealt to Bo [2d]
Bo: brings in for $0.02
Ann: calls $0.02
*** 4th STREET ***
Dealt to Ann [Ah] [4h]
Dealt to Bo [2d] [Th]
Ann: checks
Bo: checks
*** 5th STREET ***
Dealt to Ann [Ah 4h] [Js]
Dealt to Bo [2d Th] [9c]
Ann: checks
Bo: checks
*** 6th STREET ***
Dealt to Ann [Ah 4h Js] [4s]
Dealt to Bo [2d Th 9c] [3s]
Ann: checks
Bo: checks
*** RIVER ***
Ann: checks
Bo: checks
*** SHOW DOWN ***
Ann: shows [5d 4c Ah 4h Js 4s Qs] (three of a kind, Fours)
Bo: mucks hand
Ann collected $0.06 from pot
*** SUMMARY ***
Total pot $0.06 | Rake $0
Seat 1: Ann showed [5d 4c Ah 4h Js 4s Qs] and won ($0.06) with three of a kind, Fours
Seat 2: Bo mucked [Kh Ks 2d Th 9c 3s Ad]
"""


def test_a_stud_hand_mucked_in_the_summary_is_dealt_known(runner: CliRunner, db_url: str,
                                                          tmp_path: Path) -> None:
    imported(runner, db_url, tmp_path, STUD)
    assert rows(db_url, "SELECT player, cards FROM hand_cards ORDER BY player") == [
        (1, "5D 4C AH 4H JS 4S QS"), (2, "KH KS 2D TH 9C 3S AD")]
    dealt = [action for (action,) in rows(db_url, "SELECT action FROM actions WHERE action "
                                                  "LIKE 'd dh p2 %' ORDER BY seq")]
    assert dealt == ["d dh p2 KhKs2d", "d dh p2 Th", "d dh p2 9c", "d dh p2 3s",
                     "d dh p2 Ad"]
    assert plain(db_url, f"SELECT name, showed, net FROM {NAMED_SEATS} seats ORDER BY player") == [
        ("Ann", True, 0.03), ("Bo", False, -0.03)]
    # Cards in the summary that are not the ones dealt face up are refused.
    wrong = STUD.replace("mucked [Kh Ks 2d Th", "mucked [Kh Ks 2c Th")
    assert refused(runner, db_url, tmp_path, wrong) == (
        "300000000401: line 37 'Seat 2: Bo mucked [Kh Ks'...: Bo's cards [Kh Ks 2c Th 9c 3s "
        "Ad] are not the ones dealt: ?? ?? 2d\n")


BADUGI = """\
PokerStars Hand #300000000402: Tournament #900000001, $1.00+$0.10 USD Badugi Limit - \
Level II (30/60) - 2014/03/02 11:00:00 ET
Table '900000001 1' 8-max Seat #2 is the button
Seat 1: Ann (1500 in chips)
Seat 2: Hero (1500 in chips)
Hero: posts small blind 15
Ann: posts big blind 30
*** DEALING HANDS ***
Dealt to Hero [Ac 4d Kh Ks]
Hero: calls 15
Ann: checks
*** FIRST DRAW ***
Ann: discards 1 card
Hero: discards 2 cards [Kh Ks]
Dealt to Hero [Ac 4d] [7h 2s]
Ann: checks
Hero: checks
*** SECOND DRAW ***
Ann: discards 1 card
Hero: stands pat on [Ac 4d 7h 2s]
Ann: checks
Hero: checks
*** THIRD DRAW ***
Ann: stands pat
Hero: stands pat on [Ac 4d 7h 2s]
Ann: checks
Hero: checks
*** SHOW DOWN ***
Hero: shows [Ac 4d 7h 2s] (Badugi: 7,4,2,A)
Ann: mucks hand
Hero collected 60 from pot
*** SUMMARY ***
Total pot 60 | Rake 0
Seat 1: Ann (big blind) mucked [3c 5d 6h 6c]
Seat 2: Hero (button) (small blind) showed [Ac 4d 7h 2s] and won (60) with a Badugi: 7,4,2,A
"""


def test_a_draw_hand_mucked_in_the_summary_is_known_after_the_draws(
        runner: CliRunner, db_url: str, tmp_path: Path) -> None:
    imported(runner, db_url, tmp_path, BADUGI)
    assert rows(db_url, "SELECT player, cards, description, showed FROM hands "
                        "ORDER BY player") == [
        (1, "3C 5D 6H 6C", "6-5-3 three-card badugi", False),
        (2, "AC 4D 7H 2S", "7-4-2-A badugi", True)]
    # Her first cards are not known: her draws cannot say which she kept.
    assert [action for (action,) in rows(db_url, "SELECT action FROM actions WHERE action "
                                                 "LIKE 'd dh p1 %' ORDER BY seq")] == [
        "d dh p1 ????????", "d dh p1 ??", "d dh p1 ??"]
    # A card of the hero's among them is refused.
    twice = BADUGI.replace("mucked [3c 5d 6h 6c]", "mucked [3c 5d 6h Ac]")
    assert refused(runner, db_url, tmp_path, twice) == (
        "300000000402: the cards shown at the end: AC is dealt twice\n")


def test_a_draw_of_every_card_deals_the_new_ones_alone(runner: CliRunner, db_url: str,
                                                       tmp_path: Path) -> None:
    text = (BADUGI.replace("Hero: discards 2 cards [Kh Ks]\nDealt to Hero [Ac 4d] [7h 2s]",
                           "Hero: discards 4 cards [Ac 4d Kh Ks]\nDealt to Hero [As 4c 7h 2d]")
            .replace("[Ac 4d 7h 2s]", "[As 4c 7h 2d]"))
    assert text.count("[As 4c 7h 2d]") == 5
    imported(runner, db_url, tmp_path, text)
    assert [action for (action,) in rows(db_url, "SELECT action FROM actions WHERE action "
                                                 "LIKE '%p2 %' ORDER BY seq")][:4] == [
        "d dh p2 Ac4dKhKs", "p2 cc", "p2 sd Ac4dKhKs", "d dh p2 As4c7h2d"]
    assert rows(db_url, "SELECT cards, description FROM hands WHERE player = 2") == [
        ("AS 4C 7H 2D", "7-4-2-A badugi")]
