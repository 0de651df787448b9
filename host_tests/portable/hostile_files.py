"""Seeded malformed and hostile inputs for every file the box reads (config.json, board.json and
its board file, /data/play/match, /data/stats, /data/menu), each read the way the box reads it.

A case passes when reading gives a value or a message (a fault, or the BoardError that stops a
box whose flaps cannot be read), never another exception, and loses no good file: config and
board files are never written, a damaged /data file is kept byte for byte as `<name>.bad` (as
`.bad.1` beside one an earlier boot set aside, which stays as it was), and
a good file beside a bad `.new` survives and is the one used. Runs on CPython and MicroPython:

    import hostile_files
    hostile_files.main(count, seed, directory)   # prints "<file> <cases> <failures>" lines

`big=True` adds the memory cases (a 200 KB string, a 120 KB list, 5000-deep nesting);
`sweep=True` the /data files' sweep_inputs (every field given each kind of wrong value).
"""

import gc
import json
import os
import sys

from game.presets import PRESET_NAMES

CONFIGS = (
    {"rules": {"preset": "classic"}, "players": 2, "hints": False},
    {"rules": {"preset": "tournament", "tiles": 12, "dice": 2}, "players": 4, "hints": True},
    {"rules": {"preset": "canoga", "stakes": "pool", "chips": 50}, "players": 3},
    {"rules": {"preset": "long-game", "one_die": "never"}, "players": 2, "hints": False},
)
SELECTIONS = (
    {"board": "pico", "overrides": {}},
    {"board": "pico", "overrides": {"rows": 1, "leds": {"brightness": 10}, "debounce_ms": 30}},
    {"board": "pico_w", "overrides": {"buttons": {"ok": {"pin": 21, "long_ms": 900}}}},
    {"board": "esp32_devkit"},
    {"board": "pico", "overrides": {"buttons": {"ok": {"pin": 33}}}},  # wirings the box cannot play
    {"board": "pico", "overrides": {"buttons": {"select": {"pin": 21}, "ok": {"pin": 21}}}},
    {"board": "pico", "overrides": {"flaps": [{"type": "gpio", "pins": [6, 7, 8, 9, 10, 11, 12, 13, 25]}]}},
    {"board": "pico", "overrides": {"usable_pins": [[0, 9], 21, [26, 28]]}},
)
MATCH_PRESETS = (("classic", 2), ("canoga", 3), ("long-game", 2), ("tournament", 4),
                 ("2012", 2), ("young-players", 2), ("max-penalty", 3))
BOX_TILES = 9  # the /data/ files are read on a 9-tile box with one row of flaps
ODD_STRINGS = ("", "pico", "classic", "../boards/pico", "\u00e9\u2603", "\x00", "x" * 300, "null")
EARLIER = b"SBX1 a copy set aside by an earlier boot"
ODD_NUMBERS = (0, -1, 1, 2, 8, 9, 24, 25, 1 << 31, -(1 << 40), 10 ** 30, 0.5, 1e308)
DAMAGE_WAYS = 8  # Hostile.damage's: truncated, bits flipped, garbage, erased, not UTF-8, brackets, deep, tail


