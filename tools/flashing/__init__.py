"""Flashing: putting the firmware on a board over USB (or on the virtual board) and keeping it
safe there. The entry point is tools/flash.py (`shutbox-flash`), which runs flash.

flash runs it all: build compiles firmware/ for the board's MicroPython, pack packs the modules
into the tree's one file, tables keeps the generated tables once in "/" for both trees, space
counts what the board's LittleFS takes, device talks to the board (mpremote's serial
transport), start stops the box for flashing and restarts it, leftovers names what an older
install left on the board.
"""
