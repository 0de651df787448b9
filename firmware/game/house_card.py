"""The house rules' card on the box (the menu: select on the Game row when the settings file's
rules change a preset): what they change, worded as the configuration file names it. Loaded
only while that card is shown (a tick of its own: app.screen_menu), let go when it closes
(app.memory's "card")."""


def house_card(rules):
    """The house rules' card: every axis where they differ from classic, as the configuration
    file names it ("your own rules: target 150, scoring missionary, stakes pool, ante 2").
    game.rule_names is imported for it (app.screen_menu: in a tick before; let go with the card)."""
    from game.rule_names import VALUE_NAMES
    from game.rule_set import AXES, Rules

    changes = []
    for axis in AXES:
        value = getattr(rules, axis)
        if value == getattr(Rules, axis):
            continue
        names = VALUE_NAMES.get(axis)
        if names:
            value = names[value]
        elif value is True or value is False:
            value = "yes" if value else "no"
        changes.append("%s %s" % (axis.replace("_", " "), value))
    return "your own rules: " + (", ".join(changes) if changes else "as classic")

