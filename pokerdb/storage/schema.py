"""The schema: the one source of truth. Alembic revisions in migrations/ are generated from it,
and a test checks that a database migrated to head matches it exactly. Its column types are in
storage.column_types, and what the views read and show in storage.view_columns."""

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    Column,
    Date,
    Double,
    ForeignKey,
    ForeignKeyConstraint,
    Index,
    Integer,
    MetaData,
    SmallInteger,
    String,
    Table,
    Time,
    UniqueConstraint,
    literal_column,
    true,
)

from pokerdb.storage.column_types import Amount, DealId, UtcDateTime

metadata = MetaData(
    naming_convention={
        "ix": "ix_%(table_name)s_%(column_0_N_name)s",
        "uq": "uq_%(table_name)s_%(column_0_N_name)s",
        "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
        "pk": "pk_%(table_name)s",
    }
)

# The categories of every kind of hand (rules.hand_words): id = naming * 16 + the category's
# index in its kind, worst first, so High Card to Royal Flush keep ids 0 to 9.
categories = Table(
    "categories",
    metadata,
    Column("id", SmallInteger, primary_key=True, autoincrement=False),
    Column("name", String(20), nullable=False),
    Column("kind", String(24), nullable=False),  # the evaluator's: "high", "ace-to-five", ...
    UniqueConstraint("kind", "name"),
)

NAME_LENGTH = 255  # of a dataset's name


datasets = Table(
    "datasets",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("name", String(NAME_LENGTH), nullable=False, unique=True),
    Column("sha256", String(64), nullable=False, unique=True),
    Column("format", String(16), nullable=False),
    # games.Game.name: "five-card" (pe54, uci) or "holdem".
    Column("game", String(16), nullable=False, server_default="five-card"),
    Column("deals", Integer, nullable=False),
    Column("imported_at", UtcDateTime(), nullable=False),
    # Ids are never reused (SQLite would reuse the highest after a delete; PostgreSQL's
    # sequence never does): a new dataset cannot adopt rows an old one left behind.
    sqlite_autoincrement=True,
)

deals = Table(
    "deals",
    metadata,
    Column("id", DealId, primary_key=True, autoincrement=False),
    Column("dataset_id", Integer, ForeignKey("datasets.id", ondelete="CASCADE"), nullable=False),
    Column("line_no", Integer, nullable=False),
    # NULL until evaluated (and for ever without a showdown: one player, or a Hold'em board
    # short of the river); 0 for a tie; otherwise the winning player's number.
    Column("winner", SmallInteger),
    # A game with a board: its cards in normal form ("7C 2D 9S 4H 5S"; "" before the flop).
    # NULL for a game without one.
    Column("board", String(14)),
    # A recorded hand (PHH): where it comes from, its variant, and the descriptive fields of its
    # file (NULL when absent, and for every other format).
    Column("source", String),  # the file's path in the folder imported, "#KEY" in a .phhs
    Column("variant", String(8)),  # NT, FT
    Column("hand_number", String),
    Column("event", String),
    Column("venue", String),
    Column("table_name", String),
    Column("date", Date),
    Column("time", Time),
    Column("time_zone", String),
    # A recorded hand's money (rules.money): a currency's code ("USD"), "play" (play money) or
    # "chips" (a tournament's, or a file's naming no currency). NULL for every other input.
    Column("currency", String),
    # The board when the betting closed for good with the players all in before the river
    # ("" before the flop); NULL otherwise.
    Column("allin_board", String(14)),
    # A recorded hand's betting (revision 0011; NULL for an earlier import and for deals):
    # PHH's min_bet (no-limit), small_bet and big_bet (fixed-limit), bring_in (stud), and
    # ante_trimming_status; each seat's ante and blind are in seats.
    Column("min_bet", Amount),
    Column("small_bet", Amount),
    Column("big_bet", Amount),
    Column("bring_in", Amount),
    Column("ante_trimming", Boolean),
    # A site's hand history (revision 0011; NULL for every other input): the site ("PokerStars",
    # "PokerStars Zoom", ...), whose hand_number is the site's; the seat number of the button;
    # when it was played, in UTC; a tournament's number, buy-in and level as written; the
    # summary's total pot, rake and other fees (jackpot, cash-out fees); the second board of a
    # hand run twice; and the player whose cards were dealt to the file's owner.
    Column("site", String),
    Column("button_seat", SmallInteger),
    Column("played_at", UtcDateTime()),
    Column("tournament", String),
    Column("buy_in", String),
    Column("level", String),
    Column("total_pot", Amount),
    Column("rake", Amount),
    Column("fees", Amount),
    Column("second_board", String(14)),
    Column("hero", SmallInteger),
    # False for a recorded hand whose result its file does not tell (revision 0020): a showdown
    # of cards it does not know (`sm ????`) and no winnings; the nets of the seats at that
    # showdown are then NULL, and so is the winner. True for every other deal.
    Column("result_known", Boolean, nullable=False, server_default=true()),
    Column("third_board", String(14)),  # of a hand run three times (revision 0021)
    # On PostgreSQL by block ranges (BRIN): each dataset's deals are one run of ids, written in
    # order, and a B-tree cost a seventh of an import (see migration 0007).
    Index(None, "dataset_id", postgresql_using="brin", postgresql_with={"autosummarize": "on"}),
    # On PostgreSQL each dataset's deals are a partition of their own, its run of ids
    # (storage.partitions), as are their rows in every table of DEAL_ROWS. Each partition of
    # deals fills its pages to 45%, so that evaluate's UPDATE of each winner finds room for the
    # new row version on the same page (a HOT update: no new index entries): 1.5 s instead of
    # 6.1 s for a million winners. SQLite rewrites rows in place.
    postgresql_partition_by="RANGE (id)",
)

