"""Tracker statistics: `seat_stats`, one row per seat of a recorded hand with what a tracker
counts of it (position, VPIP, PFR, 3-bet, continuation bet, postflop aggression, showdown;
pokerdb.rules.tracker_stats), `player_totals`, those counts summed per dataset, player,
position and stakes, and the views player_stats, player_position_stats and
player_stakes_stats summing the totals per player name.

Hands stored before this revision are counted here from their stored seats and actions. Their
blinds were not stored, so their stakes and big blind stay NULL (re-import the files to have
them), and the largest blind is taken to be the seat before the first to act preflop: exact
for blinds and straddles, but a hand without blinds (antes alone) counts a check before any
raise as a call.

Revision ID: 0013
Revises: 0012
Create Date: 2026-12-01
"""

from collections.abc import Sequence
from typing import Any

import sqlalchemy as sa
from alembic import op

from pokerdb.rules.tracker_stats import moves_of, position_names, tracker_counts

revision: str = "0013"
down_revision: str | None = "0012"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

DealId = sa.BigInteger().with_variant(sa.Integer(), "sqlite")
COUNTS = ("preflop_acted", "vpip", "pfr", "three_bet_chance", "three_bet", "faced_three_bet",
          "folded_to_three_bet", "saw_flop", "cbet_chance", "cbet", "faced_cbet",
          "folded_to_cbet", "postflop_aggressive", "postflop_calls", "postflop_folds",
          "went_to_showdown", "won_at_showdown", "allin")
BACKFILL_DEALS = 2000  # hands counted per round trip


def _share(count: str, chances: str, scale: str = "100.0") -> str:
    return f"CAST({scale} * SUM({count}) / NULLIF(SUM({chances}), 0) AS DOUBLE PRECISION)"


FIGURES = (
    ("hands", "SUM(t.hands)"),
    ("vpip", _share("t.vpip", "t.preflop_acted")),
    ("pfr", _share("t.pfr", "t.preflop_acted")),
    ("three_bet", _share("t.three_bet", "t.three_bet_chance")),
    ("fold_to_three_bet", _share("t.folded_to_three_bet", "t.faced_three_bet")),
    ("cbet", _share("t.cbet", "t.cbet_chance")),
    ("fold_to_cbet", _share("t.folded_to_cbet", "t.faced_cbet")),
    ("aggression_factor", _share("t.postflop_aggressive", "t.postflop_calls", "1.0")),
    ("aggression_frequency", _share(
        "t.postflop_aggressive", "t.postflop_aggressive + t.postflop_calls + t.postflop_folds")),
    ("went_to_showdown", _share("t.went_to_showdown", "t.saw_flop")),
    ("won_at_showdown", _share("t.won_at_showdown", "t.went_to_showdown")),
    ("net", "SUM(t.net)"),
    ("bb_per_100", _share("t.net_bb", "t.hands_with_big_blind")),
    ("allin_adjusted_net", "allin"),
    ("hands_with_big_blind", "SUM(t.hands_with_big_blind)"),
    *((f"n_{name}", f"SUM(t.{name})") for name in COUNTS),
)
VIEWS = {None: "player_stats", "position": "player_position_stats",
         "stakes": "player_stakes_stats"}


def _view(by: str | None) -> str:
    """The view of this revision, as pokerdb.storage.player_stats.create_view writes it."""
    keys = ["name", *([by] if by else [])]
    group = ", ".join(f"t.{key}" for key in keys)
    columns = ",\n       ".join(f"{sql} AS {name}" for name, sql in FIGURES if sql != "allin")
    outer = ",\n       ".join(
        "f.net + COALESCE(a.allin_delta, 0) AS allin_adjusted_net" if sql == "allin"
        else f"f.{name}" for name, sql in FIGURES)
    seat_key = {"name": "s.name", "position": "s.position",
                "stakes": "COALESCE(s.stakes, '')"}
    seat_group = ", ".join(f"{seat_key[key]}" for key in keys)
    on = " AND ".join(f"a.{key} = f.{key}" for key in keys)
    shown_key = ("NULLIF(f.stakes, '') AS stakes" if by == "stakes" else f"f.{by}") if by else ""
    return (
        f"CREATE VIEW {VIEWS[by]} AS\n"
        f"SELECT f.name AS player{f', {shown_key}' if by else ''},\n       {outer}\n"
        f"FROM (\n  SELECT {group},\n       {columns}\n  FROM player_totals t\n"
        f"  GROUP BY {group}) f\n"
        f"LEFT JOIN (\n  SELECT {', '.join(f'{seat_key[key]} AS {key}' for key in keys)}, "
        f"SUM(e.allin_net - s.net) AS allin_delta\n"
        f"  FROM seat_stats s JOIN hand_equities e ON e.deal_id = s.deal_id "
        f"AND e.player = s.player\n"
        f"  WHERE s.allin = 1 AND s.name IS NOT NULL\n"
        f"  GROUP BY {seat_group}) a ON {on}")


def _fill_totals() -> None:
    sums = ", ".join(f"SUM(s.{name})" for name in COUNTS)
    op.execute(
        f"INSERT INTO player_totals (name, position, stakes, dataset_id, hands, "
        f"{', '.join(COUNTS)}, net, net_bb, hands_with_big_blind)\n"
        f"SELECT s.name, s.position, COALESCE(s.stakes, ''), d.dataset_id, COUNT(*), {sums}, "
        f"SUM(s.net), COALESCE(SUM(1.0 * s.net / s.big_blind), 0), COUNT(s.big_blind)\n"
        f"FROM seat_stats s JOIN deals d ON d.id = s.deal_id\nWHERE s.name IS NOT NULL\n"
        f"GROUP BY s.name, s.position, COALESCE(s.stakes, ''), d.dataset_id")


