"""TT-01…TT-14: play in the trick-taking family — the opening lead, the weak led suit, following,
jokers, breaking a suit, the first-trick ban, the pig's lead, boost tricks, the trick winner, the
next leader and capturing the kitty."""

from __future__ import annotations

import re

from generator.importer.core import Draft, Phase, word_check
from generator.importer.play_common import (
    CAPTURE_TRICK, LEADER, joker_count_finish, kitty_capture, leader_title_finish, opening_leader,
)
from generator.importer.setup import is_pig
from generator.importer.words import CARD, RANK, SUIT_MANY, SUIT_ONE, card, rank, suit
from generator.spec import derived

phase = Phase("play")

#: Each player plays one card to each trick, so the deal fixes the tricks of a hand ("When all N
#: tricks have been played" is checked against it; see ``book._finish``).
CARD_PER_TRICK = True

#: Intro facts (NM-06) of trick-taking modules, besides the facts every family may carry.
FACTS = ("hidden-trump", "anti-trumps", "weak-led-suit", "avoid-suit-face", "avoid-suit", "high-low", "trick-bidding")

#: TT-03 weak-suit names, TT-07 breaking verbs, TT-10 boost names (generator order).
WEAK_NAMES = ("weak", "poor", "poison", "hollow", "small", "pale", "quiet", "thin", "slight", "bad", "wrong", "dim", "dull",
              "faint", "rotten", "waste")
BREAK_VERBS = ("dropping", "blasting", "smashing", "breaking", "cracking", "releasing", "bursting", "freeing", "popping",
               "tapping", "flourishing", "throwing", "breaking out the", "getting out the")
BOOST_NAMES = ("boost", "double", "lift", "shove", "push", "rush", "rocket", "fire", "heavy", "two-headed")

# -- TT-01/02 the opening lead ---------------------------------------------------------------------


@phase.rule("TT-01", LEADER + r"(?:starts(?: play)? by leading|begins by leading|opens by leading|leads(?: first)?(?:,? with| and may lead)?|"
            r"may lead|can lead|leads the first trick with) any card(?: to the first trick)?"
            r"(?P<notrump> which is not the trump suit \(unless they only have trump cards\))?\.")
def _leader(m: re.Match[str], d: Draft) -> None:
    opening_leader(m, d)
    d.set("play.opening_lead", "no-trump" if m["notrump"] else "any")


@phase.rule("TT-01", r"(?:(?:Whoever (?:has|holds)|The player (?:who (?:has|holds)|holding)) (?P<card>" + CARD + r") (?:plays|leads) it (?:to "
            r"(?:lead|start|begin|open) the first trick|to the first trick|as the first lead)|The first trick is led by whoever (?:has|holds) "
            r"(?P<card2>" + CARD + r"), who plays it)\.")
def _holder(m: re.Match[str], d: Draft) -> None:
    d.set("play.opening_leader", "holder")
    d.set("play.opening_card", card(m["card"] or m["card2"]))
    d.set("play.opening_lead", "any")


# -- TT-03 weak led suit ---------------------------------------------------------------------------


@phase.rule("TT-03", r"(?:(?P<trumps>(?:If the (?:card led|lead card) is not a trump(?: card)?|If a non-trump card is led|Unless the card led is "
            r"a trump), its suit)|The (?:suit led|lead suit)) is the (?P<name>[\w-]+) suit for (?:the|that|each) trick\.")
def _weak(m: re.Match[str], d: Draft) -> None:
    word_check(d, "weak-suit name", m["name"], WEAK_NAMES)
    d.set("play.weak_led_suit", m["name"])
    d.note("weak.with-trumps", bool(m["trumps"]))


# -- TT-04 following -------------------------------------------------------------------------------

ANY_CARD = r"(?:any card may be played|(?:they )?(?:may|can) play any card|any card can be played)"
OTHERWISE = {"a trump card": "trump", "a higher card": "higher", "a suit which hasn't yet been played": "new-suit",
             "a rank which hasn't yet been played": "new-rank"}
#: The other words for each: "a trump", "a suit that has not yet been played".
OTHERWISE_WORDS = {r"a trump(?: card)?": "trump", r"a higher(?:-ranking| ranking)? card": "higher",
                   r"a suit (?:which|that) (?:hasn't|has not) (?:yet )?been played(?: to the trick)?": "new-suit",
                   r"a rank (?:which|that) (?:hasn't|has not) (?:yet )?been played(?: to the trick)?": "new-rank"}
