"""player_runs: each player's hands by half hours of play, kept by import in its transaction
(as player_totals is), so that a player's sessions, graphs and biggest hands read a few rows per
half hour instead of every seat. The rows summed are `RunSums`: an import's, from the seats as
their rows are laid out (storage.player_sums), or the stored seats' (revision 0023's fill); the
all-in seats' adjusted net, which `pokerdb equity` may write after the import, is read from the
seats (`allin_deltas`).

A row sums the seats of one player, dataset, site, money, stakes, day (deals.date), half hour of
play (UTC) and big blind, with its first and last second of play, its tables and its biggest
hands (revision 0026: the tables by their numbers in table_names, the biggest of a row of one
hand of known result left to first_deal and net; revision 0031: the player by the number of
its name in player_names, the biggest hands' deal ids less the row's first_deal; revision
0033: the site, money, stakes and big blind by number in summary_keys). Each filter
of a HandFilter (money, kind, game, stakes, dates, site, dataset) selects whole rows, so the
rows answer every filter exactly.
No two hands of a row are more than BUCKET seconds apart, so a row's hands are in one session at
any gap of BUCKET or more, and the rows of a player, site and money joined in order of their
first second, while each starts at most the gap after the last second before it, are the
sessions at that gap exactly (answers.sessions): whatever order the hands were imported in,
whatever file of the session they came from. An import adds its own dataset's rows (a row it
wrote already, its sums added to: `flush`); a removal deletes the dataset's rows.
"""

from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import date
from typing import Any, Final, NamedTuple

from sqlalchemy import Connection, Engine, text

from pokerdb.storage.deal_texts import texts_sql
from pokerdb.storage.engines import reading
from pokerdb.storage.hand_filters import HandFilter, where
from pokerdb.storage.held_sums import (
    Run,
    RunKey,
    add_run_seat,
    merge_runs,
    run_sums,
    table_names,
)
from pokerdb.storage.packed_counts import seat_stats_select
from pokerdb.storage.player_names import numbers
from pokerdb.storage.row_writes import upsert_rows
from pokerdb.storage.run_biggest import biggest_value, hands_sql, kept_json, kept_sql
from pokerdb.storage.sessions import DEFAULT_GAP_MINUTES, seconds_sql
from pokerdb.storage.summary_keys import key_numbers, texted

BUCKET: Final = 60 * DEFAULT_GAP_MINUTES  # seconds: a row's half hour
UNTIMED_DEALS: Final = 1_000  # deal ids of a row of hands without a time of play
# Rows revision 0023's fill holds in memory before it writes them: some 2 kB each.
HELD_ROWS = 100_000
# The table's key: the site, money, stakes and big blind by number (revision 0033).
KEYS: Final = ("name_id", "dataset_id", "key_id", "day", "bucket")
# Before revision 0031, the player by its name, and those by their texts (revision 0023's).
_NAMED_KEYS: Final = ("name", "dataset_id", "site", "currency", "stakes", "day", "bucket",
                      "big_blind")
_SUMS: Final = ("hands", "known", "net", "peak", "biggest", "first_deal", "last_deal",
                "started", "ended", "tables")


def day_of(day: date | str | None) -> int:
    """deals.date as player_runs.day: its date.toordinal(), 0 for none (SQLite returns the
    text it stores)."""
    if day is None:
        return 0
    return (date.fromisoformat(day) if isinstance(day, str) else day).toordinal()


def bucket_sql(dialect: str) -> str:
    """A seat's row of player_runs: its half hour of play, or for a hand without a time of
    play, -1 less the thousands of its deal id (seat_stats `s`, deals `d`)."""
    return (f"CASE WHEN d.played_at IS NULL THEN -1 - s.deal_id / {UNTIMED_DEALS} "
            f"ELSE {seconds_sql(dialect, 'd.played_at')} / {BUCKET} END")


def bucket_of(deal_id: int, second: int | None) -> int:
    """bucket_sql of a deal played at `second` (None: no time), as SQL divides: toward zero."""
    if second is None:
        return -1 - deal_id // UNTIMED_DEALS
    return second // BUCKET if second >= 0 else -(-second // BUCKET)


