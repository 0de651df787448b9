"""A power cut at every write step of a save leaves the old or the new content (any runtime)."""

import gc

from hal.storage import AtomicFile, PosixFiles, StorageError
from hal.storage_save import save
from measure import ON_MICROPYTHON
from power_cut_files import PowerCut, PowerCutFiles, fresh_dir

OLD = b'{"round": 3, "totals": [12, 30]}'
NEW = b'{"round": 4, "totals": [19, 30, 7]}'


def fragmented_heap(block_bytes):
    """On MicroPython, the heap filled with blocks of `block_bytes` and every other one freed,
    so no free block is twice that size: the blocks left (hold them while it matters). None
    where the heap cannot be filled so: CPython's, or one too big to fill (the wasm build)."""
    if not ON_MICROPYTHON:
        return None
    blocks = [None] * 1024
    gc.collect()
    try:
        for index in range(len(blocks)):
            blocks[index] = bytearray(block_bytes)
    except MemoryError:
        pass
    if blocks[-1] is not None:
        return None
    for index in range(0, len(blocks), 2):
        blocks[index] = None
    gc.collect()
    return blocks


def steps_of_a_save(fat_rename):
    path = fresh_dir("steps") + "/match.json"
    save(AtomicFile(path), OLD)
    files = PowerCutFiles(fat_rename=fat_rename)
    save(AtomicFile(path, files), NEW)
    return files.steps


def cut_every_step(fat_rename):
    tried = 0
    for cut_at in range(steps_of_a_save(fat_rename) + 1):
        path = fresh_dir("cut") + "/match.json"
        save(AtomicFile(path), OLD)
        try:
            save(AtomicFile(path, PowerCutFiles(cut_at, fat_rename)), NEW)
        except PowerCut:
            pass
        after_boot = AtomicFile(path)
        loaded = after_boot.load()
        assert loaded in (OLD, NEW), (cut_at, loaded)
        save(after_boot, b"next")  # the box saves on after the cut
        assert AtomicFile(path).load() == b"next"
        tried += 1
    return tried


def test_a_cut_at_every_step_keeps_old_or_new_on_littlefs():
    assert cut_every_step(False) > len(NEW)


def test_a_cut_at_every_step_keeps_old_or_new_on_fat():
    assert cut_every_step(True) > len(NEW)


def test_a_cut_during_the_first_save_leaves_nothing_rather_than_garbage():
    path = fresh_dir("first") + "/stats.json"
    try:
        save(AtomicFile(path, PowerCutFiles(5)), NEW)
    except PowerCut:
        pass
    assert AtomicFile(path).load() is None


def test_a_save_cut_before_its_rename_is_not_lost_by_the_next_cut():
    path = fresh_dir("twice") + "/match.json"
    save(AtomicFile(path), OLD)
    whole_write = 12 + len(NEW)
    for cut_at in (whole_write, whole_write + 1):  # after writing .new, before/at its rename
        try:
            save(AtomicFile(path, PowerCutFiles(cut_at)), NEW)
        except PowerCut:
            pass
    assert AtomicFile(path).load() == NEW
    try:
        save(AtomicFile(path, PowerCutFiles(3)), b"third")
    except PowerCut:
        pass
    assert AtomicFile(path).load() == NEW


def test_an_oversized_payload_is_refused_and_the_old_content_kept():
    path = fresh_dir("big") + "/settings.json"
    store = AtomicFile(path, max_bytes=64)
    save(store, OLD)
    try:
        save(store, b"x" * 65)
    except StorageError as error:
        assert "64" in str(error)
    else:
        raise AssertionError("oversized save accepted")
    assert store.load() == OLD


def test_a_load_needs_a_block_the_size_of_the_payload_not_of_the_limit():
    """A 4 KB limit with a 36-byte match: a fragmented heap without a free 4 KB block must
    still load it (a soak on a Pico-sized heap died here when load read max_bytes)."""
    path = fresh_dir("load") + "/match.json"
    store = AtomicFile(path, max_bytes=4096)
    save(store, NEW)
    blocks = fragmented_heap(2000)  # holes of 2 KB: no free 4 KB block anywhere
    if blocks is None:
        return  # nothing to learn on this runtime
    loaded = store.load()
    blocks = None
    assert loaded == NEW


def test_a_save_in_pieces_writes_them_one_after_another_and_a_cut_keeps_old_or_new():
    ring = bytearray(NEW)  # a log's ring: its oldest records last, saved without a copy
    pieces = [OLD[:5], memoryview(ring)[3:], memoryview(ring)[:3]]
    joined = OLD[:5] + NEW[3:] + NEW[:3]
    path = fresh_dir("pieces") + "/match"
    save(AtomicFile(path), OLD)
    files = PowerCutFiles()
    save(AtomicFile(path, files), pieces)
    assert AtomicFile(path).load() == joined
    for cut_at in range(files.steps + 1):
        save(AtomicFile(path), OLD)
        try:
            save(AtomicFile(path, PowerCutFiles(cut_at)), pieces)
        except PowerCut:
            pass
        assert AtomicFile(path).load() in (OLD, joined), cut_at


