"""The box's behaviour: menus, turns, what each LED and the OLED show (App in app.core).

What loads when and what is let go after which moment: app.memory, the one place that knows."""
