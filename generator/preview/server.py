"""The preview's web server: the standard library's threaded HTTP server, local by default.

Safety. Card data and templates may come from strangers, and SVG written into a page can run
script (``<script>``, ``onload=``, ``javascript:`` links) and restyle the page around it. So no
template's SVG ever reaches the browser: each face is drawn by cairo, exactly as it prints
(:func:`generator.render.draw.screen_svg`), into new SVG that holds only shapes, text as the
outlines of the project's fonts and images as data. The page shows it as an ``<img>`` of its
own URL: an SVG loaded as an image runs no script and fetches nothing, whatever it holds. A
Content-Security-Policy lets the page run only its own script and style and load images only
from this server, and a request that names another host is refused, so that a web page open in
the same browser cannot reach the preview through a DNS name pointed at 127.0.0.1.

Fonts. The faces name the project's fonts by family (``font-family="Roboto Black"``); a
browser has no such fonts, and an SVG loaded as an image could not load them from a URL. Drawn
by cairo, each letter is an outline taken from the shipped font file, so the page shows the
very glyphs, sizes and line breaks the printed card has, with no font sent to the browser.

Reloading. ``/events`` is a stream of Server-Sent Events: the version of each check (and of a
check starting) as it is published. The page fetches ``/content`` for a version it does not
show and swaps it in. A face's URL is the digest of what it is drawn from, so the browser keeps
every face it has and fetches only the ones that changed.
Load. A page loads a hundred faces at once, and anything on the machine (or the network, with
``--host``) may open connections, so the server bounds what a client can hold: at most
:data:`THREADS` requests are handled at a time and the rest wait in the kernel's listen queue
(:data:`BACKLOG`); a request's head (request line and headers) must arrive within
:data:`~generator.preview.request_head.HEAD_TIMEOUT` and fit the limits of
:mod:`~generator.preview.request_head` (else 414 or 431); an answer the client does not take is
dropped after :data:`SEND_TIMEOUT`; at most :data:`MAX_STREAMS` event streams are open.
"""

from __future__ import annotations

import ipaddress
import socket
import sys
import threading
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import TYPE_CHECKING
from urllib.parse import parse_qs, urlsplit

from generator.languages import SOURCE
from generator.preview.page import content, page
from generator.preview.request_head import LINGER, Head, Refused, linger
from generator.preview.state import Preview, View

if TYPE_CHECKING:
    from _socket import _RetAddress
    from socketserver import _RequestType

STILL_HERE = 15.0
"""Seconds between the comments that keep an idle event stream open through proxies."""
PAGE_POLICY = (
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; "
    "connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
)
FACE_POLICY = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; sandbox"
"""A face opened on its own, as a document: cairo's SVG styles its shapes inline and holds its
images as data; nothing else is allowed."""
STATIC = {
    "/preview.js": "text/javascript",
    "/preview.css": "text/css",
    "/favicon.svg": "image/svg+xml",
}
"""The page's own files: its script, its style, and its icon (named in the page, so a browser
does not ask for ``/favicon.ico`` and log a missing file)."""
FACE_PREFIX, FACE_SUFFIX = "/face/", ".svg"

THREADS = 32
"""Requests handled at once. The work is Python under one lock (the GIL), faces are drawn one at
a time, and the machine has a few cores: more threads would draw nothing faster. Threads are
there to wait: on a client slow to send its head or to take its answer (bounded by the timeouts
below) and on event streams (:data:`MAX_STREAMS` at most), leaving 24 for pages and faces, four
times the six connections a browser opens to one host. A thread costs little; one per
connection would let a flood start thousands."""
MAX_STREAMS = 8
"""Event streams open at once: each holds a thread for as long as its page is open. A page has
one, a browser opens at most six connections to a host; eight is several browsers' worth. One
more is told when to ask again, and its page keeps what it shows until then."""
STREAM_RETRY = 10_000
"""Milliseconds after which a page whose event stream was refused asks again."""
BACKLOG = 1024
"""Connections the kernel queues while every thread is busy (the listen backlog). Waiting there
costs this process no memory and no file descriptor; 1024 holds a burst of several hundred from
one machine (a page loading its faces, a tool fetching them all). Linux caps it at
``net.core.somaxconn`` (4096 since Linux 5.4, 128 before); past it a connection is retried by
the client's kernel, not refused."""
SEND_TIMEOUT = 60.0
"""Seconds a client may take none of an answer (its socket buffers full) before it is dropped:
one that asks and never reads would hold a thread for ever."""


