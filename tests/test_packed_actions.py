"""A hand's actions as hand_actions stores them (storage.packed_actions): joined by `|` where
each action's text tells its player and holds no character that needs escaping, else compact
JSON; each action its text, the number N for `d dh pN ????`, or (JSON) [player, text] where
the text does not tell its player; read back exactly by pokerdb and by the view `actions` on
both backends."""

import json
import random
import re
import tomllib
from pathlib import Path

from hypothesis import example, given, settings
from hypothesis import strategies as st
from sqlalchemy import text
from support import rows, succeeds
from typer.testing import CliRunner

from pokerdb.storage.engines import open_engine
from pokerdb.storage.packed_actions import packed, unpacked
from pokerdb.storage.partitions import own_partitions

ACTIONS = ["d dh p1 ????", "d dh p2 AhKh", "d dh p10 ????", " p2 f", "p3 cbr 5", "d db AsKsQs",
           "p10 f", "p1\tcc", "d dh p100 ????", "p01 f", 'p2 cc # "quoted" \\ é']
PLAYERS = [None, None, None, 2, 3, None, 10, 1, None, 1, 2]
PACKED = ('[1,"d dh p2 AhKh",10,[2," p2 f"],"p3 cbr 5","d db AsKsQs","p10 f",[1,"p1\\tcc"],'
          '"d dh p100 ????",[1,"p01 f"],"p2 cc # \\"quoted\\" \\\\ é"]')


# A HandHQ hand's: every text tells its player, no character to escape.
JOINED_ACTIONS = ["d dh p1 ????", "d dh p2 ????", "d dh p3 Ah2c", "p3 cbr 5", "p1 f", "p2 cc",
                  "d db AsKsQs", "p2 cc", "p3 cc", "d db 2h", "p2 sm ????", "p3 sm Ah2c", "d é ✓"]
JOINED_PLAYERS = [None, None, None, 3, 1, 2, None, 2, 3, None, 2, 3, None]
JOINED = "1|2|dh p3 Ah2c|3 cbr 5|1 f|2 cc|db AsKsQs|2 cc|3 cc|db 2h|2 sm ????|3 sm Ah2c|é ✓"


def test_packed_is_compact_and_unpacks_exactly() -> None:
    assert packed(ACTIONS, PLAYERS) == PACKED
    assert unpacked(PACKED) == list(zip(PLAYERS, ACTIONS, strict=True))
    assert packed(JOINED_ACTIONS, JOINED_PLAYERS) == JOINED
    assert unpacked(JOINED) == list(zip(JOINED_PLAYERS, JOINED_ACTIONS, strict=True))
    # No actions, and a text the joined value cannot hold, are JSON.
    assert packed([], []) == "[]" and unpacked("[]") == []
    for said, player in (("p1 cc | x", 1), ('p1 cc "', 1), ("p1 cc \\", 1), ("p1 cc\x1f", 1),
                         ("d [p1", None), ("d 7", None), ("x", None), (" p1 f", 1)):
        assert packed(["d dh p1 ????", said], [None, player])[:3] == "[1,", said


def test_the_view_unpacks_each_kind_of_element_of_both_forms(db_url: str) -> None:
    engine = open_engine(db_url)  # a new database at head
    try:
        with engine.begin() as connection:
            connection.execute(text("INSERT INTO datasets (id, name, sha256, format, deals, "
                                    "imported_at) VALUES (1, 'd', 'x', 'phh', 1, "
                                    "CURRENT_TIMESTAMP)"))
            with own_partitions(connection, 1):  # PostgreSQL: the dataset's partitions
                connection.execute(text("INSERT INTO deals (id, dataset_id, line_no) "
                                        "VALUES (7, 1, 1)"))
                connection.execute(text("INSERT INTO deals (id, dataset_id, line_no) "
                                        "VALUES (8, 1, 2)"))
                connection.execute(text("INSERT INTO hand_actions (deal_id, actions) "
                                        "VALUES (7, :json), (8, :joined)"),
                                   {"json": PACKED, "joined": JOINED})
    finally:
        engine.dispose()
    assert rows(db_url, "SELECT deal_id, seq, player, action FROM actions "
                        "ORDER BY deal_id, seq") == [
        (deal, seq, player, action)
        for deal, players, actions in ((7, PLAYERS, ACTIONS), (8, JOINED_PLAYERS, JOINED_ACTIONS))
        for seq, (player, action) in enumerate(zip(players, actions, strict=True), start=1)]


