"""Every portable test module runs on real MicroPython, one process per module and runtime: the
unix port with a Pico-sized heap and the WebAssembly build under Node (pytest runs the same
modules on CPython). Also checked: the runner on a module with failing tests, and that a
missing runtime skips the test, or fails it when SHUTBOX_REQUIRE_MICROPYTHON=1."""

import ast
import pathlib

import micropython_runtimes
import pytest
from micropython_runtimes import FIRMWARE, RUNTIMES, run_on

PORTABLE = pathlib.Path(__file__).resolve().parent / "portable"
MODULES = sorted(path.stem for path in PORTABLE.glob("test_*.py"))

SAMPLE = '''"""A portable module whose tests pass, fail and raise, defined out of name order."""


def test_zeta_passes():
    assert 1 + 1 == 2


def test_fails_with_a_message():
    assert 1 == 2, "one is not two"


def helper_that_is_not_a_test():
    raise AssertionError("helpers are not run")


def test_raises():
    raise ValueError("bad value")


def test_alpha_passes():
    pass
'''


def defined_tests(source):
    """The module-level test functions, in definition order: what pytest collects."""
    return [node.name for node in ast.parse(source).body
            if isinstance(node, ast.FunctionDef) and node.name.startswith("test_")]


def run_module(runtime, module, paths):
    """Run one test module through runner.py: (exit status, stdout lines, stderr)."""
    status, out, err = run_on(runtime, "import runner\nrunner.run(%r)\n" % module, paths)
    return status, out.splitlines(), err


def reported_names(lines):
    """The test names in the PASS and FAIL lines, in the order they ran."""
    return [line.split(" ", 2)[1].rstrip(":") for line in lines if line.startswith(("PASS ", "FAIL "))]


@pytest.mark.micropython
@pytest.mark.parametrize("runtime", RUNTIMES)
@pytest.mark.parametrize("module", MODULES)
def test_portable_module_passes_on_micropython(module, runtime):
    expected = defined_tests((PORTABLE / (module + ".py")).read_text())
    status, lines, err = run_module(runtime, module, (PORTABLE, FIRMWARE))
    failures = [line for line in lines if line.startswith("FAIL ")]
    assert status == 0 and not failures, "\n".join(failures + ["stderr:", err[-4000:]])
    assert reported_names(lines) == expected, "ran %s, defined %s" % (reported_names(lines), expected)
    assert lines[-1:] == ["%d passed, 0 failed" % len(expected)]


@pytest.mark.micropython
@pytest.mark.parametrize("runtime", RUNTIMES)
def test_runner_reports_every_test_in_definition_order(runtime, tmp_path):
    (tmp_path / "test_sample.py").write_text(SAMPLE)
    status, lines, err = run_module(runtime, "test_sample", (tmp_path, PORTABLE))
    assert status == 0, err
    assert lines == [
        "PASS test_zeta_passes",
        "FAIL test_fails_with_a_message: AssertionError: one is not two",
        "FAIL test_raises: ValueError: bad value",
        "PASS test_alpha_passes",
        "2 passed, 2 failed",
    ]
    assert reported_names(lines) == defined_tests(SAMPLE)
    failing_line = SAMPLE.splitlines().index('    assert 1 == 2, "one is not two"') + 1
    assert 'test_sample.py", line %d' % failing_line in err


def test_a_missing_runtime_skips_the_test_unless_required(monkeypatch):
    def missing(*_args):
        raise micropython_runtimes.runtimes.RuntimeMissing("no such runtime here")

    monkeypatch.setattr(micropython_runtimes.runtimes, "run_on", missing)
    monkeypatch.delenv("SHUTBOX_REQUIRE_MICROPYTHON", raising=False)
    with pytest.raises(pytest.skip.Exception, match="no such runtime here"):
        run_on("unix", "pass")
    monkeypatch.setenv("SHUTBOX_REQUIRE_MICROPYTHON", "1")
    with pytest.raises(pytest.fail.Exception, match="required .* no such runtime here"):
        run_on("wasm", "pass")
    monkeypatch.setattr(micropython_runtimes.runtimes, "UNIX_WHEEL_HERE", False)
    with pytest.raises(pytest.skip.Exception, match="no such runtime here"):  # wasm stands in
        run_on("unix", "pass")
