"""The questions pokerdb answers, each one SQL statement over stored results."""

from dataclasses import dataclass
from typing import Any

from sqlalchemy import Engine, Select, and_, func, select

from pokerdb.answers.rendering import Table
from pokerdb.answers.wins import refuse_no_deals
from pokerdb.storage import win_counts
from pokerdb.storage.engines import reading
from pokerdb.storage.reading import engine_reader
from pokerdb.storage.schema import categories, category_of, datasets, deals, hand_values


def in_dataset(statement: Select[Any], engine: Engine, dataset: str | None) -> Select[Any]:
    if dataset is None:
        return statement
    with engine_reader(engine) as fetch:
        dataset_id = win_counts.find_dataset(fetch, dataset)
    return statement.where(deals.c.dataset_id == dataset_id)


def wins(engine: Engine, dataset: str | None = None) -> dict[str, int]:
    """Deals, wins of each player and ties: {"deals", "player1", "player2", ..., "ties"}."""
    with engine_reader(engine) as fetch:  # the SQL is in tallies, shared with `pokerdb wins`
        return win_counts.wins(fetch, dataset)


def unevaluated_deals(engine: Engine, dataset: str | None = None) -> int:
    """Deals with a hand not yet evaluated (their winner is unknown)."""
    with engine_reader(engine) as fetch:
        return win_counts.unevaluated_deals(fetch, dataset)


@dataclass(frozen=True)
class Answer:
    """Tables that answer a question about the deals, and how many of those deals are not
    evaluated yet: no winner and no hand values so far, so the tables leave them out."""

    tables: list[Table]
    unevaluated: int


def breakdown(engine: Engine, dataset: str | None = None) -> Answer:
    """`pokerdb breakdown`: wins_by_category and category_matrix; a database without deals
    raises PokerdbError (wins.NO_DEALS)."""
    refuse_no_deals(wins(engine, dataset)["deals"])
    return Answer([wins_by_category(engine, dataset), category_matrix(engine, dataset)],
                  unevaluated_deals(engine, dataset))


def wins_by_category(engine: Engine, dataset: str | None = None) -> Table:
    """For each category: the deals won with a hand of that category, by which player (as
    many player columns as `wins` has)."""
    players = [int(key.removeprefix("player")) for key in wins(engine, dataset)
               if key.startswith("player")]
    winning = hand_values.alias("winning")
    statement = in_dataset(
        select(categories.c.name, func.count(),
               *(func.count().filter(deals.c.winner == player) for player in players))
        .select_from(deals)
        .join(winning, and_(winning.c.deal_id == deals.c.id,
                            winning.c.player == deals.c.winner))
        .join(categories, categories.c.id == category_of(winning.c.strength))
        .group_by(categories.c.id, categories.c.name)
        .order_by(categories.c.id), engine, dataset)
    with reading(engine) as connection:
        rows = connection.execute(statement).all()
    return Table(("winning category", "wins", *(f"player{player}" for player in players)), rows,
                 "wins_by_category")


def category_matrix(engine: Engine, dataset: str | None = None) -> Table:
    """Deals counted by player 1's category (rows) against player 2's (columns)."""
    one, two = hand_values.alias("one"), hand_values.alias("two")
    first, second = category_of(one.c.strength), category_of(two.c.strength)
    statement = in_dataset(
        select(first, second, func.count())
        .select_from(deals)
        .join(one, and_(one.c.deal_id == deals.c.id, one.c.player == 1))
        .join(two, and_(two.c.deal_id == deals.c.id, two.c.player == 2))
        .where(one.c.strength.is_not(None), two.c.strength.is_not(None))  # a showdown
        .group_by(first, second), engine, dataset)
    with reading(engine) as connection:
        names = connection.execute(select(categories.c.name).order_by(categories.c.id)).scalars()
        labels = list(names)
        cells = connection.execute(statement).all()
    grid = [[0] * len(labels) for _ in labels]
    for first, second, count in cells:
        grid[first][second] = count
    rows = [(label, *counts) for label, counts in zip(labels, grid, strict=True)]
    return Table(("player1 \\ player2", *labels), rows, "category_matrix")


def dataset_list(engine: Engine) -> Table:
    with reading(engine) as connection:
        rows = connection.execute(
            select(datasets.c.id, datasets.c.name, datasets.c.format, datasets.c.game,
                   datasets.c.deals, datasets.c.sha256, datasets.c.imported_at)
            .order_by(datasets.c.id)).all()
    return Table(("id", "name", "format", "game", "deals", "sha256", "imported_at"), rows)
