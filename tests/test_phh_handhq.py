"""The HandHQ hands of six sites (2009), as the phh-dataset converted them (tests/data/handhq,
MIT: its LICENSE beside them): each site's `winnings` read by its own accounting
(formats/phh/venues.py), each difference the accounting explains stored as rake, each other
one refused and counted by its reason; every stored hand settled as pokerkit settles it."""

import re
from collections import Counter, deque
from decimal import Decimal
from pathlib import Path

from pokerkit import HandHistory
from support import REPO, TEXTED_DEALS, rows, succeeds
from typer.testing import CliRunner

HANDHQ = REPO / "tests" / "data" / "handhq"
# The second check set: hands of other files of the same stakes (handhq_10 of each), taken from
# the same repository after the conventions were learnt on HANDHQ (README beside them).
CHECK = REPO / "tests" / "data" / "handhq-check"



def hand_texts(folder: Path = HANDHQ) -> dict[str, str]:
    """Each hand's TOML text by its source as import names it ("ABS/100NLH/...phhs#3")."""
    texts: dict[str, str] = {}
    for path in sorted(folder.glob("*/*/*.phhs")):
        name = path.relative_to(folder).as_posix()
        for key, body in re.findall(r"^\[(\d+)\]\n(.*?)(?=^\[\d+\]\n|\Z)", path.read_text(),
                                    flags=re.M | re.S):
            texts[f"{name}#{key}"] = body
    return texts


def pokerkit_nets(text: str) -> list[Decimal] | None:
    """pokerkit's payoffs of a hand it plays to the end (None for one whose actions stop
    before it)."""
    state = deque(HandHistory.loads(text), maxlen=1)[0]
    return None if state.status else [Decimal(str(payoff)) for payoff in state.payoffs]


def reason_class(reason: str) -> str:
    """A reject's reason without its seats, names and amounts."""
    return re.sub(r"\d+(\.\d+)?", "N", re.sub(r"p\d+( \([^)]*\))?", "pN", reason))


def stored_nets(db_url: str) -> dict[str, list[Decimal | None]]:
    """Each stored hand's nets before the rake, seat by seat (None: unknown)."""
    nets: dict[str, list[Decimal | None]] = {}
    for source, net, raked_share in rows(db_url, f"SELECT d.source, s.net, s.raked "
                                                 f"FROM {TEXTED_DEALS} d "
                                                 "JOIN seats s ON s.deal_id = d.id "
                                                 "ORDER BY d.id, s.player"):
        nets.setdefault(source, []).append(
            None if net is None else Decimal(net + (raked_share or 0)) / 10_000)
    return nets


def differing(nets: dict[str, list[Decimal | None]], texts: dict[str, str]) -> set[str]:
    """The stored hands whose known nets are not pokerkit's."""
    return {source for source, stored in nets.items()
            if [net for net in stored if net is not None]
            != [net for net, ours in zip(pokerkit_nets(texts[source]) or [], stored,
                                         strict=True) if ours is not None]}


def site_counts(db_url: str) -> dict[str, tuple[int, int]]:
    """Per site: the hands stored, and of them those stored with their result unknown."""
    return {name: (count, int(unknown)) for name, count, unknown in rows(
        db_url, f"SELECT {site_of(db_url, 'source')}, count(*), "
                f"sum(CASE WHEN result_known THEN 0 ELSE 1 END) FROM {TEXTED_DEALS} d GROUP BY 1")}


def site_of(db_url: str, column: str) -> str:
    """SQL for the site of a hand's source: its first folder ("ABS")."""
    if db_url.startswith("postgresql"):
        return f"substr({column}, 1, strpos({column}, '/') - 1)"
    return f"substr({column}, 1, instr({column}, '/') - 1)"