#: "if possible", in other words.
IF_ABLE = r"(?:if possible|if they can(?: do so)?|if able|if they are able(?: to(?: do so)?)?|where possible|when possible)"
#: "otherwise", in other words (after a comma or a semicolon).
ELSE = r"(?:, (?:and )?|; )(?:otherwise|else|if not|if they cannot)(?:,)? "


@phase.rule("TT-04", r"(?:Players|Each player|A player) must follow (?:suit|the lead suit) " + IF_ABLE + ELSE + r"(?:(?:they )?must play (?P<x>"
            + "|".join(OTHERWISE_WORDS) + r") (?:if they (?:can do so|have one|can|are able(?: to(?: do so)?)?)|if able|if possible)"
            + ELSE + r")?" + ANY_CARD + r"\.")
def _must_follow(m: re.Match[str], d: Draft) -> None:
    d.set("play.following", "must-follow")
    other = next((key for regex, key in OTHERWISE_WORDS.items() if re.fullmatch(regex, m["x"])), None) if m["x"] else "any"
    d.set("play.otherwise", other)


@phase.rule("TT-04", r"Players must follow the lead suit if they can, otherwise " + ANY_CARD + r"\.")
def _must_follow_2(m: re.Match[str], d: Draft) -> None:
    d.set("play.following", "must-follow")
    d.set("play.otherwise", "any")


@phase.rule("TT-04", r"Players (?:may|can) (?:either )?follow (?:the lead suit|suit) or play a trump(?: card)?" + ELSE + ANY_CARD + r"\.")
def _follow_or_trump(m: re.Match[str], d: Draft) -> None:
    d.set("play.following", "follow-or-trump")
    d.set("play.otherwise", "any")


@phase.rule("TT-04", r"(?:(?:Players|A player) (?:may play any card; they )?(?:are not required to|need not|do not have to|are not obliged to|is not "
            r"required to) follow (?:suit|the lead suit)|There is no (?:need|requirement|obligation) to follow suit)\.")
def _free(m: re.Match[str], d: Draft) -> None:
    d.set("play.following", "free")
    d.set("play.otherwise", "any")


# -- TT-05/06 jokers -------------------------------------------------------------------------------


@phase.rule("TT-05", r"The jokers? (?:is|are) (?:wild|a wild card|wild cards)(?:,? and|;) (?:it |they )?(?:can|may) (?:be played as|represent|stand "
            r"for|be used as) any card\.")
def _jokers_wild(m: re.Match[str], d: Draft) -> None:
    d.set("play.jokers", "wild")


NICK = r"(?: \((?:the|or) (?P<{}>[^)]+)\))?"


@phase.rule("TT-05", r"The red joker" + NICK.format("red") + r" counts as the highest card in the trump suit, the black joker"
            + NICK.format("blacknick") + r" (?P<black>second-highest|lowest)\.")
def _jokers_two(m: re.Match[str], d: Draft) -> None:
    d.set("play.jokers", "top" if m["black"] == "second-highest" else "split")
    d.note("jokers.count", 2)
    _joker_nicknames(d, m["red"], m["blacknick"])


@phase.rule("TT-05", r"The (?:red )?joker" + NICK.format("red") + r" (?:counts as|is|ranks as|acts as) (?P<where>the (?:highest|top) card (?:in|of) "
            r"the trump suit|the highest trump|(?:a card )?(?:of|in) the trump suit, but lower than all other trumps)\.")
def _joker_one(m: re.Match[str], d: Draft) -> None:
    d.set("play.jokers", "top" if m["where"].startswith(("the highest", "the top")) else "bottom")
    d.note("jokers.count", 1)
    _joker_nicknames(d, m["red"], None)


def _joker_nicknames(d: Draft, red: str | None, black: str | None) -> None:
    names = [f"the red joker \"{red}\"" if red else "", f"the black joker \"{black}\"" if black else ""]
    names = [n for n in names if n]
    d.note("jokers.nicknames", tuple((j, n) for j, n in (("red joker", red), ("black joker", black)) if n))
    if names:
        d.repair("joker-nickname", "dropped",
                 f"nicknames of {' and '.join(names)}: the spec has no field for a joker's nickname")


