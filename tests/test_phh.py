"""Reading PHH: fields, amounts, files, folders and their errors; the fast TOML reader agrees
with tomllib on everything it accepts."""

import datetime
import gzip
import pickle
import re
import subprocess
import sys
import tomllib
from decimal import Decimal
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from support import PHH_DATA, REPO

from pokerdb.formats.phh.files import PhhFile, phh_files
from pokerdb.formats.phh.reader import parse_file, parse_hand, parse_hands, read_hands
from pokerdb.formats.phh.toml import _headers
from pokerdb.formats.phh.toml_subset import read_toml_subset
from pokerdb.rules.hand_record import HandDetails, PhhError, PhhHand

MINIMAL = """variant = 'NT'
antes = [0, 0]
blinds_or_straddles = [1, 2]
min_bet = 2
starting_stacks = [200, 100]
actions = ['d dh p1 AcAd', 'd dh p2 ????', 'p2 f']
"""


def test_every_field_of_a_hand_is_read() -> None:
    text = MINIMAL + """ante_trimming_status = true
players = ['Ann', 'Bo']
finishing_stacks = [201, 99]
winnings = [3, 0]
hand = 7
table = 'Final table'
event = 'Main Event'
venue = 'Rio'
url = 'https://example.org'
address = '1 Main St'
city = 'Las Vegas'
region = 'Nevada'
postal_code = '89101'
country = 'United States of America'
year = 2023
month = 6
day = 22
time = 18:30:00
time_zone = 'America/Los_Angeles'
time_zone_abbreviation = 'PDT'
level = 12
seat_count = 9
seats = [3, 7]
currency = 'USD'
currency_symbol = '$'
author = 'Juho Kim'
_custom = 'ignored'
"""
    assert parse_hand(text, "full.phh") == PhhHand(
        source="full.phh", variant="NT", exponent=0, antes=(0, 0), blinds_or_straddles=(1, 2),
        bring_in=None, small_bet=None, big_bet=None, min_bet=2, starting_stacks=(200, 100),
        actions=("d dh p1 AcAd", "d dh p2 ????", "p2 f"), ante_trimming_status=True,
        players=("Ann", "Bo"), finishing_stacks=(201, 99), winnings=(3, 0),
        details=HandDetails(
            hand="7", table="Final table", event="Main Event", venue="Rio",
            url="https://example.org", address="1 Main St", city="Las Vegas", region="Nevada",
            postal_code="89101", country="United States of America", year=2023, month=6,
            day=22, time=datetime.time(18, 30), time_zone="America/Los_Angeles",
            time_zone_abbreviation="PDT", level=12, seat_count=9, seats=(3, 7),
            currency="USD", currency_symbol="$", author="Juho Kim"))


def test_a_minimal_hand_has_no_details() -> None:
    phh_hand = parse_hand(MINIMAL, "minimal.phh")
    assert phh_hand.details == HandDetails()
    assert (phh_hand.players, phh_hand.finishing_stacks, phh_hand.winnings) == (None, None, None)
    assert phh_hand.ante_trimming_status is False


def test_decimal_amounts_become_exact_units_of_the_finest_decimal() -> None:
    text = MINIMAL.replace("[200, 100]", "[1259450.25, 678473.5]").replace(
        "'p2 f'", "'p2 cbr 3.125 # a raise'") + "finishing_stacks = [0.1, 1937923.65]\n"
    phh_hand = parse_hand(text, "decimal.phh")
    assert phh_hand.exponent == 3
    assert phh_hand.starting_stacks == (1259450250, 678473500)
    assert phh_hand.blinds_or_straddles == (1000, 2000)
    assert phh_hand.finishing_stacks == (100, 1937923650)
    assert phh_hand.amount(1259450250) == Decimal("1259450.250")
    assert phh_hand.amount(-5) == Decimal("-0.005")


def test_whole_decimals_add_no_places_and_an_unknown_stack_is_none() -> None:
    text = MINIMAL.replace("[200, 100]", "[200.0, inf]").replace("min_bet = 2", "min_bet = 2.00")
    phh_hand = parse_hand(text, "inf.phh")
    assert phh_hand.exponent == 0
    assert phh_hand.starting_stacks == (200, None)
    assert phh_hand.min_bet == 2


