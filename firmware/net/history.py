"""The live scoreboard's /history (net.server's, loaded for each such request and let go
after it, with what it reads): the box's lifetime statistics as the flash keeps them."""


def answer(app):
    """The lifetime statistics as the flash keeps them (game.stats' to_dict, JSON) in
    {"fields": game.stats' ENTRY_FIELDS, "stats": ...}, or None without a keeper; "stats" is
    null before a match is merged."""
    keeper = app.keeper
    if keeper is None:
        return None
    from app.keeper_save import stats_file
    from game.stats import ENTRY_FIELDS

    payload = stats_file(keeper).load()
    fields = b'","'.join(name.encode() for name in ENTRY_FIELDS)
    return b'{"fields":["%s"],"stats":%s}' % (fields, payload if payload is not None else b"null")
