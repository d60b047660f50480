"""partypoker hand histories (the bracket shape, as 888poker's) imported on every backend: every
sample hand that balances on its own lines stored, each seat's net what its lines say, each
hand's nets plus its rake summing to zero; each refused hand refused with its reason; exported
to PHH, every hold'em and Omaha hand pokerkit plays alike replays to the same nets; a file
recognised by its content, and an 888poker file read as partypoker's says whose it is."""

from pathlib import Path

from support import REPO, fails, rows, succeeds
from test_888poker import assert_nets, replayed_in_pokerkit
from typer.testing import CliRunner

from pokerdb.formats import InputFormat

SAMPLES = REPO / "tests" / "data" / "sites" / "partypoker"
REPEATED = f"{SAMPLES}/MultipleHandsTests/5MultipleHands.txt#1458965856"
# Four hands of one file share a number (a test of the parser the samples come from): the
# first is stored, the others, which differ from it, are refused.
CONFLICT = (f"hand 1458965856 of partypoker is stored already, from {REPEATED}, and differs "
            f"from it (its players, stacks, actions, time or table)")
REFUSED = [
    ("Limits/Limit6.txt#11994428655",
     "line 30 'agaviriat does not show '...: no one wins the pot: the hand is cut short"),
    ("MultipleHandsTests/5MultipleHands.txt#1458965856", CONFLICT),
    ("MultipleHandsTests/5MultipleHands.txt#1458965856", CONFLICT),
    ("MultipleHandsTests/5MultipleHands.txt#1458965856", CONFLICT),
    ("ValidHandTests/InValidHand.txt#13551039167",
     "line 21 'IknowUrAho does not show'...: no one wins the pot: the hand is cut short"),
]

NETS = {
    # all in on the river: the part of the bet no one called is "won" from a side pot
    "13549932236": ({"GrindAA": "0", "TYRANNOMAN1": "-8.13", "dr. spaz": "12.53",
                     "kewen": "-0.3", "mumija80": "0", "xyxyTiltyxyx": "-5.1"}, "1"),
    # a bet no one called on the river, which the win counts
    "13550319286": ({"Bavariared": "-0.1", "DarkSun2011": "0", "Kruglenya77": "-0.05",
                     "MasterP002": "-0.1", "Raskolnikov89": "0", "Te-ta-tet": "0",
                     "joyce.lunoue": "-0.1", "lenstr1": "0.33"}, "0.02"),
    # a small blind posted out of position is live: its player calls the rest of the big
    "13551495313": ({"PBarca88": "0.4", "RELATIVE78": "-0.1", "hugomarcia": "-0.1",
                     "newstyle222": "-0.1", "sxdan": "-0.1"}, "0"),
}


def test_the_samples_are_recognised_as_partypoker_by_content() -> None:
    assert InputFormat.of_path(str(SAMPLES)) is InputFormat.PARTYPOKER
    assert InputFormat.of_path(str(SAMPLES / "GeneralHands" / "GeneralHand.txt")) is (
        InputFormat.PARTYPOKER)


def test_every_sample_hand_that_balances_is_stored_netting_what_its_lines_say(
        runner: CliRunner, db_url: str) -> None:
    result = succeeds(runner, "import", str(SAMPLES), "--db", db_url, "--skip-invalid")
    assert "imported 49 deals (220 hands)" in result.stdout
    assert "skipped 5 invalid hands" in result.stdout
    assert "skipped 1 hand stored already" in result.stdout
    assert rows(db_url, "SELECT raw, reason FROM rejects ORDER BY line_no") == REFUSED
    assert rows(db_url, "SELECT site, currency, variant, count(*) FROM deals "
                        "GROUP BY site, currency, variant ORDER BY variant") == [
        ("partypoker", "USD", "FT", 5), ("partypoker", "USD", "NT", 31),
        ("partypoker", "USD", "PO", 9), ("partypoker", "USD", "PO/8", 3),
        ("partypoker", "USD", "PT", 1)]
    assert_nets(db_url, NETS)
    # the time zone its header names: 04:15:12 EST
    (played_at,) = rows(db_url, "SELECT played_at FROM deals WHERE hand_number = '13550319286'")[0]
    assert str(played_at).replace("T", " ").startswith("2014-01-06 09:15:12")
    assert rows(db_url, "SELECT count(*) FROM deals WHERE hero IS NOT NULL") == [(6,)]


def test_exported_to_phh_every_hand_replays_in_pokerkit_to_the_same_nets(
        runner: CliRunner, db_url: str, tmp_path: Path) -> None:
    succeeds(runner, "import", str(SAMPLES), "--db", db_url, "--skip-invalid")
    assert replayed_in_pokerkit(runner, db_url, tmp_path / "out", "partypoker") == {
        "NT": 31, "FT": 5, "PO": 9}  # every hold'em and Omaha hand pokerkit has a variant for


def test_an_888poker_file_read_as_partypoker_says_whose_it_is(runner: CliRunner,
                                                                db_url: str) -> None:
    file = REPO / "tests" / "data" / "sites" / "888poker" / "GeneralHands" / "GeneralHand.txt"
    assert fails(runner, "import", str(file), "--format", "partypoker", "--db",
                 db_url).stderr == (
        f"Error: {file}#349736402: line 2 '***** 888poker Hand Hist'...: not a partypoker "
        f"hand; it looks like an 888poker hand history: use --format 888poker\n")
