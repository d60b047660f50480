"""iPoker hand histories (XML) imported on every backend: every sample hand that balances on its
own elements stored, each seat's net what its `bet` and `win` say, each hand's nets plus its
rake summing to zero; each refused hand refused with its reason; exported to PHH, every hand
replays in pokerkit to the same nets; a file recognised by its content; XML that declares a
document type (entities) refused before anything is expanded."""

from pathlib import Path

from support import REPO, fails, rows, succeeds
from test_888poker import assert_nets, replayed_in_pokerkit
from typer.testing import CliRunner

from pokerdb.formats import InputFormat

SAMPLES = REPO / "tests" / "data" / "sites" / "ipoker"
THREE_BET = SAMPLES / "HandActionTests" / "3BetHand.txt"
REFUSED = [
    ("ExtraHands/DataMinerHandIssue1.txt#987654",
     "no player shows a hand that can win the main pot"),
    ("GeneralHands/HeroName.txt#5383708755",
     f"hand 5383708755 of iPoker is stored already, from {SAMPLES}/GameTypeTests/"
     f"FixedLimitHoldem.txt#5383708755, and differs from it (its players, stacks, actions, "
     f"time or table)"),
    ("Seats/Full Ring (10 Handed).txt#3302721610",
     "line 31 '<player seat=\"7\" name=\"T'...: 'TrapistBeer' bet 1.80 by the file, 0.00 by "
     "its actions"),
    ("ValidHandTests/InValidHand.txt#5382842237",
     "line 30 '<action no=\"2\" player=\"n'...: 'nawu' acts but has no seat"),
]
NETS = {
    # a raise no one called in full: the file's win counts what is returned of it
    "5384044099": ({"Amalfitano1": "6.16", "killAA007": "-7.1"}, "0.94"),
    "5385476176": ({"Amalfitano1": "-1.7", "Taras2107": "1.48"}, "0.22"),
    # antes, and a bet on the river no one called
    "5384038435": ({"WWR141388412": "0.13", "keepfishing68": "-0.12",
                    "chcake515151": "-0.02"}, "0.01"),
}


def test_the_samples_are_recognised_as_ipoker_by_content(tmp_path: Path) -> None:
    assert InputFormat.of_path(str(SAMPLES)) is InputFormat.IPOKER
    assert InputFormat.of_path(str(THREE_BET)) is InputFormat.IPOKER
    xml = tmp_path / "session.xml"
    xml.write_bytes(THREE_BET.read_bytes())
    assert InputFormat.of_path(str(tmp_path)) is InputFormat.IPOKER
    assert InputFormat.of_path(str(xml)) is InputFormat.IPOKER


def test_every_sample_hand_that_balances_is_stored_netting_what_its_lines_say(
        runner: CliRunner, db_url: str) -> None:
    result = succeeds(runner, "import", str(SAMPLES), "--db", db_url, "--skip-invalid")
    assert "imported 47 deals (158 hands)" in result.stdout
    assert "skipped 4 invalid hands" in result.stdout
    assert "skipped 23 hands stored already" in result.stdout  # files repeat hands
    assert sorted(rows(db_url, "SELECT raw, reason FROM rejects")) == REFUSED
    assert rows(db_url, "SELECT currency, variant, count(*) FROM deals "
                        "GROUP BY currency, variant ORDER BY currency, variant") == [
        ("EUR", "NT", 13), ("EUR", "PO", 17), ("GBP", "NT", 8), ("GBP", "PO", 1),
        ("USD", "FT", 3), ("USD", "NT", 4), ("USD", "PO", 1)]
    assert_nets(db_url, NETS)


def test_exported_to_phh_every_hand_replays_in_pokerkit_to_the_same_nets(
        runner: CliRunner, db_url: str, tmp_path: Path) -> None:
    succeeds(runner, "import", str(SAMPLES), "--db", db_url, "--skip-invalid")
    assert replayed_in_pokerkit(runner, db_url, tmp_path / "out", "iPoker") == {
        "NT": 25, "FT": 3, "PO": 19}


def test_a_document_type_is_refused_before_its_entities_are_expanded(
        runner: CliRunner, db_url: str, tmp_path: Path) -> None:
    laughs = "".join(f'<!ENTITY l{level} "{f"&l{level - 1};" * 10}">' for level in range(1, 9))
    session = (f'<?xml version="1.0"?>\n<!DOCTYPE session [<!ENTITY l0 "ha">{laughs}]>\n'
               f'<session sessioncode="0"><general><gametype>&l8;</gametype></general>'
               f"</session>\n")
    file = tmp_path / "laughs.xml"
    file.write_text(session, encoding="utf-8")
    assert fails(runner, "import", str(file), "--format", "ipoker", "--db",
                 db_url).stderr == (
        f"Error: {file}: line 2 '<!DOCTYPE session [<!ENT'...: a document type declaration "
        f"(entities): pokerdb reads no iPoker session that declares one\n")


def test_xml_that_is_not_well_formed_is_refused_naming_its_line(
        runner: CliRunner, db_url: str, tmp_path: Path) -> None:
    file = tmp_path / "cut.xml"
    text = THREE_BET.read_text(encoding="utf-8-sig")
    file.write_text(text.replace("</round>", "</rounds>", 1), encoding="utf-8")
    line = text.splitlines().index("    </round>") + 1
    assert fails(runner, "import", str(file), "--db", db_url).stderr == (
        f"Error: {file}: line {line} '</rounds>': not well-formed XML (mismatched tag)\n")


def test_a_file_read_in_parts_names_the_line_of_a_late_session(
        runner: CliRunner, db_url: str, tmp_path: Path) -> None:
    # more sessions than a part reads (ipoker_hands.PART_SESSIONS): each part counts its lines
    # from its first session, which the file's parts are told
    declaration, *body = THREE_BET.read_text(encoding="utf-8-sig").splitlines()
    sessions = [[line.replace('gamecode="5384044099"', f'gamecode="{7_000_000_000 + index}"')
                 for line in body] for index in range(250)]
    sessions[229][body.index("    </round>")] = "    </rounds>"
    file = tmp_path / "many.xml"
    file.write_text("\n".join([declaration, *(line for lines in sessions for line in lines)])
                    + "\n", encoding="utf-8")
    line = 1 + 229 * len(body) + body.index("    </round>") + 1
    assert fails(runner, "import", str(file), "--db", db_url).stderr == (
        f"Error: {file}: line {line} '</rounds>': not well-formed XML (mismatched tag)\n")
