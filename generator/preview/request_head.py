"""A request's head (its request line and headers) read within the preview server's limits:
in :data:`HEAD_TIMEOUT` in all, each line and all of them no longer than the limits below; a
head over them is refused, and the refusal answered before the connection closes.
"""

from __future__ import annotations

import io
import socket
import time
from http import HTTPStatus
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from _typeshed import WriteableBuffer

HEAD_TIMEOUT = 10.0
"""Seconds a client has to send a request's head (request line and headers), in all: a browser
sends it in one packet, and one that stalls half-way would hold a thread for ever. Only the head
is timed: an event stream's answer lasts as long as its page."""
MAX_LINE = 8 * 1024
"""Bytes in the request line, and in each header line (with their line ends): a request line
over it is answered 414 URI Too Long, a header line 431. The preview's URLs are short; 8 KiB is
what most web servers allow (nginx, Apache), which cookies of other local servers must fit."""
MAX_HEADERS = 64
"""Headers in one request, over which it is answered 431: a browser sends about twenty. (Under
the standard library's own 100, so that the answer is ours.)"""
MAX_HEADER_BYTES = 32 * 1024
"""Bytes of all the header lines of one request, over which it is answered 431."""
LINGER = 1.0
"""Seconds, after a refusal (414, 431), to read and drop what the client still sends: closing a
socket that has unread bytes resets the connection, and the reset may reach the client before
it has read the refusal."""
LINGER_BYTES = 64 * 1024
"""Bytes read and dropped at most after a refusal."""


class Refused(Exception):
    """A request's head is over one of the limits: answered ``status``, then closed."""

    def __init__(self, status: HTTPStatus, why: str) -> None:
        super().__init__(why)
        self.status = status
        self.why = why


class _Deadline(io.RawIOBase):
    """A connection's bytes, each read waiting only until :attr:`until` (a monotonic time):
    a socket timeout alone restarts at every byte, and a client sending one byte a second
    would never reach it."""

    def __init__(self, connection: socket.socket) -> None:
        self.connection = connection
        self.until = time.monotonic() + HEAD_TIMEOUT

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: WriteableBuffer) -> int:
        left = self.until - time.monotonic()
        if left <= 0:
            raise TimeoutError(f"no whole request head within {HEAD_TIMEOUT:g} s")
        self.connection.settimeout(left)
        return self.connection.recv_into(buffer)


class Head(io.BufferedReader):
    """What the handler reads of a connection: the standard library reads a request's line,
    then its headers, with ``readline``; here each read has :data:`HEAD_TIMEOUT` in all, and
    each line is held to this server's limits (the standard library's are 64 KiB and 100
    headers, and what it answers past them differs between Python versions)."""

    def __init__(self, connection: socket.socket) -> None:
        self.deadline = _Deadline(connection)
        super().__init__(self.deadline)
        self.begin()

    def begin(self) -> None:
        """A new request: its request line comes next, and its head has the whole time."""
        self.deadline.until = time.monotonic() + HEAD_TIMEOUT
        self.request_line = True
        self.header_count = 0
        self.header_bytes = 0

    def readline(self, size: int | None = -1) -> bytes:
        """The next line (``size``, the standard library's limit, gives way to ours); a
        :class:`Refused` when the request line or the headers are over the limits."""
        line = super().readline(MAX_LINE + 1)
        if self.request_line:
            self.request_line = False
            if len(line) > MAX_LINE:
                raise Refused(HTTPStatus.REQUEST_URI_TOO_LONG, f"request line over {MAX_LINE} B")
        elif line not in (b"\r\n", b"\n", b""):  # a header, not the end of the head
            self.header_count += 1
            self.header_bytes += len(line)
            over = _headers_over(len(line), self.header_count, self.header_bytes)
            if over:
                raise Refused(HTTPStatus.REQUEST_HEADER_FIELDS_TOO_LARGE, over)
        return line


def _headers_over(line: int, count: int, total: int) -> str | None:
    """Which limit a request's headers are over, given the length of the last line read, how
    many have been read and their bytes; ``None``: none."""
    if line > MAX_LINE:
        return f"a header line over {MAX_LINE} B"
    if count > MAX_HEADERS:
        return f"over {MAX_HEADERS} headers"
    if total > MAX_HEADER_BYTES:
        return f"headers over {MAX_HEADER_BYTES} B"
    return None


def linger(connection: socket.socket) -> None:
    """Say the answer is whole, then read and drop what the client still sends, until it
    closes, for :data:`LINGER` and :data:`LINGER_BYTES` at most."""
    until, dropped = time.monotonic() + LINGER, 0
    try:
        connection.shutdown(socket.SHUT_WR)
        while dropped < LINGER_BYTES and (left := until - time.monotonic()) > 0:
            connection.settimeout(left)
            read = len(connection.recv(LINGER_BYTES))
            if not read:
                return
            dropped += read
    except OSError:
        pass  # gone, or still sending: closed either way
