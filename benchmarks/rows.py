"""The rows of the suite, by name: what each compares, its documented size, and the function
(beside its peers' code) that measures it."""

import cookbook_bench
import deals_bench
import equity_bench
import handhq_bench
import handhq_postgres
import holdem_kernel
import mixed_tables
import omaha_odds_bench
import pages_bench
import parquet_bench
import peers
import phh_bench
import phh_variants_bench
import player_stats_bench
import players_scale
import pokerstars_bench
import postgres_ratio
import postgres_scale
import site_samples_bench
import skip_invalid_bench
import stats_calibration
import variant_equity_bench
import variant_kernels
import variant_oracles
from suite import Row

ROWS: tuple[Row, ...] = (
    Row("pe54", "import, evaluate and wins (separate and in one pass) vs a seed-style solver "
        "and raw sqlite3 executemany", 1_000_000, "deals", deals_bench.pe54),
    Row("holdem", "Hold'em import --evaluate + wins vs an eval7 script, and vs the same on PE54",
        1_000_000, "deals", deals_bench.holdem),
    Row("rss", "import peak RSS, a large file vs a tenth of it", 1_000_000, "deals",
        deals_bench.rss),
    Row("kernel", "five-card kernel vs eval7, treys, phevaluator and pokerkit", 100_000,
        "deals", peers.kernel_row),
    Row("holdem-kernel", "seven-card kernel vs eval7", 200_000, "hands", holdem_kernel.row),
    Row("equity", "exact Hold'em equity vs an eval7 brute force", 100, "deals",
        equity_bench.row),
    Row("phh", "import of a six-max PHH folder vs pokerkit load and replay", 10_000, "files",
        phh_bench.row),
    Row("pokerstars", "import of a PokerStars file vs pokerkit parse and replay", 100_000,
        "hands", pokerstars_bench.row),
    Row("pokerstars-draw", "PokerStars import, half draw hands vs hold'em only", 100_000,
        "hands", pokerstars_bench.draw_row),
    Row("ggpoker", "import of a file of GGPoker's sample hands, renumbered", 100_000, "hands",
        site_samples_bench.site_row("ggpoker")),
    Row("winamax", "import of a file of Winamax's sample hands, renumbered", 100_000,
        "hands", site_samples_bench.site_row("winamax")),
    Row("wpn", "import of a file of the Winning Poker Network's sample hands, renumbered",
        100_000, "hands", site_samples_bench.site_row("wpn")),
    Row("888poker", "import of a file of 888poker's sample hands, renumbered", 50_000,
        "hands", site_samples_bench.site_row("888poker")),
    Row("partypoker", "import of a file of partypoker's sample hands, renumbered", 50_000,
        "hands", site_samples_bench.site_row("partypoker")),
    # 30,000 iPoker hands are 56 MB of XML: within what an import keeps in memory for its
    # worker processes (formats.phh.hand_histories.KEPT_BYTES)
    Row("ipoker", "import of a file of iPoker's sample sessions, renumbered", 30_000,
        "hands", site_samples_bench.site_row("ipoker")),
    Row("full-tilt", "import of a file of Full Tilt Poker's sample hands, renumbered", 100_000,
        "hands", site_samples_bench.site_row("full-tilt")),
    Row("ongame", "import of a file of Ongame's sample hands, renumbered", 100_000, "hands",
        site_samples_bench.site_row("ongame")),
    Row("phh-variants", "PHH import, mixed variants vs no-limit hold'em", 10_000, "files",
        phh_variants_bench.row),
    Row("skip-invalid", "import --skip-invalid, 70% of the hands refused vs none", 10_000,
        "files", skip_invalid_bench.row),
    Row("mixed-tables", "Hold'em files of 2 to 9 players (and boards of 0 to 5 cards) vs 9 "
        "players, time a hand", 200_000, "deals", mixed_tables.row),
    Row("variant-kernels", "Omaha and the other variant kernels vs phevaluator and pokerkit",
        1_000_000, "hands", variant_kernels.row),
    Row("variant-oracles", "every variant evaluator vs pokerkit or phevaluator, hand by hand",
        200_000, "hands", variant_oracles.row),
    Row("variant-equity", "exact equity of Omaha, Omaha hi/lo and short-deck (figures)",
        1_000, "deals", variant_equity_bench.row),
    Row("omaha-odds", "Omaha's category odds by patterns vs by classes (figures)", 6,
        "cards", omaha_odds_bench.row),
    Row("player-stats", "import of recorded hands, then every player's statistics (figures)",
        1_000_000, "hands", player_stats_bench.row),
    Row("handhq", "import of HandHQ-shaped hands, bytes a hand, players for everyone and for "
        "one (figures against the goals)", 1_000_000, "hands", handhq_bench.row),
    Row("cookbook", "the cookbook's questions on HandHQ-shaped hands: SQLite, the summaries, and "
        "DuckDB on the Parquet export (figures against the goal)", 1_000_000, "hands",
        cookbook_bench.row),
    Row("handhq-players", "pokerdb players for everyone, N HandHQ-shaped hands' players and "
        "grown to the whole corpus's 544,103 (figures against the goal)", 100_000, "hands",
        players_scale.row),
    Row("pages", "pokerdb serve: a player's page and hands' pages on a large database, ms",
        1_000_000, "hands", pages_bench.row),
    Row("parquet", "Parquet export peak RSS, a large database vs a small one; hands/s; "
        "DuckDB's player statistics on it (figures)", 100_000, "hands", parquet_bench.row),
    Row("stats-calibration", "pokerdb stats on random deals: the share it rejects (figures)",
        150, "files", stats_calibration.row),
    Row("postgres", "PostgreSQL vs SQLite: import, evaluate, one pass, PHH import, on fresh "
        "databases", 1_000_000, "deals", postgres_ratio.row, needs_db=True),
    Row("postgres-loaded", "PostgreSQL vs SQLite: a file added to a loaded database by a role "
        "with ordinary rights", 200_000, "deals", postgres_ratio.loaded_row, needs_db=True),
    Row("handhq-postgres", "PostgreSQL vs SQLite on HandHQ-shaped hands: import, players for "
        "everyone and for one", 200_000, "hands", handhq_postgres.row, needs_db=True),
    Row("postgres-scale", "PostgreSQL import, evaluate, one pass at scale (figures)",
        20_000_000, "deals", postgres_scale.row, needs_db=True),
)
