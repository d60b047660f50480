"""A PokerStars hand stored once whatever its number looks like (leading zeros, a Zoom table's
header: one numbering, the site's), and a different hand under a stored number reported naming
both files, never skipped as the same hand (every backend)."""

import codecs
from pathlib import Path

import pytest
from support import TEXTED_DEALS, fails, rows, succeeds
from test_pokerstars_site_hands import RETURNED
from typer.testing import CliRunner

# The same hand, a bet of 120 instead of 100: another hand under the same number.
OTHER = RETURNED.replace("Cy: bets 100", "Cy: bets 120").replace("Uncalled bet (100)",
                                                                 "Uncalled bet (120)")


def _written(folder: Path, name: str, text: str) -> Path:
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


def test_a_hand_numbered_with_zeros_or_from_zoom_is_the_hand_stored(
        runner: CliRunner, db_url: str, tmp_path: Path) -> None:
    first = _written(tmp_path, "first.txt", RETURNED)
    zeros = _written(tmp_path, "zeros.txt", RETURNED.replace("#300000000301", "#0300000000301"))
    zoom = _written(tmp_path, "zoom.txt", RETURNED.replace("PokerStars Hand #",
                                                           "PokerStars Zoom Hand #"))
    succeeds(runner, "import", str(first), "--db", db_url)
    for again in (zeros, zoom):
        assert succeeds(runner, "import", str(again), "--db", db_url).stdout == (
            f"{again}: all 1 hand are stored already, skipped\n")
    assert rows(db_url, "SELECT hand_number, site FROM deals") == [("300000000301", "PokerStars")]
    assert rows(db_url, "SELECT site, hand_number FROM site_hands") == [
        ("PokerStars", "300000000301")]
    assert rows(db_url, "SELECT count(*) FROM seat_stats WHERE name = 'Cy'") == [(1,)]


def test_another_hand_under_a_stored_number_names_both_files(
        runner: CliRunner, db_url: str, tmp_path: Path) -> None:
    first = _written(tmp_path, "first.txt", RETURNED)
    other = _written(tmp_path, "other.txt", OTHER.replace("#300000000301", "#0300000000301"))
    succeeds(runner, "import", str(first), "--db", db_url)
    result = fails(runner, "import", str(other), "--db", db_url)
    assert result.stderr == (
        f"Error: {other}#0300000000301: hand 300000000301 of PokerStars is stored already, "
        f"from first.txt#300000000301 (dataset 'first.txt'), and differs from it (its players, "
        f"stacks, actions, time or table)\n")
    assert rows(db_url, "SELECT count(*) FROM datasets") == [(1,)]
    # With --skip-invalid, a reject; the new hand after it stored.
    other.write_text(other.read_text(encoding="utf-8") + "\n\n" + RETURNED.replace(
        "#300000000301", "#300000000302"), encoding="utf-8")
    skipped = succeeds(runner, "import", str(other), "--skip-invalid", "--db", db_url)
    assert "1 invalid hand" in skipped.stdout, skipped.stdout
    assert rows(db_url, "SELECT line_no, raw FROM rejects") == [(1, "other.txt#0300000000301")]
    assert rows(db_url, "SELECT hand_number FROM deals ORDER BY id") == [
        ("300000000301",), ("300000000302",)]


def test_two_hands_of_one_number_in_one_import_conflict(runner: CliRunner, db_url: str,
                                                        tmp_path: Path) -> None:
    folder = tmp_path / "hands"
    folder.mkdir()
    _written(folder, "a.txt", RETURNED)
    _written(folder, "b.txt", OTHER)
    _written(folder, "c.txt", RETURNED)
    result = fails(runner, "import", str(folder), "--db", db_url)
    assert result.stderr == (
        f"Error: {folder}/b.txt#300000000301: hand 300000000301 of PokerStars is stored "
        f"already, from {folder}/a.txt#300000000301, and differs from it (its players, stacks, "
        f"actions, time or table)\n")
    assert rows(db_url, "SELECT count(*) FROM deals") == [(0,)]
    result = succeeds(runner, "import", str(folder), "--skip-invalid", "--db", db_url)
    assert rows(db_url, "SELECT line_no, raw FROM rejects") == [(2, "b.txt#300000000301")]
    assert rows(db_url, f"SELECT source FROM {TEXTED_DEALS} d") == [("a.txt#300000000301",)]


@pytest.mark.parametrize("bom", [b"", codecs.BOM_UTF8])
def test_a_utf8_file_with_a_line_in_cp1252_keeps_its_names(
        runner: CliRunner, db_url: str, tmp_path: Path, bom: bytes) -> None:
    """Once decoded whole as cp1252 (every name mojibake), or with a byte order mark its byte
    replaced (names colliding): each line is read as UTF-8 where it is."""
    text = RETURNED.replace("Bo", "B\u00f6").replace("Cy", "\u00c7y")
    raw = text.encode("utf-8").replace("B\u00f6: folds".encode(), "B\u00f6: folds".encode(
        "cp1252"))
    path = tmp_path / "mixed.txt"
    path.write_bytes(bom + raw)
    result = succeeds(runner, "import", str(path), "--db", db_url)
    assert rows(db_url, "SELECT name FROM seat_stats ORDER BY player") == [
        ("Dee",), ("Ann",), ("B\u00f6",), ("\u00c7y",)]
    line = 1 + raw.decode("cp1252").splitlines().index("B\u00f6: folds")
    assert result.stderr == (f"Note: {path}: line {line} is not UTF-8 as the rest of the file "
                             f"is: read as cp1252\n")  # said, and the hand stored
    # A file in cp1252 throughout mixes nothing: read, without a word.
    whole = tmp_path / "cp1252.txt"
    whole.write_bytes(RETURNED.replace("#300000000301", "#300000000302").replace(
        "Bo", "B\u00f6").encode("cp1252"))
    assert succeeds(runner, "import", str(whole), "--db", db_url).stderr == ""


def test_revision_0017_keys_stored_hands_by_the_sites_numbering(
        runner: CliRunner, db_url: str, tmp_path: Path) -> None:
    """A database of 0016, whose site_hands kept a Zoom hand under "PokerStars Zoom" and its
    number as written, keys it as import does now: the same hand met again is stored already."""
    from sqlalchemy import create_engine, text
    from test_migrations import downgrade, upgrade

    first = _written(tmp_path, "first.txt", RETURNED)
    succeeds(runner, "import", str(first), "--db", db_url)
    engine = create_engine(db_url)
    try:
        downgrade(engine, "0016")
        with engine.begin() as connection:
            connection.execute(text("UPDATE site_hands SET site = 'PokerStars Zoom', "
                                    "hand_number = '0300000000301'"))
        upgrade(engine)
    finally:
        engine.dispose()
    assert rows(db_url, "SELECT site, hand_number, dataset_id FROM site_hands") == [
        ("PokerStars", "300000000301", 1)]
    zoom = _written(tmp_path, "zoom.txt", RETURNED.replace("PokerStars Hand #",
                                                           "PokerStars Zoom Hand #"))
    assert succeeds(runner, "import", str(zoom), "--db", db_url).stdout == (
        f"{zoom}: all 1 hand are stored already, skipped\n")
