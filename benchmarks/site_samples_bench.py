"""The hand histories of a site pokerdb reads from its samples (tests/data/sites/SITE; GGPoker's
in tests/data/ggpoker): `pokerdb import` as a whole process of one file of many hands, the
sample hands that pokerdb stores written again and again under new hand numbers (each unit of
the file, a hand or an iPoker session, its numbers renumbered), their count the row's size.

The rows `ggpoker`, `winamax`, `wpn`, `888poker`, `partypoker`, `ipoker`, `full-tilt` and
`ongame` of `python -m benchmarks` (at least 5,000 hands/s each); each checks that the import
stored every hand of the file."""

import re
import sqlite3
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

from procs import measure, python
from result_tables import Table
from sqlalchemy import create_engine, text
from suite import ROOT, Context, Figure, RowResult

from pokerdb.storage.location import database_url

RATE_GOAL = 5_000
HANDS = 50_000
FIRST_NUMBER = 7_000_000_000  # the new hand numbers count up from here
HEADINGS = ("step", "hands", "wall s", "CPU s", "peak RSS MiB", "hands/s")


@dataclass(frozen=True)
class SiteSamples:
    """A site's samples as the benchmark writes them again: its format, its sample folder,
    where each unit of a file starts, and the hand numbers a unit holds (each a group 1)."""

    format: str
    folder: str  # under tests/data
    unit_start: re.Pattern[str]
    number: re.Pattern[str]

    def units(self) -> list[str]:
        """The units of every sample file, in path order."""
        units: list[str] = []
        for path in sorted((ROOT / "tests" / "data" / self.folder).rglob("*.txt")):
            text = path.read_text(encoding="utf-8-sig", errors="replace").replace("\ufeff", "\n")
            starts = [match.start() for match in self.unit_start.finditer(text)]
            units += [text[start:end].strip() + "\n"
                      for start, end in zip(starts, [*starts[1:], len(text)][:len(starts)],
                                            strict=True)]
        return units


BRACKET_START = re.compile(r"^(?:#Game No : \d+\s*\n)?\*{5} [^\n]*Hand History for Game ",
                           re.MULTILINE)
SITES = {
    "ggpoker": SiteSamples("ggpoker", "ggpoker", re.compile(r"^Poker Hand #", re.MULTILINE),
                           re.compile(r"Poker Hand #[A-Za-z]*(\d+):")),
    "888poker": SiteSamples("888poker", "sites/888poker", BRACKET_START,
                            re.compile(r"(?:Game No : |Hand History for Game )(\d+)")),
    "partypoker": SiteSamples("partypoker", "sites/partypoker", BRACKET_START,
                              re.compile(r"(?:Game No : |Hand History for Game )(\d+)")),
    "ipoker": SiteSamples("ipoker", "sites/ipoker", re.compile(r"<session[ >]"),
                          re.compile(r'gamecode="(\d+)"')),
    "winamax": SiteSamples("winamax", "sites/winamax",
                           re.compile(r"^Winamax Poker - ", re.MULTILINE),
                           re.compile(r"HandId: #(\d+)-")),
    "wpn": SiteSamples("wpn", "sites/winning-poker-network",
                       re.compile(r"^Game started at: ", re.MULTILINE),
                       re.compile(r"Game ID: (\d+) ")),
    "full-tilt": SiteSamples("full-tilt", "sites/full-tilt",
                             re.compile(r"^Full Tilt Poker Game #", re.MULTILINE),
                             re.compile(r"Game #(\d+)")),
    "ongame": SiteSamples("ongame", "sites/ongame",
                          re.compile(r"^\*{5} History for hand ", re.MULTILINE),
                          re.compile(r"hand R5-\d+-(\d+)")),
}


def stored_units(ctx: Context, site: SiteSamples) -> list[str]:
    """The units of the site's samples that pokerdb stores (imported each as a file of its
    own: a unit refused or cancelled, or another unit's hand under its number, is left out)."""
    folder = ctx.workdir / f"{site.format}-units"
    folder.mkdir()
    units = site.units()
    for index, unit in enumerate(units):
        (folder / f"{index:04d}.txt").write_text(unit, encoding="utf-8")
    db = ctx.workdir / f"{site.format}-units.sqlite"
    measure(python("-m", "pokerdb", "import", str(folder), "--format", site.format, "--db",
                   str(db), "--skip-invalid", "-q"))
    with sqlite3.connect(db) as connection:  # each deal's source file: the unit's
        stored = {int(source.rpartition("/")[2].partition(".")[0])
                  for (source,) in connection.execute(
                      "SELECT DISTINCT f.name FROM deals d "
                      "JOIN source_names f ON f.id = d.source_id")}
    return [unit for index, unit in enumerate(units) if index in stored]


def written(path: Path, site: SiteSamples, units: list[str], hands: int) -> int:
    """A file of at least `hands` hands: the units over and over, renumbered; how many hands
    it holds."""
    count = 0
    numbers: Iterator[int] = iter(range(FIRST_NUMBER, FIRST_NUMBER + 100 * hands))
    with path.open("w", encoding="utf-8") as file:
        while count < hands:
            for unit in units:
                renumbered: dict[str, str] = {}

                def renumber(match: re.Match[str], new: dict[str, str] = renumbered) -> str:
                    old = match[1]
                    new.setdefault(old, str(next(numbers)))
                    return match[0].replace(old, new[old])

                file.write(site.number.sub(renumber, unit) + "\n")
                count += len(renumbered)
                if count >= hands:
                    break
    return count


def site_row(name: str) -> Callable[[Context], RowResult]:
    site = SITES[name]

    def row(ctx: Context) -> RowResult:
        ctx.say(f"{name}: the samples pokerdb stores")
        units = stored_units(ctx, site)
        path = ctx.workdir / f"{name}.txt"
        hands = written(path, site, units, ctx.size)
        db = ctx.dbs.fresh(name.replace("888", "pacific"))
        ctx.say(f"{name}: pokerdb import of {hands:,} hands")
        imported = measure(python("-m", "pokerdb", "import", str(path), "--format",
                                  site.format, "--db", db, "-q"))
        rate = hands / imported.wall
        engine = create_engine(database_url(db))
        try:
            with engine.connect() as connection:
                deals = connection.execute(text("SELECT count(*) FROM deals")).scalar_one()
        finally:
            engine.dispose()
        table = Table(f"{name}: {len(units)} units of the samples written again to {hands:,}",
                      HEADINGS, [["pokerdb import", f"{hands:,}", f"{imported.wall:.2f}",
                                  f"{imported.cpu:.2f}", f"{imported.max_rss_mib:.0f}",
                                  f"{rate:,.0f}"]], frozenset({1, 2, 3, 4, 5}))
        return RowResult([Figure(f"{name} import, whole process", f">= {RATE_GOAL:,} hands/s",
                                 f"{rate:,.0f} hands/s", rate >= RATE_GOAL, rate, None, None,
                                 "hands/s")], [table],
                         None if deals == hands else f"{deals:,} of {hands:,} hands stored")

    return row
