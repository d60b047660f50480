"""The hands shown in recorded hands of other games than Hold'em, for `pokerdb report`: each
game's tested against its own odds where pokerdb has them (a game of rules.games of the
hand's variant and number of hole cards: Omaha of 4, 5 or 6, stud, razz, badugi, ...), and,
where it has none (the triple draws, five-card draw), how many were not tested, and why."""

from dataclasses import dataclass

from sqlalchemy import Engine

from pokerdb.answers.stats import recorded_shown
from pokerdb.rules.games import VARIANT_GAMES, Game
from pokerdb.rules.variants import VARIANTS


@dataclass(frozen=True)
class RecordedGames:
    tested: list[Game]  # the games with odds whose hands recorded hands show, by name
    untested: str | None  # the hands shown of games without odds, in a word (None: none)


def recorded_games(engine: Engine, dataset: str | None = None) -> RecordedGames:
    tested: dict[str, Game] = {}
    untested: dict[str, int] = {}
    for variant, hole_cards, count in recorded_shown(engine, dataset):
        game = next((game for game in VARIANT_GAMES if game.variant == variant
                     and game.hole_cards == hole_cards), None)
        if game is not None:
            tested[game.name] = game
            continue
        name = VARIANTS[variant].name
        if any(game.variant == variant for game in VARIANT_GAMES):
            name += f" of {hole_cards} hole cards"
        untested[name] = untested.get(name, 0) + count
    if not untested:
        return RecordedGames(sorted(tested.values(), key=_name), None)
    games = ", ".join(f"{count:,} {name}" for name, count in untested.items())
    return RecordedGames(sorted(tested.values(), key=_name), (
        f"{sum(untested.values()):,} hands shown in recorded hands are not tested ({games}): "
        f"pokerdb has no odds for their games"))


def _name(game: Game) -> str:
    return game.name
