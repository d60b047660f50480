"""Writing a recorded hand as a PHH file (`.phh`, TOML): the fields of the specification that the
hand has, in its order, and a site's facts beyond them as user-defined fields (`_site`,
`_rake`, ...; the specification reserves names starting with an underscore for them).
pokerdb.formats.phh reads what this writes back into the same `PhhHand`.
"""

import datetime
import json
from collections.abc import Mapping, Sequence
from decimal import Decimal

from pokerdb.rules.hand_record import PhhHand

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
        lines.append(f"blinds_or_straddles = {amounts(_signed(hand.blinds_or_straddles))}")
    for name in ("bring_in", "small_bet", "big_bet", "min_bet"):
        value = getattr(hand, name)
        if value is not None:
            lines.append(f"{name} = {amount(value)}")
    lines.append(f"starting_stacks = {amounts(hand.starting_stacks)}")
    lines.append("actions = [" + ", ".join(map(_string, hand.actions)) + "]")
    details = hand.details
    for name in details.__slots__:
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
    return "\n".join(lines) + "\n"


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


def _signed(blinds: Sequence[int]) -> list[int]:
    """The blinds as PHH writes them: one after the first two and no larger than they are was
    posted out of turn (a big blind posted by a player joining the game), written negative:
    posted live, the betting still opening after the big blind (as pokerdb and pokerkit play
    it)."""
    big = max(blinds[:2], default=0)
    return [-blind if index >= 2 and 0 < blind <= big else blind
            for index, blind in enumerate(blinds)]


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
