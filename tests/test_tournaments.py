"""Tournament results: PokerStars' and GGPoker's summary files read beside their hands (a file
or a folder), stored once per tournament, linked to its hands, and answered per player and
money by `players --tournaments` and the player_tournaments views, exactly. The summaries of
tests/data/summaries were written for these tests (no licensed sample exists: its README)."""

import shutil
from pathlib import Path

import pytest
from support import fails, rows, succeeds
from test_ggpoker import TOURNAMENT as GG_TOURNAMENT
from test_pokerstars_situations import TOURNAMENT as STARS_TOURNAMENT
from typer.testing import CliRunner

SUMMARIES = Path(__file__).parent / "data" / "summaries"
STARS = SUMMARIES / "pokerstars"
GG = SUMMARIES / "ggpoker"
FIRST = STARS / "TS20160229_T1495192630.txt"


def stars_folder(tmp_path: Path) -> Path:
    """PokerStars' three summaries and a hand of the first tournament, in one folder."""
    folder = tmp_path / "stars"
    shutil.copytree(STARS, folder)
    (folder / "hands.txt").write_text(STARS_TOURNAMENT, encoding="utf-8")
    return folder


def test_a_folder_of_hands_and_summaries(runner: CliRunner, db_url: str,
                                         tmp_path: Path) -> None:
    folder = stars_folder(tmp_path)
    result = succeeds(runner, "import", str(folder), "--db", db_url)
    assert result.stdout.startswith(f"{folder}: imported 1 deal (4 hands) and 3 tournaments "
                                    f"(summaries) as dataset 'stars' in ")
    assert rows(db_url, "SELECT site, number, name, game, currency, prize_part, bounty_part, "
                        "fee, buy_in, entrants, prize_pool, time_zone, source "
                        "FROM tournaments ORDER BY number") == [
        ("PokerStars", "1495192630", None, "No Limit Hold'em", "USD", 9100, 0, 900, 10000, 9,
         81900, "CET", "TS20160229_T1495192630.txt"),
        ("PokerStars", "2000000001", None, "No Limit Hold'em", "USD", 44000, 50000, 6000,
         100000, 6, 264000, "CET", "TS20200115_T2000000001.txt"),
        ("PokerStars", "3000000002", None, "No Limit Hold'em", "play", 10000000, 0, 1000000,
         11000000, 4, 70000000, "EET", "TS20240104_T3000000002.txt")]
    # The start as written, and in UTC (7:40 ET is 12:40 UTC).
    assert [(str(day), str(moment)[:8], str(utc).replace("T", " ")[:16])
            for day, moment, utc in rows(
        db_url, "SELECT date, time, started_at FROM tournaments ORDER BY number")] == [
        ("2016-02-29", "13:40:00", "2016-02-29 12:40"),
        ("2020-01-15", "20:00:00", "2020-01-15 19:00"),
        ("2024-01-04", "08:11:12", "2024-01-04 06:11")]
    assert rows(db_url, "SELECT t.number, e.player, e.currency, e.place, e.prize, e.bounties, "
                        "e.knockouts, e.re_entries, e.rebuys, e.add_ons, e.rebuy_cost, e.cost, "
                        "e.hero FROM tournament_entries e JOIN tournaments t "
                        "ON t.id = e.tournament_id WHERE e.player IN ('Ann', 'Bo') "
                        "ORDER BY t.number, e.player") == [
        ("1495192630", "Ann", "USD", 2, 24500, None, None, None, None, None, None, 10000, True),
        ("1495192630", "Bo", "USD", 1, 40900, None, None, None, None, None, None, 10000, False),
        ("2000000001", "Ann", "USD", 2, 105600, 50000, 2, 1, None, None, None, 200000, True),
        ("2000000001", "Bo", "USD", 3, 0, None, None, None, None, None, None, 100000, False),
        ("3000000002", "Ann", "play", 1, 49000000, None, None, None, 2, 1, 33000000, 44000000,
         True),
        ("3000000002", "Bo", "play", 2, 21000000, None, None, None, None, None, None, 11000000,
         False)]
    assert rows(db_url, "SELECT count(*) FROM tournament_entries") == [(18,)]
    # The tournament's hand, linked by its site and number.
    assert rows(db_url, "SELECT t.number, d.hand_number FROM tournament_hands h "
                        "JOIN tournaments t ON t.id = h.tournament_id "
                        "JOIN deals d ON d.id = h.deal_id") == [("1495192630", "149651992548")]


