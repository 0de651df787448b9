"""A save's long steps cut smaller (issue 45: on an emulated RP2040 the match's text made, its log
copied and the snapshot's modules let go took 25-31 ms in one slice, a whole file read back up
to 25 ms): the read-back stops after every few hundred bytes, and the match's text is made in
a slice of its own."""

import sys

from hal.storage import AtomicFile, PosixFiles
from hal.storage_save import save_steps

from board_sim.box import BoxOptions, SimBox
from board_sim.script_player import BoxPlayer


class _Stream:
    def __init__(self, stream, counted):
        self.stream = stream
        self.counted = counted

    def __enter__(self):
        return self

    def __exit__(self, *exc_info):
        self.stream.close()
        return False

    def read(self, size):
        data = self.stream.read(size)
        self.counted[0] += len(data)
        return data

    def write(self, data):
        return self.stream.write(data)


class ReadCountingFiles(PosixFiles):
    """The host's files, counting the bytes read from them."""

    def __init__(self):
        self.counted = [0]

    def open(self, path, mode):
        return _Stream(open(path, mode), self.counted)


def test_a_save_reads_its_file_back_a_few_hundred_bytes_a_step(tmp_path):
    files = ReadCountingFiles()
    file = AtomicFile(str(tmp_path / "match"), files, 8192)
    payload = [bytes(range(256)) * 4, b"\n", bytes(1500)]
    per_step = []
    for _step in save_steps(file, payload):
        per_step.append(files.counted[0])
        files.counted[0] = 0
    assert file.load() == b"".join(payload)
    assert sum(per_step) > 2500  # the file read back whole
    assert max(per_step) <= 512 + 64 + 12  # a slice's bytes, one read's more, the header


def test_the_slice_that_makes_the_match_s_text_lets_the_snapshot_s_modules_go(monkeypatch):
    """The slice that makes the match's JSON text (game.snapshot's dumps) lets the snapshot's
    modules go, and only those: a slice's end that held the text and the modules was the
    match's peak of heap; the log is copied in a slice after it."""
    import app.keeper
    import game

    box = SimBox(BoxOptions(seed=7, players=2, hints=True))
    texts = []
    json = game.json

    class CountingJson:
        def __getattr__(self, name):
            return getattr(json, name)

        def dumps(self, *args, **keywords):
            texts.append(1)
            return json.dumps(*args, **keywords)

    monkeypatch.setattr(game, "json", CountingJson())
    sys.modules.pop("game.snapshot", None)  # (imported again by the next save, with the json above)
    step = app.keeper.step
    made = []  # per slice that made the text: the modules let go in it

    def watched_step(keeper):
        before = (len(texts), set(sys.modules))
        step(keeper)
        if len(texts) != before[0]:
            made.append(sorted(before[1] - set(sys.modules)))

    monkeypatch.setattr(app.keeper, "step", watched_step)
    player = BoxPlayer(box)
    try:
        while len(made) < 5:
            assert player.step()
    finally:
        box.close()
    assert made == [["game.match_saved", "game.snapshot", "game.snapshot_format"]] * len(made)


class _OpsStream:
    def __init__(self, stream, name, ops):
        self.stream = stream
        self.name = name
        self.ops = ops

    def __enter__(self):
        return self

    def __exit__(self, *exc_info):
        self.stream.close()
        if "w" in self.stream.mode:
            self.ops.append(("close", self.name, 0))
        return False

    def read(self, size):
        return self.stream.read(size)

    def write(self, data):
        self.ops.append(("write", self.name, len(data)))
        return self.stream.write(data)


class OpsFiles(PosixFiles):
    """The host's files, noting each operation that changes the flash: (what, file, bytes)."""

    def __init__(self):
        self.ops = []

    def open(self, path, mode):
        name = path.rsplit("/", 1)[-1]
        if "w" in mode:
            self.ops.append(("open", name, 0))
        return _OpsStream(open(path, mode), name, self.ops)

    def rename(self, source, target):
        self.ops.append(("rename", source.rsplit("/", 1)[-1], 0))
        super().rename(source, target)

    def remove(self, path):
        self.ops.append(("remove", path.rsplit("/", 1)[-1], 0))
        super().remove(path)


def test_each_slice_of_a_save_hands_the_flash_one_commit_or_512_bytes_and_imports_nothing_beside(tmp_path, monkeypatch):
    """Issue 45: LittleFS may erase a block (45 ms of a Pico's) and compact the folder's metadata
    at each commit (a file made, closed, renamed, removed) and at a write past its inline size.
    Over a whole match, its end and the next match's start, a slice of the keeper's work does
    one of those and nothing else of the flash's, hands LittleFS at most 512 bytes to write
    (the file made and its header written, then the whole payload in one slice, took an emulated
    RP2040 up to 25 ms), and never imports or lets go a module in a slice that does either."""
    import app.keeper

    files = OpsFiles()
    box = SimBox(BoxOptions(data_dir=str(tmp_path), seed=7, players=2, hints=True), files)
    step = app.keeper.step
    slices = []  # per slice: (the flash's operations, modules imported or let go)

    def watched_step(keeper):
        before = (len(files.ops), set(sys.modules))
        step(keeper)
        slices.append((files.ops[before[0]:], before[1] ^ set(sys.modules)))

    monkeypatch.setattr(app.keeper, "step", watched_step)
    player = BoxPlayer(box)
    try:
        assert player.play()
        box.finish_saves()
        player.to_standings()
        box.board.press("ok")  # play again: the menu's choices and a new match saved
        box.run(500)
        box.finish_saves()
    finally:
        box.close()
    commits = [ops for ops, _modules in slices if any(what != "write" for what, _name, _size in ops)]
    assert {what for ops in commits for what, _name, _size in ops} >= {"open", "close", "rename"}
    assert [ops for ops in commits if len(ops) > 1] == []
    written = [sum(size for what, _name, size in ops if what == "write") for ops, _modules in slices]
    assert sum(written) > 5000 and max(written) <= 512, max(written)  # a whole match's saves
    assert [slice for slice in slices if slice[0] and slice[1]] == []
    assert sum(1 for ops, modules in slices if modules) > 50  # (the saves' modules seen)
