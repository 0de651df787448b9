"""What the firmware takes from its runtime, checked wherever the portable tests run: const,
wrap-safe ticks, allocation-free bytes lookups and, on the unix port, a Pico-sized heap.

Plain functions and asserts only, so the same module runs under pytest and on MicroPython.
"""

import gc
import sys
import time

from measure import ON_MICROPYTHON, allocated_by
from micropython import const

_ANSWER = const(42)
_PICO_HEAP_BYTES = const(192 * 1024)


def test_const_names_a_value():
    assert _ANSWER == 42
    assert _ANSWER * 2 + 1 == 85


def test_ticks_arithmetic_wraps():
    last_tick = time.ticks_add(0, -1)
    after_wrap = time.ticks_add(last_tick, 5)
    assert after_wrap < last_tick
    assert time.ticks_diff(after_wrap, last_tick) == 5
    assert time.ticks_diff(last_tick, after_wrap) == -5


def test_the_allocation_probe_sees_an_allocation():
    if not ON_MICROPYTHON:
        return  # gc.mem_alloc() exists only on MicroPython
    assert allocated_by(lambda: bytearray(16), 100) >= 100 * 16


def test_bytes_and_bytearray_lookups_allocate_nothing():
    if not ON_MICROPYTHON:
        return
    table = bytes(range(256))
    counts = bytearray(8)

    def lookups():
        for index in range(256):
            counts[table[index] & 7] = (counts[table[index] & 7] + 1) & 0xFF

    assert allocated_by(lookups, 100) == 0
    assert counts[0] == (100 * 32) & 0xFF  # 128: every lookup ran


def test_the_unix_port_has_a_pico_sized_heap():
    if not ON_MICROPYTHON or sys.platform != "linux":
        return  # only the unix port is started with -X heapsize (the wasm heap grows)
    gc.collect()
    assert gc.mem_alloc() + gc.mem_free() <= _PICO_HEAP_BYTES
    try:
        bytearray(_PICO_HEAP_BYTES)
    except MemoryError:
        pass
    else:
        raise AssertionError("a buffer as big as the whole heap was allocated")
