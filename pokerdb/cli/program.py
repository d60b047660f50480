"""The `pokerdb` program: its Typer app, how its usage errors, help and usage lines look, and
`command`, which every command registers with."""

import errno
import inspect
import sys
from collections.abc import Callable, Sequence
from typing import Annotated, Any, TypeVar

import typer
from rich.markup import escape
from typer import TyperException
from typer.core import TyperArgument, TyperCommand, TyperGroup

from pokerdb import __version__
from pokerdb.cli.terminal import interruption_told, say
from pokerdb.launch import STARTING, command_line_ready

# The panels of `pokerdb --help`, in this order, each command in one.
CHANGES = "Fill and change a database"
ANSWERS = "Answer questions"
FILES = "Write test data"
PANELS = (CHANGES, ANSWERS, FILES)

Command = TypeVar("Command", bound=Callable[..., None])
# Why output cannot be written: a full disk (`> /dev/full`), a quota, a file too large, a device
# that fails (a closed pipe is click's own: exit 1 without a word).
_UNWRITABLE = frozenset({errno.ENOSPC, errno.EDQUOT, errno.EFBIG, errno.EIO})


class _Program(TyperGroup):
    """Usage errors (an unknown command, `--format xml`) as one line and the help hint,
    instead of a box; exit code 2 as usual. Commands are listed panel by panel (PANELS), each
    panel's in the order they were registered."""

    def list_commands(self, ctx: Any) -> list[str]:
        return sorted(super().list_commands(ctx), key=lambda name: PANELS.index(
            getattr(self.commands[name], "rich_help_panel", None) or CHANGES))

    def main(self, args: Sequence[str] | None = None, prog_name: str | None = None,
             complete_var: str | None = None, standalone_mode: bool = True,
             windows_expand_args: bool = True, **extra: Any) -> Any:
        if not standalone_mode:
            return super().main(args, prog_name, complete_var, standalone_mode,
                                windows_expand_args, **extra)
        command_line_ready()
        try:
            code = super().main(args, prog_name, complete_var, False, windows_expand_args,
                                **extra)
        except KeyboardInterrupt:  # before Typer's own handler of it (exit 130) is in place
            say(STARTING)
            sys.exit(130)
        except TyperException as exc:
            if type(exc).__name__ == "NoArgsIsHelpError":  # `pokerdb` alone: the help
                typer.echo(exc.format_message(), err=True)
                sys.exit(exc.exit_code)
            say(f"Error: {exc.format_message()}")
            context = getattr(exc, "ctx", None)
            if context is not None:
                say(f"Try '{context.command_path} --help' for help.")
            sys.exit(exc.exit_code)
        except typer.Abort:
            say("Aborted.")
            sys.exit(1)
        except OSError as exc:
            if exc.errno not in _UNWRITABLE:
                raise
            say(f"Error: cannot write the output: {exc.strerror}")
            sys.exit(1)
        if code == 130 and not interruption_told():  # Typer's own Ctrl-C: not a word
            say(STARTING)
        sys.exit(code if isinstance(code, int) else 0)


class _ArgumentsNamed(TyperCommand):
    """A command whose usage line names its arguments as one types them, in capitals:
    `pokerdb import [OPTIONS] FILES...`, `pokerdb explain [OPTIONS] [DEAL_ID]` (Typer's own
    reads `{files}...`)."""

    def collect_usage_pieces(self, ctx: Any) -> list[str]:
        pieces = [self.options_metavar] if self.options_metavar else []
        for param in self.get_params(ctx):
            if isinstance(param, TyperArgument):
                pieces.append(usage_name(param))
            else:
                pieces.extend(param.get_usage_pieces(ctx))
        return pieces


def usage_name(argument: TyperArgument) -> str:
    """An argument as a usage line names it: FILES..., SQL, [DEAL_ID]."""
    name = argument.metavar or (argument.name or "").upper()
    if argument.nargs != 1:
        name += "..."
    return name if argument.required else f"[{name}]"


def help_text(docstring: str) -> str:
    """A docstring as help that reads as written: each paragraph on one line, which the
    terminal wraps at its own width (rich would keep the docstring's line breaks, in the middle
    of sentences, in a command's help and in the list of commands), and no rich markup read
    in it."""
    return "\n\n".join(escape(" ".join(paragraph.split()))
                       for paragraph in inspect.cleandoc(docstring).split("\n\n"))


# Modules that load SQLAlchemy or numpy are imported inside the commands that use them:
# `pokerdb wins` on an SQLite file at head reads it with sqlite3 and should not pay for them.
app = typer.Typer(
    help="Turn files of poker deals into a SQL database you can question.",
    no_args_is_help=True, add_completion=False, pretty_exceptions_enable=False,
    cls=_Program,
)


def command(name: str | None = None, *, panel: str) -> Callable[[Command], Command]:
    """Register a function as a command of `pokerdb` (named after it unless `name` is given),
    listed in `panel` of `pokerdb --help`, its docstring its help."""

    def register(function: Command) -> Command:
        app.command(name, cls=_ArgumentsNamed, help=help_text(function.__doc__ or ""),
                    rich_help_panel=panel)(function)
        return function

    return register


def _version(value: bool) -> None:
    if value:
        typer.echo(f"pokerdb {__version__}")
        raise typer.Exit()


@app.callback()
def main(version: Annotated[bool, typer.Option(
        "--version", callback=_version, is_eager=True, help="Show the version and exit.")] = False,
         ) -> None:
    """Import deal files, evaluate every hand, and answer questions with SQL."""
