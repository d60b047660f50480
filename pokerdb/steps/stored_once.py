"""A site's hands stored once (revision 0011; site_hands): a hand whose site and number an
earlier import, or this one, stored already is left out of the batch that brings it again,
when it is the same hand (`duplicates` counts them). A different hand under a stored number is
a conflict: not stored, and reported as an invalid hand naming both files (`conflicts`), which
the import fails on, or records in `rejects` with --skip-invalid. Hands are told apart by their
players, starting stacks, actions, time and table (steps.hand_histories.content_of), read
back from the stored hand's rows when it is an earlier import's."""

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from itertools import groupby

from sqlalchemy import Connection, column, select, table, tuple_

from pokerdb.formats.input import Rejected
from pokerdb.formats.sites.stars_shape.lines import numbering
from pokerdb.steps.hand_histories import SiteKey, StagedHands, content_of, site_keys, stage_hands
from pokerdb.storage.column_types import amount_of
from pokerdb.storage.deal_texts import texted
from pokerdb.storage.packed_actions import unpacked
from pokerdb.storage.partitions import dataset_schema
from pokerdb.storage.player_names import named
from pokerdb.storage.schema import datasets, site_hands

Stored = tuple[str, str]  # a stored hand's content, and where it comes from


@dataclass
class StoredOnce:
    """A site's hands stored once. `earlier`: whether the database may hold hands of earlier
    imports (else only this import's are looked for); `where`: a hand's source as the user
    finds it."""

    earlier: bool
    where: Callable[[str], str]
    seen: dict[tuple[str, str], Stored] = field(default_factory=dict)
    duplicates: int = 0
    conflicts: list[Rejected] = field(default_factory=list)

    def new(self, connection: Connection, staged: StagedHands) -> StagedHands | None:
        """The staged hands without those stored already (staged again if some are); None if
        none is new. A worker's (rows_only) have been through `kept` already."""
        if staged.batch is None:
            return staged
        keep = self.kept(connection, site_keys(staged.batch))
        if keep is None:
            return staged
        if not keep:
            return None
        return stage_hands(staged.batch.subset(keep), staged.dialect, staged.dataset_id,
                           staged.first_id, [staged.first_id + index for index in keep])

    def kept(self, connection: Connection, keys: Sequence[SiteKey | None],
             offset: int = 0) -> list[int] | None:
        """Which of a batch's hands (their site keys, in order; positions counted after
        `offset` hands) to store: None for all of them, else the indexes of those neither
        stored already nor in conflict with a stored hand."""
        wanted = [(key.site, key.number) for key in keys if key is not None]
        if not wanted:
            return None
        known = dict(self.seen)
        if self.earlier:
            known.update(_stored(connection, [key for key in wanted if key not in known]))
        keep: list[int] = []
        for index, key in enumerate(keys):
            if key is None:
                keep.append(index)
                continue
            stored = known.get((key.site, key.number))
            if stored is None:
                known[key.site, key.number] = self.seen[key.site, key.number] = (
                    key.content, self.where(key.source))
                keep.append(index)
            elif stored[0] in (key.content, ""):
                self.duplicates += 1
            else:
                self.conflicts.append(self._conflict(key, stored[1], offset))
        return None if len(keep) == len(keys) else keep

    def _conflict(self, key: SiteKey, stored: str, offset: int) -> Rejected:
        reason = (f"hand {key.number} of {key.site} is stored already, from {stored}, and "
                  f"differs from it (its players, stacks, actions, time or "
                  f"table)")
        return Rejected(key.position + offset, key.source, reason, len(key.source.encode()),
                        self.where(key.source))


def _stored(connection: Connection, wanted: list[tuple[str, str]]) -> dict[tuple[str, str],
                                                                            Stored]:
    """The site's hands stored by earlier imports among `wanted`: each one's content (read back
    from its rows; "" where they cannot be found, a hand stored before numbers were kept as
    numbers) and where it comes from."""
    if not wanted:
        return {}
    keys = connection.execute(
        select(site_hands.c.site, site_hands.c.hand_number, site_hands.c.dataset_id).where(
            tuple_(site_hands.c.site, site_hands.c.hand_number).in_(wanted))).all()
    found: dict[tuple[str, str], Stored] = {(site, number): ("", "an earlier import")
                                            for site, number, _ in keys}
    partitioned = connection.dialect.name == "postgresql"  # at head: revision 0016 on
    for dataset_id, held in groupby(sorted(keys, key=lambda key: key[2]), key=lambda key: key[2]):
        sites = {number: site for site, number, _ in held}
        found.update(_contents(connection, dataset_id, sites, partitioned))
    return found


def _contents(connection: Connection, dataset_id: int, sites: dict[str, str],
              partitioned: bool) -> dict[tuple[str, str], Stored]:
    """The content and source of a dataset's hands of these numbers (and sites), read from its
    rows: on PostgreSQL, from its own partitions (during an import `deals` names the new
    dataset's)."""
    schema = dataset_schema(dataset_id) if partitioned else None
    own_deals = table("deals", *map(column, ("id", "dataset_id", "hand_number", "site",
                                            "source_id", "source_key", "played_at",
                                            "table_name_id")), schema=schema)
    deal_texts, text = texted(own_deals, "source", "table_name")
    own_seats = table("seats", *map(column, ("deal_id", "player", "name_id",
                                             "starting_stack")), schema=schema)
    named_seats, seat_name = named(own_seats)
    own_actions = table("hand_actions", *map(column, ("deal_id", "actions")), schema=schema)
    name = connection.scalar(select(datasets.c.name).where(datasets.c.id == dataset_id))
    stored = {row.id: row for row in connection.execute(
        select(own_deals.c.id, own_deals.c.hand_number, own_deals.c.site,
               own_deals.c.played_at, text["source"], text["table_name"])
        .select_from(deal_texts).where(own_deals.c.dataset_id == dataset_id,
                                own_deals.c.hand_number.in_(list(sites)))).all()
        if sites.get(row.hand_number) == numbering(row.site or "")}
    if not stored:
        return {}
    seated = {deal: list(rows) for deal, rows in groupby(connection.execute(
        select(own_seats.c.deal_id, seat_name, own_seats.c.starting_stack)
        .select_from(named_seats).where(own_seats.c.deal_id.in_(list(stored)))
        .order_by(own_seats.c.deal_id, own_seats.c.player)).all(), key=lambda row: row[0])}
    acted = {deal: [action for _, action in unpacked(value)]
             for deal, value in connection.execute(
                 select(own_actions.c.deal_id, own_actions.c.actions)
                 .where(own_actions.c.deal_id.in_(list(stored))))}
    found: dict[tuple[str, str], Stored] = {}
    for deal, row in stored.items():
        players = seated.get(deal, [])
        found[sites[row.hand_number], row.hand_number] = (
            content_of([seat.name for seat in players],
                       [None if seat.starting_stack is None else amount_of(seat.starting_stack)
                        for seat in players], acted.get(deal, []), row.played_at,
                       row.table_name),
            f"{row.source} (dataset {name!r})")
    return found
