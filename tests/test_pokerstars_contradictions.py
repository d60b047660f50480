"""PokerStars hands that contradict themselves, each refused in one line naming the file, the
hand, the line and the token, the database left as it was (every backend): a raise whose
amounts disagree, seats listed twice or beyond the table, a summary other than the play, a
hand cut short, dates that are none, numbers in other digits than ASCII, names no file of the
site holds."""

import random
import string
from pathlib import Path

import pytest
from support import fails, rows, succeeds
from test_pokerstars_site_hands import RETURNED
from test_pokerstars_site_hands import refused as refused_after
from test_pokerstars_situations import HOME_GAME
from typer.testing import CliRunner

SHOWN = RETURNED.replace("Cy: doesn't show hand", "Cy: shows [Qs Qh] (a pair of Queens)").replace(
    "Seat 3: Cy (button) collected (195)", "Seat 3: Cy (button) showed [Qs Qh] and won (195)")
# Letters and digits, which PostgreSQL's index cannot compress: 3,000 took an index entry past
# its 2,704 bytes (a multi-line server error), and any name past 255 is refused on each backend.
LONG_NAME = "".join(random.Random(0).choices(string.ascii_letters + string.digits, k=3_000))


@pytest.mark.parametrize(("edit", "error"), [
    (("Cy: raises 60 to 90", "Cy: raises 50 to 90"),
     "line 13 'Cy: raises 50 to 90': the bet to call is 30: a raise by 50 is to 80, not 90"),
    (("Seat 4: Dee", "Seat 2: Dee"),
     "line 6 'Seat 2: Dee (1500 in chi'...: seat 2 is listed twice"),
    (("Seat 4: Dee", "Seat 99: Dee"),
     "line 6 'Seat 99: Dee (1500 in ch'...: seat 99 at a table of 9 seats"),
    (("Seat #3 is the button", "Seat #12 is the button"),
     "line 2 \"Table '900000004 1' 9-ma\"...: seat 12 at a table of 9 seats"),
    (("Seat 4: Dee", "Seat 4: Bo"),
     "line 6 'Seat 4: Bo (1500 in chip'...: 'Bo' is seated twice (in seat 2 too)"),
    (("Board [2c 7h Jd]", "Board [2c 7h Js]"),
     "line 25 'Board [2c 7h Js]': the summary's board [2c 7h Js] is not the one dealt, "
     "[2c 7h Jd]"),
    (("Board [2c 7h Jd]\nSeat 1: Ann (big blind) folded on the Flop\n"
      "Seat 2: Bo folded before Flop (didn't bet)\nSeat 3: Cy (button) collected (195)\n"
      "Seat 4: Dee (small blind) folded before Flop\n", ""),
     "line 24 'Total pot 195 | Rake 0': the summary lists no seat of 'Dee': the hand is cut "
     "short"),
    (("2014/03/03 10:00:00", "2014/13/45 25:61:99"),
     "line 1 'PokerStars Hand #3000000'...: '2014/13/45 25:61:99' is not a date and time"),
    (("2014/03/03 10:00:00", "9999/03/03 10:00:00"),
     "line 1 'PokerStars Hand #3000000'...: '9999/03/03 10:00:00': a PokerStars hand is played "
     "from 2001 on, not in 9999"),
    (("2014/03/03 10:00:00", "0001/01/01 00:00:00"),
     "line 1 'PokerStars Hand #3000000'...: '0001/01/01 00:00:00': a PokerStars hand is played "
     "from 2001 on, not in 1"),
    (("Level II", "Level \u0663"),
     "line 1 'PokerStars Hand #3000000'...: the level '\u0663' is not written in ASCII"),
    (("Tournament #900000004", "Tournament #90000000\u0664"),
     "line 1 'PokerStars Hand #3000000'...: the tournament number '90000000\u0664' is not "
     "written in ASCII digits"),
    (("Seat 2: Bo (", "Seat 2: B\x00o ("),
     "line 4 'Seat 2: B\\x00o (1500 in chi'...: the name 'B\\x00o' holds a control character"),
    # A table's name as a player's: NUL, which PostgreSQL text cannot hold, refused on both
    # backends (SQLite stored it; PostgreSQL's COPY was a traceback), and its length bounded.
    (("Table '900000004 1'", "Table '900000004\x00 1'"),
     "line 2 \"Table '900000004\\x00 1' 9-m\"...: the table name '900000004\\x00 1' holds a "
     "control character"),
    (("Table '900000004 1'", f"Table '{LONG_NAME}'"),
     f"line 2 \"Table '{LONG_NAME[:17]}\"...: a table name of 3,000 characters: at most 255 "
     f"are stored"),
    (("Seat 2: Bo (", f"Seat 2: {LONG_NAME} ("),
     f"line 4 'Seat 2: {LONG_NAME[:16]}'...: a name of 3,000 characters: at most 255 are "
     f"stored"),
    (("Seat 2: Bo (", f"Seat 2: {'B' * 256} ("),
     f"line 4 'Seat 2: {'B' * 16}'...: a name of 256 characters: at most 255 are stored"),
])
def test_a_hand_that_contradicts_itself_is_refused_naming_the_line(
        runner: CliRunner, db_url: str, tmp_path: Path, edit: tuple[str, str],
        error: str) -> None:
    before, after = edit
    assert before in RETURNED
    assert refused(runner, db_url, tmp_path, RETURNED.replace(before, after)) == (
        f"300000000301: {error}\n")


