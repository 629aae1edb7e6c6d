"""The registry of rule modules: every module of the seed book's catalogue (``docs/hyloe-modules.md``)
that Parlour supports, as an object that points at its five places — and ``check_registry``, which
follows every pointer and says what is missing.

A module is one idea (robbing the turned trump, the boost trick, exact-bid scoring) that lives in:

* the spec (``fields``: dotted ``GameSpec`` paths, checked against the spec's models);
* the sampler (``sampler``: the module column of its rows in ``generator.sample.frequencies``, where
  its rate is compared with the catalogue's; ``draws``: the sampler functions that draw it);
* the rulebook (``templates``: the Jinja files that print it, each included by the rulebook's
  sections list and each referring to the module's fields — ``spec.<path>``, an alias of one, or a
  derived value computed from one, ``generator.text.render.DERIVED_FROM``);
* the parser (``parser``: ``"<phase>:<rule>"``, the sentence rules of ``generator.text.parse.<phase>``
  named ``<rule>`` that read its sentences — each rule's handler must write or check one of the
  module's fields — or a step of that phase that does, ``finish`` or ``read_title``);
* the engine (``engine``: keys of ``ENGINE``, lazy references to the phase class or function that
  executes it; only the naming modules have none).

``present(spec)`` says whether a game uses the module. ``tests/test_modules.py`` runs
``check_registry`` on ``MODULES`` and on registries with one place knocked out, and
``benchmarks/modules.py`` counts how often sampled games use each module.
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
from typing import Any

import jinja2
from jinja2 import nodes
from pydantic import BaseModel

from .families import FAMILIES, family_of, template_path
from .refs import resolve, resolves
from .spec import GameSpec
from .spec.scoring import SHEDDING_KINDS
from .text import sections as rulebook

TRICKS, CLIMBING, MATCHING = FAMILIES["trick-taking"], FAMILIES["climbing"], FAMILIES["matching"]
MELDING = FAMILIES["melding"]

#: The engine's places (lazy references, ``generator.refs``): one phase class per file under
#: ``engine/steps/`` for the setup steps, the family's play, rules and scoring for trick-taking.
ENGINE: dict[str, str] = {
    "game": "generator.engine.state:Game",
    "cards": "generator.engine.cards:compile_deck",
    "deal": "generator.engine.steps.deal:Deal",
    "misdeal": "generator.engine.steps.misdeal:ShowMisdeal",
    "kitty": "generator.engine.steps.kitty:GiveToKitty",
    "invent": "generator.engine.steps.invent:InventLaw",
    "call": "generator.engine.steps.call:CallTrumps",
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
    "play": TRICKS.phases[0],
    "tricks": TRICKS.rules,
    "scoring": TRICKS.scoring,
    "climb": CLIMBING.phases[0],
    "climb_rules": CLIMBING.rules,
    "climb_scoring": CLIMBING.scoring,
    "match": MATCHING.phases[0],
    "match_rules": MATCHING.rules,
    "match_scoring": MATCHING.scoring,
    # the special cards of MT-04: one function fires the effect of the card played (or claimed)
    "match_effects": "generator.families.matching.engine.effects:fire",
    "meld": MELDING.phases[0],
    "meld_rules": MELDING.rules,
    "meld_scoring": MELDING.scoring,
    "laws": "generator.engine.laws:LawBook",
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

SETUP, BIDDING, PLAY, SCORING = "rules/setup.md.j2", "rules/bidding.md.j2", TRICKS.template, "rules/scoring.md.j2"
INTRO, DECK, DEAL, LAWS, ENDING = "rules/intro.md.j2", "rules/deck.md.j2", "rules/deal.md.j2", "rules/laws.md.j2", "rules/ending.md.j2"
CLIMB = CLIMBING.template
MATCH = MATCHING.template
MELD = MELDING.template


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
        return tuple(ENGINE[key] for key in self.engine)

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


def _trumps(s: GameSpec) -> bool:
    return s.setup.trumps.method != "none"


def _extras(s: GameSpec):
    return getattr(s.scoring, "extras", None)


def _draw(phase: str, *names: str) -> tuple[str, ...]:
    """References to sampler functions: of a family's sampler (``phase`` a family's name) or of
    ``generator.sample.<phase>``."""
    module = FAMILIES[phase].sampler.partition(":")[0] if phase in FAMILIES else f"generator.sample.{phase}"
    return tuple(f"{module}:{name}" for name in names)


PLAY_DRAW = TRICKS.sampler
CLIMB_DRAW = CLIMBING.sampler
MATCH_DRAW = MATCHING.sampler
MELD_DRAW = MELDING.sampler


def _in(family, *modules: Module) -> tuple[Module, ...]:
    """Modules of one family's play: only its games can have them (``modules_of`` asks no other
    game whether it does)."""
    return tuple(dataclasses.replace(m, families=(family.name,)) for m in modules)


def _climb(*names: str) -> tuple[str, ...]:
    return _draw("climbing", *names)


def _match(*names: str) -> tuple[str, ...]:
    return _draw("matching", *names)


def _meld(*names: str) -> tuple[str, ...]:
    return _draw("melding", *names)


def _melds(s: GameSpec) -> Any:
    return s.play.melds


def _effect(*kinds: str) -> Callable[[GameSpec], bool]:
    """Whether a matching game has a special card of one of ``kinds`` (MT-04)."""
    return lambda s: any(e.kind in kinds for e in s.play.effects)


#: MT-04's rows, one module each: (catalogue id, name, the kinds it draws). P01 and P03 may turn into
#: a card that may not be played last, which has a module of its own.
_EFFECTS = (
    ("P01", "wild or open card", ("wild", "open")),
    ("P01n", "not the last card", ("not-last",)),
    ("P02", "the kitty card", ("kitty-take", "kitty-give")),
    ("P03", "reshuffle and go again", ("reshuffle",)),
    ("P04", "reverse", ("reverse",)),
    ("P05", "draw chain", ("draw-chain",)),
    ("P06", "another turn", ("again",)),
    ("P07", "skip", ("skip",)),
    ("P08", "everyone draws", ("all-draw",)),
    ("P09", "top ranks follow", ("top-follow",)),
    ("P10", "pass hands", ("pass-hands",)),
    ("P12", "give a card", ("give",)),
    ("P13", "transparent card", ("transparent",)),
    ("P14", "tuck a card", ("tuck",)),
    ("P15", "cordial card", ("cordial",)),
    ("P16", "trade hands", ("trade",)),
    ("P17", "name a rank", ("name-rank",)),
    ("P18", "cover or draw", ("cover",)),
    ("P19", "copycat", ("copycat",)),
    ("P20", "points in the hand", ("points",)),
    ("P21", "lower or higher", ("bound",)),
)


def _effect_modules() -> tuple[Module, ...]:
    """MT-04, one module per kind of special card: each lives in ``play.effects``, is drawn by
    ``draw_effects``, printed in the Play section's list of special cards, read back by the
    parser's row of that table (``matching:special_row``, which reads every kind) and fired by
    the engine's effects."""
    out = []
    for cid, name, kinds in _EFFECTS:
        rules = ("matching:special_row",)
        out.append(Module(f"MT-04.{cid}", name, ("play.effects",), _effect(*kinds), "MT-04 effects",
                          _match("draw_effects"), (MATCH,), rules, ("match", "match_effects")))
    return tuple(out)