class Hostile:
    """A seeded source of hostile values and byte damage (xorshift32, as on the box)."""

    def __init__(self, seed):
        self.state = (seed * 2654435761 + 1) & 0xFFFFFFFF or 1

    def below(self, limit):
        state = self.state
        state ^= (state << 13) & 0xFFFFFFFF
        state ^= state >> 17
        state ^= (state << 5) & 0xFFFFFFFF
        self.state = state
        return state % limit

    def pick(self, options):
        return options[self.below(len(options))]

    def value(self, depth=0):
        """A JSON value of any type, shallow or nested."""
        kind = self.below(9 if depth < 3 else 6)
        if kind == 0:
            return None
        if kind == 1:
            return self.below(2) == 1
        if kind == 2:
            return self.pick(ODD_NUMBERS)
        if kind == 3:
            return self.below(50) - 10
        if kind == 4 or kind == 5:
            return self.pick(ODD_STRINGS + PRESET_NAMES)
        if kind == 6:
            return [self.value(depth + 1) for _index in range(self.below(5))]
        if kind == 7:
            return {self.pick(ODD_STRINGS): self.value(depth + 1) for _index in range(self.below(4))}
        return [self.below(48) for _index in range(self.below(30))]

    def mutate(self, document):
        """A copy of `document` with one to three places changed: a value replaced by any
        other, a key removed or added, a list grown or emptied."""
        document = json.loads(json.dumps(document))
        for _change in range(1 + self.below(3)):
            places = []
            _places(document, places)
            if not places:
                return self.value()
            container, key = self.pick(places)
            action = self.below(5)
            if action == 0 and isinstance(container, dict):
                del container[key]
            elif action == 1 and isinstance(container, dict):
                container[self.pick(ODD_STRINGS)] = self.value()
            elif action == 2 and isinstance(container[key], list):
                container[key].append(self.value(2))
            else:
                container[key] = self.value(1)
        return document

    def damage(self, data, action=None):
        """`data` (bytes) damaged as flash and editors damage files (action: which of the
        DAMAGE_WAYS, by default drawn)."""
        data = bytearray(data)
        if action is None:
            action = self.below(DAMAGE_WAYS)
        if action == 0 or not data:
            return bytes(data[:self.below(len(data) + 1)])  # truncated
        if action == 1:
            for _flip in range(1 + self.below(4)):
                data[self.below(len(data))] ^= 1 << self.below(8)
            return bytes(data)
        if action == 2:
            return bytes(self.below(256) for _index in range(self.below(600)))  # garbage
        if action == 3:
            return b"\xff" * (1 + self.below(600))  # erased flash
        if action == 4:
            where = self.below(len(data))
            data[where:where] = bytes([0x80 + self.below(0x80), 0xC0 + self.below(0x40), 0xFF])  # not UTF-8
            return bytes(data)
        if action == 5:
            where = self.below(len(data))
            data[where:where] = self.pick((b"[", b"{", b"]", b"}", b'"', b"\\", b",")) * (1 + self.below(40))
            return bytes(data)
        if action == 6:
            depth = 9 + self.below(1500)
            return b'{"a": ' + b"[" * depth + b"]" * depth + b"}"
        return bytes(data) + bytes(self.below(256) for _index in range(1 + self.below(20)))


def _places(node, places):
    if isinstance(node, dict):
        for key in node:
            places.append((node, key))
            _places(node[key], places)
    elif isinstance(node, list):
        for index in range(len(node)):
            places.append((node, index))
            _places(node[index], places)


def _fields(node, path, out):
    """(container, key, path) of every place in `node`, in _places' order; a path names a list's
    first items by their index (a snapshot's turn is a list of fields), the rest as `[*]`."""
    if isinstance(node, dict):
        for key in node:
            out.append((node, key, path + "." + key))
            _fields(node[key], path + "." + key, out)
    elif isinstance(node, list):
        for index in range(len(node)):
            item = path + ("[%d]" % index if index < SWEEP_INDEXES else "[*]")
            out.append((node, index, item))
            _fields(node[index], item, out)


# A value of each kind a check tells apart (measured: leaving out any one of these left a
# check of the match's unreached; None or an object besides reached none more): below and above
# any range, text or a list where a number goes; a key is removed too, and a list grown by an
# item (a None).
SWEEP_VALUES = (-1, 10 ** 30, "x", [])
SWEEP_ITEM_VALUES = (-1, 3, 10 ** 30, "x")  # a list's item (3: in range, a mask of two tiles)
SWEEP_INDEXES = 20  # a list's items swept one by one; later ones are like them
_REMOVED = object()
_GROWN = object()


