"""python -m board_sim.virtual_board --port N --fs DIR [--board pico] [--fs-kib K | --fs-image NAME]
                                    [--idle S]

Prints the URL to give mpremote (socket://127.0.0.1:N), then serves until Ctrl-C or, with
--idle, until no host has been connected for that long (however long each host works). It
listens on loopback only.
"""

import argparse

from board_sim.virtual_board.server import FS_IMAGES, HEAP, PICO_FS_BYTES, PLATFORMS, VirtualBoard


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m board_sim.virtual_board", description=__doc__)
    parser.add_argument("--port", type=int, default=2217, help="TCP port on 127.0.0.1 (0: any free one)")
    parser.add_argument("--fs", required=True, help="host directory kept as the board's filesystem")
    parser.add_argument("--board", default="pico", choices=sorted(PLATFORMS),
                        help="the chip and pin map simulated (firmware/boards/<board>.json)")
    size = parser.add_mutually_exclusive_group()
    size.add_argument("--fs-kib", type=int, default=PICO_FS_BYTES // 1024,
                      help="flash filesystem size reported by os.statvfs (default: a Pico's)")
    size.add_argument("--fs-image", choices=sorted(FS_IMAGES),
                      help="keep the files in a LittleFS image of this board's real filesystem "
                           "size, DIR/NAME.lfs2, instead of in DIR itself")
    parser.add_argument("--heap", help="the interpreter's heap; the default (%s, or the "
                                       "--fs-image's) leaves the firmware a Pico's" % HEAP)
    parser.add_argument("--idle", type=float, default=None,
                        help="stop once no host has been connected for this many seconds")
    args = parser.parse_args(argv)
    board = VirtualBoard(args.fs, port=args.port, board=args.board, fs_bytes=args.fs_kib * 1024,
                         heap=args.heap, idle_s=args.idle, fs_image=args.fs_image)
    board.start()
    print("virtual %s on %s, files in %s" % (args.board, board.url, board.fs_image or board.fs_dir),
          flush=True)
    print("e.g.  mpremote connect %s ls" % board.url, flush=True)
    try:
        board.wait()
    except KeyboardInterrupt:
        pass
    finally:
        board.stop()


if __name__ == "__main__":
    main()