def _shedding(s: GameSpec) -> bool:
    return s.scoring.kind in SHEDDING_KINDS


def _titles(s: GameSpec) -> bool:
    return s.scoring.kind == "titles"


def _passing(kind: str) -> Callable[[GameSpec], bool]:
    return lambda s: _titles(s) and s.scoring.passing is not None and s.scoring.passing.kind == kind

MODULES: tuple[Module, ...] = (
    # naming and players
    Module("NM-01", "country", ("naming.country", "naming.show_country"), lambda s: True, "NM-01 country",
           _draw("naming", "draw_name", "draw_intro"), (INTRO,), ("intro:village", "intro:finish")),
    Module("NM-03", "aliases", ("naming.name", "naming.aliases"), lambda s: bool(s.naming.aliases), "NM-03 aliases",
           _draw("naming", "draw_name"), (INTRO,), ("intro:read_title",)),
    Module("NM-05", "adjective and fact", ("naming.adjective", "naming.fact"), lambda s: True, "NM-05 adjective",
           _draw("naming", "draw_intro"), (INTRO,), ("intro:intro", "intro:finish")),
    Module("DL-01", "player range", ("players.min", "players.max"), lambda s: True, "DL-01 players",
           _draw("deal", "draw_players"), (INTRO,), ("intro:intro",), ("game",)),
    # the deck
    Module("DK-01", "deck type", ("deck.kind",), lambda s: True, "DK-01 deck", _draw("deck", "draw_kind"), (DECK,),
           ("deck:pack", "deck:tarot"), ("cards",)),
    Module("DK-02", "rank order", ("deck.order", "deck.promoted"), lambda s: True, "DK-02 rank order",
           _draw("deck", "draw_order"), (DECK,), ("deck:promoted", "deck:finish"), ("cards",)),
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
           (SETUP,), ("setup:method",), ("call", "trumps")),
    Module("SU-03", "anti-trumps", ("setup.anti_trumps",), lambda s: s.setup.anti_trumps, "SU-03 anti-trumps",
           _draw("setup", "draw_setup"), (SETUP, PLAY), ("setup:anti_trumps", "trick-taking:anti_trumps"),
           ("anti", "tricks")),
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
    Module("BD-03", "landlord auction", ("bidding.auction", "play.opening_leader"),
           lambda s: s.bidding.auction is not None, "BD-03 auction", (*_draw("bidding", "draw_auction"), PLAY_DRAW),
           (BIDDING, PLAY), ("bidding:auction", "bidding:landlord", "trick-taking:leader"), ("auction",)),
    Module("BD-03p", "landlord payments", ("bidding.auction",), lambda s: s.bidding.auction is not None,
           "BD-03 auction", _draw("bidding", "draw_auction"), (SCORING,), ("scoring:settles",), ("scoring",)),
    # play
    *_in(TRICKS, Module("TT-01", "opening leader", ("play.opening_leader", "play.opening_card"), lambda s: True,
           "TT-01 opening leader", (PLAY_DRAW,), (PLAY,),
           ("trick-taking:leader", "trick-taking:holder", "trick-taking:opening_card"), ("play",)),
    Module("TT-02", "opening-lead restriction", ("play.opening_lead",), lambda s: s.play.opening_lead != "any",
           "TT-02 opening lead", (PLAY_DRAW,), (PLAY,), ("trick-taking:opening_lead",), ("tricks",)),
    Module("TT-03", "weak led suit", ("play.weak_led_suit",), lambda s: s.play.weak_led_suit is not None,
           "TT-03 weak led suit", (PLAY_DRAW,), (PLAY,), ("trick-taking:weak",), ("tricks",)),
    Module("TT-04", "following", ("play.following", "play.otherwise"), lambda s: True, "TT-04 following",
           _draw("trick-taking", "draw_following"), (PLAY,), ("trick-taking:following", "trick-taking:otherwise"),
           ("tricks",)),
    Module("TT-05", "jokers in play", ("play.jokers",), lambda s: s.deck.jokers > 0, "TT-05 jokers",
           _draw("trick-taking", "draw_jokers"), (DECK,), ("deck:joker_play",), ("cards", "tricks")),
    Module("TT-06", "joker lead", ("play.joker_lead",), lambda s: s.play.joker_lead is not None, "TT-06 joker lead",
           (PLAY_DRAW,), (PLAY,), ("trick-taking:joker_lead",), ("play",)),
    Module("TT-07", "breaking a suit", ("play.breaking",), lambda s: s.play.breaking is not None, "TT-07 breaking",
           (PLAY_DRAW,), (PLAY,), ("trick-taking:breaking",), ("tricks",)),
    Module("TT-08", "first-trick ban", ("play.first_trick_ban",), lambda s: s.play.first_trick_ban is not None,
           "TT-08 first-trick ban", (PLAY_DRAW,), (PLAY,), ("trick-taking:first_trick_ban",), ("tricks",)),
    Module("TT-09", "pig lead restriction", ("play.pig_lead",), lambda s: s.play.pig_lead != "free", "TT-09 pig lead",
           (PLAY_DRAW,), (PLAY,), ("trick-taking:pig_lead", "trick-taking:pig_first"), ("play",)),
    Module("TT-10", "boost trick", ("play.boost",), lambda s: s.play.boost is not None, "TT-10 boost", (PLAY_DRAW,),
           (PLAY,), ("trick-taking:boost",), ("play",)),
    Module("TT-11", "invented rules in play", ("setup.extra_rules",), lambda s: s.setup.extra_rules is not None,
           "SU-09 extra rules", _draw("setup", "draw_setup"), (LAWS,), ("laws:named", "laws:bonus", "laws:secret"),
           ("play", "laws")),
    Module("TT-12", "trick winner", ("play.winner",), lambda s: True, "TT-12 winner", (PLAY_DRAW,), (PLAY,),
           ("trick-taking:winner",), ("tricks",)),
    Module("TT-13", "next leader", ("play.next_leader",), lambda s: True, "TT-13 next leader", (PLAY_DRAW,), (PLAY,),
           ("trick-taking:next",), ("tricks",)),
    Module("TT-14", "kitty capture", ("play.kitty_capture",), lambda s: s.play.kitty_capture is not None,
           "TT-14 kitty capture", (PLAY_DRAW,), (PLAY,), ("trick-taking:capture", "trick-taking:capture_in_kitty"),
           ("play",))),
    # climbing: the deck, the deal and play (CL-10, the invented rules in play, is SU-09's law text)
    Module("DK-05", "run wrap", ("deck.run_wrap",), lambda s: s.deck.run_wrap, "DK-05 run wrap",
           _draw("deck", "draw_run_wrap"), (DECK,), ("deck:run_wrap",), ("cards", "climb_rules")),
    Module("DL-04", "countdown tokens", ("deal.tokens",), lambda s: s.deal.tokens is not None, "DL-04 tokens",
           _draw("deal", "draw_deal"), (DEAL,), ("deal:token_cards",), ("deal", "climb_scoring", "ending")),
    Module("DL-12", "face-down rows", ("deal.rows",), lambda s: s.deal.rows, "DL-12 rows", _draw("deal", "draw_deal"),
           (DEAL, CLIMB), ("deal:rows", "climbing:gone_out"), ("deal", "climb")),
    *_in(
        CLIMBING,
        Module("CL-01", "opening leader", ("play.opening_leader", "play.opening_card"), lambda s: True,
               "CL-01 opening leader", _climb("draw_leader"), (CLIMB,),
               ("climbing:leader", "climbing:holder", "climbing:opening_card"), ("climb",)),
        Module("CL-02", "lead shapes", ("play.leads", "play.runs"), lambda s: True, "CL-02 leads",
               _climb("draw_leads"), (CLIMB,), ("climbing:sets_not_led", "climbing:run", "climbing:finish"), ("climb_rules",)),
        Module("CL-03", "must play", ("play.must_play",), lambda s: s.play.must_play, "CL-03 must play",
               (CLIMB_DRAW,), (CLIMB,), ("climbing:must_play",), ("climb_rules",)),
        Module("CL-04", "beating", ("play.beating",), lambda s: True, "CL-04 beating", (CLIMB_DRAW,), (CLIMB,),
               ("climbing:beating",), ("climb_rules",)),
        Module("CL-05", "jokers in play", ("play.jokers", "play.natural_beats_joker"), lambda s: s.deck.jokers > 0,
               "CL-05 jokers", (CLIMB_DRAW,), (CLIMB,),
               ("climbing:joker_top", "climbing:joker_wild", "climbing:natural_beats_joker"),
               ("cards", "climb_rules")),
        Module("CL-06", "low bomb", ("play.low_bomb",), lambda s: s.play.low_bomb, "CL-06 low bomb", (CLIMB_DRAW,),
               (CLIMB,), ("climbing:low_bomb",), ("climb_rules",)),
        Module("CL-07", "colour match", ("play.colour_match",), lambda s: s.play.colour_match, "CL-07 colour match",
               (CLIMB_DRAW,), (CLIMB,), ("climbing:colour_match",), ("climb_rules",)),
        Module("CL-08", "bomb and rocket", ("play.bomb",), lambda s: s.play.bomb is not None, "CL-08 bomb",
               _climb("draw_bomb"), (CLIMB,), ("climbing:bomb", "climbing:rocket"), ("climb_rules",)),
        Module("CL-09", "transparent rank", ("play.transparent",), lambda s: s.play.transparent is not None,
               "CL-09 transparent", (CLIMB_DRAW,), (CLIMB,), ("climbing:transparent",), ("climb_rules",)),
        Module("CL-10", "invented rules in play", ("setup.extra_rules",), lambda s: s.setup.extra_rules is not None,
               "SU-09 extra rules", _draw("setup", "draw_setup"), (CLIMB,), ("climbing:laws",),
               ("climb", "laws")),
        Module("CL-11", "trick end", ("play.trick_end", "play.rejoin"), lambda s: True, "CL-11 trick end",
               (CLIMB_DRAW,), (CLIMB,), ("climbing:trick_end", "climbing:rejoin"), ("climb",)),
        Module("CL-12", "trick collection", ("play.collection",), lambda s: True, "CL-12 collection", (CLIMB_DRAW,),
               (CLIMB,), ("climbing:collection",), ("climb", "climb_scoring")),
        Module("CL-13", "kitty capture", ("play.kitty_capture",), lambda s: s.play.kitty_capture is not None,
               "CL-13 kitty capture", (CLIMB_DRAW,), (CLIMB,),
               ("climbing:capture", "climbing:capture_in_kitty"), ("climb",)),
        Module("SC-B", "countdown with tricks", ("scoring.kind",),
               lambda s: s.scoring.kind == "countdown" and s.play.collection == "trick", "SC-B countdown",
               _climb("draw_scoring"), (SCORING,), ("scoring:countdown",), ("climb_scoring",)),
    ),
    # matching: the stock and discard piles of the deal (DL-08…DL-10, melding will share them) and play
    Module("DL-08", "discard piles", ("deal.stock.discard_piles",),
           lambda s: s.deal.stock is not None and s.deal.stock.discard_piles == 2, "DL-08 discard piles",
           _draw("deal", "draw_stock"), (DEAL,), ("deal:discard_piles",), ("deal", "match")),
    Module("DL-09", "wild-rank card", ("deal.stock.wild_card",),
           lambda s: s.deal.stock is not None and s.deal.stock.wild_card, "DL-09 wild card",
           _draw("deal", "draw_stock"), (DEAL,), ("deal:wild_card",), ("deal", "match_rules")),
    Module("DL-10", "stock", ("deal.stock",), lambda s: s.deal.stock is not None, "DL-10 stock",
           _draw("deal", "draw_stock", "draw_deal"), (DEAL,), ("deal:stock",), ("deal", "match")),
    *_in(
        MATCHING,
        Module("MT-01", "first turn", ("play.first_turn",), lambda s: True, "MT-01 first turn", (MATCH_DRAW,),
               (MATCH,), ("matching:first_turn",), ("match",)),
        Module("MT-02", "cheat mode", ("play.cheat",), lambda s: s.play.cheat is not None, "MT-02 cheat",
               (MATCH_DRAW,), (MATCH,), ("matching:challenge",), ("match", "match_rules")),
        *_effect_modules(),
        Module("MT-04.P11", "named card", ("play.named_card",), lambda s: s.play.named_card is not None,
               "MT-04 effects", _match("draw_effects"), (MATCH,), ("matching:special_row",),
               ("match", "match_effects")),
        Module("MT-04.CW", "countdown wilds", ("play.countdown_wild",), lambda s: s.play.countdown_wild,
               "MT-04 effects", (MATCH_DRAW,), (MATCH,), ("matching:special_row",), ("match_rules",)),
        Module("MT-05", "passing and drawing", ("play.must_play", "play.draw", "play.play_drawn"), lambda s: True,
               "MT-05 passing", (MATCH_DRAW,), (MATCH,),
               ("matching:pass", "matching:play_drawn"), ("match", "match_rules")),
        Module("MT-06", "several cards at once", ("play.multiple",), lambda s: s.play.multiple != "none",
               "MT-06 multiple", (MATCH_DRAW,), (MATCH,), ("matching:multiple",), ("match_rules",)),
        Module("MT-07", "a special card to start the pile", ("play.opening_effect",),
               lambda s: s.play.opening_effect != "none", "MT-07 opening effect", (MATCH_DRAW,), (MATCH,),
               ("matching:opening",), ("match",)),
    ),
    # melding: its play (ML-01…ML-07) and its own parts of the scoring (the pig in a meld, the knock
    # on going out); the deal's stock, tokens, rows and run wrap are the shared modules above and below
    *_in(
        MELDING,
        Module("ML-01", "first turn", ("play.first_turn",), lambda s: True, "ML-01 first turn", (MELD_DRAW,),
               (MELD,), ("melding:first_turn",), ("meld",)),
        Module("ML-02", "one action a turn", ("play.one_action",), lambda s: s.play.one_action, "ML-02 turn",
               (MELD_DRAW,), (MELD,), ("melding:turn",), ("meld",)),
        Module("ML-02a", "deserting", ("play.desert",), lambda s: s.play.desert is not None, "ML-02a desert",
               (MELD_DRAW,), (MELD,), ("melding:desert",), ("meld",)),
        Module("ML-02b", "drawing", ("play.draw",), lambda s: True, "ML-02b draw", _meld("draw_draw_rule"), (MELD,),
               ("melding:draw",), ("meld",)),
        Module("ML-02c", "melds", ("play.melds.many", "play.melds.runs", "play.melds.single", "play.melds.first_run",
                                   "play.melds.no_first_out", "play.melds.must_meld", "play.melds.keep_card"),
               lambda s: True, "ML-02c melds", _meld("draw_meld_rules"), (MELD,), ("melding:melds",),
               ("meld", "meld_rules")),
        Module("ML-02c.r", "rearranging melds", ("play.melds.rearrange",), lambda s: _melds(s).rearrange != "none",
               "ML-02c melds", _meld("draw_meld_rules"), (MELD,), ("melding:rearrange",), ("meld", "meld_rules")),
        Module("ML-02d", "laying off", ("play.lay_off",), lambda s: s.play.lay_off is not None, "ML-02d lay off",
               (MELD_DRAW,), (MELD,), ("melding:lay_off",), ("meld", "meld_rules")),
        Module("ML-02e", "dump", ("play.dump",), lambda s: s.play.dump is not None, "ML-02e dump", (MELD_DRAW,),
               (MELD,), ("melding:dump",), ("meld",)),
        Module("ML-02f", "stump", ("play.stump",), lambda s: s.play.stump is not None, "ML-02f stump", (MELD_DRAW,),
               (MELD,), ("melding:stump",), ("meld",)),
        Module("ML-02g", "the called block", ("play.block",), lambda s: s.play.block is not None, "ML-02g block",
               (MELD_DRAW,), (MELD,), ("melding:block",), ("meld",)),
        Module("ML-03.swap", "joker swap", ("play.joker_swap",), lambda s: s.play.joker_swap, "ML-03 wild cards",
               (MELD_DRAW,), (MELD,), ("melding:joker_swap",), ("meld",)),
        Module("ML-03.one", "one joker a meld", ("play.one_joker",), lambda s: s.play.one_joker, "ML-03 wild cards",
               (MELD_DRAW,), (MELD,), ("melding:one_joker",), ("meld_rules",)),
        Module("ML-03.progressive", "progressive wilds", ("play.progressive_wilds",),
               lambda s: s.play.progressive_wilds, "ML-03 wild cards", (MELD_DRAW,), (MELD,),
               ("melding:progressive_wilds",), ("meld", "meld_rules")),
        Module("ML-04", "the stock runs out", ("deal.stock",), lambda s: True, "ML-04 stock exhausted",
               _draw("deal", "draw_stock"), (MELD,), ("melding:stock_out",), ("meld",)),
        Module("ML-05", "penalty for an invalid meld", ("play.penalty",), lambda s: s.play.penalty is not None,
               "ML-05 penalty", (MELD_DRAW,), (MELD,), ("melding:penalty",), ("meld",)),
        Module("ML-06", "full house", ("play.melds.full_house",), lambda s: _melds(s).full_house is not None,
               "ML-06 full house", (MELD_DRAW,), (MELD,), ("melding:full_house",), ("meld", "meld_rules")),
        Module("ML-07", "invented rules in play", ("setup.extra_rules",), lambda s: s.setup.extra_rules is not None,
               "SU-09 extra rules", _draw("setup", "draw_setup"), (MELD,), ("melding:laws",), ("meld", "laws")),
        Module("SC-A2m", "the pig in a meld", ("play.pig_meld",), lambda s: s.play.pig_meld is not None,
               "SC-A2 hand value", _meld("draw_scoring"), (MELD,), ("melding:pig_meld",), ("meld_scoring",)),
        Module("SC-A2k", "knock on going out", ("scoring.round_end",),
               lambda s: getattr(s.scoring, "round_end", None) == "knock-out", "SC-A2 hand value",
               (*_draw("shedding", "draw_hand_value"), *_meld("draw_scoring")), (SCORING,), ("scoring:round_end",),
               ("meld", "meld_scoring")),
    ),
    # calling the last card (SH-01): matching and melding
    dataclasses.replace(
        Module("SH-01", "calling the last card", ("play.call",), lambda s: s.play.call is not None, "SH-01 call",
               (MATCH_DRAW, MELD_DRAW), (MATCH, MELD), ("matching:call", "melding:call"), ("match", "meld")),
        families=(MATCHING.name, MELDING.name)),
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
    Module("SC-T3", "points per trick", ("scoring.kind", "scoring.beyond"), lambda s: s.scoring.kind == "per-trick",
           "SC-T3 per trick", _draw("scoring", "draw_per_trick"), (SCORING,), ("scoring:per_trick",), ("scoring",)),
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
    # shedding scoring (SC-A) and the rules between hands of a titles game (WU)
    Module("SC-A1", "countdown", ("scoring.kind",),
           lambda s: s.scoring.kind == "countdown" and getattr(s.play, "collection", None) != "trick",
           "SC-A1 countdown", _draw("shedding", "draw_shedding"), (SCORING,), ("scoring:countdown",),
           ("climb_scoring",)),
    Module("SC-A2", "hand value", ("scoring.kind", "scoring.values", "scoring.losers_lose", "scoring.pig_cards"),
           lambda s: s.scoring.kind in ("card-values", "card-count"), "SC-A2 hand value",
           _draw("shedding", "draw_hand_value", "draw_card_values"), (SCORING,),
           ("scoring:shedding", "scoring:value", "scoring:numbers", "scoring:pig_cards"), ("climb_scoring",)),
    Module("SC-A2e", "round end", ("scoring.round_end", "scoring.stock_out", "scoring.low_finish_double"),
           lambda s: s.scoring.kind in ("card-values", "card-count", "landlord-stake"), "SC-A2 hand value",
           _draw("shedding", "draw_hand_value"), (SCORING,),
           ("scoring:round_end", "scoring:stock_out", "scoring:low_finish_double"), ("climb", "climb_scoring")),
    Module("SC-A2l", "landlord's stake", ("scoring.kind", "bidding.auction"), lambda s: s.scoring.kind == "landlord-stake",
           "SC-A2 hand value", _draw("shedding", "draw_hand_value"), (SCORING,), ("scoring:settles", "scoring:doubled"),
           ("climb_scoring",)),
    Module("SC-A3", "titles",
           ("scoring.title", "scoring.first", "scoring.vice", "scoring.second", "scoring.loser", "scoring.loser_penalty",
            "scoring.retire", "scoring.pig"),
           _titles, "SC-A3 titles", _draw("shedding", "draw_titles"), (SCORING,),
           ("scoring:titles", "scoring:vice", "scoring:loser", "scoring:title_pig"), ("climb", "climb_scoring")),
    Module("SC-A4", "first out", ("scoring.kind",), lambda s: s.scoring.kind == "first-out", "SC-A4 first out",
           _draw("shedding", "draw_shedding"), (SCORING,), ("scoring:first_out",), ("climb_scoring",)),
    Module("SC-A5", "invented rules after the hand", ("scoring.rule_maker", "scoring.kind"),
           lambda s: _shedding(s) and s.setup.extra_rules is not None, "SC-A5 rule maker",
           _draw("shedding", "draw_titles"), (LAWS, SCORING), ("laws:bonus", "scoring:finish"), ("invent",)),
    Module("WU-01", "who leads the next hand", ("scoring.starter",), _titles, "WU-01 starter",
           _draw("shedding", "draw_titles"), (SCORING,), ("scoring:starter",), ("climb_scoring",)),
    Module("WU-02", "the loser's best card", ("scoring.passing",), _passing("best-card"), "WU-02 best card",
           _draw("shedding", "draw_passing"), (SCORING,), ("scoring:passing",), ("climb_scoring",)),
    Module("WU-03", "the loser's two cards", ("scoring.passing",), _passing("two-cards"), "WU-03 two cards",
           _draw("shedding", "draw_passing"), (SCORING,), ("scoring:passing",), ("climb_scoring",)),
    Module("WU-04", "swapping hands", ("scoring.passing",), _passing("swap-hands"), "WU-04 swap hands",
           _draw("shedding", "draw_passing"), (SCORING,), ("scoring:passing",), ("climb_scoring",)),
    Module("WU-05", "the loser deals", ("scoring.passing",), _passing("loser-deals"), "WU-05 loser deals",
           _draw("shedding", "draw_passing"), (SCORING,), ("scoring:passing",), ("climb_scoring",)),
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
)

