"""The shared shape of the read models: row changes, compacted without changing the rows."""

from projections.model import Append, Delete, Increment, Upsert, compact
from tests.projections.given import written

KEY = {"game_id": "g"}


def test_an_upsert_overwritten_by_a_later_one_is_left_out() -> None:
    first, last = Upsert("t", KEY, {"a": 1, "b": 2}), Upsert("t", KEY, {"a": 3, "b": 4})
    other = Upsert("t", {"game_id": "h"}, {"a": 5, "b": 6})
    assert compact([first, other, last]) == (other, last)


def test_an_upsert_is_kept_when_a_later_one_overwrites_only_some_columns() -> None:
    changes = [Upsert("t", KEY, {"a": 1, "b": 2}), Upsert("t", KEY, {"a": 3})]
    assert compact(changes) == tuple(changes)


def test_an_upsert_is_kept_when_another_change_to_its_row_comes_between() -> None:
    for between in (
        Append("t", KEY, "a", 1),
        Delete("t", KEY),
        Increment("t", KEY, {"a": 1}),
    ):
        changes = [Upsert("t", KEY, {"a": 1}), between, Upsert("t", KEY, {"a": 3})]
        assert compact(changes) == tuple(changes)


def test_compacted_changes_write_the_same_rows() -> None:
    changes = [
        Upsert("t", KEY, {"a": 1, "b": [1]}),
        Append("t", KEY, "b", 2),
        Upsert("t", KEY, {"a": 2}),
        Upsert("t", KEY, {"a": 3, "b": []}),
        Increment("s", KEY, {"n": 2}),
        Increment("s", KEY, {"n": 3}),
    ]
    assert written(compact(changes)) == written(changes)
    assert written(changes) == {
        "t": {("g",): {"game_id": "g", "a": 3, "b": []}},
        "s": {("g",): {"game_id": "g", "n": 5}},
    }
