"""A file the project's tools generate and keep in the repository (package.json's mip fields,
the README's wiring table, the simulator's font): brought up to date, or with --check only
compared, by the generator's `main` through `refresh`."""

import sys


def refresh(path, wanted_from, argv, stale):
    """Bring the file at `path` up to date: wanted_from(its text, or None when it is not there)
    gives what it should hold. With "--check" in argv nothing is written: 1 when it differs
    (saying `stale` on stderr), else 0. Otherwise it is written when it differs; 0."""
    current = path.read_text() if path.exists() else None
    wanted = wanted_from(current)
    if "--check" in argv:
        if current != wanted:
            print(stale, file=sys.stderr)
            return 1
        return 0
    if current != wanted:
        path.write_text(wanted)
    return 0
