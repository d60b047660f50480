"""The schema's tables of recorded hands (storage.schema): a hand's seats with each one's tracker
counts, its actions packed, the players' totals and runs of hands kept by import, and
tournaments."""

from typing import Any

from sqlalchemy import (
    BigInteger,
    Boolean,
    Column,
    Computed,
    Date,
    ForeignKey,
    Index,
    Integer,
    SmallInteger,
    String,
    Table,
    Text,
    Time,
    UniqueConstraint,
    literal_column,
)

from pokerdb.storage.column_types import Amount, DealId, UtcDateTime
from pokerdb.storage.schema.deal_tables import metadata
from pokerdb.storage.schema.held_values import EXTRAS, EXTRAS_TYPE
from pokerdb.storage.schema.seat_bits import (
    GENERATED,
    GENERATED_COUNTS,
    SEAT_FLAGS,
    TRACKER_COUNTS,
)
from pokerdb.storage.schema.seat_extras import GENERATED_EXTRAS

# The columns of seats that are the tracker's (revision 0025), which the view seat_stats shows:
# the position where seats.position does not say it, and the counts; and the integer that
# holds most of them (revision 0034, seat_bits).
SEAT_COUNTS = ("tracker_position", "flags",
               *(name for name in TRACKER_COUNTS if name not in SEAT_FLAGS), "packed")
# The columns of seats that the `hands` view and an export of seats leave out: the tracker's
# (seat_stats shows them) and `extras` (seats shows it as the columns generated from it).
SEAT_LEFT_OUT = (*SEAT_COUNTS, EXTRAS)


def _generated(name: str, kind: Any, nullable: bool = True) -> Column[Any]:
    """A column of seats generated from seats.packed (seat_bits.GENERATED, GENERATED_COUNTS)
    or seats.extras (seat_extras.GENERATED_EXTRAS): computed as it is read on SQLite, stored
    on PostgreSQL."""
    generated: dict[str, Any] = {**GENERATED, **GENERATED_COUNTS, **GENERATED_EXTRAS}
    return Column(name, kind, Computed(generated[name]), nullable=nullable)


