"""Tracker statistics on hands written for the test, every figure counted by hand: the rows of
seat_stats, the player_stats views, and `pokerdb players` with its options."""

import json
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import Engine, create_engine, text
from support import TEXTED_DEALS, fails, rows, succeeds
from typer.testing import CliRunner

from pokerdb.rules.tracker_stats import position_names
from pokerdb.storage.schema import TRACKER_COUNTS


def phh(variant: str, players: list[str], blinds: list[int], actions: list[str],
        stacks: int = 200, sizes: str = "min_bet = 2") -> str:
    holes = [f"d dh p{seat} ????" for seat in range(1, len(players) + 1)]
    return "\n".join([
        f"variant = '{variant}'", f"antes = {[0] * len(players)}",
        f"blinds_or_straddles = {blinds}", sizes,
        f"starting_stacks = {[stacks] * len(players)}",
        f"actions = {[*holes, *actions]!r}", f"players = {players!r}", ""])


SIX = ["Ann", "Bo", "Cy", "Di", "Ed", "Flo"]
HANDS = {
    # UTG opens, HJ 3-bets, CO folds, BTN cold-calls, the blinds fold, UTG calls; HJ bets the
    # flop (a c-bet), BTN folds to it, UTG calls; UTG bets the river, HJ calls; UTG's aces win.
    "a.phh": phh("NT", SIX, [1, 2, 0, 0, 0, 0], [
        "p3 cbr 6", "p4 cbr 18", "p5 f", "p6 cc", "p1 f", "p2 f", "p3 cc",
        "d db AhKd7c", "p3 cc", "p4 cbr 20", "p6 f", "p3 cc",
        "d db 2s", "p3 cc", "p4 cc", "d db 3h", "p3 cbr 40", "p4 cc",
        "p3 sm AsAc", "p4 sm KsKc"]).replace("d dh p3 ????", "d dh p3 AsAc")
    .replace("d dh p4 ????", "d dh p4 KsKc"),
    # Heads-up, p2 the button posts the small blind and folds: a walk for p1, the big blind.
    "b.phh": phh("NT", ["Ann", "Bo"], [1, 2], ["p2 f"]),
    # Heads-up: the button limps, the big blind checks; p1 bets the flop, is raised, folds.
    "c.phh": phh("NT", ["Ann", "Bo"], [1, 2], [
        "p2 cc", "p1 cc", "d db 9h8h2c", "p1 cbr 2", "p2 cbr 6", "p1 f"]),
    # An under-the-gun straddle: the button, the small and the big blind call it, the
    # straddler checks; the small blind bets the flop and everyone folds.
    "d.phh": phh("NT", ["Cy", "Di", "Ed", "Flo"], [1, 2, 4, 0], [
        "p4 cc", "p1 cc", "p2 cc", "p3 cc", "d db 9h8h2c", "p1 cbr 4", "p2 f", "p3 f", "p4 f"]),
    # Fixed-limit, three-handed: the button folds, the small blind completes, the big blind
    # raises, the small blind calls; the big blind c-bets the flop and the small blind folds.
    "e.phh": phh("FT", ["Ann", "Cy", "Di"], [1, 2, 0], [
        "p3 f", "p1 cc", "p2 cbr 4", "p1 cc", "d db 9h8h2c", "p1 cc", "p2 cbr 2", "p1 f"],
        sizes="small_bet = 2\nbig_bet = 4"),
}

