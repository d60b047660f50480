"""The graphs of a player's page: per money (never adding two), the cumulative net and the
all-in adjusted net (hands all in before the river counted at their equity, as `pokerdb
players` counts them: hand_equities.allin_net, written by `pokerdb equity`), over hands and over
time. Drawn here as SVG, on the server: no script."""

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from itertools import accumulate
from typing import Final

from sqlalchemy import BigInteger, Engine, String, text

from pokerdb.answers.players import money_shown
from pokerdb.serve.page_html import text as escaped
from pokerdb.storage.column_types import UtcDateTime
from pokerdb.storage.engines import reading
from pokerdb.storage.hand_filters import HandFilter, where

POINTS: Final = 1000  # at most, per line
WIDTH, HEIGHT = 500, 250
LEFT, RIGHT, TOP, BOTTOM = 80, 20, 28, 34
NET_COLOUR, ADJUSTED_COLOUR = "#1f6feb", "#d4661f"


@dataclass(frozen=True)
class Hand:
    """One of the player's hands: its net and all-in adjusted net in ten-thousandths."""

    deal_id: int
    currency: str
    net: int
    adjusted: int
    played_at: datetime | None


def player_hands(engine: Engine, name: str, within: HandFilter | None) -> list[Hand]:
    """The player's hands of known result `within` selects, in the order they were
    imported. The adjusted net is the all-in net where the seat was all in before the river
    and its equity is known (storage.player_stats counts the same seats)."""
    conditions = ["s.name = :player", "s.net IS NOT NULL",  # a hand of known result
                  *(within.on_seats("s", "d") if within else [])]
    statement = text(
        f"SELECT s.deal_id, COALESCE(d.currency, '') AS currency, s.net,\n"
        f"       s.net + COALESCE(e.allin_net - s.net, 0) AS adjusted, d.played_at\n"
        f"FROM seat_stats s JOIN deals d ON d.id = s.deal_id\n"
        f"LEFT JOIN hand_equities e ON s.allin = 1 AND e.deal_id = s.deal_id "
        f"AND e.player = s.player{where(conditions)}\nORDER BY s.deal_id").columns(
            deal_id=BigInteger, currency=String, net=BigInteger, adjusted=BigInteger,
            played_at=UtcDateTime())
    with reading(engine) as connection:
        return [Hand(int(deal_id), money, int(net), int(adjusted), played_at)
                for deal_id, money, net, adjusted, played_at in connection.execute(
                    statement, {**(within.params() if within else {}), "player": name})]


def _running(values: Sequence[int]) -> list[int]:
    return list(accumulate(values, initial=0))