def is_local(host: str) -> bool:
    """Whether only this machine can reach ``host``."""
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def authority(host: str, port: int) -> str:
    return f"[{host}]:{port}" if ":" in host else f"{host}:{port}"


class Server(ThreadingHTTPServer):
    """A thread per request, :data:`THREADS` at most: while all are busy it accepts no
    connection, and the next ones wait in the listen queue of :data:`BACKLOG`."""

    daemon_threads = True  # an open event stream must not keep pnp from exiting
    request_queue_size = BACKLOG
    preview: Preview

    def __init__(self, address: tuple[str, int], game: str, lang: str | None) -> None:
        self.address_family = socket.AF_INET6 if ":" in address[0] else socket.AF_INET
        self.free = threading.BoundedSemaphore(THREADS)
        self.streams = threading.BoundedSemaphore(MAX_STREAMS)
        self.stopping = threading.Event()
        super().__init__(address, _Handler)
        self.game = game
        self.lang = lang

    def process_request(self, request: _RequestType, client_address: _RetAddress) -> None:
        """Handle the connection in a thread once one of :data:`THREADS` is free; waiting
        here holds up accepting, so the kernel queues the rest. It looks every half second
        whether the server is stopping, which would otherwise wait for a free thread."""
        while not self.free.acquire(timeout=0.5):
            if self.stopping.is_set():
                self.shutdown_request(request)
                return
        try:
            super().process_request(request, client_address)
        except BaseException:
            self.free.release()  # no thread was started to release it
            raise

    def process_request_thread(self, request: _RequestType, client_address: _RetAddress) -> None:
        try:
            super().process_request_thread(request, client_address)
        finally:
            self.free.release()

    def shutdown(self) -> None:
        self.stopping.set()
        super().shutdown()

    def handle_error(self, request: _RequestType, client_address: _RetAddress) -> None:
        """A client that went away mid-answer (a reload, a closed tab) is no error; anything
        else is one line, not the standard library's traceback in the designer's terminal."""
        error = sys.exc_info()[1]
        if not isinstance(error, (ConnectionError, TimeoutError)):
            print(f"pnp serve: a request failed: {error!r}", file=sys.stderr)

    def names(self) -> set[str] | None:
        """The ``Host`` headers a request may carry: only this server's own when it is local
        (``None``: any, for a host the user opened to the network)."""
        host, port = self.server_address[:2]
        if not is_local(str(host)):
            return None
        return {authority(name, port) for name in ("127.0.0.1", "localhost", "::1", str(host))}


