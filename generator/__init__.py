"""pnp: a print-and-play card generator that knows the rules of the games it prints.

A command (:mod:`generator.cli`) asks the front door (:mod:`generator.pipeline`), which runs
the stages in order: load the card data (:mod:`generator.load`), judge it by the game's rules
(:mod:`generator.games`), render every face (:mod:`generator.render`), lay the faces out on
pages (:mod:`generator.layout`) and write every output kind (:mod:`generator.outputs`). Each
stage imports only those below it; the modules at this level are what every stage shares (the
card model, problems, printing options, languages, palette names). ``tests/test_imports.py``
holds the order.
"""

from pathlib import Path

__version__ = "0.1.0"

PACKAGE_DIR = Path(__file__).resolve().parent
# An installed wheel (`pip install .`, `pipx install .`) carries the repository's `card_data/`,
# `templates/`, `examples/` and README inside the package, as `generator/_data/` (see
# `[tool.hatch.build]` in pyproject.toml). A checkout, and an editable install of it, has no
# `_data` and reads the repository's own folders, so an edited template is seen at once.
_SHIPPED = PACKAGE_DIR / "_data"

# The folder holding `card_data/` and `templates/`: the repository in a checkout, the package's
# `_data` when installed. Messages name template files relative to it (`templates/gears/...`).
PROJECT_ROOT = _SHIPPED if _SHIPPED.is_dir() else PACKAGE_DIR.parent
DEFAULT_DATA_DIR = PROJECT_ROOT / "card_data"
TEMPLATES_DIR = PROJECT_ROOT / "templates"
EXAMPLES_DIR = PROJECT_ROOT / "examples"
"""Files the README's examples name (a Gear & Piston car), found by name from any folder."""
README = PROJECT_ROOT / "README.md"
"""The user's guide, which ``pnp help TOPIC`` prints a section of."""
