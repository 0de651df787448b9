"""Maximum penalty's end of a round (VARIANTS.md section 6): who drops out, and whether the
match is over. Imported by game.rounds when a round of a max-penalty match ends (the only
format that needs it), and kept for the rest of that match (app.screen_end keeps a copy of
goes_out, to mark a player out as soon as their turn takes them to the limit). It imports
nothing of the game.
"""


def goes_out(rules, total):
    """Does a player with this total drop out (reaching the limit, or exceeding it with
    drop_on_exceed)?"""
    return total > rules.max_penalty or (total == rules.max_penalty and not rules.drop_on_exceed)


def drop_out(match):
    """A player whose total reaches the limit (or exceeds it, with drop_on_exceed) drops out;
    the last one standing wins. When the last players all drop out in the same round, returns
    them: the lowest total among them wins (the caller finishes the match); else None."""
    rules = match.rules
    leaving = []
    for player in match.order:
        if goes_out(rules, match.totals[player]):
            leaving.append(player)
            match.dropped[player] = 1
    standing = []
    for player in match.order:
        if not match.dropped[player]:
            standing.append(player)
    if len(standing) == 1:
        match._finish(standing)
    elif not standing:
        return leaving
    return None
