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
