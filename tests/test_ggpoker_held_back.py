"""Real GGPoker hands held back from the reader's making, imported on every backend: 1,358 Rush
& Cash hands of August 2025 (tests/data/sites/ggpoker-held-back) and a parser's samples of
2017-2023, anonymised by their source (ggpoker-parser-samples); see each folder's README. Every
hand that balances on its own lines is stored, each seat's net what its lines say (an EV
Cashout paid or received counted), each hand's nets plus rake and fees its Cash Drop plus the
money beside the pot; every other hand is refused with its one-line reason."""

import re
from collections import defaultdict
from decimal import Decimal
from pathlib import Path

from support import NAMED_SEATS, REPO, fails, rows, succeeds
from test_export_phh import payoffs, stored_nets
from test_pokerstars import AMOUNT, plain, units
from typer.testing import CliRunner

SITES = REPO / "tests" / "data" / "sites"
HELD_BACK = SITES / "ggpoker-held-back"
PARSER_SAMPLES = SITES / "ggpoker-parser-samples"
# The held-back hands pokerdb refuses, and why.
REFUSED = {
    # a Tax of $0.02 that, unlike the other hands', no one's collected was cut by
    "GG20250810-0900 - RushAndCash11240868 - 0.02 - 0.05 - 6max.txt#RC3796823568":
        "the players collected 2.70 of a pot of 2.91 with rake and fees of 0.23: -0.02 "
        "unaccounted for",
}
_PUT = re.compile(r"(?:posts (?:small blind|big blind|the ante|missed blind)|straddle|calls|"
                  r"bets) " + AMOUNT)
_TIME_BANK = re.compile(r"Seat \d+: (.+?) (?:\(.*?\) )?(?:bought time bank card \(" + AMOUNT
                        + r"\)|received \(" + AMOUNT + r"\) from time bank card)")


def hands_of(folder: Path) -> dict[str, list[str]]:
    """Every hand of the folder's files by its number (the first file's where several hold
    it): its non-blank lines."""
    hands: dict[str, list[str]] = {}
    for path in sorted(folder.rglob("*.txt")):
        text = path.read_text(encoding="utf-8-sig")
        for chunk in re.split(r"(?=^\ufeff?Poker Hand #)", text, flags=re.MULTILINE):
            if (header := re.match(r"\ufeff?Poker Hand #(\w+):", chunk)) is not None:
                hands.setdefault(header[1], [line for line in chunk.splitlines() if line.strip()])
    return hands


def by_lines(lines: list[str]) -> tuple[dict[str, Decimal], Decimal, Decimal, Decimal]:
    """Each player's net as the hand's lines say (collected, uncalled bets returned, a cash-out
    and a time bank card's share received, less all they put in, a Cashout Risk paid and a
    time bank card bought), the rake, the other fees, and the Cash Drop."""
    names = [match[1] for line in lines if (match := re.match(r"Seat \d+: (.+?) \(\S+ in ",
                                                               line))]
    net: dict[str, Decimal] = defaultdict(Decimal)
    street: dict[str, Decimal] = defaultdict(Decimal)
    rake = fees = drop = Decimal(0)
    for line in lines:
        if (pot := re.match(r"Total pot " + AMOUNT + r" \| Rake " + AMOUNT + "(.*)", line)):
            rake = units(pot[2])
            fees = sum((units(fee) for fee in re.findall(r"\| \w+ " + AMOUNT, pot[3])),
                       Decimal(0))
        elif line.startswith("*** ") and "HOLE CARDS" not in line:
            street.clear()
        elif (card := _TIME_BANK.match(line)):
            net[card[1]] += units(card[3]) if card[2] is None else -units(card[2])
        elif (dropped := re.match(r"Cash Drop to Pot : total " + AMOUNT, line)):
            drop = units(dropped[1])
        elif (back := re.match(r"Uncalled bet \(" + AMOUNT + r"\) returned to (.+)$", line)):
            net[back[2]] += units(back[1])
        elif (won := re.match(r"(.+) collected " + AMOUNT + " from pot", line)):
            net[won[1]] += units(won[2])
        elif (acting := next((name for name in names if line.startswith(name + ": ")), None)):
            what = line[len(acting) + 2:].removesuffix(" and is all-in")
            if (paid := _PUT.match(what)) is not None:
                net[acting] -= units(paid[1])
                street[acting] += units(paid[1]) * ("missed blind" not in what)
            elif (raised := re.match(r"raises \S+ to " + AMOUNT, what)) is not None:
                net[acting] -= units(raised[1]) - street[acting]
                street[acting] = units(raised[1])
            elif (cash := re.match(r"(Pays Cashout Risk|Receives Cashout) \(" + AMOUNT, what)):
                net[acting] += units(cash[2]) * (1 if cash[1] == "Receives Cashout" else -1)
    return {name: net[name] for name in names}, rake, fees, drop


