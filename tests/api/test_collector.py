"""`cardroom serve`'s collector settings."""

import gc

from api.main.collector import MIDDLE, OLD, YOUNG, tune_for_serving


def test_serving_freezes_what_exists_and_collects_less_often() -> None:
    before = gc.get_threshold()
    made_before = object.__new__(type("Made", (), {}))
    try:
        tune_for_serving()
        assert gc.get_threshold() == (YOUNG, MIDDLE, OLD)
        assert gc.get_freeze_count() > 0
        assert not any(o is made_before for o in gc.get_objects())  # frozen: not walked
    finally:
        gc.unfreeze()
        gc.set_threshold(*before)
