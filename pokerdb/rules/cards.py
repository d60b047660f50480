"""Cards as text: ranks 2-9 T J Q K A (values 2..14), suits C D H S."""

from typing import Final

from pokerdb.errors import quoted

RANK_CHARS: Final = "23456789TJQKA"
SUIT_CHARS: Final = "CDHS"
RANK_VALUE: Final = {ch: value for value, ch in enumerate(RANK_CHARS, start=2)}
RANK_NAME: Final = {
    2: "Two", 3: "Three", 4: "Four", 5: "Five", 6: "Six", 7: "Seven", 8: "Eight",
    9: "Nine", 10: "Ten", 11: "Jack", 12: "Queen", 13: "King", 14: "Ace",
}
CARDS_PER_HAND: Final = 5
DECK: Final = tuple(rank + suit for rank in RANK_CHARS for suit in SUIT_CHARS)
MAX_PLAYERS: Final = len(DECK) // CARDS_PER_HAND  # ten five-card hands in a deck
# A deal's text is its hands' texts joined by spaces, so player p's hand starts at
# HAND_STRIDE * (p - 1) and is HAND_WIDTH long: "8C TS KC 9H 4S 7D 2S 5D 3S AC".
HAND_WIDTH: Final = 3 * CARDS_PER_HAND - 1
HAND_STRIDE: Final = HAND_WIDTH + 1

# Any spelling of a card that we accept, mapped to its normalised text ("th" -> "TH").
_NORMALISED: Final = {
    spelling: card
    for card in DECK
    for spelling in {card, card.lower(), card[0] + card[1].lower(), card[0].lower() + card[1]}
}


def normalise_card(token: str) -> str | None:
    """The canonical text of a card token, or None when it is not a card."""
    return _NORMALISED.get(token)


def explain_bad_card(token: str) -> str:
    """Why a token is not a card, in words a user can act on."""
    upper = token.upper()
    if upper[:2] == "10" and len(upper) == 3 and upper[2] in SUIT_CHARS:
        return f"{quoted(token)} is not a card: write ten as T (e.g. 'T{upper[2]}')"
    if len(token) != 2:
        return f"{quoted(token)} is not a card: a card is a rank and a suit, like '8C' or 'TS'"
    if upper[0] not in RANK_VALUE:
        return (f"unknown rank {quoted(token[0])} in card {quoted(token)} "
                f"(ranks are 2-9 T J Q K A)")
    return f"unknown suit {quoted(token[1])} in card {quoted(token)} (suits are C D H S)"
