"""The TOML of PHH files: a fast reader of the subset PHH files use (``key = value`` lines whose
values are plain strings, numbers, booleans or flat arrays of them, and ``[KEY]`` table headers);
a file that steps outside that subset in any way is read by `tomllib` instead, so every valid
file reads correctly, and tomllib words the syntax errors.

Whatever the text, reading it ends in a document or in one `PhhError`: TOML nested deeper than
Python's recursion allows, or an integer longer than Python converts, is refused like any other
error. A `.phhs` file that tomllib refuses as a whole is read again table by table
(`hand_tables`), so that a hand it cannot read is one hand refused, not the whole file.
"""

import json
import re
import tomllib
from collections.abc import Iterator
from decimal import Decimal
from typing import Final

from pokerdb.rules.hand_record import HandDetails, PhhError

AMOUNT_FIELDS: Final = ("bring_in", "small_bet", "big_bet", "min_bet")
# The fields of the specification: keys the fast reader knows to be bare.
SPEC_FIELDS: Final = frozenset((
    "variant", "antes", "blinds_or_straddles", "starting_stacks", "actions", "players",
    "finishing_stacks", "winnings", "ante_trimming_status", "time_limit", "time_banks",
    *AMOUNT_FIELDS, *HandDetails.__slots__))

_NUMBER: Final = re.compile(r"-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?")
# Characters TOML forbids outside strings' escapes, whose files the fast reader leaves to tomllib.
_CONTROL: Final = re.compile(r"[\x00-\x08\x0a-\x1f\x7f]")
_ARRAY_ITEM_TYPES: Final = frozenset((str, int, bool, Decimal))
# A line that opens a table of one bare key, `[12]`: where a `.phhs` file's hands begin.
_TABLE_HEADER: Final = re.compile(r"^[ \t]*\[[ \t]*([A-Za-z0-9_-]+)[ \t]*\][ \t]*(?:#.*)?$",
                                  re.MULTILINE)


def load_toml(text: str, source: str) -> dict[str, object]:
    """The TOML document `text`, or a PhhError naming `source`."""
    try:
        fast = read_toml_subset(text)
    except ValueError:  # an integer longer than Python converts: tomllib words it
        fast = None
    if fast is not None:
        return fast
    try:
        return tomllib.loads(text, parse_float=Decimal)
    except tomllib.TOMLDecodeError as exc:
        raise PhhError(source, f"not valid TOML: {exc}") from None
    except RecursionError:
        raise PhhError(source, "not valid TOML for pokerdb: arrays or tables nested too "
                               "deeply") from None
    except ValueError as exc:  # int() refusing more than sys.get_int_max_str_digits()
        raise PhhError(source, f"not valid TOML for pokerdb: {str(exc).partition(';')[0]}"
                       ) from None


def hand_tables(text: str, source: str) -> Iterator[tuple[str, object] | PhhError]:
    """The (key, value) pairs of a `.phhs` document, each value a hand's table if the file is
    right, read one table at a time: the text is cut before each line that opens a table of
    one bare key (``[12]``), and each part read alone, so that memory holds one hand's values
    at a time and a hand that cannot be read is one PhhError naming ``source#KEY`` (its line
    numbers those of the file). A part that cannot be read alone may have been cut inside a
    multi-line string or array: the rest of the document is then read whole, as TOML reads
    it, and only if that fails too is the part a hand refused."""
    seen: set[str] = set()
    for key, start, end, lines_before in _sections(text):
        name = source if key is None else f"{source}#{key}"
        if key is not None and key in seen:
            yield PhhError(name, f"not valid TOML: table [{key}] is defined twice")
            continue
        try:
            document = _section(text[start:end], lines_before, name)
            if key is not None and document.keys() - {key}:
                raise PhhError(name, "not valid TOML: reaches past its own table")
        except PhhError as error:
            try:
                rest = load_toml("\n" * lines_before + text[start:], source)
            except PhhError:
                yield error
                continue
            for other, value in rest.items():
                yield (PhhError(f"{source}#{other}",
                                f"not valid TOML: table [{other}] is defined twice")
                       if other in seen else (other, value))
            return
        seen.update(document)
        yield from document.items()


