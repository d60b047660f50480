"""A hand-history file's contents for an import (pokerdb.formats.phh.hand_histories): its bytes
as stored, decompressed, read again when they were not kept since hashing (and refused if they
changed meanwhile), and its hands with NUL refused where the file's TOML escapes it."""

import hashlib
from collections.abc import Callable, Iterable
from typing import Final

from pokerdb.errors import InputError, quoted
from pokerdb.formats.phh.files import PhhFile
from pokerdb.rules.hand_record import Cancelled, PhhError, PhhHand

Found = Iterable[PhhHand | PhhError | Cancelled]  # a file's hands, or a part of them, in order
# TOML escapes that put NUL, which PostgreSQL text cannot hold, in a string.
_NUL_ESCAPES: Final = (b"\\u0000", b"\\U00000000")


def escapes_nul(content: bytes) -> bool:
    """Whether a file's TOML escapes NUL in a string (its hands are then checked for it)."""
    return any(escape in content for escape in _NUL_ESCAPES)


def unreadable(error: PhhError) -> Found:
    """A file's hands when it cannot be read: why."""
    return (error,)


def file_bytes(file: PhhFile) -> bytes | PhhError:
    """The file's bytes as stored, or why it cannot be read."""
    try:
        return file.read()
    except PhhError as error:
        return error


def file_content(file: PhhFile, raw: bytes | PhhError) -> tuple[bytes, bytes | PhhError]:
    """The bytes to hash (the content; as stored if it cannot be decompressed) and the content
    or why it cannot be read, of a file's bytes."""
    if isinstance(raw, PhhError):
        return b"", raw
    try:
        content = file.decompressed(raw)
    except PhhError as error:
        return raw, error
    return content, content


def read_again(parse: Callable[[PhhFile, bytes], Found], file: PhhFile, digest: bytes,
                label: str) -> Found:
    """A file's hands, read again (not kept since it was hashed): InputError if it changed."""
    hashed, content = file_content(file, file_bytes(file))
    if hashlib.sha256(hashed).digest() != digest:
        raise InputError(label, None, "changed while it was being imported; nothing imported "
                                      "(import it again once it is complete)")
    if not isinstance(content, bytes):
        return (content,)
    if not escapes_nul(content):
        return parse(file, content)
    return (refuse_nul(hand) if isinstance(hand, PhhHand) else hand
            for hand in parse(file, content))


def refuse_nul(hand: PhhHand) -> PhhHand | PhhError:
    """The hand, or why it is refused: NUL in a text, which PostgreSQL text cannot hold (so
    neither backend stores one, and what is stored is what the file says)."""
    for name, text in hand.texts():
        if "\0" in text:
            return hand.error(f"field {name!r} holds NUL in {quoted(text)}: PostgreSQL text "
                              f"cannot hold it, so pokerdb stores none")
    return hand