@pytest.mark.parametrize(("old", "new", "message"), [
    ("variant = 'NT'\n", "", "field 'variant' is missing"),
    ("variant = 'NT'", "variant = 3", "field 'variant' should be a string, not '3'"),
    ("antes = [0, 0]", "antes = [0, 0, 0]", "field 'antes' has 3 values for 2 players"),
    ("antes = [0, 0]", "antes = [0, -1]", "field 'antes' holds -1: amounts must be zero or more"),
    ("antes = [0, 0]", "antes = 0", "field 'antes' should be an array of numbers, not '0'"),
    ("antes = [0, 0]", "antes = [0, 'x']", "field 'antes' should hold numbers, not 'x'"),
    ("antes = [0, 0]", "antes = [0, true]", "field 'antes' should hold numbers, not 'True'"),
    ("antes = [0, 0]", "antes = [0, nan]", "field 'antes' holds NaN: amounts must be finite"),
    ("antes = [0, 0]", "antes = [0, inf]",
     "field 'antes' holds Infinity: amounts must be finite"),
    ("min_bet = 2", "min_bet = 0", "field 'min_bet' holds 0: amounts must be positive"),
    ("[200, 100]", "[200, 0]", "field 'starting_stacks' holds 0: amounts must be positive"),
    ("[200, 100]", "[200]", "field 'starting_stacks' has 1 value(s): a hand needs at least 2 "
                            "players"),
    ("actions = ['d dh p1 AcAd', 'd dh p2 ????', 'p2 f']", "actions = ['p2 f', 2]",
     "field 'actions' should be an array of strings, not \"['p2 f', 2]\""),
    ("min_bet = 2", "min_bet = 2\nplayers = ['Ann']", "field 'players' has 1 values for 2 "
                                                       "players"),
    ("min_bet = 2", "min_bet = 2\nhand = 1.5", "field 'hand' should be a string or an integer, "
                                               "not '1.5'"),
    ("min_bet = 2", "min_bet = 2\nyear = '2023'", "field 'year' should be an integer, not "
                                                  "'2023'"),
    ("min_bet = 2", "min_bet = 2\nseats = [1, 'x']",
     "field 'seats' should be an array of integers, not \"[1, 'x']\""),
    ("min_bet = 2", "min_bet = 2\ntime = 'noon'",
     "field 'time' should be a TOML local time, not 'noon'"),
    ("min_bet = 2", "min_bet = 2\nante_trimming_status = 1",
     "field 'ante_trimming_status' should be true or false, not '1'"),
    ("[200, 100]", "[1e-20, 100]",
     "field 'starting_stacks' holds 1E-20: 20 decimal places, more than the 4 an amount may "
     "have"),
    ("min_bet = 2", "min_bet = ", "not valid TOML: Invalid value (at line 4, column 11)"),
])
def test_a_bad_field_is_named(old: str, new: str, message: str) -> None:
    assert old in MINIMAL
    with pytest.raises(PhhError) as caught:
        parse_hand(MINIMAL.replace(old, new), "bad.phh")
    assert str(caught.value) == f"bad.phh: {message}"


def test_a_phhs_file_holds_hands_named_by_their_keys() -> None:
    text = f"[1]\n{MINIMAL}\n[2]\n{MINIMAL.replace('min_bet = 2', 'min_bet = 0')}\n" \
           f"[three]\n{MINIMAL}"
    items = list(parse_hands(text, "hands.phhs"))
    assert [item.source for item in items] == ["hands.phhs#1", "hands.phhs#2",
                                               "hands.phhs#three"]
    assert isinstance(items[0], PhhHand) and isinstance(items[2], PhhHand)
    assert str(items[1]) == "hands.phhs#2: field 'min_bet' holds 0: amounts must be positive"


