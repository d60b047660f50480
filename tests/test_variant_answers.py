"""Every answer on a deal file of every game, on both backends: wins, breakdown, players,
stats (both halves of a split game), report, the hands view and explain, each checked row by
row against what the stored hands say, counted here in Python (the hands themselves are
pokerkit's: tests/test_variant_deal_files.py); and `explain --cards --game` in every game's
words."""

import html
import json
import re
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from support import PHH_DATA, fails, rows, succeeds
from typer.testing import CliRunner

from pokerdb.answers.explain import explain_cards
from pokerdb.answers.results import category_label
from pokerdb.answers.stats import categories_of
from pokerdb.errors import PokerdbError
from pokerdb.rules.games import GAMES, GameName
from pokerdb.rules.variants import game_kind, low_kind

DEALS = 40
PLAYERS = 3
# game -> the --format its deal files are read with
FORMATS = {game.name: "holdem" if game.board_cards else "hands"
           for game in GAMES.values() if game.variant is not None}


def _stored(db_url: str) -> list[dict[str, Any]]:
    columns = ("deal", "player", "cards", "category", "low_category", "strength",
               "low_strength", "winner", "board")
    return [dict(zip(columns, row, strict=True)) for row in rows(
        db_url, "SELECT h.deal_id, h.player, h.cards, h.category_name, h.low_category_name, "
                "h.strength, h.low_strength, d.winner, d.board FROM hands h "
                "JOIN deals d ON d.id = h.deal_id ORDER BY h.deal_id, h.player")]


def _winner(hands: list[dict[str, Any]], split: bool) -> int:
    """Who takes the whole pot: the sole best high hand that is also the sole best low (or
    there is no low); 0 when it is shared."""
    def sole_best(key: str) -> int | None:
        present = [hand for hand in hands if hand[key] is not None]
        if not present:
            return None
        best = max(hand[key] for hand in present)
        top = [hand["player"] for hand in present if hand[key] == best]
        return top[0] if len(top) == 1 else 0
    high = sole_best("strength")
    assert high is not None
    low = sole_best("low_strength") if split else None
    return high if low is None or low == high else 0


def _json(runner: CliRunner, *args: str) -> Any:
    return json.loads(succeeds(runner, *args, "--format", "json").stdout)


