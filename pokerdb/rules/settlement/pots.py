"""The pots of a hand and who wins them.

`pots_of` lays the chips put in out as a main pot and side pots, by contribution levels, each
with the seats that may win it. `award` gives each pot to the best hand among its seats, and in
a split game (hi/lo) half of it to the best qualifying low.

The rules, as pokerkit has them where it has one:

- Pots follow the contribution levels; each goes to the best hand among the seats that reached
  its level and are still in, and consecutive levels with the same seats are one pot. With
  `ante_trimming_status` false (the default) all antes go to the main pot.
- Once the hands are compared, those that win nothing are out (pokerkit kills them), and
  consecutive pots whose seats are then the same are divided as one.
- A split game divides each pot in two when one of its seats has a qualifying low: the high
  half gets the odd unit (pokerkit: the remainder to the first hand type, high). A pot none of
  whose seats has a low goes whole to the best high hand (pokerkit instead halves every pot
  when anyone at the showdown has a low, and leaves the low half of such a pot unawarded).
- Odd chips: a pot (or half) divides evenly among its winners in the hand's smallest unit, and
  the units left over go one each to the winners in seat order from p1 (the first seat left of
  the button). pokerkit gives the whole remainder to the first of them instead: the same for
  two winners, different when three or more split a pot with two or more units left over, and
  for decimal amounts, whose remainder pokerkit leaves in fractions of a unit to the first
  winner.
"""

from collections.abc import Sequence

from pokerdb.rules.largest import largest
from pokerdb.rules.settlement.outcome import Award, Pot, Replayed, Settlement


def pots_of(put_in: Sequence[int], antes: Sequence[int], ante_trimming: bool,
            eligible: Sequence[bool]) -> tuple[Pot, ...]:
    """The main and side pots by contribution levels, each with its eligible seats (a pot may
    have none: the caller says why that cannot be settled)."""
    count = len(put_in)
    levels_of = put_in
    amount = 0
    if not ante_trimming:  # every ante goes to the main pot (by seat: see forced.forced_bets)
        if len(antes) != count:
            raise ValueError(f"{len(antes)} antes for {count} seats")
        levels_of = [put_in[seat] - antes[seat] for seat in range(count)]
        amount = sum(antes)
    seats = tuple(seat + 1 for seat in range(count) if eligible[seat])
    top = largest(levels_of)
    if seats and all(levels_of[seat - 1] == top for seat in seats):
        return (Pot(sum(put_in), seats),)  # all level: one pot, the common case
    pots: list[Pot] = []
    previous = 0
    for level in sorted(set(levels_of)):
        reached = [seat for seat, paid in enumerate(levels_of) if paid >= level]
        amount += (level - previous) * len(reached)
        seats = tuple(seat + 1 for seat in reached if eligible[seat])
        while pots and pots[-1].seats == seats:
            amount += pots.pop().amount
        if amount:
            pots.append(Pot(amount, seats))
        amount = 0
        previous = level
    if not pots:
        pots.append(Pot(0, tuple(seat + 1 for seat in range(count) if eligible[seat])))
    return tuple(pots)


def award(replayed: Replayed, strengths: Sequence[int],
          lows: Sequence[int] | None = None) -> Settlement:
    """The pots given out: `strengths` holds one per seat of `replayed.showdown`, in order (a
    larger strength is a better hand, equal ones tie); in a split game `lows` holds their low
    strengths the same way (0: no qualifying low). See the module's docstring for the odd
    chip."""
    showdown = replayed.showdown
    if len(strengths) != len(showdown):
        raise ValueError(f"{len(strengths)} strengths for {len(showdown)} hands")
    split = replayed.variant.low is not None
    if split and (lows is None or len(lows) != len(showdown)):
        raise ValueError(f"{replayed.variant.code} needs a low strength for each of the "
                         f"{len(showdown)} hands")
    pots = replayed.pots
    if len(pots) == 1 and not split:  # the common case: one pot to its best hands
        seats = pots[0].seats
        if len(seats) > 1:
            seats = _best(seats, _by_seat(showdown, strengths))
        awards = [Award(pots[0].amount, seats)]
        main_winners = seats
    else:
        lows_of = {} if lows is None or not split else _by_seat(showdown, lows)
        awards, main_winners = _divided(pots, _by_seat(showdown, strengths), lows_of)
    won = [0] * len(replayed.put_in)
    for each in awards:
        if len(each.seats) == 1:
            won[each.seats[0] - 1] += each.amount
            continue
        share, odd = divmod(each.amount, len(each.seats))
        for rank, seat in enumerate(each.seats):
            won[seat - 1] += share + (rank < odd)
    shown = set(showdown)
    return Settlement(
        won=tuple(won),
        net=tuple(won[seat] - replayed.put_in[seat] for seat in range(len(won))),  # (forced)
        showed=tuple(seat in shown for seat in range(1, len(won) + 1)),
        winner=main_winners[0] if len(set(main_winners)) == 1 else 0,
        awards=tuple(awards),
    )


def _divided(pots: tuple[Pot, ...], strength_of: dict[int, int], low_of: dict[int, int]
             ) -> tuple[list[Award], tuple[int, ...]]:
    """The pots divided (each whole, or its high half then its low half), and the main pot's
    winners."""
    # The hands that win nothing are out (pokerkit kills them), and pots whose seats are then
    # the same are one: fewer odd chips.
    alive: set[int] = set()
    for pot in pots:
        alive.update(pot.seats if len(pot.seats) == 1 else _best(pot.seats, strength_of))
        low_seats = tuple(seat for seat in pot.seats if low_of.get(seat))
        if low_seats:
            alive.update(_best(low_seats, low_of))
    merged: list[Pot] = []
    for pot in pots:
        seats = tuple(seat for seat in pot.seats if seat in alive)
        if merged and merged[-1].seats == seats:
            merged[-1] = Pot(merged[-1].amount + pot.amount, seats)
        else:
            merged.append(Pot(pot.amount, seats))
    awards: list[Award] = []
    main_winners: tuple[int, ...] = ()
    for number, pot in enumerate(merged):
        high = _best(pot.seats, strength_of) if len(pot.seats) > 1 else pot.seats
        low_seats = tuple(seat for seat in pot.seats if low_of.get(seat))
        if low_seats and len(pot.seats) > 1:
            low_half = pot.amount // 2
            low = _best(low_seats, low_of)
            awards += [Award(pot.amount - low_half, high), Award(low_half, low, low=True)]
            high += low
        else:
            awards.append(Award(pot.amount, high))
        if not number:
            main_winners = high
    return awards, main_winners


def _by_seat(seats: tuple[int, ...], values: Sequence[int]) -> dict[int, int]:
    """Each seat's value, `values` holding one per seat, in order (checked by `award`)."""
    return {seats[index]: values[index] for index in range(len(seats))}


def _best(seats: tuple[int, ...], value_of: dict[int, int]) -> tuple[int, ...]:
    best = max(value_of[seat] for seat in seats)
    return tuple(seat for seat in seats if value_of[seat] == best)
