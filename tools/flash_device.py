"""A connection to a MicroPython board for tools/flash.py, on mpremote's SerialTransport:
probe the board, hash, read, write, copy, rename and remove its files, soft-reset it.

Paths are absolute on the board. Files travel in base64 chunks, one raw-REPL exec each.
"""

import ast
import base64
import re
import time

import serial.tools.list_ports
from mpremote.transport import TransportError, TransportExecError
from mpremote.transport_serial import SerialTransport

from tools.flash_build import FlashError

_CHUNK_BYTES = 3072
CONNECT_WAIT_S = 5.0  # how long to wait for the port to answer
# A write to a full filesystem: MicroPython prints "OSError: 28" (its errno table has no
# ENOSPC name), a build that names it "OSError: [Errno 28] ENOSPC".
_FILESYSTEM_FULL = re.compile(r"OSError: (28\b|\[Errno 28\])|ENOSPC")
DIR_BLOCKS = 2  # a LittleFS directory is a metadata pair
_HELPERS = """
import os, binascii
try:
    import hashlib
except ImportError:
    hashlib = None
def _fl_hash(path):
    if hashlib is None:
        return None
    h = hashlib.sha256()
    buf = bytearray(1024)
    try:
        f = open(path, 'rb')
    except OSError:
        return None
    with f:
        while True:
            n = f.readinto(buf)
            if not n:
                break
            h.update(buf[:n] if n < len(buf) else buf)
    return binascii.hexlify(h.digest()).decode()
def _fl_tree(path, prefix=''):
    try:
        entries = list(os.ilistdir(path))
    except OSError:
        return
    for entry in entries:
        if entry[1] & 0x4000:
            _fl_tree(path + '/' + entry[0], prefix + entry[0] + '/')
        else:
            print(_fl_hash(path + '/' + entry[0]), os.stat(path + '/' + entry[0])[6], prefix + entry[0])
def _fl_used(path, block):
    used = 2
    for entry in os.ilistdir(path):
        if entry[1] & 0x4000:
            used += _fl_used(path.rstrip('/') + '/' + entry[0], block)
        else:
            used += max(1, (os.stat(path.rstrip('/') + '/' + entry[0])[6] + block - 1) // block)
    return used
def _fl_makedirs(path):
    at = ''
    for part in path.strip('/').split('/') if path.strip('/') else ():
        at += '/' + part
        try:
            os.mkdir(at)
        except OSError:
            pass
def _fl_write(path, encoded, mode):
    if mode == 'wb':
        _fl_makedirs(path.rsplit('/', 1)[0] or '/')
    with open(path, mode) as f:
        f.write(binascii.a2b_base64(encoded))
def _fl_copy(source, target):
    buf = bytearray(1024)
    with open(source, 'rb') as src, open(target, 'wb') as dst:
        while True:
            n = src.readinto(buf)
            if not n:
                break
            dst.write(buf[:n] if n < len(buf) else buf)
def _fl_remove(path):
    try:
        os.remove(path)
    except OSError:
        pass
"""
_STATVFS = "s = os.statvfs('/')\nprint(repr((s[0], s[2], s[4])))"
_PROBE = (
    "import sys, os\n"
    "print(repr((sys.platform, getattr(sys.implementation, '_mpy', 0),"
    " tuple(sys.implementation.version[:3]), getattr(sys.implementation, '_machine', ''))))"
)


def believable_free_blocks(block_count, free_blocks):
    """Can statvfs's free block count be true? Not above the filesystem's size, nor negative
    (MicroPython's LittleFS computes it unsigned: an over-full count wraps to 4294967295)."""
    return 0 <= free_blocks <= block_count


def usb_boards():
    """Serial ports that look like a USB board (have a USB vendor and product id)."""
    return sorted(port.device for port in serial.tools.list_ports.comports()
                  if port.vid is not None and port.pid is not None)


