"""Every poker variant of recorded hands: Omaha, short-deck, stud, razz, draw, badugi, hi/lo.

A strength orders hands of one kind (high, short-deck, ace-to-five, ...), so descriptions and
categories are kept per kind: `hand_descriptions.strength` becomes the description key (the
strength plus 2 ** 24 times its kind's naming; high hands keep theirs) and gains the hand's
`category`; `categories` gains every kind's categories (ids naming * 16 + index) and their
`kind`. `variants` says which kinds each variant compares; `variant_values` holds the cards
that play beyond Hold'em and a split game's low strength. hand_cards.cards holds up to seven
cards (stud). The `hands` view reads category (a categories.id, as before for high hands) and
description by kind, and gains the category's name and the low half's strength, category,
description and cards.

Downgrading refuses a database holding hands that revision 0010 cannot hold (of variants other
than NT and FT): remove those datasets first.

Revision ID: 0012
Revises: 0011
Create Date: 2026-12-01
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0012"
down_revision: str | None = "0011"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

DealId = sa.BigInteger().with_variant(sa.Integer(), "sqlite")
KEY_SHIFT = 24  # a description key: naming << 24 | strength
KEY_SLOTS = 5
KEY_BITS = 4
CATEGORY_SHIFT = KEY_BITS * KEY_SLOTS  # a high strength packs its category above five ranks
EQUITY_COLUMNS = ("equity", "allin_equity", "allin_net")
SEAT_COLUMNS = ("name", "starting_stack", "showed", "put_in", "net", "winnings",
                "finishing_stack", "allin_stake", "allin_pot",
                # revision 0011's, of a site's hand histories
                "ante", "blind", "seat_number", "position", "collected", "raked", "cashed_out")
HOLDEM_VARIANTS = ("NT", "FT")  # the recorded hands revision 0010 can hold
# rules.hand_words.every_category() at this revision, high hands' first (ids 0-9 as before).
CATEGORIES = [
    (0, "High Card", "high"), (1, "One Pair", "high"), (2, "Two Pairs", "high"),
    (3, "Three of a Kind", "high"), (4, "Straight", "high"), (5, "Flush", "high"),
    (6, "Full House", "high"), (7, "Four of a Kind", "high"), (8, "Straight Flush", "high"),
    (9, "Royal Flush", "high"),
    (16, "High Card", "short-deck"), (17, "One Pair", "short-deck"),
    (18, "Two Pairs", "short-deck"), (19, "Three of a Kind", "short-deck"),
    (20, "Straight", "short-deck"), (21, "Full House", "short-deck"), (22, "Flush", "short-deck"),
    (23, "Four of a Kind", "short-deck"), (24, "Straight Flush", "short-deck"),
    (25, "Royal Flush", "short-deck"),
    (32, "No Low", "eight-or-better"), (33, "Eight Low", "eight-or-better"),
    (34, "Seven Low", "eight-or-better"), (35, "Six Low", "eight-or-better"),
    (36, "Five Low", "eight-or-better"),
    (48, "Four of a Kind", "ace-to-five"), (49, "Full House", "ace-to-five"),
    (50, "Three of a Kind", "ace-to-five"), (51, "Two Pairs", "ace-to-five"),
    (52, "One Pair", "ace-to-five"), (53, "King Low", "ace-to-five"),
    (54, "Queen Low", "ace-to-five"), (55, "Jack Low", "ace-to-five"),
    (56, "Ten Low", "ace-to-five"), (57, "Nine Low", "ace-to-five"),
    (58, "Eight Low", "ace-to-five"), (59, "Seven Low", "ace-to-five"),
    (60, "Six Low", "ace-to-five"), (61, "Five Low", "ace-to-five"),
    (64, "Straight Flush", "deuce-to-seven"), (65, "Four of a Kind", "deuce-to-seven"),
    (66, "Full House", "deuce-to-seven"), (67, "Flush", "deuce-to-seven"),
    (68, "Straight", "deuce-to-seven"), (69, "Three of a Kind", "deuce-to-seven"),
    (70, "Two Pairs", "deuce-to-seven"), (71, "One Pair", "deuce-to-seven"),
    (72, "Ace Low", "deuce-to-seven"), (73, "King Low", "deuce-to-seven"),
    (74, "Queen Low", "deuce-to-seven"), (75, "Jack Low", "deuce-to-seven"),
    (76, "Ten Low", "deuce-to-seven"), (77, "Nine Low", "deuce-to-seven"),
    (78, "Eight Low", "deuce-to-seven"), (79, "Seven Low", "deuce-to-seven"),
    (80, "One-card badugi", "badugi"), (81, "Two-card badugi", "badugi"),
    (82, "Three-card badugi", "badugi"), (83, "Four-card badugi", "badugi"),
]
# rules.variants.VARIANTS at this revision: code, name, high kind and naming, low kind and
# naming.
VARIANTS = [
    ("NT", "no-limit Texas hold'em", "high", 0, None, None),
    ("FT", "fixed-limit Texas hold'em", "high", 0, None, None),
    ("NS", "no-limit short-deck hold'em", "short-deck", 1, None, None),
    ("PO", "pot-limit Omaha hold'em", "omaha-high", 0, None, None),
    ("FO/8", "fixed-limit Omaha hold'em high/low-split eight or better", "omaha-high", 0,
     "omaha-eight-or-better", 2),
    ("F7S", "fixed-limit seven card stud", "high", 0, None, None),
    ("F7S/8", "fixed-limit seven card stud high/low-split eight or better", "high", 0,
     "eight-or-better", 2),
    ("FR", "fixed-limit razz", "ace-to-five", 3, None, None),
    ("N2L1D", "no-limit deuce-to-seven lowball single draw", "deuce-to-seven", 4, None, None),
    ("F2L3D", "fixed-limit deuce-to-seven lowball triple draw", "deuce-to-seven", 4, None,
     None),
    ("FB", "fixed-limit badugi", "badugi", 5, None, None),
    ("N5D", "no-limit five-card draw", "high", 0, None, None),
]


def _rank(slot: int) -> str:
    """Tie-break rank k1..k5 out of a high strength; NULL where absent (0)."""
    return f"CAST(NULLIF((v.strength >> {KEY_BITS * (KEY_SLOTS - slot)}) & 15, 0) AS SMALLINT)"


def _card_at(best_slot: int) -> str:
    """SQL for the text of the card at the position that `best` holds in slot 0..4 (three bits
    each, slot 0 highest), among the hand's cards followed by the board."""
    position = f"((v.best >> {3 * (4 - best_slot)}) & 7)"
    return f"substr(c.cards || ' ' || dl.board, 3 * {position} + 1, 2)"


