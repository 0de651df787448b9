"""The keeper's work in slices (issue 28): no tick of the box does more than one step of a file
(a check of an earlier `.new` and its removal, a write, a read-back or a rename) over a whole
match, its end with the statistics' merge and a new match's start, so a save never holds the
box's loop; and the statistics are on the flash a few ticks after the match's end, merged once."""

import collections
import json
import os

from app.core import FINISHED
from app.keeper import Keeper
from app.keeper_save import MENU_BIT, menu_file
from app.keeper_steps import save_steps
from hal.storage import PosixFiles
from test_resume import saved_match

from board_sim.box import BoxOptions, SimBox
from board_sim.script_player import BoxPlayer


class CountingFiles(PosixFiles):
    """The board's files, counting the operations on them; by file name, `removed`: each
    removal of a `.new`, `looked`: those and each look for a `.new` not there (an open to read
    it); `fail_writes`: so many writes to come fail as a full flash's."""

    def __init__(self):
        self.operations = 0
        self.removed = []
        self.looked = []
        self.fail_writes = 0

    def open(self, path, mode):
        self.operations += 1
        if path.endswith(".new") and mode == "rb" and not os.path.exists(path):
            self.looked.append(os.path.basename(path))
        if mode == "wb" and self.fail_writes:
            self.fail_writes -= 1
            raise OSError(28, "ENOSPC")
        return open(path, mode)

    def rename(self, source, target):
        self.operations += 1
        os.rename(source, target)

    def remove(self, path):
        self.operations += 1
        if path.endswith(".new"):
            self.removed.append(os.path.basename(path))
            self.looked.append(os.path.basename(path))
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
    # A `.new` is looked for and removed at each file's first save only: the saves after it
    # completed leave none (a Pico's LittleFS took 12 ms a save to look). The match's, kept in
    # slots (hal.storage's), makes none.
    assert collections.Counter(files.removed) == {"menu.new": 1, "stats.new": 1}


def test_a_new_is_looked_for_again_after_a_save_that_failed(tmp_path):
    """A save that failed may leave its `.new`: the next save of that file looks for it again
    (an earlier save cut before its rename is finished, never lost), then no longer."""
    files = CountingFiles()
    keeper = Keeper(str(tmp_path), files)

    def save_menu(payload):
        for _slice in save_steps(keeper, menu_file(keeper), payload, MENU_BIT):
            pass
        looked = files.looked[:]
        files.looked.clear()
        return looked

    assert save_menu(b"first") == ["menu.new", "menu.new"]
    assert save_menu(b"second") == []
    files.fail_writes = 1
    assert save_menu(b"third") == ["menu.new"]  # the failed write's `.new` removed, not looked for
    assert keeper.unsaved == MENU_BIT and keeper.faults[0].startswith("not saved:")
    assert save_menu(b"fourth") == ["menu.new", "menu.new"]
    assert save_menu(b"fifth") == []
    assert keeper.unsaved == 0 and (tmp_path / "menu").read_bytes()[12:] == b"fifth"


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
    saved = json.loads(saved_match(tmp_path).split(b"\n")[0])
    assert saved["rules"]["start"] == "lucky-7"


class _ImportsSeen:
    """A finder that records each module imported (found anew: not in sys.modules) and finds
    none itself."""

    def __init__(self):
        self.names = collections.Counter()

    def find_spec(self, name, path=None, target=None):
        self.names[name] += 1


def test_a_save_in_play_imports_the_steps_not_the_saves_in_one_go(tmp_path):
    """A save in play imports app.keeper_save in a slice of its own, and that module alone: the
    saves in one go (app.keeper_retry) load only once a save failed, to save it again. On an
    emulated RP2040 that slice's import took 16 ms with them, 12 ms without."""
    import sys

    for fail_writes in (0, 1):
        files = CountingFiles()
        files.fail_writes = fail_writes  # 1: the first save (the menu's choices) fails
        box = SimBox(BoxOptions(data_dir=str(tmp_path / str(fail_writes)), seed=4, players=2, hints=True), files)
        seen = _ImportsSeen()
        for name in ("app.keeper_save", "app.keeper_retry"):  # (this module's import of the first)
            sys.modules.pop(name, None)
        sys.meta_path.insert(0, seen)
        try:
            _play_a_match_watched(box, box.tick)
        finally:
            sys.meta_path.remove(seen)
            box.close()
        # a match of many saves (13 with this seed's dice since issue 45's quieter ticks and
        # smaller slices: saves asked close together are one piece of work), each importing the steps
        assert box.keeper.writes > 10 and seen.names["app.keeper_save"] > 8, (box.keeper.writes, seen.names)
        assert seen.names["app.keeper_retry"] == fail_writes  # saved again in one go, once
        assert box.keeper.unsaved == 0


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


def test_the_last_turn_s_review_is_priced_in_a_tick_of_its_own_then_the_statistics_merged(tmp_path):
    """At the match's end the last turn's review is priced in a tick that imports no frame's
    module, draws or sends no frame and does no slice of a save (a Pico took 35 ms for one that
    imported app.screen_end and priced it); the statistics' merge is asked after it."""
    import sys

    files = CountingFiles()
    box = SimBox(BoxOptions(data_dir=str(tmp_path), seed=7, players=2, hints=True), files)
    app = box.app
    priced = []  # the tick that priced: (frames imported, file operations, frame drawn or sent)
    merge_asked = []  # the ticks after which the keeper had the merge asked, not yet begun
    ticks = 0
    tick = box.tick

    def watched_tick():
        nonlocal ticks
        ticks += 1
        unpriced = app.phase == FINISHED and app.hints.review.end_mask >= 0
        screen = app.screen
        frames = sorted(name for name in sys.modules if name.startswith("app.screen_"))
        before = (files.operations, screen.frames == 0 or app.dirty or bool(screen.unsent))
        tick()
        if unpriced and app.hints.review.end_mask < 0:
            after = sorted(name for name in sys.modules if name.startswith("app.screen_"))
            priced.append((ticks, after != frames, files.operations - before[0], before[1]))
        if box.keeper.merging is not None:
            merge_asked.append(ticks)

    _play_a_match_watched(box, watched_tick)
    assert len(priced) == 1, priced
    at, imported, operations, frame = priced[0]
    assert (imported, operations, frame) == (False, 0, False)
    assert json.loads((tmp_path / "stats").read_bytes()[12:])["last"] == 1  # merged
    assert merge_asked and merge_asked[0] > at