# Per hand and seat: position, stakes, net and the counts in TRACKER_COUNTS' order (preflop
# acted, VPIP, PFR, 3-bet chance, 3-bet, faced 3-bet, folded to it, saw flop, c-bet chance,
# c-bet, faced c-bet, folded to it, postflop bets and raises, calls, folds, went to showdown,
# won at showdown, all in).
Z = (0,) * 18
SEATS = {
    "a.phh": [
        ("Ann", "SB", -1, (1, *Z[1:])),
        ("Bo", "BB", -2, (1, *Z[1:])),
        ("Cy", "UTG", 99, (1, 1, 1, 0, 0, 1, 0, 1, 0, 0, 1, 0, 1, 1, 0, 1, 1, 0)),
        ("Di", "HJ", -78, (1, 1, 1, 1, 1, 0, 0, 1, 1, 1, 0, 0, 1, 1, 0, 1, 0, 0)),
        ("Ed", "CO", 0, (1, *Z[1:])),
        ("Flo", "BTN", -18, (1, 1, 0, 0, 0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0, 0, 0)),
    ],
    "b.phh": [("Ann", "BB", 1, Z), ("Bo", "BTN", -1, (1, *Z[1:]))],
    "c.phh": [
        ("Ann", "BB", -4, (1, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 1, 0, 0, 0)),
        ("Bo", "BTN", 4, (1, 1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0)),
    ],
    "d.phh": [
        ("Cy", "SB", 12, (1, 1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0)),
        ("Di", "BB", -4, (1, 1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0)),
        ("Ed", "UTG", -4, (1, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0)),
        ("Flo", "BTN", -4, (1, 1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0)),
    ],
    "e.phh": [
        ("Ann", "SB", -4, (1, 1, 0, 1, 0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0, 0, 0)),
        ("Cy", "BB", 4, (1, 1, 1, 0, 0, 0, 0, 1, 1, 1, 0, 0, 1, 0, 0, 0, 0, 0)),
        ("Di", "BTN", 0, (1, *Z[1:])),
    ],
}
STAKES = {"a.phh": "NT 1/2", "b.phh": "NT 1/2", "c.phh": "NT 1/2", "d.phh": "NT 1/2",
          "e.phh": "FT 1/2"}


@pytest.fixture
def written(tmp_path: Path) -> Path:
    folder = tmp_path / "written"
    folder.mkdir()
    for name, hand in HANDS.items():
        (folder / name).write_text(hand)
    return folder


def seat_rows(db_url: str) -> list[tuple[Any, ...]]:
    columns = ", ".join(TRACKER_COUNTS)
    return rows(db_url, f"SELECT d.source, s.name, s.position, s.stakes, s.big_blind / 10000, "
                        f"s.net / 10000, "
                        f"{columns} FROM seat_stats s JOIN {TEXTED_DEALS} d ON d.id = s.deal_id "
                        f"ORDER BY d.source, s.player")


def test_every_seat_is_counted_as_by_hand(runner: CliRunner, db_url: str,
                                          written: Path) -> None:
    succeeds(runner, "import", str(written), "--db", db_url)
    expected = [(source, name, position, STAKES[source], 2, net, *counts)
                for source, seated in SEATS.items() for name, position, net, counts in seated]
    assert [(*row[:4], int(row[4]), int(row[5]), *row[6:]) for row in seat_rows(db_url)] \
        == expected


def test_a_players_figures(runner: CliRunner, db_url: str, written: Path) -> None:
    """Ann: hands a (SB, folds to a 3-bet), b (a walk), c (checks her option, bets, folds to a
    raise), e (completes, calls a raise, folds to the c-bet)."""
    succeeds(runner, "import", str(written), "--db", db_url)
    found = rows(db_url, "SELECT hands, vpip, pfr, three_bet, fold_to_three_bet, cbet, "
                         "fold_to_cbet, aggression_factor, aggression_frequency, "
                         "went_to_showdown, won_at_showdown, net, bb_per_100, "
                         "allin_adjusted_net, n_preflop_acted, n_postflop_folds "
                         "FROM player_stats WHERE player = 'Ann'")
    hands, vpip, pfr, three_bet, *rest = found[0]
    assert (hands, vpip, pfr, three_bet) == (4, 33.3, 0, 0)  # rounded as players shows it
    fold_3bet, cbet, fold_cbet, factor, frequency, wtsd, wsd, net, per_100, allin, acted, \
        folds = rest
    assert (fold_3bet, cbet, fold_cbet, factor) == (None, None, 100, None)
    assert frequency == 33.3
    assert (wtsd, wsd, int(net), per_100, int(allin), acted, folds) == (
        0, None, -8, -100, -8, 3, 2)


