"""The registry of rule modules: every module of the seed book's catalogue (``docs/hyloe-modules.md``)
that Parlour supports, as an object that points at its five places — and ``check_registry``, which
follows every pointer and says what is missing.

A module is one idea (robbing the turned trump, the boost trick, exact-bid scoring) that lives in:

* the spec (``fields``: dotted ``GameSpec`` paths, checked against the spec's models);
* the sampler (``sampler``: the module column of its rows in the catalogue's rates, which
  ``generator.sample.frequencies`` compares with the sampler's; ``draws``: the sampler functions
  that draw it);
* the rulebook (``templates``: the Jinja files that print it, each included by the rulebook's
  sections list and each referring to the module's fields — ``spec.<path>``, an alias of one, or a
  derived value computed from one, ``generator.text.render.DERIVED_FROM``);
* the parser (``parser``: ``"<phase>:<rule>"``, the sentence rules of ``generator.text.parse.<phase>``
  (or of a family's parser, its name the phase) named ``<rule>`` that read its sentences — each
  rule's handler must write or check one of the module's fields — or a step of that phase that
  does, ``finish`` or ``read_title``);
* the engine (``engine``: keys of ``ENGINE``, lazy references to the phase class or function that
  executes it; only the naming modules have none).

``present(spec)`` says whether a game uses the module.

The rows live with their owners. This file holds the modules several families share (naming, the
deck, the deal, setup, bidding, scoring, the end, and what the shedding families share: tokens,
face-down rows, the stock, the call …) and the engine's shared places. Each family's rows are in its
package (``generator/families/<family>/modules.py``, its registration's ``modules``): its own
modules, its engine places, and its part in the shared modules (``SHARES``: the shared modules only
some families draw that it does, and the places of its own — a template, a parser rule, its play
phase or scorer — that print, read or play them). ``MODULES``, ``BY_ID``, ``ENGINE`` and
``DRAWN_BY`` gather them from the registered families, in registration order, when asked for (a
family's rows import this file for ``Module``, so they cannot be gathered while it loads; and a
family registered from outside the package later is gathered too).

``tests/test_modules.py`` runs ``check_registry`` on ``MODULES`` and on registries with one place
knocked out, and ``benchmarks/modules.py`` counts how often sampled games use each module.
"""

from __future__ import annotations

import dataclasses
import functools
import inspect
import re
import types
import typing
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, NamedTuple

import jinja2
from jinja2 import nodes
from pydantic import BaseModel

from .families import FAMILIES, Family, family_of, template_path
from .refs import resolve, resolves
from .spec import GameSpec
from .spec.scoring import SHEDDING_KINDS
from .text import sections as rulebook

#: The engine's shared places (lazy references, ``generator.refs``): one phase class per file under
#: ``engine/steps/`` for the setup steps, the scorer of tricks taken (trick-taking's hand, and
#: climbing's when its piles are tricks), the laws and the end. Each family adds its own (its play
#: phase, rules of play and scorer): ``ENGINE`` gathers both.
SHARED_ENGINE: dict[str, str] = {
    "game": "generator.engine.state:Game",
    "cards": "generator.engine.cards:compile_deck",
    "deal": "generator.engine.steps.deal:Deal",
    "misdeal": "generator.engine.steps.misdeal:ShowMisdeal",
    "kitty": "generator.engine.steps.kitty:GiveToKitty",
    "invent": "generator.engine.steps.invent:InventLaw",
    "call": "generator.engine.steps.call:CallTrumps",
    "name_trumps": "generator.engine.steps.call:NameTrumps",
    "trumps": "generator.engine.steps.trumps:FixTrumps",
    "anti": "generator.engine.steps.anti:NameAntiTrumps",
    "blind": "generator.engine.steps.blind:BlindBids",
    "bids": "generator.engine.steps.bids:TrickBids",
    "auction": "generator.engine.steps.auction:Auction",
    "pig": "generator.engine.steps.pig:RevealPig",
    "high_low": "generator.engine.steps.high_low:ShowHighLow",
    "rob": "generator.engine.steps.rob:Rob",
    "top_trump": "generator.engine.steps.top_trump:ShowTopTrump",
    "exchange": "generator.engine.steps.exchange:Exchange",
    "scoring": "generator.engine.trick_scoring:HandScorer",
    "laws": "generator.engine.laws:LawBook",
    "sides": "generator.engine.sides:Sides",
    "coalition": "generator.engine.sides:Coalition",
    "card_points": "generator.engine.card_points:CardPointsCounter",
    "ending": "generator.engine.ending:EndRules",
}


def _parser_phases() -> tuple[str, ...]:
    """The modules of ``generator.text.parse`` the rulebook's sections read with, in section order."""
    names: list[str] = []
    for section in rulebook.SECTIONS:
        if section.notes:   # the sections after the rules state none: no module lives there
            continue
        if section.by_family:
            names += list(FAMILIES)
        else:
            names += [name.partition(":")[0] for name in section.rules]  # type: ignore[union-attr]
    return tuple(dict.fromkeys(names))


def parse_module(phase: str) -> str:
    """The parser module of a phase: a family's own (its name is the phase of its *Play* section),
    or the module of ``generator.text.parse`` the sections list names."""
    return FAMILIES[phase].parser if phase in FAMILIES else f"{rulebook.PARSE}.{phase}"


def template_phase(template: str) -> str:
    """The parser phase that reads what a template prints: a family's *Play* template is read by
    the family's parser, any other by the parse module of its stem (``rules/deck.md.j2``: deck)."""
    for family in FAMILIES.values():
        if family.template == template:
            return family.name
    return Path(template).name.removesuffix(".md.j2")


#: The parser's places: one module per phase (a family's *Play*, or a module of
#: ``generator.text.parse``), each with its sentence rules.
PARSER: dict[str, str] = {phase: f"{parse_module(phase)}:RULES" for phase in _parser_phases()}
#: Parser steps a module may point at besides rules: a phase's finish, the title.
STEPS = ("finish", "read_title")

