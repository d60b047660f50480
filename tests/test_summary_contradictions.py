"""Tournament summaries that do not add up, refused in one line naming the file, the line and
the token, with nothing stored (both backends): money that changes inside a file, numbers past
what is stored, starts of no year the site ran or of two moments, control characters in
names, lines that start as one pokerdb reads and are not, an entry listed twice, re-entries
counted otherwise, a finish where no one is listed, a pool below what the entrants paid; and
the same tournament told otherwise by another file or by its hands."""

import shutil
from pathlib import Path

from support import fails, rows, succeeds
from test_pokerstars_contradictions import LONG_NAME
from test_pokerstars_situations import TOURNAMENT as STARS_HAND
from test_tournaments import FIRST, GG, STARS, _refused, other_db
from typer.testing import CliRunner

SECOND = (STARS / "TS20200115_T2000000001.txt").read_text(encoding="utf-8")  # re-entries
PLAY = (STARS / "TS20240104_T3000000002.txt").read_text(encoding="utf-8")  # play money
BOUNTY_GG = (GG / "GG20250304 - Tournament #4005006 - Bounty Hunters Special.txt").read_text(
    encoding="utf-8")
STARTED = "Tournament started 2016/02/29 13:40:00 CET [2016/02/29 7:40:00 ET]"
THIRTY = "123456789012345678901234567890"


def _each_refused(runner: CliRunner, db_url: str, tmp_path: Path,
                  cases: list[tuple[str, str, str]]) -> None:
    """Each case (a name, the file's text, the message after 'Error: FILE: ') refused so."""
    for name, text, message in cases:
        path = tmp_path / f"{name}.txt"
        assert _refused(runner, db_url, path, text) == f"Error: {path}: {message}\n", name


def test_money_that_changes_inside_a_file(runner: CliRunner, db_url: str,
                                          tmp_path: Path) -> None:
    first = FIRST.read_text(encoding="utf-8")
    _each_refused(runner, db_url, tmp_path, [
        ("code", first.replace("Pool: $8.19 USD", "Pool: $8.19 EUR"),
         "line 4 'Total Prize Pool: $8.19 '...: '$8.19' is in USD, not EUR"),
        ("buy_in", first.replace("$0.91/$0.09 USD", "$0.91/€0.09"),
         "line 2 'Buy-In: $0.91/€0.09': '€0.09' is in EUR, the tournament in USD (line 2)"),
        ("prize", first.replace("$4.09 (50%)", "€4.09 (50%)"),
         "line 7 '1: Bo (Canada), €4.09 (5'...: '€4.09' is in EUR, the tournament in USD "
         "(line 2)"),
        ("bounty", SECOND.replace("total of USD 5.00", "total of EUR 5.00"),
         "line 16 'You collected 2 bounties'...: '5.00' is in EUR, the tournament in USD "
         "(line 2)"),
        ("play", PLAY.replace("4,900 (70%)", "$4,900 (70%)"),
         "line 7 '1: Ann (Finland), $4,900'...: '$4,900' is in USD, the tournament in play "
         "(line 2)"),
        ("chips", BOUNTY_GG.replace("$4.6+$0.8+$4.6", "4.6+0.8+4.6"),
         "line 4 'Total Prize Pool: $552': '$552' is in USD, the tournament in chips (line 2)"),
        ("received", BOUNTY_GG.replace("total of $31.5", "total of €31.5"),
         "line 8 'You received a total of '...: '€31.5' is in EUR, the tournament in USD "
         "(line 2)")])