def _key(naming: str, strength: str) -> str:
    return f"{naming} * {1 << KEY_SHIFT} + {strength}"


def _hands_view(by_kind: bool) -> str:
    """The `hands` view of this revision, or (not `by_kind`) of revision 0010."""
    high = "COALESCE(vr.high_naming, 0)"
    packed_best = " || ' ' || ".join(_card_at(slot) for slot in range(5))
    equity_columns = "".join(f",\n       e.{column}" for column in EQUITY_COLUMNS)
    seat_columns = "".join(f",\n       s.{column}" for column in SEAT_COLUMNS)
    if not by_kind:
        keys = ", ".join(f"{_rank(slot)} AS k{slot}" for slot in range(1, KEY_SLOTS + 1))
        return f"""
CREATE VIEW hands AS
SELECT c.deal_id,
       c.player,
       c.cards,
       CAST(v.strength >> {CATEGORY_SHIFT} AS SMALLINT) AS category,
       {keys},
       v.strength,
       d.description,
       l.label,
       CASE WHEN dl.board IS NULL AND dl.variant IS NULL THEN c.cards
            WHEN v.best IS NOT NULL THEN {packed_best} END AS best{equity_columns}{seat_columns}
FROM hand_cards c
JOIN deals dl ON dl.id = c.deal_id
LEFT JOIN hand_values v ON v.deal_id = c.deal_id AND v.player = c.player
LEFT JOIN hand_descriptions d ON d.strength = v.strength
LEFT JOIN hand_labels l ON l.deal_id = c.deal_id AND l.player = c.player
LEFT JOIN hand_equities e ON e.deal_id = c.deal_id AND e.player = c.player
LEFT JOIN seats s ON s.deal_id = c.deal_id AND s.player = c.player
"""
    keys = ", ".join(f"CASE WHEN {high} = 0 THEN {_rank(slot)} END AS k{slot}"
                     for slot in range(1, KEY_SLOTS + 1))
    return f"""
CREATE VIEW hands AS
SELECT c.deal_id,
       c.player,
       c.cards,
       CASE WHEN {high} = 0 THEN CAST(v.strength >> {CATEGORY_SHIFT} AS SMALLINT)
            ELSE d.category END AS category,
       {keys},
       v.strength,
       d.description,
       l.label,
       CASE WHEN vv.best IS NOT NULL THEN vv.best
            WHEN dl.board IS NULL AND dl.variant IS NULL THEN c.cards
            WHEN v.best IS NOT NULL THEN {packed_best} END AS best,
       hc.name AS category_name,
       vv.low_strength,
       ld.category AS low_category,
       lc.name AS low_category_name,
       ld.description AS low_description,
       vv.low_best{equity_columns}{seat_columns}
FROM hand_cards c
JOIN deals dl ON dl.id = c.deal_id
LEFT JOIN variants vr ON vr.code = dl.variant
LEFT JOIN hand_values v ON v.deal_id = c.deal_id AND v.player = c.player
LEFT JOIN hand_descriptions d ON d.strength = {_key(high, "v.strength")}
LEFT JOIN categories hc ON hc.id = CASE WHEN {high} = 0
    THEN CAST(v.strength >> {CATEGORY_SHIFT} AS SMALLINT) ELSE d.category END
LEFT JOIN variant_values vv ON vv.deal_id = c.deal_id AND vv.player = c.player
LEFT JOIN hand_descriptions ld ON ld.strength = {_key("vr.low_naming", "vv.low_strength")}
LEFT JOIN categories lc ON lc.id = ld.category
LEFT JOIN hand_labels l ON l.deal_id = c.deal_id AND l.player = c.player
LEFT JOIN hand_equities e ON e.deal_id = c.deal_id AND e.player = c.player
LEFT JOIN seats s ON s.deal_id = c.deal_id AND s.player = c.player
"""


