"""PokerStars hand histories imported on every backend: every sample hand's nets as the file's own
lines make them, summing to minus the rake; the site's words for shown hands against pokerdb's
evaluation; bad amounts rejected naming the file, the hand and the line; the same hand stored
once whatever files it comes in; the encodings and line ends the site writes."""

import random
import re
from collections import defaultdict
from decimal import Decimal
from pathlib import Path

import pytest
from pokerstars_hands import pokerstars_hands  # benchmarks/, on the path (conftest)
from sqlalchemy import create_engine, text
from support import NAMED_SEATS, REPO, TEXTED_DEALS, fails, rows, succeeds
from typer.testing import CliRunner

from pokerdb.formats import InputFormat
from pokerdb.rules.evaluators import Category
from pokerdb.rules.money import AMOUNT_SCALE
from pokerdb.rules.site_settlement import category_named
from pokerdb.storage.column_types import Amount
from pokerdb.storage.schema import metadata

SAMPLES = REPO / "tests" / "data" / "pokerstars" / "CashGame"
RIT = SAMPLES / "RunItTwiceTests" / "RunItTwice2.txt"
GENERAL = SAMPLES / "GeneralHands" / "GeneralHand.txt"
TEN = SAMPLES / "MultipleHandsTests" / "10MultipleHands.txt"
# The sample files that are not hands (fragments of one, for a parser's unit tests), and the
# hands that pokerdb refuses, with why.
REFUSED = {
    "BlindActionTests/Ante.txt": "line 1 'Player2: posts the ante '...: not a PokerStars hand",
    "BlindActionTests/Ignore.txt": "line 1 'Kuca :P: is sitting out': not a PokerStars hand",
    "ShowDownActionTests/AllinFlop.txt": "line 1 '*** TURN *** [Ad 2d 3c] '...: not a",
    "ShowDownActionTests/Ignore.txt": "line 1 'Kuca :P: is sitting out': not a PokerStars",
    "ShowDownActionTests/RunItTwice.txt": "line 1 '*** FIRST FLOP *** [2d 7'...: not a",
    "ShowDownActionTests/Wins.txt": "line 1 'numbush: shows [Ah Ks] ('...: not a PokerStars",
    "Seats/4 Max.txt": "no PokerStars hands in the file",
    # Edited samples whose amounts or cards do not add up.
    "StreetTests/River.txt#109687480274": "line 11 '*** FLOP *** [5d Ks 7c]': 5D is dealt twice",
    "ValidHandTests/InValidHand.txt#109681289672":
        "line 40 'H6U5r collected $0.97 fr'...: the hand ends without its *** SUMMARY ***",
    "Limits/AnteTable.txt#109715173634":
        "the summary's total pot is 0.50, the players put in 0.90",
    "PlayerTests/WithSittingOut.txt#78407803350":  # seated as 'Blahdi:42eblah'
        "line 8 'Blahdieblah: posts big b'...: 'Blahdieblah' posts but is not dealt in",
    # Edited copies of a hand under its number: another player's name, another board.
    "HandActionTests/UncalledBet.txt#109716666902":
        "hand 109716666902 of PokerStars is stored already, from "
        f"{SAMPLES}/HandActionTests/StrangePlayerNames.txt#109716666902, and differs from it",
    "Tables/Table1.txt#109688539582":
        "hand 109688539582 of PokerStars is stored already, from "
        f"{SAMPLES}/StreetTests/Turn.txt#109688539582, and differs from it",
}
AMOUNT = r"[$€£]?([\d.,]+)"


def plain(db_url: str, sql: str) -> list[tuple[object, ...]]:
    """The rows, exact decimals (PostgreSQL's NUMERIC) as the floats SQLite gives, and a
    table's amount (an integer of ten-thousandths, in a column named as an amount column)
    as the amount it stands for."""
    engine = create_engine(db_url)
    try:
        with engine.connect() as connection:
            result = connection.execute(text(sql))
            amounts = [key in AMOUNT_COLUMNS for key in result.keys()]  # noqa: SIM118
            return [tuple(value / AMOUNT_SCALE if amount and type(value) is int
                          else float(value) if isinstance(value, Decimal) else value
                          for value, amount in zip(row, amounts, strict=True))
                    for row in result]
    finally:
        engine.dispose()


