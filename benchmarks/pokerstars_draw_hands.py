"""Random legal PokerStars draw hands, for the benchmark and the tests: `draw_hand(rng, number)`
is one cash hand of Triple Draw 2-7 Lowball or Badugi (fixed-limit, three draws), Single Draw
2-7 Lowball (no-limit) or 5 Card Draw (fixed- or no-limit) as PokerStars writes it, 2 to 6
players; `pokerstars_mixed_hands(rng, count, draw_share)` a file of such hands among the
hold'em hands of benchmarks/pokerstars_hands.py.

The tables are played out here, independently of pokerdb: the betting and the pots are
pokerstars_hands' (the hold'em generator's), the draws are random (each player still in
discards up to three cards, or stands pat; the hero's discards and new cards written out), and
the showdowns are decided by evaluators of this module's own (deuce-to-seven and badugi) or
eval7 (five-card draw's high hands), none of them pokerdb's.
"""

import itertools
import random
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Final

import eval7
from pokerstars_hands import (
    CASH_BLINDS,
    DECK,
    NAMES,
    RANKS,
    _betting,
    _returned,
    _Table,
    _words,
    blinds,
    holdem_hand,
    paid_out,
)


@dataclass(frozen=True)
class DrawGame:
    name: str  # as PokerStars writes it, with the structure: "Badugi Limit"
    limit: bool
    draws: int
    cards: int
    ranking: str  # "high", "deuce-to-seven" or "badugi"

    @property
    def big_bets_from(self) -> int:
        """The first fixed-limit street of big bets: after the second draw of three."""
        return 2 if self.draws == 3 else 1


GAMES: Final = (
    DrawGame("Triple Draw 2-7 Lowball Limit", True, 3, 5, "deuce-to-seven"),
    DrawGame("Badugi Limit", True, 3, 4, "badugi"),
    DrawGame("Single Draw 2-7 Lowball No Limit", False, 1, 5, "deuce-to-seven"),
    DrawGame("5 Card Draw Limit", True, 1, 5, "high"),
    DrawGame("5 Card Draw No Limit", False, 1, 5, "high"),
)
DRAW_NAMES: Final = ("FIRST", "SECOND", "THIRD")
_RANK_OF: Final = {rank: value for value, rank in enumerate(RANKS, 2)}  # the ace 14
# A deuce-to-seven hand's words, by its category as a high hand (the site's words begin so).
_LOW_WORDS: Final = ("a pair", "two pair", "three of a kind", "a straight", "a flush",
                     "a full house", "four of a kind", "a straight flush")


def pokerstars_mixed_hands(rng: random.Random, count: int, draw_share: float,
                           first_number: int = 200_000_000_000) -> str:
    """A file of `count` random hands, about `draw_share` of them draw hands, the rest
    hold'em."""
    return "\n\n\n".join(
        draw_hand(rng, first_number + number) if rng.random() < draw_share
        else holdem_hand(rng, first_number + number) for number in range(count)) + "\n"


def draw_hand(rng: random.Random, number: int) -> str:
    game = rng.choice(GAMES)
    players = rng.randint(2, 6)
    small, big = rng.choice(CASH_BLINDS)
    stacks = [rng.randint(20, 250) * big + rng.randint(0, 99) for _ in range(players)]
    table = _Table(rng, False, game.limit, small, big, 0, rng.sample(NAMES, players), stacks,
                   big_bets_from=game.big_bets_from)
    return "\n".join(_play(table, game, number))


def _play(table: _Table, game: DrawGame, number: int) -> Iterator[str]:
    """One hand: seats 1..n, the button n (heads-up the button posts the small blind)."""
    rng, names, n = table.rng, table.names, len(table.names)
    when = f"2016/{1 + number % 12:02d}/{1 + number % 28:02d} {number % 24}:{number % 60:02d}:41"
    stakes = (f"{table.money(table.big)}/{table.money(2 * table.big)}" if table.limit
              else f"{table.money(table.small)}/{table.money(table.big)}")
    yield f"PokerStars Hand #{number}:  {game.name} ({stakes} USD) - {when} ET"
    yield f"Table 'Draw {number % 89}' 6-max Seat #{n} is the button"
    for seat, (name, stack) in enumerate(zip(names, table.stacks, strict=True), 1):
        yield f"Seat {seat}: {name} ({table.money(stack)} in chips)"
    stacks = list(table.stacks)
    bets = [0] * n
    big_blind = yield from blinds(table, stacks, bets)
    yield "*** DEALING HANDS ***"
    deck = list(DECK)
    rng.shuffle(deck)
    holes = [[deck.pop() for _ in range(game.cards)] for _ in range(n)]
    hero = rng.randrange(n)
    yield f"Dealt to {names[hero]} [{' '.join(holes[hero])}]"
    live = [True] * n
    put = [0] * n
    first = (big_blind + 1) % n
    drawn = 0
    for street in range(game.draws + 1):
        if street:
            if sum(live) == 1:
                break
            if game.draws > 1:
                yield f"*** {DRAW_NAMES[street - 1]} DRAW ***"
            yield from _draw(table, holes, live, deck, hero)
            drawn, first, bets = street, 0, [0] * n
        if sum(live) > 1 and sum(1 for seat in range(n) if live[seat] and stacks[seat]) > 1:
            yield from _betting(table, street, stacks, bets, live, first)
        yield from _returned(table, bets, stacks)
        put = [paid + bet for paid, bet in zip(put, bets, strict=True)]
        bets = [0] * n
    yield from _showdown(table, game, put, live, holes, drawn > 0)


