"""Hold'em files of mixed tables (each deal's player count and board size its own, as `pokerdb
generate --players 2-9 --board 0,3,4,5` writes them): read the fast way, one line length at a
time, exactly as line by line; imported and evaluated exactly (against eval7), the same as the
same deals imported one player count at a time, and the same by `import --evaluate` as by
`import` then `evaluate`."""

from collections import defaultdict
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import eval7
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from support import fails, invoke, rows, stored_and_recounted_wins, succeeds
from typer.testing import CliRunner

from pokerdb.formats.deals import holdem
from pokerdb.formats.deals.generate import generate_lines
from pokerdb.formats.input import DealBatch, PlayerRule, Rejected
from pokerdb.rules.games import HOLDEM, Game

MIXED = {"players": range(2, 10), "game": HOLDEM, "board": [0, 3, 4, 5]}
# More deals than deal_lines.BATCH_LINES: the file is read in chunks.
FILE_DEALS = 25_000


def mixed_lines(deals: int, seed: int) -> list[str]:
    return [line.rstrip("\n") for line in generate_lines(deals, seed, **MIXED)]  # type: ignore[arg-type]


def read_back(lines: list[bytes], rule: PlayerRule, batch_lines: int
              ) -> list[tuple[int, str, str] | tuple[int, str]]:
    """(line number, board, hands) of each deal read, (line number, reason) of each rejected
    line, by line number (a chunk read line by line gives its rejected lines first)."""
    read: list[tuple[int, str, str] | tuple[int, str]] = []
    for item in holdem.read_holdem(lines, rule, batch_lines):
        if isinstance(item, Rejected):
            read.append((item.line_no, item.reason))
            continue
        assert isinstance(item, DealBatch)
        read += zip(item.line_nos, item.boards, item.texts, strict=True)
    return sorted(read, key=lambda item: item[0])


def one_line_at_a_time(lines: list[bytes], rule: PlayerRule
                       ) -> list[tuple[int, str, str] | tuple[int, str]]:
    """What read_back should give, each line parsed on its own."""
    expected: list[tuple[int, str, str] | tuple[int, str]] = []
    first_players = None
    for line_no, raw in enumerate(lines, start=1):
        parsed = holdem.parse_holdem_line(raw.decode())
        if parsed is None:
            continue
        if isinstance(parsed, str):
            expected.append((line_no, parsed))
            continue
        reason = rule.check(len(parsed[1]), first_players, HOLDEM)
        if reason:
            expected.append((line_no, reason))
            continue
        first_players = first_players or len(parsed[1])
        expected.append((line_no, parsed[0], " ".join(parsed[1])))
    return expected


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), deals=st.integers(1, 400),
       batch_lines=st.integers(1, 120), rule=st.sampled_from(["2-9", "3-6", None]),
       odd=st.lists(st.tuples(st.integers(0, 399), st.sampled_from(
           ["", "ah kh qh | 2c 2d | 3c 3d", "AH KH QH | 2C 2C | 3C 3D", "AH | 2C 2D"])),
           max_size=3),
       crlf=st.booleans())
def test_mixed_file_read_as_line_by_line(seed: int, deals: int, batch_lines: int,
                                         rule: str | None, odd: list[tuple[int, str]],
                                         crlf: bool) -> None:
    """Any mixed file, in any chunking, with blank, lower-case, bad or disallowed lines among
    its deals: the same deals, line numbers, boards and rejections as parsing each line."""
    texts = mixed_lines(deals, seed)
    for position, text in odd:
        texts.insert(min(position, len(texts)), text)
    ending = "\r\n" if crlf else "\n"
    lines = [(text + ending).encode() for text in texts]
    players = PlayerRule.parse(rule)
    assert read_back(lines, players, batch_lines) == one_line_at_a_time(lines, players)


def test_mixed_chunks_are_read_the_fast_way(monkeypatch: pytest.MonkeyPatch) -> None:
    """A chunk of 2 to 9 players and four board sizes (32 line lengths) parses only the
    first line of each length, not every line."""
    parsed = 0
    parse = holdem.parse_holdem_line

    def counting(text: str, game: Game = HOLDEM) -> Any:
        nonlocal parsed
        parsed += 1
        return parse(text, game)

    monkeypatch.setattr(holdem, "parse_holdem_line", counting)
    lines = [(text + "\n").encode() for text in mixed_lines(2_000, seed=23)]
    read = read_back(lines, PlayerRule.parse("2-9"), 500)
    assert len(read) == 2_000 and all(len(deal) == 3 for deal in read)
    assert parsed <= 4 * (32 + 1)


def eval7_results(lines: list[str]) -> Iterator[tuple[list[int] | None, int | None]]:
    """Each deal's eval7 values of its hands (None before the river) and winner (0 for a
    tie, None before the river)."""
    def card(text: str) -> eval7.Card:
        return eval7.Card(text[0] + text[1].lower())

    for line in lines:
        board, *holes = line.split("|")
        board_cards = [card(text) for text in board.split()]
        if len(board_cards) < 5:
            yield None, None
            continue
        values = [eval7.evaluate(board_cards + [card(text) for text in hole.split()])
                  for hole in holes]
        best = max(values)
        yield values, values.index(best) + 1 if values.count(best) == 1 else 0


def stored_deals(db_url: str) -> dict[str, tuple[int, str | None, int | None, list[int | None]]]:
    """Each deal by its line's text: (line number, board, winner, its hands' strengths)."""
    strengths: dict[int, list[int | None]] = defaultdict(list)
    texts: dict[int, list[str]] = defaultdict(list)
    for deal_id, cards, strength in rows(
            db_url, "SELECT c.deal_id, c.cards, v.strength FROM hand_cards c LEFT JOIN "
                    "hand_values v USING (deal_id, player) ORDER BY c.deal_id, c.player"):
        strengths[deal_id].append(strength)
        texts[deal_id].append(cards)
    return {" | ".join([board or "", *texts[deal_id]]).lstrip(): (
                line_no, board, winner, strengths[deal_id])
            for deal_id, line_no, board, winner in rows(
                db_url, "SELECT id, line_no, board, winner FROM deals ORDER BY id")}