class Board:
    """An open raw-REPL session with the board at `device` (a serial port or socket:// URL)."""

    def __init__(self, device, wait_s=CONNECT_WAIT_S):
        self.device = device
        self.bytes_sent = 0
        deadline = time.monotonic() + wait_s
        while True:  # a board just plugged in (or a virtual one starting) takes a moment
            try:
                self._transport = SerialTransport(device, baudrate=115200)
                break
            except (TransportError, OSError, ValueError) as error:
                if time.monotonic() >= deadline:
                    raise FlashError("no board found at %s (%s). Is the box plugged in and the port "
                                     "right? List ports with: mpremote connect list"
                                     % (device, error)) from None
                time.sleep(0.25)
        try:
            # A soft reset (as mpremote's own commands do) stops the running firmware and frees
            # its heap; in the raw REPL it reruns boot.py but not main.py.
            self._transport.enter_raw_repl(soft_reset=True, timeout_overall=10)
        except (TransportError, OSError) as error:
            self._transport.close()
            raise FlashError("no MicroPython answers on %s (%s). Is it running MicroPython, and "
                             "is no other program (Thonny, a serial monitor) using the port?"
                             % (device, error)) from None
        self._run(_HELPERS)

    def close(self):
        try:
            self._transport.exit_raw_repl()
            self._transport.close()
        except (TransportError, OSError):
            pass

    def _run(self, code):
        self.bytes_sent += len(code)
        try:
            return self._transport.exec(code).decode()
        except TransportExecError as error:
            if _FILESYSTEM_FULL.search(error.error_output):
                raise FlashError("the board's filesystem is full (OSError 28, ENOSPC): delete files "
                                 "you added (mpremote ls, mpremote rm), then flash again") from None
            raise FlashError("the board failed running flash code:\n%s" % error.error_output) from None
        except (TransportError, OSError) as error:
            raise FlashError("lost the board on %s: %s" % (self.device, error)) from None

    def _eval(self, code):
        return ast.literal_eval(self._run(code).strip())

    def probe(self):
        """(sys.platform, sys.implementation._mpy, version tuple, machine description)."""
        return self._eval(_PROBE)

    def block_bytes(self):
        return self._eval(_STATVFS)[0]

    def free_bytes(self):
        """Free bytes on "/": statvfs's figure when it can be true, else (a count that wrapped,
        such as 4294967295 free blocks) the filesystem's blocks less those its files and
        directories take, counted on the board."""
        block, blocks, free = self._eval(_STATVFS)
        if believable_free_blocks(blocks, free):
            return free * block
        used = self._eval("print(_fl_used('/', %d))" % block)
        return max(0, blocks - used) * block

    def tree(self, path):
        """{path relative to `path`: (sha256 hex or None without hashlib, size)} of every file
        under it. The board prints a line per file as it goes: no large string on the board."""
        files = {}
        for line in self._run("_fl_tree(%r)" % path).splitlines():
            digest, _, rest = line.strip().partition(" ")
            size, _, name = rest.partition(" ")
            if name:
                files[name] = (None if digest == "None" else digest, int(size))
        return files

    def tree_hashes(self, path):
        """{path relative to `path`: sha256 hex (None without hashlib)} of every file under it."""
        return {name: digest for name, (digest, _size) in self.tree(path).items()}

    def file_hash(self, path):
        return self._eval("print(repr(_fl_hash(%r)))" % path)

    def read(self, path):
        """The file's bytes, or None when it does not exist."""
        code = ("try:\n f = open(%r, 'rb')\nexcept OSError:\n print(None)\nelse:\n"
                " with f:\n  print(repr(binascii.b2a_base64(f.read())))" % path)
        encoded = self._eval(code)
        return None if encoded is None else base64.b64decode(encoded)

    def write(self, path, data):
        """Write data to path, creating its directories: one exec per 3 KiB."""
        for start in range(0, max(len(data), 1), _CHUNK_BYTES):
            chunk = base64.b64encode(data[start:start + _CHUNK_BYTES])
            self._run("_fl_write(%r, %r, %r)" % (path, chunk, "ab" if start else "wb"))

    def copy(self, pairs):
        """Copy files on the board, [(source, target), ...], in one exec."""
        if pairs:
            self._run("for s, t in %r:\n _fl_makedirs(t.rsplit('/', 1)[0])\n _fl_copy(s, t)"
                      % (list(pairs),))

    def remove(self, path):
        self._run("_fl_remove(%r)" % path)

    def rename(self, source, target):
        self._run("os.rename(%r, %r)" % (source, target))

    def remove_empty_dirs(self, path, files_too=False):
        """Remove directories under path left empty (deepest first), and with files_too every
        file under it first and then path itself."""
        self._run(
            "def _fl_prune(p):\n for e in list(os.ilistdir(p)):\n  if e[1] & 0x4000:\n"
            "   _fl_prune(p + '/' + e[0])\n   try:\n    os.rmdir(p + '/' + e[0])\n"
            "   except OSError:\n    pass\n  elif %r:\n   os.remove(p + '/' + e[0])\n"
            "try:\n _fl_prune(%r)\n if %r:\n  os.rmdir(%r)\nexcept OSError:\n pass"
            % (files_too, path, files_too, path)
        )

    def soft_reset_and_run(self, code, timeout_s=60):
        """Soft-reset (boot.py runs, main.py does not) then run code; its output."""
        try:
            self._transport.enter_raw_repl(soft_reset=True, timeout_overall=10)
            output, errors = self._transport.exec_raw(code, timeout=timeout_s)
        except (TransportError, OSError) as error:
            raise FlashError("lost the board during the soft reset: %s" % error) from None
        self._run(_HELPERS)
        return (output + errors).decode(errors="replace")


def free_bytes_at(url):
    """Free bytes on the board at `url` (Board.free_bytes), over a connection of its own."""
    board = Board(url)
    try:
        return board.free_bytes()
    finally:
        board.close()
