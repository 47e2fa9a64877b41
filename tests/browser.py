"""``pnp serve`` and a real browser to look at it, for the browser test and the benchmark:
Debian's headless Chromium driven by Selenium through the system's chromedriver (nothing is
downloaded; without them, :func:`missing` says what to install)."""

from __future__ import annotations

import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

INSTALL = "install chromium and chromium-driver (Debian)"


def missing() -> str | None:
    """Why no browser can be driven here, or ``None`` when one can."""
    if shutil.which("chromium") is None or shutil.which("chromedriver") is None:
        return f"no headless Chromium or no chromedriver: {INSTALL}"
    try:
        import selenium  # noqa: F401
    except ImportError:
        return "no selenium: pip install -e '.[test]'"
    return None


def chromium() -> Any:
    """A headless Chromium's driver (call :func:`missing` first); the caller quits it."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = str(shutil.which("chromium"))
    for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage"):
        options.add_argument(argument)
    options.add_argument("--window-size=1400,1000")
    service = Service(shutil.which("chromedriver"))  # a path: nothing is downloaded
    return webdriver.Chrome(service=service, options=options)


def serve(
    data: Path, game: str, lang: str, preexec_fn: Callable[[], None] | None = None
) -> tuple[subprocess.Popen[str], str | None]:
    """``pnp serve`` of ``game`` in ``data`` on any free port, as a user runs it, and its URL
    once it listens (``None`` if it stopped first: its stderr says why)."""
    command = ["serve", game, "--data", str(data), "--lang", lang, "--port", "0"]
    process = subprocess.Popen(
        [sys.executable, "-m", "generator", *command],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=preexec_fn,
    )
    assert process.stdout is not None
    for line in process.stdout:
        if line.startswith("previewing "):
            return process, line.split(" at ")[1].split()[0]
    return process, None


def stop(process: subprocess.Popen[str]) -> None:
    """Kill ``process`` if it still runs, and reap it."""
    if process.poll() is None:
        process.kill()
        process.communicate()
