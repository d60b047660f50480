"""Recognising a format from its descriptions: the format of a path given without --format (by
its name, as a folder, or by the first bytes of a regular file), and the pointer to another
format for a line that looks like one."""

import gzip
import os
import re
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path
from typing import Final

from pokerdb.formats.encodings import UTF8_BOM
from pokerdb.formats.input import FormatDescription, Rejected
from pokerdb.formats.sources import GZIP_ERRORS, GZIP_MAGIC, STDIN

HEAD_BYTES: Final = 4096  # of a file's content, decompressed, looked at to tell its format


def format_of_path(name: str,
                   descriptions: Sequence[FormatDescription]) -> FormatDescription | None:
    """The format a path given without --format is read in: the first that claims its name;
    for a folder, the first that claims it, else the first that reads folders; for a regular
    file, the first that claims content like the file's first bytes; else None (the default
    format)."""
    for description in descriptions:
        if description.claims_name(name):
            return description
    if name == STDIN:
        return None  # stdin is read once: what sniffing read would be lost to the import
    if os.path.isdir(name):
        folders = [description for description in descriptions if description.reads_folders]
        return next((description for description in folders
                     if description.claims_folder(Path(name))), next(iter(folders), None))
    by_content = [description for description in descriptions if description.claims_content]
    if not by_content or not os.path.isfile(name):  # a pipe, too, is read once
        return None
    head = first_text(Path(name))
    return next((description for description in by_content if description.looks_like(head)),
                None)


def first_text(path: Path) -> str:
    """The first HEAD_BYTES of a file's content (decompressed when gzip) as text, bytes that
    are not UTF-8 replaced; "" when it cannot be read (the import then says why)."""
    try:
        with path.open("rb") as raw:
            compressed = raw.read(len(GZIP_MAGIC)) == GZIP_MAGIC
            raw.seek(0)
            head = gzip.GzipFile(fileobj=raw).read(HEAD_BYTES) if compressed else raw.read(
                HEAD_BYTES)
    except (OSError, *GZIP_ERRORS):
        return ""
    return head.decode("utf-8", "replace").removeprefix(UTF8_BOM)


def with_hint(rejected: Rejected, others: Sequence[FormatDescription]) -> Rejected:
    """A rejected line, its reason pointing to the first of the other formats it looks like,
    or to the site whose hand histories it looks like."""
    for other in others:
        if other.looks_like(rejected.raw):
            return replace(rejected, reason=f"{rejected.reason}; {other.hint}")
    hint = site_hint(rejected.raw)
    return replace(rejected, reason=f"{rejected.reason}{hint}") if hint else rejected


# How the hand histories of sites (or formats) pokerdb does not read begin (their first line),
# and what they are ("a site pokerdb does not read" follows a site's name; a format of a site
# pokerdb reads says so itself).
OTHER_SITES: Final = tuple((re.compile(pattern), what) for pattern, what in (
    (r"Ignition Hand #", "an Ignition hand history, a site pokerdb does not read"),
    (r"Bovada Hand #", "a Bovada hand history, a site pokerdb does not read"),
    (r"Bodog(\.eu| UK| Canada|88)? Hand #", "a Bodog hand history, a site pokerdb does not read"),
    (r"Stage #C?\d+", "an Absolute Poker or UltimateBet hand history, a site pokerdb does "
                      "not read"),
    (r"SwCPoker Hand ", "a Seals With Clubs hand history, a site pokerdb does not read"),
    (r'<game id="\d+-\d+" starttime', "a Merge Gaming Network hand history, a site pokerdb "
                                     "does not read"),
))


# How the hand histories of the sites pokerdb reads begin, and their format (for a file read
# as another site's).
READ_SITES: Final = (("PokerStars ", "pokerstars", "PokerStars"),
                     ("Poker Hand #", "ggpoker", "GGPoker"),
                     ("Winamax Poker - ", "winamax", "Winamax"),
                     ("Game started at: ", "wpn", "Winning Poker Network"),
                     # its format since 2019: "Hand #68217077 - Holdem(No Limit) - ...",
                     # "Game Hand #80586589 - Tournament #11182752 - ..."
                     ("Hand #", "wpn", "Winning Poker Network"),
                     ("Game Hand #", "wpn", "Winning Poker Network"),
                     ("***** Hand History for Game ", "partypoker", "partypoker"),
                     ("***** History for hand ", "ongame", "Ongame"),
                     ("***** ", "888poker", "888poker"),
                     ("#Game No : ", "888poker or --format partypoker", "888poker or partypoker"),
                     ("<session", "ipoker", "iPoker"), ("<?xml", "ipoker", "iPoker"),
                     ("Full Tilt Poker Game #", "full-tilt", "Full Tilt Poker"))


def site_hint(line: str) -> str:
    """For the first line of a hand history: the site it looks like ("; it looks like an Ignition
    hand history, a site pokerdb does not read", "; it looks like a GGPoker hand history: use
    --format ggpoker"); else ""."""
    head = line.lstrip("\ufeff \t")
    for pattern, what in OTHER_SITES:
        if pattern.match(head):
            return f"; it looks like {what}"
    for start, name, site in READ_SITES:
        if head.startswith(start):
            return f"; it looks like {_a(site)} hand history: use --format {name}"
    return ""


def _a(site: str) -> str:
    """The site's name after its article, as it is said ("an 888poker", "an iPoker")."""
    return f"{'an' if site[:1].lower() in 'aeio8' else 'a'} {site}"
