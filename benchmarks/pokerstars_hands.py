"""Random legal PokerStars hand histories, for the benchmark and the tests: `pokerstars_hands(rng,
count)` is the text of a file of `count` hands as PokerStars writes them: cash games (dollars
and cents, rake from a flop on, capped) and tournaments (chips, antes, levels), no-limit and
fixed-limit hold'em, 2 to 9 players, folds, calls, raises, all-ins and side pots, uncalled bets
returned, showdowns with the site's words for each hand, split pots.

The tables are played out here, independently of pokerdb: the generator keeps the stacks and
the bets, builds the pots by contribution levels, and decides the showdowns with eval7 (a C
evaluator pokerdb does not use). Odd chips go to the first winner left of the button, as the
site pays them.
"""

import random
from collections.abc import Generator, Iterator
from dataclasses import dataclass, field
from typing import Final

import eval7

RANKS: Final = "23456789TJQKA"
DECK: Final = tuple(rank + suit for rank in RANKS for suit in "cdhs")
NAMES: Final = ("Ann", "Bo_77", "Cy.Lee", "Dî", "Ed :P", "Flo", "Gus(2)", "Hal-9000", "Ivy",
                "Jo Jo", "Kim", "Lu", "Max", "Ned", "Oz")
# eval7's hand types in the site's words (pokerdb reads their first words).
WORDS: Final = {"High Card": "high card", "Pair": "a pair", "Two Pair": "two pair",
                "Trips": "three of a kind", "Straight": "a straight", "Flush": "a flush",
                "Full House": "a full house", "Quads": "four of a kind",
                "Straight Flush": "a straight flush"}
CASH_BLINDS: Final = ((5, 10), (10, 25), (25, 50), (50, 100), (100, 200))  # cents
LEVELS: Final = ((10, 20, 0), (25, 50, 5), (50, 100, 10), (100, 200, 25), (200, 400, 50))
RAKE_PERCENT: Final = 5
RAKE_CAP: Final = 300  # cents


@dataclass
class _Table:
    rng: random.Random
    tournament: bool
    limit: bool
    small: int
    big: int
    ante: int
    names: list[str]
    stacks: list[int]
    lines: list[str] = field(default_factory=list)
    big_bets_from: int = 2  # the first street of fixed-limit big bets (hold'em's turn)

    def money(self, units: int) -> str:
        if self.tournament:
            return str(units)
        whole, cents = divmod(units, 100)
        return f"${whole}.{cents:02d}" if cents else f"${whole}"


def pokerstars_hands(rng: random.Random, count: int, first_number: int = 200_000_000_000
                     ) -> str:
    """A file of `count` random hands, blank lines between them."""
    return "\n\n\n".join(holdem_hand(rng, first_number + number)
                        for number in range(count)) + "\n"


def holdem_hand(rng: random.Random, number: int) -> str:
    """One random hold'em hand, cash or tournament, numbered `number`."""
    tournament = rng.random() < 0.3
    limit = not tournament and rng.random() < 0.25
    players = rng.choice((2, 3, 6, 6, 6, 9, 9))
    if tournament:
        small, big, ante = rng.choice(LEVELS)
        stacks = [rng.randint(3, 120) * big for _ in range(players)]
    else:
        small, big = rng.choice(CASH_BLINDS)
        ante = 0
        stacks = [rng.randint(20, 250) * big + rng.randint(0, 99) for _ in range(players)]
    names = rng.sample(NAMES, players)
    table = _Table(rng, tournament, limit, small, big, ante, names, stacks)
    return "\n".join(_play(table, number))


def _header(table: _Table, number: int) -> Iterator[str]:
    game = "Hold'em Limit" if table.limit else "Hold'em No Limit"
    when = f"2015/{1 + number % 12:02d}/{1 + number % 28:02d} {number % 24}:{number % 60:02d}:07"
    if table.tournament:
        level = ("I", "II", "III", "IV", "V")[[lv[1] for lv in LEVELS].index(table.big)]
        yield (f"PokerStars Hand #{number}: Tournament #{number // 1000}, $3.19+$0.31 USD "
               f"{game} - Level {level} ({table.small}/{table.big}) - {when} ET")
    else:
        # Fixed-limit stakes are the small and big bets: the big blind and twice it.
        stakes = (f"{table.money(table.big)}/{table.money(2 * table.big)}" if table.limit
                  else f"{table.money(table.small)}/{table.money(table.big)}")
        yield f"PokerStars Hand #{number}:  {game} ({stakes} USD) - {when} ET"
    seats = len(table.names)
    yield (f"Table 'Rand {number % 97}' {6 if seats <= 6 else 9}-max Seat #{seats} is the "
           f"button")
    for seat, (name, stack) in enumerate(zip(table.names, table.stacks, strict=True), 1):
        yield f"Seat {seat}: {name} ({table.money(stack)} in chips) "


