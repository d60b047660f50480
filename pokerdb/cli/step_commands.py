"""The commands that fill and change a database: import, evaluate, equity, delete, compact."""

from typing import TYPE_CHECKING, Annotated

import typer

from pokerdb.cli.options import DatasetOption, DbOption, QuietOption, open_database
from pokerdb.cli.program import CHANGES, command
from pokerdb.cli.terminal import (
    CountedProgress,
    counted,
    interruptible,
    notes,
    progress_bars,
    user_errors,
)
from pokerdb.errors import shown
from pokerdb.formats import InputFormat
from pokerdb.rules.games import GameName

if TYPE_CHECKING:
    from pokerdb.steps.equity_step import EquityScope
    from pokerdb.steps.importer import ImportResult


@command("import", panel=CHANGES)
def import_command(
    files: Annotated[list[str], typer.Argument(
        help="Deal files, plain or gzip; '-' is stdin; a folder of hand histories (phh, "
             "pokerstars).")],
    db: DbOption = None,
    name: Annotated[str | None, typer.Option(
        "--name", help="Dataset name (one file only); default the file name.")] = None,
    players: Annotated[str | None, typer.Option(
        "--players", help="Players per deal: N, N-M or 'any'; default as the first deal.")
    ] = None,
    input_format: Annotated[InputFormat | None, typer.Option(
        "--format", show_default=False, metavar="FORMAT",
        help=InputFormat.choices_help())
    ] = None,
    max_errors: Annotated[int, typer.Option(
        "--max-errors", min=1, help="Invalid lines to report before giving up.")] = 1,
    skip_invalid: Annotated[bool, typer.Option(
        "--skip-invalid", help="Import the valid lines; record the others in the rejects table.")
    ] = False,
    evaluate: Annotated[bool, typer.Option(
        "--evaluate", help="Evaluate the deals as they are imported (what `pokerdb evaluate` "
                           "would store), in the same transaction.")] = False,
    game: Annotated[GameName | None, typer.Option(
        "--game", show_default=False,
        help="The deals' game: with --format holdem, holdem (default), omaha, omaha-5, "
             "omaha-6, omaha-hi-lo or short-deck; with --format hands, stud (default), "
             "stud-hi-lo, razz, deuce-to-seven, badugi or five-card. Deals of a game other "
             "than five-card and holdem are evaluated as they are imported.")] = None,
    quiet: QuietOption = False,
) -> None:
    """Import deal files, each in one transaction: a file with a bad line imports nothing
    (unless --skip-invalid)."""
    done: list[str] = []  # the files imported (or skipped) before an interruption
    # The library loaded inside: a Ctrl-C while it loads is told like any other.
    with user_errors(), interruptible(lambda: _import_kept(files, done)):
        from pokerdb.steps.file_imports import ImportRequest, import_files

        request = ImportRequest(name, players, input_format, max_errors, skip_invalid,
                                evaluate, None if game is None else game.value)
        for imported in import_files(db, files, request, progress_bars(quiet)):
            done.append(imported.file)
            if not (quiet and imported.result.deals):
                typer.echo(import_line(imported.file, imported.result, imported.item,
                                       evaluate))
            notes(list(imported.result.notes))


def import_line(file: str, result: "ImportResult", item: str, evaluate: bool) -> str:
    """What an import of `file` says it did: skipped, stored already, or imported."""
    if result.skipped:
        return shown(f"{file}: already imported as dataset '{result.already_imported_as}', "
                     f"skipped")
    if not result.deals and not result.tournaments:
        stored = [counted(result.duplicates, "hand")] if result.duplicates else []
        if result.tournaments_stored_already:
            stored.append(counted(result.tournaments_stored_already, "tournament"))
        return shown(f"{file}: all {' and '.join(stored)} are stored already, skipped")
    rate = result.deals / result.seconds if result.seconds else 0
    evaluated = " and evaluated" if evaluate else ""
    tournaments = (f" and {counted(result.tournaments, 'tournament')} (summaries)"
                   if result.tournaments else "")
    return shown(f"{file}: imported{evaluated} {counted(result.deals, 'deal')} "
                 f"({counted(result.hands, 'hand')}){tournaments} as dataset '{result.name}' "
                 f"in {result.seconds:.2f} s ({rate:,.0f} deals/s)"
                 f"{_skipped_note(result.rejected, item)}"
                 f"{_site_note(result.duplicates, result.cancelled)}"
                 f"{_tournament_note(result.tournaments_stored_already)}")


def _import_kept(files: list[str], done: list[str]) -> str:
    """What an import interrupted after the files `done` kept."""
    if len(done) == len(files):
        return f"every file was imported ({counted(len(done), 'file')})"
    before = (f"; the {counted(len(done), 'file')} before it "
              f"{'was' if len(done) == 1 else 'were'} imported" if done else "")
    return shown(f"nothing of {files[len(done)]} was imported{before}")


def _skipped_note(rejected: int, item: str) -> str:
    if not rejected:
        return ""
    return (f"; skipped {rejected:,} invalid {item}{'s' if rejected > 1 else ''} "
            f"(see the rejects table)")


