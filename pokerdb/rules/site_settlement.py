"""A site's hand settled by pokerdb and held against what the site's file says was paid.

pokerdb replays the hand and awards its pots (pokerdb.rules.settlement, the batch's strengths of
pokerdb.rules.hand_batches); a hand run twice or three times has each pot divided among its
runs (the odd units to the first) and each part awarded on its own board; money the site put
in no player's name (a Cash Drop) is in the main pot. The file's own amounts (`SiteFacts`) must
then agree with it:

- what each player put in, by the file's lines (uncalled bets returned), is what the replay
  has them put in (or more, by an uncalled bet the file does not say was returned, as some
  files leave unsaid), and the summary's total pot is what the replay has them put in (and
  the Cash Drop);
- the pot is what was collected plus the rake and the fees (a cash-out's fee is the
  player's, not the pot's), and the part of it pokerdb awards a player who cashed out the hand:
  PokerStars keeps that pot (`pot not awarded as player cashed out`) and paid the cash-out;
  GGPoker pays the pot as usual and moves the cash-out beside it (rules.outside_pot);
- each player collected at most what pokerdb awards them: the difference is their share of
  the rake and fees (`Settlement.raked`), so a pot paid to the wrong player cannot pass;
- the site's words for a shown hand name the hand pokerdb evaluates it to (`two pair, Aces and
  Kings`: two pairs; a low's ranks, a badugi's cards: pokerdb.rules.site_words), on each
  board.

A hand that passes is stored as paid: `won` is what each player collected (plus a cash-out),
`net` that less what they put in, so the nets of a hand sum to minus its rake and fees; in a
hand cashed out, to minus its rake and the pot's fees, plus what the site paid for cash-outs,
less the pot it kept; at GGPoker, to minus its rake and fees, plus the Cash Drop and what the
site paid beside the pot less what it was paid there (`cashed_out`, signed).
"""

from dataclasses import replace
from typing import Final

import numpy as np

from pokerdb.rules.evaluators import EVALUATORS, Category, card_codes
from pokerdb.rules.hand_record import (
    NAMES_A_RUN_BY_ITS_OWN_CARDS,
    PhhHand,
    SiteFacts,
    pays_the_pot,
)
from pokerdb.rules.outside_pot import check_outside_pot, player_name, with_cash_drop
from pokerdb.rules.settlement import Pot, Replayed, Settlement, award
from pokerdb.rules.site_words import category_named, low_words_differ
from pokerdb.rules.variants import HandKind

CATEGORY_SHIFT: Final = 20  # a strength packs its category above five 4-bit ranks


def settle_as_paid(replayed: Replayed, settlement: Settlement,
                   strengths: list[int]) -> Settlement:
    """The settlement of a site's hand as the site paid it, once checked against the file
    (PhhError naming what disagrees). `strengths` holds, per seat, the strength of its hand on
    the first board (0: none)."""
    hand = replayed.hand
    site = hand.site
    assert site is not None
    replayed, won_each, first, on_boards = as_run(replayed, settlement, strengths)
    boards = (replayed.board or "", site.second_board or "", site.third_board or "")
    own_cards = site.site.startswith(NAMES_A_RUN_BY_ITS_OWN_CARDS)
    for run, on_board in enumerate(on_boards):
        if not run or not own_cards or boards[run][:8] != boards[0][:8]:  # a flop of its own
            _check_words(hand, site, replayed, on_board, run)
    if pays_the_pot(site):
        check_outside_pot(replayed, won_each)
    else:
        check_cash_outs(replayed, site.collected)
    _check_amounts(hand, site, replayed, won_each)
    paid = tuple(collected + out for collected, out in
                 zip(site.collected, site.cashed_out, strict=True))
    return Settlement(
        won=paid, net=tuple(gain - put for gain, put in zip(paid, replayed.put_in, strict=True)),
        showed=settlement.showed, winner=settlement.winner, awards=first.awards,
        raked=rake_shares(site, won_each, site.collected))


