"""A site's hand that `pokerdb export --format phh` wrote imports back as the same site's hand:
every column of its deal and seats comes back (the site's facts as PHH's own fields and as
user-defined `_` ones: pokerdb.formats.phh.site), and into the database that holds it the hand
is not stored again (a site's hand is stored once: site_hands). A user-defined field that is
not as pokerdb writes it, or a figure that does not add up, is one line naming the file."""

import random
from pathlib import Path

from pokerstars_draw_hands import pokerstars_mixed_hands
from support import fails, row_counts, rows, succeeds
from test_pokerstars_situations import (
    CASHED_OUT,
    CASHED_OUT_AND_WON,
    HOME_GAME,
    NO_OPTION,
    POT_LIMIT,
    TOURNAMENT,
)
from typer.testing import CliRunner

from pokerdb.storage.deal_texts import texts_sql
from pokerdb.storage.engines import open_engine
from pokerdb.storage.schema import deals, seats

# Every column but those that say where a row is (its id, dataset, position and file).
DEAL_KEPT = [column.name for column in deals.columns
             if column.name not in ("id", "dataset_id", "line_no", "source_id", "source_key")]
# A deal's texts as read: each text in its number's place (storage.deal_texts).
TEXT_JOINS, TEXTS = texts_sql("d", "venue", "table_name", "stakes")
DEAL_READ = ", ".join(TEXTS.get(name.removesuffix("_id"), f"d.{name}") for name in DEAL_KEPT)
SEAT_KEPT = [column.name for column in seats.columns if column.name != "deal_id"]
# A seat's columns as read: its name's text in its number's place (player_names).
SEAT_READ = ", ".join("n.name" if name == "name_id" else f"s.{name}" for name in SEAT_KEPT)
SITUATIONS = (TOURNAMENT, HOME_GAME, CASHED_OUT, CASHED_OUT_AND_WON, POT_LIMIT, NO_OPTION)


def site_rows(db_url: str) -> list[tuple[object, ...]]:
    """Every kept column of every seat of every hand, with its deal's and its cards."""
    columns = ", ".join([DEAL_READ, SEAT_READ, "c.cards"])
    return rows(db_url, f"SELECT {columns} FROM deals d{TEXT_JOINS} "
                        f"JOIN seats s ON s.deal_id = d.id "
                        f"LEFT JOIN player_names n ON n.id = s.name_id "
                        f"LEFT JOIN hand_cards c ON c.deal_id = d.id AND c.player = s.player "
                        f"ORDER BY d.site, d.hand_number, s.player")


def assert_same_site_hands(runner: CliRunner, folder: Path, db_url: str, other_url: str,
                           dataset: str) -> None:
    """The exported `folder` of db_url's one dataset, imported into the empty other_url, holds
    the same site's hands, every column the same; imported into db_url again, none of them."""
    before = site_rows(db_url)
    (hands,) = rows(db_url, "SELECT count(*) FROM deals")[0]
    assert rows(db_url, "SELECT count(*) FROM deals WHERE site IS NULL OR played_at IS NULL "
                        "OR button_seat IS NULL OR total_pot IS NULL") == [(0,)]
    succeeds(runner, "import", str(folder), "--db", other_url)
    assert site_rows(other_url) == before
    assert rows(other_url, "SELECT count(*) FROM site_hands") == [(hands,)]
    counts = row_counts(db_url)
    result = succeeds(runner, "import", str(folder), "--db", db_url, "--name", "again")
    assert result.stdout == f"{folder}: all {hands} hands are stored already, skipped\n"
    assert row_counts(db_url) == counts
    assert rows(db_url, "SELECT name FROM datasets") == [(dataset,)]


