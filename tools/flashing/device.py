"""A connection to a MicroPython board for tools/flash.py, on mpremote's SerialTransport and its
own helpers (exec, eval, fs_readfile, fs_listdir, fs_mkdir, fs_rmfile, fs_rmdir): probe the
board, hash, read, write, copy, rename and remove its files, soft-reset it.

Paths are absolute on the board. Four jobs run as code of ours on the board, an exec each:
listing a tree with each file's hash and size, copying files between trees (mpremote has no
helper for either), hashing a file and writing 3 KiB of one. mpremote's fs_hashfile takes
three execs, its fs_writefile two more a file (open, close) and 1.8 times the bytes (repr, not
base64): on those a full flash of the virtual Pico W took 14.6 s instead of 6.5 s.
"""

import base64
import contextlib
import errno
import pathlib
import re
import socket
import sys
import time
from typing import Any

import serial
import serial.tools.list_ports
from mpremote.transport import TransportError, TransportExecError
from mpremote.transport_serial import SerialTransport

from tools.flashing.build import FlashError, sha256
from tools.flashing.space import DEFAULT_INLINE_BYTES, tree_blocks

_CHUNK_BYTES = 3072
CONNECT_WAIT_S = 5.0  # how long to wait for the port to answer
_RESET_S = 3.0  # how long a board takes at most to reset once told to
# Ctrl-C, then the raw REPL, asked once more after each of these waits (s) before giving up: a
# running firmware answers at once, unless the Ctrl-C landed while it imported a module from a
# Python filesystem (boot.py's pack), where MicroPython takes the KeyboardInterrupt for "no such
# file" (seen on the virtual board); a second Ctrl-C then stops it, 2 s on, not after
# mpremote's 10 s (a one-file flash of a running box once took 538% of a full flash's time so).
_ANSWER_WAITS_S = (2, 10)
_RESET_WAIT_S = 10  # a soft reset's, from Ctrl-D to the raw REPL again (boot.py runs)
# A write to a full filesystem: MicroPython prints "OSError: 28" (its errno table has no
# ENOSPC name), a build that names it "OSError: [Errno 28] ENOSPC". mpremote's fs_* helpers
# turn both into OSError(ENOSPC); code of our own that fails shows the board's traceback.
_FILESYSTEM_FULL = re.compile(r"OSError: (28\b|\[Errno 28\])|ENOSPC")
_FULL_MESSAGE = "the board's filesystem is full (OSError 28, ENOSPC). %s"
# The firmware's pack, mounted by boot.py, is unmounted first: LittleFS counts the blocks of a
# file held open twice once another handle of it closes, and hashing the running tree opens it.
_HELPERS = """
import os, sys, binascii
os.chdir('/')
try:
    os.umount('/pack')
except OSError:
    pass
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
def _fl_exists(path):
    try:
        os.stat(path)
        return True
    except OSError:
        return False
def _fl_size(path):
    if os.stat(path)[0] & 0x4000:
        return sum(_fl_size(path + '/' + entry[0]) for entry in os.ilistdir(path))
    return os.stat(path)[6]
def _fl_files(path, prefix):
    for entry in os.ilistdir(path):
        if not entry[1] & 0x4000 and entry[0].startswith(prefix):
            print(_fl_hash(path + entry[0]), os.stat(path + entry[0])[6], entry[0])
def _fl_write(path, encoded, mode):
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
"""
_STATVFS = "tuple(os.statvfs('/'))[:5]"
_PROBE = ("(sys.platform, getattr(sys.implementation, '_mpy', 0), "
          "tuple(sys.implementation.version[:3]), getattr(sys.implementation, '_machine', ''))")


def mpremote_command():
    """mpremote as the builder can type it: the one beside this Python (the project's .venv,
    whose commands are in Scripts on Windows), else the one on the PATH."""
    scripts = pathlib.Path(sys.executable).parent
    for name in ("mpremote.exe", "mpremote") if sys.platform == "win32" else ("mpremote",):
        if (scripts / name).exists():
            return str(scripts / name)
    return "mpremote"


def delete_hint(device):
    """How to find and delete the files that fill the board at `device`."""
    return ("See what takes the room with: %s connect %s fs tree -s / ; delete what you added "
            "with: %s connect %s rm -r :PATH ; then flash again."
            % (mpremote_command(), device, mpremote_command(), device))


