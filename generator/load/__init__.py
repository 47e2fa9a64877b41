"""Card data in: a game's YAML, its locales, palettes and expansions, read into the model
(:mod:`generator.model`), every mistake a ``file:line`` problem and nothing a stranger's file
says able to run, read outside its folders or exhaust memory. The loader knows a game's fields
through the schema its engine gives (:class:`~generator.load.deck_specs.CardSchema`), never the
engine itself."""
