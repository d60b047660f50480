"""The archives of closed sites, Full Tilt Poker and Ongame: the rows `full-tilt` and `ongame` of
`python -m benchmarks`, each `pokerdb import` of one file of the site's sample hands
(tests/data/sites/<site>, those pokerdb stores) repeated and renumbered to its size, as a whole
process (procs.measure), in hands/s against the goal of 5,000."""

import re
from collections.abc import Callable
from pathlib import Path

from procs import measure, python
from suite import Context, Figure, RowResult

SAMPLES = Path(__file__).resolve().parent.parent / "tests" / "data" / "sites"
RATE_GOAL = 5_000


def _full_tilt(hand: str, number: int) -> str | None:
    if "The button is in seat" not in hand:
        return None  # refused: cut short
    return re.sub(r"Game #\d+", f"Game #{40_000_000_000 + number}", hand, count=1)


def _ongame(hand: str, number: int) -> str | None:
    stakes = re.search(r"(\S+)/(\S+), Real money", hand)
    if "***** End of hand" not in hand or stakes is None or stakes[1] == stakes[2]:
        return None  # refused: cut short, or blinds of one size (heads-up among them)
    return re.sub(r"hand R5-(\d+)-\d+", rf"hand R5-\g<1>-{number}", hand, count=1)


def written(site: str, starts: str, renumbered: Callable[[str, int], str | None], hands: int,
            path: Path) -> Path:
    """A file of `hands` of the site's sample hands, repeated and renumbered."""
    samples: list[str] = []
    for file in sorted((SAMPLES / site).rglob("*.txt")):
        text = file.read_text(encoding="utf-8-sig")
        samples += [chunk.strip() for chunk in re.split(f"(?={re.escape(starts)})", text)
                    if chunk.startswith(starts)]
    with path.open("w", encoding="utf-8") as out:
        number = 0
        while number < hands:
            for hand in samples:
                if number < hands and (text := renumbered(hand, number)) is not None:
                    out.write(text + "\n\n")
                    number += 1
    return path


def _row(site: str, starts: str, renumbered: Callable[[str, int], str | None],
         ctx: Context) -> RowResult:
    file = written(site, starts, renumbered, ctx.size, ctx.workdir / f"{site}.txt")
    ctx.say(f"pokerdb import of {ctx.size:,} {site} hands")
    run = measure(python("-m", "pokerdb", "import", str(file), "-q", "--db",
                         str(ctx.workdir / f"{site}.sqlite")))
    rate = ctx.size / run.wall
    return RowResult([Figure(f"import of {ctx.size:,} {site} hands, hands/s (whole process)",
                             f">= {RATE_GOAL:,}", f"{rate:,.0f} ({run.wall:.1f} s)",
                             rate >= RATE_GOAL, rate, None, None, "hands/s")])


def full_tilt_row(ctx: Context) -> RowResult:
    return _row("full-tilt", "Full Tilt Poker Game #", _full_tilt, ctx)


def ongame_row(ctx: Context) -> RowResult:
    return _row("ongame", "***** History for hand ", _ongame, ctx)
