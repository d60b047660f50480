"""Random legal PHH hands of every variant pokerkit plays (Omaha, short-deck, stud, razz, draw,
badugi, hi/lo), for the oracle tests and the mixed-variant benchmark: `random_variant_hand(rng,
variant, number)` is one hand's PHH text, `write_variant_folder` a folder of them.

pokerkit says what is legal at every step and the generator picks among the legal actions at
random: uneven stacks (all-ins and side pots are common), antes, a bring-in in stud, random
discards in draw games, showdowns and mucks. pokerkit deals the streets; the generator picks
the cards. FO/8 is dealt fixed-limit bets only (at most four a street): pokerkit 0.7.7 plays it
pot-limit, pokerdb as its name says, and those hands are legal in both.
"""

import random
from pathlib import Path
from typing import Final

from pokerkit import HandHistory, State

NAMES: Final = ("Ann", "Bo", "Cy", "Di", "Ed", "Flo", "Gus")
# Per variant: the most players a deck serves without running out (pokerkit reshuffles the
# discards then; pokerdb too, but the generator keeps to what both read alike), and the
# betting fields.
PLAYERS: Final = {"NS": 6, "PO": 6, "FO/8": 6, "F7S": 7, "F7S/8": 7, "FR": 7, "N2L1D": 6,
                  "F2L3D": 4, "FB": 5}
NO_LIMIT: Final = frozenset(("NS", "N2L1D"))
POT_LIMIT: Final = frozenset(("PO",))
STUD: Final = frozenset(("F7S", "F7S/8", "FR"))


