"""A snapshot's "rules": the axes of a match's rules that differ from classic, by name
(rules_named, or naming_steps, a step a slice). Apart from game.snapshot, whose import every save of a match does in a tick of
its own: app.keeper names a match's rules once, at its first save (app.keeper_jobs), and a
module's every name is looked up among the interned ones as it loads (some 0.1 ms of a Pico's
each, issue 45)."""

from micropython import const

from game.rule_set import AXES, Rules

# The axes whose values have names (game.rule_names' VALUE_NAMES), a bit each by their place in
# AXES: start, one_die, move, scoring, match, stakes, ties, source, rows_mode (test_rule_constant_copies)
_NAMED_AXES = const(0x1190A38)


def rules_named(rules):
    """The axes of `rules` that differ from classic, as a configuration file names them (a
    snapshot's "rules"): game.rule_names is imported only when one of them has names."""
    named = {}
    for _step in naming_steps(rules, named):
        pass
    return named


def naming_steps(rules, named):
    """rules_named() in steps, a generator filling `named`: the axes compared, then, if any
    differs, game.rule_names imported and the values named, a step each (the three in one
    took an emulated RP2040 23-26 ms of a save's slice, issue 45: each of the names' strings
    is looked up among the interned ones as the module loads; the import alone, 20.7-21.0 ms
    of a save's tick: a box of 10 or 12 tiles, whose axes that differ are numbers, loads none)."""
    names = 0
    for place in range(len(AXES)):
        axis = AXES[place]
        value = getattr(rules, axis)
        if value != getattr(Rules, axis):
            named[axis] = value
            names |= _NAMED_AXES >> place & 1
    if names:  # only then the names: a classic match's save, or one of 10 tiles, loads none
        yield
        from game.rule_names import VALUE_NAMES

        yield
        for axis in named:
            names = VALUE_NAMES.get(axis)
            if names:
                named[axis] = names[named[axis]]
