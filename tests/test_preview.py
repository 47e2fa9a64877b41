"""``pnp serve`` without a browser: the page, its event stream, a broken edit, where it listens.

The server runs in the test's process on a copy of Game of Trains (any free port); the pages
are read over HTTP as a browser would read them. tests/test_preview_browser.py drives a real
browser through the same steps.
"""

from __future__ import annotations

import html
import http.client
import re
import shutil
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from urllib.error import HTTPError
from urllib.request import Request, urlopen

import pytest

from generator import DEFAULT_DATA_DIR, TEMPLATES_DIR
from generator.preview import connection, server
from generator.preview.check import check_game
from generator.preview.running import LOCAL_HOST, Asked, Running
from generator.preview.state import Preview
from generator.preview.watcher import Watcher, real_folders
from generator.render import draw
from tests.conftest import DataCopy, Result, interruptible, own_templates
from tests.previewed import FACES_EN, GAME, GUARD, TYPO, WAGONS, swap_abilities
from tests.previewed import trains as trains  # the fixture
from tests.renders import counted_renders


@pytest.fixture
def start(trains: DataCopy) -> Iterator[Callable[[bool], Running]]:
    """``start(watching)``: the preview of ``trains`` served on any free port, checked once,
    its files watched or not; stopped after the test."""
    started: list[Running] = []

    def run(watching: bool) -> Running:
        running = Running.listen(Asked(trains.root, GAME, port=0))
        started.append(running)
        if watching:
            running.begin()
        else:
            running.preview.refresh()
        threading.Thread(target=running.server.serve_forever, daemon=True).start()
        return running

    yield run
    for running in started:
        running.server.shutdown()
        running.stop()


@pytest.fixture
def unchecked(trains: DataCopy) -> Iterator[Callable[[], Running]]:
    """``unchecked()``: the preview of ``trains`` served before its first check, at once: what
    the server does with a request itself (static files, limits, streams) needs no check. A
    call, so that a test sets the server's numbers first; stopped after the test."""
    started: list[Running] = []

    def run() -> Running:
        running = Running.listen(Asked(trains.root, GAME, port=0))
        started.append(running)
        threading.Thread(target=running.server.serve_forever, daemon=True).start()
        return running

    yield run
    for running in started:
        running.server.shutdown()
        running.stop()


def get(running: Running, path: str, host: str | None = None) -> tuple[int, str, str]:
    """Status, content type and body of ``path``."""
    request = Request(running.url + path.lstrip("/"))
    if host:
        request.add_header("Host", host)
    try:
        with urlopen(request, timeout=GUARD) as response:
            kind = response.headers["Content-Type"]
            return response.status, kind, response.read().decode()
    except HTTPError as error:
        return error.code, error.headers["Content-Type"], error.read().decode()


def faces(page: str) -> dict[str, list[str]]:
    """The face URLs of a page, by card (``back`` for a deck's one back)."""
    found: dict[str, list[str]] = {}
    for card, url in re.findall(r'data-card="([^"]+)".*?\n<img src="([^"]+)"', page):
        found.setdefault(card, []).append(url)
    return found


def problems(page: str) -> list[str]:
    return [html.unescape(line) for line in re.findall(r"<li><code>(.*?)</code></li>", page)]


def test_the_page_shows_every_face_of_each_deck(start: Callable[[bool], Running]) -> None:
    running = start(False)
    status, kind, page = get(running, "/")
    assert (status, kind) == (200, "text/html; charset=utf-8")
    shown = faces(page)
    assert sum(len(urls) for urls in shown.values()) == page.count("<figure") == FACES_EN
    assert [f"wagon-{n:02d}" for n in range(1, 85)] == [c for c in shown if c.startswith("wagon")]
    assert len(shown["back"]) == 2  # the wagons' back and the locomotives'
    assert '<h2>wagons <span class="count">84 cards</span></h2>' in page
    assert '<h2>locomotives <span class="count">4 cards</span></h2>' in page
    assert problems(page) == []
    status, kind, svg = get(running, shown["wagon-05"][0])
    assert (status, kind) == (200, "image/svg+xml")
    assert svg.startswith("<?xml") and "<svg" in svg and "<text" not in svg  # text as outlines