# A recorded hand's seats (PHH): one row per player, keyed to its deal alone (revision 0030):
# hand_cards holds a row only for the seats whose cards are known, and the `hands` view lists
# every seat, its cards NULL without one. Amounts are exact: whole numbers of ten-thousandths
# of the hand's money (deals.currency), as Amount reads them; the `hands` view shows them as
# amounts.
seats = Table(
    "seats",
    metadata,
    Column("deal_id", DealId, ForeignKey("deals.id", ondelete="CASCADE"), primary_key=True),
    Column("player", SmallInteger, primary_key=True),
    # The player's name (from the file's `players`) by its number in player_names (revision
    # 0027: the name's text once a player, not once a seat), NULL when absent.
    Column("name_id", Integer),
    Column("starting_stack", Amount),  # NULL for an unknown (`inf`) stack
    _generated("showed", Boolean, nullable=False),  # reached the showdown and showed a hand
    Column("put_in", Amount, nullable=False),  # chips put in the pots (uncalled bets returned)
    # chips won minus put_in; NULL where the hand does not tell it (deals.result_known)
    Column("net", Amount),
    Column("winnings", Amount),  # as the file records them, when it does
    Column("finishing_stack", Amount),  # as the file records it, when it does
    # With the players all in before the river (deals.allin_board), for each seat still in: the
    # chips it has put in, and the chips of the pots it contests (main and side pots it may
    # win). NULL for a seat that had folded, and without such an all-in. Generated, as
    # cashed_out is, from `extras` (revision 0035: seat_extras), which holds the three.
    _generated("allin_stake", Amount),
    _generated("allin_pot", Amount),
    # A site's hand (revision 0011; NULL otherwise; seat_number also from PHH's `seats`): the
    # seat's number at the table, its
    # position (BTN, SB, BB, UTG, UTG+1, UTG+2, LJ, HJ, CO), what the file says it collected,
    # its share of the rake and fees (what pokerdb's settlement awards it less what it
    # collected), and what it was paid for cashing out the hand. `net` is then what the site
    # paid less put_in: a hand's nets sum to minus its rake and fees.
    Column("ante", Amount),  # the forced bets each seat posted (revision 0011)
    Column("blind", Amount),  # a blind or straddle
    Column("seat_number", SmallInteger),
    _generated("position", String(8)),
    Column("collected", Amount),
    Column("raked", Amount),
    _generated("cashed_out", Amount),
    # What a tracker counts of the seat (revision 0025, seat_counts' before; the view seat_stats
    # shows each as a column). Its position by PHH's order of the seats (p1 the small blind)
    # where `position` does not say it (a hand of PHH or without a button; NULL where it does:
    # seat_stats' position is COALESCE(tracker_position, position)); the flags of SEAT_FLAGS as
    # one integer's bits, and the counts. The positions, flags and postflop_folds are
    # generated from `packed` (revision 0034: seat_bits says its bits), which holds them, as
    # it holds the postflop counts since revision 0038.
    _generated("tracker_position", String(8)),
    _generated("flags", Integer, nullable=False),
    *(_generated(name, SmallInteger, nullable=False)
      for name in ("postflop_aggressive", "postflop_calls")),
    _generated("postflop_folds", SmallInteger, nullable=False),
    Column("allin", SmallInteger, nullable=False, server_default="0"),
    Column("packed", Integer, nullable=False, server_default="0"),
    Column(EXTRAS, EXTRAS_TYPE),
    # The seats all in before the river (a few in a hundred), with all that the views' all-in
    # adjusted net reads of them (the stakes are the deal's, read with its currency): SQLite
    # reads them from the index alone (a million hands: 0.01 s against 0.7 s looking each row
    # up). Of `packed`, not of the positions generated from it (revision 0034): SQLite reads
    # the row of a seat whose generated column a query reads.
    Index("ix_seats_allin", "name_id", "packed", "net", "allin",
          sqlite_where=literal_column("allin = 1"), postgresql_where=literal_column("allin = 1")),
    sqlite_with_rowid=False,
    postgresql_partition_by="RANGE (deal_id)",
)

# The name of each player seated in a recorded hand (seats.name_id), numbered once (revision
# 0027: HandHQ's names are 22-character hashes, a hundred bytes of a hand's seats, for a few
# hands' worth of players). An import adds its new names as it copies its seats (storage.
# player_names); kept when the datasets that played are removed. The views seat_stats and
# hands show the name.
player_names = Table(
    "player_names",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("name", String, nullable=False, unique=True),
)

# Every action of a recorded hand, in order, as written in the file: one row a hand, its actions
# one text (storage.packed_actions: joined by `|`, revision 0032, or a JSON array as revision
# 0022 made them all), which the view `actions` unpacks into a row per action for SQL.
hand_actions = Table(
    "hand_actions",
    metadata,
    Column("deal_id", DealId, ForeignKey("deals.id", ondelete="CASCADE"), primary_key=True,
           autoincrement=False),
    Column("actions", Text, nullable=False),
    postgresql_partition_by="RANGE (deal_id)",
)

def _summed_seats(big_blind: bool = True) -> list[Column[Any]]:
    """The columns of player_totals and player_days after their keys of a seat: the dataset
    (the last of the key) and the seats' sums; the big blind, but in player_days (revision
    0033: its summary_keys row's)."""
    return [
        Column("dataset_id", Integer, ForeignKey("datasets.id", ondelete="CASCADE"),
               primary_key=True),
        Column("hands", BigInteger, nullable=False),
        *(Column(name, BigInteger, nullable=False) for name in TRACKER_COUNTS),
        # The net is over the hands whose result is known: the others are counted apart
        # (revision 0020: the seats whose seats.net is NULL).
        Column("net", Amount, nullable=False),
        # The stakes' big blind (NULL without one): the stakes name it, so it is one per row,
        # and bb/100 is the net over it, exactly.
        *([Column("big_blind", Amount)] if big_blind else []),
        Column("hands_result_unknown", BigInteger, nullable=False, server_default="0"),
    ]


