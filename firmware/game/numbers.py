"""The one check of a whole number read from a file (board config, rules, settings, saved match,
statistics): an int, not a bool (JSON's true is not 1), within the bounds given. Each reader words
its own message."""


def whole(value, low=None, high=None):
    """Is `value` a whole number, at least `low` and at most `high` (None: no bound)?"""
    if not isinstance(value, int) or value is True or value is False:
        return False
    return (low is None or value >= low) and (high is None or value <= high)
