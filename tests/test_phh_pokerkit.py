"""pokerkit, the PHH reference implementation, as an oracle: on thousands of random legal hands
(benchmarks/phh_hands.py) pokerdb settles every seat as pokerkit does, and on hands with one
action altered pokerdb accepts the altered action exactly when pokerkit does."""

import random
import warnings
from collections import Counter, deque

import pytest
from phh_hands import random_hand  # benchmarks/, on the path (conftest)
from phh_reference import pokerkit_odd_chips
from pokerkit import HandHistory, State
from pokerkit.notation import parse_action
from support import settle

from pokerdb.formats.phh.reader import parse_hand
from pokerdb.rules.hand_record import PhhError
from pokerdb.rules.settlement import replay

HANDS = 2000  # half NT, half FT


def last_state(history: HandHistory) -> State:
    """The state after the hand's last action (pokerkit yields one state, changing it)."""
    return deque(history, maxlen=1)[0]


@pytest.mark.slow
def test_random_hands_settle_as_pokerkit_settles_them() -> None:
    rng = random.Random(20240612)
    seen: Counter[str] = Counter()
    for number in range(HANDS):
        text = random_hand(rng, ("NT", "FT")[number % 2], number)
        replayed, settlement = settle(parse_hand(text, f"random#{number}"))
        theirs = last_state(HandHistory.loads(text)).payoffs
        assert pokerkit_odd_chips(settlement) == theirs, text
        seen["showdown"] += bool(replayed.showdown)
        seen["all in before the river"] += replayed.all_in is not None
        seen["side pots"] += len(replayed.pots) > 1
        seen["split"] += any(len(pot.seats) > 1 for pot in settlement.awards)
        seen["odd chips"] += any(pot.amount % len(pot.seats) for pot in settlement.awards)
    # The generator reaches the hard cases often (the counts are exact for this seed).
    assert seen == {"showdown": 1430, "all in before the river": 769, "side pots": 735,
                    "split": 87, "odd chips": 31}


def altered(rng: random.Random, action: str, players: int) -> str:
    """`action` (a player's) changed: another player, another verb, or another amount."""
    seat, verb, *amount = action.split()
    roll = rng.random()
    if roll < 0.25:
        return f"p{rng.randint(1, players)} {verb} {' '.join(amount)}".strip()
    if roll < 0.5:
        return f"{seat} {rng.choice(['cc', 'f', 'cbr 1', 'cbr 1000000'])}"
    base = int(amount[0]) if amount else rng.randint(1, 400)
    return f"{seat} cbr {max(1, base + rng.randint(-3, 3) * rng.choice([1, 2, 25, 50]))}"


def pokerkit_accepts(text: str, prefix: int, action: str) -> bool:
    """Whether pokerkit, replaying the first `prefix` actions of a hand, then takes `action`."""
    history = HandHistory.loads(text)
    history.actions = history.actions[:prefix]
    state = last_state(history)
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # a fold when checking is free: a warning only
            parse_action(state, action)
    except ValueError:
        return False
    return True


@pytest.mark.slow
def test_an_altered_action_is_refused_exactly_when_pokerkit_refuses_it() -> None:
    rng = random.Random(7)
    outcomes: Counter[bool] = Counter()
    for number in range(1500):
        text = random_hand(rng, ("NT", "FT")[number % 2], number)
        phh_hand = parse_hand(text, "altered.phh")
        betting = [index for index, action in enumerate(phh_hand.actions)
                   if action.split()[1] in ("cc", "f", "cbr")]
        if not betting:  # all in from the blinds
            continue
        index = rng.choice(betting)
        change = altered(rng, phh_hand.actions[index], phh_hand.player_count)
        prefix = phh_hand.actions[:index]
        accepted = pokerkit_accepts(text, index, change)
        try:
            replay(parse_hand(text.replace(repr(list(phh_hand.actions)), repr(
                [*prefix, change])), "altered.phh"))
        except PhhError as error:
            refused = error.message.startswith(f"action {index + 1} ")
        else:
            refused = False
        assert refused != accepted, (change, index, text)
        outcomes[accepted] += 1
    assert outcomes[True] > 400 and outcomes[False] > 400, outcomes
