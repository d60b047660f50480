"""`pokerdb report`: one self-contained HTML page of a dataset's results.

Charts are drawn by matplotlib as SVG and embedded inline, so the file needs no network, no
scripts and no files beside it. Figures are made without pyplot: no global state, no GUI.
"""

import html
import io
import math
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Final

from sqlalchemy import Engine

from pokerdb import __version__
from pokerdb.answers import results, stats
from pokerdb.answers.recorded_odds import recorded_games
from pokerdb.answers.rendering import Table
from pokerdb.errors import PokerdbError
from pokerdb.rules.cards import CARDS_PER_HAND, RANK_NAME
from pokerdb.rules.games import Game
from pokerdb.rules.variants import low_kind

try:
    import matplotlib
    from matplotlib.colors import LogNorm
    from matplotlib.figure import Figure
except ModuleNotFoundError as exc:
    raise PokerdbError("pokerdb report draws charts with matplotlib: "
                       "pip install 'pokerdb[report]'") from exc

STYLE: Final = """
body { font-family: system-ui, sans-serif; max-width: 60rem; margin: 2rem auto; padding: 0 1rem;
       color: #222; }
h1 { font-size: 1.6rem; } h2 { font-size: 1.25rem; margin-top: 2.5rem; }
table { border-collapse: collapse; margin: 0.5rem 0 1rem; }
th, td { border: 1px solid #ccc; padding: 0.25rem 0.6rem; text-align: left; }
th { background: #f2f2f2; } td.number { text-align: right; font-variant-numeric: tabular-nums; }
figure { margin: 1rem 0; } figure svg { max-width: 100%; height: auto; }
figcaption, footer { color: #555; font-size: 0.9rem; }
"""


@dataclass(frozen=True)
class WrittenReport:
    size: int  # bytes
    unevaluated: int  # deals not evaluated yet, which the report leaves out (results.Answer)


def write_report(engine: Engine, dataset: str | None, path: str | Path) -> WrittenReport:
    """Write the report to `path`."""
    page = build_report(engine, dataset).encode("utf-8")
    try:
        Path(path).write_bytes(page)
    except OSError as exc:
        raise PokerdbError(f"cannot write {path}: {exc.strerror}") from None
    return WrittenReport(len(page), results.unevaluated_deals(engine, dataset))


def build_report(engine: Engine, dataset: str | None = None) -> str:
    """The report page: win counts, categories against random dealing and the player-1 by
    player-2 category matrix (for each game the datasets hold: each has its own odds), and
    where the data came from; the hands shown in recorded hands of other games than Hold'em,
    each game's against its own odds (answers.recorded_odds), or said not tested. Hands without
    a showdown (a board short of the river, a hand won by folds) have no category: the page
    says so where there are none."""
    win_counts = results.wins(engine, dataset)
    games = stats.selected_games(engine, dataset)
    counts = {game.name: stats.category_counts(engine, dataset, game.name) for game in games}
    if not any(map(sum, counts.values())) and results.unevaluated_deals(engine, dataset):
        raise PokerdbError("no evaluated hands to report on (run: pokerdb evaluate)")
    title = f"pokerdb report: {dataset or 'all datasets'}"
    recorded = recorded_games(engine, dataset)
    sections = [_section("wins", "Wins", _html_table(_wins_table(win_counts)))]
    for game in games:
        of_game = "" if len(games) == 1 and not recorded.tested else f": {game.label}"
        anchor = "" if len(games) == 1 else f"-{game.name}"
        if not sum(counts[game.name]):
            if recorded.tested or recorded.untested:
                continue  # hand histories of other games alone: below
            why = _no_categories(engine, dataset, of_game and game.label)
            sections.append(_section(f"categories{anchor}", f"Hand categories{of_game}", why))
            continue
        sections += _game_sections(engine, dataset, game, counts[game.name], of_game, anchor)
        sections.append(_section(
            f"matrix{anchor}", f"Player 1's category against player 2's{of_game}",
            _matrix_body(results.category_matrix(engine, dataset, game.name))))
    for game in recorded.tested:
        sections += _game_sections(
            engine, dataset, game, stats.category_counts(engine, dataset, game.name,
                                                         recorded=True),
            f": recorded {game.label} hands", f"-recorded-{game.name}", recorded=True)
    if recorded.untested:
        sections.append(_section("untested", "Not tested", _paragraph(f"{recorded.untested}.")))
    sections.append(_section("provenance", "Provenance",
                             _html_table(_provenance(engine, dataset))))
    generated = datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC")
    return (f'<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
            f"<title>{html.escape(title)}</title>\n<style>{STYLE}</style>\n</head>\n<body>\n"
            f"<h1>{html.escape(title)}</h1>\n{''.join(sections)}"
            f"<footer>Generated by pokerdb {__version__} on {generated}.</footer>\n"
            f"</body>\n</html>\n")