def exported_situations(runner: CliRunner, db_url: str, tmp_path: Path) -> Path:
    """The situations' hands (a tournament, a home game, cash-outs, ...) and random cash,
    tournament and draw hands, imported into db_url as dataset 'sites' and exported."""
    sites = tmp_path / "sites"
    sites.mkdir()
    for number, text in enumerate(SITUATIONS):
        (sites / f"{number}.txt").write_text(text, encoding="utf-8")
    # numbered apart from the situations' (one numbering, the home game's too)
    (sites / "random.txt").write_text(pokerstars_mixed_hands(random.Random(11), 150, 0.3,
                                                             210_000_000_000), encoding="utf-8")
    succeeds(runner, "import", str(sites), "--db", db_url)
    out = tmp_path / "out"
    succeeds(runner, "export", "--format", "phh", "-o", str(out), "--db", db_url)
    return out / "1-sites"


def test_tournament_draw_and_cashed_out_hands_come_back_column_for_column(
        runner: CliRunner, db_url: str, other_url: str, tmp_path: Path) -> None:
    folder = exported_situations(runner, db_url, tmp_path)
    assert len(list(folder.glob("*.phh"))) == len(SITUATIONS) + 150
    # What the columns compared hold: the hands are of every kind they describe.
    assert rows(db_url, "SELECT count(tournament), count(buy_in), count(level), "
                        "count(hero), count(DISTINCT site), count(DISTINCT variant), "
                        "count(DISTINCT time_zone) FROM deals") == [(36, 36, 36, 155, 2, 8, 2)]
    assert rows(db_url, "SELECT count(*), count(DISTINCT position) FROM seats "
                        "WHERE cashed_out > 0") == [(2, 1)]
    (fees,) = rows(db_url, "SELECT count(*) FROM deals WHERE fees > 0")[0]
    assert fees == 3  # the home game's jackpot, the two cash-out fees
    assert_same_site_hands(runner, folder, db_url, other_url, "sites")


def test_a_site_field_not_as_pokerdb_writes_it_is_one_line(
        runner: CliRunner, db_url: str, other_url: str, tmp_path: Path) -> None:
    folder = exported_situations(runner, db_url, tmp_path)
    cashed = next(path for path in sorted(folder.glob("*.phh"))
                  if "_cashed_out = [0, 0, 15.4]" in path.read_text(encoding="utf-8")
                  and "won (pot not" not in path.read_text(encoding="utf-8"))
    text = cashed.read_text(encoding="utf-8")
    bad = tmp_path / "bad.phh"
    open_engine(other_url, create=True).dispose()  # made first: a failed import keeps it
    for old, new, message in (
            ('_played_at = "2025-03-01T09:00:00+00:00"', '_played_at = "2025-03-01 09:00"',
             "field '_played_at' is '2025-03-01 09:00': a date and time with its offset from "
             "UTC, as '2011-05-19T00:41:04+00:00'"),
            ("_hero = 3", "_hero = 4", "field '_hero' is 4: a player of the hand, 1 to 3"),
            ("_total_pot = 20.05", "_total_pot = 20.06",
             "its _total_pot is 20.06, the players put in 20.05"),
            ("_button_seat = 2", "_button_seat = 0",
             "field '_button_seat' is 0: a seat number, 1 or more"),
            ("_site = ", '_second_board = "AH KH"\n_site = ',
             "field '_second_board' is 'AH KH': five cards, as 'AH KH 7C 2D 9S'"),
            # The pot paid its rake of 0.90 and at most its fees of 0.16 (a cash-out's fee
            # is not from the pot): 0.89 is too little, 1.07 too much.
            ("winnings = [0, 19.15, 0]", "winnings = [0, 19.16, 0]",
             "its winnings are 0.89 less than its actions award, with cash-outs' pots of "
             "0.00: not its rake of 0.90 and some of its fees of 0.16"),
            ("winnings = [0, 19.15, 0]", "winnings = [0, 18.98, 0]",
             "its winnings are 1.07 less than its actions award, with cash-outs' pots of "
             "0.00: not its rake of 0.90 and some of its fees of 0.16"),
            ("winnings = [0, 19.15, 0]", "",
             "field '_site' needs 'winnings': what the site paid each seat")):
        assert old in text
        bad.write_text(text.replace(old, new), encoding="utf-8")
        result = fails(runner, "import", str(bad), "--db", other_url)
        assert result.stderr == f"Error: {bad}: {message}\n"
    assert rows(other_url, "SELECT count(*) FROM deals") == [(0,)]
