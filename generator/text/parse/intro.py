"""The title and the introduction (``templates/rules/intro.md.j2``): name, aliases, adjective,
country, the player range and the intro fact.

    # Brindle Heath (also Brindley or Brinsley)
    Brindle Heath is a lively trick-taking game for three to five players, in which players avoid taking hearts.
    It takes its name from an English village.

The country is printed either as a word before "trick-taking" (``show_country``) or, when it is
not, in the "It takes its name from …" line — so that line's presence decides which; a game whose
name is no village's (a real game's) has neither, and no country. An adjective is optional.

Then where the game came from (a new game, a seed-book game, a traditional game and how this
version differs) and the playtest's figures: not rules, so read as forms and skipped; and, for a
game Parlour invented, the rules it turns on, checked against the finished spec.
"""

from __future__ import annotations

import functools
import re

from ...families import FAMILIES
from ...names import COUNTRY_ADJECTIVE
from ...spec.naming import FACTS
from ..mechanics import mechanics
from ..phrases import plural_noun
from .core import Draft, Rule, rule
from .words import NUM, SUIT, SUIT_ONE, Unreadable, number, split_and, suit, suit_one

_COUNTRY_BY_WORD = {word: key for key, word in COUNTRY_ADJECTIVE.items()}
_COUNTRY = "|".join(_COUNTRY_BY_WORD)
_TITLE = re.compile(r"(?P<name>.+?)(?: \(also (?P<aliases>.+)\))?")


def read_title(d: Draft, heading: str) -> None:
    m = _TITLE.fullmatch(heading)
    if m is None:  # pragma: no cover - the pattern matches any non-empty heading
        raise Unreadable("not a title")
    d.put("naming.name", m["name"])
    if m["aliases"]:   # a new game's other names are a sentence of the introduction instead
        d.put("naming.aliases", split_and(m["aliases"], "or"))
    d.notes["name"] = m["name"]


def _fact_pattern(phrase: str) -> re.Pattern[str]:
    """A fact phrase of ``spec.naming.FACTS`` as a regex: {suit}, {suit} cards, {pig}, {title}."""
    out = re.escape(phrase)
    out = out.replace(re.escape("{suit} cards"), f"(?P<suit_one>{SUIT_ONE}) cards")
    out = out.replace(re.escape("{suit}"), f"(?P<suit>{SUIT})")
    out = out.replace(re.escape("{pig}"), "(?P<pig>[^”]+)").replace(re.escape("{title}"), "(?P<title>[^”]+)")
    out = out.replace(re.escape("{bombs}"), "(?P<bombs>[^”]+)").replace(re.escape("{bomb}"), "(?P<bomb>[^”]+)")
    return re.compile(out)


FACT_PATTERNS = [(key, _fact_pattern(phrase)) for key, phrase in FACTS.items()]


def _fact(d: Draft, text: str) -> None:
    for key, pattern in FACT_PATTERNS:
        m = pattern.fullmatch(text)
        if m is None:
            continue
        d.put("naming.fact", key)
        groups = m.groupdict()
        if groups.get("suit") or groups.get("suit_one"):
            s = suit(groups["suit"]) if groups.get("suit") else suit_one(groups["suit_one"])
            d.check(lambda spec, s=s: getattr(spec.scoring, "suit", "") == s, "the avoided suit")
        if groups.get("pig"):
            pig = groups["pig"]
            d.check(lambda spec, pig=pig: (spec.setup.pig.name if spec.setup.pig else "pig") == pig, "the pig's name")
        if groups.get("bomb"):
            bomb = groups["bomb"]
            d.check(lambda spec, bomb=bomb: _bomb_name(spec) == bomb, "the bomb's name")
        if groups.get("bombs"):
            bombs = groups["bombs"]
            d.check(lambda spec, bombs=bombs: plural_noun(_bomb_name(spec)) == bombs, "the bombs' name")
        if groups.get("title"):
            title = groups["title"]
            d.check(lambda spec, title=title: (spec.bidding.auction.title if spec.bidding.auction else "landlord")
                    == title,
                    "the auction's title")
        return
    raise Unreadable(f"no intro fact reads “{text}”")


def _bomb_name(spec) -> str:
    """What a climbing game's bombs are called (a fact may name them); "bomb" where there are none."""
    bomb = getattr(spec.play, "bomb", None)
    return bomb.name if bomb is not None else "bomb"