@pytest.mark.parametrize("name", list(FORMATS))
def test_every_answer_on_a_deal_file_of_the_game(name: GameName, runner: CliRunner,
                                                 db_url: str, tmp_path: Path) -> None:
    game = GAMES[name]
    path = tmp_path / f"{name.value}.txt"
    succeeds(runner, "generate", str(DEALS), "--seed", "5", "--players", str(PLAYERS),
             "--game", name.value, "-o", str(path), "-q")
    succeeds(runner, "import", str(path), "--db", db_url, "--format", FORMATS[name],
             "--game", name.value, "-q")
    lines = path.read_text().splitlines()
    stored = _stored(db_url)
    by_deal: dict[int, list[dict[str, Any]]] = {}
    for hand in stored:
        by_deal.setdefault(hand["deal"], []).append(hand)
    split = low_kind(game) is not None

    # The hands view: each line's cards, player by player, every hand valued.
    assert [[hand["cards"] for hand in hands] for hands in by_deal.values()] == [
        [group.strip() for group in line.split("|")[1 if game.board_cards else 0:]]
        for line in lines]
    assert all(hand["strength"] is not None for hand in stored)
    # wins: each deal's winner, recounted from the hands' strengths.
    winners = {deal: _winner(hands, split) for deal, hands in by_deal.items()}
    assert winners == {deal: hands[0]["winner"] for deal, hands in by_deal.items()}
    counted = Counter(winners.values())
    assert _json(runner, "wins", "--db", db_url) == {
        "deals": DEALS, **{f"player{p}": counted[p] for p in range(1, PLAYERS + 1)},
        "ties": counted[0]}

    # breakdown: the winners' categories, and player 1's against player 2's.
    kind = game_kind(game).naming.kind  # as categories.kind names it (Omaha: high hands)
    order = categories_of(game)
    won = Counter(next(hand["category"] for hand in by_deal[deal] if hand["player"] == player)
                  for deal, player in winners.items() if player)
    by_player = Counter((next(hand["category"] for hand in by_deal[deal]
                              if hand["player"] == player), player)
                        for deal, player in winners.items() if player)
    breakdown = _json(runner, "breakdown", "--db", db_url)
    assert breakdown["wins_by_category"] == [
        {"winning category": category_label(category, kind), "wins": won[category],
         **{f"player{p}": by_player[category, p] for p in range(1, PLAYERS + 1)}}
        for category in order if won[category]]
    pairs = Counter((hands[0]["category"], hands[1]["category"]) for hands in by_deal.values())
    matrix = {row.pop("player1 \\ player2"): row for row in breakdown["category_matrix"]}
    assert {(first, second): count for first, row in matrix.items()
            for second, count in row.items() if count} == {
        (category_label(first, kind), category_label(second, kind)): count
        for (first, second), count in pairs.items()}

    # players: a deal file has no seats to count.
    assert _json(runner, "players", "--db", db_url) == []
    assert _json(runner, "players", "--by", "category", "--db", db_url) == []

    # stats: every category's hands (player 1's of each deal with a board) against the odds;
    # a split game's low half too, "No Low" for a hand without a qualifying low.
    tested = [hand for hand in stored if not game.board_cards or hand["player"] == 1]
    answer = _json(runner, "stats", "--db", db_url)
    halves = [("categories", False)] + ([("low_categories", True)] if split else [])
    assert list(answer) == [table for title, _ in halves
                            for table in (title, title.replace("categories", "goodness_of_fit"))]
    for title, low in halves:
        have = Counter((hand["low_category"] or "No Low") if low else hand["category"]
                       for hand in tested)
        odds = game.random_lows if low else game.random_hands
        assert [(row["category"], row["hands"]) for row in answer[title]] == [
            (category, have[category]) for category in categories_of(game, low)]
        assert [row["expected percent"] for row in answer[title]] == (
            [float(f"{100 * n / game.all_hands:.6g}") for n in odds] if odds else
            [None] * len(categories_of(game, low)))

    # report: each half's table of counts, as stats has them.
    pytest.importorskip("matplotlib")
    report = tmp_path / "report.html"
    succeeds(runner, "report", "--db", db_url, "-o", str(report))
    page = report.read_text()
    assert ("<h2>Low hands against random dealing</h2>" in page) is split
    for title, _ in halves:
        for row in answer[title]:
            assert f'<td>{row["category"]}</td><td class="number">{row["hands"]:,}</td>' in page

    # explain: a stored deal reads as its line given with --cards and --game.
    for deal, line in zip(by_deal, lines, strict=True):
        shown = succeeds(runner, "explain", str(deal), "--db", db_url).stdout.splitlines()
        given = succeeds(runner, "explain", "--cards", line, "--game", name.value)
        assert shown[0] == f"Deal {deal} (dataset {path.name}, line {deal - min(by_deal) + 1})"
        assert shown[1:] == given.stdout.splitlines()


