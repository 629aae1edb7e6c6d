"""HTML → PDF with WeasyPrint: one font configuration and one stylesheet per paper size, per process.

WeasyPrint is imported only here, and only when a PDF is made (it takes about half a second).
Its log messages go to the ``weasyprint`` logger; we keep warnings and above.
"""

from __future__ import annotations

import atexit
import logging
import os
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from .html import stylesheet_text

_cache: dict[str, Any] = {}
# Drop the font configuration before the interpreter tears its modules down: its __del__
# removes a temporary folder and fails noisily once ``shutil`` is gone.
atexit.register(_cache.clear)


def _weasy() -> Any:
    try:
        import weasyprint
    except OSError as exc:  # Pango/GObject missing
        raise RuntimeError(
            "WeasyPrint cannot load its system libraries (" + str(exc).split(":")[0] + "); install them with "
            "'apt-get install --no-install-recommends libpango-1.0-0 libpangoft2-1.0-0 libharfbuzz-subset0'"
        ) from None
    for name in ("weasyprint", "weasyprint.progress", "fontTools"):
        logging.getLogger(name).setLevel(logging.ERROR)
    return weasyprint


def font_config() -> Any:
    """The one FontConfiguration of this process."""
    if "fonts" not in _cache:
        from weasyprint.text.fonts import FontConfiguration

        _weasy()
        _cache["fonts"] = FontConfiguration()
    return _cache["fonts"]


def stylesheet(paper: str) -> Any:
    """The one compiled stylesheet for this paper size (its @font-face rules load the shipped fonts)."""
    key = f"css-{paper}"
    if key not in _cache:
        weasyprint = _weasy()
        _cache[key] = weasyprint.CSS(string=stylesheet_text(paper, for_pdf=True), font_config=font_config())
    return _cache[key]


#: The date stamped on every embedded font (its ``head`` table's ``modified``) when the caller set
#: no SOURCE_DATE_EPOCH. fontTools stamps a font it saves with the time of saving unless that
#: variable is set, so two renders of one document a second apart differed in their bytes.
FONT_EPOCH = "0"
_EPOCH_LOCK = threading.Lock()


@contextmanager
def fixed_font_dates() -> Iterator[None]:
    """While a PDF is written: the fonts it embeds dated ``FONT_EPOCH`` (or the caller's own
    SOURCE_DATE_EPOCH), so that the same document gives the same bytes at any time. The variable
    is set only for the write, under a lock, and removed after."""
    if "SOURCE_DATE_EPOCH" in os.environ:
        yield
        return
    with _EPOCH_LOCK:
        os.environ["SOURCE_DATE_EPOCH"] = FONT_EPOCH
        try:
            yield
        finally:
            os.environ.pop("SOURCE_DATE_EPOCH", None)


def pdf_bytes(html: str, paper: str = "A5") -> bytes:
    """Render a document made by ``html.game_page``/``book.book_html`` (with ``for_pdf=True``)."""
    weasyprint = _weasy()
    doc = weasyprint.HTML(string=html, base_url=str(Path.cwd()) + "/")
    with fixed_font_dates():
        return doc.write_pdf(stylesheets=[stylesheet(paper)], font_config=font_config(),
                             pdf_identifier=b"parlour", uncompressed_pdf=False)


def write_atomic(path: Path, data: bytes) -> None:
    """Write bytes to ``path`` through a temporary file in the same folder and a rename
    (``generator.output``, which raises WriteError when it cannot)."""
    from ..output import write_file

    write_file(path, data, overwrite=True)
