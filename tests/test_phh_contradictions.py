"""PHH hands whose fields contradict each other or the actions, each refused in one line naming
the file and the field, nothing stored (every backend): a site's second board holding a card
twice, a button beyond the table, a time of play that is not the hand's date, seats listed
twice, a month that is none, a hole deal short of the cards the street deals."""

from pathlib import Path

import pytest
from support import fails, rows, succeeds
from typer.testing import CliRunner

HAND = """\
variant = "NT"
antes = [0, 0]
blinds_or_straddles = [1, 2]
min_bet = 2
starting_stacks = [100, 100]
actions = ["d dh p1 AhAs", "d dh p2 KsKd", "p2 f"]
players = ["Ann", "Bo"]
"""
SITE = HAND + """\
winnings = [2, 0]
_site = "PokerStars"
_total_pot = 2
hand = "5"
year = 2020
month = 5
day = 2
time = 08:00:00
seat_count = 6
seats = [1, 2]
"""


@pytest.mark.parametrize(("text", "error"), [
    (SITE + '_second_board = "AH AH AH AH AH"\n',
     "field '_second_board' is 'AH AH AH AH AH': it holds a card twice"),
    (SITE + "_button_seat = 99\n", "field '_button_seat' is 99: the table has 6 seats"),
    (SITE + '_played_at = "2021-05-01T10:00:00+00:00"\n',
     "field '_played_at' is '2021-05-01T10:00:00+00:00': in no time zone is that "
     "2020-05-02 08:00:00, the hand's local date and time"),
    (SITE.replace("seats = [1, 2]", "seats = [1, 1]"), "field 'seats' holds seat 1 twice"),
    (HAND + "year = 2020\nmonth = 13\n", "field 'month' is 13: a month is 1 to 12"),
    (HAND.replace("d dh p1 AhAs", "d dh p1 Ah"),
     "action 3 'p2 f': p1 is dealt 1 of the 2 cards the pre-flop deals"),
])
def test_a_hand_that_contradicts_itself_is_refused_naming_the_field(
        runner: CliRunner, db_url: str, tmp_path: Path, text: str, error: str) -> None:
    good = tmp_path / "good.phh"
    good.write_text(SITE + '_played_at = "2020-05-01T23:00:00+00:00"\n', encoding="utf-8")
    succeeds(runner, "import", str(good), "--db", db_url)  # 9 hours from UTC: a zone's
    path = tmp_path / "bad.phh"
    path.write_text(text, encoding="utf-8")
    assert fails(runner, "import", str(path), "--db", db_url).stderr == (
        f"Error: {path}: {error}\n")
    assert rows(db_url, "SELECT count(*) FROM deals") == [(1,)]