def sweep_inputs(hostile, goods):
    """The sharper cases, every one reaching a check on purpose where random changes reach the
    rare ones by luck: every field of the good payloads' JSON (each path once, in the first
    payload that has it) removed and replaced by each of SWEEP_VALUES, one change a case (a
    match payload's game log kept); every way of damage() done to each good payload, and four
    edits a JSON parser tells apart.
    (payload, way) pairs: the way 0 (saved whole) and 2 (a .new beside a good file) in turn."""
    seen = set()
    way = 0
    for good in goods:
        cut = good.find(b"\n")
        head, tail = (good, b"") if cut < 0 else (good[:cut], good[cut:])
        fields = []
        _fields(json.loads(head), "", fields)
        for index in range(len(fields)):
            container, field, path = fields[index]
            if path in seen:
                continue
            seen.add(path)
            values = (_REMOVED,) + SWEEP_VALUES if isinstance(container, dict) else SWEEP_ITEM_VALUES
            if isinstance(container[field], list):
                values += (_GROWN,)
            for value in values:
                document = json.loads(head)
                changed = []
                _fields(document, "", changed)
                container, key, _path = changed[index]
                if value is _REMOVED:
                    del container[key]
                elif value is _GROWN:
                    container[key].append(None)
                else:
                    container[key] = value
                _collect()
                yield json.dumps(document).encode() + tail, way
                way = 2 - way
        for action in range(DAMAGE_WAYS):
            yield hostile.damage(good, action), way
            way = 2 - way
        # Edits a JSON parser tells apart: a control character and a bad escape in the first
        # string, a value after the JSON's end, nested a level too deep.
        for edited in (good.replace(b'"', b'"\x01', 1), good.replace(b'"', b'"\\q', 1), head + b" 1" + tail,
                       b"[" * 8 + head + b"]" * 8 + tail):
            yield edited, way
            way = 2 - way


def huge_inputs():
    """The memory cases, each (start, chunk, times, end) written a chunk at a time: bigger than
    any file the box reads, and deeper than any parser goes."""
    return ((b'{"rules": {"preset": "', b"x" * 1000, 200, b'"}}'),
            (b'{"players": [', b"1," * 500, 120, b"1]}"),
            (b"", b"[" * 1000, 5, b"]" * 5000),
            (b'{"hints": ', b"{" * 500, 5, b"}" * 2500 + b"}"))


def text_inputs(hostile, documents, count, big):
    """`count` hostile contents of a JSON file whose good forms are `documents`, one at a time
    (bytes, and with big=True first the huge_inputs())."""
    made = 0
    if big:
        for case in huge_inputs():
            yield case
            made += 1
    while made < count:
        _collect()
        way = hostile.below(3)
        if way == 0:
            yield json.dumps(hostile.mutate(hostile.pick(documents))).encode()
        elif way == 1:
            yield hostile.damage(json.dumps(hostile.pick(documents)).encode())
        else:
            yield json.dumps(hostile.value()).encode()
        made += 1


class Results:
    """Cases tried and failures (the first few described) per file."""

    def __init__(self):
        self.tried = {}
        self.failures = {}
        self.swept = {}  # of the cases tried, those of sweep_inputs, per file

    def record(self, name, failure=None):
        self.tried[name] = self.tried.get(name, 0) + 1
        if failure is not None:
            self.failures[name] = self.failures.get(name, 0) + 1
            print("failure %s: %s" % (name, failure))


def _collect():
    """Room on MicroPython's small heap between cases (on CPython a collection is only slow)."""
    if sys.implementation.name == "micropython":
        gc.collect()


def _make_dir(path):
    try:
        os.mkdir(path)
    except OSError:
        pass  # there already


def _clear(directory):
    """Empty the box's /data/ and its match's folder (play/, left there)."""
    folder = directory + "/play"
    try:
        os.mkdir(folder)
    except OSError:
        pass  # there already
    for name in os.listdir(folder):
        os.remove(folder + "/" + name)
    for name in os.listdir(directory):
        if name != "play":
            os.remove(directory + "/" + name)


def _read(path):
    try:
        with open(path, "rb") as stream:
            return stream.read()
    except OSError:
        return None


def _write(path, data):
    """Write bytes, or a huge input (start, chunk, times, end) a chunk at a time."""
    with open(path, "wb") as stream:
        if isinstance(data, tuple):
            stream.write(data[0])
            for _time in range(data[2]):
                stream.write(data[1])
            stream.write(data[3])
        else:
            stream.write(data)


