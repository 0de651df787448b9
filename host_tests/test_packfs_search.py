"""firmware/packfs.py's look-ups in the pack's hash table: every name a stat or an open asks for
is found or not exactly as in the pack, whatever was asked before it, and an import's run of
look-ups ("/app/x", "/app/x.py", "/app/x.mpy", then the open) reads a slot or two of one KiB of
the pack each (LittleFS's cache of the open file), not a binary search's 7-9 entries in 3 or 4
(with its Python, 3-4 ms of an emulated RP2040's, issue 45); a module's reads do not seek the
pack again each 255 bytes. Here on CPython, packfs is given MicroPython's
hash() (tools/flashing/pack.py's hash_slot takes its low byte); on MicroPython's ports, their own
(test_the_table_answers_on_micropython)."""

import json
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from micropython_runtimes import RUNTIMES, run_on

from board_sim.firmware_dir import FIRMWARE
from tools.flashing.pack import COMPILED, pack

sys.path.insert(0, str(FIRMWARE))
try:
    import packfs
    from packfs import PackFs
finally:
    sys.path.remove(str(FIRMWARE))


def micropython_hash(value):
    """MicroPython's hash() of a str or bytes (qstr_compute_hash, 2 bytes of it as the unix port
    keeps them)."""
    data = value.encode() if isinstance(value, str) else value
    hashed = 5381
    for byte in data:
        hashed = (hashed * 33 ^ byte) & 0xFFFF
    return hashed or 1


@pytest.fixture(autouse=True)
def hashed_as_on_micropython(monkeypatch):
    monkeypatch.setattr(packfs, "hash", micropython_hash, raising=False)

MODULES = ("app/__init__.mpy", "app/core.mpy", "app/finish.mpy", "app/phases.mpy",
           "app/screen_end.mpy", "game/__init__.mpy", "game/match.mpy", "game/x/deep.mpy",
           "hal/storage.mpy", "selftest.mpy", "version.mpy")