#: The shared sections' templates (a family's *Play* template is its registration's ``template``).
SETUP, BIDDING, SCORING = "rules/setup.md.j2", "rules/bidding.md.j2", "rules/scoring.md.j2"
INTRO, DECK, DEAL, LAWS, ENDING = "rules/intro.md.j2", "rules/deck.md.j2", "rules/deal.md.j2", "rules/laws.md.j2", "rules/ending.md.j2"


@dataclass(frozen=True)
class Module:
    id: str  # the catalogue's id (a suffix letter marks a part of a catalogue module)
    name: str
    fields: tuple[str, ...]  # dotted GameSpec field paths the module lives in
    present: Callable[[GameSpec], bool]
    sampler: str  # module column of its rows in generator.sample.frequencies
    draws: tuple[str, ...]  # references to the sampler functions that draw it
    templates: tuple[str, ...]  # under templates/
    parser: tuple[str, ...]  # "<phase>:<rule or step>" of generator.text.parse
    engine: tuple[str, ...] = ()  # keys of ENGINE; none only for naming (no effect on play)
    families: tuple[str, ...] = ()  # the families whose games alone can have it; (): every family's

    @property
    def engine_paths(self) -> tuple[str, ...]:
        engine = _registry().engine
        return tuple(engine[key] for key in self.engine)

    @property
    def parser_phases(self) -> tuple[str, ...]:
        """The parse modules its rules are in (keys of PARSER), in order."""
        return tuple(dict.fromkeys(ref.partition(":")[0] for ref in self.parser))

    @property
    def parser_paths(self) -> tuple[str, ...]:
        return tuple(PARSER[key] for key in self.parser_phases if key in PARSER)

    def draw_functions(self) -> tuple[Any, ...]:
        """The sampler functions themselves."""
        return tuple(resolve(ref) for ref in self.draws)

    def parser_rules(self) -> tuple[Any, ...]:
        """The parser's rule objects (and steps) that read the module's sentences."""
        return tuple(r for ref in self.parser for r in readers(ref))


@dataclass(frozen=True)
class Share:
    """A family's part in a shared module: the fields of its play section the module also lives
    in, and the places of its own that draw, print, read or play it. They follow the shared row's
    places, family by family in registration order."""

    fields: tuple[str, ...] = ()
    draws: tuple[str, ...] = ()
    templates: tuple[str, ...] = ()
    parser: tuple[str, ...] = ()
    engine: tuple[str, ...] = ()


def _trumps(s: GameSpec) -> bool:
    return s.setup.trumps.method != "none"


def _extras(s: GameSpec):
    return getattr(s.scoring, "extras", None)


def _draw(phase: str, *names: str) -> tuple[str, ...]:
    """References to sampler functions: of a family's sampler (``phase`` a family's name) or of
    ``generator.sample.<phase>``."""
    module = FAMILIES[phase].sampler.partition(":")[0] if phase in FAMILIES else f"generator.sample.{phase}"
    return tuple(f"{module}:{name}" for name in names)


def _shedding(s: GameSpec) -> bool:
    return s.scoring.kind in SHEDDING_KINDS


def _titles(s: GameSpec) -> bool:
    return s.scoring.kind == "titles"


def _passing(kind: str) -> Callable[[GameSpec], bool]:
    return lambda s: _titles(s) and s.scoring.passing is not None and s.scoring.passing.kind == kind