# A site's hand is stored once, whatever files it comes in (revision 0016: a unique key of the
# partitioned deals would have to hold the deal id). hand_number is "" when a site's hand has
# none.
site_hands = Table(
    "site_hands",
    metadata,
    Column("site", String, primary_key=True),
    Column("hand_number", String, primary_key=True),
    Column("dataset_id", Integer, ForeignKey("datasets.id", ondelete="CASCADE"), nullable=False),
)

# The highest id ever given to a row of a table whose ids pokerdb allocates itself (`deals`,
# numbered by each import from max(id) + 1): every import raises it in its own transaction
# and nothing lowers it, so a deal id is never reused after a delete, as a dataset id is not.
# A result read for a deal before its delete can never be stored onto another file's deal
# imported after it (storage.deal_ids).
id_marks = Table(
    "id_marks",
    metadata,
    Column("name", String(32), primary_key=True),  # the table's
    Column("highest", BigInteger, nullable=False),
)

# How many deals of each dataset each player won (winner 0: tied), kept by evaluate in the
# transaction that sets those deals' winners, so `pokerdb wins` reads a few rows instead of
# counting a million. An index on deals.winner answered in 0.05 s, and cost evaluate 0.5 s.
win_counts = Table(
    "win_counts",
    metadata,
    Column("dataset_id", Integer, ForeignKey("datasets.id", ondelete="CASCADE"),
           primary_key=True),
    Column("winner", SmallInteger, primary_key=True, autoincrement=False),
    Column("deals", Integer, nullable=False),
)

# The public `hands` relation is a view (VIEW_NAMES) joining the four tables below, so that each
# step only appends rows: import writes hand_cards, evaluate writes hand_values. Filling the
# value columns of imported rows in place measured 7.5 s against 1.8 s for appending them
# (2,000,000 hands), because every grown row splits its page.
hand_cards = Table(
    "hand_cards",
    metadata,
    Column("deal_id", DealId, ForeignKey("deals.id", ondelete="CASCADE"), primary_key=True),
    Column("player", SmallInteger, primary_key=True),
    # NULL for a recorded hand's hole cards never shown ('????'). Up to seven cards (stud).
    Column("cards", String(20)),
    # Clustered on (deal_id, player) in SQLite: hands are written and read in that order.
    sqlite_with_rowid=False,
    postgresql_partition_by="RANGE (deal_id)",
)

def _hand_key() -> list[Column[int] | ForeignKeyConstraint]:
    """deal_id and player: the primary key, and a hand_cards row (deleted with it)."""
    return [Column("deal_id", DealId, primary_key=True),
            Column("player", SmallInteger, primary_key=True),
            ForeignKeyConstraint(["deal_id", "player"], ["hand_cards.deal_id", "hand_cards.player"],
                                 ondelete="CASCADE")]


