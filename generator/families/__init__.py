"""The family registry: every family of games Parlour plays, and where each of its pieces lives.

A family (trick-taking today; climbing, melding and matching are the seed book's others) is one
``Family`` record, registered by the family's own file in this package (``trick_taking.py``) with a
single ``register(Family(...))``. The record names the family's piece in every layer — its play
section of the spec, its sampler, its rulebook template for *Play*, its parser rules, its importer
patterns, its static checks, its engine phases and scoring, its bot hints and its playtest facts —
so the generic code never names a family: ``GameSpec`` builds its ``play`` field from the registry,
the sampler draws the family's play section, the renderer includes its template, the parser reads
its *Play* section with its rules, the checks run its checks and the importer reads its sentences
with its patterns. A new family is new files (one per layer, at the same address as trick-taking's)
plus its registration file here; nothing else changes.

Pieces are lazy references (``generator.refs``): ``"package.module:Name"`` strings resolved on
first use. That keeps this registry importable from the spec (which every layer imports) and while
a layer is being rebuilt; ``check_family`` resolves every piece, and the tests run it.

Every module of this package is imported when the package is, in name order, so a registration
file needs no import elsewhere; ``FAMILIES`` keeps the registration order.
"""

from __future__ import annotations

import importlib
import pkgutil
import random
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any, Union

from pydantic import Field

from ..refs import UnresolvedReference, resolve, resolves

#: The family a spec, a sample or a command gets when none is named.
DEFAULT = "trick-taking"
#: ``--family any``: a family drawn by the seed book's weights.
ANY = "any"
TEMPLATES = Path(__file__).resolve().parents[2] / "templates"


@dataclass(frozen=True)
class SamplerTraits:
    """What the family changes in the sampler's shared phases (deck, deal, setup, bidding): the
    catalogue's conditions that name families (``docs/hyloe-modules.md``). Recorded with the family
    so the shared phases ask the family, never test its name. For the families to come, the
    catalogue gives: melding never removes ranks (``removes_ranks=False``) and has run wrap, tokens
    and face-down rows; matching has tokens and rows.

    The pig (SU-08), invented rules (SU-09) and the exchange (SU-10) are drawn for every family;
    ``trumps`` only adds the trump modules before them."""

    deals_all: bool = False       # DL-03 may deal the whole pack (and a short kitty stays undealt)
    trumps: bool = False          # SU-01…SU-07: trumps, anti-trumps, robbing, top trump, tarot majors, high/low
    bids_tricks: bool = False     # BD-01: players may bid for tricks
    removes_ranks: bool = True    # DK-03: ranks may be removed from the pack
    run_wrap: bool = False        # DK-05: the lowest rank may follow the top one in a run
    tokens: bool = False          # DL-04: hand sizes may be counted in countdown tokens
    rows: bool = False            # DL-12: players may be dealt face-down rows
    stock: bool = False           # DL-08…DL-10: discard piles, the wild-rank card, the undealt cards as a stock
    short_hands: bool = False     # DL-02: a hand size over ten is cut by six (melding: hands of 5 to 10)


@dataclass(frozen=True)
class LawWords:
    """How the grammar of invented laws (SU-09, ``templates/rules/laws.md.j2``) says its forms in the
    family's terms, as the family's engine plays them: in trick play a law speaks of tricks and
    leads; in matching of a discard pile and of turns. The parser reads back each family's words."""

    suit_after: str = "in the same trick"                  # where one card follows another
    led: str = "be led"                                    # what a forbidden rank may not do
    lead_next: str = "leads to the next trick, whoever wins this one"
    lead_next_short: str = "leads next"                    # the same, in the example
    skip: str = "misses the rest of that trick"            # what the skipped player misses
    passes: str = ": they play no card to that trick"      # what passing means, after "that player passes"


