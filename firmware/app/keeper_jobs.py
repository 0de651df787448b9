"""The work app.keeper asks for, in slices (its step advances `jobs` once a tick): the menu's
choices as a match starts, the match after each roll, move and turn's end, and a finished
match's merge into the statistics (app.keeper_stats' merge_steps), each file written in
app.keeper_save's save_steps. Loaded for the work and let go after it, with what it imported
(app.keeper: WORK, kept here, not in app.keeper_save, whose import in a save's slice of its own
it made some 2 ms of a Pico's longer)."""

from micropython import const

from app.keeper_save import log_pieces, match_file, stats_file
from app.memory import since

_MATCH_BIT = const(1)  # app.keeper_save's Keeper.unsaved bits (as there)
_STATS_BIT = const(4)
_COLLECT = const(2)  # app.keeper's Keeper.job: the heap's collection (as there)

# What a call through app.keeper.keep or a save may import, let go after it unless it was loaded
# before (hal.json_file, game.config and game.presets to read a file, which boot holds already for
# app.startup to let go). Each is emptied when it goes: the only other modules that import from
# them (app.settings, hal.board_config) are boot's or the menu's, loaded before such a call.
# The first three are what a match's save imports to encode it, a slice each, and lets go once
# encoded, before its file is written (game.match_saved: what game.rounds' classes keep, which
# their saved_fields reads): held through the file's steps, they were some 3 KB more of the heap
# at a save's peak. Then what a match's first save (_RULES) and the menu's (_MENU) import. These
# are imported by their place here, not by names of this module's own: each string a module
# holds is looked up among the interned names as it loads (some 0.1 ms of a Pico's each, issue
# 45), and app.keeper.keep imports this module at boot (for WORK), whose names stay interned.
WORK = ("game.snapshot_format", "game.match_saved", "game.snapshot", "game.snapshot_rules", "app.keeper_menu",
        "hal.storage_save", "app.keeper_steps", "hal.json_file", "app.keeper_read", "app.keeper_stats",
        "game.stats", "game.numbers", "game.stats_load",
        "app.keeper_jobs", "app.keeper_save", "app.keeper_retry", "app.keeper_files",
        "game.config", "game.snapshot_load", "game.snapshot_fields", "game.rule_names",
        "game.presets", "game.rules", "hal.storage")
_ENCODING = const(3)  # WORK[:3]: the snapshot's modules
_SNAPSHOT = const(2)  # WORK[2]: game.snapshot
_RULES = const(3)  # WORK[3]: game.snapshot_rules
_MENU = const(4)  # WORK[4]: app.keeper_menu
_WRITING = const(5)  # WORK[5:7]: the writing's modules (jobs' first slices)
_STEPS = const(6)  # WORK[6]: app.keeper_steps
_READING = const(7)  # WORK[7:9]: what the merge reads with (hal.json_file, app.keeper_read)
_MERGING = const(13)  # WORK[7:13]: all the merge imports (app.keeper_stats' merge_steps too)
_LET_GO = const(6)  # modules let go a slice after a merge (jobs)
_VALUES_PER_SLICE = const(16)  # a match's values encoded per slice of its save (_match_steps)


def jobs(keeper):
    """The work app.keeper asks for, in slices: a generator its step advances once a tick. The
    writing's modules (hal.storage_save, app.keeper_steps) are imported a slice each; then, while any is asked for, in
    this order: the menu's choices (menu_wanted), the match (save_match: its snapshot's modules
    imported a slice each, encoded _VALUES_PER_SLICE values a slice, from the start again if
    the App asks for another save meanwhile), a finished match's merge into the statistics
    (merging). Each file is written in app.keeper_steps' save_steps, a step a slice."""
    for name in WORK[_WRITING:_STEPS + 1]:  # a slice each, as many whatever is loaded
        __import__(name)
        yield
    while True:
        if keeper.menu_wanted is not None:
            menu = __import__(WORK[_MENU], None, None, ("",))  # (a fromlist: the module, not its package)
            yield  # (a slice of its own: the menu's save alone's)
            yield from menu.save_steps(keeper)
        elif keeper.wanted is not None:
            for name in WORK[:_ENCODING]:  # one a slice, as many slices whatever is loaded
                __import__(name)
                yield
            yield from _match_steps(keeper)
        elif keeper.merging is not None:
            for name in WORK[_READING:_READING + 2]:  # app.keeper_stats' imports, a slice each
                __import__(name)
                yield
            from app.keeper_stats import merge_steps

            yield from merge_steps(keeper)
            if not keeper.hold:  # what the match's saves held and the merge imported goes, _LET_GO a
                for first in range(0, len(WORK), _LET_GO):  # slice (at once, the merge's last slice
                    since(keeper.loaded, WORK[first:first + _LET_GO], __name__)  # took an emulated
                    yield  # RP2040 21 ms on 24 tiles: two names looked up for each, issue 45), then
                return  # the work ends: any asked meanwhile is a new one, with its modules again
        else:
            return


