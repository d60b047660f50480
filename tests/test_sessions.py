"""`pokerdb sessions` on hands written for the test: runs of a player's hands split where the
next hand comes more than --gap minutes later, per site and money, every figure exact."""

from pathlib import Path

from cash_hands import cash_hand
from support import invoke, succeeds
from test_player_stats import phh
from typer.testing import CliRunner

# Eastern time in January is UTC-5: 10:00 ET is 15:00 UTC.
HANDS = (cash_hand(1001, "2024/01/02 10:00:00")
         + cash_hand(1002, "2024/01/02 10:20:00", table="Beta", winner="Bo")
         + cash_hand(1003, "2024/01/02 10:50:00")  # 30 minutes later: the same session
         + cash_hand(1004, "2024/01/02 11:21:00", winner="Bo")  # 31: a new one
         + cash_hand(1005, "2024/01/03 09:00:00", names=("Ann", "Di", "Ed")))


def imported(runner: CliRunner, db_url: str, tmp_path: Path) -> None:
    (tmp_path / "stars.txt").write_text(HANDS)
    succeeds(runner, "import", str(tmp_path / "stars.txt"), "--db", db_url)
    folder = tmp_path / "phh"
    folder.mkdir()
    (folder / "a.phh").write_text(phh("NT", ["Ann", "Bo"], [1, 2], ["p2 f"]))
    succeeds(runner, "import", str(folder), "--db", db_url)


def test_sessions_split_at_the_gap(runner: CliRunner, db_url: str, tmp_path: Path) -> None:
    imported(runner, db_url, tmp_path)
    result = succeeds(runner, "sessions", "--player", "Ann", "--db", db_url, "-f", "csv")
    assert result.stdout.splitlines() == [
        "player,site,currency,start,end,hands,tables,net,bb_per_100,first_deal",
        "Ann,PokerStars,USD,2024-01-02 15:00:00,2024-01-02 15:50:00,3,2,0.06,100.00,1",
        "Ann,PokerStars,USD,2024-01-02 16:21:00,2024-01-02 16:21:00,1,1,0.00,0.00,4",
        "Ann,PokerStars,USD,2024-01-03 14:00:00,2024-01-03 14:00:00,1,1,0.03,150.00,5"]
    assert result.stderr == ("Note: 1 hand without a time of play (a file that gives no date "
                             "and time in UTC: PHH without _played_at, GGPoker's) is in no "
                             "session\n")
    # A gap of 31 minutes joins the first day's hands; one of 0 splits every hand.
    wide = succeeds(runner, "sessions", "--player", "Ann", "--gap", "31", "--db", db_url,
                    "-f", "csv").stdout.splitlines()
    assert wide[1:] == [
        "Ann,PokerStars,USD,2024-01-02 15:00:00,2024-01-02 16:21:00,4,2,0.06,75.00,1",
        "Ann,PokerStars,USD,2024-01-03 14:00:00,2024-01-03 14:00:00,1,1,0.03,150.00,5"]
    assert len(succeeds(runner, "sessions", "--gap", "0", "--player", "Bo", "--db", db_url,
                        "-f", "csv").stdout.splitlines()) == 1 + 4


def test_sessions_take_the_filters(runner: CliRunner, db_url: str, tmp_path: Path) -> None:
    imported(runner, db_url, tmp_path)
    result = succeeds(runner, "sessions", "--since", "2024-01-03", "--db", db_url, "-f", "csv")
    assert result.stdout.splitlines()[1:] == [
        "Ann,PokerStars,USD,2024-01-03 14:00:00,2024-01-03 14:00:00,1,1,0.03,150.00,5",
        "Di,PokerStars,USD,2024-01-03 14:00:00,2024-01-03 14:00:00,1,1,-0.01,-50.00,5",
        "Ed,PokerStars,USD,2024-01-03 14:00:00,2024-01-03 14:00:00,1,1,-0.02,-100.00,5"]
    assert result.stderr == ""  # the PHH hand has no date: the filter leaves it out
    assert succeeds(runner, "sessions", "--currency", "chips", "--db", db_url,
                    "-f", "csv").stdout.splitlines()[1:] == []
    assert "Note: 2 hands without a time" in succeeds(
        runner, "sessions", "--currency", "chips", "--db", db_url).stderr
    refused = invoke(runner, "sessions", "--gap", "-1", "--db", db_url)
    assert refused.exit_code == 2 and "-1 is not in the range x>=0" in refused.stderr
