"""`pokerdb export`: the stored results written in another format, by the export module of
that format (pokerdb.exports); this command names what was written."""

from pathlib import Path
from typing import Annotated

import typer

from pokerdb.cli.options import DatasetOption, DbOption, open_database
from pokerdb.cli.program import ANSWERS, command
from pokerdb.cli.terminal import counted, interruptible, user_errors
from pokerdb.errors import shown


@command("export", panel=ANSWERS)
def export_command(
    output: Annotated[Path, typer.Option("--output", "-o", help="The folder to write.")],
    export_format: Annotated[str, typer.Option(
        "--format", metavar="FORMAT",
        help="phh: each recorded hand (of any input) as a PHH file, a folder per dataset; "
             "parquet: a folder of Parquet files per relation, by format and month; "
             "exporting again into it appends what is new. Either writes its folder "
             "whole or not at all.")] = "phh",
    db: DbOption = None, dataset: DatasetOption = None,
    overwrite: Annotated[bool, typer.Option(
        "--overwrite", help="Replace the output folder if it holds files.")] = False,
) -> None:
    """Write the stored results in another format: the recorded hands as PHH files, or
    deals, hands, seats, actions and the tracker counts as Parquet (docs/parquet.md)."""
    from pokerdb.exports import Written, exporter
    from pokerdb.exports.folders import in_place

    done: list[Written] = []
    with user_errors(), interruptible(lambda: f"{output} was written"
                                      if done or in_place(output) else "nothing was exported"):
        export = exporter(export_format)
        done.extend(export(open_database(db), output, dataset, overwrite))
        for written in done:
            note = f" ({written.note})" if written.note else ""
            typer.echo(shown(f"{written.path}: {counted(written.rows, written.noun)}{note}"))
