"""The schema: the one source of truth. Alembic revisions in migrations/ are generated from it,
and a test checks that a database migrated to head matches it exactly. Its tables are defined
by concept, on one metadata: deal_tables (datasets, deals, their cards and values) and
recorded_tables (recorded hands' seats, actions and counts, players' summaries, tournaments).
Its column types are in storage.column_types, and what the views read and show in
storage.view_columns."""

from pokerdb.storage.schema.deal_tables import (
    NAME_LENGTH,
    categories,
    datasets,
    deals,
    hand_cards,
    hand_descriptions,
    hand_equities,
    hand_labels,
    hand_values,
    id_marks,
    metadata,
    rejects,
    site_hands,
    source_names,
    stakes_names,
    variant_values,
    variants,
    venue_names,
    win_counts,
)
from pokerdb.storage.schema.recorded_tables import (
    SEAT_COUNTS,
    SEAT_LEFT_OUT,
    hand_actions,
    player_days,
    player_names,
    player_runs,
    player_totals,
    seats,
    summary_keys,
    table_names,
    tournament_entries,
    tournaments,
)
from pokerdb.storage.schema.seat_bits import SEAT_FLAGS, TRACKER_COUNTS

__all__ = [
    "DEAL_ROWS", "NAME_LENGTH", "SEAT_COUNTS", "SEAT_FLAGS", "SEAT_LEFT_OUT", "TRACKER_COUNTS",
    "categories", "datasets", "deals", "hand_actions", "hand_cards", "hand_descriptions",
    "hand_equities", "hand_labels", "hand_values", "id_marks", "metadata", "player_days",
    "player_names", "player_runs", "player_totals", "rejects", "seats", "site_hands",
    "source_names", "stakes_names", "summary_keys", "table_names", "tournament_entries",
    "tournaments", "variant_values", "variants", "venue_names", "win_counts",
]

# The tables of a deal's rows besides `deals`, each table before those its rows refer to: a
# dataset is removed in this order (steps.removal), and an import writes all of them but
# hand_equities.
DEAL_ROWS = (hand_values, hand_labels, hand_equities, seats, variant_values,
             hand_cards, hand_actions)
