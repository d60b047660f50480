"""PokerStars hand histories (issue 21): `pokerdb import` of one file of generated hands
(benchmarks/pokerstars_hands.py: cash no-limit and fixed-limit hold'em with rake, no-limit
tournaments) as a whole process, against pokerkit's `HandHistory.from_pokerstars` parsing and
replaying the same hands where it can read them (no-limit hold'em only), in the same run; with
`--draw-share F`, also the import of a file of as many hands of which about F are draw hands
(benchmarks/pokerstars_draw_hands.py: 2-7 triple and single draw, badugi, five-card draw), the
rest hold'em, against the hold'em file's.

The rows `pokerstars` (the import at least 5,000 hands/s, and at least 100x pokerkit's hands/s)
and `pokerstars-draw` (a file half draw hands at least two thirds of the hold'em file's hands/s)
of `python -m benchmarks`; their size: the hands of a file. pokerkit takes some 20 ms a hand, so
it is given the file's first K hands without antes (default 1,000; it drops antes); its rate is
over the hands it read. Every hand pokerkit reads is checked: its payoffs must be pokerdb's nets
before rake, but for a split pot's odd cent (the row fails otherwise). The pokerkit side runs in
its own process: `python pokerstars_bench.py FILE PAYOFFS_FILE`."""

import json
import random
import sys
import tempfile
import time
import warnings
from collections import deque
from dataclasses import dataclass
from decimal import Decimal
from pathlib import Path

from pokerstars_draw_hands import pokerstars_mixed_hands
from pokerstars_hands import pokerstars_hands
from procs import Measured, measure, python
from result_tables import Table
from sqlalchemy import create_engine, text
from store_floor import StoreFloor, store_floor
from suite import Context, Figure, RowResult, ratio_figure

from pokerdb.rules.money import AMOUNT_SCALE
from pokerdb.storage.location import database_url

HERE = Path(__file__).resolve().parent
HANDS = 100_000
POKERKIT_HANDS = 1_000
RATE_GOAL = 5_000
RATIO_GOAL = 100
MIXED_GOAL = 2 / 3  # of the hold'em file's hands/s, as a PHH folder of mixed variants
DRAW_SHARE = 0.5
SEED = 21
HEADINGS = ("step", "hands", "wall s", "CPU s", "peak RSS MiB", "hands/s")


@dataclass(frozen=True)
class StarsResults:
    hands: int
    pokerkit_read: int  # of the first pokerkit_hands
    pokerkit_hands: int
    pokerkit: Measured
    imported: Measured
    differing: int  # hands pokerkit read whose payoffs are not pokerdb's nets before rake
    mixed: Measured | None = None  # the import of the file with draw hands
    draw_share: float = 0.0
    floor: StoreFloor | None = None  # SQLite: storing the rows alone (store_floor.py)

    @property
    def rate(self) -> float:
        return self.hands / self.imported.wall

    @property
    def pokerkit_rate(self) -> float:
        return self.pokerkit_read / self.pokerkit.wall

    @property
    def mixed_ratio(self) -> float:
        assert self.mixed is not None
        return self.imported.wall / self.mixed.wall  # the same number of hands


def written(path: Path, hands: int, seed: int, draw_share: float = 0.0) -> Path:
    """The file of `hands` generated hands, about `draw_share` of them draw hands (kept if it
    is there)."""
    marker = path.with_suffix(".json")
    made = {"hands": hands, "seed": seed} | ({"draw_share": draw_share} if draw_share else {})
    if not (path.exists() and marker.exists() and json.loads(marker.read_text()) == made):
        rng = random.Random(seed)
        path.write_text(pokerstars_mixed_hands(rng, hands, draw_share) if draw_share
                        else pokerstars_hands(rng, hands), encoding="utf-8")
        marker.write_text(json.dumps(made))
    return path


def first_hands(path: Path, count: int, out: Path) -> Path:
    """The first `count` hands of the file without antes, as a file of their own: pokerkit's
    reader leaves antes out (its pattern for them matches nothing), so it cannot read those."""
    chunks = [chunk for chunk in path.read_text(encoding="utf-8").split("\n\n\n")
              if "posts the ante" not in chunk][:count]
    out.write_text("\n\n\n".join(chunks) + "\n", encoding="utf-8")
    return out


def same_payoffs(nets: list[Decimal] | None, payoffs: list[Decimal]) -> bool:
    """Whether pokerdb's nets are pokerkit's payoffs, but for a split pot's odd cent: pokerkit
    splits an amount exactly (1.645 each of 3.29), pokerdb in whole cents, the odd one to a
    winner (1.65 and 1.64). So the two agree when their sums do and no seat's differs by a
    cent or more."""
    if nets is None or len(nets) != len(payoffs):
        return False
    cent = Decimal("0.01")
    return sum(nets) == sum(payoffs) and all(abs(net - paid) < cent
                                             for net, paid in zip(nets, payoffs, strict=True))