def random_variant_hand(rng: random.Random, variant: str, number: int = 1, *,
                        players: int | None = None, burns: bool = False) -> str:
    """One random legal hand of `variant` as the text of a `.phh` file (of 2 to `players`
    players, the variant's PLAYERS by default); with `burns`, the dealer burns a real card
    before each street after the first, which the file does not record (as PHH does not),
    so the deck runs out sooner than its dealt cards show."""
    players = rng.randint(2, players or PLAYERS[variant])
    big = rng.choice((2, 4, 10, 50))
    stacks = [rng.randint(big, 60 * big) + rng.randint(0, big) for _ in range(players)]
    fields: dict[str, object] = {}
    antes = [0] * players
    if variant in STUD:
        antes = [max(1, big // 4)] * players
        fields = {"bring_in": max(1, big // 2), "small_bet": big, "big_bet": 2 * big}
    else:
        fields["blinds_or_straddles"] = [big // 2, big] + [0] * (players - 2)
        if rng.random() < 0.3:
            antes = [max(1, big // 4)] * players
        fields.update({"min_bet": big} if variant in NO_LIMIT | POT_LIMIT
                      else {"small_bet": big, "big_bet": 2 * big})
    trimming = rng.random() < 0.5
    header = HandHistory(variant=variant, ante_trimming_status=trimming, antes=antes,
                         starting_stacks=stacks, actions=[], **fields)  # type: ignore[arg-type]
    actions = _play(rng, header.create_state(), variant, burns)
    lines = [
        f"variant = '{variant}'",
        f"ante_trimming_status = {str(trimming).lower()}",
        f"antes = {antes}",
        *(f"{name} = {value}" for name, value in fields.items()),
        f"starting_stacks = {stacks}",
        "actions = [" + ", ".join(f"'{action}'" for action in actions) + "]",
        f"hand = {number}",
        f"players = {list(NAMES[:players])}",
    ]
    return "\n".join(lines) + "\n"


def _play(rng: random.Random, state: State, variant: str, burns: bool = False) -> list[str]:
    """Plays the hand out with random legal choices; the actions as PHH writes them (a card
    burned, known or not, is not written)."""
    actions: list[str] = []
    raises, street = 0, state.street_index
    shown: set[int] = set()
    while state.status:
        if state.can_burn_card():
            state.burn_card(_draw(rng, state, 1) if burns else "??")
        elif state.can_deal_hole():
            seat = state.hole_dealee_index
            assert seat is not None
            count = len(state.hole_dealing_statuses[seat])
            cards = _draw(rng, state, count)
            state.deal_hole(cards, seat)
            actions.append(f"d dh p{seat + 1} {cards}")
        elif state.can_deal_board():
            board_count = state.board_dealing_count
            assert board_count is not None
            cards = _draw(rng, state, board_count)
            state.deal_board(cards)
            actions.append(f"d db {cards}")
        elif state.stand_patter_or_discarder_index is not None:
            seat = state.stand_patter_or_discarder_index
            held = [repr(card) for card in state.hole_cards[seat]]
            discarded = rng.sample(held, rng.choice((0, 0, 1, 1, 2, 3)))
            state.stand_pat_or_discard("".join(discarded))
            actions.append(f"p{seat + 1} sd {''.join(discarded)}".rstrip())
        elif state.actor_index is not None:
            if state.street_index != street:
                raises, street = 0, state.street_index
            actions.append(_bet(rng, state, variant, raises))
            raises += actions[-1].split()[1] == "cbr"
        elif state.showdown_index is not None:
            seat = state.showdown_index
            hole = "".join(repr(card) for card in state.hole_cards[seat])
            final = state.street_index == len(state.streets) - 1
            if seat in shown:  # asked again after an all-in: shows what it now holds
                state.show_or_muck_hole_cards(True, seat)
                actions.append(f"p{seat + 1} sm {hole}")
            elif final and not state.can_win_now(seat) and rng.random() < 0.5:
                state.show_or_muck_hole_cards(False, seat)
                actions.append(f"p{seat + 1} sm")
            else:
                state.show_or_muck_hole_cards(True, seat)
                actions.append(f"p{seat + 1} sm {hole}")
            shown.add(seat)
        else:
            raise AssertionError(f"the generator is stuck: {state}")
    return actions


def _draw(rng: random.Random, state: State, count: int) -> str:
    """`count` random cards of those pokerkit may deal: of its deck, then (the deck run out)
    of the discards and mucked cards it shuffles back in."""
    in_deck = len(state.deck_cards)
    dealable = [repr(card) for card in state.get_dealable_cards(count, warning_status=False)]
    # Sorted: pokerkit shuffles with its own generator, not `rng`.
    deck, reserve = sorted(dealable[:in_deck]), sorted(dealable[in_deck:])
    if in_deck >= count:
        return "".join(rng.sample(deck, count))
    return "".join(deck + rng.sample(reserve, count - in_deck))


def _bet(rng: random.Random, state: State, variant: str, raises: int) -> str:
    seat = state.actor_index
    assert seat is not None
    if state.can_post_bring_in() and (rng.random() < 0.7
                                      or not state.can_complete_bet_or_raise_to()):
        state.post_bring_in()
        return f"p{seat + 1} pb"
    if not state.can_post_bring_in() and state.checking_or_calling_amount \
            and rng.random() < 0.25:
        state.fold()
        return f"p{seat + 1} f"
    capped = variant == "FO/8" and raises >= 4
    if (not capped and state.can_complete_bet_or_raise_to()
            and (state.can_post_bring_in() or rng.random() < 0.45 - 0.1 * raises)):
        least = state.min_completion_betting_or_raising_to_amount
        most = state.max_completion_betting_or_raising_to_amount
        assert least is not None and most is not None
        if variant == "FO/8":
            amount = least
        else:
            amount = most if rng.random() < 0.2 else rng.randint(least, min(most, 3 * least))
        state.complete_bet_or_raise_to(amount)
        return f"p{seat + 1} cbr {amount}"
    state.check_or_call()
    return f"p{seat + 1} cc"


def write_variant_folder(folder: Path, count: int, seed: int,
                         variants: tuple[str, ...] = tuple(PLAYERS)) -> list[Path]:
    """`count` random hands, the variants in turn, as `.phh` files under `folder`, a hundred
    per subfolder."""
    rng = random.Random(seed)
    paths = []
    for number in range(1, count + 1):
        path = folder / f"{(number - 1) // 100:04d}" / f"{number:06d}.phh"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(random_variant_hand(rng, variants[number % len(variants)], number))
        paths.append(path)
    return paths
