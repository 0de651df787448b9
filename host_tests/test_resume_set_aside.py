"""Nothing the box keeps is written over unseen. A file set aside: each unreadable file is kept as
`<name>.bad`, then `.bad.1`, `.bad.2` ... up to hal.storage's BAD_KEPT copies, and past them
the oldest goes first, which the box says (a full flash cannot come of it). Statistics of games
this firmware does not know: kept as they were through merges, and said at boot."""

import json

from app.core import MENU
from hal.storage import BAD_KEPT, AtomicFile
from hal.storage_save import save
from test_resume import boot, match_slots, newest_slot

NEWER_FORMATS = (3, 4, 5, 6, 7, 8)  # matches saved by firmware newer than this one


def boot_on_a_newer_match(data_dir, version):
    """Save a match in a format this firmware does not read, boot: the box's faults."""
    payload = json.dumps({"v": version, "rules": {}}).encode() + b"\n"
    save(AtomicFile(str(data_dir / "play" / "match")), payload)
    box = boot(data_dir)
    try:
        box.run(300)
        assert box.view.phase == MENU
        return list(box.view.faults)
    finally:
        box.close()


def kept(data_dir):
    """The set-aside copies of /data/play/match, by name: the format each holds."""
    found = {}
    for path in (data_dir / "play").glob("match.bad*"):
        found[path.name] = json.loads(path.read_bytes()[12:].split(b"\n")[0])["v"]
    return found


def test_a_second_unreadable_match_does_not_overwrite_the_first_set_aside(tmp_path):
    first = boot_on_a_newer_match(tmp_path, 3)
    assert len(first) == 1 and "kept as %s/play/match.bad," % tmp_path in first[0]
    second = boot_on_a_newer_match(tmp_path, 4)
    assert len(second) == 1 and "kept as %s/play/match.bad.1," % tmp_path in second[0]
    assert kept(tmp_path) == {"match.bad": 3, "match.bad.1": 4}


def test_past_the_cap_the_oldest_set_aside_goes_first_and_the_box_says_so(tmp_path):
    assert BAD_KEPT == 4
    for index, version in enumerate(NEWER_FORMATS):
        faults = boot_on_a_newer_match(tmp_path, version)
        assert len(faults) == 1, faults
        if index < BAD_KEPT:
            assert faults[0].endswith(", starting afresh")
        else:
            assert "kept as %s/play/match.bad.3" % tmp_path in faults[0]
            assert faults[0].endswith("; the oldest copy set aside before it removed (%d are kept)" % BAD_KEPT)
    assert kept(tmp_path) == {"match.bad": 5, "match.bad.1": 6, "match.bad.2": 7, "match.bad.3": 8}


def test_a_game_log_kept_aside_twice_keeps_both_copies(tmp_path):
    from test_resume_bad_files import saved_with_a_damaged_log

    from board_sim.script_player import BoxPlayer

    flaps, damaged_payload = saved_with_a_damaged_log(tmp_path)
    damaged = [damaged_payload]
    box = boot(tmp_path, flaps)
    try:
        box.run(300)
        assert len(box.view.faults) == 1 and "kept as %s.bad;" % newest_slot(tmp_path) in box.view.faults[0]
        player = BoxPlayer(box)
        while box.keeper.writes == 0:  # play on to the next save: the match with its new log
            assert player.step()
        flaps = box.board.shut_tiles()
    finally:
        box.close()
    store = match_slots(tmp_path)
    payload = store.load()
    damaged.append(payload[:payload.find(b"\n") + 1] + b"\x00" * 4 + b"\xff" * 5)
    save(store, damaged[-1])  # (the next slot: the one the first was kept from, or the other)
    box = boot(tmp_path, flaps)
    try:
        box.run(300)
        assert len(box.view.faults) == 1 and "kept as %s.bad" % newest_slot(tmp_path) in box.view.faults[0]
    finally:
        box.close()
    kept = sorted((tmp_path / "play").glob("match.*.bad*"))
    assert len(kept) == 2 and sorted(AtomicFile(str(path)).load() for path in kept) == sorted(damaged)


def test_statistics_of_games_this_firmware_does_not_know_are_said_and_kept_through_a_merge(tmp_path):
    """After a downgrade: a newer firmware's games stay in /data/stats as they were, the box
    says how many at boot, and the next match is merged beside them."""
    from board_sim.script_player import BoxPlayer

    newer = {"a-newer-game": [12, 30, 90, 5, 3, 40, 7], "another": [1, 2, 3, 0, -1, -1]}
    saved = {"v": 1, "last": 4, "players": [0, 13, 0, 0, 0, 0, 0, 0], "presets": dict(newer)}
    save(AtomicFile(str(tmp_path / "stats")), json.dumps(saved).encode())
    box = boot(tmp_path, players=1)
    try:
        box.run(300)
        assert box.view.faults == ["%s/stats: 13 games of games this firmware does not know, kept as "
                                   "they were" % tmp_path]
        assert BoxPlayer(box).play()
        box.finish_saves()  # the statistics' merge, a few ticks after the match's end
    finally:
        box.close()
    merged = json.loads((tmp_path / "stats").read_bytes()[12:])
    assert {name: merged["presets"][name] for name in newer} == newer
    assert merged["presets"]["classic"][0] == 1 and merged["last"] == 5


def test_menu_choices_a_newer_firmware_saved_are_replaced_and_said_once_at_boot(tmp_path):
    save(AtomicFile(str(tmp_path / "menu")), b'{"game": "a-newer-game", "players": 12, "hints": false}')
    box = boot(tmp_path)
    try:
        box.run(300)
        assert box.view.faults == [
            "menu: the last game, 'a-newer-game', is not offered on this box; starting on classic",
            "menu: 12 players saved last; classic is played by 8"]
        assert box.view.menu.name() == "classic" and box.view.menu.players == 8
    finally:
        box.close()