def _play(table: _Table, number: int) -> Iterator[str]:
    """One hand: seats 1..n, the button n, so p1 (seat 1) posts the small blind."""
    rng, names, n = table.rng, table.names, len(table.names)
    yield from _header(table, number)
    stacks = list(table.stacks)
    put = [0] * n
    if table.ante:
        for seat in range(n):
            posted = min(table.ante, stacks[seat])
            stacks[seat] -= posted
            put[seat] += posted
            yield f"{names[seat]}: posts the ante {table.money(posted)}"
    bets = [0] * n
    big_blind = yield from blinds(table, stacks, bets)
    yield "*** HOLE CARDS ***"
    deck = list(DECK)
    rng.shuffle(deck)
    holes = [deck[2 * seat:2 * seat + 2] for seat in range(n)]
    board = deck[2 * n:2 * n + 5]
    hero = rng.randrange(n)
    yield f"Dealt to {names[hero]} [{' '.join(holes[hero])}]"
    live = [True] * n
    first_actor = (big_blind + 1) % n
    for street in range(4):
        if street:
            shown = board[:3] if street == 1 else board[:street + 2]
            label = ("FLOP", "TURN", "RIVER")[street - 1]
            if street == 1:
                yield f"*** FLOP *** [{' '.join(shown)}]"
            else:
                yield f"*** {label} *** [{' '.join(shown[:-1])}] [{shown[-1]}]"
            bets = [0] * n
            first_actor = 0  # after the flop the first seat after the button acts first
        if sum(live) > 1 and sum(1 for seat in range(n) if live[seat] and stacks[seat]) > 1:
            yield from _betting(table, street, stacks, bets, live, first_actor)
        yield from _returned(table, bets, stacks)
        put = [paid + bet for paid, bet in zip(put, bets, strict=True)]
        bets = [0] * n
        if sum(live) == 1:
            break
    yield from _showdown(table, put, live, holes, board, street)


def blinds(table: _Table, stacks: list[int], bets: list[int]) -> Generator[str, None, int]:
    """The blinds' lines, seats 1..n with the button n (heads-up the button posts the small
    blind), each posted blind taken from `stacks` into `bets`; returns the big blind's seat."""
    n = len(table.names)
    order = list(range(n)) if n > 2 else [1, 0]
    for seat, blind, kind in ((order[0], table.small, "small"), (order[1], table.big, "big")):
        posted = min(blind, stacks[seat])
        stacks[seat] -= posted
        bets[seat] = posted
        yield (f"{table.names[seat]}: posts {kind} blind {table.money(posted)}"
               + (" and is all-in" if not stacks[seat] else ""))
    return order[1]


def _betting(table: _Table, street: int, stacks: list[int], bets: list[int], live: list[bool],
             first: int) -> Iterator[str]:
    rng, names, n = table.rng, table.names, len(table.names)
    size = table.big * (2 if table.limit and street >= table.big_bets_from else 1)
    raise_size, raises = size, 1 if street == 0 else 0
    to_act = [(first + step) % n for step in range(n)]
    to_act = [seat for seat in to_act if live[seat] and stacks[seat]]
    acted: set[int] = set()  # since the last full raise
    short = False  # an all-in for less than a full raise since: no raise for those who acted
    while to_act and sum(live) > 1:
        seat = to_act.pop(0)
        top = max(bets)
        owed = top - bets[seat]
        others = [other for other in range(n) if other != seat and live[other] and stacks[other]
                  and stacks[other] + bets[other] > top]
        can_raise = (bool(others) and stacks[seat] > owed and not (table.limit and raises >= 4)
                     and not (short and seat in acted))
        roll = rng.random()
        if owed and roll < (0.7 if street == 0 else 0.45):  # most hands end before the flop
            live[seat] = False
            yield f"{names[seat]}: folds "
            continue
        if can_raise and roll > (0.93 if owed else 0.75):
            least = top + raise_size
            if table.limit:
                target = least
            elif rng.random() < 0.08:
                target = stacks[seat] + bets[seat]
            else:
                target = rng.randint(least, least + 3 * raise_size)
            target = min(target, stacks[seat] + bets[seat])
            increment = target - top
            if increment >= raise_size:
                raise_size = max(raise_size, increment) if not table.limit else size
                acted, short = {seat}, False
            else:
                acted.add(seat)
                short = True
            stacks[seat] -= target - bets[seat]
            verb = (f"raises {table.money(increment)} to {table.money(target)}" if top
                    else f"bets {table.money(target)}")
            bets[seat] = target
            raises += 1
            yield f"{names[seat]}: {verb}" + (" and is all-in" if not stacks[seat] else "")
            to_act = [(seat + step) % n for step in range(1, n)]
            to_act = [other for other in to_act if live[other] and stacks[other]]
            continue
        acted.add(seat)
        if owed:
            paid = min(owed, stacks[seat])
            stacks[seat] -= paid
            bets[seat] += paid
            yield (f"{names[seat]}: calls {table.money(paid)}"
                   + (" and is all-in" if not stacks[seat] else ""))
        else:
            yield f"{names[seat]}: checks "