# TT-06 has no example in the shared book; the catalogue: "when a joker leads, everyone else must
# play their highest card of the bad suit if they have one".
@phase.rule("TT-06", r"(?:If|When) a joker is led, (?:every|each) other player must play their highest (?P<suit>" + SUIT_ONE
            + r")(?: card)? if they have (?:one|any)\.")
def _joker_lead(m: re.Match[str], d: Draft) -> None:
    d.set("play.joker_lead", suit(m["suit"]))


# -- TT-07/08/09 restrictions ----------------------------------------------------------------------


@phase.rule("TT-07", r"(?:A player|Players) (?:cannot|may not|can not|must not) lead (?:with )?an? (?P<a>" + SUIT_ONE + r") until (?:after )?an? (?P<b>"
            + SUIT_ONE + r") has been played (?:to|in) (?:a previous|an earlier) trick, unless their hand contains (?:nothing but|only) (?P<c>"
            + SUIT_MANY + r")\.")
def _breaking(m: re.Match[str], d: Draft) -> None:
    s = {suit(m["a"]), suit(m["b"]), suit(m["c"])}
    if len(s) != 1:
        d.problem("the breaking rule names different suits")
        return
    d.note("breaking.suit", s.pop())


@phase.rule("TT-07", r'\(Playing the first (?P<a>' + SUIT_ONE + r') of the game is known as "(?P<phrase>[^"]+)"\.\)')
def _breaking_name(m: re.Match[str], d: Draft) -> None:
    d.note("breaking.name", (suit(m["a"]), m["phrase"]))


@phase.rule("TT-08", r"(?:(?P<a>" + SUIT_MANY + r") (?:cannot|may not|can not|must not) be played|No (?P<a2>" + SUIT_ONE + r") (?:may|can) be "
            r"played) (?:during|to|in) the first trick, (?:except|unless) by a player who (?:has|holds) nothing but (?P<b>" + SUIT_MANY
            + r")(?: in their hand)?\.")
def _first_trick_ban(m: re.Match[str], d: Draft) -> None:
    if suit(m["a"] or m["a2"]) != suit(m["b"]):
        d.problem("the first-trick ban names different suits")
        return
    d.set("play.first_trick_ban", suit(m["a"] or m["a2"]))


@phase.rule("TT-09", r"If (?P<pig>.+?) (?:was|has been) revealed, it (?:cannot|may not|can not) be (?:(?P<first>played into the first trick in which "
            r"its suit is led, nor used to lead a trick)|used to lead a trick|led to a trick|led),? unless it is (?:the player's only card of "
            r"that suit|the only card of that suit the player holds)\.")
def _pig_lead(m: re.Match[str], d: Draft) -> None:
    d.set("play.pig_lead", "no-lead-or-first" if m["first"] else "no-lead")
    d.note("pig.named", m["pig"])


# -- TT-10 boost -----------------------------------------------------------------------------------


@phase.rule("TT-10", r"(?:(?:If|When) a trick is led with an? (?P<rank>" + RANK + r"), it|(?:If|When) an? (?P<rank2>" + RANK + r") is led, "
            r"the trick) is played as an? (?P<name>[\w-]+) trick[:;] after each player has played a card, (?:it|play) continues around the "
            r"table (?:again|a second time) until each player has played two cards to the trick\.")
def _boost(m: re.Match[str], d: Draft) -> None:
    word_check(d, "boost name", m["name"], BOOST_NAMES)
    d.set("play.boost", {"rank": rank(m["rank"] or m["rank2"]), "name": m["name"]})


# -- TT-12 the winner ------------------------------------------------------------------------------

EARLIEST = r" \(with the earliest card played breaking ties\)"


@phase.rule("TT-12", r"The trick is won by (?:the highest trump, (?:(?P<plain>or if it contains no trump)|(?P<anti>unless there "
            r"were no trumps or an anti-trump was played to the trick, in which case it is won)) by )?(?:(?P<led>the highest card of "
            r"the lead suit)|(?P<any>the highest card irrespective of suit" + EARLIEST + r")|the highest card not in the "
            r"(?P<w1>[\w-]+) suit" + EARLIEST + r", or the highest (?P<w2>[\w-]+) card if all cards were (?P<w3>[\w-]+))\.")
