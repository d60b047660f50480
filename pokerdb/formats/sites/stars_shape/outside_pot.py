"""The lines of money that moves between a player and the site beside the pot, which is paid as
usual (GGPoker's EV Cashout and all-in insurance), read into `OutsidePot` for
pokerdb.rules.outside_pot to check against the hand:

- `NAME: Chooses to EV Cashout` (at an all-in, before a board card), then `NAME: Pays Cashout
  Risk ($X)` where that player wins the pot, or `NAME: Receives Cashout ($X)` where they lose
  it; the summary's seat line ends `, Cashout Risk ($X)` or `, EV Cashout ($X)`, the sums;
- `NAME: get an all-in insurance (premium ($A/$B/$C) for ($X/$Y/$Z) - (Mandatory/Main/Sub))`,
  then `NAME: pay premium of all-in insurance ($B)` and, where the insured player loses,
  `NAME: get main compensation of all-in insurance ($Y)`; the summary's seat line ends `, AII
  Premium ($B)`.

- a time bank card, which a seat's summary says one player bought (`bought time bank card
  ($0.05)`) and the others were paid from (`received ($0.01) from time bank card`): money
  between the players beside the pot, what was bought all paid out (rules.outside_pot).

Any other line of all-in insurance, or another amount ending a summary's seat line, refuses
the hand by name: pokerdb does not know what it pays.
"""

import re
from collections.abc import Callable
from typing import Final, Protocol

from pokerdb.errors import quoted
from pokerdb.rules.hand_record import OutsidePot, PhhError

CHOOSES: Final = "Chooses to EV Cashout"
_AMOUNT_LINE: Final = re.compile(
    r"(?P<what>Pays Cashout Risk|Receives Cashout|pay premium of all-in insurance|"
    r"get (?P<part>mandatory|main|sub) compensation of all-in insurance) "
    r"\((?P<amount>[^()]+)\)\s*$")
_INSURED: Final = re.compile(r"get an all-in insurance \(premium \((?P<premium>[^()]*)\) for "
                             r"\((?P<cover>[^()]*)\) - \(Mandatory/Main/Sub\)\)\s*$")
_PARTS: Final = ("mandatory", "main", "sub")
# What ends a summary's seat line: `, Cashout Risk ($19)`; not a later run's result (`, and won
# ($4.56)`, the pot's) nor words in brackets (`folded before Flop (didn't bet)`).
SUMMARY_AMOUNT: Final = re.compile(r", (?P<what>(?!(?:and )?won \()[A-Za-z][A-Za-z ]*) "
                                   r"\((?P<amount>[^()]*\d[^()]*)\)\s*$")
_SUMMARY_WORDS: Final = {"Cashout Risk": "risk", "EV Cashout": "received",
                         "AII Premium": "premium"}
# A time bank card in a summary's seat line, after the player's position and before the rest
_TIME_BANK: Final = re.compile(r" (?:bought time bank card \((?P<bought>[^()]*)\)|received "
                               r"\((?P<received>[^()]*)\) from time bank card)(?:,(?= )|$)")


class _Lines(Protocol):
    """A hand being read (stars_shape.play.HandLines)."""

    def fail(self, problem: str) -> PhhError:
        """The error naming the line being read."""

    def amount(self, written: str) -> int:
        """An amount as written, in the hand's units."""


