"""The board of a hand in PokerStars' shape, as its streets deal it (stars_shape.play reads
them): Courchevel's first flop card, dealt before the betting; the boards of a hand run twice
or three times, the later runs' own cards kept beside the first board; and the summary's boards
checked against those dealt."""

import re
from typing import Final

from pokerdb.formats.sites.stars_shape.play_state import PlayLines
from pokerdb.rules.cards import normalise_card

# A summary's boards: one, or each of a hand run twice or three times.
SUMMARY_BOARDS: Final = ("Board [", "FIRST Board [", "SECOND Board [", "THIRD Board [",
                         "Board: [")
LATER_RUNS: Final = {"SECOND": 1, "THIRD": 2}  # a run's words: its board's place in `runs`
# Between the names a summary's seat line gives a shown hand on each board of a hand run more
# than once (GGPoker's `and won ($105.1) with Pair of Kings, and lost with Pair of Aces`).
_RUN_WORDS: Final = re.compile(r", and (?:won \([^()]*\)|lost) with ")
# The later runs' results that end the line unnamed (`... with Pair of Aces, and won ($94.18),
# and lost`), as GGPoker's real files write them.
_UNNAMED_RUNS: Final = re.compile(r"(?:, and (?:won \([^()]*\)|lost))+$")


class Boards:
    """A hand's boards: the first (the one its actions deal), each later run's own cards, and
    Courchevel's pre-flop card."""

    def __init__(self, hand: PlayLines) -> None:
        self.hand = hand
        self.runs: tuple[list[str], list[str], list[str]] = ([], [], [])  # by run
        self.first = self.runs[0]
        self.pre_flop: list[str] = []  # Courchevel's first flop card, dealt before the betting

    def deal(self, street: str, run: str | None, cards: list[str]) -> list[str] | None:
        """A street's cards (`*** FLOP *** [...]`, `*** SECOND TURN *** [...]`): those the
        actions deal, or None for a later run's (its own board's)."""
        if street == "PRE-FLOP":  # Courchevel's first flop card: no new street
            self.pre_flop = cards
            self.first.extend(cards)
            return cards
        if street == "FLOP" and self.pre_flop:
            cards = self.flop_after(cards)
        if run is not None and run in LATER_RUNS:  # a street of a hand run again: its own cards
            if len(cards) != (3 if street == "FLOP" else 1):
                raise self.hand.fail(f"the {run.lower()} run's {street.lower()} deals "
                                     f"{len(cards)} cards")
            self.runs[LATER_RUNS[run]].extend(cards)
            return None
        self.first.extend(cards)
        return cards

    def flop_after(self, cards: list[str]) -> list[str]:
        """A Courchevel flop's new cards: its line lists the pre-flop card first, again."""
        pre = self.pre_flop
        if len(cards) == 3 and cards[:len(pre)] != pre:
            raise self.hand.fail(f"the flop does not begin with the pre-flop card "
                                 f"{' '.join(pre)}")
        return cards[len(pre):] if len(cards) == 3 else cards

    def extra(self, run: int) -> str | None:
        """The board of run `run` (1: the second, 2: the third) of a hand run more than once:
        the first board's cards before the run's own; None where it was not run so."""
        first, own = self.first, self.runs[run]
        if not own:
            return None
        if len(own) not in (1, 2, 5):  # the river, the turn and river, or a whole board
            raise self.hand.fail(f"run {run + 1} deals {len(own)} cards of its own: it ends "
                                 f"before the river")
        return " ".join(str(normalise_card(card)) for card in [*first[:5 - len(own)], *own])

    def check(self, run: str, cards: list[str]) -> None:
        """A summary's `Board [CARDS]` (`FIRST Board`, `SECOND Board`, `THIRD Board` of a hand
        run more than once, `run` its first word): the board the streets dealt (a later run's:
        the whole board, or its own cards alone, as GGPoker writes it)."""
        first, own = self.first, self.runs[LATER_RUNS.get(run, 0)]
        dealt = [*first[:5 - len(own)], *own] if run in LATER_RUNS else first
        if cards != dealt and (run not in LATER_RUNS or cards != own):
            raise self.hand.fail(f"the summary's board [{' '.join(cards)}] is not the one "
                                 f"dealt, [{' '.join(dealt)}]")


def words_by_run(named: str) -> list[str]:
    """The words a summary's seat line gives a shown hand (after its first `with`), one per
    run of a hand run more than once, the later runs' unnamed results left out."""
    return _RUN_WORDS.split(_UNNAMED_RUNS.sub("", named))
