"""``pnp serve`` in a real browser: Debian's headless Chromium, driven by Selenium through the
system's chromedriver (nothing is downloaded; without them the test says so and skips).

A designer's loop on a copy of Game of Trains: the page shows every face; two wagons trading
abilities in the YAML file change those two cards on the page; a typo shows its file:line
while the faces stay. Waits are guards against a hang (the machine is shared and may be slow),
never a measure of speed.
"""

from __future__ import annotations

import signal
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml

from tests.browser import chromium, missing, serve, stop
from tests.conftest import DataCopy, interruptible
from tests.previewed import FACES_EN, GAME, GUARD, TYPO, WAGONS, swap_abilities
from tests.previewed import trains as trains  # the fixture


@pytest.fixture
def browser() -> Iterator[Any]:
    if (why := missing()) is not None:
        pytest.skip(why)
    driver = chromium()
    try:
        yield driver
    finally:
        driver.quit()


@pytest.fixture
def served(trains: DataCopy) -> Iterator[tuple[subprocess.Popen[str], str]]:
    """``pnp serve`` of ``trains`` on any free port, as a user runs it; its URL."""
    process, url = serve(trains.root, GAME, "en", preexec_fn=interruptible)
    try:
        if url is None:
            pytest.fail(f"pnp serve stopped: {process.communicate()[1]}")
        yield process, url
    finally:
        stop(process)


def test_the_page_follows_the_files(
    browser: Any,
    served: tuple[subprocess.Popen[str], str],
    trains: DataCopy,
    tmp_path: Path,
) -> None:
    from selenium.webdriver.support.ui import WebDriverWait

    process, url = served
    wait = WebDriverWait(browser, GUARD, poll_frequency=0.2)

    def image(card: str) -> str:
        return f"document.querySelector('figure[data-card=\"{card}\"] img')"

    # Each read is one script: the page swaps its content in by itself, at any moment.
    def src(card: str) -> str:
        return str(browser.execute_script(f"return {image(card)}.src"))

    def drawn(card: str) -> bool:
        """Whether the browser has drawn the face of ``card`` (scrolled to: faces load lazily)."""
        face = image(card)
        script = f"{face}.scrollIntoView({{block: 'center'}}); return {face}.naturalWidth > 0"
        return bool(browser.execute_script(script))

    def texts(selector: str) -> list[str]:
        script = "return [...document.querySelectorAll(arguments[0])].map(e => e.textContent)"
        return list(browser.execute_script(script, selector))

    browser.get(url)
    decks = yaml.safe_load((trains.root / WAGONS).read_text(encoding="utf-8"))
    locomotives = yaml.safe_load((trains.root / GAME / "decks/locomotives.yaml").read_text())
    faces = len(decks["wagons"]) + len(locomotives["locomotives"]) + 2  # and each deck's back
    assert len(texts("figure.face")) == faces == FACES_EN
    assert wait.until(lambda _: drawn("wagon-05"))
    before = {card: src(card) for card in ("wagon-04", "wagon-05", "wagon-08")}

    swap_abilities(trains)  # the page swaps its content in by itself
    wait.until(lambda _: src("wagon-05") != before["wagon-05"] and texts("main.checking") == [])
    assert src("wagon-08") != before["wagon-08"]
    assert src("wagon-04") == before["wagon-04"]
    assert wait.until(lambda _: drawn("wagon-05"))
    swapped = src("wagon-05")

    trains.edit(WAGONS, "{number: 5, ability: protect}", "{number: 5, ability: protekt}")
    assert wait.until(lambda _: texts(".problems li")) == [TYPO]
    assert texts("p.stale")[0].startswith("These faces are stale")
    assert len(texts("figure.face")) == faces
    assert src("wagon-05") == swapped
    assert drawn("wagon-05")
    browser.execute_script("window.scrollTo(0, 0)")
    assert browser.save_screenshot(str(tmp_path / "preview.png"))

    process.send_signal(signal.SIGINT)
    out, err = process.communicate(timeout=GUARD)
    assert (process.returncode, out.splitlines()[-1], err) == (0, "stopped", "")