#: Shared modules (outside a family's play) that only some families' samplers draw, by their
#: ``SamplerTraits`` and the catalogue's conditions: trumps and trick bidding for trick-taking;
#: run wrap, tokens, face-down rows and shedding scoring for climbing and melding (and but the run
#: wrap, for matching); the stock and its discard piles for matching and melding; rank removal for
#: every family but melding.
DRAWN_BY: dict[str, tuple[str, ...]] = {
    **{mid: (TRICKS.name,) for mid in ("SU-02", "SU-03", "SU-04", "SU-05", "SU-06", "SU-07", "BD-01", "SC-T2",
                                        "SC-T3b", "SC-T6")},
    **{mid: (CLIMBING.name,) for mid in ("DK-05", "DL-04", "DL-12", "SC-A1", "SC-A2", "SC-A2e", "SC-A2l", "SC-A3",
                                          "SC-A4", "SC-A5", "WU-01", "WU-02", "WU-03", "WU-04", "WU-05", "EN-01")},
    **{mid: (MATCHING.name, MELDING.name) for mid in ("DL-08", "DL-09", "DL-10")},
    "DK-03": (TRICKS.name, CLIMBING.name, MATCHING.name),
    # the whole pack dealt, and trick scoring: families that deal it all and take tricks
    **{mid: (TRICKS.name, CLIMBING.name) for mid in ("DL-03", "SC-T1", "SC-T3", "SC-T4")},
}
#: Matching and melding draw the shedding modules too (tokens, rows, SC-A and the titles' rules
#: between hands); melding also the run wrap.
_SHEDDING = ("DL-04", "DL-12", "SC-A1", "SC-A2", "SC-A2e", "SC-A2l", "SC-A3", "SC-A4", "SC-A5", "WU-01", "WU-02",
             "WU-03", "WU-04", "WU-05", "EN-01")
