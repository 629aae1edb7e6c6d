"""Offline naming for generated card games.

Like the old "Hyloe's Book of Games" generator, every game Parlour invents is
named after a real European village, and may carry a couple of aliases that
*sound like* that name (as folk games collect variant names as they travel).
Cards may also be given a nickname.

Why it looks the way it does:

* Names come from shipped package data (``data/*.txt``, derived from GeoNames,
  CC BY 4.0, by ``build_lists.py``), so naming works offline with no extra
  runtime dependency.
* Every function takes an explicit :class:`random.Random` and never touches
  the global random state, so a game's seed fully determines its names and
  generation stays reproducible across runs and alongside other components
  that share no state with us.
* Lists and lookup indexes are built lazily, once per process
  (:func:`functools.cache`), so importing this module costs nothing and later
  calls are cheap.
"""

from __future__ import annotations

import functools
import random
import re
from collections import defaultdict
from collections.abc import Mapping, Sequence
from importlib import resources

__all__ = [
    "COUNTRIES",
    "COUNTRY_ADJECTIVE",
    "aliases",
    "country_of_name",
    "nickname",
    "village_name",
    "village_names",
]

#: Country keys for which village-name lists are shipped (GB, FR, DE).
COUNTRIES: tuple[str, ...] = ("en", "fr", "de")

#: Adjective for each country key, for prose such as "an old French game".
COUNTRY_ADJECTIVE: dict[str, str] = {"en": "English", "fr": "French", "de": "German"}

#: Probability that an alias is drawn from the game's own country first;
#: otherwise one of the other countries is tried first. Keeps aliases mostly
#: local while letting the odd foreign-sounding variant through.
_SAME_COUNTRY_PROBABILITY = 0.8

#: How many candidates sharing an ending/beginning are sampled before keeping
#: the one with the longest shared part. Bigger means closer resemblance but
#: less variety; the sample keeps each call O(sample), not O(bucket).
_SAMPLE_SIZE = 12

_MIN_SHARED = 3  # letters an alias should share with the name
_FALLBACK_SHARED = 2  # letters shared by the last-resort "resembling" alias


def _check_country(country: str) -> None:
    if country not in COUNTRIES:
        raise ValueError(f"unknown country {country!r}; expected one of {COUNTRIES}")


def _read_lines(filename: str) -> tuple[str, ...]:
    """Read a one-item-per-line UTF-8 data file shipped with this package."""
    text = resources.files(__name__).joinpath("data").joinpath(filename).read_text(encoding="utf-8")
    return tuple(line for line in text.splitlines() if line.strip())


@functools.cache
def village_names(country: str) -> tuple[str, ...]:
    """Return the sorted settlement names for ``country`` (one of :data:`COUNTRIES`).

    Loaded once from package data and cached, so callers may call this
    freely; the tuple is immutable so the cache cannot be corrupted.
    """
    _check_country(country)
    return _read_lines(f"{country}.txt")


#: Letters only one country's names use.
_LETTERS = {"de": frozenset("ßäöü"), "fr": frozenset("éèêàçôâîûëïœ")}


@functools.cache
def _lowered(country: str) -> tuple[str, ...]:
    return tuple(n.lower() for n in village_names(country))


def _leader(test) -> str | None:
    """The country whose list holds the largest share of names passing ``test`` (at least three in
    all, so one odd name decides nothing); share, not count, so the longest list does not win by size."""
    counts = {c: sum(1 for n in _lowered(c) if test(n)) for c in COUNTRIES}
    if sum(counts.values()) < 3:
        return None
    shares = {c: counts[c] / len(_lowered(c)) for c in COUNTRIES}
    return max(COUNTRIES, key=lambda c: shares[c])