def test_a_phhs_file_with_a_value_outside_its_tables_says_so() -> None:
    items = list(parse_hands(f"author = 'x'\n[1]\n{MINIMAL}", "hands.phhs"))
    assert [str(item) for item in items[:1]] == [
        "hands.phhs: 'author' is not a hand: a .phhs file holds only tables [1], [2], ..., "
        "one per hand"]
    assert isinstance(items[1], PhhHand)
    assert [str(item) for item in parse_hands("[1\n", "broken.phhs")] == [
        "broken.phhs: not valid TOML: Expected ']' at the end of a table declaration "
        "(at line 1, column 3)"]


def test_a_folder_is_read_recursively_in_path_order_plain_or_gzip(tmp_path: Path) -> None:
    (tmp_path / "b").mkdir()
    (tmp_path / "a" / "c").mkdir(parents=True)
    (tmp_path / "b" / "2.phh").write_text(MINIMAL)
    (tmp_path / "a" / "c" / "1.phh.gz").write_bytes(gzip.compress(MINIMAL.encode()))
    (tmp_path / "a" / "10.phh").write_bytes(gzip.compress(MINIMAL.encode()))  # gzip, by content
    (tmp_path / "a" / "hands.phhs").write_text(f"[1]\n{MINIMAL}\n[2]\n{MINIMAL}")
    (tmp_path / "a" / "notes.txt").write_text("not a hand")
    (tmp_path / "z.PHH").write_text(MINIMAL)
    assert [file.source for file in phh_files(tmp_path)] == [
        "a/10.phh", "a/c/1.phh.gz", "a/hands.phhs", "b/2.phh", "z.PHH"]
    sources = [item.source for item in read_hands(tmp_path)]
    assert sources == ["a/10.phh", "a/c/1.phh.gz", "a/hands.phhs#1", "a/hands.phhs#2",
                       "b/2.phh", "z.PHH"]
    assert [file.source for file in phh_files(tmp_path / "b" / "2.phh")] == ["2.phh"]


def test_a_file_that_cannot_be_read_is_one_error(tmp_path: Path) -> None:
    (tmp_path / "latin.phh").write_bytes(MINIMAL.replace("'NT'", "'NT\xe9'").encode("latin-1"))
    (tmp_path / "short.phh").write_bytes(gzip.compress(MINIMAL.encode())[:-8])
    assert [str(item) for item in read_hands(tmp_path)] == [
        "latin.phh: not UTF-8 text: byte 14 cannot be decoded",
        "short.phh: truncated gzip data: the file ends before the end of its compressed "
        "stream"]
    with pytest.raises(PhhError) as caught:
        phh_files(tmp_path / "missing")
    assert str(caught.value) == f"{tmp_path / 'missing'}: no such file or folder"


def test_a_bom_and_crlf_line_ends_are_read() -> None:
    content = ("\ufeff" + MINIMAL.replace("\n", "\r\n")).encode()
    (phh_hand,) = parse_file(PhhFile("crlf.phh", "crlf.phh"), content)
    assert phh_hand == parse_hand(MINIMAL, "crlf.phh")


def test_the_shared_sample_reads_and_the_fast_reader_takes_the_generated_layout() -> None:
    items = list(read_hands(PHH_DATA))
    assert len(items) == 88
    assert all(isinstance(item, PhhHand) for item in items)
    # The WSOP files are one line per field, as pokerkit writes them: the fast reader's subset.
    wsop = sorted((PHH_DATA / "wsop").rglob("*.phh"))
    assert all(read_toml_subset(path.read_text()) is not None for path in wsop)


# --- the fast TOML reader against tomllib ---------------------------------------------------

