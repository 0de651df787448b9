"""A save that failed is saved again: at the next tick (and every few seconds while the flash
still fails) and at boot. A finished match is merged into the lifetime statistics exactly once
whatever the flash did in between: tried with the flash failing at every save of a match, once
or from there to the match's end, and failing at boot."""

import json

import pytest
from app.core import FINISHED, MENU
from box_steps import start, to_players_row
from hal.storage import PosixFiles
from test_resume import saved_match

from board_sim.box import BoxOptions, SimBox
from board_sim.script_player import BoxPlayer

RETRY_MS = 6000  # the keeper tries a failed save again within this (app.keeper's _RETRY_MS is less)


class FlakyFlash(PosixFiles):
    """The board's files on a flash whose writes fail (`failure`: ENOSPC) while `fails(save)`
    says so: `saves` counts the files opened for writing, the save that failed included."""

    def __init__(self, fails):
        self.fails = fails
        self.saves = 0

    def failure(self):
        return OSError(28, "ENOSPC")

    def open(self, path, mode):
        if "w" in mode:
            self.saves += 1
            if self.fails(self.saves):
                raise self.failure()
        return open(path, mode)


def boot(data_dir, files=None, shut=()):
    return SimBox(BoxOptions(seed=12, data_dir=str(data_dir), players=1, flaps_shut=tuple(shut)), files)


def games_kept(data_dir):
    """The classic games counted in /data/stats as the flash holds it (0 without the file)."""
    try:
        payload = (data_dir / "stats").read_bytes()[12:]
    except FileNotFoundError:
        return 0
    return json.loads(payload)["presets"].get("classic", [0])[0]


def play_match(box):
    """From the menu (or a match's end) through one whole match of 1 player, and its saves (the
    statistics' merge, a few ticks after the match's end)."""
    player = BoxPlayer(box)
    if box.view.phase == FINISHED:
        player.to_standings()
        box.board.press("ok")  # play again
        box.run(300)
    assert player.play() and box.view.phase == FINISHED
    box.finish_saves()


@pytest.fixture(scope="module")
def saves_of_one_match(tmp_path_factory):
    """The files a match writes on a flash that never fails (the same seeded match for both
    cases below: played once a module)."""
    flash = FlakyFlash(lambda save: False)
    box = boot(tmp_path_factory.mktemp("reference"), flash)
    try:
        play_match(box)
        return flash.saves
    finally:
        box.close()


@pytest.mark.parametrize("until_the_end", [False, True], ids=["once", "to-the-end"])
def test_a_finished_match_is_counted_once_whichever_save_fails(tmp_path, until_the_end, saves_of_one_match):
    saves = saves_of_one_match
    assert saves >= 5  # the menu, the start, the rolls and moves, the end, the statistics
    for failing in range(1, saves + 1):
        data_dir = tmp_path / ("fail%d" % failing)
        ended = []
        flash = FlakyFlash(lambda save, failing=failing, ended=ended: save == failing or (
            until_the_end and save > failing and not ended))
        box = boot(data_dir, flash)
        try:
            play_match(box)
            ended.append(True)  # the flash writes again, with no reboot
            # Within RETRY_MS the match is counted; the box runs until it is (a tenth of a
            # second at a time), not the whole RETRY_MS each time (a quarter of this test's
            # ticks were the box idle after the count, 26 times). A match counted twice still
            # fails: the 2 asserted after the next match and after the boot.
            waited = 0
            while games_kept(data_dir) != 1 and waited < RETRY_MS:
                box.run(100)
                waited += 100
            assert games_kept(data_dir) == 1, (failing, box.view.faults)
            assert any(fault.startswith("not saved") for fault in box.view.faults), failing
            play_match(box)
            assert games_kept(data_dir) == 2, (failing, box.view.faults)
            flaps = box.board.shut_tiles()
        finally:
            box.close()
        box = boot(data_dir, shut=flaps)  # and a boot after counts neither again
        try:
            box.run(300)
            assert box.view.phase == MENU and games_kept(data_dir) == 2
        finally:
            box.close()


def test_a_merge_that_fails_at_boot_is_saved_once_the_flash_writes_again(tmp_path):
    flash = FlakyFlash(lambda save: False)
    box = boot(tmp_path, flash)
    try:
        play_match(box)
        flaps = box.board.shut_tiles()
        assert games_kept(tmp_path) == 1
    finally:
        box.close()
    (tmp_path / "stats").unlink()  # as if the power went between the match's end and its merge
    written = []
    box = boot(tmp_path, FlakyFlash(lambda save: not written), flaps)
    try:
        box.run(300)
        assert box.view.phase == MENU and games_kept(tmp_path) == 0
        written.append(True)
        box.run(RETRY_MS)
        assert games_kept(tmp_path) == 1, box.view.faults
        play_match(box)
        assert games_kept(tmp_path) == 2, box.view.faults
    finally:
        box.close()


def test_a_menu_choice_that_failed_to_save_is_saved_once_the_flash_writes_again(tmp_path):
    written = []
    box = boot(tmp_path, FlakyFlash(lambda save: not written))
    try:
        box.run(300)
        to_players_row(box)
        box.board.press("ok")  # 1 -> 2
        box.run(300)
        assert start(box) != MENU and not (tmp_path / "menu").exists()
        written.append(True)
        box.run(RETRY_MS)
        assert json.loads((tmp_path / "menu").read_bytes()[12:])["players"] == 2
        assert saved_match(tmp_path) is not None
    finally:
        box.close()
