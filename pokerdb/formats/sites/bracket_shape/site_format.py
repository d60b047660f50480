"""The format description of a site whose hand histories are in the bracket shape (text files of
hands, or a folder of them): how its files and folders are recognised and how a source of them
is opened. Each such site (pokerdb.formats.sites.pacific, .partypoker) is its `BracketSite`
and one `site_format` line. The reading (bracket_shape.reader, with numpy and the replay) is
loaded when a source is opened.
"""

import functools

from pokerdb.formats.encodings import decoded
from pokerdb.formats.input import FormatDescription, Input
from pokerdb.formats.sites.bracket_shape.lines import BracketSite, looks_like
from pokerdb.formats.sites.stars_shape.site_format import holds_files, site_description
from pokerdb.formats.sources import Source


def site_histories(site: BracketSite, source: Source) -> Input:
    """A source of the site's hand histories as an import reads it."""
    from pokerdb.formats.phh.hand_histories import HandHistories  # numpy, and the replay
    from pokerdb.formats.sites.bracket_shape.reader import reader_of

    return HandHistories(source, reader_of(site))


def _head_looks_like(site: BracketSite, head: bytes) -> bool:
    return looks_like(site, decoded(head))


def site_format(name: str, site: BracketSite) -> FormatDescription:
    """The format of a site's hand histories, in the bracket shape, as the registry takes it."""
    return site_description(
        name, site.name, functools.partial(site_histories, site),
        lambda folder: holds_files(folder, functools.partial(_head_looks_like, site)),
        functools.partial(looks_like, site))
