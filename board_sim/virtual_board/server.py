"""The virtual board: real MicroPython (the unix port) on a pty, served on a loopback TCP port
that mpremote opens as socket://127.0.0.1:PORT (pyserial's serial_for_url).

It behaves as a USB-powered board: output goes nowhere while no host is connected; Ctrl-D at
the raw or friendly REPL soft-resets (the port exits, a new one starts, reruns boot.py and,
in the friendly REPL, main.py); a closed connection is a port closed on the host (the board
runs on, as a USB board does), cut_power() a cut cable (the interpreter is killed
mid-whatever, then powered on again: cable.py cuts so). The chip's watchdog and its
machine.Timer timers are the server's, on the board's clock: the wall clock, which a test may
move on at once (advance: the timers due run in turn, the watchdog bites if none fed it). As
rp2's, the watchdog runs on through a soft reset, which ends the timers, and nothing stops it
but a hard reset, which (as machine.reset() does) powers the chip off and on and drops the
host's connection, as a board's USB does (the chip's side: chip_host.py). The files live in a host
directory seen as the board's "/", or a LittleFS image of a board's real filesystem
(fs_image, one of FS_IMAGES: <fs_dir>/<name>.lfs2); the firmware gets a Pico's free heap; machine is board_sim's.
"""

import fcntl
import os
import pathlib
import select
import signal
import socket
import subprocess
import sys
import termios
import threading
import time
import tty

from board_sim.board import PWRON_RESET, WDT_RESET

BOARD_SIM = pathlib.Path(__file__).resolve().parent.parent
PINMAPS = BOARD_SIM.parent / "firmware" / "boards"
STARTUP = pathlib.Path(__file__).resolve().parent / "startup.py"
MICROPYTHON = pathlib.Path(sys.executable).parent / "micropython"
PICO_FS_BYTES = 1408 * 1024  # the filesystem of a Pico running MicroPython
# The simulated hardware shares the interpreter's heap (about 96 KiB of it): this size leaves
# the firmware the 190 KiB or so a Pico has free after boot.
HEAP = "280k"
# LittleFS images of each board's real filesystem: (bytes, progsize as its _boot.py mounts it,
# the interpreter's heap). The Pico's and Pico W's are MicroPython's rp2 builds' (the W gives
# flash to its wifi firmware); the ESP32's is the "vfs" partition of the 4 MiB generic build.
# The image's block device is Python on the interpreter's heap: with an ESP32's 32-byte reads
# LittleFS calls it so often that imports fragment the heap (the self-test fails at 280k,
# passes at 320k, measured); a board's own block device is C and costs nothing there. The Pico
# W's smaller filesystem tips the same way: with net/ flashed, the self-test of a second flash
# of the same firmware failed at 280k (pico_w.json's `wifi` key alone tipped it), passed at 296k,
# and at 296k again once the modules split by job (2026-12-07) interned more names than the
# first six of MicroPython's qstr pools hold: the seventh (1,280 entries, some 14 KB in one piece
# on this 64-bit port) found no such block; passes at 320k.
FS_IMAGES = {"pico": (PICO_FS_BYTES, 256, HEAP), "pico_w": (848 * 1024, 256, "320k"),
             "esp32_devkit": (2048 * 1024, 32, "320k")}
PLATFORMS = {"pico": "rp2", "pico_w": "rp2", "esp32_devkit": "esp32"}

RAW_BANNER = b"raw REPL; CTRL-B to exit\r\n"
FRIENDLY_BANNER = b'Type "help()" for more information.\r\n'
FRIENDLY_PROMPT = FRIENDLY_BANNER + b">>> "
SOFT_REBOOT = b"MPY: soft reboot\r\n"
READY_MARK = b"\x00virtual-board-ready\x00"  # startup.py: the interpreter is up
BOOTED_MARK = b"\x00virtual-board-booted\x00"  # startup.py: boot.py done, raw REPL wanted
MAIN_MARK = b"\x00virtual-board-main\x00"  # startup.py: boot.py done, main.py starts
REPL_MARK = b"\x00virtual-board-repl\x00"  # startup.py: boot.py done, no main.py: the REPL next
_CTRL_A = b"\x01"
_READ_BYTES = 4096
_CTRL_C = b"\x03"
# Stages after a power-on or soft reset. Host input waits until a prompt is up, except that a
# Ctrl-C reaches a running main.py (what the host typed before it goes to the pty first).
# _INTERRUPTED: main.py has been given its Ctrl-C and not taken it yet, the rest waits (for
# the prompt, or until main.py takes it: one that lets it go gets the next the same way). It
# gets it on the chip's Ctrl-C pipe, not as a SIGINT (chip_host.py says why), and takes it in its
# next call on the chip; one that makes none for _SIGINT_AFTER_S (it never feeds a watchdog)
# gets a SIGINT then, as the REPL's running code does (its next Ctrl-C after _SIGINT_AGAIN_S).
_STARTING, _BOOTING, _AWAITING_RAW_BANNER, _MAIN, _AWAITING_PROMPT, _RUNNING, _INTERRUPTED = range(7)
_SIGINT_AFTER_S = 5.0  # longer than the firmware takes to boot and arm its watchdog
_SIGINT_AGAIN_S = 0.5  # the same for one that took its last Ctrl-C so (it never calls the chip)
_POLL_S = 0.05
_TIMER_RUN_S = 30.0  # advance(): how long a timer's callback may take to run (a busy machine)
_QUICKACK = getattr(socket, "TCP_QUICKACK", None)  # Linux only (ack_at_once)


