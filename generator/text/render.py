"""Render a GameSpec as a Markdown rulebook with Jinja (templates in ``<repo>/templates``).

``rulebook.md.j2`` prints the sections of ``generator.text.sections.SECTIONS`` in order, including
one template per phase (``rules/<phase>.md.j2``, the same names as ``generator/spec/``) and, for
*Play*, the template of the game's family (``generator.families``). Every sentence comes from the spec, one fixed wording per option, so two
different specs never give the same text and a parser can read the text back.

Layout conventions of the output: one sentence per line inside a paragraph (Markdown joins
them), one line per list item, numbered lists for the steps of the setup and of a trick.
"""

from __future__ import annotations

import functools
from pathlib import Path
from typing import Any

import jinja2

from ..families import family_of
from ..names import COUNTRY_ADJECTIVE
from ..spec import GameSpec, derived
from ..spec.deck import TRUMP_ROTATION
from ..spec.naming import FACTS
from . import phrases
from .mechanics import mechanics
from .sections import SECTIONS, parts_of

TEMPLATES = Path(__file__).resolve().parents[2] / "templates"

@functools.cache
def environment() -> jinja2.Environment:
    """The one Jinja environment, created on first use and kept (templates compile once)."""
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(str(TEMPLATES)),
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
        autoescape=False,
        auto_reload=False,
        extensions=["jinja2.ext.do"],
    )
    env.filters.update(phrases.FILTERS)
    return env


def render_markdown(spec: GameSpec, summary: dict | None = None) -> str:
    """The rulebook of ``spec`` as Markdown.

    ``summary`` (optional) holds playtest figures; the keys used are ``hands`` (typical number
    of hands in a game), ``minutes`` (typical table time) and ``games`` (how many simulated
    games the figures come from). Other keys are ignored; without any, no line is added.
    """
    template = environment().get_template("rulebook.md.j2")
    return template.render(spec=spec, d=_derived(spec), summary=_summary(summary), sections=sections_of(spec))


def sections_of(spec: GameSpec) -> list[dict[str, Any]]:
    """The sections this game prints, in order: each its heading (None: none) and template parts."""
    family = family_of(spec)
    return [{"name": s.name, "heading": s.heading_for(spec), "parts": parts_of(s, family)}
            for s in SECTIONS if s.shown(spec)]


def _summary(summary: dict | None) -> dict[str, Any]:
    """The playtest figures the introduction prints: counts rounded to whole numbers; ``order``
    (Tier 2's Order) and ``strong_wins`` (the strong bot's win rate) as shares, with ``players``
    (the table they were measured at) — without Order the rulebook says nothing about skill."""
    out: dict[str, Any] = {}
    for key in ("hands", "minutes", "games", "players"):
        value = (summary or {}).get(key)
        if isinstance(value, (int, float)) and not isinstance(value, bool) and value > 0:
            out[key] = max(1, round(value))
    for key in ("order", "strong_wins"):
        value = (summary or {}).get(key)
        if isinstance(value, (int, float)) and not isinstance(value, bool) and value == value:
            out[key] = min(1.0, max(-1.0, float(value)))
    return out


_PACK = ("deck.kind", "deck.order", "deck.promoted", "deck.removed")
_SIZE = ("deck.kind", "deck.order", "deck.removed", "deck.jokers")
_SHARES = ("deal.hand_size", "deal.hand_size_over_three", "deal.kitty", "players.min", "players.max")

#: The spec fields each derived value (``d.<key>`` in the templates) is computed from: a template
#: that prints ``d.country`` prints ``naming.country``. ``generator.modules`` checks with it that each
#: rule module's fields are printed; a test keeps its keys those of ``_derived``.
DERIVED_FROM: dict[str, tuple[str, ...]] = {
    "low_cards": ("deck.kind",),
    "lowest_trump": (*_PACK, "setup.trumps"),
    "highest_trump": (*_PACK, "setup.trumps"),
    "law_example": _PACK,
    "ranks": _PACK,
    "size": _SIZE,
    "trump_card_on_stock": ("setup.trumps", "deal.kitty"),
    "wild_jokers": ("deck.jokers", "play.jokers"),
    "face": _PACK,
    "numbers_in_play": _PACK,
    "fact": ("naming.fact", "scoring.suit", "setup.pig", "bidding.auction", "play.bomb"),
    "country": ("naming.country",),
    "shares": (*_SHARES, *_SIZE),
    "shrink": ("ending.condition", "deal.hand_size", "deal.hand_size_over_three"),
    "rotation": ("deck.kind",),
    "stock": (*_SHARES, *_SIZE, "deal.odd_card", "setup.trumps"),
    "kitty_source": ("deal.kitty",),
    "trumps_possible": ("setup.trumps", "deck.jokers", "play.jokers"),
    "joker_turned": ("deck.jokers", "setup.trumps"),
    "tarot_compare": ("deck.kind", "play.winner", "play.weak_led_suit", "play.otherwise", "play.next_leader"),
    "deck_jokers": ("play.family",),
    "first_play": ("play.family",),
    "law_words": ("play.family",),
    "kitty_use": ("deal.kitty", "bidding.auction", "play.kitty_capture", "play.effects", "play.draw"),
    "mechanics": ("bidding.auction", "bidding.tricks", "scoring.penalty_card", "scoring.bonus_card",
                  "scoring.shoot_the_moon", "scoring.exact_bonus", "setup.pig", "play.bomb", "play.cheat",
                  "play.effects", "play.jokers", "deal.tokens", "deal.rows"),
}


