"""Winning Poker Network hand histories in the network's older format (before 2019: Americas
Cardroom, Black Chip, True Poker, Yatahay): text files of cash-game hands of hold'em and Omaha,
each from `Game started at:` to `Game ended at:`, read by `reader` (a hand's header, seats and
making of a recorded hand) and `play` (its actions and its summary), settled by pokerdb and
checked against every amount the summary states (each player's bets, what each collected, the
pot and the rake). The files name no currency and no betting structure: a cash game's amounts
are US dollars (the only currency the network's cash tables play), hold'em is no-limit and
Omaha pot-limit (the games the network deals under those names).

`--format wpn` reads the format the network writes since 2019 (pokerdb.formats.sites.acr) too:
each file by its first line (pokerdb.formats.sites.wpn.either).

A file is recognised by its first bytes; a folder, by a `.txt` file that starts so (and no PHH
file).
"""

from typing import Final

from pokerdb.formats.input import Input
from pokerdb.formats.sites import acr
from pokerdb.formats.sites.stars_shape.site_format import hand_text_format
from pokerdb.formats.sources import Source

SITE: Final = "Winning Poker Network"
STARTS: Final = ("Game started at: ",)


def histories(source: Source) -> Input:
    """A source of the network's hand histories as an import reads it."""
    from pokerdb.formats.phh.hand_histories import HandHistories  # numpy, and the replay
    from pokerdb.formats.sites.wpn.either import READER

    return HandHistories(source, READER)


FORMAT: Final = hand_text_format("wpn", SITE, STARTS + acr.STARTS, histories)
