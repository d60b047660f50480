"""The schema: the one source of truth. Alembic revisions in migrations/ are generated from it,
and a test checks that a database migrated to head matches it exactly."""

from sqlalchemy import (
    BigInteger,
    Column,
    DateTime,
    ForeignKey,
    Index,
    Integer,
    MetaData,
    SmallInteger,
    String,
    Table,
)

# Deal ids outgrow 32 bits on a server; SQLite's INTEGER PRIMARY KEY is already 64-bit and must
# stay spelled INTEGER to remain the rowid.
DealId = BigInteger().with_variant(Integer(), "sqlite")

metadata = MetaData(
    naming_convention={
        "ix": "ix_%(table_name)s_%(column_0_N_name)s",
        "uq": "uq_%(table_name)s_%(column_0_N_name)s",
        "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
        "pk": "pk_%(table_name)s",
    }
)

categories = Table(
    "categories",
    metadata,
    Column("id", SmallInteger, primary_key=True, autoincrement=False),
    Column("name", String(20), nullable=False, unique=True),
)

datasets = Table(
    "datasets",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("name", String(255), nullable=False, unique=True),
    Column("sha256", String(64), nullable=False, unique=True),
    Column("format", String(16), nullable=False),
    Column("deals", Integer, nullable=False),
    Column("imported_at", DateTime(timezone=True), nullable=False),
)

deals = Table(
    "deals",
    metadata,
    Column("id", DealId, primary_key=True, autoincrement=False),
    Column("dataset_id", Integer, ForeignKey("datasets.id", ondelete="CASCADE"), nullable=False),
    Column("line_no", Integer, nullable=False),
    # NULL until evaluated; 0 for a tie; otherwise the winning player's number.
    Column("winner", SmallInteger),
    # Reports filter by dataset. Not on winner too: evaluate sets every winner, and keeping
    # such an index current would double that cost for little gain in a scan of one column.
    Index(None, "dataset_id"),
)

hands = Table(
    "hands",
    metadata,
    Column("deal_id", DealId, ForeignKey("deals.id", ondelete="CASCADE"), primary_key=True),
    Column("player", SmallInteger, primary_key=True),
    Column("cards", String(14), nullable=False),
    Column("category", SmallInteger, ForeignKey("categories.id")),
    Column("k1", SmallInteger),
    Column("k2", SmallInteger),
    Column("k3", SmallInteger),
    Column("k4", SmallInteger),
    Column("k5", SmallInteger),
    Column("strength", Integer),
    # The hand in words, e.g. "Pair of Queens, Nine kicker"; filled by evaluate.
    Column("description", String(80)),
    # The category a labelled input file (UCI Poker Hand) claims, to check the evaluator against.
    Column("label", SmallInteger),
    # Clustered on (deal_id, player) in SQLite: hands are written and read in that order.
    sqlite_with_rowid=False,
)

# Lines that `pokerdb import --skip-invalid` left out, and why.
rejects = Table(
    "rejects",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("dataset_id", Integer, ForeignKey("datasets.id", ondelete="CASCADE"), nullable=False,
           index=True),
    Column("line_no", Integer, nullable=False),
    Column("raw", String, nullable=False),
    Column("reason", String, nullable=False),
)

VIEW_NAMES = ("deal_results",)
