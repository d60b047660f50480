"""The `pokerdb` command: parses options, calls the library, renders results."""

import json
import sqlite3
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from itertools import islice
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer
from rich.console import Console
from rich.text import Text
from typer import TyperException
from typer.core import TyperGroup

from pokerdb import __version__
from pokerdb.answers.rendering import OutputFormat, render, render_object
from pokerdb.errors import InvalidLinesError, PokerdbError, shown
from pokerdb.formats import InputFormat
from pokerdb.formats.input import PlayerRule
from pokerdb.rules.games import GAMES, MAX_PLAYERS, GameName
from pokerdb.storage import win_counts
from pokerdb.storage.location import DB_ENV_VAR, DEFAULT_DB
from pokerdb.storage.reading import reader

if TYPE_CHECKING:
    from rich.progress import Progress
    from sqlalchemy import Engine



class _OneLineErrors(TyperGroup):
    """Usage errors (an unknown command, `--format xml`) as one line and the help hint,
    instead of a box; exit code 2 as usual."""

    def main(self, args: Sequence[str] | None = None, prog_name: str | None = None,
             complete_var: str | None = None, standalone_mode: bool = True,
             windows_expand_args: bool = True, **extra: Any) -> Any:
        if not standalone_mode:
            return super().main(args, prog_name, complete_var, standalone_mode,
                                windows_expand_args, **extra)
        try:
            code = super().main(args, prog_name, complete_var, False, windows_expand_args,
                                **extra)
        except TyperException as exc:
            if type(exc).__name__ == "NoArgsIsHelpError":  # `pokerdb` alone: the help
                typer.echo(exc.format_message(), err=True)
                sys.exit(exc.exit_code)
            _say(f"Error: {exc.format_message()}")
            context = getattr(exc, "ctx", None)
            if context is not None:
                _say(f"Try '{context.command_path} --help' for help.")
            sys.exit(exc.exit_code)
        except typer.Abort:
            _say("Aborted.")
            sys.exit(1)
        sys.exit(code if isinstance(code, int) else 0)


