"""tools/flash.py stops with a clear message: no board, nothing answering, the wrong board,
a full filesystem, a MicroPython too old; and the board keeps what it had."""

import pathlib
import socket
import sys
import threading

import pytest

from board_sim.virtual_board import VirtualBoard
from tools.flashing.build import FlashError
from tools.flashing.flash import MIN_MICROPYTHON, check_board, find_device, main

pytestmark = pytest.mark.micropython

PICO_PROBE = ("rp2", 0xB06, (1, 24, 1), "Raspberry Pi Pico with RP2040")


def flash_error(capsys, *argv):
    assert main(list(argv)) == 1
    return capsys.readouterr().err


def test_no_board_attached():
    with pytest.raises(FlashError, match="no board found: no USB serial board is attached"):
        find_device(ports=[])


def test_nothing_listening_on_the_port(capsys, monkeypatch):
    """The flasher tries the port again for CONNECT_WAIT_S (5 s: a board just plugged in),
    shortened here: nothing ever listens, and the wait's length is not what is checked."""
    import tools.flashing.device

    monkeypatch.setattr(tools.flashing.device, "CONNECT_WAIT_S", 0.3)
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        url = "socket://127.0.0.1:%d" % probe.getsockname()[1]
    assert "flash: no board found at %s" % url in flash_error(capsys, "--device", url)


def test_a_port_where_no_micropython_answers(capsys, monkeypatch):
    """The flasher asks twice, then names the port; its waits for an answer (2 s, then 10 s)
    shortened here: nothing ever answers, and a wait's length is not what is checked."""
    import tools.flashing.device

    monkeypatch.setattr(tools.flashing.device, "_ANSWER_WAITS_S", (0.2, 0.5))
    listener = socket.create_server(("127.0.0.1", 0))
    held = []

    def accept_and_stay_silent():
        listener.settimeout(10)
        connection, _ = listener.accept()
        held.append(connection)

    silent = threading.Thread(target=accept_and_stay_silent, daemon=True)
    silent.start()
    url = "socket://127.0.0.1:%d" % listener.getsockname()[1]
    try:
        assert "flash: no MicroPython answers on %s" % url in flash_error(capsys, "--device", url)
    finally:
        silent.join()
        for connection in held:
            connection.close()
        listener.close()


def test_a_firmware_that_let_its_first_ctrl_c_go_is_stopped_by_a_second(tmp_path):
    """A Ctrl-C that lands while a running firmware imports a module from a Python filesystem
    (its pack) is lost: MicroPython takes the KeyboardInterrupt for "no such file". The flasher
    gives a second, and then talks to the board (here a main.py that lets the first go)."""
    from tools.flashing.device import Board

    files = tmp_path / "board"
    files.mkdir()
    (files / "main.py").write_text(
        "import time\n\ndef run():\n    while True:\n        time.sleep_ms(5)\n\n"
        "try:\n    run()\nexcept KeyboardInterrupt:\n    pass  # the first goes unanswered\nrun()\n")
    with VirtualBoard(files) as board:
        connection = Board(board.url)
        try:
            platform = connection.probe()[0]
            started_in = connection.started_in
        finally:
            connection.close()
    assert (platform, started_in) == ("rp2", "/")


def test_a_pico_build_on_an_esp32(tmp_path, capsys):
    with VirtualBoard(tmp_path / "esp32", board="esp32_devkit") as board:
        message = flash_error(capsys, "--device", board.url, "--board", "pico")
    assert ("wrong board: boards/pico.json is for a Raspberry Pi Pico (rp2), but this board runs "
            "MicroPython for 'esp32'. Choose its pin map with --board (esp32_devkit).") in message
    assert sorted(path.name for path in (tmp_path / "esp32").iterdir()) == []


def test_an_unknown_pin_map(tmp_path, capsys):
    with VirtualBoard(tmp_path / "pico") as board:
        message = flash_error(capsys, "--device", board.url, "--board", "no_such_board")
    known = message.split("known boards: ")[1].splitlines()[0].strip().split(", ")
    assert "flash: no pin map boards/no_such_board.json" in message
    assert {"pico", "pico_w", "esp32_devkit"} <= set(known)


def test_a_full_filesystem_is_found_before_anything_is_written(tmp_path, capsys):
    (tmp_path / "small" / "data").mkdir(parents=True)
    (tmp_path / "small" / "data" / "scores.bin").write_bytes(b"s" * 4000)
    with VirtualBoard(tmp_path / "small", fs_bytes=128 * 1024) as board:
        message = flash_error(capsys, "--device", board.url)
    assert "flash: not enough room on the board: the firmware needs" in message
    mpremote = pathlib.Path(sys.executable).parent / "mpremote"  # the venv's, not the PATH's
    assert "%s connect %s fs tree -s /" % (mpremote, board.url) in message
    assert sorted(path.name for path in (tmp_path / "small").iterdir()) == ["data"]


def test_micropython_older_than_the_minimum():
    too_old = ("rp2", 0x206, (1, 21, 0), "Raspberry Pi Pico with RP2040")
    with pytest.raises(FlashError, match=r"MicroPython 1\.21\.0 on the board is too old: "
                                         r"shutbox needs 1\.22 or newer"):
        check_board(too_old, "pico")
    assert MIN_MICROPYTHON == (1, 22)
    check_board(PICO_PROBE, "pico")  # the minimum and newer pass
