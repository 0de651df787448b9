"""A chain of 74HC165 parallel-in/serial-out shift registers, driven through pin levels.

/PL (load) low copies the parallel inputs into the stages (and keeps copying while low);
a rising edge on CP with /PL high shifts every stage one place towards QH, the first
chip's SER (tied to GND) filling stage 0. Stage i holds input i: input A..H of the first
chip (the far end of the chain) are 0..7, the next chip's 8..15, and QH of the last chip,
the data pin the MCU reads, is the last stage. /CE is tied low.
"""

from board_sim.pins import MOVING


class ShiftRegisterChain:
    """`count` stages (8 per chip); inputs[i] is any object with closed_at(now_us) or None."""

    steady_drive = MOVING  # the data line follows the clock and the load: always asked

    def __init__(self, board, load_line, clock_line, data_line, count, active_low=True):
        if count % 8:
            raise ValueError("a 74HC165 chain has 8 inputs a chip, got %d" % count)
        self.board = board
        self.count = count
        self.inputs = [None] * count
        self._closed_level = 0 if active_low else 1
        self._stages = [0] * count
        self._load_level = 1
        self._clock_level = 0
        load_line.watchers.append(self._on_load)
        clock_line.watchers.append(self._on_clock)
        data_line.drivers.append(self)

    def input_level(self, index, now_us):
        """Input `index`: its switch's level when closed, else its pull resistor's."""
        switch = self.inputs[index]
        if switch is not None and switch.closed_at(now_us):
            return self._closed_level
        return 1 - self._closed_level

    def _load(self):
        now_us = self.board.clock.now_us
        self._stages = [self.input_level(index, now_us) for index in range(self.count)]

    def _on_load(self, level):
        if level == 0 or self._load_level == 0:  # the stages follow the inputs until /PL rises
            self._load()
        self._load_level = level

    def _on_clock(self, level):
        rising = level == 1 and self._clock_level == 0
        self._clock_level = level
        if rising and self._load_level == 1:
            self._stages = [0] + self._stages[:-1]

    def drive_level(self, now_us):
        if self._load_level == 0:  # transparent while loading
            return self.input_level(self.count - 1, now_us)
        return self._stages[-1]
