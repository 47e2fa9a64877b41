"""One rule engine per game; the registry is in ``generator.games.registry``."""
