"""The node a request goes to under deploy/nginx.conf, for drivers that run without nginx:
nginx's `hash $key consistent` (ketama), point for point.

Each node `host:port` puts 160 points on a ring of CRC32 values: the first is the CRC32 of
`host`, a NUL byte, `port` and four zero bytes; each next one replaces the four bytes by the
previous point, little-endian. A key goes to the node of the first point at or after the
key's CRC32, wrapping round.
"""

import bisect
import re
import struct
import zlib

POINTS_PER_NODE = 160
GAME_PATH = re.compile(r"^/games/([^/]+)")


class Ring:
    def __init__(self, nodes: list[str]) -> None:
        points: dict[int, str] = {}
        for node in nodes:
            host, _, port = node.rpartition(":")
            base = host.encode() + b"\0" + port.encode()
            previous = 0
            for _ in range(POINTS_PER_NODE):
                previous = zlib.crc32(base + struct.pack("<I", previous))
                points.setdefault(previous, node)
        self._hashes = sorted(points)
        self._nodes = [points[point] for point in self._hashes]

    def node(self, key: str) -> str:
        at = bisect.bisect_left(self._hashes, zlib.crc32(key.encode()))
        return self._nodes[at % len(self._nodes)]

    def node_for_path(self, path: str, fallback: str) -> str:
        """The node for a request path: by its game id, else by `fallback` (the request id)."""
        match = GAME_PATH.match(path)
        return self.node(match.group(1) if match else fallback)
