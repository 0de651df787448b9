"""The work app.keeper asks for, in slices (its step advances `jobs` once a tick): the menu's
choices as a match starts, the match after each roll, move and turn's end, and a finished
match's merge into the statistics (app.keeper_stats' merge_steps), each file written in
app.keeper_save's save_steps. Loaded for the work and let go after it, with what it imported
(app.keeper: WORK, kept here, not in app.keeper_save, whose import in a save's slice of its own
it made some 2 ms of a Pico's longer)."""

from micropython import const

from app.keeper_save import MATCH_BIT, STATS_BIT, log_pieces, match_file, save_steps, stats_file
from app.memory import since

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
        "app.keeper_jobs", "app.keeper_save", "app.keeper_retry", "app.keeper_read", "app.keeper_stats",
        "app.keeper_files",
        "game.config", "game.numbers", "game.snapshot_load", "game.snapshot_fields", "game.rule_names",
        "game.stats", "game.stats_load", "game.presets", "game.rules", "hal.json_file", "hal.storage",
        "hal.storage_save")
_ENCODING = const(3)  # WORK[:3]: the snapshot's modules
_RULES = const(3)  # WORK[3]: game.snapshot_rules
_MENU = const(4)  # WORK[4]: app.keeper_menu
_VALUES_PER_SLICE = const(16)  # a match's values encoded per slice of its save (_match_steps)


def jobs(keeper):
    """The work app.keeper asks for, in slices: a generator its step advances once a tick. The
    writing's module (hal.storage_save) is imported in a slice; then, while any is asked for, in
    this order: the menu's choices (menu_wanted), the match (save_match: its snapshot's modules
    imported a slice each, encoded _VALUES_PER_SLICE values a slice, from the start again if
    the App asks for another save meanwhile), a finished match's merge into the statistics
    (merging). Each file is written in hal.storage_save's save_steps, a step a slice."""
    import hal.storage_save  # noqa: F401  (a slice of its own, as many whatever is loaded)

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
            import hal.json_file  # noqa: F401  (app.keeper_read's, in a slice of its own)

            yield
            import app.keeper_read  # noqa: F401  (app.keeper_stats', in a slice of its own)

            yield
            from app.keeper_stats import merge_steps

            yield from merge_steps(keeper)
        else:
            return


def _match_steps(keeper):
    from game.snapshot import dumps, snapshot_steps

    match, source, tally, log = keeper.wanted
    keeper.wanted = None
    named = keeper.rules_named
    if named is None or named[0] is not match.rules:  # the match's first save: a slice each for
        rules_named = __import__(WORK[_RULES], None, None, ("",)).rules_named  # game.snapshot_rules
        yield  # and the names
        named = keeper.rules_named = (match.rules, rules_named(match.rules))
        rules_named = None  # its code goes with its module
        since((), WORK[_RULES:_RULES + 1])
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
    # slice's end that held both the text and the modules was the match's peak of heap.
    text = dumps(state)
    state = dumps = snapshot_steps = None  # their code goes with its modules
    file = match_file(keeper)  # (its size limit is game.snapshot_format's)
    since((), WORK[:_ENCODING])
    yield
    if keeper.wanted is not None:
        return
    # the log as it stands, copied: the ring may change before the read-back
    copied = bytearray()
    for piece in log_pieces(log):
        copied.extend(piece)
    payload = [text, b"\n", copied]
    yield
    if keeper.unsaved & STATS_BIT:  # statistics not yet saved go first (_stats_first)
        yield from save_steps(keeper, stats_file(keeper), keeper.stats_payload, STATS_BIT)
    yield from save_steps(keeper, file, payload, MATCH_BIT)