def test_each_language_has_its_faces(start: Callable[[bool], Running]) -> None:
    running = start(False)
    english, russian = get(running, "/content?lang=en")[2], get(running, "/content?lang=ru")[2]
    assert 'data-lang="ru"' in russian and "<html" not in russian  # the content alone
    assert faces(english)["wagon-05"] != faces(russian)["wagon-05"]
    assert faces(english)["wagon-05"] == faces(get(running, "/?lang=xx")[2])["wagon-05"]


def test_the_language_on_the_page_is_checked_first(trains: DataCopy) -> None:
    """Its faces are shown while the other languages are checked, when all is well so far."""
    first, whole = check_game(trains.root, GAME, first="ru")
    assert (first.complete, list(first.faces), first.problems) == (False, ["ru"], ())
    assert (whole.complete, sorted(whole.faces), whole.problems) == (
        True,
        ["de", "en", "ru", "uk"],
        (),
    )
    assert whole.faces["ru"].named == first.faces["ru"].named
    trains.edit(WAGONS, "ability: remove-left}", "ability: protekt}")
    (broken,) = check_game(trains.root, GAME, first="ru")
    assert (broken.complete, broken.faces, [str(p) for p in broken.problems]) == (True, {}, [TYPO])


def test_the_event_stream_announces_a_saved_change(
    start: Callable[[bool], Running], trains: DataCopy
) -> None:
    running = start(True)
    before = faces(get(running, "/")[2])
    stream = http.client.HTTPConnection("127.0.0.1", running.server.server_address[1], GUARD)
    stream.request("GET", "/events")
    response = stream.getresponse()
    assert response.getheader("Content-Type") == "text/event-stream"
    first = next_version(response)
    assert first == running.preview.view.version
    swap_abilities(trains)
    version = first
    while running.preview.view.checking or version == first:  # checking, then checked
        version = next_version(response)
    stream.close()
    after = get(running, "/content")[2]
    assert problems(after) == []
    changed = {card for card, urls in faces(after).items() if urls != before[card]}
    assert changed == {"wagon-05", "wagon-08"}


