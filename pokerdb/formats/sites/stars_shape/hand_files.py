"""A site's hand-history files as an import reads them: the files of a path, each file's hands
in order (each read by stars_shape.reader's `SiteHand`), and a large file's hands cut in parts
read on their own by the import's worker processes (the Winning Poker Network's older format,
wpn.reader, cuts its files so too)."""

import functools
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path

from pokerdb.errors import quoted
from pokerdb.formats.encodings import decoded
from pokerdb.formats.phh.file_contents import Found
from pokerdb.formats.phh.files import PhhFile
from pokerdb.formats.phh.hand_histories import HandReader
from pokerdb.formats.recognition import site_hint
from pokerdb.formats.sites.stars_shape.lines import (
    HandSite,
    hand_starts,
    leading_text,
    normalized,
    texts_between,
)
from pokerdb.formats.sites.stars_shape.reader import SiteHand
from pokerdb.formats.sites.stars_shape.site_format import text_files
from pokerdb.rules.hand_record import Cancelled, PhhError, PhhHand

# hands of a file read as one part (in_parts); not Final, which the compiled module (mypyc)
# would build in: tests cut files into parts of a few hands
PART_HANDS = 500


def pokerstars_files(path: Path, listing: Callable[[Path], list[tuple[str, str]]] = text_files
                     ) -> list[PhhFile]:
    """The files to read for `path`: the file itself, or every `.txt` file under a folder (or
    every file `listing` lists), recursively, in path order."""
    if not path.exists():
        raise PhhError(str(path), "no such file or folder")
    if not path.is_dir():
        return [PhhFile(path.name, str(path), site=True)]
    return [PhhFile(source, file, site=True) for source, file in listing(path)]


def parse_site(site: HandSite, file: PhhFile,
               content: bytes) -> Iterator[PhhHand | PhhError | Cancelled]:
    """The hands of one file's content, in order."""
    text = normalized(decoded(content))
    before = leading_text(text, site)
    if before is not None:
        number, line = before
        words = " or ".join(f"'{start}'" for start in site.starts[:2])
        yield PhhError(file.source, f"line {number} {quoted(line)}: not a {site.name} hand "
                                    f"(every hand starts {words}){site_hint(line)}")
        return
    starts = hand_starts(text, site)
    if not starts:
        yield PhhError(file.source, f"no {site.name} hands in the file")
        return
    yield from _converted(site, file.source, text, starts, len(text),
                          text.count("\n", 0, starts[0]) + 1)


def site_parts(site: HandSite, file: PhhFile, content: bytes) -> list[Callable[[], Found]]:
    """A file's hands in parts (see in_parts), together what parse_site reads."""
    text = normalized(decoded(content))
    starts = hand_starts(text, site)
    leading = len(starts) > PART_HANDS and leading_text(text, site) is not None
    return in_parts(text, starts, leading, functools.partial(parse_site, site, file, content),
                    functools.partial(_converted, site, file.source, text))


def in_parts(text: str, starts: Sequence[int], leading: bool, whole: Callable[[], Found],
             part: Callable[[Sequence[int], int, int], Found]) -> list[Callable[[], Found]]:
    """A file's hands (those of its normalized `text` that start at `starts`) in parts of
    PART_HANDS hands, each read on its own (by another process) by `part(starts, end,
    first_line)`; the file whole (`whole`) when it holds fewer or does not start with a hand
    (`leading`: it has text before its first)."""
    if len(starts) <= PART_HANDS or leading:
        return [whole]
    parts: list[Callable[[], Found]] = []
    line = text.count("\n", 0, starts[0]) + 1
    for first in range(0, len(starts), PART_HANDS):
        begin = starts[first]
        end = starts[first + PART_HANDS] if first + PART_HANDS < len(starts) else len(text)
        parts.append(functools.partial(part, starts[first:first + PART_HANDS], end, line))
        line += text.count("\n", begin, end)
    return parts


def _converted(site: HandSite, source: str, text: str, starts: Sequence[int], end: int,
               first_line: int) -> Iterator[PhhHand | PhhError | Cancelled]:
    """The hands of a normalized text that start at `starts` (see texts_between), each
    converted, or why it cannot be."""
    for hand in texts_between(text, starts, end, first_line):
        try:
            yield SiteHand(site, source, hand).convert()
        except PhhError as error:
            yield error


def reader_of(site: HandSite) -> HandReader:
    """How the site's files are read."""
    return HandReader(pokerstars_files, functools.partial(parse_site, site), ".txt files",
                      site=True, parts=functools.partial(site_parts, site))
