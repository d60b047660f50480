"""PHH hand histories (the Poker Hand History standard, `phh-std`): `.phh` files of one hand,
`.phhs` files of many (TOML tables `[1]`, `[2]`, ...), plain or gzip, or a folder of both, read
as one dataset whose hands are replayed and settled.

A hand's fields become a `PhhHand` (pokerdb.formats.phh.reader). Its amounts (antes, blinds,
bet sizes, stacks, the file's winnings and finishing stacks, and every `cbr` amount in its
actions) may be decimals; they are kept exact as integers in the hand's own unit,
``10 ** -exponent``, where `exponent` is the most decimal places any of them has (0 for whole
chips). `PhhHand.amount` turns units back into an exact `Decimal`. An unknown stack (``inf`` in
the file) is None.

TOML is read by a fast reader of the subset PHH files use (pokerdb.formats.phh.toml_subset); a file
that steps outside that subset in any way is read by `tomllib` instead, so every valid file
reads correctly, and tomllib words the syntax errors.

Problems are `PhhError`s: one line naming the hand by its source (the file, plus ``#KEY`` for a
hand of a `.phhs`) and the field at fault. The readers yield them in place of the hand, so an
import can stop at the first or skip the bad hands and go on. The import's input is
pokerdb.formats.phh.hand_histories, loaded when a source is opened (it brings numpy and the replay).
"""

from typing import Final

from pokerdb.formats.input import FormatDescription, Input
from pokerdb.formats.sources import Source
from pokerdb.rules.games import HOLDEM

HAND_SUFFIX: Final = ".phh"
HANDS_SUFFIX: Final = ".phhs"
GZIP_SUFFIX: Final = ".gz"


def is_phh_name(name: str) -> bool:
    """Whether a file of this name holds PHH hands: `.phh` or `.phhs`, gzipped or not."""
    name = name.lower().removesuffix(GZIP_SUFFIX)
    return name.endswith((HAND_SUFFIX, HANDS_SUFFIX))


def _hand_histories(source: Source) -> Input:
    from pokerdb.formats.phh.hand_histories import HandHistories  # numpy, and the replay

    return HandHistories(source)


FORMAT: Final = FormatDescription(
    "phh", HOLDEM, "PHH hand histories",
    "PHH hand histories (.phh, .phhs, or a folder of them), each hand replayed and settled.",
    item="hand", reads_folders=True, settles=True,
    open=_hand_histories, claims_name=is_phh_name,
    recognises="a folder or a .phh/.phhs file")