DRAWN_BY.update({mid: (*DRAWN_BY[mid], MATCHING.name, MELDING.name) for mid in _SHEDDING})
DRAWN_BY["DK-05"] = (*DRAWN_BY["DK-05"], MELDING.name)
MODULES = tuple(dataclasses.replace(m, families=DRAWN_BY[m.id]) if m.id in DRAWN_BY else m for m in MODULES)
#: The shedding modules run in matching's and melding's scorers (and face-down rows in their play)
#: as in climbing's; the run wrap in melding's rules of what a meld is; the stock and its discard
#: piles in melding's turn as in matching's.
_MATCH_PLACES = {"climb_scoring": "match_scoring", "climb": "match"}
_MELD_PLACES = {"climb_scoring": "meld_scoring", "climb": "meld", "climb_rules": "meld_rules", "match": "meld",
                "match_rules": "meld_rules"}
MODULES = tuple(
    dataclasses.replace(m, engine=m.engine + tuple(_MATCH_PLACES[k] for k in m.engine if k in _MATCH_PLACES))
    if m.id in _SHEDDING else m for m in MODULES)
MODULES = tuple(
    dataclasses.replace(m, engine=m.engine + tuple(dict.fromkeys(_MELD_PLACES[k] for k in m.engine
                                                                 if k in _MELD_PLACES)))
    if m.id in (*_SHEDDING, "DK-05", "DL-08", "DL-09", "DL-10") else m for m in MODULES)

