"""What every stage runs on, below them all: reading files from strangers safely, the cache,
the staged writer, worker processes, pnp's versions, the project's fonts for fontconfig, where
the data and templates are, timings and a page's ink. None of it knows a game or a card."""
