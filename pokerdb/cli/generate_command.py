"""`pokerdb generate`: a file of random deals to import."""

import time
from typing import Annotated

import typer

from pokerdb.cli.options import QuietOption
from pokerdb.cli.program import FILES, command
from pokerdb.cli.terminal import counted, progress_bars, user_errors
from pokerdb.errors import shown
from pokerdb.rules.games import GAMES, MAX_PLAYERS, GameName


@command(panel=FILES)
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
    from pokerdb.formats.generate import write_deals

    started = time.perf_counter()
    with user_errors():
        write_deals(output, deals, seed, players, GAMES[game], board, progress_bars(quiet))
    if output != "-" and not quiet:
        typer.echo(shown(f"wrote {counted(deals, 'deal')} to {output} "
                         f"in {time.perf_counter() - started:.2f} s"))
