"""How the bytes of a text file of hands become text, for every format that reads text: the
byte order marks, UTF-16 told by its NUL bytes, UTF-8, and cp1252 line by line where a file is
not UTF-8 throughout (as sites' older clients wrote), and why a file mixes encodings.
"""

import codecs
from typing import Final

UTF8_BOM: Final = "\ufeff"


def decoded(content: bytes) -> str:
    """The text of a file's bytes in the encodings PokerStars writes: UTF-16 or UTF-8 by their
    byte order mark, UTF-16 without one by its NUL bytes, UTF-8; a file that is not UTF-8
    throughout line by line, each line UTF-8 where it is, else cp1252 (whose five undefined
    bytes are read as Latin-1)."""
    if content.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        return content.decode("utf-16", errors="replace")
    head = content[:200]
    if not content.startswith(codecs.BOM_UTF8):
        if head[1::2].count(0) > len(head) // 4:
            return content.decode("utf-16-le", errors="replace")
        if head[0::2].count(0) > len(head) // 4:
            return content.decode("utf-16-be", errors="replace")
    body = content.removeprefix(codecs.BOM_UTF8)
    try:
        return body.decode("utf-8")
    except UnicodeDecodeError:
        return "".join(map(_line_decoded, body.splitlines(keepends=True)))


def mixed_encoding(content: bytes) -> str | None:
    """Why a file of a site's hands mixes encodings, or None: a UTF-8 file (its byte order mark,
    or a line of UTF-8 beyond ASCII) some lines of which are not UTF-8, which `decoded` reads as
    cp1252 ("lines 3 and 7 are not UTF-8 as the rest of the file is: read as cp1252")."""
    if content.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)) or content.isascii():
        return None
    try:
        content.decode("utf-8")
        return None
    except UnicodeDecodeError:
        pass
    lines = content.removeprefix(codecs.BOM_UTF8).splitlines()
    other: list[int] = []
    utf8 = content.startswith(codecs.BOM_UTF8)
    for number, line in enumerate(lines, start=1):
        try:
            line.decode("utf-8")
            utf8 = utf8 or not line.isascii()
        except UnicodeDecodeError:
            other.append(number)
    if not utf8:
        return None  # a file of another encoding throughout: nothing mixed
    shown = ", ".join(map(str, other[:_SHOWN_LINES])) + (
        f" and {len(other) - _SHOWN_LINES:,} more" if len(other) > _SHOWN_LINES else "")
    return (f"line{'s' if len(other) > 1 else ''} {shown} "
            f"{'are' if len(other) > 1 else 'is'} not UTF-8 as the rest of the file is: "
            f"read as cp1252")


_SHOWN_LINES: Final = 5


def _line_decoded(line: bytes) -> str:
    """A line of a file that is not UTF-8 throughout: UTF-8 where the line is (a file the
    site wrote in UTF-8, one line of it edited in cp1252), else cp1252."""
    try:
        return line.decode("utf-8")
    except UnicodeDecodeError:
        return line.decode("cp1252", errors=_LATIN1)


def _as_latin1(error: UnicodeError) -> tuple[str, int]:
    """The bytes cp1252 leaves undefined (0x81, 0x8d, 0x8f, 0x90, 0x9d), read as Latin-1."""
    assert isinstance(error, UnicodeDecodeError)
    return error.object[error.start:error.end].decode("latin-1"), error.end


_LATIN1: Final = "pokerdb-cp1252-latin1"
codecs.register_error(_LATIN1, _as_latin1)
