"""Render a GameSpec as a Markdown rulebook with Jinja (templates in ``<repo>/templates``).

``rulebook.md.j2`` prints the sections of ``generator.text.sections.SECTIONS`` in order, including
one template per phase (``rules/<phase>.md.j2``, the same names as ``generator/spec/``) and, for
*Play*, the template of the game's family (``generator.families``). Every sentence comes from the spec, one fixed wording per option, so two
different specs never give the same text and a parser can read the text back.

After the rules come the sections that state none (``extras``): the example of play, a hand the
engine played (``text.example``), the strategy note and Variations from a playtest report when it
has them, the scoresheet and the quick reference.

Layout conventions of the output: one sentence per line inside a paragraph (Markdown joins
them), one line per list item, numbered lists for the steps of the setup and of a trick.
"""

from __future__ import annotations

import functools
import re
from pathlib import Path
from typing import Any

import jinja2

from ..families import family_of, template_path
from ..names import COUNTRY_ADJECTIVE
from ..spec import GameSpec, derived
from ..spec.deck import TRUMP_ROTATION
from ..spec.naming import FACTS
from . import phrases
from .mechanics import mechanics
from .quickref import quick_reference_rows
from .sections import SECTIONS, parts_of

TEMPLATES = Path(__file__).resolve().parents[2] / "templates"


class RulebookLoader(jinja2.BaseLoader):
    """The project's ``templates/``, and each family's own template folder for a family whose
    templates live in its package (``Family.templates``): a template is found by its name wherever
    it is (``families.template_path``)."""

    def get_source(self, environment: jinja2.Environment, template: str) -> tuple[str, str, Any]:
        path = template_path(template)
        if not path.is_file():
            raise jinja2.TemplateNotFound(template)
        mtime = path.stat().st_mtime
        return path.read_text(encoding="utf-8"), str(path), lambda: path.stat().st_mtime == mtime


