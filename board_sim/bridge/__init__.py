"""The simulated board in a process of its own: the firmware runs on the MicroPython unix port
with bridge/upy/machine.py as its `machine`, and every call that reaches the board (a pin's
level, an I2C transfer, a pixel strip's bitstream, a PWM duty, the watchdog) crosses two pipes
to board_sim on CPython, which answers as the board would. The firmware's heap then holds the
firmware and a few proxies, not the simulator (102 KiB of the unix port's heap when it ran
beside the firmware), so a heap cap on the unix port is a cap on the firmware.

    python -m board_sim.bridge --tree DIR --requests FD --replies FD [--seed N]

The protocol (one request, one reply, each a 4-byte big-endian length, then JSON, then the
byte strings it carries, as they are):
    request  [handle, name, [args], {kwargs}, [lengths]]
                                     handle 0: the SimBoard (its test controls), handle 1:
                                     board_sim's machine module, others: objects the host made
    reply    [0, value, now_us, known, levels, [lengths]]
             or [1, [class name, [args]], now_us, known, levels, [lengths]]
A bytes value travels as {"x": i}, the i-th of the byte strings after the JSON (`lengths` their
lengths): the VM writes a frame buffer from where it lies, never a copy of it in its heap. An
object the host made travels as {"h": handle}. After each
reply the VM knows the simulated time and the level of every pin of its own that does not
float (bit n of `levels`, where bit n of `known` is set): reading such a pin, or the clock,
costs no round trip (the firmware reads a dozen pins each 5 ms tick; a round trip
through the pipes costs some 80 us).
"""
