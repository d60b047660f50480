"""The graphs of a player's page: per money (never adding two), the cumulative net and the
all-in adjusted net (hands all in before the river counted at their equity, as `pokerdb
players` counts them: hand_equities.allin_net, written by `pokerdb equity`), over hands and over
time. A point per half hour of play of a dataset (storage.player_runs: the rows of that hour summed,
the all-in seats' adjusted net added), the first imported first over hands. Drawn here as SVG,
on the server: no script."""

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from itertools import accumulate
from typing import Final

from pokerdb.answers.player_figures import money_shown
from pokerdb.serve.page_html import text as escaped
from pokerdb.storage.player_runs import RunRow

POINTS: Final = 1000  # at most, per line
WIDTH, HEIGHT = 500, 250
LEFT, RIGHT, TOP, BOTTOM = 80, 20, 28, 34
NET_COLOUR, ADJUSTED_COLOUR = "#1f6feb", "#d4661f"


@dataclass
class Point:
    """The player's hands of known result of one money, dataset and half hour of play (or
    thousand deals without a time): their count, net and all-in adjusted net in
    ten-thousandths, first deal, and first and last second of play."""

    currency: str
    first_deal: int
    hands: int = 0
    net: int = 0
    adjusted: int = 0
    started: int | None = None
    ended: int | None = None


def points(rows: Iterable[RunRow],
           deltas: dict[tuple[str, int, int], int]) -> dict[str, list[Point]]:
    """The points of each money from the player's rows of player_runs and their all-in
    seats' adjusted net less their net (storage.player_runs.allin_deltas), in the order the
    hands were imported."""
    found: dict[tuple[str, int, int], Point] = {}
    for row in rows:
        if not row.known:
            continue
        key = (row.currency, row.dataset_id, row.bucket)
        point = found.get(key)
        if point is None:
            point = found[key] = Point(row.currency, row.first_deal,
                                       adjusted=deltas.get(key, 0))
        point.first_deal = min(point.first_deal, row.first_deal)
        point.hands += row.known
        point.net += row.net
        point.adjusted += row.net
        if row.started is not None and row.ended is not None:
            point.started = min(row.started, row.started if point.started is None
                                else point.started)
            point.ended = max(row.ended, row.ended if point.ended is None else point.ended)
    by_money: dict[str, list[Point]] = {}
    for point in sorted(found.values(), key=lambda point: point.first_deal):
        by_money.setdefault(point.currency, []).append(point)
    return by_money


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


def over_hands(money: str, drawn: Sequence[Point]) -> str:
    """Both cumulative nets after each point, from zero before the first."""
    total = sum(point.hands for point in drawn)
    counts = _running([point.hands for point in drawn])
    nets, adjusted = _running([point.net for point in drawn]), _running(
        [point.adjusted for point in drawn])
    kept = _kept(len(nets))
    return _svg(money, [counts[index] / max(1, total) for index in kept],
                [[nets[index] for index in kept], [adjusted[index] for index in kept]],
                ("0", f"{total:,} hand{'s' if total != 1 else ''}"), "over hands")


def _moment(second: int) -> datetime:
    return datetime.fromtimestamp(second, UTC)


def over_time(money: str, drawn: Sequence[Point]) -> str:
    """Both cumulative nets of the hands with a time of play, at each point's last time of
    play (UTC), from zero at the first's first."""
    timed = sorted((point for point in drawn if point.ended is not None),
                   key=lambda point: (point.ended, point.first_deal))
    if not timed:
        return "<p>No hand has a time of play.</p>"
    start = min(point.started or 0 for point in timed)
    times = [point.ended or 0 for point in timed]
    span = max(times[-1] - start, 1)
    nets, adjusted = _running([point.net for point in timed]), _running(
        [point.adjusted for point in timed])
    kept = _kept(len(nets))
    at = [start, *times]
    first, last = (f"{_moment(moment):%Y-%m-%d %H:%M}" for moment in (start, times[-1]))
    return _svg(money, [(at[index] - start) / span for index in kept],
                [[nets[index] for index in kept], [adjusted[index] for index in kept]],
                (first, f"{last} UTC"), "over time")


def graphs(money: str, drawn: Sequence[Point]) -> str:
    """The heading of one money's graphs (its totals) and the graphs."""
    net, adjusted = sum(point.net for point in drawn), sum(point.adjusted for point in drawn)
    hands = sum(point.hands for point in drawn)
    untimed = sum(point.hands for point in drawn if point.ended is None)
    note = (f"<p>{untimed:,} hand{'s' if untimed != 1 else ''} without a time of play "
            f"left out over time.</p>" if untimed and untimed < hands else "")
    return (f'<h3 class="money">{escaped(money or "(no money)")}: net '
            f'<span class="net">{escaped(money_shown(net, money))}</span>, all-in adjusted '
            f'<span class="adjusted">{escaped(money_shown(adjusted, money))}</span> over '
            f'{hands:,} hand{"s" if hands != 1 else ""}</h3><div class="graphs">'
            f"{over_hands(money, drawn)}{over_time(money, drawn)}</div>{note}")