def _backfill(seat_stats: sa.TableClause) -> None:
    """seat_stats of the hands already stored, a few thousand hands a round trip."""
    bind = op.get_bind()
    last = 0
    while True:
        ids = bind.execute(sa.text(
            "SELECT deal_id FROM seats WHERE deal_id > :last AND player = 1 ORDER BY deal_id "
            "LIMIT :limit"), {"last": last, "limit": BACKFILL_DEALS}).scalars().all()
        if not ids:
            return
        bounds = {"low": ids[0], "high": ids[-1]}
        seats: dict[int, list[Any]] = {}
        for row in bind.execute(sa.text(
                "SELECT deal_id, name, net, put_in, allin_stake FROM seats WHERE deal_id "
                "BETWEEN :low AND :high ORDER BY deal_id, player"), bounds):
            seats.setdefault(row[0], []).append(row)
        moves: dict[int, list[tuple[int | None, str]]] = {}
        for deal_id, player, action in bind.execute(sa.text(
                "SELECT deal_id, player, action FROM actions WHERE deal_id BETWEEN :low AND "
                ":high ORDER BY deal_id, seq"), bounds):
            moves.setdefault(deal_id, []).append((player, action))
        rows = []
        for deal_id, seated in seats.items():
            rows.extend(_rows(deal_id, seated, moves.get(deal_id, [])))
        bind.execute(sa.insert(seat_stats), rows)
        last = ids[-1]


def _rows(deal_id: int, seated: list[Any],
          moves: list[tuple[int | None, str]]) -> list[dict[str, Any]]:
    count = len(seated)
    actors = [player for player, _ in moves]
    texts = [action for _, action in moves]
    posted = [0] * count
    for player, action in moves:  # the first to act preflop sits after the largest blind
        words = action.split()
        if player is None and words[1:2] == ["db"]:
            break
        if player is not None and words[1:2] and words[1] in ("f", "cc", "cbr"):
            posted[(player - 2) % count] = 1
            break
    rows = []
    for seat, (position, counts, (_, name, net, put_in, allin_stake)) in enumerate(zip(
            position_names(count), tracker_counts(count, moves_of(texts, actors), actors, posted),
            seated,
            strict=True), start=1):
        row = dict(zip(COUNTS, (*counts.counts(),
                                int(bool(counts.went_to_showdown) and put_in + net > 0),
                                int(allin_stake is not None)), strict=True))
        rows.append({"deal_id": deal_id, "player": seat, "name": name, "position": position,
                     "stakes": None, "big_blind": None, "net": net, **row})
    return rows


def upgrade() -> None:
    amount = sa.Numeric()
    columns = [
        sa.Column("deal_id", DealId, nullable=False),
        sa.Column("player", sa.SmallInteger(), nullable=False),
        sa.Column("name", sa.String(), nullable=True),
        sa.Column("position", sa.String(length=6), nullable=False),
        sa.Column("stakes", sa.String(), nullable=True),
        sa.Column("big_blind", amount, nullable=True),
        sa.Column("net", amount, nullable=False),
        *(sa.Column(name, sa.SmallInteger(), nullable=False) for name in COUNTS),
    ]
    op.create_table(
        "seat_stats",
        *columns,
        sa.ForeignKeyConstraint(["deal_id", "player"], ["hand_cards.deal_id", "hand_cards.player"],
                                name="fk_seat_stats_deal_id_hand_cards", ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("deal_id", "player", name="pk_seat_stats"),
        sqlite_with_rowid=False,
    )
    op.create_index("ix_seat_stats_allin", "seat_stats",
                    ["name", "position", "stakes", "net", "allin"],
                    sqlite_where=sa.text("allin = 1"), postgresql_where=sa.text("allin = 1"))
    op.create_table(
        "player_totals",
        sa.Column("name", sa.String(), nullable=False),
        sa.Column("position", sa.String(length=6), nullable=False),
        sa.Column("stakes", sa.String(), nullable=False),
        sa.Column("dataset_id", sa.Integer(), nullable=False),
        sa.Column("hands", sa.BigInteger(), nullable=False),
        *(sa.Column(name, sa.BigInteger(), nullable=False) for name in COUNTS),
        sa.Column("net", amount, nullable=False),
        sa.Column("net_bb", sa.Double(), nullable=False),
        sa.Column("hands_with_big_blind", sa.BigInteger(), nullable=False),
        sa.ForeignKeyConstraint(["dataset_id"], ["datasets.id"],
                                name="fk_player_totals_dataset_id_datasets", ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("name", "position", "stakes", "dataset_id",
                                name="pk_player_totals"),
    )
    _backfill(sa.table("seat_stats", *(sa.column(column.name) for column in columns)))
    _fill_totals()
    for by in VIEWS:
        op.execute(_view(by))


def downgrade() -> None:
    for name in VIEWS.values():
        op.execute(f"DROP VIEW {name}")
    op.drop_table("player_totals")
    op.drop_index("ix_seat_stats_allin", "seat_stats")
    op.drop_table("seat_stats")
