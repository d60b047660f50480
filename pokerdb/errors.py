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