def test_a_save_renders_and_draws_only_the_faces_it_changed(
    start: Callable[[bool], Running], trains: DataCopy, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A check finds the faces the checks before rendered: it renders again the fronts of
    wagons 5 and 8, in each language, and nothing else; the page's other faces keep their
    URLs. The two changed faces on the page are drawn as the check publishes them, once: the
    page asking for them draws nothing more."""
    running = start(False)
    before = faces(get(running, "/")[2])
    rendered, drawn, screen = counted_renders(monkeypatch), [], draw.screen_svg
    monkeypatch.setattr(draw, "screen_svg", lambda *args: drawn.append(args[0]) or screen(*args))
    swap_abilities(trains)
    running.preview.refresh()
    after = faces(get(running, "/")[2])
    assert {card for card in after if after[card] != before[card]} == {"wagon-05", "wagon-08"}
    langs = ("en", "de", "ru", "uk")  # the page's language first
    assert rendered == [(lang, f"wagon-0{n}") for lang in langs for n in (5, 8)]
    assert len(drawn) == 2
    assert [get(running, after[card][0])[0] for card in ("wagon-05", "wagon-08")] == [200] * 2
    assert len(drawn) == 2


def next_version(response: http.client.HTTPResponse) -> int:
    """The version of the stream's next event (comments that keep it open are skipped)."""
    while True:
        line = response.readline().decode()
        assert line, "the event stream ended"
        if line.startswith("data: "):
            return int(line.removeprefix("data: "))


def test_a_broken_edit_shows_its_problem_and_keeps_the_last_good_faces(
    start: Callable[[bool], Running], trains: DataCopy
) -> None:
    running = start(False)
    good = get(running, "/")[2]
    assert "stale" not in good
    trains.edit(WAGONS, "ability: remove-left}", "ability: protekt}")
    running.preview.refresh()
    broken = get(running, "/")[2]
    assert problems(broken) == [TYPO]
    assert "These faces are stale" in broken
    assert faces(broken) == faces(good)
    assert get(running, faces(broken)["wagon-05"][0])[0] == 200
    trains.edit(WAGONS, "ability: protekt}", "ability: remove-left}")
    running.preview.refresh()
    mended = get(running, "/")[2]
    assert problems(mended) == [] and "stale" not in mended
    assert faces(mended) == faces(good)


def test_it_listens_on_this_machine_only_by_default(start: Callable[[bool], Running]) -> None:
    assert Asked(Path()).host == "127.0.0.1"
    running = start(False)
    assert running.server.server_address[0] == "127.0.0.1"
    assert running.url.startswith("http://127.0.0.1:")
    # a web page that points its own name at 127.0.0.1 is not answered
    assert get(running, "/", host="attacker.example")[:1] == (403,)


CSS = "/preview.css"
"""A request the server answers without a check."""


def connect(running: Running) -> http.client.HTTPConnection:
    return http.client.HTTPConnection("127.0.0.1", running.server.server_address[1], GUARD)


def handlers() -> int:
    """The threads handling a request now (the standard library names them by their target)."""
    return sum("process_request_thread" in thread.name for thread in threading.enumerate())


def test_200_requests_at_once_are_all_answered(unchecked: Callable[[], Running]) -> None:
    """A page asks for a hundred faces at once, a flood for more: each is answered, by at most
    THREADS threads, the rest waiting in the listen queue."""
    running = unchecked()
    ready, statuses = threading.Barrier(201), list[int]()

    def ask() -> None:
        connection = connect(running)
        ready.wait()
        connection.request("GET", CSS)
        response = connection.getresponse()
        response.read()
        statuses.append(response.status)
        connection.close()

    askers = [threading.Thread(target=ask) for _ in range(200)]
    for asker in askers:
        asker.start()
    ready.wait()
    most = 0
    while any(asker.is_alive() for asker in askers):
        most = max(most, handlers())
        time.sleep(0.005)
    assert statuses == [200] * 200
    assert most <= server.THREADS


@pytest.mark.parametrize(
    "half", [b"GET /preview.css HT", b"GET /preview.css HTTP/1.1\r\nHost: 127.0"]
)
def test_a_stalled_request_is_dropped_and_its_thread_freed(
    unchecked: Callable[[], Running], monkeypatch: pytest.MonkeyPatch, half: bytes
) -> None:
    """A client that sends half a head and waits holds a thread HEAD_TIMEOUT at most: with
    one thread, the next request is answered once the stalled one is dropped, unanswered."""
    monkeypatch.setattr(connection, "HEAD_TIMEOUT", 0.2)
    monkeypatch.setattr(server, "THREADS", 1)
    running = unchecked()
    address = ("127.0.0.1", running.server.server_address[1])
    with socket.create_connection(address, GUARD) as stalled:
        stalled.sendall(half)
        assert get(running, CSS)[0] == 200
        assert stalled.recv(1024) == b""


def test_an_event_stream_outlives_the_head_timeout(
    unchecked: Callable[[], Running], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Only the request is timed, not a stream's answer: ten comments apart by STILL_HERE
    each take longer than HEAD_TIMEOUT."""
    monkeypatch.setattr(connection, "HEAD_TIMEOUT", 0.1)
    monkeypatch.setattr(server, "STILL_HERE", 0.05)
    stream = connect(unchecked())
    stream.request("GET", "/events")
    response = stream.getresponse()
    assert next_version(response) == 0
    lines = [response.readline() for _ in range(21)]
    stream.close()
    assert lines == [b"\n"] + [b": still here\n", b"\n"] * 10


KIB = 1024


@pytest.mark.parametrize(
    ("path", "headers", "status"),
    [
        (f"{CSS}?{'a' * 8000}", {}, 200),
        (f"{CSS}?{'a' * 9 * KIB}", {}, 414),
        (CSS, {"X-Long": "a" * 8000}, 200),
        (CSS, {"X-Long": "a" * 9 * KIB}, 431),
        (CSS, {f"X-{n}": "1" for n in range(60)}, 200),  # and Host, Accept-Encoding
        (CSS, {f"X-{n}": "1" for n in range(63)}, 431),
        (CSS, {f"X-{n}": "a" * 7000 for n in range(5)}, 431),  # 35 KB in all
    ],
    ids=[
        "line-8000",
        "line-9KiB",
        "header-8000",
        "header-9KiB",
        "62-headers",
        "65-headers",
        "headers-35KB",
    ],
)
def test_a_head_over_the_limits_is_refused(
    unchecked: Callable[[], Running], path: str, headers: dict[str, str], status: int
) -> None:
    """Our limits, whatever the standard library's: a request line over 8 KiB is answered
    414, a header line over 8 KiB, over 64 headers or over 32 KiB of them 431; the server
    goes on serving."""
    running = unchecked()
    connection = connect(running)
    connection.request("GET", path, headers=headers)
    response = connection.getresponse()
    assert (response.status, response.getheader("Connection")) == (
        status,
        "close" if status != 200 else None,
    )
    connection.close()
    assert get(running, CSS)[0] == 200


def test_event_streams_past_the_limit_are_told_to_ask_later(
    unchecked: Callable[[], Running], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each stream holds a thread: one over MAX_STREAMS is told when to ask again (a 200, so
    that the browser does) and ends; a stream closed by its page makes room again."""
    monkeypatch.setattr(server, "MAX_STREAMS", 1)
    monkeypatch.setattr(server, "STILL_HERE", 0.05)
    running = unchecked()
    first = connect(running)
    first.request("GET", "/events")
    assert next_version(first.getresponse()) == 0
    refused = connect(running)
    refused.request("GET", "/events")
    response = refused.getresponse()
    assert (response.status, response.getheader("Content-Type")) == (200, "text/event-stream")
    assert response.readline() == b": too many streams\n"  # not an event: no endless read
    assert response.read() == b"retry: 10000\n\n"
    refused.close()
    first.close()  # the server finds out at its next comment
    until = time.monotonic() + GUARD
    while time.monotonic() < until:
        again = connect(running)
        again.request("GET", "/events")
        line = again.getresponse().readline()
        again.close()
        if line == b"event: version\n":
            break
        time.sleep(0.05)
    else:
        pytest.fail("the closed stream's place was never freed")
    assert get(running, CSS)[0] == 200


def test_a_request_that_is_not_a_url_is_answered_400(unchecked: Callable[[], Running]) -> None:
    """An absolute URL the standard library cannot split (a bracket opened in its host)."""
    running = unchecked()
    host, port = LOCAL_HOST, running.server.server_address[1]
    with socket.create_connection((host, port), timeout=GUARD) as raw:
        raw.sendall(f"GET http://[x/ HTTP/1.1\r\nHost: {host}:{port}\r\n\r\n".encode())
        assert raw.recv(64).startswith(b"HTTP/1.0 400 ")
    assert get(running, "/preview.css")[0] == 200


@pytest.mark.parametrize(
    ("error", "said"),
    [
        (ConnectionResetError(104, "Connection reset by peer"), ""),
        (BrokenPipeError(32, "Broken pipe"), ""),
        (ValueError("odd"), "pnp serve: a request failed: ValueError('odd')\n"),
    ],
)
def test_a_failed_request_is_one_line_or_none(
    unchecked: Callable[[], Running],
    capsys: pytest.CaptureFixture[str],
    error: Exception,
    said: str,
) -> None:
    """A client that leaves mid-answer (a reload) is quiet; no failure prints a traceback."""
    running = unchecked()
    try:
        raise error
    except Exception:
        running.server.handle_error(None, ("127.0.0.1", 1))  # type: ignore[arg-type]
    assert capsys.readouterr().err == said


def test_the_watcher_follows_no_link_out_and_sees_a_new_folder(tmp_path: Path) -> None:
    """A stranger's link to ``/`` would have a recursive watch walk the machine; the watcher
    watches the real folders only, and a folder made later once it is made."""
    game = tmp_path / "game"
    (game / "decks").mkdir(parents=True)
    (game / "root").symlink_to("/")
    assert real_folders([game]) == [game, game / "decks"]
    saved = threading.Event()
    watcher = Watcher([game], saved.set)
    watcher.start()
    try:
        time.sleep(0.3)  # the watch is set up
        (game / "decks" / "new.yaml").write_text("x")
        assert saved.wait(GUARD), "a saved file is seen"
        saved.clear()
        (game / "locales").mkdir()
        assert saved.wait(GUARD)
        saved.clear()
        time.sleep(0.3)
        (game / "locales" / "de.yaml").write_text("x")
        assert saved.wait(GUARD), "a file in a folder made since is seen"
    finally:
        watcher.stop()
        watcher.join(GUARD)
    assert not watcher.is_alive()


def test_the_game_may_be_left_out_when_the_data_has_one(trains: DataCopy) -> None:
    running = Running.listen(Asked(trains.root, port=0))
    running.stop()
    assert running.game == GAME


def test_a_host_on_the_network_is_warned_about(
    trains: DataCopy, capsys: pytest.CaptureFixture[str]
) -> None:
    running = Running.listen(Asked(trains.root, GAME, host="0.0.0.0", port=0))
    running.stop()
    assert capsys.readouterr().err == (
        "warning: --host 0.0.0.0: other machines can open this preview and read the card "
        "data; it has no password\n"
    )


SHIPPED = "break_the_code, game_of_trains, gear_and_piston, gears, three_by_three"


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        ((), f"name the game to preview (the card data has: {SHIPPED})"),
        (("nothing",), f"unknown game 'nothing' (the card data has: {SHIPPED})"),
        ((GAME, "--lang", "xx"), "game_of_trains has no locale xx (it ships: de, en, ru, uk)"),
        ((GAME, "--with", "."), "--with .: not an expansion (it has no expansion.yaml)"),
        ((GAME, "--port", "70000"), "--port 70000: not a port (0 to 65535; 0: any free port)"),
    ],
)
def test_usage_mistakes(
    pnp: Callable[..., Result], arguments: tuple[str, ...], message: str
) -> None:
    result = pnp("serve", "--port", "0", *arguments)
    assert (result.code, result.out, result.err) == (2, "", f"pnp: error: {message}\n")