# Modules that load SQLAlchemy or numpy are imported inside the commands that use them:
# `pokerdb wins` on an SQLite file at head reads it with sqlite3 and should not pay for them.
app = typer.Typer(
    help="Turn files of poker deals into a SQL database you can question.",
    no_args_is_help=True, add_completion=False, pretty_exceptions_enable=False,
    cls=_OneLineErrors,
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
    """A user's mistake, or a database that refuses, becomes one line on stderr (per invalid
    line of an import) and exit code 1, never a traceback."""
    try:
        yield
    except InvalidLinesError as exc:
        for message in exc.messages():
            _say(f"Error: {message}")
        raise typer.Exit(1) from None
    except PokerdbError as exc:
        _say(f"Error: {exc}")
        raise typer.Exit(1) from None
    except Exception as exc:
        refusal = _database_error(exc)
        if refusal is None:
            raise
        _say(f"Error: database: {refusal}")
        raise typer.Exit(1) from None


@contextmanager
def _interruptible(kept: Callable[[], str]) -> Iterator[None]:
    """Ctrl-C ends the command with one line saying what was kept (`kept()`) and exit code
    130, as a shell reports a process stopped by SIGINT. The transaction in progress rolls
    back; what was committed before stays."""
    try:
        yield
    except KeyboardInterrupt:
        _say(f"Interrupted: {kept()}")
        raise typer.Exit(130) from None


class _Committed:
    """What a command committed so far, counted by its progress callback, which also
    advances the progress bar once it has one."""

    def __init__(self) -> None:
        self.count = 0
        self.advance: Callable[[int], None] | None = None

    def shown_on(self, bar: "Progress | None") -> "_Committed":
        self.advance = _advancer(bar)
        return self

    def __call__(self, count: int) -> None:
        self.count += count
        if self.advance is not None:
            self.advance(count)


def _database_error(exc: Exception) -> str | None:
    """What the database said, if `exc` is its refusal: SQLAlchemy's DBAPIError (asked
    without importing SQLAlchemy: only a command that loaded it can have raised one) or the
    sqlite3 module's own error."""
    module = sys.modules.get("sqlalchemy.exc")
    cause: BaseException | None = exc
    if module is not None and isinstance(exc, module.DBAPIError):
        cause = exc.orig
    elif not isinstance(exc, sqlite3.Error):
        return None
    lines = str(cause).strip().splitlines()
    return lines[0] if lines else type(cause).__name__


def _open_engine(db: str | None, *, create: bool = False) -> "Engine":
    """The database --db names, at head. Only import creates one; every other command
    refuses a database that does not exist."""
    from pokerdb.storage.engines import open_engine

    return open_engine(db, create=create)


@contextmanager
def _progress(description: str, total: Callable[[], int | None], unit: str,
              quiet: bool) -> Iterator["Progress | None"]:
    """A progress bar on a terminal's stderr, of `total()` units (bytes, or a count of
    `unit`, with thousands separators), drawn at once; None otherwise, which does not ask for
    the total (counting pending hands takes a scan). Its one task is task 0."""
    if quiet or not stderr.is_terminal:
        yield None
        return
    from rich.progress import (
        BarColumn,
        DownloadColumn,
        Progress,
        TextColumn,
        TimeRemainingColumn,
    )
    from rich.table import Column

    whole = Column(no_wrap=True)  # a narrow terminal shortens the bar, not the figures
    amount = (DownloadColumn(table_column=whole) if unit == "bytes" else
              TextColumn(f"{{task.completed:,.0f}}/{{task.total:,.0f}} {unit}",
                         table_column=whole))
    columns = (TextColumn("{task.description}", table_column=Column(
                   no_wrap=True, overflow="ellipsis", max_width=30)),
               BarColumn(bar_width=None), amount,
               TextColumn("{task.fields[note]}", table_column=whole), TimeRemainingColumn())
    with Progress(*columns, console=stderr, transient=True) as bar:
        bar.add_task(shown(description), total=total(), note="")
        bar.refresh()
        yield bar


def _advancer(bar: "Progress | None") -> Callable[[int], None] | None:
    if bar is None:
        return None
    return lambda advance: bar.advance(bar.task_ids[0], advance)


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
    from pokerdb.formats.sources import resolve
    from pokerdb.steps.importer import ImportOptions, import_source

    with _user_errors():
        if name is not None and len(files) > 1:
            raise PokerdbError("--name names one dataset: give it one file")
        try:
            rule = PlayerRule.parse(players)
        except ValueError as exc:
            raise PokerdbError(str(exc)) from None
        imports = [(file, ImportOptions(name, input_format or InputFormat.of_path(file), rule,
                                        max_errors, skip_invalid, evaluate)) for file in files]
        done: list[str] = []  # files imported (or skipped) before an interruption
        with _interruptible(lambda: _import_kept([file for file, _ in imports], done)):
            engine = _open_engine(db, create=True)
            for file, options in imports:
                file_format = options.file_format
                with (resolve(file, folders=file_format.reads_folders) as source,
                      _progress(Path(file).name, lambda: source.size, "bytes", quiet) as bar):
                    result = import_source(engine, source, options, _import_progress(bar))
                    done.append(file)
                if result.skipped:
                    typer.echo(shown(f"{file}: already imported as dataset "
                                     f"'{result.already_imported_as}', skipped"))
                elif not quiet:
                    rate = result.deals / result.seconds if result.seconds else 0
                    evaluated = " and evaluated" if evaluate else ""
                    typer.echo(shown(
                        f"{file}: imported{evaluated} {_counted(result.deals, 'deal')} "
                        f"({_counted(result.hands, 'hand')}) as dataset '{result.name}' in "
                        f"{result.seconds:.2f} s ({rate:,.0f} deals/s)"
                        f"{_skipped_note(result.rejected, file_format.item)}"))


def _import_kept(files: list[str], done: list[str]) -> str:
    """What an import interrupted after the files `done` kept."""
    if len(done) == len(files):
        return f"every file was imported ({_counted(len(done), 'file')})"
    before = (f"; the {_counted(len(done), 'file')} before it "
              f"{'was' if len(done) == 1 else 'were'} imported" if done else "")
    return shown(f"nothing of {files[len(done)]} was imported{before}")


def _import_progress(bar: "Progress | None") -> Callable[[int, int], None] | None:
    """Bytes read of the file and, beside them, the deals stored so far."""
    if bar is None:
        return None
    stored = 0

    def advance(bytes_read: int, deals: int) -> None:
        nonlocal stored
        stored += deals
        bar.update(bar.task_ids[0], advance=bytes_read, note=f"{_counted(stored, 'deal')}")

    return advance


def _counted(count: int, noun: str) -> str:
    """'1 deal', '2,000 deals'."""
    return f"{count:,} {noun}" if count == 1 else f"{count:,} {noun}s"


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
            nothing_pending = win_counts.all_deals_decided(fetch)
        hands = deals = 0
        seconds = 0.0
        if not nothing_pending:
            from pokerdb.steps.evaluation import evaluate_pending, pending_hands

            engine = _open_engine(db)
            evaluated = _Committed()
            with (_interruptible(lambda: f"the {_counted(evaluated.count, 'hand')} evaluated "
                                         f"before were kept, the window in progress was not "
                                         f"(pokerdb evaluate goes on from there)"),
                  _progress("evaluate", lambda: pending_hands(engine), "hands", quiet) as bar):
                result = evaluate_pending(engine, progress=evaluated.shown_on(bar))
            hands, deals, seconds = result.hands, result.deals, result.seconds
        if quiet:
            return
        if not hands:
            typer.echo("nothing to evaluate: every hand is evaluated already")
            return
        rate = hands / seconds if seconds else 0
        typer.echo(f"evaluated {_counted(hands, 'hand')} in {_counted(deals, 'deal')} "
                   f"in {seconds:.2f} s ({rate:,.0f} hands/s)")


def _say(line: str) -> None:
    """One line on stderr, shown as written: no markup, no emoji codes, control characters
    escaped."""
    stderr.print(Text(shown(line)))


def _notes(notes: list[str]) -> None:
    for note in notes:
        _say(f"Note: {note}")


@app.command()
def equity(db: DbOption = None, dataset: DatasetOption = None,
           quiet: QuietOption = False) -> None:
    """Each Hold'em hand's exact equity: its share of the pot over every completion of the
    board (hands.equity). Deals that have one are skipped, so a stopped run resumes."""
    from pokerdb.steps.equity_step import compute_pending, pending_deals

    with _user_errors():
        engine = _open_engine(db)
        computed = _Committed()
        with (_interruptible(lambda: f"the equities of {_counted(computed.count, 'deal')} "
                                     f"computed before were kept, the window in progress was "
                                     f"not (pokerdb equity goes on from there)"),
              _progress("equity", lambda: pending_deals(engine, dataset), "deals",
                        quiet) as bar):
            result = compute_pending(engine, dataset, progress=computed.shown_on(bar))
        if not quiet:
            rate = result.deals / result.seconds if result.seconds else 0
            typer.echo(f"computed the equity of {result.hands:,} hands in {result.deals:,} "
                       f"deals in {result.seconds:.2f} s ({rate:,.0f} deals/s)")


def _warn_unevaluated(pending: int) -> None:
    if pending:
        _notes([f"{pending:,} deals are not evaluated yet and have no winner; "
                f"run: pokerdb evaluate"])


@app.command()
def wins(db: DbOption = None, dataset: DatasetOption = None,
         fmt: FormatOption = OutputFormat.TABLE, no_headers: NoHeadersOption = False) -> None:
    """Deals, wins of each player, and ties."""
    with _user_errors():
        with reader(db) as fetch:
            counts = win_counts.wins(fetch, dataset)
            pending = win_counts.unevaluated_deals(fetch, dataset, counts)
        _refuse_no_deals(counts["deals"])
        _warn_unevaluated(pending)
        # Deals without a winner that are evaluated have one player: nobody to beat.
        alone = counts["deals"] - (sum(counts.values()) - counts["deals"]) - pending
        if alone:
            _notes([f"{_counted(alone, 'deal')} of one player (such as UCI rows) have no "
                    f"winner and are counted in deals only"])
        render_object(counts, fmt, headers=not no_headers)


NO_DEALS = "the database has no deals yet: import some (pokerdb import FILE)"


def _refuse_no_deals(deals: int) -> None:
    if not deals:
        raise PokerdbError(NO_DEALS)


@app.command()
def breakdown(db: DbOption = None, dataset: DatasetOption = None,
              fmt: FormatOption = OutputFormat.TABLE,
              no_headers: NoHeadersOption = False) -> None:
    """Wins by the winner's category, and player 1's category against player 2's."""
    from pokerdb.answers import results

    with _user_errors():
        engine = _open_engine(db)
        _refuse_no_deals(results.wins(engine, dataset)["deals"])
        tables = [results.wins_by_category(engine, dataset),
                  results.category_matrix(engine, dataset)]
        _warn_unevaluated(results.unevaluated_deals(engine, dataset))
        render(tables, fmt, headers=not no_headers)


@app.command("players")
def players_command(db: DbOption = None, dataset: DatasetOption = None,
                    fmt: FormatOption = OutputFormat.TABLE,
                    no_headers: NoHeadersOption = False) -> None:
    """Recorded hands (PHH): per player name, hands played, net chips, showdowns reached and
    won, and the net by the category of the hand shown."""
    from pokerdb.answers.players import player_results

    with _user_errors():
        render(player_results(_open_engine(db), dataset), fmt, headers=not no_headers)


@app.command()
def query(sql: Annotated[str, typer.Argument(help="One read-only SQL statement.")],
          db: DbOption = None, fmt: FormatOption = OutputFormat.TABLE,
          no_headers: NoHeadersOption = False,
          timeout: Annotated[float | None, typer.Option(
              "--timeout", min=0.001, show_default=False,
              help="Stop the statement after this many seconds; default no limit.")] = None,
          ) -> None:
    """Run one read-only SQL statement and print its rows as they come; writes are refused.
    Ctrl-C stops it."""
    from pokerdb.answers.query import run_query

    with _user_errors(), run_query(_open_engine(db), sql, timeout) as table:
        _notes(render([table], fmt, headers=not no_headers))


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
    quiet: QuietOption = False,
) -> None:
    """Write random deals, each of distinct cards of one shuffled deck."""
    from pokerdb.formats.generate import CHUNK_DEALS, generate_lines

    with _user_errors():
        try:
            lines = generate_lines(deals, seed, players, GAMES[game], board)
        except ValueError as exc:
            raise PokerdbError(str(exc)) from None
        if output == "-":
            sys.stdout.writelines(lines)
            return
        started = time.perf_counter()
        try:
            with (open(output, "w", encoding="ascii") as file,
                  _progress(output, lambda: deals, "deals", quiet) as bar):
                advance = _advancer(bar)
                while chunk := list(islice(lines, CHUNK_DEALS)):
                    file.writelines(chunk)
                    if advance is not None:
                        advance(len(chunk))
        except OSError as exc:
            raise PokerdbError(f"cannot write {output}: {exc.strerror}") from None
        if not quiet:
            typer.echo(shown(f"wrote {_counted(deals, 'deal')} to {output} "
                             f"in {time.perf_counter() - started:.2f} s"))


