"""Hands whose result the file does not tell (a showdown of cards it does not know, `sm ????`,
and no winnings): stored with their result unknown, never guessed (revision 0020), and counted
apart by every answer."""

from pathlib import Path

from support import TEXTED_DEALS, rows, succeeds
from typer.testing import CliRunner

# Ann and Bo play three hands at 1/2: Ann wins 4 in the first (Cy folds), the second is shown
# down with Bo's cards unknown and no winnings, the third Bo wins the blinds.
FIRST = ["d dh p1 AsAh", "d dh p2 KsKh", "d dh p3 ????", "p3 f", "p1 cbr 4", "p2 cc",
         "d db 2c3d4h", "p1 cc", "p2 cc", "d db 9s", "p1 cc", "p2 cc", "d db Td", "p1 cc",
         "p2 cc", "p1 sm AsAh", "p2 sm KsKh"]
UNKNOWN = ["d dh p1 ????", "d dh p2 ????", "d dh p3 ????", "p3 cbr 6", "p1 cc", "p2 f",
           "d db 2c3d4h", "p1 cc", "p3 cc", "d db 9s", "p1 cc", "p3 cc", "d db Td", "p1 cc",
           "p3 cc", "p1 sm AsAh", "p3 sm ????"]
THIRD = ["d dh p1 ????", "d dh p2 ????", "d dh p3 ????", "p3 f", "p1 f"]


def hand(actions: list[str], winnings: str = "") -> str:
    return "\n".join([
        "variant = 'NT'", "antes = [0, 0, 0]", "blinds_or_straddles = [1, 2, 0]",
        "min_bet = 2", "starting_stacks = [200, 200, 200]", f"actions = {actions!r}",
        "players = ['Ann', 'Bo', 'Cy']", winnings, ""])


def write_hands(folder: Path, *, unknown_winnings: str = "") -> Path:
    folder.mkdir()
    for number, actions in enumerate((FIRST, UNKNOWN, THIRD), start=1):
        (folder / f"{number}.phh").write_text(
            hand(actions, unknown_winnings if actions is UNKNOWN else ""))
    return folder


def test_a_hand_of_unknown_result_is_stored_without_nets(runner: CliRunner, db_url: str,
                                                         tmp_path: Path) -> None:
    succeeds(runner, "import", str(write_hands(tmp_path / "hands")), "--db", db_url)
    assert rows(db_url, "SELECT d.source, d.result_known, d.winner, s.player, s.put_in, s.net "
                        f"FROM {TEXTED_DEALS} d JOIN seats s ON s.deal_id = d.id "
                        "ORDER BY d.id, s.player") == [
        ("1.phh", True, 1, 1, 40_000, 40_000), ("1.phh", True, 1, 2, 40_000, -40_000),
        ("1.phh", True, 1, 3, 0, 0),
        # Bo folded: he lost his blind; Ann and Cy showed down, who won is not known.
        ("2.phh", False, None, 1, 60_000, None), ("2.phh", False, None, 2, 20_000, -20_000),
        ("2.phh", False, None, 3, 60_000, None),
        ("3.phh", True, 2, 1, 10_000, -10_000), ("3.phh", True, 2, 2, 10_000, 10_000),
        ("3.phh", True, 2, 3, 0, 0)]
    # player_totals counts the hand apart; the views' net, bb/100 and won at showdown are
    # over the hands whose result is known.
    assert rows(db_url, "SELECT player, hands, hands_result_unknown, net, bb_per_100, "
                        "won_at_showdown, n_went_to_showdown FROM player_stats "
                        "ORDER BY player") == [
        ("Ann", 3, 1, 3, 75.0, 100.0, 2), ("Bo", 3, 0, -5, -83.33, 0.0, 1),
        ("Cy", 3, 1, 0, 0.0, None, 1)]
    result = succeeds(runner, "players", "--db", db_url, "--format", "csv")
    assert [line.split(",")[:4] + line.split(",")[13:17]
            for line in result.stdout.splitlines()] == [
        ["player", "currency", "hands", "hands_result_unknown", "won_at_showdown", "net",
         "bb_per_100", "allin_adjusted_net"],
        ["Ann", "chips", "3", "1", "100.0", "3", "75.00", "3"],
        ["Cy", "chips", "3", "1", "", "0", "0.00", "0"],
        ["Bo", "chips", "3", "0", "0.0", "-5", "-83.33", "-5"]]
    (deal_id,), = rows(db_url, "SELECT id FROM deals WHERE NOT result_known")
    explained = succeeds(runner, "explain", str(deal_id), "--db", db_url).stdout.splitlines()
    assert explained[-2:] == [
        "The result is unknown: the file shows cards it does not know (????) at the "
        "showdown, and records no winnings",
        "Net: Ann (player 1) unknown, Bo (player 2) -2, Cy (player 3) unknown"]
    wins = succeeds(runner, "wins", "--db", db_url, "--format", "csv")
    assert wins.stdout.splitlines()[1:] == ["3,1,1,0"]
    assert "Note: 1 recorded hand whose file does not tell the result (cards shown as ???? " \
           "and no winnings) have no winner and are counted in deals only" in wins.stderr


def test_winnings_that_say_who_won_decide_it(runner: CliRunner, db_url: str,
                                             tmp_path: Path) -> None:
    succeeds(runner, "import", str(write_hands(tmp_path / "hands",
                                               unknown_winnings="winnings = [0, 0, 14]")),
             "--db", db_url)
    assert rows(db_url, f"SELECT d.result_known, d.winner, s.net "
                        f"FROM {TEXTED_DEALS} d JOIN seats s ON "
                        "s.deal_id = d.id WHERE d.source = '2.phh' ORDER BY s.player") == [
        (True, 3, -60_000), (True, 3, -20_000), (True, 3, 80_000)]
    assert rows(db_url, "SELECT sum(hands_result_unknown) FROM player_totals") == [(0,)]


def test_a_players_page_draws_the_hands_of_known_result(runner: CliRunner,
                                                       tmp_path: Path) -> None:
    """`pokerdb serve`: Ann's page, her net over her hands of known result as players shows
    it, and the curve of her net drawn over those two hands (it failed on the NULL net)."""
    from test_serve_pages import cells, csv_rows, get

    database = tmp_path / "poker.db"
    succeeds(runner, "import", str(write_hands(tmp_path / "hands")), "--db", str(database))
    [response] = get(str(database), "/player/Ann")
    assert response.status_code == 200
    assert cells(response.text, "results-all") == [
        row[1:] for row in csv_rows(runner, "players", "--db", str(database)) if row[0] == "Ann"]
    assert "2 hands</h3>" in response.text


def test_a_showdown_of_unknown_result_has_no_net_by_category(runner: CliRunner, db_url: str,
                                                            tmp_path: Path) -> None:
    """Ann's aces are shown down in the hand of unknown result, her only showdown: counted
    by the category of her hand, its net unknown (empty), not a crash."""
    folder = tmp_path / "hands"
    folder.mkdir()
    (folder / "2.phh").write_text(hand(UNKNOWN))
    succeeds(runner, "import", str(folder), "--db", db_url)
    result = succeeds(runner, "players", "--by", "category", "--db", db_url, "--format", "csv")
    assert result.stdout.splitlines() == ["player,currency,category,showdowns,net",
                                          "Ann,chips,One Pair,1,"]