def import_deals(runner: CliRunner, db_url: str, path: Path, *args: str) -> None:
    succeeds(runner, "import", str(path), "--format", "holdem", "--players", "2-9", "--db",
             db_url, *args)


@pytest.mark.parametrize("seed", [5, 6])
def test_mixed_file_imported_exactly(runner: CliRunner, db_url: str, tmp_path: Path,
                                     seed: int) -> None:
    """Every deal of a mixed file stored at its line, with eval7's winner and strengths in
    eval7's order; the same deals imported one player count at a time, and imported then
    evaluated, store the same; win_counts add up."""
    lines = mixed_lines(FILE_DEALS, seed)
    path = tmp_path / "mixed.txt"
    path.write_text("".join(f"{line}\n" for line in lines))
    import_deals(runner, db_url, path, "--evaluate")
    stored = stored_deals(db_url)
    assert len(stored) == FILE_DEALS
    value_of: dict[int, int] = {}  # eval7's value of each strength
    for line_no, (line, (values, winner)) in enumerate(zip(lines, eval7_results(lines),
                                                           strict=True), start=1):
        deal = stored[line]
        assert deal[:3] == (line_no, line.partition("|")[0].strip(), winner)
        if values is None:
            assert deal[3] == [None] * len(deal[3])
            continue
        for strength, value in zip(deal[3], values, strict=True):
            assert strength is not None and value_of.setdefault(strength, value) == value
    # One strength per eval7 value, in the same order: strengths rank hands as eval7 does.
    assert len(set(value_of.values())) == len(value_of)
    assert sorted(value_of.values()) == [value_of[key] for key in sorted(value_of)]
    recorded, recounted = stored_and_recounted_wins(db_url)
    assert recorded == recounted and sum(count for *_, count in recorded) == sum(
        winner is not None for _, winner in eval7_results(lines))

    by_count: dict[int, list[str]] = defaultdict(list)
    for line in lines:
        by_count[line.count("|")].append(line)
    one_count_url = f"sqlite:///{tmp_path / 'one_count.sqlite'}"
    for players, group in sorted(by_count.items()):
        single = tmp_path / f"players{players}.txt"
        single.write_text("".join(f"{line}\n" for line in group))
        import_deals(runner, one_count_url, single, "--evaluate")
    assert {line: deal[1:] for line, deal in stored_deals(one_count_url).items()} == {
        line: deal[1:] for line, deal in stored.items()}

    then_evaluated_url = f"sqlite:///{tmp_path / 'then_evaluated.sqlite'}"
    import_deals(runner, then_evaluated_url, path)
    succeeds(runner, "evaluate", "--db", then_evaluated_url)
    assert stored_deals(then_evaluated_url) == stored
    assert stored_and_recounted_wins(then_evaluated_url) == (recorded, recorded)


def test_generate_mixed_tables(runner: CliRunner, db_url: str, tmp_path: Path) -> None:
    """`generate --players 2-9 --board 0,3,4,5`: each deal's count and board size drawn from
    them (every one seen in 2,000 deals), the cards of each deal distinct; the file imports
    back deal for deal, at its lines."""
    path = tmp_path / "tables.txt"
    succeeds(runner, "generate", "2000", "--seed", "11", "--game", "holdem", "--players", "2-9",
             "--board", "0,3,4,5", "-o", str(path), "--quiet")
    lines = path.read_text().splitlines()
    shapes = set()
    for line in lines:
        board, *holes = (group.split() for group in line.split("|"))
        cards = [*board, *(card for hole in holes for card in hole)]
        assert len(set(cards)) == len(cards) and {len(hole) for hole in holes} == {2}
        shapes.add((len(holes), len(board)))
    assert shapes == {(players, board) for players in range(2, 10) for board in (0, 3, 4, 5)}
    import_deals(runner, db_url, path)
    assert [deal[0] for deal in stored_deals(db_url).values()] == list(range(1, 2001))
    assert list(stored_deals(db_url)) == lines
    again = succeeds(runner, "generate", "2000", "--seed", "11", "--game", "holdem",
                     "--players", "2-9", "--board", "0,3,4,5").stdout
    assert again.splitlines() == lines
    five_card = succeeds(runner, "generate", "300", "--seed", "2", "--players", "1-10").stdout
    assert {len(line.split()) // 5 for line in five_card.splitlines()} == set(range(1, 11))


@pytest.mark.parametrize(("args", "error"), [
    (["--players", "9-2"], "--players 9-2: counts go low to high"),
    (["--game", "holdem", "--players", "2-24"],
     "--players 2-24: a Texas Hold'em deal has 1 to 23 players"),
    (["--game", "holdem", "--board", "0,3,6"],
     "--board 6: a Texas Hold'em board has 0, 3, 4 or 5 cards"),
])
def test_generate_refuses_counts_and_boards_out_of_range(runner: CliRunner, args: list[str],
                                                         error: str) -> None:
    result = fails(runner, "generate", "5", *args)
    assert (result.stdout, result.stderr) == ("", f"Error: {error}\n")


def test_generate_usage_errors(runner: CliRunner) -> None:
    result = invoke(runner, "generate", "5", "--game", "holdem", "--board", "3,")
    assert (result.exit_code, result.stderr.splitlines()[0]) == (
        2, "Error: Invalid value for '--board': '3,' is not board sizes separated by commas "
           "(e.g. 0,3,4,5)")
