"""What the play of a hand has moved so far, seat by seat, as every site's reader of the play
keeps it (stars_shape.play.HandPlay, and the Winning Poker Network's older format's
wpn.play.WpnPlay): each seat's antes, blinds, chips put in and bet on the street, collected and
returned, the PHH actions read (each with the index of its line), and at the end the actions
laid out with their lines."""

from collections.abc import Sequence
from functools import cache
from typing import Final, Protocol

from pokerdb.errors import quoted
from pokerdb.formats.sites.stars_shape.lines import HandText
from pokerdb.rules.hand_record import PhhError


class PlayLines(Protocol):
    """A hand being read: its lines, the one being read, and its amounts' units."""

    text: HandText
    index: int
    exponent: int

    def fail(self, problem: str) -> PhhError:
        """The error naming the line being read."""

    def amount(self, written: str) -> int:
        """An amount as written, in the hand's units (the error naming the line if not)."""


class PlayState:
    """A hand's play as read so far, per seat (p1 first), and its actions once laid out."""

    def __init__(self, hand: PlayLines, names: list[str], hole_count: int, big: int) -> None:
        self.hand = hand
        self.names = names
        self.seat_of = {name: seat for seat, name in enumerate(names)}
        n = len(names)
        self.hole_count = hole_count
        self.big = big
        self.antes = [0] * n
        self.blinds = [0] * n
        self.put_in = [0] * n
        self.street_bet = [0] * n
        self.collected = [0] * n
        self.returned = [0] * n
        self.words: list[list[str]] = [[] for _ in range(n)]  # the site's words for each hand
        self.summarised = [False] * n  # listed by the summary
        self.folded = [False] * n
        self.hero: int | None = None
        self.play: list[tuple[int, str]] = []  # (line index, PHH action) after the hole cards
        self.total_pot = self.rake = 0
        self.actions: list[str] = []
        self.action_lines: list[int] = []
        self.action_texts: list[str] = []

    def forced_bets(self) -> tuple[list[int], list[int]]:
        """The antes and blinds in PHH's order: heads-up, in reverse (p2, the button, first)."""
        if len(self.names) == 2:
            return self.antes[::-1], self.blinds[::-1]
        return self.antes, self.blinds

    def give_back(self, seat: int, amount: int) -> None:
        """An uncalled bet returned to its bettor: out of what they put in."""
        self.put_in[seat] -= amount
        self.returned[seat] += amount

    def checked_cards(self, cards: list[str]) -> list[str]:
        """Cards in PHH's letters ('Ah', 'Tc'), each one of the deck (the error naming the
        first that is not)."""
        for card in cards:
            if card not in CARDS:
                raise self.hand.fail(f"{quoted(card)} is not a card")
        return cards

    def lay_out_dealt(self, held: Sequence[str | None], play: list[tuple[int, str]]) -> None:
        """The PHH actions: each player's hole cards (`held`, unknown where None or empty)
        dealt on the hand's first line, then `play`."""
        unknown = "??" * self.hole_count
        self.record([*((0, f"d dh p{seat} {cards or unknown}")
                       for seat, cards in enumerate(held, 1)), *play],
                    self.hand.text.written or self.hand.text.lines)

    def record(self, laid: list[tuple[int, str]], lines: Sequence[str]) -> None:
        """The actions laid out (each with the index of its line among `lines`), their line
        numbers and texts."""
        numbers = self.hand.text.numbers
        self.actions = [action for _, action in laid]
        self.action_lines = [numbers[index] for index, _ in laid]
        self.action_texts = [lines[index] for index, _ in laid]

    def written(self, units: int) -> str:
        """An amount as PHH writes it in the hand's units: '0.3', '300'."""
        return _written(units, self.hand.exponent)


@cache
def _written(units: int, exponent: int) -> str:
    if not exponent:
        return str(units)
    whole, fraction = divmod(units, 10 ** exponent)
    return f"{whole}.{fraction:0{exponent}d}" if fraction else str(whole)


# The cards as PokerStars writes them: rank, then suit in lower case ("Ah", "Tc").
CARDS: Final = frozenset(rank + suit for rank in "23456789TJQKA" for suit in "cdhs")