def as_run(replayed: Replayed, settlement: Settlement, strengths: list[int]
           ) -> tuple[Replayed, tuple[int, ...], Settlement, list[list[int]]]:
    """A site's hand as it was run: its Cash Drop in the main pot, and each pot divided among
    the boards it was run on; what each seat wins, the first run's settlement, and per run
    the strengths on its board. `settlement` and `strengths` (per seat) are the batch's, on
    the first board without the drop."""
    site = replayed.hand.site
    assert site is not None
    replayed = replace(replayed, pots=with_cash_drop(replayed.pots, site.cash_drop))
    boards = [replayed.board, *(board for board in (site.second_board, site.third_board)
                                if board is not None)] if replayed.showdown else []
    if len(boards) < 2 and not site.cash_drop:
        return replayed, settlement.won, settlement, [strengths]
    won = [0] * replayed.hand.player_count
    first = settlement
    on_boards: list[list[int]] = []
    for run, board in enumerate(boards or [replayed.board]):
        on_board = strengths if not run else _strengths_on(replayed, board or "",
                                                           replayed.variant.high)
        part = _awarded_on(replayed, run, max(len(boards), 1), on_board, board)
        first = part if not run else first
        won = [total + gain for total, gain in zip(won, part.won, strict=True)]
        on_boards.append(on_board)
    return replayed, tuple(won), first, on_boards


