"""The translator's loop: a game's locale as a PO file (Poedit, Weblate, Crowdin) and back.

:mod:`~generator.translation.po` makes and reads the PO entries, :mod:`~generator.translation.
yaml_file` writes translations into a locale file keeping its comments and order, and
:mod:`~generator.translation.sources` remembers the English each text was translated from, so
an export can mark a translation whose English has changed since.
"""
