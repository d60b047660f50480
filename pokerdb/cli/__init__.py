"""The `pokerdb` command line: each command parses its options, makes one call into the
library (pokerdb.steps, pokerdb.answers), and renders what comes back.

- program: the Typer app, its help and usage lines, and one-line usage errors;
- options: the options many commands share, defined once;
- terminal: errors and notes on stderr, progress bars;
- step_commands, answer_commands, generate_command: the commands, by what they do.

Modules that load SQLAlchemy or numpy are imported inside the commands that use them, so that
`pokerdb wins` on an SQLite file at head starts in a blink.
"""

# Each command registers with the app as its module is imported.
from pokerdb.cli import answer_commands, generate_command, step_commands  # noqa: F401
from pokerdb.cli.program import app

__all__ = ["app"]
