"""The box on the network (a board with Wi-Fi only): `link`, the one Link, started at boot by
net.wifi_settings and ticked by the App (app.core: its devices' `wifi`). It joins the pub's
network when config.json names one, a poll a tick (network.WLAN's status, never a wait), and
falls back to the box's own network when that has not let it in after its timeout, or refused
the password; without one, it starts its own.

What the rest reads of it: `mode` (_JOINING, _STARTING its own, _OWN, _JOINED: app.screen_net
keeps const() copies, none stored as a name here), `ssid` (the network joined or being joined,
or the box's own), `password` (the own network's; None on the pub's), `address` (the box's IP
address as a str once it has one, else None) and `failed` (the pub's network did not let it
in). The scoreboard's server binds to `address`; app.screen_net shows
it all, and sets `redraw` while its QR code is being made.
"""

import time

from micropython import const

_JOINING = const(1)  # the modes
_STARTING = const(2)
_OWN = const(3)
_JOINED = const(4)
_POLL_MS = const(500)  # the chip is asked how it stands this often
_STAT_GOT_IP = const(3)  # network.WLAN.status() on the rp2 port (CYW43_LINK_*)
_STAT_WRONG_PASSWORD = const(-3)


class Link:
    """The box's Wi-Fi: see the module's docstring."""

    def __init__(self):
        self.mode = 0  # not started
        self.ssid = None
        self.password = None
        self.address = None
        self.failed = False
        self.redraw = False  # the OLED's network page wants the next tick's frame (app.screen_net)
        self._own = ("", "")  # (name, password) of the box's own network
        self._join = ("", "", 0)  # (ssid, password, timeout_ms) of the pub's, when it has one
        self._since = None  # when the joining started (the first tick after start)
        self._network = None  # MicroPython's network module, imported by start (only a board
        #                       with Wi-Fi has it: the self-test imports this module on any)
        self._polled = 0

    def start(self, own, join=None):
        """Join the pub's network (`join`: wifi_settings' (ssid, password, timeout_ms)) or start
        the box's own (`own`: (name, password)). At boot: the chip's start (a few hundred ms
        on a Pico W, loading its firmware) is done here, not in a tick."""
        import network  # pyright: ignore[reportMissingImports] (a Pico W's: the Pico's stubs lack it)

        self.__init__()  # (a second start, the simulator's next box: from scratch)
        self._network = network
        self._own = own
        if join is None:
            self._start_own()
            return
        self._join = join
        self.mode = _JOINING
        self.ssid = join[0]
        station = network.WLAN(network.STA_IF)
        station.active(True)
        station.connect(join[0], join[1])

    def _start_own(self):
        self.mode = _STARTING
        self.ssid, self.password = self._own
        network = self._network
        access_point = network.WLAN(network.AP_IF)
        access_point.config(essid=self.ssid, password=self.password)
        access_point.active(True)

    def tick(self, now_ms):
        """A poll of the chip every _POLL_MS; True when what the box shows of it changed (or
        `redraw` asks for a frame: app.screen_net's QR code is being made, a slice a frame)."""
        changed = self.redraw
        self.redraw = False
        if self._since is None:
            self._since = now_ms
        elif time.ticks_diff(now_ms, self._polled) < _POLL_MS:
            return changed
        self._polled = now_ms
        mode = self.mode
        network = self._network
        if mode == _JOINING:
            station = network.WLAN(network.STA_IF)
            status = station.status()
            if status == _STAT_GOT_IP:
                self.mode = _JOINED
                self.address = station.ifconfig()[0]
                changed = True
            elif status == _STAT_WRONG_PASSWORD or time.ticks_diff(now_ms, self._since) >= self._join[2]:
                station.disconnect()
                station.active(False)  # the box's own network starts at the next poll
                self.failed = True
                self.mode = _STARTING
                self.ssid, self.password = self._own
                changed = True
            elif status < 0:  # not found, or failed: asked again until the timeout
                station.connect(self._join[0], self._join[1])
        elif mode == _STARTING:
            access_point = network.WLAN(network.AP_IF)
            if not access_point.active():
                self._start_own()
            else:
                self.mode = _OWN
                self.address = access_point.ifconfig()[0]
                changed = True
        elif mode == _JOINED and not network.WLAN(network.STA_IF).isconnected():
            self.mode = _JOINING  # the pub's network went: joined again, or the own after the timeout
            self.address = None
            self._since = now_ms
            network.WLAN(network.STA_IF).connect(self._join[0], self._join[1])
            changed = True
        return changed


link = Link()

