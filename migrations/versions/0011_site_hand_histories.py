"""Site hand histories (PokerStars): what a tracker needs of a hand, beside PHH's fields; and
the betting of every recorded hand, so that it can be written out again as PHH.

deals gains min_bet, small_bet, big_bet, bring_in and ante_trimming (PHH's fields, NULL for
deals and for hands imported before), seats gains ante and blind (what each seat posted).

deals gains, NULL for every input but a site's:
- site: "PokerStars", "PokerStars Zoom" or "PokerStars Home Game"; hand_number is then the
  site's hand number, and a unique index on (site, hand_number), where site is set, stores a
  site's hand once whatever files it comes in (an import skips the hands already stored);
- button_seat: the seat number of the button;
- played_at: when the hand was played, in UTC (date, time and time_zone stay as the file
  writes them);
- tournament, buy_in, level: a tournament's number, buy-in and level as written;
- total_pot, rake, fees: the summary's total pot, rake and other fees (jackpot, cash-out fee);
- second_board: the second board of a hand run twice;
- hero: the player whose cards were `Dealt to` the file's owner.

seats gains, NULL for every input but a site's (seat_number also from PHH's `seats`):
seat_number (at the table), position (BTN, SB, BB, UTG, UTG+1, UTG+2, LJ, HJ, CO), collected
(as the file says), raked (the seat's share of the rake and fees: what pokerdb's settlement
awards it less what it collected), cashed_out (paid for cashing out the hand). The `hands`
view shows the new seat columns.

Revision ID: 0011
Revises: 0010
Create Date: 2026-12-01
"""

import importlib.util
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType

import sqlalchemy as sa
from alembic import op

revision: str = "0011"
down_revision: str | None = "0010"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

AMOUNT = sa.Numeric(asdecimal=False)
DEAL_COLUMNS = (
    ("min_bet", AMOUNT), ("small_bet", AMOUNT), ("big_bet", AMOUNT), ("bring_in", AMOUNT),
    ("ante_trimming", sa.Boolean()), ("site", sa.String()), ("button_seat", sa.SmallInteger()),
    ("played_at", sa.DateTime(timezone=True)), ("tournament", sa.String()),
    ("buy_in", sa.String()), ("level", sa.String()), ("total_pot", AMOUNT), ("rake", AMOUNT),
    ("fees", AMOUNT), ("second_board", sa.String(14)), ("hero", sa.SmallInteger()),
)
SEAT_COLUMNS = (
    ("ante", AMOUNT), ("blind", AMOUNT), ("seat_number", sa.SmallInteger()),
    ("position", sa.String(8)), ("collected", AMOUNT), ("raked", AMOUNT),
    ("cashed_out", AMOUNT),
)
INDEX = "ix_deals_site_hand_number"


def _revision_0010() -> ModuleType:
    """Revision 0010, whose `hands` view this one extends."""
    path = Path(__file__).with_name("0010_hand_values_without_generated_columns.py")
    spec = importlib.util.spec_from_file_location("pokerdb_revision_0010", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _hands_view(with_site_columns: bool) -> str:
    previous = _revision_0010()
    if with_site_columns:
        previous.SEAT_COLUMNS = (*previous.SEAT_COLUMNS,
                                 *(name for name, _ in SEAT_COLUMNS))
    view: str = previous._hands_view(generated=False)
    return view


def upgrade() -> None:
    op.execute("DROP VIEW hands")
    for name, kind in DEAL_COLUMNS:
        op.add_column("deals", sa.Column(name, kind))
    for name, kind in SEAT_COLUMNS:
        op.add_column("seats", sa.Column(name, kind))
    op.create_index(INDEX, "deals", ["site", "hand_number"], unique=True,
                    sqlite_where=sa.text("site IS NOT NULL"),
                    postgresql_where=sa.text("site IS NOT NULL"))
    op.execute(_hands_view(with_site_columns=True))


def downgrade() -> None:
    op.execute("DROP VIEW hands")
    op.drop_index(INDEX, "deals")
    for name, _ in reversed(SEAT_COLUMNS):
        op.drop_column("seats", name)
    for name, _ in reversed(DEAL_COLUMNS):
        op.drop_column("deals", name)
    op.execute(_hands_view(with_site_columns=False))