def _deal_results_view(by_kind: bool) -> str:
    def joins(player: int) -> str:
        value = f"v{player}"
        if not by_kind:
            return (f"LEFT JOIN categories c{player} ON c{player}.id = "
                    f"CAST({value}.strength >> {CATEGORY_SHIFT} AS SMALLINT)")
        naming = "COALESCE(vr.high_naming, 0)"
        return (f"LEFT JOIN hand_descriptions d{player} ON {naming} <> 0 AND "
                f"d{player}.strength = {_key(naming, f'{value}.strength')}\n"
                f"LEFT JOIN categories c{player} ON c{player}.id = CASE WHEN {naming} = 0 "
                f"THEN CAST({value}.strength >> {CATEGORY_SHIFT} AS SMALLINT) "
                f"ELSE d{player}.category END")
    variants_join = "\nLEFT JOIN variants vr ON vr.code = d.variant" if by_kind else ""
    return f"""
CREATE VIEW deal_results AS
SELECT d.id AS deal_id,
       ds.name AS dataset,
       d.line_no,
       d.board,
       h1.cards AS player1_cards,
       c1.name AS player1_category,
       h2.cards AS player2_cards,
       c2.name AS player2_category,
       d.winner,
       CASE WHEN d.winner IS NULL THEN NULL
            WHEN d.winner = 0 THEN 'Tie'
            ELSE 'Player ' || d.winner END AS result
FROM deals d
JOIN datasets ds ON ds.id = d.dataset_id{variants_join}
LEFT JOIN hand_cards h1 ON h1.deal_id = d.id AND h1.player = 1
LEFT JOIN hand_values v1 ON v1.deal_id = d.id AND v1.player = 1
{joins(1)}
LEFT JOIN hand_cards h2 ON h2.deal_id = d.id AND h2.player = 2
LEFT JOIN hand_values v2 ON v2.deal_id = d.id AND v2.player = 2
{joins(2)}
"""