class OutsideLines:
    """A hand's lines of money beside the pot, per player (p1 first) as they are read."""

    def __init__(self, hand: _Lines, count: int, written: Callable[[int], str]) -> None:
        self.hand = hand
        self.written = written  # an amount in the hand's units, as PHH writes it
        self.chose = [False] * count
        self.amounts = {"risk": [0] * count, "received": [0] * count,
                        "premium": [0] * count, "quoted": [0] * count}
        self.cover = [(0, 0, 0)] * count
        self.compensation = [[0, 0, 0] for _ in range(count)]
        self.time_bank = [0] * count
        self.any = False

    def read(self, seat: int, what: str) -> bool:
        """A player's line (`what` after `NAME: `) of money beside the pot, read; False for
        any other line."""
        if what.startswith(CHOOSES) and not what[len(CHOOSES):].strip():
            self.chose[seat] = self.any = True
            return True
        if (insured := _INSURED.match(what)) is not None:
            premiums = self.parts(insured["premium"])
            self.amounts["quoted"][seat] += sum(premiums)
            cover = self.parts(insured["cover"])
            self.cover[seat] = (cover[0], cover[1], cover[2])
            self.any = True
            return True
        line = _AMOUNT_LINE.match(what)
        if line is None:
            if "insurance" in what:
                raise self.hand.fail("a line of all-in insurance pokerdb does not know: it "
                                     "does not settle what it pays")
            return False
        amount = self.hand.amount(line["amount"])
        words = line["what"]
        if line["part"] is not None:
            self.compensation[seat][_PARTS.index(line["part"])] += amount
        elif words == "Pays Cashout Risk":
            if not self.chose[seat]:
                raise self.hand.fail("a Cashout Risk paid by a player who did not choose to "
                                     "EV Cashout")
            self.amounts["risk"][seat] += amount
        else:
            self.amounts["received" if words == "Receives Cashout" else "premium"][seat] += amount
        self.any = True
        return True

    def parts(self, written: str) -> list[int]:
        """`$0/$4/$0`: the Mandatory, Main and Sub parts of an insurance line."""
        parts = written.split("/")
        if len(parts) != len(_PARTS):
            raise self.hand.fail(f"{quoted(written)} is not three amounts (Mandatory/Main/Sub)")
        return [self.hand.amount(part.strip()) for part in parts]

    def summary(self, seat: int, line: str) -> str:
        """A summary's seat line without the amounts beside the pot that end it, each the sum
        of the player's lines (the hand's error naming the line if not, or if unknown), and
        without a time bank card bought or received, which it adds to the player's."""
        if (card := _TIME_BANK.search(line)) is not None:
            bought = card["bought"]
            amount = self.hand.amount(bought if bought is not None else card["received"])
            self.time_bank[seat] += -amount if bought is not None else amount
            self.any = True
            line = line[:card.start()] + line[card.end():]
        if "time bank card" in line:
            raise self.hand.fail("a time bank card pokerdb does not know how to read")
        while (end := SUMMARY_AMOUNT.search(line)) is not None:
            name = _SUMMARY_WORDS.get(end["what"])
            if name is None:
                raise self.hand.fail(f"{quoted(end['what'])}: an amount beside the pot "
                                     f"pokerdb does not know")
            stated, lines = self.hand.amount(end["amount"]), self.amounts[name][seat]
            if stated != lines:
                raise self.hand.fail(f"{end['what']} of {end['amount']}: the player's lines "
                                     f"say {self.written(lines)}")
            line = line[:end.start()]
        return line

    def cash_outs(self, cashed_out: list[int]) -> tuple[tuple[int, ...], OutsidePot | None]:
        """Per player, what the site paid for a cash-out (`cashed_out`) or beside the pot,
        less what the player paid it there (SiteFacts.cashed_out); and the lines of the money
        beside the pot, where there are any."""
        outside = self.facts()
        if outside is None:
            return tuple(cashed_out), None
        return tuple(paid + flow for paid, flow in zip(cashed_out, outside.flows(),
                                                       strict=True)), outside

    def facts(self) -> OutsidePot | None:
        """The hand's money beside the pot; None where it has none."""
        if not self.any:
            return None
        amounts = self.amounts
        return OutsidePot(
            chose=tuple(self.chose), risk=tuple(amounts["risk"]),
            received=tuple(amounts["received"]), quoted=tuple(amounts["quoted"]),
            cover=tuple(self.cover), premium=tuple(amounts["premium"]),
            compensation=tuple((a, b, c) for a, b, c in self.compensation),
            time_bank=tuple(self.time_bank))
