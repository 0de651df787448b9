"""python -m bench.scoreboard_bench [--quick]: the box's own loop with its live scoreboard on and
0, 1 and 4 phones polling /state (bench/scoreboard_kernel.py), side by side.

The firmware laid out as tools/flash.py flashes it for a Pico W (bench/loop_bench's layout, the
board file's "wifi": true: net.server started at boot), booted by boot.py and main.boot() on
MicroPython's unix port, then main.run's loop over board_sim's bus-level devices (its Wi-Fi chip
behind the `network` stand-in), the server on a real socket at 127.0.0.1 (loopback only), while
a hand plays one whole match (loop_kernel's quick hand: its waits in the box's ms). The phones
are this process's threads (at most PHONES_MOST, each with one request at a time, every socket
with a timeout): the kernel asks for each poll at a tick of the box's clock, 0.7 s of it after
the phone's last answer as page.html polls, so every run has the same ticks and each tick's CPU
is its least over the runs (loop_bench's repeats).

A tick's time on a Pico is estimated as loop_bench estimates it (an estimate, not a board's
measurement): its unix CPU times loop_bench.FACTOR, the stand-ins' time taken out, plus its bus
time; the server's step is in the tick's CPU (its socket calls too, which a Pico's lwIP makes in
C). The box's clock moves on by those estimates, so the time from a turn's end to the answer
that shows it, read on the box's clock, is a Pico's estimate too.

    run(quick)                      prints the section of python -m bench
    measure(phones, quick)          the figures of one case (a dict: summary() below)
"""

import argparse
import json
import pathlib
import socket
import sys
import tempfile
import threading

from bench import loop_bench
from tools.build.micropython_runtimes import RuntimeMissing, run_unix

ROOT = loop_bench.ROOT
FIRMWARE = loop_bench.FIRMWARE
BOARD = "pico_w"
PHONES = (0, 1, 4)
PHONES_MOST = 4  # net.server's MAX_CONNECTIONS: as many phones as it serves at once
RULES = {"preset": "fixed-rounds"}  # 5 rounds for 2: ten turns' ends to time
QUICK_RULES = {"preset": "classic"}  # one round: two
REPEATS = 3
SOCKET_S = 30  # the phones' thread is waited for no longer than this at the end
# A phone's connection not made by then is given up. The box waits for the phone's poll to be
# sent, so it accepts nothing meanwhile: a connection its full backlog did not take at once
# (Linux sends the SYN again after 1 s) is never made, and a longer wait only held the box
# still (2 s until issue 48: 44 of a quick 4-phone run's 46 s). A loopback connect takes well
# under a millisecond.
CONNECT_S = 0.5
RUN_S = 1200  # a run's VM no longer than this


class Phones:
    """The phones: one thread of this process, asked for each poll by the kernel over a control
    socket (127.0.0.1): each poll a new connection to the box's server with `GET /state?p=K.N`
    (phone K's Nth poll: the page's own query is a timestamp; the kernel reads K and N). A phone's answer is read when it
    polls again (the kernel asks once it was sent whole, or given up) and at the end, so no
    thread of this process wakes to read while the box ticks; each is checked (200, JSON)."""

    def __init__(self, count, box_port):
        self.box_port = box_port
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.listener.settimeout(RUN_S)
        self.port = self.listener.getsockname()[1]
        self.clients: list[socket.socket | None] = [None] * count  # each phone's last connection, its answer not read yet
        self.answers = [0] * count  # answers read whole, 200 with JSON, per phone
        self.bad = []  # what any other answer began with (b"": closed without one)
        self.thread = threading.Thread(target=self._serve, daemon=True)
        self.thread.start()

    def _serve(self):
        try:
            control, _address = self.listener.accept()
        except OSError:
            return
        with control, control.makefile("rwb") as stream:
            control.settimeout(RUN_S)
            for line in stream:
                words = line.split()
                if not words or words[0] != b"p":
                    break
                phone = int(words[1])
                self._read(phone)
                try:
                    client = socket.create_connection(("127.0.0.1", self.box_port), timeout=CONNECT_S)
                    client.sendall(b"GET /state?p=%d.%s HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: */*\r\n\r\n"
                                   % (phone, words[2]))
                except OSError as error:
                    self.bad.append(str(error).encode())
                else:
                    self.clients[phone] = client
                stream.write(b"s\n")
                stream.flush()
        for phone in range(len(self.clients)):
            self._read(phone)

    def _read(self, phone):
        """Phone `phone`'s last answer, what of it came (its connection given up: no wait)."""
        client = self.clients[phone]
        if client is None:
            return
        self.clients[phone] = None
        answer = b""
        with client:
            client.setblocking(False)
            try:
                while True:
                    data = client.recv(4096)
                    if not data:
                        break
                    answer += data
            except OSError:  # nothing more came (a poll given up), or the box reset it
                pass
        head, _, body = answer.partition(b"\r\n\r\n")
        try:
            if not head.startswith(b"HTTP/1.1 200 "):
                raise ValueError(head[:40])
            json.loads(body)
            self.answers[phone] += 1
        except ValueError:
            self.bad.append(answer[:60])

    def close(self):
        self.listener.close()
        self.thread.join(SOCKET_S)