@functools.cache
def environment() -> jinja2.Environment:
    """The one Jinja environment, created on first use and kept (templates compile once)."""
    env = jinja2.Environment(
        loader=RulebookLoader(),
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


def render_markdown(spec: GameSpec, summary: dict | None = None, example: Any = None, in_book: bool = False) -> str:
    """The rulebook of ``spec`` as Markdown, with the worked example ``example`` (an
    ``example.Example``, played and passed in by ``generator.rulebook``; None: no example section).

    ``summary`` (optional) holds playtest figures; the keys used are ``hands`` (typical number
    of hands in a game), ``minutes`` (typical table time) and ``games`` (how many simulated
    games the figures come from), and the sentences of the ``strategy`` note and of the
    ``variations`` line (lists of plain sentences, ``publish.facts.text_summary`` makes them from a
    report). Other keys are ignored; without any, no line is added and no note is printed.

    ``in_book``: the rulebook as a book prints it, where what every game shares (choosing the first
    dealer, the shuffle, the cut and the deal) is said once in *How to use this book* and referred
    to. A rulebook on its own (the default) says it all, and is what the parser reads back.
    """
    template = environment().get_template("rulebook.md.j2")
    figures = _summary(summary)
    extra = extras(spec, summary, figures, example)
    return template.render(spec=spec, d=_derived(spec), summary=figures, sections=sections_of(spec, extra),
                           x=extra, seat=example_seat, in_book=in_book)


def sections_of(spec: GameSpec, extra: dict[str, Any] | None = None) -> list[dict[str, Any]]:
    """The sections this game prints, in order: each its heading (None: none) and template parts.
    A section printed from an extra (the example, a strategy note …) only when ``extra`` has it."""
    family = family_of(spec)
    extra = extra or {}
    return [{"name": s.name, "heading": s.heading_for(spec), "parts": parts_of(s, family)}
            for s in SECTIONS if s.shown(spec) and (s.needs is None or extra.get(s.needs))]


#: The players of the worked example, by seat (seat 1 first): names read more easily than numbers.
SEAT_NAMES = ("Ann", "Ben", "Cleo", "Dev", "Eve", "Finn", "Gus", "Hana")
_SEAT_WORD = re.compile(r"\b(?:seat|player) (\d)\b")


def example_seat(p: int) -> str:
    """The name of seat ``p`` (0-based) in the worked example."""
    return SEAT_NAMES[p] if 0 <= p < len(SEAT_NAMES) else f"Player {p + 1}"


def _named_seats(words: str) -> str:
    """The narrator's "seat 3" or "player 3" (inside a move's words: a target, a giver) as the example's name."""
    return _SEAT_WORD.sub(lambda m: example_seat(int(m[1]) - 1), words)


def extras(spec: GameSpec, summary: dict | None = None, figures: dict[str, int] | None = None,
           ex: Any = None) -> dict[str, Any]:
    """What the sections after *End of the game* print: the worked example ``ex`` (played above the
    text and passed in), the strategy note and Variations (sentences from the playtest, when
    ``summary`` has them), the scoresheet and the quick reference."""
    figures = figures if figures is not None else _summary(summary)
    return {
        "example": _example_view(spec, ex) if ex is not None else None,
        "strategy": _sentences(summary, "strategy"),
        "variations": _sentences(summary, "variations"),
        "scoresheet": _scoresheet(spec, figures),
        "quickref": _quick_reference(spec, figures),
    }


def _sentences(summary: dict | None, key: str) -> list[str]:
    value = (summary or {}).get(key)
    if not isinstance(value, (list, tuple)):
        return []
    return [v for v in value if isinstance(v, str) and v.strip()]


def _table_lines(spec: GameSpec, lines: list[str]) -> list[str]:
    """The narrator's lines about the table at the start of play, for a reader: a game that cannot
    have trumps says nothing of them, one whose trumps come later says they are not known yet."""
    out = []
    for text in lines:
        if text.startswith("trumps: none yet"):
            if not derived.trumps_possible(spec):
                continue
            if spec.scoring.kind == "schedule" and spec.scoring.flat()[0].trumps == "none":
                out.append("trumps: none, by the contract" + text[len("trumps: none yet"):])   # the first hand's
                continue
            text = "trumps: not known yet" + text[len("trumps: none yet"):]
        out.append(text)
    return out


def _example_view(spec: GameSpec, ex: Any) -> dict[str, Any]:
    """The worked example's facts in the words the template prints (seats named, lines capitalised)."""
    from .example import DECISIONS_SHOWN, MOVES_SHOWN, TRICKS_SHOWN

    name = example_seat

    def line(text: str) -> str:
        text = phrases.cap(_named_seats(text))
        return text if text.endswith((".", "!", "?")) else text + "."

    before = [(phrases.cap(m.decision.replace("-", " ")), name(m.seat), _named_seats(m.words), m.told)
              for m in ex.before_play]
    plays = ex.play
    steps: list[str] = []
    shown = plays if ex.by_tricks else plays[:MOVES_SHOWN]
    if not ex.by_tricks:
        ends = {}
        for t in ex.tricks:
            ends.setdefault(t.after, []).append(t)
        for i, m in enumerate(shown, 1):
            text = f"{name(m.seat)} {_named_seats(m.words)}"
            for t in ends.get(i, []):
                if t.taker is not None:
                    text += f"; {name(t.taker)} takes the trick"
                else:
                    text += f"; the trick ends and is set aside ({name(t.seats[-1])} played last)"
            steps.append(line(text))
    tricks = []
    for i, t in enumerate(ex.tricks[:TRICKS_SHOWN] if ex.by_tricks else [], 1):
        played = ", ".join(f"{name(p)} {c}" for p, c in zip(t.seats, t.cards))
        won = "no one" if t.taker is None else name(t.taker)
        if t.taker is not None and t.taker in t.seats:
            won += f", with the {t.cards[t.seats.index(t.taker)]}"
            if t.why:
                won += f": {t.why}"
        tricks.append((i, played, won))
    out = [name(p) for p in ex.out] if ex.out else []
    # How the hand ended, said so that the score row follows from what is shown: a knock, players
    # going out, or (no one out) the rule for a hand no one finishes.
    knocker = next((m.seat for m in reversed(plays) if m.words.startswith("knocks")), None) \
        if getattr(spec.scoring, "round_end", None) == "knock-five" else None
    if ex.by_tricks:
        ended = ""
    elif knocker is not None:
        ended = f"{name(knocker)} knocks, which ends the hand at once, and wins it."
    elif ex.out is None:
        ended = ""   # a family whose hands end otherwise (the stock used up, the last trick)
    elif out:
        ended = f"{out[0]} goes out first" + (f", then {phrases.join_and(out[1:])}" if len(out) > 1 else "") + "."
    else:
        ended = ("No one goes out, so the hand ends by the rule for a hand no one finishes: the player with the fewest cards "
                 "wins it.")
    sides = spec.players.sides
    teams = []
    if sides is not None and sides.applies(ex.players):
        of = sides.of(ex.players)
        teams = [[name(p) for p in range(ex.players) if of[p] == side] for side in range(sides.count(ex.players))]
    caller = None   # a coalition of the hand: who plays alone, and against whom
    if spec.players.coalition is not None and spec.setup.trumps.method == "called":
        seat = (ex.dealer + (0 if spec.setup.trumps.caller == "dealer" else 1)) % ex.players
        caller = (name(seat), [name(p) for p in range(ex.players) if p != seat])
    return {
        "caller": caller,   # with a coalition: the caller's name, and the names of the side against them
        "players": ex.players,
        "names": [name(p) for p in range(ex.players)],
        "teams": teams,   # with sides: the names on each side, the first dealer's first
        "dealer": name(ex.dealer),
        "before": before[:DECISIONS_SHOWN],
        "before_more": max(0, len(before) - DECISIONS_SHOWN),
        "table": [line(t) for t in _table_lines(spec, ex.table)],
        "hands": [(name(p), hand_words(cards)) for p, cards in enumerate(ex.hands)],
        "by_tricks": ex.by_tricks,
        "tricks": tricks,
        "tricks_more": max(0, len(ex.tricks) - len(tricks)) if ex.by_tricks else 0,
        "tricks_taken": [(name(p), k) for p, k in enumerate(ex.tricks_taken or [])],
        "steps": steps,
        "moves_more": max(0, len(plays) - len(shown)),
        "out": out,
        "ended": ended,
        "scores": ex.scores,
        # a game won by giving up tokens scores no points: its row counts the tokens given up
        "tokens": (spec.deal.tokens.name if spec.deal.tokens else "token") if spec.ending.condition.kind == "tokens" else None,
        "totals": ex.totals if ex.totals != ex.scores else None,
        "game_over": ex.game_over,
    }


def without_section(md: str, heading: str) -> str:
    """The Markdown with one ``## heading`` section left out (the HTML page prints its quick
    reference as a box of its own, so the Markdown's last section would repeat it)."""
    start = md.find(f"\n## {heading}\n")
    if start < 0:
        return md
    end = md.find("\n## ", start + 1)
    return md[:start + 1].rstrip("\n") + "\n" + (md[end:] if end >= 0 else "")


def hand_words(cards: list[str]) -> str:
    """A hand as a table shows it: the cards of each suit together, ranks in the order held
    ("clubs: A, 7, 2; hearts: 5, 4; red joker") — a third as long as naming every card in full."""
    groups: list[tuple[str | None, list[str]]] = []
    for card in cards:
        rank, of, suit = card.partition(" of ")
        if not of:
            groups.append((None, [card]))
        elif groups and groups[-1][0] == suit:
            groups[-1][1].append(rank)
        else:
            groups.append((suit, [rank]))
    return "; ".join(f"{suit}: {', '.join(ranks)}" if suit else ranks[0] for suit, ranks in groups) or "no cards"


#: The fewest and most hand rows of a scoresheet (a sheet longer than a page is not copied).
SHEET_ROWS = (5, 12)


def _scoresheet(spec: GameSpec, figures: dict[str, int]) -> dict[str, Any]:
    """A blank score table: a column per player (as many as the game allows at most), a row per
    hand — as many as the game has when its end fixes them, else the playtest's typical number."""
    counts = spec.players.counts()
    hands = derived.hands_per_game(spec)
    fixed = max(hands.values()) if hands else None
    # The hands at each player count, grouped: (hands, the player counts that play that many).
    by_hands: dict[int, list[int]] = {}
    for n, h in (hands or {}).items():
        by_hands.setdefault(h, []).append(n)
    typical = figures.get("hands")
    rows = fixed or (min(max(typical + 2, SHEET_ROWS[0]), SHEET_ROWS[1]) if typical else 10)
    sides = spec.players.sides   # with sides, a column per side: its members share one total
    columns = max(counts) if sides is None else max(sides.count(n) for n in counts)
    tokens = spec.deal.tokens.name if spec.deal.tokens else "token"
    return {"columns": columns, "rows": rows, "fixed": fixed is not None, "typical": typical,
            "hands": sorted(by_hands.items(), key=lambda item: item[1][0]), "per_player": spec.ending.condition.kind == "rounds",
            # a game won by giving up tokens keeps no points: the sheet counts the tokens left
            "tokens": tokens if spec.ending.condition.kind == "tokens" else None,
            "counts": counts, "side": derived.side_word(spec)}


def _quick_reference(spec: GameSpec, figures: dict[str, int]) -> list[tuple[str, str]]:
    """The quick-reference rows the HTML and PDF box prints (``publish.facts``), for the Markdown
    rulebook's last section; the typical length from the playtest figures when there are some."""
    # The suits by name only: a Markdown page has no red suit signs, and German or tarot suits none at all.
    rows = [(label, ", ".join(phrases.suit(x) for x in spec.deck.suits()) if label == "Suits" else value)
            for label, value in quick_reference_rows(spec)]
    if figures.get("hands") or figures.get("minutes"):
        parts = []
        if figures.get("hands"):
            parts.append(phrases.plural(figures["hands"], "hand"))
        if figures.get("minutes"):
            parts.append(f"{figures['minutes']} minutes")
        rows.append(("Length", "about " + ", ".join(parts)))
    return rows


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
    "unvalued_cards": (*_PACK, "scoring.values"),
    "counts_cards": ("scoring.kind", "scoring.retire"),
    "fact": ("naming.fact", "scoring.suit", "setup.pig", "bidding.auction", "play.bomb"),
    "country": ("naming.country",),
    "shares": (*_SHARES, *_SIZE),
    "shrink": ("ending.condition", "deal.hand_size", "deal.hand_size_over_three"),
    "rotation": ("deck.kind",),
    "stock": (*_SHARES, *_SIZE, "deal.odd_card", "setup.trumps"),
    "kitty_source": ("deal.kitty",),
    "trumps_possible": ("setup.trumps", "deck.jokers", "play.jokers", "scoring.contracts"),
    "joker_turned": ("deck.jokers", "setup.trumps"),
    "tarot_compare": ("deck.kind", "play.winner", "play.weak_led_suit", "play.otherwise", "play.next_leader"),
    "deck_jokers": ("play.family",),
    "first_play": ("play.family",),
    "law_words": ("play.family",),
    "kitty_use": ("deal.kitty", "bidding.auction", "play.kitty_capture", "play.effects", "play.draw"),
    "stock_use": ("deal.stock", "setup.exchange", "setup.extra_rules"),
    "bower_after": ("deck.jokers", "play.jokers"),
    "side": ("players.sides",),
    "sided_counts": ("players.sides",),
    "alone_counts": ("players.sides",),
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
    sides = spec.players.sides

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
        "unvalued_cards": derived.unvalued_cards(spec),
        # Whether the cards left in hand count in the scoring (a deserter's kept cards count against them).
        "counts_cards": derived.counts_cards_left(spec),
        "fact": fact,
        "country": COUNTRY_ADJECTIVE.get(spec.naming.country, spec.naming.country),
        "shares": shares,
        "shrink": shrink,
        "rotation": TRUMP_ROTATION[deck.kind],
        "bower_after": derived.bower_after(spec),
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
        "stock_use": derived.stock_use(spec),
        # Who scores and wins: a player, or a partnership or team (``players.sides``), and the
        # player counts that play in sides and alone.
        "side": derived.side_word(spec),
        "sided_counts": [n for n in spec.players.counts() if sides and sides.applies(n)],
        "alone_counts": [n for n in spec.players.counts() if sides and not sides.applies(n)],
        # What the game turns on (the introduction of a game Parlour invented; the quick reference).
        "mechanics": "; ".join(mechanics(spec)),
    }
