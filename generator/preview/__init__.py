"""``pnp serve``: a live preview of one game's cards in the browser, checked again on every save.

Top to bottom: :mod:`~generator.preview.check` has the game loaded and judged by the front
door (:mod:`generator.pipeline.front`), then renders and preflights it as a build would;
:mod:`~generator.preview.state` keeps the last check, the last good faces and a version number
that tells the page when to reload;
:mod:`~generator.preview.watcher` re-checks in a background thread when a data, locale or
template file is saved; :mod:`~generator.preview.page` writes the HTML;
:mod:`~generator.preview.server` serves it from the standard library's HTTP server, reading each
request's head within limits (:mod:`~generator.preview.connection`); and
:mod:`~generator.preview.running` puts them together for as long as ``pnp serve`` runs.
"""
