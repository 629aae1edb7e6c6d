"""Play of the tricks (``templates/families/trick_taking/play.md.j2``), the *Play* section: the opening
leader and card, the first-trick ban, then the four steps of a trick — the lead (opening-lead
restriction, breaking a suit, the pig's lead), following (what a player who cannot follow must
play, the joker lead, the boost trick), winning (trumps, the weak led suit, anti-trumps, kitty
capture) and the next leader.
"""

from __future__ import annotations

import re

from generator.checks.clashes import opening_card_barred
from generator.spec import derived
from generator.text.parse.core import Draft, Rule, rule
from generator.text.parse.play_common import capture_in_kitty, holder, leader, opening_card
from generator.text.parse.words import (
    CARD, NAME, NICKNAME, RANK, SUIT, SUIT_ONE, Unreadable, card, count, counted, nickname, rank, suit, suit_one,
)

_UNABLE = "A player who cannot follow suit"
_BEST = {
    "by the highest card of the suit led": "led-suit",
    "by the highest-ranking card of any suit, the one played first winning between cards of equal rank": "any-suit",
}
BEST = "|".join(re.escape(b) for b in _BEST)


def _joker_lead(wild: bool):
    """TT-06; with wild jokers (TT-05) the sentence also says that the rule for a joker led comes
    before following the suit of the card the joker is named as."""
    def handler(d: Draft, m: re.Match[str]) -> None:
        d.put("play.joker_lead", suit_one(m["one"]))
        d.check(lambda spec: derived.wild_jokers(spec) == wild, "whether the joker led is wild")
    return handler


def _breaking(d: Draft, m: re.Match[str]) -> None:
    s = suit(m["suit"].lower())
    if suit_one(m["one"]) != s or suit_one(m["one2"]) != s or suit(m["suit2"]) != s:
        raise Unreadable("the sentence names two different suits")
    d.put("play.breaking", {"suit": s, "verb": m["verb"]})


def _pig_name(d: Draft, name: str) -> None:
    d.check(lambda spec: (spec.setup.pig.name if spec.setup.pig else "pig") == name, "the pig's name")


def _pig_lead(d: Draft, m: re.Match[str]) -> None:
    if d.get("play.pig_lead") is None:
        d.put("play.pig_lead", "no-lead")
    _pig_name(d, m["name"])


def _pig_first(d: Draft, m: re.Match[str]) -> None:
    if d.get("play.pig_lead") != "no-lead":
        raise Unreadable("a further rule for the pig, which has no rule for its lead")
    d.data["play"]["pig_lead"] = "no-lead-or-first"
    _pig_name(d, m["name"])


def _following(value: str):
    def handler(d: Draft, m: re.Match[str]) -> None:
        d.put("play.following", value)
    return handler


def _otherwise(value: str):
    def handler(d: Draft, m: re.Match[str]) -> None:
        d.put("play.otherwise", value)
        if value == "any":
            d.check(lambda spec: spec.play.following == "must-follow", "following suit")
    return handler


def _boost(d: Draft, m: re.Match[str]) -> None:
    d.put("play.boost", {"rank": rank(m["rank"]), "name": m["name"]})


def _winner(trumps: bool | None):
    """Who wins a trick with no trump in it; ``trumps``: whether the sentence speaks of trumps
    (None: a sentence that follows the weak led suit's)."""
    def handler(d: Draft, m: re.Match[str]) -> None:
        d.put("play.winner", _BEST[m["best"]])
        if trumps is not None:
            d.check(lambda spec: derived.trumps_possible(spec) == trumps, "trumps")
    return handler


def _weak(d: Draft, m: re.Match[str]) -> None:
    names = {m["w"], m["w2"], m["w3"]}
    if len(names) != 1:
        raise Unreadable("the weak suit is called by two names")
    d.put("play.weak_led_suit", m["w"])
    with_trumps = m["trumps"] is not None
    d.check(lambda spec: derived.trumps_possible(spec) == with_trumps, "trumps")
    d.seen.add("winner")


def _capture(d: Draft, m: re.Match[str]) -> None:
    if m["card"]:
        d.put("play.kitty_capture", {"card": card(m["card"]), "nickname": nickname(m["nick"])})
    else:
        d.put("play.kitty_capture", {"suit": suit_one(m["one"])})
    name = m["kitty"]
    d.check(lambda spec: (spec.deal.kitty.name if spec.deal.kitty else "kitty") == name, "the kitty's name")


