"""PokerStars draw hands (Triple Draw and Single Draw 2-7 Lowball, Badugi, 5 Card Draw) and
Courchevel imported on every backend: the draws as PHH's actions (every discard of a draw, then
the new cards), the hero's final hand and the shown ones evaluated under the game's ranking, the
site's amounts checked, each impossible discard refused naming the file, the hand and the line;
and the hands exported as PHH replay in pokerkit (an independent implementation) to the nets
pokerdb stored; random draw hands among hold'em ones (benchmarks/pokerstars_draw_hands.py, its
showdowns decided by evaluators of its own) import as their lines say."""

import random
import warnings
from collections import deque
from decimal import Decimal
from pathlib import Path

import pytest
from pokerkit import HandHistory
from pokerstars_draw_hands import pokerstars_mixed_hands  # benchmarks/, on the path (conftest)
from support import NAMED_SEATS, REPO, fails, rows, succeeds
from test_pokerstars import nets_by_lines, plain
from typer.testing import CliRunner

# Hands written for these tests in PokerStars' format (as the site's files of these games
# write them): the draws of each game, and Courchevel. The docs import them too.
HANDS = REPO / "tests" / "data" / "pokerstars-draw"
TRIPLE_DRAW = (HANDS / "triple-draw.txt").read_text(encoding="utf-8")
# Heads-up (p1 the big blind draws first); a single draw has no line opening it.
SINGLE_DRAW = (HANDS / "single-draw.txt").read_text(encoding="utf-8")
BADUGI = (HANDS / "badugi.txt").read_text(encoding="utf-8")  # a badugi beats a three-card one
FIVE_CARD_DRAW = (HANDS / "five-card-draw.txt").read_text(encoding="utf-8")
COURCHEVEL = (HANDS / "courchevel.txt").read_text(encoding="utf-8")


def imported(runner: CliRunner, db_url: str, tmp_path: Path, *texts: str) -> Path:
    path = tmp_path / "draw.txt"
    path.write_text("\n\n".join(texts), encoding="utf-8")
    succeeds(runner, "import", str(path), "--db", db_url)
    return path


def refusal(runner: CliRunner, db_url: str, tmp_path: Path, text: str, stored: int = 0) -> str:
    """The one line an import of the hand fails with (the database left with the `stored`
    hands it had)."""
    path = tmp_path / "refused.txt"
    path.write_text(text, encoding="utf-8")
    result = fails(runner, "import", str(path), "--db", db_url)
    assert rows(db_url, "SELECT count(*) FROM deals") == [(stored,)]
    assert result.stderr.count("\n") == 1
    return result.stderr.removeprefix(f"Error: {path}#").rstrip("\n")


def actions(db_url: str, hand: str) -> list[str]:
    return [action for (action,) in rows(
        db_url, f"SELECT a.action FROM actions a JOIN deals d ON d.id = a.deal_id "
                f"WHERE d.hand_number = '{hand}' ORDER BY a.seq")]