AMOUNT_COLUMNS = frozenset(column.name for table in metadata.tables.values()
                           for column in table.c if isinstance(column.type, Amount))


def units(written: str) -> Decimal:
    return Decimal(written.lstrip("$€£").replace(",", ""))


def file_hands() -> dict[str, list[str]]:
    """Every complete sample hand by its number: its lines (the first copy met, in path
    order)."""
    hands: dict[str, list[str]] = {}
    for path in sorted(SAMPLES.rglob("*.txt")):
        text = path.read_bytes().decode("utf-8-sig")
        for chunk in re.split(r"(?=^PokerStars (?:Zoom Hand|Home Game Hand|Hand|Game) #)", text,
                              flags=re.MULTILINE):
            header = re.match(r"PokerStars (?:Zoom Hand|Home Game Hand|Hand|Game) #(\d+):", chunk)
            if header and "*** SUMMARY ***" in chunk:
                hands.setdefault(header[1], [line for line in re.split(r"\r\n|\r|\n", chunk)
                                             if line.strip()])
    return hands


def nets_by_lines(lines: list[str]) -> tuple[dict[str, Decimal], Decimal, Decimal]:
    """Each player's net as the hand's own lines say (collected, plus uncalled bets returned,
    less all they put in), and the summary's rake and other fees. A file that leaves an
    uncalled bet unsaid has it returned to the player who put in most, down to the pot the
    summary gives."""
    names = [match[1] for line in lines
             if (match := re.match(r"Seat \d+: (.+?) \(\S+ in chips", line))]
    put: dict[str, Decimal] = defaultdict(Decimal)
    street: dict[str, Decimal] = defaultdict(Decimal)
    got: dict[str, Decimal] = defaultdict(Decimal)
    total = rake = fees = Decimal(0)
    returned = False
    summary = False
    for line in lines:
        if line.startswith("*** SUMMARY"):
            summary = True
        if summary:
            if (pot := re.match(r"Total pot " + AMOUNT + r".*?\| Rake " + AMOUNT, line)):
                total, rake = units(pot[1]), units(pot[2])
                fees = sum((units(fee) for fee in re.findall(r"\| (?!Rake)\w+ " + AMOUNT,
                                                             line)), Decimal(0))
            continue
        if line.startswith("*** ") and "HOLE CARDS" not in line and "DEALING" not in line:
            street.clear()
        name = next((name for name in sorted(names, key=len, reverse=True)
                     if line.startswith(name + ": ")), None)
        if name is not None:
            what = line[len(name) + 2:].removesuffix(" and is all-in").strip()
            what = re.sub(r" and has reached the \S+ cap$", "", what)
            if what.startswith(("discards ", "stands pat")):  # a draw, between two streets
                street.clear()
            elif (posted := re.match(r"posts (small blind|big blind|the ante) " + AMOUNT,
                                     what)):
                put[name] += units(posted[2])
                if posted[1] != "the ante":  # a blind counts toward the player's bet
                    street[name] += units(posted[2])
            elif (called := re.match(r"(?:calls|bets) " + AMOUNT, what)):
                put[name] += units(called[1])
                street[name] += units(called[1])
            elif (raised := re.match(r"raises \S+ to " + AMOUNT, what)):
                put[name] += units(raised[1]) - street[name]
                street[name] = units(raised[1])
        elif (back := re.match(r"Uncalled bet \(" + AMOUNT + r"\) returned to (.+)$", line)):
            got[back[2].strip()] += units(back[1])
            returned = True
        elif (won := re.match(r"(.+) collected " + AMOUNT + " from", line)):
            got[won[1]] += units(won[2])
    unsaid = sum(put.values()) - total - sum(
        units(back[1]) for line in lines
        if (back := re.match(r"Uncalled bet \(" + AMOUNT + r"\)", line)))
    if unsaid and not returned:
        got[max(put, key=lambda each: put[each])] += unsaid
    return {name: got[name] - put[name] for name in names}, rake, fees