def test_each_sites_hands_are_stored_by_its_accounting(runner: CliRunner, db_url: str) -> None:
    succeeds(runner, "import", str(HANDHQ), "--db", db_url, "--skip-invalid")
    # Each site's hands: stored, of them stored with their result unknown (a showdown of
    # cards the file does not know, `????`, and no winnings), and refused by reason.
    stored = site_counts(db_url)
    assert stored == {"ABS": (61, 6), "FTP": (71, 4), "IPN": (73, 9), "ONG": (65, 0),
                      "PS": (58, 6), "PTY": (63, 0)}
    refused = Counter((source.split("/")[0], reason_class(reason)) for source, reason
                      in rows(db_url, "SELECT raw, reason FROM rejects"))
    assert refused == {
        # the actions stop after the river card (pokerkit does not play it to the end either)
        ("IPN", "the actions end before the hand is over (pN is to act)"): 1,
        # differences no accounting explains: more paid than won, more kept than a rake
        ("ABS", "its winnings are N less than its actions award: more than a rake of N% of "
                "its pot of N and a fee of N"): 1,
        ("PTY", "pN's winnings are N by the file, more than the N it won by its actions"): 2,
    }
    # The rake the winnings leave is stored where they are after it: the hand's and each
    # seat's share, which add up.
    raked = dict(rows(db_url, f"SELECT {site_of(db_url, 'd.source')}, count(*) "
                              f"FROM {TEXTED_DEALS} d "
                              f"WHERE d.rake > 0 GROUP BY 1"))
    assert raked == {"ABS": 28, "FTP": 7, "ONG": 29, "PS": 9, "PTY": 29}
    assert rows(db_url, "SELECT count(*) FROM deals d WHERE d.rake <> (SELECT sum(s.raked) "
                        "FROM seats s WHERE s.deal_id = d.id)") == [(0,)]
    # A hand of unknown result: no winner; the seats at its showdown have no net, those that
    # folded lost what they put in.
    assert rows(db_url, "SELECT count(*), count(d.winner), count(s.net), "
                        "sum(CASE WHEN s.net = -s.put_in THEN 1 ELSE 0 END) FROM deals d "
                        "JOIN seats s ON s.deal_id = d.id WHERE NOT d.result_known") \
        == [(111, 0, 58, 58)]
    # Every stored hand: pokerkit's nets (before the rake) where its result is known, and of
    # the hands pokerkit plays to the end, 99% and more are stored.
    texts = hand_texts()
    nets = stored_nets(db_url)
    assert len(nets) == 391
    complete = {source for source, text in texts.items() if pokerkit_nets(text) is not None}
    assert len(complete) == 394 and set(nets) <= complete and len(nets) * 100 >= 99 * 394
    differ = differing(nets, texts)
    # One hand deals both players' cards face up (`d dh p1 Ks3h`) and then shows them as
    # `????`: pokerdb settles it by the cards dealt, pokerkit pays no one (its pot vanishes).
    assert differ == {"IPN/100NLH/ipn NLH handhq_1-OBFUSCATED.part.phhs#72"}
    assert pokerkit_nets(texts[differ.pop()]) == [0] * 6


def test_the_second_check_set_is_stored_with_pokerkits_nets(runner: CliRunner,
                                                            db_url: str) -> None:
    """Ten hands of another file per site, read by the same conventions: every one stored,
    those whose showdown shows unknown cards with no winnings of unknown result, every known
    net pokerkit's."""
    succeeds(runner, "import", str(CHECK), "--db", db_url, "--skip-invalid")
    stored = site_counts(db_url)
    assert stored == {"ABS": (10, 0), "FTP": (10, 1), "IPN": (10, 1), "ONG": (10, 0),
                      "PS": (10, 4), "PTY": (10, 0)}
    assert rows(db_url, "SELECT count(*) FROM rejects") == [(0,)]
    texts = hand_texts(CHECK)
    nets = stored_nets(db_url)
    assert len(nets) == len(texts) == 60
    assert all(pokerkit_nets(text) is not None for text in texts.values())
    assert differing(nets, texts) == set()
