"""The commands that answer questions about a database: wins, breakdown, players, query,
datasets, explain, stats, report."""

import json
import math
from dataclasses import replace
from itertools import chain
from typing import Annotated

import typer

from pokerdb.answers.rendering import OutputFormat, TextFormat, render, render_object
from pokerdb.cli.options import (
    CashOption,
    CurrencyOption,
    DatasetOption,
    DbOption,
    FormatOption,
    GameOption,
    NoHeadersOption,
    SinceOption,
    SiteOption,
    StakesOption,
    TournamentsOption,
    UntilOption,
    hand_filter,
    open_database,
)
from pokerdb.cli.program import ANSWERS, command
from pokerdb.cli.terminal import counted, interruptible, note_unevaluated, notes, user_errors
from pokerdb.errors import PokerdbError
from pokerdb.rules.games import GameName


@command(panel=ANSWERS)
def wins(db: DbOption = None, dataset: DatasetOption = None,
         fmt: FormatOption = OutputFormat.TABLE, no_headers: NoHeadersOption = False) -> None:
    """Deals, wins of each player, and ties."""
    from pokerdb.answers.wins import count_wins  # reads with sqlite3 when it can: see there

    with user_errors():
        answer = count_wins(db, dataset)
        note_unevaluated(answer.unevaluated)
        if answer.short_board:
            notes([f"{counted(answer.short_board, 'deal')} whose board stops before the river "
                   f"(on the flop or the turn) have no showdown, hence no winner, and are "
                   f"counted in deals only"])
        if answer.unknown_result:
            notes([f"{counted(answer.unknown_result, 'recorded hand')} whose file does not "
                   f"tell the result (cards shown as ???? and no winnings) have no winner and "
                   f"are counted in deals only"])
        if answer.alone:
            notes([f"{counted(answer.alone, 'deal')} of one player (such as UCI rows) have no "
                   f"winner and are counted in deals only"])
        render_object(answer.counts, fmt, headers=not no_headers)


@command(panel=ANSWERS)
def breakdown(db: DbOption = None, dataset: DatasetOption = None,
              fmt: FormatOption = OutputFormat.TABLE,
              no_headers: NoHeadersOption = False) -> None:
    """Wins by the winner's category, and player 1's category against player 2's."""
    from pokerdb.answers import results

    with user_errors():
        answer = results.breakdown(open_database(db), dataset)
        note_unevaluated(answer.unevaluated)
        render(answer.tables, fmt, headers=not no_headers)


@command("players", panel=ANSWERS)
def players_command(
    db: DbOption = None, dataset: DatasetOption = None,
    by: Annotated[str | None, typer.Option(
        "--by", metavar="position|stakes|category|buy-in",
        help="A row per player and position, stakes, or category of the hand shown; with "
             "--tournaments, per buy-in.")
    ] = None,
    min_hands: Annotated[int, typer.Option(
        "--min-hands", min=1, help="Leave out players with fewer hands.")] = 1,
    sort: Annotated[str | None, typer.Option(
        "--sort", metavar="COLUMN",
        help="The column to sort by, largest first (default: net; profit with --tournaments).")
    ] = None,
    currency: CurrencyOption = None, cash: CashOption = None, since: SinceOption = None,
    until: UntilOption = None, game: GameOption = None, stakes: StakesOption = None,
    site: SiteOption = None, tournaments: TournamentsOption = False,
    player: Annotated[str | None, typer.Option(
        "--player", help="Only this player's rows (by name).")] = None,
    fmt: FormatOption = OutputFormat.TABLE, no_headers: NoHeadersOption = False,
) -> None:
    """Recorded hands: per player name and money, the tracker statistics (VPIP, PFR, 3-bet,
    c-bet, aggression, showdowns, net, bb/100; docs/player-stats.md), or the net by the
    category of the hand shown (--by category).

    With --tournaments: the results of the sites' tournament summaries (docs/tournaments.md)."""
    from pokerdb.answers.players import player_results
    from pokerdb.answers.tournaments import tournament_results

    with user_errors():
        if tournaments and min_hands != 1:
            raise PokerdbError("--min-hands counts hands; --tournaments counts tournaments")
        engine = open_database(db)
        within = hand_filter(engine, dataset, currency=currency, cash=cash, since=since,
                             until=until, game=game, stakes=stakes, site=site,
                             player=player)
        table = (tournament_results(engine, within, by, sort or "profit") if tournaments
                 else player_results(engine, within, by, min_hands, sort or "net"))
        rows = iter(table.rows)  # streamed: everyone's are never all held
        first = next(rows, None)
        render([replace(table, rows=rows if first is None else chain([first], rows))], fmt,
               headers=not no_headers)
        if first is None and tournaments:
            notes(["no tournament results" + (" among those chosen" if within else "")
                   + " (they are read from the sites' tournament summaries: pokerdb import "
                     "FOLDER)"])
        elif first is None:
            notes(["no recorded hand has a named player" + (
                " among the hands chosen" if within is not None or min_hands > 1 else "")
                + " (players reads hand histories: pokerdb import FILE.phh, or a site's file)"])


def _finite(seconds: float | None) -> float | None:
    """--timeout's seconds, which nan and inf are not (nan passes every range check)."""
    if seconds is not None and not math.isfinite(seconds):
        raise typer.BadParameter(f"{seconds} is not a number of seconds.")
    return seconds