class VirtualBoard:
    """A board on 127.0.0.1:port (0 picks a free one) with its files in fs_dir.

    with VirtualBoard(fs_dir) as board: ... board.url ...
    board names the pin map (firmware/boards/<board>.json) the simulated chip is wired as;
    fs_image (a name in FS_IMAGES) keeps the files in a LittleFS image of that board's size
    (fs_bytes is then the image's), made as a freshly erased flash if it is not there yet.
    heap is the interpreter's (default: HEAP, or the image's).
    """

    def __init__(self, fs_dir, port=0, board="pico", fs_bytes=PICO_FS_BYTES, heap=None,
                 idle_s=None, fs_image=None):
        if board not in PLATFORMS:
            raise ValueError("unknown board %r; known: %s" % (board, ", ".join(PLATFORMS)))
        if fs_image is not None and fs_image not in FS_IMAGES:
            raise ValueError("unknown filesystem image %r; known: %s"
                             % (fs_image, ", ".join(FS_IMAGES)))
        self.fs_dir = pathlib.Path(fs_dir).resolve()
        self.fs_dir.mkdir(parents=True, exist_ok=True)
        self.board = board
        self.fs_image = None
        self._progsize = 0
        image_heap = HEAP
        if fs_image is not None:
            fs_bytes, self._progsize, image_heap = FS_IMAGES[fs_image]
            self.fs_image = self.fs_dir / (fs_image + ".lfs2")
            if not self.fs_image.exists():
                self.fs_image.write_bytes(b"\xff" * fs_bytes)
        self.fs_bytes = fs_bytes
        self.heap = heap or image_heap
        self.power_ons = 0
        self.soft_resets = 0
        self.hard_resets = 0  # machine.reset() and the watchdog's
        self.watchdog_resets = 0
        self.main_starts = 0  # main.py started after a power-on or soft reset
        self.watchdog_ms = None  # the running watchdog's timeout, None when it is off
        self._watchdog_deadline = None  # the board's clock (now()) when it bites
        self.timer_runs = 0  # timer callbacks the chip has run
        self._skipped_s = 0.0  # how far advance() has moved the board's clock past the wall's
        self._timers = {}  # the chip's machine.Timer number -> [due (now()), period_s or None]
        self._turns = None  # the write end of the timers' pipe (the chip runs their callbacks)
        self._advance_s = None  # an advance() asked of the serving thread
        self._advanced = threading.Event()
        self._reset_cause = PWRON_RESET  # machine.reset_cause() after the last hard reset
        self._control = None  # the read end of the chip's control pipe (chip_host.py)
        self._control_text = b""
        self._keys = None  # the write end of the chip's Ctrl-C pipe
        self._keys_back = None  # a read end of it: a Ctrl-C main.py has not taken, taken back
        self._sigint_due = None  # when main.py, given its Ctrl-C and not taken it, gets a SIGINT
        self._main_deaf = False  # main.py took its last Ctrl-C as a SIGINT
        self._idle_s = idle_s  # stop once no host has been connected for this long (None: never)
        self._listener = socket.create_server(("127.0.0.1", port))
        self.port = self._listener.getsockname()[1]
        self._client = None
        self._process = None
        self._master = None
        self._to_board = b""  # host input not yet given to the interpreter
        self._injected = b""  # keys the bridge itself types, given before any host input
        self._tail = b""
        self._raw_mode = False
        self._stage = _RUNNING  # how far the interpreter has come since power-on
        self._pending = b""  # output held back while looking for a mark
        self._stopping = threading.Event()
        self._power_cut = threading.Event()
        self._power_back = threading.Event()
        self._thread = None

    @property
    def url(self):
        return "socket://127.0.0.1:%d" % self.port

    @property
    def timers_running(self):
        """How many of the chip's machine.Timer timers run."""
        return len(self._timers)

    def now(self):
        """The board's clock (s): the wall clock's, moved on by every advance()."""
        return time.monotonic() + self._skipped_s

    def advance(self, seconds):
        """Let `seconds` pass on the board's clock at once (from another thread than the
        server's): its timers due run in turn, each callback run before the clock goes on, and
        the watchdog bites as soon as its timeout passes unfed, as on a board left that long.
        Returns once done (or the watchdog's reset has powered the chip on again)."""
        self._advanced.clear()
        self._advance_s = seconds
        self._advanced.wait()

    def start(self):
        self._power_on(raw=False)
        self._thread = threading.Thread(target=self._serve, name="virtual-board", daemon=True)
        self._thread.start()
        return self

    def stop(self):
        self._stopping.set()
        if self._thread is not None:
            self._thread.join()
        self._listener.close()

    def wait(self):
        """Block until no host has been connected for idle_s (or stop() from another thread)."""
        self._thread.join()

    def __enter__(self):
        return self.start()

    def __exit__(self, *exc_info):
        self.stop()
        return False

    # --- the interpreter ---

    def _power_on(self, raw):
        control, chip_control = os.pipe()
        os.set_blocking(control, False)
        chip_turns, turns = os.pipe()
        os.set_blocking(turns, False)
        chip_keys, keys = os.pipe()
        os.set_blocking(keys, False)
        master, slave = os.openpty()
        tty.setraw(slave)
        attrs = termios.tcgetattr(slave)
        attrs[3] |= termios.ISIG  # Ctrl-C while the REPL's code runs is a KeyboardInterrupt
        termios.tcsetattr(slave, termios.TCSANOW, attrs)
        env = dict(
            os.environ,
            VIRTUAL_BOARD_FS=str(self.fs_dir),
            VIRTUAL_BOARD_FS_BYTES=str(self.fs_bytes),
            VIRTUAL_BOARD_FS_IMAGE=str(self.fs_image or ""),
            VIRTUAL_BOARD_FS_PROGSIZE=str(self._progsize),
            VIRTUAL_BOARD_PLATFORM=PLATFORMS[self.board],
            VIRTUAL_BOARD_PINMAP=str(PINMAPS / (self.board + ".json")),
            VIRTUAL_BOARD_SIM=str(BOARD_SIM),
            VIRTUAL_BOARD_ROOT=str(BOARD_SIM.parent),
            VIRTUAL_BOARD_RAW="1" if raw else "0",
            VIRTUAL_BOARD_CONTROL="/proc/self/fd/%d" % chip_control,
            VIRTUAL_BOARD_TIMERS="/proc/self/fd/%d" % chip_turns,
            VIRTUAL_BOARD_KEYS="/proc/self/fd/%d" % chip_keys,
            VIRTUAL_BOARD_RESET_CAUSE=str(self._reset_cause),
        )
        env.pop("MICROPYPATH", None)
        self._process = subprocess.Popen(
            [str(MICROPYTHON), "-X", "heapsize=" + self.heap, "-i", str(STARTUP)],
            stdin=slave, stdout=slave, stderr=slave, env=env, cwd=str(self.fs_dir),
            preexec_fn=_take_terminal, close_fds=True, pass_fds=(chip_control, chip_turns, chip_keys),
        )
        os.close(slave)
        os.close(chip_control)
        os.close(chip_turns)
        # Its own read end (a pipe's /proc path opens a new one, non-blocking here alone).
        self._keys_back = os.open("/proc/self/fd/%d" % chip_keys, os.O_RDONLY | os.O_NONBLOCK)
        os.close(chip_keys)
        self._control = control
        self._turns = turns
        self._keys = keys
        self._sigint_due = None
        self._main_deaf = False
        self._control_text = b""
        os.set_blocking(master, False)
        self._master = master
        self._raw_mode = raw
        self._stage = _STARTING
        self._pending = b""
        self._tail = b""
        self.power_ons += 1

    def _power_off(self):
        if self._process is not None and self._process.poll() is None:
            os.killpg(self._process.pid, signal.SIGKILL)
        if self._process is not None:
            self._process.wait()
        if self._master is not None:
            os.close(self._master)
        if self._control is not None:
            os.close(self._control)
        if self._turns is not None:
            os.close(self._turns)
        if self._keys is not None:
            os.close(self._keys)
        if self._keys_back is not None:
            os.close(self._keys_back)
        self._process = None
        self._master = None
        self._control = None
        self._turns = None
        self._keys = None
        self._keys_back = None
        self._timers.clear()  # they ended with the interpreter (rp2: at a soft reset too)
        self._to_board = b""
        self._injected = b""

    def _hard_reset(self):
        """Power the chip off and on (its watchdog stops); the host's connection drops with it,
        as a board's USB does when the chip resets."""
        self.hard_resets += 1
        self._restart(WDT_RESET)  # rp2's machine.reset() resets through the watchdog

    def _restart(self, cause):
        """The chip off and on again, its watchdog stopped, the host's connection dropped."""
        if self._client is not None:
            self._client.close()
            self._client = None
        self._power_off()
        self._reset_cause = cause
        self.watchdog_ms = None
        self._watchdog_deadline = None
        self._power_on(raw=False)

    def _from_chip(self, data):
        """Act on the chip's control lines (chip_host.py): the watchdog started or fed, a
        reset, a timer started, stopped or run. True after a reset."""
        self._control_text += data
        *lines, self._control_text = self._control_text.split(b"\n")
        for line in lines:
            if not line:
                continue
            word, *numbers = line.split()
            if word == b"watchdog":
                self.watchdog_ms = int(numbers[0])
            elif word == b"reset":
                self._pass_on_output()  # what the chip printed before (the raw REPL's "OK")
                self._hard_reset()
                return True
            elif word == b"timer":
                number, period_us, periodic = (int(number) for number in numbers)
                self._timers[number] = [self.now() + period_us / 1e6,
                                        period_us / 1e6 if periodic else None]
            elif word == b"untimer":
                self._timers.pop(int(numbers[0]), None)
            elif word == b"ran":
                self.timer_runs += 1
            elif word == b"interrupted":  # main.py has taken its Ctrl-C: it may get another
                self._main_took_ctrl_c()
                self._main_deaf = False
            if word in (b"watchdog", b"feed") and self.watchdog_ms is not None:
                self._watchdog_deadline = self.now() + self.watchdog_ms / 1000
        return False

    def _fire_due_timers(self):
        """Tell the chip to run each timer now due; how many were told."""
        told = 0
        now = self.now()
        for number, timer in list(self._timers.items()):
            if timer[0] > now:
                continue
            if timer[1] is None:
                del self._timers[number]
            else:
                timer[0] += timer[1]
            try:
                os.write(self._turns, b"fire %d\n" % number)
                told += 1
            except BlockingIOError:  # the chip has not read its turns for long: it misses one
                pass
            except OSError:  # the interpreter has ended (a soft reset): its timers with it
                self._timers.clear()
                break
        return told

    def _advance_now(self, seconds):
        """advance(), in the serving thread: step the clock from one due timer to the next,
        waiting for the chip to run each, until `seconds` have passed or the watchdog bites."""
        target = self.now() + seconds
        if _has_input(self._control) and self._from_chip(_read_some(self._control)):
            return  # the chip reset itself
        while True:
            now = self.now()
            step_to = min([timer[0] for timer in self._timers.values()] + [target])
            deadline = self._watchdog_deadline
            if deadline is not None and deadline <= step_to:
                self._skipped_s += max(0.0, deadline - now)
                self._watchdog_bites()
                return
            self._skipped_s += max(0.0, step_to - now)
            if step_to >= target:
                return
            runs = self.timer_runs + self._fire_due_timers()
            give_up = time.monotonic() + _TIMER_RUN_S
            while self.timer_runs < runs and time.monotonic() < give_up:
                if _has_input(self._control, _POLL_S) and self._from_chip(_read_some(self._control)):
                    return  # the chip reset itself
                self._pass_on_output()
            if self.timer_runs < runs:
                return  # the chip is stuck: the watchdog will tell

    def _watchdog_bites(self):
        self.watchdog_resets += 1
        self._hard_reset()

    def _pass_on_output(self):
        """Give the host what the chip has printed and the host not yet seen."""
        while _has_input(self._master):
            try:
                data = os.read(self._master, _READ_BYTES)
            except OSError:
                return
            if not data:
                return
            self._from_board(data)

    def _soft_reset(self):
        raw = self._raw_mode
        self._power_off()
        self.soft_resets += 1
        self._send(SOFT_REBOOT)
        self._power_on(raw)

    # --- the wire ---

    def _send(self, data):
        if self._client is None or not data:
            return
        try:
            self._client.sendall(data)
        except OSError:
            self._drop_client()

    def _client_left(self):
        """Has the connected host closed the port (its last bytes taken for the board, then it
        is dropped)? A host that closes the port and opens it again at once (the flasher does,
        tools.flashing.device) has the new connection accepted before the old one's end is read."""
        while _has_input(self._client):
            try:
                data = self._client.recv(_READ_BYTES)
            except OSError:
                data = b""
            if not data:
                self._drop_client()
                return True
            self._to_board += data
        return False

    def _drop_client(self):
        """The host closed the port: the board runs on, its output going nowhere."""
        if self._client is not None:
            self._client.close()
            self._client = None

    def cut_power(self):
        """The cable is cut (from another thread): the board loses power and, by the time this
        returns, has powered on again for the next host."""
        self._power_back.clear()
        self._power_cut.set()
        self._power_back.wait()

    def _from_board(self, data):
        """Pass the board's output on, hiding what a real board would not print: the port's
        start-up and, after a raw-REPL soft reset, its friendly banner."""
        seen_before = self._tail  # the output before data (a prompt may straddle the two)
        self._track_mode(data)
        data = self._pending + data
        self._pending = b""
        if self._stage == _STARTING:
            data = self._after_mark(data, READY_MARK)
            if data is None:
                return
            self._stage = _BOOTING
        if self._stage == _BOOTING:
            data, mark = self._after_marks(data, (BOOTED_MARK, MAIN_MARK, REPL_MARK))
            if data is None:
                return
            if mark == MAIN_MARK:
                self._stage = _MAIN
                self.main_starts += 1
            elif mark == REPL_MARK:
                self._stage = _AWAITING_PROMPT
            else:
                self._injected = _CTRL_A  # back into the raw REPL, as the board was
                self._stage = _AWAITING_RAW_BANNER
        if self._stage in (_MAIN, _AWAITING_PROMPT, _INTERRUPTED):
            # The REPL may echo what the host typed before it (an Enter) in the same read
            prompt_at = (seen_before[-len(FRIENDLY_PROMPT):] + data).find(FRIENDLY_PROMPT)
            if prompt_at >= 0:
                self._stage = _RUNNING
        if self._stage == _AWAITING_RAW_BANNER:
            start = data.find(RAW_BANNER)
            if start < 0:
                self._pending = data[-len(RAW_BANNER):]
                return
            self._stage = _RUNNING
            data = data[start:]
        self._send(data)

    def _after_marks(self, data, marks):
        """(what follows the first of marks found, that mark), forwarding what precedes it;
        (None, None) when none is there yet (a possible partial mark is kept for later)."""
        for mark in marks:
            before, found, after = data.partition(mark)
            if found:
                self._send(before)
                return after, mark
        keep = max(len(mark) for mark in marks) - 1
        self._send(data[:-keep])
        self._pending = data[-keep:]
        return None, None

    def _after_mark(self, data, mark):
        """What follows mark in data, or None (keeping a possible partial mark for later)."""
        before, found, after = data.partition(mark)
        if found:
            return after
        self._pending = before[-(len(mark) - 1):]
        return None

    def _track_mode(self, data):
        seen = self._tail + data
        raw_at = seen.rfind(RAW_BANNER)
        friendly_at = seen.rfind(FRIENDLY_BANNER)
        if raw_at >= 0 or friendly_at >= 0:
            self._raw_mode = raw_at > friendly_at
        self._tail = seen[-64:]

    def _serve(self):
        used_at = time.monotonic()
        try:
            while not self._stopping.is_set():
                if self._client is not None:
                    used_at = time.monotonic()
                elif self._idle_s is not None and time.monotonic() - used_at > self._idle_s:
                    break
                self._serve_once()
        finally:
            if self._client is not None:
                self._client.close()
                self._client = None
            self._power_off()
            self._power_back.set()  # a cut_power() waiting: the board is gone for good
            self._advanced.set()  # and an advance()

    def _serve_once(self):
        if self._power_cut.is_set():
            self._power_cut.clear()
            self._restart(PWRON_RESET)
            self._power_back.set()
        if self._advance_s is not None:
            self._advance_now(self._advance_s)
            self._advance_s = None
            self._advanced.set()
        if self._watchdog_deadline is not None and self.now() >= self._watchdog_deadline:
            self._watchdog_bites()
        if self._sigint_due is not None and time.monotonic() >= self._sigint_due:
            # main.py has not taken its Ctrl-C: it gets it as a SIGINT instead (a byte read
            # back from the pipe: the chip cannot take it too)
            if self._stage == _INTERRUPTED and _read_byte(self._keys_back):
                self._injected += _CTRL_C
                self._main_took_ctrl_c()
                self._main_deaf = True
            self._sigint_due = None
        self._fire_due_timers()
        readers = [self._listener, self._master, self._control]
        if self._client is not None:
            readers.append(self._client)
        writers = [self._master] if self._injected or self._deliverable() else []
        readable, writable, _ = select.select(readers, writers, [], _POLL_S)
        if self._listener in readable:
            client, _ = self._listener.accept()
            if self._client is None or self._client_left():
                client.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
                self._client = client
            else:
                client.close()  # the port is in use by another host
        if self._control in readable:
            if self._from_chip(_read_some(self._control)):
                return  # a hard reset: a new chip, new pipes
        if self._client is not None and self._client in readable:
            try:
                data = self._client.recv(_READ_BYTES)
                ack_at_once(self._client)
            except OSError:
                data = b""
            if not data:
                self._drop_client()
                return
            self._to_board += data
        if self._master in readable:
            try:
                data = os.read(self._master, _READ_BYTES)
            except OSError:
                data = b""
            if data:
                self._from_board(data)
            elif self._process.poll() is not None:
                self._soft_reset()
                return
        if self._master in writable and self._injected:
            self._injected = self._injected[_write_some(self._master, self._injected):]
        elif self._master in writable and self._deliverable():
            written = _write_some(self._master, self._to_board[:self._deliverable()])
            self._to_board = self._to_board[written:]
        if self._stage == _MAIN and self._to_board.startswith(_CTRL_C):
            self._interrupt_main()
        if self._process.poll() is not None and not _has_input(self._master):
            self._soft_reset()

    def _deliverable(self):
        """How many bytes of host input the interpreter may be given now: in main.py, those
        before a Ctrl-C (the Ctrl-C goes to main.py: _interrupt_main)."""
        if self._stage == _RUNNING:
            return len(self._to_board)
        if self._stage == _MAIN:
            return max(self._to_board.find(_CTRL_C), 0)
        return 0

    def _interrupt_main(self):
        """Give main.py the host's Ctrl-C on the chip's pipe; the rest of the host's input waits
        for the prompt (a second Ctrl-C while main.py's handler runs would cut it short)."""
        self._to_board = self._to_board[len(_CTRL_C):]
        _write_some(self._keys, _CTRL_C)
        self._stage = _INTERRUPTED
        self._sigint_due = time.monotonic() + (_SIGINT_AGAIN_S if self._main_deaf else _SIGINT_AFTER_S)

    def _main_took_ctrl_c(self):
        """main.py has its Ctrl-C (as a KeyboardInterrupt): the host's next goes to main.py
        the same way, if it runs on (it let the first go), as each is on a Pico."""
        self._sigint_due = None
        if self._stage == _INTERRUPTED:
            self._stage = _MAIN


def _read_some(fd):
    try:
        return os.read(fd, _READ_BYTES)
    except BlockingIOError:
        return b""


def _read_byte(fd):
    try:
        return os.read(fd, 1)
    except BlockingIOError:
        return b""


def _write_some(fd, data):
    try:
        return os.write(fd, data)
    except BlockingIOError:
        return 0


def _take_terminal():
    """In the child: a session of its own with the pty as its terminal, so Ctrl-C is SIGINT."""
    os.setsid()
    fcntl.ioctl(0, termios.TIOCSCTTY, 0)


def ack_at_once(client):
    """Acknowledge the host's bytes at once (Linux's TCP_QUICKACK, which lasts until the next
    read). pyserial's socket:// sends with Nagle's algorithm, which holds a small write until
    the last one is acknowledged, and Linux delays an acknowledgement up to 40 ms: mpremote's
    writes of 256 bytes at a time then waited on it, as a board's USB serial never does
    (a mip install of the firmware's sources took 79 s, 36 s with this)."""
    if _QUICKACK is not None:
        try:
            client.setsockopt(socket.IPPROTO_TCP, _QUICKACK, 1)
        except OSError:
            pass


def _has_input(fd, wait_s=0):
    return bool(select.select([fd], [], [], wait_s)[0])

