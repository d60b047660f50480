"""What a recorded hand's amounts are money of, and how finely pokerdb keeps them.

A hand is played for one kind of money: a currency (its ISO code, "USD", "EUR", ...), play
money ("play"), or chips ("chips": a tournament's, or a file's that names no currency). Money
of two kinds is never added: every answer keeps them apart by this label.

Every amount is kept exactly as a whole number of ten-thousandths of its money (AMOUNT_PLACES
decimal places): a cent is 100 of them, a chip 10,000. An amount written more finely is
refused, never rounded.
"""

from typing import Final

AMOUNT_PLACES: Final = 4  # the decimal places of the finest amount pokerdb keeps
AMOUNT_SCALE: Final = 10 ** AMOUNT_PLACES  # stored units per unit of money

CHIPS: Final = "chips"  # tournament chips, or a file's chips of no stated money
PLAY_MONEY: Final = "play"
# Play money is spelled so by sites (PokerStars' "Play Money" games; PHH files may name it).
_PLAY_NAMES: Final = frozenset({"play", "play money", "playmoney", "pm"})
# The ISO 4217 code of a currency symbol a site writes before an amount.
CURRENCY_SYMBOLS: Final = {"$": "USD", "€": "EUR", "£": "GBP", "¥": "CNY", "₹": "INR"}


def money_of(currency: str | None, symbol: str | None, *, tournament: bool) -> str:
    """A hand's money: "play" where its currency names play money, "chips" for a
    tournament's chips or where nothing names a currency, else its currency's code (from the
    code, else the symbol)."""
    if currency is not None and currency.strip().lower() in _PLAY_NAMES:
        return PLAY_MONEY
    if tournament:
        return CHIPS
    if currency is not None and currency.strip():
        code = currency.strip()
        return code.upper() if code.isascii() and code.isalpha() and len(code) == 3 else code
    if symbol is not None and symbol in CURRENCY_SYMBOLS:
        return CURRENCY_SYMBOLS[symbol]
    return CHIPS


def is_currency(money: str) -> bool:
    """Whether `money` is a currency (amounts shown in its cents), not chips or play money."""
    return money not in (CHIPS, PLAY_MONEY)
