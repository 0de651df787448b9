"""A game log as tools/replay/export_log.py writes it (app.keeper_files' export): reading and
checking it, its turns, and a step in words."""

import json

from app.keeper_files import FORMAT, KIND_NAMES

from tools.replay.turn_names import END_NAMES

KINDS = KIND_NAMES[1:]


class ReplayError(ValueError):
    """A log that cannot be replayed, with a message saying why."""


def load_log(text):
    """The log as a dict, checked for its format and event shapes; ReplayError if it is not."""
    try:
        log = json.loads(text)
    except ValueError as error:
        raise ReplayError("not a game log: not valid JSON (%s)" % error) from None
    if not isinstance(log, dict) or log.get("format") != FORMAT:
        raise ReplayError("not a game log: expected \"format\": %r (tools/replay/export_log.py "
                          "writes it)" % FORMAT)
    for key, kind in (("rules", dict), ("players", int), ("dropped", int), ("events", list)):
        if not isinstance(log.get(key), kind):
            raise ReplayError("not a game log: %r must be a %s" % (key, kind.__name__))
    for index, event in enumerate(log["events"]):
        if not isinstance(event, dict) or len(event) != 1 or next(iter(event)) not in KINDS:
            raise ReplayError("event %d: expected one of %s, got %r" % (index + 1, ", ".join(KINDS), event))
        kind, value = next(iter(event.items()))
        if kind in ("roll", "move") and not (isinstance(value, list) and all(isinstance(v, int) for v in value)):
            raise ReplayError("event %d: %s must be a list of whole numbers, got %r" % (index + 1, kind, value))
        if kind == "turn" and not (isinstance(value, dict) and isinstance(value.get("player"), int)):
            raise ReplayError("event %d: turn must name its player, got %r" % (index + 1, value))
        if kind == "end" and not (isinstance(value, dict) and isinstance(value.get("open"), list)):
            raise ReplayError("event %d: end must list the open tiles, got %r" % (index + 1, value))
    return log


def check_replayable(log):
    """ReplayError unless the log holds its match from the first turn."""
    if log["dropped"] > 0:
        raise ReplayError(
            "the log lost its first %d records (the box keeps only the last ones): the start of "
            "the match is gone, so it cannot be replayed from the start" % log["dropped"])
    events = log["events"]
    if not events:
        raise ReplayError("the log has no events: nothing to replay")
    if "turn" not in events[0]:
        raise ReplayError("the log does not start with a turn, so not with its match: cannot replay it")


def split_turns(events):
    """[(turn header dict, [(kind, value), ...] after it)], in order."""
    turns = []
    for event in events:
        kind, value = next(iter(event.items()))
        if kind == "turn":
            turns.append((value, []))
        elif turns:
            turns[-1][1].append((kind, value))
    return turns


def end_name(how, unknown="?"):
    """A turn's end (tools.replay.turn_names.END_NAMES) by its number in the log; `unknown` for none."""
    return END_NAMES[how] if isinstance(how, int) and 0 <= how < len(END_NAMES) else unknown


def describe_step(step):
    """A turn's step, (kind, value) or None, in words."""
    if step is None:
        return "nothing (the turn is over)"
    kind, value = step
    if kind in ("roll", "move"):
        return "%s %s" % (kind, value)
    how = value.get("how")
    return "end (%s) with open %s" % (end_name(how, how), value.get("open"))