@dataclass
class RunSums:
    """Rows of player_runs summed from seats (`add_seat`): a staged batch's
    (storage.player_sums), or the rows an import holds, each batch's merged in (`merge`) until
    `flush` writes them; or every stored seat's, read by `add` (revision 0023's fill)."""

    held: dict[RunKey, Run] = field(default_factory=dict)
    written: bool = False
    # The tables by their numbers in table_names; False: by their names (revision 0023's rows,
    # which its fill writes).
    numbered: bool = True

    def add_seat(self, key: RunKey, deal_id: int, second: int | None, table: str,
                 net: int | None) -> None:
        """Add a seat of deal `deal_id`, played at `second` at `table`, its net None where
        unknown."""
        add_run_seat(self.held, key, deal_id, second, table, net)

    def merge(self, other: "RunSums") -> None:
        """Add the rows of `other` (which gives them up) to those held: the rows held of its
        keys joined to its rows, which then replace them."""
        merge_runs(self.held, other.held)

    def add(self, connection: Connection, first_deal: int, last_deal: int,
            counts: str | None = None) -> None:
        """Add the stored seats of deals first_deal..last_deal, as
        packed_counts.seat_stats_select reads them (`counts` as it takes), and the keys of
        their deals (none for deals without seats: a deal file's)."""
        dialect = connection.dialect.name
        # The seats through the driver's cursor: rows as tuples.
        mark = "?" if dialect == "sqlite" else "%s"
        cursor: Any = connection.connection.cursor()
        cursor.execute(f"SELECT s.deal_id, s.name, COALESCE(s.stakes, ''),\n"
                       f"       COALESCE(s.big_blind, 0), s.net\n"
                       f"FROM ({seat_stats_select(counts)}) s\n"
                       f"WHERE s.name IS NOT NULL AND s.deal_id BETWEEN {mark} AND {mark}",
                       (first_deal, last_deal))
        seats = cursor.fetchall()
        if not seats:
            return
        # Revision 0023's deals (`counts` given) held their texts; since 0029, by number.
        joins, shown = (("", {"venue": "d.venue", "table_name": "d.table_name"})
                        if counts is not None else texts_sql("d", "venue", "table_name"))
        deals = {deal_id: ((dataset_id, site, currency), (day_of(day), bucket), table, second)
                 for deal_id, dataset_id, site, currency, day, bucket, table, second
                 in connection.execute(text(
                     f"SELECT d.id, d.dataset_id, COALESCE(d.site, {shown['venue']}, ''),\n"
                     f"       COALESCE(d.currency, ''), d.date,\n"
                     f"       {bucket_sql(dialect).replace('s.deal_id', 'd.id')},\n"
                     f"       COALESCE({shown['table_name']}, ''), "
                     f"{seconds_sql(dialect, 'd.played_at')}\n"
                     f"FROM deals d{joins} WHERE d.id BETWEEN :first AND :last"),
                     {"first": min(seat[0] for seat in seats),
                      "last": max(seat[0] for seat in seats)})}
        for deal_id, name, stakes, big_blind, net in seats:
            keys, at, table, second = deals[deal_id]
            self.add_seat((name, *keys, stakes, *at, big_blind), deal_id, second, table, net)
        if len(self.held) >= HELD_ROWS:
            self.flush(connection)

    def flush(self, connection: Connection, name_ids: dict[str, int] | None = None) -> None:
        """Write the rows held: new rows, or, once some were written, added to those (the
        rows of an import's datasets are its own: before its first, there are none); each
        player by the number of its name (`name_ids`, else read: player_names.numbers), or,
        not `numbered`, by its name (revision 0023's rows)."""
        if not self.held:
            return
        dialect = connection.dialect.name
        keys = KEYS if self.numbered else _NAMED_KEYS
        merged = (f"\nON CONFLICT ({', '.join(keys)}) DO UPDATE SET "
                  f"{_merged(dialect, self.numbered)}" if self.written else "")
        mark = "?" if dialect == "sqlite" else "%s"
        cursor: Any = connection.connection.cursor()
        rows: Iterable[tuple[Any, ...]]
        if self.numbered:
            table_ids = _table_ids(cursor, mark, self.held)
            if name_ids is None:
                name_ids = numbers(cursor, "player_names", (key[0] for key in self.held), mark)
            key_ids = key_numbers(cursor, mark, {(site, currency, stakes, big_blind) for (
                _, _, site, currency, stakes, _, _, big_blind) in self.held})
            rows = ((name_ids[name], dataset_id, key_ids[site, currency, stakes, big_blind],
                     day, bucket, *run_sums(row, table_ids))
                    for (name, dataset_id, site, currency, stakes, day, bucket, big_blind), row
                    in self.held.items())
        else:
            rows = ((*key, *run_sums(row, None)) for key, row in self.held.items())
        # In key order, through the driver's cursor (upsert_rows): a third of the time of
        # SQLAlchemy's parameters, and SQLite's table is stored in that order.
        upsert_rows(connection, "player_runs", (*keys, *_SUMS), sorted(rows), merged)
        self.held.clear()
        self.written = True


def _table_ids(cursor: Any, mark: str, held: dict[RunKey, Run]) -> dict[str, int]:
    """The numbers in table_names of the held rows' tables, those it lacks added (only
    those: PostgreSQL would take a number of its sequence for each name it has)."""
    names = sorted(table_names(held))
    ids = numbers(cursor, "table_names", names, mark)
    new = [name for name in names if name not in ids]
    if new:
        cursor.executemany(f"INSERT INTO table_names (name) VALUES ({mark})\n"
                           f"ON CONFLICT (name) DO NOTHING", [(name,) for name in new])
        return _table_ids(cursor, mark, held)
    return ids


