"""Hand histories of the sites beside PokerStars (issue 34): `pokerdb import` of one file of many
hands of a site as a whole process, in hands/s. The file is the site's samples (tests/data/sites/)
that pokerdb stores, replicated under new hand numbers up to the row's size.

The rows `winamax` and `wpn` of `python -m benchmarks` (the import at least 5,000 hands/s, the
goal of every site); their size: the hands of the file. Every hand of the file must be stored
(the row fails otherwise)."""

import re
from collections.abc import Callable, Iterator
from pathlib import Path

from procs import Measured, measure, python
from result_tables import Table
from sqlalchemy import create_engine, text
from suite import Context, Figure, RowResult

from pokerdb.storage.location import database_url

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = ROOT / "tests" / "data" / "sites"
RATE_GOAL = 5_000
HEADINGS = ("step", "hands", "wall s", "CPU s", "peak RSS MiB", "hands/s")


def winamax_hands(number: int, hands: list[str]) -> Iterator[str]:
    """Winamax's sample hands, hand `number` on (`HandId: #A-B-C`: the first number made new)."""
    for index, hand in enumerate(hands):
        yield re.sub(r"HandId: #\d+-", f"HandId: #{number + index}-", hand, count=1)


def wpn_hands(number: int, hands: list[str]) -> Iterator[str]:
    """The Winning Poker Network's sample hands, hand `number` on (`Game ID: N `)."""
    for index, hand in enumerate(hands):
        yield re.sub(r"Game ID: \d+ ", f"Game ID: {number + index} ", hand, count=1)


def sample_hands(folder: Path, start: str, stored: set[str], number: re.Pattern[str]
                 ) -> list[str]:
    """The samples' hands (each once) whose numbers are among those pokerdb stored."""
    hands: dict[str, str] = {}
    for path in sorted(folder.rglob("*.txt")):
        content = path.read_bytes()
        try:
            text_ = content.decode("utf-8-sig")
        except UnicodeDecodeError:
            text_ = content.decode("cp1252")
        for chunk in re.split(f"(?={re.escape(start)})", text_.replace("\ufeff", "\n")):
            found = number.search(chunk)
            if found is not None and found[1] in stored and found[1] not in hands:
                hands[found[1]] = chunk.strip().replace("\r\n", "\n") + "\n"
    return list(hands.values())


def stored_numbers(db: str) -> list[str]:
    engine = create_engine(database_url(db))
    try:
        with engine.connect() as connection:
            return [number for (number,) in connection.execute(text(
                "SELECT hand_number FROM deals"))]
    finally:
        engine.dispose()


def _row(ctx: Context, site: str, folder: str, start: str, number: re.Pattern[str],
         renumbered: Callable[[int, list[str]], Iterator[str]]) -> RowResult:
    hands, say = ctx.size, ctx.say
    samples = SAMPLES / folder
    say(f"{site}: the samples pokerdb stores")
    scratch = ctx.dbs.fresh(f"{folder}_samples")
    measure(python("-m", "pokerdb", "import", str(samples), "--db", scratch, "-q",
                   "--skip-invalid"))
    kept = sample_hands(samples, start, set(stored_numbers(scratch)), number)
    path = ctx.workdir / f"{folder}.txt"
    with path.open("w", encoding="utf-8") as out:
        made = 0
        while made < hands:
            batch = kept[:hands - made]
            out.write("\n\n".join(renumbered(100_000_000 + made, batch)) + "\n\n")
            made += len(batch)
    say(f"{site}: pokerdb import of {hands:,} hands")
    db = ctx.dbs.fresh(folder)
    imported = measure(python("-m", "pokerdb", "import", str(path), "--db", db, "-q"))
    count = len(stored_numbers(db))
    rate = hands / imported.wall
    table = Table(f"{site}: {hands:,} hands in one file, the {len(kept)} sample hands pokerdb "
                  f"stores renumbered ({count:,} stored)", HEADINGS,
                  [_line("pokerdb import", hands, imported)], frozenset({1, 2, 3, 4, 5}))
    figure = Figure(f"{site} import, whole process", f">= {RATE_GOAL:,} hands/s",
                    f"{rate:,.0f} hands/s", rate >= RATE_GOAL, rate, None, None, "hands/s")
    return RowResult([figure], [table], None if count == hands else
                     f"{hands - count:,} of the {hands:,} hands were not stored")


def _line(step: str, hands: int, measured: Measured) -> list[str]:
    return [step, f"{hands:,}", f"{measured.wall:.2f}", f"{measured.cpu:.2f}",
            f"{measured.max_rss_mib:.0f}", f"{hands / measured.wall:,.0f}"]


def winamax_row(ctx: Context) -> RowResult:
    return _row(ctx, "Winamax", "winamax", "Winamax Poker - ",
                re.compile(r"HandId: #([\d-]+) "), winamax_hands)


def wpn_row(ctx: Context) -> RowResult:
    return _row(ctx, "Winning Poker Network", "winning-poker-network", "Game started at: ",
                re.compile(r"Game ID: (\d+) "), wpn_hands)