def _tournament_note(stored_already: int) -> str:
    """The tournament summaries of a site's files whose tournaments are stored already."""
    return (f"; skipped {counted(stored_already, 'tournament')} stored already"
            if stored_already else "")


def _site_note(duplicates: int, cancelled: int) -> str:
    """The hands of a site's files not stored: already stored, or cancelled by the site."""
    notes = ([f"skipped {counted(duplicates, 'hand')} stored already"] if duplicates else []) + (
        [f"{counted(cancelled, 'cancelled hand')} not stored"] if cancelled else [])
    return "".join(f"; {note}" for note in notes)


@command(panel=CHANGES)
def evaluate(db: DbOption = None, quiet: QuietOption = False) -> None:
    """Evaluate every hand not yet evaluated and decide each deal's winner."""
    progress = CountedProgress(progress_bars(quiet))
    with user_errors(), interruptible(
            lambda: f"the {counted(progress.done, 'hand')} evaluated before were kept, the "
                    f"window in progress was not (pokerdb evaluate goes on from there)"):
        from pokerdb.steps.evaluate_database import evaluate_database

        result = evaluate_database(db, progress)
    if quiet:
        return
    if not result.hands:
        typer.echo("nothing to evaluate: every hand is evaluated already")
        return
    rate = result.hands / result.seconds if result.seconds else 0
    typer.echo(f"evaluated {counted(result.hands, 'hand')} in {counted(result.deals, 'deal')} "
               f"in {result.seconds:.2f} s ({rate:,.0f} hands/s)")


@command(panel=CHANGES)
def equity(db: DbOption = None, dataset: DatasetOption = None,
           quiet: QuietOption = False) -> None:
    """Each hand's exact equity in Hold'em, Omaha and short-deck: its share of the pot over
    every completion of the board (hands.equity). Deals that have one are skipped, so a
    stopped run resumes."""
    progress = CountedProgress(progress_bars(quiet))
    with user_errors(), interruptible(
            lambda: f"the equities of {counted(progress.done, 'deal')} computed before were "
                    f"kept, the window in progress was not (pokerdb equity goes on from "
                    f"there)"):
        from pokerdb.steps.equity_step import compute_pending, equity_scope

        engine = open_database(db)
        result = compute_pending(engine, dataset, progress)
        if not result.deals and not quiet:
            why = _why_no_equity(equity_scope(engine, dataset), dataset)
            typer.echo(shown(f"nothing to compute: {why}"))
    if quiet or not result.deals:
        return
    rate = result.deals / result.seconds if result.seconds else 0
    typer.echo(f"computed the equity of {counted(result.hands, 'hand')} in "
               f"{counted(result.deals, 'deal')} in {result.seconds:.2f} s ({rate:,.0f} deals/s)")


def _why_no_equity(scope: "EquityScope", dataset: str | None) -> str:
    """Why `pokerdb equity` found nothing to compute, in words."""
    where = "the database" if dataset is None else f"dataset '{dataset}'"
    if not scope.deals:
        return f"{where} holds no deals"
    if not scope.with_board:
        return (f"no deal of {where} ({counted(scope.deals, 'deal')}) is of a game with a "
                f"board (Hold'em, Omaha, short-deck: the games pokerdb computes equity for)")
    unknown = scope.unknown_cards
    unknown_said = (f"{counted(unknown, 'deal')} with a board "
                    f"{'has' if unknown == 1 else 'have'} a player's cards unknown (not "
                    f"shown), so no equity")
    if not scope.stored:
        return f"{unknown_said} ({where})"
    said = (f"every deal with a board of {where} whose cards are known has its equities "
            f"already ({counted(scope.stored, 'deal')})")
    return f"{said}; {unknown_said}" if unknown else said


@command("delete", panel=CHANGES)
def delete_command(
    dataset: Annotated[str, typer.Argument(help="The dataset's name (see: pokerdb datasets).")],
    db: DbOption = None,
) -> None:
    """Remove a dataset and everything derived from it (deals, hands, values, rejected lines,
    win counts) in one transaction."""
    with user_errors(), interruptible(
            lambda: shown(f"nothing was deleted: dataset '{dataset}' is as it was")):
        from pokerdb.steps.removal import delete_dataset

        removed = delete_dataset(open_database(db), dataset)
    typer.echo(shown(f"deleted dataset '{dataset}' ({counted(removed, 'deal')})"))


@command("compact", panel=CHANGES)
def compact_command(db: DbOption = None) -> None:
    """Rewrite the database with its pages full, after a large import or a delete.

    SQLite's VACUUM, PostgreSQL's VACUUM FULL: it needs room for a second copy of the database
    while it runs, and readers and writers wait for it."""
    with user_errors(), interruptible(lambda: "the database is as it was"):
        from pokerdb.storage.compaction import compact

        done = compact(open_database(db))
    saved = done.before - done.after
    typer.echo(f"compacted: {_mib(done.before)} to {_mib(done.after)} MiB "
               f"({saved / done.before:.1%} smaller)" if done.before else "compacted")


def _mib(size: int) -> str:
    """Bytes in MiB, one decimal."""
    return f"{size / 2**20:,.1f}"