def _merged(dialect: str, numbered: bool) -> str:
    """The SET of an upsert of player_runs: the sums added, the lists joined (the tables
    `numbered`, or by name)."""
    least, greatest = ("min", "max") if dialect == "sqlite" else ("LEAST", "GREATEST")
    # The biggest hands of both rows, their deal ids less the first of both (whole, as revision
    # 0023 kept them, not `numbered`).
    hands = " UNION ALL ".join(hands_sql(dialect, runs, numbered)
                               for runs in ("player_runs", "excluded"))
    first = f"{least}(player_runs.first_deal, excluded.first_deal)"
    biggest = biggest_value(dialect, hands, first if numbered else "0", numbered)
    if numbered:
        biggest = kept_sql(biggest, first,
                           f"{greatest}(player_runs.last_deal, excluded.last_deal)")
    if dialect == "sqlite":
        tables = ("(SELECT json_group_array(value) FROM (SELECT value FROM json_each("
                  "player_runs.tables) UNION SELECT value FROM json_each(excluded.tables)))")
    else:
        # Lists of numbers without json_agg's spaces.
        name = "name::bigint" if numbered else "name"
        tables = (f"(SELECT json_agg({name} ORDER BY {name})::text FROM (SELECT "
                  f"json_array_elements_text(player_runs.tables::json) AS name UNION SELECT "
                  f"json_array_elements_text(excluded.tables::json)) joined)")
        if numbered:
            tables = f"replace({tables}, ' ', '')"
    return ", ".join([
        *(f"{name} = player_runs.{name} + excluded.{name}" for name in ("hands", "known", "net")),
        *(f"{name} = {least}(player_runs.{name}, excluded.{name})"
          for name in ("first_deal", "started")),
        *(f"{name} = {greatest}(player_runs.{name}, excluded.{name})"
          for name in ("peak", "last_deal", "ended")),
        f"tables = {tables}", f"biggest = {biggest}"])


class RunRow(NamedTuple):
    """A row of player_runs, its player's name: amounts as the stored integers
    (ten-thousandths), big_blind None for none, peak None where no hand's result is known;
    tables (their numbers) and biggest as JSON (the deal ids less first_deal; None where the
    row keeps none, its hands read from seats: storage.run_hands); its stakes and day."""

    name: str
    dataset_id: int
    site: str
    currency: str
    bucket: int
    big_blind: int | None
    hands: int
    known: int
    net: int
    peak: int | None
    first_deal: int
    last_deal: int
    started: int | None
    ended: int | None
    tables: str
    biggest: str | None
    stakes: str
    day: int


def _filtered(within: HandFilter | None, player: str | None) -> HandFilter | None:
    if player is None:
        return within
    return HandFilter(**{**vars(within or HandFilter()), "player": player})


_READ: Final = ("dataset_id", "site", "currency", "bucket", "big_blind", "hands", "known",
                "net", "peak", "first_deal", "last_deal", "started", "ended", "tables", "biggest",
                "stakes", "day")


def run_rows(engine: Engine, within: HandFilter | None = None,
             player: str | None = None) -> list[RunRow]:
    """The rows of player_runs `within` selects (of `player`, or of every player)."""
    chosen = _filtered(within, player)
    statement = text(f"SELECT n.name, {', '.join(f'r.{name}' for name in _READ)}\n"
                     f"FROM {texted('player_runs')} r JOIN player_names n ON n.id = r.name_id"
                     f"{where(chosen.on_runs('r') if chosen else [])}")
    with reading(engine) as connection:
        found = connection.execute(statement, chosen.params() if chosen else {})
        return [RunRow._make((*row[:5], row[5] or None, *row[6:9],
                              None if row[9] < 0 else row[9], *row[10:15],
                              kept_json(row[15]), *row[16:]))
                for row in found]


def allin_deltas(engine: Engine, player: str,
                 within: HandFilter | None) -> dict[tuple[str, int, int], int]:
    """The all-in adjusted net less the net of the player's seats all in before the river
    whose equity is known (as storage.player_stats counts them), summed per money, dataset and
    bucket of player_runs."""
    chosen = _filtered(within, player)
    assert chosen is not None
    bucket = bucket_sql(engine.dialect.name)
    statement = text(
        f"SELECT COALESCE(d.currency, '') AS currency, d.dataset_id, {bucket} AS bucket,\n"
        f"       SUM(e.allin_net - s.net)\n"
        f"FROM seat_stats s JOIN hand_equities e ON e.deal_id = s.deal_id "
        f"AND e.player = s.player\nJOIN deals d ON d.id = s.deal_id\n"
        f"{where(['s.allin = 1', 's.net IS NOT NULL', *chosen.on_seats('s', 'd')])}\n"
        f"GROUP BY COALESCE(d.currency, ''), d.dataset_id, {bucket}")
    with reading(engine) as connection:
        return {(currency, int(dataset_id), int(at)): int(delta)
                for currency, dataset_id, at, delta in connection.execute(
                    statement, chosen.params()) if delta is not None}
