"""The format description of a site whose hand histories are in PokerStars' shape (text files of
hands, or a folder of them): how its files and folders are recognised and how a source of them
is opened. Each such site (pokerdb.formats.sites.pokerstars, .ggpoker) is its `HandSite` and one
`site_format` line. The reading (pokerdb.formats.sites.stars_shape.reader, with numpy and the
replay) is loaded when a source is opened.
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
from pokerdb.formats.sources import Source, files_under
from pokerdb.rules.games import HOLDEM

SUFFIX: Final = ".txt"  # PokerStars writes a .txt file per table and day


def text_files(folder: Path) -> list[tuple[str, str]]:
    """Every `.txt` file under the folder, recursively, in path order, each with its path
    relative to the folder (forward slashes)."""
    return files_under(folder, lambda name: name.lower().endswith(SUFFIX))


def starts_as(starts: tuple[str, ...], text: str) -> bool:
    """Whether a file's first bytes (as text) start a hand of the site's; UTF-16 read as UTF-8
    leaves NULs between the letters, which are looked through."""
    head = text[:200].replace("\x00", "").lstrip("\ufeff\ufffd\ufffe \t\r\n")
    return head.startswith(starts)


def holds_site_files(starts: tuple[str, ...], folder: Path) -> bool:
    """A folder of the site's files: one of its `.txt` files starts as the site writes, and
    none of its files is PHH's."""
    for _, _, names in os.walk(folder):
        if any(is_phh_name(name) for name in names):
            return False
    for _, path in text_files(folder):
        try:
            with open(path, "rb") as file:
                if starts_as(starts, decoded(file.read(4096))):
                    return True
        except OSError:
            continue
    return False


def site_histories(site: HandSite, source: Source) -> Input:
    """A source of the site's hand histories as an import reads it."""
    from pokerdb.formats.phh.hand_histories import HandHistories  # numpy, and the replay
    from pokerdb.formats.sites.stars_shape.reader import reader_of

    return HandHistories(source, reader_of(site))


def site_format(name: str, site: HandSite) -> FormatDescription:
    """The format of a site's hand histories, in PokerStars' shape, as the registry takes it."""
    return hand_text_format(name, site.name, site.starts,
                            functools.partial(site_histories, site))


def hand_text_format(name: str, site: str, starts: tuple[str, ...],
                     histories: Callable[[Source], Input]) -> FormatDescription:
    """The format of a site's text files of hands (each hand starting with one of `starts`),
    read as `histories` reads a source of them."""
    return FormatDescription(
        name, HOLDEM, f"{site} hand histories",
        f"{site} hand histories (files of hands, or a folder of them), settled and checked "
        "against what the files say was paid.", item="hand", reads_folders=True,
        settles=True, open=histories,
        claims_folder=functools.partial(holds_site_files, starts),
        looks_like=functools.partial(starts_as, starts), claims_content=True,
        recognises=f"a file or folder that starts as {site} writes")