def _game_sections(engine: Engine, dataset: str | None, game: Game, counts: Sequence[int],
                   of_game: str, anchor: str, recorded: bool = False) -> list[str]:
    """The game's categories (`counts`) against its odds, and its lows' for a split game;
    `recorded`: of the hands shown in recorded hands of the game's variant."""
    sections = [_section(f"categories{anchor}", f"Hand categories against random dealing"
                                                f"{of_game}", _categories_body(counts, game))]
    if low_kind(game) is not None:
        lows = stats.category_counts(engine, dataset, game.name, low=True, recorded=recorded)
        sections.append(_section(f"lows{anchor}", f"Low hands against random dealing{of_game}",
                                 _categories_body(lows, game, low=True)))
    return sections


def _no_categories(engine: Engine, dataset: str | None, game_label: str | None) -> str:
    why = results.why_no_categories(engine, dataset, game_label or None)
    return _paragraph(f"No categories to show: {why}.")


def _paragraph(text: str) -> str:
    return f"<p>{html.escape(text)}</p>\n"


def _wins_table(win_counts: dict[str, int]) -> Table:
    deals = win_counts["deals"]
    rows = [(outcome.replace("player", "player "), count,
             f"{100 * count / deals:.1f}%" if deals else "")
            for outcome, count in win_counts.items() if outcome != "deals"]
    return Table(("outcome", "deals", "share"), [*rows, ("all deals", deals, "")])


def _categories_body(counts: Sequence[int], game: Game, low: bool = False) -> str:
    """A half's categories (`low`: a split game's low half, its eight-or-better lows), as
    `stats` counts them, against its odds."""
    fit = stats.goodness_of_fit(counts, game, low)
    hands = "lows" if low else "hands"
    if game.board_cards:
        hands += (" (of a deal file, player 1's of each deal: a deal's hands share its board; "
                  "of a recorded hand, each hand shown)")
    caption = (f"Share of the {sum(counts):,} evaluated {hands} in each category beside the "
               f"chance of that category in a {_random_hand(game)} (log scale).")
    return (_figure_html(_category_chart(counts, game, low), caption)
            + _html_table(stats.category_table(counts, game, low))
            + f"<p>Chi-square goodness of fit against random dealing (categories expected "
              f"fewer than {stats.MIN_EXPECTED:g} times are pooled):</p>\n"
            + _html_table(stats.fit_table(fit, low)))


def _matrix_body(matrix: Table) -> str:
    rows = [list(row) for row in matrix.rows]
    grid = [[int(count) for count in row[1:]] for row in rows]
    if not any(map(any, grid)):
        return "<p>No deal has two evaluated players to compare.</p>\n"
    caption = ("Deals counted by player 1's category (rows) and player 2's (columns); "
               "empty cells never occurred.")
    return _figure_html(_matrix_chart([str(row[0]) for row in rows], grid), caption)


def _provenance(engine: Engine, dataset: str | None) -> Table:
    """One column per dataset and one row per fact (as text, read left to right), so the long
    sha256 fits the page."""
    listed = results.dataset_list(engine)
    name = listed.columns.index("name")
    chosen = [row for row in listed.rows if dataset is None or row[name] == dataset]
    facts = [(column, *(_text(row[position]) for row in chosen))
             for position, column in enumerate(listed.columns) if position != name]
    return Table(("dataset", *(row[name] for row in chosen)), facts)


# --- charts ----------------------------------------------------------------------------------

