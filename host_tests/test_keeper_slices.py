"""The keeper's work in slices (issue 28): no tick of the box does more than one step of a file
(a check of an earlier `.new` and its removal, a write, a read-back or a rename) over a whole
match, its end with the statistics' merge and a new match's start, so a save never holds the
box's loop; and the statistics are on the flash a few ticks after the match's end, merged once."""

import json
import os

from app.core import FINISHED
from hal.storage import PosixFiles

from board_sim.box import BoxOptions, SimBox
from board_sim.script_player import BoxPlayer


class CountingFiles(PosixFiles):
    """The board's files, counting the operations on them."""

    def __init__(self):
        self.operations = 0

    def open(self, path, mode):
        self.operations += 1
        return open(path, mode)

    def rename(self, source, target):
        self.operations += 1
        os.rename(source, target)

    def remove(self, path):
        self.operations += 1
        os.remove(path)


def _play_a_match_watched(box, watched_tick):
    """Play the box's match to its end with `watched_tick` as its tick (which calls the box's
    own, kept before), its saves finished; the box closed after."""
    tick = box.tick
    box.tick = watched_tick
    try:
        assert BoxPlayer(box).play()
        box.finish_saves()
    finally:
        box.tick = tick
        box.close()


def test_no_tick_does_more_than_one_step_of_a_file_and_the_merge_follows_the_match_s_end(tmp_path):
    files = CountingFiles()
    box = SimBox(BoxOptions(data_dir=str(tmp_path), seed=7, players=2, hints=True), files)
    per_tick = []
    phases = []
    stats_from = []  # the first tick after which the statistics are on the flash
    tick = box.tick

    def counted_tick():
        before = files.operations
        tick()
        per_tick.append(files.operations - before)
        phases.append(box.view.phase)
        if not stats_from and (tmp_path / "stats").exists():
            stats_from.append(len(per_tick) - 1)

    box.tick = counted_tick
    try:
        player = BoxPlayer(box)
        assert player.play()
        box.finish_saves()
        stats = json.loads((tmp_path / "stats").read_bytes()[12:])
        assert stats["last"] == 1 and stats["presets"]["classic"][0] == 1
        # after the match's own save: its modules imported, the file read, the match added ...
        assert stats_from[0] - phases.index(FINISHED) >= 5
        player.to_standings()
        box.board.press("ok")  # play again
        box.run(500)
        box.finish_saves()
    finally:
        box.tick = tick
        box.close()
    assert sum(per_tick) > 40  # the saves of a whole match were counted
    assert max(per_tick) <= 2, max(per_tick)  # a check of `.new` and its removal, at most


def test_a_match_s_rules_are_named_once_not_at_each_save(tmp_path):
    """A match not classic saves its rules by name: game.rule_names is loaded for its first save
    only (app.keeper keeps the names for the match), not again at each save, where it held 4 KB
    of a Pico's heap beside the save's own modules."""
    import sys

    box = SimBox(BoxOptions(data_dir=str(tmp_path), preset="lucky-7", seed=7, players=2, hints=True))
    loads = []
    tick = box.tick

    def watched_tick():
        before = "game.rule_names" in sys.modules
        tick()
        if not before and "game.rule_names" in sys.modules:
            loads.append(box.keeper.writes)

    sys.modules.pop("game.rule_names", None)
    _play_a_match_watched(box, watched_tick)
    assert box.keeper.writes >= 5  # the menu, the match (at least three saves), the statistics
    assert len(loads) == 1, loads
    saved = json.loads((tmp_path / "match").read_bytes()[12:].split(b"\n")[0])
    assert saved["rules"]["start"] == "lucky-7"


def test_the_heap_is_collected_after_each_piece_of_the_keeper_s_work_in_a_tick_of_its_own(tmp_path, monkeypatch):
    """A save leaves its imported modules and its payload as garbage: the keeper collects it in
    a slice of its own after each piece of work (a collection takes a Pico some 18 ms), so the
    collector's threshold (main.py) no longer lands it inside a save's slice or the coach's. That
    tick writes no file, computes nothing of the coach's and sends no band of a frame."""
    import app.keeper

    files = CountingFiles()
    box = SimBox(BoxOptions(data_dir=str(tmp_path), seed=7, players=2, hints=True), files)
    collections = []
    monkeypatch.setattr(app.keeper, "collect", lambda: collections.append(1))
    hints = box.app.hints
    work = hints.work
    coach = []

    def counted_work(turn, log):
        coach.append(1)
        return work(turn, log)

    hints.work = counted_work
    started = 0  # pieces of work begun (the keeper's job from none to its first slice)
    lonely = []  # per tick that collected: (file operations, coach's slices, bands sent)
    tick = box.tick

    def watched_tick():
        nonlocal started
        keeper = box.keeper
        idle = keeper.job is None
        counts = (files.operations, len(coach), len(collections))
        unsent = box.app.screen.unsent
        tick()
        if idle and keeper.job == 0:
            started += 1
        if len(collections) != counts[2]:
            lonely.append((files.operations - counts[0], len(coach) - counts[1], unsent))

    _play_a_match_watched(box, watched_tick)
    assert len(coach) > 50  # the coach computed the whole match (its slices counted)
    assert started >= 5  # the menu, the match (at least three saves), the statistics
    assert len(lonely) == started
    assert lonely == [(0, 0, 0)] * started
