"""A mechanical contact (flap microswitch, push button) that bounces when it changes.

After every change the contact chatters: it makes and breaks a few times at seeded random
moments within bounce_us before it settles. Closed, it ties its line to closed_level (0 for
a switch to GND); open, it leaves the line to its pull resistor. A stuck switch ignores
its flap: fail("stuck_closed") / fail("stuck_open"), heal().
"""

from board_sim.pins import MOVING

SWITCH_FAULT_MODES = ("stuck_closed", "stuck_open")
DEFAULT_BOUNCE_US = 5000  # microswitches settle within about 5 ms
_MIN_BOUNCE_US = 300
_MAX_CHATTERS = 4  # pairs of make/break after the first touch


class Switch:
    """One contact: set_closed(closed, at_us), closed_at(now_us), drive_level(now_us)."""

    FAULT_MODES = SWITCH_FAULT_MODES

    def __init__(self, rng, closed=False, closed_level=0, bounce_us=DEFAULT_BOUNCE_US):
        self.rng = rng
        self.closed_level = closed_level
        self.bounce_us = bounce_us
        self.fault = None
        self._changes = [(0, closed)]  # (time_us, contact closed), in time order
        self.steady_drive = MOVING  # drive_level's answer while nothing moves (pins.MOVING)
        self._find_steady()

    @property
    def closed(self):
        """Where the contact ends up (its state once any bounce has died away)."""
        return self._changes[-1][1]

    def _find_steady(self):
        """steady_drive after every change of the contact's schedule or fault: its level once
        settled (one change left, no fault), else MOVING (drive_level works it out)."""
        changes = self._changes
        if self.fault is None and len(changes) == 1:
            self.steady_drive = self.closed_level if changes[0][1] else None
        else:
            self.steady_drive = MOVING

    def fail(self, mode):
        if mode not in self.FAULT_MODES:
            raise ValueError("fault mode %r is not one of %r" % (mode, self.FAULT_MODES))
        self.fault = mode
        self._find_steady()

    def heal(self):
        self.fault = None
        self._find_steady()

    def set_closed(self, closed, at_us):
        """Move the contact at at_us; a later change already scheduled is dropped."""
        changes = [change for change in self._changes if change[0] < at_us]
        if not changes:
            changes = [(0, self._changes[0][1])]
        if changes[-1][1] == closed:
            self._changes = changes
            self._find_steady()
            return
        changes.append((at_us, closed))
        if self.bounce_us > 0:
            settle_us = self.rng.between(min(_MIN_BOUNCE_US, self.bounce_us), self.bounce_us)
            chatter_times = sorted(at_us + 1 + self.rng.below(settle_us)
                                   for _ in range(2 * self.rng.between(1, _MAX_CHATTERS)))
            state = closed
            for time_us in chatter_times:
                state = not state
                changes.append((time_us, state))
        self._changes = changes
        self._find_steady()

    def closed_at(self, now_us):
        if self.fault == "stuck_closed":
            return True
        if self.fault == "stuck_open":
            return False
        changes = self._changes
        index = len(changes) - 1
        while changes[index][0] > now_us:
            index -= 1
        if index > 0:
            del changes[:index]  # the past before now is no longer needed
            self._find_steady()
        return changes[0][1]

    def drive_level(self, now_us):
        steady = self.steady_drive
        if steady is not MOVING:  # settled (the usual case): closed_at's answer at once
            return steady
        return self.closed_level if self.closed_at(now_us) else None

    def settles_by_us(self):
        """The time of the contact's last scheduled movement."""
        return self._changes[-1][0]
