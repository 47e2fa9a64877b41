"""Rulebook summaries: the reference sheet a group keeps on the table, made from the same card
data, locales, templates and rule engines as the cards (so it never needs editing by hand).

``content`` is what a summary says (game-agnostic), ``words`` reads it from the locale,
``pictures`` draws cards and pictograms from the real templates, ``compose`` gathers one
game's summary with its engine, ``document`` lays it out on pages with reportlab Platypus.
"""