HOSTILE = """<script>alert("script")</script>
<rect x="0" y="0" width="5" height="5" fill="#ff0000" onload="alert('onload')"/>
<foreignObject width="9" height="9"><div xmlns="http://www.w3.org/1999/xhtml">html</div></foreignObject>
{% endblock %}"""


def test_a_face_never_passes_on_the_script_of_its_template(tmp_path: Path) -> None:
    """A stranger's template may write what cairo ignores but a browser would run: the
    preview sends cairo's drawing of it, never its SVG."""
    shutil.copytree(DEFAULT_DATA_DIR / GAME, tmp_path / "card_data" / GAME)
    shutil.copytree(TEMPLATES_DIR / GAME, tmp_path / "templates" / GAME)
    back = tmp_path / "templates" / GAME / "back.svg.j2"
    back.write_text(back.read_text(encoding="utf-8").replace("{% endblock %}", HOSTILE))
    running = Running.listen(Asked(tmp_path / "card_data", GAME, port=0))
    try:
        running.preview.refresh()
        threading.Thread(target=running.server.serve_forever, daemon=True).start()
        page = get(running, "/")[2]
        url = faces(page)["back"][0]
        good = running.preview.view.good
        assert good is not None
        written = good.faces["en"].svgs[url.removeprefix("/face/").removesuffix(".svg")]
        assert "<script>" in written and "onload" in written and "foreignObject" in written
        with urlopen(running.url + url.lstrip("/"), timeout=GUARD) as response:
            policy = response.headers["Content-Security-Policy"]
            drawn = response.read().decode()
        assert "<path" in drawn
        assert not re.search(r"script|onload|foreignObject|alert", drawn, re.IGNORECASE)
        assert "alert" not in page
        assert policy == "default-src 'none'; style-src 'unsafe-inline'; img-src data:; sandbox"
    finally:
        running.server.shutdown()
        running.stop()


