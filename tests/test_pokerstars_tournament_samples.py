"""Real PokerStars tournament hands (tests/data/sites/pokerstars-tournaments, see its README: three
hands of 2014-2015 from a parser's tests) imported on every backend: each stored in chips with its
tournament, buy-in and level, each seat's net what its lines say, the nets summing to zero."""

import re
from decimal import Decimal

from support import REPO, rows, succeeds
from test_pokerstars import nets_by_lines, plain
from typer.testing import CliRunner

TOURNAMENTS = REPO / "tests" / "data" / "sites" / "pokerstars-tournaments"


def test_the_tournament_samples_are_stored_in_chips_netting_what_their_lines_say(
        runner: CliRunner, db_url: str) -> None:
    result = succeeds(runner, "import", str(TOURNAMENTS), "--db", db_url)
    assert "imported 3 deals (17 hands)" in result.stdout
    assert result.stdout.endswith("skipped 1 hand stored already\n")  # one hand in two files
    assert rows(db_url, "SELECT hand_number, tournament, buy_in, level, currency, rake, fees "
                        "FROM deals ORDER BY hand_number") == [
        ("116434951342", "910930978", "Freeroll", "I", "chips", 0, 0),
        ("118723697322", "937193984", "$0.91+$0.09 USD", "V", "chips", 0, 0),
        ("13297900000", "11866000000", "$13.92+$1.08 USD", "IV", "chips", 0, 0)]
    hands = {}
    for path in sorted(TOURNAMENTS.rglob("*.txt")):
        text = path.read_text(encoding="utf-8-sig")
        number = re.match(r"PokerStars Hand #(\d+)", text)
        assert number is not None
        hands[number[1]] = [line for line in text.splitlines() if line.strip()]
    stored: dict[str, dict[str, Decimal]] = {}
    for number, name, net in plain(db_url, "SELECT d.hand_number, s.name, s.net FROM deals d "
                                           "JOIN seat_stats s ON s.deal_id = d.id"):
        stored.setdefault(str(number), {})[str(name)] = Decimal(str(net))
    assert sorted(stored) == sorted(hands)
    for number, nets in stored.items():
        expected = nets_by_lines(hands[number])[0]
        assert {name: net for name, net in nets.items() if net or name in expected} == {
            name: net for name, net in expected.items() if net or name in nets}, number
        assert sum(nets.values()) == 0, number
    assert stored["118723697322"]["colorado0054"] == 798  # all in against two, wins it all
