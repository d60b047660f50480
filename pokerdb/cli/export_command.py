"""`pokerdb export`: the recorded hands written out in another tool's format (PHH), by one call
into the library (pokerdb.exports)."""

from enum import StrEnum
from pathlib import Path
from typing import Annotated

import typer

from pokerdb.cli.options import DatasetOption, DbOption, open_database
from pokerdb.cli.program import FILES, command
from pokerdb.cli.terminal import counted, user_errors
from pokerdb.errors import shown


class ExportFormat(StrEnum):
    PHH = "phh"


@command("export", panel=FILES)
def export_command(
    output: Annotated[Path, typer.Option(
        "--output", "-o", help="The folder to write into (made if missing).")],
    export_format: Annotated[ExportFormat, typer.Option(
        "--format", help="phh: each recorded hand as a PHH file.")] = ExportFormat.PHH,
    dataset: DatasetOption = None,
    db: DbOption = None,
) -> None:
    """Write the recorded hands (of any input: PHH, PokerStars) out as PHH files, one folder
    per dataset."""
    from pokerdb.exports.phh import export_phh

    with user_errors():
        result = export_phh(open_database(db), output, dataset)
    left_out = (f" ({counted(result.left_out, 'hand')} imported before pokerdb kept their "
                f"blinds left out: import them again to export them)" if result.left_out
                else "")
    typer.echo(shown(f"wrote {counted(result.hands, 'hand')} as PHH files to "
                     f"{', '.join(map(str, result.folders))}{left_out}"))