# The site, money, stakes and big blind of rows of player_days and player_runs, each
# combination numbered once (revision 0033: their texts took a fifth of those rows' bytes).
# An import adds those it meets (storage.summary_keys); kept when the datasets are removed.
summary_keys = Table(
    "summary_keys",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("site", String, nullable=False),  # deals.site, else venue ('' for neither)
    Column("currency", String, nullable=False),  # deals.currency ('' when NULL)
    Column("stakes", String, nullable=False),  # seat_stats.stakes ('' when NULL)
    Column("big_blind", Amount, nullable=False),  # seat_stats.big_blind, 0 for none
    UniqueConstraint("site", "currency", "stakes", "big_blind"),
)


# seat_stats summed per dataset, player name, money, position and stakes ('' when not recorded),
# kept by import in its transaction (summed where its rows are laid out, written by the importer:
# storage.player_sums): the views sum these rows instead of every seat (docs/player-stats.md,
# "How it stays fast").
player_totals = Table(
    "player_totals",
    metadata,
    # Keyed by the player first (the number of its name in player_names, revision 0031: the
    # name's text before), so that the views' GROUP BY the player (and position) reads the
    # rows in key order instead of sorting them.
    Column("name_id", Integer, primary_key=True),
    Column("currency", String, primary_key=True),  # deals.currency ('' when NULL)
    Column("position", String(6), primary_key=True),
    Column("stakes", String, primary_key=True),
    *_summed_seats(),
    # Clustered on its key in SQLite (revision 0019): a rowid table kept the key twice.
    sqlite_with_rowid=False,
)

# player_totals by day and site too (revision 0024), kept by import beside it
# (storage.player_sums): `pokerdb players` and the player's page read these rows
# when a filter names dates or a site, which player_totals cannot answer (each filter of a
# HandFilter selects whole rows), instead of every seat.
player_days = Table(
    "player_days",
    metadata,
    # Keyed by player (player_names.id) and day first: a player's days in a month are one
    # run of the key.
    Column("name_id", Integer, primary_key=True),
    Column("day", Integer, primary_key=True),  # deals.date as date.toordinal(), 0 for none
    # The site, money, stakes and big blind by number (revision 0033: their texts before).
    Column("key_id", Integer, primary_key=True),
    Column("position", String(6), primary_key=True),
    *_summed_seats(big_blind=False),
    sqlite_with_rowid=False,
)

# Each player's hands by half hours of play (revision 0023), kept by import in its transaction
# beside player_totals (storage.player_runs.RunSums, held by storage.player_sums):
# the seats of one player, dataset, site, money, stakes, day (deals.date), half hour of play
# (UTC) and big blind summed, with the tables they were played at. A player's sessions at a gap
# of 30 minutes or more are these rows joined, and the player's page draws its graphs from
# them (docs/serve.md).
player_runs = Table(
    "player_runs",
    metadata,
    # Keyed by player (player_names.id) first, so that a player's rows are read together
    # (clustered in SQLite). No index of dataset_id (revision 0026: it took as many bytes as
    # the table's key): a dataset's removal reads the table through, as it does player_totals.
    Column("name_id", Integer, primary_key=True),
    Column("dataset_id", Integer, ForeignKey("datasets.id", ondelete="CASCADE"),
           primary_key=True),
    # The site, money, stakes and big blind by number in summary_keys (revision 0033: their
    # texts before).
    Column("key_id", Integer, primary_key=True),
    Column("day", Integer, primary_key=True),  # deals.date as date.toordinal(), 0 for none
    # Half hours since 1970 (UTC) of deals.played_at; for hands without a time of play, -1
    # less the thousands of their deal ids.
    Column("bucket", BigInteger, primary_key=True),
    Column("hands", BigInteger, nullable=False),
    Column("known", BigInteger, nullable=False),  # hands of known result (seat_stats.net)
    Column("net", Amount, nullable=False),  # over the hands of known result
    # The largest net won or lost (absolute) of a hand of known result, -1 (stored) for none;
    # and the hands of the largest (RUN_BIGGEST at most, the first imported first among
    # equals), packed (revision 0031: JSON of the deal ids before): "deal,net;deal,net", each
    # deal id less first_deal; '' for none, and for a row whose deals span fewer than
    # KEPT_SPAN ids, whose hands are read from its seats (revision 0033, storage.run_hands).
    Column("peak", BigInteger, nullable=False),
    Column("biggest", String, nullable=False),
    Column("first_deal", DealId, nullable=False),
    Column("last_deal", DealId, nullable=False),
    Column("started", BigInteger),  # the first and last second of play (since 1970)
    Column("ended", BigInteger),
    # The tables played at, as JSON: their numbers in table_names (revision 0026; their
    # names before), in order.
    Column("tables", String, nullable=False),
    sqlite_with_rowid=False,
)

