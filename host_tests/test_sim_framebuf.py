"""The framebuf stand-in leaves every buffer byte for byte as real MicroPython's framebuf does."""

import pathlib
import random
import sys

import pytest

from board_sim.upy import framebuf
from host_tests.micropython_runtimes import run_on

ROOT = pathlib.Path(__file__).resolve().parent.parent

# (format name, width, height, stride or None): odd sizes and strides exercise the clipping
# and the per-format packing; 128x64 MONO_VLSB is the OLED.
LAYOUTS = [
    ("MONO_VLSB", 128, 64, None),
    ("MONO_VLSB", 37, 21, 40),
    ("MONO_HLSB", 35, 19, None),
    ("MONO_HMSB", 29, 17, 33),
    ("RGB565", 23, 15, 25),
    ("GS8", 31, 13, None),
    ("GS4_HMSB", 27, 11, 29),
    ("GS2_HMSB", 25, 9, None),
]


def random_operations(rng, width, height, max_colour):
    """A list of (method, args) drawing calls, coordinates reaching past every edge."""
    def coord(limit):
        return rng.randint(-limit // 2, limit + limit // 2)

    def colour():
        return rng.randint(0, max_colour)

    operations = [("fill", (colour(),))]
    for _ in range(60):
        kind = rng.choice(["pixel", "hline", "vline", "line", "rect", "fill_rect", "ellipse",
                           "poly", "text", "scroll", "blit"])
        if kind == "pixel":
            args = (coord(width), coord(height), colour())
        elif kind in ("hline", "vline"):
            args = (coord(width), coord(height), rng.randint(-5, width), colour())
        elif kind == "line":
            args = (coord(width), coord(height), coord(width), coord(height), colour())
        elif kind in ("rect", "fill_rect"):
            args = (coord(width), coord(height), rng.randint(-3, width), rng.randint(-3, height), colour())
            if kind == "rect":
                args += (rng.random() < 0.5,)
        elif kind == "ellipse":
            args = (coord(width), coord(height), rng.randint(0, width // 2), rng.randint(0, height // 2),
                    colour(), rng.random() < 0.5, rng.randint(0, 15))
        elif kind == "poly":
            points = [rng.randint(-8, max(width, height)) for _ in range(2 * rng.randint(1, 6))]
            args = (coord(width), coord(height), points, colour(), rng.random() < 0.5)
        elif kind == "text":
            args = ("".join(chr(rng.randint(28, 130)) for _ in range(rng.randint(1, 6))),
                    coord(width), coord(height), colour())
        elif kind == "scroll":
            args = (rng.randint(-width, width), rng.randint(-height, height))
        else:
            args = (rng.randint(3, 12), rng.randint(3, 12), coord(width), coord(height),
                    rng.choice([-1, 0, 1]))
        operations.append((kind, args))
    return operations


# Runs on both interpreters: draws the operations and prints the buffer as hex.
SCENE = """
import framebuf
from array import array


def run(format_name, width, height, stride, operations):
    fmt = getattr(framebuf, format_name)
    size = {"RGB565": 2 * (stride or width) * height, "GS8": (stride or width) * height}.get(
        format_name, ((stride or width) + 8) * (height + 8))
    buffer = bytearray(size)
    if stride is None:
        fb = framebuf.FrameBuffer(buffer, width, height, fmt)
    else:
        fb = framebuf.FrameBuffer(buffer, width, height, fmt, stride)
    for name, args in operations:
        if name == "poly":
            args = (args[0], args[1], array("h", args[2]), args[3], args[4])
        if name == "blit":
            source_width, source_height, x, y, key = args
            source = framebuf.FrameBuffer(bytearray(source_width * source_height * 2),
                                          source_width, source_height, fmt)
            source.fill(0)
            source.line(0, 0, source_width - 1, source_height - 1, 1)
            source.text("s", 0, 0, 3)
            fb.blit(source, x, y, key)
            continue
        getattr(fb, name)(*args)
    return ''.join('%02x' % b for b in buffer)
"""

MAX_COLOUR = {"RGB565": 0xFFFF, "GS8": 0xFF, "GS4_HMSB": 0xF, "GS2_HMSB": 3}


def scene_cases():
    rng = random.Random(20240611)
    return [(layout, random_operations(rng, layout[1], layout[2], MAX_COLOUR.get(layout[0], 1)))
            for layout in LAYOUTS]


def run_on_micropython(cases):
    script = SCENE + "\nfor case in %r:\n    print(run(*case[0], case[1]))\n" % (cases,)
    status, out, err = run_on("unix", script, (), heap="4m")  # the scenes are a large literal
    assert status == 0, out + err
    return out.split()


def run_on_stand_in(cases):
    namespace = {}
    saved = sys.modules.get("framebuf")
    sys.modules["framebuf"] = framebuf
    try:
        exec(SCENE, namespace)
    finally:
        if saved is None:
            del sys.modules["framebuf"]
        else:
            sys.modules["framebuf"] = saved
    return [namespace["run"](*layout, operations) for layout, operations in cases]


@pytest.mark.micropython
def test_random_scenes_match_real_micropython_byte_for_byte():
    cases = scene_cases()
    expected = run_on_micropython(cases)
    actual = run_on_stand_in(cases)
    for (layout, _), want, got in zip(cases, expected, actual, strict=True):
        assert got == want, "framebuf %s %dx%d stride %s differs" % layout


@pytest.mark.micropython
def test_ssd1306_style_screen_matches_real_micropython():
    operations = [
        ("fill", (0,)), ("text", ("Player 2  47", 0, 0, 1)), ("rect", (0, 12, 128, 40, 1, False)),
        ("ellipse", (30, 32, 12, 12, 1, True, 15)), ("ellipse", (90, 32, 12, 10, 1, False, 15)),
        ("pixel", (30, 32, 0)), ("line", (0, 63, 127, 54, 1)), ("hline", (0, 56, 128, 1)),
        ("poly", (60, 20, [0, 0, 10, 20, -10, 20], 1, True)), ("scroll", (3, -2)),
        ("fill_rect", (100, 40, 40, 40, 1)), ("text", ("\u00e9!", 120, 58, 0)),
    ]
    cases = [(("MONO_VLSB", 128, 64, None), operations)]
    assert run_on_stand_in(cases) == run_on_micropython(cases)


def test_blit_through_a_palette_and_key():
    target = framebuf.FrameBuffer(bytearray(8 * 4), 8, 4, framebuf.GS8)
    target.fill(9)
    source = framebuf.FrameBuffer(bytearray(2), 8, 2, framebuf.MONO_HLSB)
    source.hline(0, 0, 4, 1)
    palette = framebuf.FrameBuffer(bytearray(2), 2, 1, framebuf.GS8)
    palette.pixel(0, 0, 7)
    palette.pixel(1, 0, 200)
    target.blit(source, 1, 1, 7, palette)
    assert [target.pixel(x, 1) for x in range(8)] == [9, 200, 200, 200, 200, 9, 9, 9]
    assert [target.pixel(x, 2) for x in range(8)] == [9] * 8


def test_constructor_rejects_a_buffer_too_small():
    with pytest.raises(ValueError):
        framebuf.FrameBuffer(bytearray(10), 16, 8, framebuf.MONO_VLSB)
