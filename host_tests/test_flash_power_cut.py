"""A cable cut in the middle of a flash (the board loses power there) leaves a board that
boots the old or the new firmware, whole, and a second flash then completes."""


import pytest

from board_sim.virtual_board import VirtualBoard
from board_sim.virtual_board.cable import Cable
from tools.flashing.build import FIRMWARE, FlashError
from tools.flashing.device import Board
from tools.flashing.flash import MANIFEST, STAGED_POINTER, flash

pytestmark = pytest.mark.micropython

# A cut in each step of a flash that leaves the board a different way: (the step, Board's method
# that begins it, which call of it, how many of the host's bytes into the call the cut falls,
# the firmware the board boots after it). The new tree's pack half sent (the staged tree has no
# manifest: the old); its manifest's write (the tree verified but not bootable: the old); the
# rename of a whole /active.new over /active (boot.py finishes the switch: the new); the
# self-test (the new). A cut a few bytes into a command leaves it unrun.
INTO_A_COMMAND = 20  # bytes: fewer than any of these commands' own
CUTS = (
    ("pack", "write", lambda path, data: path.endswith("/pack.bin"), lambda path, data: len(data) * 2 // 3, "old"),
    ("manifest", "write", lambda path, data: path.endswith("/" + MANIFEST), lambda *_: INTO_A_COMMAND, "old"),
    ("switch", "rename", lambda source, target: source == STAGED_POINTER, lambda *_: INTO_A_COMMAND, "new"),
    ("selftest", "soft_reset_and_run", lambda code, *_: "selftest" in code, lambda *_: INTO_A_COMMAND, "new"),
)


def quiet(_message):
    pass


def make_version(firmware, version):
    """Change the firmware copy in two modules, so a flash sends more than one file."""
    (firmware / "version.py").write_text('"""Test copy."""\n\nVERSION = "%s"\n' % version)
    tiles = (FIRMWARE / "game" / "tiles.py").read_text()
    (firmware / "game" / "tiles.py").write_text(tiles + '\n_FLASHED_AS = "%s"\n' % version)


def booted_version(url):
    """The version the board's self-test reports after a soft reset (boot.py picks the tree)."""
    board = Board(url)
    try:
        output = board.soft_reset_and_run("import selftest\nselftest.main()")
    finally:
        board.close()
    last = output.strip().splitlines()[-1]
    assert last.startswith("shutbox selftest ok "), output
    return last.split()[-1]


def test_cut_during_the_first_flash_then_a_flash_completes(tmp_path, firmware):
    make_version(firmware, "first")
    with VirtualBoard(tmp_path / "board") as board:
        with Cable(board, cut_at=20000) as cable, pytest.raises(FlashError):
            flash(cable.url, firmware_dir=firmware, log=quiet)
        assert cable.cut
        report = flash(board.url, firmware_dir=firmware, log=quiet)
        assert report.selftest == "shutbox selftest ok first"


def cut_in(monkeypatch, cable, method, wanted, into_bytes):
    """Cut `cable` into_bytes(*args) of the host's bytes into the first call of Board's `method`
    whose arguments wanted(*args) accepts: counted from that call's first byte, whatever came
    before it in the flash (a Ctrl-C sent again, a longer listing)."""
    original = getattr(Board, method)

    def spied(board, *args, **options):
        if cable.cut_at is None and wanted(*args):
            cable.cut_at = cable.host_bytes + into_bytes(*args)
        return original(board, *args, **options)

    monkeypatch.setattr(Board, method, spied)


def test_cut_at_any_point_boots_old_or_new_and_reflash_completes(tmp_path, firmware, monkeypatch):
    """A cut in each step of a flash that leaves the board a different way (CUTS); the board
    boots the firmware that step leaves, and a flash then completes. Until issue 48 five cuts
    fell at fractions of a whole flash's bytes (10, 35, 60, 85, 98%), which took a flash more to
    count them: the first four all in the pack's sending (one case to boot.py), none in the
    manifest's write or the switch, and each cut was held only to "old or new". Four cuts now
    reach four cases, each held to the tree it must boot, in ten flashes rather than thirteen."""
    with VirtualBoard(tmp_path / "board") as board:
        for warm_up in ("v0", "v1"):  # both trees filled: each flash now sends two files
            make_version(firmware, warm_up)
            flash(board.url, firmware_dir=firmware, log=quiet)
        old = "v1"
        for index, (step, method, wanted, into_bytes, boots) in enumerate(CUTS):
            new = "cut%d" % index
            make_version(firmware, new)
            with monkeypatch.context() as spying, Cable(board) as cable:
                cut_in(spying, cable, method, wanted, into_bytes)
                with pytest.raises(FlashError) as failed:
                    flash(cable.url, firmware_dir=firmware, log=quiet)
            assert cable.cut, (step, str(failed.value))
            assert booted_version(board.url) == (old if boots == "old" else new), step
            report = flash(board.url, firmware_dir=firmware, log=quiet)
            assert report.selftest == "shutbox selftest ok %s" % new
            old = new
