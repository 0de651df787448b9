"""Simulated ticks wrap and subtract exactly as MicroPython's do, and sleeping moves the clock."""

import json
import pathlib
import random
import shutil
import subprocess
import threading
import time

import pytest

from board_sim.clock import TICKS_MAX, TICKS_PERIOD, SimClock, ticks_add, ticks_diff
from board_sim.install import simulated

ROOT = pathlib.Path(__file__).resolve().parent.parent


def sample_pairs():
    rng = random.Random(7)
    edges = [0, 1, TICKS_MAX, TICKS_MAX - 1, TICKS_PERIOD // 2, TICKS_PERIOD // 2 - 1,
             TICKS_PERIOD // 2 + 1]
    values = edges + [rng.randrange(TICKS_PERIOD) for _ in range(40)]
    return [(a, b) for a in values[:12] for b in values[:12]] + [
        (rng.choice(values), rng.choice(values)) for _ in range(200)]


WASM_MICROPYTHON = ROOT / "node_modules/@micropython/micropython-webassembly-pyscript/micropython.mjs"


def run_on_wasm_micropython(script, tmp_path):
    """stdout of script on the npm wasm MicroPython: a 32-bit port, ticks period 2**30 as on a
    Pico or ESP32 (the 64-bit unix port's period is 2**62, so it cannot stand in here)."""
    runner = tmp_path / "run.mjs"
    runner.write_text(
        "import { loadMicroPython } from %s;\n"
        "let out = '';\n"
        "const mp = await loadMicroPython({ stdout: (line) => { out += line + '\\n'; } });\n"
        "mp.runPython(%s);\n"
        "process.stdout.write(out);\n" % (json.dumps(WASM_MICROPYTHON.as_uri()), json.dumps(script)))
    result = subprocess.run(["node", str(runner)], capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr[-2000:]
    return result.stdout


@pytest.mark.micropython
@pytest.mark.skipif(shutil.which("node") is None or not WASM_MICROPYTHON.exists(),
                    reason="needs node and node_modules (make test installs them)")
def test_ticks_diff_and_add_match_real_micropython(tmp_path):
    pairs = sample_pairs()
    half = TICKS_PERIOD // 2
    deltas = [0, 1, -1, 5000, -5000, half - 1, -half + 1, half, -half]
    script = (
        "import time\n"
        "for a, b in %r:\n    print(time.ticks_diff(a, b))\n"
        "for a, _ in %r:\n    for d in %r:\n"
        "        try:\n            print(time.ticks_add(a, d))\n"
        "        except OverflowError:\n            print('overflow')\n"
    ) % (pairs, pairs[:30], deltas)
    output = run_on_wasm_micropython(script, tmp_path).split()

    def add_or_overflow(ticks, delta):
        try:
            return str(ticks_add(ticks, delta))
        except OverflowError:
            return "overflow"

    expected = [str(ticks_diff(a, b)) for a, b in pairs]
    expected += [add_or_overflow(a, d) for a, _ in pairs[:30] for d in deltas]
    assert output == expected


def test_ticks_diff_is_signed_across_the_wrap():
    before_wrap = TICKS_MAX - 4
    after_wrap = ticks_add(before_wrap, 10)
    assert after_wrap == 5
    assert ticks_diff(after_wrap, before_wrap) == 10
    assert ticks_diff(before_wrap, after_wrap) == -10


def test_ticks_add_rejects_a_delta_of_half_a_period_either_way():
    with pytest.raises(OverflowError):
        ticks_add(0, TICKS_PERIOD // 2)
    with pytest.raises(OverflowError):
        ticks_add(0, -TICKS_PERIOD // 2)


def test_ticks_ms_wraps_with_the_board_started_near_the_end_of_the_period():
    with simulated(start_ms=TICKS_MAX - 2) as board:
        start = time.ticks_ms()
        time.sleep_ms(5)
        assert time.ticks_ms() == 2
        assert time.ticks_diff(time.ticks_ms(), start) == 5
        assert board.now_ms == TICKS_MAX + 3


def test_sleep_functions_advance_simulated_time_only(monkeypatch):
    """The host's own sleep (a recorder here, in its place when the board is installed) is never
    called: checked without a wall clock, which a busy machine can stall past any bound."""
    host_sleeps = []
    monkeypatch.setattr(time, "sleep", host_sleeps.append)
    with simulated() as board:
        time.sleep_ms(250)
        time.sleep_us(1500)
        time.sleep(2)
        assert board.clock.now_us == 2_251_500
        assert time.ticks_us() == 2_251_500
    assert host_sleeps == []


def test_other_threads_keep_real_sleep():
    with simulated() as board:
        done = threading.Event()

        def worker():
            time.sleep(0.01)
            done.set()

        thread = threading.Thread(target=worker)
        thread.start()
        thread.join(120)  # a bound on a hang: its 10 ms sleep, however busy the machine
        assert done.is_set()
        assert board.clock.now_us == 0


def test_uninstall_restores_cpythons_time():
    real_sleep = time.sleep
    with simulated():
        assert time.sleep is not real_sleep
    assert time.sleep is real_sleep
    assert not hasattr(time, "ticks_ms")


def test_clock_reports_whole_milliseconds():
    clock = SimClock(start_ms=12)
    clock.now_us += 999
    assert clock.now_ms == 12
    assert clock.ticks_ms() == 12
