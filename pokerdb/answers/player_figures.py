"""The figures of `pokerdb players` written from a group's exact integer sums (counts, and
amounts in ten-thousandths), each rounded once, half away from zero, in integers: a percentage
to one place (one of a thousand texts, written once), a ratio and big blinds per 100 hands to
two, an amount as its money writes it. The same bytes whichever database summed them.

Compiled with mypyc in the wheel (pyproject.toml): `pokerdb players` writes every figure of
every player here, some 15 a player.
"""

from collections.abc import Sequence
from fractions import Fraction
from typing import Any, Final

from pokerdb.answers.rendering import Written
from pokerdb.rules.money import AMOUNT_PLACES, AMOUNT_SCALE, is_currency


def shown_row(group: Sequence[Any], keyed: bool) -> tuple[Any, ...]:
    """A group's row as shown: player, money, the key (None for none) if `keyed`, then its
    figures (answers.players.SHOWN). `group`: name, money, key ('' for none), hands, those of
    unknown result, the 17 tracker counts of answers.players.COUNTS in its order, the net, the
    hands with a big blind and a known result, their net in big blinds as whole + rest /
    denominator, and the all-in seats' delta."""
    unknown: int = group[4]
    preflop_acted: int = group[5]
    aggressive: int = group[17]
    calls: int = group[18]
    folds: int = group[19]
    went: int = group[20]
    net: int = group[22]
    with_big_blind: int = group[23]
    whole: int = group[24]
    rest: int = group[25]
    denominator: int = group[26]
    delta: int = group[27]
    money: str = group[1]
    net_shown = money_shown(net, money)
    figures = (
        group[3], unknown, _percent(group[6], preflop_acted), _percent(group[7], preflop_acted),
        _percent(group[9], group[8]), _percent(group[11], group[10]),
        _percent(group[14], group[13]), _percent(group[16], group[15]),
        rounded_ratio(aggressive, calls, 2) if calls else None,
        _percent(aggressive, aggressive + calls + folds), _percent(went, group[12]),
        _percent(group[21], went - unknown), net_shown,
        rounded_ratio(100 * (whole * denominator + rest), denominator * with_big_blind, 2)
        if with_big_blind else None,
        money_shown(net + delta, money) if delta else net_shown)
    if keyed:
        return (group[0], money, group[2] or None, *figures)
    return (group[0], money, *figures)


def _percent(count: int, chances: int) -> Written | None:
    """100 * count / chances to one place (None without a chance)."""
    if not chances:
        return None
    tenths, rest = divmod(1000 * count, chances)
    if 2 * rest >= chances:
        tenths += 1
    return _TENTHS[tenths] if 0 <= tenths <= 1000 else _written(tenths, 1)


def rounded(value: Fraction, places: int) -> Written:
    """`value` to `places` decimals, half away from zero, exactly."""
    return rounded_ratio(value.numerator, value.denominator, places)


def rounded_ratio(numerator: int, denominator: int, places: int) -> Written:
    """numerator / denominator (a positive one) to `places` decimals, half away from zero, in
    integers: a tenth of the time of the same in fractions, for every share of every player."""
    whole, rest = divmod(abs(numerator) * _tens(places), denominator)
    if 2 * rest >= denominator:
        whole += 1
    return _written(-whole if numerator < 0 else whole, places)


def _written(whole: int, places: int) -> Written:
    """whole / 10 ** places, written with its `places` decimals."""
    if 0 <= whole < 1000 and places in _SMALL:
        return _SMALL[places][whole]
    return _writing(whole, places)


def _writing(whole: int, places: int) -> Written:
    if not places:
        return Written(whole)
    digits, fraction = divmod(abs(whole), _tens(places))
    decimals = str(fraction)
    return Written(f"{'-' if whole < 0 else ''}{digits}.{'0' * (places - len(decimals))}"
                   f"{decimals}")


def _tens(places: int) -> int:
    """10 ** places, of the powers an amount's places need, from a table."""
    return _POWERS[places] if places < len(_POWERS) else int(10 ** places)


_POWERS: Final = tuple(10 ** places for places in range(AMOUNT_PLACES + 2))


# Written once: 0.0 to 100.0, and under 100 with one place and under 10 with two.
_TENTHS: Final = tuple(_writing(tenths, 1) for tenths in range(1001))
_SMALL: Final = {1: _TENTHS[:1000], 2: tuple(_writing(whole, 2) for whole in range(1000))}


def money_shown(stored: int, money: str) -> Written | int:
    """A stored amount (ten-thousandths) as its money writes it: a currency's to the cent or
    finer where it is finer (1.50, 0.005), chips and play money whole where they are whole."""
    whole, part = divmod(stored, AMOUNT_SCALE)
    currency = is_currency(money)
    if not part and not currency:
        return whole
    places = AMOUNT_PLACES
    while places > (2 if currency else 0) and stored % _tens(AMOUNT_PLACES - places + 1) == 0:
        places -= 1
    return _written(stored // _tens(AMOUNT_PLACES - places), places)
