"""Every game in every betting structure a site deals it in: the variants table gains the
combinations rules.variants now holds beyond revision 0012's (pot-limit hold'em, no-limit and
fixed-limit Omaha, Omaha hi/lo pot-limit and no-limit, Courchevel, the draws and badugi in
each structure, pot-limit short-deck). A downgrade refuses while hands of them are stored.

Revision ID: 0015
Revises: 0014
Create Date: 2026-12-02
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0015"
down_revision: str | None = "0014"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

# rules.variants.VARIANTS added at this revision: code, name, high kind and naming, low kind
# and naming.
VARIANTS = [
    ("PT", "pot-limit Texas hold'em", "high", 0, None, None),
    ("PS", "pot-limit short-deck hold'em", "short-deck", 1, None, None),
    ("NO", "no-limit Omaha hold'em", "omaha-high", 0, None, None),
    ("FO", "fixed-limit Omaha hold'em", "omaha-high", 0, None, None),
    ("PO/8", "pot-limit Omaha hold'em high/low-split eight or better", "omaha-high", 0,
     "omaha-eight-or-better", 2),
    ("NO/8", "no-limit Omaha hold'em high/low-split eight or better", "omaha-high", 0,
     "omaha-eight-or-better", 2),
    ("PC", "pot-limit Courchevel", "omaha-high", 0, None, None),
    ("NC", "no-limit Courchevel", "omaha-high", 0, None, None),
    ("FC", "fixed-limit Courchevel", "omaha-high", 0, None, None),
    ("PC/8", "pot-limit Courchevel high/low-split eight or better", "omaha-high", 0,
     "omaha-eight-or-better", 2),
    ("NC/8", "no-limit Courchevel high/low-split eight or better", "omaha-high", 0,
     "omaha-eight-or-better", 2),
    ("FC/8", "fixed-limit Courchevel high/low-split eight or better", "omaha-high", 0,
     "omaha-eight-or-better", 2),
    ("P2L1D", "pot-limit deuce-to-seven lowball single draw", "deuce-to-seven", 4, None, None),
    ("F2L1D", "fixed-limit deuce-to-seven lowball single draw", "deuce-to-seven", 4, None,
     None),
    ("P2L3D", "pot-limit deuce-to-seven lowball triple draw", "deuce-to-seven", 4, None, None),
    ("N2L3D", "no-limit deuce-to-seven lowball triple draw", "deuce-to-seven", 4, None, None),
    ("PB", "pot-limit badugi", "badugi", 5, None, None),
    ("NB", "no-limit badugi", "badugi", 5, None, None),
    ("P5D", "pot-limit five-card draw", "high", 0, None, None),
    ("F5D", "fixed-limit five-card draw", "high", 0, None, None),
]
_COLUMNS = ("code", "name", "high", "high_naming", "low", "low_naming")


def upgrade() -> None:
    variants = sa.table("variants", *(sa.column(name) for name in _COLUMNS))
    op.bulk_insert(variants, [dict(zip(_COLUMNS, row, strict=True)) for row in VARIANTS])


def downgrade() -> None:
    codes = ", ".join(f"'{row[0]}'" for row in VARIANTS)
    held = op.get_bind().execute(sa.text(
        f"SELECT count(*) FROM deals WHERE variant IN ({codes})")).scalar_one()
    if held:
        raise RuntimeError(f"the database holds {held} recorded hands of variants that "
                           f"revision 0014 does not know: remove their datasets first")
    op.execute(f"DELETE FROM variants WHERE code IN ({codes})")
