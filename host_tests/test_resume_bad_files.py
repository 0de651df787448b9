"""The box always boots and never drops a saved game: what /data/ holds is checked against the
box it resumes on, every file that cannot be read or used is reported and kept as `<name>.bad`
(never the good copy), a half-made move comes back as it was, and a match left for the menu
resumes until another starts (issue 29). (The audit's cases, issue 18.)"""

import json

import pytest
from app import keeper_save
from app.core import MENU, PLAY, SETUP
from box_steps import leave_match, roll, start
from game.tile_masks import mask_of
from game.tiles import bit
from hal.storage import AtomicFile
from hal.storage_save import save
from test_resume import FullFlash, boot, match_slots, newest_slot, power_cut, saved_match, shut

from board_sim.script_player import BoxPlayer


def saved_mid_turn(data_dir, **options):
    """A match started and rolled once on a box built with `options`; the flaps at the cut."""
    box = boot(data_dir, **options)
    try:
        assert start(box) == PLAY
        player = BoxPlayer(box)
        while box.view.turn.rolls == 0:
            assert player.step()
        assert box.view.phase == PLAY
    finally:
        flaps = power_cut(box)
    return flaps


def only_fault(view, *words):
    assert len(view.faults) == 1, view.faults
    for word in words:
        assert word in view.faults[0], view.faults
    return view.faults[0]


@pytest.mark.parametrize(("saved_on", "booted_on", "why"), [
    ({"preset": "young-players", "tiles": 9, "rows": 2, "flap_wiring": "74hc165"}, {},
     "needs 2 rows of flaps, the box has 1"),
    ({"preset": "the-300", "tiles": 24, "flap_wiring": "74hc165"}, {}, "needs 24 tiles, the box has 9"),
    ({"preset": "2012", "tiles": 12}, {"tiles": 10}, "needs 12 tiles, the box has 10"),
], ids=["2-rows-on-1", "24-tiles-on-9", "12-tiles-on-10"])
def test_a_match_saved_on_a_box_wired_otherwise_is_set_aside_and_the_box_starts_afresh(
        tmp_path, saved_on, booted_on, why):
    saved_mid_turn(tmp_path, **saved_on)
    saved = {path.name: path.read_bytes() for path in (tmp_path / "play").glob("match.[01]")}
    assert len(saved) == 2  # (hal.storage's slots: the match as started, then as rolled)
    # The next boot is clean (nothing waits for tiles it lacks) but for the menu's note: the
    # game chosen last is not on this box's menu (said at each boot until another is saved).
    menu_note = "menu: the last game, %r, is not offered on this box; starting on classic" % saved_on["preset"]
    for boot_number in range(2):
        box = boot(tmp_path, **booted_on)
        try:
            box.run(300)
            assert box.view.phase == MENU and box.view.match is None
            faults = box.view.faults
            assert faults[0] == menu_note, faults
            if boot_number == 0:  # each copy set aside, the newest first
                assert len(faults) == 3 and all(why in fault for fault in faults[1:]), faults
                newest = newest_slot_name(saved)
                assert "/%s unreadable" % newest in faults[1] and "%s.bad, the copy before it" % newest in faults[1]
                assert faults[2].endswith(".bad, starting afresh")
            else:
                assert faults == [menu_note]
                assert start(box) == PLAY
            assert {name: (tmp_path / "play" / (name + ".bad")).read_bytes() for name in saved} == saved
        finally:
            power_cut(box)


def newest_slot_name(saved):
    """The name of the newest of the slots `saved` ({name: bytes}): the higher save number."""
    return max(saved, key=lambda name: int.from_bytes(saved[name][4:8], "little"))


