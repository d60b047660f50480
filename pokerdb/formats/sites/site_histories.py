"""A site's files as an import reads them: its hand histories (pokerdb.formats.phh
.hand_histories) and its tournament summaries among them, in one file or folder. A file that
starts as the site's summaries do holds no hands: the hands' reader passes it over, and
`tournament_summaries` reads it (one or several summaries) once the hands are read
(pokerdb.steps.tournament_results stores them in the same transaction).
"""

import functools
import gzip
from collections.abc import Callable, Iterator

from pokerdb.errors import InputError
from pokerdb.formats.encodings import decoded
from pokerdb.formats.phh.file_contents import Found
from pokerdb.formats.phh.files import PhhFile
from pokerdb.formats.phh.hand_histories import HandHistories, HandReader
from pokerdb.formats.sites.summary_lines import SummaryFormat, TournamentSummary
from pokerdb.formats.sources import GZIP_MAGIC, Source
from pokerdb.rules.hand_record import PhhError

HEAD_BYTES = 4096  # of a file read to tell a summary from hands


class SiteHistories(HandHistories):
    """A source of a site's hand histories and tournament summaries."""

    def __init__(self, source: Source, reader: HandReader, summaries: SummaryFormat) -> None:
        parts = reader.parts
        super().__init__(source, HandReader(
            reader.files, functools.partial(_hands, summaries, reader.parse, source.is_stream),
            reader.kind,
            reader.site, None if parts is None else functools.partial(_parts, summaries, parts)))
        self.summaries = summaries

    def tournament_summaries(self) -> Iterator[TournamentSummary]:
        """The summaries among the files, in path order (a stream, read once for its hands,
        holds none); a summary that cannot be read fails with the one line naming it."""
        if self.source.is_stream:
            return
        for index, file in enumerate(self.files):
            kept = self.kept[index] if index < len(self.kept) else None
            try:
                content = kept[1] if kept is not None else _head(file)
                if isinstance(content, PhhError) or not self.summaries.claims(content):
                    continue
                whole = content if kept is not None else file.content()
                yield from self.summaries.summaries(decoded(whole), file.source)
            except InputError as error:  # a summary's line, or its file (PhhError)
                raise InputError(self.where(error.source), None, error.message) from None


def _head(file: PhhFile) -> bytes:
    """The first bytes of a file's content (decompressed when gzip); b"" if it cannot be
    read, which its hands' reading has told already."""
    try:
        with open(file.path, "rb") as raw:
            head = raw.read(HEAD_BYTES)
            if head[:2] == GZIP_MAGIC:
                raw.seek(0)
                head = gzip.GzipFile(fileobj=raw).read(HEAD_BYTES)
    except (OSError, EOFError, gzip.BadGzipFile):
        return b""
    return head


def _hands(summaries: SummaryFormat, parse: Callable[[PhhFile, bytes], Found], stream: bool,
           file: PhhFile, content: bytes) -> Found:
    """A file's hands; none in a summary, which a stream (read once, for its hands) cannot
    give."""
    if not summaries.claims(content):
        return parse(file, content)
    if stream:
        return (PhhError(file.source, f"a {summaries.site} tournament summary: pokerdb reads "
                                      f"summaries from a file or folder, not from a stream"),)
    return ()


def _parts(summaries: SummaryFormat,
           parts: Callable[[PhhFile, bytes], list[Callable[[], Found]]], file: PhhFile,
           content: bytes) -> list[Callable[[], Found]]:
    """A file's hands in parts; a summary's one part of none."""
    return [tuple] if summaries.claims(content) else parts(file, content)
