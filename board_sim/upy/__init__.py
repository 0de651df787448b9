"""Stand-ins named exactly as MicroPython's modules: machine, neopixel, framebuf, micropython,
deflate, network.

On MicroPython put this folder first on MICROPYPATH (framebuf, micropython and deflate stay
native).
"""