def test_cy_across_positions_and_stakes(runner: CliRunner, db_url: str, written: Path) -> None:
    succeeds(runner, "import", str(written), "--db", db_url)
    assert rows(db_url, "SELECT position, hands, vpip, pfr, cbet, went_to_showdown, "
                        "won_at_showdown, CAST(net AS INTEGER), bb_per_100 "
                        "FROM player_position_stats WHERE player = 'Cy' "
                        "ORDER BY position") == [
        ("BB", 1, 100, 100, 100, 0, None, 4, 200),
        ("SB", 1, 100, 0, None, 0, None, 12, 600),
        ("UTG", 1, 100, 100, None, 100, 100, 99, 4950)]
    assert rows(db_url, "SELECT stakes, hands, CAST(net AS INTEGER), fold_to_cbet "
                        "FROM player_stakes_stats WHERE player = 'Cy' ORDER BY stakes") == [
        ("FT 1/2", 1, 4, None), ("NT 1/2", 2, 111, 0)]


@pytest.mark.parametrize(("players", "names"), [
    (2, "BB BTN"), (3, "SB BB BTN"), (4, "SB BB UTG BTN"), (5, "SB BB UTG CO BTN"),
    (6, "SB BB UTG HJ CO BTN"), (7, "SB BB UTG LJ HJ CO BTN"),
    (8, "SB BB UTG UTG+1 LJ HJ CO BTN"), (9, "SB BB UTG UTG+1 UTG+2 LJ HJ CO BTN"),
    (10, "SB BB UTG UTG+1 UTG+2 UTG+3 LJ HJ CO BTN")])
def test_position_names(players: int, names: str) -> None:
    assert position_names(players) == tuple(names.split())


def test_players_command(runner: CliRunner, db_url: str, written: Path) -> None:
    succeeds(runner, "import", str(written), "--db", db_url)
    data = json.loads(succeeds(runner, "players", "--format", "json", "--db", db_url).stdout)
    assert [(row["player"], row["hands"], row["net"]) for row in data] == [
        ("Cy", 3, 115), ("Bo", 3, 1), ("Ed", 2, -4), ("Ann", 4, -8), ("Flo", 2, -22),
        ("Di", 3, -82)]
    assert data[3]["vpip"] == 33.3 and {row["currency"] for row in data} == {"chips"}
    by_position = json.loads(succeeds(
        runner, "players", "--by", "position", "--min-hands", "2", "--sort", "hands",
        "--format", "json", "--db", db_url).stdout)
    assert [(row["player"], row["position"], row["hands"], row["net"]) for row in by_position] \
        == [("Ann", "BB", 2, -3), ("Ann", "SB", 2, -5), ("Bo", "BTN", 2, 3),
            ("Flo", "BTN", 2, -22)]
    csv = succeeds(runner, "players", "--by", "stakes", "--sort", "vpip", "--format", "csv",
                   "--db", db_url).stdout.splitlines()
    assert csv[0].startswith("player,currency,stakes,hands,hands_result_unknown,vpip,pfr,")
    assert [line.split(",")[:1] + line.split(",")[2:4] + line.split(",")[5:6]
            for line in csv[1:7]] == [
        ["Ann", "FT 1/2", "1", "100.0"], ["Cy", "FT 1/2", "1", "100.0"],
        ["Cy", "NT 1/2", "2", "100.0"], ["Di", "NT 1/2", "2", "100.0"],
        ["Flo", "NT 1/2", "2", "100.0"], ["Bo", "NT 1/2", "3", "33.3"]]
    fails(runner, "players", "--sort", "nope", "--db", db_url)


def test_one_players_rows(runner: CliRunner, db_url: str, written: Path) -> None:
    """--player: that player's rows alone, the same as in everyone's (and filtered on
    player_totals' key: the all-in seats' too)."""
    succeeds(runner, "import", str(written), "--db", db_url)
    for by in ((), ("--by", "position"), ("--by", "stakes"), ("--game", "NT")):
        everyone = succeeds(runner, "players", *by, "--format", "csv", "--db", db_url).stdout
        ann = succeeds(runner, "players", *by, "--player", "Ann", "--format", "csv",
                       "--db", db_url).stdout.splitlines()
        lines = everyone.splitlines()
        assert ann == [lines[0], *(line for line in lines[1:] if line.startswith("Ann,"))]
        assert len(ann) > 1
    nobody = succeeds(runner, "players", "--player", "Zed", "--db", db_url, "--format", "csv")
    assert nobody.stdout.splitlines()[1:] == []