class _Handler(BaseHTTPRequestHandler):
    server: Server

    def setup(self) -> None:
        super().setup()
        self.rfile.close()  # the standard library's reader: the head is read through ours
        self.rfile = self.head = Head(self.connection)

    def handle_one_request(self) -> None:
        """The standard library's, within this server's limits and :data:`HEAD_TIMEOUT` (a
        head that takes longer is dropped unanswered, as the standard library drops a timed
        out read)."""
        self.head.begin()
        try:
            super().handle_one_request()
        except Refused as refused:
            self._refuse(refused)

    def parse_request(self) -> bool:
        """The standard library's; the head is in, what follows is the answer: the client
        has :data:`SEND_TIMEOUT` to take each part of it."""
        parsed = super().parse_request()
        self.connection.settimeout(SEND_TIMEOUT)
        return parsed

    def _refuse(self, refused: Refused) -> None:
        """Answer a head over the limits and close, once the client has read the answer."""
        if refused.status is HTTPStatus.REQUEST_URI_TOO_LONG:
            self.requestline = self.request_version = self.command = ""  # as the stdlib's 414
        self.close_connection = True
        try:
            self.connection.settimeout(LINGER)
            self.send_error(refused.status, explain=refused.why)
        except OSError:
            return  # the client is gone, or reads nothing
        linger(self.connection)

    def do_GET(self) -> None:
        names = self.server.names()
        if names is not None and self.headers.get("Host") not in names:
            self._send(HTTPStatus.FORBIDDEN, "text/plain", b"this preview answers its own host\n")
            return
        try:
            url = urlsplit(self.path)
        except ValueError:  # '//[': not a URL
            self._send(HTTPStatus.BAD_REQUEST, "text/plain", b"not a URL\n")
            return
        preview = self.server.preview
        lang = _language(parse_qs(url.query).get("lang", [""])[0], self.server.lang, preview.view)
        if url.path in ("/", "/content"):
            preview.shown = lang
            write = page if url.path == "/" else content
            html = write(preview.view, self.server.game, lang).encode()
            self._send(HTTPStatus.OK, "text/html; charset=utf-8", html)
        elif url.path == "/events":
            self._events()
        elif url.path in STATIC:
            static = (Path(__file__).parent / url.path.lstrip("/")).read_bytes()
            self._send(HTTPStatus.OK, f"{STATIC[url.path]}; charset=utf-8", static)
        elif url.path.startswith(FACE_PREFIX) and url.path.endswith(FACE_SUFFIX):
            self._face(url.path[len(FACE_PREFIX) : -len(FACE_SUFFIX)])
        else:
            self._send(HTTPStatus.NOT_FOUND, "text/plain", b"not found\n")

    def _face(self, key: str) -> None:
        svg = self.server.preview.face(key)
        if svg is None:
            self._send(HTTPStatus.NOT_FOUND, "text/plain", b"no such face\n")
            return
        # the key is the digest of everything the face is drawn from: it never changes
        kept = "public, max-age=31536000, immutable"
        self._send(HTTPStatus.OK, "image/svg+xml", svg, FACE_POLICY, kept)

    def _events(self) -> None:
        """Each new version of the view, as it is published, until the client goes away; past
        :data:`MAX_STREAMS`, only when to ask again (the browser does, by itself)."""
        self.send_response(HTTPStatus.OK)
        self.send_header("Content-Type", "text/event-stream")
        self.send_header("Cache-Control", "no-store")
        self.end_headers()
        if not self.server.streams.acquire(blocking=False):
            self.wfile.write(f": too many streams\nretry: {STREAM_RETRY}\n\n".encode())
            return
        preview, seen = self.server.preview, -1
        try:
            while not preview.closed:
                view = preview.wait(seen, STILL_HERE)
                if view.version > seen:
                    self.wfile.write(f"event: version\ndata: {view.version}\n\n".encode())
                    seen = view.version
                else:
                    self.wfile.write(b": still here\n\n")
                self.wfile.flush()
        except (BrokenPipeError, ConnectionResetError):
            pass  # the page was closed or reloaded
        finally:
            self.server.streams.release()

    def _send(
        self,
        status: HTTPStatus,
        kind: str,
        body: bytes,
        policy: str = PAGE_POLICY,
        cache: str = "no-store",
    ) -> None:
        self.send_response(status)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Content-Security-Policy", policy)
        self.send_header("X-Content-Type-Options", "nosniff")
        self.send_header("Referrer-Policy", "no-referrer")
        self.send_header("Cache-Control", cache)
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, format: str, *args: object) -> None:
        """Quiet: the terminal shows the checks, not every face the browser fetches."""


def _language(asked: str, default: str | None, view: View) -> str:
    """The language to show: the one asked for if the game has it, else ``--lang``, else the
    one texts are written in, else the game's first."""
    languages = view.languages
    for lang in (asked, default, SOURCE):
        if lang and lang in languages:
            return lang
    return languages[0] if languages else default or ""
