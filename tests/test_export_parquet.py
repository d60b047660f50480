"""`pokerdb export --format parquet`: every relation read back with pyarrow equals the
database's rows exactly (amounts as decimals, dates, times, booleans), duckdb reads the same
files to the same totals, --dataset keeps one dataset's rows (and a later export appends the
others), and an export never writes over a folder that is not an export of the same
database."""

import datetime
import errno
import math
from decimal import Decimal
from pathlib import Path
from typing import Any

import duckdb
import pyarrow as pa
import pyarrow.parquet as pq
import pytest
from support import PE54_FILE, PHH_DATA, fails, rows, succeeds
from test_phh_import import HANDS, SIDE_POTS
from typer.testing import CliRunner

from pokerdb.exports import parquet
from pokerdb.storage.column_types import Amount
from pokerdb.storage.schema import metadata

RELATIONS = ("datasets", "deals", "hands", "seats", "actions", "seat_stats")
ORDER = {"datasets": "id", "deals": "id", "hands": "deal_id, player", "seats": "deal_id, player",
         "actions": "deal_id, seq", "seat_stats": "deal_id, player"}
# A table's amounts, stored as whole ten-thousandths; the views show them as amounts.
TABLE_AMOUNTS = {name: frozenset(column.name for column in table.c
                             if isinstance(column.type, Amount))
                 for name, table in metadata.tables.items()}
# A view of seats and deals, amounts as stored: net, and the deal's big blind.
TABLE_AMOUNTS["seat_stats"] = frozenset({"net", "big_blind"})
# The money of a table's amounts, from its deal.
WITH_MONEY = {"seats", "seat_stats"}


@pytest.fixture
def stored(runner: CliRunner, db_url: str, tmp_path: Path) -> str:
    """Recorded hands with decimal and whole amounts, dates and times (two datasets), and a
    five-card file (no seats)."""
    folder = tmp_path / "own"
    folder.mkdir()
    (folder / "side-pots.phh").write_text(SIDE_POTS)
    (folder / "hands.phhs").write_text(HANDS)
    succeeds(runner, "import", str(folder), "--skip-invalid", "--name", "own", "--db", db_url)
    succeeds(runner, "import", str(PHH_DATA),
             "--skip-invalid", "--name", "bundled", "--db", db_url)
    five = tmp_path / "five.txt"
    five.write_text("\n".join(PE54_FILE.read_text().splitlines()[:50]) + "\n")
    succeeds(runner, "import", str(five), "--name", "five", "--evaluate", "--db", db_url)
    return db_url


def as_read(value: Any) -> Any:
    """A database value as the Parquet file holds it: amounts and SQLite's floats of them as
    exact decimals, SQLite's dates and times (text) as such."""
    if isinstance(value, Decimal):
        return value.normalize()
    return value


def same(stored: Any, written: Any) -> bool:
    if isinstance(written, Decimal):
        exact = stored if isinstance(stored, Decimal) else Decimal(repr(stored)) \
            if isinstance(stored, float) else Decimal(stored)
        return exact == written
    if isinstance(written, float) and isinstance(stored, float | int | Decimal):
        # A view's sum of doubles (bb_per_100) may differ in its last digits with the order
        # PostgreSQL adds its rows in, from one reading to the next.
        return math.isclose(float(stored), written, rel_tol=1e-12)
    if isinstance(written, datetime.date) and isinstance(stored, str):
        return written.isoformat() == stored
    if isinstance(stored, datetime.time):  # PostgreSQL's; written as text, as SQLite's
        return stored.isoformat() == written
    if isinstance(written, datetime.datetime) and isinstance(stored, str):
        return written == datetime.datetime.fromisoformat(stored)
    return bool(stored == written)


# deals' texts as its export shows them, from their numbers (revision 0029).
DEAL_TEXTS = {text: f"(SELECT t.name FROM {names} t WHERE t.id = {text}_id) AS {text}"
              for text, names in (("venue", "venue_names"), ("table_name", "table_names"))}
DEAL_TEXTS["source"] = ("(SELECT t.name FROM source_names t WHERE t.id = source_id) "
                        "|| COALESCE('#' || source_key, '') AS source")


def read_back(folder: Path, relation: str) -> pa.Table:
    """A relation's files as one table in its key order, without its partitions' columns."""
    table = pq.read_table(folder / relation, partitioning="hive" if relation != "datasets"
                          else None)
    table = table.drop_columns([name for name in ("format", "month")
                                if relation != "datasets" and name in table.column_names])
    return table.sort_by([(key, "ascending") for key in ORDER[relation].split(", ")])


