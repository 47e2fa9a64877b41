"""What pnp's results depend on besides the data: its own code, its libraries and its fonts.

Read without importing the libraries (package metadata, source bytes), so a build with nothing
to do can find that out in a fraction of a second.
"""

from __future__ import annotations

import datetime
import functools
import importlib.util
import os
import sys
from importlib import metadata
from pathlib import Path

from generator import PACKAGE_DIR
from generator.runtime.cache import key
from generator.runtime.fontconfig import FONT_DIR

LIBRARIES = (
    "cairosvg",
    "colour-science",
    "numpy",
    "cairocffi",
    "pikepdf",
    "pillow",
    "reportlab",
    "jinja2",
    "svg.path",
    "python-calamine",
)
FIXED_DATE = "2000-01-01T00:00:00Z"


def build_date() -> str:
    """SOURCE_DATE_EPOCH if the packager set one (reproducible-builds.org), else a fixed date."""
    epoch = os.environ.get("SOURCE_DATE_EPOCH", "")
    if not epoch.isdigit():
        return FIXED_DATE
    moment = datetime.datetime.fromtimestamp(int(epoch), tz=datetime.timezone.utc)
    return moment.strftime("%Y-%m-%dT%H:%M:%SZ")


@functools.lru_cache(maxsize=1)
def code_version() -> str:
    """Every source file of pnp, the versions of the libraries that draw, write and measure
    (svg.path reads the outlines the border check measures), and the fonts (read once per
    process). The cairo C library's own version is added where faces are drawn
    (:func:`generator.render.store.face_key`)."""
    parts: list[str | bytes] = [sys.version]
    for library in LIBRARIES:
        try:
            parts.append(f"{library} {metadata.version(library)}")
        except metadata.PackageNotFoundError:
            parts.append(f"{library} absent")
    for folder in (PACKAGE_DIR, FONT_DIR):
        for path in sorted(p for p in folder.rglob("*") if _is_source(p)):
            parts += [str(path.relative_to(folder)), path.read_bytes()]
    return key(*parts)


def _is_source(path: Path) -> bool:
    return path.is_file() and path.suffix in (".py", ".ttf", ".otf") and "_data" not in path.parts


def engine_version(module: str, name: str) -> str:
    """A rule engine, by its class: its name and the source of its module. A game registered
    by a test or a plugin outside pnp's package is covered as pnp's own games are by the code
    version. Read from the file, so that the engine need not be imported to know it."""
    spec = importlib.util.find_spec(module)
    origin = spec.origin if spec is not None else None
    source = Path(origin).read_bytes() if origin and Path(origin).is_file() else b""
    return key(f"{module}.{name}", source)


SHIPPED_KINDS = "shipped"
"""The output kinds of a build that makes pnp's own, as its cache keys name them: the code
version says which they are, so the fast path need not import them to know; a test or a
plugin that registers others names them (:func:`generator.outputs.kinds_identity`)."""