def test_numbers_and_dates_past_what_is_stored(runner: CliRunner, db_url: str,
                                               tmp_path: Path) -> None:
    first = FIRST.read_text(encoding="utf-8")
    amount = "more than pokerdb stores (an amount is below 100,000,000,000)"
    count = "more than pokerdb stores (a count or a place is below 100,000,000)"
    _each_refused(runner, db_url, tmp_path, [
        ("entrants", first.replace("9 players", f"{THIRTY} players"),
         f"line 3 '123456789012345678901234'...: '123456789012345678901234'...: {count}"),
        ("pool", first.replace("Pool: $8.19", f"Pool: ${THIRTY}"),
         f"line 4 'Total Prize Pool: $12345'...: '$12345678901234567890123'...: {amount}"),
        ("place", first.replace("9 players\n", "").replace("  9: Ivy", f"  {THIRTY}: Ivy"),
         f"line 14 '123456789012345678901234'...: '123456789012345678901234'...: {count}"),
        ("re_entries", SECOND.replace("made 1 re-entries", f"made {THIRTY} re-entries"),
         f"line 15 'You made 123456789012345'...: '123456789012345678901234'...: {count}"),
        ("fits_alone", PLAY.replace("Buy-In: 1000/100", "Buy-In: 900000000000000/100"),
         f"line 2 'Buy-In: 900000000000000/'...: '900000000000000': {amount}"),
        ("year_9999", first.replace(STARTED, "Tournament started 9999/12/31 23:40:00 CET "
                                             "[9999/12/31 23:40:00 ET]"),
         "line 5 'Tournament started 9999/'...: '9999/12/31 23:40:00': a tournament of the "
         "site is played from 2001 on, not in 9999"),
        ("gg_year", BOUNTY_GG.replace("2025/03/04", "2013/03/04"),
         "line 5 'Tournament started 2013/'...: '2013/03/04 04:00:00': a tournament of the "
         "site is played from 2014 on, not in 2013"),
        ("two_moments", first.replace("[2016/02/29 7:40:00 ET]", "[2016/03/29 7:40:00 ET]"),
         "line 5 'Tournament started 2016/'...: 2016/02/29 13:40:00 CET and 2016/03/29 "
         "7:40:00 ET are not the same moment"),
        ("escape", first.replace("Bo (Canada)", "B\x1b[31mo (Canada)"),
         "line 7 '1: B\\x1b[31mo (Canada), $4.'...: the name 'B\\x1b[31mo' holds a control "
         "character"),
        ("nul", first.replace("Bo (Canada)", "B\x00o (Canada)"),
         "line 7 '1: B\\x00o (Canada), $4.09 ('...: the name 'B\\x00o' holds a control "
         "character"),
        # a key of tournament_entries' index: past 255 characters, refused on each backend
        ("long_name", first.replace("Bo (Canada)", f"{LONG_NAME} (Canada)"),
         f"line 7 '1: {LONG_NAME[:21]}'...: a name of 3,000 characters: at most 255 are "
         f"stored")])


def test_lines_read_only_in_part(runner: CliRunner, db_url: str, tmp_path: Path) -> None:
    """A line that starts as one pokerdb reads and is not one was passed over: a buy-in of
    four parts stored as none, a garbled pool as no pool."""
    first = FIRST.read_text(encoding="utf-8")
    _each_refused(runner, db_url, tmp_path, [
        ("four_parts", first.replace("$0.91/$0.09 USD", "$0.91/$0.09/$1/$2 USD"),
         "line 2 'Buy-In: $0.91/$0.09/$1/$'...: not a 'Buy-In:' line as PokerStars writes "
         "it"),
        ("pool", first.replace("Pool: $8.19 USD", "Pool: $8.19.5 USD"),
         "line 4 'Total Prize Pool: $8.19.'...: not a 'Total Prize Pool:' line as PokerStars "
         "writes it"),
        ("entrants", first.replace("9 players", "9 players (3 re-entries)"),
         "line 3 '9 players (3 re-entries)': not the entrants as PokerStars writes them "
         "('8 players')"),
        ("started", first.replace(STARTED, STARTED + " x"),
         "line 5 'Tournament started 2016/'...: not a 'Tournament started' line as "
         "PokerStars writes it"),
        ("gg_buy_in", BOUNTY_GG.replace("$4.6+$0.8+$4.6", "$4.6+$0.8+$4.6+$1"),
         "line 2 'Buy-in: $4.6+$0.8+$4.6+$'...: not a 'Buy-in:' line as GGPoker writes it"),
        ("gg_entrants", BOUNTY_GG.replace("120 Players", "120 Players (45 re-entries)"),
         "line 3 '120 Players (45 re-entri'...: not the entrants as GGPoker writes them "
         "('110 Players')")])


def test_entries_that_do_not_add_up(runner: CliRunner, db_url: str, tmp_path: Path) -> None:
    first = FIRST.read_text(encoding="utf-8")
    _each_refused(runner, db_url, tmp_path, [
        ("two_places", first.replace("  5: Cy (United States)", "  5: Bo (Canada)"),
         "line 11 '5: Bo (Canada),': 'Bo' is listed twice as the same entry (line 7 too; a "
         "re-entry is listed as 'Bo [2]')"),
        ("entry_twice", SECOND.replace("  5: Ann (Finland)", "  5: Ann [2] (Finland)"),
         "line 11 '5: Ann [2] (Finland),': 'Ann' is listed twice as the same entry (line 8 "
         "too; a re-entry is listed as 'Ann [2]')"),
        ("re_entries", SECOND.replace("made 1 re-entries", "made 3 re-entries"),
         "line 15 'You made 3 re-entries fo'...: the file lists you 2 times, for 1 "
         "re-entries, not 3"),
        ("re_entry_cost", SECOND.replace("re-entries for a total of USD 10.00",
                                         "re-entries for a total of USD 99.00"),
         "line 15 'You made 1 re-entries fo'...: 1 re-entries at a buy-in of 10.00 USD cost "
         "10.00 USD, not 99.00 USD"),
        ("unlisted", first.replace("  9: Ivy (Sweden), \n", "").replace("2nd place",
                                                                        "9th place"),
         "line 16 'You finished in 9th plac'...: no player is listed in place 9, where the "
         "file says you finished"),
        ("pool", first.replace("Pool: $8.19", "Pool: $8.18").replace("$4.09", "$4.08"),
         "line 4 'Total Prize Pool: $8.18 '...: less than the 9 entrants paid into the "
         "prize pool (8.19 USD)"),
        ("share", first.replace("$4.09 (50%)", "$4.09 (90%)"),
         "line 7 '1: Bo (Canada), $4.09 (9'...: $4.09 is not 90% of the prize pool"),
        ("prize", first.replace("$4.09 (50%)", "$4.09 (50%) x"),
         "line 7 '1: Bo (Canada), $4.09 (5'...: '$4.09 (50%) x' is not a prize as PokerStars "
         "writes it ('$40.00 (50%)')"),
        ("prize_code", first.replace("$4.09 (50%)", "EUR 4.09"),
         "line 7 '1: Bo (Canada), EUR 4.09': 'EUR 4.09' is not a prize as PokerStars writes "
         "it ('$40.00 (50%)')")])


