"""The family registry: every family of games Parlour plays, and where each of its pieces lives.

A family (the seed book's four: trick-taking, climbing, matching, melding) is one package, its
own piece of every layer in one folder (``generator/families/climbing/``: ``spec``, ``sampler``,
``parser``, ``importer``, ``checks``, ``engine/``, ``bots``; its *Play* template under
``templates/families/climbing/``), and one ``Family`` record that the package's ``__init__``
registers with a single ``register(Family(...))``. The record names the family's piece in every
layer, so the generic code never names a family: ``GameSpec`` builds its ``play`` field from the
registry (and builds it again when a family registers later), the sampler draws the family's play
section, the renderer includes its template, the parser reads its *Play* section with its rules,
the checks run its checks and the importer reads its sentences with its patterns.

A family from outside this package registers the same way: its package calls ``register``, and a
command finds it through ``PARLOUR_FAMILIES`` (module names, comma-separated, imported after the
built-in families, in every process, workers included). Its templates may live in its own folder
(``Family.templates``). A family not in the seed book has a weight its registration gives with
its reason (0: ``--family any`` never draws it) and may have no importer; docs/architecture.md shows one, kept among the tests.

Pieces are lazy references (``generator.refs``): ``"package.module:Name"`` strings resolved on
first use. That keeps this registry importable from the spec (which every layer imports) and while
a layer is being rebuilt; ``check_family`` resolves every piece, and the tests run it.

Every family package here is imported when this package is, in name order, then those named by
``PARLOUR_FAMILIES``; ``FAMILIES`` keeps the registration order.
"""

from __future__ import annotations

import importlib
import os
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
#: Modules that register families from outside this package, comma-separated (read at import).
ENVIRONMENT = "PARLOUR_FAMILIES"


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
    #: What a reversal does to a turn already under way (trick play: the players yet to play to
    #: the trick go the new way round); "" where turns are single plays and nothing is under way.
    reverse: str = (" (in the middle of a trick, the players who have not yet played to it follow in the new "
                    "direction from the player of that card)")
    passes: str = ": they play no card to that trick"      # what passing means, after "that player passes"


@dataclass(frozen=True)
class Family:
    """One family and its piece in every layer. ``ref`` fields are lazy references (see above)."""

    name: str                  # the tag of the spec's play section (``play.family``) and the rulebook's word
    weight: int                # games of this family in the seed book (167 games in all); beyond it, its own (0: never drawn)
    spec: str                  # ref: the pydantic model of the play section; its ``family`` is ``name``
    sampler: str               # ref: draw_play(draw, deck, deal, setup, bidding, bad_suit, flavour)
    template: str              # the *Play* section's template, under templates/
    parser: str                # ref to a module of generator.text.parse: RULES, finish(draft), MARKS
    importer: str | None       # ref to its importer module: phase (patterns), finish(draft); None: none
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
    #: What a game of the family is, in a sentence or two: the opening of the family's part of a book.
    book_intro: str = ""
    #: ref: the intro facts (NM-06, ``spec.naming.FACTS``) of the family's own modules, each with
    #: when a game has it: {fact: holds(spec)}; a fact no family claims never holds.
    intro_facts: str | None = None
    #: ref: goal(spec) -> str, how a hand is won when it is won by getting rid of one's cards, in a
    #: reader's words (the quick reference's *Goal*); None: "be the first to get rid of your cards".
    goal: str | None = None
    #: ref: uses(spec) -> set of the rule words the game's play has, of those the rulebook lint
    #: asks about (``text.lint.RULE_WORDS``: "melds", "sets", "runs", "lay off", "jokers" for its
    #: own wild cards); a sentence about one the game lacks is a finding. None: none of them.
    uses: str | None = None
    #: The folder its templates are in when not under the project's ``templates/``: a template
    #: named ``<folder of template>/<file>`` is then read from ``templates / <file>``.
    templates: Path | None = None
    #: ref to the family's rows of the module registry (``generator.modules``, which gathers them): a
    #: module with ``MODULES`` (its own modules), ``ENGINE`` (its engine places by key) and ``SHARES``
    #: (its part in the shared modules it draws). None: the family has no rows in the catalogue.
    modules: str | None = None
    #: ref: rows() -> the catalogue's rate of each option of its modules, taken over its games
    #: (``generator.sample.frequencies`` gathers them). None: no rates to compare.
    frequencies: str | None = None

    #: The fields that are lazy references (None allowed for ``goal``, ``modules`` and ``frequencies``),
    #: and those of them that name the engine.
    REFS = ("spec", "sampler", "scoring_sampler", "parser", "importer", "checks", "engine", "phases", "rules",
            "scoring", "bot_hints", "bounds", "goal", "intro_facts", "modules", "frequencies")
    ENGINE = ("engine", "phases", "rules", "scoring")

    def refs(self, roles: Iterable[str] | None = None) -> list[tuple[str, str]]:
        """(role, reference) for every lazy piece, or for ``roles`` only."""
        out: list[tuple[str, str]] = []
        for role in self.REFS if roles is None else roles:
            value = getattr(self, role)
            if value is None:   # an optional piece the family does without
                continue
            out += [(role, ref) for ref in (value if isinstance(value, tuple) else (value,))]
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


