"""Card codes: each card as one byte, rank * 4 + suit (rank 2..14, suit index in "CDHS"), read
from rows of card text in one table lookup per card. Every evaluator takes rows of these codes;
0 (or any byte that is not a code) stands for no card."""

from collections.abc import Sequence
from typing import Final

import numpy as np
import numpy.typing as npt

from pokerdb.rules.cards import RANK_VALUE, SUIT_CHARS

CodeArray = npt.NDArray[np.uint8]


def _card_code_table() -> CodeArray:
    """A card's two text bytes, read as one native uint16 -> rank * 4 + suit."""
    table = np.zeros(1 << 16, dtype=np.uint8)
    for rank, value in RANK_VALUE.items():
        for suit_code, suit in enumerate(SUIT_CHARS):
            text = np.frombuffer((rank + suit).encode("ascii"), dtype=np.uint16)
            table[text[0]] = value * 4 + suit_code
    return table


_CARD_CODE: Final = _card_code_table()


def card_codes(texts: CodeArray) -> CodeArray:
    """rank * 4 + suit of each card in rows of card text ("8C TS ..." as bytes, any number of
    cards per row); 0 where two bytes are not a card in normal form."""
    return card_codes_at(texts, range(0, texts.shape[1] - 1, 3))


def card_codes_at(texts: CodeArray, starts: Sequence[int]) -> CodeArray:
    """rank * 4 + suit of the card starting at each of these columns of rows of text; 0 where
    two bytes are not a card in normal form."""
    pairs = np.ascontiguousarray(texts[:, [start + byte for start in starts for byte in (0, 1)]])
    # Each card's two bytes read as one uint16 and decoded in one table lookup.
    return _CARD_CODE[pairs.view(np.uint16)]


def card_rows(codes: npt.NDArray[np.integer], widths: range, what: str) -> CodeArray:
    """`codes` as a C-contiguous uint8 array of rows whose width is in `widths`, or a
    ValueError naming `what` the rows hold."""
    rows = np.ascontiguousarray(codes, dtype=np.uint8)
    if rows.ndim != 2 or rows.shape[1] not in widths:
        expected = (f"{widths.start}" if len(widths) == 1
                    else f"{widths.start} to {widths.stop - 1}")
        raise ValueError(f"{what} come in rows of {expected}, got shape {rows.shape}")
    return rows