#: The modules several families share, before the families' own play (naming and players, the
#: deck, the deal, setup, bidding) …
BEFORE_PLAY: tuple[Module, ...] = (
    # naming and players
    Module("NM-01", "country", ("naming.country", "naming.show_country"), lambda s: True, "NM-01 country",
           _draw("naming", "draw_name", "draw_intro"), (INTRO,), ("intro:village", "intro:finish")),
    Module("NM-03", "aliases", ("naming.name", "naming.aliases"), lambda s: bool(s.naming.aliases), "NM-03 aliases",
           _draw("naming", "draw_name"), (INTRO,), ("intro:read_title",)),
    Module("NM-05", "adjective and fact", ("naming.adjective", "naming.fact"), lambda s: True, "NM-05 adjective",
           _draw("naming", "draw_intro"), (INTRO,), ("intro:intro", "intro:finish")),
    Module("DL-01", "player range", ("players.min", "players.max"), lambda s: True, "DL-01 players",
           _draw("deal", "draw_players"), (INTRO,), ("intro:intro",), ("game",)),
    # Parlour's own (the catalogue has no partnerships): fixed sides, scored as one player.
    Module("PA-01", "partnerships", ("players.sides",), lambda s: s.players.sides is not None, "PA-01 sides",
           _draw("deal", "draw_sides"), ("rules/sides.md.j2",),
           ("sides:fixed", "sides:ranged", "sides:mixed", "sides:as_one", "sides:side"),
           ("sides", "game", "scoring")),
    # Parlour's own: sides formed each hand, the caller alone against the rest (scored as sides
    # within the hand, every player's own total across hands).
    Module("PA-02", "coalition", ("players.coalition",), lambda s: s.players.coalition is not None, "PA-02 coalition",
           _draw("deal", "draw_sides"), ("rules/sides.md.j2",), ("sides:coalition", "sides:coalition_totals"),
           ("coalition", "game", "scoring")),
    # the deck
    Module("DK-01", "deck type", ("deck.kind",), lambda s: True, "DK-01 deck", _draw("deck", "draw_kind", "draw_real_pack"),
           (DECK,),
           ("deck:pack", "deck:tarot"), ("cards",)),
    # The rank order, and beyond the catalogue the pips of one colour reversed (issue 33).
    Module("DK-02", "rank order", ("deck.order", "deck.promoted", "deck.reversed_pips"), lambda s: True,
           "DK-02 rank order", _draw("deck", "draw_order", "draw_real_pack"), (DECK,), ("deck:promoted", "deck:colour_list", "deck:finish"),
           ("cards",)),
    Module("DK-03", "rank removal", ("deck.removed",), lambda s: bool(s.deck.removed), "DK-03 ranks removed",
           _draw("deck", "draw_removed"), (DECK,), ("deck:removed",), ("cards",)),
    Module("DK-04", "jokers", ("deck.jokers",), lambda s: s.deck.jokers > 0, "DK-04 jokers",
           _draw("deck", "draw_jokers"), (DECK,), ("deck:jokers",), ("cards",)),
    # the deal
    Module("DL-02", "hand size", ("deal.hand_size",), lambda s: s.deal.hand_size != "all", "DL-02 hand size",
           _draw("deal", "draw_hand_size"), (DEAL,), ("deal:hand_size",), ("deal",)),
    Module("DL-03", "deal all", ("deal.hand_size",), lambda s: s.deal.hand_size == "all", "DL-03 deal all",
           _draw("deal", "draw_deal"), (DEAL,), ("deal:deal_all",), ("deal",)),
    Module("DL-05", "fewer cards with more than three", ("deal.hand_size_over_three",),
           lambda s: s.deal.hand_size_over_three is not None, "DL-05 fewer over three", _draw("deal", "draw_deal"),
           (DEAL,), ("deal:over_three",), ("deal",)),
    Module("DL-06", "odd card", ("deal.odd_card",), lambda s: s.deal.odd_card is not None, "DL-06 odd card",
           _draw("deal", "draw_deal"), (DEAL,), ("deal:odd_card",), ("deal",)),
    Module("DL-07", "misdeal", ("deal.misdeal",), lambda s: s.deal.misdeal is not None, "DL-07 misdeal",
           _draw("deal", "draw_deal"), (DEAL,), ("deal:misdeal",), ("misdeal",)),
    Module("DL-11", "kitty", ("deal.kitty",), lambda s: s.deal.kitty is not None, "DL-11 kitty",
           _draw("deal", "draw_deal"), (DEAL,),
           ("deal:kitty_dealt", "deal:kitty_undealt", "deal:kitty_contributed", "deal:kitty_size"), ("deal", "kitty")),
    # setup
    Module("SU-02", "trump selection", ("setup.trumps",), _trumps, "SU-02 trump method", _draw("setup", "draw_trumps"),
           (SETUP,), ("setup:method",), ("call", "name_trumps", "trumps")),
    Module("SU-03", "anti-trumps", ("setup.anti_trumps",), lambda s: s.setup.anti_trumps, "SU-03 anti-trumps",
           _draw("setup", "draw_setup"), (SETUP,), ("setup:anti_trumps",), ("anti",)),
    # Parlour's own (the catalogue has none): the Jacks of the trump colour promoted (Euchre).
    Module("SU-11", "bowers", ("setup.bowers",), lambda s: s.setup.bowers, "SU-11 bowers",
           _draw("setup", "draw_setup"), (SETUP,), ("setup:bowers",), ("cards", "trumps")),
    Module("SU-04", "robbing the turned trump", ("setup.robbing",), lambda s: s.setup.robbing is not None,
           "SU-04 robbing", _draw("setup", "draw_setup"), (SETUP,), ("setup:robbing", "setup:rob_joker"), ("rob",)),
    Module("SU-05", "joker turned means no trump", ("setup.trumps",),
           lambda s: s.deck.jokers > 0 and s.setup.trumps.method in ("turn-up", "hidden", "last-card"),
           "SU-05 joker turned", _draw("setup", "draw_trumps"), (SETUP,), ("setup:method",), ("trumps",)),
    Module("SU-06", "top trump for a point", ("setup.top_trump_point",), lambda s: s.setup.top_trump_point,
           "SU-06 top trump point", _draw("setup", "draw_setup"), (SETUP, SCORING),
           ("setup:top_trump", "scoring:top_trump_shown"), ("top_trump",)),
    Module("SU-07", "high or low hands", ("setup.high_low",), lambda s: s.setup.high_low, "SU-07 high/low",
           _draw("setup", "draw_setup"), (SETUP,), ("setup:low",), ("high_low",)),
    Module("SU-08", "pig card", ("setup.pig",), lambda s: s.setup.pig is not None, "SU-08 pig",
           _draw("setup", "draw_setup"), (SETUP, SCORING), ("setup:pig", "setup:pig_shown", "scoring:pig_points"),
           ("pig",)),
    Module("SU-09", "invented rules", ("setup.extra_rules",), lambda s: s.setup.extra_rules is not None,
           "SU-09 extra rules", _draw("setup", "draw_setup"), (LAWS,), ("laws:named", "laws:bonus", "laws:secret"),
           ("invent", "laws")),
    Module("SU-10", "exchange", ("setup.exchange",), lambda s: s.setup.exchange is not None, "SU-10 exchange",
           _draw("setup", "draw_exchange"), (SETUP,), ("setup:exchange", "setup:exchange_steps", "setup:exchange_end"),
           ("exchange",)),
    # bidding
    Module("BD-01", "trick bidding", ("bidding.tricks",), lambda s: s.bidding.tricks is not None,
           "BD-01 trick bidding", _draw("bidding", "draw_trick_bidding"), (BIDDING,),
           ("bidding:bids", "bidding:blind", "bidding:blind_step", "bidding:simultaneous", "bidding:hook"),
           ("bids", "blind")),
    Module("BD-03", "landlord auction", ("bidding.auction",), lambda s: s.bidding.auction is not None,
           "BD-03 auction", _draw("bidding", "draw_auction"), (BIDDING,), ("bidding:auction", "bidding:landlord"),
           ("auction",)),
    Module("BD-03p", "landlord payments", ("bidding.auction",), lambda s: s.bidding.auction is not None,
           "BD-03 auction", _draw("bidding", "draw_auction"), (SCORING,), ("scoring:settles",), ("scoring",)),
)

