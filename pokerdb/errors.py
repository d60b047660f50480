"""Errors a user can act on; the CLI prints them as one line, never as a traceback."""

import re


class PokerdbError(Exception):
    """Base class for every error caused by the user's input or environment."""


class InputError(PokerdbError):
    """A deal file that cannot be imported; names the file, the line and what is wrong."""

    def __init__(self, source: str, line_no: int | None, message: str) -> None:
        self.source = source
        self.line_no = line_no
        self.message = message
        where = source if line_no is None else f"{source}, line {line_no}"
        super().__init__(f"{where}: {message}")

    def __reduce__(self) -> tuple[type["InputError"], tuple[object, ...]]:
        """Pickled as its three fields (as a worker process hands it to the importer)."""
        return type(self), (self.source, self.line_no, self.message)


class NothingToImportError(InputError):
    """An input none of whose deals could be stored: empty, or every one invalid."""


class ReadOnlyError(PokerdbError):
    """A statement given to `pokerdb query` that would change the database."""


class InvalidLinesError(PokerdbError):
    """Invalid lines of a deal file: one InputError each, then a summary line when given."""

    def __init__(self, errors: list[InputError], summary: str | None = None) -> None:
        self.errors = errors
        self.summary = summary
        super().__init__("\n".join(self.messages()))

    def messages(self) -> list[str]:
        return [str(error) for error in self.errors] + ([self.summary] if self.summary else [])


QUOTED_MAX_CHARS = 24


def quoted(text: str) -> str:
    """`text` quoted for a one-line message: unprintable characters escaped (as repr does),
    long text cut short, so binary garbage cannot garble a terminal or flood it."""
    if len(text) <= QUOTED_MAX_CHARS:
        return repr(text)
    return f"{text[:QUOTED_MAX_CHARS]!r}..."


# Characters that would act on a terminal instead of showing: C0 and C1 controls (escape
# sequences start with ESC, 0x1b), the line and paragraph separators, and the marks that
# reorder text (bidi overrides); lone surrogates stand for bytes that were not UTF-8.
_ACTING = ("\x7f-\x9f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069"
           "\ud800-\udfff")  # beyond the C0 controls, which JSON escapes itself
_UNSHOWABLE = re.compile(f"[\x00-\x1f{_ACTING}]")
_UNSHOWABLE_IN_JSON = re.compile(f"[{_ACTING}]")


def _escaped(match: re.Match[str]) -> str:
    code = ord(match.group())
    if 0xDC80 <= code <= 0xDCFF:  # an undecodable byte, as surrogateescape keeps it
        return f"\\x{code - 0xDC00:02x}"
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def shown(text: str) -> str:
    """`text` as it may be printed whole: every character that a terminal would act on (an
    escape sequence, a line break, a bidi override) or cannot encode (an undecodable byte of
    a file name) written as a backslash escape, so data from a file or the database shows as
    data and a message stays on its line."""
    return text if text.isprintable() else _UNSHOWABLE.sub(_escaped, text)


def json_shown(json_text: str) -> str:
    """JSON text with every character a terminal would act on written as a ``\\uXXXX``
    escape: JSON escapes the C0 controls itself, but leaves DEL, the C1 controls, the line and
    paragraph separators and the bidi marks as they are. Such characters only occur inside
    JSON strings, so the text reads back to exactly the same data."""
    if json_text.isascii() and "\x7f" not in json_text:
        return json_text
    return _UNSHOWABLE_IN_JSON.sub(lambda match: f"\\u{ord(match.group()):04x}", json_text)