def _free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def _script(root, image, advances, port, phones, control, factor):
    calls = ["import loop_kernel, scoreboard_kernel",
             "loop_kernel.prepare(%r, %r, %d, %d)" % (str(root), str(image), loop_bench.BLOCKS, loop_bench.SEED),
             "loop_kernel.boot()",
             "scoreboard_kernel.run('quick', %d, %d, %d, %r, %d, %d, %d)" % (
                 loop_bench.FLASH_ERASE_MS, factor, loop_bench.PICO_MENU_COLLECT_US, advances and str(advances), port,
                 phones, control)]
    return "\n".join(calls) + "\n"


def _run(work, phones, advances=None, factor=loop_bench.FACTOR):
    """One match: (ticks as loop_bench's, each with its step's (cpu_us, accepted, states,
    answered, work)), the events (turn, answer, asked, unanswered lines' words), the kernel's
    {name: value}, the phones' answers and bad answers."""
    image = work / "flash.img"
    image.write_bytes(b"\xff" * (loop_bench.BLOCKS * 4096))
    port = _free_port()
    crowd = Phones(phones, port) if phones else None
    try:
        status, out, err = run_unix(_script(work / "board", image, advances, port, phones,
                                            crowd.port if crowd else 0, factor),
                                    (work / "sim",), heap=loop_bench.HEAP, timeout=RUN_S)
    finally:
        if crowd is not None:
            crowd.close()
    if status:
        raise RuntimeError("scoreboard_kernel failed:\n%s" % (out + err)[-3000:])
    found = []
    events = []
    named = {}
    for line in out.splitlines():
        words = line.split()
        if not words:
            continue
        if words[0] == "tick":
            found.append([tuple(int(word) for word in words[1:8]), None])
        elif words[0] == "step":
            found[-1][1] = tuple(int(word) for word in words[1:11])
        elif words[0] in ("turn", "answer", "asked", "unanswered"):
            # (and the tick it came in: a poll is asked before its tick, the rest after theirs)
            events.append((words[0],) + tuple(int(word) for word in words[1:])
                          + (len(found) - (words[0] != "asked"),))
        elif words[0] == "loop" and words[1] == "server":
            named["server"] = tuple(int(word) for word in words[2:])
        elif words[0] == "loop":
            named[words[1]] = int(words[2])
    return found, events, named, (crowd.answers if crowd else []), (crowd.bad if crowd else [])


def played(phones, rules=RULES, repeats=REPEATS, firmware=FIRMWARE, factor=loop_bench.FACTOR):
    """One case: its match played `repeats` times with the same ticks (the box's clock moved on
    as in the first run), each tick's CPU and its step's the least over the runs."""
    with tempfile.TemporaryDirectory(prefix="shutbox-scoreboard-") as work:
        work = pathlib.Path(work)
        overrides = loop_bench._overrides("classic", 9, None)
        overrides["wifi"] = True
        loop_bench._lay_out(work / "board", rules["preset"], overrides, firmware, board=BOARD)
        loop_bench._simulator(work / "sim", stand_ins=("machine", "neopixel", "sim_time", "network"),
                              kernels=("loop_kernel", "scoreboard_kernel"))
        found, events, named, answers, bad = _run(work, phones, factor=factor)
        runs = [found]
        if repeats > 1:
            advances = work / "advances"
            advances.write_text("".join("%d\n" % tick[5] for tick, _step in found))
            (work / "advances.app").write_text("".join("%d\n" % step[1] for _tick, step in found))
            for _again in range(repeats - 1):
                again, more_events, more, more_answers, more_bad = _run(work, phones, advances, factor)
                if ([(tick[1:4], step[1:8]) for tick, step in again]
                        != [(tick[1:4], step[1:8]) for tick, step in found] or more_events != events):
                    raise RuntimeError("scoreboard_kernel: a run again did not tick as the first did")
                runs.append(again)
                named["menu_collect_us"] = min(named["menu_collect_us"], more["menu_collect_us"])
                answers = [a + b for a, b in zip(answers, more_answers, strict=True)]
                bad += more_bad
            found = [least(ticked) for ticked in zip(*runs, strict=True)]
        named["switched"] = sum(1 for _tick, step in found if step[8])
        named["waited_us"] = sum(step[9] for ticked in runs for _tick, step in ticked)
    named["gc_factor"] = loop_bench.PICO_MENU_COLLECT_US / max(1, named["menu_collect_us"])
    return found, events, named, answers, bad