#: Called with each family as it registers: what was built from the registry (the spec's union
#: of play sections) is built again, so a family registered late is no different.
ON_REGISTER: list[Any] = []


def register(family: Family) -> Family:
    """Add a family to the registry (its registration file's one line)."""
    if family.name == ANY:
        raise ValueError(f"{ANY!r} stands for a family drawn at random; no family may take that name")
    if family.name in FAMILIES:
        raise ValueError(f"a family named {family.name!r} is already registered")
    FAMILIES[family.name] = family
    for hook in ON_REGISTER:
        hook(family)
    return family


def template_path(name: str) -> Path:
    """The file of a template name: under a family's own folder (``Family.templates``) when the
    name is in that family's template folder, else under the project's ``templates/``."""
    for family in FAMILIES.values():
        folder = Path(family.template).parent
        if family.templates is not None and Path(name).parent == folder:
            return family.templates / Path(name).name
    return TEMPLATES / name


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
            from ..spec.play import PlaySection

            tag = getattr(obj, "model_fields", {}).get("family")
            if tag is None or tag.default != family.name:
                out.append(f"{family.name}: spec: {ref} has no field family = {family.name!r}")
            elif not (isinstance(obj, type) and issubclass(obj, PlaySection)):
                out.append(f"{family.name}: spec: {ref} is not a PlaySection (generator.spec.play)")
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
        elif role == "intro_facts" and not (isinstance(obj, dict) and all(map(callable, obj.values()))):
            out.append(f"{family.name}: intro_facts: {ref} is not a dict of fact -> holds(spec)")
        elif role not in ("parser", "importer", "intro_facts", "modules") and not callable(obj):
            out.append(f"{family.name}: {role}: {ref} is not a class or function")
    if "template" in roles and not template_path(family.template).is_file():
        out.append(f"{family.name}: template: no file {template_path(family.template)}")
    if family.weight < 0:
        out.append(f"{family.name}: weight: {family.weight} is not a number of games")
    return out


def _discover() -> None:
    """Import every family package here (name order), then the modules ``PARLOUR_FAMILIES`` names."""
    for info in sorted(pkgutil.iter_modules(__path__), key=lambda m: m.name):
        importlib.import_module(f"{__name__}.{info.name}")
    for name in filter(None, (n.strip() for n in os.environ.get(ENVIRONMENT, "").split(","))):
        try:
            importlib.import_module(name)
        except ImportError as exc:
            raise ImportError(f"{ENVIRONMENT}: cannot import the family module {name!r} ({exc})") from exc


_discover()

__all__ = [
    "ANY", "DEFAULT", "FAMILIES", "Family", "SamplerTraits", "UnresolvedReference", "check_family", "choose",
    "family_named", "family_of", "play_union", "register", "resolve", "template_path",
]