def _json_dumps_packed(actions: list[str], players: list[int | None]) -> str:
    """The value as json.dumps writes it of the elements (what `packed` writes without it)."""
    elements: list[object] = []
    for action, player in zip(actions, players, strict=True):
        dealt = re.fullmatch(r"d dh p([1-9][0-9]?) \?\?\?\?", action) if player is None else None
        if dealt is not None:
            elements.append(int(dealt[1]))
            continue
        told = re.match(r"p([1-9][0-9]?) ", action)
        said = None if told is None else int(told[1])
        elements.append(action if said == player else [player, action])
    return json.dumps(elements, ensure_ascii=False, separators=(",", ":"))


_TEXTS = st.one_of(
    st.sampled_from(["d dh p1 ????", "d dh p12 ????", "d dh p0 ????", "d dh p100 ????",
                     "d dh p3 ???? ", "p3 cbr 5", "p0 f", "p03 f", "p99 cc", "p100 f", "p1\tcc",
                     "d db AsKsQs", "", "p", "d", " p2 f", "p2 f # \u2028 \ud800 \x00 \" é"]),
    st.builds("".join, st.lists(st.sampled_from(["p", "d", " ", "1", "0", "9", "?", "dh ", '"',
                                                 "\\", "é", "\x1f", "\ud83d"]), max_size=12)),
    st.text(max_size=12))


_ACTS = st.one_of(
    st.tuples(_TEXTS, st.one_of(st.none(), st.integers(0, 120))),
    st.integers(0, 120).map(lambda player: (f"p{player} f", player)),  # its own player
    st.integers(0, 120).map(lambda player: (f"d dh p{player} ????", None)))


@given(st.lists(_ACTS, max_size=12))
def test_packed_is_what_json_dumps_writes(acts: list[tuple[str, int | None]]) -> None:
    actions = [action for action, _ in acts]
    players = [player for _, player in acts]
    assert packed(actions, players, delimited=False) == _json_dumps_packed(actions, players)
    assert unpacked(packed(actions, players)) == list(zip(players, actions, strict=True))


def _joined_by_each_text(actions: list[str], players: list[int | None]) -> str | None:
    """The joined value as the rule says it, each action's text read by a pattern of its own
    (what `packed` checks once over the joined value), or None where one has no form."""
    elements = []
    for action, player in zip(actions, players, strict=True):
        rest = r'[^|"\\\x00-\x1f\ud800-\udfff]*'
        if player is None:
            dealt = re.fullmatch(r"d dh p([1-9][0-9]?) \?\?\?\?", action)
            dealer = re.fullmatch(rf"d (?![0-9\[]){rest}", action)
            if dealt is None and dealer is None:
                return None
            elements.append(dealt[1] if dealt is not None else action[2:])
        elif 0 < player < 100 and re.fullmatch(rf"p{player} {rest}", action):
            elements.append(action[1:])
        else:
            return None
    return "|".join(elements) if elements else None


# After a player's own `pN ` or the dealer's `d `: what decides whether the value is joined.
_RESTS = st.builds("".join, st.lists(st.sampled_from(
    ["f", "cc", " ", "é", "dh p3 ????", "0", "7", "[", "|", '"', "\\", "\x1f", "\x7f",
     "\ud800"]), max_size=3))
_FORMED = st.one_of(
    st.tuples(st.integers(0, 120), _RESTS).map(lambda act: (f"p{act[0]} {act[1]}", act[0])),
    _RESTS.map(lambda rest: (f"d {rest}", None)), _ACTS)


@settings(max_examples=500)
@given(st.lists(_FORMED, min_size=1, max_size=4))
@example([("d 0 x", None)]).via("a number after the dealer's `d `")
@example([("d [x", None)]).via("a JSON array's beginning after it")
@example([("p1 a|b", 1), ("d dh p1 ????", None)]).via("a delimiter in a text")
@example([("d dh p10 ????", None), ("d dh p01 ????", None)]).via("N of two digits, or not N")
@example([("p1 f", 1), ("p1 f", 2)]).via("a text met before, of another player's action")
@example([("d db Ks", None), ("d db Ks", 1)]).via("the dealer's text, of a player's action")
def test_a_value_is_joined_where_each_text_has_its_form(
        acts: list[tuple[str, int | None]]) -> None:
    actions = [action for action, _ in acts]
    players = [player for _, player in acts]
    joined = _joined_by_each_text(actions, players)
    assert packed(actions, players) == (packed(actions, players, delimited=False)
                                        if joined is None else joined)


