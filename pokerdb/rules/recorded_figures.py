"""A hand history's own results (PHH's `finishing_stacks` and `winnings`, what each seat took
from the pots) checked against what pokerdb settles from its actions.

A file's figure that differs from the settlement is a contradiction, and the hand is invalid,
unless the difference is only where the odd units of split pots went: a file may give a pot's
remainder to other winners than pokerdb's rule does (pokerkit gives it all to the first). So
each seat may have taken, of each pot it split k ways, anything from the even share to the
share plus the remainder, and what one winner has more another has less: the odd units of a
pot go to its own winners, so no set of seats takes more than its even shares plus the odd
units of the pots it split.

A hand that pokerdb exported from a site's hand with rake (`_rake`, `_fees`: PhhHand.taken)
states what the site paid: each seat's winnings are then the settlement's less its share of
the rake and fees, which must add up to them, and the hand is stored as paid (as
rules.site_settlement stores the site's own file); its `_total_pot` must be what the players
put in.
"""

from collections.abc import Sequence
from dataclasses import replace
from itertools import combinations
from typing import cast

from pokerdb.rules.hand_record import PhhError, PhhHand, pays_the_pot
from pokerdb.rules.settlement import Replayed, Settlement
from pokerdb.rules.site_settlement import as_run, check_cash_outs, rake_shares


def check_recorded(replayed: Replayed, settlement: Settlement,
                   strengths: list[int] | None = None) -> Settlement:
    """The settlement of the hand as its file's figures have it paid; PhhError naming the
    seat and both figures when the file's finishing stacks or winnings contradict the
    settlement of its actions. A site's hand that pokerdb exported is settled as it was run
    (site_settlement.as_run: its `_cash_drop`, `_second_board`, `_third_board`), given its
    seats' `strengths` on the first board."""
    hand = replayed.hand
    site = hand.site
    if site is not None and strengths is not None:
        replayed, won, _, _ = as_run(replayed, settlement, strengths)
        settlement = replace(settlement, won=won, net=tuple(
            gain - put for gain, put in zip(won, replayed.put_in, strict=True)))
    if site is not None and site.total_pot != sum(replayed.put_in) + site.cash_drop:
        dropped = f" and a Cash Drop of {hand.amount(site.cash_drop)}" if site.cash_drop else ""
        raise PhhError(hand.source, f"its _total_pot is {hand.amount(site.total_pot)}, "
                                    f"the players put in {hand.amount(sum(replayed.put_in))}"
                                    f"{dropped}")
    if hand.taken or (hand.site is not None and any(hand.site.cashed_out)):
        return _as_paid(replayed, settlement)
    if replayed.undecided:
        return _by_winnings(replayed, settlement)
    accounting = hand.accounting
    if accounting.raked or accounting.returned != "net":
        return _reconciled(replayed, settlement)
    # A file's figures that are the settlement's own agree with it: only others are compared.
    if hand.winnings is not None and hand.winnings != settlement.won:
        _compare(replayed, "winnings", hand.winnings, settlement.won, settlement,
                 _won_bounds(settlement, hand.player_count))
    if hand.finishing_stacks is not None:
        stacks, nets = hand.starting_stacks, settlement.net  # by seat: see settlement.forced
        settled = [None if (start := stacks[seat]) is None else start + nets[seat]
                   for seat in range(len(stacks))]
        if list(hand.finishing_stacks) != settled:
            _compare(replayed, "finishing stack", hand.finishing_stacks, settled, settlement,
                     _won_bounds(settlement, hand.player_count))
    return settlement


