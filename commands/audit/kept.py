"""The audits of stored games, each report kept while its log stays exactly as it was.

An audit decides every command of a game again, tens of microseconds an event, so a long
game asked for again answers the report already made, as long as nothing the audit reads
has changed. The key is computed afresh from the rows of every request: SHA-256 over each
stored event's version, type, schema version, data and metadata (`LogRow`), in order
(MessagePack, whose lengths frame every field), so a changed byte anywhere, metadata included, or an
event added, removed or moved gives another key and a fresh audit. At most `size` reports
are kept, the one asked for least recently going first.
"""

import hashlib
from collections import OrderedDict
from collections.abc import Sequence

import msgspec

from commands.audit.report import AuditReport, audit
from commands.log import published
from commands.log.store import LogRow

REPORTS_KEPT = 256


class Audits:
    """Reports by the digest of the rows they were made from; used by one thread at a time."""

    def __init__(self, size: int = REPORTS_KEPT) -> None:
        self._size = size
        self._reports: OrderedDict[bytes, AuditReport] = OrderedDict()

    def report(
        self,
        game_id: str,
        rows: Sequence[LogRow],
        source_id: str = "",
        source: Sequence[LogRow] = (),
    ) -> AuditReport:
        """The audit of a game's stored rows (a sandbox's with its source's, game
        `source_id`), refused as `published.published` refuses them."""
        published.require_published(game_id, rows)
        key = digest([*rows, *source])
        kept = self._reports.get(key)
        if kept is not None:
            self._reports.move_to_end(key)
            return kept
        records = [published.audited(game_id, row) for row in rows]
        source_log = [published.audited(source_id, row) for row in source]
        report = audit(records, source_log)
        self._reports[key] = report
        if len(self._reports) > self._size:
            self._reports.popitem(last=False)
        return report


def digest(rows: Sequence[LogRow]) -> bytes:
    """SHA-256 of the rows (each a MessagePack array of its fields), in order."""
    return hashlib.sha256(msgspec.msgpack.encode(rows)).digest()