def test_the_view_reads_what_pokerdb_reads_of_random_hands(db_url: str) -> None:
    """400 hands of random actions (texts of the characters that decide a value's form and the
    view's reading: `|`, quotes, backslashes, control characters, digits, `[`, players' and the
    dealer's beginnings, other scripts): the view's rows are `unpacked`'s, hand by hand."""
    pieces = ["p1 ", "p12 ", "d dh p3 ????", "d db ", "|", '"', "\\", "\x01", "\t", "[", "]",
              "7", "0", ",", "é", "✓", "cc", " ", "f", "{}", "cbr 5", "sm ????", "AsKs"]
    safe = pieces[17:]
    chosen = random.Random(34)
    hands: dict[int, str] = {}
    for deal in range(1, 401):
        acts = []
        for _ in range(chosen.randint(1, 6)):
            player = chosen.choice([None, 1, 3, 12])
            beginning = ("d " if player is None else f"p{player} ") if chosen.random() < 0.8 else ""
            said = "".join(chosen.choices(safe if chosen.random() < 0.9 else pieces,
                                          k=chosen.randint(1, 3)))
            acts.append((beginning + said, player))
        hands[deal] = packed([said for said, _ in acts], [player for _, player in acts])
    assert 100 < sum(value[:1] != "[" for value in hands.values()) < 300  # both forms
    engine = open_engine(db_url)
    try:
        with engine.begin() as connection:
            connection.execute(text("INSERT INTO datasets (id, name, sha256, format, deals, "
                                    "imported_at) VALUES (1, 'd', 'x', 'phh', 400, "
                                    "CURRENT_TIMESTAMP)"))
            with own_partitions(connection, 1):
                connection.execute(text("INSERT INTO deals (id, dataset_id, line_no) "
                                        "VALUES (:id, 1, :id)"), [{"id": deal} for deal in hands])
                connection.execute(text("INSERT INTO hand_actions (deal_id, actions) "
                                        "VALUES (:id, :value)"),
                                   [{"id": deal, "value": value} for deal, value in hands.items()])
    finally:
        engine.dispose()
    assert rows(db_url, "SELECT deal_id, seq, player, action FROM actions "
                        "ORDER BY deal_id, seq") == [
        (deal, seq, player, action) for deal, value in hands.items()
        for seq, (player, action) in enumerate(unpacked(value), start=1)]


# Imported texts: comments after actions (the PHH reader keeps them) and the beginnings the
# replay reads as words; each hand's value, joined or JSON, and its players.
_DEALT = ["d dh p1 ????", "d dh p2 ????", "d dh p3 ????"]
IMPORTED = [
    ([*_DEALT, "p3 f # \u0663 \u00b2 \x7f\x85\u2028", "p1 cc", "p2 cc", "d  db AsKsQs #",
      "p1 cbr 4 # x", "p2 f#"],
     [None] * 3 + [3, 1, 2, None, 1, 2],
     "1|2|3|3 f # \u0663 \u00b2 \x7f\x85\u2028|1 cc|2 cc| db AsKsQs #|1 cbr 4 # x|2 f#"),
    ([*_DEALT, 'p3 f # a|b "q" \\ \t', "p1 f"], [None] * 3 + [3, 1],
     '[1,2,3,"p3 f # a|b \\"q\\" \\\\ \\t","p1 f"]'),
    ([*_DEALT, " p3 f", "p1 cc", "p2 cc", "d\tdb AsKsQs", "p1 cbr 4", "p2\tf"],
     [None] * 3 + [3, 1, 2, None, 1, 2],
     '[1,2,3,[3," p3 f"],"p1 cc","p2 cc","d\\tdb AsKsQs","p1 cbr 4",[2,"p2\\tf"]]'),
]


def test_imported_texts_read_back_exactly(runner: CliRunner, db_url: str,
                                          tmp_path: Path) -> None:
    """Hands of such texts imported from PHH files: each value as expected, the view's rows and
    the PHH export's actions exactly the files' on both backends."""
    (tmp_path / "in").mkdir()
    for number, (actions, _, _) in enumerate(IMPORTED, start=1):
        (tmp_path / "in" / f"{number}.phh").write_text(
            "variant = 'NT'\nantes = [0, 0, 0]\nblinds_or_straddles = [1, 2, 0]\n"
            "min_bet = 2\nstarting_stacks = [200, 200, 200]\n"
            f"actions = [{', '.join(map(json.dumps, actions))}]\n")
    succeeds(runner, "import", str(tmp_path / "in"), "--db", db_url)
    assert rows(db_url, "SELECT actions FROM hand_actions ORDER BY deal_id") == [
        (value,) for _, _, value in IMPORTED]
    assert rows(db_url, "SELECT deal_id, seq, player, action FROM actions "
                        "ORDER BY deal_id, seq") == [
        (deal, seq, player, action)
        for deal, (actions, players, _) in enumerate(IMPORTED, start=1)
        for seq, (player, action) in enumerate(zip(players, actions, strict=True), start=1)]
    succeeds(runner, "export", "--output", str(tmp_path / "out"), "--db", db_url)
    assert [tomllib.loads(path.read_text(encoding="utf-8"))["actions"]
            for path in sorted((tmp_path / "out").rglob("*.phh"))] == [
        actions for actions, _, _ in IMPORTED]