def damaged(payload, length_at=4):
    """(name, bytes) of the ways a saved file is found damaged, none of which a power cut makes
    (but for a slot's truncated or empty: hal.storage's); length_at: where its header's length
    is (8 in a slot's)."""
    whole = bytearray(payload)
    flipped = bytearray(whole)
    flipped[len(flipped) // 2] ^= 0x10
    huge = bytearray(whole)
    huge[length_at:length_at + 4] = b"\xff\xff\xff\x7f"
    return [("truncated", bytes(whole[:len(whole) * 2 // 3])), ("bit-flipped", bytes(flipped)),
            ("garbage", bytes(range(256)) * 3), ("erased", b"\xff" * 512), ("huge-length", bytes(huge)),
            ("empty", b"")]


@pytest.mark.parametrize("kind", range(6))
def test_a_damaged_match_is_reported_and_kept_as_match_bad_and_the_copy_before_it_resumes(tmp_path, kind):
    """The match's newest slot (hal.storage's) damaged: the older, the match as saved before it,
    resumes. A slot that holds only the start of a save (truncated, empty) is what a cut makes
    on a filesystem that keeps a file's bytes before its close: passed over, unreported."""
    flaps = saved_mid_turn(tmp_path)
    slot = newest_slot(tmp_path)
    older = match_slots(tmp_path)
    name, data = damaged(slot.read_bytes(), 8)[kind]
    slot.write_bytes(data)
    older_payload = older.load()
    assert older.loaded_from != str(slot)
    box = boot(tmp_path, flaps)
    try:
        box.run(300)
        assert box.view.phase in (SETUP, PLAY) and box.view.turn.rolls == 0, name  # (as saved before the roll)
        if name in ("truncated", "empty"):
            assert box.view.faults == [] and slot.read_bytes() == data
        else:
            only_fault(box.view, "/%s unreadable" % slot.name, "kept as", "%s.bad, the copy before it is used" % slot.name)
            assert slot.with_name(slot.name + ".bad").read_bytes() == data
        assert match_slots(tmp_path).load() == older_payload
    finally:
        box.close()


def test_both_copies_of_the_match_damaged_are_reported_and_kept_and_the_box_starts_afresh(tmp_path):
    saved_mid_turn(tmp_path)
    kept = {}
    for path in (tmp_path / "play").glob("match.[01]"):
        kept[path.name] = damaged(path.read_bytes())[1][1]  # bit-flipped
        path.write_bytes(kept[path.name])
    box = boot(tmp_path)
    try:
        box.run(300)
        assert box.view.phase == MENU
        faults = box.view.faults
        assert len(faults) == 2 and all("checksum" in fault for fault in faults), faults
        assert faults[1].endswith("starting afresh"), faults
        assert {name: (tmp_path / "play" / (name + ".bad")).read_bytes() for name in kept} == kept
    finally:
        box.close()


@pytest.mark.parametrize("kind", range(6))
def test_damaged_statistics_are_kept_as_stats_bad_and_not_overwritten_unseen(tmp_path, kind):
    box = boot(tmp_path, seed=3)
    try:
        assert BoxPlayer(box).play()
        box.finish_saves()  # the statistics merged, in the ticks after the match's end
    finally:
        power_cut(box)
    name, data = damaged((tmp_path / "stats").read_bytes())[kind]
    (tmp_path / "stats").write_bytes(data)
    box = boot(tmp_path, seed=4)
    try:
        box.run(300)
        only_fault(box.view, "/stats unreadable", "stats.bad")
        assert BoxPlayer(box).play(), name  # a whole match: its end saves fresh statistics
        box.finish_saves()  # (merged in the ticks after its end)
        assert (tmp_path / "stats.bad").read_bytes() == data
        # fresh statistics: the match finished before the damage (merged again at boot) and this one
        assert box.view.stats.summary("classic")["games"] == 2
    finally:
        box.close()


def saved_with_a_damaged_log(data_dir):
    """A match saved mid-turn, then saved whole with a game log that is no log: (flaps, payload)."""
    flaps = saved_mid_turn(data_dir)
    store = match_slots(data_dir)
    payload = store.load()
    cut = payload.find(b"\n")
    damaged_log = payload[:cut + 1] + b"\x00\x00\x00\x00\xff\x00\x00\x00\x00"
    save(store, damaged_log)  # (the next slot)
    return flaps, damaged_log


def test_a_match_whose_game_log_alone_is_unreadable_plays_on_and_the_file_is_kept_as_match_bad(tmp_path):
    flaps, damaged_file = saved_with_a_damaged_log(tmp_path)
    slot = newest_slot(tmp_path)
    box = boot(tmp_path, flaps)
    try:
        box.run(300)
        view = box.view
        only_fault(view, "/%s: game log unreadable" % slot.name, "kept as", "%s.bad" % slot.name, "goes on without it")
        assert view.phase == PLAY and view.turn.rolls == 1 and view.log.count == 0
        assert AtomicFile(str(slot) + ".bad").load() == damaged_file
        player = BoxPlayer(box)
        while box.keeper.writes == 0:  # play on to the next save: the match with its new log
            assert player.step()
        assert saved_match(tmp_path) != damaged_file
        assert AtomicFile(str(slot) + ".bad").load() == damaged_file
    finally:
        box.close()


def test_a_damaged_game_log_that_cannot_be_kept_on_a_full_flash_is_reported_and_play_goes_on(tmp_path):
    flaps, damaged_file = saved_with_a_damaged_log(tmp_path)
    slot = newest_slot(tmp_path)
    box = boot(tmp_path, flaps, files=FullFlash())
    try:
        box.run(300)
        fault = only_fault(box.view, ": game log unreadable, not kept", "write failed", "goes on without it")
        assert "%s.bad" % slot.name in fault and not list((tmp_path / "play").glob("*.bad*"))
        assert box.view.phase == PLAY and box.view.turn.rolls == 1
        assert saved_match(tmp_path) == damaged_file
    finally:
        box.close()


def test_after_damaged_statistics_the_finished_match_still_saved_is_counted_once_in_the_fresh_ones(tmp_path):
    """The damaged statistics are set aside whole; the finished match /data/play/match still holds
    is readable, so the fresh statistics count it (nothing else is lost; the power may have
    gone before it reached the damaged file): saved at that boot, never counted again."""
    box = boot(tmp_path, seed=3)
    try:
        assert BoxPlayer(box).play()
        finished_serial = box.view.tally.serial
    finally:
        power_cut(box)
    (tmp_path / "stats").write_bytes(b"\xff" * 64)
    box = boot(tmp_path, seed=4)
    try:
        only_fault(box.view, "/stats unreadable", "stats.bad")
        saved = box.view.stats  # saved at boot: a power cut now keeps the count
        assert saved.summary("classic")["games"] == 1 and saved.last_serial == finished_serial
    finally:
        power_cut(box)
    for seed in (5, 6):  # booted again, and again after another whole match
        box = boot(tmp_path, seed=seed)
        try:
            assert box.view.faults == [] and box.view.stats.summary("classic")["games"] == 1 + (seed - 5)
            if seed == 5:
                assert BoxPlayer(box).play()
                assert box.view.tally.serial == finished_serial + 1
        finally:
            power_cut(box)


def test_a_usable_match_new_beside_a_good_match_is_set_aside_and_the_good_one_resumes(tmp_path):
    flaps = saved_mid_turn(tmp_path)
    good = saved_match(tmp_path)
    unusable = b'{"v": 2, "players": 99}\n'
    save(AtomicFile(str(tmp_path / "odd")), unusable)  # whole and checked, but no match
    (tmp_path / "odd").rename(tmp_path / "play" / "match.new")
    bad_new = (tmp_path / "play" / "match.new").read_bytes()
    box = boot(tmp_path, flaps)
    try:
        box.run(300)
        only_fault(box.view, "match.new unreadable", "match.new.bad", "the copy before it")
        assert box.view.phase == PLAY and box.view.turn.rolls == 1
        assert (tmp_path / "play" / "match.new.bad").read_bytes() == bad_new and not (tmp_path / "play" / "match.bad").exists()
        assert saved_match(tmp_path) == good and not (tmp_path / "play" / "match.new").exists()
    finally:
        box.close()


@pytest.mark.parametrize(("name", "depth"), [("match", 2000), ("stats", 1200), ("menu", 100)])
def test_checked_files_nested_thousands_deep_are_set_aside_and_the_box_boots(tmp_path, name, depth):
    payload = b"[" * depth + b"]" * depth + (b"\n" if name == "match" else b"")
    save(AtomicFile(str(tmp_path / name), max_bytes=8192), payload)
    box = boot(tmp_path)
    try:
        box.run(300)
        assert box.view.phase == MENU
        only_fault(box.view, "/%s unreadable" % name, "nested more than", name + ".bad")
    finally:
        box.close()


@pytest.mark.parametrize(("preset", "tiles", "dice", "first", "mistake"), [
    ("classic", None, (4, 5), 8, 7),
    ("2012", 12, (20,), 12, 11),
])
def test_a_half_made_move_comes_back_as_it_was_with_the_refused_flap_still_refused(
        tmp_path, preset, tiles, dice, first, mistake):
    box = boot(tmp_path, preset=preset, tiles=tiles)
    try:
        assert start(box) == PLAY
        roll(box, *dice)
        shut(box, first)  # pending
        shut(box, mistake)  # refused: shown red
        view = box.view
        before = (view.turn.pending, view.flap_feed.refused, view.must_open, view.must_shut)
        assert before[:2] == (bit(first), bit(mistake))
    finally:
        flaps = power_cut(box)
    box = boot(tmp_path, flaps, preset=preset, tiles=tiles)
    try:
        box.run(300)
        view = box.view
        assert view.phase == PLAY and view.faults == []
        assert (view.turn.pending, view.flap_feed.refused, view.must_open, view.must_shut) == before
        box.board.set_flap(mistake, False)  # put right
        box.run(150)
        assert view.flap_feed.refused == 0 and view.turn.pending == bit(first)
    finally:
        box.close()


# A classic match as the firmware before snapshot format 2 saved it (commit 68995d7, on the
# simulated box): 4 + 5 rolled and 9 shut, then 3 + 6 rolled, the power cut with flap 4 shut
# (a half-made move, which format 1 did not keep), flaps 4 and 9 shut.
FORMAT_1_SNAPSHOT = (
    b'{"v":1,"rules":{},"players":2,"source":{"rng":[0,5]},"totals":[0,0],"dropped":[0,0],'
    b'"rounds":0,"wins":[0,0],"over":0,"winners":[],"current":0,"row":0,"tally":[1,0,0,-1],'
    b'"first":0,"round":{"turn":[1,0,255,511,2,1,0,2,9,36,1,0,3,6,0,0],"current":0,"played":0,'
    b'"scores":[null,null],"lost":[0,0],"shut_by":-1,"over":0},"order":[0,1],"seats":[0,1],'
    b'"scores":[null,null],"lost":[0,0],"last":[null,null],"last_winners":[]}')
FORMAT_1_LOG = (b"\x00\x00\x00\x00\x01\x00\x00\x00\x00\x02\x05\x06\x00\x00\x03\x00\x01\x00\x00"
                b"\x02\x04\x07\x00\x00")


def test_a_match_saved_by_the_firmware_before_format_2_resumes_after_the_update(tmp_path):
    save(AtomicFile(str(tmp_path / "play" / "match")), FORMAT_1_SNAPSHOT + b"\n" + FORMAT_1_LOG)
    box = boot(tmp_path, (4, 9))
    try:
        box.run(300)
        view = box.view
        assert view.phase == PLAY and view.faults == [] and not (tmp_path / "play" / "match.bad").exists()
        assert view.turn.rolls == 2 and list(view.dice[:view.dice_count]) == [3, 6]
        assert view.turn.open_mask == mask_of(range(1, 9)) and view.turn.pending == bit(4)  # fed again
        assert view.log.count == 4 and view.tally.serial == 1
        shut(box, 5)
        assert view.turn.open_mask == mask_of((1, 2, 3, 6, 7, 8)) and view.turn.pending == 0
        saved = keeper_save.match_file(box.keeper).load()
        assert saved is not None and saved.startswith(b'{"v":2,')  # saved in this firmware's format
    finally:
        box.close()


def test_a_match_left_for_the_menu_resumes_after_a_power_cut_until_another_starts(tmp_path):
    flaps = saved_mid_turn(tmp_path)
    box = boot(tmp_path, flaps)
    try:
        box.run(300)
        assert box.view.phase == PLAY
        rolls = box.view.turn.rolls
        leave_match(box)
        assert box.view.phase == MENU
    finally:
        flaps = power_cut(box)
    box = boot(tmp_path, flaps)
    try:
        box.run(300)
        assert box.view.phase == PLAY and box.view.turn.rolls == rolls and box.view.faults == []
        leave_match(box)
        assert start(box) in (PLAY, SETUP)  # another match: the one left is gone
    finally:
        flaps = power_cut(box)
    box = boot(tmp_path, flaps)
    try:
        box.run(300)
        assert box.view.turn.rolls == 0 and box.view.faults == []
    finally:
        box.close()


def test_the_saved_menu_choices_must_be_a_game_players_and_hints(tmp_path):
    save(AtomicFile(str(tmp_path / "menu")), json.dumps({"game": ["classic"], "players": 2,
                                                        "hints": False}).encode())
    box = boot(tmp_path)
    try:
        only_fault(box.view, "/menu unreadable", "menu.bad")
        assert box.view.menu.name() == "classic"
    finally:
        box.close()