def check_stored(db_url: str, hands: dict[str, list[str]]) -> None:
    """Each stored hand's nets are its lines', and sum with its rake and fees to its Cash Drop
    plus what moved beside the pot."""
    stored: dict[str, dict[str, Decimal]] = defaultdict(dict)
    money: dict[str, tuple[Decimal, Decimal, Decimal]] = {}
    for number, name, net, cashed_out, rake, fees in plain(
            db_url, "SELECT d.hand_number, s.name, s.net, s.cashed_out, d.rake, d.fees "
                    f"FROM deals d JOIN {NAMED_SEATS} s ON s.deal_id = d.id"):
        stored[str(number)][str(name)] = Decimal(str(net))
        flows = money.get(str(number), (Decimal(0),) * 3)[2] + Decimal(str(cashed_out))
        money[str(number)] = (Decimal(str(rake)), Decimal(str(fees)), flows)
    for number, nets in stored.items():
        expected, rake, fees, drop = by_lines(hands[number])
        assert nets == expected, number
        assert money[number][:2] == (rake, fees), number
        assert sum(nets.values()) + rake + fees == drop + money[number][2], number


def test_every_held_back_hand_that_balances_is_stored_netting_what_its_lines_say(
        runner: CliRunner, db_url: str) -> None:
    result = succeeds(runner, "import", str(HELD_BACK), "--db", db_url, "--skip-invalid")
    assert result.stdout.endswith("skipped 1 invalid hand (see the rejects table)\n")
    assert "imported 1,357 deals (8,142 hands)" in result.stdout
    assert dict(rows(db_url, "SELECT raw, reason FROM rejects")) == REFUSED
    hands = hands_of(HELD_BACK)
    assert len(hands) == 1358
    stored = {str(number) for (number,) in rows(db_url, "SELECT hand_number FROM deals")}
    assert stored == set(hands) - {raw.partition("#")[2] for raw in REFUSED}
    check_stored(db_url, hands)
    # what the hands hold beyond a pot paid as usual, each settled (see by_lines)
    assert rows(db_url, "SELECT count(*) FROM deals WHERE second_board IS NOT NULL") == [(8,)]
    # ten players chose to EV Cashout in nine hands; two bought a time bank card ($0.05), paid
    # out to the five others at the table
    assert rows(db_url, "SELECT count(DISTINCT deal_id) FROM seats WHERE cashed_out <> 0") == [
        (11,)]
    assert rows(db_url, "SELECT d.hand_number, s.name, s.cashed_out FROM deals d JOIN "
                        f"{NAMED_SEATS} s ON s.deal_id = d.id WHERE d.hand_number IN "
                        "('RC3793614092', 'RC3793773643') AND s.cashed_out < 0 ORDER BY d.id") == [
        ("RC3793614092", "93751890", -500),
        ("RC3793773643", "806fe078", -500)]
    assert rows(db_url, "SELECT count(*), sum(cashed_out) FROM seats s JOIN deals d ON "
                        "d.id = s.deal_id WHERE d.hand_number IN ('RC3793614092', "
                        "'RC3793773643') AND s.cashed_out > 0") == [(10, 1000)]
    # Cash Drops: seven of $0.5 and one of $0.2, in the pot beside what the players put in
    assert rows(db_url, "SELECT count(*), sum(total_pot - (SELECT sum(put_in) FROM seats s "
                        "WHERE s.deal_id = d.id)) FROM deals d WHERE total_pot > "
                        "(SELECT sum(put_in) FROM seats s WHERE s.deal_id = d.id)") == [
        (8, 37000)]
    # a folded player's cards shown after the river: known, not shown down
    assert rows(db_url, "SELECT d.hand_number, h.name, h.cards FROM hands h JOIN deals d "
                        "ON d.id = h.deal_id WHERE h.cards IS NOT NULL AND NOT h.showed "
                        "AND h.player <> d.hero ORDER BY d.id") == [
        ("RC3793505324", "68f3f7ba", "KS AC"), ("RC3793772876", "336e301b", "QC JH")]


def test_exported_to_phh_the_hands_paid_as_usual_replay_in_pokerkit_to_the_same_nets(
        runner: CliRunner, db_url: str, tmp_path: Path) -> None:
    source = HELD_BACK / "GG20250808-2309 - RushAndCash10604643 - 0.02 - 0.05 - 6max.txt"
    succeeds(runner, "import", str(source), "--db", db_url)
    out = tmp_path / "out"
    succeeds(runner, "export", "--format", "phh", "-o", str(out), "--db", db_url)
    beside = {line_no for (line_no,) in rows(
        db_url, "SELECT d.line_no FROM deals d WHERE d.second_board IS NOT NULL OR EXISTS "
                "(SELECT 1 FROM seats s WHERE s.deal_id = d.id AND s.cashed_out <> 0) OR "
                "d.total_pot > (SELECT sum(put_in) FROM seats s WHERE s.deal_id = d.id)")}
    # four EV Cashouts, a Cash Drop, a hand run twice: none of them in pokerkit's PHH
    assert len(beside) == 6
    # pots split between players: pokerkit divides an odd cent that pokerdb awards whole
    split = {line_no for (line_no,) in rows(
        db_url, "SELECT d.line_no FROM deals d JOIN seats s ON s.deal_id = d.id "
                "WHERE s.collected > 0 GROUP BY d.line_no HAVING count(*) > 1")}
    assert len(split - beside) == 2
    nets = stored_nets(db_url)
    files = sorted(next(out.iterdir()).glob("*.phh"))
    replayed = [file for file in files if int(file.stem) not in beside | split]
    assert len(files) == 232 and len(replayed) == 224
    for file in replayed:
        assert payoffs(file) == nets[int(file.stem)], file.name