@dataclass(frozen=True)
class Family:
    """One family and its piece in every layer. ``ref`` fields are lazy references (see above)."""

    name: str                  # the tag of the spec's play section (``play.family``) and the rulebook's word
    weight: int                # games of this family in the seed book (167 games in all)
    spec: str                  # ref: the pydantic model of the play section; its ``family`` is ``name``
    sampler: str               # ref: draw_play(draw, deck, deal, setup, bidding, bad_suit, flavour)
    template: str              # the *Play* section's template, under templates/
    parser: str                # ref to a module of generator.text.parse: RULES, finish(draft), MARKS
    importer: str              # ref to a module of generator.importer: phase (patterns), finish(draft)
    checks: str                # ref: check(spec) -> list[Problem], the play section's static checks
    engine: str                # ref: the family's EngineFamily (its hand: phases in order, and scorer)
    phases: tuple[str, ...]    # refs: the engine's play phase classes, in the order they run
    rules: str                 # ref: the engine's rules of play (legal cards, who wins)
    scoring: str               # ref: the engine's hand scoring
    bot_hints: str             # ref: the family's BotHints (bots/hints.py): how the bots play its card play
    bounds: str                # ref: the playtest's score bounds for the dead tail (EARLY_DECIDED)
    traits: SamplerTraits = SamplerTraits()
    #: ref: draw_scoring(draw, deck, deal, players, h, bad_suit, setup, bidding, flavour, play) -> Scored,
    #: the hand's scoring drawn once the play section is known (it may depend on it, as climbing's does)
    scoring_sampler: str = "generator.sample.scoring:draw_scoring"
    #: Whether the deck section of the rulebook says what jokers do in play (trick-taking: their
    #: place among the trumps); False: the family's *Play* section says it (climbing: what a joker
    #: beats). The deck's template and parser ask this, never the family's name.
    deck_jokers: bool = True
    #: What the rulebook says the player who opens a hand does ("From the second hand on, the
    #: magnate leads to the first trick."): families without tricks (matching) take the first turn.
    first_play: str = "leads to the first trick"
    #: The words of the invented laws' forms (``LawWords``): tricks and leads unless the family says.
    law_words: LawWords = LawWords()
    #: ref to the family's rows of the module registry (``generator.modules``, which gathers them): a
    #: module with ``MODULES`` (its own modules), ``ENGINE`` (its engine places by key) and ``SHARES``
    #: (its part in the shared modules it draws). None: the family has no rows in the catalogue.
    modules: str | None = None
    #: ref: rows() -> the catalogue's rate of each option of its modules, taken over its games
    #: (``generator.sample.frequencies`` gathers them). None: no rates to compare.
    frequencies: str | None = None

    #: The fields that are lazy references (None allowed for the last two), and those that name the engine.
    REFS = ("spec", "sampler", "scoring_sampler", "parser", "importer", "checks", "engine", "phases", "rules",
            "scoring", "bot_hints", "bounds", "modules", "frequencies")
    ENGINE = ("engine", "phases", "rules", "scoring")

    def refs(self, roles: Iterable[str] | None = None) -> list[tuple[str, str]]:
        """(role, reference) for every lazy piece, or for ``roles`` only."""
        out: list[tuple[str, str]] = []
        for role in self.REFS if roles is None else roles:
            value = getattr(self, role)
            out += [(role, ref) for ref in (value if isinstance(value, tuple) else (value,)) if ref is not None]
        return out

    def load(self, role: str) -> Any:
        """The object a single-reference piece names, e.g. ``family.load("sampler")`` (None for a
        piece the family does without)."""
        value = getattr(self, role)
        if value is None:
            return None
        if isinstance(value, tuple):
            return tuple(resolve(ref) for ref in value)
        return resolve(value)


#: Every registered family by name, in registration order.
FAMILIES: dict[str, Family] = {}


def register(family: Family) -> Family:
    """Add a family to the registry (its registration file's one line)."""
    if family.name == ANY:
        raise ValueError(f"{ANY!r} stands for a family drawn at random; no family may take that name")
    if family.name in FAMILIES:
        raise ValueError(f"a family named {family.name!r} is already registered")
    FAMILIES[family.name] = family
    return family


def family_named(name: str) -> Family:
    """The registered family ``name``; ``ValueError`` naming the registered ones otherwise."""
    try:
        return FAMILIES[name]
    except KeyError:
        raise ValueError(f"unknown or unsupported family {name!r}; Parlour has: {', '.join(FAMILIES)}") from None