class CountingFile:
    """A pack file that counts the table's slots read (one readinto of a name each), the KiB
    of the pack they are in (LittleFS's cache of an open file on a Pico) and its seeks."""

    def __init__(self, path, width):
        self.file = open(path, "rb")
        self.width = width
        self.names_read = 0
        self.kib_read = set()
        self.seeks = 0

    def readinto(self, buffer):
        if len(buffer) == self.width:
            self.names_read += 1
            self.kib_read.add(self.file.tell() // 1024)
        return self.file.readinto(buffer)

    def seek(self, *args):
        self.seeks += 1
        return self.file.seek(*args)

    def __getattr__(self, name):
        return getattr(self.file, name)


def mounted(tmp_path, members):
    path = tmp_path / "pack.bin"
    path.write_bytes(pack(members))
    packfs = PackFs(str(path))
    packfs.pack.close()
    packfs.pack = packfs.member.pack = CountingFile(str(path), len(packfs.name))
    return packfs


def directories(members):
    names = {""}
    for path in members:
        parts = path.split("/")
        names.update("/".join(parts[:end]) for end in range(1, len(parts)))
    return names


def answer(packfs, path):
    """What stat says of path: ("file", size), ("dir", 0) or None (ENOENT)."""
    try:
        mode = packfs.stat(path)
    except OSError as error:
        assert error.args == (2,)  # ENOENT, as MicroPython reads OSError(2)
        return None
    return ("file" if mode[0] == 0x8000 else "dir", mode[6])


def _firmware_sized_names(count=110):
    """Module paths as many as the firmware's (115 files and folders in its pack)."""
    folders = ("app", "game", "hal", "net")
    return ["%s/module_%d.mpy" % (folders[number % 4], number) for number in range(count)]


def test_each_look_up_of_an_import_reads_a_slot_or_two_of_one_kib_of_the_pack(tmp_path):
    names = _firmware_sized_names()
    members = {name: name.encode() * 3 for name in names}
    packfs_ = mounted(tmp_path, members)
    reads = {"folder?": [], ".py": [], ".mpy": [], "open": []}
    kib = []
    for name in names:
        path = "/" + name[:-4]
        for kind, asked, expected in (("folder?", path, None), (".py", path + ".py", None),
                                      (".mpy", path + ".mpy", ("file", len(members[name])))):
            before = packfs_.pack.names_read
            packfs_.pack.kib_read.clear()
            assert answer(packfs_, asked) == expected
            reads[kind].append(packfs_.pack.names_read - before)
            kib.append(len(packfs_.pack.kib_read))
        before = packfs_.pack.names_read
        member = packfs_.open(path + ".mpy", "rb")
        reads["open"].append(packfs_.pack.names_read - before)
        buffer = bytearray(255)
        assert bytes(buffer[:member.readinto(buffer)]) == members[name]
    assert max(reads[".py"]) == max(reads["open"]) == 0  # none in a compiled pack; the stat's
    for kind in ("folder?", ".mpy"):  # a binary search read 7-9 entries the first time
        assert max(reads[kind]) <= 8, (kind, reads[kind])
        assert sum(reads[kind]) <= len(names) * 2, (kind, reads[kind])
    assert max(kib) <= 2 and sum(kib) <= len(kib) * 0.8, kib


def test_a_module_s_reads_seek_the_pack_once(tmp_path):
    data = bytes(range(256)) * 9  # 2,304 bytes: 10 reads of 255
    packfs_ = mounted(tmp_path, {"app/big.mpy": data, "app/core.mpy": b"c" * 40})
    packfs_.stat("/app/core.mpy")
    member = packfs_.open("/app/big.mpy", "rb")
    seeks = packfs_.pack.seeks
    buffer = bytearray(255)
    read = bytearray()
    while True:
        count = member.readinto(buffer)
        if not count:
            break
        read += buffer[:count]
    assert bytes(read) == data
    assert packfs_.pack.seeks == seeks  # the open put the pack where the module starts


_ON_MICROPYTHON = """
import os
import packfs
with open("pack.bin", "wb") as file:
    file.write(%r)

class Counted:
    def __init__(self, file, width):
        self.file = file
        self.width = width
        self.names = 0

    def seek(self, at):
        self.file.seek(at)

    def readinto(self, buffer):
        self.names += len(buffer) == self.width
        return self.file.readinto(buffer)

fs = packfs.PackFs("pack.bin")
fs.pack = Counted(fs.pack, len(fs.name))
answers = []
for path in %r:
    try:
        answers.append(fs.stat(path)[6])
    except OSError:
        answers.append(None)
print("ANSWERS", answers, fs.pack.names)
"""


@pytest.mark.parametrize("runtime", RUNTIMES)
def test_the_table_answers_on_micropython(runtime):
    """The pack's table is made for MicroPython's hash() of the paths asked on each port."""
    names = _firmware_sized_names() + ["game/tables/deep.mpy"]
    members = {name: bytes(number % 7) for number, name in enumerate(names)}
    asked = (["/" + name for name in names] + ["/" + name[:-4] for name in names]
             + ["/", "/game", "/game/tables", "/nothing.mpy"])
    status, out, err = run_on(runtime, _ON_MICROPYTHON % (pack(members), asked))
    assert status == 0, out + err
    answers, names_read = out.split("ANSWERS ", 1)[1].rsplit("]", 1)
    expected = ([len(members[name]) for name in names] + [None] * len(names) + [0, 0, 0, None])
    assert json.loads(answers.replace("None", "null") + "]") == expected
    assert int(names_read) <= 2 * len(asked)  # a binary search read 7-9 a look-up


def test_a_pack_with_sources_looks_their_py_up():
    assert pack({"app/x.mpy": b"m"})[7] & COMPILED
    assert not pack({"app/x.mpy": b"m", "app/y.py": b"y"})[7] & COMPILED


def test_a_pack_with_sources_finds_a_py_after_its_mpy(tmp_path):
    members = {"app/x.mpy": b"m", "app/x.py": b"source", "app/y.py": b"y"}
    packfs = mounted(tmp_path, members)
    assert [answer(packfs, path) for path in ("/app/x", "/app/x.py", "/app/x.mpy", "/app/y.py",
                                             "/app/y.mpy", "/app/y.py")] == [
        None, ("file", 6), ("file", 1), ("file", 1), None, ("file", 1)]


@settings(max_examples=60, deadline=None)
@given(names=st.sets(st.text("abf_./", min_size=1, max_size=9).filter(
           lambda name: "//" not in name and not name.startswith("/") and not name.endswith("/")),
           min_size=1, max_size=30),
       asked=st.lists(st.integers(0, 10_000), min_size=1, max_size=40))
def test_every_stat_answers_as_the_pack_holds_whatever_came_before(tmp_path_factory, names, asked):
    members = {name: name.encode() for name in names
               if not any(other.startswith(name + "/") for other in names)}
    packfs = mounted(tmp_path_factory.mktemp("pack"), members)
    folders = directories(members)
    queries = sorted(set(members) | folders | {name + suffix for name in set(members) | folders
                                              for suffix in (".py", ".mpy", "x", "/a")})
    for number in asked:
        query = queries[number % len(queries)]
        name = query.strip("/")  # as a stat reads it
        expected = (("file", len(members[name])) if name in members
                    else ("dir", 0) if name in folders else None)
        assert answer(packfs, "/" + query) == expected, query


def test_a_directory_or_a_missing_member_does_not_open(tmp_path):
    packfs = mounted(tmp_path, {name: b"x" for name in MODULES})
    for path in ("/app", "/app/finish.py"):
        with pytest.raises(OSError):
            packfs.open(path, "rb")
    with pytest.raises(OSError):
        packfs.open("/app/finish.mpy", "wb")