def country_of_name(name: str) -> tuple[str, str] | None:
    """The country a village name most likely belongs to when no list holds it, read from the lists
    themselves: its letters (ß or é), else its first word ("Grand", "Groß"), else the longest ending or
    beginning it shares with names of one list more than the others ("-hausen", "-ville", "Hohen-").
    Returns (country, the evidence in words), or None when the lists say nothing."""
    low = name.strip().lower()
    for country, letters in _LETTERS.items():
        if letters & set(low):
            return country, f"its letters ({''.join(sorted(letters & set(low)))})"
    words = re.split(r"[ -]", low)
    if len(words) > 1 and (c := _leader(lambda n, w=words[0]: n != w and re.split(r"[ -]", n)[0] == w)):
        return c, f"its first word \"{words[0]}\""
    found: list[tuple[float, str, str]] = []
    for k in range(min(len(low), 7), 2, -1):
        if (c := _leader(lambda n, e=low[-k:]: n.endswith(e))):
            found.append((k, c, f"its ending \"-{low[-k:]}\""))
            break
    for k in range(min(len(low) - 2, 6), 3, -1):
        if (c := _leader(lambda n, s=low[:k]: n.startswith(s))):
            found.append((k - 0.5, c, f"its beginning \"{low[:k]}-\""))  # an ending of the same length decides
            break
    if not found:
        return None
    _, country, why = max(found)
    return country, why


def village_name(rng: random.Random, country: str) -> str:
    """Pick a village name from ``country`` uniformly at random using ``rng``."""
    return rng.choice(village_names(country))


def another_name(name: str, taken: set[str], aliases: Sequence[str] = ()) -> str:
    """A name for a game whose ``name`` another game of the same book already has: its first alias
    not taken, else a village of the same country drawn from a stream of the name itself (the same
    book, the same names). ``taken`` holds names casefolded."""
    for alias in aliases:
        if alias.casefold() not in taken:
            return alias
    country = next((c for c in COUNTRIES if name in village_names(c)), None) or (country_of_name(name) or ("en",))[0]
    rng = random.Random(f"parlour-another-name:{name}")
    while True:
        pick = village_name(rng, country)
        if pick.casefold() not in taken:
            return pick


@functools.cache
def _nicknames() -> tuple[str, ...]:
    return _read_lines("nicknames.txt")


def nickname(rng: random.Random) -> str:
    """Pick a short English forename/diminutive (e.g. "Alf", "Ned") using ``rng``."""
    return rng.choice(_nicknames())


# --------------------------------------------------------------------------
# Aliases
# --------------------------------------------------------------------------


_NON_LETTERS = re.compile(r"[\W\d_]+")  # anything but a letter


def _letters(name: str) -> str:
    """Lowercased letters of ``name`` only: resemblance is judged on letters,
    so "Saint-Ouen" and "Saint Ouen" end and begin alike."""
    return _NON_LETTERS.sub("", name.lower())


def _common_suffix_len(a: str, b: str) -> int:
    n = 0
    for x, y in zip(reversed(a), reversed(b), strict=False):
        if x != y:
            break
        n += 1
    return n


def _common_prefix_len(a: str, b: str) -> int:
    n = 0
    for x, y in zip(a, b, strict=False):
        if x != y:
            break
        n += 1
    return n


_Index = dict[str, tuple[str, ...]]


def _freeze(groups: Mapping[str, list[str]]) -> _Index:
    return {key: tuple(group) for key, group in groups.items()}


class _Indexes:
    """Per-country tables from a name's last/first letters to the names sharing them.

    Built once (see :func:`_indexes`) so each alias lookup is a dict hit plus a
    small random sample instead of a scan over ~30,000 names.
    """

    def __init__(self) -> None:
        self.names: dict[str, tuple[str, ...]] = {}
        self.suffix3: dict[str, _Index] = {}
        self.prefix3: dict[str, _Index] = {}
        self.suffix2: dict[str, _Index] = {}
        for country in COUNTRIES:
            names = village_names(country)
            suffix3: defaultdict[str, list[str]] = defaultdict(list)
            prefix3: defaultdict[str, list[str]] = defaultdict(list)
            suffix2: defaultdict[str, list[str]] = defaultdict(list)
            for name, letters in zip(names, map(_letters, names), strict=True):
                # Keys shorter than the wanted length are never looked up.
                suffix2[letters[-_FALLBACK_SHARED:]].append(name)
                if len(letters) >= _MIN_SHARED:
                    suffix3[letters[-_MIN_SHARED:]].append(name)
                    prefix3[letters[:_MIN_SHARED]].append(name)
            self.names[country] = names
            self.suffix3[country] = _freeze(suffix3)
            self.prefix3[country] = _freeze(prefix3)
            self.suffix2[country] = _freeze(suffix2)


