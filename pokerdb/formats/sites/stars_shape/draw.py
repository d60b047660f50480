"""The play of a PokerStars draw hand: 5 Card Draw, Single Draw and Triple Draw 2-7 Lowball,
Badugi (pokerdb.formats.sites.stars_shape.play reads the rest: blinds, betting, showdown, summary).

- `*** DEALING HANDS ***` deals the hands: `Dealt to NAME [8s Ts 8h 2s 3s]` is the hero's (every
  other player's are unknown, `d dh p2 ??????????`).
- `*** FIRST DRAW ***`, `*** SECOND DRAW ***`, `*** THIRD DRAW ***` open the draws of a triple
  draw game; a single draw (5 Card Draw, Single Draw 2-7 Lowball) has no such line: its first
  `discards` or `stands pat` opens it.
- `NAME: discards 2 cards` is `pN sd ????` (the cards unknown), the hero's `discards 2 cards
  [Kh Th]` is `pN sd KhTh`, followed by `Dealt to NAME [3d Tc 7c] [5c Qs]`: the cards kept,
  then the new ones (`d dh pN 5cQs`; another player's are unknown, `d dh pN ????`).
  `stands pat` (the hero's `stands pat on [CARDS]`) is `pN sd`.
- PokerStars writes each player's discard and new cards together; PHH (and pokerkit) takes every
  discard of a draw before any new card, so the draw's actions are laid out so.

The reader checks what only the file can say: a discard of as many cards as it lists, of cards
the hero holds, the hero's kept cards the ones left, as many new cards as discarded; the replay
checks the rest (whose turn it is to draw, no card dealt twice, the betting).
"""

import re
from typing import Final

from pokerdb.errors import quoted
from pokerdb.formats.sites.stars_shape.play import HandLines, HandPlay

_DRAWS: Final = ("*** FIRST DRAW ***", "*** SECOND DRAW ***", "*** THIRD DRAW ***",
                 "*** DRAW ***")
_DISCARDS: Final = re.compile(r"discards (?P<count>\d+) cards?(?: \[(?P<cards>[^]]*)\])?")
_STANDS_PAT: Final = re.compile(r"stands pat(?: on \[(?P<cards>[^]]*)\])?")
_BRACKETS: Final = re.compile(r"\[([^]]*)\]")
# A player's lines that end a draw: its betting, or the showdown's.
_AFTER_DRAW: Final = frozenset(("bets", "calls", "raises", "checks", "folds", "shows", "mucks"))


