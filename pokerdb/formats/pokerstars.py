"""PokerStars hand histories: text files of any number of hands as the site writes them (cash
games and tournaments, Zoom and home games), or a folder of them, read as one dataset whose
hands are settled by pokerdb and checked against what the files say was paid.

A file is recognised by its first bytes: every hand starts with one of
pokerstars_lines.HAND_STARTS; a folder, by a `.txt` file that starts so (and no PHH file). The
reading (pokerdb.formats.pokerstars_reader, with numpy and the replay) is loaded when a source
is opened.
"""

import os
from pathlib import Path
from typing import Final

from pokerdb.formats.input import FormatDescription, Input
from pokerdb.formats.phh import is_phh_name
from pokerdb.formats.pokerstars_lines import HAND_STARTS, looks_like_pokerstars
from pokerdb.formats.sources import Source, files_under
from pokerdb.rules.games import HOLDEM

SUFFIX: Final = ".txt"  # PokerStars writes a .txt file per table and day


def text_files(folder: Path) -> list[tuple[str, str]]:
    """Every `.txt` file under the folder, recursively, in path order, each with its path
    relative to the folder (forward slashes)."""
    return files_under(folder, lambda name: name.lower().endswith(SUFFIX))


def looks_like(text: str) -> bool:
    """Whether a file's first bytes (as text) start a PokerStars hand; UTF-16 read as UTF-8
    leaves NULs between the letters, which are looked through."""
    head = text[:200].replace("\x00", "").lstrip("\ufeff\ufffd\ufffe \t\r\n")
    return head.startswith(HAND_STARTS)


def claims_folder(folder: Path) -> bool:
    """A folder of PokerStars files: one of its `.txt` files starts as PokerStars writes, and
    none of its files is PHH's."""
    for _, _, names in os.walk(folder):
        if any(is_phh_name(name) for name in names):
            return False
    for _, path in text_files(folder):
        try:
            with open(path, "rb") as file:
                if looks_like_pokerstars(file.read(4096)):
                    return True
        except OSError:
            continue
    return False


def _hand_histories(source: Source) -> Input:
    from pokerdb.formats.phh_input import HandHistories  # numpy, and the replay
    from pokerdb.formats.pokerstars_reader import POKERSTARS_READER

    return HandHistories(source, POKERSTARS_READER)


FORMAT: Final = FormatDescription(
    "pokerstars", HOLDEM, "PokerStars hand histories",
    "PokerStars hand histories (files of hands, or a folder of them), settled and checked "
    "against what the files say was paid.", item="hand", reads_folders=True,
    settles=True, open=_hand_histories, claims_folder=claims_folder,
    looks_like=looks_like, claims_content=True,
    recognises="a file or folder that starts as PokerStars writes")
