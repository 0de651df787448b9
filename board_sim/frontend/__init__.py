"""Front ends of the simulated box: the box itself (SimBox: firmware App on a SimBoard), the
OLED read back as pixels and text, and the curses terminal (python -m board_sim)."""