def test_players_tournaments_figures(runner: CliRunner, db_url: str, tmp_path: Path) -> None:
    succeeds(runner, "import", str(stars_folder(tmp_path)), "--db", db_url)
    answer = succeeds(runner, "players", "--tournaments", "--db", db_url, "--format", "csv",
                      "--currency", "USD", "--sort", "player")
    assert answer.stdout.splitlines()[:4] == [
        "player,currency,tournaments,hands,cost,won,profit,roi,itm,average_finish",
        "Ann,USD,2,1,21.00,18.01,-2.99,-14.2,100.0,2.00",
        "Bo,USD,2,1,11.00,4.09,-6.91,-62.8,50.0,2.00",
        "Cy,USD,2,1,11.00,15.84,4.84,44.0,50.0,3.00"]
    by_buy_in = succeeds(runner, "players", "--tournaments", "--by", "buy-in", "--db", db_url,
                         "--format", "csv", "--site", "pokerstars")
    assert [line for line in by_buy_in.stdout.splitlines() if line.startswith("Ann,")] == [
        "Ann,play,1100,1,0,4400,4900,500,11.4,100.0,1.00",
        "Ann,USD,1.00,1,1,1.00,2.45,1.45,145.0,100.0,2.00",
        "Ann,USD,10.00,1,0,20.00,15.56,-4.44,-22.2,100.0,2.00"]
    # The view: amounts summed exactly, as amounts; chips and money never added.
    assert [(*row[:4], *map(str, row[4:7]), *row[7:]) for row in rows(
        db_url, "SELECT player, currency, tournaments, hands, cost, won, profit, roi, itm, "
                "average_finish FROM player_tournaments WHERE player = 'Ann' "
                "ORDER BY currency")] == [
        ("Ann", "USD", 2, 1, "21", "18.01", "-2.99", -14.2, 100.0, 2.0),
        ("Ann", "play", 1, 0, "4400", "4900", "500", 11.4, 100.0, 1.0)]
    assert rows(db_url, "SELECT count(*) FROM player_buy_in_tournaments") == [(18,)]
    assert fails(runner, "players", "--tournaments", "--db", db_url, "--stakes",
                 "NT 25/50").stderr == (
        "Error: --stakes chooses hands; tournament results are kept per tournament, whose "
        "summary names no stakes\n")


def test_ggpoker_summaries_beside_their_hand(runner: CliRunner, db_url: str,
                                            tmp_path: Path) -> None:
    folder = tmp_path / "gg"
    shutil.copytree(GG, folder)
    (folder / "hand.txt").write_text(GG_TOURNAMENT, encoding="utf-8")
    succeeds(runner, "import", str(folder), "--db", db_url)
    assert rows(db_url, "SELECT number, name, currency, prize_part, fee, bounty_part, "
                        "entrants, prize_pool, time_zone, started_at FROM tournaments "
                        "ORDER BY number") == [
        ("4005006", "$10 Bounty Hunters Special", "USD", 46000, 8000, 46000, 120, 5520000,
         None, None),
        ("4005099", "Daily Hyper $5.25", "USD", 48300, 4200, 0, 300, 14490000, None, None)]
    assert rows(db_url, "SELECT player, place, prize, re_entries, cost, hero "
                        "FROM tournament_entries ORDER BY tournament_id") == [
        ("Hero", 7, 315000, None, 100000, True), ("Hero", 41, 0, 2, 157500, True)]
    assert rows(db_url, "SELECT count(*) FROM tournament_hands") == [(1,)]
    answer = succeeds(runner, "players", "--tournaments", "--db", db_url, "--format", "csv")
    assert answer.stdout.splitlines() == [
        "player,currency,tournaments,hands,cost,won,profit,roi,itm,average_finish",
        "Hero,USD,2,1,25.75,31.50,5.75,22.3,50.0,24.00"]


def test_a_summary_without_hands(runner: CliRunner, db_url: str) -> None:
    result = succeeds(runner, "import", str(FIRST), "--db", db_url)
    assert result.stdout.startswith(f"{FIRST}: imported 0 deals (0 hands) and 1 tournament "
                                    f"(summaries) as dataset '{FIRST.name}' in ")
    assert rows(db_url, "SELECT format, deals FROM datasets") == [("pokerstars", 0)]
    assert rows(db_url, "SELECT count(*) FROM tournament_entries") == [(9,)]
    assert rows(db_url, "SELECT count(*) FROM tournament_hands") == [(0,)]
    succeeds(runner, "delete", FIRST.name, "--db", db_url)
    assert rows(db_url, "SELECT (SELECT count(*) FROM tournaments), "
                        "(SELECT count(*) FROM tournament_entries)") == [(0, 0)]


