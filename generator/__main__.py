"""``python -m generator`` is the ``pnp`` command."""

import sys

from generator.cli import main

sys.exit(main())