@pytest.mark.parametrize(("name", "cards", "lines"), [
    (GameName.OMAHA, "7h 2h 9h 4h 5s | ah kc qd jc | 6s 6d 3c 3d", [
        "Board: 7H 2H 9H 4H 5S",
        "Player 1: AH KC QD JC  best AH KC 9H 7H 5S  High Card, Ace high",
        "Player 2: 6S 6D 3C 3D  best 7H 6S 5S 4H 3C  Straight, Seven high",
        "Player 2 wins: Straight, Seven high beats High Card, Ace high"]),
    (GameName.OMAHA_HI_LO, "JD 9D 5D 2H 3H | 6C AS JC KC | 3S TD QC 2S", [
        "Board: JD 9D 5D 2H 3H",
        "Player 1: 6C AS JC KC  best JC JD AS 9D 5D  Pair of Jacks, Ace kicker; "
        "low 6C 5D 3H 2H AS  6-5-3-2-A low",
        "Player 2: 3S TD QC 2S  best 3S 3H 2S 2H JD  Two Pairs, Threes and Twos, Jack kicker",
        "High: Player 2 wins: Two Pairs, Threes and Twos, Jack kicker beats Pair of Jacks, "
        "Ace kicker. Low: Player 1 alone has a qualifying low (6-5-3-2-A low)"]),
    (GameName.SHORT_DECK, "AS KD QC 7H 8H | 6S 9D | JH TH", [
        "Board: AS KD QC 7H 8H",
        "Player 1: 6S 9D  best 9D 8H 7H 6S AS  Straight, Nine high",
        "Player 2: JH TH  best AS KD QC JH TH  Straight, Ace high",
        "Player 2 wins: Straight, Ace high beats Straight, Nine high"]),
    (GameName.STUD_HI_LO, "AS 2S 3C 4D 8H KC KD | 7S 6H 5D 2C 2D 9C QH", [
        "Player 1: AS 2S 3C 4D 8H KC KD  best KC KD AS 8H 4D  Pair of Kings, Ace kicker; "
        "low 8H 4D 3C 2S AS  8-4-3-2-A low",
        "Player 2: 7S 6H 5D 2C 2D 9C QH  best 2C 2D QH 9C 7S  Pair of Twos, Queen kicker",
        "High: Player 1 wins: Pair of Kings, Ace kicker beats Pair of Twos, Queen kicker. "
        "Low: Player 1 alone has a qualifying low (8-4-3-2-A low)"]),
    (GameName.RAZZ, "AS 2S 3C 4D 8H KC KD | 7S 7H 7D 2C 2D 9C QH", [
        "Player 1: AS 2S 3C 4D 8H KC KD  best 8H 4D 3C 2S AS  8-4-3-2-A low",
        "Player 2: 7S 7H 7D 2C 2D 9C QH  best 2C 2D QH 9C 7S  Pair of Twos, Q-9-7",
        "Player 1 wins: 8-4-3-2-A low beats Pair of Twos, Q-9-7"]),
    (GameName.DEUCE_TO_SEVEN, "7S 5H 4D 3C 2D | 7H 6H 4C 3S 2H", [
        "Player 1: 7S 5H 4D 3C 2D  best 7S 5H 4D 3C 2D  Seven-Five low",
        "Player 2: 7H 6H 4C 3S 2H  best 7H 6H 4C 3S 2H  Seven-Six low",
        "Player 1 wins: Seven-Five low beats Seven-Six low"]),
    (GameName.BADUGI, "AS 2D 3C 4H | KS QD 2C 2H", [
        "Player 1: AS 2D 3C 4H  best 4H 3C 2D AS  4-3-2-A badugi",
        "Player 2: KS QD 2C 2H  best KS QD 2C  K-Q-2 three-card badugi",
        "Player 1 wins: 4-3-2-A badugi beats K-Q-2 three-card badugi"]),
    (GameName.FIVE_CARD, "AS 2S 3C 4D 8H | 7S 6H 5D 2C 2D", [
        "Player 1: AS 2S 3C 4D 8H  High Card, Ace high",
        "Player 2: 7S 6H 5D 2C 2D  Pair of Twos, Seven kicker",
        "Player 2 wins: Pair of Twos, Seven kicker beats High Card, Ace high"]),
    (GameName.HOLDEM, "AH 7D 2C 9S TD | KH KD | QS QC", [
        "Board: AH 7D 2C 9S TD",
        "Player 1: KH KD  best KH KD AH TD 9S  Pair of Kings, Ace kicker",
        "Player 2: QS QC  best QS QC AH TD 9S  Pair of Queens, Ace kicker",
        "Player 1 wins: Pair of Kings, Ace kicker beats Pair of Queens, Ace kicker"]),
])
def test_explain_cards_of_every_game(name: GameName, cards: str, lines: list[str],
                                     runner: CliRunner) -> None:
    assert explain_cards(cards, GAMES[name]).lines() == lines
    assert succeeds(runner, "explain", "--cards", cards, "--game", name.value
                    ).stdout.splitlines() == lines


