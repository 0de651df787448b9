"""The App as the simulator's log, its players, the tools and the tests read it: View(app),
read-only, one name for each thing the box shows or decides. Not loaded on the box; it
imports nothing when loaded (only `stats` does, when read), so a bench on MicroPython can load
it with the simulator's own modules."""

PHASE_NAMES = ("menu", "setup", "play", "finished")  # by app.core's phases


class View:
    """What the App (app.core) shows and where its game stands, read-only."""

    def __init__(self, app):
        self._app = app

    # -- the phase machine -------------------------------------------------------------------
    @property
    def phase(self):
        return self._app.phase

    @property
    def menu(self):
        """The menu while it is shown (app.menu.Menu), else None."""
        return self._app.menu

    # -- the menu's choices (as the menu shows them, or as the App keeps them out of it) -------
    @property
    def game_name(self):
        menu = self._app.menu
        if menu is not None:
            return menu.name()
        game = self._app.game  # (name, rules, preset)
        return game[0] if game is not None else None

    @property
    def players(self):
        menu = self._app.menu
        return menu.players if menu is not None else self._app.players

    @property
    def hints_on(self):
        menu = self._app.menu
        return menu.hints_on if menu is not None else self._app.hints_on

    @property
    def match(self):
        return self._app.match

    @property
    def rules(self):
        return self._app.rules

    @property
    def turn(self):
        return self._app.turn

    @property
    def source(self):
        return self._app.source

    @property
    def player(self):
        return self._app.player

    @property
    def row(self):
        return self._app.row

    @property
    def invert(self):
        return self._app.invert

    # -- the flaps against the game ----------------------------------------------------------
    @property
    def must_open(self):
        return self._app.must_open

    @property
    def must_shut(self):
        return self._app.must_shut

    @property
    def flap_feed(self):
        return self._app.flap_feed

    @property
    def legal(self):
        return self._app.legal

    # -- the dice and what the screen says ---------------------------------------------------
    @property
    def roller(self):
        return self._app.roller

    @property
    def rng(self):
        return self._app.roller.rng

    @property
    def dice(self):
        """The dice shown: the first dice_count of them."""
        return self._app.dice

    @property
    def dice_count(self):
        return self._app.dice_count

    @property
    def total(self):
        return self._app.total

    @property
    def message(self):
        return self._app.message

    def shaking_rolls(self):
        return self._app.shaking_rolls()

    def waits_for_ok(self):
        return self._app.waits_for_ok()

    # -- hints -------------------------------------------------------------------------------
    @property
    def hints(self):
        return self._app.hints

    @property
    def hint(self):
        return self._app.hint

    @property
    def chance(self):
        return self._app.chance

    @property
    def advice(self):
        return self._app.advice

    @property
    def reviewing(self):
        return self._app.reviewing

    # -- results -----------------------------------------------------------------------------
    @property
    def result_player(self):
        return self._app.result_player

    @property
    def result_score(self):
        return self._app.result_score

    @property
    def showing_result(self):
        """The match is over and its last turn is on the display (before the standings)."""
        ending = self._app.ending
        return ending is not None and ending.showing_result

    @property
    def winner_mask(self):
        return self._app.winner_mask

    @property
    def tally(self):
        return self._app.tally

    @property
    def stats(self):
        """The lifetime statistics as the flash keeps them (a game.stats.Stats, fresh if none
        are saved yet), or None without a keeper: the App holds none, it merges each finished
        match into the saved ones (its own modules imported here, for a host)."""
        keeper = self._app.keeper
        if keeper is None:
            return None
        import json

        from game.stats import Stats
        from game.stats_load import stats_from_dict

        from app.keeper_save import stats_file

        payload = stats_file(keeper).load()
        return stats_from_dict(json.loads(payload)) if payload is not None else Stats()

    @property
    def log(self):
        return self._app.log

    # -- faults and the flash ----------------------------------------------------------------
    @property
    def faults(self):
        """Every fault reported, oldest first."""
        return self._app.faults.reported

    @property
    def screen_fault(self):
        """Why the OLED's last frame could not be sent, or None."""
        screen = self._app.screen
        return screen.fault if screen is not None else None

    @property
    def keeper(self):
        return self._app.keeper

    @property
    def lights(self):
        return self._app.lights