def compare(ctx: Context, draw_share: float = 0.0, pokerkit_hands: int = POKERKIT_HANDS,
            seed: int = SEED) -> StarsResults:
    """pokerkit and pokerdb on one file of `ctx.size` hands; with `draw_share`, also the import
    of a file of as many hands, that share of them draw hands."""
    hands, say, db = ctx.size, ctx.say, ctx.dbs.fresh("stars")
    say(f"PokerStars: writing {hands:,} hands")
    path = written(ctx.workdir / "hands.txt", hands, seed)
    pokerkit_hands = min(pokerkit_hands, hands)
    with tempfile.TemporaryDirectory() as scratch:
        subset = first_hands(path, pokerkit_hands, Path(scratch) / "first.txt")
        payoffs_file = Path(scratch) / "payoffs.json"
        say(f"PokerStars: pokerkit, parse and replay the first {pokerkit_hands:,}")
        pokerkit = measure(python(str(HERE / "pokerstars_bench.py"), str(subset),
                                  str(payoffs_file)))
        payoffs: dict[str, list[str]] = json.loads(payoffs_file.read_text())
    say(f"PokerStars: pokerdb import of {hands:,}")
    imported = measure(python("-m", "pokerdb", "import", str(path), "--db", db, "-q"))
    nets = stored_nets(db)
    differing = sum(not same_payoffs(nets.get(number), [Decimal(value) for value in paid])
                    for number, paid in payoffs.items())
    floor = store_floor(path, "pokerstars") if db.endswith(".sqlite") else None
    mixed = None
    if draw_share:
        mixed_path = written(path.with_name(f"{path.stem}-mixed.txt"), hands, seed, draw_share)
        say(f"PokerStars: pokerdb import of {hands:,}, about {draw_share:.0%} draw")
        mixed = measure(python("-m", "pokerdb", "import", str(mixed_path), "--db",
                               ctx.dbs.fresh("stars_mixed"), "-q"))
    return StarsResults(hands, len(payoffs), pokerkit_hands, pokerkit, imported, differing,
                        mixed, draw_share, floor)


def stored_nets(db: str) -> dict[str, list[Decimal]]:
    """Each stored hand's nets before rake, by its hand number (raw SQL reads the stored
    ten-thousandths)."""
    engine = create_engine(database_url(db))
    nets: dict[str, list[Decimal]] = {}
    try:
        with engine.connect() as connection:
            for number, net, raked in connection.execute(text(
                    "SELECT d.hand_number, s.net, s.raked FROM deals d JOIN seats s "
                    "ON s.deal_id = d.id ORDER BY d.id, s.player")):
                nets.setdefault(number, []).append(Decimal(net + raked) / AMOUNT_SCALE)
    finally:
        engine.dispose()
    return nets


def pokerkit_main(path: Path, out: Path) -> None:
    """The pokerkit side, its own process: each hand it reads parsed and replayed to its
    payoffs (written to `out` by hand number); the hands it cannot read are skipped."""
    from pokerkit import HandHistory

    warnings.simplefilter("ignore")
    started = time.perf_counter()
    payoffs = {}
    for history in HandHistory.from_pokerstars(path.read_text(encoding="utf-8")):
        state = deque(history, maxlen=1)[0]
        payoffs[str(history.hand)] = [str(value) for value in state.payoffs]
    out.write_text(json.dumps(payoffs))
    print(json.dumps({"seconds": time.perf_counter() - started}))


def table_rows(r: StarsResults) -> list[list[str]]:
    def row(step: str, hands: int, measured: Measured) -> list[str]:
        return [step, f"{hands:,}", f"{measured.wall:.2f}", f"{measured.cpu:.2f}",
                f"{measured.max_rss_mib:.0f}", f"{hands / measured.wall:,.0f}"]

    return [row(f"pokerkit: parse and replay (read {r.pokerkit_read:,} of the first "
                f"{r.pokerkit_hands:,} without antes)", r.pokerkit_read, r.pokerkit),
            row("pokerdb import", r.hands, r.imported),
            *([row(f"pokerdb import, {r.draw_share:.0%} of the hands draw hands", r.hands,
                   r.mixed)] if r.mixed is not None else []),
            *([r.floor.row(HEADINGS)] if r.floor is not None else [])]


def targets(r: StarsResults) -> list[Figure]:
    if r.mixed is not None:
        return [Figure("PokerStars import hands/s, with draw hands vs hold'em only",
                       f">= {MIXED_GOAL:.3g}x", f"{r.mixed_ratio:.3f}x (CPU "
                       f"{r.imported.cpu / r.mixed.cpu:.3f}x; {r.mixed.wall:.2f} s vs "
                       f"{r.imported.wall:.2f} s)", r.mixed_ratio >= MIXED_GOAL, r.mixed.wall,
                       r.imported.wall, r.mixed_ratio)]
    return [Figure("PokerStars import, whole process", f">= {RATE_GOAL:,} hands/s",
                   f"{r.rate:,.0f} hands/s", r.rate >= RATE_GOAL, r.rate, None, None,
                   "hands/s"),
            ratio_figure("PokerStars import vs pokerkit parse and replay, hands/s", r.rate,
                         r.pokerkit_rate, at_least=RATIO_GOAL, unit="hands/s", digits=0),
            *([r.floor.target(RATIO_GOAL * r.pokerkit_rate)] if r.floor is not None else [])]


def _row(ctx: Context, draw_share: float) -> RowResult:
    results = compare(ctx, draw_share)
    table = Table(f"PokerStars: {results.hands:,} generated hands in one file (pokerkit's "
                  f"payoffs differing from pokerdb's nets before rake: {results.differing})",
                  HEADINGS, table_rows(results), frozenset({1, 2, 3, 4, 5}))
    return RowResult(targets(results), [table],
                     f"{results.differing} hands differ from pokerkit's payoffs"
                     if results.differing else None)


def row(ctx: Context) -> RowResult:
    return _row(ctx, 0.0)


def draw_row(ctx: Context) -> RowResult:
    return _row(ctx, DRAW_SHARE)


if __name__ == "__main__":
    pokerkit_main(Path(sys.argv[1]), Path(sys.argv[2]))