def test_explain_cards_of_a_board_short_of_the_river_gives_each_equity() -> None:
    """Omaha on the flop: no hand yet, each player's exact equity over every turn and river
    (rules.variant_equity), adding up to the whole pot."""
    explanation = explain_cards("AS KS QS | 6H 9H 7C 8C | 8D 8H AD AC", GAMES[GameName.OMAHA])
    assert explanation.lines()[-1] == ("No showdown: the deal stops at the flop; the cards "
                                       "still to come decide it")
    assert [hand.player for hand in explanation.unvalued] == [1, 2]
    equities = [hand.equity for hand in explanation.unvalued]
    assert all(equity is not None for equity in equities)
    assert sum(equity for equity in equities if equity is not None) == pytest.approx(1.0)


@pytest.mark.parametrize(("name", "cards", "message"), [
    (GameName.SHORT_DECK, "AS KS QS JS TS | 2H 9H | 8D 8C",
     "card '2H' in player 1's hand is not in the short-deck hold'em deck (36 cards, 6 to A)"),
    (GameName.STUD, "AS 2S 3C 4D 8H KC | 7S 6H 5D 2C 2D 9C QH",
     "player 1 has 6 cards; each player has 7 in seven-card stud (groups separated by '|')"),
    (GameName.OMAHA, "AS KS QS JS TS | 6H 9H 7C | 8D 8H AD AC",
     "player 1 has 3 hole cards; each player has 4 in Omaha"),
    (GameName.BADUGI, "AS 2D 3C 4H | KS QD 2C 1H",
     "unknown rank '1' in card '1H' (ranks are 2-9 T J Q K A)"),
    (GameName.RAZZ, "AS 2S 3C 4D 8H KC KD | AS 7H 7D 2C 2D 9C QH",
     "card 'AS' appears twice in the deal (in player 1's and player 2's hands)"),
    (GameName.RAZZ, "", "no cards given"),
])
def test_explain_cards_of_a_game_refuses_bad_cards_in_one_line(
        name: GameName, cards: str, message: str, runner: CliRunner) -> None:
    with pytest.raises(PokerdbError) as caught:
        explain_cards(cards, GAMES[name])
    assert str(caught.value) == f"--cards: {message}"
    result = fails(runner, "explain", "--cards", cards, "--game", name.value)
    assert result.stderr == f"Error: --cards: {message}\n"


def test_explain_game_needs_cards(runner: CliRunner) -> None:
    result = fails(runner, "explain", "1", "--game", "razz")
    assert result.stderr == "Error: --game is the game of --cards: give the deal with --cards\n"


def _biased(line: str, game: GameName) -> bool:
    """Whether a deal is one a biased file keeps: in stud hi/lo, player 1 holds five different
    ranks from the ace to the eight (a qualifying low, always); in Omaha hi/lo, the board has
    three (a low is possible)."""
    first = line.split("|")[0].split()  # stud: player 1's cards; Omaha: the board
    low_ranks = {card[0] for card in first} & set("A2345678")
    return len(low_ranks) >= (5 if game is GameName.STUD_HI_LO else 3)


