"""Do the deals look randomly dealt? Stored category counts against the exact odds of a random
hand of the game (five cards, or the best five of seven for Hold'em), and a chi-square
goodness-of-fit test; for a split game (stud hi/lo, Omaha hi/lo), its low half's too: the
eight-or-better lows, qualifying or not, against their own exact odds."""

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

import numpy as np
from sqlalchemy import ColumnElement, Engine, exists, func, or_, select

from pokerdb.answers.rendering import Table
from pokerdb.answers.results import Answer, in_dataset, unevaluated_deals, why_no_categories
from pokerdb.errors import PokerdbError
from pokerdb.rules.evaluators import EVALUATORS
from pokerdb.rules.games import FIVE_CARD, GAMES, Game, GameName
from pokerdb.rules.hand_words import CATEGORY_SLOTS
from pokerdb.rules.variants import HOLDEM_VARIANTS, VARIANTS, HandKind, game_kind, low_kind
from pokerdb.storage.engines import reading
from pokerdb.storage.schema import datasets, deals, hand_cards, hand_values, variant_values
from pokerdb.storage.view_columns import category_id, category_of

# The chi-square approximation needs about five expected hands in every cell.
MIN_EXPECTED: Final = 5.0
SIGNIFICANCE: Final = 0.05
SIGNIFICANT_DIGITS: Final = 6


@dataclass(frozen=True)
class FitTest:
    """Chi-square goodness of fit over groups of categories (rare ones pooled)."""

    groups: tuple[tuple[int, ...], ...]  # category indexes, worst first
    chi_square: float | None  # None when too few hands leave fewer than two groups
    p_value: float | None
    labels: tuple[str, ...] = EVALUATORS["high"].categories

    @property
    def degrees_of_freedom(self) -> int:
        return len(self.groups) - 1

    @property
    def pooled(self) -> str:
        """The pooled groups in words, e.g. "Flush + Full House"; empty when none were."""
        return "; ".join(" + ".join(self.labels[category] for category in group)
                         for group in self.groups if len(group) > 1)

    @property
    def verdict(self) -> str:
        if self.p_value is None:
            return f"too few hands to test (every group needs {MIN_EXPECTED:g} expected)"
        if self.p_value < SIGNIFICANCE:
            return f"unlikely to be randomly dealt (p < {SIGNIFICANCE})"
        return f"consistent with random dealing (p >= {SIGNIFICANCE})"


def category_counts(engine: Engine, dataset: str | None = None,
                    game: str | None = None, low: bool = False,
                    recorded: bool = False) -> list[int]:
    """Evaluated hands of each category, High Card (0) to Royal Flush (9), of the datasets of
    one game if given: of the deal files, and of the recorded Hold'em hands (other variants'
    odds are not the game's). `low`: the categories of the game's low half instead (a split
    game's). `recorded`: the hands shown in recorded hands of the game's variant and number
    of hole cards instead, in datasets of any game (answers.recorded_odds)."""
    if recorded or low:
        assert game is not None, "a low half, and a recorded variant's odds, are a game's"
        if low:
            return _low_category_counts(engine, dataset, GAMES[GameName(game)], recorded)
        return _variant_category_counts(engine, dataset, GAMES[GameName(game)], recorded)
    statement = in_dataset(
        select(category_of(hand_values.c.strength), func.count())
        .join(deals, deals.c.id == hand_values.c.deal_id)
        .where(hand_values.c.strength.is_not(None), _independent_hands(),
               or_(deals.c.variant.is_(None), deals.c.variant.in_(HOLDEM_VARIANTS)))
        .group_by(category_of(hand_values.c.strength)), engine, dataset, game)
    chosen = GAMES[GameName(game)] if game is not None else None
    if chosen is not None and chosen.variant is not None:
        return _variant_category_counts(engine, dataset, chosen)
    with reading(engine) as connection:
        by_category = {category: count for category, count in connection.execute(statement)}
    return [by_category.get(category, 0) for category in range(len(categories_of(FIVE_CARD)))]