def _rebuild_hand_cards(width: int) -> None:
    """SQLite keeps a column's declared length only in the table's definition: hand_cards is
    built anew beside the old one, filled from it, and takes its name (as in revision 0008).
    Foreign keys stay unenforced on SQLite, so the tables referring to hand_cards keep their
    rows."""
    op.create_table(
        "hand_cards_rebuilt",
        sa.Column("deal_id", DealId, nullable=False),
        sa.Column("player", sa.SmallInteger(), nullable=False),
        sa.Column("cards", sa.String(length=width), nullable=True),
        sa.ForeignKeyConstraint(["deal_id"], ["deals.id"], name="fk_hand_cards_deal_id_deals",
                                ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("deal_id", "player", name="pk_hand_cards"),
        sqlite_with_rowid=False,
    )
    op.execute("INSERT INTO hand_cards_rebuilt (deal_id, player, cards) "
               "SELECT deal_id, player, cards FROM hand_cards")
    op.drop_table("hand_cards")
    op.rename_table("hand_cards_rebuilt", "hand_cards")


def _cards_width(width: int, before: int) -> None:
    if op.get_bind().dialect.name == "sqlite":
        _rebuild_hand_cards(width)
    else:
        op.alter_column("hand_cards", "cards", existing_type=sa.String(length=before),
                        type_=sa.String(length=width), existing_nullable=True)


def _hand_key(table: str) -> list[sa.Column[int] | sa.Constraint]:
    return [
        sa.Column("deal_id", DealId, nullable=False),
        sa.Column("player", sa.SmallInteger(), nullable=False),
        sa.ForeignKeyConstraint(["deal_id", "player"], ["hand_cards.deal_id", "hand_cards.player"],
                                name=f"fk_{table}_deal_id_hand_cards", ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("deal_id", "player", name=f"pk_{table}"),
    ]


def upgrade() -> None:
    op.execute("DROP VIEW deal_results")
    op.execute("DROP VIEW hands")
    with op.batch_alter_table("categories", recreate="auto") as batch:
        batch.add_column(sa.Column("kind", sa.String(length=24), nullable=False,
                                   server_default="high"))
        batch.drop_constraint("uq_categories_name", type_="unique")
        batch.create_unique_constraint("uq_categories_kind_name", ["kind", "name"])
    with op.batch_alter_table("categories", recreate="auto") as batch:
        batch.alter_column("kind", existing_type=sa.String(length=24), server_default=None)
    op.bulk_insert(sa.table("categories", sa.column("id", sa.SmallInteger),
                            sa.column("name", sa.String), sa.column("kind", sa.String)),
                   [{"id": id_, "name": name, "kind": kind}
                    for id_, name, kind in CATEGORIES if id_ >= 16])
    with op.batch_alter_table("hand_descriptions", recreate="auto") as batch:
        batch.add_column(sa.Column("category", sa.SmallInteger(), nullable=True))
    op.execute(f"UPDATE hand_descriptions SET category = strength >> {CATEGORY_SHIFT}")
    with op.batch_alter_table("hand_descriptions", recreate="auto") as batch:
        batch.alter_column("category", existing_type=sa.SmallInteger(), nullable=False)
    _cards_width(20, 14)
    variants = op.create_table(
        "variants",
        sa.Column("code", sa.String(length=8), nullable=False),
        sa.Column("name", sa.String(length=80), nullable=False),
        sa.Column("high", sa.String(length=24), nullable=False),
        sa.Column("high_naming", sa.SmallInteger(), nullable=False),
        sa.Column("low", sa.String(length=24), nullable=True),
        sa.Column("low_naming", sa.SmallInteger(), nullable=True),
        sa.PrimaryKeyConstraint("code", name="pk_variants"),
    )
    op.bulk_insert(variants, [dict(zip(("code", "name", "high", "high_naming", "low",
                                        "low_naming"), row, strict=True)) for row in VARIANTS])
    op.create_table(
        "variant_values",
        *_hand_key("variant_values"),
        sa.Column("best", sa.String(length=14), nullable=True),
        sa.Column("low_strength", sa.Integer(), nullable=True),
        sa.Column("low_best", sa.String(length=14), nullable=True),
        sqlite_with_rowid=False,
    )
    op.execute(_hands_view(by_kind=True))
    op.execute(_deal_results_view(by_kind=True))


def downgrade() -> None:
    held = ", ".join(f"'{code}'" for code in HOLDEM_VARIANTS)
    beyond = op.get_bind().execute(sa.text(
        f"SELECT count(*) FROM deals WHERE variant IS NOT NULL AND variant NOT IN ({held})"
    )).scalar_one()
    if beyond:
        raise RuntimeError(f"the database holds {beyond} recorded hands of variants other than "
                           f"{' and '.join(HOLDEM_VARIANTS)}, which revision 0010 cannot hold: "
                           f"remove their datasets first")
    op.execute("DROP VIEW deal_results")
    op.execute("DROP VIEW hands")
    op.drop_table("variant_values")
    op.drop_table("variants")
    _cards_width(14, 20)
    op.execute(f"DELETE FROM hand_descriptions WHERE strength >= {1 << KEY_SHIFT}")
    with op.batch_alter_table("hand_descriptions", recreate="auto") as batch:
        batch.drop_column("category")
    op.execute("DELETE FROM categories WHERE id >= 16")
    with op.batch_alter_table("categories", recreate="auto") as batch:
        batch.drop_constraint("uq_categories_kind_name", type_="unique")
        batch.drop_column("kind")
        batch.create_unique_constraint("uq_categories_name", ["name"])
    op.execute(_hands_view(by_kind=False))
    op.execute(_deal_results_view(by_kind=False))