def _unchanged(path, data):
    """Does the file at `path` still hold `data` (bytes, or a huge input by its size)?"""
    if isinstance(data, tuple):
        return os.stat(path)[6] == len(data[0]) + len(data[1]) * data[2] + len(data[3])
    return _read(path) == data


def _shown(data):
    return repr(data[0][:60] if isinstance(data, tuple) else data[:200])


def _described(error):
    return "%s: %s" % (type(error).__name__, error)


# -- config.json ----------------------------------------------------------------------------

def try_config(results, hostile, count, directory, big):
    from app.settings import game_entries, load_settings

    path = directory + "/config.json"
    for data in text_inputs(hostile, CONFIGS, count, big):
        _write(path, data)
        failure = None
        try:
            settings, faults = load_settings(path)
            entries, _chosen, entry_faults = game_entries(settings, 9, 1)
            if not entries:
                failure = "no game offered"
            elif data != json.dumps(CONFIGS[0]).encode() and not faults + entry_faults:
                failure = _unchanged_defaults(settings, data)
        except Exception as error:  # any exception fails the case
            failure = _described(error)
        if failure is None and not _unchanged(path, data):
            failure = "config.json changed"
        results.record("config.json", failure)
        if failure is not None:
            print("case", _shown(data))


def _unchanged_defaults(settings, data):
    """None when settings without a fault are what the file says (a hostile file may be valid)."""
    try:
        raw = json.loads(data)
    except ValueError:
        return "read without a fault: %r" % (data[:80],)
    if not isinstance(raw, dict):
        return "read a non-object without a fault"
    if raw.get("players", 2) != settings.players or raw.get("hints", False) != settings.hints:
        return "settings differ from the file without a fault"
    return None


# -- board.json and the board file ----------------------------------------------------------

def try_board(results, hostile, count, directory, big, firmware):
    from hal.board_config import BoardError, load_config, validate

    _make_dir(directory + "/boards")
    originals = {}
    for name in ("pico", "pico_w", "esp32_devkit"):
        originals[name] = _read(firmware + "/boards/" + name + ".json")
        _write(directory + "/boards/" + name + ".json", originals[name])
    pinmaps = [json.loads(originals[name]) for name in originals]
    half = count // 2
    for which, documents, number in (("board.json", SELECTIONS, count - half), ("boards/pico.json", pinmaps, half)):
        for data in text_inputs(hostile, documents, number, big):
            target = directory + "/" + which
            _write(target, data)
            if which != "board.json":
                _write(directory + "/board.json", b'{"board": "pico"}')
            failure = None
            try:
                config, _faults = load_config(directory + "/")
                validate(config)
            except BoardError as error:  # the flaps cannot be read: the message names the key
                if not str(error):
                    failure = "a BoardError without a message"
            except Exception as error:  # any other exception fails the case
                failure = _described(error)
            if failure is None and not _unchanged(target, data):
                failure = "%s changed" % which
            results.record(which, failure)
            if failure is not None:
                print("case", _shown(data))
        if which != "board.json":
            _write(directory + "/" + which, originals["pico"])


# -- /data/ ---------------------------------------------------------------------------------

def saved_matches(directory):
    """The match file's payloads for a few presets, at the start and after a roll:
    (those a box of BOX_TILES tiles in one row plays, all of them)."""
    from app.keeper import Keeper, keep
    from game.gamelog import GameLog, MatchTally
    from game.match import source_for, start_match
    from game.presets import preset
    from game.prng import Xorshift32
    from game.sources import feed
    from game.turn import AWAIT_ROLL

    payloads = []
    playable = []
    for name, players in MATCH_PRESETS:
        rules = preset(name)
        fits = rules.tiles <= BOX_TILES and rules.rows == 1
        if not fits and sys.implementation.name == "micropython":
            continue  # its tables would stay loaded: no room on a Pico-sized heap beside the test
        match = start_match(rules, players)
        source = source_for(rules, Xorshift32(7))
        keeper = Keeper(directory)
        log = GameLog(8)
        log.turn(0)
        for roll in range(2):
            if roll and match.turn.state == AWAIT_ROLL:
                count = source.draw(match.turn.dice_expected())
                feed(match.turn, source.values, count)
            keep(keeper, "save_match", match, source, MatchTally(1), log)
            payloads.append(_saved_match(keeper))
            if fits:
                playable.append(payloads[-1])
        match = source = keeper = None
        _collect()
    return playable, payloads


