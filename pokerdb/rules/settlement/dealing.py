"""The cards of a hand being replayed: each player's hole cards (face up or down), the board,
and which cards are out, so that no card is dealt twice.

Cards are written as in PHH (``AcKd``, ``??`` for an unknown card, ``????`` two of them) and
kept in pokerdb's normal form ("AC"), None for an unknown card. A card discarded in a draw, or
mucked by a folding player, may be dealt again only once the deck has run out (the dealer then
shuffles those back in, as pokerkit does). PHH records no burned cards: a dealer burns one
before each street after the first, so the deck may have run out by as many cards sooner than
the cards dealt show (`burns`), and a card dealt again is allowed where it may have.
"""

from collections.abc import Sequence
from typing import Final, cast

from pokerdb.errors import quoted
from pokerdb.rules.cards import RANK_CHARS, SUIT_CHARS, normalise_card
from pokerdb.rules.settlement.betting import Illegal
from pokerdb.rules.variants import Variant

# Every spelling of a card that pokerdb reads ("Ac", "AC", ...), and "??" for an unknown card.
_CARD_OF: Final[dict[str, str | None]] = {
    token: normalise_card(token) for token in (
        rank + suit for rank in RANK_CHARS + RANK_CHARS.lower()
        for suit in SUIT_CHARS + SUIT_CHARS.lower())
    if normalise_card(token) is not None
} | {"??": None}


CardList = Sequence[str | None]  # cards as parsed: None for an unknown card


class Cards:
    """Who holds which cards, and the board."""

    __slots__ = ("board", "burns", "deck", "gone", "hole", "live", "up", "variant")

    def __init__(self, variant: Variant, players: int) -> None:
        self.variant = variant
        self.deck = variant.deck_set
        self.hole: list[list[str | None]] = [[] for _ in range(players)]
        self.up: list[list[bool]] = [[] for _ in range(players)]  # per hole card: face up
        self.board: list[str | None] = []
        self.live: set[str] = set()  # known cards held or on the board
        self.gone: set[str] = set()  # known cards discarded or mucked
        self.burns = 0  # cards a dealer may have burned (unrecorded) since the deck was full

    def parse(self, written: str) -> CardList:
        """The cards of an action's text."""
        cards = _PARSED.get(written)
        if cards is None:
            cards = _parsed(written)
            if len(_PARSED) < _PARSED_MOST:
                _PARSED[written] = cards
        if isinstance(cards, str):
            raise Illegal(cards)
        return cards

    def take(self, cards: Sequence[str | None]) -> None:
        """Marks known cards as out; each card exists once."""
        if not any(cards):  # unknown cards only (hole cards as most files deal them)
            return
        live, gone = self.live, self.gone
        seen: set[str] = set()
        for card in cards:
            if card:
                if card in live or card in seen:
                    raise Illegal(f"{card} is dealt twice")
                if card not in self.deck:
                    raise Illegal(f"{card} is not in the deck of {self.variant.code} "
                                  f"({len(self.deck)} cards, "
                                  f"{self.variant.deck[0][0]} to {self.variant.deck[-1][0]})")
                seen.add(card)
        again = seen & gone if gone else None
        if again:
            if self.in_deck() - self.burns >= len(cards):
                raise Illegal(f"{min(again)} is dealt again, though the deck has not run out")
            gone.clear()  # shuffled back in, and the burned cards with them
            self.burns = 0
        live |= seen

    def in_deck(self) -> int:
        """Cards still in the deck (unknown ones held count as out)."""
        out = len(self.live) + len(self.gone) + self.board.count(None)
        out += sum(cards.count(None) for cards in self.hole)
        return len(self.deck) - out

    def deal_hole(self, seat: int, cards: CardList, up: Sequence[bool]) -> None:
        self.take(cards)
        self.hole[seat].extend(cards)
        self.up[seat].extend(up)

    def deal_board(self, cards: CardList) -> None:
        self.take(cards)
        self.board.extend(cards)

    def discard(self, seat: int, cards: CardList) -> None:
        """The player's cards discarded (an unknown one, "??", for one of the player's unknown
        cards); the rest keep their order."""
        hole, up = self.hole[seat], self.up[seat]
        for card in cards:
            if card not in hole:
                raise Illegal(f"p{seat + 1} cannot discard {card or '??'}: p{seat + 1} holds "
                              f"{written(hole)}")
            at = hole.index(card)
            del hole[at], up[at]
            if card:
                self.live.discard(card)
                self.gone.add(card)

    def muck(self, seat: int) -> None:
        """A folding player's cards, out of play (they stay in `hole` for the records)."""
        for card in self.hole[seat]:
            if card:
                self.live.discard(card)
                self.gone.add(card)

    def show(self, seat: int, shown: CardList) -> None:
        """The player's cards as shown: those dealt unknown become known (and out)."""
        hole = self.hole[seat]
        count = len(hole)
        if len(shown) > count:
            raise Illegal(f"{len(shown)} cards shown (p{seat + 1} holds {count})")
        if list(shown) == hole:  # as dealt, the common case
            return
        held = [card for card in hole if card is not None]
        new = [card for card in shown if card is not None and card not in held]
        if len(held) + len(new) > count:
            raise Illegal(f"p{seat + 1} shows {written(shown)} but was dealt {written(hole)}")
        self.take(new)
        known: list[str | None] = [*held, *new]  # a show of fewer cards keeps the others
        if len(shown) == count and None not in shown:
            known = list(shown)
        hole[:] = [*known, *[None] * (count - len(known))]

    def reveal(self, known: Sequence[str | None]) -> None:
        """Per player, cards a site's file shows of their hand at the end beyond what the
        actions deal (SiteFacts.known_at_end), made known: held, not shown."""
        for seat, text in enumerate(known):
            if text:
                self.show(seat, self.parse(text))

    def up_cards(self) -> list[list[str | None]]:
        return [[card for card, face_up in zip(cards, up, strict=True) if face_up]
                for cards, up in zip(self.hole, self.up, strict=True)]


# The texts parsed so far, as `_parsed` has them: the same few thousand recur. A dict of the
# compiled module's own, not functools.lru_cache, whose wrapper is a Python call.
_PARSED: Final[dict[str, tuple[str | None, ...] | str]] = {}
_PARSED_MOST: Final = 1 << 16


def _parsed(written: str) -> tuple[str | None, ...] | str:
    """The cards of a text, or why it is none."""
    if written == "????":  # two unknown cards: hole cards as most files give them
        return (None, None)
    if len(written) % 2:
        return (f"{quoted(written)} is not a list of cards (two characters each, such as 'Ac' "
                f"or '??')")
    cards = []
    card_of = _CARD_OF.get
    for start in range(0, len(written), 2):
        card = card_of(written[start:start + 2], "")
        if card == "":
            return f"{quoted(written[start:start + 2])} is not a card"
        cards.append(card)
    return tuple(cards)


def cards_text(cards: list[str | None]) -> str | None:
    """Known cards as pokerdb writes them ("AC 2D"); None if any is unknown."""
    return None if None in cards else " ".join(cast(list[str], cards))


def written(cards: CardList) -> str:
    """Cards for a message, unknown ones as ??."""
    return " ".join(card or "??" for card in cards)
