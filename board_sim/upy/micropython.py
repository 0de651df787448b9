"""Stand-in for MicroPython's `micropython` module on CPython: same names, host behaviour.

const() returns its argument, native/viper leave the function as it is, heap_lock() only
counts (CPython cannot forbid allocation), schedule() runs the callback at once. VIPER_TYPES are
the names viper code annotates with (builtins on MicroPython: board_sim.firmware_dir makes them
CPython's), where a function the flasher compiles as viper runs as plain Python.
"""

import gc

_heap_lock_depth = 0
_opt_level = 0


class _ViperType(int):
    """A viper type in an annotation (ptr8, ptr16, ptr32, uint): only ever named, never used."""


VIPER_TYPES = {"ptr8": _ViperType, "ptr16": _ViperType, "ptr32": _ViperType, "uint": _ViperType}


def const(value):
    return value


def native(function):
    return function


def viper(function):
    return function


def mem_info(verbose=None):
    print("stack: n/a (CPython board simulator)")
    print("GC: %d objects tracked" % len(gc.get_objects()))


def heap_lock():
    global _heap_lock_depth
    _heap_lock_depth += 1
    return _heap_lock_depth - 1


def heap_unlock():
    global _heap_lock_depth
    _heap_lock_depth = max(0, _heap_lock_depth - 1)
    return _heap_lock_depth


def heap_locked():
    return _heap_lock_depth


def schedule(function, argument):
    function(argument)


def alloc_emergency_exception_buf(size):
    return None


def opt_level(level=None):
    global _opt_level
    if level is None:
        return _opt_level
    _opt_level = level
    return None


def kbd_intr(character):
    return None
