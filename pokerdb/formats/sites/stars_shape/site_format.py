"""The format description of a site whose hand histories are in PokerStars' shape (text files of
hands, or a folder of them): how its files and folders are recognised and how a source of them
is opened. Each such site (pokerdb.formats.sites.pokerstars, .ggpoker) is its `HandSite` and one
`site_format` line, with the format of its tournament summaries, which its files and folders may
hold too (pokerdb.formats.sites.site_histories). The reading
(pokerdb.formats.sites.stars_shape.hand_files, with numpy and the replay) is loaded when a source is
opened.
"""

import functools
import os
from collections.abc import Callable
from pathlib import Path
from typing import Final

from pokerdb.formats.encodings import decoded
from pokerdb.formats.input import FormatDescription, Input
from pokerdb.formats.phh import is_phh_name
from pokerdb.formats.sites.stars_shape.lines import HandSite
from pokerdb.formats.sites.summary_lines import SummaryFormat
from pokerdb.formats.sources import Source, files_under
from pokerdb.rules.games import HOLDEM

SUFFIX: Final = ".txt"  # PokerStars writes a .txt file per table and day


def text_files(folder: Path) -> list[tuple[str, str]]:
    """Every `.txt` file under the folder, recursively, in path order, each with its path
    relative to the folder (forward slashes)."""
    return files_under(folder, lambda name: name.lower().endswith(SUFFIX))


def starts_as(starts: tuple[str, ...], text: str) -> bool:
    """Whether a file's first bytes (as text) start with one of `starts` (a hand's, or a
    tournament summary's); UTF-16 read as UTF-8 leaves NULs between the letters, which are
    looked through."""
    head = text[:200].replace("\x00", "").lstrip("\ufeff\ufffd\ufffe \t\r\n")
    return head.startswith(starts)


def _starts(site: HandSite, summaries: SummaryFormat | None) -> tuple[str, ...]:
    """How a file of the site's hands, or of its tournament summaries, starts."""
    return site.starts + (summaries.starts if summaries is not None else ())


def _bytes_start(starts: tuple[str, ...], head: bytes) -> bool:
    """Whether a file's first bytes start with one of `starts`, in any encoding sites write."""
    return starts_as(starts, decoded(head))


def holds_files(folder: Path, looks: Callable[[bytes], bool],
                files: Callable[[Path], list[tuple[str, str]]] = text_files) -> bool:
    """A folder of a site's files: one of its `files` (`.txt` files) `looks` (by its first
    bytes) like the site's, and none of its files is PHH's."""
    for _, _, names in os.walk(folder):
        if any(is_phh_name(name) for name in names):
            return False
    for _, path in files(folder):
        try:
            with open(path, "rb") as file:
                if looks(file.read(4096)):
                    return True
        except OSError:
            continue
    return False


def site_histories(site: HandSite, summaries: SummaryFormat | None, source: Source) -> Input:
    """A source of the site's hand histories (and tournament summaries) as an import reads
    it."""
    from pokerdb.formats.phh.hand_histories import HandHistories  # numpy, and the replay
    from pokerdb.formats.sites.site_histories import SiteHistories
    from pokerdb.formats.sites.stars_shape.hand_files import reader_of

    if summaries is None:
        return HandHistories(source, reader_of(site))
    return SiteHistories(source, reader_of(site), summaries)


def site_format(name: str, site: HandSite,
                summaries: SummaryFormat | None = None) -> FormatDescription:
    """The format of a site's hand histories, in PokerStars' shape (and of its tournament
    summaries, read beside them), as the registry takes it."""
    return hand_text_format(name, site.name, _starts(site, summaries),
                            functools.partial(site_histories, site, summaries))


def hand_text_format(name: str, site: str, starts: tuple[str, ...],
                     histories: Callable[[Source], Input]) -> FormatDescription:
    """The format of a site's text files (each starting with one of `starts`), read as
    `histories` reads a source of them."""
    return site_description(name, site, histories,
                            functools.partial(holds_files,
                                              looks=functools.partial(_bytes_start, starts)),
                            functools.partial(starts_as, starts))


def site_description(name: str, site: str, opener: Callable[[Source], Input],
                     claims_folder: Callable[[Path], bool], looks_like: Callable[[str], bool],
                     files: str = "files of hands") -> FormatDescription:
    """The format of a site's hand histories (`files`, or a folder of them), recognised by
    their first bytes, as the registry takes it."""
    return FormatDescription(
        name, HOLDEM, f"{site} hand histories",
        f"{site} hand histories ({files}, or a folder of them), settled and checked against "
        "what the files say was paid.", item="hand", reads_folders=True, settles=True,
        open=opener, claims_folder=claims_folder, looks_like=looks_like, claims_content=True,
        recognises=f"a file or folder that starts as {site} writes")
