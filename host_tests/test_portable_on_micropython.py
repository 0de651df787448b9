"""Every portable test module runs on real MicroPython: the unix port with a Pico-sized heap and
the WebAssembly build under Node. The same modules run under pytest on CPython too."""

import pathlib

import pytest
from micropython_runtimes import FIRMWARE, RUNTIMES, run_on

PORTABLE = pathlib.Path(__file__).resolve().parent / "portable"
MODULES = sorted(path.stem for path in PORTABLE.glob("test_*.py"))


@pytest.mark.micropython
@pytest.mark.parametrize("runtime", RUNTIMES)
@pytest.mark.parametrize("module", MODULES)
def test_portable_module_passes_on_micropython(module, runtime):
    script = "import runner\nrunner.run(%r)\n" % module
    status, out, err = run_on(runtime, script, (FIRMWARE, PORTABLE))
    failures = [line for line in out.splitlines() if line.startswith("FAIL")]
    assert status == 0 and not failures, "\n".join(failures) or err[-2000:]
    assert " passed, 0 failed" in out.splitlines()[-1]
