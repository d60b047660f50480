"""The Winning Poker Network's files in either of its formats, each file read by the reader of
the format its first line is in: the format since 2019 (`Hand #`, `Game Hand #`: PokerStars'
reader with pokerdb.formats.sites.acr's differences) or the older one (pokerdb.formats.sites.wpn
.reader), which reads (and refuses in one line) any other file."""

from collections.abc import Callable
from typing import Final

from pokerdb.formats.encodings import decoded
from pokerdb.formats.phh.file_contents import Found
from pokerdb.formats.phh.files import PhhFile
from pokerdb.formats.phh.hand_histories import HandReader
from pokerdb.formats.sites import acr
from pokerdb.formats.sites.stars_shape import hand_files
from pokerdb.formats.sites.stars_shape.site_format import starts_as
from pokerdb.formats.sites.wpn import reader as older


def _newer(content: bytes) -> bool:
    """Whether a file's content starts as the format since 2019 writes."""
    return starts_as(acr.STARTS, decoded(content[:400]))


def parse(file: PhhFile, content: bytes) -> Found:
    """The hands of one file's content, in order, as its format reads them."""
    if _newer(content):
        return hand_files.parse_site(acr.ACR, file, content)
    return older.parse(file, content)


def parts(file: PhhFile, content: bytes) -> list[Callable[[], Found]]:
    """A file's hands in parts, each read on its own, as its format cuts them."""
    if _newer(content):
        return hand_files.site_parts(acr.ACR, file, content)
    return older.parts(file, content)


READER: Final = HandReader(hand_files.pokerstars_files, parse, ".txt files", site=True,
                           parts=parts)
