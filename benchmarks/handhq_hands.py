"""HandHQ-shaped hands at any count, fast: `write_handhq(folder, hands, seed)` writes `.phhs`
files of 1,000 hands each, one site a file (`SITE/NNNNNN.phhs`), as the phh-dataset's HandHQ
part is laid out; `python benchmarks/handhq_hands.py FOLDER HANDS` from the command line.

Each hand is a real one: a hand of the sample of the six sites in tests/data/handhq (MIT, its
LICENSE beside it), so each site's conventions are its own, exactly (`winnings` gross or net of
the uncalled bet, after the rake, all zeros, or absent at a showdown; `????` hole and showdown
cards; iPoker's `inf` stacks and hands that stop after the river; negative blinds; Ongame's
string hand ids and `GMT-0910`; PokerStars' `seat_count`; quoted table names), and so are the
player counts (2 to 10), the action counts (12 to 18 a hand by site) and the showdown rates
(11% to 28% by site). What changes from copy to copy: the hand's number (unique per site, as
the corpus's are), its suits (one of the 24 permutations: the same hand, other cards), and where
and when it is dealt (handhq_tables, with the real files' figures it is drawn to): at one of the
site's tables, whose players stay for runs of hands and join and leave now and then (drawn from
a pool of one name per POOL_SHARE hands, the regulars more often, some of them at several tables
at once), a sample hand of the table's player count at each; its time, day, month and year those
of the table's clock, from 1 July 2009 on, each site's files one after another in time. The
sites take equal shares of the hands.

About 10 microseconds a hand: a million hands in about 20 seconds, the whole corpus's 21.6
million in about seven minutes (one core).
"""

import base64
import hashlib
import itertools
import random
import re
import sys
from dataclasses import dataclass
from pathlib import Path

from handhq_tables import REGULARS_A_TABLE, TABLES, Site

SAMPLE = Path(__file__).resolve().parent.parent / "tests" / "data" / "handhq"
FILE_HANDS = 1_000
POOL_SHARE = 20  # hands per distinct player name: 50,000 players in a million hands
CORPUS_HANDS = 21_605_687
SECTION = re.compile(r"^\[\d+\]\n", re.MULTILINE)
FIELD = re.compile(r"^(actions|hand|players|table) = .*\n"
                   r"|^(time) = .*\nday = .*\nmonth = .*\nyear = .*\n", re.MULTILINE)
CARD = re.compile(r"(?<=[2-9TJQKA])[cdhs]")


@dataclass(frozen=True)
class Template:
    """A sample hand cut around the fields that change: `parts` holds the text between them
    (one more than `order`, the fields as the file orders them; the time field is the time, day,
    month and year lines), `actions` the actions line under each permutation of the suits,
    `table` its table's name as the file writes it (None for a hand without one)."""

    parts: tuple[str, ...]
    order: tuple[str, ...]
    actions: tuple[str, ...]
    seats: int
    table: str | None


def _suit_maps() -> list[dict[str, str]]:
    return [dict(zip("cdhs", permuted, strict=True))
            for permuted in itertools.permutations("cdhs")]


def _template(text: str) -> Template:
    fields = list(FIELD.finditer(text))
    order = tuple(match.group(1) or match.group(2) for match in fields)
    if not {"actions", "hand", "players", "time"} <= set(order):
        raise ValueError(f"a sample hand without actions, hand, players or time: {text[:60]!r}")
    starts = [0] + [match.end() for match in fields]
    ends = [match.start() for match in fields] + [len(text)]
    line = fields[order.index("actions")].group(0)
    actions = tuple(CARD.sub(lambda card, m=suits: m[card.group(0)], line)
                    for suits in _suit_maps())
    players = fields[order.index("players")].group(0)
    table = (fields[order.index("table")].group(0)[len("table = "):-1]
             if "table" in order else None)
    return Template(tuple(text[start:end] for start, end in zip(starts, ends, strict=True)),
                    order, actions, players.count("'") // 2, table)


def sample_hands(sample: Path = SAMPLE) -> dict[str, list[Template]]:
    """The sample's hands by site (its folder's name: ABS, FTP, IPN, ONG, PS, PTY)."""
    sites: dict[str, list[Template]] = {}
    for path in sorted(sample.glob("*/*/*.phhs")):
        hands = SECTION.split(path.read_text())[1:]
        sites.setdefault(path.parts[-3], []).extend(_template(hand.strip() + "\n")
                                                    for hand in hands)
    return sites


def player_names(count: int, seed: int) -> list[str]:
    """`count` names shaped as HandHQ's obfuscated ones (22 characters of base64)."""
    return [base64.b64encode(hashlib.md5(f"{seed}:{number}".encode()).digest()).decode()[:22]
            for number in range(count)]


def _hand_number(site: str, number: int) -> str:
    return f"'R5-{number}-1'" if site == "ONG" else str(7_000_000_000 + number)


def _file_text(rng: random.Random, site: str, tables: Site, by_size: dict[int, list[Template]],
               first: int, count: int) -> str:
    sections = []
    for number in range(first, first + count):
        table, players, times = tables.deal()
        sized = by_size[len(players)]
        hand = sized[int(rng.random() * len(sized))]
        values = {"actions": hand.actions[int(rng.random() * 24)],
                  "hand": f"hand = {_hand_number(site, number)}\n",
                  "players": f"players = {players!r}\n", "table": f"table = {table}\n",
                  "time": times}
        text = [f"[{number - first + 1}]\n", hand.parts[0]]
        for name, part in zip(hand.order, hand.parts[1:], strict=True):
            text += (values[name], part)
        sections.append("".join(text))
    return "\n".join(sections)


def _sites(rng: random.Random, samples: dict[str, list[Template]],
           names: list[str]) -> dict[str, tuple[Site, dict[int, list[Template]]]]:
    """Each site's tables, with regulars of its own (a slice of the pool's first names), and its
    sample hands by player count."""
    sites = {}
    regulars = 0
    for site, templates in sorted(samples.items()):
        count = min(round(TABLES[site] * REGULARS_A_TABLE), len(names) // (2 * len(samples)))
        by_size: dict[int, list[Template]] = {}
        for hand in templates:
            by_size.setdefault(hand.seats, []).append(hand)
        table_names = list(dict.fromkeys(hand.table for hand in templates if hand.table))
        sites[site] = (Site(rng, site, table_names, [hand.seats for hand in templates], names,
                            names[regulars:regulars + count]), by_size)
        regulars += count
    return sites


def write_handhq(folder: Path, hands: int, seed: int = 37) -> int:
    """`hands` HandHQ-shaped hands under `folder` in files of FILE_HANDS, the sites in turn,
    each site's files one after another in time; nothing written if the folder has them
    already. The number of files."""
    files = (hands + FILE_HANDS - 1) // FILE_HANDS
    if len(list(folder.glob("*/*.phhs"))) == files:
        return files
    rng = random.Random(seed)
    sites = _sites(rng, sample_hands(), player_names(max(100, hands // POOL_SHARE), seed))
    order = sorted(sites)
    for index in range(files):
        site = order[index % len(order)]
        count = min(FILE_HANDS, hands - index * FILE_HANDS)
        path = folder / site / f"{index:06d}.phhs"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(_file_text(rng, site, *sites[site], index * FILE_HANDS, count))
    return files


if __name__ == "__main__":
    write_handhq(Path(sys.argv[1]), int(sys.argv[2]))
