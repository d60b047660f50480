"""Money as exact data: amounts stored as whole ten-thousandths, kept apart by money, summed
exactly by the views and by `pokerdb players` (the same bytes on both backends), filtered as a
player expects, and a database of the previous revision converted in place to the cent."""

import json
from decimal import Decimal
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy import create_engine
from support import NAMED_SEATS, fails, rows, succeeds
from test_migrations import downgrade, upgrade
from typer.testing import CliRunner

from pokerdb.answers.player_figures import money_shown, rounded

NAMES = ("Ann", "Bo", "Cy", "Di")


def phh_hand(players: list[str], blinds: tuple[Decimal, Decimal], raised: Decimal,
             folds_preflop: bool, currency: str | None) -> str:
    """A heads-up hand of equal blinds, where p1 acts first: p1 raises to `raised`; p2
    folds, or calls and folds to a bet on the flop. Amounts as written, with their
    decimals."""
    small, big = blinds
    actions = ["d dh p1 ????", "d dh p2 ????", f"p1 cbr {raised}", "p2 f"]
    if not folds_preflop:
        actions[3:] = ["p2 cc", "d db AhKd7c", f"p1 cbr {big}", "p2 f"]
    stack = raised * 4 + big
    lines = ["variant = 'NT'", "antes = [0, 0]", f"blinds_or_straddles = [{small}, {big}]",
             f"min_bet = {big}", f"starting_stacks = [{stack}, {stack}]",
             f"actions = {actions!r}", f"players = {players!r}"]
    if currency is not None:
        lines.append(f"currency = '{currency}'")
    return "\n".join(lines) + "\n"


def expected_nets(players: list[str], blinds: tuple[Decimal, Decimal], raised: Decimal,
                  folds_preflop: bool) -> dict[str, Decimal]:
    """p2 loses its blind, or the raise it called; p1 wins as much."""
    lost = blinds[1] if folds_preflop else raised
    return {players[0]: lost, players[1]: -lost}


amounts = st.integers(min_value=1, max_value=10**8).flatmap(
    lambda units: st.integers(min_value=0, max_value=4).map(
        lambda places: Decimal(units).scaleb(-places)))
hands = st.lists(st.tuples(
    st.lists(st.sampled_from(NAMES), min_size=2, max_size=2, unique=True), amounts,
    st.integers(min_value=2, max_value=9), st.booleans(),
    st.sampled_from([None, "USD", "EUR", "chips"])), min_size=1, max_size=12)


def write_hands(folder: Path, drawn: list[tuple[list[str], Decimal, int, bool, str | None]]
                ) -> dict[tuple[str, str], Decimal]:
    """The drawn hands as PHH files, and each (player, money)'s exact net."""
    folder.mkdir(exist_ok=True)
    nets: dict[tuple[str, str], Decimal] = {}
    for index, (players, big, times, folds, currency) in enumerate(drawn):
        small = big  # a small blind of the big one's size keeps every amount's decimals
        raised = big * times
        (folder / f"{index:03}.phh").write_text(
            phh_hand(players, (small, big), raised, folds, currency))
        for name, net in expected_nets(players, (small, big), raised, folds).items():
            key = (name, currency or "chips")
            nets[key] = nets.get(key, Decimal(0)) + net
    return nets