def _intro(d: Draft, m: re.Match[str]) -> None:
    if m["name"] != d.notes["name"]:
        raise Unreadable(f"the introduction is about “{m['name']}”, not the game of the title")
    if m["family"] not in FAMILIES:
        raise Unreadable(f"the {m['family']} family is not one Parlour plays")
    d.put("play.family", m["family"])  # the family's rules read the Play section
    lo = number(m["lo"])
    hi = number(m["hi"]) if m["hi"] else lo
    if m["hi"] and (hi <= lo or (m["join"] == "or") != (hi == lo + 1)):
        raise Unreadable("the player range is not written as the rulebook writes one")
    d.put("players.min", lo)
    d.put("players.max", hi)
    d.notes["words"] = m["words"]
    d.notes["intro"] = True
    if m["fact"] is None:
        d.put("naming.fact", None)
    else:
        _fact(d, m["fact"])


def _village(d: Draft, m: re.Match[str]) -> None:
    d.put("naming.show_country", False)
    d.put("naming.country", _COUNTRY_BY_WORD[m["country"]])


def _mechanics(d: Draft, m: re.Match[str]) -> None:
    """What a game turns on follows from its rules: checked against the finished spec."""
    text = m["mechanics"]
    d.check(lambda spec: "; ".join(mechanics(spec)) == text, "the rules the game turns on")


def finish(d: Draft) -> None:
    """The adjective, with the country word split off when there is no village line; neither a
    country word nor a village line: a name that is not a village's (a real game's)."""
    if "intro" not in d.notes:
        raise Unreadable("the introduction never says what kind of game this is")
    words = d.notes.get("words")
    if d.get("naming.show_country") is False:
        d.put("naming.adjective", words)
        return
    adjective, _, country = (words or "").rpartition(" ")
    if country in _COUNTRY_BY_WORD:
        d.put("naming.show_country", True)
        d.put("naming.country", _COUNTRY_BY_WORD[country])
        d.put("naming.adjective", adjective or None)
        return
    d.put("naming.show_country", False)
    d.put("naming.country", None)
    d.put("naming.adjective", words)


_INTRO_FORM = (r" is an? (?:(?P<words>[^.]+?) )?(?P<family>[a-z]+(?:-[a-z]+)*) game for "
               rf"(?P<lo>{NUM})(?: (?P<join>or|to) (?P<hi>{NUM}))? players(?:, in which (?P<fact>[^.]+))?\.")


@functools.cache
def _intro_rule(length: int) -> Rule:
    """The introduction's first sentence for a name of ``length`` characters (a village name may
    hold any character, even a full stop; the handler checks it is the title's)."""
    return rule(rf"(?P<name>.{{{length}}}){_INTRO_FORM}", _intro)


#: The rest of the introduction.
RULES: list[Rule] = [
    rule(rf"It takes its name from an? (?P<country>{_COUNTRY}) village\.", _village),
    # Where the game came from (its provenance: a record, not a rule, so nothing to read).
    rule(r"It is a new game, drawn at random by Parlour from a catalogue of rules for card games\."),
    rule(r"It is a new game, bred by Parlour's search from other games it invented, keeping those whose playtests "
         r"scored best\."),
    rule(r"Other names a table may give it: (?P<aliases>(?:St\. |[^.])+)\.",   # (the lists' one full stop: "St. Day")
         lambda d, m: d.put("naming.aliases", split_and(m["aliases"], "or")), name="aliases"),
    rule(r"The rules it turns on: (?P<mechanics>[^.]+)\.", _mechanics),
    rule(r"It comes from the seed book, Hyloe's Book of Games\."),
    rule(r"It is a traditional game, written here as a Parlour spec\."),
    rule(r"This version differs from the game as most people know it: [^.:]+\."),
    rule(r"It was written by hand as a Parlour spec\."),
    # Playtest figures (render_markdown's ``summary``) are not part of the spec.
    rule(r"A typical game (?:with \d+ players )?lasts about [^.]+\."),
    rule(r"It is (?:a quick game|a long game|neither quick nor long)\."),
    rule(r"(?:Skill counts for much|Skill counts, but luck has its say|Luck decides most games): in the playtest, "
         rf"a strong bot (?:partnered by (?:a random player|random players) )?won \d+% of its games against {NUM} random players?, where "
         r"luck alone would give (?:it|its side) \d+%\."),
]


def rules(d: Draft) -> list[Rule]:
    """The introduction's sentences, the first for the name in the title."""
    return [_intro_rule(len(d.notes["name"])), *RULES]