def check_export(db_url: str, folder: Path, where: dict[str, str]) -> dict[str, int]:
    counts = {}
    for relation in RELATIONS:
        table = read_back(folder, relation)
        written = [tuple(row.values()) for row in table.to_pylist()]
        columns = ["(SELECT d.currency FROM deals d WHERE d.id = deal_id) AS currency"
                   if relation in WITH_MONEY and name == "currency"
                   else "(SELECT n.name FROM player_names n WHERE n.id = name_id) AS name"
                   if relation == "seats" and name == "name"
                   else DEAL_TEXTS[name] if relation == "deals" and name in DEAL_TEXTS
                   else f"{name} / 10000.0 AS {name}"
                   if name in TABLE_AMOUNTS.get(relation, ()) else name
                   for name in table.column_names]
        expected = rows(db_url, f"SELECT {', '.join(columns)} FROM {relation} "
                                f"{where.get(relation, '')} "
                                f"ORDER BY {ORDER[relation]}")
        assert len(written) == len(expected), relation
        for stored_row, written_row in zip(expected, written, strict=True):
            assert len(stored_row) == len(written_row)
            differ = [(column, a, b) for column, a, b in zip(
                table.column_names, stored_row, written_row, strict=True) if not same(a, b)]
            assert not differ, (relation, stored_row[0], differ)
        counts[relation] = len(written)
    return counts


def test_every_relation_reads_back_exactly(runner: CliRunner, stored: str,
                                           tmp_path: Path) -> None:
    out = tmp_path / "export"
    result = succeeds(runner, "export", "--format", "parquet", "-o", str(out), "--db", stored)
    counts = check_export(stored, out, {})
    ((deals, seats, hands),) = rows(stored, "SELECT (SELECT count(*) FROM deals), (SELECT "
                                    "count(*) FROM seats), (SELECT count(*) FROM hands)")
    assert deals == 141 and seats == 416  # the PE54 file's 100 hands, and every recorded seat
    assert result.stdout.splitlines()[1] == f"{out / 'deals'}: {deals} rows"
    assert counts["deals"] == deals and counts["seats"] == counts["seat_stats"] == seats
    assert counts["hands"] == hands == seats + 100 and counts["datasets"] == 3
    assert sorted(path.name for path in out.iterdir()) == sorted(
        [*RELATIONS, "pokerdb-export.json"])
    # deals' columns as users read them: those that hold others (revisions 0035 to 0039) are
    # shown as the columns generated from them, not themselves.
    exported = read_back(out, "deals").column_names
    assert {"min_bet", "site", "hero", "small_bet", "date", "time"} <= set(exported)
    assert not {"extras", "site_values", "min_bet_delta", "day", "clock"} & set(exported)
    made = tmp_path / "made"
    made.mkdir()
    assert out.stat().st_mode == made.stat().st_mode  # a folder as any other
    schema = pq.read_schema(out / "seats/format=phh/month=2023-06/part-00001-0.parquet")
    assert [str(field.type) for field in schema] == [
        "int64", "int16", "string", *["decimal128(38, 4)"], "bool",
        *["decimal128(38, 4)"] * 6,
        # a site's seat: ante, blind, seat_number, position, collected, raked, cashed_out
        *["decimal128(38, 4)"] * 2, "int16", "string", *["decimal128(38, 4)"] * 3,
        "string"]  # the money, deals.currency
    deals_schema = read_back(out, "deals").schema
    assert (deals_schema.field("date").type, deals_schema.field("time").type) == (
        pa.date32(), pa.string())  # Spark reads no TIME
    assert read_back(out, "datasets").schema.field("imported_at").type == \
        pa.timestamp("us", tz="UTC")
    # The decimal amounts are the files' own: 0.4, 0.3, 0.3 and 11.5 in tenths.
    nets = read_back(out, "seats").filter(pa.compute.equal(
        pa.compute.field("deal_id"), 1)).column("net").to_pylist()
    assert nets == [Decimal("0.4"), Decimal("0.3"), Decimal("0.3"), Decimal("-1")]
    assert set(read_back(out, "seats").column("currency").to_pylist()) == {
        "chips", "EUR", "USD", "GBP"}