SCALARS = st.one_of(
    st.integers(-10**6, 10**6).map(str),
    st.decimals(-10**6, 10**6, places=3, allow_nan=False).map(str),
    st.sampled_from(["inf", "nan", "-inf", "+1", "01", "1_000", "1e5", "1.5E3", "0x1F",
                     "true", "false", "True", "null", "1979-05-27", "07:32:00", "-0", "0.0"]),
    st.text(st.characters(codec="utf-8", exclude_categories=("Cs",)), max_size=8).map(
        lambda text: f"'{text}'"),
    st.text(st.characters(codec="utf-8", exclude_categories=("Cs",)), max_size=8).map(
        lambda text: f'"{text}"'),
    st.sampled_from(["'''a'''", "'''it's'''", "''''''", "'''a''''", "'''a'''b'''", "+inf",
                     '"""b"""', "'it''s'", '"a\\"b"', '"\\u00e9"', "{a = 1}",
                     "[[1], [2]]", "[]", "[ ]"]),
)
ARRAYS = st.lists(SCALARS, max_size=4).flatmap(lambda items: st.tuples(
    st.just(items), st.sampled_from([", ", ",", " , ", ",\n  ", ", # c\n"]),
    st.sampled_from(["", ",", " "]))).map(
    lambda parts: "[" + parts[1].join(parts[0]) + parts[2] + "]")
KEYS = st.sampled_from(["variant", "antes", "a-b", "a_b", "A1", "a.b", '"quoted"', "", "x y"])
LINES = st.one_of(
    st.tuples(KEYS, st.sampled_from([" = ", "=", "  =  ", " : "]),
              st.one_of(SCALARS, ARRAYS), st.sampled_from(["", " ", " # note", "\t"])).map(
        "".join),
    st.sampled_from(["", "# comment", "  # indented comment", "[1]", "[ 2 ]", "[a.b]",
                     "[[t]]", "[1] # c", "\t", "x", "\x01", "= 1"]),
)
REMEMBERED = frozenset(("variant", "antes", "a-b", "A1"))  # some of KEYS, not all
DOCUMENTS = st.lists(LINES, max_size=8).flatmap(lambda lines: st.sampled_from(
    ["\n", "\r\n"]).map(lambda end: end.join(lines)))


@settings(max_examples=3000, deadline=None)
@given(DOCUMENTS)
def test_the_fast_reader_reads_what_tomllib_reads_or_leaves_it_to_tomllib(text: str) -> None:
    fast = read_toml_subset(text)
    # The values of keys that recur, remembered by their text, read the same (twice: the
    # second time from what was remembered).
    for _ in range(2):
        remembered = read_toml_subset(text, repeated_keys=REMEMBERED)
        assert remembered == fast
        if fast is not None and remembered is not None:
            assert [type(value) for value in remembered.values()] == [
                type(value) for value in fast.values()]
    try:
        expected = tomllib.loads(text, parse_float=Decimal)
    except tomllib.TOMLDecodeError:
        assert fast is None
        return
    if fast is not None:
        assert fast == expected
        assert [type(value) for value in fast.values()] == [
            type(value) for value in expected.values()]


# How a .phhs file's table headers were found before: a pattern tried at every line's start.
HEADER_AT_LINE_START = re.compile(r"^[ \t]*\[[ \t]*([A-Za-z0-9_-]+)[ \t]*\][ \t]*(?:#.*)?$",
                                  re.MULTILINE)
HEADER_LINES = st.lists(st.one_of(
    st.sampled_from(["[1]", "  [2] # c", "\t[ a-b ]\t", "x = [1]", "x = [1] [2]", "[1] x",
                     "[[1]]", "a = '[3]'", "[4]\r", "", "[", "]", "[5] [6]", "[7]#", " [ ]",
                     "[a.b]", "actions = ['p1 cc', 'p2 f']", "[8] # [9]", "[x] [y]"]),
    st.text(st.sampled_from("[] \t#\r1a-x='"), max_size=12)), max_size=10)


@settings(max_examples=2000, deadline=None)
@given(HEADER_LINES, st.sampled_from(["\n", "\r\n"]))
def test_the_table_headers_are_found_where_a_line_start_pattern_finds_them(
        lines: list[str], end: str) -> None:
    text = end.join(lines)
    assert _headers(text) == [(match.start(), match.group(1))
                              for match in HEADER_AT_LINE_START.finditer(text)]


