"""A snapshot's "rules": the axes of a match's rules that differ from classic, by name
(rules_named). Apart from game.snapshot, whose import every save of a match does in a tick of
its own: app.keeper names a match's rules once, at its first save (app.keeper_jobs), and a
module's every name is looked up among the interned ones as it loads (some 0.1 ms of a Pico's
each, issue 45)."""

from game.rule_set import AXES, Rules


def rules_named(rules):
    """The axes of `rules` that differ from classic, as a configuration file names them (a
    snapshot's "rules"): game.rule_names is imported only when one of them has names."""
    named = {}
    for axis in AXES:
        value = getattr(rules, axis)
        if value != getattr(Rules, axis):
            named[axis] = value
    if named:  # only then the names: a classic match's save loads none of them
        from game.rule_names import VALUE_NAMES

        for axis in named:
            names = VALUE_NAMES.get(axis)
            if names:
                named[axis] = names[named[axis]]
    return named