def _returned(table: _Table, bets: list[int], stacks: list[int]) -> Iterator[str]:
    """What no one matched, back to its bettor."""
    ordered = sorted(bets)
    if len(ordered) > 1 and ordered[-1] > ordered[-2]:
        seat = bets.index(ordered[-1])
        back = ordered[-1] - ordered[-2]
        bets[seat] -= back
        stacks[seat] += back
        yield f"Uncalled bet ({table.money(back)}) returned to {table.names[seat]}"


def _showdown(table: _Table, put: list[int], live: list[bool], holes: list[list[str]],
              board: list[str], street: int) -> Iterator[str]:
    names, n = table.names, len(table.names)
    contenders = [seat for seat in range(n) if live[seat]]
    dealt = 5 if len(contenders) > 1 else (0, 3, 4, 5)[street]
    if len(contenders) > 1:
        yield "*** SHOW DOWN ***"
    values = {seat: eval7.evaluate([eval7.Card(card) for card in holes[seat] + board])
              for seat in contenders} if len(contenders) > 1 else {contenders[0]: 0}
    for seat in contenders if len(contenders) > 1 else ():
        yield f"{names[seat]}: shows [{' '.join(holes[seat])}] ({_words(holes[seat], board)})"
    yield from paid_out(table, put, contenders, values, dealt >= 3, board[:dealt])


def paid_out(table: _Table, put: list[int], contenders: list[int], values: dict[int, int],
             raked: bool, board: list[str]) -> Iterator[str]:
    """The pots, each to the best of its players' `values` (higher is better), and the
    summary; a cash game's pot is raked where `raked` (PokerStars: no flop, no drop)."""
    names, n = table.names, len(table.names)
    total = sum(put)
    rake = 0
    if not table.tournament and raked:
        rake = min(RAKE_CAP, total * RAKE_PERCENT // 100)
    collected = [0] * n
    levels = sorted(set(put))
    previous = 0
    to_take = rake
    pots: list[tuple[int, list[int]]] = []
    for level in levels:
        amount = sum(min(paid, level) - min(paid, previous) for paid in put)
        eligible = [seat for seat in contenders if put[seat] >= level]
        previous = level
        if not amount:
            continue
        if pots and (pots[-1][1] == eligible or not eligible):
            pots[-1] = (pots[-1][0] + amount, pots[-1][1])
        else:
            pots.append((amount, eligible))
    # Each pot's winners; consecutive pots won by the same players are divided as one.
    won_pots: list[tuple[int, list[int]]] = []
    for amount, eligible in pots:
        best = max(values[seat] for seat in eligible)
        winners = [seat for seat in eligible if values[seat] == best]
        if won_pots and won_pots[-1][1] == winners:
            won_pots[-1] = (won_pots[-1][0] + amount, winners)
        else:
            won_pots.append((amount, winners))
    for index, (amount, winners) in enumerate(won_pots):
        taken = min(to_take, amount)
        to_take -= taken
        amount -= taken
        share, odd = divmod(amount, len(winners))
        name = "pot" if len(won_pots) == 1 else ("main pot" if index == 0 else f"side pot-{index}")
        for rank, seat in enumerate(winners):
            won = share + (rank < odd)
            collected[seat] += won
            yield f"{names[seat]} collected {table.money(won)} from {name}"
    yield "*** SUMMARY ***"
    yield f"Total pot {table.money(total)} | Rake {table.money(rake)} "
    if board:
        yield f"Board [{' '.join(board)}]"
    for seat in range(n):
        yield (f"Seat {seat + 1}: {names[seat]} collected ({table.money(collected[seat])})"
               if collected[seat] else f"Seat {seat + 1}: {names[seat]} lost")


def _words(hole: list[str], board: list[str]) -> str:
    cards = hole + board
    kind = eval7.handtype(eval7.evaluate([eval7.Card(card) for card in cards]))
    if kind == "Straight Flush" and any(
            {f"{rank}{suit}" for rank in "TJQKA"} <= set(cards) for suit in "cdhs"):
        return "a Royal Flush"
    return WORDS[kind]