def _next(value: str):
    def handler(d: Draft, m: re.Match[str]) -> None:
        d.put("play.next_leader", value)
    return handler


def _stops(d: Draft, m: re.Match[str]) -> None:
    """The hand stops once the tricks that win it are taken (``scoring.majority``, read in *Scoring*)."""
    needed = counted(m["needed"])
    d.put("scoring.stop", True)
    d.check(lambda spec: spec.scoring.kind == "majority" and spec.scoring.needed == needed, "when the hand stops")



def _overtake(d: Draft, m: re.Match[str]) -> None:
    d.put("play.overtake", "unless-partner" if m["partner"] else "must")

RULES: list[Rule] = [
    rule(r"That card is led even so, though a rule below would bar it from the lead\.",
         lambda d, m: d.check(lambda spec: bool(opening_card_barred(spec)), "an opening card barred by another rule"),
         name="opening_card_barred"),
    rule(r"Play goes clockwise\."),
    # The opening leader (TT-01) and card, the first-trick ban (TT-08).
    rule(r"The player who holds (?P<card>" + CARD + r") leads it to the first trick; if nobody holds it, the player "
         r"to the dealer's left leads\.", holder),
    rule(rf"The (?P<who>{NAME}) leads to the first trick\.", leader),
    rule(rf"The opening card is (?P<card>{CARD})\.", opening_card),
    rule(rf"No (?P<one>{SUIT_ONE}) may be led or played to the first trick of a hand unless the player has no other "
         r"card they may play\.", lambda d, m: d.put("play.first_trick_ban", suit_one(m["one"])),
         name="first_trick_ban"),
    # 1. The lead (TT-02, TT-07, TT-09).
    rule(r"The leader plays any card face up to the trick\.", marks="lead"),
    rule(r"The first lead of the hand may not be a trump unless the leader holds only trumps\.",
         lambda d, m: d.put("play.opening_lead", "no-trump"), name="opening_lead"),
    rule(rf"(?P<suit>[A-Z][a-z]+) may not be led until an? (?P<one>{SUIT_ONE}) has been played to an earlier trick "
         rf"of the hand, unless the leader holds nothing else; playing the first (?P<one2>{SUIT_ONE}) is called "
         rf"“(?P<verb>{NAME}) (?P<suit2>{SUIT})”\.", _breaking),
    rule(rf"Once shown, the (?P<name>{NAME}) may not be led unless it is its holder's only card of its suit\.",
         _pig_lead),
    # 2. Following (TT-04, TT-06, TT-09, TT-10).
    rule(r"Each other player in turn plays one card to the trick and must follow suit, that is, play a card of the "
         r"suit led, if able\.", _following("must-follow"), marks="following"),
    rule(r"Each other player in turn plays one card to the trick and must either follow suit or play a trump; a "
         r"player who can do neither may play any card\.", _following("follow-or-trump"), marks="following"),
    rule(r"Each other player in turn plays one card to the trick and may play any card; there is no need to follow "
         r"suit\.", _following("free"), marks="following"),
    rule(r"Of the cards a player may play, they must play one that beats every card already in the trick, if they hold "
         r"one(?P<partner>, unless (?:their partner's|a team-mate's|a partner's) card is winning the trick)?\.", _overtake),
    rule(rf"{_UNABLE} may play any card\.", _otherwise("any")),
    rule(rf"{_UNABLE} must play a trump if able, and otherwise may play any card\.", _otherwise("trump")),
    rule(rf"{_UNABLE} must, if able, play a card of any suit that ranks higher than every card already in the trick, "
         r"and otherwise may play any card\.", _otherwise("higher")),
    rule(rf"{_UNABLE} must, if able, play a card of a suit not yet played to this trick, and otherwise may play any "
         r"card\.", _otherwise("new-suit")),
    rule(rf"{_UNABLE} must, if able, play a card of a rank not yet played to this trick, and otherwise may play any "
         r"card\.", _otherwise("new-rank")),
    rule(rf"When a joker is led, each other player must play their highest (?P<one>{SUIT_ONE}) if they hold one, and "
         r"otherwise plays by the usual rules\.", _joker_lead(wild=False)),
    rule(rf"When a joker is led, the suit led is that of the card it is named as, but each other player must first "
         rf"play their highest (?P<one>{SUIT_ONE}) if they hold one; a player who holds none plays by the usual "
         r"rules\.", _joker_lead(wild=True)),
    rule(rf"Nor may the (?P<name>{NAME}), once shown, be played to the first trick of the hand in which its suit is "
         r"led, unless it is its holder's only card of that suit\.", _pig_first),
    rule(rf"A trick led with an? (?P<rank>{RANK}) is an? \*(?P<name>[^*]+) trick\*: once everyone has played to it, "
         r"it goes round a second time, beginning with its leader, and each player plays a second card to it by the "
         r"same rules; it goes round twice only if every player still holds a card\.", _boost),
    # 3. Winning the trick (TT-03, TT-12, SU-03, TT-14).
    rule(rf"The trick is won by the highest trump in it or, if it holds no trump, (?P<best>{BEST})\.",
         _winner(True), marks="winner"),
    rule(rf"The trick is won (?P<best>{BEST})\.", _winner(False), marks="winner"),
    rule(r"(?:The trick is won by the highest trump in it\. If it holds no trump, t(?P<trumps>)|T)he suit led is the "
         rf"\*(?P<w>[^*]+) suit\*: the trick is won by the highest card not of the (?P<w2>{NAME}) suit, the one played "
         rf"first winning between cards of equal rank, or, if every card is of the (?P<w3>{NAME}) suit, by the highest "
         r"of them\.", _weak),
    rule(rf"Otherwise the trick is won (?P<best>{BEST})\.", _winner(None)),
    rule(r"If the trick holds an anti-trump, trumps do not count in it, and it is won as if it held no trump\.",
         lambda d, m: d.check(lambda spec: spec.setup.anti_trumps, "anti-trumps"), name="anti_trumps"),
    rule(r"The winner takes the cards of the trick and keeps them face down\."),
    rule(rf"The first player in the hand to win a trick that holds (?:(?P<card>{CARD})(?: (?P<nick>{NICKNAME}))?|an? "
         rf"(?P<one>{SUIT_ONE})) also takes the \*(?P<kitty>[^*]+)\*: it counts as one more trick won, and its cards "
         r"count in the scoring\.", _capture),
    rule(rf"If that card lies in the (?P<k1>{NAME}) itself, no trick takes the (?P<k2>{NAME})\.", capture_in_kitty),
    # 4. The next leader (TT-13).
    rule(r"The winner of the trick leads to the next one\.", _next("winner"), marks="next"),
    rule(r"The player to the left of this trick's leader leads to the next one\.", _next("left-of-leader"),
         marks="next"),
    rule(r"The player who played the lowest-ranking card of the trick, of any suit, leads to the next one; if cards "
         r"of equal rank tie for lowest, the one played first decides\.", _next("lowest-card"), marks="next"),
    # After the steps.
    rule(r"To compare cards of different suits, a major counts as its number and a suit card as its face value: Ace "
         r"1, number cards their number, Page 11, Knight 12, Queen 13 and King 14\.",
         lambda d, m: d.check(derived.compares_majors_with_suit_cards, "cards of different suits compared"), marks="compare"),
    rule(r"The hand ends when a player has no card left at the start of a trick\.", marks="end"),
    rule(rf"The hand ends as soon as an? (?:player|partnership|team|side) has taken (?P<needed>{count('trick')}), the "
         r"cards still held left unplayed, or when a player has no card left at the start of a trick\.", _stops,
         marks="end"),
]


#: Sentence forms printed exactly when a fact of the spec holds (see generator.text.sections).
MARKS = (("compare", derived.compares_majors_with_suit_cards, "how cards of different suits compare"),)


def finish(d: Draft) -> None:
    for mark, what in (("lead", "how a trick is led"), ("following", "how players follow"),
                       ("winner", "who wins a trick"), ("next", "who leads next"), ("end", "when a hand ends")):
        if mark not in d.seen:
            raise Unreadable(f"the rulebook never says {what}")
    if d.get("play.following") == "must-follow" and d.get("play.otherwise") is None:
        raise Unreadable("the rulebook never says what a player who cannot follow suit may play")
