"""Random legal PHH hands of no-limit (NT) and fixed-limit (FT) hold'em, for the tests and the
benchmark: `random_hand(rng, variant, number)` is one hand's PHH text, `write_hand_folder`
writes a folder of `.phh` files (the reference values to check pokerdb's settlement against are
in phh_reference).

pokerkit, the format's reference implementation, says what is legal at every step and the
generator picks among the legal actions at random, so every hand is valid by the reference. It
lives here, not in pokerdb, because pokerdb must not import pokerkit (it is far too slow for
pokerdb's import path); the tests add this folder to their path.

Two profiles of tables. STRESS (the tests') reaches the hard cases often: 2 to 9 players
(heads-up often), stacks from one to 250 big blinds so that all-ins and side pots are common,
antes (uniform or a big blind ante, either ante trimming status), straddles, whole chips of odd
sizes so that split pots leave odd chips, folds, showdowns, mucks, hole cards written as
unknown and shown later, and the winner of a pot taken by folds sometimes showing. TYPICAL (the
benchmark's) is closer to recorded play, where pokerkit takes about as long per hand as on the
televised WSOP hands; on STRESS hands it takes four times as long.
"""

import random
from dataclasses import dataclass
from pathlib import Path
from typing import Final

from pokerkit import HandHistory, State

DECK = tuple(rank + suit for rank in "23456789TJQKA" for suit in "cdhs")
BLINDS = ((1, 2), (5, 10), (25, 50), (1, 3), (50, 100))
NAMES = ("Ann", "Bo", "Cy", "Di", "Ed", "Flo", "Gus", "Hal", "Ivy")
SHORT, MEDIUM, DEEP = (1, 15), (15, 60), (60, 250)  # stack tiers, in big blinds


@dataclass(frozen=True)
class Profile:
    """How the random tables are set and played."""

    player_counts: tuple[int, ...]  # one drawn per hand
    stack_tiers: tuple[tuple[int, int], ...]  # in big blinds; one drawn per player
    straddle: float  # chance of an under-the-gun straddle, with 4 players or more
    antes: float  # chance of antes: uniform ones or a big blind ante, half each
    hidden: float  # chance that a player's hole cards are written ???? until shown
    fold: float  # chance of folding to a bet
    raises: float  # chance of betting or raising (0.1 less for each one already on the street)
    all_in: float  # share of the bets and raises that are all in
    finishing_stacks: bool = False  # whether the file records each seat's stack after the hand


# The hard cases, often: the tests' tables.
STRESS: Final = Profile((2, 2, 2, 3, 3, 4, 5, 6, 6, 7, 8, 9), (SHORT, SHORT, MEDIUM, MEDIUM, DEEP),
                        straddle=0.15, antes=0.35, hidden=0.1, fold=0.25, raises=0.45, all_in=0.3)
# Closer to recorded play: deep six- and nine-handed tables, folds, few all-ins, and only the
# cards shown known beyond one player's own: the benchmark's tables.
TYPICAL: Final = Profile((6, 6, 6, 9, 9, 2), (MEDIUM, DEEP, DEEP), straddle=0.0, antes=0.2,
                         hidden=0.85, fold=0.55, raises=0.3, all_in=0.03)
# The shape of a recorded online six-max corpus (such as the 10,000 hands of issue 23): six
# players about a hundred big blinds deep, most folding before the flop (about 17 actions a hand,
# the dealing included), the finishing stacks recorded: phh_bench's tables.
SIX_MAX: Final = Profile((6,), ((90, 110),), straddle=0.0, antes=0.0, hidden=0.85, fold=0.7,
                         raises=0.3, all_in=0.03, finishing_stacks=True)


