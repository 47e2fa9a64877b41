"""The editor schemas as VS Code reads them: the real yaml-language-server (what Red Hat's YAML
extension runs), spoken to over the Language Server Protocol on its standard input and output.

A file of every kind the project ships or scaffolds opens clean, and a copy with a misspelt key
is told at that key's line: the server finds each file's schema by the comment on its first
line (1.24 and later ignore the comment after the content). The copies are opened under a name
beside the original that is never written, so the comment's relative path holds. One server
for the module; skipped, saying so, without the server (``.ci/run`` installs it with npm and
names it in ``PNP_YAML_LANGUAGE_SERVER``).
"""

from __future__ import annotations

import json
import os
import queue
import re
import shutil
import subprocess
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import IO, Any

import pytest

from generator import DEFAULT_DATA_DIR, PROJECT_ROOT
from generator.authoring.scaffold import new_expansion
from generator.load.game_fields import GAME_FIELDS

SERVER = os.environ.get("PNP_YAML_LANGUAGE_SERVER") or shutil.which("yaml-language-server")
WAIT = 20.0
"""Seconds to wait for an answer; the server answers in well under one."""
SETTINGS = {
    "yaml": {
        "validate": True,
        "hover": True,
        "completion": True,
        "schemaStore": {"enable": False},  # no schema catalogue from the network: only ours
    }
}
Message = dict[str, Any]