def test_upgrade_counts_hands_stored_before_it(written: Path, tmp_path: Path,
                                               runner: CliRunner) -> None:
    """A database at revision 0010 with these hands: 0013 counts them from their actions
    exactly as import does, but for the blinds it did not store (stakes unknown)."""
    url = f"sqlite:///{tmp_path / 'old.db'}"
    succeeds(runner, "import", str(written), "--db", url)
    imported = seat_rows(url)
    engine = create_engine(url)
    from alembic import command

    from pokerdb.storage.engines import alembic_config
    try:
        with engine.begin() as connection:
            command.downgrade(alembic_config(connection), "0010")
            command.upgrade(alembic_config(connection), "head")
    finally:
        engine.dispose()
    assert seat_rows(url) == [(*row[:3], None, None, *row[5:]) for row in imported]
    assert counts_of(create_engine(url)) == 17


def counts_of(engine: Engine) -> int:
    try:
        with engine.connect() as connection:
            return int(connection.execute(text("SELECT sum(hands) FROM player_stats")).scalar()
                       or 0)
    finally:
        engine.dispose()


def test_the_views_revision_0013_made_are_the_librarys(tmp_path: Path) -> None:
    """At head the views are the SQL pokerdb.storage.player_stats writes (revision 0017 makes
    them by it), which the Parquet export runs for one dataset."""
    from pokerdb.storage.player_stats import GROUPINGS, create_view

    url = f"sqlite:///{tmp_path / 'views.db'}"
    engine = create_engine(url)
    try:
        from pokerdb.storage.engines import upgrade_to_head

        upgrade_to_head(engine)
        with engine.connect() as connection:
            stored = dict(connection.execute(text(
                "SELECT name, sql FROM sqlite_master WHERE type = 'view'")).all())
    finally:
        engine.dispose()
    for by, view in GROUPINGS.items():
        assert stored[view] == create_view(by, "sqlite")


def test_allin_adjusted_net_after_equity(runner: CliRunner, db_url: str) -> None:
    """Once `pokerdb equity` has run, each view's all-in adjusted net is the net with every
    seat all in before the river counted at its all-in net (hands.allin_net)."""
    from support import PHH_DATA

    succeeds(runner, "import", str(PHH_DATA), "--skip-invalid", "--db", db_url)
    succeeds(runner, "equity", "--db", db_url)
    by_hand = {(name, position): round(float(net), 6) for name, position, net in rows(
        db_url, "SELECT h.name, s.position, sum(coalesce(h.allin_net, h.net)) FROM hands h "
                "JOIN seat_stats s ON s.deal_id = h.deal_id AND s.player = h.player "
                "WHERE h.name IS NOT NULL GROUP BY h.name, s.position")}
    adjusted = {key for key, net in by_hand.items()
                if net != round(float(rows(db_url, f"SELECT sum(net) FROM seat_stats WHERE "
                                                   f"name = '{key[0]}' AND position = "
                                                   f"'{key[1]}'")[0][0]), 6)}
    assert adjusted, "no seat all in before the river"
    assert {(player, position): round(float(net), 6) for player, position, net in rows(
        db_url, "SELECT player, position, allin_adjusted_net FROM player_position_stats")} \
        == by_hand
    overall = {}
    for (name, _), net in by_hand.items():
        overall[name] = round(overall.get(name, 0) + net, 6)
    assert {player: round(float(net), 6) for player, net in rows(
        db_url, "SELECT player, allin_adjusted_net FROM player_stats")} == overall
    # `pokerdb players` reads the all-in seats in the statement of its sums (one round trip on
    # PostgreSQL), and says the same.
    for by, expected in (("position", by_hand), (None, overall), ("stakes", None)):
        shown = succeeds(runner, "players", "--format", "csv", "--db", db_url,
                         *(["--by", by] if by else [])).stdout.splitlines()
        columns = shown[0].split(",")
        found = [dict(zip(columns, line.split(","), strict=True)) for line in shown[1:]]
        if expected is not None:
            assert {(row["player"], row["position"]) if by else row["player"]:
                    round(float(row["allin_adjusted_net"]), 6) for row in found} == expected
        # One player's rows (read by a statement whose rows say whether there are equities,
        # then the whole one) are that player's rows of everyone's.
        name = sorted({key[0] for key in adjusted})[0]
        alone = succeeds(runner, "players", "--format", "csv", "--db", db_url, "--player",
                         name, *(["--by", by] if by else [])).stdout.splitlines()
        assert alone[1:] == [line for line in shown[1:] if line.split(",")[0] == name]
        assert len(alone) > 1