def _random_hand(game: Game) -> str:
    """"random five-card hand", "random seven-card hand (best five)", "random hand of Omaha
    (5 hole cards): two hole cards and three of the board"."""
    if game.holding_apart:
        return f"random hand of {game.label}: two hole cards and three of the board"
    cards = f"random {RANK_NAME[game.cards_per_hand].lower()}-card hand"
    return cards if game.cards_per_hand == CARDS_PER_HAND else f"{cards} (best five)"


def _category_chart(counts: Sequence[int], game: Game, low: bool = False) -> str:
    total = sum(counts)
    labels = stats.categories_of(game, low)
    positions = range(len(labels))
    figure = Figure(figsize=(8, 4.5), layout="constrained")
    axes = figure.subplots()
    axes.barh([p - 0.2 for p in positions], [100 * n / total for n in counts], height=0.4,
              label=f"this data ({total:,} hands)", color="#1f77b4")
    axes.barh([p + 0.2 for p in positions],
              [100 * n / game.all_hands for n in stats.odds_of(game, low)], height=0.4,
              label=_random_hand(game), color="#ff7f0e")
    axes.set_xscale("log")
    axes.set_xlim(1e-4, 100)  # the rarest category, Royal Flush, is 0.00015%
    axes.set_yticks(list(positions), labels)
    axes.invert_yaxis()
    axes.set_xlabel("share of hands, % (log scale)")
    axes.legend(loc="lower right")
    return _svg(figure, "lows" if low else "categories")


def _matrix_chart(labels: Sequence[str], grid: Sequence[Sequence[int]]) -> str:
    # Counts span orders of magnitude: a log colour scale keeps rare cells visible.
    cells = [[count or math.nan for count in row] for row in grid]  # NaN cells stay blank
    norm = LogNorm(vmin=1, vmax=max(max(row) for row in grid))
    figure = Figure(figsize=(8, 7), layout="constrained")
    axes = figure.subplots()
    image = axes.imshow(cells, cmap="viridis", norm=norm)
    for row, counts in enumerate(grid):
        for column, count in enumerate(counts):
            if count:
                dark = norm(count) < 0.6
                axes.text(column, row, f"{count:,}", ha="center", va="center", fontsize=8,
                          color="white" if dark else "black")
    axes.set_xticks(range(len(labels)), labels, rotation=45, ha="right")
    axes.set_yticks(range(len(labels)), labels)
    axes.set_xlabel("player 2's category")
    axes.set_ylabel("player 1's category")
    figure.colorbar(image, ax=axes, label="deals (log scale)")
    return _svg(figure, "matrix")


def _svg(figure: Figure, name: str) -> str:
    """The figure as an inline <svg> element: text kept as text (searchable, crisp), ids salted
    by chart so two charts on one page never share one, no timestamp."""
    buffer = io.StringIO()
    with matplotlib.rc_context({"svg.fonttype": "none", "svg.hashsalt": name}):
        figure.savefig(buffer, format="svg", metadata={"Date": None})
    document = buffer.getvalue()
    return document[document.index("<svg"):]


# --- HTML ------------------------------------------------------------------------------------

def _section(anchor: str, heading: str, body: str) -> str:
    return f'<section id="{anchor}">\n<h2>{html.escape(heading)}</h2>\n{body}</section>\n'


def _figure_html(svg: str, caption: str) -> str:
    return f"<figure>\n{svg}<figcaption>{html.escape(caption)}</figcaption>\n</figure>\n"


def _html_table(table: Table) -> str:
    head = "".join(f"<th>{html.escape(str(column))}</th>" for column in table.columns)
    body = "".join(f"<tr>{''.join(_cell(value) for value in row)}</tr>\n"
                   for row in table.rows)
    return f"<table>\n<thead><tr>{head}</tr></thead>\n<tbody>\n{body}</tbody>\n</table>\n"


def _cell(value: Any) -> str:
    numeric = isinstance(value, int | float) and not isinstance(value, bool)
    opening = '<td class="number">' if numeric else "<td>"
    return f"{opening}{html.escape(_text(value))}</td>"


def _text(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, datetime):
        return value.isoformat(sep=" ", timespec="seconds")
    if isinstance(value, int | float) and not isinstance(value, bool):
        return f"{value:,}"
    return str(value)
