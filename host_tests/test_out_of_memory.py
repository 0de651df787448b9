"""An allocation failure never kills the box (issue 48): a MemoryError in a tick is caught by
the App (app.core's tick, app.recover), a save it cut short is treated like a failed write (the
files stay as last saved, "not saved" shown, saved again later), and the box plays on; a
config.json that would fill the heap with messages says a few and counts the rest."""

import json

import pytest
from app.core import FINISHED, MENU
from app.settings import load_settings
from test_memory_budget import CLASSIC, _plays_on_unix
from test_resume_retry import RETRY_MS, FlakyFlash, boot, games_kept, play_match


class HeapFullAtSave(FlakyFlash):
    """The board's files, where opening a file to write raises MemoryError (the heap full at
    that slice of a save) while `fails(save)` says so."""

    def failure(self):
        return MemoryError("memory allocation failed, allocating 1280 bytes")


def test_a_save_cut_short_by_a_full_heap_is_saved_again_and_a_match_counted_once(tmp_path):
    """A save of each kind in a whole match in turn runs out of memory once: the menu's, the
    match's first (its folder made), the first two in play (a roll's, a move's), the match's
    last (its end: the statistics' merge follows), the statistics'. No exception leaves the App,
    the fault says "not saved", and the match and the statistics end up saved, counted once,
    and a boot after resumes from them. Until issue 48 every save of the match failed in turn
    (12, 21 s of the suite): to app.recover the saves between the first two in play and the
    last are the same case as those two (the match's file under way, no statistics' payload
    made): the save is dropped and the match saved again as it stands."""
    reference = HeapFullAtSave(lambda save: False)
    box = boot(tmp_path / "reference", reference)
    try:
        play_match(box)
    finally:
        box.close()
    saves = reference.saves
    assert saves >= 6  # the menu, the start, the rolls and moves, the end, the statistics
    for failing in (1, 2, 3, 4, saves - 1, saves):
        data_dir = tmp_path / ("fail%d" % failing)
        box = boot(data_dir, HeapFullAtSave(lambda save, failing=failing: save == failing))
        try:
            play_match(box)
            box.run(RETRY_MS)
            assert box.view.phase == FINISHED
            assert "not saved: out of memory" in box.view.faults, failing
            assert games_kept(data_dir) == 1, (failing, box.view.faults)
            play_match(box)
            assert games_kept(data_dir) == 2, (failing, box.view.faults)
            flaps = box.board.shut_tiles()
        finally:
            box.close()
        box = boot(data_dir, shut=flaps)
        try:
            box.run(300)
            assert box.view.phase == MENU and games_kept(data_dir) == 2
        finally:
            box.close()


def test_a_match_plays_to_its_end_while_every_save_runs_out_of_memory(tmp_path):
    """A heap too small for any save: the match is played to its end all the same, "not
    saved" said once, and nothing written but what was saved before."""
    box = boot(tmp_path, HeapFullAtSave(lambda save: True))
    try:
        play_match(box)
        box.run(RETRY_MS)
        assert box.view.phase == FINISHED
        assert box.view.faults.count("not saved: out of memory") == 1
        assert games_kept(tmp_path) == 0 and not (tmp_path / "play" / "match").exists()
    finally:
        box.close()


def test_a_config_with_hundreds_of_unknown_keys_says_a_few_and_counts_the_rest(tmp_path):
    path = tmp_path / "config.json"
    raw = {"players": 3}
    raw.update(("k%d" % number, 0) for number in range(300))
    path.write_text(json.dumps(raw))
    settings, faults = load_settings(str(path))
    assert settings.players == 3
    assert len(faults) == 4
    assert faults[0] == '%s: unknown key "k0" (the keys are rules, players, hints, wifi); ignored' % path
    assert faults[-1] == "%s: and 297 more unknown keys; ignored" % path


@pytest.mark.micropython
def test_a_classic_match_with_hints_ends_on_a_128k_unix_heap():
    """On the unix port with 128 KiB for the firmware, classic with hints on ran out of memory
    in its first turn (a frame's band, a save's snapshot) and the MemoryError left App.tick:
    main.run would have stopped and the watchdog rebooted into the same state. Now the match
    plays to its end. The kernel then starts a new match (bench/boot_kernel.py): on 128 KiB the
    box stays at the first one's end (app.finish's step runs out of memory at every tick),
    which the kernel counted as played after ten simulated minutes of presses (70 s of the
    suite); it now gives up after 20 presses and says so."""
    played, figures = _plays_on_unix(128, mpy=True, rules=CLASSIC, turns=1)
    assert figures.get("ended", 0) >= 1, figures  # the resumed match, to its end
    if not played:
        pytest.xfail("on 128 KiB the box cannot start a new match after one: at its end the "
                     "names interned fill MicroPython's first six pools (1,260), and the seventh "
                     "(1,280 entries, the 'allocating 1280 bytes', some 14 KB in one piece on "
                     "this 64-bit port) finds no such block in the heap, so each import of a new "
                     "name fails (caught by the App): %s" % figures)