def _as_paid(replayed: Replayed, settlement: Settlement) -> Settlement:
    """The settlement of a hand whose pots paid `taken` besides the players, as its winnings
    (or finishing stacks) say it was paid: each seat took at most what it won, the rest its
    share of the rake and fees, which add up to `taken`."""
    hand = replayed.hand
    paid = _paid(replayed)
    if paid is None:
        raise PhhError(hand.source, f"its rake and fees of {hand.amount(hand.taken)} need "
                                    f"its winnings or finishing stacks, which say who paid "
                                    f"them")
    raked = [won - got for won, got in zip(settlement.won, paid, strict=True)]
    for seat, share in enumerate(raked):
        if share < 0:
            player = f"p{seat + 1}" + (f" ({hand.players[seat]})" if hand.players else "")
            raise PhhError(hand.source, f"{player}'s winnings are {hand.amount(paid[seat])} "
                                        f"by the file, more than the "
                                        f"{hand.amount(settlement.won[seat])} it won by its "
                                        f"actions")
    cashed_out = (0,) * hand.player_count if hand.site is None else hand.site.cashed_out
    if hand.site is not None and any(cashed_out) and not pays_the_pot(hand.site):
        check_cash_outs(replayed, paid)
        _check_cash_outs(replayed, settlement, paid, sum(raked))
        raked = list(rake_shares(hand.site, settlement.won, paid))
    elif sum(raked) != hand.taken:
        raise PhhError(hand.source, f"its winnings are {hand.amount(sum(raked))} less than "
                                    f"its actions award, not its rake and fees of "
                                    f"{hand.amount(hand.taken)}")
    paid = tuple(got + out for got, out in zip(paid, cashed_out, strict=True))
    return _paid_as(settlement, paid, tuple(raked), replayed.put_in)


def _check_cash_outs(replayed: Replayed, settlement: Settlement, paid: tuple[int, ...],
                     taken: int) -> None:
    """A site's hand with cash-outs (`_cashed_out`): of what the seats won and were not paid
    (`taken`), the pots paid the rake and some of the fees (the rest were cash-out fees, not
    from the pots), and the site kept at most the pots of the seats it paid for cashing out."""
    hand = replayed.hand
    site = hand.site
    assert site is not None
    kept = sum(won for won, got, out in zip(settlement.won, paid, site.cashed_out, strict=True)
               if out and not got)
    if not (site.rake <= taken and taken - kept <= site.rake + site.fees):
        raise PhhError(hand.source, f"its winnings are {hand.amount(taken)} less than its "
                                    f"actions award, with cash-outs' pots of "
                                    f"{hand.amount(kept)}: not its rake of "
                                    f"{hand.amount(site.rake)} and some of its fees of "
                                    f"{hand.amount(site.fees)}")


def _reconciled(replayed: Replayed, settlement: Settlement) -> Settlement:
    """The settlement of a hand whose venue's winnings count otherwise than PHH's (its
    Accounting): paid as they say, each seat's shortfall its share of the rake where the
    venue's winnings are after it."""
    hand = replayed.hand
    paid = _paid(replayed, settlement.won)
    if paid is None:
        return settlement
    won = settlement.won
    raked = tuple([won[seat] - paid[seat] for seat in range(len(paid))])  # as _paid_as
    if not hand.accounting.raked:
        if any(raked):
            _compare(replayed, "winnings", paid, settlement.won, settlement,
                     _won_bounds(settlement, hand.player_count))
        return settlement
    for seat, share in enumerate(raked):
        if share < 0:
            raise PhhError(hand.source, f"{_player(hand, seat)}'s winnings are "
                                        f"{hand.amount(paid[seat])} by the file, more than "
                                        f"the {hand.amount(settlement.won[seat])} it won by "
                                        f"its actions")
    _check_rake(replayed, sum(raked))
    return _paid_as(settlement, paid, raked, replayed.put_in)


def _paid_as(settlement: Settlement, paid: tuple[int, ...], raked: tuple[int, ...],
             put_in: tuple[int, ...]) -> Settlement:
    """The settlement as the file paid it: `paid` won, `raked` kept. Made directly, and its
    nets by seat (compiled, dataclasses.replace and zip(..., strict=True) go through
    Python)."""
    if len(paid) != len(put_in):
        raise ValueError("a seat's figures are missing")
    return Settlement(paid, tuple([paid[seat] - put_in[seat] for seat in range(len(paid))]),
                      settlement.showed, settlement.winner, settlement.awards, raked,
                      settlement.unknown)