def _of_game(game: Game, recorded: bool) -> list[ColumnElement[bool]]:
    """The hands of the game's variant counted, and (`recorded`) only those shown in recorded
    hands, of the game's number of hole cards."""
    if not recorded:
        return [deals.c.variant == game.variant]
    return [deals.c.variant == game.variant, deals.c.source_id.is_not(None),
            exists().where(hand_cards.c.deal_id == hand_values.c.deal_id,
                           hand_cards.c.player == hand_values.c.player,
                           func.length(hand_cards.c.cards) == 3 * game.hole_cards - 1)]


def _variant_category_counts(engine: Engine, dataset: str | None, game: Game,
                             recorded: bool = False) -> list[int]:
    """Evaluated hands of each category of the game's kind of hand (its high half), worst
    first, of the game's datasets: read as every answer reads a variant's categories."""
    statement, category = category_id(select().select_from(hand_values).join(
        deals, deals.c.id == hand_values.c.deal_id), hand_values)
    statement = in_dataset(statement.add_columns(category, func.count())
                           .where(hand_values.c.strength.is_not(None),
                                  _independent_hands(), *_of_game(game, recorded))
                           .group_by(category), engine, dataset,
                           None if recorded else game.name)
    with reading(engine) as connection:
        by_id = {int(found): count for found, count in connection.execute(statement)}
    first = game_kind(game).naming * CATEGORY_SLOTS
    return [by_id.get(first + index, 0) for index in range(len(categories_of(game)))]


def _low_category_counts(engine: Engine, dataset: str | None, game: Game,
                         recorded: bool = False) -> list[int]:
    """Evaluated hands of each category of the game's low half, worst first ("No Low" first:
    a hand without a qualifying low has no low strength), of the game's datasets: counted by
    low strength (an eight-or-better low has one of 56), each told its category as the
    evaluator tells it."""
    statement = in_dataset(
        select(variant_values.c.low_strength, func.count())
        .select_from(hand_values)
        .join(deals, deals.c.id == hand_values.c.deal_id)
        .outerjoin(variant_values, (variant_values.c.deal_id == hand_values.c.deal_id)
                   & (variant_values.c.player == hand_values.c.player))
        .where(hand_values.c.strength.is_not(None), _independent_hands(),
               *_of_game(game, recorded))
        .group_by(variant_values.c.low_strength), engine, dataset,
        None if recorded else game.name)
    with reading(engine) as connection:
        by_strength = connection.execute(statement).all()
    evaluator = EVALUATORS[_kind(game, low=True)]
    counts = [0] * len(evaluator.categories)
    for strength, count in by_strength:
        counts[int(evaluator.category_of(np.array([strength or 0]))[0])] += count
    return counts


def uncompared(engine: Engine, dataset: str | None = None,
               game: str | None = None) -> str | None:
    """The hands shown in recorded hands of other games than Hold'em (of the datasets of one
    game if given), in a word, or None without any: `stats` compares recorded hands with
    Hold'em's odds alone, so these are left out, not tested against odds not theirs."""
    found: dict[str, int] = {}
    for variant, _, count in recorded_shown(engine, dataset, game):
        found[variant] = found.get(variant, 0) + count
    if not found:
        return None
    games = ", ".join(f"{count:,} {VARIANTS[code].name}" for code, count in sorted(found.items()))
    return (f"{sum(found.values()):,} hands shown in recorded hands of other games than "
            f"Hold'em are left out ({games}): pokerdb compares recorded hands with Hold'em's "
            f"odds only")


