"""config.json's `wifi` section, checked, and the box's network started by it (start: at boot
only, on a board with Wi-Fi; app.startup lets this module go): the box's own network, and the
pub's to join first.

    "wifi": {"name": "shutbox", "password": "shutthebox",
             "join": {"ssid": "The Crown", "password": "pints4all", "timeout_s": 30}}

Without `join` the box starts its own network (`name`, 1-27 characters, and `password`, WPA2's
8 or more, up to 27: each fits two lines of the OLED after "wifi " or "pass ");
with it, it joins the pub's and starts its own when that has not let it in after `timeout_s`.
A bad value never stops the box: it becomes a fault message and the default is used (a bad
`join`: no joining, the box's own network).
"""

from game.config import as_json
from game.numbers import whole
from micropython import const

NAME = "shutbox"  # the own network's, by default
PASSWORD = "shutthebox"
_TIMEOUT_S = const(30)
_LONGEST_SSID = const(32)  # bytes, as 802.11 allows
_LONGEST_SHOWN = const(27)  # the own network's name and password: two OLED lines after "wifi "


def _text(value, shortest, longest, printable):
    """Is `value` a str of shortest..longest bytes (printable ASCII only when `printable`)?"""
    if not isinstance(value, str):
        return False
    size = len(value.encode())
    if not shortest <= size <= longest:
        return False
    if printable:
        for char in value:
            if not " " <= char <= "~":
                return False
    return True


def _unknown(section, known, where, faults):
    for key in section:
        if key not in known:
            faults.append("%s: unknown key %s (the keys are %s); ignored"
                          % (where, as_json(key), ", ".join(known)))


def read(section, path="config.json"):
    """The `wifi` section of the settings file (None: absent) -> ((name, password, join),
    fault messages); join: (ssid, password, timeout_ms) of the pub's network, or None."""
    faults = []
    name = NAME
    password = PASSWORD
    join = None
    where = path + ": wifi"
    if section is None:
        return (name, password, join), faults
    if not isinstance(section, dict):
        faults.append('%s: must be an object {"name": ..., "password": ..., "join": {...}}, got %s; '
                      "using the box's own network %s" % (where, as_json(section), NAME))
        return (name, password, join), faults
    _unknown(section, ("name", "password", "join"), where, faults)
    value = section.get("name", NAME)
    if _text(value, 1, _LONGEST_SHOWN, True):
        name = value
    else:
        faults.append("%s.name: must be 1-27 plain characters (letters, digits, signs), got %s; "
                      "using %s" % (where, as_json(value), NAME))
    value = section.get("password", PASSWORD)
    if _text(value, 8, _LONGEST_SHOWN, True):
        password = value
    else:
        faults.append("%s.password: must be 8-27 plain characters (WPA2 takes 8 or more), got %s; "
                      "using %s" % (where, as_json(value), PASSWORD))
    value = section.get("join")
    if value is not None:
        join = _join(value, where + ".join", faults)
    return (name, password, join), faults


def _join(section, where, faults):
    """The pub's network to join -> (ssid, password, timeout_ms), or None (a fault said why)."""
    if not isinstance(section, dict):
        faults.append('%s: must be an object {"ssid": ..., "password": ..., "timeout_s": ...}, got '
                      "%s; using the box's own network" % (where, as_json(section)))
        return None
    _unknown(section, ("ssid", "password", "timeout_s"), where, faults)
    ssid = section.get("ssid")
    if not _text(ssid, 1, _LONGEST_SSID, False):
        faults.append("%s.ssid: must name the network (1-32 bytes), got %s; using the box's own "
                      "network" % (where, as_json(ssid)))
        return None
    password = section.get("password", "")
    if not (password == "" or _text(password, 8, 63, True)):
        faults.append('%s.password: must be 8-63 plain characters, or "" for an open network, '
                      "got %s; using the box's own network" % (where, as_json(password)))
        return None
    timeout_s = section.get("timeout_s", _TIMEOUT_S)
    if not whole(timeout_s, 5, 600):
        faults.append("%s.timeout_s: must be a whole number of seconds 5..600, got %s; using %d"
                      % (where, as_json(timeout_s), _TIMEOUT_S))
        timeout_s = _TIMEOUT_S
    return ssid, password, timeout_s * 1000


def start(section, faults):
    """The `wifi` section (app.settings keeps it as read) checked, its faults added to
    `faults`, and net.wifi's link started by it -> that link, or False (a fault says why) when
    this MicroPython has no `network` (a Pico's build on a Pico W) or the chip does not start."""
    import sys

    checked, found = read(section)
    faults.extend(found)
    try:
        import network  # noqa: F401  # pyright: ignore[reportMissingImports] (a Pico W's build)
    except ImportError:
        if sys.platform in ("rp2", "esp32") or sys.implementation.name != "micropython":
            faults.append("wifi: this MicroPython has no network module (flash the Pico W's "
                          "build); no Wi-Fi")
        return False  # (the unix port's virtual board, the browser's wasm: no chip, no fault)
    from net.wifi import link

    try:
        link.start(checked[:2], checked[2])
    except OSError as error:
        faults.append("wifi: the chip does not start (%s); no Wi-Fi" % (error,))
        return False
    return link
