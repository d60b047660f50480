"""Errors a user can act on; the CLI prints them as one line, never as a traceback."""


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