def test_hands_without_a_summary(runner: CliRunner, db_url: str, tmp_path: Path) -> None:
    hands = tmp_path / "hands.txt"
    hands.write_text(STARS_TOURNAMENT, encoding="utf-8")
    succeeds(runner, "import", str(hands), "--db", db_url)
    assert rows(db_url, "SELECT count(*), min(tournament) FROM deals") == [(1, "1495192630")]
    answer = succeeds(runner, "players", "--tournaments", "--db", db_url, "--format", "csv")
    assert answer.stdout == (
        "player,currency,tournaments,hands,cost,won,profit,roi,itm,average_finish\n")
    assert answer.stderr == (
        "Note: no tournament results (they are read from the sites' tournament summaries: "
        "pokerdb import FOLDER)\n")


def test_the_same_summary_twice_is_stored_once(runner: CliRunner, db_url: str,
                                               tmp_path: Path) -> None:
    folder = tmp_path / "twice"
    folder.mkdir()
    shutil.copy(FIRST, folder / "a.txt")
    shutil.copy(FIRST, folder / "b.txt")
    (folder / "hands.txt").write_text(STARS_TOURNAMENT, encoding="utf-8")
    result = succeeds(runner, "import", str(folder), "--db", db_url)
    assert "and 1 tournament (summaries)" in result.stdout
    assert result.stdout.endswith("; skipped 1 tournament stored already\n")
    again = succeeds(runner, "import", str(FIRST), "--db", db_url)
    assert again.stdout == f"{FIRST}: all 1 tournament are stored already, skipped\n"
    assert rows(db_url, "SELECT count(*), min(source) FROM tournaments") == [(1, "a.txt")]
    assert rows(db_url, "SELECT count(*) FROM tournament_entries") == [(9,)]


def _refused(runner: CliRunner, db_url: str, path: Path, text: str) -> str:
    """The one line an import of a summary file holding `text` fails with; nothing stored."""
    path.write_text(text, encoding="utf-8")
    result = fails(runner, "import", str(path), "--db", db_url)
    assert rows(db_url, "SELECT (SELECT count(*) FROM datasets), "
                        "(SELECT count(*) FROM tournaments)") == [(0, 0)]
    assert result.stderr.count("\n") == 1
    return result.stderr


def test_a_summary_contradicting_itself_is_refused(runner: CliRunner, db_url: str,
                                                  tmp_path: Path) -> None:
    text = FIRST.read_text(encoding="utf-8")
    twice = tmp_path / "twice.txt"
    assert _refused(runner, db_url, twice, text.replace("  5: Cy", "  4: Cy")) == (
        f"Error: {twice}: line 11 '4: Cy (United States),': place 4 is listed twice "
        f"(line 10 too)\n")
    pool = tmp_path / "pool.txt"
    assert _refused(runner, db_url, pool, text.replace("$1.65 (20%)", "$2.65 (20%)")) == (
        f"Error: {pool}: line 4 'Total Prize Pool: $8.19 '...: the prizes listed add up to "
        f"9.19 USD, more than the prize pool\n")
    beyond = tmp_path / "beyond.txt"
    assert _refused(runner, db_url, beyond, text.replace("9 players", "8 players")) == (
        f"Error: {beyond}: line 15 '9: Ivy (Sweden),': place 9 of a tournament of 8 "
        f"entrants\n")
    garbled = tmp_path / "garbled.txt"
    assert _refused(runner, db_url, garbled, text.replace("  3: Ed (Germany), $1.65",
                                                          "  3: Ed, $1.65")) == (
        f"Error: {garbled}: line 9 '3: Ed, $1.65 (20%)': not a player's result as PokerStars "
        f"writes it ('3: name (country), $prize (percent%)')\n")
    gg = (GG / "GG20250304 - Tournament #4005006 - Bounty Hunters Special.txt").read_text(
        encoding="utf-8")
    place = tmp_path / "place.txt"
    assert _refused(runner, db_url, place, gg.replace("in 7th place", "in 6th place")) == (
        f"Error: {place}: line 7 'You finished the tournam'...: the file lists Hero in place 7 "
        f"(line 6)\n")
    listed = tmp_path / "listed.txt"
    assert _refused(runner, db_url, listed, gg.replace("7th : Hero, $31.5", "7th : Hero")) == (
        f"Error: {listed}: line 6 '7th : Hero': not a player's result as GGPoker writes it "
        f"('5th : Hero, $660')\n")
    total = tmp_path / "total.txt"
    assert _refused(runner, db_url, total, gg.replace("total of $31.5", "total of $13.5")) == (
        f"Error: {total}: line 8 'You received a total of '...: the file lists Hero with $31.5 "
        f"(line 6)\n")


def test_another_summary_of_a_stored_tournament_is_refused(runner: CliRunner, db_url: str,
                                                           tmp_path: Path) -> None:
    succeeds(runner, "import", str(FIRST), "--db", db_url)
    other = tmp_path / "other.txt"
    other.write_text(FIRST.read_text(encoding="utf-8").replace("2nd place", "3rd place"),
                     encoding="utf-8")
    result = fails(runner, "import", str(other), "--db", db_url)
    assert result.stderr == (
        f"Error: {other}: tournament #1495192630 of PokerStars is stored already, from "
        f"TS20160229_T1495192630.txt, with other results; nothing imported\n")
    assert rows(db_url, "SELECT count(*) FROM datasets") == [(1,)]


