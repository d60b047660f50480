"""A hand's lines being read, by any site's reader (pokerdb.formats.sites.stars_shape.reader,
pokerdb.formats.sites.wpn.reader): the line being read, the error that names it, and the hand's
amounts. Apart from `lines`, which the registry loads: this loads the model of a recorded hand.
"""

from pokerdb.errors import quoted
from pokerdb.formats.sites.stars_shape.lines import HandText, amount_units
from pokerdb.rules.hand_record import PhhError


class HandReading:
    """A hand's lines being read (by any site's reader): the line being read (`index`), the
    units of its amounts (`exponent`), and an error naming the line."""

    def __init__(self, source: str, text: HandText, exponent: int = 0) -> None:
        self.source = source  # the file, then the file and the hand's number
        self.text = text
        self.index = 0
        self.exponent = exponent

    def fail(self, problem: str) -> PhhError:
        at = min(self.index, len(self.text.lines) - 1)
        return PhhError(self.source, f"line {self.text.numbers[at]} "
                                     f"{quoted((self.text.written or self.text.lines)[at])}: "
                                     f"{problem}")

    def amount(self, written: str) -> int:
        units = amount_units(written, self.exponent)
        if units is None:
            raise self.fail(f"{quoted(written)} is not an amount")
        return units