@app.command("delete")
def delete_command(
    dataset: Annotated[str, typer.Argument(help="The dataset's name (see: pokerdb datasets).")],
    db: DbOption = None,
) -> None:
    """Remove a dataset and everything derived from it (deals, hands, values, rejected lines,
    win counts) in one transaction."""
    from pokerdb.steps.removal import delete_dataset

    with _user_errors(), _interruptible(
            lambda: shown(f"nothing was deleted: dataset '{dataset}' is as it was")):
        removed = delete_dataset(_open_engine(db), dataset)
        typer.echo(shown(f"deleted dataset '{dataset}' ({_counted(removed, 'deal')})"))


@app.command("datasets")
def datasets_command(db: DbOption = None, fmt: FormatOption = OutputFormat.TABLE,
                     no_headers: NoHeadersOption = False) -> None:
    """The imported datasets."""
    from pokerdb.answers import results

    with _user_errors():
        _notes(render([results.dataset_list(_open_engine(db))], fmt, headers=not no_headers))


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
    from pokerdb.answers.explain import explain_cards, explain_deal

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
    from pokerdb.answers import results
    from pokerdb.answers.stats import category_stats

    with _user_errors():
        engine = _open_engine(db)
        tables = category_stats(engine, dataset)
        _warn_unevaluated(results.unevaluated_deals(engine, dataset))
        render(tables, fmt, headers=not no_headers)


@app.command("report")
def report_command(
    db: DbOption = None, dataset: DatasetOption = None,
    output: Annotated[str, typer.Option("--output", "-o", help="HTML file to write.")
                      ] = "report.html",
) -> None:
    """Write a self-contained HTML report: wins, categories, category matrix, provenance."""
    from pokerdb.answers import results

    with _user_errors():
        from pokerdb.answers.html_report import (
            write_report,  # needs the `report` extra (matplotlib)
        )

        engine = _open_engine(db)
        size = write_report(engine, dataset, output)
        _warn_unevaluated(results.unevaluated_deals(engine, dataset))
        typer.echo(f"wrote {output} ({size:,} bytes)")
