"""`pokerdb watch`: files written into a folder as a site writes them (a new file, a hand
appended, a hand written in two halves, a hand stored already in an old file again), each hand
stored once and only once complete, for PokerStars', GGPoker's and PHH files; a clock of the
test's own decides when a file has settled, so nothing depends on time. Ctrl-C (a real SIGINT)
ends a real process in one line."""

import signal
import subprocess
import sys
from pathlib import Path

from cash_hands import cash_hand
from sqlalchemy import Engine
from support import PHH_DATA, REPO, rows

from pokerdb.formats import InputFormat
from pokerdb.steps.watch import LAYOUTS, Watcher, complete_end

ONE, TWO, THREE, FOUR = (cash_hand(1000 + number, f"2024/01/02 10:0{number}:00")
                         for number in range(1, 5))


def stored(db_url: str) -> list[str]:
    return [number for number, in rows(db_url, "SELECT hand_number FROM deals ORDER BY id")]


def test_each_hand_stored_once_when_complete(engine: Engine, db_url: str,
                                             tmp_path: Path) -> None:
    folder = tmp_path / "site"
    (folder / "tables").mkdir(parents=True)
    watcher = Watcher(engine, [folder], settle=5)
    first = folder / "tables" / "HH Alpha.txt"
    first.write_text(ONE + TWO)
    # Hand one is complete (hand two starts after it); hand two may still grow.
    assert [batch.result.deals for batch in watcher.look(0)] == [1]
    assert stored(db_url) == ["1001"]
    assert list(watcher.look(4)) == []  # not settled yet
    assert [batch.result.deals for batch in watcher.look(5)] == [1]
    assert stored(db_url) == ["1001", "1002"]
    # Hand three written in two halves, the summary in the second.
    half = THREE.index("*** SUMMARY ***")
    with first.open("a") as out:
        out.write(THREE[:half])
    assert list(watcher.look(10)) == []
    assert list(watcher.look(20)) == []  # settled, but no summary: not complete
    with first.open("a") as out:
        out.write(THREE[half:])
    assert list(watcher.look(21)) == []  # grown: not settled
    assert stored(db_url) == ["1001", "1002"]
    [batch] = watcher.look(30)
    assert (batch.offset, batch.result.deals) == (len((ONE + TWO).encode()), 1)
    # A new file holding hand four and hand two again; hand one again in the old file.
    (folder / "HH Beta.txt").write_text(TWO + FOUR)
    with first.open("a") as out:
        out.write(ONE)
    looked = list(watcher.look(40)) + list(watcher.look(50))
    assert sorted((batch.path.name, batch.result.deals, batch.result.duplicates)
                  for batch in looked) == [("HH Alpha.txt", 0, 1), ("HH Beta.txt", 0, 1),
                                           ("HH Beta.txt", 1, 0)]
    assert stored(db_url) == ["1001", "1002", "1003", "1004"]
    assert rows(db_url, "SELECT count(*) FROM site_hands") == [(4,)]
    assert list(watcher.look(60)) == []  # nothing new: nothing read


GG_HANDS = ["Poker Hand #" + hand for hand in (REPO / "tests" / "data" / "ggpoker" /
                                              "gg_hands_example.txt").read_text()
            .split("Poker Hand #")[1:4]]
PHHS_HANDS = ["[" + hand for hand in (REPO / "tests" / "data" / "handhq" / "FTP" / "50NLH" /
                                      "ftp NLH handhq_1-OBFUSCATED.part.phhs").read_text()
              .split("\n[")[:3]]
PHHS_HANDS[0] = PHHS_HANDS[0].removeprefix("[") + "\n"
PHHS_HANDS[1:] = [hand + "\n" for hand in PHHS_HANDS[1:]]


