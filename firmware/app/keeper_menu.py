"""The menu's choices as app.keeper saves them: their save in steps as a match starts (save_steps,
imported in a slice of its own by app.keeper_jobs) and their payload (menu_payload, app.keeper_retry's
too). Apart from app.keeper_save, which every save of a match imports: each name a module holds
is looked up among the interned ones as it loads (some 0.1 ms of a Pico's each, issue 45), and
only the menu's save needs these."""

from hal import json  # (a look-up: hal's docstring says why)


def menu_payload(menu):
    """The menu's choices (game, players, hints) as the keeper's /data/menu holds them."""
    name, players, hints = menu
    return json.dumps({"game": name, "players": players, "hints": hints}).encode()


def save_steps(keeper):
    """The menu's choices the App asked to save (Keeper.menu_wanted) saved in app.keeper_steps'
    save_steps, a step a slice; Keeper.menu then holds them."""
    from app import keeper_save
    from app.keeper_steps import save_steps

    keeper.menu = keeper.menu_wanted
    keeper.menu_wanted = None
    yield from save_steps(keeper, keeper_save.menu_file(keeper), menu_payload(keeper.menu), keeper_save.MENU_BIT)