def _saved_match(keeper):
    """The payload of the match file as the keeper saved it (its modules let go after, as
    keep() lets them go: it empties them, so its file object cannot be read after the call)."""
    from app.memory import release

    loaded = list(sys.modules)
    from app.keeper_save import match_file

    payload = match_file(keeper).load()
    release([name for name in sys.modules if name not in loaded], False)
    return payload


def saved_stats():
    from game.stats import Stats

    stats = Stats()
    stats.by_preset["classic"] = [3, 3, 9, 1, 4, 20]
    stats.by_preset["canoga"] = [1, 5, 14, 0, 7, -1]
    stats.games_by_players = [0, 3, 1, 0, 0, 0, 0, 0]
    stats.last_serial = 4
    kept = json.dumps(stats.to_dict()).encode()
    stats.unknown["a-newer-game"] = [6, 9, 30, 2, 0, 12, 1]  # after a downgrade: kept as they were
    stats.unknown["retired"] = {"games": 2}
    return [kept, json.dumps(stats.to_dict()).encode()]


def _payload_inputs(hostile, goods, count, big):
    """Hostile payloads, one at a time: the good ones mutated (snapshot and log kept apart),
    damaged, or any value."""
    made = 0
    if big:
        for case in (b"[" * 2000 + b"]" * 2000 + b"\n", b"{" * 1200 + b"}" * 1200):
            yield case
            made += 1
    while made < count:
        _collect()
        good = hostile.pick(goods)
        cut = good.find(b"\n")
        head, tail = (good, b"") if cut < 0 else (good[:cut], good[cut:])
        way = hostile.below(4)
        if way == 0:
            yield json.dumps(hostile.mutate(json.loads(head))).encode() + tail
        elif way == 1:
            yield hostile.damage(good)
        elif way == 2:
            yield hostile.damage(head) + tail
        else:
            yield json.dumps(hostile.value()).encode() + tail
        made += 1


def _load(keeper, name):
    from app.keeper import keep
    from game.gamelog import GameLog, MatchTally

    if name == "match":
        from game.presets import why_unplayable

        return keep(keeper, "load_match", MatchTally(), GameLog(8), True, lambda rules: why_unplayable(rules, BOX_TILES, 1),
                    module="app.keeper_files")
    if name == "menu":
        return keep(keeper, "load_menu", module="app.keeper_read")
    return keep(keeper, "load_stats", module="app.keeper_stats")


def try_data(results, hostile, name, goods, count, directory, big, bases=None, sweep=False):
    """/data/<name> (the match: /data/play/match): hostile content saved whole (checked), damaged bytes of a good file, or
    a hostile `.new` beside a good file. goods: payloads this box reads; bases: the payloads
    mutated and damaged (by default the goods); sweep: the sweep_inputs of the bases too."""
    cases = ((payload, None) for payload in _payload_inputs(hostile, bases or goods, count, big))
    _try_data_cases(results, hostile, name, goods, directory, cases)
    if sweep:
        tried = sum(results.tried.values())
        _try_data_cases(results, hostile, name, goods, directory, sweep_inputs(hostile, bases or goods))
        results.swept["/data" + ("/play/" if name == "match" else "/") + name] = sum(results.tried.values()) - tried