@pytest.mark.parametrize("name", [GameName.STUD_HI_LO, GameName.OMAHA_HI_LO])
def test_stats_of_a_split_game_fit_random_deals_on_both_halves_and_not_biased_ones(
        name: GameName, runner: CliRunner, tmp_path: Path) -> None:
    """A generated file is consistent with random dealing on the high and the low half; the
    same deals narrowed to those with a low in sight are not, on the low half."""
    path = tmp_path / "random.txt"
    succeeds(runner, "generate", "3000", "--seed", "9", "--players", "2", "--game",
             name.value, "-o", str(path), "-q")
    biased = tmp_path / "biased.txt"
    biased.write_text("".join(f"{line}\n" for line in path.read_text().splitlines()
                              if _biased(line, name)))
    db = f"sqlite:///{tmp_path / 'split.db'}"
    verdicts = {}
    for file in (path, biased):
        succeeds(runner, "import", str(file), "--db", db, "--format", FORMATS[name], "--game",
                 name.value, "-q")
        answer = _json(runner, "stats", "--db", db, "--dataset", file.name)
        verdicts[file.name] = [answer[table][0]["verdict"] for table in
                               ("goodness_of_fit", "low_goodness_of_fit")]
    random, unlikely = ("consistent with random dealing (p >= 0.05)",
                        "unlikely to be randomly dealt (p < 0.05)")
    assert verdicts["random.txt"] == [random, random]
    assert verdicts["biased.txt"][1] == unlikely


# The recorded hands of tests/data/phh by variant: deals, and hands shown at a showdown.
PHH_VARIANTS = {"F2L3D": 8, "F7S": 13, "F7S/8": 7, "FB": 1, "FO/8": 14, "FR": 10, "FT": 7,
                "N2L1D": 7, "NS": 1, "NT": 12, "PO": 8}


def test_explain_of_every_recorded_hand_is_what_the_hands_view_holds(
        runner: CliRunner, db_url: str) -> None:
    """Each recorded hand of every variant: explain shows the hands shown at the showdown as
    the hands view has them (cards, the cards that play, words, and a split game's low), the
    seats' nets as stored, and a player it says wins (or alone has the low) loses no chips."""
    succeeds(runner, "import", str(PHH_DATA), "--db", db_url, "-q")
    deals = rows(db_url, "SELECT id, variant FROM deals ORDER BY id")
    assert Counter(variant for _, variant in deals) == PHH_VARIANTS
    view = rows(db_url, "SELECT deal_id, player, cards, best, description, low_best, "
                        "low_description, showed, name, net FROM hands "
                        "ORDER BY deal_id, player")
    seats: dict[int, list[tuple[Any, ...]]] = {}
    for row in view:
        seats.setdefault(row[0], []).append(row)
    shown_by_variant: Counter[str] = Counter()
    for deal, variant in deals:
        lines = succeeds(runner, "explain", str(deal), "--db", db_url).stdout.splitlines()
        shown = [row for row in seats[deal] if row[7]]
        shown_by_variant[variant] += len(shown)
        hand_lines = [line for line in lines if line.startswith("Player ") and "  best " in line]
        assert hand_lines == [
            f"Player {player}: {cards}  best {best}  {description}"
            + (f"; low {low_best}  {low_description}" if low_best else "")
            for _, player, cards, best, description, low_best, low_description, *_ in shown]
        nets = {row[1]: row[9] for row in seats[deal]}
        assert lines[-1] == "Net: " + ", ".join(
            f"{name} (player {player}) {'+' if net > 0 else ''}{_chips(net)}"
            for _, player, *_, name, net in seats[deal])
        verdict = lines[-2]
        for named in verdict.replace("High: ", "").split(". Low: "):
            if named.startswith("Player ") and (" wins" in named or " alone has" in named):
                assert nets[int(named.split()[1])] >= 0, (deal, verdict)
    assert all(shown_by_variant[variant] >= 2 for variant in PHH_VARIANTS
               if variant not in ("FB", "NS")), shown_by_variant


def _chips(net: Any) -> str:
    """Chips as explain writes them: whole ones without a point (the backends give an int,
    a float or a Decimal)."""
    return str(int(net)) if net == int(net) else str(float(net))


UNCOMPARED = ("hands shown in recorded hands of other games than Hold'em are left out ({}): "
              "pokerdb compares recorded hands with Hold'em's odds only")