hand_values = Table(
    "hand_values",
    metadata,
    *_hand_key(),
    # NULL for a hand without a showdown (a Hold'em deal whose board stops before the river).
    Column("strength", Integer),
    # For a game with a board: where the five cards that make the hand are among the player's
    # cards followed by the board (evaluator.best_five's packing). The `hands` view spells them
    # out as `best`.
    Column("best", SmallInteger),
    sqlite_with_rowid=False,
    postgresql_partition_by="RANGE (deal_id)",
)

# Each hand's exact equity in a game with a board (Hold'em, Omaha, short-deck), written by
# `pokerdb equity` (pokerdb.rules.equity, variant_equity): the share of
# the pot the player wins over every completion of the deal's board, a tie split equally (1, 0
# or the split share on a complete board). allin_equity and allin_net are for recorded hands
# whose players were all in before the river: the equity when the last all-in was called, and
# that equity times the pot contested less what the player put in; NULL otherwise.
hand_equities = Table(
    "hand_equities",
    metadata,
    *_hand_key(),
    # NULL for the players still in of a recorded hand all in before the river whose folded
    # players' cards are not all known: they have only their all-in figures.
    Column("equity", Double),
    Column("allin_equity", Double),
    Column("allin_net", Amount),  # to the stored unit (a ten-thousandth), as every amount
    sqlite_with_rowid=False,
    postgresql_partition_by="RANGE (deal_id)",
)

# The hand in words, e.g. "Pair of Queens, Nine kicker", "8-6-5-4-A low", for each strength
# evaluate has seen: a few thousand rows a kind of hand, where a description per hand would be
# millions. `strength` is the description key (rules.hand_words): the strength plus 2 ** 24
# times its kind's naming (0 for high hands, whose key is their strength).
hand_descriptions = Table(
    "hand_descriptions",
    metadata,
    Column("strength", Integer, primary_key=True, autoincrement=False),
    Column("description", String(80), nullable=False),
    Column("category", SmallInteger, nullable=False),  # categories.id
)

# The variants of recorded hands (rules.variants), for the views: which kind of hand each
# compares (its evaluator, and the naming of its descriptions), and a split game's low.
variants = Table(
    "variants",
    metadata,
    Column("code", String(8), primary_key=True),  # PHH's: NT, PO, FO/8, F7S, ...
    Column("name", String(80), nullable=False),
    Column("high", String(24), nullable=False),
    Column("high_naming", SmallInteger, nullable=False),
    Column("low", String(24)),  # NULL but in split games
    Column("low_naming", SmallInteger),
)

# A recorded hand's values beyond hand_values, for every variant but Hold'em: the cards that
# play, in play order ("QH QD 9S 6C 4H", "8-6-3-A" as "8H 6C 3S AD" in badugi), and in a split
# game the low half's strength (NULL: no qualifying low) and its cards.
variant_values = Table(
    "variant_values",
    metadata,
    *_hand_key(),
    Column("best", String(14)),
    Column("low_strength", Integer),
    Column("low_best", String(14)),
    sqlite_with_rowid=False,
    postgresql_partition_by="RANGE (deal_id)",
)


# The category a labelled input file (UCI Poker Hand) claims, to check the evaluator against.
hand_labels = Table(
    "hand_labels",
    metadata,
    *_hand_key(),
    Column("label", SmallInteger, nullable=False),
    sqlite_with_rowid=False,
    postgresql_partition_by="RANGE (deal_id)",
)

