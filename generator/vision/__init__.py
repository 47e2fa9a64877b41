"""The colour-vision check: cards players must tell apart stay apart for people who see colour
differently, and in greyscale.

:mod:`~generator.vision.sight` is the colour science (the simulations, the colour difference,
what the cards of a kind have in common); :mod:`~generator.vision.check` draws the faces, pairs
the kinds and says what looks alike, for ``pnp validate`` and the proof.
"""
