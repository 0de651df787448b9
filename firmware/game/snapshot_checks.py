"""The checks a restored snapshot's values pass (game.snapshot_load's), and SnapshotError naming
the first field found wrong."""

from game.numbers import whole


class SnapshotError(ValueError):
    """A snapshot that cannot be restored; `field` names the first part found wrong."""

    def __init__(self, field, problem):
        super().__init__("snapshot %s: %s" % (field, problem))
        self.field = field


def field_value(state, key, field):
    if not isinstance(state, dict):
        raise SnapshotError(field, "expected an object holding '%s'" % key)
    if key not in state:
        raise SnapshotError(field, "missing")
    return state[key]


def checked_int(value, field, low, high=None):
    if not whole(value):
        raise SnapshotError(field, "expected a whole number, got %r" % (value,))
    if not whole(value, low, high):
        raise SnapshotError(field, "%d is outside %d..%s" % (value, low, "" if high is None else high))
    return value


def checked_list(value, field, size):
    if not isinstance(value, list) or len(value) != size:
        raise SnapshotError(field, "expected a list of %d, got %r" % (size, value))
    return value
