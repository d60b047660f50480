"""How often `pokerdb stats` calls random deals "unlikely to be randomly dealt": of many files
of random deals, the share its chi-square test rejects at its 5 % significance, counting every
hand of each deal or player 1's only (what it counts for a game with a board):
`python benchmarks/stats_calibration.py [--files 150] [--deals 2000] [--players 9]
[--game holdem ...]`.

A test that rejects random deals about as often as its significance says is calibrated. The
hands of one deal share its board, so in a game with a board they are not independent and,
counted together, the rejections climb far above 5 % (with nine Hold'em players, most files);
player 1's hand of each deal is a random hand of its own. Games without a board deal each hand
its own cards from one deck (weakly and negatively dependent: fewer rejections, not more).
"""

import argparse
from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.partition("\n")[0])
    parser.add_argument("--files", type=int, default=150)
    parser.add_argument("--deals", type=int, default=2000)
    parser.add_argument("--players", type=int, default=9)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--game", action="append", choices=[name.value for name in GameName
                                                             if GAMES[name].random_hands])
    arguments = parser.parse_args()
    names = arguments.game or [GameName.HOLDEM.value, GameName.OMAHA_HI_LO.value,
                               GameName.STUD.value]
    print(f"files of {arguments.deals:,} random deals rejected at p < {SIGNIFICANCE} "
          f"(expected: {SIGNIFICANCE:.0%}), of {arguments.files}")
    print("game            players  half  every hand  player 1's")
    for name in names:
        game = GAMES[GameName(name)]
        players = min(arguments.players, game.max_players)
        for half, (every, first) in rejections(game, arguments.files, arguments.deals,
                                               players, arguments.seed).items():
            print(f"{name:<15} {players:>7}  {half:<4}  {every / arguments.files:>10.1%}  "
                  f"{first / arguments.files:>10.1%}")


if __name__ == "__main__":
    main()
