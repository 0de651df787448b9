"""`python -m bench --quick` runs every section on every runtime (figures printed, not asserted)."""

import pathlib
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent


def test_bench_quick_prints_every_section():
    result = subprocess.run([sys.executable, "-m", "bench", "--quick"], cwd=ROOT, capture_output=True,
                            text=True, timeout=300)
    assert result.returncode == 0, result.stderr[-2000:]
    for heading in ("## Move validation", "## Tables", "## Flash", "## Heap", "## Bytes allocated",
                    "## The App on real MicroPython", "## Fits the board", "## The board simulator",
                    "## The browser box"):
        assert heading in result.stdout
    for runtime in ("| cpython | 9 |", "| unix | 24 |", "| wasm | 12 |"):
        assert runtime in result.stdout
