"""The names trackers give the positions at a table, by the seats' order of play."""

from functools import cache

# From the button backwards, the names of the seats between the big blind and the button that
# are not UTG: the cut-off, the hijack, the lojack.
_LATE = ("CO", "HJ", "LJ")


@cache
def position_names(players: int) -> tuple[str, ...]:
    """Per player in PHH order (p1 first after the button, the button last): BTN, SB, BB,
    UTG, UTG+1, ..., LJ, HJ, CO. Heads-up p2 is the button (and small blind): (BB, BTN)."""
    if players == 2:
        return ("BB", "BTN")
    middle = players - 3  # the seats after the big blind, before the button
    late = _LATE[:max(0, min(len(_LATE), middle - 1))]
    early = middle - len(late)
    return ("SB", "BB", *(f"UTG+{rank}" if rank else "UTG" for rank in range(early)),
            *reversed(late), "BTN")