@pytest.fixture
def imported(runner: CliRunner, db_url: str) -> str:
    result = succeeds(runner, "import", str(SAMPLES), "--db", db_url, "--skip-invalid")
    assert result.stdout.endswith(
        "skipped 13 invalid hands (see the rejects table); skipped 62 hands stored already; "
        "1 cancelled hand not stored\n"), result.stdout
    return db_url


def test_the_samples_are_recognised_as_pokerstars_by_content() -> None:
    assert InputFormat.of_path(str(SAMPLES)) is InputFormat.POKERSTARS
    assert InputFormat.of_path(str(GENERAL)) is InputFormat.POKERSTARS
    assert InputFormat.of_path(str(SAMPLES / "Seats" / "4 Max.txt")) is InputFormat.PE54


def test_every_sample_hand_nets_what_its_lines_say(imported: str) -> None:
    hands = file_hands()
    stored = plain(imported, "SELECT d.hand_number, s.name, s.net, d.rake, d.fees, s.raked "
                            f"FROM deals d JOIN {NAMED_SEATS} s ON s.deal_id = d.id ORDER BY d.id, "
                            "s.player")
    by_hand: dict[str, dict[str, Decimal]] = defaultdict(dict)
    raked: dict[str, Decimal] = defaultdict(Decimal)
    rake_of: dict[str, Decimal] = {}
    for number, name, net, rake, fees, share in stored:
        by_hand[number][name] = Decimal(str(net))
        raked[number] += Decimal(str(share))
        rake_of[number] = Decimal(str(rake)) + Decimal(str(fees))
    # Hold'em and Omaha (4 and 5 cards, hi and hi/lo) hands, in every betting structure.
    assert len(by_hand) == 64
    assert rows(imported, "SELECT variant, count(*) FROM deals GROUP BY variant ORDER BY 1") == [
        ("FO/8", 1), ("FT", 3), ("NO/8", 1), ("NT", 47), ("PO", 6), ("PO/8", 5), ("PT", 1)]
    for number, nets in by_hand.items():
        expected, rake, fees = nets_by_lines(hands[number])
        assert nets == expected, number
        assert sum(nets.values()) == -(rake + fees) == -rake_of[number] == -raked[number]


def test_refused_hands_say_why(imported: str) -> None:
    reasons = dict(rows(imported, "SELECT raw, reason FROM rejects"))
    assert sorted(reasons) == sorted(REFUSED)  # only the file's faults: every game is settled
    for raw, reason in REFUSED.items():
        assert reasons[raw].startswith(reason), (raw, reasons[raw])


def test_shown_hands_are_what_the_site_calls_them(imported: str) -> None:
    hands = file_hands()
    shown = rows(imported, "SELECT d.hand_number, h.name, h.category FROM hands h JOIN deals d "
                           "ON d.id = h.deal_id WHERE h.showed AND h.category IS NOT NULL")
    checked = 0
    for number, name, category in shown:
        words = [match[1] for line in hands[number]
                 if (match := re.match(re.escape(name) + r": shows \[[^]]*\] \((.*)\)$", line))]
        assert words, (number, name)
        assert category_named(words[0]) == Category(category), (number, name, words)
        checked += 1
    assert checked == 45  # every shown hand of hold'em and Omaha, hi/lo by its high half


