"""Chained 74HC165 shift registers as a bank of flap switches (see hal.flaps), bit-banged."""


class ShiftRegisterBank:
    """Chained 74HC165s: load (/PL), clock (CP, idles low), data (QH of the last chip).

    Input i is parallel input i % 8 (A=0 .. H=7) of chip i // 8, chips counted from the one
    at the far end of the chain (its SER tied low) to the one whose QH reaches the board.
    /CE is tied low. Each input has its own pull-up; a closed switch pulls it to GND.
    `count` is 8, 16 or 24 (8 a chip), as hal.board_config checks it.
    """

    label = "74HC165 chain"

    def __init__(self, load, clock, data, count, active_low=True):
        self.load = load
        self.clock = clock
        self.data = data
        self.count = count
        self._invert = (1 << count) - 1 if active_low else 0
        load.value(1)
        clock.value(0)

    def read_closed(self):
        self.load.value(0)  # latch the parallel inputs
        self.load.value(1)
        levels = 0
        clock = self.clock
        data = self.data
        # QH of the last chip comes out first: it ends up as the highest input.
        for _ in range(self.count):
            levels = (levels << 1) | data.value()
            clock.value(1)
            clock.value(0)
        return levels ^ self._invert
