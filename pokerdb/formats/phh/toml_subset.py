"""A fast reader of the subset of TOML that hand history files use, and tomllib for the rest.

The subset is ``key = value`` lines whose values are plain strings (literal ones in triple
quotes too, on one line: ``'''AMY'S AVE'''``), numbers, booleans, local times (``00:00:09``) or
flat arrays of strings and numbers (or of numbers and ``inf``: iPoker's unknown stacks), and
``[KEY]`` table headers. A
document that steps outside it in any way is read by `tomllib` instead, so every valid document
reads correctly, and tomllib words the syntax errors.
"""

import datetime
import json
import re
import tomllib
from collections.abc import Callable
from decimal import Decimal
from json.scanner import make_scanner
from typing import Any, Final

_NUMBER: Final = re.compile(r"-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?")
_INF: Final = re.compile(r"(?<![\w.+-])([+-]?)inf\b")  # TOML's infinity, in an array
# Characters TOML forbids outside strings' escapes (but the newline that ends a line), whose
# files the fast reader leaves to tomllib; as bytes, for ASCII text.
_CONTROL: Final = re.compile(r"[\x00-\x08\x0b-\x1f\x7f]")
_CONTROL_BYTES: Final = bytes((*range(0x09), *range(0x0b, 0x20), 0x7f))
# The longest line `_REMEMBERED` keeps (of up to _REMEMBERED_LINES): a venue or a blinds
# array, not a string of megabytes, so that what is remembered stays within a few megabytes.
_REMEMBERED_CHARS: Final = 512
_REMEMBERED_LINES: Final = 1 << 12


def load_toml(text: str, bare_keys: frozenset[str] = frozenset(),
              repeated_keys: frozenset[str] = frozenset(),
              checked: bool = False) -> dict[str, object]:
    """The TOML document of `text`, decimals as `Decimal`: read by `read_toml_subset` when
    within its subset, else by tomllib (which raises tomllib.TOMLDecodeError for bad TOML)."""
    try:
        fast = read_toml_subset(text, bare_keys, repeated_keys, checked)
    except ValueError:  # an integer longer than Python converts: tomllib words it
        fast = None
    if fast is not None:
        return fast
    return tomllib.loads(text, parse_float=Decimal)


def read_toml_subset(text: str, bare_keys: frozenset[str] = frozenset(),
                     repeated_keys: frozenset[str] = frozenset(),
                     checked: bool = False) -> dict[str, object] | None:
    """The document, if `text` is within the subset this reader knows, else None: lines that
    are blank, comments, ``[KEY]`` table headers or ``KEY = VALUE`` with a bare key and a value
    that is a string without escapes, a plain integer or decimal, a boolean, a local time
    (``HH:MM:SS``), or a one-line array
    of strings and numbers (read as JSON, which agrees with TOML on that much; literal strings
    as generated split apart). `bare_keys`: keys known to be bare, which need no look (the
    fields a format expects); `repeated_keys`: keys whose lines recur from document to document
    (a .phhs file's blinds, venue, table), each line read once and remembered (`_REMEMBERED`).
    `checked`: the text is known to hold no character of _CONTROL (a .phhs file's hand, its
    file checked whole)."""
    document: dict[str, object] = {}
    table = document
    if not checked:
        if "\r" in text:
            text = text.replace("\r\n", "\n")
        if has_control(text):
            return None
    for line in text.split("\n"):
        remembered = _REMEMBERED.get(line) if len(line) <= _REMEMBERED_CHARS else None
        if remembered is not None:
            key, value = remembered
            if key in table:
                return None
            table[key] = list(value) if type(value) is list else value  # each its own
            continue
        written = line
        # `KEY = VALUE` of a key known to be bare, nothing around: a generated file's lines
        key, equals, text_value = line.partition(" = ")
        if not (equals and key in bare_keys and _unpadded(text_value)):
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
            text_value = text_value.lstrip(" \t")
            if not equals or not (key in bare_keys or _is_bare_key(key)):
                return None
        if key in table:
            return None
        value = _subset_value(text_value)
        if value is None:
            return None
        if key in repeated_keys:
            value = _remember(written, key, value)
        table[key] = value
    return document


# Lines of a key of `repeated_keys` read before: (key, value) by the line's text.
_REMEMBERED: Final[dict[str, tuple[str, object]]] = {}


def _remember(line: str, key: str, value: object) -> object:
    """Remember a line's key and value (a line of at most _REMEMBERED_CHARS characters; all
    forgotten at _REMEMBERED_LINES, a table's name being one a hand), and give the value to
    put in the document. The line means the same wherever it is (its key bare, checked here:
    not only known to be), and every value of the subset is immutable but an array, a flat
    list of immutable ones, which each document takes a copy of. A .phhs file's antes and
    blinds, read as JSON with their decimals, took a fifth of reading its hands' TOML."""
    if len(line) <= _REMEMBERED_CHARS and _is_bare_key(key):
        if len(_REMEMBERED) >= _REMEMBERED_LINES:
            _REMEMBERED.clear()
        _REMEMBERED[line] = key, value
        if type(value) is list:
            return list(value)
    return value


def has_control(text: str) -> bool:
    """Whether `text` holds a character of _CONTROL (of an ASCII text, counted at C speed)."""
    if text.isascii():
        raw = text.encode("ascii")
        return len(raw.translate(None, _CONTROL_BYTES)) != len(raw)
    return _CONTROL.search(text) is not None


