"""A Pico W's Wi-Fi chip and the networks in its reach, as board_sim.upy.network drives it.

A test scripts the air: `chip.add_network("The Crown", "pints4all", answers_after_ms=4000)` is a
network that lets a station in 4 s after it asks (with the right password; with a wrong one it
refuses then), `answers_after_ms=None` one that never answers. A network not in reach is not
found (status -2) after NOT_FOUND_MS, as the CYW43 reports it.
"""

NOT_FOUND_MS = 3000
AP_ADDRESS = "192.168.4.1"  # the CYW43 driver's own network (MicroPython's rp2 port)
# network.WLAN.status() as the rp2 port gives it (CYW43_LINK_*)
STAT_IDLE = 0
STAT_CONNECTING = 1
STAT_GOT_IP = 3
STAT_CONNECT_FAIL = -1
STAT_NO_AP_FOUND = -2
STAT_WRONG_PASSWORD = -3


class Network:
    """A network in reach: its password ("" for an open one), how long it takes to let a
    station in (None: never), the address it gives."""

    def __init__(self, password, answers_after_ms, address):
        self.password = password
        self.answers_after_ms = answers_after_ms
        self.address = address


class Interface:
    """One of the chip's two interfaces (station or access point) as network.WLAN sees it."""

    def __init__(self):
        self.active = False
        self.settings = {}  # config(): essid, password ...
        self.joining = None  # station: (ssid, password, since_ms) of the last connect()
        self.calls = []  # ("active", True), ("connect", ssid) ...: what the firmware asked, in order


class WifiChip:
    def __init__(self, board):
        self.board = board
        self.networks = {}
        self.answers = True  # False: the chip does not answer (WLAN.active(True) raises OSError)
        self.station = Interface()
        self.access_point = Interface()

    def add_network(self, ssid, password="", answers_after_ms=0, address="192.168.1.57"):
        self.networks[ssid] = Network(password, answers_after_ms, address)

    def station_status(self):
        joining = self.station.joining
        if not self.station.active or joining is None:
            return STAT_IDLE
        ssid, password, since_ms = joining
        waited = self.board.now_ms - since_ms
        network = self.networks.get(ssid)
        if network is None:
            return STAT_NO_AP_FOUND if waited >= NOT_FOUND_MS else STAT_CONNECTING
        if network.answers_after_ms is None or waited < network.answers_after_ms:
            return STAT_CONNECTING
        return STAT_GOT_IP if password == network.password else STAT_WRONG_PASSWORD

    def station_address(self):
        if self.station_status() != STAT_GOT_IP:
            return None
        return self.networks[self.station.joining[0]].address
