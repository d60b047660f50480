"""The PE54 reader reads a chunk of lines in normal form in one vectorised step, and any other
chunk line by line: both must give the same deals and rejections, line for line."""

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from pokerdb.formats.deals.pe54 import read_pe54
from pokerdb.formats.input import DealBatch, PlayerRule, Rejected
from pokerdb.rules.cards import DECK


def _deal(rng: random.Random, players: int) -> list[str]:
    return rng.sample(DECK, 5 * players)


def _line(kind: str, rng: random.Random) -> bytes:
    """One line of a deal file, in normal form or in one of the ways it can stray from it."""
    cards = _deal(rng, 2)
    text = {
        "normal": " ".join(cards),
        "lower": " ".join(cards).lower(),
        "tabs": "\t".join(cards),
        "double space": "  ".join(cards),
        "trailing space": " ".join(cards) + " ",
        "three players": " ".join(_deal(rng, 3)),
        "repeated card": " ".join([*cards[:9], cards[0]]),
        "bad rank": " ".join(["1C", *cards[1:]]),
        "bad suit": " ".join([*cards[:9], cards[9][0] + "X"]),
        "nine cards": " ".join(cards[:9]),
        "blank": "",
        "not utf-8": " ".join(cards[:9]) + " \xff",
    }[kind]
    ending = "\r\n" if kind == "normal" and rng.random() < 0.3 else "\n"
    return text.encode("latin-1" if kind == "not utf-8" else "ascii") + ending.encode()


KINDS = ["normal"] * 12 + ["lower", "tabs", "double space", "trailing space", "three players",
                           "repeated card", "bad rank", "bad suit", "nine cards", "blank",
                           "not utf-8"]


def _flat(lines: list[bytes], rule: PlayerRule, batch_lines: int) -> list[tuple[object, ...]]:
    """Every deal as (line, text) and every rejection as (line, raw, reason), in line order."""
    flat: list[tuple[object, ...]] = []
    for item in read_pe54(lines, rule, batch_lines):
        if isinstance(item, Rejected):
            flat.append((item.line_no, item.raw, item.reason))
        else:
            assert isinstance(item, DealBatch) and len(item) > 0
            flat.extend(zip(item.line_nos, item.texts, strict=True))
    return sorted(flat, key=lambda entry: entry[0])


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from(KINDS), min_size=1, max_size=60), st.integers(0, 2**32),
       st.sampled_from([PlayerRule(), PlayerRule.parse("any")]), st.booleans())
def test_chunk_size_never_changes_what_is_read(kinds: list[str], seed: int, rule: PlayerRule,
                                               last_line_ends: bool) -> None:
    rng = random.Random(seed)
    lines = [_line(kind, rng) for kind in kinds]
    if not last_line_ends:
        lines[-1] = lines[-1].rstrip(b"\r\n")
    line_by_line = _flat(lines, rule, batch_lines=len(lines))  # one chunk: read line by line
    for batch_lines in (1, 2, 3, 7):
        assert _flat(lines, rule, batch_lines) == line_by_line


def test_a_chunk_in_normal_form_is_one_batch_of_normalised_deals() -> None:
    rng = random.Random(54)
    deals = [" ".join(_deal(rng, 2)) for _ in range(7)]
    lines = [f"{deal}\r\n".encode() for deal in deals]
    items = list(read_pe54(lines, PlayerRule(), batch_lines=3))
    assert [(item.line_nos, item.texts) for item in items if isinstance(item, DealBatch)] == [
        ([1, 2, 3], deals[:3]), ([4, 5, 6], deals[3:6]), ([7], deals[6:])]
