"""board_sim's 8x8 font is exactly what the real MicroPython framebuf renders."""

import pathlib
import subprocess
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parent.parent


@pytest.mark.micropython
def test_font_module_is_current():
    result = subprocess.run([sys.executable, "-m", "tools.build.gen_sim_font", "--check"], cwd=ROOT,
                            capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr


def test_font_covers_printable_ascii_and_the_fallback_glyph():
    from board_sim.upy.font8x8 import FIRST_CHAR, FONT, LAST_CHAR

    assert len(FONT) == 8 * (LAST_CHAR - FIRST_CHAR + 1)
    assert FONT[:8] == bytes(8)  # space is blank
    assert any(FONT[(ord("A") - FIRST_CHAR) * 8:(ord("A") - FIRST_CHAR + 1) * 8])
