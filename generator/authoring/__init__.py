"""For the people who write games, expansions and translations: the editor schemas of
``pnp schema``, the scaffolds of ``pnp new``, the README sections of ``pnp help``. They read a
game through the front door (:mod:`generator.pipeline.front`), as the other commands do."""
