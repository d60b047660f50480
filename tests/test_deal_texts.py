"""Deals' texts stored by number (revision 0029, storage.deal_texts): each venue, stakes, file
and table once, numbered by the first hand that has it, however the import cut its batches
(read in the importing process, or by workers whose rows come as SQLite images or COPY text);
shown as text again by every reader."""

import pytest
from support import REPO, TEXTED_DEALS, rows, succeeds
from typer.testing import CliRunner

HANDHQ = REPO / "tests" / "data" / "handhq"
FIRST_FILE = "ABS/100NLH/abs NLH handhq_1-OBFUSCATED.part.phhs"


@pytest.mark.parametrize("workers", ["1", "3"])
def test_each_text_is_numbered_once_in_the_order_of_its_first_hand(
        runner: CliRunner, db_url: str, workers: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("POKERDB_WORKERS", workers)
    succeeds(runner, "import", str(HANDHQ), "--db", db_url, "--skip-invalid", "--quiet")
    assert rows(db_url, "SELECT id, name FROM venue_names ORDER BY id") == [
        (1, "Absolute Poker"), (2, "Full Tilt Poker"), (3, "iPoker Network"),
        (4, "Ongame Network"), (5, "PokerStars"), (6, "PartyPoker")]
    assert rows(db_url, "SELECT id, name FROM stakes_names ORDER BY id") == [
        (1, "NT 0.5/1"), (2, "NT 0.5/1 ante 0.25"), (3, "NT 0.25/0.5"), (4, "NT 0/0.5"),
        (5, "NT 2/4"), (6, "NT 0/4"), (7, "NT 0.1/0.25")]
    assert rows(db_url, "SELECT id, name FROM source_names ORDER BY id") == [
        (1, FIRST_FILE), *((number, f"{site}/{stakes}NLH/{site.lower()} NLH "
                                    f"handhq_1-OBFUSCATED.part.phhs")
                           for number, (site, stakes) in enumerate(
                               [("FTP", 50), ("IPN", 100), ("ONG", 400), ("PS", 25),
                                ("PTY", 400)], start=2))]
    assert rows(db_url, "SELECT id, name FROM table_names WHERE id <= 3 ORDER BY id") == [
        (1, "INDIANA ST"), (2, "ALABAMA ST"), (3, "CORTEZ AVE")]
    assert rows(db_url, f"SELECT id, source, venue, table_name, stakes FROM {TEXTED_DEALS} d "
                        f"WHERE id IN (1, 2, 391) ORDER BY id") == [
        (1, f"{FIRST_FILE}#1", "Absolute Poker", "INDIANA ST", "NT 0.5/1"),
        (2, f"{FIRST_FILE}#2", "Absolute Poker", "ALABAMA ST", "NT 0.5/1"),
        (391, "PTY/400NLH/pty NLH handhq_1-OBFUSCATED.part.phhs#65", "PartyPoker",
         "Deep Stack #1416171", "NT 2/4")]
    assert rows(db_url, "SELECT count(*), count(source_key), count(DISTINCT source_id), "
                        "count(venue_id), count(table_name_id), count(DISTINCT table_name_id), "
                        "count(stakes_id) FROM deals") == [(391, 391, 6, 391, 388, 141, 391)]
    # seat_stats shows each seat's stakes as text.
    assert rows(db_url, "SELECT stakes, count(*) FROM seat_stats WHERE deal_id = 1 "
                        "GROUP BY stakes") == [("NT 0.5/1", 3)]