#: … and after it (what the shedding families share, scoring, the end). ``MODULES`` is these, with
#: every registered family's own modules between them.
AFTER_PLAY: tuple[Module, ...] = (
    # what the shedding families share in the deck, the deal and play: the run wrap, countdown
    # tokens, face-down rows, the stock and its discard piles, calling the last card (SH-01); the
    # families that draw them play them in their own turn and scorer (their SHARES)
    Module("DK-05", "run wrap", ("deck.run_wrap",), lambda s: s.deck.run_wrap, "DK-05 run wrap",
           _draw("deck", "draw_run_wrap"), (DECK,), ("deck:run_wrap",), ("cards",)),
    Module("DL-04", "countdown tokens", ("deal.tokens",), lambda s: s.deal.tokens is not None, "DL-04 tokens",
           _draw("deal", "draw_deal"), (DEAL,), ("deal:token_cards",), ("deal", "ending")),
    Module("DL-12", "face-down rows", ("deal.rows",), lambda s: s.deal.rows, "DL-12 rows", _draw("deal", "draw_deal"),
           (DEAL,), ("deal:rows",), ("deal",)),
    Module("DL-08", "discard piles", ("deal.stock.discard_piles",),
           lambda s: s.deal.stock is not None and s.deal.stock.discard_piles == 2, "DL-08 discard piles",
           _draw("deal", "draw_stock"), (DEAL,), ("deal:discard_piles",), ("deal",)),
    Module("DL-09", "wild-rank card", ("deal.stock.wild_card",),
           lambda s: s.deal.stock is not None and s.deal.stock.wild_card, "DL-09 wild card",
           _draw("deal", "draw_stock"), (DEAL,), ("deal:wild_card",), ("deal",)),
    Module("DL-10", "stock", ("deal.stock",), lambda s: s.deal.stock is not None, "DL-10 stock",
           _draw("deal", "draw_stock", "draw_deal"), (DEAL,), ("deal:stock",), ("deal",)),
    # drawn, printed, read and played in the Play sections of the families that have it
    Module("SH-01", "calling the last card", ("play.call",), lambda s: s.play.call is not None, "SH-01 call",
           (), (), (), ()),
    # scoring
    Module("SC-T1", "avoid-suit scoring",
           ("scoring.kind", "scoring.suit", "scoring.per_card", "scoring.penalty_card", "scoring.bonus_card", "scoring.joker_loss",
            "scoring.shoot_the_moon", "scoring.doubler", "scoring.pig_points"),
           lambda s: s.scoring.kind == "avoid-suit", "SC-T1 avoid suit", _draw("scoring", "draw_avoid_suit"),
           (SCORING,), ("scoring:avoid", "scoring:per_card", "scoring:moon", "scoring:penalty", "scoring:bonus",
                        "scoring:joker_loss", "scoring:doubler", "scoring:pig_points"), ("scoring",)),
    Module("SC-T2", "exact-bid scoring", ("scoring.kind", "scoring.otherwise"), lambda s: s.scoring.kind == "exact-bid",
           "SC-T2 exact bid", _draw("scoring", "draw_scoring"), (SCORING,), ("scoring:exact", "scoring:otherwise"),
           ("scoring",)),
    Module("SC-T3", "points per trick", ("scoring.kind", "scoring.beyond", "scoring.quotas"), lambda s: s.scoring.kind == "per-trick",
           "SC-T3 per trick", _draw("scoring", "draw_per_trick"), (SCORING,), ("scoring:per_trick", "scoring:quotas"), ("scoring",)),
    Module("SC-T3b", "bidding bonuses", ("scoring.exact_bonus", "scoring.zero_bonus", "scoring.blind_bonus"),
           lambda s: s.scoring.kind == "per-trick" and s.scoring.exact_bonus is not None, "SC-T3 bid bonuses",
           _draw("scoring", "draw_per_trick"), (SCORING,), ("scoring:bonus_points",), ("scoring",)),
    Module("SC-T4", "per-trick extras", ("scoring.extras",),
           lambda s: _extras(s) is not None and _extras(s) != type(_extras(s))(), "SC-T4 extras",
           _draw("scoring", "draw_extras"), (SCORING,), ("scoring:extra", "scoring:pig_extra", "scoring:top_trump"),
           ("scoring",)),
    Module("SC-T5", "bonus rules after the hand", ("setup.extra_rules",),
           lambda s: s.setup.extra_rules is not None and s.setup.extra_rules.kind == "bonus", "SU-09 extra rules",
           _draw("setup", "draw_setup"), (LAWS,), ("laws:bonus",), ("invent",)),
    Module("SC-T6", "high/low inversion", ("setup.high_low",), lambda s: s.setup.high_low, "SU-07 high/low",
           _draw("setup", "draw_setup"), (SCORING,), ("scoring:low_hands",), ("scoring",)),
    # shedding scoring (SC-A) and the rules between hands of a titles game (WU): played by the scorer
    # (and the turn) of each family that draws them, as its SHARES say
    Module("SC-A1", "countdown", ("scoring.kind",),
           lambda s: s.scoring.kind == "countdown" and getattr(s.play, "collection", None) != "trick",
           "SC-A1 countdown", _draw("shedding", "draw_shedding"), (SCORING,), ("scoring:countdown",),
           ()),
    Module("SC-A2", "hand value", ("scoring.kind", "scoring.values", "scoring.losers_lose", "scoring.pig_cards"),
           lambda s: s.scoring.kind in ("card-values", "card-count"), "SC-A2 hand value",
           _draw("shedding", "draw_hand_value", "draw_card_values"), (SCORING,),
           ("scoring:shedding", "scoring:value", "scoring:numbers", "scoring:pig_cards"), ()),
    Module("SC-A2e", "round end", ("scoring.round_end", "scoring.stock_out", "scoring.low_finish_double"),
           lambda s: s.scoring.kind in ("card-values", "card-count", "landlord-stake"), "SC-A2 hand value",
           _draw("shedding", "draw_hand_value"), (SCORING,),
           ("scoring:round_end", "scoring:stock_out", "scoring:low_finish_double"), ()),
    Module("SC-A2l", "landlord's stake", ("scoring.kind", "bidding.auction"), lambda s: s.scoring.kind == "landlord-stake",
           "SC-A2 hand value", _draw("shedding", "draw_hand_value"), (SCORING,), ("scoring:settles", "scoring:doubled"),
           ()),
    Module("SC-A3", "titles",
           ("scoring.title", "scoring.first", "scoring.vice", "scoring.second", "scoring.loser", "scoring.loser_penalty",
            "scoring.retire", "scoring.pig"),
           _titles, "SC-A3 titles", _draw("shedding", "draw_titles"), (SCORING,),
           ("scoring:titles", "scoring:vice", "scoring:loser", "scoring:title_pig"), ()),
    Module("SC-A4", "first out", ("scoring.kind",), lambda s: s.scoring.kind == "first-out", "SC-A4 first out",
           _draw("shedding", "draw_shedding"), (SCORING,), ("scoring:first_out",), ()),
    Module("SC-A5", "invented rules after the hand", ("scoring.rule_maker", "scoring.kind"),
           lambda s: _shedding(s) and s.setup.extra_rules is not None, "SC-A5 rule maker",
           _draw("shedding", "draw_titles"), (LAWS, SCORING), ("laws:bonus", "scoring:finish"), ("invent",)),
    Module("WU-01", "who leads the next hand", ("scoring.starter",), _titles, "WU-01 starter",
           _draw("shedding", "draw_titles"), (SCORING,), ("scoring:starter",), ()),
    Module("WU-02", "the loser's best card", ("scoring.passing",), _passing("best-card"), "WU-02 best card",
           _draw("shedding", "draw_passing"), (SCORING,), ("scoring:passing",), ()),
    Module("WU-03", "the loser's two cards", ("scoring.passing",), _passing("two-cards"), "WU-03 two cards",
           _draw("shedding", "draw_passing"), (SCORING,), ("scoring:passing",), ()),
    Module("WU-04", "swapping hands", ("scoring.passing",), _passing("swap-hands"), "WU-04 swap hands",
           _draw("shedding", "draw_passing"), (SCORING,), ("scoring:passing",), ()),
    Module("WU-05", "the loser deals", ("scoring.passing",), _passing("loser-deals"), "WU-05 loser deals",
           _draw("shedding", "draw_passing"), (SCORING,), ("scoring:passing",), ()),
    # the end
    Module("EN-01", "countdown tokens", ("ending.condition",), lambda s: s.ending.condition.kind == "tokens",
           "EN-01 tokens", _draw("ending", "draw_ending"), (ENDING,), ("ending:tokens_gone",), ("ending",)),
    Module("EN-02", "fixed length", ("ending.condition",), lambda s: s.ending.condition.kind in ("rounds", "shrinking"),
           "EN-02 fixed length", _draw("ending", "draw_ending"), (ENDING, DEAL),
           ("ending:condition", "ending:back_up", "deal:sizes", "deal:grows_back"), ("ending",)),
    Module("EN-03", "target or threshold", ("ending.condition",),
           lambda s: s.ending.condition.kind in ("target", "threshold"), "EN-03 target",
           _draw("ending", "draw_ending", "draw_target"), (ENDING,), ("ending:condition",), ("ending",)),
    Module("EN-04", "ties", ("ending.ties",), lambda s: True, "EN-04 ties", _draw("ending", "draw_ending"), (ENDING,),
           ("ending:ties",), ("ending",)),
    # A hand won by a majority of its tricks (Parlour's id: Omi, Court Piece), scored by who won it.
    Module("PA-03", "trick majority", ("scoring.needed", "scoring.points", "scoring.caller_points", "scoring.sweep",
                                       "scoring.stop"),
           lambda s: s.scoring.kind == "majority", "PA-03 trick majority", _draw("scoring", "draw_majority"),
           (SCORING,), ("scoring:majority", "scoring:caller_points", "scoring:sweep_points", "scoring:nobody"),
           ("scoring",)),
    # Card points (Parlour's id: the catalogue has none): the cards a player took, by a table, with
    # majorities, sweeps, the last trick and groups; counted by the shared ``engine.card_points``
    # for the family's scorer (each family's share names its scorer and its sampler).
    Module("FI-08", "card points", ("scoring.ranks", "scoring.cards", "scoring.most_cards", "scoring.most_suit",
                                    "scoring.last_trick", "scoring.per_trick", "scoring.beyond", "scoring.groups"),
           lambda s: s.scoring.kind == "card-points", "FI-08 card points", (), (SCORING,),
           ("scoring:rank", "scoring:card", "scoring:most_cards",
            "scoring:most_suit", "scoring:ties", "scoring:last_trick", "scoring:per_trick", "scoring:beyond",
            "scoring:groups"),
           ("card_points",)),
)

