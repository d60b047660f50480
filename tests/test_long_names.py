"""A name stored once by number (a player's, the venue's, the table's, the money's, a site's
hand's site) is at most MAX_NAME_CHARS characters on every backend: PostgreSQL's UNIQUE index
of each caps an entry at about 2,700 bytes, SQLite's none, so a PHH hand whose venue was 3,000
letters and digits imported into SQLite and failed on PostgreSQL in a multi-line server error.
Past the limit the hand is refused in one line naming the file, the hand and the field, the
database left as it was; at the limit, in characters of four bytes, it imports on each
backend."""

import random
import string
from pathlib import Path

import pytest
from support import NAMED_SEATS, REPO, TEXTED_DEALS, fails, row_counts, rows, succeeds
from test_phh_bounds import HAND
from typer.testing import CliRunner

from pokerdb.formats.phh.fields import MAX_NAME_CHARS

# Letters and digits, which PostgreSQL cannot compress in an index entry.
LONG = "".join(random.Random(0).choices(string.ascii_letters + string.digits, k=3_000))
# Each field past the limit, and the end of the one line refusing its hand.
LONG_FIELDS = {
    "venue": (f'venue = "{LONG}"\n',
              "field 'venue' is 3,000 characters long: at most 255 are stored in a name"),
    "table": (f'table = "{LONG}"\n',
              "field 'table' is 3,000 characters long: at most 255 are stored in a name"),
    "currency": (f'currency = "{LONG}"\n',
                 "field 'currency' is 3,000 characters long: at most 255 are stored in a name"),
    "player": (f'players = ["Ann", "{LONG}"]\n',
               "field 'players' holds a string 3,000 characters long: at most 255 are stored "
               "in a name"),
    # a site's hand pokerdb exported: its site, beside the money, keys summary_keys
    "site": (f'players = ["Ann", "Bo"]\nwinnings = [2, 0]\n_site = "{LONG}"\n_total_pot = 2\n',
             "field '_site' is 3,000 characters long: at most 255 are stored in a name"),
    "player one past": (f'players = ["Ann", "{"B" * 256}"]\n',
                        "field 'players' holds a string 256 characters long: at most 255 are "
                        "stored in a name"),
}


@pytest.mark.parametrize("case", LONG_FIELDS)
def test_a_name_past_the_limit_refuses_the_hand_in_one_line(
        runner: CliRunner, db_url: str, tmp_path: Path, case: str) -> None:
    good = tmp_path / "good.phh"
    good.write_text(HAND + 'venue = "Club"\nplayers = ["Ann", "Bo"]\n')
    succeeds(runner, "import", str(good), "--db", db_url, "-q")
    before = row_counts(db_url)
    field, why = LONG_FIELDS[case]
    file = tmp_path / "long.phh"
    file.write_text(HAND + field)
    result = fails(runner, "import", str(file), "--db", db_url)
    assert result.stderr == f"Error: {file}: {why}\n"
    assert row_counts(db_url) == before


def test_with_skip_invalid_each_hand_of_a_long_name_is_one_reject(
        runner: CliRunner, db_url: str, tmp_path: Path) -> None:
    tables = [HAND, *(HAND + field for field, _ in LONG_FIELDS.values()), HAND]
    file = tmp_path / "hands.phhs"
    file.write_text("".join(f"[{key}]\n{text}" for key, text in enumerate(tables, start=1)))
    result = succeeds(runner, "import", str(file), "--skip-invalid", "--db", db_url)
    assert f"skipped {len(LONG_FIELDS)} invalid hands" in result.stdout
    assert rows(db_url, f"SELECT line_no FROM {TEXTED_DEALS} d ORDER BY line_no") == [
        (1,), (len(tables),)]
    assert rows(db_url, "SELECT line_no, raw, reason FROM rejects ORDER BY line_no") == [
        (key, f"hands.phhs#{key}", why)
        for key, (_, why) in enumerate(LONG_FIELDS.values(), start=2)]


def test_names_at_the_limit_in_four_byte_characters_import_on_every_backend(
        runner: CliRunner, db_url: str, tmp_path: Path) -> None:
    """255 characters of 4 bytes (1,020 bytes) each: the venue (the players' site in
    summary_keys), or the site of a site's hand, and the money together in one index entry
    too."""
    names = ["".join(chr(0x1F000 + (seed * 7 + index) % 0x2FF) for index in
                     range(MAX_NAME_CHARS)) for seed in range(6)]
    venue, table, currency, ann, bo, site = names
    file = tmp_path / "wide.phh"
    texts = (f'venue = "{venue}"\ntable = "{table}"\ncurrency = "{currency}"\n'
             f'players = ["{ann}", "{bo}"]\n')
    file.write_text(HAND + texts, encoding="utf-8")
    succeeds(runner, "import", str(file), "--db", db_url, "-q")
    sited = tmp_path / "site.phh"
    sited.write_text(HAND + texts +
                     f'winnings = [2, 0]\n_site = "{site}"\n_total_pot = 2\n', encoding="utf-8")
    succeeds(runner, "import", str(sited), "--db", db_url, "-q")
    assert rows(db_url, f"SELECT venue, table_name, currency, site FROM {TEXTED_DEALS} d "
                        f"ORDER BY id") == [(venue, table, currency, None),
                                            (venue, table, currency, site)]
    assert set(rows(db_url, f"SELECT name FROM {NAMED_SEATS} s")) == {(ann,), (bo,)}
    assert rows(db_url, "SELECT site, currency FROM summary_keys ORDER BY id") == [
        (venue, currency), (site, currency)]


def test_a_site_s_long_table_name_is_refused_as_a_phh_field_is(
        runner: CliRunner, db_url: str, tmp_path: Path) -> None:
    """A format whose reader does not bound the name itself (888poker's table): refused as it
    is read into a hand, the field named as PHH names it."""
    hand = (REPO / "tests" / "data" / "sites" / "888poker" / "GeneralHands" /
            "GeneralHand.txt").read_text(encoding="utf-8-sig")
    assert "Table Abbotsford 6 Max" in hand
    file = tmp_path / "long.txt"
    file.write_text(hand.replace("Table Abbotsford", f"Table {LONG}"), encoding="utf-8")
    good = tmp_path / "good.phh"
    good.write_text(HAND)
    succeeds(runner, "import", str(good), "--db", db_url, "-q")
    before = row_counts(db_url)
    result = fails(runner, "import", str(file), "--db", db_url)
    assert result.stderr == (f"Error: {file}#349736402: field 'table' is 3,000 characters "
                             f"long: at most 255 are stored in a name\n")
    assert row_counts(db_url) == before
