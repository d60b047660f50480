"""The TOML of PHH files, read by pokerdb.formats.phh.toml_subset (its fast reader of the subset PHH
files use, tomllib for the rest). Whatever the text, reading it ends in a document or in one
`PhhError`: TOML nested deeper than Python's recursion allows, or an integer longer than Python
converts, is refused like any other error. A `.phhs` file is read one table at a time
(`hand_tables`), so that a hand it cannot read is one hand refused, not the whole file.
"""

import re
import tomllib
from collections.abc import Iterator
from typing import Final

from pokerdb.formats.phh import toml_subset
from pokerdb.rules.hand_record import DETAIL_FIELDS, PhhError

AMOUNT_FIELDS: Final = ("bring_in", "small_bet", "big_bet", "min_bet")
# The fields of the specification: keys the fast reader knows to be bare.
SPEC_FIELDS: Final = frozenset((
    "variant", "antes", "blinds_or_straddles", "starting_stacks", "actions", "players",
    "finishing_stacks", "winnings", "ante_trimming_status", "time_limit", "time_banks",
    *AMOUNT_FIELDS, *DETAIL_FIELDS))

# The fields whose values recur from hand to hand of a .phhs file, read once for each text
# (toml_subset's `repeated_keys`); a hand's own (its number, players, actions, stacks, results,
# time) are not.
REPEATED_FIELDS: Final = frozenset((
    "variant", "ante_trimming_status", "antes", "blinds_or_straddles", *AMOUNT_FIELDS,
    *(name for name in DETAIL_FIELDS if name not in ("hand", "time"))))

# A line that opens a table of one bare key, `[12]`: where a `.phhs` file's hands begin. Found
# from its `[` (that is, where only blanks come before it on its line: see _headers), which sre
# looks for at C speed, where a pattern starting with `^[ \t]*` is tried at every character
# (2.9 against 0.6 us a HandHQ hand).
_TABLE_HEADER: Final = re.compile(r"\[[ \t]*([A-Za-z0-9_-]+)[ \t]*\][ \t]*(?:#.*)?$",
                                  re.MULTILINE)


def load_toml(text: str, source: str) -> dict[str, object]:
    """The TOML document `text`, or a PhhError naming `source`."""
    try:
        return toml_subset.load_toml(text, SPEC_FIELDS, REPEATED_FIELDS)
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
    checked = "\r" not in text and not toml_subset.has_control(text)  # and so every part
    for key, start, end, lines_before in _sections(text):
        name = source if key is None else f"{source}#{key}"
        if key is not None and key in seen:
            yield PhhError(name, f"not valid TOML: table [{key}] is defined twice")
            continue
        try:
            document = _section(text[start:end], lines_before, name, checked)
            if key is not None and any(other != key for other in document):
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


def _section(text: str, lines_before: int, source: str, checked: bool) -> dict[str, object]:
    """One part of a .phhs document read alone (`checked`: its file holds no control
    character, toml_subset.read_toml_subset). Only where it is not valid TOML is it read
    again behind blank lines, which keep tomllib's line numbers the file's: tomllib steps
    over each of them, so that reading every part so took time growing with the square of
    the file's hands (3 ms a hand a thousand hands in)."""
    try:
        return toml_subset.load_toml(text, SPEC_FIELDS, REPEATED_FIELDS, checked)
    except (tomllib.TOMLDecodeError, RecursionError, ValueError):
        return load_toml("\n" * lines_before + text, source)


def _sections(text: str) -> Iterator[tuple[str | None, int, int, int]]:
    """The parts of a document cut before each line that opens a table of one bare key:
    (its key, or None for any text before the first; where it starts and ends; the lines
    before it)."""
    headers = _headers(text)
    first = headers[0][0] if headers else len(text)
    if text[:first].strip():
        yield None, 0, first, 0
    lines, counted = 0, 0
    for index, (start, key) in enumerate(headers):
        end = headers[index + 1][0] if index + 1 < len(headers) else len(text)
        lines += text.count("\n", counted, start)
        counted = start
        yield key, start, end, lines


def _headers(text: str) -> list[tuple[int, str]]:
    """Where each line that opens a table of one bare key starts, and its key. (A match of
    _TABLE_HEADER ends its line, so a header's `[`, the first of its line, is never passed
    over within another match.)"""
    headers = []
    for match in _TABLE_HEADER.finditer(text):
        bracket = match.start()
        line = text.rfind("\n", 0, bracket) + 1
        if not text[line:bracket].strip(" \t"):
            headers.append((line, match.group(1)))
    return headers