def recorded_shown(engine: Engine, dataset: str | None = None,
                   game: str | None = None) -> list[tuple[str, int, int]]:
    """(variant, hole cards, hands) of the hands shown in recorded hands of other games than
    Hold'em (of the datasets of one game if given), by variant and hole cards."""
    length = func.length(hand_cards.c.cards)
    statement = in_dataset(
        select(deals.c.variant, length, func.count()).select_from(hand_values)
        .join(deals, deals.c.id == hand_values.c.deal_id)
        .join(hand_cards, (hand_cards.c.deal_id == hand_values.c.deal_id)
              & (hand_cards.c.player == hand_values.c.player))
        .where(hand_values.c.strength.is_not(None), deals.c.source_id.is_not(None),
               deals.c.variant.not_in(HOLDEM_VARIANTS))
        .group_by(deals.c.variant, length), engine, dataset, game)
    with reading(engine) as connection:
        return sorted((variant, (int(chars) + 1) // 3, count)
                      for variant, chars, count in connection.execute(statement))


def _independent_hands() -> ColumnElement[bool]:
    """The hands counted: in a deal file of a game with a board, player 1's of each deal
    only. The hands of one deal share its board, so they are not independent: counted
    together, random deals fail the test far more often than its significance says (of 150
    files of 2,000 random deals of nine players, 49 % of Hold'em's and 37 % of Omaha hi/lo's
    lows were "unlikely to be randomly dealt", and 4.7 % and 4.0 % by player 1's hands:
    benchmarks/stats_calibration.py). Deals without a board (each hand its own cards) and
    recorded hands (their showdowns) count every hand."""
    return or_(deals.c.board.is_(None), deals.c.source_id.is_not(None), hand_values.c.player == 1)


def _kind(game: Game, low: bool) -> HandKind:
    kind = low_kind(game) if low else game_kind(game)
    if kind is None:
        raise ValueError(f"{game.name} has no low half")
    return kind


def categories_of(game: Game, low: bool = False) -> tuple[str, ...]:
    """The categories of the game's kind of hand (`low`: of its low half), worst first."""
    return EVALUATORS[_kind(game, low)].categories


def odds_of(game: Game, low: bool) -> tuple[int, ...]:
    """The game's exact odds of each category (`low`: of its low half, which only a split
    game has)."""
    if not low:
        return game.random_hands
    if game.random_lows is None:
        raise ValueError(f"{game.name} has no low half")
    return game.random_lows


def selected_game(engine: Engine, dataset: str | None = None) -> Game:
    """The game of the datasets `dataset` selects (all when None): odds are a game's, so the
    selection must hold one game."""
    games = selected_games(engine, dataset)
    if len(games) > 1:
        raise PokerdbError(f"the datasets hold hands of several games "
                           f"({', '.join(game.name for game in games)}), each with its own "
                           f"odds: choose a dataset with --dataset")
    return games[0] if games else FIVE_CARD


def selected_games(engine: Engine, dataset: str | None = None) -> list[Game]:
    """The games of the datasets `dataset` selects (all when None), by name."""
    statement = select(datasets.c.game).distinct()
    if dataset is not None:
        statement = statement.where(datasets.c.name == dataset)
    with reading(engine) as connection:
        return [GAMES[name] for name in sorted(connection.scalars(statement))]


def expected_counts(total: int, game: Game = FIVE_CARD, low: bool = False) -> list[float]:
    """The hands of each category (`low`: of the low half) that `total` random hands of the
    game expect."""
    return [total * hands_of / game.all_hands for hands_of in odds_of(game, low)]


def pool_groups(expected: Sequence[float]) -> list[tuple[int, ...]]:
    """Categories grouped so each group expects MIN_EXPECTED hands: rarer categories are pooled
    into their more common neighbour, from the rarest down."""
    groups: list[tuple[int, ...]] = []
    pending: tuple[int, ...] = ()
    for category in reversed(range(len(expected))):
        pending = (category, *pending)
        if sum(expected[c] for c in pending) >= MIN_EXPECTED:
            groups.insert(0, pending)
            pending = ()
    if pending and groups:
        groups[0] = (*pending, *groups[0])
    elif pending:
        groups = [pending]
    return groups


def goodness_of_fit(counts: Sequence[int], game: Game = FIVE_CARD,
                    low: bool = False) -> FitTest:
    """Chi-square test of observed category counts (`low`: of the low half) against random
    dealing."""
    labels = categories_of(game, low)
    expected = expected_counts(sum(counts), game, low)
    groups = tuple(pool_groups(expected))
    if len(groups) < 2:
        return FitTest(groups, None, None, labels)
    chi_square = 0.0
    for group in groups:
        observed, wanted = sum(counts[c] for c in group), sum(expected[c] for c in group)
        chi_square += (observed - wanted) ** 2 / wanted
    return FitTest(groups, chi_square, chi_square_sf(chi_square, len(groups) - 1), labels)


def chi_square_sf(x: float, df: int) -> float:
    """P(X >= x) for X chi-square distributed with integer `df` degrees of freedom.

    Closed form (Abramowitz & Stegun 26.4.4-5): Q(x; df+2) = Q(x; df) + T(df+2) where
    T(k) = (x/2)^(k/2-1) e^(-x/2) / Gamma(k/2), so T(k+2) = T(k) x / k; starting from
    Q(x; 1) = erfc(sqrt(x/2)) for odd df and Q(x; 0) = 0 for even df.
    """
    if x <= 0:
        return 1.0
    if df % 2:
        total, term, k = math.erfc(math.sqrt(x / 2)), math.sqrt(2 * x / math.pi), 3
    else:
        total, term, k = 0.0, 1.0, 2
    term *= math.exp(-x / 2)
    while k <= df:
        total += term
        term *= x / k
        k += 2
    return min(total, 1.0)


def stats_answer(engine: Engine, dataset: str | None = None) -> Answer:
    """`pokerdb stats`: category_stats, the deals they leave out (not evaluated yet) and the
    recorded hands of other games than Hold'em (uncompared)."""
    left_out = uncompared(engine, dataset)
    return Answer(category_stats(engine, dataset), unevaluated_deals(engine, dataset),
                  (left_out,) if left_out else ())


def category_stats(engine: Engine, dataset: str | None = None) -> list[Table]:
    """The category table and the goodness-of-fit table for the evaluated hands, and for a
    split game the same two of its low half ("low_categories", "low_goodness_of_fit")."""
    game = selected_game(engine, dataset)
    counts = category_counts(engine, dataset, game.name if game.variant else None)
    if not sum(counts):
        why = uncompared(engine, dataset) or why_no_categories(engine, dataset)
        raise PokerdbError(f"nothing to count: {why}")
    tables = [category_table(counts, game), fit_table(goodness_of_fit(counts, game))]
    if low_kind(game) is not None:
        lows = category_counts(engine, dataset, game.name, low=True)
        tables += [category_table(lows, game, low=True),
                   fit_table(goodness_of_fit(lows, game, low=True), low=True)]
    return tables


def category_table(counts: Sequence[int], game: Game = FIVE_CARD, low: bool = False) -> Table:
    total = sum(counts)
    labels = categories_of(game, low)
    rows = [(label, count, _rounded(100 * count / total),
             _rounded(100 * hands_of / game.all_hands), _rounded(wanted))
            for label, count, hands_of, wanted in zip(labels, counts, odds_of(game, low),
                                                      expected_counts(total, game, low),
                                                      strict=True)]
    return Table(("category", "hands", "percent", "expected percent", "expected hands"), rows,
                 "low_categories" if low else "categories")


def fit_table(fit: FitTest, low: bool = False) -> Table:
    chi_square = None if fit.chi_square is None else _rounded(fit.chi_square)
    p_value = None if fit.p_value is None else _rounded(fit.p_value)
    row = (chi_square, fit.degrees_of_freedom, p_value, fit.pooled, fit.verdict)
    return Table(("chi-square", "degrees of freedom", "p-value", "pooled", "verdict"), [row],
                 "low_goodness_of_fit" if low else "goodness_of_fit")


def _rounded(value: float) -> float:
    """Rounded to SIGNIFICANT_DIGITS significant digits, for stable, readable output."""
    return float(f"{value:.{SIGNIFICANT_DIGITS}g}")