#: Shared modules that only some families' samplers draw (by their ``SamplerTraits`` and the
#: catalogue's conditions): trumps and trick bidding; rank removal, the whole pack dealt and trick
#: scoring; the run wrap, tokens, face-down rows, the stock and its discard piles; shedding scoring
#: and the rules between titles hands; the call. A family names those it draws in its ``SHARES``;
#: one that no registered family draws is left out of ``MODULES``.
SOME_FAMILIES = frozenset({
    "SU-02", "SU-03", "SU-04", "SU-05", "SU-06", "SU-07", "SU-11", "BD-01", "SC-T2", "SC-T3b", "SC-T6",
    "DK-03", "DL-03", "SC-T1", "SC-T3", "SC-T4",
    "DK-05", "DL-04", "DL-12", "DL-08", "DL-09", "DL-10",
    "SC-A1", "SC-A2", "SC-A2e", "SC-A2l", "SC-A3", "SC-A4", "SC-A5", "WU-01", "WU-02", "WU-03", "WU-04", "WU-05",
    "EN-01", "SH-01", "PA-01", "PA-02", "PA-03", "FI-08",
})


class Registry(NamedTuple):
    """The registry gathered from the families: every module (and by its id), the engine's places,
    and the shared modules only some families draw with the families that draw them."""

    modules: tuple[Module, ...]
    by_id: dict[str, Module]
    engine: dict[str, str]
    drawn_by: dict[str, tuple[str, ...]]


