"""``parlour serve``: a local web page to read the games of a folder and play them against the
bots, on the same play session as the terminal (``generator.table``).

* ``folder`` — the games of the served folder, and no path outside it;
* ``sessions`` — the games in progress, kept in the server by id (a reload finds its game);
* ``pages`` — the HTML (Jinja templates under ``templates/serve/``);
* ``app`` — the Starlette application: its routes.
"""

from .app import make_app

__all__ = ["make_app"]
