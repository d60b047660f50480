"""How often `pokerdb stats` calls random deals "unlikely to be randomly dealt": of many files
of random deals, the share its chi-square test rejects at its 5 % significance, counting every
hand of each deal or player 1's only (what it counts for a game with a board):
the row `stats-calibration` of `python -m benchmarks` (its size: the files of each game, 150
files of 2,000 deals of nine players).

A test that rejects random deals about as often as its significance says is calibrated. The
hands of one deal share its board, so in a game with a board they are not independent and,
counted together, the rejections climb far above 5 % (with nine Hold'em players, most files);
player 1's hand of each deal is a random hand of its own. Games without a board deal each hand
its own cards from one deck (weakly and negatively dependent: fewer rejections, not more).
"""

from collections.abc import Sequence

import numpy as np
import numpy.typing as npt
from result_tables import Table
from suite import Context, Figure, RowResult

from pokerdb.answers.stats import SIGNIFICANCE, goodness_of_fit
from pokerdb.rules.evaluators import EVALUATORS
from pokerdb.rules.game_odds import deck_codes
from pokerdb.rules.games import GAMES, Game, GameName
from pokerdb.rules.variants import game_kind, low_kind


def rejections(game: Game, files: int, deals: int, players: int, seed: int
               ) -> dict[str, tuple[int, int]]:
    """For each half of the game ("high", and "low" for a split game): how many of `files`
    files of random deals the test rejects, counting every hand and player 1's only."""
    rng = np.random.default_rng(seed)
    codes = deck_codes(game.deck)
    halves = {"high": game_kind(game), **({} if low_kind(game) is None else
                                          {"low": low_kind(game)})}
    counted = {half: [0, 0] for half in halves}
    dealt = game.board_cards + players * game.hole_cards
    for _ in range(files):
        cards = codes[np.argsort(rng.random((deals, len(codes))), axis=1)[:, :dealt]]
        board = np.repeat(cards[:, :game.board_cards], players, axis=0)
        holes = np.ascontiguousarray(cards[:, game.board_cards:].reshape(
            deals * players, game.hole_cards))
        for half, kind in halves.items():
            evaluator = EVALUATORS[str(kind)]
            category = evaluator.category_of(evaluator.strengths(holes,
                                                                 np.ascontiguousarray(board)))
            for place, chosen in enumerate((category, category[::players])):
                counted[half][place] += _rejected(chosen, len(evaluator.categories), game,
                                                  half == "low")
    return {half: (every, first) for half, (every, first) in counted.items()}


def _rejected(category: npt.NDArray[np.int8], categories: int, game: Game, low: bool) -> bool:
    counts: Sequence[int] = np.bincount(category.astype(np.int64), minlength=categories).tolist()
    fit = goodness_of_fit(counts, game, low)
    return fit.p_value is not None and fit.p_value < SIGNIFICANCE


DEALS = 2_000
PLAYERS = 9
NAMES = (GameName.HOLDEM, GameName.OMAHA_HI_LO, GameName.STUD)


def row(ctx: Context) -> RowResult:
    """No goal: the shares docs/commands.md quotes (a calibrated test rejects about 5 %)."""
    rows, figures = [], []
    for name in NAMES:
        game = GAMES[name]
        players = min(PLAYERS, game.max_players)
        ctx.say(f"{ctx.size} files of {DEALS:,} random {name.value} deals")
        for half, (every, first) in rejections(game, ctx.size, DEALS, players, 1).items():
            rows.append([name.value, str(players), half, f"{every / ctx.size:.1%}",
                         f"{first / ctx.size:.1%}"])
            figures.append(Figure(f"stats rejects random {name.value} deals ({half}), player "
                                  "1's hands", f"about {SIGNIFICANCE:.0%}",
                                  f"{first / ctx.size:.1%} (every hand: {every / ctx.size:.1%})",
                                  None, first / ctx.size, SIGNIFICANCE, None, "share"))
    return RowResult(figures, [Table(f"Files of {DEALS:,} random deals rejected at p < "
                                     f"{SIGNIFICANCE}, of {ctx.size}", (
                                         "game", "players", "half", "every hand",
                                         "player 1's"), rows, frozenset({1, 3, 4}))])