def _joined(m: Module, shares: Iterable[Share]) -> Module:
    """A shared module with the families' parts after its own places (each place once)."""
    shares = tuple(shares)
    places = [f.name for f in dataclasses.fields(Share)]
    return dataclasses.replace(m, **{place: tuple(dict.fromkeys(
        (*getattr(m, place), *(x for share in shares for x in getattr(share, place))))) for place in places})


def _rows_of(family: Family) -> Any:
    """A family's rows of the registry (its ``modules`` module), or None."""
    return family.load("modules") if family.modules is not None else None


def gather(families: Iterable[Family]) -> Registry:
    """The registry of ``families`` (in their order): the shared modules, with each family's own
    modules (its games' alone) between those before play and those after, each shared module
    with the families' parts (``SHARES``) after its own places, and the engine's shared places
    followed by the families' own."""
    parts = [(family.name, rows) for family in families if (rows := _rows_of(family)) is not None]
    engine = dict(SHARED_ENGINE)
    for _, rows in parts:
        engine.update(rows.ENGINE)
    drawn_by: dict[str, tuple[str, ...]] = {}

    def shared(m: Module) -> Module | None:
        shares = {name: rows.SHARES[m.id] for name, rows in parts if m.id in getattr(rows, "SHARES", {})}
        if m.id in SOME_FAMILIES:
            if not shares:
                return None
            drawn_by[m.id] = tuple(shares)
        return dataclasses.replace(_joined(m, shares.values()), families=drawn_by.get(m.id, m.families))

    own = tuple(dataclasses.replace(m, families=(name,)) for name, rows in parts for m in rows.MODULES)
    modules = tuple(m for m in (*map(shared, BEFORE_PLAY), *own, *map(shared, AFTER_PLAY)) if m is not None)
    return Registry(modules, {m.id: m for m in modules}, engine, drawn_by)


def _registry() -> Registry:
    """The registry of the families registered now (a family registered later, from outside the
    package, is gathered when next asked)."""
    return _gathered(tuple(FAMILIES.values()))


@functools.lru_cache(maxsize=8)
def _gathered(families: tuple[Family, ...]) -> Registry:
    return gather(families)


#: Every module, gathered from the registered families when asked for (``gather``).
MODULES: tuple[Module, ...]
#: Every module by its id.
BY_ID: dict[str, Module]
#: The engine's places: the shared ones, then each family's.
ENGINE: dict[str, str]
#: The shared modules only some families draw, and the families that do (registration order).
DRAWN_BY: dict[str, tuple[str, ...]]


_TABLES = {"MODULES": "modules", "BY_ID": "by_id", "ENGINE": "engine", "DRAWN_BY": "drawn_by"}


def __getattr__(name: str) -> Any:
    """``MODULES``, ``BY_ID``, ``ENGINE`` and ``DRAWN_BY`` of the registered families, gathered when
    asked for (and again only once the registered families change)."""
    if name not in _TABLES:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(_registry(), _TABLES[name])


def modules_of(spec: GameSpec) -> list[str]:
    """The ids of the modules a game uses (a family's modules only for its own games)."""
    family = family_of(spec).name
    return [m.id for m in _registry().modules if (not m.families or family in m.families) and m.present(spec)]


def check_family_rows(family: Family, rows: Any) -> list[str]:
    """What is wrong with a family's rows of the registry (its ``modules``; ``check_family`` asks):
    its own modules are ``Module`` rows, its engine places are its own (no key of the shared places
    or of another registered family), and its ``SHARES`` name shared modules."""
    name, out = family.name, []
    own, engine = getattr(rows, "MODULES", None), getattr(rows, "ENGINE", None)
    if not isinstance(own, tuple) or not all(isinstance(m, Module) for m in own) or not isinstance(engine, dict):
        return [f"{name}: modules: {family.modules} has no MODULES (Module rows) and ENGINE (engine places)"]
    others = [(f.name, _rows_of(f)) for f in FAMILIES.values() if f.name != name]
    for key in engine:
        whose = "a shared place" if key in SHARED_ENGINE else next(
            (f"{other}'s" for other, r in others if r is not None and key in getattr(r, "ENGINE", {})), None)
        if whose:
            out.append(f"{name}: modules: engine place {key!r} is already {whose}")
    ids = {m.id for m in (*BEFORE_PLAY, *AFTER_PLAY)}
    for mid, share in getattr(rows, "SHARES", {}).items():
        if mid not in ids or not isinstance(share, Share):
            out.append(f"{name}: modules: SHARES names {mid!r}, which is not a shared module with a Share")
    return out


# --------------------------------------------------------------------------- the spec


def _models(annotation: Any) -> list[type[BaseModel]]:
    """The pydantic models inside a field's type (through Annotated, Optional, unions, lists)."""
    out: list[type[BaseModel]] = []
    stack = [annotation]
    while stack:
        tp = stack.pop()
        if isinstance(tp, type) and issubclass(tp, BaseModel):
            out.append(tp)
        elif typing.get_origin(tp) is not None or isinstance(tp, types.UnionType):
            stack.extend(typing.get_args(tp))
    return out