def _winner(m: re.Match[str], d: Draft) -> None:
    d.note("winner.trumps", bool(m["plain"] or m["anti"]))
    d.note("winner.anti", bool(m["anti"]))
    if m["w1"]:
        if not m["w1"] == m["w2"] == m["w3"]:
            d.problem("the winner sentence names the weak suit in different words")
        d.note("winner.weak", m["w1"])
        d.set("play.winner", "led-suit")
    else:
        d.set("play.winner", "any-suit" if m["any"] else "led-suit")


@phase.rule("TT-12", r"For the major arcana, the cards rank equal to their number\.")
def _majors_rank(m: re.Match[str], d: Draft) -> None:
    d.note("majors.by-number")


# -- TT-13 next leader -----------------------------------------------------------------------------


_NEXT_WINNER = r"(?:the winner of (?:the|each|a) trick|the trick's winner|the player who won (?:the|that) trick|whoever wins (?:the|a) trick)"
_NEXT_LEFT = r"the player to the left of the previous leader"
_NEXT_LOWEST = (r"the player (?:of|who played) the lowest[ -]ranked card(?: \((?:breaking ties by (?:the )?first card played|ties (?:are )?broken by "
                r"the first card played)\))?")
_NEXT = r"(?:(?P<winner>" + _NEXT_WINNER + r")|(?P<left>" + _NEXT_LEFT + r")|" + _NEXT_LOWEST + r")"


@phase.rule("TT-13", r"(?:(?i:" + _NEXT + r") leads (?:to )?the next(?: trick| one)?(?: \(breaking ties by first card played\))?|The next trick is led "
            r"by (?i:" + _NEXT.replace("?P<winner>", "?P<winner2>").replace("?P<left>", "?P<left2>") + r"))\.")
def _next(m: re.Match[str], d: Draft) -> None:
    d.set("play.next_leader", "winner" if m["winner"] or m["winner2"] else "left-of-leader" if m["left"] or m["left2"] else "lowest-card")


# -- TT-14 kitty capture ---------------------------------------------------------------------------


@phase.rule("TT-14", CAPTURE_TRICK)
def _capture(m: re.Match[str], d: Draft) -> None:
    kitty_capture(m, d)


# -- finishing -------------------------------------------------------------------------------------


def finish(d: Draft) -> None:
    method = d.get("setup.trumps", {}).get("method", "none")
    _winner_checks(d, method)
    if not d.has("play.opening_leader"):
        d.problem("no sentence says who leads the first trick", "")
    if not d.has("play.following"):
        d.problem("no sentence says whether players must follow suit", "")
    if not d.has("play.next_leader"):
        d.problem("no sentence says who leads the next trick", "")
    leader_title_finish(d)
    if d.get("play.opening_lead") == "no-trump" and method == "none":
        d.problem("the first lead may not be a trump, but there are no trumps", d.source.get("play.opening_lead"))
    _breaking_finish(d)
    _jokers_finish(d, method)
    _trump_rules_finish(d, method)
    named = d.heard("pig.named")
    if named is not None and not is_pig(d, named):
        d.problem(f"a rule for {named}, but no card is called that", d.said_in["pig.named"])
    kitty = d.get("deal.kitty")
    said = d.heard("capture.kitty")
    if said is not None and (kitty is None or kitty["name"] != said):
        d.problem(f"a trick captures the {said}, but there is no {said}", d.said_in["capture.kitty"])
    if d.heard("majors.by-number") and d.get("deck.kind") != "tarot":
        d.problem("the major arcana are ranked, but the pack is not tarot", d.said_in["majors.by-number"])
    if d.get("deck.kind") == "tarot" and d.get("play.winner") == "any-suit" and not d.heard("majors.by-number"):
        d.repair("majors-rank-unsaid", "reading", "the book does not rank the majors against the other suits; they rank by number",
                 d.source.get("play.winner"))
    for key, default in (("play.opening_card", None), ("play.weak_led_suit", None), ("play.otherwise", "any"),
                         ("play.breaking", None), ("play.first_trick_ban", None), ("play.winner", "led-suit"),
                         ("play.jokers", "top"), ("play.joker_lead", None), ("play.boost", None), ("play.pig_lead", "free"),
                         ("play.kitty_capture", None), ("play.opening_lead", "any")):
        d.fields.setdefault(key, default)