def test_a_tournament_told_otherwise_elsewhere(runner: CliRunner, db_url: str,
                                               tmp_path: Path) -> None:
    """Another file, or the tournament's hands beside its summary, telling it otherwise."""
    first = FIRST.read_text(encoding="utf-8")
    for name, other, message in [
            ("start", first.replace("2016/02/29", "2016/03/01"),
             "tournament #1495192630 of PokerStars is stored already, from a.txt, with other "
             "results"),
            ("game", first.replace("No Limit Hold'em", "Pot Limit Omaha"),
             "tournament #1495192630 of PokerStars is stored already, from a.txt, with other "
             "results")]:
        folder = tmp_path / name
        folder.mkdir()
        shutil.copy(FIRST, folder / "a.txt")
        (folder / "b.txt").write_text(other, encoding="utf-8")
        assert fails(runner, "import", str(folder), "--db", db_url).stderr == (
            f"Error: {folder}/b.txt: {message}; nothing imported\n")
    for name, summary, message in [
            ("owner", first.replace("2nd place", "9th place"),
             "the summary's owner 'Ivy' is seated in none of its hands imported beside it"),
            ("buy_in", first.replace("$0.91/$0.09", "$9.10/$0.90").replace(
                "$8.19", "$81.90").replace("$4.09", "$40.90").replace("$2.45", "$24.50")
             .replace("$1.65", "$16.50"),
             "its hands' buy-in is '$0.91+$0.09 USD', the summary's 10.00 USD")]:
        folder = tmp_path / name
        folder.mkdir()
        (folder / "a.txt").write_text(summary, encoding="utf-8")
        (folder / "hands.txt").write_text(STARS_HAND, encoding="utf-8")
        assert fails(runner, "import", str(folder), "--db", db_url).stderr == (
            f"Error: {folder}/a.txt: tournament #1495192630 of PokerStars: {message}; "
            f"nothing imported\n")
    assert rows(db_url, "SELECT (SELECT count(*) FROM datasets), "
                        "(SELECT count(*) FROM deals), (SELECT count(*) FROM tournaments)") == [
        (0, 0, 0)]


def test_a_ggpoker_finish_without_its_result(runner: CliRunner, db_url: str,
                                             tmp_path: Path) -> None:
    """The owner's place and total, told with no result listed, were dropped: no entry."""
    path = tmp_path / "unlisted.txt"
    assert _refused(runner, db_url, path, BOUNTY_GG.replace("7th : Hero, $31.5\n", "")) == (
        f"Error: {path}: line 6 'You finished the tournam'...: the file lists no result "
        f"('5th : Hero, $660') for what it tells you\n")


def test_a_tournament_number_is_a_number(runner: CliRunner, db_url: str,
                                         tmp_path: Path) -> None:
    """`#01495192630` was another tournament than `#1495192630` (its results counted twice),
    and a number in Arabic-Indic digits was stored as its text."""
    first = FIRST.read_text(encoding="utf-8")
    for name, text, number in [("stars", first, "1495192630"),
                               ("gg", BOUNTY_GG, "4005006")]:
        folder = tmp_path / name
        folder.mkdir()
        (folder / "a.txt").write_text(text, encoding="utf-8")
        (folder / "b.txt").write_text(text.replace(f"#{number}", f"#00{number}"),
                                      encoding="utf-8")
        assert succeeds(runner, "import", str(folder), "--db", db_url).stdout.endswith(
            "; skipped 1 tournament stored already\n")
    assert rows(db_url, "SELECT number FROM tournaments ORDER BY number") == [
        ("1495192630",), ("4005006",)]
    arabic = "".join(chr(0x0660 + int(digit)) for digit in "1495192630")
    path = tmp_path / "arabic.txt"
    assert _refused(runner, other_db(tmp_path), path, first.replace("1495192630", arabic)) == (
        f"Error: {path}: line 1 'PokerStars Tournament #{arabic[0]}'...: the tournament "
        f"number {arabic!r} is not written in ASCII digits\n")
