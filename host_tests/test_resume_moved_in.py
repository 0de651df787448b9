"""A box flashed over firmware that kept its match as /data/match: the match resumes from its own
folder, /data/play/ (app.keeper_save's match_file), each copy moved there at boot
(hal.storage's AtomicFile.adopt), a power cut between the moves costing nothing; and over
firmware that kept it in one file (`match`, `match.new`), not hal.storage's two slots: it
resumes, and its first save writes a slot, then removes those."""

import shutil

import pytest
from app.core import PLAY
from hal.storage import AtomicFile, PosixFiles, StorageError
from hal.storage_save import save
from test_resume import boot, match_slots, saved_match
from test_resume_bad_files import saved_mid_turn

from board_sim.script_player import BoxPlayer


def _as_earlier_firmware_kept_it(data_dir):
    """Save the match as earlier firmware kept it (one file, /data/match), its slots gone; its
    payload."""
    payload = saved_match(data_dir)
    shutil.rmtree(data_dir / "play")
    save(AtomicFile(str(data_dir / "match")), payload)
    return payload


def _slots(data_dir):
    return match_slots(data_dir, False)


@pytest.mark.parametrize("where", ["/data/match", "/data/play/match"])
def test_a_match_saved_by_earlier_firmware_resumes_and_its_first_save_leaves_only_slots(tmp_path, where):
    flaps = saved_mid_turn(tmp_path)
    payload = _as_earlier_firmware_kept_it(tmp_path)
    if where == "/data/play/match":  # (the firmware before the slots)
        AtomicFile(str(tmp_path / "play" / "match")).adopt(str(tmp_path / "match"))
    box = boot(tmp_path, flaps)
    try:
        box.run(300)
        assert box.view.phase == PLAY and box.view.turn.rolls == 1 and box.view.faults == []
        assert not (tmp_path / "match").exists()
        assert _slots(tmp_path).load() == payload  # (from play/match, until the first save)
        player = BoxPlayer(box)
        while box.keeper.writes == 0:  # play on to the match's first save
            assert player.step()
        assert {path.name for path in (tmp_path / "play").iterdir()} <= {"match.0", "match.1"}
        assert box.keeper.count >= 1 and _slots(tmp_path).load() != payload
    finally:
        box.close()


class CutAtEachRemove(PosixFiles):
    """The power cut at the `cut_at`th remove (0: the first): it and every later operation fail."""

    def __init__(self, cut_at):
        self.cut_at = cut_at
        self.removes = 0

    def remove(self, path):
        if self.removes >= self.cut_at:
            raise OSError(5, "EIO (the power is off)")
        self.removes += 1
        super().remove(path)


@pytest.mark.parametrize("cut_at", [0, 1, 2])
def test_a_cut_between_the_first_slot_and_the_removals_resumes_the_match_as_saved_before_or_after(tmp_path, cut_at):
    """Earlier firmware's whole `match` and `.new` (cut before its rename) beside the first slot
    written: a cut before each removal (`match` first) leaves the `.new` it wrote last, then
    the slot."""
    saved_mid_turn(tmp_path)
    older = _as_earlier_firmware_kept_it(tmp_path)
    newer = older.replace(b"\n", b" \n", 1)
    AtomicFile(str(tmp_path / "play" / "match")).adopt(str(tmp_path / "match"))
    save(AtomicFile(str(tmp_path / "match.x")), newer)
    (tmp_path / "match.x").rename(tmp_path / "play" / "match.new")
    slotted = newer.replace(b"\n", b"  \n", 1)
    store = match_slots(tmp_path, False, CutAtEachRemove(cut_at))
    assert store.load() == newer
    try:
        save(store, slotted)
    except StorageError:
        assert cut_at < 2
    assert _slots(tmp_path).load() == (newer if cut_at < 2 else slotted)


def test_a_whole_new_copy_left_by_earlier_firmware_is_moved_in_and_wins(tmp_path):
    """Earlier firmware cut before its rename: a whole `.new` beside the older file. Both move
    in, and the load takes the `.new`, as it did where they were."""
    saved_mid_turn(tmp_path)
    older = _as_earlier_firmware_kept_it(tmp_path)
    newer = older.replace(b"\n", b" \n", 1)  # the same snapshot (JSON takes the space), another file
    save(AtomicFile(str(tmp_path / "match.x")), newer)
    (tmp_path / "match.x").rename(tmp_path / "match.new")
    store = _slots(tmp_path)
    store.adopt(str(tmp_path / "match"))
    assert sorted(path.name for path in (tmp_path / "play").iterdir()) == ["match", "match.new"]
    assert not (tmp_path / "match").exists() and not (tmp_path / "match.new").exists()
    assert store.load() == newer and store.loaded_from.endswith("/play/match.new")


class CutAfterOneRename(PosixFiles):
    """The power cut after the first rename: every later operation fails."""

    def __init__(self):
        self.renames = 0

    def rename(self, source, target):
        if self.renames:
            raise OSError(5, "EIO (the power is off)")
        self.renames += 1
        super().rename(source, target)


def test_a_power_cut_between_the_moves_is_finished_by_the_next_boot(tmp_path):
    saved_mid_turn(tmp_path)
    older = _as_earlier_firmware_kept_it(tmp_path)
    newer = older.replace(b"\n", b" \n", 1)
    save(AtomicFile(str(tmp_path / "match.x")), newer)
    (tmp_path / "match.x").rename(tmp_path / "match.new")
    cut = AtomicFile(str(tmp_path / "play" / "match"), CutAfterOneRename())
    with pytest.raises(OSError):
        cut.adopt(str(tmp_path / "match"))
    assert (tmp_path / "play" / "match.new").exists() and (tmp_path / "match").exists()
    store = _slots(tmp_path)
    assert store.load() == newer  # the newest copy, whole, at every moment
    store.adopt(str(tmp_path / "match"))
    assert not (tmp_path / "match").exists() and store.load() == newer


def test_a_copy_already_in_the_folder_is_never_written_over(tmp_path):
    (tmp_path / "play").mkdir()
    save(AtomicFile(str(tmp_path / "play" / "match")), b"kept\n")
    save(AtomicFile(str(tmp_path / "match")), b"earlier\n")
    store = AtomicFile(str(tmp_path / "play" / "match"))
    store.adopt(str(tmp_path / "match"))
    assert store.load() == b"kept\n" and AtomicFile(str(tmp_path / "match")).load() == b"earlier\n"


def test_a_save_makes_the_match_s_folder_when_it_is_missing(tmp_path):
    store = AtomicFile(str(tmp_path / "play" / "match"))
    save(store, b"a match\n")
    assert store.load() == b"a match\n"