def _winner_checks(d: Draft, method: str) -> None:
    if d.heard("winner.trumps") is None:
        d.problem("no sentence says who wins a trick", "")
        return
    sentence = d.said_in["winner.trumps"]
    if d.heard("winner.trumps") and method == "none":
        d.problem("the trick is won by the highest trump, but no sentence chooses trumps", sentence)
    elif not d.heard("winner.trumps") and method != "none":
        if method == "first-card":
            d.repair("first-card-winner", "defect",
                     "with trumps fixed by the first card played, the winner sentence never mentions trumps (the generator did "
                     "not raise its trump flag); read as: the highest trump wins", sentence)
        else:
            d.problem("trumps are chosen, but the winner sentence never mentions them", sentence)
    if d.heard("winner.anti") != bool(d.get("setup.anti_trumps")):
        d.problem("the winner sentence and the setup disagree about anti-trumps", sentence)
    weak, said = d.get("play.weak_led_suit"), d.heard("winner.weak")
    if weak != said:
        d.problem(f"the weak led suit is \"{weak}\" but the winner sentence says \"{said}\"", sentence)
    if weak is not None and d.heard("weak.with-trumps") != (method != "none") and method != "first-card":
        d.repair("weak-wording", "reading",
                 "the weak-suit sentence's mention of trumps does not match whether the game has trumps; the trumps rule decides",
                 d.source.get("play.weak_led_suit"))


def _breaking_finish(d: Draft) -> None:
    s = d.heard("breaking.suit")
    named = d.heard("breaking.name")
    if s is None:
        if named is not None:
            d.problem("a name for breaking a suit, but no rule about breaking it", d.said_in["breaking.name"])
        return
    verb = "breaking"
    if named is not None:
        nsuit, phrase = named
        if nsuit != s:
            d.problem("the breaking rule and its name are about different suits", d.said_in["breaking.name"])
        words = phrase.split(" ")
        try:
            tail = suit(words[-1]) if len(words) > 1 else None
        except KeyError:
            tail = None
        if tail != s:
            d.problem(f"the name \"{phrase}\" does not end with the broken suit", d.said_in["breaking.name"])
            return
        verb = " ".join(words[:-1])
        word_check(d, "breaking verb", verb, BREAK_VERBS)
    d.set("play.breaking", {"suit": s, "verb": verb})


#: How a trump suit revealed in play becomes known (``derived.REVEALED_IN_PLAY_METHODS``).
REVEALED_BY = {"hidden": "the face-down trump card is turned", "first-card": "the first card of the hand is led"}


def _trump_rules_finish(d: Draft, method: str) -> None:
    """A rule about playing trumps ("follow the lead suit or play a trump", "otherwise must play a
    trump card") when trumps are only revealed in play: before that no card is a trump, so the rule
    can only apply from then on. The spec's rule does exactly that (the engine treats the hand as
    having no trump suit until the reveal); the reading is listed."""
    if method not in derived.REVEALED_IN_PLAY_METHODS:
        return
    if d.get("play.following") == "follow-or-trump":
        rule = "\"follow the lead suit or play a trump\""
    elif d.get("play.otherwise") == "trump":
        rule = "\"otherwise must play a trump card\""
    else:
        return
    d.repair("trump-rule-before-reveal", "reading",
             f"{rule} in a game whose trumps are revealed only in play: no card is a trump until {REVEALED_BY[method]}, "
             "so until then players follow suit as usual (any card when they cannot); from then on the rule applies",
             d.source.get("play.following"))


def _jokers_finish(d: Draft, method: str) -> None:
    joker_count_finish(d)
    jokers = d.get("deck.jokers", 0)
    rule = d.get("play.jokers")
    if jokers and rule is None:
        why = "no trumps and the jokers are not wild" if method == "none" else "no sentence ranks them"
        d.repair("jokers-no-rule", "defect",
                 f"the pack has {'a joker' if jokers == 1 else 'jokers'} but the book gives no rule for "
                 f"{'it' if jokers == 1 else 'them'} ({why}); read as the highest trumps, still trumps when "
                 "there is no trump suit (README)", d.source.get("deck.jokers"))


#: The repairs only this family's importer makes (the import report's table of kinds gathers them).
REPAIRS: dict[str, str] = {
    "joker-nickname": "jokers' nicknames: no spec field",
    "first-card-winner": "first card fixes trumps but the winner sentence ignores trumps",
    "majors-rank-unsaid": "tarot majors ranked irrespective of suit: by number",
    "weak-wording": "weak-suit sentence's trump clause does not fit the game",
    "trump-rule-before-reveal": "a rule about playing trumps with trumps revealed in play: it applies once they are known",
}
