"""Name and flavour (NM-01…NM-06).

The name is drawn first (country, village name, aliases); the intro words (adjective, country word,
fact) last, after every module has had its chance to register an adjective list and a fact.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .. import names
from ..spec import Naming
from ..spec.naming import FACTS
from .rng import Draw

COUNTRIES = ("en", "fr", "de")

#: NM-05: the 14 "quality" adjectives, in generator order (W-pick).
QUALITIES = (
    "traditional", "amusing", "diverting", "entertaining", "popular", "interesting", "challenging",
    "enjoyable", "little-known", "classic", "underrated", "over-rated", "mediocre", "tolerable",
)

#: NM-06: adjective lists (W-pick order) of the registering modules; () = fact only.
ADJECTIVES: dict[str, tuple[str, ...]] = {
    "hidden-trump": ("suspenseful", "tense"),
    "anti-trumps": ("vindictive", "cruel", "spiteful"),
    "weak-led-suit": (),
    "avoid-suit": ("classic", "simple"),
    "avoid-suit-face": ("vindictive", "cruel", "spiteful", "harsh"),
    "high-low": ("uneasy",),
    "pig": (),
    "bonus-rules": ("creative", "imaginative", "inventive", "curious", "increasingly complex"),
    "secret-rules": ("deductive", "analytical", "mysterious", "logical", "cerebral"),
    "exchange": (),
    "trick-bidding": ("thoughtful", "subtle"),
    "landlord-together": ("collaborative", "combative", "competitive", "antagonistic", "ruthless"),
    "landlord-gang": ("collaborative", "combative", "competitive", "antagonistic", "ruthless"),
    "countdown": (),
    "face-down-rows": ("luck-heavy", "slapdash", "messy", "haphazard", "clumsy", "hit-or-miss"),
    "bomb": (),  # its fact names the bomb ("powerful bombs can defeat weaker plays"): not in the spec yet
    "first-pass": ("high-pressure",),  # the Skitgubbe trick end registers an adjective only
    "titles": ("raucous", "lively", "fun", "rowdy"),
    "cheat": ("deceptive", "crafty", "sneaky", "deceitful", "duplicitous"),
    "two-discard-piles": (),
    "points-in-hand": (),
    "desert": ("tactical", "skilful", "thoughtful"),
    "rearranging": ("complex", "expansive", "convoluted", "elaborate", "labyrinthine", "tangled", "byzantine"),
    "full-house": (),
}


@dataclass
class Flavour:
    """The NM-05/NM-06 registry: modules add a fact and W-pick one adjective when they are drawn."""

    adjectives: list[str] = field(default_factory=list)
    facts: list[str] = field(default_factory=list)
    #: The game's name, drawn first: the call word of SH-01 is its first word (NM-08).
    name: str = ""

    def register(self, draw: Draw, fact: str) -> None:
        """A drawn module's fact and one W-picked adjective. A fact whose phrase the spec does not
        know yet (``spec.naming.FACTS``) registers its adjective only."""
        assert fact in ADJECTIVES, fact
        if fact in FACTS:
            self.facts.append(fact)
        words = ADJECTIVES[fact]
        if words:
            self.adjectives.append(draw.wpick(words))


@dataclass
class Name:
    country: str
    name: str
    aliases: list[str]


def draw_name(draw: Draw) -> Name:
    """NM-01 country (uniform), NM-02 village name, NM-03 aliases shown: W-pick(3) none/one/two.
    The names themselves come from the names stream (``draw.names_rng``)."""
    country = draw.choice(COUNTRIES)
    name = names.village_name(draw.names_rng, country)
    count = draw.wpick((0, 1, 2))
    return Name(country, name, names.aliases(draw.names_rng, name, country, count) if count else [])


def draw_intro(draw: Draw, name: Name, flavour: Flavour, keep: bool = False) -> Naming:
    """NM-04…NM-06, drawn at the end as in the generator: adjective, country word (p 1/2), fact.

    The adjective and the country word are the seed book's flavour: "traditional", "classic",
    "over-rated", "a French …" said of a game that was invented a moment ago are not true. They are
    always drawn, so that the stream (and every rule drawn after) is that of the book's generator,
    but kept only with ``keep``; otherwise the game has no adjective and its country is told by the
    village line ("It takes its name from a French village"), which is true. The fact is kept: it
    names a rule the game has."""
    if flavour.adjectives:
        adjective = draw.choice(flavour.adjectives)
    else:
        adjective = draw.wpick(QUALITIES)
    show_country = draw.chance(1 / 2)
    fact = draw.choice(flavour.facts) if flavour.facts else None
    return Naming(
        name=name.name,
        aliases=name.aliases,
        country=name.country,
        show_country=show_country and keep,
        adjective=adjective if keep else None,
        fact=fact,
    )


def call_word(name: str) -> str:
    """NM-08: the first word of the game's name, letters and apostrophes only ("Le" of "Le
    Petit-Madieu", "Saint" of "Saint-Maurice-de-Sorgues"). Unlike the book's pattern it keeps
    accented letters ("Château" stays whole)."""
    word = ""
    for ch in name:
        if not (ch.isalpha() or ch == "'"):
            break
        word += ch
    return word.strip("'") or "last"
