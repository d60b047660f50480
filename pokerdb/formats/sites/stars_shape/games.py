"""The game a hand in PokerStars' shape is played in, as its header names it: pokerdb's variant
and the hole cards it deals (stars_shape.reader reads the header)."""

import re
from typing import Final

from pokerdb.rules.variants import VARIANTS, Betting

# The games PokerStars names: pokerdb's game (rules.variants.GAMES, by code) and the hole cards
# it deals; each is written with its betting structure ("Omaha Hi/Lo Pot Limit").
GAMES: Final = {
    "Hold'em": ("T", 2), "6+ Hold'em": ("S", 2), "Hold'em Short Deck": ("S", 2),
    "Omaha": ("O", 4), "Omaha Hi/Lo": ("O/8", 4), "5 Card Omaha": ("O", 5),
    "5 Card Omaha Hi/Lo": ("O/8", 5), "6 Card Omaha": ("O", 6), "6 Card Omaha Hi/Lo": ("O/8", 6),
    "Courchevel": ("C", 5), "Courchevel Hi/Lo": ("C/8", 5), "7 Card Stud": ("7S", 7),
    "7 Card Stud Hi/Lo": ("7S/8", 7), "Razz": ("R", 7), "Badugi": ("B", 4),
    "Triple Draw 2-7 Lowball": ("2L3D", 5), "Single Draw 2-7 Lowball": ("2L1D", 5),
    "5 Card Draw": ("5D", 5),
}
STRUCTURES: Final = {"No Limit": Betting.NO_LIMIT, "Pot Limit": Betting.POT_LIMIT,
                     "Limit": Betting.FIXED_LIMIT}


def game_played(game: str, stakes: str) -> tuple[str, str]:
    """The game a hand is played in and its stakes (`SMALL/BIG`) from the header's: a mixed
    game's hand names its game in brackets, with the stakes in a cash game ("8-Game (Razz
    Limit, $1/$2 USD)", read as game "8-Game" and stakes "Razz Limit, $1/$2 USD"), alone in a
    tournament ("8-Game (Razz Limit) - Level I (10/20)"); 6+ hold'em's button blind is both
    blinds ("Button Blind $2 - Ante $2 USD": "$2/$2 USD", the antes posted as written)."""
    if ", " in stakes:
        game, _, stakes = stakes.rpartition(", ")
    elif game.endswith(")") and " (" in game:
        game = game[game.index(" (") + 2:-1]
    if (button := _BUTTON_BLIND.match(stakes)) is not None:
        stakes = f"{button['blind']}/{button['blind']} {button['currency'] or ''}"
    return game, stakes


_BUTTON_BLIND: Final = re.compile(r"Button Blind\s+(?P<blind>\S+)\s+-\s+Ante\s+\S+"
                                  r"(?:\s+(?P<currency>[A-Z]{3}))?\s*$")


def variant_of(game: str) -> tuple[str | None, int]:
    """The variant code and hole cards of a game as PokerStars names it ("Hold'em No Limit");
    (None, 0) for a game and structure pokerdb does not know."""
    for structure, betting in STRUCTURES.items():
        name = game.removesuffix(f" {structure}")
        if name != game and name in GAMES:
            game_code, hole_count = GAMES[name]
            code = betting.letter + game_code
            return (code, hole_count) if code in VARIANTS else (None, 0)
    return None, 0