def report_sections(page: str) -> list[tuple[str, str]]:
    """(heading, the count of hands in its caption, or its paragraph) of each section of the
    report's categories."""
    found = []
    for section in page.split("<h2>")[1:]:
        heading, _, body = section.partition("</h2>")
        count = re.search(r"Share of the ([\d,]+) evaluated", body)
        text = re.match(r"\n<p>([^<]*)</p>", body)
        if heading.endswith("random dealing") or "random dealing:" in heading or \
                heading in ("Not tested", "Hand categories"):
            found.append((html.unescape(heading), count.group(1) if count else
                          html.unescape(text.group(1)) if text else ""))
    return found


def test_stats_tests_recorded_hands_against_hold_em_s_odds_and_report_each_game_s_own(
        runner: CliRunner, db_url: str, tmp_path: Path) -> None:
    """`stats` tests the shown hands of the recorded Hold'em hands (NT, FT) against Hold'em's
    odds and leaves those of every other game out, saying so; `report` tests each game's
    against its own game's odds, and says how many of the games without odds it leaves out."""
    succeeds(runner, "import", str(PHH_DATA), "--db", db_url, "-q")
    result = succeeds(runner, "stats", "--db", db_url, "--format", "json")
    assert sum(row["hands"] for row in json.loads(result.stdout)["categories"]) == 26
    assert rows(db_url, "SELECT count(*) FROM hands h JOIN deals d ON d.id = h.deal_id WHERE "
                        "h.strength IS NOT NULL AND d.variant IN ('NT', 'FT')") == [(26,)]
    left_out = "157 " + UNCOMPARED.format(
        "34 fixed-limit deuce-to-seven lowball triple draw, 10 fixed-limit seven card stud, "
        "6 fixed-limit seven card stud high/low-split eight or better, 2 fixed-limit badugi, "
        "48 fixed-limit Omaha hold'em high/low-split eight or better, 6 fixed-limit razz, "
        "33 no-limit deuce-to-seven lowball single draw, 6 no-limit short-deck hold'em, "
        "12 pot-limit Omaha hold'em")
    assert result.stderr == f"Note: {left_out}\n"
    report = tmp_path / "report.html"
    succeeds(runner, "report", "--db", db_url, "-o", str(report))
    against = "Hand categories against random dealing: "
    lows = "Low hands against random dealing: "
    assert report_sections(report.read_text()) == [
        (f"{against}Texas Hold'em", "26"),
        (f"{against}recorded badugi hands", "2"),
        (f"{against}recorded deuce-to-seven lowball hands", "33"),
        (f"{against}recorded Omaha hands", "12"),
        (f"{against}recorded Omaha hi/lo hands", "48"), (f"{lows}recorded Omaha hi/lo hands", "48"),
        (f"{against}recorded razz hands", "6"),
        (f"{against}recorded short-deck hold'em hands", "6"),
        (f"{against}recorded seven-card stud hands", "10"),
        (f"{against}recorded seven-card stud hi/lo hands", "6"),
        (f"{lows}recorded seven-card stud hi/lo hands", "6"),
        ("Not tested", "34 hands shown in recorded hands are not tested (34 fixed-limit "
                       "deuce-to-seven lowball triple draw): pokerdb has no odds for their "
                       "games.")]
    # Each against its own odds: the shares expected of Omaha's, of four hole cards.
    assert rows(db_url, "SELECT count(*) FROM hands h JOIN deals d ON d.id = h.deal_id WHERE "
                        "h.strength IS NOT NULL AND d.variant = 'PO'") == [(12,)]


def test_recorded_hands_of_other_games_alone_are_tested_against_their_own_odds(
        runner: CliRunner, db_url: str, tmp_path: Path) -> None:
    badugi = PHH_DATA.parent / "pokerstars-draw" / "badugi.txt"
    succeeds(runner, "import", str(badugi), "--db", db_url, "-q")
    left_out = "2 " + UNCOMPARED.format("2 fixed-limit badugi")
    assert fails(runner, "stats", "--db", db_url).stderr == (
        f"Error: nothing to count: {left_out}\n")
    report = tmp_path / "report.html"
    succeeds(runner, "report", "--db", db_url, "-o", str(report))
    assert report_sections(report.read_text()) == [
        ("Hand categories against random dealing: recorded badugi hands", "2")]
