"""The `pokerdb` command: parses options, calls the library, renders results."""

import json
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Annotated, TypeGuard

import typer
from rich.console import Console

from pokerdb import __version__, tallies
from pokerdb.errors import InvalidLinesError, PokerdbError
from pokerdb.formats import InputFormat, PlayerRule
from pokerdb.games import GAMES, MAX_PLAYERS, GameName
from pokerdb.location import DB_ENV_VAR, DEFAULT_DB
from pokerdb.output import OutputFormat, render, render_object
from pokerdb.readers import reader

if TYPE_CHECKING:
    from sqlalchemy import Engine
    from sqlalchemy.exc import OperationalError

# Modules that load SQLAlchemy or numpy are imported inside the commands that use them:
# `pokerdb wins` on an SQLite file at head reads it with sqlite3 and should not pay for them.
app = typer.Typer(
    help="Turn files of poker deals into a SQL database you can question.",
    no_args_is_help=True, add_completion=False, pretty_exceptions_enable=False,
)
stderr = Console(stderr=True, highlight=False, soft_wrap=True)  # one line per message

DbOption = Annotated[str | None, typer.Option(
    "--db", envvar=DB_ENV_VAR, show_default=False,
    help=f"Database: a file path or a SQLAlchemy URL (env {DB_ENV_VAR}; default {DEFAULT_DB})")]
FormatOption = Annotated[OutputFormat, typer.Option("--format", "-f", help="Output format.")]
NoHeadersOption = Annotated[bool, typer.Option("--no-headers", help="CSV without a header row.")]
DatasetOption = Annotated[str | None, typer.Option(
    "--dataset", help="Only this dataset (by name); default all.")]
QuietOption = Annotated[bool, typer.Option("--quiet", "-q", help="No progress bar or summary.")]


def _version(value: bool) -> None:
    if value:
        typer.echo(f"pokerdb {__version__}")
        raise typer.Exit()


@app.callback()
def main(version: Annotated[bool, typer.Option(
        "--version", callback=_version, is_eager=True, help="Show the version and exit.")] = False,
         ) -> None:
    """Import deal files, evaluate every hand, and answer questions with SQL."""


@contextmanager
def _user_errors() -> Iterator[None]:
    """A user's mistake becomes one line on stderr and exit code 1, never a traceback."""
    try:
        yield
    except PokerdbError as exc:
        stderr.print(f"Error: {exc}", markup=False)
        raise typer.Exit(1) from None
    except Exception as exc:
        if not _is_operational_error(exc):
            raise
        stderr.print(f"Error: database: {str(exc.orig).strip()}", markup=False)
        raise typer.Exit(1) from None


def _is_operational_error(exc: Exception) -> TypeGuard["OperationalError"]:
    """SQLAlchemy's OperationalError, asked without importing SQLAlchemy: only a command that
    loaded it can have raised one."""
    module = sys.modules.get("sqlalchemy.exc")
    return module is not None and isinstance(exc, module.OperationalError)


def _open_engine(db: str | None) -> "Engine":
    from pokerdb.db import open_engine

    return open_engine(db)


@contextmanager
def _progress(total: Callable[[], int | None], unit: str,
              quiet: bool) -> Iterator[Callable[[int], None]]:
    """A progress bar on a terminal's stderr, of `total()` units; a no-op otherwise, which
    does not ask for the total (counting pending hands takes a scan)."""
    if quiet or not stderr.is_terminal:
        yield lambda _advance: None
        return
    from rich.progress import (
        BarColumn,
        DownloadColumn,
        MofNCompleteColumn,
        Progress,
        TextColumn,
        TimeRemainingColumn,
    )

    amount = DownloadColumn() if unit == "bytes" else MofNCompleteColumn()
    columns = (TextColumn("{task.description}"), BarColumn(), amount, TimeRemainingColumn())
    with Progress(*columns, console=stderr, transient=True) as bar:
        task = bar.add_task(unit, total=total())
        yield lambda advance: bar.advance(task, advance)


