"""Matches saved on /data by the firmware before the snapshot walked its classes' declarations
(format 2, commit 5014f94), frozen in snapshots_format2.json: for each of test_game_snapshot's
FORMATS (every match format, source and stake) one a third of the way in and one finished. Each
restores and saves again unchanged: a firmware update never drops a match in progress."""

import json
import pathlib

import game.snapshot as snap
import game.snapshot_load as snap_load
from game.gamelog import MatchTally

SAVED = json.loads((pathlib.Path(__file__).parent / "snapshots_format2.json").read_text())


def test_every_match_saved_before_restores_and_saves_unchanged():
    assert len(SAVED) == 22
    for state in SAVED:
        tally = MatchTally()
        match, source = snap_load.restore(json.loads(json.dumps(state)), tally)
        assert snap.snapshot(match, source, tally) == state
        assert match.over == bool(state["over"])
