"""Allocation measured on MicroPython (gc.mem_alloc(); CPython has none) for portable tests."""

import gc
import sys

ON_MICROPYTHON = sys.implementation.name == "micropython"


def allocated_by(action, repeat):
    """Bytes allocated by `repeat` calls of action, with the collector off."""
    gc.collect()
    gc.disable()
    try:
        before = gc.mem_alloc()
        for _ in range(repeat):
            action()
        return gc.mem_alloc() - before
    finally:
        gc.enable()
