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
the corpus's are), its players (drawn from a pool of one name per POOL_SHARE hands, the
regulars more often, as a site's players are), and its suits (one of the 24 permutations:
the same hand, other cards). The sites take equal shares of the hands.

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

SAMPLE = Path(__file__).resolve().parent.parent / "tests" / "data" / "handhq"
FILE_HANDS = 1_000
POOL_SHARE = 20  # hands per distinct player name: 50,000 players in a million hands
CORPUS_HANDS = 21_605_687
SECTION = re.compile(r"^\[\d+\]\n", re.MULTILINE)
FIELD = re.compile(r"^(actions|hand|players) = .*\n", re.MULTILINE)
CARD = re.compile(r"(?<=[2-9TJQKA])[cdhs]")


@dataclass(frozen=True)
class Template:
    """A sample hand cut around the fields that change: `parts` holds the text between them,
    `actions` the actions line under each permutation of the suits."""

    parts: tuple[str, str, str, str]
    order: tuple[str, str, str]  # the fields between the parts, as the file orders them
    actions: tuple[str, ...]
    seats: int


def _suit_maps() -> list[dict[str, str]]:
    return [dict(zip("cdhs", permuted, strict=True))
            for permuted in itertools.permutations("cdhs")]


def _template(text: str) -> Template:
    fields = list(FIELD.finditer(text))
    order = tuple(match.group(1) for match in fields)
    if sorted(order) != ["actions", "hand", "players"]:
        raise ValueError(f"a sample hand without actions, hand or players: {text[:60]!r}")
    parts = (text[:fields[0].start()], text[fields[0].end():fields[1].start()],
             text[fields[1].end():fields[2].start()], text[fields[2].end():])
    line = fields[order.index("actions")].group(0)
    actions = tuple(CARD.sub(lambda card, m=suits: m[card.group(0)], line)
                    for suits in _suit_maps())
    players = fields[order.index("players")].group(0)
    return Template(parts, (order[0], order[1], order[2]), actions, players.count("'") // 2)


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


def _seated(rng: random.Random, names: list[str], seats: int) -> str:
    """`seats` distinct names, the pool's first (its regulars) far more often than its last."""
    chosen: list[str] = []
    while len(chosen) < seats:
        name = names[int(len(names) * rng.random() ** 2)]
        if name not in chosen:
            chosen.append(name)
    return repr(chosen)


def _file_text(rng: random.Random, site: str, templates: list[Template], names: list[str],
               first: int, count: int) -> str:
    sections = []
    for number in range(first, first + count):
        hand = templates[rng.randrange(len(templates))]
        values = {"actions": hand.actions[rng.randrange(24)],
                  "hand": f"hand = {_hand_number(site, number)}\n",
                  "players": f"players = {_seated(rng, names, hand.seats)}\n"}
        sections.append("".join((f"[{number - first + 1}]\n", hand.parts[0],
                                 values[hand.order[0]], hand.parts[1], values[hand.order[1]],
                                 hand.parts[2], values[hand.order[2]], hand.parts[3])))
    return "\n".join(sections)


def write_handhq(folder: Path, hands: int, seed: int = 37) -> int:
    """`hands` HandHQ-shaped hands under `folder` in files of FILE_HANDS, the sites in turn;
    nothing written if the folder has them already. The number of files."""
    files = (hands + FILE_HANDS - 1) // FILE_HANDS
    if len(list(folder.glob("*/*.phhs"))) == files:
        return files
    rng = random.Random(seed)
    sites = sample_hands()
    names = player_names(max(100, hands // POOL_SHARE), seed)
    order = sorted(sites)
    for index in range(files):
        site = order[index % len(order)]
        count = min(FILE_HANDS, hands - index * FILE_HANDS)
        path = folder / site / f"{index:06d}.phhs"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(_file_text(rng, site, sites[site], names, index * FILE_HANDS, count))
    return files


if __name__ == "__main__":
    write_handhq(Path(sys.argv[1]), int(sys.argv[2]))