def test_a_face_cairo_cannot_draw_is_a_problem_of_its_template(trains: DataCopy) -> None:
    """Validation reads a face's SVG; only drawing it finds what cairo cannot draw. The preview
    reports it as a build does, at the face's template."""
    *_, checked = check_game(trains.root, GAME)
    faces = checked.faces["en"]
    back = faces.named[("wagons", "back")]
    faces.svgs[back] = '<svg xmlns="http://www.w3.org/2000/svg"/>'  # no size
    preview = Preview(lambda first: iter([checked]))
    preview.refresh()
    assert preview.face(faces.named[("wagons", "wagon-01")]) is not None
    assert preview.face(back) is None
    assert [str(problem) for problem in preview.view.problems] == [
        "templates/game_of_trains/back.svg.j2: back (en): "
        "cairosvg cannot draw it: ValueError: The SVG size is undefined"
    ]


@pytest.mark.parametrize(
    ("sheet", "kept"), [('@import "c.css";', True), ('@import/**/"c.css";', False)]
)
def test_a_face_drawn_from_a_file_its_key_misses_is_drawn_again(
    trains: DataCopy, sheet: str, kept: bool
) -> None:
    """A stylesheet the face names is in its key: the face drawn is kept (an edit to the
    sheet makes another key when the preview checks again). One hidden from the key (a
    comment after @import, which cairosvg reads past) keeps no face drawn from it, so an edit
    shows at once."""
    templates = own_templates(trains.root, GAME)
    template = templates / "back.svg.j2"
    written = template.read_text(encoding="utf-8")
    template.write_text(
        written.replace("{% endblock %}", f"<style>{sheet}</style>{{% endblock %}}")
    )
    (templates / "c.css").write_text("rect { fill: red }")
    *_, checked = check_game(trains.root, GAME)
    back = checked.faces["en"].named[("wagons", "back")]
    preview = Preview(lambda first: iter([checked]))
    preview.refresh()
    red = preview.face(back)
    assert red is not None and (preview.face(back) is red) is kept
    (templates / "c.css").write_text("rect { fill: blue }")
    blue = preview.face(back)
    assert blue is not None and (blue == red) is kept