@app.command("import")
def import_command(
    files: Annotated[list[str], typer.Argument(
        help="Deal files, plain or gzip; '-' is stdin; a folder of hand histories (phh).")],
    db: DbOption = None,
    name: Annotated[str | None, typer.Option(
        "--name", help="Dataset name (one file only); default the file name.")] = None,
    players: Annotated[str | None, typer.Option(
        "--players", help="Players per deal: N, N-M or 'any'; default as the first deal.")
    ] = None,
    input_format: Annotated[InputFormat | None, typer.Option(
        "--format", show_default=False,
        help="pe54: a deal of 5 cards per player per line; uci: the UCI Poker Hand "
             "CSV, one hand per row, its CLASS kept in hands.label; holdem: the board "
             "then each player's two hole cards, groups separated by '|'; phh: PHH hand "
             "histories (.phh, .phhs, or a folder of them), each hand replayed and settled. "
             "Default: phh for a folder or a .phh/.phhs file, else pe54.")
    ] = None,
    max_errors: Annotated[int, typer.Option(
        "--max-errors", min=1, help="Invalid lines to report before giving up.")] = 1,
    skip_invalid: Annotated[bool, typer.Option(
        "--skip-invalid", help="Import the valid lines; record the others in the rejects table.")
    ] = False,
    evaluate: Annotated[bool, typer.Option(
        "--evaluate", help="Evaluate the deals as they are imported (what `pokerdb evaluate` "
                           "would store), in the same transaction.")] = False,
    quiet: QuietOption = False,
) -> None:
    """Import deal files, each in one transaction: a file with a bad line imports nothing
    (unless --skip-invalid)."""
    from pokerdb.importer import ImportOptions, import_source
    from pokerdb.sources import resolve

    with _user_errors():
        if name is not None and len(files) > 1:
            raise PokerdbError("--name names one dataset: give it one file")
        try:
            rule = PlayerRule.parse(players)
        except ValueError as exc:
            raise PokerdbError(str(exc)) from None
        imports = [(file, ImportOptions(name, input_format or InputFormat.of_path(file), rule,
                                        max_errors, skip_invalid, evaluate)) for file in files]
        engine = _open_engine(db)
        for file, options in imports:
            file_format = options.file_format
            with (resolve(file, folders=file_format.reads_folders) as source,
                  _progress(lambda: source.size, "bytes", quiet) as advance):
                try:
                    result = import_source(engine, source, options, advance)
                except InvalidLinesError as exc:
                    for message in exc.messages():
                        stderr.print(f"Error: {message}", markup=False)
                    raise typer.Exit(1) from None
            if result.skipped:
                typer.echo(f"{file}: already imported as dataset "
                           f"'{result.already_imported_as}', skipped")
            elif not quiet:
                rate = result.deals / result.seconds if result.seconds else 0
                evaluated = " and evaluated" if evaluate else ""
                typer.echo(f"{file}: imported{evaluated} {result.deals:,} deals "
                           f"({result.hands:,} hands) as dataset '{result.name}' "
                           f"in {result.seconds:.2f} s "
                           f"({rate:,.0f} deals/s)"
                           f"{_skipped_note(result.rejected, file_format.item)}")


def _skipped_note(rejected: int, item: str) -> str:
    if not rejected:
        return ""
    return (f"; skipped {rejected:,} invalid {item}{'s' if rejected > 1 else ''} "
            f"(see the rejects table)")


