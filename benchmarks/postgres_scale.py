"""How pokerdb scales on PostgreSQL (issue 15): import, evaluate and import --evaluate of one
large generated file, each into a scratch database, with the rows written per second, the
client's CPU and peak RSS, and the tables' size on disk.

    python -m benchmarks postgres-scale --db postgresql+psycopg://user:pw@host/db

Its size: the deals of the file (20,000,000). No goal: the figures are what docs/postgresql.md
scales from (rows a second, bytes a deal on disk).
"""

from procs import Measured, measure, python
from result_tables import Table
from sqlalchemy import create_engine, text
from suite import Context, Figure, RowResult

ROWS_PER_DEAL = {"import": 3, "evaluate": 3, "import --evaluate": 6}  # two hands a deal
TABLES = ("deals", "hand_cards", "hand_values")


def sizes(url: str) -> dict[str, int]:
    """Bytes on disk of each deal table (indexes included) and of the whole database."""
    engine = create_engine(url)
    try:
        with engine.connect() as connection:
            found = {table: int(connection.scalar(text(
                f"SELECT pg_total_relation_size('{table}')")) or 0) for table in TABLES}
            found["database"] = int(connection.scalar(text(
                "SELECT pg_database_size(current_database())")) or 0)
            return found
    finally:
        engine.dispose()


def row(ctx: Context) -> RowResult:
    deals, file = ctx.size, ctx.workdir / "deals.txt"
    ctx.say(f"generating {deals:,} deals")
    measure(python("-m", "pokerdb", "generate", str(deals), "--seed", str(ctx.seed), "-o",
                   str(file)))
    steps = {name: ctx.dbs.fresh(label) for name, label in (
        ("separate", "scale_separate"), ("one pass", "scale_one_pass"))}
    runs: list[tuple[str, Measured]] = []
    for name, args, db in (("import", ["import", str(file)], steps["separate"]),
                           ("evaluate", ["evaluate"], steps["separate"]),
                           ("import --evaluate", ["import", str(file), "--evaluate"],
                            steps["one pass"])):
        ctx.say(f"pokerdb {name}")
        runs.append((name, measure(python("-m", "pokerdb", *args, "--db", db, "-q"))))
    on_disk = {name: sizes(db) for name, db in steps.items()}
    figures = [Figure(f"PostgreSQL {name}, {deals:,} deals", "", f"{run.wall:.1f} s, "
                      f"{deals / run.wall:,.0f} deals/s", None, deals / run.wall, None, None,
                      "deals/s") for name, run in runs]
    per_deal = on_disk["separate"]["database"] / deals
    figures.append(Figure("PostgreSQL bytes on disk a deal (indexes included)", "",
                          f"{per_deal:,.0f} bytes", None, per_deal, None, None, "bytes"))
    rows = [[name, f"{run.wall:.1f}", f"{deals / run.wall:,.0f}",
             f"{ROWS_PER_DEAL[name] * deals / run.wall:,.0f}", f"{run.cpu:.1f}",
             f"{run.max_rss_mib:.0f}"] for name, run in runs]
    gib = 1 << 30
    return RowResult(figures, [
        Table(f"{deals:,} deals on PostgreSQL",
              ("step", "wall s", "deals/s", "rows/s", "client CPU s", "client peak RSS MiB"),
              rows, frozenset(range(1, 6))),
        Table("On disk (indexes included), GiB", ("after", *TABLES, "database"),
              [[name, *(f"{found[table] / gib:.2f}" for table in (*TABLES, "database"))]
               for name, found in (("import, then evaluate", on_disk["separate"]),
                                   ("import --evaluate", on_disk["one pass"]))],
              frozenset(range(1, 5)))])