def test_a_file_of_several_summaries(runner: CliRunner, db_url: str, tmp_path: Path) -> None:
    """Summaries one after another in one file (as an emailed history holds them), each read
    on its own; an error names the line in the whole file."""
    texts = [path.read_text(encoding="utf-8") for path in sorted(STARS.glob("*.txt"))]
    several = tmp_path / "several.txt"
    several.write_text("\n".join(texts), encoding="utf-8")
    succeeds(runner, "import", str(several), "--db", db_url)
    assert rows(db_url, "SELECT number, entrants, source FROM tournaments ORDER BY number") == [
        ("1495192630", 9, "several.txt"), ("2000000001", 6, "several.txt"),
        ("3000000002", 4, "several.txt")]
    assert rows(db_url, "SELECT count(*) FROM tournament_entries") == [(18,)]
    wrong = tmp_path / "wrong.txt"
    first_lines = texts[0].count("\n") + 1  # the second summary starts on this line
    assert _refused(runner, other_db(tmp_path), wrong, "\n".join(
        [texts[0], texts[1].replace("6 players", "5 players")])) == (
        f"Error: {wrong}: line {first_lines + 12} '6: Ed (Germany),': place 6 of a "
        f"tournament of 5 entrants\n")


def other_db(tmp_path: Path) -> str:
    """A database of its own (SQLite), for a test that needs a second, empty one."""
    return f"sqlite:///{tmp_path / 'other.db'}"


def test_a_summary_on_standard_input_is_refused(runner: CliRunner, db_url: str) -> None:
    result = fails(runner, "import", "-", "--format", "pokerstars", "--db", db_url,
                   stdin=FIRST.read_bytes())
    assert result.stderr == (
        "Error: <stdin>: a PokerStars tournament summary: pokerdb reads summaries from a file "
        "or folder, not from a stream\n")


def test_the_filters_that_apply_to_tournaments(runner: CliRunner, db_url: str,
                                               tmp_path: Path) -> None:
    succeeds(runner, "import", str(stars_folder(tmp_path)), "--db", db_url)
    shutil.copytree(GG, tmp_path / "gg")
    succeeds(runner, "import", str(tmp_path / "gg"), "--db", db_url)

    def players(*options: str) -> list[str]:
        answer = succeeds(runner, "players", "--tournaments", "--db", db_url, "--format", "csv",
                          "--no-headers", "--sort", "player", *options)
        return [",".join(line.split(",")[:3]) for line in answer.stdout.splitlines()]

    assert players("--since", "2020-01-01", "--until", "2024-01-04", "--site", "PokerStars",
                   "--currency", "play") == ["Ann,play,1", "Bo,play,1", "Cy,play,1", "Di,play,1"]
    assert players("--dataset", "gg") == ["Hero,USD,2"]
    assert players("--tournament", "--site", "ggpoker", "--until", "2025-03-04") == [
        "Hero,USD,1"]
    assert fails(runner, "players", "--tournaments", "--cash", "--db", db_url).stderr == (
        "Error: --cash chooses cash games' hands; tournament results are of tournaments "
        "alone\n")
    assert fails(runner, "players", "--tournaments", "--by", "position",
                 "--db", db_url).stderr == (
        "Error: --by with --tournaments is buy-in, not 'position'\n")


def test_stored_tournaments_are_found_in_every_lookup(runner: CliRunner, db_url: str,
                                                      tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    """The tournaments stored already are looked up a few numbers at a time: each is found,
    whichever lookup it falls in, and a changed one is refused."""
    from pokerdb.steps import tournament_results

    monkeypatch.setattr(tournament_results, "LOOKUP_NUMBERS", 2)
    succeeds(runner, "import", str(STARS), "--db", db_url)
    again = tmp_path / "again"
    shutil.copytree(STARS, again)
    with (again / "TS20160229_T1495192630.txt").open("a") as first:
        first.write("\n")  # other bytes, the same summary
    assert succeeds(runner, "import", str(again), "--db", db_url).stdout == (
        f"{again}: all 3 tournaments are stored already, skipped\n")
    last = again / "TS20240104_T3000000002.txt"
    last.write_text(last.read_text(encoding="utf-8").replace("4,900 (70%)", "4,800"),
                    encoding="utf-8")
    assert fails(runner, "import", str(again), "--db", db_url).stderr == (
        f"Error: {last}: tournament #3000000002 of PokerStars is stored already, from "
        f"TS20240104_T3000000002.txt, with other results; nothing imported\n")
