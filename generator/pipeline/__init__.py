"""The front door: every command that works on games goes through here.

:mod:`~generator.pipeline.front` looks a game's engine up, loads the game and judges it by its
rules (the one place that happens); :mod:`~generator.pipeline.build` checks, validates and
builds many games on every core (check -> preflight -> draw -> write); the cache is looked up in
one module, :mod:`~generator.pipeline.remembered`, and a build with nothing to do is answered by
:mod:`~generator.pipeline.fastpath` before any drawing code is imported."""
