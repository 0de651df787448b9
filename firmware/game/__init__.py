"""Pure Shut the Box rules: no hardware, no clock, no I/O; runs on MicroPython and CPython."""
