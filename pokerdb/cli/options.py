"""The options many commands share, each defined once (an Annotated alias per option), and the
database --db names, opened."""

from dataclasses import replace
from datetime import datetime
from typing import TYPE_CHECKING, Annotated

import typer

from pokerdb.answers.rendering import OutputFormat
from pokerdb.storage.location import DB_ENV_VAR, DEFAULT_DB

if TYPE_CHECKING:
    from sqlalchemy import Engine

    from pokerdb.storage.hand_filters import HandFilter

DbOption = Annotated[str | None, typer.Option(
    "--db", envvar=DB_ENV_VAR, show_default=False,
    help=f"Database: a file path or a SQLAlchemy URL (env {DB_ENV_VAR}; default {DEFAULT_DB})")]
FormatOption = Annotated[OutputFormat, typer.Option("--format", "-f", help="Output format.")]
NoHeadersOption = Annotated[bool, typer.Option("--no-headers", help="CSV without a header row.")]
DatasetOption = Annotated[str | None, typer.Option(
    "--dataset", help="Only this dataset (by name); default all.")]
# The filters of recorded hands (storage.hand_filters), for every answer over them.
CurrencyOption = Annotated[str | None, typer.Option(
    "--currency", help="Only hands of this money: a currency code (USD), chips or play.")]
CashOption = Annotated[bool | None, typer.Option(
    "--cash/--tournament", show_default=False,
    help="Only cash games (any money but chips), or only tournaments (chips).")]
SinceOption = Annotated[datetime | None, typer.Option(
    "--since", formats=["%Y-%m-%d"], help="Only hands played on or after this day "
    "(YYYY-MM-DD, the day as the file dates it).")]
UntilOption = Annotated[datetime | None, typer.Option(
    "--until", formats=["%Y-%m-%d"], help="Only hands played on or before this day.")]
GameOption = Annotated[str | None, typer.Option(
    "--game", help="Only this variant, by its PHH code (NT, PO, FT, ...).")]
StakesOption = Annotated[str | None, typer.Option(
    "--stakes", help="Only these stakes, as --by stakes shows them ('NT 0.5/1').")]
SiteOption = Annotated[str | None, typer.Option(
    "--site", help="Only hands of this site (PokerStars, ...), in any case.")]
TournamentsOption = Annotated[bool, typer.Option(
    "--tournaments", help="Tournament results from the sites' summaries instead: per player "
    "and money, tournaments, cost, won, profit, ROI %, ITM % and average finish.")]
QuietOption = Annotated[bool, typer.Option("--quiet", "-q", help="No progress bar or summary.")]


def hand_filter(engine: "Engine", dataset: str | None, *, currency: str | None = None,
                cash: bool | None = None, since: datetime | None = None,
                until: datetime | None = None, game: str | None = None,
                stakes: str | None = None, site: str | None = None,
                player: str | None = None) -> "HandFilter | None":
    """The filter the options name (None: every hand)."""
    from pokerdb.storage.hand_filters import HandFilter
    from pokerdb.storage.player_stats import one_dataset

    found = HandFilter() if dataset is None else one_dataset(engine, dataset)
    found = replace(found, currency=currency,
                    kind=None if cash is None else "cash" if cash else "tournament",
                    since=None if since is None else since.date(),
                    until=None if until is None else until.date(), game=game, stakes=stakes,
                    site=site, player=player)
    return None if found == HandFilter() else found


def open_database(db: str | None) -> "Engine":
    """The database --db names, at head; it must exist (only import creates one). SQLAlchemy is
    loaded here, by the commands that need it, not when the command line starts."""
    from pokerdb.storage.engines import open_engine

    return open_engine(db, create=False)
