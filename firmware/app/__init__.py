"""The box's behaviour: menus, turns, what each LED and the OLED show (App in app.core)."""
