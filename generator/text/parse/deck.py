"""The cards (``templates/rules/deck.md.j2``): the pack, the rank order, removed ranks, jokers and
what jokers do in play (``play.jokers``).

The rank order is stated by a note ("Aces rank low.", "Twos rank above Aces.", "The Sevens are
promoted above the Aces.") or, for a pack's usual order, by no note at all; the printed rank list
and the pack's size are then checked against the spec read.
"""

from __future__ import annotations

import re

from ...spec.deck import PACK_ORDERS, SUITS
from ..phrases import SUIT_WORDS
from ...families import family_named
from .. import phrases
from .core import Draft, Rule, rule
from .words import RANK_SHORT, RANKS, Unreadable, count, counted, rank_list, rank_plural, split_and

_PACKS = {"standard 52-card": "standard", "32-card French-suited piquet": "french32",
          "32-card German-suited": "german32", "24-card French-suited euchre": "euchre24",
          "40-card Italian-suited": "italian40", "40-card Spanish-suited": "spanish40",
          "48-card Spanish-suited": "spanish48"}
#: Packs whose suits are printed with their signs (the French suits).
_SIGNED = ("standard", "french32", "euchre24")
_SUIT_ITEM = re.compile(r"(?P<name>[a-z]+)(?: (?P<symbol>[♣♦♥♠]))?")


def _suits(kind: str, text: str) -> None:
    """The suits as listed: the pack's suits, in its order, with their symbols where they have one."""
    names = []
    for item in split_and(text):
        m = _SUIT_ITEM.fullmatch(item)
        if m is None or m["name"] not in SUIT_WORDS:
            raise Unreadable(f"“{item}” is not a suit")
        symbol = SUIT_WORDS[m["name"]][2]
        if (m["symbol"] or "") != (symbol if kind in _SIGNED else ""):
            raise Unreadable(f"the suit “{item}” is not written as this pack writes it")
        names.append(m["name"])
    if tuple(names) != tuple(s for s in SUITS[kind] if s != "majors"):
        raise Unreadable(f"these are not the suits of the {kind} pack")


def _pack(d: Draft, m: re.Match[str]) -> None:
    kind = _PACKS[m["pack"]]
    _suits(kind, m["suits"])
    d.put("deck.kind", kind)


def _tarot(d: Draft, m: re.Match[str]) -> None:
    _suits("tarot", m["suits"])
    d.put("deck.kind", "tarot")


def _order(order: str):
    def handler(d: Draft, m: re.Match[str]) -> None:
        if "order" in d.notes:
            raise Unreadable("the rank order is stated twice")
        d.notes["order"] = order
    return handler


def _promoted(d: Draft, m: re.Match[str]) -> None:
    d.put("deck.promoted", rank_plural(m["rank"]))


def _removed(d: Draft, m: re.Match[str]) -> None:
    d.put("deck.removed", [rank_plural(r) for r in split_and(m["ranks"])])
    tarot = m["where"] == "each of the four suits"
    d.check(lambda spec: (spec.deck.kind == "tarot") == tarot, "the suits of the pack")


def _colour_list(d: Draft, m: re.Match[str]) -> None:
    """One colour's rank list under reversed pips: the reversed colour's first, naming the suits of
    that colour; both are checked against the spec read."""
    colour, reversed_ = m["colour"], m["reversed"] is not None
    ranks = tuple(rank_list(m["ranks"]))
    suits = tuple(split_and(m["suits"]))
    if reversed_:
        d.put("deck.reversed_pips", colour)
        d.seen.add("reversed list")
    elif "reversed list" not in d.seen:
        raise Unreadable("the suits whose pips run the other way come first")

    def same(spec) -> bool:  # type: ignore[no-untyped-def]
        deck = spec.deck
        ours = deck.reversed_suits() if reversed_ else tuple(x for x in deck.suits() if x not in deck.reversed_suits())
        return tuple(sorted(suits)) == tuple(sorted(phrases.suit(x) for x in ours)) and deck.suit_order(ours[0]) == ranks
    d.check(same, f"the rank list of the {colour} suits")
    if not reversed_:
        d.seen.add("rank list")


def _rank_list(d: Draft, m: re.Match[str]) -> None:
    ranks = tuple(rank_list(m["ranks"]))
    tarot = m["where"] == "of the four suits"
    d.check(lambda spec: spec.deck.ranks() == ranks and (spec.deck.kind == "tarot") == tarot, "the rank list")
    d.seen.add("rank list")


def _jokers(n: int):
    def handler(d: Draft, m: re.Match[str]) -> None:
        d.put("deck.jokers", n)
    return handler


def _joker_play(n: int, play: str):
    """What the jokers do, in a sentence written for one joker (n = 1) or two."""
    def handler(d: Draft, m: re.Match[str]) -> None:
        if not _deck_jokers(d):
            raise Unreadable("this family's jokers are explained with its play")
        d.put("play.jokers", play if play != "by-place" else ("bottom" if m["place"] == "lowest" else "top"))
        d.check(lambda spec: spec.deck.jokers == n, "the number of jokers")
    return handler


def _run_wrap(d: Draft, m: re.Match[str]) -> None:
    """DK-05: the note, with its runs made from the rank list, checked against it."""
    d.put("deck.run_wrap", True)
    text = m.group(0)
    d.check(lambda spec: _wrap_note(spec.deck.ranks()) == text, "the runs of the wrap note")