def test_a_triple_draw_hand_is_read_draw_by_draw(runner: CliRunner, db_url: str,
                                                 tmp_path: Path) -> None:
    imported(runner, db_url, tmp_path, TRIPLE_DRAW)
    assert plain(db_url, "SELECT variant, small_bet, big_bet, min_bet, button_seat, hero, "
                         "total_pot, rake, board FROM deals") == [
        ("F2L3D", 0.1, 0.2, None, 3, 2, 1.85, 0.09, None)]
    assert plain(db_url, "SELECT name, position, seat_number, blind, put_in, collected, net "
                         f"FROM {NAMED_SEATS} seats ORDER BY player") == [
        ("Ann", "SB", 1, 0.05, 0.05, 0, -0.05), ("Hero", "BB", 2, 0.1, 0.9, 0, -0.9),
        ("Cy", "BTN", 3, 0, 0.9, 1.76, 0.86)]
    # Each draw: every discard in the order written, then the new cards (the hero's known).
    assert actions(db_url, "300000000101") == [
        "d dh p1 ??????????", "d dh p2 2c7dKh4sKd", "d dh p3 ??????????",
        "p3 cbr 0.20", "p1 f", "p2 cc",
        "p2 sd KhKd", "p3 sd ??", "d dh p2 8h3c", "d dh p3 ??",
        "p2 cc", "p3 cbr 0.10", "p2 cc",
        "p2 sd", "p3 sd ??", "d dh p3 ??", "p2 cbr 0.20", "p3 cbr 0.40", "p2 cc",
        "p2 sd", "p3 sd", "p2 cc", "p3 cbr 0.20", "p2 cc",
        "p3 sm 7s6h5d3d2h", "p2 sm"]
    # The hero's hand after the draws and the one shown, valued as deuce-to-seven lows.
    assert rows(db_url, "SELECT player, cards, description, category_name, showed FROM hands "
                        "ORDER BY player") == [
        (1, None, None, None, 0), (2, "2C 7D 4S 8H 3C", "Eight-Seven low", "Eight Low", 0),
        (3, "7S 6H 5D 3D 2H", "Seven-Six low", "Seven Low", 1)]


def test_single_draw_badugi_and_five_card_draw_hands_are_settled(
        runner: CliRunner, db_url: str, tmp_path: Path) -> None:
    imported(runner, db_url, tmp_path, SINGLE_DRAW, BADUGI, FIVE_CARD_DRAW)
    assert plain(db_url, "SELECT hand_number, variant, min_bet, small_bet, big_bet, total_pot, "
                         "rake, tournament FROM deals ORDER BY hand_number") == [
        ("300000000102", "N2L1D", 0.5, None, None, 25, 0.6, None),
        ("300000000103", "FB", None, 30, 60, 390, 0, "900000001"),
        ("300000000104", "F5D", None, 0.1, 0.2, 0.85, 0.04, None)]
    assert plain(db_url, "SELECT d.hand_number, s.name, s.put_in, s.net FROM deals d JOIN "
                         f"{NAMED_SEATS} s ON s.deal_id = d.id ORDER BY d.hand_number, "
                         "s.player") == [
        ("300000000102", "Bo", 12.5, -12.5), ("300000000102", "Hero", 12.5, 11.9),
        ("300000000103", "Hero", 180, 210), ("300000000103", "Ann", 180, -180),
        ("300000000103", "Bo", 30, -30),
        ("300000000104", "Bo", 0.05, -0.05), ("300000000104", "Hero", 0.4, -0.4),
        ("300000000104", "Ann", 0.4, 0.41)]
    assert actions(db_url, "300000000102") == [
        "d dh p1 ??????????", "d dh p2 2d3h5c8sQd", "p2 cbr 1.50", "p1 cc",
        "p1 sd", "p2 sd Qd", "d dh p2 7c", "p1 cbr 11", "p2 cc",
        "p1 sm 9c7h6d4s2s", "p2 sm 2d3h5c8s7c"]
    assert actions(db_url, "300000000103")[6:14] == [
        "p1 sd KhKs", "p2 sd ??", "p3 sd ??????", "d dh p1 7h2s", "d dh p2 ??",
        "d dh p3 ??????", "p1 cbr 30", "p2 cc"]
    assert rows(db_url, "SELECT d.hand_number, h.cards, h.description FROM hands h JOIN deals d "
                        "ON d.id = h.deal_id WHERE h.cards IS NOT NULL "
                        "ORDER BY d.hand_number, h.player") == [
        ("300000000102", "9C 7H 6D 4S 2S", "Nine-Seven low"),
        ("300000000102", "2D 3H 5C 8S 7C", "Eight-Seven low"),
        ("300000000103", "AC 4D 7H 2S", "7-4-2-A badugi"),
        ("300000000103", "3C 5D 6H 6C", "6-5-3 three-card badugi"),
        ("300000000104", "JC JD KS 8D 3H", "Pair of Jacks, King kicker"),
        ("300000000104", "9S 9H 4D 4C AD", "Two Pairs, Nines and Fours, Ace kicker")]