def _section(text: str, lines_before: int, source: str) -> dict[str, object]:
    """One part of a .phhs document read alone; blank lines in front keep tomllib's line
    numbers the file's."""
    try:
        fast = read_toml_subset(text)
    except ValueError:
        fast = None
    return fast if fast is not None else load_toml("\n" * lines_before + text, source)


def _sections(text: str) -> Iterator[tuple[str | None, int, int, int]]:
    """The parts of a document cut before each line that opens a table of one bare key:
    (its key, or None for any text before the first; where it starts and ends; the lines
    before it)."""
    headers = [(match.start(), match.group(1)) for match in _TABLE_HEADER.finditer(text)]
    ends = [start for start, _ in headers[1:]] + [len(text)] * bool(headers)
    first = headers[0][0] if headers else len(text)
    if text[:first].strip():
        yield None, 0, first, 0
    lines, counted = 0, 0
    for (start, key), end in zip(headers, ends, strict=True):
        lines += text.count("\n", counted, start)
        counted = start
        yield key, start, end, lines


def read_toml_subset(text: str) -> dict[str, object] | None:
    """The document, if `text` is within the subset this reader knows, else None: lines that
    are blank, comments, ``[KEY]`` table headers or ``KEY = VALUE`` with a bare key and a value
    that is a string without escapes, a plain integer or decimal, a boolean, or a one-line array
    of strings and numbers (read as JSON, which agrees with TOML on that much)."""
    document: dict[str, object] = {}
    table = document
    if "\r" in text:
        text = text.replace("\r\n", "\n")
    for line in text.split("\n"):
        if not line.isprintable() and _CONTROL.search(line):
            return None
        line = line.strip(" \t")
        if not line or line[0] == "#":
            continue
        if line[0] == "[":
            header = line[1:-1].strip(" \t") if line[-1] == "]" else ""
            if not _is_bare_key(header) or header in document:
                return None
            table = document[header] = {}
            continue
        key, equals, text_value = line.partition("=")
        key = key.rstrip(" \t")
        if not equals or key in table or not (key in SPEC_FIELDS or _is_bare_key(key)):
            return None
        value = _subset_value(text_value.lstrip(" \t"))
        if value is None:
            return None
        table[key] = value
    return document


def _is_bare_key(key: str) -> bool:
    return key.isascii() and key.replace("_", "").replace("-", "").isalnum()


def _subset_value(text: str) -> object:
    """A value of the subset, or None when `text` is anything else."""
    if not text:
        return None
    first, last = text[0], text[-1]
    if first == "'" or first == '"':
        if last == first and text.count(first) == 2 and "\\" not in text:
            return text[1:-1]
        return None
    if first == "[":
        if last != "]" or "\\" in text:
            return None
        if "'" in text:
            if '"' in text:
                return None
            text = text.replace("'", '"')
        try:
            items, end = _scan_json(text)
        except (ValueError, RecursionError):
            return None
        if end == len(text) and set(map(type, items)) <= _ARRAY_ITEM_TYPES:
            return items
        return None
    if text.isdigit() and text.isascii() and (first != "0" or len(text) == 1):
        return int(text)
    if text == "true" or text == "false":
        return text == "true"
    if _NUMBER.fullmatch(text):
        return Decimal(text) if "." in text else int(text)
    return None


def _not_toml(constant: str) -> object:
    raise ValueError(f"{constant} is JSON, not TOML")


# (value, end) of the JSON value at the start of a string; ValueError if there is none.
_scan_json: Final = json.JSONDecoder(parse_float=Decimal, parse_constant=_not_toml).raw_decode