def least(ticked):
    """One tick's (tick, step) over the runs: its CPU, its collection's and its step's the least
    of the runs in which the thread was not switched out during it (of all, if it was in each:
    then its SWITCHED field is not 0)."""
    clean = [(tick, step) for tick, step in ticked if not step[8]] or ticked
    tick, step = list(ticked[0][0]), list(ticked[0][1])
    tick[0] = min(other[0] for other, _step in clean)
    tick[4] = min(other[4] for other, _step in clean)
    step[0] = min(other[0] for _tick, other in clean)
    step[8] = min(other[8] for _tick, other in ticked)
    return tuple(tick), tuple(step)


def pico_ms(tick, flash_ms, gc_factor, factor):
    """loop_bench.pico_ms with the CPU's `factor`: a tick's time on a Pico, estimated (ms)."""
    cpu, bus, erases, _flags, collected = tick[:5]
    return (cpu * factor + collected * gc_factor + bus + erases * flash_ms * 1000) / 1000


def clock(found, gc_factor, factor=loop_bench.FACTOR):
    """[(when each tick began, when it ended)] on a Pico's clock, estimated (ms): each tick's
    least CPU x FACTOR, its collection, its bus time and its erases (FLASH_ERASE_MS each: the
    kernel's run has them too), then main.run's sleep before the next (the App's rest_ms: the
    tick line's last number)."""
    times = []
    now = 0.0
    for tick, _step in found:
        ended = now + pico_ms(tick, loop_bench.FLASH_ERASE_MS, gc_factor, factor)
        times.append((now, ended))
        now = ended + tick[6]
    return times


def latencies(events, times):
    """[(ms from a turn's end to the first /state answer sent whole whose JSON was made after
    it, ms from that answer's poll to it)] for each turn's end answered, on `times`' clock
    (clock()): the turn ends with its tick, the answer with the tick whose step sent its last
    byte, the poll comes before the tick it was asked for."""
    found = []
    asked = {}
    for at, event in enumerate(events):
        if event[0] != "turn":
            continue
        ended, turns = times[event[-1]][1], event[2]
        for later in events[at + 1:]:
            if later[0] == "asked" and later[-1] < len(times):  # (a poll as the run ended: no tick of its own)
                asked[later[2]] = times[later[-1]][0]
            if later[0] == "answer" and later[3] >= turns:
                sent = times[later[-1]][1]
                found.append((sent - ended, sent - max(asked.get(later[2], ended), ended)))
                break
    return found


STEP_KINDS = ("a connection accepted", "a request read or an answer's slice sent", "the match read for /state",
              "/state's JSON written", "an answer's last slice sent, its socket closed", "no work (a poll)")


def step_kind(step):
    """What a step did (STEP_KINDS' index), from its line's fields."""
    _cpu, _app, accepted, states, answered, work, _listened, read = step[:8]
    if accepted:
        return 0
    if read:
        return 2
    if states:
        return 3
    if answered:
        return 4
    return 1 if work else 5