def test_a_hand_run_twice_is_paid_on_both_boards(imported: str) -> None:
    assert plain(imported, "SELECT board, second_board, total_pot, rake, site FROM deals "
                          "WHERE hand_number = '133974380110'") == [
        ("QD QS 4H TS 7S", "6S 8H 6H TD 6C", 164, 2.8, "PokerStars")]
    assert plain(imported, "SELECT s.name, s.position, s.seat_number, s.put_in, s.collected, "
                          f"s.net, s.raked FROM {NAMED_SEATS} s JOIN deals d ON d.id = s.deal_id "
                          "WHERE d.hand_number = '133974380110' ORDER BY s.player") == [
        ("Gamz11", "SB", 3, 80, 80.6, 0.6, 1.4),
        ("bobloblaw87", "BB", 4, 4, 0, -4, 0),
        ("nobre13", "UTG", 5, 0, 0, 0, 0),
        ("Garnerus", "HJ", 6, 80, 80.6, 0.6, 1.4),
        ("willybeer22", "CO", 1, 0, 0, 0, 0),
        ("fede_carita", "BTN", 2, 0, 0, 0, 0),
    ]


def test_the_facts_a_tracker_needs_are_stored(runner: CliRunner, db_url: str) -> None:
    succeeds(runner, "import", str(GENERAL), "--db", db_url)
    assert plain(db_url, "SELECT site, hand_number, table_name, button_seat, date, time, "
                        "time_zone, played_at, currency, total_pot, rake, fees, hero, variant, "
                        f"min_bet FROM {TEXTED_DEALS} d") == [
        ("PokerStars", "109681313810", "Skat III 100-250 bb, Ante", 4, *rows(
            db_url, "SELECT date, time FROM deals")[0], "ET", *rows(
            db_url, "SELECT played_at FROM deals")[0], "USD", 1.27, 0.06, 0, None, "NT", 0.1)]
    assert rows(db_url, "SELECT CAST(played_at AS VARCHAR(40)) FROM deals")[0][0].startswith(
        "2014-01-06")
    assert plain(db_url, "SELECT name, seat_number, position, starting_stack, ante, blind, "
                        f"put_in, collected, net, raked FROM {NAMED_SEATS} seats ORDER BY "
                        "player") == [
        ("Nightfox82", 5, "SB", 26.17, 0.02, 0.05, 0.07, 0, -0.07, 0),
        ("Asaki1", 6, "BB", 9.29, 0.02, 0.1, 0.12, 0, -0.12, 0),
        ("Player_L", 1, "UTG", 47.63, 0.02, 0, 0.52, 0, -0.52, 0),
        ("H6U5r", 2, "HJ", 25, 0.02, 0, 0.02, 0, -0.02, 0),
        ("LovID", 3, "CO", 26.62, 0.02, 0, 0.52, 1.21, 0.69, 0.06),
        ("Tunks2", 4, "BTN", 20, 0.02, 0, 0.02, 0, -0.02, 0),
    ]
    assert rows(db_url, "SELECT player, action FROM actions WHERE seq > 6 ORDER BY seq") == [
        (3, "p3 cc"), (4, "p4 f"), (5, "p5 cbr 0.50"), (6, "p6 f"), (1, "p1 f"), (2, "p2 f"),
        (3, "p3 cc"), (None, "d db QhJc3h"), (3, "p3 cc"), (5, "p5 cbr 0.95"), (3, "p3 f")]


def test_a_hand_whose_amounts_do_not_add_up_is_refused(runner: CliRunner, db_url: str,
                                                       tmp_path: Path) -> None:
    bad = tmp_path / "bad.txt"
    bad.write_text(GENERAL.read_text(encoding="utf-8-sig").replace(
        "LovID collected $1.21 from pot", "LovID collected $1.22 from pot") + "\n\n"
        + (SAMPLES / "ValidHandTests" / "ValidHand.txt").read_text(encoding="utf-8-sig"),
        encoding="utf-8")
    result = fails(runner, "import", str(bad), "--db", db_url)
    assert result.stderr == (
        f"Error: {bad}#109681313810: the players collected 1.22 of a pot of 1.27 with rake "
        f"and fees of 0.06: -0.01 unaccounted for\n")
    assert rows(db_url, "SELECT count(*) FROM deals") == [(0,)]
    succeeds(runner, "import", str(bad), "--db", db_url, "--skip-invalid", "--name", "kept")
    assert rows(db_url, "SELECT hand_number FROM deals") == [("109681289672",)]
    assert rows(db_url, "SELECT line_no, raw, reason FROM rejects") == [
        (1, "bad.txt#109681313810", "the players collected 1.22 of a pot of 1.27 with rake "
                                    "and fees of 0.06: -0.01 unaccounted for")]


