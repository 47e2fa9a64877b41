"""The fonts cairo may use: the project's own, and nothing from the machine it runs on.

A leaf module, so that every layer that asks cairo to draw text (the renderer, and the
assembler that draws a file's one set of fonts) configures fontconfig the same way.
"""

from __future__ import annotations

import atexit
import os
import shutil
import tempfile
from pathlib import Path
from xml.sax.saxutils import escape

from generator import TEMPLATES_DIR

FONT_DIR = TEMPLATES_DIR / "_common" / "fonts"

_fontconfig_ready = False


def use_project_fonts() -> None:
    """Make fontconfig (and so cairo and cairosvg) see only the project's font folder.

    Must run before cairo first looks up a font in this process; fontconfig reads the variable
    once. Idempotent. The configuration and fontconfig's cache live in a private folder made
    for this process (``mkdtemp``: readable by this user only, a name no one can guess) and
    removed when it ends: a shared, predictable folder in /tmp would let another user of the
    machine plant a link there that we then write through.
    """
    global _fontconfig_ready
    if _fontconfig_ready:
        return
    config_dir = Path(tempfile.mkdtemp(prefix="pnp-fontconfig-"))
    atexit.register(shutil.rmtree, config_dir, ignore_errors=True)
    config = config_dir / "fonts.conf"
    config.write_text(
        '<?xml version="1.0"?>\n<!DOCTYPE fontconfig SYSTEM "fonts.dtd">\n<fontconfig>\n'
        f"  <dir>{escape(str(FONT_DIR.resolve()))}</dir>\n"
        f"  <cachedir>{escape(str(config_dir / 'cache'))}</cachedir>\n</fontconfig>\n",
        encoding="utf-8",
    )
    os.environ["FONTCONFIG_FILE"] = str(config)
    _fontconfig_ready = True
