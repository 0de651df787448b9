"""A box flashed over firmware that kept its match as /data/match: the match resumes from its own
folder, /data/play/ (app.keeper_save's match_file), each copy moved there at boot
(hal.storage's AtomicFile.adopt), a power cut between the moves costing nothing."""

import shutil

import pytest
from app.core import PLAY
from hal.storage import AtomicFile, PosixFiles
from hal.storage_save import save
from test_resume import boot
from test_resume_bad_files import saved_mid_turn


def _as_earlier_firmware_kept_it(data_dir):
    """Move the saved match back to where earlier firmware kept it; its payload."""
    (data_dir / "play" / "match").rename(data_dir / "match")
    shutil.rmtree(data_dir / "play")
    return AtomicFile(str(data_dir / "match")).load()


def test_a_match_saved_by_earlier_firmware_resumes_from_its_new_folder(tmp_path):
    flaps = saved_mid_turn(tmp_path)
    assert _as_earlier_firmware_kept_it(tmp_path) is not None
    box = boot(tmp_path, flaps)
    try:
        box.run(300)
        assert box.view.phase == PLAY and box.view.turn.rolls == 1 and box.view.faults == []
    finally:
        box.close()
    assert not (tmp_path / "match").exists()
    assert AtomicFile(str(tmp_path / "play" / "match")).load() is not None


def test_a_whole_new_copy_left_by_earlier_firmware_is_moved_in_and_wins(tmp_path):
    """Earlier firmware cut before its rename: a whole `.new` beside the older file. Both move
    in, and the load takes the `.new`, as it did where they were."""
    saved_mid_turn(tmp_path)
    older = _as_earlier_firmware_kept_it(tmp_path)
    newer = older.replace(b"\n", b" \n", 1)  # the same snapshot (JSON takes the space), another file
    save(AtomicFile(str(tmp_path / "match.x")), newer)
    (tmp_path / "match.x").rename(tmp_path / "match.new")
    store = AtomicFile(str(tmp_path / "play" / "match"))
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
    store = AtomicFile(str(tmp_path / "play" / "match"))
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
