"""iPoker network hand histories: XML files of sessions of games (`<session>`, `<game
gamecode=...>`), read by pokerdb.formats.sites.ipoker_hands into the bracket shape's terms and
settled as its hands are (pokerdb.formats.sites.bracket_shape), with iPoker's differences as data
(`IPOKER`): games named `Holdem NL €0.05/€0.10` (a limit game's stakes its bets), a player's
`win` counting their uncalled bet, and each player's `bet` (all they put in) held against the
actions.

A file (`.xml` or `.txt`) is recognised by its first bytes, a `<session` after an XML
declaration maybe; a folder, by such a file (and no PHH file).
"""

import functools
import re
from pathlib import Path
from typing import Final

from pokerdb.formats.encodings import decoded
from pokerdb.formats.input import Input
from pokerdb.formats.sites.bracket_shape.lines import COLLECTED, BracketSite
from pokerdb.formats.sites.stars_shape.lines import HandSite
from pokerdb.formats.sites.stars_shape.site_format import holds_files, site_description
from pokerdb.formats.sources import Source, files_under

GAME_TYPE: Final = re.compile(r"(?P<game>\S+(?: Hi-Lo)?) (?P<structure>NL|PL|FL|L) "
                              r"(?P<stakes>\S+/\S+)\s*$")
SUFFIXES: Final = (".xml", ".txt")
IPOKER: Final = BracketSite(
    HandSite("iPoker", ("<session",), GAME_TYPE, ("*** SHOW DOWN ***",), (), {}, 2004),
    skin=False, header=GAME_TYPE,
    games={"Holdem NL": ("NT", 2), "Holdem PL": ("PT", 2), "Holdem L": ("FT", 2),
           "Holdem FL": ("FT", 2), "Omaha NL": ("NO", 4), "Omaha PL": ("PO", 4),
           "Omaha Hi-Lo PL": ("PO/8", 4), "Omaha Hi-Lo L": ("FO/8", 4)},
    wins=COLLECTED, wins_returned="bets", late_blind_live=False, limit_stakes_are_bets=True,
    rake_percent=7)


def looks_like(text: str) -> bool:
    """Whether text (a file's first bytes) starts an iPoker session."""
    head = re.sub(r"^\s*<\?xml[^>]*\?>", "", text[:400].replace("\x00", "").lstrip("\ufeff"))
    return head.lstrip().startswith("<session")


def ipoker_files(folder: Path) -> list[tuple[str, str]]:
    """Every `.xml` and `.txt` file under the folder, in path order."""
    return files_under(folder, lambda name: name.lower().endswith(SUFFIXES))


def _histories(source: Source) -> Input:
    from pokerdb.formats.phh.hand_histories import HandHistories  # numpy, and the replay
    from pokerdb.formats.sites.ipoker_hands import READER

    return HandHistories(source, READER)


def _head_looks_like(head: bytes) -> bool:
    return looks_like(decoded(head))


FORMAT: Final = site_description(
    "ipoker", "iPoker", _histories,
    functools.partial(holds_files, looks=_head_looks_like, files=ipoker_files), looks_like,
    "XML files of sessions")
