"""The schema's tables of deals (storage.schema): the metadata, the datasets, the deals and their
cards, values, equities, labels and variants, and the lines an import left out."""

from typing import Any

from sqlalchemy import (
    BigInteger,
    Boolean,
    Column,
    Computed,
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
    true,
)

from pokerdb.storage.column_types import Amount, DealId, UtcDateTime
from pokerdb.storage.schema.deal_clock import CLOCK, DAY, GENERATED_DATE, GENERATED_TIME
from pokerdb.storage.schema.deal_extras import GENERATED_DEAL_EXTRAS
from pokerdb.storage.schema.deal_min_bet import GENERATED_MIN_BET, MIN_BET_DELTA
from pokerdb.storage.schema.held_values import EXTRAS, EXTRAS_TYPE
from pokerdb.storage.schema.site_values import GENERATED_SITE_VALUES, SITE_VALUES

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


def _held(name: str, kind: Any) -> Column[Any]:
    """A column of deals generated from deals.extras (deal_extras) or deals.site_values
    (site_values): computed as it is read on SQLite, stored on PostgreSQL."""
    generated = {**GENERATED_DEAL_EXTRAS, **GENERATED_SITE_VALUES}[name]
    return Column(name, kind, Computed(generated))


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
    # The texts repeated from hand to hand are stored by their numbers (revision 0029;
    # storage.deal_texts): the source, the file's path in the folder imported, in
    # source_names, and its "#KEY" in a .phhs as source_key (the text after the first "#");
    # the venue in venue_names, the table in table_names, the stakes in stakes_names.
    Column("source_id", Integer),
    Column("source_key", String),
    Column("variant", String(8)),  # NT, FT
    Column("hand_number", String),
    _held("event", String),
    Column("venue_id", Integer),
    Column("table_name_id", Integer),
    # The date and time the file gives, generated from `day` and `clock` (revision 0035:
    # deal_clock), which hold them as integers.
    Column("date", Date, Computed(GENERATED_DATE)),
    Column("time", Time, Computed(GENERATED_TIME)),
    _held("time_zone", String),
    # A recorded hand's money (rules.money): a currency's code ("USD"), "play" (play money) or
    # "chips" (a tournament's, or a file's naming no currency). NULL for every other input.
    Column("currency", String),
    # The board when the betting closed for good with the players all in before the river
    # ("" before the flop); NULL otherwise.
    _held("allin_board", String(14)),
    # A recorded hand's betting (revision 0011; NULL for an earlier import and for deals):
    # PHH's min_bet (no-limit), small_bet and big_bet (fixed-limit), bring_in (stud), and
    # ante_trimming_status; each seat's ante and blind are in seats. min_bet is generated from
    # min_bet_delta (revision 0039: deal_min_bet), which holds it.
    Column("min_bet", Amount, Computed(GENERATED_MIN_BET)),
    _held("small_bet", Amount),
    _held("big_bet", Amount),
    _held("bring_in", Amount),
    Column("ante_trimming", Boolean),
    # A site's hand history (revision 0011; NULL for every other input): the site ("PokerStars",
    # "PokerStars Zoom", ...), whose hand_number is the site's; the seat number of the button;
    # when it was played, in UTC; a tournament's number, buy-in and level as written; the
    # summary's total pot, rake and other fees (jackpot, cash-out fees); the second board of a
    # hand run twice; and the player whose cards were dealt to the file's owner. The site,
    # button seat, total pot, fees, hero and time zone are generated from `site_values`
    # (revision 0038: site_values), which holds them.
    _held("site", String),
    _held("button_seat", SmallInteger),
    Column("played_at", UtcDateTime()),
    _held("tournament", String),
    _held("buy_in", String),
    _held("level", String),
    _held("total_pot", Amount),
    Column("rake", Amount),
    _held("fees", Amount),
    _held("second_board", String(14)),
    _held("hero", SmallInteger),
    # False for a recorded hand whose result its file does not tell (revision 0020): a showdown
    # of cards it does not know (`sm ????`) and no winnings; the nets of the seats at that
    # showdown are then NULL, and so is the winner. True for every other deal.
    Column("result_known", Boolean, nullable=False, server_default=true()),
    _held("third_board", String(14)),  # of a hand run three times (revision 0021)
    # A recorded hand's stakes (revision 0025; seat_stats shows them on each seat): "NT 1/2",
    # "FT 0.5/1 ante 0.1", the variant, blinds and ante, by number in stakes_names; NULL when
    # not recorded (hands imported before revision 0013) and for deal files. Its big blind,
    # NULL without one.
    Column("stakes_id", Integer),
    Column("big_blind", Amount),
    Column(DAY, Integer),  # the date as date.toordinal() (deal_clock)
    Column(CLOCK, BigInteger),  # the time of day in seconds (deal_clock)
    # The columns that most deals leave NULL (revision 0037: deal_extras), which hold them.
    Column(EXTRAS, EXTRAS_TYPE),
    # The columns a site's hand fills and a HandHQ hand leaves NULL (revision 0038:
    # site_values), which hold them.
    Column(SITE_VALUES, EXTRAS_TYPE),
    # min_bet less the big blind (revision 0039: deal_min_bet), which holds min_bet.
    Column(MIN_BET_DELTA, Amount),
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

# The texts of deals stored by number (revision 0029), each once: its venue, its stakes, the
# file it comes from (deals.source_id). Kept when the datasets that use them are removed.
venue_names, stakes_names, source_names = (
    Table(name, metadata, Column("id", Integer, primary_key=True),
          Column("name", String, nullable=False, unique=True))
    for name in ("venue_names", "stakes_names", "source_names"))

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
    # Up to seven cards (stud). A row only where the cards are known (revision 0030): a recorded
    # hand's seat whose hole cards were never shown ('????') has none (its row of NULL took 51
    # of the 57 bytes a HandHQ-shaped hand of the table), and the `hands` view lists it from
    # `seats`. The column stays nullable: the view reads a NULL as it reads no row.
    Column("cards", String(20)),
    # Clustered on (deal_id, player) in SQLite: hands are written and read in that order.
    sqlite_with_rowid=False,
    postgresql_partition_by="RANGE (deal_id)",
)

def hand_key() -> list[Column[int] | ForeignKeyConstraint]:
    """deal_id and player: the primary key, and a hand_cards row (deleted with it)."""
    return [Column("deal_id", DealId, primary_key=True),
            Column("player", SmallInteger, primary_key=True),
            ForeignKeyConstraint(["deal_id", "player"], ["hand_cards.deal_id", "hand_cards.player"],
                                 ondelete="CASCADE")]


hand_values = Table(
    "hand_values",
    metadata,
    *hand_key(),
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
    *hand_key(),
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
    *hand_key(),
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
    *hand_key(),
    Column("label", SmallInteger, nullable=False),
    sqlite_with_rowid=False,
    postgresql_partition_by="RANGE (deal_id)",
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
