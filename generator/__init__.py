"""Parlour: invent, publish and playtest card games.

The engine's hot modules run compiled when ``make`` has built them from their unchanged sources
(``compiled``: the same source, the same games); otherwise, or with ``PARLOUR_PURE=1``, as Python."""

from . import compiled as _compiled

_compiled.install()
