"""Starting and stopping the preview: ``pnp serve``'s request (:class:`Asked`), the server
listening with the watcher that checks the game again on every save (:class:`Running`), and
what it says on the terminal."""

from __future__ import annotations

import functools
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from generator.languages import AS_WRITTEN, SOURCE, Languages, no_locale
from generator.load.catalog import requested_games
from generator.load.expansions import Expansion
from generator.palettes import STANDARD
from generator.preview.check import check_game
from generator.preview.server import Server, authority, local
from generator.preview.state import Preview, View
from generator.preview.watcher import Watcher, watched
from generator.problems import UsageError
from generator.render.memo import InMemory

if TYPE_CHECKING:
    pass


LOCAL_HOST = "127.0.0.1"

DEFAULT_PORT = 8000


@dataclass(frozen=True)
class Asked:
    """What ``pnp serve`` was asked to preview, and where to listen."""

    data_dir: Path
    game: str | None = None
    expansions: tuple[Expansion, ...] = ()
    lang: str | None = None
    host: str = LOCAL_HOST
    port: int = DEFAULT_PORT
    palette: str = STANDARD
    languages: Languages = AS_WRITTEN
    """The languages made beyond the locale files (``--fallback``)."""


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

    def __init__(self, server: Server, game: str, asked: Asked) -> None:
        self.server = server
        self.game = game
        self.asked = asked
        check = functools.partial(
            check_game,
            asked.data_dir,
            game,
            asked.expansions,
            palette=asked.palette,
            languages=asked.languages,
            kept=InMemory(),
        )
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
            server = Server((asked.host, asked.port), games[0], asked.lang)
        except OSError as error:
            raise UsageError(
                f"cannot listen on {authority(asked.host, asked.port)}: "
                f"{error.strerror or error} (--port 0 picks any free port)"
            ) from None
        if not local(asked.host):
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
        if lang and view.locales and lang not in view.locales:
            raise UsageError(no_locale(self.game, [lang], view.locales))
        _report(self.game, view)

    @property
    def url(self) -> str:
        return f"http://{authority(self.asked.host, self.server.server_address[1])}/"

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
    for note in view.notes:
        print(f"  note: {note}", flush=True)
    return view