@app.command()
def evaluate(db: DbOption = None, quiet: QuietOption = False) -> None:
    """Evaluate every hand not yet evaluated and decide each deal's winner."""
    with _user_errors():
        with reader(db) as fetch:
            # Answered without loading SQLAlchemy and numpy when the file is at head.
            nothing_pending = tallies.all_deals_decided(fetch)
        if nothing_pending:
            hands = deals = 0
            seconds = 0.0
        else:
            from pokerdb.evaluation import evaluate_pending, pending_hands

            engine = _open_engine(db)
            with _progress(lambda: pending_hands(engine), "hands", quiet) as advance:
                result = evaluate_pending(engine, progress=advance)
            hands, deals, seconds = result.hands, result.deals, result.seconds
        if not quiet:
            rate = hands / seconds if seconds else 0
            typer.echo(f"evaluated {hands:,} hands in {deals:,} deals "
                       f"in {seconds:.2f} s ({rate:,.0f} hands/s)")


@app.command()
def equity(db: DbOption = None, dataset: DatasetOption = None,
           quiet: QuietOption = False) -> None:
    """Each Hold'em hand's exact equity: its share of the pot over every completion of the
    board (hands.equity). Deals that have one are skipped, so a stopped run resumes."""
    from pokerdb.equity_step import compute_pending, pending_deals

    with _user_errors():
        engine = _open_engine(db)
        with _progress(lambda: pending_deals(engine, dataset), "deals", quiet) as advance:
            result = compute_pending(engine, dataset, progress=advance)
        if not quiet:
            rate = result.deals / result.seconds if result.seconds else 0
            typer.echo(f"computed the equity of {result.hands:,} hands in {result.deals:,} "
                       f"deals in {result.seconds:.2f} s ({rate:,.0f} deals/s)")


def _warn_unevaluated(pending: int) -> None:
    if pending:
        stderr.print(f"Note: {pending:,} deals are not evaluated yet and have no winner; "
                     f"run: pokerdb evaluate", markup=False)


@app.command()
def wins(db: DbOption = None, dataset: DatasetOption = None,
         fmt: FormatOption = OutputFormat.TABLE, no_headers: NoHeadersOption = False) -> None:
    """Deals, wins of each player, and ties."""
    with _user_errors():
        with reader(db) as fetch:
            counts = tallies.wins(fetch, dataset)
            pending = tallies.unevaluated_deals(fetch, dataset, counts)
        _warn_unevaluated(pending)
        render_object(counts, fmt, headers=not no_headers)


@app.command()
def breakdown(db: DbOption = None, dataset: DatasetOption = None,
              fmt: FormatOption = OutputFormat.TABLE,
              no_headers: NoHeadersOption = False) -> None:
    """Wins by the winner's category, and player 1's category against player 2's."""
    from pokerdb import reports

    with _user_errors():
        engine = _open_engine(db)
        tables = [reports.wins_by_category(engine, dataset),
                  reports.category_matrix(engine, dataset)]
        _warn_unevaluated(reports.unevaluated_deals(engine, dataset))
        render(tables, fmt, headers=not no_headers)


@app.command("players")
def players_command(db: DbOption = None, dataset: DatasetOption = None,
                    fmt: FormatOption = OutputFormat.TABLE,
                    no_headers: NoHeadersOption = False) -> None:
    """Recorded hands (PHH): per player name, hands played, net chips, showdowns reached and
    won, and the net by the category of the hand shown."""
    from pokerdb.players import player_results

    with _user_errors():
        render(player_results(_open_engine(db), dataset), fmt, headers=not no_headers)


@app.command()
def query(sql: Annotated[str, typer.Argument(help="One read-only SQL statement.")],
          db: DbOption = None, fmt: FormatOption = OutputFormat.TABLE,
          no_headers: NoHeadersOption = False) -> None:
    """Run one read-only SQL statement and print its rows; writes are refused."""
    from pokerdb.query import run_query

    with _user_errors():
        render([run_query(_open_engine(db), sql)], fmt, headers=not no_headers)


