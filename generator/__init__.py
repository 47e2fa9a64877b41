"""pnp: a print-and-play card generator that knows the rules of the games it prints.

The pipeline reads top to bottom: load (``catalog``) -> validate (``games``) -> render
(``render``) -> assemble (``layout``) -> write (``writer``); ``build`` strings it together and
``cli`` is the ``pnp`` command.
"""

from pathlib import Path

__version__ = "0.1.0"

PROJECT_ROOT = Path(__file__).resolve().parent.parent
DEFAULT_DATA_DIR = PROJECT_ROOT / "card_data"
TEMPLATES_DIR = PROJECT_ROOT / "templates"