def _by_winnings(replayed: Replayed, settlement: Settlement) -> Settlement:
    """The settlement of a hand whose showdown shows cards the file does not know: as its
    winnings say (the actions cannot), or, where nothing says who won, with the result of
    the seats at the showdown unknown (`Settlement.unknown`: never guessed); PhhError where
    the winnings pay a seat out of the hand or more than the pot."""
    hand = replayed.hand
    seats = " and ".join(f"p{seat}" for seat in replayed.undecided)
    paid = _paid(replayed, None)
    if paid is None:
        # Who folded lost what it put in; who reached the showdown won an unknown share.
        unknown = replayed.showdown
        folded = [seat + 1 not in unknown for seat in range(hand.player_count)]
        return replace(settlement, won=(0,) * hand.player_count, net=tuple(
            -put if out else 0 for put, out in zip(replayed.put_in, folded, strict=True)),
            winner=0, awards=(), raked=None, unknown=unknown)
    pot = sum(replayed.put_in)
    eligible = {seat for each in replayed.pots for seat in each.seats}
    stray = next((seat for seat in range(hand.player_count)
                  if paid[seat] and seat + 1 not in eligible), None)
    if stray is not None:
        raise PhhError(hand.source, f"{_player(hand, stray)}'s winnings are "
                                    f"{hand.amount(paid[stray])} by the file, but it is out "
                                    f"of the pots")
    rake = pot - sum(paid)
    if rake < 0 or (rake and not hand.accounting.raked):
        raise PhhError(hand.source, f"its winnings add up to {hand.amount(sum(paid))}, the "
                                    f"pot is {hand.amount(pot)}")
    _check_rake(replayed, rake)
    winners = [seat for seat in range(hand.player_count) if paid[seat]]
    if rake and len(winners) > 1:
        raise PhhError(hand.source, f"who paid its rake of {hand.amount(rake)} is unknown: "
                                    f"{seats} show cards the file does not know (????), and "
                                    f"{len(winners)} seats share the pot")
    raked = tuple(rake if [seat] == winners else 0 for seat in range(hand.player_count))
    return replace(settlement, won=paid, raked=raked if hand.accounting.raked else None,
                   net=tuple(got - put for got, put in zip(paid, replayed.put_in, strict=True)),
                   winner=winners[0] + 1 if len(winners) == 1 else 0, awards=())