def test_a_courchevel_hand_deals_its_first_flop_card_before_the_betting(
        runner: CliRunner, db_url: str, tmp_path: Path) -> None:
    imported(runner, db_url, tmp_path, COURCHEVEL)
    assert plain(db_url, "SELECT variant, min_bet, board, total_pot, rake FROM deals") == [
        ("PC", 0.25, "3S 4D 5H 9C KD", 12.95, 0.6)]
    assert plain(db_url, f"SELECT name, put_in, net FROM {NAMED_SEATS} seats ORDER BY player") == [
        ("Hero", 6.35, -6.35), ("Ann", 0.25, -0.25), ("Bo", 6.35, 6.0)]
    assert actions(db_url, "300000000105")[3:8] == [
        "d db 3s", "p3 cbr 0.75", "p1 cc", "p2 f", "d db 4d5h"]
    assert rows(db_url, "SELECT player, best FROM hands WHERE cards IS NOT NULL "
                        "ORDER BY player") == [(1, "QD QC KD 9C 5H"), (3, "7C 6D 5H 4D 3S")]
    flop = COURCHEVEL.replace("*** FLOP *** [3s 4d 5h]", "*** FLOP *** [4d 5h 6c]")
    assert refusal(runner, db_url, tmp_path, flop, stored=1) == (
        "300000000105: line 14 '*** FLOP *** [4d 5h 6c]': the flop does not begin with the "
        "pre-flop card 3s")


@pytest.mark.parametrize(("edit", "error"), [
    (("discards 2 cards [Kh Kd]", "discards 2 cards [Kh Qd]"),
     "line 14 'Hero: discards 2 cards ['...: Hero discards 'Qd', which is not among their "
     "cards [2c 7d Kh 4s Kd]"),
    (("discards 2 cards [Kh Kd]", "discards 3 cards [Kh Kd]"),
     "line 14 'Hero: discards 3 cards ['...: Hero discards 3 cards but 2 are listed"),
    (("[2c 7d 4s] [8h 3c]", "[2c 7d 4h] [8h 3c]"),
     "line 15 'Dealt to Hero [2c 7d 4h]'...: Hero keeps [2c 7d 4h], but holds [2c 7d 4s] "
     "after the discard"),
    (("[2c 7d 4s] [8h 3c]", "[2c 7d 4s] [8h]"),
     "line 15 'Dealt to Hero [2c 7d 4s]'...: 1 new cards dealt to Hero, who discarded 2"),
    (("Cy: discards 1 card\nHero: checks", "Cy: discards 6 cards\nHero: checks"),
     "line 16 'Cy: discards 6 cards': Cy discards 6 cards of the 5 a hand holds"),
    (("stands pat on [2c 7d 4s 8h 3c]\nCy: discards", "stands pat on [2c 7d 4s 8h 3d]\nCy: "
      "discards"),
     "line 21 'Hero: stands pat on [2c '...: Hero stands pat on [2c 7d 4s 8h 3d], but holds "
     "[2c 7d 4s 8h 3c]"),
    # The replay's own checks: the order of the draws, each card once.
    (("Hero: discards 2 cards [Kh Kd]\nDealt to Hero [2c 7d 4s] [8h 3c]\nCy: discards 1 card",
      "Cy: discards 1 card\nHero: discards 2 cards [Kh Kd]\nDealt to Hero [2c 7d 4s] [8h 3c]"),
     "line 14 'Cy: discards 1 card': p3 discards out of turn (p2 is to discard or stand pat)"),
    (("[7s 6h 5d 3d 2h]", "[7s 6h 5d 3c 2h]"),  # shown, and in the summary
     "line 33 'Cy: shows [7s 6h 5d 3c 2'...: 3C is dealt twice"),
    (("*** THIRD DRAW ***\nHero: stands pat on [2c 7d 4s 8h 3c]\nCy: stands pat\n",
      "*** THIRD DRAW ***\nHero: stands pat on [2c 7d 4s 8h 3c]\nCy: stands pat\nHero: checks\n"
      "Cy: checks\n*** DRAW ***\nHero: stands pat\nCy: stands pat\n"),
     "line 32 'Hero: stands pat': every card is dealt"),
])
def test_an_impossible_draw_is_one_line_naming_the_file_hand_and_line(
        runner: CliRunner, db_url: str, tmp_path: Path, edit: tuple[str, str],
        error: str) -> None:
    before, after = edit
    assert before in TRIPLE_DRAW
    assert refusal(runner, db_url, tmp_path, TRIPLE_DRAW.replace(before, after)) == (
        f"300000000101: {error}")