@functools.cache
def _indexes() -> _Indexes:
    return _Indexes()


def _sample_excluding(
    rng: random.Random, pool: Sequence[str], excluded: set[str], k: int
) -> list[str]:
    """Up to ``k`` random members of ``pool`` not in ``excluded`` (casefolded).

    Samples a few extra so that dropping excluded names still leaves ``k``
    without ever filtering the whole (possibly large) pool.
    """
    take = min(len(pool), k + len(excluded))
    picked = rng.sample(pool, take)
    return [n for n in picked if n.casefold() not in excluded][:k]


def _best(
    rng: random.Random,
    index: Mapping[str, tuple[str, ...]],
    key: str,
    target: str,
    excluded: set[str],
    from_end: bool,
) -> str | None:
    """Among a random sample of names sharing ``key``, the one sharing most."""
    pool = index.get(key)
    if not pool:
        return None
    sample = _sample_excluding(rng, pool, excluded, _SAMPLE_SIZE)
    if not sample:
        return None
    shared = _common_suffix_len if from_end else _common_prefix_len
    # max() keeps the first of equals, and the sample order is random.
    return max(sample, key=lambda n: shared(_letters(n), target))


def _one_alias(rng: random.Random, target: str, country: str, excluded: set[str]) -> str:
    idx = _indexes()
    if rng.random() < _SAME_COUNTRY_PROBABILITY:
        first = country
    else:
        first = rng.choice([c for c in COUNTRIES if c != country])
    # The pooled lists, searched in order: the pick above, the game's own
    # country, then the rest.
    sources = list(dict.fromkeys((first, country, *COUNTRIES)))

    attempts: list[tuple[dict[str, _Index], int, bool]] = [
        (idx.suffix3, _MIN_SHARED, True),  # shared ending: preferred
        (idx.prefix3, _MIN_SHARED, False),  # shared beginning
        (idx.suffix2, _FALLBACK_SHARED, True),  # weak resemblance
    ]
    for table, key_len, from_end in attempts:
        if len(target) < key_len:
            continue
        key = target[-key_len:] if from_end else target[:key_len]
        for source in sources:
            found = _best(rng, table[source], key, target, excluded, from_end)
            if found is not None:
                return found

    # Nothing resembles: any name at all, preferring the chosen country.
    for source in sources:
        found_any = _sample_excluding(rng, idx.names[source], excluded, 1)
        if found_any:
            return found_any[0]
    raise ValueError("no names left to use as an alias")  # pragma: no cover


def aliases(rng: random.Random, name: str, country: str, count: int) -> list[str]:
    """Return ``count`` (normally 0..2) distinct alternative names resembling ``name``.

    Each alias preferably shares an ending of at least 3 letters with
    ``name`` (the longest shared ending among a random sample of candidates
    wins), else a beginning of at least 3 letters, else a 2-letter ending,
    else is any village name. Aliases come mostly from ``country`` and
    sometimes from the other countries' lists. They never equal ``name`` or
    each other (compared case-insensitively). Deterministic given ``rng``.
    """
    _check_country(country)
    if count < 0:
        raise ValueError(f"count must be >= 0, got {count}")
    target = _letters(name)
    excluded = {name.casefold()}
    result: list[str] = []
    for _ in range(count):
        alias = _one_alias(rng, target, country, excluded)
        result.append(alias)
        excluded.add(alias.casefold())
    return result
