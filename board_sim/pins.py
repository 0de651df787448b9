"""The electrical state of one GPIO: how the MCU drives it and what the wiring outside does.

A PinLine's level is, in order: the MCU's own output (OUT, or OPEN_DRAIN driving low); else
any outside driver pulling it low (a closed switch to GND wins), or high; else the pad's
pull resistor; else it floats and reads noise. Devices outside register as drivers
(drive_level(now_us) -> 0, 1 or None) and as watchers of the line (callback(level) after every MCU write or set-up).
A driver's `steady_drive` is what it drives until something moves it (a settled switch: 0, 1
or None), or MOVING when the line must ask drive_level(now_us): a settled switch answers the
flaps' reads without a call.
"""

MOVING = object()  # a driver's steady_drive while its level depends on the time

# The rp2 port's numbers, as machine.Pin exposes them.
MODE_IN = 0
MODE_OUT = 1
MODE_OPEN_DRAIN = 2
MODE_ALT = 3
PULL_UP = 1
PULL_DOWN = 2
IRQ_FALLING = 4
IRQ_RISING = 8


class PinLine:
    """GPIO `number` of a board; `mode` None until the firmware configures it (a high-Z input)."""

    def __init__(self, board, number):
        self.board = board
        self.number = number
        self.pin_object = None  # machine.Pin(number): one object per GPIO, as the rp2 port has
        self.mode = None
        self.pull = None
        self.output = 0
        self.drivers = []
        self.watchers = []
        self.irq_handler = None
        self.irq_trigger = 0
        self.irq_pin = None  # the machine.Pin the handler is given
        self.irq_last_level = None

    def reset(self):
        """What an MCU reset does: high-Z input, no pull, no interrupt."""
        self.mode = None
        self.pull = None
        self.output = 0
        self.irq_handler = None
        self.irq_trigger = 0

    def level(self, settled=False):
        """The level the MCU reads now: a floating pin reads the board's noise, or None when
        `settled` (settled_level)."""
        mode = self.mode
        if mode == MODE_OUT:
            return self.output
        if mode == MODE_OPEN_DRAIN and self.output == 0:
            return 0
        level = None  # what the wiring outside the MCU does to the pin (None: nothing drives it)
        drivers = self.drivers
        if drivers:
            now_us = self.board.clock.now_us
            for driver in drivers:
                driven = driver.steady_drive
                if driven is MOVING:
                    driven = driver.drive_level(now_us)
                if driven == 0:
                    return 0
                if driven == 1:
                    level = 1
            if level is not None:
                return level
        pull = self.pull
        if pull == PULL_UP:
            return 1
        if pull == PULL_DOWN:
            return 0
        return None if settled else self.board.floating_level()

    def settled_level(self):
        """The level now, or None when nothing drives the pin and no pull holds it: it floats,
        and level() draws its noise when it is read."""
        return self.level(True)

    def _notify(self):
        if self.watchers:
            level = self.level()
            for watcher in self.watchers:
                watcher(level)

    def set_output(self, value):
        """The MCU writes its output latch; watchers are told the line's level (they find edges)."""
        self.output = 1 if value else 0
        self._notify()

    def configure(self, mode=-1, pull=-1, value=None):
        """Pin.init(): -1 keeps the mode or pull as they are; pull None switches it off."""
        if value is not None:
            self.output = 1 if value else 0
        if mode != -1:
            self.mode = mode
        if pull != -1:
            self.pull = pull
        self._notify()