def test_ggpoker_and_phh_files_are_followed_too(engine: Engine, db_url: str,
                                                tmp_path: Path) -> None:
    """A GGPoker file, a .phhs file of many hands and a .phh file of one, each written in
    parts: a hand is stored once the next starts, or once its file has settled (and, for
    GGPoker's, holds its summary); a file of no format watched is passed over."""
    folder = tmp_path / "site"
    folder.mkdir()
    watcher = Watcher(engine, [folder], settle=5)
    gg, phhs, phh = folder / "GG20240102.txt", folder / "hands.phhs", folder / "one.phh"
    (folder / "notes.txt").write_text("not hands\n")
    half = GG_HANDS[1].index("*** SUMMARY ***")
    gg.write_text(GG_HANDS[0] + GG_HANDS[1][:half])
    phhs.write_text(PHHS_HANDS[0] + PHHS_HANDS[1][:40])
    one = (PHH_DATA / "dwan-ivey-2009.phh").read_text()
    phh.write_text(one[:one.index("actions")])  # whole lines, no actions yet
    looked = sorted((batch.path.name, batch.result.deals) for batch in watcher.look(0))
    assert looked == [("GG20240102.txt", 1), ("hands.phhs", 1)]
    # Settled: GGPoker's half hand has no summary, the .phhs file's is cut mid-line, and the
    # .phh file's lines are no hand yet (the reader refuses it: tried once per size).
    assert list(watcher.look(10)) == [] == list(watcher.look(11))
    assert stored(db_url) == ["HandID1", "26262271344"]
    with gg.open("a") as out:
        out.write(GG_HANDS[1][half:] + GG_HANDS[2])
    with phhs.open("a") as out:
        out.write(PHHS_HANDS[1][40:] + PHHS_HANDS[2])
    phh.write_text(one)
    # Grown: each file's hands up to its last start; the .phh file waits to settle.
    assert sorted((batch.path.name, batch.result.deals) for batch in watcher.look(12)) == [
        ("GG20240102.txt", 1), ("hands.phhs", 1)]
    assert sorted((batch.path.name, batch.result.deals) for batch in watcher.look(20)) == [
        ("GG20240102.txt", 1), ("hands.phhs", 1), ("one.phh", 1)]
    assert rows(db_url, "SELECT d.hand_number, t.format FROM deals d JOIN datasets t ON "
                        "t.id = d.dataset_id ORDER BY d.id") == [
        ("HandID1", "ggpoker"), ("26262271344", "phh"), ("HandID2", "ggpoker"),
        ("26262271586", "phh"), ("HandID3", "ggpoker"), ("26262271782", "phh"),
        (None, "phh")]
    assert list(watcher.look(30)) == []


def test_a_hand_is_complete_at_the_next_start_or_settled_with_its_summary() -> None:
    both = (ONE + TWO).encode()
    assert complete_end(both, settled=False) == len(ONE.encode())
    assert complete_end(both, settled=True) == len(both)
    cut = both[:both.rindex(b"*** SUMMARY ***")]
    assert complete_end(cut, settled=True) == len(ONE.encode())
    assert complete_end(b"Tournament summary\nno hand", settled=True) == len(b"Tournament "
                                                                              b"summary\n")
    one = b"variant = 'NT'\nactions = []\n"  # a .phh file: one hand, complete once settled
    assert [complete_end(one, settled, LAYOUTS[InputFormat.PHH])
            for settled in (False, True)] == [0, len(one)]
    assert complete_end(one[:-1], True, LAYOUTS[InputFormat.PHH]) == 0


def test_ctrl_c_ends_watch(tmp_path: Path) -> None:
    folder = tmp_path / "site"
    folder.mkdir()
    db = tmp_path / "db.sqlite"
    process = subprocess.Popen(
        [sys.executable, "-m", "pokerdb", "watch", str(folder), "--db", str(db),
         "--interval", "0.05", "--settle", "0"], cwd=REPO, stdout=subprocess.PIPE,
        stderr=subprocess.PIPE, text=True)
    assert process.stdout is not None
    assert process.stdout.readline() == f"watching {folder} (Ctrl-C stops)\n"
    (folder / "hands.txt").write_text(ONE)
    line = process.stdout.readline()
    assert line.startswith(f"{folder / 'hands.txt'} (from byte 0): imported 1 deal (3 hands) "
                           f"as dataset 'hands.txt from byte 0' in "), line
    process.send_signal(signal.SIGINT)
    out, err = process.communicate(timeout=60)
    assert (process.returncode, out, err) == (
        130, "", "Interrupted: stopped watching; 1 deal imported, every hand complete when "
                 "read is stored\n")
    assert rows(f"sqlite:///{db}", "SELECT hand_number FROM deals") == [("1001",)]
