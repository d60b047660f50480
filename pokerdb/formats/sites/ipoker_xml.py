"""iPoker's XML hand histories read into elements, with their lines: a file holds one or more
`<session>` documents (each maybe after an `<?xml ...?>` declaration, one after another as the
network's clients append them), a session its `<general>` fields and its `<game>`s, a game its
players and its rounds of `<action>`s and `<cards>`.

Parsed by the standard library's expat, with no document type: a session that declares one
(the only way XML brings in entities, whose expansion is the "billion laughs" and the external
entities attacks) is refused, as defusedxml refuses it, before anything is expanded.
"""

import re
from dataclasses import dataclass, field
from typing import Final
from xml.parsers import expat

SESSION: Final = re.compile(r"<session[\s>]")
_DECLARATION: Final = re.compile(r"\s*<\?xml[^>]*\?>\s*$")
DOCTYPE: Final = ("a document type declaration (entities): pokerdb reads no iPoker session "
                  "that declares one")
_GENERAL_FIELDS: Final = frozenset({"mode", "gametype", "tablename", "tablecurrency",
                                    "currency", "nickname", "startdate"})
_TEXTS: Final = _GENERAL_FIELDS | {"cards"}  # the elements whose text is read


class XmlRefused(Exception):
    """A session pokerdb does not read: its line (and the line's text), and why."""

    def __init__(self, line: int, reason: str, text: str = "") -> None:
        super().__init__(reason)
        self.line = line
        self.reason = reason
        self.text = text


@dataclass
class Element:
    """An element of a game: its attributes, its text (a `<cards>`'), its round and line."""

    name: str
    attrs: dict[str, str]
    line: int
    round: int = -1
    text: str = ""


@dataclass
class Game:
    """A `<game>`: its code and line, its start date, its players, and its rounds' actions
    and cards in file order."""

    code: str
    line: int
    startdate: str = ""
    players: list[Element] = field(default_factory=list)
    items: list[Element] = field(default_factory=list)


@dataclass
class Session:
    """A `<session>`: its `<general>` fields and its games."""

    general: dict[str, str] = field(default_factory=dict)
    games: list[Game] = field(default_factory=list)
    first_line: int = 1  # in the file
    lines: list[str] = field(default_factory=list)  # its text's

    def line_text(self, line: int) -> str:
        """The text of a line of the file (one of the session's)."""
        return self.lines[line - self.first_line].strip()


class _Reader:
    """Expat's handlers, building a session (a guard against what is refused)."""

    def __init__(self, first_line: int) -> None:
        self.first_line = first_line
        self.parser = expat.ParserCreate()
        self.parser.buffer_text = True  # a run of text in one call
        self.parser.StartElementHandler = self.start
        self.parser.EndElementHandler = self.end
        self.parser.StartDoctypeDeclHandler = self.doctype
        self.parser.EntityDeclHandler = self.entity
        self.parser.ExternalEntityRefHandler = self.external
        self.session = Session()
        self.path: list[str] = []
        self.text: list[str] = []
        self.round = -1

    def line(self) -> int:
        return self.first_line + self.parser.CurrentLineNumber - 1

    def doctype(self, *_: object) -> None:
        raise XmlRefused(self.line(), DOCTYPE)

    def entity(self, *_: object) -> None:
        raise XmlRefused(self.line(), "an entity declaration: pokerdb reads none")

    def external(self, *_: object) -> int:
        raise XmlRefused(self.line(), "an external entity: pokerdb reads none")

    def start(self, name: str, attrs: dict[str, str]) -> None:
        self.path.append(name)
        if name in _TEXTS:  # the text of these alone is read
            self.text.clear()
            self.parser.CharacterDataHandler = self.text.append
        games = self.session.games
        if name == "game":
            games.append(Game(attrs.get("gamecode", ""), self.line()))
        elif not games:
            return
        elif name == "player":
            games[-1].players.append(Element(name, attrs, self.line()))
        elif name == "round":
            self.round = _number(attrs.get("no", ""))
        elif name in ("action", "cards"):
            games[-1].items.append(Element(name, attrs, self.line(), self.round))

    def end(self, name: str) -> None:
        self.path.pop()
        if name not in _TEXTS:
            return
        self.parser.CharacterDataHandler = None
        text = "".join(self.text).strip()
        games = self.session.games
        if name == "cards" and games and games[-1].items:
            games[-1].items[-1].text = text
        elif name == "startdate" and games:
            games[-1].startdate = text
        elif name in _GENERAL_FIELDS and self.path[-2:] == ["session", "general"]:
            self.session.general[name] = text


def _number(written: str) -> int:
    return int(written) if written.isascii() and written.isdigit() else -1


def session_starts(text: str) -> list[int]:
    return [match.start() for match in SESSION.finditer(text)]


def sessions(text: str, starts: list[int], end: int,
             first_line: int) -> list[tuple[int, Session | XmlRefused]]:
    """The sessions of a file's text (lines ending in LF) that start at `starts`, the first on
    line `first_line` of the file, the last ending at `end`, each with its first line: read,
    or why it is not. (Lines are counted from the first session on: a part of a large file
    does not count those before it again.)"""
    found: list[tuple[int, Session | XmlRefused]] = []
    counted = starts[0] if starts else 0
    for start, stop in zip(starts, [*starts[1:], end], strict=True):
        first_line += text.count("\n", counted, start)
        counted = start
        chunk = text[start:stop]
        if "<?xml" in chunk[-100:]:
            chunk = _DECLARATION.sub("", chunk)  # the next session's declaration
        reader = _Reader(first_line)
        reader.session.first_line, reader.session.lines = first_line, chunk.split("\n")
        try:
            reader.parser.Parse(chunk, True)
            found.append((first_line, reader.session))
        except XmlRefused as refused:
            refused.text = reader.session.line_text(refused.line)
            found.append((first_line, refused))
        except expat.ExpatError as error:
            line = first_line + error.lineno - 1
            found.append((first_line, XmlRefused(
                line, f"not well-formed XML ({expat.ErrorString(error.code)})",
                reader.session.line_text(line))))
    return found


def leading_text(text: str) -> tuple[int, str] | None:
    """The first line before the first session that is not blank or an XML declaration."""
    first = SESSION.search(text)
    head = text[:first.start()] if first else text
    for number, line in enumerate(head.split("\n"), start=1):
        rest = re.sub(r"<\?xml[^>]*\?>", "", line).strip().lstrip("\ufeff")
        if rest:
            return number, line
    return None
