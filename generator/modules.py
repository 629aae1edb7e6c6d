"""The registry of rule modules: every trick-taking module of the seed book's catalogue
(``docs/hyloe-modules.md``) that Parlour supports, and the five places each one lives.

A module is one idea (robbing the turned trump, the boost trick, exact-bid scoring) that appears in
the spec (``fields``), the sampler (``sampler``: the module column of its rows in
``generator.sample.frequencies``, where its rate is compared with the catalogue's), the rulebook
(``templates``: the Jinja files that print it), the parser (``parser``: keys of ``PARSER``, the
modules of ``generator.text.parse`` whose sentence rules read it back) and the engine (``engine``:
``"package.module"`` or ``"package.module:Name"``, a name that module must define).
``present(spec)`` says whether a game uses the module. ``tests/test_modules.py`` fails when a place
is missing, and ``benchmarks/modules.py`` counts how often sampled games use each.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from .spec import GameSpec

#: The engine's places, in one table so they are easy to rename (module, or module:attribute).
ENGINE = {
    "game": "generator.engine.state:Game",
    "state": "generator.engine.state:State",
    "cards": "generator.engine.cards:compile_deck",
    "deal": "generator.engine.deal:Dealer",
    "trumps": "generator.engine.setup:TrumpRules",
    "setup": "generator.engine.setup:SetupExtras",
    "bidding": "generator.engine.bidding:BiddingRules",
    "tricks": "generator.engine.tricks:TrickRules",
    "laws": "generator.engine.laws:LawBook",
    "scoring": "generator.engine.scoring:HandScorer",
    "ending": "generator.engine.ending:EndRules",
}

#: The parser's places: one module per phase of ``generator.text.parse``, each with its sentence rules.
PARSER = {
    phase: f"generator.text.parse.{phase}:RULES"
    for phase in ("intro", "deck", "deal", "setup", "bidding", "play_tricks", "laws", "scoring", "ending")
}

SETUP, BIDDING, PLAY, SCORING = "rules/setup.md.j2", "rules/bidding.md.j2", "rules/play_tricks.md.j2", "rules/scoring.md.j2"
INTRO, DECK, DEAL, LAWS, ENDING = "rules/intro.md.j2", "rules/deck.md.j2", "rules/deal.md.j2", "rules/laws.md.j2", "rules/ending.md.j2"


@dataclass(frozen=True)
class Module:
    id: str  # the catalogue's id (a suffix letter marks a part of a catalogue module)
    name: str
    fields: tuple[str, ...]  # dotted GameSpec field paths the module lives in
    present: Callable[[GameSpec], bool]
    sampler: str  # module column of its rows in generator.sample.frequencies
    templates: tuple[str, ...]  # under templates/
    engine: str | None  # key of ENGINE; None only for naming (no effect on play)
    parser: tuple[str, ...] = ()  # keys of PARSER: the parser modules that read its sentences

    @property
    def engine_path(self) -> str | None:
        return ENGINE[self.engine] if self.engine else None

    @property
    def parser_paths(self) -> tuple[str, ...]:
        return tuple(PARSER[key] for key in self.parser)


def _trumps(s: GameSpec) -> bool:
    return s.setup.trumps.method != "none"


def _extras(s: GameSpec):
    return getattr(s.scoring, "extras", None)


MODULES: tuple[Module, ...] = (
    # naming and players
    Module("NM-01", "country", ("naming.country", "naming.show_country"), lambda s: True, "NM-01 country", (INTRO,), None,
           parser=("intro",)),
    Module("NM-03", "aliases", ("naming.name", "naming.aliases"), lambda s: bool(s.naming.aliases), "NM-03 aliases",
           (INTRO,), None, parser=("intro",)),
    Module("NM-05", "adjective and fact", ("naming.adjective", "naming.fact"), lambda s: True, "NM-05 adjective",
           (INTRO,), None, parser=("intro",)),
    Module("DL-01", "player range", ("players.min", "players.max"), lambda s: True, "DL-01 players", (INTRO,), "game",
           parser=("intro",)),
    # the deck
    Module("DK-01", "deck type", ("deck.kind",), lambda s: True, "DK-01 deck", (DECK,), "cards", parser=("deck",)),
    Module("DK-02", "rank order", ("deck.order", "deck.promoted"), lambda s: True, "DK-02 rank order", (DECK,), "cards",
           parser=("deck",)),
    Module("DK-03", "rank removal", ("deck.removed",), lambda s: bool(s.deck.removed), "DK-03 ranks removed",
           (DECK,), "cards", parser=("deck",)),
    Module("DK-04", "jokers", ("deck.jokers",), lambda s: s.deck.jokers > 0, "DK-04 jokers", (DECK,), "cards",
           parser=("deck",)),
    # the deal
    Module("DL-02", "hand size", ("deal.hand_size",), lambda s: s.deal.hand_size != "all", "DL-02 hand size",
           (DEAL,), "deal", parser=("deal",)),
    Module("DL-03", "deal all", ("deal.hand_size",), lambda s: s.deal.hand_size == "all", "DL-03 deal all",
           (DEAL,), "deal", parser=("deal",)),
    Module("DL-05", "fewer cards with more than three", ("deal.hand_size_over_three",),
           lambda s: s.deal.hand_size_over_three is not None, "DL-05 fewer over three", (DEAL,), "deal",
           parser=("deal",)),
    Module("DL-06", "odd card", ("deal.odd_card",), lambda s: s.deal.odd_card is not None, "DL-06 odd card",
           (DEAL,), "deal", parser=("deal",)),
    Module("DL-07", "misdeal", ("deal.misdeal",), lambda s: s.deal.misdeal is not None, "DL-07 misdeal",
           (DEAL,), "state", parser=("deal",)),
    Module("DL-11", "kitty", ("deal.kitty",), lambda s: s.deal.kitty is not None, "DL-11 kitty", (DEAL,), "deal",
           parser=("deal",)),
    # setup
    Module("SU-02", "trump selection", ("setup.trumps",), _trumps, "SU-02 trump method", (SETUP,), "trumps",
           parser=("setup",)),
    Module("SU-03", "anti-trumps", ("setup.anti_trumps",), lambda s: s.setup.anti_trumps, "SU-03 anti-trumps",
           (SETUP, PLAY), "tricks", parser=("setup", "play_tricks")),
    Module("SU-04", "robbing the turned trump", ("setup.robbing",), lambda s: s.setup.robbing is not None,
           "SU-04 robbing", (SETUP,), "setup", parser=("setup",)),
    Module("SU-05", "joker turned means no trump", ("setup.trumps",),
           lambda s: s.deck.jokers > 0 and s.setup.trumps.method in ("turn-up", "hidden", "last-card"),
           "SU-05 joker turned", (SETUP,), "trumps", parser=("setup",)),
    Module("SU-06", "top trump for a point", ("setup.top_trump_point",), lambda s: s.setup.top_trump_point,
           "SU-06 top trump point", (SETUP, SCORING), "setup", parser=("setup", "scoring")),
    Module("SU-07", "high or low hands", ("setup.high_low",), lambda s: s.setup.high_low, "SU-07 high/low",
           (SETUP,), "setup", parser=("setup",)),
    Module("SU-08", "pig card", ("setup.pig",), lambda s: s.setup.pig is not None, "SU-08 pig", (SETUP, SCORING), "setup",
           parser=("setup", "scoring")),
    Module("SU-09", "invented rules", ("setup.extra_rules",), lambda s: s.setup.extra_rules is not None,
           "SU-09 extra rules", (LAWS,), "laws", parser=("laws",)),
    Module("SU-10", "exchange", ("setup.exchange",), lambda s: s.setup.exchange is not None, "SU-10 exchange",
           (SETUP,), "setup", parser=("setup",)),
    # bidding
    Module("BD-01", "trick bidding", ("bidding.tricks",), lambda s: s.bidding.tricks is not None,
           "BD-01 trick bidding", (BIDDING,), "bidding", parser=("bidding",)),
    Module("BD-03", "landlord auction", ("bidding.auction", "play.opening_leader"),
           lambda s: s.bidding.auction is not None, "BD-03 auction", (BIDDING, PLAY), "bidding",
           parser=("bidding", "play_tricks")),
    Module("BD-03p", "landlord payments", ("bidding.auction",), lambda s: s.bidding.auction is not None,
           "BD-03 auction", (SCORING,), "scoring", parser=("scoring",)),
    # play
    Module("TT-01", "opening leader", ("play.opening_leader", "play.opening_card"), lambda s: True,
           "TT-01 opening leader", (PLAY,), "state", parser=("play_tricks",)),
    Module("TT-02", "opening-lead restriction", ("play.opening_lead",), lambda s: s.play.opening_lead != "any",
           "TT-02 opening lead", (PLAY,), "tricks", parser=("play_tricks",)),
    Module("TT-03", "weak led suit", ("play.weak_led_suit",), lambda s: s.play.weak_led_suit is not None,
           "TT-03 weak led suit", (PLAY,), "tricks", parser=("play_tricks",)),
    Module("TT-04", "following", ("play.following", "play.otherwise"), lambda s: True, "TT-04 following",
           (PLAY,), "tricks", parser=("play_tricks",)),
    Module("TT-05", "jokers in play", ("play.jokers",), lambda s: s.deck.jokers > 0, "TT-05 jokers", (DECK,), "cards",
           parser=("deck",)),
    Module("TT-06", "joker lead", ("play.joker_lead",), lambda s: s.play.joker_lead is not None, "TT-06 joker lead",
           (PLAY,), "state", parser=("play_tricks",)),
    Module("TT-07", "breaking a suit", ("play.breaking",), lambda s: s.play.breaking is not None, "TT-07 breaking",
           (PLAY,), "tricks", parser=("play_tricks",)),
    Module("TT-08", "first-trick ban", ("play.first_trick_ban",), lambda s: s.play.first_trick_ban is not None,
           "TT-08 first-trick ban", (PLAY,), "tricks", parser=("play_tricks",)),
    Module("TT-09", "pig lead restriction", ("play.pig_lead",), lambda s: s.play.pig_lead != "free", "TT-09 pig lead",
           (PLAY,), "state", parser=("play_tricks",)),
    Module("TT-10", "boost trick", ("play.boost",), lambda s: s.play.boost is not None, "TT-10 boost", (PLAY,), "state",
           parser=("play_tricks",)),
    Module("TT-11", "invented rules in play", ("setup.extra_rules",), lambda s: s.setup.extra_rules is not None,
           "SU-09 extra rules", (LAWS,), "state", parser=("laws",)),
    Module("TT-12", "trick winner", ("play.winner",), lambda s: True, "TT-12 winner", (PLAY,), "tricks",
           parser=("play_tricks",)),
    Module("TT-13", "next leader", ("play.next_leader",), lambda s: True, "TT-13 next leader", (PLAY,), "tricks",
           parser=("play_tricks",)),
    Module("TT-14", "kitty capture", ("play.kitty_capture",), lambda s: s.play.kitty_capture is not None,
           "TT-14 kitty capture", (PLAY,), "state", parser=("play_tricks",)),
    # scoring
    Module("SC-T1", "avoid-suit scoring",
           ("scoring.suit", "scoring.per_card", "scoring.penalty_card", "scoring.bonus_card", "scoring.joker_loss",
            "scoring.shoot_the_moon", "scoring.doubler", "scoring.pig_points"),
           lambda s: s.scoring.kind == "avoid-suit", "SC-T1 avoid suit", (SCORING,), "scoring", parser=("scoring",)),
    Module("SC-T2", "exact-bid scoring", ("scoring.kind", "scoring.otherwise"), lambda s: s.scoring.kind == "exact-bid",
           "SC-T2 exact bid", (SCORING,), "scoring", parser=("scoring",)),
    Module("SC-T3", "points per trick", ("scoring.kind", "scoring.beyond"), lambda s: s.scoring.kind == "per-trick",
           "SC-T3 per trick", (SCORING,), "scoring", parser=("scoring",)),
    Module("SC-T3b", "bidding bonuses", ("scoring.exact_bonus", "scoring.zero_bonus", "scoring.blind_bonus"),
           lambda s: s.scoring.kind == "per-trick" and s.scoring.exact_bonus is not None, "SC-T3 bid bonuses",
           (SCORING,), "scoring", parser=("scoring",)),
    Module("SC-T4", "per-trick extras", ("scoring.extras",),
           lambda s: _extras(s) is not None and _extras(s) != type(_extras(s))(), "SC-T4 extras", (SCORING,), "scoring",
           parser=("scoring",)),
    Module("SC-T5", "bonus rules after the hand", ("setup.extra_rules",),
           lambda s: s.setup.extra_rules is not None and s.setup.extra_rules.kind == "bonus", "SU-09 extra rules",
           (LAWS,), "state", parser=("laws",)),
    Module("SC-T6", "high/low inversion", ("setup.high_low",), lambda s: s.setup.high_low, "SU-07 high/low",
           (SCORING,), "scoring", parser=("scoring",)),
    # the end
    Module("EN-02", "fixed length", ("ending.condition",), lambda s: s.ending.condition.kind in ("rounds", "shrinking"),
           "EN-02 fixed length", (ENDING,), "ending", parser=("ending",)),
    Module("EN-03", "target or threshold", ("ending.condition",),
           lambda s: s.ending.condition.kind in ("target", "threshold"), "EN-03 target", (ENDING,), "ending",
           parser=("ending",)),
    Module("EN-04", "ties", ("ending.ties",), lambda s: True, "EN-04 ties", (ENDING,), "ending", parser=("ending",)),
)

BY_ID: dict[str, Module] = {m.id: m for m in MODULES}


def modules_of(spec: GameSpec) -> list[str]:
    """The ids of the modules a game uses."""
    return [m.id for m in MODULES if m.present(spec)]


__all__ = ["BY_ID", "ENGINE", "MODULES", "PARSER", "Module", "modules_of"]
