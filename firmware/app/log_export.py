"""The saved match's game log as events, for an export that the simulator can replay to settle
a disputed game (export_log over mpremote: tools/export_log.py, then tools/replay). It only
reads: an unreadable file stays where it is."""

import json

from game.gamelog import KIND_END, KIND_MOVE, KIND_ROLL, KIND_TURN
from game.tiles import tiles_of

from app.keeper_save import record_at

KIND_NAMES = ("", "turn", "roll", "move", "end")  # the event names of export(), by kind
FORMAT = "shutbox-gamelog-1"  # export()'s "format" (tools/replay reads it)


def log_events(log):
    """The logged events, oldest first, as (kind name, values) tuples (allocates)."""
    found = []
    records = log.records
    for index in range(log.count):
        at = record_at(log, index)
        kind = records[at]
        b1, b2, b3, b4 = records[at + 1], records[at + 2], records[at + 3], records[at + 4]
        if kind == KIND_TURN:
            found.append(("turn", {"player": b1, "row": b2, "round": b3 | b4 << 8}))
        elif kind == KIND_ROLL:
            dice = [value - 1 for value in (b1, b2, b3, b4) if value]
            found.append(("roll", dice))
        elif kind == KIND_MOVE:
            found.append(("move", tiles_of(b1 | b2 << 8 | b3 << 16)))
        elif kind == KIND_END:
            found.append(("end", {"how": b1, "open": tiles_of(b2 | b3 << 8 | b4 << 16)}))
    return found


def export(log, rules_names, players):
    """A JSON-ready record of the match so far: rules, players and events."""
    return {
        "format": FORMAT,
        "rules": rules_names,
        "players": players,
        "dropped": log.dropped,
        "events": [{name: values} for name, values in log_events(log)],
    }


def export_log(directory=None):
    """The saved match's game log as JSON text (run over mpremote by tools/export_log.py)."""
    import gc

    from game.gamelog import GameLog, MatchTally
    from game.rule_names import as_names

    from app.keeper import LOG_RECORDS, Keeper
    from app.keeper_match import load_match

    gc.collect()  # the imports' leftovers: room for the file in one piece
    keeper = Keeper(directory)
    log = GameLog(LOG_RECORDS)
    restored = load_match(keeper, MatchTally(), log, False)
    if restored is None:
        raise OSError("no saved match in %s: %s" % (keeper.directory, "; ".join(keeper.faults) or "nothing saved yet"))
    match = restored[0]
    return json.dumps(export(log, as_names(match.rules), match.players))
