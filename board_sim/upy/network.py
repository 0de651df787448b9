"""Stand-in for MicroPython's `network` on a Pico W (the rp2 port's CYW43 flavour): WLAN with
STA_IF/AP_IF, active, connect, disconnect, isconnected, status, ifconfig, config, over the
attached board's Wi-Fi chip (board_sim.devices.wifi, which a test scripts). On a board without
one, WLAN() raises OSError, as a firmware built without the driver has no WLAN at all.
Runs on CPython and on the MicroPython unix port."""

from board_sim import link
from board_sim.devices import wifi

STA_IF = 0
AP_IF = 1
STAT_IDLE = wifi.STAT_IDLE
STAT_CONNECTING = wifi.STAT_CONNECTING
STAT_WRONG_PASSWORD = wifi.STAT_WRONG_PASSWORD
STAT_NO_AP_FOUND = wifi.STAT_NO_AP_FOUND
STAT_CONNECT_FAIL = wifi.STAT_CONNECT_FAIL
STAT_GOT_IP = wifi.STAT_GOT_IP
_NO_ADDRESS = ("0.0.0.0", "0.0.0.0", "0.0.0.0", "0.0.0.0")


def _chip():
    chip = getattr(link.current(), "wifi", None)
    if chip is None:
        raise OSError("this board has no Wi-Fi chip")
    return chip


class WLAN:
    """WLAN(STA_IF) or WLAN(AP_IF): the chip's interface (the same one each time, as on the board)."""

    IF_STA = STA_IF
    IF_AP = AP_IF

    def __init__(self, interface=STA_IF):
        if interface not in (STA_IF, AP_IF):
            raise ValueError("unknown interface")
        self._chip = _chip()
        self._ap = interface == AP_IF
        self._interface = self._chip.access_point if self._ap else self._chip.station

    def active(self, *value):
        if value:
            if value[0] and not self._chip.answers:
                raise OSError(-1)  # as the CYW43 driver reports a chip that does not start
            self._interface.active = bool(value[0])
            self._interface.calls.append(("active", bool(value[0])))
            if not value[0]:
                self._interface.joining = None
            return None
        return self._interface.active

    def connect(self, ssid, key=None, **_keywords):
        if self._ap:
            raise OSError("connect() on the access point")
        if not self._interface.active:
            raise OSError("the station is not active")
        self._interface.joining = (ssid, key or "", self._chip.board.now_ms)
        self._interface.calls.append(("connect", ssid))

    def disconnect(self):
        self._interface.joining = None
        self._interface.calls.append(("disconnect",))

    def status(self, *_param):
        if self._ap:
            return STAT_GOT_IP if self._interface.active else STAT_IDLE
        return self._chip.station_status()

    def isconnected(self):
        return self.status() == STAT_GOT_IP

    def ifconfig(self, *_settings):
        if self._ap:
            address = wifi.AP_ADDRESS if self._interface.active else None
        else:
            address = self._chip.station_address()
        if address is None:
            return _NO_ADDRESS
        return (address, "255.255.255.0", address[:address.rfind(".")] + ".1", "0.0.0.0")

    def config(self, *names, **settings):
        if names:
            return self._interface.settings[names[0]]
        self._interface.settings.update(settings)
        self._interface.calls.append(("config", dict(settings)))
        return None
