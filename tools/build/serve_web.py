"""Serve the browser box (tools/build/web.py's folder) on 127.0.0.1 and print its URL.

    python -m tools.build.serve_web [--dir build/web] [--port 8000]

A plain static server: the page needs nothing else (any static host will do).
"""

import argparse
import functools
import http.server
import pathlib
import sys

ROOT = pathlib.Path(__file__).resolve().parents[2]
TYPES = {".mjs": "text/javascript", ".js": "text/javascript", ".wasm": "application/wasm",
         ".json": "application/json", ".bin": "application/octet-stream",
         ".webmanifest": "application/manifest+json", ".svg": "image/svg+xml"}


class PageHandler(http.server.SimpleHTTPRequestHandler):
    extensions_map = dict(http.server.SimpleHTTPRequestHandler.extensions_map, **TYPES)

    def log_message(self, format, *args):  # noqa: A002 (the base class's name)
        pass


def serve(directory, port=0):
    """A server for directory on 127.0.0.1:port (0: a free port), not yet serving."""
    handler = functools.partial(PageHandler, directory=str(directory))
    return http.server.ThreadingHTTPServer(("127.0.0.1", port), handler)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dir", default=str(ROOT / "build" / "web"), help="the folder to serve")
    parser.add_argument("--port", type=int, default=8000, help="the port (0: any free one)")
    arguments = parser.parse_args(argv)
    server = serve(arguments.dir, arguments.port)
    print("The box: http://127.0.0.1:%d/  (Ctrl-C stops)" % server.server_address[1], flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    return 0


if __name__ == "__main__":
    sys.exit(main())
