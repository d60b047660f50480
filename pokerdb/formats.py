"""Reading deal files: PE54 lines of 5*k cards, one deal of k players per line.

Parsing is a generator over (line number, raw bytes) so files of any size stream through in
constant memory. Each bad line becomes a `Rejected` record carrying the reason; the importer
decides whether that aborts the import or is recorded and skipped.
"""

from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from pokerdb.cards import CARDS_PER_HAND, explain_bad_card, normalise_card

UTF8_BOM = b"\xef\xbb\xbf"


@dataclass(frozen=True)
class Deal:
    line_no: int
    hands: tuple[str, ...]  # one normalised hand text ("8C TS KC 9H 4S") per player


@dataclass(frozen=True)
class Rejected:
    line_no: int
    raw: str
    reason: str


@dataclass(frozen=True)
class PlayerRule:
    """Which player counts a file may hold; by default every deal has as many as the first."""

    minimum: int | None = None
    maximum: int | None = None

    @classmethod
    def parse(cls, text: str | None) -> "PlayerRule":
        """`None` (same as the first deal), "N", "N-M" or "any"."""
        if text is None:
            return cls()
        if text == "any":
            return cls(1, None)
        low, _, high = text.partition("-")
        try:
            minimum, maximum = int(low), int(high or low)
        except ValueError:
            raise ValueError(f"--players {text!r}: expected N, N-M or 'any'") from None
        if not 1 <= minimum <= maximum:
            raise ValueError(f"--players {text!r}: counts must be at least 1, low to high")
        return cls(minimum, maximum)

    def check(self, players: int, first_players: int | None) -> str | None:
        """Why a deal of `players` hands is not allowed here, or None if it is."""
        if self.minimum is None:
            if first_players is None or players == first_players:
                return None
            return (f"expected {first_players * CARDS_PER_HAND} cards like the first deal "
                    f"({first_players} players), found {players * CARDS_PER_HAND}; "
                    f"use --players to allow mixed player counts")
        if players < self.minimum or (self.maximum is not None and players > self.maximum):
            allowed = (f"{self.minimum}" if self.minimum == self.maximum
                       else f"{self.minimum}-{self.maximum or 'any'}")
            return f"deal of {players} players, but --players allows {allowed}"
        return None


def parse_pe54_line(text: str) -> tuple[str, ...] | str:
    """The hands of one line, or the reason the line is not a deal."""
    tokens = text.split()
    cards = [normalise_card(token) for token in tokens]
    if None in cards:
        bad = next(t for t, card in zip(tokens, cards, strict=True) if card is None)
        return explain_bad_card(bad)
    if len(cards) % CARDS_PER_HAND:
        return (f"found {len(cards)} cards; a deal is 5 cards per player "
                f"(10 for two players)")
    if len(set(cards)) != len(cards):
        repeated = next(card for i, card in enumerate(cards) if card in cards[:i])
        return f"card '{repeated}' appears twice in the deal"
    return tuple(" ".join(cards[i:i + CARDS_PER_HAND])  # type: ignore[arg-type]
                 for i in range(0, len(cards), CARDS_PER_HAND))


def decode_line(raw: bytes) -> str | Rejected:
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        return Rejected(0, raw.decode("utf-8", "replace").strip(),
                        f"not UTF-8 text: byte 0x{raw[exc.start]:02x} at column {exc.start + 1}")


def read_pe54(lines: Iterable[bytes], rule: PlayerRule) -> Iterator[Deal | Rejected]:
    """Deals and rejected lines of a PE54 file given as raw lines; blank lines are skipped."""
    first_players: int | None = None
    for line_no, raw in enumerate(lines, start=1):
        if line_no == 1 and raw.startswith(UTF8_BOM):
            raw = raw[len(UTF8_BOM):]
        text = decode_line(raw)
        if isinstance(text, Rejected):
            yield Rejected(line_no, text.raw, text.reason)
            continue
        if not text.strip():
            continue
        parsed = parse_pe54_line(text)
        if isinstance(parsed, str):
            yield Rejected(line_no, text.strip(), parsed)
            continue
        reason = rule.check(len(parsed), first_players)
        if reason:
            yield Rejected(line_no, text.strip(), reason)
            continue
        first_players = first_players or len(parsed)
        yield Deal(line_no, parsed)
