"""PostgreSQL against SQLite on HandHQ-shaped hands (issue 37: within 1.5x of SQLite on import
and answers): the same folder of N hands (handhq_hands) imported into a fresh SQLite file and
right after into a scratch PostgreSQL database, so that both meet the same load; then on each
`pokerdb players` for everyone (a whole process) and one player's figures (every statistic,
overall, by position and by stakes; best of five, in this process). The row `handhq-postgres`
of `python -m benchmarks --db URL`; its size is 200,000 hands.
"""

from handhq_bench import SEED, one_player
from handhq_hands import write_handhq
from procs import Measured, measure, python
from result_tables import Table
from scratch_databases import Databases
from suite import Context, Figure, RowResult, ratio_figure

GOAL = 1.5  # PostgreSQL's time over SQLite's, at most


def row(ctx: Context) -> RowResult:
    folder = ctx.workdir / "hands"
    files = write_handhq(folder, ctx.size, SEED)
    ctx.say(f"wrote {ctx.size:,} hands in {files:,} files")
    databases = (Databases(ctx.workdir).fresh("handhq"), ctx.dbs.fresh("handhq"))
    imports: list[Measured] = []
    everyone: list[Measured] = []
    one: list[float] = []
    for db, backend in zip(databases, ("SQLite", "PostgreSQL"), strict=True):
        ctx.say(f"pokerdb import on {backend}")
        imports.append(measure(python("-m", "pokerdb", "import", str(folder), "--skip-invalid",
                                      "--quiet", "--db", db)))
    for db, backend in zip(databases, ("SQLite", "PostgreSQL"), strict=True):
        ctx.say(f"pokerdb players and one player's figures on {backend}")
        everyone.append(measure(python("-m", "pokerdb", "players", "--format", "csv", "--db",
                                       db)))
        one.append(one_player(db)[0])
    if everyone[0].stdout != everyone[1].stdout:
        return RowResult([], failed="pokerdb players differs between SQLite and PostgreSQL")
    figures: list[Figure] = [
        ratio_figure(f"PostgreSQL import of {ctx.size:,} HandHQ-shaped hands vs SQLite",
                     imports[1].wall, imports[0].wall, at_most=GOAL),
        ratio_figure("PostgreSQL pokerdb players, everyone, vs SQLite", everyone[1].wall,
                     everyone[0].wall, at_most=GOAL),
        ratio_figure("PostgreSQL one player's figures vs SQLite", one[1], one[0], at_most=GOAL),
    ]
    steps = Table(f"HandHQ-shaped hands, {ctx.size:,}: SQLite and PostgreSQL side by side",
                  ("step", "SQLite s", "PostgreSQL s", "ratio"),
                  [["pokerdb import", f"{imports[0].wall:.2f}", f"{imports[1].wall:.2f}",
                    f"{imports[1].wall / imports[0].wall:.2f}x"],
                   ["pokerdb players", f"{everyone[0].wall:.2f}", f"{everyone[1].wall:.2f}",
                    f"{everyone[1].wall / everyone[0].wall:.2f}x"],
                   ["one player's figures", f"{one[0]:.4f}", f"{one[1]:.4f}",
                    f"{one[1] / one[0]:.2f}x"]],
                  frozenset({1, 2, 3}))
    return RowResult(figures, [steps])