def family_of(spec: Any) -> Family:
    """The family of a spec (its play section's tag)."""
    return family_named(spec.play.family)


def choose(rng: random.Random, families: Iterable[Family] | None = None) -> Family:
    """A family drawn with the seed book's weights (``--family any``)."""
    pool = list(FAMILIES.values() if families is None else families)
    return rng.choices(pool, weights=[f.weight for f in pool])[0]


def play_union(families: Iterable[Family] | None = None) -> Any:
    """The type of ``GameSpec.play``: the registered families' play sections, told apart by their
    ``family`` tag. With one family it is that family's model itself (no tag needed in a spec
    file, and the JSON schema stays plain); with more, a pydantic discriminated union on ``family``.
    """
    types = tuple(resolve(f.spec) for f in (FAMILIES.values() if families is None else families))
    if not types:
        raise ValueError("no family is registered")
    if len(types) == 1:
        return types[0]
    return Annotated[Union[types], Field(discriminator="family")]  # noqa: UP007 - a runtime tuple of types


def check_family(family: Family, roles: Iterable[str] | None = None) -> list[str]:
    """Everything wrong with a family's registration (empty when it wires): each reference
    resolves, to the right kind of thing, and the template exists. ``roles`` (fields of
    ``Family.REFS`` and ``"template"``) limits the check, e.g. to leave out the engine's pieces."""
    out: list[str] = []
    roles = tuple((*Family.REFS, "template") if roles is None else roles)
    for role, ref in family.refs(r for r in roles if r in Family.REFS):
        why = resolves(ref)
        if why is not None:
            out.append(f"{family.name}: {role}: {why}")
            continue
        obj = resolve(ref)
        if role == "parser" and not all(hasattr(obj, a) for a in ("RULES", "finish")):
            out.append(f"{family.name}: parser: {ref} has no RULES and finish")
        elif role == "importer" and not all(hasattr(obj, a) for a in ("phase", "finish")):
            out.append(f"{family.name}: importer: {ref} has no phase and finish")
        elif role == "spec":
            tag = getattr(obj, "model_fields", {}).get("family")
            if tag is None or tag.default != family.name:
                out.append(f"{family.name}: spec: {ref} has no field family = {family.name!r}")
        elif role == "engine":
            from ..engine.family import EngineFamily
            from ..engine.phase import Phase

            if not isinstance(obj, EngineFamily) or obj.name != family.name:
                out.append(f"{family.name}: engine: {ref} is not the EngineFamily of {family.name!r}")
            elif not all(isinstance(c, type) and issubclass(c, Phase) for c in obj.phases):
                out.append(f"{family.name}: engine: {ref} lists a phase that is not a Phase class")
            elif not any(c.card_play for c in obj.phases) or not any(c.deals_cards for c in obj.phases):
                out.append(f"{family.name}: engine: {ref} has no phase that deals or no card play")
        elif role == "modules":
            from ..modules import check_family_rows

            out += check_family_rows(family, obj)
        elif role == "bot_hints":
            from ..bots.hints import BotHints

            if not isinstance(obj, BotHints):
                out.append(f"{family.name}: bot_hints: {ref} is not a BotHints")
        elif role not in ("parser", "importer", "modules") and not callable(obj):
            out.append(f"{family.name}: {role}: {ref} is not a class or function")
    if "template" in roles and not (TEMPLATES / family.template).is_file():
        out.append(f"{family.name}: template: no file templates/{family.template}")
    if family.weight <= 0:
        out.append(f"{family.name}: weight: {family.weight} is not a number of games")
    return out


def _discover() -> None:
    """Import every registration file of this package (name order)."""
    for info in sorted(pkgutil.iter_modules(__path__), key=lambda m: m.name):
        importlib.import_module(f"{__name__}.{info.name}")


_discover()

__all__ = [
    "ANY", "DEFAULT", "FAMILIES", "Family", "SamplerTraits", "UnresolvedReference", "check_family", "choose",
    "family_named", "family_of", "play_union", "register", "resolve",
]
