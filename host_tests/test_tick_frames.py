"""Issue 45: the functions a tick calls in play (and the dice landing's loop) keep their frames
on the C stack. MicroPython allocates a call's frame on the heap when its locals and stack
take more than 11 words (py/objfun.c's VM_MAX_STATE_ON_STACK; an exception handler takes 2
more), and the heap's search for room, from its lowest free block, took a Pico up to 0.57 ms a
call on the emulated chip (a full-house landing: 41 such calls, 11-16 ms of the tick). Read
from each function's bytecode prelude in the firmware's own .mpy."""

import pytest
from mpy_file import Reader, read_header

from bench import boot_bench
from tools.flashing.build import FIRMWARE, compile_module

_STATE_WORDS_ON_STACK = 11  # py/objfun.c: VM_MAX_STATE_ON_STACK, in words
_STATIC_NAMES = ("update", "show", "work", "watch", "compose", "self", "mask", "total", "pending", "log", "turn")


def _prelude(code):
    """(n_state, n_exc_stack, n_pos_args + n_kwonly_args, where its names begin) of one bytecode
    function (py/bc.h's MP_BC_PRELUDE_SIG_DECODE and MP_BC_PRELUDE_SIZE_DECODE)."""
    at = 0
    z = code[at]
    at += 1
    state, handlers, args, kwonly = (z >> 3) & 0xF, (z >> 2) & 1, z & 3, 0
    shift = 0
    while z & 0x80:
        z = code[at]
        at += 1
        state |= (z & 0x30) << (2 * shift)
        handlers |= (z & 0x02) << shift
        args |= (z & 0x04) << shift
        kwonly |= ((z & 0x08) >> 3) << shift
        shift += 1
    while code[at] & 0x80:  # the prelude's sizes
        at += 1
    return state + 1, handlers, args + kwonly, at + 1


def _frames(mpy):
    """{(name, its arguments' names): (n_state, n_exc_stack)} of each function of a module's
    .mpy (a name built into the firmware left as its number)."""
    names, _strings, reader = read_header(mpy)
    frames = {}

    def raw_code():
        kind_length = reader.number()
        assert kind_length & 3 == 0  # bytecode
        code = mpy[reader.at:reader.at + (kind_length >> 3)]
        reader.at += kind_length >> 3
        if kind_length & 4:
            for _child in range(reader.number()):
                raw_code()
        state, handlers, args, at = _prelude(code)
        info = Reader(code, at)
        name = names[info.number()]
        frames[(name, tuple(names[info.number()] for _argument in range(args)))] = (state, handlers)

    raw_code()
    return frames


def _functions(relative):
    """{(name, its arguments' names): words of its frame} of a firmware module, as compiled."""
    frames = _frames(compile_module(FIRMWARE / relative, relative, boot_bench.BYTECODE))
    return {key: state + 2 * handlers for key, (state, handlers) in frames.items()}


def _static_numbers(tmp_path):
    """The numbers mpy-cross gives the names built into the firmware that the functions use."""
    numbers = {}
    for name in _STATIC_NAMES:
        probe = tmp_path / ("probe_%s.py" % name)
        probe.write_text("%s\n" % name)
        found, _strings, _reader = read_header(compile_module(probe, probe.name, boot_bench.BYTECODE))
        numbers[found[-1]] = name
    return numbers


@pytest.mark.parametrize(("relative", "name", "arguments"), (
    ("hal/flaps.py", "update", ("self", "raw_mask", "now_ms")),  # each row, every tick
    ("app/faults.py", "watch", ("self", "now_ms")),  # every tick
    ("app/keeper.py", "keep_up", ("app", "now_ms")),  # every tick but a button's
    ("app/hints.py", "work", ("self", "turn", "log")),  # the coach's ticks
    ("app/presentation.py", "compose", ("app", "settled")),  # every tick in play
    ("hal/leds.py", "show", ("self",)),  # every tick in play, writing only on a change
    ("game/turn.py", "can_extend", ("self", "open_mask", "pending", "total", "die_mask", "dice_distinct",
                                    "required")),  # the lit tiles: each tile up to the roll
    ("game/tiles.py", "tile_sum", ("mask",)),  # and again in each of those
    ("game/turn.py", "legal_tiles", ("self",)),  # the dice landing, a flap answered
    ("game/turn.py", "tile_shut", ("self", "tile")),  # a flap answered
    ("game/gamelog.py", "_append", ("self", "kind", "b1", "b2", "b3", "b4")),  # a roll, a move
))
def test_a_tick_s_frequent_calls_keep_their_frames_off_the_heap(relative, name, arguments, tmp_path):
    static = _static_numbers(tmp_path)
    frames = {(static.get(found, found), tuple(static.get(argument, argument) for argument in found_arguments)): words
              for (found, found_arguments), words in _functions(relative).items()}
    assert (name, arguments) in frames, sorted(frames)
    assert frames[(name, arguments)] <= _STATE_WORDS_ON_STACK, frames[(name, arguments)]


def test_the_reading_of_a_prelude_sees_a_frame_that_goes_to_the_heap(tmp_path):
    """The reading itself: a function of 12 locals, and one with an exception's name."""
    source = tmp_path / "frames.py"
    source.write_text("def many(a, b, c, d, e, f, g, h, i, j, k, l):\n    return a\n\n\n"
                      "def few(a):\n    return a\n\n\n"
                      "def caught(a):\n    try:\n        return a()\n    except OSError as error:\n        return error\n")
    frames = {name: frame for (name, _arguments), frame in
              _frames(compile_module(source, source.name, boot_bench.BYTECODE)).items()}
    assert frames["many"][0] >= 12 and frames["few"][0] <= 3
    assert frames["caught"][1] == 2  # (a handler with a name: two entries, 16 bytes more)