# The name of each table a row of player_runs was played at (deals.table_name, '' where NULL),
# numbered once (revision 0026): a run keeps the numbers, a session counts them. Kept when the
# datasets that played there are removed.
table_names = Table(
    "table_names",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("name", String, nullable=False, unique=True),
)

# Tournaments as their sites' summary files tell them (revision 0018): one row per site and
# number, stored by the import that first read its summary. The buy-in is split into the part
# paid into the prize pool, the bounty part and the fee (buy_in their sum), in `currency` (a
# currency's code, or "play"; rules.money), never chips. `date` and `time` are the start as
# written (in `time_zone`, NULL where the file names none), started_at the same in UTC when the
# zone is known. Its hands are the deals of the same site and tournament number (the
# tournament_hands view).
tournaments = Table(
    "tournaments",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("dataset_id", Integer, ForeignKey("datasets.id", ondelete="CASCADE"), nullable=False,
           index=True),
    Column("site", String, nullable=False),  # as deals.site: "PokerStars", "GGPoker"
    Column("number", String, nullable=False),  # as deals.tournament
    Column("name", String),
    Column("game", String),  # as written: "No Limit Hold'em"
    Column("currency", String, nullable=False),
    Column("prize_part", Amount, nullable=False),
    Column("bounty_part", Amount, nullable=False),
    Column("fee", Amount, nullable=False),
    Column("buy_in", Amount, nullable=False),
    Column("entrants", Integer),
    Column("prize_pool", Amount),
    Column("date", Date),
    Column("time", Time),
    Column("time_zone", String),
    Column("started_at", UtcDateTime()),
    Column("source", String, nullable=False),  # the summary's file, in the folder imported
    UniqueConstraint("site", "number"),
    sqlite_autoincrement=True,
)

# Each player's result in a tournament: the place (NULL: still playing when the file was
# written), the prize of the place, and, where the file tells them (for its owner, `hero`, on
# most sites), the bounties won and how many, the re-entries, rebuys and add-ons and what the
# rebuys and add-ons cost. `cost` is all the entry cost: the buy-in once and per re-entry, and
# the rebuys and add-ons. Amounts are in `currency`, the tournament's.
tournament_entries = Table(
    "tournament_entries",
    metadata,
    Column("tournament_id", Integer, ForeignKey("tournaments.id", ondelete="CASCADE"),
           primary_key=True),
    Column("player", String, primary_key=True),
    Column("currency", String, nullable=False),
    Column("place", Integer),
    Column("prize", Amount, nullable=False),
    Column("bounties", Amount),
    Column("knockouts", Integer),
    Column("re_entries", Integer),
    Column("rebuys", Integer),
    Column("add_ons", Integer),
    Column("rebuy_cost", Amount),
    Column("cost", Amount, nullable=False),
    Column("hero", Boolean, nullable=False),
    Index(None, "player", "currency"),
)
