"""The firmware's version, reported by the self-test and checked by tools/flash.py."""

VERSION = "0.1.0"