def test_a_pot_paid_to_the_wrong_player_is_refused(runner: CliRunner, db_url: str,
                                                   tmp_path: Path) -> None:
    bad = tmp_path / "wrong.txt"
    bad.write_text(GENERAL.read_text(encoding="utf-8-sig").replace(
        "LovID collected $1.21", "Player_L collected $1.21"), encoding="utf-8")
    result = fails(runner, "import", str(bad), "--db", db_url)
    assert result.stderr == (f"Error: {bad}#109681313810: Player_L collected 1.21 where "
                             f"pokerdb's settlement awards 0.00\n")


def test_an_action_out_of_turn_names_the_line(runner: CliRunner, db_url: str,
                                              tmp_path: Path) -> None:
    bad = tmp_path / "turn.txt"
    lines = GENERAL.read_text(encoding="utf-8-sig").split("\n")
    lines[17], lines[19] = lines[19], lines[17]  # LovID raises before Player_L calls
    bad.write_text("\n".join(lines), encoding="utf-8")
    result = fails(runner, "import", str(bad), "--db", db_url)
    assert result.stderr == (f"Error: {bad}#109681313810: line 18 'LovID: raises $0.40 to "
                             f"$'...: p5 acts out of turn (p3 is to act)\n")


def test_the_same_hand_in_two_files_is_stored_once(runner: CliRunner, db_url: str,
                                                   tmp_path: Path) -> None:
    hands = TEN.read_text(encoding="utf-8-sig").split("\n\n\n")
    first, second = tmp_path / "monday.txt", tmp_path / "overlap.txt"
    first.write_text("\n\n".join(hands[:6]), encoding="utf-8")
    second.write_text("\n\n".join(hands[4:]), encoding="utf-8")
    succeeds(runner, "import", str(first), "--db", db_url)
    result = succeeds(runner, "import", str(second), "--db", db_url)
    assert "imported 4 deals" in result.stdout
    assert result.stdout.endswith("; skipped 2 hands stored already\n")
    again = succeeds(runner, "import", str(first), str(second), "--db", db_url)
    assert "already imported as dataset 'monday.txt', skipped" in again.stdout
    assert rows(db_url, "SELECT count(*), count(DISTINCT hand_number) FROM deals") == [(10, 10)]
    assert rows(db_url, "SELECT name, deals FROM datasets ORDER BY id") == [
        ("monday.txt", 6), ("overlap.txt", 4)]
    third = tmp_path / "again.txt"
    third.write_text(hands[5], encoding="utf-8")
    assert succeeds(runner, "import", str(third), "--db", db_url).stdout == (
        f"{third}: all 1 hand are stored already, skipped\n")


@pytest.mark.parametrize("encoding, ending", [
    ("utf-8", "\n"), ("utf-8-sig", "\r\n"), ("utf-16", "\r\n"), ("utf-16-le", "\n"),
    ("cp1252", "\r\n"), ("cp1252", "\r")])
