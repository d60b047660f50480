"""Checks that the hands the evaluate step read from hand_cards are a deal.

hand_cards may have been edited by hand into nonsense: a hand that is not cards in normal
form, or a deal holding a card twice. Its strength would be nonsense too, or, one hand of the
wrong width, shift every hand after it; evaluate refuses it and names the deal. Checked in a
few vectorised steps; the slow explanation (which deal, and why) is looked for only then.
"""

from collections.abc import Sequence
from itertools import groupby
from typing import Any

import numpy as np
import numpy.typing as npt
from sqlalchemy import Connection, Row, select

from pokerdb.errors import PokerdbError, quoted
from pokerdb.formats.deals.pe54 import parse_pe54_line
from pokerdb.rules.cards import HAND_WIDTH, normalise_card
from pokerdb.rules.evaluators import KEY_SLOTS, card_codes
from pokerdb.rules.games import FIVE_CARD, HOLDEM, PLAYER_BITS
from pokerdb.steps.evaluated_windows import CodeArray
from pokerdb.storage.schema import deals, hand_cards


def check_five_card_hands(connection: Connection, first: int, last: int,
                          keys: npt.NDArray[np.int64], texts: str,
                          order: npt.NDArray[np.int64] | slice) -> None:
    """Hands of five-card deals (keys in order, texts as read)."""
    count = len(keys)
    valid = len(texts) == count * HAND_WIDTH and texts.isascii()
    if valid and count:
        text = np.frombuffer(texts.encode("ascii"), dtype=np.uint8).reshape(count, HAND_WIDTH)
        codes = card_codes(text)[order]
        valid = bool(codes.all() and (text[:, 2::3] == ord(" ")).all()) and _distinct(
            keys >> PLAYER_BITS, codes)
    if not valid:
        raise _nonsense(connection, first, last)


def check_hands(connection: Connection, first: int, last: int, deal_ids: npt.NDArray[np.int64],
                text: CodeArray, hands: CodeArray, has_board: npt.NDArray[np.bool_],
                boards: CodeArray) -> None:
    """Hands of a window with boards, as read padded to HAND_WIDTH (`text`) and decoded
    (`hands`), in key order: five cards in a five-card deal; in a deal with a board, the
    player's hole cards, or none (not known)."""
    held = np.count_nonzero(hands, axis=1)
    pairs = text[:, [3 * card + byte for card in range(KEY_SLOTS) for byte in (0, 1)]]
    blank = (pairs.reshape(len(text), KEY_SLOTS, 2) == ord(" ")).all(axis=2)
    valid = bool(
        ((hands != 0) | blank).all() and (text[:, 2::3] == ord(" ")).all()
        and (np.diff((hands != 0).astype(np.int8), axis=1) <= 0).all()  # cards come first
        and (held == np.where(has_board, np.where(held, HOLDEM.hole_cards, 0),
                              FIVE_CARD.hole_cards)).all()
        and _distinct(deal_ids, np.concatenate([hands, boards], axis=1), boards))
    if not valid:
        raise _nonsense(connection, first, last)


def _distinct(deal_ids: npt.NDArray[np.int64], codes: CodeArray,
              shared: CodeArray | None = None) -> bool:
    """Whether no deal holds a card twice, given each hand's card codes (0: none) in deal
    order, and `shared` cards that each hand of a deal repeats (its board), counted once."""
    # One bit per card: a hand's bits add up to their union only if no card repeats, and so
    # do a deal's hands.
    bits = np.where(codes != 0, np.left_shift(np.uint64(1), codes.astype(np.uint64)),
                    np.uint64(0))
    masks = np.bitwise_or.reduce(bits, axis=1)
    if not (masks == bits.sum(axis=1)).all():
        return False
    starts = np.flatnonzero(np.r_[True, deal_ids[1:] != deal_ids[:-1]])
    if shared is not None:  # each hand but a deal's first counts its board again: take it off
        board_bits = np.where(shared != 0, np.left_shift(np.uint64(1), shared.astype(np.uint64)),
                              np.uint64(0)).sum(axis=1)
        masks = masks - board_bits
        masks[starts] += board_bits[starts]
    return bool((np.bitwise_or.reduceat(masks, starts) == np.add.reduceat(masks, starts)).all())


def _nonsense(connection: Connection, first: int, last: int) -> PokerdbError:
    """The first deal between first and last whose hands are not a deal, named."""
    rows = connection.execute(
        select(hand_cards.c.deal_id, hand_cards.c.player, hand_cards.c.cards, deals.c.board)
        .join(deals, deals.c.id == hand_cards.c.deal_id)
        .where(hand_cards.c.deal_id.between(first, last))
        .order_by(hand_cards.c.deal_id, hand_cards.c.player)).all()
    for deal_id, hands in groupby(rows, key=lambda row: row.deal_id):
        stored = list(hands)
        board = stored[0].board
        why = (_not_a_five_card_deal(stored) if board is None
               else _not_a_deal_with_board(board, stored))
        if why is not None:
            return _refused(deal_id, why)
    return PokerdbError(f"deals {first}-{last}: hand_cards changed while being read; "
                        f"run evaluate again")


def _not_a_five_card_deal(stored: Sequence[Row[Any, Any, Any, Any]]) -> str | None:
    """Why these hand_cards rows of a five-card deal are not a deal, or None."""
    for _, player, hand, _ in stored:
        parsed = parse_pe54_line(hand)
        if isinstance(parsed, str) or len(parsed) != 1 or parsed[0] != hand:
            why = parsed if isinstance(parsed, str) else "not five cards in normal form"
            return f"player {player}'s cards {quoted(hand)}: {why}"
    parsed = parse_pe54_line(" ".join(hand for _, _, hand, _ in stored))
    return parsed if isinstance(parsed, str) else None


def _not_a_deal_with_board(board: str, stored: Sequence[Row[Any, Any, Any, Any]]) -> str | None:
    """Why these hand_cards rows of a deal with this board are not a deal, or None; a hand not
    known (NULL) holds no card."""
    seen = set(board.split())
    for _, player, hand, _ in stored:
        cards = [normalise_card(token) for token in (hand or "").split()]
        if hand is not None and (len(cards) != HOLDEM.hole_cards
                                 or " ".join(map(str, cards)) != hand):
            return (f"player {player}'s cards {quoted(hand)}: not {HOLDEM.hole_cards} cards "
                    f"in normal form")
        repeated = seen.intersection(map(str, cards))
        if repeated:
            return f"card '{min(repeated)}' appears twice in the deal"
        seen.update(map(str, cards))
    return None


def _refused(deal_id: int, why: str) -> PokerdbError:
    return PokerdbError(f"deal {deal_id} is not a deal ({why}): evaluate stopped there; fix "
                        f"its rows in hand_cards, or remove its dataset (pokerdb delete)")

