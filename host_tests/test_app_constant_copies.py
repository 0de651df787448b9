"""app.core and app.presentation keep const() copies of a few of app.reconcile's and
app.roller's codes (an imported name costs a stored name on the board): the copies must stay
equal to the originals."""

from app import core, presentation, reconcile, roller


def test_the_apps_copies_of_the_reconcile_flags_and_roller_states_match_their_originals():
    for name in ("_TOOK_BACK", "_ACCEPTED", "_DONE", "_REFUSED"):
        assert getattr(core, name) == getattr(reconcile, name), name
    assert core._TUMBLING == presentation._TUMBLING == roller.TUMBLING
    assert core._LANDED == roller._LANDED