def _awarded_on(replayed: Replayed, run: int, runs: int, strengths: list[int],
                board: str | None) -> Settlement:
    """Run `run` of `runs` awarded on its board: each pot's share (the odd units to the
    first runs) to the best hands there (`strengths`, per seat)."""
    pots = tuple(Pot(pot.amount // runs + (run < pot.amount % runs), pot.seats)
                 for pot in replayed.pots)
    showdown = replayed.showdown
    lows = (_lows_on(replayed, board) if showdown else
            [] if replayed.variant.low is not None else None)
    return award(replace(replayed, pots=pots), [strengths[seat - 1] for seat in showdown], lows)


def rake_shares(site: SiteFacts, won: tuple[int, ...],
                collected: tuple[int, ...]) -> tuple[int, ...]:
    """Each seat's share of the hand's rake and fees, which add up to them: a seat that did not
    cash out paid what pokerdb awards it less what it collected; the seats that cashed out
    paid the rest of the pot's rake and fees (of the pots they won, which the site kept) and
    the fees of their cash-outs, shared by what pokerdb awards them (the odd unit to the
    first), where several did. At a site that pays the pot as usual (GGPoker) every seat paid
    what pokerdb awards it less what it collected."""
    kept = not pays_the_pot(site)  # the site keeps the pots of those who cashed out
    shares = [0 if out and kept else gain - got for gain, got, out
              in zip(won, collected, site.cashed_out, strict=True)]
    leavers = [seat for seat, out in enumerate(site.cashed_out) if out and kept]
    if not leavers:
        return tuple(shares)
    rest = site.rake + site.fees - sum(shares)
    awarded = sum(won[seat] for seat in leavers)
    given = 0
    for seat in leavers:
        part = rest * won[seat] // awarded if awarded else rest // len(leavers)
        shares[seat] = part
        given += part
    shares[leavers[0]] += rest - given
    return tuple(shares)


def check_cash_outs(replayed: Replayed, collected: tuple[int, ...]) -> None:
    """A cash-out (a site's hand's, SiteFacts.cashed_out) is only by a player still in when
    the betting closed for good with the players all in before the river, who collected
    nothing of the pot cashed out of (`collected`, per seat), for at most the pots that player
    may win."""
    hand = replayed.hand
    site = hand.site
    assert site is not None
    amount = hand.amount
    all_in = () if replayed.all_in is None else replayed.all_in.seats
    for seat, out in enumerate(site.cashed_out):
        if not out:
            continue
        name = player_name(hand, seat)
        if seat + 1 not in replayed.showdown:
            raise hand.error(f"{name} cashed out the hand for {amount(out)} but is not in "
                             f"at the showdown")
        if seat + 1 not in all_in:
            raise hand.error(f"{name} cashed out the hand for {amount(out)}, a hand not all "
                             f"in before the river")
        if collected[seat]:
            raise hand.error(f"{name} cashed out the hand for {amount(out)} and collected "
                             f"{amount(collected[seat])} from the same pot")
        contested = sum(pot.amount for pot in replayed.pots if seat + 1 in pot.seats)
        if out > contested:
            raise hand.error(f"{name} cashed out the hand for {amount(out)}, more than the "
                             f"{amount(contested)} of the pots it may win")


def _lows_on(replayed: Replayed, board: str | None) -> list[int] | None:
    """A split game's low strengths on `board` of the seats at the showdown, in order (0: no
    qualifying low); None for a game without a low."""
    low = replayed.variant.low
    if low is None or board is None:
        return None
    lows = _strengths_on(replayed, board, low)
    return [lows[seat - 1] for seat in replayed.showdown]


def _strengths_on(replayed: Replayed, board: str, evaluator: str) -> list[int]:
    """Per seat, the strength of its known hand on `board` by `evaluator` (0: none)."""
    seats = [seat for seat, hole in enumerate(replayed.hole_cards) if hole is not None]
    result = [0] * len(replayed.hole_cards)
    if not seats:
        return result
    holes = "".join(f"{replayed.hole_cards[seat]} " for seat in seats)
    hole = card_codes(np.frombuffer(holes.encode("ascii"), dtype=np.uint8).reshape(
        len(seats), -1))
    board_codes = card_codes(np.frombuffer(f"{board} ".encode("ascii"), dtype=np.uint8)
                             .reshape(1, -1))
    evaluate = EVALUATORS[evaluator].strengths
    values = evaluate(hole, np.repeat(board_codes, len(seats), axis=0))
    for seat, value in zip(seats, values.tolist(), strict=True):
        result[seat] = value
    return result


def _check_amounts(hand: PhhHand, site: SiteFacts, replayed: Replayed,
                   won: tuple[int, ...]) -> None:
    amount = hand.amount
    for seat, (by_replay, by_lines, returned) in enumerate(zip(
            replayed.put_in, site.put_in, site.returned, strict=True)):
        if by_replay != by_lines and (returned or by_lines < by_replay):
            raise hand.error(f"{player_name(hand, seat)} puts in {amount(by_lines)} by the file's "
                             f"lines, {amount(by_replay)} by the rules of the game")
    put_in = sum(replayed.put_in) + site.cash_drop
    if site.total_pot != put_in:
        dropped = f" and a Cash Drop of {amount(site.cash_drop)}" if site.cash_drop else ""
        raise hand.error(f"the summary's total pot is {amount(site.total_pot)}, the players "
                         f"put in {amount(put_in - site.cash_drop)}{dropped}")
    fees = site.rake + site.fees - site.cash_out_fees  # what the pot paid besides the players
    paid = sum(site.collected) + fees
    kept = 0 if pays_the_pot(site) else sum(gain for gain, collected, out in zip(
        won, site.collected, site.cashed_out, strict=True) if out and not collected)
    if not 0 <= put_in - paid <= kept:
        raise hand.error(f"the players collected {amount(sum(site.collected))} of a pot of "
                         f"{amount(put_in)} with rake and fees of {amount(fees)}: "
                         f"{amount(put_in - paid)} unaccounted for")
    for seat, (gain, collected) in enumerate(zip(won, site.collected, strict=True)):
        if collected > gain:
            raise hand.error(f"{player_name(hand, seat)} collected {amount(collected)} where "
                             f"pokerdb's settlement awards {amount(gain)}")


def _check_words(hand: PhhHand, site: SiteFacts, replayed: Replayed, strengths: list[int],
                 run: int) -> None:
    """The site's words for each hand shown on the board of `run` (0, 1, 2) against its
    strength there."""
    if not replayed.showdown:
        return
    for seat in replayed.showdown:
        words = site.words[seat - 1]
        strength = strengths[seat - 1]
        if len(words) <= run or not strength:
            continue
        kind = replayed.variant.high
        if kind in (HandKind.DEUCE_TO_SEVEN_LOW, HandKind.BADUGI):
            found_words = low_words_differ(kind, words[run], strength)
            if found_words is not None:
                raise hand.error(f"{player_name(hand, seat - 1)} shows "
                                 f"{replayed.hole_cards[seat - 1]}: the file says "
                                 f"{words[run]!r}, pokerdb evaluates {found_words}")
            continue
        named = category_named(words[run])
        found = Category(strength >> CATEGORY_SHIFT)
        if named is not None and named != found:
            raise hand.error(f"{player_name(hand, seat - 1)} shows "
                             f"{replayed.hole_cards[seat - 1]}: the file says {words[run]!r}, "
                             f"pokerdb evaluates {found.label.lower()}")