def test_players_says_when_there_is_no_player(runner: CliRunner, db_url: str) -> None:
    """A database of deal files has no seats: players says so, where it printed an empty
    table and nothing more; a filter that keeps no hand says that too."""
    from support import PE54_FILE

    succeeds(runner, "import", str(PE54_FILE), "--db", db_url)
    result = succeeds(runner, "players", "--db", db_url, "--format", "csv")
    assert result.stdout.splitlines() == [
        "player,currency,hands,hands_result_unknown,vpip,pfr,three_bet,fold_to_three_bet,cbet,"
        "fold_to_cbet,"
        "aggression_factor,aggression_frequency,went_to_showdown,won_at_showdown,net,"
        "bb_per_100,allin_adjusted_net"]
    assert result.stderr == ("Note: no recorded hand has a named player (players reads hand "
                             "histories: pokerdb import FILE.phh, or a site's file)\n")
    filtered = succeeds(runner, "players", "--db", db_url, "--currency", "EUR")
    assert "among the hands chosen" in filtered.stderr


def test_players_leaves_its_connection_as_it_found_it(db_url: str, written: Path) -> None:
    """A player's figures are read on PostgreSQL outside a transaction (one round trip); the
    connection goes back to the pool as it was: the next reader has its read-only snapshot, the
    next writer a transaction that an error rolls back."""
    from pokerdb.answers.players import player_results
    from pokerdb.storage.engines import open_engine, reading
    from pokerdb.storage.hand_filters import HandFilter

    succeeds(CliRunner(), "import", str(written), "--db", db_url)
    engine = open_engine(db_url)
    try:
        figures = list(player_results(engine, HandFilter(player="Cy")).rows)
        assert figures
        if engine.dialect.name == "postgresql":
            with reading(engine) as connection:
                assert [connection.scalar(text(f"SHOW {name}")) for name in (
                    "transaction_isolation", "transaction_read_only")] == ["repeatable read", "on"]
        with pytest.raises(RuntimeError), engine.begin() as connection:
            connection.execute(text("UPDATE player_totals SET hands = hands + 1"))
            raise RuntimeError("rolled back")
        assert list(player_results(engine, HandFilter(player="Cy")).rows) == figures
    finally:
        engine.dispose()


def test_a_players_figures_are_prepared_on_a_pooled_connection(db_url: str,
                                                                written: Path) -> None:
    """On PostgreSQL the statement of one player's figures is prepared on the server the first
    time a connection runs it (a pooled one, as `pokerdb serve`'s, then never parses it
    again), where psycopg would prepare it only after five runs; it is one statement for
    every `by` (bound to it), whose five first runs the server plans, and the sixth on its
    plan kept (a generic one); the figures are the same each time."""
    from pokerdb.answers.players import player_results
    from pokerdb.storage.engines import open_engine
    from pokerdb.storage.hand_filters import HandFilter

    succeeds(CliRunner(), "import", str(written), "--db", db_url)
    engine = open_engine(db_url, create=False)
    every_by = (None, "position", "stakes")
    try:
        figures = [list(player_results(engine, HandFilter(player="Cy"), by).rows)
                   for by in every_by]
        assert all(figures)
        assert [list(player_results(engine, HandFilter(player="Cy"), by).rows)
                for by in every_by] == figures
        if engine.dialect.name == "postgresql":
            with engine.connect() as connection:  # the pool's one connection
                prepared = connection.execute(text(
                    "SELECT statement, custom_plans, generic_plans "
                    "FROM pg_prepared_statements")).all()
            assert [(row[0].splitlines()[1:], *row[1:]) for row in prepared] == [(
                ["FROM player_totals t JOIN player_names n ON n.id = t.name_id WHERE "
                 "t.name_id = (SELECT id FROM player_names WHERE name = $2)",
                 "GROUP BY n.name, t.currency, CASE $1 WHEN 'position' THEN t.position "
                 "WHEN 'stakes' THEN t.stakes ELSE '' END, t.big_blind"], 5, 1)]
    finally:
        engine.dispose()
