"""888poker hand histories (the bracket shape) imported on every backend: every sample hand that
balances on its own lines stored, each seat's net what its lines say, each hand's nets plus its
rake summing to zero; each refused hand refused with its reason; exported to PHH, every hold'em
and Omaha hand pokerkit plays alike replays to the same nets; a file recognised by its content.
The helpers here serve tests/test_partypoker.py too."""

from collections import defaultdict
from decimal import Decimal
from pathlib import Path

from support import NAMED_SEATS, REPO, fails, rows, succeeds
from test_export_phh import POKERKIT_PLAYS_ALIKE, payoffs, stored_nets
from typer.testing import CliRunner

from pokerdb.formats import InputFormat

SAMPLES = REPO / "tests" / "data" / "sites" / "888poker"


def stored_nets_by_hand(db_url: str) -> dict[str, dict[str, Decimal]]:
    """Per hand number, each seat's net as stored, exact."""
    nets: dict[str, dict[str, Decimal]] = defaultdict(dict)
    for number, name, net in rows(db_url, "SELECT d.hand_number, s.name, s.net FROM deals d "
                                          f"JOIN {NAMED_SEATS} s ON s.deal_id = d.id"):
        nets[str(number)][str(name)] = Decimal(net).scaleb(-4)
    return nets


def rakes(db_url: str) -> dict[str, Decimal]:
    return {str(number): Decimal(rake).scaleb(-4)
            for number, rake in rows(db_url, "SELECT hand_number, rake FROM deals")}


def unbalanced(db_url: str) -> list[tuple[object, ...]]:
    """The hands whose nets plus rake and fees do not sum to zero."""
    return rows(db_url, "SELECT d.hand_number FROM deals d JOIN seats s ON s.deal_id = d.id "
                        "GROUP BY d.id, d.hand_number, d.rake, d.fees "
                        "HAVING sum(s.net) + d.rake + d.fees <> 0")


def assert_nets(db_url: str, hands: dict[str, tuple[dict[str, str], str]]) -> None:
    """The hands' nets and rake (by hand number: each seat's net, the rake) as stored, exact,
    and every stored hand's nets plus its rake and fees summing to zero."""
    nets = stored_nets_by_hand(db_url)
    rake = rakes(db_url)
    for number, (expected, expected_rake) in hands.items():
        assert nets[number] == {name: Decimal(net) for name, net in expected.items()}, number
        assert rake[number] == Decimal(expected_rake), number
    assert unbalanced(db_url) == []


def replayed_in_pokerkit(runner: CliRunner, db_url: str, out: Path, site: str) -> dict[str, int]:
    """Export the database to PHH and replay each hand of a variant pokerkit plays as pokerdb
    does in pokerkit, its payoffs the stored nets before rake; how many, by variant. Left out:
    a hand whose largest blind is posted twice (a player joining posts the big blind out of
    position), where pokerkit opens the betting after the last (rules.settlement.opening)."""
    succeeds(runner, "export", "--format", "phh", "-o", str(out), "--db", db_url)
    nets = stored_nets(db_url)
    replayed: dict[str, int] = defaultdict(int)
    for file in sorted(out.rglob("*.phh")):
        text = file.read_text(encoding="utf-8")
        assert f'_site = "{site}"' in text
        variant = text.partition('variant = "')[2].partition('"')[0]
        blinds = [Decimal(blind) for blind in text.partition("blinds_or_straddles = [")[2]
                  .partition("]")[0].split(", ")]
        if variant not in POKERKIT_PLAYS_ALIKE or blinds.count(max(blinds)) > 1:
            continue
        assert payoffs(file) == nets[int(file.stem)], file.name
        replayed[variant] += 1
    return dict(replayed)


def test_the_samples_are_recognised_as_888poker_by_content() -> None:
    assert InputFormat.of_path(str(SAMPLES)) is InputFormat.POKER888
    assert InputFormat.of_path(str(SAMPLES / "HandActionTests" / "3BetHand.txt")) is (
        InputFormat.POKER888)
    # a partypoker hand among them (a test of the parser the samples come from) is partypoker's
    assert InputFormat.of_path(str(SAMPLES / "PlayerTests" / "WithSittingOut.txt")) is (
        InputFormat.PARTYPOKER)