@pytest.mark.parametrize(("club", "error"), [
    ("Friday\x00Club", "the club name 'Friday\\x00Club' holds a control character"),
    (LONG_NAME, "a club name of 3,000 characters: at most 255 are stored"),
])
def test_a_home_game_s_club_is_a_text_as_a_table_s_name_is(
        runner: CliRunner, db_url: str, tmp_path: Path, club: str, error: str) -> None:
    text = HOME_GAME.replace("{Friday Club}", f"{{{club}}}")
    assert refused(runner, db_url, tmp_path, text).endswith(f"...: {error}\n")


def test_shown_cards_the_summary_contradicts_are_refused(runner: CliRunner, db_url: str,
                                                        tmp_path: Path) -> None:
    succeeds(runner, "import", str(_written(tmp_path, "shown.txt", SHOWN)), "--db", db_url)
    assert refused(runner, db_url, tmp_path, SHOWN.replace("showed [Qs Qh]", "showed [Qs Qd]")
                   ) == ("300000000301: line 28 'Seat 3: Cy (button) show'...: 'Cy' showed "
                         "[Qs Qh], not [Qs Qd]\n")


def test_a_hand_number_in_other_digits_is_refused(runner: CliRunner, db_url: str,
                                                  tmp_path: Path) -> None:
    arabic = "".join(chr(0x0660 + int(digit)) for digit in "300000000301")
    text = RETURNED.replace("#300000000301", f"#{arabic}")
    assert refused(runner, db_url, tmp_path, text) == (
        f"{arabic}: line 1 'PokerStars Hand #{arabic[:7]}'...: the hand number '{arabic}' is "
        f"not written in ASCII digits\n")


def test_a_hand_of_no_date_is_one_reject_among_the_hands_with_skip_invalid(
        runner: CliRunner, db_url: str, tmp_path: Path) -> None:
    """Year 9999 once raised OverflowError out of the import, whatever --skip-invalid said."""
    late = RETURNED.replace("2014/03/03 10:00:00", "9999/12/31 23:00:00").replace(
        "#300000000301", "#300000000302")
    folder = tmp_path / "hands"
    folder.mkdir()
    _written(folder, "a.txt", late)
    _written(folder, "b.txt", RETURNED)
    fails(runner, "import", str(folder), "--db", db_url)
    assert rows(db_url, "SELECT count(*) FROM deals") == [(0,)]
    succeeds(runner, "import", str(folder), "--skip-invalid", "--db", db_url)
    assert rows(db_url, "SELECT hand_number FROM deals") == [("300000000301",)]
    assert rows(db_url, "SELECT line_no, raw FROM rejects") == [(1, "a.txt#300000000302")]


def refused(runner: CliRunner, db_url: str, tmp_path: Path, text: str) -> str:
    """The one line the import of `text` fails with, into a database holding another hand,
    which it leaves as it was."""
    other = RETURNED.replace("#300000000301", "#300000000300")
    succeeds(runner, "import", str(_written(tmp_path, "other.txt", other)), "--db", db_url)
    return refused_after(runner, db_url, tmp_path, text)


def _written(folder: Path, name: str, text: str) -> Path:
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path