def test_duckdb_reads_the_same_totals(runner: CliRunner, stored: str, tmp_path: Path) -> None:
    out = tmp_path / "export"
    succeeds(runner, "export", "--format", "parquet", "-o", str(out), "--db", stored)
    theirs = duckdb.sql(
        f"SELECT count(*), sum(net), sum(put_in), count(DISTINCT name) "
        f"FROM '{out}/seats/*/*/*.parquet'").fetchall()[0]
    ours = rows(stored, "SELECT count(*), sum(net), sum(put_in), count(DISTINCT name_id) "
                        "FROM seats")[0]
    assert theirs[0] == ours[0] and theirs[3] == ours[3]
    assert [Decimal(value).scaleb(-4) for value in ours[1:3]] == list(theirs[1:3])


def test_one_dataset(runner: CliRunner, stored: str, tmp_path: Path) -> None:
    out = tmp_path / "own-only"
    succeeds(runner, "export", "--format", "parquet", "-o", str(out), "--dataset", "own",
             "--db", stored)
    ids = rows(stored, "SELECT min(id), max(id) FROM deals WHERE dataset_id = "
                       "(SELECT id FROM datasets WHERE name = 'own')")[0]
    between = f"WHERE deal_id BETWEEN {ids[0]} AND {ids[1]}"
    own = "WHERE name = 'own'"
    counts = check_export(stored, out, {
        "datasets": own, "deals": "WHERE dataset_id = (SELECT id FROM datasets " + own + ")",
        "hands": between, "seats": between, "actions": between, "seat_stats": between})
    assert (counts["deals"], counts["seats"]) == (3, 11)
    # The next export appends the other datasets: the folder holds every dataset once.
    result = succeeds(runner, "export", "--format", "parquet", "-o", str(out), "--db", stored)
    assert result.stdout.splitlines()[:2] == [f"{out / 'datasets'}: 2 rows",
                                              f"{out / 'deals'}: 138 rows"]
    assert check_export(stored, out, {})["deals"] == 141


def test_an_export_writes_a_new_folder(runner: CliRunner, stored: str, tmp_path: Path) -> None:
    out = tmp_path / "export"
    out.mkdir()
    (out / "mine.txt").write_text("keep")
    result = fails(runner, "export", "--format", "parquet", "-o", str(out), "--db", stored)
    assert result.stderr.strip() == (f"Error: {out}: already exists and is not empty; an "
                                      f"export writes a new folder (--overwrite replaces it)")
    assert [path.name for path in out.iterdir()] == ["mine.txt"]
    result = fails(runner, "export", "--format", "csv", "-o", str(tmp_path / "x"), "--db", stored)
    assert result.stderr.strip() == (
        "Error: unknown export format 'csv' (the formats are phh, parquet)")
    result = fails(runner, "export", "--format", "parquet", "-o", str(tmp_path / "y"),
                   "--dataset", "nope", "--db", stored)
    assert not (tmp_path / "y").exists()
    assert [path.name for path in tmp_path.iterdir() if path.name.startswith(".")] == []


def files_of(folder: Path) -> dict[str, bytes]:
    return {str(path.relative_to(folder)): path.read_bytes()
            for path in sorted(folder.rglob("*")) if path.is_file()}


def test_an_append_is_whole_or_nothing(runner: CliRunner, stored: str, tmp_path: Path,
                                       monkeypatch: pytest.MonkeyPatch) -> None:
    """An append that fails at its third relation leaves the folder as it was, and one into
    an export of another database is refused."""
    out = tmp_path / "export"
    succeeds(runner, "export", "--format", "parquet", "-o", str(out), "--dataset", "own",
             "--db", stored)
    before = files_of(out)
    written = []

    def full_disk(*args: Any) -> int:
        if len(written) == 2:
            raise OSError(errno.ENOSPC, "No space left on device")
        written.append(args)
        return writing(*args)

    writing = parquet._write
    monkeypatch.setattr(parquet, "_write", full_disk)
    result = fails(runner, "export", "--format", "parquet", "-o", str(out), "--db", stored)
    assert result.stderr == (f"Error: {out}: cannot write the export: No space left on "
                             f"device; nothing was written\n")
    assert files_of(out) == before
    assert [path.name for path in tmp_path.iterdir() if path.name.startswith(".")] == []
    other = f"sqlite:///{tmp_path / 'other.sqlite'}"
    succeeds(runner, "import", str(PHH_DATA), "--db", other, "-q")
    result = fails(runner, "export", "--format", "parquet", "-o", str(out), "--db", other)
    assert result.stderr == (f"Error: {out}: holds the export of another database (its "
                             f"dataset 1 is another file); export to a new folder "
                             f"(--overwrite replaces it)\n")
    assert files_of(out) == before