# The sample hands refused, and why.
REFUSED = [
    ("GameTypeTests/PotLimitHoldem.txt#11614201072",
     "line 2 '***** Hand History for G'...: not a 888poker hand; it looks like a partypoker "
     "hand history: use --format partypoker"),
    ("Limits/Limit5.txt#409714750",
     "line 7 'Seat 2: FFSim2rich ( 3Â\\xa0'...: '3Â\\xa0023,50 $' is not an amount"),
    ("PlayerTests/WithSittingOut.txt#11617233792",
     "line 1 '***** Hand History for G'...: not a 888poker hand; it looks like a partypoker "
     "hand history: use --format partypoker"),
    ("ValidHandTests/InValidHand.txt#539304607",
     "line 29 'Berg_pl123 folds': no one wins the pot: the hand is cut short"),
]

# Hands whose nets are worked out from their lines by hand (and their rake).
NETS = {
    # all in on the river: the raise no one called in full returned, the rake $4
    "349444554": ({"zvony_tango7": "-0.5", "kiss014": "-100", "dynamoz6": "-1",
                   "qprcuz": "97.5", "FishPredator": "0"}, "4"),
    # everyone folds to the big blind: its win counts the blind no one called
    "539304533": ({"alexhind1980": "0", "expos299": "-0.5", "FLopDonkey": "0.5"}, "0"),
    # a bet no one called on the flop, which the win does not count
    "349736402": ({"silas_tomkyn": "-0.1", "FCSM_1935": "0.09"}, "0.01"),
    # a dead blind ($1 + $2): the small blind dead, the big blind live
    "359567819": ({"Mr.Pesto": "0", "GYAMEPRO": "2.7", "Suic1deKing": "0", "gaokaipoker": "0",
                   "icebbberg": "-1", "whoisdrew": "-2"}, "0.3"),
}


def test_every_sample_hand_that_balances_is_stored_netting_what_its_lines_say(
        runner: CliRunner, db_url: str) -> None:
    result = succeeds(runner, "import", str(SAMPLES), "--db", db_url, "--skip-invalid")
    assert "imported 32 deals (137 hands)" in result.stdout
    assert "skipped 4 invalid hands" in result.stdout
    assert "skipped 2 hands stored already" in result.stdout  # two files repeat a hand
    assert rows(db_url, "SELECT raw, reason FROM rejects ORDER BY line_no") == REFUSED
    assert rows(db_url, "SELECT format FROM datasets") == [("888poker",)]
    assert rows(db_url, "SELECT site, currency, variant, count(*) FROM deals "
                        "GROUP BY site, currency, variant ORDER BY variant") == [
        ("888poker", "USD", "FT", 3), ("888poker", "USD", "NO", 1),
        ("888poker", "USD", "NT", 23), ("888poker", "USD", "PO", 2),
        ("888poker", "USD", "PO/8", 3)]
    assert_nets(db_url, NETS)
    assert rows(db_url, "SELECT count(*) FROM deals WHERE hero IS NOT NULL") == [(1,)]


def test_exported_to_phh_every_hand_replays_in_pokerkit_to_the_same_nets(
        runner: CliRunner, db_url: str, tmp_path: Path) -> None:
    succeeds(runner, "import", str(SAMPLES), "--db", db_url, "--skip-invalid")
    assert replayed_in_pokerkit(runner, db_url, tmp_path / "out", "888poker") == {
        "NT": 23, "FT": 3, "PO": 2}  # every hold'em and Omaha hand pokerkit has a variant for


def test_a_hand_that_pays_more_rake_than_the_site_takes_is_refused(
        runner: CliRunner, db_url: str, tmp_path: Path) -> None:
    file = tmp_path / "rake.txt"
    hand = (SAMPLES / "GeneralHands" / "GeneralHand.txt").read_text(encoding="utf-8-sig")
    file.write_text(hand.replace("collected [ $0.19 ]", "collected [ $0.18 ]"),
                    encoding="utf-8")
    assert fails(runner, "import", str(file), "--db", db_url).stderr == (
        f"Error: {file}#349736402: line 19 'FCSM_1935 collected [ $0'...: the players won "
        f"0.18 of a pot of 0.20: a rake of 0.02, more than 888poker's 5%\n")


def test_a_hand_history_read_as_deals_says_which_site_it_looks_like(
        runner: CliRunner, db_url: str) -> None:
    hand = SAMPLES / "GeneralHands" / "GeneralHand.txt"
    session = REPO / "tests" / "data" / "sites" / "ipoker" / "GameTypeTests" / "NoLimitHoldem.txt"
    assert fails(runner, "import", str(hand), "--format", "pe54", "--db",
                 db_url).stderr.endswith(
        "it looks like an 888poker or partypoker hand history: use --format 888poker or "
        "--format partypoker\n")
    assert fails(runner, "import", str(session), "--format", "pe54", "--db",
                 db_url).stderr.endswith(
        "'<session' is not a card: a card is a rank and a suit, like '8C' or 'TS'; for iPoker "
        "hand histories use --format ipoker\n")