@settings(max_examples=15, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(drawn=hands)
def test_every_sum_is_the_exact_decimal_sum(runner: CliRunner, db_url: str, tmp_path: Path,
                                            drawn: list[tuple[list[str], Decimal, int, bool,
                                                              str | None]]) -> None:
    folder = tmp_path / f"hands-{abs(hash(str(drawn)))}"
    nets = write_hands(folder, drawn)
    succeeds(runner, "import", str(folder), "--db", db_url, "--quiet")
    viewed = {(name, money): Decimal(repr(net)) if isinstance(net, float) else Decimal(net)
              for name, money, net in rows(db_url, "SELECT player, currency, net "
                                                   "FROM player_stats")}
    assert viewed == nets
    stored = {(name, money): Decimal(net).scaleb(-4) for name, money, net in rows(
        db_url, f"SELECT s.name, d.currency, sum(s.net) FROM {NAMED_SEATS} s JOIN deals d "
                "ON d.id = s.deal_id GROUP BY s.name, d.currency")}
    assert stored == nets
    shown = json.loads(succeeds(runner, "players", "--db", db_url, "--format", "json").stdout)
    assert {(row["player"], row["currency"]): Decimal(str(row["net"])) for row in shown} == nets
    succeeds(runner, "delete", folder.name, "--db", db_url)  # the next example starts empty


def test_players_print_the_same_bytes_on_both_backends(runner: CliRunner, pg_url: str,
                                                       tmp_path: Path) -> None:
    drawn = [(["Ann", "Bo"], Decimal("0.07"), 3, False, "USD"),
             (["Bo", "Ann"], Decimal("0.1"), 2, True, "USD"),
             (["Ann", "Cy"], Decimal("0.0001"), 7, False, "EUR"),
             (["Cy", "Bo"], Decimal("25"), 3, False, None),
             (["Di", "Ann"], Decimal("0.05"), 5, False, "USD")]
    folder = tmp_path / "hands"
    write_hands(folder, drawn)
    sqlite_url = f"sqlite:///{tmp_path / 'pokerdb.sqlite'}"
    outputs = []
    for url in (sqlite_url, pg_url):
        succeeds(runner, "import", str(folder), "--db", url, "--quiet")
        outputs.append([succeeds(runner, "players", "--db", url, *options).stdout
                        for options in (("--format", "csv"), ("--by", "position", "-f", "csv"),
                                        ("--by", "stakes", "-f", "json"),
                                        ("--sort", "bb_per_100", "-f", "csv"))])
    assert outputs[0] == outputs[1]
    lines = outputs[0][0].splitlines()
    assert lines[0].startswith("player,currency,hands,")
    # Each (player, money) apart; a currency to the cent, chips whole.
    net = lines[0].split(",").index("net")
    by_key = {tuple(line.split(",")[:2]): line.split(",")[net] for line in lines[1:]}
    assert by_key == {("Ann", "USD"): "-0.14", ("Bo", "USD"): "-0.11", ("Di", "USD"): "0.25",
                      ("Ann", "EUR"): "0.0007", ("Cy", "EUR"): "-0.0007",
                      ("Cy", "chips"): "75", ("Bo", "chips"): "-75"}


def test_filters_by_money_kind_and_stakes(runner: CliRunner, db_url: str,
                                          tmp_path: Path) -> None:
    drawn = [(["Ann", "Bo"], Decimal("0.5"), 2, True, "USD"),
             (["Ann", "Bo"], Decimal("1"), 2, True, "EUR"),
             (["Ann", "Bo"], Decimal("50"), 2, True, None)]
    write_hands(tmp_path / "hands", drawn)
    succeeds(runner, "import", str(tmp_path / "hands"), "--db", db_url, "--quiet")

    def nets(*options: str) -> set[tuple[str, str, str]]:
        header, *lines = succeeds(runner, "players", "--db", db_url, "-f", "csv",
                                  *options).stdout.splitlines()
        net = header.split(",").index("net")
        return {(row[0], row[1], row[net]) for row in (line.split(",") for line in lines)}

    assert nets("--currency", "EUR") == {("Ann", "EUR", "1.00"), ("Bo", "EUR", "-1.00")}
    assert nets("--tournament") == {("Ann", "chips", "50"), ("Bo", "chips", "-50")}
    assert {money for _, money, _ in nets("--cash")} == {"USD", "EUR"}
    assert nets("--stakes", "NT 0.5/0.5") == {("Ann", "USD", "0.50"), ("Bo", "USD", "-0.50")}
    assert nets("--game", "FT") == set()
    assert nets("--since", "2000-01-01") == set()  # the hands have no date
    fails(runner, "players", "--db", db_url, "--since", "2026-02-01", "--until", "2026-01-01")


@pytest.mark.parametrize(("stored", "money", "shown"), [
    (15000, "USD", Decimal("1.50")), (-1, "USD", Decimal("-0.0001")),
    (50, "EUR", Decimal("0.005")), (10000, "chips", 1), (25000, "chips", Decimal("2.5")),
    (0, "USD", Decimal("0.00")), (104436886800, "USD", Decimal("10443688.68")),
    (-1600, "USD", Decimal("-0.16")), (30000, "play", 3)])
def test_amounts_are_shown_as_their_money_writes_them(stored: int, money: str,
                                                      shown: Decimal | int) -> None:
    assert str(money_shown(stored, money)) == str(shown)


def test_rounding_is_half_away_from_zero_and_exact() -> None:
    from fractions import Fraction

    assert str(rounded(Fraction(1, 8), 2)) == "0.13"
    assert str(rounded(Fraction(-1, 8), 2)) == "-0.13"
    assert str(rounded(Fraction(2, 3), 1)) == "0.7"
    assert str(rounded(Fraction(0), 1)) == "0.0"


def test_revision_0017_converts_every_amount_to_the_cent(runner: CliRunner, db_url: str,
                                                        tmp_path: Path) -> None:
    """A database of the previous revision, holding hands of decimal amounts, chips and a
    site's rake, is converted in place: every amount the same afterwards."""
    drawn = [(["Ann", "Bo"], Decimal("0.07"), 3, False, "USD"),
             (["Cy", "Bo"], Decimal("0.0003"), 9, True, "EUR"),
             (["Di", "Ann"], Decimal("1234567.89"), 2, False, None)]
    write_hands(tmp_path / "hands", drawn)
    site = Path(__file__).parent / "data" / "pokerstars" / "CashGame" / "GeneralHands"
    for source in (tmp_path / "hands", site):
        succeeds(runner, "import", str(source), "--db", db_url, "--quiet", "--skip-invalid")
    columns = ("starting_stack, put_in, net, winnings, finishing_stack, ante, blind, "
               "collected, raked, cashed_out")
    query = f"SELECT deal_id, player, {columns} FROM hands ORDER BY deal_id, player"

    def amounts() -> list[tuple[object, ...]]:
        return [tuple(_exact(value) for value in row) for row in rows(db_url, query)]

    at_head = amounts()
    engine = create_engine(db_url)
    try:
        downgrade(engine, "0016")
        assert amounts() == at_head
        upgrade(engine)
    finally:
        engine.dispose()
    assert amounts() == at_head
    assert rows(db_url, "SELECT count(*) FROM deals WHERE currency IS NULL") == [(0,)]


def _exact(value: object) -> object:
    if value is None or isinstance(value, str):
        return value
    if isinstance(value, float):
        return Decimal(repr(value)).normalize()
    return Decimal(str(value)).normalize()


def test_rake_shares_add_up_to_each_hands_rake_and_fees(runner: CliRunner, db_url: str,
                                                        tmp_path: Path) -> None:
    """Every PokerStars sample and the cash-out hands: the seats' rake shares sum to the hand's
    rake plus fees, and its nets to minus them, plus the cash-outs paid less the pots kept."""
    from test_pokerstars_situations import CASHED_OUT, CASHED_OUT_AND_WON

    (tmp_path / "cash-outs.txt").write_text(CASHED_OUT + "\n\n" + CASHED_OUT_AND_WON)
    for source in (Path(__file__).parent / "data" / "pokerstars", tmp_path / "cash-outs.txt"):
        succeeds(runner, "import", str(source), "--db", db_url, "--quiet", "--skip-invalid")
    sums = rows(db_url, "SELECT d.id, d.rake + d.fees, sum(s.raked), count(s.cashed_out) "
                        "FROM deals d JOIN seats s ON s.deal_id = d.id "
                        "WHERE d.site IS NOT NULL GROUP BY d.id, d.rake, d.fees")
    assert len(sums) == 66
    assert [(deal, paid, raked) for deal, paid, raked, _ in sums if paid != raked] == []
    shares = rows(db_url, f"SELECT s.name, s.raked, s.cashed_out, s.collected FROM {NAMED_SEATS} s "
                          "JOIN deals d ON d.id = s.deal_id WHERE d.hand_number IN "
                          "('250000000003', '250000000004') ORDER BY d.id, s.player")
    assert shares == [  # in ten-thousandths: Bo's cash-out fee, then the rake of the pot
        ("Cy", 0, 0, 0), ("Ann", 9000, 0, 191500), ("Bo", 1600, 154000, 0),  # kept
        ("Cy", 0, 0, 0), ("Ann", 0, 0, 0), ("Bo", 10600, 154000, 0)]


def _money_of_header(header: str) -> str:
    """A PokerStars hand's money, read off its first line independently of pokerdb."""
    if "Tournament #" in header:
        return "chips"
    if "€" in header or " EUR" in header:
        return "EUR"
    if "£" in header or " GBP" in header:
        return "GBP"
    if "$" in header or " USD" in header:
        return "USD"
    return "play"


def test_each_players_net_per_money_is_what_the_files_lines_say(
        runner: CliRunner, db_url: str, tmp_path: Path) -> None:
    """The PokerStars samples (dollars and euros), a tournament hand (chips) and a play-money
    hand, in one folder: each (player, money)'s net in `players` is the sum of what each
    stored hand's own lines say, and no row adds two kinds of money."""
    from test_pokerstars import SAMPLES, file_hands, nets_by_lines
    from test_pokerstars_situations import TOURNAMENT

    play = (TOURNAMENT.replace("#149651992548: Tournament #1495192630, $0.91+$0.09 USD "
                               "Hold'em No Limit - Level III (25/50)",
                               "#149651992549:  Hold'em No Limit (25/50)")
            .replace("Table '1495192630 1'", "Table 'Free'"))
    folder = tmp_path / "mixed"
    folder.mkdir()
    (folder / "tournament.txt").write_text(TOURNAMENT)
    (folder / "play.txt").write_text(play)
    import shutil

    shutil.copytree(SAMPLES, folder / "samples")
    succeeds(runner, "import", str(folder), "--db", db_url, "--quiet", "--skip-invalid")
    hands = file_hands()
    hands.update({"149651992548": TOURNAMENT.splitlines(), "149651992549": play.splitlines()})
    expected: dict[tuple[str, str], Decimal] = {}
    stored = [number for (number,) in rows(db_url, "SELECT hand_number FROM deals")]
    assert len(stored) == 66
    for number in stored:
        lines = hands[number]
        money = _money_of_header(lines[0])
        out = {line.split(": ", 1)[1].split(" (")[0] for line in lines
               if line.startswith("Seat ") and line.endswith(")") and "out of hand" in line}
        for name, net in nets_by_lines(lines)[0].items():
            if name in out:
                continue
            expected[name, money] = expected.get((name, money), Decimal(0)) + net
    shown = json.loads(succeeds(runner, "players", "--db", db_url, "--format", "json").stdout)
    assert {(row["player"], row["currency"]): Decimal(str(row["net"])) for row in shown} == \
        expected
    assert {money for _, money in expected} == {"USD", "EUR", "GBP", "chips", "play"}


@pytest.mark.parametrize(("line", "problem"), [
    ("Cy cashed out the hand for $5", "Cy cashed out the hand for 5.00 but is not in at the "
                                      "showdown"),
    ("Ann cashed out the hand for $5", "Ann cashed out the hand for 5.00 and collected 19.15 "
                                       "from the same pot"),
    ("Bo cashed out the hand for $5000", "Bo cashed out the hand for 5000.00, more than the "
                                         "20.05 of the pots it may win"),
])
def test_a_forged_cash_out_is_refused(runner: CliRunner, db_url: str, tmp_path: Path,
                                      line: str, problem: str) -> None:
    """A cash-out only by a player still in at an all-in showdown, who collects nothing of
    that pot, for at most its pots: else the hand's money would not balance."""
    from test_pokerstars_situations import CASHED_OUT

    from pokerdb.storage.engines import open_engine

    forged = CASHED_OUT.replace("Bo cashed out the hand for $15.40 | Cash Out Fee $0.16\n",
                                line + "\n").replace("(cashed out)", "")
    if not line.startswith("Bo"):
        forged = CASHED_OUT.replace("Ann collected $19.15 from pot\n",
                                    f"Ann collected $19.15 from pot\n{line}\n")
    path = tmp_path / "forged.txt"
    path.write_text(forged, encoding="utf-8")
    open_engine(db_url, create=True).dispose()
    result = fails(runner, "import", str(path), "--db", db_url)
    assert result.stderr == f"Error: {path}#250000000003: {problem}\n"
    assert rows(db_url, "SELECT count(*) FROM deals") == [(0,)]


def test_a_forged_cash_out_in_an_exported_hand_is_refused(runner: CliRunner, db_url: str,
                                                          tmp_path: Path) -> None:
    """The same through PHH: `_cashed_out` for a player who folded."""
    from test_pokerstars_situations import CASHED_OUT

    source = tmp_path / "hand.txt"
    source.write_text(CASHED_OUT, encoding="utf-8")
    succeeds(runner, "import", str(source), "--db", db_url, "--quiet")
    out = tmp_path / "out"
    succeeds(runner, "export", "--format", "phh", "-o", str(out), "--db", db_url)
    (exported,) = sorted(out.glob("*/*.phh"))
    text = exported.read_text(encoding="utf-8")
    assert "_cashed_out = [0, 0, 15.4]" in text
    forged = tmp_path / "forged.phh"
    forged.write_text(text.replace("_cashed_out = [0, 0, 15.4]", "_cashed_out = [5, 0, 15.4]"),
                      encoding="utf-8")
    result = fails(runner, "import", str(forged), "--db", db_url)
    assert result.stderr == (f"Error: {forged}: Cy cashed out the hand for 5.00 but is not in "
                             f"at the showdown\n")