class LanguageServer:
    """yaml-language-server running with ``--stdio``: requests and notifications out, its
    messages read on a thread so that a silent server fails a test instead of hanging it."""

    def __init__(self, command: str) -> None:
        self.process = subprocess.Popen(
            [command, "--stdio"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
        )
        self.received: queue.Queue[Message | None] = queue.Queue()
        assert self.process.stdout is not None
        threading.Thread(target=self._read, args=(self.process.stdout,), daemon=True).start()
        self.next_id = 0

    def _read(self, stream: IO[bytes]) -> None:
        while True:
            length = 0
            while (line := stream.readline()).strip():
                name, _, value = line.decode("ascii").partition(":")
                if name.lower() == "content-length":
                    length = int(value)
            if not line:
                self.received.put(None)  # the server has ended
                return
            self.received.put(json.loads(stream.read(length)))

    def send(self, method: str, params: Any, request: bool = False) -> int:
        self.next_id += request
        message = {"jsonrpc": "2.0", "method": method, "params": params}
        self._write({**message, "id": self.next_id} if request else message)
        return self.next_id

    def _write(self, message: Message) -> None:
        body = json.dumps(message).encode("utf-8")
        assert self.process.stdin is not None
        self.process.stdin.write(b"Content-Length: %d\r\n\r\n%b" % (len(body), body))
        self.process.stdin.flush()

    def messages(self) -> Iterator[Message]:
        """The server's messages as they come, each of its own requests answered (the settings
        for ``workspace/configuration``, nothing for the others)."""
        deadline = time.monotonic() + WAIT
        while (left := deadline - time.monotonic()) > 0:
            try:
                message = self.received.get(timeout=left)
            except queue.Empty:
                break
            if message is None:
                code = self.process.wait()
                raise AssertionError(f"yaml-language-server ended (exit code {code})")
            if "method" in message and "id" in message:
                asked = message["params"].get("items", []) if message["params"] else []
                answer = [SETTINGS.get(item.get("section"), {}) for item in asked] or None
                self._write({"jsonrpc": "2.0", "id": message["id"], "result": answer})
            yield message
        raise AssertionError(f"yaml-language-server said nothing for {WAIT:g} s")

    def request(self, method: str, params: Any) -> Any:
        asked = self.send(method, params, request=True)
        return next(m for m in self.messages() if m.get("id") == asked and "method" not in m)

    def diagnostics(self, documents: dict[Path, str]) -> dict[Path, list[Message]]:
        """Open ``documents`` (text by path) and return what the server finds in each."""
        uris = {path.resolve().as_uri(): path for path in documents}
        for uri, path in uris.items():
            document = {"uri": uri, "languageId": "yaml", "version": 1, "text": documents[path]}
            self.send("textDocument/didOpen", {"textDocument": document})
        found: dict[Path, list[Message]] = {}
        for message in self.messages():
            if message.get("method") == "textDocument/publishDiagnostics":
                uri = message["params"]["uri"]
                if uri in uris:
                    found[uris[uri]] = message["params"]["diagnostics"]
            if len(found) == len(uris):
                return found
        raise AssertionError("unreachable: messages() raises when the server falls silent")

    def stop(self) -> None:
        if self.process.poll() is None:
            self.request("shutdown", None)
            self.send("exit", None)
        try:
            self.process.wait(timeout=WAIT)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()


@pytest.fixture(scope="module")
def server() -> Iterator[LanguageServer]:
    if SERVER is None:
        pytest.skip(
            "no yaml-language-server: npm install yaml-language-server and put it on PATH, or "
            "name it in PNP_YAML_LANGUAGE_SERVER (.ci/run does where Node and npm install)"
        )
    started = LanguageServer(SERVER)
    started.request("initialize", {"processId": os.getpid(), "rootUri": None, "capabilities": {}})
    started.send("initialized", {})
    started.send("workspace/didChangeConfiguration", {"settings": SETTINGS})
    yield started
    started.stop()


@pytest.fixture(scope="module")
def expansion(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A new expansion of Gears, as ``pnp new expansion`` writes it."""
    return new_expansion("mine", "gears", tmp_path_factory.mktemp("expansion"))


def kinds(expansion: Path) -> dict[str, Path]:
    """A file of every kind that names a schema."""
    return {
        "game": DEFAULT_DATA_DIR / "gear_and_piston/game.yaml",
        "deck": DEFAULT_DATA_DIR / "game_of_trains/decks/wagons.yaml",
        "locale": DEFAULT_DATA_DIR / "three_by_three/locales/uk.yaml",
        "palette": DEFAULT_DATA_DIR / "break_the_code/palette.yaml",
        "rules data": DEFAULT_DATA_DIR / "gear_and_piston/board.yaml",
        "expansion": expansion / "expansion.yaml",
        "expansion deck": expansion / "decks/rounds.yaml",
        "expansion locale": expansion / "locales/de.yaml",
        "car": PROJECT_ROOT / "examples/gear_and_piston/runabout.yaml",
    }


def both(key: str) -> set[str]:
    """What the server says of ``key`` misspelt (``players`` -> ``playerz``) when the key is
    required: the misspelt one is not allowed, and the right one missing."""
    return {f'Missing property "{key}".', f"Property {key[:-1]}z is not allowed."}


MISSPELT = {
    "game": ("players", both("players")),
    "deck": ("ability", both("ability")),
    "locale": ("language", {'Missing property "language".'}),  # a locale may add texts
    "rules data": ("locations", both("locations")),
    "expansion": ("game", both("game")),
    "expansion deck": ("condition", both("condition")),
    "car": ("name", {"Property namz is not allowed."}),  # a car's name is optional
}
"""A key to misspell in each kind whose keys are closed (a palette may name any palette and
colour, an expansion's locale add any text), the first of its mapping or on its line, where
the server tells a missing key too; and what the server says."""


def test_every_kind_of_file_opens_clean(server: LanguageServer, expansion: Path) -> None:
    files = list(kinds(expansion).values())
    found = server.diagnostics({path: path.read_text(encoding="utf-8") for path in files})
    assert {path: found[path] for path in files} == {path: [] for path in files}


def misspelt(path: Path, key: str) -> tuple[str, int]:
    """The text of ``path`` with the first ``key:`` misspelt (``players`` -> ``playerz``), and
    the index of its line."""
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    key_at = re.compile(rf"(^|[ {{]){key}:")
    at = next(index for index, line in enumerate(lines) if key_at.search(line))
    lines[at] = key_at.sub(rf"\g<1>{key[:-1]}z:", lines[at], count=1)
    return "".join(lines), at


def test_a_misspelt_key_is_told_at_its_line(server: LanguageServer, expansion: Path) -> None:
    """Told on the key's line (LSP counts lines from 0)."""
    copies, expected = {}, {}
    for kind, (key, messages) in MISSPELT.items():
        path = kinds(expansion)[kind]
        text, at = misspelt(path, key)
        copy = path.with_name(f"misspelt-{path.name}")  # opened in the editor, never written
        copies[copy], expected[kind] = text, {(at, message) for message in messages}
    found = server.diagnostics(copies)
    told = {
        kind: {(d["range"]["start"]["line"], d["message"]) for d in found[copy]}
        for kind, copy in zip(MISSPELT, copies, strict=True)
    }
    assert told == expected


def test_hovering_a_key_shows_what_it_means(server: LanguageServer) -> None:
    """What the field's definition says, as ``pnp validate`` reads it."""
    game = DEFAULT_DATA_DIR / "gear_and_piston/game.yaml"
    server.diagnostics({game: game.read_text(encoding="utf-8")})  # opened, its schema read
    line = game.read_text(encoding="utf-8").splitlines().index("players: 3-5")
    where = {"textDocument": {"uri": game.as_uri()}, "position": {"line": line, "character": 2}}
    shown = server.request("textDocument/hover", where)["result"]["contents"]["value"]
    assert GAME_FIELDS["players"].help in shown
