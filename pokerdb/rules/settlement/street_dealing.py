"""What a street still deals before its betting: board cards, each player's hole cards (face
down or up), or a draw (each player still in, in seat order from p1, discards or stands pat,
then is dealt as many new cards; pokerkit takes every discard before any new card). A street
that may be shared (stud's seventh) deals one community card face up instead of a card each
when the cards left in the deck (those not yet dealt, folded hands' included; PHH records no
burn cards) are fewer than the players still in.

The replay (pokerdb.rules.settlement.replay) says when; this module checks each dealing action
against what is due, and keeps the cards (pokerdb.rules.settlement.dealing).
"""

from typing import Final

from pokerdb.rules.settlement.betting import Illegal
from pokerdb.rules.settlement.dealing import Cards
from pokerdb.rules.variants import Street, Variant


class StreetDealing:
    """The cards the current street still deals."""

    __slots__ = ("board_due", "cards", "draws_due", "face_down", "first", "hole_dealt", "hole_due",
                 "in_hand", "street", "variant")

    def __init__(self, variant: Variant, cards: Cards, in_hand: list[bool]) -> None:
        self.variant = variant
        self.cards = cards
        self.in_hand = in_hand  # the replay's own list
        self.street = variant.streets[0]
        self.first = True  # the first street: its hole cards wait for the first to act
        self.face_down = True  # the street deals no card face up
        self.board_due = 0
        self.hole_due = [0] * len(in_hand)
        self.hole_dealt = 0  # the hole cards the street deals each player
        self.draws_due: list[int] = []

    def open(self, number: int) -> None:
        """What street `number` deals, to the players still in."""
        variant, in_hand = self.variant, self.in_hand
        self.street = street = variant.streets[number]
        self.first = not number
        if number:  # a card burned before the street, which PHH does not record
            self.cards.burns += 1
        self.face_down = not any(street.hole_cards)
        self.board_due = street.board_cards
        dealt = len(street.hole_cards)
        if self.first and variant.hole_choices:
            dealt = max(variant.hole_choices)
        if street.shared_when_short and self.cards.in_deck() < dealt * sum(in_hand):
            self.board_due, dealt = 1, 0  # one community card, face up, for everyone
        self.hole_due = [dealt if held else 0 for held in in_hand]
        self.hole_dealt = dealt
        self.draws_due = [seat for seat, held in enumerate(in_hand) if held] if street.draw \
            else []

    def complete(self) -> bool:
        return not self.board_due and not self.draws_due and not any(self.hole_due)

    def waits_for(self) -> str:
        """What the street's dealing waits for, in words."""
        if self.draws_due:
            return f"p{self.draws_due[0] + 1} is to discard or stand pat"
        if self.board_due:
            return f"the {self.street.name} is to be dealt"
        seat = next(seat for seat, due in enumerate(self.hole_due) if due)
        return f"p{seat + 1}'s cards of the {self.street.name} are to be dealt"

    def up_cards_due(self) -> bool:
        return any(any(_statuses(self.street, due, due)) for due in self.hole_due if due)

    def fill(self) -> None:
        """The hole cards still due, dealt unknown (Omaha: as many as the most dealt)."""
        cards, in_hand = self.cards, self.in_hand
        if self.first and self.variant.hole_choices:
            count = max(min(self.variant.hole_choices),
                        *(len(cards.hole[seat]) for seat, held in enumerate(in_hand) if held))
            self.hole_due = [max(0, count - len(cards.hole[seat])) if held else 0
                             for seat, held in enumerate(in_hand)]
        for seat, due in enumerate(self.hole_due):
            if due < self.hole_dealt and due and not (self.first and self.variant.hole_choices):
                raise Illegal(f"p{seat + 1} is dealt {self.hole_dealt - due} of the "
                              f"{self.hole_dealt} cards the {self.street.name} deals")
            if due:
                cards.deal_hole(seat, (None,) * due, _statuses(self.street, due, due))
        self.hole_due = [0] * len(in_hand)

    def deal_hole(self, seat: int, written: str) -> None:
        if self.draws_due:
            raise Illegal(self.waits_for())
        new = self.cards.parse(written)
        due, street, variant = self.hole_due[seat], self.street, self.variant
        if len(new) > due:
            if not self.in_hand[seat]:
                raise Illegal(f"p{seat + 1} is not in the hand")
            if self.first:
                held = len(self.cards.hole[seat]) + len(new)
                deals = variant.hole_choices or (variant.hole_cards,)
                counts = str(deals[0]) if len(deals) == 1 else f"{deals[0]} to {deals[-1]}"
                raise Illegal(f"p{seat + 1} would hold {held} hole cards ({variant.code} deals "
                              f"{counts})")
            if not due:
                raise Illegal(f"the {street.name} deals p{seat + 1} no hole cards")
            if street.draw:
                raise Illegal(f"p{seat + 1} is dealt {len(new)} cards where {due} are due")
            raise Illegal(f"p{seat + 1} is dealt {len(new)} cards where the {street.name} "
                          f"deals {due}")
        count = len(new)
        self.cards.deal_hole(seat, new, _DOWN[count] if self.face_down
                             else _statuses(street, due, count))
        self.hole_due[seat] = due - count

    def deal_board(self, written: str) -> None:
        variant = self.variant
        if not variant.board_cards and not self.board_due:
            raise Illegal(f"{variant.code} ({variant.name}) deals no board" + (
                "" if variant.shared_street is None else
                ", but a community card where the deck cannot give every player one"))
        new = self.cards.parse(written)
        if len(new) > self.board_due:
            raise Illegal(f"{len(new)} cards dealt to the board where the {self.street.name} "
                          f"has {self.board_due} to come")
        self.cards.deal_board(new)
        self.board_due -= len(new)

    def discard(self, seat: int, written: str) -> None:
        if not self.draws_due:
            raise Illegal(f"p{seat + 1} discards where the {self.street.name} has no draw to "
                          f"come")
        if self.draws_due[0] != seat:
            raise Illegal(f"p{seat + 1} discards out of turn ({self.waits_for()})")
        cards = self.cards.parse(written) if written else ()
        self.cards.discard(seat, cards)
        del self.draws_due[0]
        self.hole_due[seat] = len(cards)


_DOWN: Final = tuple((False,) * count for count in range(64))  # more than any hand holds


def _statuses(street: Street, due: int, count: int) -> tuple[bool, ...]:
    """Which of the next `count` hole cards of the street are face up, `due` being still to
    come (more than the street deals: Omaha's extra hole cards, or a draw's, face down)."""
    pattern = street.hole_cards
    if due > len(pattern):
        return (False,) * count
    start = len(pattern) - due
    return pattern[start:start + count]
