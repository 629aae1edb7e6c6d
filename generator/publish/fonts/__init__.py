"""The book face, shipped with the package: TeX Gyre Pagella 2.501 (GUST Font License).

The four OpenType files are copied unchanged from Debian's ``fonts-texgyre``; the licence and
the upstream README and MANIFEST are beside them. Loading them with ``@font-face`` (and drawing
plot text as paths in the same face) makes every PDF the same on every machine.
"""

from __future__ import annotations

from pathlib import Path

FONT_DIR = Path(__file__).resolve().parent

#: (weight, style) → file.
FONT_FILES: dict[tuple[str, str], Path] = {
    ("normal", "normal"): FONT_DIR / "texgyrepagella-regular.otf",
    ("bold", "normal"): FONT_DIR / "texgyrepagella-bold.otf",
    ("normal", "italic"): FONT_DIR / "texgyrepagella-italic.otf",
    ("bold", "italic"): FONT_DIR / "texgyrepagella-bolditalic.otf",
}

#: The CSS family name the stylesheet gives the shipped face (distinct from any system copy);
#: WeasyPrint embeds it in a PDF as "XXXXXX+Parlour-Pagella".
CSS_FAMILY = "Parlour Pagella"