# A recorded hand's seats (PHH): one row per player, beside hand_cards. Amounts are exact: whole
# numbers of ten-thousandths of the hand's money (deals.currency), as Amount reads them; the
# `hands` view shows them as amounts.
seats = Table(
    "seats",
    metadata,
    *_hand_key(),
    Column("name", String),  # from the file's `players`, NULL when absent
    Column("starting_stack", Amount),  # NULL for an unknown (`inf`) stack
    Column("showed", Boolean, nullable=False),  # reached the showdown and showed a hand
    Column("put_in", Amount, nullable=False),  # chips put in the pots (uncalled bets returned)
    # chips won minus put_in; NULL where the hand does not tell it (deals.result_known)
    Column("net", Amount),
    Column("winnings", Amount),  # as the file records them, when it does
    Column("finishing_stack", Amount),  # as the file records it, when it does
    # With the players all in before the river (deals.allin_board), for each seat still in: the
    # chips it has put in, and the chips of the pots it contests (main and side pots it may
    # win). NULL for a seat that had folded, and without such an all-in.
    Column("allin_stake", Amount),
    Column("allin_pot", Amount),
    # A site's hand (revision 0011; NULL otherwise; seat_number also from PHH's `seats`): the
    # seat's number at the table, its
    # position (BTN, SB, BB, UTG, UTG+1, UTG+2, LJ, HJ, CO), what the file says it collected,
    # its share of the rake and fees (what pokerdb's settlement awards it less what it
    # collected), and what it was paid for cashing out the hand. `net` is then what the site
    # paid less put_in: a hand's nets sum to minus its rake and fees.
    Column("ante", Amount),  # the forced bets each seat posted (revision 0011)
    Column("blind", Amount),  # a blind or straddle
    Column("seat_number", SmallInteger),
    Column("position", String(8)),
    Column("collected", Amount),
    Column("raked", Amount),
    Column("cashed_out", Amount),
    sqlite_with_rowid=False,
    postgresql_partition_by="RANGE (deal_id)",
)

# Every action of a recorded hand, in order, as written in the file: one row a hand, its actions
# one JSON array (storage.packed_actions, revision 0022), which the view `actions` unpacks into
# a row per action for SQL.
hand_actions = Table(
    "hand_actions",
    metadata,
    Column("deal_id", DealId, ForeignKey("deals.id", ondelete="CASCADE"), primary_key=True,
           autoincrement=False),
    Column("actions", JSON, nullable=False),
    postgresql_partition_by="RANGE (deal_id)",
)

# What a tracker counts of each seat of a recorded hand (pokerdb.rules.tracker_stats), filled
# by import beside `seats`: the player_stats views sum this one table (as PokerTracker's
# per-seat statistics table holds the player, position and amount won), so they read no other.
# Flags are 0 or 1, the postflop_* columns counts; docs/player-stats.md defines each.
TRACKER_COUNTS = ("preflop_acted", "vpip", "pfr", "three_bet_chance", "three_bet",
                  "faced_three_bet", "folded_to_three_bet", "saw_flop", "cbet_chance", "cbet",
                  "faced_cbet", "folded_to_cbet", "postflop_aggressive", "postflop_calls",
                  "postflop_folds", "went_to_showdown", "won_at_showdown", "allin")
# The flags among them that seat_counts packs into one integer, bit i the i-th (revision 0022:
# a seat's 18 columns took 18 bytes of SQLite, the integer 2); the view seat_stats has them as
# columns again. The counts keep a column each (0 and 1 take no byte beyond the record's
# header), and allin too, for the partial index.
SEAT_FLAGS = tuple(name for name in TRACKER_COUNTS if name not in (
    "postflop_aggressive", "postflop_calls", "postflop_folds", "allin"))

# The rows behind the view seat_stats (storage.packed_counts), one a seat.
seat_counts = Table(
    "seat_counts",
    metadata,
    *_hand_key(),
    Column("name", String),  # seats.name
    Column("position", String(6), nullable=False),  # BTN, SB, BB, UTG, ..., CO
    # "NT 1/2", "FT 0.5/1 ante 0.1": the variant, blinds and ante; NULL when not recorded (hands
    # imported before revision 0013).
    Column("stakes", String),
    Column("big_blind", Amount),  # NULL without a big blind (or unrecorded)
    Column("net", Amount),  # seats.net (NULL where the result is unknown)
    Column("flags", Integer, nullable=False),  # SEAT_FLAGS
    *(Column(name, SmallInteger, nullable=False) for name in TRACKER_COUNTS
      if name not in SEAT_FLAGS),
    # The seats all in before the river (a few in a hundred), with all that the views' all-in
    # adjusted net reads of them: SQLite reads them from the index alone (a million hands:
    # 0.01 s against 0.7 s looking each row up).
    Index("ix_seat_counts_allin", "name", "position", "stakes", "net", "allin",
          sqlite_where=literal_column("allin = 1"), postgresql_where=literal_column("allin = 1")),
    sqlite_with_rowid=False,
    postgresql_partition_by="RANGE (deal_id)",
)

