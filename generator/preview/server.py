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
"""

from __future__ import annotations

import functools
import ipaddress
import socket
import sys
from dataclasses import dataclass
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

from generator.catalog import requested_games
from generator.expansions import Expansion
from generator.languages import SOURCE
from generator.preview.check import check_game
from generator.preview.page import content, page
from generator.preview.state import Preview, View
from generator.preview.watcher import Watcher, watched
from generator.problems import UsageError

LOCAL_HOST = "127.0.0.1"
DEFAULT_PORT = 8000
STILL_HERE = 15.0
"""Seconds between the comments that keep an idle event stream open through proxies."""
PAGE_POLICY = (
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; "
    "connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
)
FACE_POLICY = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; sandbox"
"""A face opened on its own, as a document: cairo's SVG styles its shapes inline and holds its
images as data; nothing else is allowed."""
STATIC = {"/preview.js": "text/javascript", "/preview.css": "text/css"}
FACE_PREFIX, FACE_SUFFIX = "/face/", ".svg"


@dataclass(frozen=True)
class Asked:
    """What ``pnp serve`` was asked to preview, and where to listen."""

    data_dir: Path
    game: str | None = None
    expansions: tuple[Expansion, ...] = ()
    lang: str | None = None
    host: str = LOCAL_HOST
    port: int = DEFAULT_PORT


def serve(asked: Asked) -> int:
    """Serve the preview until Ctrl-C; 0 when stopped."""
    running = Running.listen(asked)
    try:
        running.begin()
        print(f"previewing {running.game} at {running.url} (Ctrl-C to stop)", flush=True)
        running.server.serve_forever()
    except KeyboardInterrupt:
        print("stopped", flush=True)
    finally:
        running.stop()
    return 0


class Running:
    """A preview listening, its watcher and its state."""

    def __init__(self, server: _Server, game: str, asked: Asked) -> None:
        self.server = server
        self.game = game
        self.asked = asked
        check = functools.partial(check_game, asked.data_dir, game, asked.expansions)
        self.preview = server.preview = Preview(check, asked.lang or SOURCE)
        folders = watched(asked.data_dir, game, asked.expansions)
        self.watcher = Watcher(folders, lambda: _report(game, self.preview.refresh()))

    @classmethod
    def listen(cls, asked: Asked) -> Running:
        """Find the game and open the port (a mistake in either is a usage error), before
        anything is checked."""
        if not 0 <= asked.port <= 65535:
            raise UsageError(f"--port {asked.port}: not a port (0 to 65535; 0: any free port)")
        games = requested_games(asked.data_dir, (asked.game,) if asked.game else ())
        if len(games) != 1:
            known = ", ".join(games) or "no games"
            raise UsageError(f"name the game to preview (the card data has: {known})")
        try:
            server = _Server((asked.host, asked.port), games[0], asked.lang)
        except OSError as error:
            raise UsageError(
                f"cannot listen on {_authority(asked.host, asked.port)}: "
                f"{error.strerror or error} (--port 0 picks any free port)"
            ) from None
        if not _local(asked.host):
            print(
                f"warning: --host {asked.host}: other machines can open this preview and read "
                "the card data; it has no password",
                file=sys.stderr,
                flush=True,
            )
        return cls(server, games[0], asked)

    def begin(self) -> None:
        """Watch the files, then check the game for the first time: a save while it runs is
        checked next (the watcher is set up while the first check runs)."""
        self.watcher.start()
        view = self.preview.refresh()
        lang = self.asked.lang
        if lang and view.languages and lang not in view.languages:
            shipped = ", ".join(view.languages)
            raise UsageError(f"{self.game} has no locale {lang} (it ships: {shipped})")
        _report(self.game, view)

    @property
    def url(self) -> str:
        return f"http://{_authority(self.asked.host, self.server.server_address[1])}/"

    def stop(self) -> None:
        self.watcher.stop()
        self.preview.close()
        self.server.server_close()


def _report(game: str, view: View) -> View:
    """Each check's outcome in the terminal too: a line, then every problem."""
    count = len(view.problems)
    found = f"{count} problem{'s' if count != 1 else ''}" if count else "ok"
    stale = " (the page keeps the last good faces)" if view.stale else ""
    print(f"{view.checked_at} {game}: {found}{stale}", flush=True)
    for problem in view.problems:
        print(f"  {problem}", flush=True)
    return view


def _local(host: str) -> bool:
    """Whether only this machine can reach ``host``."""
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def _authority(host: str, port: int) -> str:
    return f"[{host}]:{port}" if ":" in host else f"{host}:{port}"


class _Server(ThreadingHTTPServer):
    daemon_threads = True  # an open event stream must not keep pnp from exiting
    preview: Preview

    def __init__(self, address: tuple[str, int], game: str, lang: str | None) -> None:
        self.address_family = socket.AF_INET6 if ":" in address[0] else socket.AF_INET
        super().__init__(address, _Handler)
        self.game = game
        self.lang = lang

    def names(self) -> set[str] | None:
        """The ``Host`` headers a request may carry: only this server's own when it is local
        (``None``: any, for a host the user opened to the network)."""
        host, port = self.server_address[:2]
        if not _local(str(host)):
            return None
        return {_authority(name, port) for name in ("127.0.0.1", "localhost", "::1", str(host))}


class _Handler(BaseHTTPRequestHandler):
    server: _Server

    def do_GET(self) -> None:
        names = self.server.names()
        if names is not None and self.headers.get("Host") not in names:
            self._send(HTTPStatus.FORBIDDEN, "text/plain", b"this preview answers its own host\n")
            return
        url = urlsplit(self.path)
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
        """Each new version of the view, as it is published, until the client goes away."""
        self.send_response(HTTPStatus.OK)
        self.send_header("Content-Type", "text/event-stream")
        self.send_header("Cache-Control", "no-store")
        self.end_headers()
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
