"""The question a long select asks in a match (app.core: App.leaving): ok leaves it for the
menu, select or waiting stays; the match left is kept. Loaded while it is shown."""


def show_leave(screen):
    """Leave the match? What ok and select do, and that the match is kept."""
    screen.clear()
    screen.text("Leave the match?", 0, 0)
    screen.text("ok: to the menu", 0, 2)
    screen.text("select: stay", 0, 3)
    screen.text("It stays saved", 0, 5)
    screen.text("until a new one", 0, 6)
    screen.text("starts.", 0, 7)
    screen.send()