def _try_data_cases(results, hostile, name, goods, directory, cases):
    """try_data's cases: (payload, way), the way None to draw."""
    from app.keeper import Keeper
    from hal.storage import AtomicFile
    from hal.storage_save import save

    path = directory + ("/play/" if name == "match" else "/") + name
    for payload, way in cases:
        _clear(directory)
        _collect()
        if way is None:
            way = hostile.below(3)
        earlier = hostile.below(4) == 0  # copies set aside by an earlier boot: never written over
        if earlier:
            _write(path + ".bad", EARLIER)
            _write(path + ".new.bad", EARLIER)
        before = None
        if way != 0:
            good = hostile.pick(goods)
            save(AtomicFile(path, max_bytes=len(good)), good)
            before = _read(path)
        if way == 1:
            data = hostile.damage(before)
            _write(path, data)
        else:
            save(AtomicFile(path + ".x", max_bytes=len(payload) + 1), payload)
            data = _read(path + ".x")
            os.rename(path + ".x", path + ".new" if way == 2 else path)
        failure = None
        keeper = Keeper(directory)
        try:
            loaded = _load(keeper, name)
        except Exception as error:  # any exception fails the case
            loaded = None
            failure = _described(error)
        faults = keeper.faults
        suffix = ".bad.1" if earlier else ".bad"
        bads = (_read(path + suffix), _read(path + ".new" + suffix))
        # A whole .new of nothing is the keeper's own save of "no match in progress": it wins.
        cleared = way == 2 and name == "match" and payload == b""
        if failure is None and not (cleared and loaded is None and not faults):
            failure = _lost(way, data, faults, bads, loaded, _read(path), before)
        if failure is None and earlier and (_read(path + ".bad"), _read(path + ".new.bad")) != (EARLIER, EARLIER):
            failure = "a copy set aside before was written over"
        results.record("/data" + path[len(directory):], failure)
        if failure is not None:
            print("case", way, repr(data[:200]))


def _lost(way, data, faults, bads, loaded, now, before):
    """Why a /data case lost something or hid a fault, or None. way 0: `data` was saved whole;
    1: `data` is a good file's bytes damaged (`before`: the good file); 2: `data` is a `.new`
    beside the good file whose bytes were `before`. bads: the file's and the .new's `.bad`
    copies (None: none). A match whose game log alone is unreadable plays on without it, a
    copy of its file kept as `.bad`."""
    kept = bads[1] if way == 2 else bads[0]
    if faults and kept != data:
        return "reported but its bytes are not kept as .bad: %s" % faults
    if not faults and kept is not None:
        return "set aside without a fault"
    if way == 1 and data != before and not faults:
        return "damage dropped without a fault"
    if way == 2 and (now != before or bads[0] is not None or loaded is None):
        return "the good file beside a bad .new was lost"
    return None


FILES = ("config.json", "board.json", "/data/play/match", "/data/stats", "/data/menu")


def main(count, seed, directory, big=False, firmware="firmware", files=FILES, sweep=False):
    """Try `count` hostile inputs for each of `files` (board.json: half for it, half for its
    board file), and with sweep=True the sweep_inputs of each /data file's good payloads too;
    prints a "file <name> <tried> <failures>" line per file (and "swept <name> <cases>", of
    those tried, per /data file swept)."""
    results = Results()
    hostile = Hostile(seed)
    for sub in ("config", "board", "data", "scratch"):
        _make_dir(directory + "/" + sub)
    if "config.json" in files:
        try_config(results, hostile, count, directory + "/config", big)
    if "board.json" in files:
        try_board(results, hostile, count, directory + "/board", big, firmware)
    if "/data/play/match" in files:
        playable, payloads = saved_matches(directory + "/scratch")
        try_data(results, hostile, "match", playable, count, directory + "/data", big, payloads, sweep)
    if "/data/stats" in files:
        try_data(results, hostile, "stats", saved_stats(), count, directory + "/data", big, None, sweep)
    if "/data/menu" in files:
        try_data(results, hostile, "menu", [b'{"game": "classic", "players": 3, "hints": true}'], count,
                 directory + "/data", big, None, sweep)
    for name in results.tried:
        print("file %s %d %d" % (name, results.tried[name], results.failures.get(name, 0)))
    for name in results.swept:
        print("swept %s %d" % (name, results.swept[name]))
    return results