@functools.cache
def spec_paths(model: type[BaseModel] = GameSpec, prefix: str = "") -> frozenset[str]:
    """Every dotted field path of a spec model, through optional and union-typed sub-models."""
    out: set[str] = set()
    for name, info in model.model_fields.items():
        path = prefix + name
        out.add(path)
        for sub in _models(info.annotation):
            out |= spec_paths(sub, path + ".")
    return frozenset(out)


def _covers(field: str, paths: Iterable[str]) -> bool:
    """Whether a reference to one of ``paths`` is a reference to ``field`` (itself or a part of it)."""
    return any(p == field or p.startswith(field + ".") for p in paths)


# --------------------------------------------------------------------------- the rulebook


def _chain(node: nodes.Node, aliases: dict[str, str]) -> str | None:
    """The spec path (or ``d.<key>``) of ``spec.a.b`` or ``alias.b``; None for anything else."""
    attrs: list[str] = []
    while isinstance(node, nodes.Getattr):
        attrs.append(node.attr)
        node = node.node
    if not isinstance(node, nodes.Name) or node.name not in aliases:
        return None
    return ".".join(p for p in (aliases[node.name], *reversed(attrs)) if p)


@functools.cache
def template_references(name: str) -> frozenset[str]:
    """The spec paths a template refers to: ``spec.<path>``, through aliases (``{% set p = spec.play %}``
    then ``p.boost``), and the fields behind derived values (``d.country`` → ``naming.country``)."""
    from .text.render import DERIVED_FROM, environment

    ast = environment().parse(template_path(name).read_text(encoding="utf-8"))
    aliases = {"spec": "", "d": "d"}
    refs: set[str] = set()
    for node in ast.find_all((nodes.Assign, nodes.For, nodes.Getattr, nodes.Name)):
        if isinstance(node, (nodes.Assign, nodes.For)) and isinstance(node.target, nodes.Name):
            path = _chain(node.iter if isinstance(node, nodes.For) else node.node, aliases)
            if path is not None:
                aliases[node.target.name] = path
        elif isinstance(node, nodes.Getattr) or (isinstance(node, nodes.Name) and node.ctx == "load"):
            path = _chain(node, aliases)
            if path:
                refs.add(path)
    out: set[str] = set()
    for ref in refs:
        if ref.startswith("d."):
            out.update(DERIVED_FROM.get(ref.split(".")[1], ()))
        else:
            out.add(ref)
    return frozenset(out)


# --------------------------------------------------------------------------- the parser


@functools.cache
def phase_rules(phase: str) -> tuple[Any, ...]:
    """The sentence rules the parser reads a phase's text with: the lists the rulebook's sections
    name (a family's RULES for Play), and for the introduction the rules of its ``rules(draft)``
    (whose first rule depends on the title's name)."""
    from .text.parse.core import Draft, Rule

    lists: list[Any] = []
    for section in rulebook.SECTIONS:
        if section.notes:   # the sections after the rules state none: no module lives there
            continue
        if section.by_family:
            lists += [resolve(f.parser).RULES for f in FAMILIES.values() if f.name == phase]
            continue
        for name in section.rules:  # type: ignore[union-attr]
            module, _, attr = name.partition(":")
            if module == phase:
                lists.append(resolve(f"{rulebook.PARSE}.{module}:{attr or 'RULES'}"))
    rules: list[Any] = []
    for item in lists:
        if callable(item):
            draft = Draft()
            draft.notes["name"] = "Name"
            item = item(draft)
        rules += [r for r in item if isinstance(r, Rule)]
    return tuple(rules)


def readers(ref: str) -> tuple[Any, ...]:
    """What a parser reference ``"<phase>:<name>"`` points at: the phase's rules of that name, or
    the phase's step (``finish``, ``read_title``) of that name; () if nothing."""
    phase, _, name = ref.partition(":")
    if phase not in PARSER or not name:
        return ()
    found = tuple(r for r in phase_rules(phase) if r.name == name)
    if not found and name in STEPS:
        step = getattr(resolve(parse_module(phase)), name, None)
        found = (step,) if callable(step) else ()
    return found


def _source(fn: Any, module: Any, seen: set[str]) -> str:
    """The source of a function, with its factory's (for a handler a factory made) and the module's
    helper functions it calls, so a field written or checked anywhere on the way counts."""
    outer = fn.__qualname__.split(".<locals>.", 1)[0]
    top = getattr(module, outer, None) if "<locals>" in fn.__qualname__ else None
    target = top if callable(top) else fn
    key = getattr(target, "__qualname__", repr(target))
    if key in seen:
        return ""
    seen.add(key)
    try:
        text = inspect.getsource(target)
    except (OSError, TypeError):
        return ""
    names: set[str] = set()
    stack = [target.__code__]
    while stack:
        code = stack.pop()
        names.update(code.co_names)
        stack.extend(c for c in code.co_consts if isinstance(c, types.CodeType))
    for helper in sorted(names):
        value = getattr(module, helper, None)
        if isinstance(value, types.FunctionType) and value.__module__ == module.__name__:
            text += "\n" + _source(value, module, seen)
    return text


def _reads(reader: Any, module: Any) -> tuple[str, set[str]]:
    """(source text, the string values a factory closed over) of a rule's handler or a step."""
    fn = getattr(reader, "handler", reader)
    text, strings = "", set()
    while fn is not None:   # a handler wrapped by another (``parse.sides.sided``) reads what both read
        strings |= {c.cell_contents for c in (getattr(fn, "__closure__", None) or ()) if isinstance(c.cell_contents, str)}
        text += "\n" + _source(fn, module, set())
        fn = getattr(fn, "__wrapped__", None)
    return text, strings


