"""tools/build/micropython_runtimes for tests: a runtime missing on this platform skips the test,
unless SHUTBOX_REQUIRE_MICROPYTHON=1 (set by `make test`), where it fails it: the wasm build
always, the unix port where its wheel exists (elsewhere the wasm build stands in for it)."""

import os

import pytest

from tools.build import micropython_runtimes as runtimes

FIRMWARE = runtimes.FIRMWARE
RUNTIMES = runtimes.RUNTIMES


def run_on(runtime, script, paths=(FIRMWARE,), heap=runtimes.PICO_HEAP):
    """Run `script` on "unix" (a Pico-sized heap unless `heap` says otherwise) or "wasm" with
    `paths` as its module path: (exit status, stdout, stderr)."""
    try:
        return runtimes.run_on(runtime, script, paths, heap)
    except runtimes.RuntimeMissing as missing:
        if required(runtime):
            pytest.fail("MicroPython runtime required (SHUTBOX_REQUIRE_MICROPYTHON=1) but missing: %s"
                        % missing)
        pytest.skip(str(missing))


def required(runtime):
    """Must this runtime be here (SHUTBOX_REQUIRE_MICROPYTHON=1, and installable here)?"""
    return os.environ.get("SHUTBOX_REQUIRE_MICROPYTHON") == "1" and (
        runtime != "unix" or runtimes.UNIX_WHEEL_HERE)
