"""Hands of any kind told by their stored words: a recorded hand of razz, deuce-to-seven,
badugi or short-deck, and the low half of a split game, for `pokerdb explain`.

High hands have their own, finer verdict in pokerdb.answers.explain (which rank decides); these
compare strengths within one kind and name the hands as the database describes them.
"""

from collections.abc import Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class NamedHand:
    player: int
    cards: str
    strength: int  # within its kind: larger is better
    category: str
    description: str
    best: str | None = None  # the cards that play, in play order
    low: "NamedHand | None" = None  # a split game's low half, when it qualifies

    @property
    def line(self) -> str:
        text = f"Player {self.player}: {self.cards}  "
        text += f"{'' if self.best is None else f'best {self.best}  '}{self.description}"
        if self.low is not None:
            text += f"; low {self.low.best}  {self.low.description}"
        return text


def named_verdict(named: Sequence[NamedHand], half: str = "") -> str:
    """Who wins (`half`: "the high half", ...) and with what, or who ties."""
    what = f" {half}" if half else ""
    if len(named) == 1:
        return f"Player {named[0].player} has no opponent{what}: nothing to compare"
    ranked = sorted({hand.strength for hand in named}, reverse=True)
    best = [hand for hand in named if hand.strength == ranked[0]]
    if len(best) > 1:
        players = ", ".join(str(hand.player) for hand in best[:-1])
        return (f"Players {players} and {best[-1].player} tie{what}: each has "
                f"{best[0].description}")
    runner_up = next(hand for hand in named if hand.strength == ranked[1])
    return (f"Player {best[0].player} wins{what}: {best[0].description} beats "
            f"{runner_up.description}")


def low_verdict(named: Sequence[NamedHand]) -> str:
    """The low half of a split game: who takes it, or why the high hand takes everything."""
    lows = [hand.low for hand in named if hand.low is not None]
    if not lows:
        return "no one has a qualifying low: the high hand takes the whole pot"
    if len(lows) == 1:
        return f"Player {lows[0].player} alone has a qualifying low ({lows[0].description})"
    return named_verdict(lows, "the low half")