def _match_steps(keeper):
    snapshot = __import__(WORK[_SNAPSHOT], None, None, ("",))  # (imported: jobs)
    dumps = snapshot.dumps
    snapshot_steps = snapshot.snapshot_steps
    snapshot = None  # (let go with its module)
    save_steps = __import__(WORK[_STEPS], None, None, ("",)).save_steps  # (imported: jobs)

    match, source, tally, log = keeper.wanted
    keeper.wanted = None
    named = keeper.rules_named
    if named is None or named[0] is not match.rules:  # the match's first save: a slice for
        naming_steps = __import__(WORK[_RULES], None, None, ("",)).naming_steps  # game.snapshot_rules
        yield  # and one for each of its naming_steps (game.rule_names imported in one of its own)
        rules = {}
        for _step in naming_steps(match.rules, rules):
            yield
        named = keeper.rules_named = (match.rules, rules)
        naming_steps = None  # its code goes with its module
        since((), WORK[_RULES:_RULES + 1])
        yield
        if keeper.hold:  # its saves' modules held to the match's end: the merge's too, a slice
            for name in WORK[_READING:_MERGING]:  # each, so the end imports none (on 24 tiles
                __import__(name)  # such a slice took an emulated RP2040 20-22 ms)
                yield
        if keeper.wanted is not None:
            return
    state = {}
    done = 0
    for _value in snapshot_steps(match, source, tally, state, named[1]):
        done += 1
        if done % _VALUES_PER_SLICE == 0:
            yield
            if keeper.wanted is not None:
                return  # changed meanwhile: encoded again
    if done % _VALUES_PER_SLICE:  # (else the loop's last slice ended there)
        yield
        if keeper.wanted is not None:
            return
    # The snapshot's text with the modules let go, then the log copied: a slice each (the three
    # in one took an emulated RP2040 25-31 ms, issue 45). The modules go in the text's slice: a
    # slice's end that held both the text and the modules was the match's peak of heap. (Held
    # in a match without the coach: app.keeper's step lets them go with the others.)
    text = dumps(state)
    state = dumps = snapshot_steps = None  # their code goes with its modules
    file = match_file(keeper)  # (its size limit is game.snapshot_format's)
    if not keeper.hold:
        since((), WORK[:_ENCODING])
    if match.over and keeper.merging is None:  # the match's last save, the merge not yet asked (it
        keeper.hold = True  # then clears `hold`): the modules that write it stay for it (app.finish_work's)
    yield
    if keeper.wanted is not None:
        return
    # the log as it stands, copied: the ring may change before the read-back
    copied = bytearray()
    for piece in log_pieces(log):
        copied.extend(piece)
    payload = [text, b"\n", copied]
    yield
    if keeper.unsaved & _STATS_BIT:  # statistics not yet saved go first (_stats_first)
        yield from save_steps(keeper, stats_file(keeper), keeper.stats_payload, _STATS_BIT)
    yield from save_steps(keeper, file, payload, _MATCH_BIT)


def let_go_held(keeper):
    """The App left a match without the coach for the menu (app.phases_left): the modules its
    saves held (app.keeper's Keeper.hold) go now, unless a piece of work is under way (its end
    lets them go), their garbage collected by the keeper's next slice."""
    if keeper.job is None:
        since(keeper.loaded, WORK)  # (this module among them: nothing of its own is looked up after)
        keeper.loaded = None
        keeper.job = _COLLECT