def test_a_remembered_array_is_each_documents_own() -> None:
    text = "antes = [1, 2.5, 'x']\n"
    first = read_toml_subset(text, repeated_keys=REMEMBERED)
    assert first is not None
    antes = first["antes"]
    assert isinstance(antes, list)
    antes.append(3)
    assert read_toml_subset(text, repeated_keys=REMEMBERED) == {
        "antes": [1, Decimal("2.5"), "x"]}


def test_a_long_value_is_not_remembered() -> None:
    from pokerdb.formats.phh.toml_subset import _REMEMBERED

    _REMEMBERED.clear()
    read_toml_subset(f"venue = '{'v' * 600}'\nvariant = 'NT'\n", repeated_keys=REMEMBERED | {
        "venue"})
    assert list(_REMEMBERED) == ["variant = 'NT'"]


def test_the_fast_reader_reads_the_common_layouts() -> None:
    text = "a = 'x'\nb = \"y z\"\nc = -12\nd = 0.50\ne = true\nf = [1, 2.5, 'p1 cc # x']\n" \
           "\n# comment\n[1]\ng = []\n" \
           "h = [inf, 2.5, -inf]\ni = '''AMY'S AVE'''\n"  # iPoker's stacks, a quoted table
    assert read_toml_subset(text) == {
        "a": "x", "b": "y z", "c": -12, "d": Decimal("0.50"), "e": True,
        "f": [1, Decimal("2.5"), "p1 cc # x"],
        "1": {"g": [], "h": [Decimal("Infinity"), Decimal("2.5"), Decimal("-Infinity")],
              "i": "AMY'S AVE"}}


def test_pokerdb_reads_and_settles_without_pokerkit() -> None:
    """pokerkit is the tests' oracle only: far too slow for import, it is not on its path."""
    code = ("import sys, pokerdb.formats.phh.reader, pokerdb.rules.settlement; "
            "print(sorted(sys.modules))")
    loaded = subprocess.run([sys.executable, "-c", code], cwd=REPO, capture_output=True,
                            text=True, check=True).stdout
    assert "pokerdb.rules.settlement" in loaded
    assert "pokerkit" not in loaded


def test_each_hand_of_a_phhs_that_tomllib_reads_is_read_alone(monkeypatch: pytest.MonkeyPatch
                                                              ) -> None:
    """A hand outside the fast reader's subset (a comment after a value) is read by tomllib
    from its own text, not behind a blank line for every line before it (which made a file of
    many such hands take time growing with the square of its hands); a hand that is not TOML
    still has its line numbers the file's."""
    read: list[str] = []
    loads = tomllib.loads

    def counted(text: str, **options: object) -> dict[str, object]:
        read.append(text)
        return loads(text, **options)  # type: ignore[arg-type]

    monkeypatch.setattr("pokerdb.formats.phh.toml_subset.tomllib.loads", counted)
    hand = MINIMAL.replace("starting_stacks = [200, 100]",
                           "starting_stacks = [inf, inf] # unknown")
    assert hand != MINIMAL
    text = "".join(f"[{key}]\n{hand}\n" for key in range(1, 41))
    hands = list(parse_hands(text + "[41]\nvariant = = 'NT'\n", "many.phhs"))
    assert [type(each) for each in hands] == [PhhHand] * 40 + [PhhError]
    assert [each.starting_stacks for each in hands[:40]] == [(None, None)] * 40
    assert read[:40] == [f"[{key}]\n{hand}\n" for key in range(1, 41)]
    assert str(hands[40]).endswith("Invalid value (at line 322, column 11)")


@given(st.text(), st.text(), st.none() | st.integers(0, 10**6), st.none() | st.text(min_size=1))
def test_an_error_about_a_hand_crosses_processes_whole(source: str, message: str,
                                                       action: int | None,
                                                       reason: str | None) -> None:
    """Pickled, as a worker process sends it to the importer: its source, words, action and
    reason as they were (compiled, its class's own fields, not InputError's three)."""
    error = PhhError(source, message, action, reason)
    sent = pickle.loads(pickle.dumps(error))
    assert type(sent) is PhhError
    assert (sent.source, sent.message, sent.action, sent.reason, str(sent)) == (
        source, message, action, reason or message, f"{source}: {message}")