def test_ctrl_c_stops_it_cleanly(trains: DataCopy) -> None:
    command = [sys.executable, "-m", "generator", "serve", GAME, "--data", trains.root]
    process = subprocess.Popen(
        [*map(str, command), "--port", "0"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=interruptible,
    )
    assert process.stdout is not None
    lines = [process.stdout.readline() for _ in range(2)]
    assert lines[0].endswith(f" {GAME}: ok\n")
    assert re.fullmatch(
        rf"previewing {GAME} at http://127\.0\.0\.1:\d+/ \(Ctrl-C to stop\)\n", lines[1]
    )
    process.send_signal(signal.SIGINT)
    out, err = process.communicate(timeout=GUARD)
    assert (process.returncode, out, err) == (0, "stopped\n", "")


def test_the_page_names_its_icon_and_serves_it(unchecked: Callable[[], Running]) -> None:
    """A page without an icon makes the browser ask for /favicon.ico, a 404 in its console."""
    running = unchecked()
    status, _, page = get(running, "/")
    assert status == 200
    assert '<link rel="icon" href="/favicon.svg" type="image/svg+xml">' in page
    status, kind, icon = get(running, "/favicon.svg")
    assert (status, kind) == (200, "image/svg+xml; charset=utf-8")
    assert icon.startswith("<svg ")