def by_kind(found, named, factor=loop_bench.FACTOR):
    """{kind: (steps, longest step, median step, longest App's tick beside one, longest tick)}, ms,
    Pico est. (the listener's opening left out)."""
    gc_factor = named["gc_factor"]
    kinds = {}
    for tick, step in found:
        if not step[6]:
            kinds.setdefault(step_kind(step), []).append(
                (step[0] * factor / 1000, step[1] / 1000, pico_ms(tick, 0, gc_factor, factor)))
    figures = {}
    for kind, rows in sorted(kinds.items()):
        steps = sorted(row[0] for row in rows)
        figures[kind] = (len(rows), steps[-1], steps[len(steps) // 2], max(row[1] for row in rows),
                         max(row[2] for row in rows))
    return figures


def summary(found, events, named, factor=loop_bench.FACTOR):
    """The case's figures: {longest, over, ticks, longest_step, longest_serving, latencies, ...}."""
    gc_factor = named["gc_factor"]
    ticks = [tick for tick, _step in found]
    ms = [pico_ms(tick, 0, gc_factor, factor) for tick in ticks]
    serving = [pico for pico, (_tick, step) in zip(ms, found, strict=True) if step[2] or step[3] or step[4] or step[5]]
    steps = [step[0] * factor / 1000 for _tick, step in found if not step[6]]  # (not the listener's opening)
    working = [step[0] * factor / 1000 for _tick, step in found if step[2] or step[3] or step[4] or step[5]]
    return {"ticks": len(ticks), "longest": max(ms), "over": sum(1 for value in ms if value > loop_bench.BUDGET_MS),
            "serving_ticks": len(serving), "longest_serving": max(serving, default=0.0),
            "over_serving": sum(1 for value in serving if value > loop_bench.BUDGET_MS),
            "longest_step": max(steps), "longest_working_step": max(working, default=0.0),
            "listen": max(step[0] * factor / 1000 for _tick, step in found if step[6]),
            "idle_step": sorted(steps)[len(steps) // 2],
            "latencies": latencies(events, clock(found, gc_factor, factor)), "turns": sum(1 for event in events if event[0] == "turn"),
            "unanswered": sum(1 for event in events if event[0] == "unanswered"),
            "server": named.get("server"), "box_ms": named.get("box_ms", 0), "mean": sum(ms) / len(ms),
            "switched": named["switched"]}


def measure(phones, quick=False, firmware=FIRMWARE, factor=loop_bench.FACTOR):
    found, events, named, answers, bad = played(phones, QUICK_RULES if quick else RULES,
                                                1 if quick else REPEATS, firmware, factor)
    figures = summary(found, events, named, factor)
    figures["kinds"] = by_kind(found, named, factor)
    figures["answers"] = sum(answers)
    figures["bad"] = bad
    return figures


def run(quick=False, firmware=FIRMWARE, factor=loop_bench.FACTOR):
    rules = QUICK_RULES if quick else RULES
    print("\n## The live scoreboard: the box's loop with phones polling /state (bench/scoreboard_kernel.py)")
    print("(the firmware as flashed for a Pico W, its server on at 127.0.0.1 on the unix port, 2 players, %s, hints"
          " on, one whole match a row; phones: this process's threads, each polling /state 0.7 s of the box's clock"
          " after its last answer (page.html's poll), the first polls spread over 0.7 s. \"Pico est.\": a tick's CPU"
          " time on the unix port (its wall time less the time the thread waited for a CPU, Linux's"
          " /proc/thread-self/schedstat, and less the stand-ins') x %d (loop_bench's stated factor 120 unless --factor"
          " said another: a Pico runs this code 100-150 times slower, the emulated RP2040 105-125 for whole turns),"
          " its collection x its own factor,"
          " plus its bus time; each tick's least CPU over %d runs of the same ticks, from a run in which the thread"
          " was not switched out during it where there is one. A turn's end to the page: the ticks between, on a"
          " Pico's clock so estimated (each tick's estimate, %d ms an erase, main.run's sleep after each: 5 ms, 1 while the coach has work), from"
          " the tick that ended the turn to the one that sent the last byte of the first /state answer showing it)"
          % (rules["preset"], factor, 1 if quick else REPEATS, loop_bench.FLASH_ERASE_MS))
    found = {}
    for phones in PHONES:
        try:
            found[phones] = measure(phones, quick, firmware, factor)
        except RuntimeMissing as missing:
            print("(skipped: %s)" % missing)
            return
    print("| phones | ticks over 20 ms | ticks | Pico est. longest tick (ms) | Pico est. mean tick (ms) | turns' ends"
          " | of them on the page | mean (box ms) | longest (box ms) |")
    print("|---" * 9 + "|")
    for phones, f in found.items():
        waits = [wait for wait, _poll in f["latencies"]] or [0]
        print("| %d | %d | %d | %.1f | %.2f | %d | %d | %d | %d |" % (
            phones, f["over"], f["ticks"], f["longest"], f["mean"], f["turns"], len(f["latencies"]),
            sum(waits) / len(waits), max(waits)))
    print("Side by side: the ticks (each tick's estimate: its erases not counted, as loop_bench's flash timing off) and"
          " a turn's end to the page, mean and longest (ms of a Pico's clock, estimated; 0 phones: none). The"
          " emulated chip's mean tick in the box's own loop (docs/performance.md) is 8.18 ms with app_kernel's hand"
          " and was 12.87 with a quick hand (as here) on an earlier firmware: the 0 phones' row shows how far this"
          " host's estimate is from it (the CPU time takes out the time other programs ran, not how much slower"
          " they make this one: shared caches, a busy sibling core). %d ticks of %d had no run in which the thread ran them"
          " unswitched." % (sum(f["switched"] for f in found.values()), sum(f["ticks"] for f in found.values())))
    print()
    print("| phones | Pico est. longest tick (ms) | ticks over 20 ms | ticks | Pico est. longest tick the server worked"
          " in (ms) | of them over 20 ms | Pico est. server's longest step (ms) | Pico est. server's median step (ms) |")
    print("|---" * 8 + "|")
    for phones, f in found.items():
        print("| %d | %.1f | %d | %d | %.1f | %d | %.1f | %.2f |" % (
            phones, f["longest"], f["over"], f["ticks"], f["longest_serving"], f["over_serving"], f["longest_step"],
            f["idle_step"]))
    print("\nA turn's end on the box to the first /state answer that shows it, and the answers")
    print("| phones | turns' ends | of them on the page | longest (box ms) | mean (box ms) | of the longest, its poll"
          " to its answer (box ms) | /state answers (200, JSON) | other answers | polls given up | accepted | answered |"
          " refused | faults | JSONs made |")
    print("|---" * 14 + "|")
    for phones, f in found.items():
        if not phones:
            continue
        waits = f["latencies"]
        longest = max(waits, default=(0, 0))  # (none on the page: 0, and "of them" says so)
        print("| %d | %d | %d | %d | %d | %d | %d | %d | %d | %s |" % (
            phones, f["turns"], len(waits), longest[0], sum(wait for wait, _ in waits) // max(1, len(waits)),
            longest[1], f["answers"], len(f["bad"]), f["unanswered"], " | ".join(str(count) for count in f["server"])))
    print("\nThe server's steps by what they did (Pico est.; each step's least CPU over the runs), and the App's tick"
          " beside them as the server took it (its room: under 8 ms for an answer made, under 12 for the rest;"
          " after 50 steps without, any)")
    print("| phones | step | steps | Pico est. longest (ms) | Pico est. median (ms) | longest App's tick beside one (ms) |"
          " longest tick with one (ms) |")
    print("|---" * 7 + "|")
    for phones, f in found.items():
        for kind, (count, longest, median, app, tick) in f["kinds"].items():
            if phones or kind == 5:
                print("| %d | %s | %d | %.1f | %.2f | %.1f | %.1f |" % (phones, STEP_KINDS[kind], count, longest, median,
                                                                    app, tick))
    print("The server's step that opened its listening socket (once, after boot; not in the steps above): %.1f ms,"
          " Pico est." % found[PHONES[-1]]["listen"])
    print("A tick the server worked in: its step accepted a connection, made /state's JSON, sent an answer whole or"
          " read or sent bytes. The turn's end: the tick whose App's tick ended it; the page: the first /state"
          " answer sent whole whose JSON was made after it (the phone has it at the next tick). Polls given up:"
          " no answer within 2.5 s of the box's clock (page.html's wait), asked again.")


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="classic (one round), one run a case")
    parser.add_argument("--firmware", type=pathlib.Path, default=FIRMWARE,
                        help="another firmware/ to measure (an earlier commit's: git archive)")
    parser.add_argument("--factor", type=int, default=loop_bench.FACTOR,
                        help="a Pico's time over the unix port's CPU time (default loop_bench's %(default)s): a"
                             " busy host's own, where its 0 phones' mean tick runs above the emulated chip's")
    args = parser.parse_args(argv)
    run(args.quick, args.firmware, args.factor)
    return 0


if __name__ == "__main__":
    sys.exit(main())