# seat_stats summed per dataset, player name, money, position and stakes ('' when not recorded),
# kept
# by import in its transaction, range of deals by range (storage.player_stats.add_totals, called
# by steps.hand_histories.SeatTotals): the views sum
# these rows instead of every seat (docs/player-stats.md, "How it stays fast").
player_totals = Table(
    "player_totals",
    metadata,
    # Keyed by name first, so that the views' GROUP BY name (and position) reads the rows in
    # key order instead of sorting them.
    Column("name", String, primary_key=True),
    Column("currency", String, primary_key=True),  # deals.currency ('' when NULL)
    Column("position", String(6), primary_key=True),
    Column("stakes", String, primary_key=True),
    Column("dataset_id", Integer, ForeignKey("datasets.id", ondelete="CASCADE"),
           primary_key=True),
    Column("hands", BigInteger, nullable=False),
    *(Column(name, BigInteger, nullable=False) for name in TRACKER_COUNTS),
    # The net is over the hands whose result is known: the others are counted apart
    # (revision 0020: the seats whose seats.net is NULL).
    Column("net", Amount, nullable=False),
    # The stakes' big blind (NULL without one): the stakes name it, so it is one per row, and
    # bb/100 is the net over it, exactly.
    Column("big_blind", Amount),
    Column("hands_result_unknown", BigInteger, nullable=False, server_default="0"),
    # Clustered on its key in SQLite (revision 0019): a rowid table kept the key twice.
    sqlite_with_rowid=False,
)

# Each player's hands by half hours of play (revision 0023), kept by import in its transaction
# beside player_totals (storage.player_runs.add_runs, called by steps.hand_histories.SeatTotals):
# the seats of one player, dataset, site, money, stakes, day (deals.date), half hour of play
# (UTC) and big blind summed, with the tables they were played at. A player's sessions at a gap
# of 30 minutes or more are these rows joined, and the player's page draws its graphs from
# them (docs/serve.md).
player_runs = Table(
    "player_runs",
    metadata,
    # Keyed by name first, so that a player's rows are read together (clustered in SQLite).
    Column("name", String, primary_key=True),
    Column("dataset_id", Integer, ForeignKey("datasets.id", ondelete="CASCADE"),
           primary_key=True, index=True),
    Column("site", String, primary_key=True),  # deals.site, else venue ('' for neither)
    Column("currency", String, primary_key=True),  # deals.currency ('' when NULL)
    Column("stakes", String, primary_key=True),  # seat_stats.stakes ('' when NULL)
    Column("day", Integer, primary_key=True),  # deals.date as date.toordinal(), 0 for none
    # Half hours since 1970 (UTC) of deals.played_at; for hands without a time of play, -1
    # less the thousands of their deal ids.
    Column("bucket", BigInteger, primary_key=True),
    Column("big_blind", Amount, primary_key=True),  # seat_stats.big_blind, 0 for none
    Column("hands", BigInteger, nullable=False),
    Column("known", BigInteger, nullable=False),  # hands of known result (seat_stats.net)
    Column("net", Amount, nullable=False),  # over the hands of known result
    # The largest net won or lost (absolute) of a hand of known result, -1 (stored) for none;
    # and the hands of the largest (RUN_BIGGEST at most, the first imported first among
    # equals), as JSON: [[deal id, net stored], ...].
    Column("peak", BigInteger, nullable=False),
    Column("biggest", String, nullable=False),
    Column("first_deal", DealId, nullable=False),
    Column("last_deal", DealId, nullable=False),
    Column("started", BigInteger),  # the first and last second of play (since 1970)
    Column("ended", BigInteger),
    Column("tables", String, nullable=False),  # the tables' names (deals.table_name), JSON
    sqlite_with_rowid=False,
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

# Lines that `pokerdb import --skip-invalid` left out, and why.
rejects = Table(
    "rejects",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("dataset_id", Integer, ForeignKey("datasets.id", ondelete="CASCADE"), nullable=False,
           index=True),
    Column("line_no", Integer, nullable=False),
    Column("raw", String, nullable=False),  # the line's beginning (formats.REJECTED_RAW_CHARS)
    Column("reason", String, nullable=False),
    Column("line_bytes", Integer, nullable=False),  # the whole line's length
)


# The tables of a deal's rows besides `deals`, each table before those its rows refer to: a
# dataset is removed in this order (steps.removal), and an import writes all of them but
# hand_equities.
DEAL_ROWS = (hand_values, hand_labels, hand_equities, seat_counts, seats, variant_values,
             hand_cards, hand_actions)
