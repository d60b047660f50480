"""Money a site moves beside a pot it pays as usual (GGPoker's EV Cashout and all-in insurance:
hand_record.OutsidePot) held against the hand pokerdb settles, and money in the pot that no
player put in (GGPoker's Cash Drop).

A player may cash out (choose to EV Cashout, pay its risk, receive it) or be insured only at an
all-in with the cards shown before the river (replayed.all_in: the betting closed for good, the
player still in at the showdown); the risk paid is at most what the player collected (a player
pays it back from a pot they won); what is received (a cash-out, an insurance's compensation)
is at most what the player lost of the pots they contested; an insurance's premium paid is the
one quoted, its compensation at most the cover bought for that pot. A time bank card's price
is paid out in full to the other players.
"""

from pokerdb.rules.hand_record import PhhHand
from pokerdb.rules.settlement import Pot, Replayed

_PARTS = ("mandatory", "main", "sub")  # an insurance's pots, as GGPoker names them


def player_name(hand: PhhHand, seat: int) -> str:
    """Player `seat` (0-based) for a message: their name in the file."""
    return hand.players[seat] if hand.players else f"p{seat + 1}"


def with_cash_drop(pots: tuple[Pot, ...], drop: int) -> tuple[Pot, ...]:
    """The pots with money that no player put in (before the blinds) in the main pot."""
    if not drop:
        return pots
    return (Pot(pots[0].amount + drop, pots[0].seats), *pots[1:])


def check_outside_pot(replayed: Replayed, won: tuple[int, ...]) -> None:
    """The money beside the pot of a site's hand against the hand (see the module's
    docstring); `won` is what pokerdb awards each seat. PhhError naming the player and the
    amount that cannot be."""
    hand = replayed.hand
    site = hand.site
    assert site is not None
    outside = site.outside
    if outside is None:
        return
    amount = hand.amount
    if (unpaid := sum(outside.time_bank)) != 0:
        bought = -sum(card for card in outside.time_bank if card < 0)
        raise hand.error(f"a time bank card bought for {amount(bought)} but "
                         f"{amount(bought + unpaid)} received from it")
    all_in = () if replayed.all_in is None else replayed.all_in.seats
    for seat in range(hand.player_count):
        risk, received = outside.risk[seat], outside.received[seat]
        compensation, premium = outside.compensation[seat], outside.premium[seat]
        doings = [f"pays a Cashout Risk of {amount(risk)}" if risk else "",
                  f"receives a Cashout of {amount(received)}" if received else "",
                  f"pays an insurance premium of {amount(premium)}" if premium else "",
                  f"is compensated {amount(sum(compensation))} by insurance"
                  if any(compensation) else "",
                  "insures the hand" if outside.quoted[seat] or any(outside.cover[seat])
                  else "", "chooses to EV Cashout" if outside.chose[seat] else ""]
        doing = next((words for words in doings if words), None)
        if doing is None:
            continue
        name = player_name(hand, seat)
        if seat + 1 not in replayed.showdown:
            raise hand.error(f"{name} {doing} but is not in at the showdown")
        if seat + 1 not in all_in:
            raise hand.error(f"{name} {doing} in a hand not all in before the river")
        collected = site.collected[seat]
        if risk > collected:
            raise hand.error(f"{name} pays a Cashout Risk of {amount(risk)}, more than the "
                             f"{amount(collected)} it collected")
        lost = sum(pot.amount for pot in replayed.pots if seat + 1 in pot.seats) - won[seat]
        if received + sum(compensation) > lost:
            raise hand.error(f"{name} {doing}: more than the {amount(lost)} it lost of the "
                             f"pots it contested")
        if premium != outside.quoted[seat]:
            raise hand.error(f"{name} pays an insurance premium of {amount(premium)}, not the "
                             f"{amount(outside.quoted[seat])} quoted")
        for part, paid, cover in zip(_PARTS, compensation, outside.cover[seat], strict=True):
            if paid > cover:
                raise hand.error(f"{name} is compensated {amount(paid)} for the {part} pot, "
                                 f"insured for {amount(cover)}")