@pytest.mark.parametrize(("text", "words", "error"), [
    (FIVE_CARD_DRAW, ("two pair, Nines and Fours", "three of a kind, Nines"),
     "300000000104: Ann shows 9S 9H 4D 4C AD: the file says 'three of a kind, Nines', "
     "pokerdb evaluates two pairs"),
    (TRIPLE_DRAW, ("Lo: 7,6,5,3,2", "Lo: 7,6,5,4,2"),
     "300000000101: Cy shows 7S 6H 5D 3D 2H: the file says 'Lo: 7,6,5,4,2', pokerdb "
     "evaluates 'Lo: 7,6,5,3,2'"),
    (TRIPLE_DRAW, ("Lo: 7,6,5,3,2", "Lo: a pair of Sevens"),
     "300000000101: Cy shows 7S 6H 5D 3D 2H: the file says 'Lo: a pair of Sevens', pokerdb "
     "evaluates 'Lo: 7,6,5,3,2'"),
    (SINGLE_DRAW.replace("[9c 7h 6d 4s 2s] (Lo: 9,7,6,4,2)", "[9c 7h 6d 5s 8h] (Lo: 9,8,7,6,5)")
     .replace("showed [9c 7h 6d 4s 2s]", "showed [9c 7h 6d 5s 8h]"),
     ("Lo: 9,8,7,6,5", "Lo: 9,8,7,6,5"),
     "300000000102: Bo shows 9C 7H 6D 5S 8H: the file says 'Lo: 9,8,7,6,5', pokerdb "
     "evaluates straight"),
    (BADUGI, ("3-card: 6,5,3", "Badugi: 6,5,3"),
     "300000000103: Ann shows 3C 5D 6H 6C: the file says 'Badugi: 6,5,3', pokerdb evaluates "
     "'3-card: 6,5,3'"),
    (BADUGI, ("Badugi: 7,4,2,A", "Badugi: 7,4,3,A"),
     "300000000103: Hero shows AC 4D 7H 2S: the file says 'Badugi: 7,4,3,A', pokerdb "
     "evaluates 'Badugi: 7,4,2,A'"),
])
def test_the_site_words_for_a_shown_hand_are_checked_in_each_game_ranking(
        runner: CliRunner, db_url: str, tmp_path: Path, text: str, words: tuple[str, str],
        error: str) -> None:
    said, edited = words
    assert f"({said})" in text
    assert refusal(runner, db_url, tmp_path, text.replace(f"({said})", f"({edited})")) == error
    # The straight as the site words it passes.
    if "9,8,7,6,5" in edited:
        straight = text.replace("(Lo: 9,8,7,6,5)", "(Lo: a straight, Five to Nine)")
        path = tmp_path / "straight.txt"
        path.write_text(straight, encoding="utf-8")
        succeeds(runner, "import", str(path), "--db", db_url)


# pokerkit plays 2-7 single draw no-limit, triple draw and badugi fixed-limit; it has no
# five-card draw.
POKERKIT_DRAWS = ("N2L1D", "F2L3D", "FB")


