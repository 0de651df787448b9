"""Stand-ins named exactly as MicroPython's modules: machine, neopixel, framebuf, micropython.

On MicroPython put this folder first on MICROPYPATH (framebuf and micropython stay native).
"""
