"""The book's indexes: by number of players, by family, by pack, by length and by feature.

A reader looks a game up by what they have (four people, a 32-card pack, half an hour) or by what
they like (bidding, jokers). Every index is read from the spec — features from the module
registry (``generator.modules``: which catalogue modules a game uses), never from the rulebook's
words — and length from the playtest's median minutes at the middle player count, in the bands the
rulebooks' introductions use for "a quick game" and "a long game" (``text.phrases.game_length``).
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from ..spec import GameSpec
from ..text.phrases import LONG_FROM_MINUTES, QUICK_UNDER_MINUTES, game_length
from . import facts

NUMBER_WORDS = ("", "One", "Two", "Three", "Four", "Five", "Six", "Seven", "Eight")

#: Length bands (median minutes at the table): the label and the upper bound, the introductions' own.
LENGTHS: tuple[tuple[str, float], ...] = (
    (f"Quick: under {QUICK_UNDER_MINUTES} minutes", QUICK_UNDER_MINUTES),
    (f"Medium: {QUICK_UNDER_MINUTES} to {LONG_FROM_MINUTES} minutes", LONG_FROM_MINUTES),
    (f"Long: {LONG_FROM_MINUTES} minutes and more", float("inf")))

#: A feature a reader looks for, and the catalogue modules (ids, or id prefixes ending in ".")
#: any one of which gives a game that feature.
FEATURES: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("Trumps", ("SU-02",)),
    ("Bidding for tricks", ("BD-01", "SC-T2")),
    ("An auction for a landlord", ("BD-03",)),
    ("Jokers", ("DK-04",)),
    ("Wild cards", ("DL-09", "MT-04.P01", "ML-03.")),
    ("A kitty", ("DL-11",)),
    ("Cards exchanged or passed", ("SU-10", "WU-02", "WU-03", "WU-04", "MT-04.P10")),
    ("Cards to avoid", ("SC-T1",)),
    ("Special cards", ("MT-04.",)),
    ("Bombs", ("CL-06", "CL-08")),
    ("Bluffing", ("MT-02",)),
    ("Laws to discover", ("SU-09", "TT-11", "CL-10", "ML-07", "SC-A5")),
    ("Countdown tokens", ("DL-04", "EN-01", "SC-A1")),
    ("Face-down rows", ("DL-12",)),
    ("Laying off on melds", ("ML-02d",)),
    ("Calling the last card", ("SH-01",)),
    ("A fixed number of hands", ("EN-02",)),
)


def features(spec: GameSpec) -> list[str]:
    """The features (names of ``FEATURES``) of a game, in the order of ``FEATURES``."""
    from ..modules import modules_of

    used = modules_of(spec)

    def has(key: str) -> bool:
        return any(m.startswith(key) for m in used) if key.endswith(".") else key in used

    return [name for name, keys in FEATURES if any(has(k) for k in keys)]


def pack_label(spec: GameSpec) -> str:
    """The pack as an index heading: "52 cards, French suits", "32 cards, German suits, 2 jokers"."""
    deck = spec.deck
    kind = {"standard": "French suits", "french32": "French suits", "euchre24": "French suits",
            "german32": "German suits", "tarot": "tarot", "italian40": "Italian suits",
            "spanish40": "Spanish suits", "spanish48": "Spanish suits"}.get(deck.kind, deck.kind)
    label = f"{deck.size()} cards, {kind}"
    if deck.jokers:
        label += f", with {'a joker' if deck.jokers == 1 else f'{deck.jokers} jokers'}"
    return label


def length_label(summary: dict[str, Any] | None) -> str | None:
    """The length bin of a game from its playtest (None when it was not playtested)."""
    if not summary:
        return None
    c = facts.middle_count(summary)
    minutes = (c or {}).get("minutes_median")
    if not minutes:
        return None
    band = game_length(minutes)
    return next(label for label, _ in LENGTHS if label.lower().startswith(band))


def sort_key(name: str) -> str:
    return unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode().casefold()


def _groups(views: Sequence[Any], keys: Callable[[Any], Iterable[str]],
            order: Sequence[str] | None = None) -> list[dict[str, Any]]:
    groups: dict[str, list[Any]] = {}
    for v in views:
        for k in keys(v):
            groups.setdefault(k, []).append(v)
    names = [k for k in order if k in groups] if order is not None else sorted(groups, key=sort_key)
    return [{"name": k, "games": sorted(groups[k], key=lambda v: (sort_key(v.name), v.id))} for k in names]


def indexes(views: Sequence[Any], specs: Sequence[GameSpec], summaries: Sequence[dict[str, Any] | None]
            ) -> list[dict[str, Any]]:
    """The book's indexes, each ``{"id", "title", "groups": [{"name", "games": [views]}]}``;
    an index with one group only (every game for four, every game of one pack) is left out,
    except the one by players."""
    info = {v.id: (spec, summary) for v, spec, summary in zip(views, specs, summaries)}
    by_players = _groups(views, lambda v: [f"{NUMBER_WORDS[n]} players" for n in range(v.players[0], v.players[1] + 1)
                                           if n < len(NUMBER_WORDS)],
                         order=[f"{w} players" for w in NUMBER_WORDS[1:]])
    out = [{"id": "players", "title": "By number of players", "groups": by_players}]
    candidates = [
        ("families", "By family", _groups(views, lambda v: [facts.family_name(v.family)])),
        ("packs", "By pack", _groups(views, lambda v: [pack_label(info[v.id][0])])),
        ("lengths", "By length at the table",
         _groups(views, lambda v: [label] if (label := length_label(info[v.id][1])) else [],
                 order=[label for label, _ in LENGTHS])),
        ("features", "By feature", _groups(views, lambda v: features(info[v.id][0]),
                                           order=[name for name, _ in FEATURES])),
    ]
    for key, title, groups in candidates:
        if len(groups) > 1 or (key == "features" and groups):
            out.append({"id": key, "title": title, "groups": groups})
    return out