def _kept(count: int) -> list[int]:
    """The indexes of `count` points drawn: at most POINTS, evenly spaced, the last always."""
    step = max(1, -(-count // POINTS))
    kept = list(range(0, count, step))
    if kept[-1] != count - 1:
        kept.append(count - 1)
    return kept


def _svg(money: str, xs: list[float], lines: list[list[int]], labels: tuple[str, str],
         caption: str) -> str:
    """Two lines (net, adjusted) through the points (xs[i], lines[k][i]); xs from 0 to 1."""
    title = f"cumulative net in {money} {caption}"
    low, high = min(0, *lines[0], *lines[1]), max(0, *lines[0], *lines[1])
    inner_width, inner_height = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM

    def y(value: int) -> float:
        share = 0.5 if high == low else (high - value) / (high - low)
        return TOP + inner_height * share

    def x(share: float) -> float:
        return LEFT + inner_width * share

    # The lowest, zero and the highest, a label too close to zero's left out.
    ticks = "".join(
        f'<line x1="{LEFT - 4}" x2="{LEFT}" y1="{y(value):.1f}" y2="{y(value):.1f}" '
        f'stroke="#444"/><text x="{LEFT - 7}" y="{y(value) + 4:.1f}" text-anchor="end">'
        f'{escaped(money_shown(value, money))}</text>' for value in sorted({low, 0, high})
        if value == 0 or abs(y(value) - y(0)) >= 16)
    drawn = "".join(
        f'<polyline class="{kind}" fill="none" stroke="{colour}" stroke-width="2"'
        f'{dash} points="' + " ".join(f"{x(share):.1f},{y(value):.1f}" for share, value in
                                      zip(xs, values, strict=True)) + '"/>'
        for kind, colour, dash, values in (
            ("net-line", NET_COLOUR, "", lines[0]),
            ("adjusted-line", ADJUSTED_COLOUR, ' stroke-dasharray="6 4"', lines[1])))
    first, last = labels
    return (
        f'<svg class="graph" width="{WIDTH}" height="{HEIGHT}" font-size="12" '
        f'font-family="sans-serif" role="img" aria-label="{escaped(title)}">'
        f"<title>{escaped(title)}</title>"
        f'<line x1="{LEFT}" x2="{LEFT}" y1="{TOP}" y2="{HEIGHT - BOTTOM}" stroke="#444"/>'
        f'<line x1="{LEFT}" x2="{WIDTH - RIGHT}" y1="{HEIGHT - BOTTOM}" '
        f'y2="{HEIGHT - BOTTOM}" stroke="#444"/>'
        f'<line x1="{LEFT}" x2="{WIDTH - RIGHT}" y1="{y(0):.1f}" y2="{y(0):.1f}" '
        f'stroke="#bbb" stroke-dasharray="3 3"/>{ticks}'
        f'<text x="{LEFT}" y="{HEIGHT - 12}">{escaped(first)}</text>'
        f'<text x="{WIDTH - RIGHT}" y="{HEIGHT - 12}" text-anchor="end">{escaped(last)}</text>'
        f'<line x1="{LEFT + 10}" x2="{LEFT + 34}" y1="12" y2="12" stroke="{NET_COLOUR}" '
        f'stroke-width="2"/><text x="{LEFT + 40}" y="16">net</text>'
        f'<line x1="{LEFT + 80}" x2="{LEFT + 104}" y1="12" y2="12" stroke="{ADJUSTED_COLOUR}" '
        f'stroke-width="2" stroke-dasharray="6 4"/><text x="{LEFT + 110}" y="16">all-in '
        f'adjusted net</text><text x="{WIDTH - RIGHT}" y="16" text-anchor="end" '
        f'font-weight="bold">{escaped(caption)}</text>{drawn}</svg>')


def over_hands(money: str, hands: Sequence[Hand]) -> str:
    """Both cumulative nets after each hand, from zero before the first."""
    nets, adjusted = _running([hand.net for hand in hands]), _running(
        [hand.adjusted for hand in hands])
    kept = _kept(len(nets))
    return _svg(money, [index / max(1, len(hands)) for index in kept],
                [[nets[index] for index in kept], [adjusted[index] for index in kept]],
                ("0", f"{len(hands):,} hand{'s' if len(hands) != 1 else ''}"), "over hands")


def over_time(money: str, hands: Sequence[Hand]) -> str:
    """Both cumulative nets of the hands with a time of play, at their times (UTC)."""
    timed = sorted((hand for hand in hands if hand.played_at is not None),
                   key=lambda hand: (hand.played_at, hand.deal_id))
    if not timed:
        return "<p>No hand has a time of play.</p>"
    times = [hand.played_at.timestamp() for hand in timed if hand.played_at is not None]
    start, span = times[0], max(times[-1] - times[0], 1.0)
    nets, adjusted = _running([hand.net for hand in timed]), _running(
        [hand.adjusted for hand in timed])
    kept = _kept(len(nets))  # from zero, at the first hand's time
    at = [start, *times]
    first, last = (f"{moment:%Y-%m-%d %H:%M}" for moment in (
        timed[0].played_at, timed[-1].played_at))
    return _svg(money, [(at[index] - start) / span for index in kept],
                [[nets[index] for index in kept], [adjusted[index] for index in kept]],
                (first, f"{last} UTC"), "over time")


def graphs(money: str, hands: Sequence[Hand]) -> str:
    """The heading of one money's graphs (its totals) and the graphs."""
    net, adjusted = sum(hand.net for hand in hands), sum(hand.adjusted for hand in hands)
    untimed = sum(hand.played_at is None for hand in hands)
    note = (f"<p>{untimed:,} hand{'s' if untimed != 1 else ''} without a time of play "
            f"left out over time.</p>" if untimed and untimed < len(hands) else "")
    return (f'<h3 class="money">{escaped(money or "(no money)")}: net '
            f'<span class="net">{escaped(money_shown(net, money))}</span>, all-in adjusted '
            f'<span class="adjusted">{escaped(money_shown(adjusted, money))}</span> over '
            f'{len(hands):,} hand{"s" if len(hands) != 1 else ""}</h3><div class="graphs">'
            f"{over_hands(money, hands)}{over_time(money, hands)}</div>{note}")