def test_the_encodings_and_line_ends_the_site_writes(runner: CliRunner, tmp_path: Path,
                                                     encoding: str, ending: str) -> None:
    text = GENERAL.read_text(encoding="utf-8-sig").replace("Tunks2", "Tünks€")
    path = tmp_path / "hands.txt"
    path.write_bytes(("\n\n" + text + "\n\n\n" + text.replace("109681313810", "1")).replace(
        "\n", ending).encode(encoding))
    db = f"sqlite:///{tmp_path / 'x.db'}"
    succeeds(runner, "import", str(path), "--db", db)
    assert rows(db, f"SELECT hand_number, name, position FROM {NAMED_SEATS} seats JOIN deals ON "
                    "id = deal_id "
                    "WHERE seat_number = 4 ORDER BY hand_number") == [
        ("1", "Tünks€", "BTN"), ("109681313810", "Tünks€", "BTN")]


def docs_queries() -> list[str]:
    """The SQL statements of the PokerStars docs page, in order."""
    page = (REPO / "docs" / "hand-histories-pokerstars.md").read_text()
    return [block.strip().rstrip(";") for block in re.findall(r"```sql\n(.*?)```", page,
                                                              flags=re.DOTALL)]


def test_the_docs_queries_answer_on_every_backend(runner: CliRunner, db_url: str) -> None:
    succeeds(runner, "import", str(TEN), "--db", db_url)
    answers = [plain(db_url, sql.replace("'Hero'", "'jimmyhoo'")) for sql in docs_queries()]
    assert len(answers) == 6
    sessions, positions, starting, biggest, rake, opponents = answers
    nets = plain(db_url, "SELECT sum(net) / 10000.0 AS net, count(*), "
                         f"sum(raked) / 10000.0 AS raked FROM {NAMED_SEATS} seats WHERE name = "
                         "'jimmyhoo'")[0]
    assert [(money, hands, net) for _, money, hands, net, _ in sessions] == [
        ("USD", nets[1], nets[0])]
    assert sum(row[2] for row in positions) == nets[1]
    assert sum(row[3] for row in positions) == pytest.approx(nets[0])
    assert starting == [("USD", "76s", 1, 282)]  # the one hand he shows: 7h 6h, a full house
    assert len(biggest) == 5 and biggest[0][4] == 565  # the hands he put chips in
    assert rake == [("USD", nets[1], pytest.approx(nets[2]), rake[0][3])]
    assert rake[0][3] >= rake[0][2]  # his share of the rake and fees of the hands he played
    assert sum(row[2] for row in opponents) >= nets[1]


def test_random_hands_cash_and_tournament_import_as_their_lines_say(
        runner: CliRunner, db_url: str, tmp_path: Path) -> None:
    path = tmp_path / "random.txt"
    path.write_text(pokerstars_hands(random.Random(5), 300), encoding="utf-8")
    succeeds(runner, "import", str(path), "--db", db_url)
    hands = {number: lines for number, lines in
             ((chunk.split(":", 1)[0].split("#")[1], chunk.splitlines())
              for chunk in path.read_text(encoding="utf-8").split("\n\n\n") if chunk.strip())}
    stored: dict[str, dict[str, Decimal]] = defaultdict(dict)
    for number, name, net in plain(db_url, "SELECT d.hand_number, s.name, s.net FROM deals d "
                                          f"JOIN {NAMED_SEATS} s ON s.deal_id = d.id"):
        stored[number][name] = Decimal(str(net))
    assert len(stored) == 300
    for number, nets in stored.items():
        assert nets == nets_by_lines(hands[number])[0], number
    kinds = plain(db_url, "SELECT variant, tournament IS NOT NULL, count(*), "
                          "count(DISTINCT level), sum(CASE WHEN second_board IS NULL THEN 0 "
                          "ELSE 1 END) FROM deals GROUP BY variant, tournament IS NOT NULL "
                          "ORDER BY 1, 2")
    assert [row[:2] for row in kinds] == [("FT", False), ("NT", False), ("NT", True)]
    assert all(count > 40 for _, _, count, _, _ in kinds)
    assert plain(db_url, "SELECT min(buy_in), max(buy_in), min(rake), max(rake) FROM deals "
                         "WHERE tournament IS NOT NULL") == [("$3.19+$0.31 USD",) * 2 + (0, 0)]
    assert plain(db_url, "SELECT count(*) FROM deals WHERE tournament IS NULL AND rake > 0")[0][
        0] > 50