# The parser's samples pokerdb refuses, and why: edits of the source's (a card in lower case, a
# pot that is not what was put in), and GGPoker's `Bet & Muck`, which pokerdb does not read.
PARSER_REFUSED = {
    "CashGame/HandActionTests/BetAndMuck.txt#HD52198761":
        "line 23 '42c6a201: Bet & Muck $0.'...: unknown action 'Bet & Muck $0.05'",
    "CashGame/HandActionTests/PostingDead.txt#HD54233001":
        "line 15 'Dealt to Hero [ks 2d]': 'ks' is not a card",
    "CashGame/GeneralHands/MultiplePosts.txt#HD11358":
        "the summary's total pot is 13.30, the players put in 14.30",
}


def test_the_parser_samples_that_balance_are_stored_netting_what_their_lines_say(
        runner: CliRunner, db_url: str) -> None:
    result = succeeds(runner, "import", str(PARSER_SAMPLES), "--db", db_url, "--skip-invalid")
    assert "imported 10 deals (54 hands)" in result.stdout
    # one hand in four files (GeneralHand.txt's)
    assert result.stdout.endswith("skipped 3 invalid hands (see the rejects table); skipped 3 "
                                  "hands stored already\n")
    assert dict(rows(db_url, "SELECT raw, reason FROM rejects")) == PARSER_REFUSED
    check_stored(db_url, hands_of(PARSER_SAMPLES))
    # pot-limit Omaha (`PLO ($0.05/$0.1)`), a straddle (`62dfdfaf: straddle $2`), hands run
    # twice and three times, EV Cashouts paid and received
    assert rows(db_url, "SELECT hand_number, variant, second_board IS NOT NULL, "
                        "third_board IS NOT NULL FROM deals WHERE variant <> 'NT' OR "
                        "second_board IS NOT NULL ORDER BY hand_number") == [
        ("HD1245993", "NT", True, True), ("HD1587634", "NT", True, False),
        ("OM2268205", "PO", False, False)]
    assert plain(db_url, f"SELECT s.name, s.blind FROM deals d JOIN {NAMED_SEATS} s ON "
                         "s.deal_id = d.id "
                         "WHERE d.hand_number = 'HD582731' AND s.blind > 0 ORDER BY s.player") == [
        ("xnvdam1", 0.5), ("3fak3jfj2", 1), ("62dfdfaf", 2)]
    assert rows(db_url, "SELECT count(DISTINCT deal_id) FROM seats WHERE cashed_out <> 0") == [
        (3,)]


def test_a_missed_blind_posted_is_dead_money(runner: CliRunner, db_url: str,
                                            tmp_path: Path) -> None:
    # PostingDead.txt with its one card in lower case ('ks') written as GGPoker writes it
    text = (PARSER_SAMPLES / "CashGame" / "HandActionTests" / "PostingDead.txt").read_text(
        encoding="utf-8")
    file = tmp_path / "missed.txt"
    file.write_text(text.replace("[ks 2d]", "[Ks 2d]"), encoding="utf-8")
    succeeds(runner, "import", str(file), "--db", db_url)
    # 15yfdsaa: $0.5 missed (dead), the big blind of $1 (live), raised to $5, won $11.40
    assert plain(db_url, f"SELECT name, ante, blind, put_in, net FROM {NAMED_SEATS} seats WHERE "
                         "name = "
                         "'15yfdsaa'") == [("15yfdsaa", 0.5, 1, 5.5, 5.9)]
    check_stored(db_url, hands_of(tmp_path))


def test_a_hand_run_three_times_is_checked_by_the_words_of_its_first_run(
        runner: CliRunner, db_url: str, tmp_path: Path) -> None:
    # the later runs' results end the line unnamed: `..., and won ($17.11), and lost`
    text = (PARSER_SAMPLES / "CashGame" / "GeneralHands" / "RunThreeTimes.txt").read_text(
        encoding="utf-8")
    file = tmp_path / "words.txt"
    file.write_text(text.replace("with Kings-High Straight, and won", "with Pair of Kings, and "
                                                                      "won"), encoding="utf-8")
    assert fails(runner, "import", str(file), "--db", db_url).stderr == (
        f"Error: {file}#HD1245993: 22ab6yhc shows KC QS: the file says 'Pair of Kings', "
        f"pokerdb evaluates straight\n")