BY_ID: dict[str, Module] = {m.id: m for m in MODULES}


def modules_of(spec: GameSpec) -> list[str]:
    """The ids of the modules a game uses (a family's modules only for its own games)."""
    family = family_of(spec).name
    return [m.id for m in MODULES if (not m.families or family in m.families) and m.present(spec)]


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
    if fn is None:
        return "", set()
    strings = {c.cell_contents for c in (getattr(fn, "__closure__", None) or ()) if isinstance(c.cell_contents, str)}
    return _source(fn, module, set()), strings


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
    for key in m.engine:
        if key not in ENGINE:
            out.append(f"{m.id}: engine: {key!r} is not a place of ENGINE")
            continue
        why = resolves(ENGINE[key])
        if why is not None:
            out.append(f"{m.id}: engine: {why}")
        elif not (inspect.isclass(resolve(ENGINE[key])) or inspect.isfunction(resolve(ENGINE[key]))):
            out.append(f"{m.id}: engine: {ENGINE[key]} is not a class or function")
    return out


#: Every kind of place, by name (``check_registry(…, places=…)`` checks some of them).
PLACES = ("spec", "sampler", "template", "parser", "engine")


def check_registry(modules: Iterable[Module] = MODULES, places: Iterable[str] = PLACES) -> list[str]:
    """Every problem of a registry (empty when every module is wired in every place): each spec
    path exists; each sampler row exists and each sampler function resolves; each template exists,
    is included by the rulebook and prints the module's fields; each parser rule exists and reads
    them; each engine place resolves to a class or function. Ids must be unique."""
    from .sample.frequencies import _rules

    modules, places = tuple(modules), set(places)
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
    "BY_ID", "ENGINE", "MODULES", "PARSER", "PLACES", "Module", "check_registry", "modules_of", "phase_rules",
    "readers", "spec_paths", "template_references",
]
