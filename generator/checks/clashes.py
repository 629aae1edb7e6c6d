"""Clashes between rules that read well one at a time: found from the spec, not by reading.

A rulebook is written module by module, so two modules can each be right and still leave a table
arguing: a wild joker that "counts as the card named for following suit" next to a rule for the
joker led; bids "up to the number of tricks" where some tricks go round twice; one card scored by
two rules. Each clash found here is one of two things:

* an **error** (a ``Problem``): the spec says something the pack or the deal cannot give (a rule
  that names a card, rank or suit the pack lacks; a number of tricks no hand can have) or two
  modules act on the same card in ways that cannot both hold. ``check_spec`` runs these, so the
  sampler redraws such a draft and ``generate`` never writes one.
* a **note** (a ``Note``): two modules meet on the same event and the engine settles it one way.
  That is a fine game, but only if the rulebook says how; each note names the words
  (``Note.says``) the rulebook prints to connect the two rules, and ``unconnected`` finds a note
  whose words a rendered rulebook lacks (the tests run it over sampled specs).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from ..spec import GameSpec, derived
from ..spec.deck import SUITS, card_suit
from .core import Problem


@dataclass(frozen=True)
class Note:
    """Two rules about the same event, which the rulebook must connect with a sentence."""

    code: str                 # what kind of meeting, e.g. "JOKER_LED_WILD"
    fields: tuple[str, ...]   # the spec fields of the rules that meet
    message: str              # what a reader would otherwise ask
    says: str                 # words of the connecting sentence the rulebook prints

    def __str__(self) -> str:
        return f"{self.code} {' + '.join(self.fields)}: {self.message}"


#: The kinds of note, and what each means (the codes ``notes`` gives).
NOTE_CODES = {
    "JOKER_LED_WILD": "a wild joker counts as the card named, and a joker led has a rule of its own",
    "BIDS_FEWER_TRICKS": "players bid for tricks, and some tricks go round twice or do not count",
    "TOP_TRUMP_TWICE": "the highest trump scores when shown before play and again when taken",
    "ALL_IN_PLAY": "a rule counts 'all' or 'none' of a suit, which needs the cards that count said",
    "SHRINKING_DEAL": "the hands shrink from hand to hand, which the deal must say",
    "OPENING_CARD_BARRED": "the card that must open the first trick is one another rule bars from a lead",
    "CARD_SCORED_TWICE": "the doubling card is also the penalty or bonus card",
    "PIG_SCORES_NOTHING": "the pig's taker scores nothing, and a later rule (top trump point, stake) scores them",
}


# --------------------------------------------------------------------------- errors


def check_clashes(spec: GameSpec) -> list[Problem]:
    """The clashes that are errors: named things the pack lacks, trick numbers no deal gives, one
    card scored twice by rules that cannot both hold."""
    return _named_things(spec) + _trick_numbers(spec) + _same_card(spec)


_SUIT_FIELDS = frozenset({"suit", "joker_lead", "first_trick_ban"})
_CARD_FIELDS = frozenset({"card", "opening_card"})


def named_things(spec: GameSpec) -> Iterator[tuple[str, str, str]]:
    """Every (field, kind, value) of a rule that names a card, a rank or a suit, found by walking
    the spec's rule sections (the deck itself is not a rule about a card). Walking the fields,
    rather than listing them, covers a module added later under the same field names."""
    data = spec.model_dump()
    for section in ("deal", "setup", "bidding", "play", "scoring", "ending"):
        yield from _walk(data.get(section), section)


def _walk(node: Any, path: str) -> Iterator[tuple[str, str, str]]:
    if isinstance(node, dict):
        for key, value in node.items():
            where = f"{path}.{key}"
            if isinstance(value, str):
                if key in _CARD_FIELDS:
                    yield where, "card", value
                elif key == "rank":
                    yield where, "rank", value
                elif key in _SUIT_FIELDS:
                    yield where, "suit", value
            else:
                yield from _walk(value, where)
    elif isinstance(node, list):
        for i, value in enumerate(node):
            yield from _walk(value, f"{path}[{i}]")


def _named_things(spec: GameSpec) -> list[Problem]:
    deck, out = spec.deck, []
    cards, ranks, suits = set(deck.cards()), set(deck.ranks()), set(SUITS[deck.kind])
    full = set(deck.full_order() or ())
    for field, kind, value in named_things(spec):
        if kind == "card" and value not in cards:
            out.append(Problem("DECK_INCONSISTENT", field, f"a rule names the card '{value}', which this pack lacks"))
        elif kind == "rank" and value not in ranks:
            gone = "is removed from" if value in full else "is not in"
            out.append(Problem("DECK_INCONSISTENT", field, f"a rule names the rank {value}, which {gone} this pack"))
        elif kind == "suit" and value not in suits:
            out.append(Problem("DECK_INCONSISTENT", field, f"a rule names the suit '{value}', which this pack lacks"))
    return out


def printed_trick_numbers(spec: GameSpec) -> list[tuple[str, int]]:
    """The numbers of tricks the rulebook prints ("beyond their first two tricks"), by field: the
    templates print these and no other count of tricks (a test renders sampled specs and holds the
    text to this list)."""
    s = spec.scoring
    if s.kind == "per-trick" and s.beyond:
        return [("scoring.beyond", s.beyond)]
    if s.kind == "majority":   # "the side that took five tricks or more wins the hand"
        return [("scoring.needed", s.needed)]
    if s.kind == "schedule":   # a contract of "the last two tricks" (checked with the schedule)
        out = []
        for i, c in enumerate(s.contracts):
            ways = [(f"scoring.contracts.{i}.score", c.score)] if c.score else [
                (f"scoring.contracts.{i}.modes.{j}", m) for j, m in enumerate(c.modes or [])]
            out += [(f"{at}.last", h.last) for at, h in ways if h.last is not None and h.last > 1]
        return out
    return []


def _trick_numbers(spec: GameSpec) -> list[Problem]:
    """A count of tricks printed that no deal of the game gives: more than the most tricks a hand
    can have at any player count (the hands of a shrinking game start full)."""
    out = []
    most = max((derived.tricks_per_hand(spec.deck, spec.deal, n) for n in spec.players.counts()), default=0)
    for field, number in printed_trick_numbers(spec):
        if field == "scoring.beyond" and number >= most:   # a majority's tricks are checked with it
            out.append(Problem("DEAL_IMPOSSIBLE", field,
                               f"the rulebook speaks of {number} tricks, but no hand of this game has more than {most}"))
    return out


def scored_cards(spec: GameSpec) -> list[tuple[str, str]]:
    """(field, card) of every card a scoring rule gives points of its own: the penalty and bonus
    cards (the doubler gives none: it doubles, and may well be one of them)."""
    s, out = spec.scoring, []
    for name in ("penalty_card", "bonus_card"):
        special = getattr(s, name, None)
        if special is not None:
            out.append((f"scoring.{name}.card", special.card))
    return out


def _same_card(spec: GameSpec) -> list[Problem]:
    """Two scoring rules for one card's points (a penalty card that is also the bonus card): the
    table would give the card two rows that each claim to be what it costs or gains."""
    seen: dict[str, str] = {}
    out = []
    for field, card in scored_cards(spec):
        if card in seen:
            out.append(Problem("RULE_CONFLICT", field, f"the card '{card}' is already scored by {seen[card]}"))
        else:
            seen[card] = field
    return out


# --------------------------------------------------------------------------- notes


def notes(spec: GameSpec) -> list[Note]:
    """Every place where two rules meet on the same event and the rulebook must say how (the
    engine's way); see ``NOTE_CODES``."""
    p, s, st, out = spec.play, spec.scoring, spec.setup, []
    extras = getattr(s, "extras", None)
    joker_lead = getattr(p, "joker_lead", None)
    if joker_lead is not None and derived.wild_jokers(spec):
        out.append(Note("JOKER_LED_WILD", ("play.jokers", "play.joker_lead"),
                        "a wild joker led counts as the card named, yet others must play a card of another suit",
                        "must first obey the rule for a joker led"))
    boost = getattr(p, "boost", None)
    void = extras is not None and extras.joker_tricks == "void"
    if spec.bidding.tricks is not None and (boost is not None or void):
        fields = ("bidding.tricks",) + (("play.boost",) if boost else ()) + (("scoring.extras.joker_tricks",) if void else ())
        out.append(Note("BIDS_FEWER_TRICKS", fields,
                        "bids go up to the tricks a hand can have, but some tricks go round twice or do not count",
                        "even so, the bids may go up to the number of cards in the smallest hand"))
    if st.top_trump_point and extras is not None and extras.top_trump != "none":
        out.append(Note("TOP_TRUMP_TWICE", ("setup.top_trump_point", "scoring.extras.top_trump"),
                        "the highest trump scores when shown before play and again when taken",
                        "a player who shows it and then takes it counts both"))
    if s.kind == "avoid-suit" and (s.shoot_the_moon is not None or spec.bidding.auction is not None):
        fields = tuple(f for f, on in (("scoring.shoot_the_moon", s.shoot_the_moon is not None),
                                       ("bidding.auction", spec.bidding.auction is not None)) if on)
        out.append(Note("ALL_IN_PLAY", fields, "'every card of the suit' needs the cards that count said",
                        "in the players' hands when the first trick is led"))
    if spec.ending.condition.kind == "shrinking":
        out.append(Note("SHRINKING_DEAL", ("ending.condition", "deal.hand_size"),
                        "the hands shrink from hand to hand, which the deal must say",
                        "Each later hand is dealt with one card fewer per player"))
    if extras is not None and extras.pig == "nothing" and (st.top_trump_point or spec.bidding.auction is not None):
        out.append(Note("PIG_SCORES_NOTHING", ("scoring.extras.pig",) + (("setup.top_trump_point",) if st.top_trump_point
                                                                         else ("bidding.auction",)),
                        "the pig's taker scores nothing, yet a later rule gives them a point or a payment",
                        "still scores nothing at all for the hand"))
    doubler = getattr(s, "doubler", None)
    if doubler is not None:
        for field, card in scored_cards(spec):
            if card == doubler.card:
                out.append(Note("CARD_SCORED_TWICE", ("scoring.doubler", field.rsplit(".", 1)[0]),
                                "one card both scores and doubles: which comes first?",
                                "counts in both rows: first its own points, then the doubling"))
    barred = opening_card_barred(spec)
    if barred:
        out.append(Note("OPENING_CARD_BARRED", ("play.opening_card",) + barred,
                        "the card that opens the first trick is barred from a lead by another rule",
                        "is led even so"))
    return out


def opening_card_barred(spec: GameSpec) -> tuple[str, ...]:
    """The fields of rules that would bar the opening card from the first lead (the engine plays
    it first all the same): a suit not to be led or played to the first trick, a suit to be broken,
    no trump led first, the pig's lead."""
    p = spec.play
    card = getattr(p, "opening_card", None)
    if card is None or getattr(p, "opening_leader", None) != "holder":
        return ()
    suit = card_suit(card)
    out = []
    if getattr(p, "first_trick_ban", None) == suit:
        out.append("play.first_trick_ban")
    breaking = getattr(p, "breaking", None)
    if breaking is not None and breaking.suit == suit:
        out.append("play.breaking")
    pig = spec.setup.pig
    if pig is not None and pig.card == card and getattr(p, "pig_lead", "free") != "free":
        out.append("play.pig_lead")
    return tuple(out)


def unconnected(spec: GameSpec, rulebook: str) -> list[Note]:
    """The notes of ``spec`` whose connecting words the rulebook lacks."""
    return [n for n in notes(spec) if n.says not in rulebook]


__all__ = ["NOTE_CODES", "Note", "check_clashes", "named_things", "notes", "opening_card_barred",
           "printed_trick_numbers", "scored_cards", "unconnected"]
