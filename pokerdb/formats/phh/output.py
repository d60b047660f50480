"""Writing a recorded hand as a PHH file (`.phh`, TOML): the fields of the specification that the
hand has, in its order, and a site's facts beyond them as user-defined fields (`_site`,
`_rake`, ...; the specification reserves names starting with an underscore for them).
pokerdb.formats.phh reads what this writes back into the same `PhhHand`.
"""

import datetime
import json
from collections.abc import Mapping, Sequence
from decimal import Decimal

from pokerdb.rules.hand_record import DETAIL_FIELDS, PhhHand, site_rules

# PHH has no notation for a hand run twice: its actions deal one board, so a standard reader
# (pokerkit) pays every pot on it; the second board is the user-defined field `_second_board`.
RUN_TWICE_NOTE = ("# Run twice: the pots were halved, the second half paid on _second_board, "
                  "which PHH\n# cannot write; a standard PHH reader pays them all on the "
                  "board dealt, pokerdb on both.")
SHORT_BLIND_NOTE = ("# Short big blind: the site has every call before the flop be the "
                    "full big blind, which PHH\n# cannot write; a standard PHH reader calls "
                    "the blind posted, and its nets differ.")
Value = str | int | Decimal | bool
Extra = Mapping[str, Value | list[Value] | None]


def phh_text(hand: PhhHand, extra: Extra | None = None) -> str:
    """The hand as the text of a `.phh` file; `extra` adds user-defined fields (each name
    gets a leading underscore), None values left out."""
    def amount(units: int | None) -> str:
        return "inf" if units is None else _decimal(hand.amount(units))

    def amounts(values: Sequence[int | None]) -> str:
        return "[" + ", ".join(map(amount, values)) + "]"

    lines = [f"variant = {_string(hand.variant)}",
             f"ante_trimming_status = {_boolean(hand.ante_trimming_status)}",
             f"antes = {amounts(hand.antes)}"]
    if hand.blinds_or_straddles is not None:
        lines.append(f"blinds_or_straddles = {amounts(out_of_turn(hand.blinds_or_straddles))}")
    for name in ("bring_in", "small_bet", "big_bet", "min_bet"):
        value = getattr(hand, name)
        if value is not None:
            lines.append(f"{name} = {amount(value)}")
    lines.append(f"starting_stacks = {amounts(hand.starting_stacks)}")
    lines.append("actions = [" + ", ".join(map(_string, hand.actions)) + "]")
    details = hand.details
    for name in DETAIL_FIELDS:
        value = getattr(details, name)
        if value is None:
            continue
        if isinstance(value, tuple):
            lines.append(f"{name} = [{', '.join(map(str, value))}]")
        elif isinstance(value, datetime.time):
            lines.append(f"{name} = {value.isoformat()}")
        elif isinstance(value, int):
            lines.append(f"{name} = {value}")
        else:
            lines.append(f"{name} = {_string(value)}")
    if hand.players is not None:
        lines.append("players = [" + ", ".join(map(_string, hand.players)) + "]")
    if hand.winnings is not None:
        lines.append(f"winnings = {amounts(hand.winnings)}")
    if hand.finishing_stacks is not None:
        lines.append(f"finishing_stacks = {amounts(hand.finishing_stacks)}")
    for name, value in (extra or {}).items():
        if value is not None:
            lines.append(f"_{name} = {_value(value)}")
    if (extra or {}).get("second_board") is not None:
        lines.insert(0, RUN_TWICE_NOTE)
    if _short_big_blind(hand, (extra or {}).get("site")):
        lines.insert(0, SHORT_BLIND_NOTE)
    return "\n".join(lines) + "\n"


def _short_big_blind(hand: PhhHand, site: object) -> bool:
    """Whether the big blind posted less than a full one (all in) where the site's rules have
    the others call the full blind before the flop (BettingRules.full_blind_to_call)."""
    blinds, big = hand.blinds_or_straddles, hand.min_bet or hand.small_bet
    if blinds is None or len(blinds) < 2 or big is None or not isinstance(site, str):
        return False
    # the big blind's amount is the second (heads-up too: PHH lists the amounts in order)
    return site_rules(site).full_blind_to_call and blinds[1] < big


def out_of_turn(blinds: Sequence[int]) -> list[int]:
    """The blinds as PHH writes them: one posted out of turn (at a seat after the big blind's
    that does not straddle the blind before it, such as a player joining the table) negative,
    so that a PHH reader posts it where it is, not as a straddle that moves the first to act
    (pokerkit refuses a straddle no larger than the blind before it). pokerdb reads it back
    as the same live blind."""
    signed = list(blinds)
    chained = True  # the blinds so far are the small, big and straddles after them
    for seat in range(2, len(signed)):
        chained = chained and 0 < signed[seat - 1] < signed[seat]
        if signed[seat] and not chained:
            signed[seat] = -signed[seat]
    return signed


def _value(value: Value | list[Value]) -> str:
    if isinstance(value, list):
        return "[" + ", ".join(map(_value, value)) + "]"
    if isinstance(value, bool):
        return _boolean(value)
    if isinstance(value, Decimal):
        return _decimal(value)
    if isinstance(value, int):
        return str(value)
    return _string(value)


def _decimal(value: Decimal) -> str:
    """A decimal as TOML writes a number: an integer when whole."""
    if value == value.to_integral_value():
        return str(int(value))
    return format(value.normalize(), "f")


def _boolean(value: bool) -> str:
    return "true" if value else "false"


def _string(text: str) -> str:
    """A TOML basic string: JSON's escapes are TOML's (control characters as \\uXXXX), and DEL,
    which JSON leaves as it is, escaped too."""
    return json.dumps(text, ensure_ascii=False).replace("\x7f", "\\u007f")