@command("sessions", panel=ANSWERS)
def sessions_command(
    db: DbOption = None, dataset: DatasetOption = None,
    player: Annotated[str | None, typer.Option(
        "--player", help="Only this player's sessions (by name).")] = None,
    gap: Annotated[int, typer.Option(
        "--gap", min=0, metavar="MINUTES",
        help="A session ends when the player's next hand there comes more than this many "
             "minutes later.")] = 30,
    currency: CurrencyOption = None, cash: CashOption = None, since: SinceOption = None,
    until: UntilOption = None, game: GameOption = None, stakes: StakesOption = None,
    site: SiteOption = None,
    fmt: FormatOption = OutputFormat.TABLE, no_headers: NoHeadersOption = False,
) -> None:
    """Recorded hands: each player's sessions, runs of hands at one site in one money with
    no gap over --gap between two hands (times in UTC): start, end, hands, tables, net,
    bb/100. Hands without a time of play are in none."""
    from pokerdb.answers.sessions import sessions_table

    with user_errors():
        engine = open_database(db)
        within = hand_filter(engine, dataset, currency=currency, cash=cash, since=since,
                             until=until, game=game, stakes=stakes, site=site)
        table, left_out = sessions_table(engine, gap, within, player)
        notes(left_out)
        render([table], fmt, headers=not no_headers)


@command(panel=ANSWERS)
def query(sql: Annotated[str, typer.Argument(help="One read-only SQL statement.")],
          db: DbOption = None, fmt: FormatOption = OutputFormat.TABLE,
          no_headers: NoHeadersOption = False,
          timeout: Annotated[float | None, typer.Option(
              "--timeout", min=0.001, show_default=False, callback=_finite,
              help="Stop the statement after this many seconds; default no limit.")] = None,
          ) -> None:
    """Run one read-only SQL statement and print its rows as they come; writes are refused.
    Ctrl-C stops it."""
    from pokerdb.answers.query import run_query

    with (user_errors(), interruptible(lambda: "the query stopped (a query changes nothing)"),
          run_query(open_database(db), sql, timeout) as table):
        notes(render([table], fmt, headers=not no_headers))


@command("datasets", panel=ANSWERS)
def datasets_command(db: DbOption = None, fmt: FormatOption = OutputFormat.TABLE,
                     no_headers: NoHeadersOption = False) -> None:
    """The imported datasets."""
    from pokerdb.answers.results import dataset_list

    with user_errors():
        notes(render([dataset_list(open_database(db))], fmt, headers=not no_headers))


@command(panel=ANSWERS)
def explain(
    deal_id: Annotated[int | None, typer.Argument(help="A stored deal's id.", show_default=False)
                       ] = None,
    cards: Annotated[str | None, typer.Option(
        "--cards", help='A deal as text instead: 5 cards per player, e.g. "8C TS KC 9H 4S '
                        '7D 2S 5D 3S AC"; a board and hole cards, "AH 7D 2C 9S TD | KH KD '
                        '| QS QC"; or with --game, a deal of that game as its deal files '
                        'write it.')] = None,
    game: Annotated[GameName | None, typer.Option(
        "--game", show_default=False,
        help="The game of --cards: holdem, omaha, omaha-5, omaha-6, omaha-hi-lo, short-deck "
             "(the board, then each player's hole cards); stud, stud-hi-lo, razz, "
             "deuce-to-seven, badugi, five-card (each player's cards), groups separated by "
             "'|'.")] = None,
    db: DbOption = None,
    fmt: Annotated[TextFormat, typer.Option(
        "--format", "-f", help="Text (table) or json: a verdict has no rows for csv.")
    ] = TextFormat.TABLE,
) -> None:
    """Each player's hand in words, and the comparison that decides the deal."""
    from pokerdb.answers.explain import explain_cards, explain_deal
    from pokerdb.rules.games import GAMES

    with user_errors():
        if game is not None and cards is None:
            raise PokerdbError("--game is the game of --cards: give the deal with --cards")
        if cards is not None and deal_id is None:
            explanation = explain_cards(cards, None if game is None else GAMES[game])
        elif deal_id is not None and cards is None:
            explanation = explain_deal(open_database(db), deal_id)
        else:
            raise PokerdbError("explain needs a deal id or --cards (not both)")
    if fmt is TextFormat.JSON:
        typer.echo(json.dumps(explanation.record(), indent=2))
    else:
        typer.echo("\n".join(explanation.lines()))


@command("stats", panel=ANSWERS)
def stats_command(db: DbOption = None, dataset: DatasetOption = None,
                  fmt: FormatOption = OutputFormat.TABLE,
                  no_headers: NoHeadersOption = False) -> None:
    """Hands of each category against the odds of a random hand, and a chi-square test."""
    from pokerdb.answers.stats import stats_answer

    with user_errors():
        answer = stats_answer(open_database(db), dataset)
        note_unevaluated(answer.unevaluated)
        notes(list(answer.left_out))
        render(answer.tables, fmt, headers=not no_headers)


@command("report", panel=ANSWERS)
def report_command(
    db: DbOption = None, dataset: DatasetOption = None,
    output: Annotated[str, typer.Option("--output", "-o", help="HTML file to write.")
                      ] = "report.html",
) -> None:
    """Write a self-contained HTML report: wins, categories, category matrix, provenance."""
    with user_errors():
        from pokerdb.answers.html_report import (
            write_report,  # needs the `report` extra (matplotlib)
        )

        written = write_report(open_database(db), dataset, output)
        note_unevaluated(written.unevaluated)
    typer.echo(f"wrote {output} ({written.size:,} bytes)")
