"""firmware/packfs.py's search of the pack's index: every name a stat or an open asks for is
found or not exactly as in the pack, whatever was asked before it, and an import's run of
look-ups ("app/x", "app/x.py", "app/x.mpy", then the open) reads one index entry after the first
search of a compiled pack (each read costs some 0.2 ms on an RP2040)."""

import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from board_sim.firmware_dir import FIRMWARE
from tools.flashing.pack import COMPILED, pack

sys.path.insert(0, str(FIRMWARE))
try:
    from packfs import PackFs
finally:
    sys.path.remove(str(FIRMWARE))

MODULES = ("app/__init__.mpy", "app/core.mpy", "app/finish.mpy", "app/phases.mpy",
           "app/screen_end.mpy", "game/__init__.mpy", "game/match.mpy", "game/x/deep.mpy",
           "hal/storage.mpy", "selftest.mpy", "version.mpy")


class CountingFile:
    """A pack file that counts the index entries read (one readinto of a name each)."""

    def __init__(self, path, width):
        self.file = open(path, "rb")
        self.width = width
        self.names_read = 0

    def readinto(self, buffer):
        if len(buffer) == self.width:
            self.names_read += 1
        return self.file.readinto(buffer)

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


def test_an_imports_look_ups_read_two_entries_or_one_after_the_first(tmp_path):
    members = {name: name.encode() * 3 for name in MODULES}
    packfs = mounted(tmp_path, members)
    reads = []
    for path, expected in (("/app/finish", None), ("/app/finish.py", None),
                           ("/app/finish.mpy", ("file", len(members["app/finish.mpy"])))):
        before = packfs.pack.names_read
        assert answer(packfs, path) == expected
        reads.append(packfs.pack.names_read - before)
    before = packfs.pack.names_read
    member = packfs.open("/app/finish.mpy", "rb")
    buffer = bytearray(255)
    assert bytes(buffer[:member.readinto(buffer)]) == members["app/finish.mpy"]
    reads.append(packfs.pack.names_read - before)
    assert reads[1:] == [0, 1, 0]  # no .py in a compiled pack; the open's entry was read last
    assert reads[0] <= 2 + 4  # beside where the last search ended, then halving 15 entries


def test_a_pack_with_sources_looks_their_py_up():
    assert pack({"app/x.mpy": b"m"})[7] == COMPILED
    assert pack({"app/x.mpy": b"m", "app/y.py": b"y"})[7] == 0


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
