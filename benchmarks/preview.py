"""``pnp serve``: from saving one card's text to the changed face shown in a browser.

Measured as a designer sees it, through the browser test's driver (headless Chromium): the page
is open on the edited card, fully drawn; the locale is saved; the clock stops when the card's
``<img>`` holds a face of another URL (a face's URL is the digest of what it is drawn from) and
the browser has loaded and decoded it. The page records that moment itself (``Date.now()`` in a
mutation observer, on the same clock as the write's ``time.time()``), so polling it from here
adds nothing. Each repeat saves a text of its own into the same session, as a designer saves
again and again.
"""

from __future__ import annotations

import shutil
import tempfile
import time
from pathlib import Path

from benchmarks.rows import Edit
from generator import DEFAULT_DATA_DIR
from tests.browser import chromium, missing, serve, stop

GUARD = 60.0
"""Seconds the page may take to load or to show an edit before the row says it failed: a guard
against a hang, not a target."""

ARM = """
const face = () => document.querySelector(arguments[0]);
const before = face().getAttribute("src");
window.pnpShownAt = null;
const record = () => { window.pnpShownAt = window.pnpShownAt || Date.now(); };
const look = () => {
  const img = face();
  if (!img || img.getAttribute("src") === before) return;
  img.scrollIntoView({block: "center"});
  if (img.complete && img.naturalWidth > 0) record();
  else img.addEventListener("load", record, {once: true});
};
if (window.pnpWatching) window.pnpWatching.disconnect();
window.pnpWatching = new MutationObserver(look);
window.pnpWatching.observe(document.body, {subtree: true, childList: true, attributes: true});
"""
"""Watch the face named by the selector: once its ``<img>`` is of another URL, note when it is
loaded (or at once, if the browser had it)."""

SETTLED = """
const img = document.querySelector(arguments[0]);
if (!img || document.querySelector("main.checking")) return false;
img.scrollIntoView({block: "center"});
const shown = [...document.images].filter((i) => {
  const box = i.getBoundingClientRect();
  return box.bottom > 0 && box.top < window.innerHeight;
});
return img.naturalWidth > 0 && shown.every((i) => i.complete);
"""
"""Whether the page shows the face, checked, with every face in view loaded: nothing left
in flight to slow the next measure."""


class NotShown(Exception):
    """The preview did not show the edit: the benchmark is broken, or the preview is."""


def save_to_shown(edit: Edit, repeat: int) -> list[float] | str:
    """Seconds from each save of ``edit`` to its face shown, or why they were not measured
    (no browser here); raises :class:`NotShown`."""
    if (why := missing()) is not None:
        return why
    with tempfile.TemporaryDirectory() as scratch:
        data = Path(scratch) / "card_data"
        shutil.copytree(DEFAULT_DATA_DIR / edit.game, data / edit.game)
        process, url = serve(data, edit.game, edit.lang)
        try:
            if url is None:
                raise NotShown(f"pnp serve stopped: {process.communicate()[1].strip()}")
            return _measured(edit, data, url, repeat)
        finally:
            stop(process)


def _measured(edit: Edit, data: Path, url: str, repeat: int) -> list[float]:
    from selenium.common.exceptions import TimeoutException
    from selenium.webdriver.support.ui import WebDriverWait

    face = f'figure[data-card="{edit.card}"][data-side="{edit.side}"] img'
    browser = chromium()
    try:
        browser.get(url)
        settled = WebDriverWait(browser, GUARD, poll_frequency=0.05)
        shown = WebDriverWait(browser, GUARD, poll_frequency=0.01)
        times = []
        for version in range(1, repeat + 1):
            settled.until(lambda _: browser.execute_script(SETTLED, face))
            browser.execute_script(ARM, face)
            saved = time.time()
            edit.save(data, version)
            at = shown.until(lambda _: browser.execute_script("return window.pnpShownAt"))
            times.append(at / 1000 - saved)
        return times
    except TimeoutException as error:
        raise NotShown(f"the page did not show {edit.card} within {GUARD:g} s") from error
    finally:
        browser.quit()