def _wrap_note(ranks: tuple[str, ...]) -> str:
    if len(ranks) < 3:
        return "In a run, the lowest rank may also count above the highest."
    r = [phrases.rank_short(x) for x in ranks]
    return (f"In a run, the {phrases.rank_plural(ranks[-1])} may also count above the {phrases.rank_plural(ranks[0])}: "
            f"{r[-1]}-{r[-2]}-{r[-3]} and {r[1]}-{r[0]}-{r[-1]} are both runs, but {r[0]}-{r[-1]}-{r[-2]} is not.")


def _deck_jokers(d: Draft) -> bool:
    """Whether the game's family explains its jokers with the pack (see ``Family.deck_jokers``)."""
    return family_named(d.get("play.family")).deck_jokers


def _size(d: Draft, m: re.Match[str]) -> None:
    size = counted(m["size"])
    d.check(lambda spec: spec.deck.size() == size and bool(spec.deck.removed or spec.deck.jokers
                                                           or spec.deck.order == "no-courts"), "the size of the pack")


RULES: list[Rule] = [
    rule(r"The game uses a (?P<pack>" + "|".join(map(re.escape, _PACKS)) + r") pack in four suits: (?P<suits>[^.]+)\.",
         _pack),
    rule(r"The game uses a tarot pack without The World \(XXI\): 56 cards in four suits \((?P<suits>[^)]+)\) and "
         r"the 21 major arcana from The Fool \(0\) to Judgement \(XX\), called \*majors\* here\.", _tarot),
    rule(r"Aces rank low\.", _order("ace-low")),
    rule(r"There are no court cards \(Kings, Queens and Jacks\), and Aces rank low\.", _order("no-courts")),
    rule(r"Aces rank high, above the Kings\.", _order("ace-high")),
    rule(r"Twos rank above Aces\.", _order("two-over-ace")),
    rule(r"Threes and Twos rank above Aces, the Threes highest\.", _order("three-two-over-ace")),
    rule(r"Tens rank just below the Aces, above the Kings\.", _order("ace-ten")),
    rule(rf"The (?P<rank>{RANKS}) are promoted above the Aces\.", _promoted),
    rule(rf"The (?P<ranks>{RANKS}(?:(?:, | and ){RANKS})*) are removed from "
         r"(?P<where>every suit|each of the four suits)\.", _removed),
    rule(rf"In each (?P<where>suit|of the four suits) the cards rank, from high to low: "
         rf"(?P<ranks>{RANK_SHORT}(?:, {RANK_SHORT})*)\.", _rank_list),
    rule(rf"In the (?P<colour>red|black) suits \((?P<suits>[a-z]+(?:, [a-z]+)* and [a-z]+)\)(?P<reversed> the pips run "
         rf"the other way, and)? the cards rank, from high to low: (?P<ranks>{RANK_SHORT}(?:, {RANK_SHORT})*)\.",
         _colour_list),
    rule(r"In a run, the (?:lowest rank may also count above the highest|[A-Z][a-z]+ may also count above the "
         r"[A-Z][a-z]+: [^ ]+ and [^ ]+ are both runs, but [^ ]+ is not)\.", _run_wrap),
    rule(r"The majors form a fifth suit and rank by their number, from Judgement \(XX\), the highest, down to "
         r"The Fool \(0\)\.", lambda d, m: d.check(lambda spec: spec.deck.kind == "tarot", "a tarot pack")),
    # Jokers (DK-04) and their part in play (TT-05).
    rule(r"A red joker is added to the pack\.", _jokers(1)),
    rule(r"A red joker and a black joker are added to the pack\.", _jokers(2)),
    rule(r"It is \*wild\*: whoever plays it names any card of the pack other than a joker, and it counts as that "
         r"card for following suit and for winning the trick; if the trick also holds the card it was named as, the "
         r"one played first wins between them\.", _joker_play(1, "wild")),
    rule(r"When a joker is led, though, the other players must first obey the rule for a joker led \(see \*Play\*\)\.",
         lambda d, m: d.check(lambda spec: spec.play.jokers == "wild" and getattr(spec.play, "joker_lead", None)
                              is not None, "a wild joker that may be led"), name="wild_joker_led"),
    rule(r"In play it belongs to the trump suit as its (?P<place>lowest|highest) card; in a hand with no trump suit "
         r"it forms a trump suit of its own and beats every other card\.", _joker_play(1, "by-place")),
    rule(r"They are \*wild\*: whoever plays a joker names any card of the pack other than a joker, and the joker "
         r"counts as that card for following suit and for winning the trick; if the trick also holds another card of "
         r"that name, the one played first wins between them\.", _joker_play(2, "wild")),
    rule(r"In play they belong to the trump suit, the red joker as its highest card and the black joker as its "
         r"lowest; in a hand with no trump suit they form a trump suit of their own, the red joker above the black, "
         r"and beat every other card\.", _joker_play(2, "split")),
    rule(r"In play they belong to the trump suit as its two (?P<place>lowest|highest) cards, the red joker above the "
         r"black; in a hand with no trump suit they form a trump suit of their own and beat every other card\.",
         _joker_play(2, "by-place")),
    rule(rf"In all, the pack has (?P<size>{count('card')})\.", _size),
]


def finish(d: Draft) -> None:
    """The rank order: the note that states it, else the promoted rank's, else the pack's usual one."""
    kind = d.get("deck.kind")
    if kind is None:
        raise Unreadable("the rulebook never says which pack is used")
    if "rank list" not in d.seen:
        raise Unreadable("the rulebook never lists the ranks")
    if d.get("deck.jokers") and d.get("play.jokers") is None and _deck_jokers(d):
        raise Unreadable("the rulebook never says what the jokers do in play")
    order = d.notes.get("order")
    if order is None:
        if d.get("deck.promoted") is not None:
            order = "promoted"
        else:
            order = PACK_ORDERS[kind][0]
    d.put("deck.order", order)

