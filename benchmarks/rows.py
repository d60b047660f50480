"""The rows of the suite, by name: what each compares, its documented size, and the function
(beside its peers' code) that measures it."""

import deals_bench
import equity_bench
import holdem_kernel
import peers
import phh_bench
import phh_variants_bench
import pokerstars_bench
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
    Row("phh-variants", "PHH import, mixed variants vs no-limit hold'em", 10_000, "files",
        phh_variants_bench.row),
)
