"""Stand-in for MicroPython's `deflate` module on CPython: DeflateIO decompresses a stream
(RAW, ZLIB or GZIP; AUTO tells ZLIB from GZIP) with the host's zlib. readinto only, as the
firmware uses it."""

import zlib

AUTO = 0
RAW = 1
ZLIB = 2
GZIP = 3
_CHUNK_BYTES = 256


class DeflateIO:
    """Reads the decompressed bytes of `stream` (wbits 0: the stream's own window)."""

    def __init__(self, stream, format=AUTO, wbits=0, close=False):
        if format == RAW:
            window = -(wbits or 15)
        elif format == ZLIB:
            window = wbits or 15
        elif format == GZIP:
            window = 16 + (wbits or 15)
        else:
            window = 32 + (wbits or 15)
        self._stream = stream
        self._close_stream = close
        self._inflater = zlib.decompressobj(window)
        self._pending = b""

    def readinto(self, buffer):
        """As MicroPython's: OSError on damaged data, EOFError when the stream ends early."""
        while not self._pending and not self._inflater.eof:
            compressed = self._stream.read(_CHUNK_BYTES)
            if not compressed:
                raise EOFError
            try:
                self._pending = self._inflater.decompress(compressed)
            except zlib.error:
                raise OSError(22, "EINVAL") from None
        count = min(len(buffer), len(self._pending))
        buffer[:count] = self._pending[:count]
        self._pending = self._pending[count:]
        return count

    def close(self):
        if self._close_stream:
            self._stream.close()
