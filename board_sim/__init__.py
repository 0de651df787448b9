"""shutbox's simulated board: MicroPython stand-ins (board_sim.upy) over bus-level devices.

SimBoard (board_sim.board) is the hardware; board_sim.install puts its machine, neopixel,
framebuf and micropython modules where firmware code imports them.
"""