@app.command()
def generate(
    deals: Annotated[int, typer.Argument(min=0, help="How many deals to write.")],
    seed: Annotated[int | None, typer.Option("--seed", help="Seed for a reproducible file.")
                    ] = None,
    output: Annotated[str, typer.Option("--output", "-o", help="File to write; '-' is stdout.")
                      ] = "-",
    players: Annotated[int, typer.Option("--players", min=1, max=MAX_PLAYERS,
                                         help="Players per deal.")] = 2,
    game: Annotated[GameName, typer.Option(
        "--game", help="five-card: PE54 lines; holdem: a board and two hole cards per player "
                       "(import with --format holdem).")] = GameName.FIVE_CARD,
    board: Annotated[int | None, typer.Option(
        "--board", help="Hold'em board cards: 0 (preflop), 3, 4 or 5 (default).")] = None,
) -> None:
    """Write random deals, each of distinct cards of one shuffled deck."""
    from pokerdb.generate import generate_lines

    with _user_errors():
        try:
            lines = generate_lines(deals, seed, players, GAMES[game], board)
        except ValueError as exc:
            raise PokerdbError(str(exc)) from None
        if output == "-":
            sys.stdout.writelines(lines)
            return
        try:
            with open(output, "w", encoding="ascii") as file:
                file.writelines(lines)
        except OSError as exc:
            raise PokerdbError(f"cannot write {output}: {exc.strerror}") from None


@app.command("datasets")
def datasets_command(db: DbOption = None, fmt: FormatOption = OutputFormat.TABLE,
                     no_headers: NoHeadersOption = False) -> None:
    """The imported datasets."""
    from pokerdb import reports

    with _user_errors():
        render([reports.dataset_list(_open_engine(db))], fmt, headers=not no_headers)


@app.command()
def explain(
    deal_id: Annotated[int | None, typer.Argument(help="A stored deal's id.", show_default=False)
                       ] = None,
    cards: Annotated[str | None, typer.Option(
        "--cards", help='A deal as text instead: 5 cards per player, e.g. "8C TS KC 9H 4S '
                        '7D 2S 5D 3S AC".')] = None,
    db: DbOption = None,
    fmt: Annotated[OutputFormat, typer.Option(
        "--format", "-f", help="Text (table) or json; csv has no shape for a verdict.")
    ] = OutputFormat.TABLE,
) -> None:
    """Each player's hand in words, and the comparison that decides the deal."""
    from pokerdb.explain import explain_cards, explain_deal

    with _user_errors():
        if cards is not None and deal_id is None:
            explanation = explain_cards(cards)
        elif deal_id is not None and cards is None:
            explanation = explain_deal(_open_engine(db), deal_id)
        else:
            raise PokerdbError("explain needs a deal id or --cards (not both)")
        if fmt is OutputFormat.CSV:
            raise PokerdbError("explain prints text (--format table) or --format json")
        if fmt is OutputFormat.JSON:
            typer.echo(json.dumps(explanation.record(), indent=2))
        else:
            typer.echo("\n".join(explanation.lines()))


@app.command("stats")
def stats_command(db: DbOption = None, dataset: DatasetOption = None,
                  fmt: FormatOption = OutputFormat.TABLE,
                  no_headers: NoHeadersOption = False) -> None:
    """Hands of each category against the odds of a random hand, and a chi-square test."""
    from pokerdb import reports
    from pokerdb.stats import category_stats

    with _user_errors():
        engine = _open_engine(db)
        tables = category_stats(engine, dataset)
        _warn_unevaluated(reports.unevaluated_deals(engine, dataset))
        render(tables, fmt, headers=not no_headers)


@app.command("report")
def report_command(
    db: DbOption = None, dataset: DatasetOption = None,
    output: Annotated[str, typer.Option("--output", "-o", help="HTML file to write.")
                      ] = "report.html",
) -> None:
    """Write a self-contained HTML report: wins, categories, category matrix, provenance."""
    from pokerdb import reports

    with _user_errors():
        from pokerdb.report import write_report  # needs the `report` extra (matplotlib)

        engine = _open_engine(db)
        size = write_report(engine, dataset, output)
        _warn_unevaluated(reports.unevaluated_deals(engine, dataset))
        typer.echo(f"wrote {output} ({size:,} bytes)")
