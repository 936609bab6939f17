"""Garbage collector settings for a serving process.

Python's collector walks every tracked object on a full collection, and a full collection
comes once objects promoted from the young generations reach a quarter of the old one. A
service with thousands of live streams holds hundreds of thousands of objects (each stream
is a chain of coroutines and buffers) and promotes many short-lived ones, so under load a
full collection came every few seconds and held the event loop for hundreds of
milliseconds: every request waited behind it. Almost nothing the service makes is cyclic
garbage (refcounting frees it), so collecting less often costs little memory:

- the objects made at start-up (modules, routes, the OpenAPI document) live as long as the
  process and are frozen out of every collection;
- the young generation is collected every `YOUNG` allocations rather than every 700, so
  short-lived objects die before a collection sees them, and the old generations far less
  often.
"""

import gc

YOUNG = 10_000
"""Net allocations of tracked objects between two collections of the young generation."""
MIDDLE = 10
"""Young collections between two collections of the middle generation."""
OLD = 100
"""Middle collections before a full collection is considered."""


def tune_for_serving() -> None:
    """Freeze what exists now and collect less often; call once the app is built."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(YOUNG, MIDDLE, OLD)