def random_hand(rng: random.Random, variant: str = "NT", number: int = 1,
                profile: Profile = STRESS) -> str:
    """One random legal hand of `variant` ("NT" or "FT") as the text of a `.phh` file."""
    players = rng.choice(profile.player_counts)
    small, big = rng.choice(BLINDS)
    blinds = [small, big] + [0] * (players - 2)
    if players >= 4 and rng.random() < profile.straddle:
        blinds[2] = 2 * big  # an under-the-gun straddle
    antes = [0] * players
    roll = rng.random()
    if roll < profile.antes / 2:
        antes = [rng.randint(1, max(1, big // 2))] * players
    elif roll < profile.antes:
        antes[1] = big  # a big blind ante (p1's when heads-up: the lists apply reversed)
    stacks = []
    for _ in range(players):
        low, high = rng.choice(profile.stack_tiers)
        stacks.append(rng.randint(low * big, high * big) + rng.randint(0, big))
    sizes = {"min_bet": big} if variant == "NT" else {"small_bet": big, "big_bet": 2 * big}
    header = HandHistory(
        variant=variant, ante_trimming_status=rng.random() < 0.5, antes=antes,
        blinds_or_straddles=blinds, starting_stacks=stacks, actions=[], **sizes,
    )
    state = header.create_state()
    actions = _play(rng, state, players, profile)
    lines = [
        f"variant = '{variant}'",
        f"ante_trimming_status = {str(header.ante_trimming_status).lower()}",
        f"antes = {antes}",
        f"blinds_or_straddles = {blinds}",
        *(f"{name} = {size}" for name, size in sizes.items()),
        f"starting_stacks = {stacks}",
        "actions = [" + ", ".join(f"'{action}'" for action in actions) + "]",
        f"hand = {number}",
        "table = 'Generated'",
        f"players = {list(NAMES[:players])}",
        "currency = 'USD'",
        *([f"finishing_stacks = {list(state.stacks)}"] if profile.finishing_stacks else []),
    ]
    return "\n".join(lines) + "\n"


def _play(rng: random.Random, state: State, players: int, profile: Profile) -> list[str]:
    """Plays the hand out with random legal choices; the actions as PHH writes them."""
    deck = list(DECK)
    rng.shuffle(deck)
    hidden = {seat for seat in range(players) if rng.random() < profile.hidden}
    hole: dict[int, str] = {}
    shown: set[int] = set()
    actions = []
    for seat in range(players):
        hole[seat] = deck.pop() + deck.pop()
        state.deal_hole(hole[seat], seat)
        actions.append(f"d dh p{seat + 1} {'????' if seat in hidden else hole[seat]}")
    raises, street = 0, state.street_index  # bets and raises on this street so far
    while state.status:
        if state.can_burn_card():
            state.burn_card("??")
        elif state.actor_index is not None:
            if state.street_index != street:
                raises, street = 0, state.street_index
            actions.append(_bet(rng, state, raises, profile))
            raises += actions[-1].split()[1] == "cbr"
        elif state.can_deal_board():
            count = state.board_dealing_count
            assert count is not None
            cards = "".join(deck.pop() for _ in range(count))
            state.deal_board(cards)
            actions.append(f"d db {cards}")
        elif state.showdown_index is not None:
            seat = state.showdown_index
            if seat in shown:  # asked again at the river after an all-in: the file says it once
                state.show_or_muck_hole_cards(hole[seat], seat)
                continue
            shown.add(seat)
            final = state.street_index == len(state.streets) - 1  # the board is complete
            if final and not state.can_win_now(seat) and seat not in hidden and rng.random() < 0.5:
                state.show_or_muck_hole_cards(False, seat)
                actions.append(f"p{seat + 1} sm")
            else:
                state.show_or_muck_hole_cards(hole[seat], seat)
                written = "-" if seat not in hidden and rng.random() < 0.1 else hole[seat]
                actions.append(f"p{seat + 1} sm {written}")
        else:
            raise AssertionError(f"the generator is stuck: {state}")
    if not shown and rng.random() < 0.05:  # won by folds, shown anyway
        seat = state.statuses.index(True)
        state.show_or_muck_hole_cards(hole[seat], seat)
        actions.append(f"p{seat + 1} sm {hole[seat]}")
    return actions


def _bet(rng: random.Random, state: State, raises: int, profile: Profile) -> str:
    seat = state.actor_index
    assert seat is not None
    if state.checking_or_calling_amount and rng.random() < profile.fold:
        state.fold()
        return f"p{seat + 1} f"
    if rng.random() < profile.raises - 0.1 * raises and state.can_complete_bet_or_raise_to():
        least = state.min_completion_betting_or_raising_to_amount
        most = state.max_completion_betting_or_raising_to_amount
        assert least is not None and most is not None
        all_in = rng.random() < profile.all_in
        amount = most if all_in else rng.randint(least, min(most, 3 * least))
        state.complete_bet_or_raise_to(amount)
        return f"p{seat + 1} cbr {amount}"
    state.check_or_call()
    return f"p{seat + 1} cc"


def write_hand_folder(folder: Path, count: int, seed: int, variant: str = "NT",
                      profile: Profile = TYPICAL) -> list[Path]:
    """`count` random hands as `.phh` files under `folder`, a hundred per subfolder."""
    rng = random.Random(seed)
    paths = []
    for number in range(1, count + 1):
        path = folder / f"{(number - 1) // 100:04d}" / f"{number:06d}.phh"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(random_hand(rng, variant, number, profile))
        paths.append(path)
    return paths
