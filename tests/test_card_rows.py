"""hand_cards keeps a row only where the cards are known (revision 0030): a recorded hand's seat
whose cards were never shown has none, and the `hands` view still lists every seat, with its
name and money, beside every hand of a deal file."""

from pathlib import Path

from support import rows, succeeds, write_lines
from test_value_rows import HANDHQ
from typer.testing import CliRunner

# Each seat as the hands view shows it, and as the tables hold it.
VIEWED = ("SELECT deal_id, player, cards, name, put_in * 10000, net * 10000, showed FROM hands "
          "WHERE name IS NOT NULL ORDER BY deal_id, player")
STORED = ("SELECT s.deal_id, s.player, c.cards, n.name, s.put_in, s.net, s.showed FROM seats s "
          "LEFT JOIN hand_cards c ON c.deal_id = s.deal_id AND c.player = s.player "
          "JOIN player_names n ON n.id = s.name_id ORDER BY s.deal_id, s.player")


def test_a_card_row_for_each_hand_whose_cards_are_known(runner: CliRunner, db_url: str,
                                                          tmp_path: Path) -> None:
    """Of HandHQ's 1,859 seats, 103 show their cards: hand_cards holds those 103 and a Hold'em
    file's 8 hands; the view lists all 1,867 hands, every seat with its name and money, and
    one deal's seats with their cards where known."""
    holdem = write_lines(tmp_path / "holdem.txt", "7C 2D 9S 4H 5S | AH KH | QS QD",
                         "2H 3H 4H | AC KC | 7D 7S", "| AS AD | KS KD", "| 2C 2D | 3C 3D")
    for path, args in ((str(HANDHQ), ["--skip-invalid"]), (holdem, ["--format", "holdem"])):
        succeeds(runner, "import", path, *args, "--db", db_url, "--quiet")
    assert rows(db_url, "SELECT count(*), count(cards) FROM hand_cards") == [(111, 111)]
    assert rows(db_url, "SELECT count(*) FROM seats") == [(1859,)]
    assert rows(db_url, "SELECT count(*), count(cards), count(name), count(put_in), "
                        "count(showed), count(DISTINCT deal_id) FROM hands") == [
        (1867, 111, 1859, 1859, 1859, 395)]
    viewed = rows(db_url, VIEWED)
    assert len(viewed) == 1859 and [tuple(row) for row in viewed] == [
        (*row[:4], row[4], row[5], bool(row[6])) for row in rows(db_url, STORED)]
    assert rows(db_url, "SELECT player, cards, name, put_in, net FROM hands WHERE deal_id = 2 "
                        "ORDER BY player") == [
        (1, "8D AS", "uwsIGbIB4ktlhz44JKQKDQ", 1, None),
        (2, None, "ahN79dgDL8C99nHik5Up7Q", 1, None),
        (3, None, "9tEZRm6oI+e1Tz0x72b0vQ", 1, None),
        (4, None, "AiiJXMM0CfYl69+Nq3jyfA", 0, 0), (5, None, "s32h30cC3rPhG5FiSCU42g", 0, 0)]
    assert rows(db_url, "SELECT deal_id, player, cards, name FROM hands WHERE deal_id > 391 "
                        "ORDER BY deal_id, player") == [
        (392, 1, "AH KH", None), (392, 2, "QS QD", None), (393, 1, "AC KC", None),
        (393, 2, "7D 7S", None), (394, 1, "AS AD", None), (394, 2, "KS KD", None),
        (395, 1, "2C 2D", None), (395, 2, "3C 3D", None)]