def _draw(table: _Table, holes: list[list[str]], live: list[bool], deck: list[str],
          hero: int) -> Iterator[str]:
    """Each player still in, from the first after the button, discards up to three cards
    (as many as the deck still has) or stands pat."""
    rng, names = table.rng, table.names
    for seat, held in enumerate(holes):
        if not live[seat]:
            continue
        count = min(rng.choice((0, 0, 1, 1, 2, 3)), len(deck))
        name = names[seat]
        if not count:
            yield (f"{name}: stands pat on [{' '.join(held)}]" if seat == hero
                   else f"{name}: stands pat")
            continue
        thrown = rng.sample(held, count)
        kept = [card for card in held if card not in thrown]
        new = [deck.pop() for _ in range(count)]
        plural = "s" if count > 1 else ""
        if seat == hero:
            yield f"{name}: discards {count} card{plural} [{' '.join(thrown)}]"
            yield f"Dealt to {name} [{' '.join(kept)}] [{' '.join(new)}]"
        else:
            yield f"{name}: discards {count} card{plural}"
        holes[seat] = kept + new


def _showdown(table: _Table, game: DrawGame, put: list[int], live: list[bool],
              holes: list[list[str]], drew: bool) -> Iterator[str]:
    names, n = table.names, len(table.names)
    contenders = [seat for seat in range(n) if live[seat]]
    values = {contenders[0]: 0}
    if len(contenders) > 1:
        yield "*** SHOW DOWN ***"
        values = {seat: _value(game, holes[seat]) for seat in contenders}
        for seat in contenders:
            yield (f"{names[seat]}: shows [{' '.join(holes[seat])}] "
                   f"({_said(game, holes[seat])})")
    yield from paid_out(table, put, contenders, values, drew, [])


def _value(game: DrawGame, cards: list[str]) -> int:
    """The hand's worth under the game's ranking: higher is better."""
    if game.ranking == "high":
        return int(eval7.evaluate([eval7.Card(card) for card in cards]))
    if game.ranking == "deuce-to-seven":
        return -deuce_to_seven_as_high(cards)
    size, ranks = best_badugi(cards)
    return size * 10 ** 6 - sum(rank * 15 ** (3 - place) for place, rank in enumerate(ranks))


def deuce_to_seven_as_high(cards: list[str]) -> int:
    """Five cards as a high hand with the ace high only (A-2-3-4-5 is no straight): the lowest
    is the best deuce-to-seven low."""
    ranks = sorted((_RANK_OF[card[0]] for card in cards), reverse=True)
    counts = Counter(ranks)
    shape = sorted(counts.values(), reverse=True)
    flush = len({card[1] for card in cards}) == 1
    straight = len(counts) == 5 and ranks[0] - ranks[4] == 4
    category = (8 if straight and flush else 7 if shape[0] == 4 else 6 if shape == [3, 2]
                else 5 if flush else 4 if straight else 3 if shape[0] == 3
                else 2 if shape == [2, 2, 1] else 1 if shape[0] == 2 else 0)
    ordered = sorted(ranks, key=lambda rank: (counts[rank], rank), reverse=True)
    return category * 15 ** 5 + sum(rank * 15 ** (4 - place)
                                    for place, rank in enumerate(ordered))


def best_badugi(cards: list[str]) -> tuple[int, list[int]]:
    """The most cards of different ranks and suits, the lowest such (ace low): their count
    and ranks, highest first."""
    for size in range(len(cards), 0, -1):
        found = [sorted((1 if card[0] == "A" else _RANK_OF[card[0]] for card in chosen),
                        reverse=True)
                 for chosen in itertools.combinations(cards, size)
                 if len({card[0] for card in chosen}) == size
                 and len({card[1] for card in chosen}) == size]
        if found:
            return size, min(found)
    raise ValueError("no cards")


def _said(game: DrawGame, cards: list[str]) -> str:
    """The site's words for a shown hand (pokerdb checks those of high hands)."""
    if game.ranking == "high":
        return _words(cards, [])
    if game.ranking == "deuce-to-seven":
        category = deuce_to_seven_as_high(cards) // 15 ** 5
        ranks = sorted((_RANK_OF[card[0]] for card in cards), reverse=True)
        return "Lo: " + (",".join(RANKS[rank - 2] for rank in ranks) if not category
                         else _LOW_WORDS[category - 1])
    size, ranks = best_badugi(cards)
    written = ",".join("A" if rank == 1 else RANKS[rank - 2] for rank in ranks)
    return f"Badugi: {written}" if size == 4 else f"{size}-card: {written}"