def test_a_save_needs_no_block_the_size_of_its_payload():
    """A 2,000-byte payload saved on a heap whose free blocks are 1,000 bytes at most: the
    read-back goes a few bytes at a time (it read the payload whole, and a tournament's save
    failed so on the unix port)."""
    path = fresh_dir("save") + "/match"
    payload = bytearray(2000)
    for index in range(len(payload)):
        payload[index] = index & 0xFF
    store = AtomicFile(path, max_bytes=4096)
    blocks = fragmented_heap(1000)  # holes of 1 KB: no free 2 KB block anywhere
    if ON_MICROPYTHON and blocks is None:
        return  # the wasm build's heap is too big to fill: nothing to learn
    save(store, [payload])
    blocks = None
    assert store.load() == payload


# -- a file kept in two slots (hal.storage's; the match's) -------------------------------------
def slots_at(path, files=None):
    store = AtomicFile(path, files, 4096)
    store.count = -1  # (in slots, its newest not yet read)
    return store


def cut_a_slot_save(path, payloads, cut_at):
    """Save `payloads` in turn to the slots at `path`, then `NEW` with the power cut at step
    `cut_at` (None: never); the steps that save took."""
    for payload in payloads:
        save(slots_at(path), payload)
    files = PowerCutFiles(cut_at)
    store = slots_at(path, files)
    store.load()
    try:
        save(store, NEW)
    except PowerCut:
        pass
    return files.steps


def test_a_cut_at_every_step_of_a_save_in_slots_keeps_the_last_saved_or_the_new():
    """Each step a byte of the slot written (the host's files keep every byte before the cut:
    harsher than LittleFS, which keeps none of a file's new bytes until its close), with the
    older slot empty, then holding a save, then each slot in turn the older."""
    tried = 0
    for before in ([OLD], [b"first", OLD], [b"first", b"second", OLD]):
        steps = cut_a_slot_save(fresh_dir("slot-steps") + "/match", before, None)
        assert steps == 16 + len(NEW)  # its header and payload, a byte a step: no rename, no remove
        for cut_at in range(steps + 1):
            path = fresh_dir("slot-cut") + "/match"
            cut_a_slot_save(path, before, cut_at)
            after_boot = slots_at(path)
            loaded = after_boot.load()
            assert loaded == (NEW if cut_at == steps else OLD), (before, cut_at, loaded)
            assert after_boot.fault is None, after_boot.fault
            save(after_boot, b"next")  # the box saves on after the cut
            assert slots_at(path).load() == b"next"
            save(slots_at(path), b"then")  # (over the other slot)
            assert slots_at(path).load() == b"then"
            tried += 1
    assert tried > 3 * len(NEW)


class _FlippingStream:
    def __init__(self, stream):
        self.stream = stream

    def write(self, data):
        changed = bytearray(data)
        changed[-1] ^= 1
        return self.stream.write(changed)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.stream.close()
        return False


class BadFlash(PosixFiles):
    """Files whose writes land with one bit changed (a failing flash)."""

    def open(self, path, mode):
        stream = open(path, mode)
        return _FlippingStream(stream) if "w" in mode else stream


def test_a_bad_write_to_a_slot_fails_its_read_back_and_the_last_saved_copy_is_kept():
    path = fresh_dir("slot-bad") + "/match"
    save(slots_at(path), b"first")
    save(slots_at(path), OLD)
    store = slots_at(path, BadFlash())
    store.load()
    try:
        save(store, NEW)
    except StorageError as error:
        assert "read-back" in str(error)
    else:
        raise AssertionError("a bad write passed its read-back")
    after_boot = slots_at(path)
    assert after_boot.load() == OLD and after_boot.fault is not None  # (the bad slot: reported)
    save(after_boot, NEW)  # saved again: over the bad slot, the good one kept until it is whole
    assert slots_at(path).load() == NEW


def test_a_cut_at_every_step_of_the_first_save_over_the_one_file_layout_keeps_its_copy_or_the_new():
    """Earlier firmware's `match` and a whole `.new` (cut before its rename): the first save in
    slots writes one, then removes `match`, then `.new`; a cut at any step resumes `.new` (the
    last saved) or the new save."""
    newer = NEW + b" "
    steps = None
    cut_at = 0
    while steps is None or cut_at <= steps:
        path = fresh_dir("slot-upgrade") + "/match"
        save(AtomicFile(path), OLD)
        save(AtomicFile(path + ".x"), NEW)
        PosixFiles().rename(path + ".x", path + ".new")
        files = PowerCutFiles(None if steps is None else cut_at)
        store = slots_at(path, files)
        assert store.load() == NEW
        try:
            save(store, newer)
        except PowerCut:
            pass
        if steps is None:
            steps = files.steps
            assert steps == 16 + len(newer) + 2  # the slot, a byte a step, and two removes
            continue
        after_boot = slots_at(path)
        assert after_boot.load() == (newer if cut_at == steps else NEW), cut_at  # (`.new` wins while there)
        assert after_boot.fault is None
        cut_at += 1