def believable_free_blocks(block_count, free_blocks):
    """Can statvfs's free block count be true? Not above the filesystem's size, nor negative
    (MicroPython's LittleFS computes it unsigned: an over-full count wraps to 4294967295)."""
    return 0 <= free_blocks <= block_count


def usb_boards():
    """Serial ports that look like a USB board (have a USB vendor and product id)."""
    return sorted(port.device for port in serial.tools.list_ports.comports()
                  if port.vid is not None and port.pid is not None)


def open_port(device, wait_s, error, transport=None):
    """transport(device) at 115200 baud, tried again for up to wait_s seconds: a board just
    plugged in (or a virtual one starting) takes a moment; then `error` (an exception class)
    saying no board was found there."""
    transport = transport or QuickTransport
    deadline = time.monotonic() + wait_s
    while True:
        try:
            return transport(device, baudrate=115200)
        except (TransportError, OSError, ValueError) as failure:
            if time.monotonic() >= deadline:
                raise error("no board found at %s (%s). Is the box plugged in and the port right? "
                            "List ports with: mpremote connect list" % (device, failure)) from None
            time.sleep(0.25)


class QuickTransport(SerialTransport):
    """mpremote's SerialTransport, waiting for the board's answers as they come: mpremote's
    read_until looks for the next byte every 10 ms (sleeping in between, some 5 ms lost on each
    of a flash's thousands of answers), and pyserial's socket:// port sleeps 0.3 s as it closes."""

    def read_until(self, min_num_bytes, ending, timeout=10, data_consumer=None, timeout_overall=None):
        """mpremote's read_until (the same arguments and result: what came up to `ending`, or
        to a timeout between two bytes or overall), each byte waited for in the port's own
        read (a select on the socket, the serial port's timeout) until the nearer timeout."""
        data = b""
        begin_overall_s = begin_char_s = time.monotonic()
        while not data.endswith(ending):
            deadlines = [begin_s + wait_s for begin_s, wait_s in
                         ((begin_char_s, timeout), (begin_overall_s, timeout_overall)) if wait_s is not None]
            new_data = self._next_byte(min(deadlines) if deadlines else None)
            if not new_data:
                break
            if data_consumer:
                data_consumer(new_data)
                data = new_data
            else:
                data = data + new_data
            begin_char_s = time.monotonic()
        return data

    def _next_byte(self, deadline):
        """The board's next byte, b"" if none comes by `deadline` (time.monotonic; None: no end)."""
        port: Any = self.serial  # a pyserial port (mpremote's types name its mount's too)
        if port.in_waiting:
            return port.read(1)
        wait_s = None if deadline is None else deadline - time.monotonic()
        if wait_s is not None and wait_s <= 0:
            return b""
        port.timeout = wait_s
        try:
            return port.read(1)
        finally:
            port.timeout = None  # mpremote's own reads block

    def close(self):
        port: Any = self.serial
        socket_port = getattr(port, "_socket", None)  # pyserial's socket:// port's
        if socket_port is not None:  # closed here, without its 0.3 s sleep
            with contextlib.suppress(OSError):
                socket_port.shutdown(socket.SHUT_RDWR)
            socket_port.close()
            port._socket = None
            port.is_open = False
            return
        super().close()


class _CountingTransport(QuickTransport):
    """QuickTransport, counting the bytes of code it sends the board."""

    bytes_sent = 0

    def exec_raw_no_follow(self, command):
        self.bytes_sent += len(command)
        return super().exec_raw_no_follow(command)