def replayed_by_pokerkit(runner: CliRunner, db_url: str, out: Path) -> dict[str, int]:
    """The stored hands exported as PHH, those of the draws pokerkit plays replayed by it: each
    one's payoffs must be pokerdb's nets before the rake. How many of each variant it
    replayed."""
    succeeds(runner, "export", "--format", "phh", "-o", str(out), "--db", db_url)
    nets: dict[int, list[Decimal]] = {}
    for line_no, net, raked in plain(db_url, "SELECT d.line_no, s.net, s.raked FROM deals d "
                                            "JOIN seats s ON s.deal_id = d.id "
                                            "ORDER BY d.id, s.player"):
        nets.setdefault(line_no, []).append(Decimal(str(net)) + Decimal(str(raked or 0)))
    (folder,) = out.iterdir()
    counts: dict[str, int] = {}
    for file in sorted(folder.glob("*.phh")):
        variant = file.read_text(encoding="utf-8").partition('variant = "')[2].partition('"')[0]
        if variant not in POKERKIT_DRAWS:
            continue
        with file.open("rb") as handle, warnings.catch_warnings():
            warnings.simplefilter("ignore")  # pokerkit's "no reason for this player to fold"
            final = deque(HandHistory.load(handle), maxlen=1)[0]
        assert [Decimal(str(value)) for value in final.payoffs] == nets[int(file.stem)], file
        counts[variant] = counts.get(variant, 0) + 1
    return counts


def test_draw_hands_exported_as_phh_replay_in_pokerkit_to_the_same_nets(
        runner: CliRunner, db_url: str, tmp_path: Path) -> None:
    imported(runner, db_url, tmp_path, TRIPLE_DRAW, SINGLE_DRAW, BADUGI, FIVE_CARD_DRAW)
    assert replayed_by_pokerkit(runner, db_url, tmp_path / "out") == {
        "F2L3D": 1, "N2L1D": 1, "FB": 1}


def test_random_draw_hands_among_holdem_import_as_their_lines_say(
        runner: CliRunner, db_url: str, tmp_path: Path) -> None:
    path = tmp_path / "mixed.txt"
    path.write_text(pokerstars_mixed_hands(random.Random(21), 400, draw_share=0.75),
                    encoding="utf-8")
    succeeds(runner, "import", str(path), "--db", db_url)
    hands = {chunk.split(":", 1)[0].split("#")[1]: chunk.splitlines()
             for chunk in path.read_text(encoding="utf-8").split("\n\n\n") if chunk.strip()}
    stored: dict[str, dict[str, Decimal]] = {}
    for number, name, net in plain(db_url, "SELECT d.hand_number, s.name, s.net FROM deals d "
                                          f"JOIN {NAMED_SEATS} s ON s.deal_id = d.id"):
        stored.setdefault(number, {})[name] = Decimal(str(net))
    assert len(stored) == 400
    for number, nets in stored.items():
        assert nets == nets_by_lines(hands[number])[0], number
    counts = dict(rows(db_url, "SELECT variant, count(*) FROM deals GROUP BY variant"))
    assert sorted(counts) == ["F2L3D", "F5D", "FB", "FT", "N2L1D", "N5D", "NT"]
    assert min(counts[variant] for variant in counts if variant not in ("NT", "FT")) > 40
    # Showdowns of every draw game, decided as the generator's own evaluators decide them.
    assert rows(db_url, "SELECT count(DISTINCT variant) FROM deals d WHERE variant NOT IN "
                        "('NT', 'FT') AND EXISTS (SELECT 1 FROM seats s WHERE s.deal_id = d.id "
                        "AND s.showed)") == [(5,)]
    replayed = replayed_by_pokerkit(runner, db_url, tmp_path / "out")
    assert replayed == {variant: counts[variant] for variant in POKERKIT_DRAWS}
