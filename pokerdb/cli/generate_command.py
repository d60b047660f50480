"""`pokerdb generate`: a file of random deals to import. The library makes the lines
(formats.generate); writing them where --output says, a chunk at a time under a progress bar,
is this command's rendering."""

import sys
import time
from itertools import islice
from typing import Annotated

import typer

from pokerdb.cli.options import QuietOption
from pokerdb.cli.program import FILES, command
from pokerdb.cli.terminal import counted, progress_bars, user_errors
from pokerdb.errors import PokerdbError, shown
from pokerdb.rules.games import GAMES, GameName


def _player_counts(text: str) -> range:
    """--players: "N", or "N-M" for each deal's count drawn from N to M."""
    low, _, high = text.partition("-")
    try:
        return range(int(low), int(high or low) + 1)
    except ValueError:
        raise typer.BadParameter(f"{text!r} is not N or N-M (e.g. 2-9)",
                                 param_hint="'--players'") from None


def _board_sizes(text: str) -> list[int]:
    """--board: one board size, or several separated by commas ("0,3,4,5": each deal's drawn
    from them)."""
    try:
        return [int(size) for size in text.split(",")]
    except ValueError:
        raise typer.BadParameter(f"{text!r} is not board sizes separated by commas "
                                 f"(e.g. 0,3,4,5)", param_hint="'--board'") from None


@command(panel=FILES)
def generate(
    deals: Annotated[int, typer.Argument(min=0, help="How many deals to write.")],
    seed: Annotated[int | None, typer.Option("--seed", help="Seed for a reproducible file.")
                    ] = None,
    output: Annotated[str, typer.Option("--output", "-o", help="File to write; '-' is stdout.")
                      ] = "-",
    players: Annotated[str, typer.Option(
        "--players", metavar="N|N-M",
        help="Players per deal: N, or N-M for each deal's drawn from N to M.")] = "2",
    game: Annotated[GameName, typer.Option(
        "--game", help="five-card: PE54 lines; holdem, omaha, omaha-5, omaha-6, omaha-hi-lo, "
                       "short-deck: a board and each player's hole cards (import with "
                       "--format holdem --game GAME); stud, stud-hi-lo, razz, deuce-to-seven, "
                       "badugi: each player's cards (import with --format hands --game GAME)."
                       )] = GameName.FIVE_CARD,
    board: Annotated[str | None, typer.Option(
        "--board", metavar="N[,N...]",
        help="Board cards of a game with a board: 0 (preflop), 3, 4 or 5 (default); several "
             "separated by commas (0,3,4,5) for each deal's drawn from them.")] = None,
    quiet: QuietOption = False,
) -> None:
    """Write random deals, each of distinct cards of one shuffled deck."""
    from pokerdb.formats.deals.generate import CHUNK_DEALS, generate_lines

    with user_errors():
        try:
            lines = generate_lines(deals, seed, _player_counts(players), GAMES[game],
                                   None if board is None else _board_sizes(board))
        except ValueError as exc:
            raise PokerdbError(str(exc)) from None
        if output == "-":
            sys.stdout.writelines(lines)
            return
        started = time.perf_counter()
        try:
            with (open(output, "w", encoding="ascii") as file,
                  progress_bars(quiet)(output, lambda: deals, "deals") as task):
                while chunk := list(islice(lines, CHUNK_DEALS)):
                    file.writelines(chunk)
                    if task is not None:
                        task.advance(len(chunk))
        except OSError as exc:
            raise PokerdbError(f"cannot write {output}: {exc.strerror}") from None
    if not quiet:
        typer.echo(shown(f"wrote {counted(deals, 'deal')} to {output} "
                         f"in {time.perf_counter() - started:.2f} s"))
