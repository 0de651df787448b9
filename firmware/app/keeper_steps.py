"""A save of one of the keeper's files in steps (save_steps: hal.storage_save's, a step a slice
of the work app.keeper asks for), its failure reported (once until every file saves again: the
game plays on) and its completion counted. Apart from app.keeper_save, the files and the game
log's bytes, and imported in a slice of its own (app.keeper_jobs): the two in one module took an
emulated RP2040 20-21 ms for its slice (issue 45: each name a module holds is looked up among
the interned ones as it loads, some 0.1 ms of a Pico's each, beside finding and reading it)."""

from hal.storage import StorageError
from micropython import const

_STATS_BIT = const(4)  # app.keeper_save's STATS_BIT (as there)


def report_failed(keeper, error, kind):
    """A save of the keeper's file `kind` failed with `error`."""
    if not keeper.unsaved:
        keeper.faults.append("not saved: %s" % error)
    keeper.unsaved |= kind
    keeper.no_new &= ~kind  # a `.new` may be left: the next save looks for it


def mark_saved(keeper, kind):
    """A save of the keeper's file `kind` completed."""
    keeper.writes += 1
    keeper.unsaved &= ~kind
    keeper.no_new |= kind
    if not keeper.unsaved:
        keeper.tried_ms = None


def save_steps(keeper, file, payload, kind):
    """save(), a step a slice: hal.storage_save's save_steps, without looking for a `.new` once a
    save of the file has completed here. The rename, its last step, ends a slice: what follows
    (another file's save, the end of the work) takes the next."""
    from hal import storage_save  # (the save's: app.keeper_jobs imports it in a slice of its own)

    try:
        for alone in storage_save.save_steps(file, payload, keeper.no_new & kind != 0):
            yield alone  # (app.keeper's step: the next slice alone in its tick)
    except StorageError as error:
        report_failed(keeper, error, kind)
        return
    finally:
        if file.count is not None:  # the match's newest slot as the save left it
            keeper.count = file.count
    if kind == _STATS_BIT:
        keeper.stats_payload = None
    mark_saved(keeper, kind)
    yield
