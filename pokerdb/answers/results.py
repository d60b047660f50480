"""The questions pokerdb answers, each one SQL statement over stored results."""

from dataclasses import dataclass
from typing import Any

from sqlalchemy import Engine, Select, and_, func, select

from pokerdb.answers.rendering import Table
from pokerdb.answers.wins import NO_DEALS, refuse_no_deals
from pokerdb.rules.variants import HandKind
from pokerdb.storage import win_counts
from pokerdb.storage.engines import reading
from pokerdb.storage.reading import engine_reader
from pokerdb.storage.schema import categories, datasets, deals, hand_values
from pokerdb.storage.view_columns import category_id


def in_dataset(statement: Select[Any], engine: Engine, dataset: str | None,
               game: str | None = None) -> Select[Any]:
    """`statement` over deals, narrowed to one dataset's (by name) and one game's (by
    datasets.game), where given."""
    if game is not None:
        statement = statement.where(deals.c.dataset_id.in_(
            select(datasets.c.id).where(datasets.c.game == game)))
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


def why_no_categories(engine: Engine, dataset: str | None = None,
                      game_label: str | None = None) -> str:
    """Why the deals selected (those of one game's datasets, named by `game_label`, if given)
    have no hand of a category to count: not evaluated yet, or no hand reached a showdown
    (each deal's board stops before the river, it was won by folds, or it has one player)."""
    if not wins(engine, dataset)["deals"]:
        return NO_DEALS
    if unevaluated_deals(engine, dataset):
        return "no evaluated hands (run: pokerdb evaluate)"
    where = ("the database" if dataset is None else f"dataset '{dataset}'") if (
        game_label is None) else f"the {game_label} datasets"
    return (f"no hand of {where} has a showdown value: every deal stops before the river, "
            f"was won by folds, or has one player")


@dataclass(frozen=True)
class Answer:
    """Tables that answer a question about the deals, how many of those deals are not
    evaluated yet (no winner and no hand values so far, so the tables leave them out), and
    what else they leave out, in words."""

    tables: list[Table]
    unevaluated: int
    left_out: tuple[str, ...] = ()


def breakdown(engine: Engine, dataset: str | None = None) -> Answer:
    """`pokerdb breakdown`: wins_by_category and category_matrix; a database without deals
    raises PokerdbError (wins.NO_DEALS)."""
    refuse_no_deals(wins(engine, dataset)["deals"])
    return Answer([wins_by_category(engine, dataset), category_matrix(engine, dataset)],
                  unevaluated_deals(engine, dataset))
def category_label(name: str, kind: str) -> str:
    """A category in words, its kind said unless it is a high hand's: "Seven Low
    (deuce-to-seven)"."""
    return name if kind == HandKind.HIGH else f"{name} ({kind})"


def wins_by_category(engine: Engine, dataset: str | None = None) -> Table:
    """For each category (of every kind of hand): the deals won with a hand of that category,
    by which player (as many player columns as `wins` has)."""
    players = [int(key.removeprefix("player")) for key in wins(engine, dataset)
               if key.startswith("player")]
    winning = hand_values.alias("winning")
    won, category = category_id(
        select(categories.c.name, categories.c.kind, func.count(),
               *(func.count().filter(deals.c.winner == player) for player in players))
        .select_from(deals)
        .join(winning, and_(winning.c.deal_id == deals.c.id,
                            winning.c.player == deals.c.winner)), winning)
    statement = in_dataset(
        won.join(categories, categories.c.id == category)
        .group_by(categories.c.id, categories.c.name, categories.c.kind)
        .order_by(categories.c.id), engine, dataset)
    with reading(engine) as connection:
        rows = [(category_label(name, kind), *counts)
                for name, kind, *counts in connection.execute(statement)]
    return Table(("winning category", "wins", *(f"player{player}" for player in players)), rows,
                 "wins_by_category")


def category_matrix(engine: Engine, dataset: str | None = None,
                    game: str | None = None) -> Table:
    """Deals counted by player 1's category (rows) against player 2's (columns), of the
    datasets of one game if given: every category of high hands (when high hands occur, or
    nothing does), and those of other kinds that occur."""
    one, two = hand_values.alias("one"), hand_values.alias("two")
    paired = (select().select_from(deals)
              .join(one, and_(one.c.deal_id == deals.c.id, one.c.player == 1))
              .join(two, and_(two.c.deal_id == deals.c.id, two.c.player == 2)))
    paired, first = category_id(paired, one)
    paired, second = category_id(paired, two)
    statement = in_dataset(
        paired.add_columns(first, second, func.count())
        .where(one.c.strength.is_not(None), two.c.strength.is_not(None))  # a showdown
        .group_by(first, second), engine, dataset, game)
    with reading(engine) as connection:
        known = connection.execute(select(categories.c.id, categories.c.name, categories.c.kind)
                                   .order_by(categories.c.id)).all()
        cells = connection.execute(statement).all()
    seen = {category for first, second, _ in cells for category in (first, second)}
    every_high = not seen or any(kind == HandKind.HIGH for id_, _, kind in known if id_ in seen)
    shown = [(id_, category_label(name, kind)) for id_, name, kind in known
             if (every_high and kind == HandKind.HIGH) or id_ in seen]
    place = {id_: index for index, (id_, _) in enumerate(shown)}
    grid = [[0] * len(shown) for _ in shown]
    for first, second, count in cells:
        grid[place[first]][place[second]] = count
    labels = [label for _, label in shown]
    rows = [(label, *counts) for label, counts in zip(labels, grid, strict=True)]
    return Table(("player1 \\ player2", *labels), rows, "category_matrix")


def dataset_list(engine: Engine) -> Table:
    with reading(engine) as connection:
        rows = connection.execute(
            select(datasets.c.id, datasets.c.name, datasets.c.format, datasets.c.game,
                   datasets.c.deals, datasets.c.sha256, datasets.c.imported_at)
            .order_by(datasets.c.id)).all()
    return Table(("id", "name", "format", "game", "deals", "sha256", "imported_at"), rows)
