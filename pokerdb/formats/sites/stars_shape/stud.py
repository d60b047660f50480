"""The play of a PokerStars stud or razz hand (stars_shape.play reads the rest):
each street's cards are dealt by its own lines, so they become PHH's dealing actions in the
order they come, not the hole cards up front.

- `*** 3rd STREET ***` to `*** 6th STREET ***` and `*** RIVER ***` open the streets; a river
  with a card (`*** RIVER *** [7h]`) is the community card dealt face up to every player when
  the deck cannot give each one (eight players).
- `Dealt to NAME [Kd]` on third street is a player's up card (`d dh p3 ????Kd`: two unknown
  down cards first), `Dealt to NAME [5d 4c Kd]` the hero's three; on later streets the last
  bracket is the new card (`Dealt to NAME [Kd 4h] [Js]`). Seventh street's cards are dealt face
  down: unknown but the hero's, and dealt unknown as the players act.
- `brings in for $0.02` posts the bring-in (`pN pb`); the completion is a raise or bet to the
  small bet, as any other.
"""

from pokerdb.formats.sites.stars_shape.lines import BOARD
from pokerdb.formats.sites.stars_shape.play import HandLines, HandPlay

_STREETS = ("*** 3rd STREET ***", "*** 4th STREET ***", "*** 5th STREET ***",
            "*** 6th STREET ***", "*** RIVER ***")


class StudPlay(HandPlay):
    """A stud hand's lines after the seats."""

    def __init__(self, hand: HandLines, names: list[str], hole_count: int, big: int) -> None:
        super().__init__(hand, names, 0, big)  # shown cards are as many as were dealt
        self.bring_in: int | None = None  # the first bring-in posted
        self.seen_deal = [False] * len(names)  # a player's third-street cards dealt
        self.known_line = [0] * len(names)  # the line that shows a player's cards
        # Where the river's play begins (its cards face down): the play's length, the line.
        self.river_at: tuple[int, int] | None = None

    def marker(self, line: str) -> bool:
        if line.startswith(_STREETS[0]):
            self.phase = 1  # the play
            return False
        if line.startswith(_STREETS[1:]):
            self.new_street()
            board = BOARD.match(line)
            if board is not None:  # the community card
                cards = self.hand_cards(board["cards"])
                self.boards.first.extend(cards)
                self.play.append((self.hand.index, f"d db {''.join(cards)}"))
            elif line.startswith(_STREETS[-1]):
                self.river_at = (len(self.play), self.hand.index)
            return False
        return super().marker(line)

    def deal(self, seat: int, written: str) -> None:
        """A `Dealt to` line's new cards, dealt to the player."""
        new = self.hand_cards(written.rpartition("[")[2].rstrip("]"))
        if len(new) == 3:
            self.hero = seat + 1
        elif not self.seen_deal[seat]:
            new = ["??", "??", *new]  # third street: the up card after two face down
        self.seen_deal[seat] = True
        self.play.append((self.hand.index, f"d dh p{seat + 1} {''.join(new)}"))

    def know(self, seat: int, written: str) -> None:
        super().know(seat, written)
        self.known_line[seat] = self.hand.index

    def act(self, seat: int, what: str) -> None:
        if what.startswith("brings in for "):
            amount = self.hand.amount(what.removeprefix("brings in for ").removesuffix(
                " and is all-in"))
            self.put_in[seat] += amount
            self.street_bet[seat] += amount
            if self.bring_in is None:
                self.bring_in = amount
            self.play.append((self.hand.index, f"p{seat + 1} pb"))
            return
        super().act(seat, what)

    def lay_out(self) -> None:
        """The PHH actions as the lines deal and play them, the cards dealt unknown of a hand
        shown or mucked face up (the summary's `mucked [CARDS]`) known."""
        river: list[tuple[int, str]] = []  # the river's cards dealt known
        for seat, known in enumerate(self.cards):
            if known:
                river += self.deal_known(seat, known)
        if river and self.river_at is not None:
            at = self.river_at[0]
            self.play[at:at] = river
        self.record(self.play, self.hand.text.lines)

    def deal_known(self, seat: int, known: str) -> list[tuple[int, str]]:
        """The player's dealing actions with their unknown cards (`??`) those of `known`, all
        the player's cards in the order dealt, as the site lists them; and the river's card
        dealt them, which no line deals but the hero's, as an action to add. Left as they are
        when `known` has neither as many cards nor one more (a community card on the
        river)."""
        prefix = f"d dh p{seat + 1} "
        dealt = [(at, action[len(prefix):]) for at, (_, action) in enumerate(self.play)
                 if action.startswith(prefix)]
        count = sum(len(cards) for _, cards in dealt)
        river: list[tuple[int, str]] = []
        if count + 2 == len(known) and self.river_at is not None:
            river.append((self.river_at[1], prefix + known[count:]))
        elif count != len(known):
            return river
        start = 0
        for at, cards in dealt:
            part = known[start:start + len(cards)]
            start += len(cards)
            for card in range(0, len(cards), 2):
                if cards[card:card + 2] not in ("??", part[card:card + 2]):
                    self.hand.index = self.known_line[seat]
                    raise self.hand.fail(f"{self.names[seat]}'s cards [{_spaced(known)}] are "
                                         f"not the ones dealt: {_spaced(cards)}")
            index, _ = self.play[at]
            self.play[at] = (index, prefix + part)
        return river


def _spaced(cards: str) -> str:
    """PHH's cards as PokerStars writes them: "Ah Kd"."""
    return " ".join(cards[at:at + 2] for at in range(0, len(cards), 2))