class DrawPlay(HandPlay):
    """A draw hand's lines after the seats."""

    def __init__(self, hand: HandLines, names: list[str], hole_count: int, big: int) -> None:
        super().__init__(hand, names, hole_count, big)
        self.dealt: list[str] | None = None  # the hero's first cards
        self.dealt_line = 0  # the line that deals them
        self.held: list[str] | None = None  # the hero's cards now (None once unknown)
        self.drawing = False  # a draw's lines are being read
        self.discards: list[tuple[int, int, str, int]] = []  # line, seat, PHH cards, count
        self.drawn: dict[int, tuple[int, list[str]]] = {}  # seat: line, its new cards
        self.kept: list[str] | None = None  # the hero's cards left by their discard

    def marker(self, line: str) -> bool:
        if line.startswith("*** DEALING HANDS ***"):
            self.phase = 1  # the play
            return False
        self.end_draw()
        if line.startswith(_DRAWS):
            self.begin_draw()
            return False
        return super().marker(line)

    def act(self, seat: int, what: str) -> None:
        if what.startswith(("discards ", "stands pat")):
            self.draw(seat, what)
            return
        if self.drawing and what.partition(" ")[0] in _AFTER_DRAW:
            self.end_draw()
        super().act(seat, what)

    def deal(self, seat: int, written: str) -> None:
        """A `Dealt to` line: the hero's hand, or after their discard the cards kept and the
        new ones."""
        hand, name = self.hand, self.names[seat]
        brackets = [self.hand_cards(cards) for cards in _BRACKETS.findall(written)]
        if len(brackets) == 1 and self.dealt is None:
            (cards,) = brackets
            if len(cards) != self.hole_count:
                raise hand.fail(f"{len(cards)} cards dealt to {name}: the game deals "
                                f"{self.hole_count}")
            self.hero = seat + 1
            self.dealt, self.held, self.dealt_line = cards, list(cards), hand.index
            return
        if len(brackets) == 1 and self.kept == []:  # all discarded: the new cards alone
            brackets = [[], *brackets]
        if len(brackets) != 2:
            raise hand.fail("expected 'Dealt to NAME [CARDS]', or after a discard 'Dealt to "
                            "NAME [KEPT] [NEW]'")
        kept, new = brackets
        if self.kept is None or seat + 1 != self.hero or seat in self.drawn:
            raise hand.fail(f"new cards dealt to {name}, who has not discarded")
        if sorted(kept) != sorted(self.kept):
            raise hand.fail(f"{name} keeps [{' '.join(kept)}], but holds "
                            f"[{' '.join(self.kept)}] after the discard")
        discarded = self.hole_count - len(self.kept)
        if len(new) != discarded:
            raise hand.fail(f"{len(new)} new cards dealt to {name}, who discarded {discarded}")
        self.drawn[seat] = (hand.index, new)
        self.held, self.kept = [*kept, *new], None

    def draw(self, seat: int, what: str) -> None:
        """A player's discard, or standing pat."""
        hand, name = self.hand, self.names[seat]
        if not self.drawing:
            self.begin_draw()  # a single draw: no line opens it
        hero = seat + 1 == self.hero
        if (pat := _STANDS_PAT.fullmatch(what)) is not None:
            if hero and pat["cards"] is not None and self.held is not None and sorted(
                    self.hand_cards(pat["cards"])) != sorted(self.held):
                raise hand.fail(f"{name} stands pat on [{pat['cards']}], but holds "
                                f"[{' '.join(self.held)}]")
            self.discards.append((hand.index, seat, "", 0))
            return
        discard = _DISCARDS.fullmatch(what)
        if discard is None:
            raise hand.fail("expected 'discards N cards [CARDS]' or 'stands pat'")
        count = int(discard["count"])
        if not 0 < count <= self.hole_count:
            raise hand.fail(f"{name} discards {count} cards of the {self.hole_count} a hand "
                            f"holds")
        listed = None if discard["cards"] is None else self.hand_cards(discard["cards"])
        if listed is not None and len(listed) != count:
            raise hand.fail(f"{name} discards {count} cards but {len(listed)} are listed")
        cards = "??" * count
        if hero and self.held is not None:
            if listed is None:
                raise hand.fail(f"{name}'s discards are not listed, though their cards are "
                                f"known")
            for card in listed:
                if card not in self.held:
                    raise hand.fail(f"{name} discards {quoted(card)}, which is not among "
                                    f"their cards [{' '.join(self.held)}]")
            self.kept = [card for card in self.held if card not in listed]
            cards = "".join(listed)
        self.discards.append((hand.index, seat, cards, count))

    def begin_draw(self) -> None:
        self.new_street()
        self.drawing = True

    def end_draw(self) -> None:
        """The draw's actions: every discard, in the order written, then the new cards."""
        if not self.drawing:
            return
        play = self.play
        for index, seat, cards, _ in self.discards:
            play.append((index, f"p{seat + 1} sd {cards}" if cards else f"p{seat + 1} sd"))
        for index, seat, _, count in self.discards:
            if count:
                index, new = self.drawn.get(seat, (index, ["??"] * count))
                play.append((index, f"d dh p{seat + 1} {''.join(new)}"))
        if self.kept is not None:  # the hero's new cards not written: unknown from now on
            self.held = self.kept = None
        self.discards, self.drawn, self.drawing = [], {}, False

    def known_at_end(self) -> tuple[str | None, ...]:
        """The hands shown or mucked face up (the summary's `mucked [CARDS]`): those held after
        the draws, which a player's first cards dealt cannot say once they have drawn."""
        return tuple(self.cards) if any(self.cards) else ()

    def lay_out(self) -> None:
        """The PHH actions: the hands dealt (the hero's known), then the play."""
        unknown = "??" * self.hole_count
        deals = [(self.dealt_line, f"d dh p{seat} {''.join(self.dealt)}")
                 if seat == self.hero and self.dealt is not None
                 else (0, f"d dh p{seat} {unknown}") for seat in range(1, len(self.names) + 1)]
        self.record([*deals, *self.play], self.hand.text.lines)