def _mentions(text: str, strings: set[str], field: str) -> bool:
    """Whether source text writes or checks ``field`` (or a part of it): ``"a.b"`` / ``"a.b.c"``
    paths, ``spec.a.b`` in a check, ``d.data["a"]["b"]``, or ``f"a.{name}"`` with ``name`` = b."""
    esc = re.escape(field)
    if re.search(rf"""["']{esc}["'.]""", text) or re.search(rf"\bspec\.{esc}\b", text):
        return True
    parts = field.split(".")
    if re.search("".join(rf"""\[["']{re.escape(p)}["']\]""" for p in parts), text):
        return True
    parent, _, leaf = field.rpartition(".")
    return bool(parent) and leaf in strings and re.search(rf"""f["']{re.escape(parent)}\.\{{""", text) is not None


# --------------------------------------------------------------------------- the check


def _spec_place(m: Module) -> list[str]:
    if not m.fields:
        return [f"{m.id}: spec: names no spec field"]
    return [f"{m.id}: spec: {path} is not a field of GameSpec" for path in m.fields if path not in spec_paths()]


def _is_sampler(ref: str) -> bool:
    """Whether a reference names a function of the sampler: a shared phase's or a family's."""
    module = ref.partition(":")[0]
    return module.startswith("generator.sample.") or any(
        module == f.sampler.partition(":")[0] for f in FAMILIES.values())


def _sampler_place(m: Module, rows: set[str]) -> list[str]:
    out = [] if m.sampler in rows else [f"{m.id}: sampler: no row {m.sampler!r} in generator.sample.frequencies"]
    if not m.draws:
        out.append(f"{m.id}: sampler: names no sampler function")
    for ref in m.draws:
        why = resolves(ref)
        if why is not None or not _is_sampler(ref):
            out.append(f"{m.id}: sampler: {why or ref + ' is not in generator.sample or a family sampler'}")
        elif not inspect.isfunction(resolve(ref)):
            out.append(f"{m.id}: sampler: {ref} is not a function")
    return out


def _template_place(m: Module, included: set[str]) -> list[str]:
    if not m.templates:
        return [f"{m.id}: template: names no template"]
    out: list[str] = []
    printed: set[str] = set()
    for name in m.templates:
        if not template_path(name).is_file():
            out.append(f"{m.id}: template: no file {template_path(name)}")
            continue
        if name not in included:
            out.append(f"{m.id}: template: the rulebook does not include {name}")
        try:
            refs = template_references(name)
        except jinja2.TemplateError as exc:
            out.append(f"{m.id}: template: {name} does not compile ({exc})")
            continue
        if not any(_covers(f, refs) for f in m.fields):
            out.append(f"{m.id}: template: {name} prints none of {', '.join(m.fields)}")
        printed |= refs
    if not out:  # each field printed somewhere (once every template is sound)
        out += [f"{m.id}: template: {f} is not printed by {', '.join(m.templates)}"
                for f in m.fields if not _covers(f, printed)]
    return out


def _parser_place(m: Module) -> list[str]:
    if not m.parser:
        return [f"{m.id}: parser: names no parser rule"]
    out: list[str] = []
    stems = {template_phase(t) for t in m.templates}
    if stems != set(m.parser_phases):
        out.append(f"{m.id}: parser: its phases ({', '.join(m.parser_phases)}) do not mirror its templates")
    read: set[str] = set()
    for ref in m.parser:
        found = readers(ref)
        if not found:
            out.append(f"{m.id}: parser: no rule or step {ref} in generator.text.parse")
            continue
        module = resolve(parse_module(ref.partition(':')[0]))
        fields = {f for r in found for f in m.fields if _mentions(*_reads(r, module), f)}
        if not fields:
            out.append(f"{m.id}: parser: {ref} reads none of {', '.join(m.fields)}")
        read |= fields
    if not out:
        out += [f"{m.id}: parser: {f} is not read by {', '.join(m.parser)}" for f in m.fields if f not in read]
    return out


def _engine_place(m: Module) -> list[str]:
    if not m.engine:
        return [] if m.id.startswith("NM-") else [f"{m.id}: engine: no engine place; only naming may have none"]
    out: list[str] = []
    engine = _registry().engine
    for key in m.engine:
        if key not in engine:
            out.append(f"{m.id}: engine: {key!r} is not a place of ENGINE")
            continue
        why = resolves(engine[key])
        if why is not None:
            out.append(f"{m.id}: engine: {why}")
        elif not (inspect.isclass(resolve(engine[key])) or inspect.isroutine(resolve(engine[key]))):
            out.append(f"{m.id}: engine: {engine[key]} is not a class or function")
    return out


#: Every kind of place, by name (``check_registry(…, places=…)`` checks some of them).
PLACES = ("spec", "sampler", "template", "parser", "engine")


def check_registry(modules: Iterable[Module] | None = None, places: Iterable[str] = PLACES) -> list[str]:
    """Every problem of a registry (empty when every module is wired in every place): each spec
    path exists; each sampler row exists and each sampler function resolves; each template exists,
    is included by the rulebook and prints the module's fields; each parser rule exists and reads
    them; each engine place resolves to a class or function. Ids must be unique. ``modules``:
    ``MODULES`` unless given."""
    from .sample.frequencies import _rules

    modules, places = tuple(_registry().modules if modules is None else modules), set(places)
    out = [f"{mid}: registered {n} times" for mid, n in Counter(m.id for m in modules).items() if n > 1]
    rows = {row[0] for row in _rules()}
    included = rulebook.templates(FAMILIES.values())
    for m in modules:
        if "spec" in places:
            out += _spec_place(m)
        if "sampler" in places:
            out += _sampler_place(m, rows)
        if "template" in places:
            out += _template_place(m, included)
        if "parser" in places:
            out += _parser_place(m)
        if "engine" in places:
            out += _engine_place(m)
    return out


__all__ = [
    "BY_ID", "DRAWN_BY", "ENGINE", "MODULES", "PARSER", "PLACES", "Module", "Registry", "SHARED_ENGINE", "Share",
    "check_family_rows", "check_registry", "gather", "modules_of", "phase_rules", "readers", "spec_paths",
    "template_references",
]