def _check_rake(replayed: Replayed, rake: int) -> None:
    """PhhError when the rake that the file's figures leave is more than its venue takes."""
    hand = replayed.hand
    pot = sum(replayed.put_in)
    accounting = hand.accounting
    percent = accounting.rake_percent
    fee = -(-accounting.fee_cents * 10 ** hand.exponent // 100)  # in units, rounded up
    if rake * 100 > pot * percent + 99 + fee * 100:  # the share rounded up to the hand's unit
        fees = f" and a fee of {hand.amount(fee)}" if fee else ""
        raise PhhError(hand.source, f"its winnings are {hand.amount(rake)} less than its "
                                    f"actions award: more than a rake of {percent}% of its "
                                    f"pot of {hand.amount(pot)}{fees}")


def _player(hand: PhhHand, seat: int) -> str:
    """A seat (0-based) as messages name it: p1 (name)."""
    return f"p{seat + 1}" + (f" ({hand.players[seat]})" if hand.players else "")


def _winnings(replayed: Replayed, won: tuple[int, ...] | None) -> tuple[int, ...] | None:
    """The file's winnings net of the uncalled bets returned, as its venue counts them
    (Accounting.returned; "either": a seat's figure counts its returned bet where it is more
    than the seat won, or, `won` unknown, where the figures add up to more than the pot)."""
    hand = replayed.hand
    winnings, returned = hand.winnings, replayed.returned
    counted = hand.accounting.returned
    if winnings is None or counted == "net" or not any(returned):
        return winnings
    if counted == "gross":
        return tuple(got - back for got, back in zip(winnings, returned, strict=True))
    if won is None:
        gross = sum(winnings) > sum(replayed.put_in)
        return tuple(got - back if gross else got
                     for got, back in zip(winnings, returned, strict=True))
    return tuple(got - back if got > mine and got >= back else got
                 for got, back, mine in zip(winnings, returned, won, strict=True))


def _paid(replayed: Replayed, won: tuple[int, ...] | None = None) -> tuple[int, ...] | None:
    """What the file says each seat took from the pots: its winnings (net of uncalled bets
    returned: `_winnings`), else what its finishing stacks leave (a finishing stack less the
    starting stack, plus what it put in); PhhError where the two disagree."""
    hand = replayed.hand
    winnings = _winnings(replayed, won)
    by_stacks = None
    if hand.finishing_stacks is not None and None not in hand.starting_stacks:
        by_stacks = tuple(end - start + put for end, start, put in zip(
            hand.finishing_stacks, cast("tuple[int, ...]", hand.starting_stacks),
            replayed.put_in, strict=True))
    if winnings is not None and by_stacks is not None and winnings != by_stacks:
        if _dead_blinds_counted(hand, winnings, by_stacks):
            return by_stacks
        seat = next(seat for seat, (got, left) in enumerate(zip(winnings, by_stacks,
                                                                strict=True)) if got != left)
        raise PhhError(hand.source, f"p{seat + 1}'s winnings are "
                                    f"{hand.amount(winnings[seat])}, its finishing stack "
                                    f"leaves {hand.amount(by_stacks[seat])}")
    return winnings if winnings is not None else by_stacks


def _dead_blinds_counted(hand: PhhHand, winnings: tuple[int, ...],
                        by_stacks: tuple[int, ...]) -> bool:
    """Whether the winnings differ from what the finishing stacks leave only by blinds posted
    at seats other than the small and big blind's (out of turn: PHH writes them negative),
    each counted by the winnings as if dead, a blind the seat's bet does not include (Ongame
    Network's): the finishing stacks then say what each seat was paid, as the actions do
    (pokerdb posts such a blind live, as pokerkit does: the nets are the same)."""
    blinds = hand.blinds_or_straddles
    if blinds is None or hand.player_count < 3:
        return False
    return all(got == left or (seat >= 2 and got - left == blinds[seat])
               for seat, (got, left) in enumerate(zip(winnings, by_stacks, strict=True)))


def _won_bounds(settlement: Settlement, players: int) -> list[tuple[int, int]]:
    """Per seat (0-based), the least and the most it can have won of the pots as they were
    divided, the odd units of each split pot going to any of its winners."""
    least, most = [0] * players, [0] * players
    for award in settlement.awards:
        share, left = divmod(award.amount, len(award.seats))
        for seat in award.seats:
            least[seat - 1] += share
            most[seat - 1] += share + (left if len(award.seats) > 1 else 0)
    return list(zip(least, most, strict=True))


def _compare(replayed: Replayed, name: str, recorded: Sequence[int],
             settled: Sequence[int | None], settlement: Settlement,
             bounds: list[tuple[int, int]]) -> None:
    hand = replayed.hand
    known = [(seat, file_figure, ours) for seat, (file_figure, ours)
             in enumerate(zip(recorded, settled, strict=True)) if ours is not None]
    outside = [(seat, file_figure, ours) for seat, file_figure, ours in known
               if not bounds[seat][0] <= settlement.won[seat] + file_figure - ours
               <= bounds[seat][1]]
    balanced = len(known) < len(settled) or sum(
        file_figure - ours for _, file_figure, ours in known) == 0
    if outside or not balanced:
        seat, file_figure, ours = next(iter(outside), None) or next(
            figures for figures in known if figures[1] != figures[2])
        player = f"p{seat + 1}" + (f" ({hand.players[seat]})" if hand.players else "")
        raise PhhError(hand.source, f"{player}'s {name} is {hand.amount(file_figure)} in the "
                                    f"file, {hand.amount(ours)} by its actions")
    _check_odd_units(replayed, name, {seat: settlement.won[seat] + file_figure - ours
                                      for seat, file_figure, ours in known}, settlement, bounds)


def _check_odd_units(replayed: Replayed, name: str, won: dict[int, int],
                     settlement: Settlement, bounds: list[tuple[int, int]]) -> None:
    """PhhError when some seats (0-based) took more odd units than the pots they split had.
    Hall's condition, by sets of pots: the seats whose odd units can only come from a set of
    split pots take at most those pots' odd units."""
    above = {seat: figure - bounds[seat][0] for seat, figure in won.items()
             if figure > bounds[seat][0]}
    odd = [(award.amount % len(award.seats), {seat - 1 for seat in award.seats})
           for award in settlement.awards
           if len(award.seats) > 1 and award.amount % len(award.seats)]
    if len(above) < 2 or len(odd) < 2:
        return
    for size in range(1, len(odd)):
        for chosen in combinations(range(len(odd)), size):
            outside = set().union(*(odd[index][1] for index in range(len(odd))
                                    if index not in chosen))
            seats = [seat for seat in above if seat not in outside]
            left = sum(odd[index][0] for index in chosen)
            if sum(above[seat] for seat in seats) > left:
                least = sum(bounds[seat][0] for seat in seats)
                names = " and ".join(f"p{seat + 1}" for seat in seats)
                figures = "winnings" if name == "winnings" else "finishing stacks"
                raise PhhError(replayed.hand.source, f"{names} win "
                               f"{replayed.hand.amount(sum(won[seat] for seat in seats))} by "
                               f"the file's {figures}, at most "
                               f"{replayed.hand.amount(least + left)} by its actions")