def _unpadded(text: str) -> bool:
    """Whether `text` is not empty and neither starts nor ends with a blank."""
    return bool(text) and text[0] != " " and text[0] != "\t" and text[-1] != " " \
        and text[-1] != "\t"


def _is_bare_key(key: str) -> bool:
    return key.isascii() and key.replace("_", "").replace("-", "").isalnum()


def _subset_value(text: str) -> object:
    """A value of the subset, or None when `text` is anything else."""
    if not text:
        return None
    first, last = text[0], text[-1]
    if text.startswith("'''"):  # a literal string in triple quotes, on one line
        inner = text[3:-3]
        if len(text) >= 6 and text.endswith("'''") and "'''" not in inner \
                and not inner.endswith("'"):
            return inner
        return None
    if first == "'" or first == '"':
        if last == first and text.count(first) == 2 and "\\" not in text:
            return text[1:-1]
        return None
    if first == "[":
        if text.startswith("['") and text.endswith("']"):
            strings = _literal_strings(text)
            if strings is not None:
                return strings
        if last != "]" or "\\" in text:
            return None
        scan = _scan_json
        if "'" in text:
            if '"' in text:
                return None
            text = text.replace("'", '"')
        elif '"' not in text and "inf" in text and "Infinity" not in text:
            text = _INF.sub(_json_infinity, text)
            scan = _scan_json_inf
        try:
            items, end = scan(text, 0)
        except (StopIteration, ValueError, RecursionError):  # no JSON value, bad JSON, or
            return None  # nested past Python's recursion: tomllib's
        if end != len(text):
            return None
        for item in items:  # compared by identity: a set's lookup hashes each type
            kind = type(item)
            if kind is not str and kind is not int and kind is not bool and kind is not Decimal:
                return None
        return items
    if text.isdigit() and text.isascii() and (first != "0" or len(text) == 1):
        return int(text)
    if text == "true" or text == "false":
        return text == "true"
    if len(text) == 8 and text[2] == ":" and text[5] == ":":  # a local time, 00:00:09
        digits = text.replace(":", "")
        if not (len(digits) == 6 and digits.isdigit() and digits.isascii()):
            return None
        try:
            return datetime.time.fromisoformat(text)  # HH:MM:SS, of digits
        except ValueError:  # out of range: tomllib words it
            return None
    if _NUMBER.fullmatch(text):
        return _decimal(text) if "." in text else int(text)
    return None


def _json_infinity(sign: re.Match[str]) -> str:
    """JSON's infinity for a TOML `inf` matched by _INF. (A function of its own: compiled, a
    lambda in _subset_value made the object holding it at every call, of every value.)"""
    return "-Infinity" if sign.group(1) == "-" else "Infinity"


def _literal_strings(text: str) -> list[str] | None:
    """The strings of an array of literal strings as a generated file writes it, ``['p1 f',
    'p2 cc']``: split at each ``', '``, where no string holds a quote (nor is in triple
    quotes); else None. Literal strings are as written, backslashes too (and a tab: the
    text holds no other control character). A HandHQ hand's actions and players read so in
    two thirds of the time they took as JSON, each quote replaced first."""
    inner = text[2:-2]
    strings = inner.split("', '")
    if len(text) < 4 or "'''" in text or inner.count("'") != 2 * len(strings) - 2:
        return None
    return strings


def _decimal(text: str) -> Decimal:
    """The Decimal of a number's text, remembered (up to _KNOWN_DECIMALS of them, each of at
    most _KNOWN_CHARS characters): a .phhs file's stacks and blinds recur from hand to hand."""
    value = _DECIMALS.get(text)
    if value is None:
        value = Decimal(text)
        if len(_DECIMALS) < _KNOWN_DECIMALS and len(text) <= _KNOWN_CHARS:
            _DECIMALS[text] = value
    return value


_KNOWN_DECIMALS: Final = 100_000
_KNOWN_CHARS: Final = 24
_DECIMALS: Final[dict[str, Decimal]] = {}


def _not_toml(constant: str) -> object:
    raise ValueError(f"{constant} is JSON, not TOML")


def _infinity(constant: str) -> object:
    """JSON's Infinity or -Infinity, written for TOML's inf: a decimal (NaN is not TOML's)."""
    if constant == "NaN":
        raise ValueError("NaN is JSON, not TOML")
    return Decimal(constant)


# (value, end) of the JSON value at a string's index: StopIteration if there is none there,
# ValueError if it is bad JSON (the scanner of json.JSONDecoder.raw_decode, called directly).
# (typeshed types the scanner's argument as a scanner: it reads the decoder's attributes)
_scan_json: Final[Callable[[str, int], tuple[Any, int]]] = make_scanner(
    json.JSONDecoder(parse_float=_decimal, parse_constant=_not_toml))  # type: ignore[arg-type]
# The same for an array of numbers whose TOML `inf` were written as JSON's Infinity: decimals,
# as tomllib reads them (parse_float=Decimal).
_scan_json_inf: Final[Callable[[str, int], tuple[Any, int]]] = make_scanner(
    json.JSONDecoder(parse_float=_decimal, parse_constant=_infinity))  # type: ignore[arg-type]
