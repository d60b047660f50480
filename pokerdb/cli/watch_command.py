"""`pokerdb watch`: import the hands a site writes into its folders while it runs
(pokerdb.steps.watch)."""

import time
from pathlib import Path
from typing import Annotated

import typer

from pokerdb.cli.options import DbOption
from pokerdb.cli.program import CHANGES, command
from pokerdb.cli.step_commands import import_line
from pokerdb.cli.terminal import counted, interruptible, user_errors
from pokerdb.errors import shown


@command("watch", panel=CHANGES)
def watch_command(
    folders: Annotated[list[Path], typer.Argument(
        help="The folders the site writes its hand histories into (PokerStars', "
             "GGPoker's, PHH files).")],
    db: DbOption = None,
    interval: Annotated[float, typer.Option(
        "--interval", min=0.05, help="Seconds between two looks at the folders.")] = 1.0,
    settle: Annotated[float, typer.Option(
        "--settle", min=0.0, help="A file's last hand is complete once it holds its summary "
                                  "(PHH: is read whole) and the file has not grown for this "
                                  "many seconds.")] = 2.0,
) -> None:
    """Import the hands a site writes into its folders while it runs, each complete hand once
    (new files, and hands added to files read before), a line per batch; Ctrl-C stops."""
    stored = [0]
    with user_errors(), interruptible(
            lambda: shown(f"stopped watching; {counted(stored[0], 'deal')} imported, every "
                          f"hand complete when read is stored")):
        from pokerdb.steps.watch import Batch, Watcher, watch
        from pokerdb.storage.engines import open_engine

        watcher = Watcher(open_engine(db), folders, settle)
        typer.echo(shown(f"watching {', '.join(map(str, folders))} (Ctrl-C stops)"))

        def report(batch: Batch) -> None:
            where = f"{batch.path} (from byte {batch.offset:,})"
            if batch.result is None:
                typer.echo(shown(f"{where}: {batch.refused}"), err=True)
                return
            stored[0] += batch.result.deals
            typer.echo(import_line(where, batch.result, "hand", False))

        watch(watcher, time.monotonic, time.sleep, interval, report)