class Board:
    """An open raw-REPL session with the board at `device` (a serial port or socket:// URL):
    its firmware stopped by Ctrl-C and a soft reset (which on rp2 leaves a running watchdog
    running). `started_in` is the current directory boot.py left (a maintenance start's,
    tools.flashing.start)."""

    def __init__(self, device, wait_s=None):
        wait_s = CONNECT_WAIT_S if wait_s is None else wait_s
        self.device = device
        self._dirs = set()  # directories known to exist, so a write makes each once
        for attempt, answer_s in enumerate(_ANSWER_WAITS_S):
            self._transport = self._opened(device, wait_s)
            try:
                self._transport.enter_raw_repl(soft_reset=False, timeout_overall=answer_s)
                # A soft reset (as mpremote's own commands do) stops the running firmware and
                # frees its heap; in the raw REPL it reruns boot.py but not main.py.
                self._transport.enter_raw_repl(soft_reset=True, timeout_overall=_RESET_WAIT_S)
                break
            except (TransportError, OSError) as error:
                self._transport.close()
                if attempt + 1 == len(_ANSWER_WAITS_S):
                    raise FlashError("no MicroPython answers on %s (%s). Is it running "
                                     "MicroPython, and is no other program (Thonny, a serial "
                                     "monitor) using the port?" % (device, error)) from None
        self.started_in = self._eval("__import__('os').getcwd()")
        self._run(_HELPERS)

    @staticmethod
    def _opened(device, wait_s):
        return open_port(device, wait_s, FlashError, _CountingTransport)

    @property
    def bytes_sent(self):
        return self._transport.bytes_sent

    def close(self):
        try:
            self._transport.exit_raw_repl()
            self._transport.close()
        except (TransportError, OSError):
            pass

    @contextlib.contextmanager
    def _talking(self):
        """Turn what the board or the link says went wrong into a FlashError."""
        try:
            yield
        except TransportExecError as error:  # code of ours failed on the board
            if _FILESYSTEM_FULL.search(error.error_output):
                raise FlashError(_FULL_MESSAGE % delete_hint(self.device)) from None
            raise FlashError("the board failed running flash code:\n%s" % error.error_output) from None
        except OSError as error:  # mpremote's fs_* helpers raise the board's errno as OSError
            if error.errno == errno.ENOSPC:
                raise FlashError(_FULL_MESSAGE % delete_hint(self.device)) from None
            if error.errno is None or isinstance(error, serial.SerialException):
                raise FlashError("lost the board on %s: %s" % (self.device, error)) from None
            raise FlashError("the board failed on %s: %s" % (error.filename or error.strerror,
                                                             errno.errorcode.get(error.errno))) from None
        except TransportError as error:
            raise FlashError("lost the board on %s: %s" % (self.device, error)) from None

    def _run(self, code):
        with self._talking():
            return self._transport.exec(code).decode()

    def _eval(self, expression):
        with self._talking():
            return self._transport.eval(expression)

    def _unless_missing(self, helper, *args, **options):
        """An mpremote fs_* helper's result; None when the board has no such path."""
        with self._talking():
            try:
                return helper(*args, **options)
            except FileNotFoundError:  # mpremote raises OSError(ENOENT, path)
                return None

    def probe(self):
        """(sys.platform, sys.implementation._mpy, version tuple, machine description)."""
        return self._eval(_PROBE)

    def block_bytes(self):
        return self._eval(_STATVFS)[0]

    def free_bytes(self):
        """Free bytes on "/": statvfs's figure when it can be true, else (a count that wrapped,
        such as 4294967295 free blocks) the filesystem's blocks less those its files and
        directories take (tools.flashing.space's count of what is on the board)."""
        block, _fragment, blocks, _free, free = self._eval(_STATVFS)
        if believable_free_blocks(blocks, free):
            return free * block
        sizes = {name: size for name, (_digest, size) in self.tree("/").items()}
        return max(0, blocks - tree_blocks(sizes, block, DEFAULT_INLINE_BYTES)) * block

    def tree(self, path):
        """{path relative to `path`: (sha256 hex or None without hashlib, size)} of every file
        under it. The board prints a line per file as it goes: no large string on the board."""
        return self._listed("_fl_tree(%r)" % path)

    def _listed(self, code):
        """{name: (sha256 hex or None, size)} from the board's lines "hash size name"."""
        files = {}
        for line in self._run(code).splitlines():
            digest, _, rest = line.strip().partition(" ")
            size, _, name = rest.partition(" ")
            if name:
                files[name] = (None if digest == "None" else digest, int(size))
        return files

    def files(self, directory, prefix):
        """tree()'s figures of the files directly in `directory` (ending in "/") whose names
        start with prefix."""
        return self._listed("_fl_files(%r, %r)" % (directory, prefix))

    def tree_hashes(self, path):
        """{path relative to `path`: sha256 hex (None without hashlib)} of every file under it."""
        return {name: digest for name, (digest, _size) in self.tree(path).items()}

    def file_hash(self, path):
        """The file's sha256 hex, or None when it does not exist or the board has no hashlib:
        one exec (mpremote's fs_hashfile takes three, and flash hashes a file after each write)."""
        return self._eval("_fl_hash(%r)" % path)

    def read(self, path):
        """The file's bytes, or None when it does not exist."""
        data = self._unless_missing(self._transport.fs_readfile, path, chunk_size=_CHUNK_BYTES)
        return None if data is None else bytes(data)

    def make_dir(self, path):
        """Make the directory `path` (and those above it) unless it is there."""
        self._make_dirs(path)

    def _make_dirs(self, path):
        """Make the directory `path` and those above it, each once."""
        at = ""
        for part in path.strip("/").split("/") if path.strip("/") else ():
            at += "/" + part
            if at not in self._dirs:
                with self._talking(), contextlib.suppress(FileExistsError):
                    self._transport.fs_mkdir(at)
                self._dirs.add(at)

    def write(self, path, data):
        """Write data to path, creating its directories: one exec per 3 KiB."""
        self._make_dirs(path.rsplit("/", 1)[0])
        for start in range(0, max(len(data), 1), _CHUNK_BYTES):
            chunk = base64.b64encode(data[start:start + _CHUNK_BYTES])
            self._run("_fl_write(%r, %r, %r)" % (path, chunk, "ab" if start else "wb"))

    def write_verified(self, path, data):
        """write(), then FlashError unless the board's hash of the file is data's."""
        self.write(path, data)
        on_board = self.file_hash(path)
        if on_board is not None and on_board != sha256(data):
            raise FlashError("%s did not verify on the board (flash worn or full?)" % path)

    def copy(self, pairs):
        """Copy files on the board, [(source, target), ...], in one exec."""
        for _source, target in pairs:
            self._make_dirs(target.rsplit("/", 1)[0])
        if pairs:
            self._run("for s, t in %r:\n _fl_copy(s, t)" % (list(pairs),))

    def remove(self, path):
        """Remove the file at path, if there is one."""
        self._unless_missing(self._transport.fs_rmfile, path)

    def rename(self, source, target):
        self._run("os.rename(%r, %r)" % (source, target))

    def remove_empty_dirs(self, path, files_too=False):
        """Remove directories under path left empty (deepest first), and with files_too every
        file under it first and then path itself."""
        for entry in self._unless_missing(self._transport.fs_listdir, path) or ():
            inside = path.rstrip("/") + "/" + entry.name
            if entry.st_mode & 0x4000:
                self.remove_empty_dirs(inside, files_too)
                self._dirs.discard(inside)
                with self._talking(), contextlib.suppress(OSError, TransportExecError):  # not empty
                    self._transport.fs_rmdir(inside)
            elif files_too:
                self.remove(inside)
        if files_too:
            self._dirs.discard(path)
            self._unless_missing(self._transport.fs_rmdir, path)

    def remove_dir_if_empty(self, path):
        with self._talking(), contextlib.suppress(OSError, TransportExecError):  # absent or not empty
            self._transport.fs_rmdir(path)

    def hard_reset(self):
        """machine.reset(): the board restarts as from power-on (its watchdog stopped, on a USB
        board the port gone for a moment); this session ends."""
        try:
            with self._talking():  # the board says OK before it runs the code
                self._transport.exec_raw_no_follow("import machine\nmachine.reset()")
            self._wait_until_gone()
        finally:
            with contextlib.suppress(TransportError, OSError):
                self._transport.close()

    def _wait_until_gone(self):
        """Until the board's reset drops the link (a USB board's port goes; a board behind a
        USB-serial chip keeps it: then _RESET_S), so that the next connection is to the board
        restarted, never to the one still resetting."""
        port = self._transport.serial
        port.timeout = 0.1
        deadline = time.monotonic() + _RESET_S
        with contextlib.suppress(serial.SerialException, OSError):
            while time.monotonic() < deadline:
                port.read(256)

    def list_root(self):
        """{name: bytes} of each entry of "/" (a folder's: the files under it)."""
        return dict(self._eval("[(e[0], _fl_size('/' + e[0])) for e in os.ilistdir('/')]"))

    def remove_path(self, path):
        """Remove the file, or the folder and everything under it, at path."""
        if self._eval("os.stat(%r)[0] & 0x4000" % path):
            self.remove_empty_dirs(path, files_too=True)
        else:
            self.remove(path)

    def exists(self, path):
        return self._eval("_fl_exists(%r)" % path)

    def soft_reset_and_run(self, code, timeout_s=60):
        """Soft-reset (boot.py runs, main.py does not) then run code; its output."""
        try:
            self._transport.enter_raw_repl(soft_reset=True, timeout_overall=_RESET_WAIT_S)
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