STRADDLED = ("PokerStars Zoom Hand #300000000001:  Hold'em No Limit ($0.25/$0.50) - "
             "2016/07/01 21:05:09 CET [2016/07/01 15:05:09 ET]\n") + """\
Table 'Donati' 6-max Seat #1 is the button
Seat 1: Ann ($50 in chips)
Seat 2: Bo ($60 in chips)
Seat 3: Hero ($40 in chips)
Seat 4: Di ($55.50 in chips)
Seat 5: Ed ($20 in chips) is sitting out
Bo: posts small blind $0.25
Hero: posts big blind $0.50
Di: posts straddle $1
Bo: posts the ante $0.05
Hero: posts the ante $0.05
Ann: posts the ante $0.05
Di: posts the ante $0.05
*** HOLE CARDS ***
Dealt to Hero [Ah Kd]
Ann: raises $2 to $3
Bo: folds
Hero: calls $2.50
Di: folds
Di said, "nh: really"
*** FLOP *** [Ac 7d 2s]
Hero: checks
Ann: bets $4
Hero: calls $4
*** TURN *** [Ac 7d 2s] [Kh]
Hero: bets $10
Ann: calls $10
*** RIVER *** [Ac 7d 2s Kh] [3c]
Hero: bets $22.95 and is all-in
Ann: folds
Uncalled bet ($22.95) returned to Hero
Hero collected $34.70 from pot
Hero: doesn't show hand
*** SUMMARY ***
Total pot $35.45 | Rake $0.75
Board [Ac 7d 2s Kh 3c]
Seat 1: Ann (button) folded on the River
Seat 2: Bo (small blind) folded before Flop
Seat 3: Hero (big blind) collected ($34.70)
Seat 4: Di folded before Flop
Seat 5: Ed is sitting out
"""


def test_a_zoom_hand_with_a_straddle_antes_and_the_hero(runner: CliRunner, db_url: str,
                                                        tmp_path: Path) -> None:
    path = tmp_path / "zoom.txt"
    path.write_text(STRADDLED, encoding="utf-16")
    succeeds(runner, "import", str(path), "--db", db_url)
    deal = plain(db_url, "SELECT site, hand_number, time_zone, played_at, hero, total_pot, "
                         "rake, currency, min_bet FROM deals")
    assert deal[0][:3] == ("PokerStars Zoom", "300000000001", "CET")
    assert str(deal[0][3]).startswith("2016-07-01") and "19:05:09" in str(deal[0][3])
    assert deal[0][4:] == (2, 35.45, 0.75, "USD", 0.5)
    assert plain(db_url, "SELECT s.player, s.name, s.position, s.seat_number, s.ante, s.blind, "
                         f"s.put_in, s.collected, s.net, s.raked, c.cards FROM {NAMED_SEATS} s "
                         "LEFT JOIN hand_cards c ON c.deal_id = s.deal_id "
                         "AND c.player = s.player ORDER BY s.player") == [
        (1, "Bo", "SB", 2, 0.05, 0.25, 0.3, 0, -0.3, 0, None),
        (2, "Hero", "BB", 3, 0.05, 0.5, 17.05, 34.7, 17.65, 0.75, "AH KD"),
        (3, "Di", "UTG", 4, 0.05, 1, 1.05, 0, -1.05, 0, None),
        (4, "Ann", "BTN", 1, 0.05, 0, 17.05, 0, -17.05, 0, None)]
    assert rows(db_url, "SELECT action FROM actions ORDER BY seq")[:6] == [
        ("d dh p1 ????",), ("d dh p2 AhKd",), ("d dh p3 ????",), ("d dh p4 ????",),
        ("p4 cbr 3",), ("p1 f",)]