def _derived(spec: GameSpec) -> dict[str, Any]:
    """Facts computed from the spec that the templates print (never new information). Facts
    about the rules come from ``generator.spec.derived``; what is worked out here is only how
    they are printed."""
    deck, deal = spec.deck, spec.deal
    ranks = deck.ranks()
    size = deck.size()

    fact = None
    if spec.naming.fact is not None:
        phrase = FACTS.get(spec.naming.fact, spec.naming.fact)
        s = getattr(spec.scoring, "suit", "")
        fact = phrase.replace("{suit} cards", phrases.suit_one(s) + " cards").replace("{suit}", phrases.suit(s))
        # Facts of the issue-3 modules, once spec.naming.FACTS has them, may name the pig and the title.
        pig, auction = spec.setup.pig, spec.bidding.auction
        fact = fact.replace("{pig}", phrases.md(pig.name) if pig else "pig").replace(
            "{title}", phrases.md(auction.title) if auction else "landlord")
        # A climbing game's bombs (CL-08) may be named by its fact too.
        bomb = getattr(spec.play, "bomb", None)
        fact = fact.replace("{bombs}", phrases.md(phrases.plural_noun(bomb.name if bomb else "bomb")))
        fact = fact.replace("{bomb}", phrases.md(bomb.name) if bomb else "bomb")

    shares = []
    if derived.deals_whole_pack(deal):
        for n in spec.players.counts():
            shares.append((n, max(0, deal.cards_each(n, size)), derived.set_aside(deck, deal, n)))

    shrink = []
    if isinstance(deal.hand_size, int):
        starts = [("", deal.hand_size)]
        if deal.hand_size_over_three is not None:
            starts = [("up to three players", deal.hand_size), ("more than three players", deal.hand_size_over_three)]
        for label, top in starts:
            sizes = derived.shrinking_hand_sizes(spec.ending.condition, top)
            if sizes is not None:
                shrink.append((label, top, sizes))

    plain_trumps, majors_trumps = derived.trump_suit_kinds(spec)
    low, high = (ranks[-1], ranks[0]) if ranks else ("", "")
    lowest = [f"the {phrases.rank_word(low)} of trumps"] if plain_trumps else []
    highest = [f"the {phrases.rank_word(high)} of trumps"] if plain_trumps else []
    if majors_trumps:
        when = " when the majors are trumps" if plain_trumps else ""
        lowest.append(phrases.major(0) + when)
        highest.append(phrases.major(20) + when)
    suits = deck.suits()
    picks = [len(ranks) - 1, len(ranks) // 2, 1, 0, len(ranks) - 2]
    law_example = {
        "suit_a": suits[2 % len(suits)],
        "suit_b": suits[0],
        "ranks": [ranks[i % len(ranks)] for i in picks] if ranks else [""] * 5,
    }
    return {
        "low_cards": phrases.one_of_suits(derived.low_suits(deck)),
        "lowest_trump": ", or ".join(lowest),
        "highest_trump": ", or ".join(highest),
        "law_example": law_example,
        "ranks": ranks,
        "size": size,
        "face": list(derived.face_values(deck)),
        "numbers_in_play": derived.numbers_in_play(deck),
        "fact": fact,
        "country": COUNTRY_ADJECTIVE.get(spec.naming.country, spec.naming.country),
        "shares": shares,
        "shrink": shrink,
        "rotation": TRUMP_ROTATION[deck.kind],
        "stock": derived.has_stock(spec),
        "kitty_source": derived.trump_card_from_kitty(deal),
        "trump_card_on_stock": derived.trump_card_on_stock(spec),
        "wild_jokers": derived.wild_jokers(spec),
        "trumps_possible": derived.trumps_possible(spec),
        "joker_turned": derived.trump_card_may_be_joker(spec),
        "tarot_compare": derived.compares_majors_with_suit_cards(spec),
        # Whether the deck section says what jokers do in play, or the family's Play section does.
        "deck_jokers": family_of(spec).deck_jokers,
        # What the player who opens a hand does, in the family's words.
        "first_play": family_of(spec).first_play,
        # The invented laws' forms, in the family's words.
        "law_words": family_of(spec).law_words,
        "kitty_use": derived.kitty_use(spec),
        # What the game turns on (the introduction of a game Parlour invented; the quick reference).
        "mechanics": "; ".join(mechanics(spec)),
    }
