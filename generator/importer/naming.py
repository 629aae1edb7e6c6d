"""NM-01…NM-07: the intro sentence — name, aliases, adjective, country word, family, player range,
the fact ("… where players avoid taking hearts") and the deck phrase."""

from __future__ import annotations

import functools
import re

from ..families import FAMILIES
from ..names import COUNTRIES, COUNTRY_ADJECTIVE, country_of_name, village_names
from ..spec.naming import FACTS
from ..spec.words import MAX_PLAYERS, MIN_PLAYERS
from . import deck as deck_phase
from .core import Draft, Phase
from .setup import is_pig
from .words import MAX_DIGITS, NUM, SUIT_MANY, SUIT_ONE, NumberTooLong, number, suit

phase = Phase("naming")

COUNTRY_WORDS = {"English": "en", "French": "fr", "German": "de"}

#: "to" in a range of players, as other authors write it ("three or four", "between two and five", "2–5").
TO = r"(?: to | or | and |-|–)"

#: NM-04: the intro. The name may carry "(or A)" or "(also A or B)"; the country word is optional;
#: then either "where ‹fact›." (the deck follows as its own sentence) or ", played with ‹deck›.".
#: The name and the adjective are bounded, as in GAME_START: unbounded, a long sentence took minutes.
INTRO = (r"(?P<name>.{1,200}?)(?: \((?:or (?P<alias1>[^()]+?)|also (?P<alias2>[^()]+?) or (?P<alias3>[^()]+?))\))?"
         r" is an? (?P<adjective>[\w' -]{1,200}?)(?: (?P<country>English|French|German))?"
         r" (?P<family>[\w-]+) game for (?:between )?(?P<min>" + NUM + r")" + TO + r"(?P<max>" + NUM + r") players"
         r"(?:,? (?:and (?:it )?is |that is |which is )?(?:played with|played using|using|which uses|that uses|and uses) (?P<deck>.+?)| where "
         r"(?P<fact>.+?))\.")

#: A looser form, used to find where each game of a book begins. Every line of a book is tried, so
#: the name and the words before the family are bounded (at most 200 characters each): unbounded,
#: they took minutes over a long line that repeats "is a" without "game for".
GAME_START = re.compile(r"(?P<name>.{1,200}?) is an? .{1,200}? (?P<family>[\w-]+) game for (?:between )?" + NUM + TO + NUM
                        + " players\\b")
#: Looser still: a line that says it begins a game but is not worded as one ("is a climbing game
#: for two players", no word before the family or no range). It begins a game all the same, which
#: fails with its reason, rather than being read silently as more of the game before it.
LIKE_A_START = re.compile(r"(?P<name>.{1,200}?) is an? (?:.{1,200}? )?(?P<family>[\w-]+) game for\b")

#: NM-06: the book's fact phrases → our fact keys (``spec.naming.FACTS``), with the module each one
#: promises. Keys of other families' modules are listed so that their facts are recognised (and
#: reported as out of place in a trick-taking game) rather than unreadable.
FACT_PHRASES: list[tuple[str, str]] = [
    (r"trumps are not revealed immediately", "hidden-trump"),
    (r"there are both trumps and anti-trumps", "anti-trumps"),
    (r"the led suit is weaker than the rest", "weak-led-suit"),
    (r"players avoid taking (?P<suit>" + SUIT_ONE + r") cards", "avoid-suit-face"),
    (r"players avoid taking (?P<suit>" + SUIT_MANY + r")", "avoid-suit"),
    (r"hands are played high or low", "high-low"),
    (r'players must keep track of "(?P<pig>[^"]+)"', "pig"),
    (r"players invent their own extra rules", "bonus-rules"),
    (r"players must obey secret rules", "secret-rules"),
    (r"opening hands can be negotiated", "exchange"),
    (r"players predict how many tricks they will take during a hand", "trick-bidding"),
    (r'players work together against the "(?P<title>[^"]+)"', "landlord-together"),
    (r'players gang up against the "(?P<title>[^"]+)"', "landlord-gang"),
    # other families' facts (catalogue NM-06)
    (r"players may lie about their cards", "cheat"),
    (r"there are two discard piles", "two-discard-piles"),
    (r"hand sizes gradually decrease", "countdown"),
    (r'powerful "(?P<bomb>[^"]+)"s? can defeat weaker plays', "bomb"),
    (r"players can opt to drop out early", "desert"),
    (r"melds can be rearranged", "rearranging"),
    (r"a full house wins the game", "full-house"),
    (r"points can be scored during the hand", "points-in-hand"),
    (r"the final cards of the game are played blind", "face-down-rows"),
    (r"the winners and losers are given titles", "titles"),
]
#: Facts of modules every family may have (setup, extra rules, the auction); each family's importer
#: lists its own facts (``FACTS`` of each family's ``importer``).
SHARED_FACTS = ("pig", "bonus-rules", "secret-rules", "exchange", "landlord-together", "landlord-gang")


@phase.rule("NM-04", INTRO)
def _intro(m: re.Match[str], d: Draft) -> None:
    d.set("naming.name", m["name"].strip())
    aliases = [a.strip() for a in (m["alias1"], m["alias2"], m["alias3"]) if a]
    d.set("naming.aliases", aliases)
    d.set("naming.adjective", m["adjective"].strip())
    if m["country"]:
        d.set("naming.country", COUNTRY_WORDS[m["country"]])
        d.set("naming.show_country", True)
    else:
        d.set("naming.show_country", False)
    family = m["family"]
    if family not in FAMILIES or FAMILIES[family].importer is None:
        d.problem(f"unknown family \"{family}\"")
    d.family = family
    _player_range(d, m)
    if m["deck"] and not deck_phase.read_deck_phrase(m["deck"], d):
        d.problem(f"unknown deck \"{m['deck']}\"")
    if m["fact"]:
        _fact(m["fact"], d)


def _player_range(d: Draft, m: re.Match[str]) -> None:
    """NM-04's player range, checked against the spec's bounds before anything uses it (the deal
    and the tricks are worked out at every count): outside them it is a problem and is not set; a
    range written backwards ("for five to two players") is a defect read the way it is meant."""
    try:
        lo, hi = number(m["min"]), number(m["max"])
    except NumberTooLong:  # said below as a range out of bounds, like any other
        lo = hi = MAX_PLAYERS + 1
    if not (MIN_PLAYERS <= lo <= MAX_PLAYERS and MIN_PLAYERS <= hi <= MAX_PLAYERS):
        said = " to ".join(t if len(t) <= MAX_DIGITS else t[:MAX_DIGITS] + "…" for t in (m["min"], m["max"]))
        d.problem(f"a game for {said} players: a game is for {MIN_PLAYERS} to {MAX_PLAYERS} players")
        return
    if lo > hi:
        d.repair("player-range-reversed", "defect",
                 f"\"for {m['min']} to {m['max']} players\" runs backwards; read as {hi} to {lo} players")
        lo, hi = hi, lo
    d.set("players.min", lo)
    d.set("players.max", hi)


def _fact(text: str, d: Draft) -> None:
    for regex, key in FACT_PHRASES:
        fm = re.fullmatch(regex, text)
        if fm is None:
            continue
        d.note("fact", key)
        d.note("fact.text", text)
        for name in ("suit", "pig", "title", "bomb"):
            if name in fm.groupdict() and fm[name]:
                d.note(f"fact.{name}", suit(fm[name]) if name == "suit" else fm[name])
        return
    d.problem(f"unknown intro fact \"{text}\"")


def finish(d: Draft, facts: tuple[str, ...] = ()) -> None:
    """``facts``: the facts of the game's family (its importer's ``FACTS``), besides the shared ones."""
    _country(d)
    _finish_fact(d, SHARED_FACTS + tuple(facts))


def _country(d: Draft) -> None:
    """NM-01: the intro's country word when there is one; else the pack (the German and French
    32-card packs were only drawn for those countries); else the village lists the name is in."""
    if d.has("naming.country"):
        return
    kind = d.get("deck.kind")
    if kind in ("german32", "french32"):
        country = "de" if kind == "german32" else "fr"
        d.set("naming.country", country)
        d.repair("country-inferred", "reading",
                 f"no country word in the intro; country '{country}' from the {kind} pack", d.source.get("naming.name"))
        return
    name = d.get("naming.name", "")
    found = [c for c in COUNTRIES if name in _names(c)]
    if not found:
        for alias in d.get("naming.aliases", []):
            found = [c for c in COUNTRIES if alias in _names(c)]
            if found:
                break
    guessed = None if found else country_of_name(name)
    country = found[0] if found else guessed[0] if guessed else "en"
    if guessed:
        why = f"the name is in none of the village lists; {guessed[1]} is most often {COUNTRY_ADJECTIVE[country]} in them"
    elif not found:
        why = "the name is in none of the village lists and its form says nothing; default 'en'"
    elif len(found) == 1:
        why = f"the name (or an alias) is in the '{country}' village list"
    else:
        why = f"the name is in the {', '.join(found)} village lists; the first is kept"
    d.set("naming.country", country)
    d.repair("country-inferred", "reading", f"no country word in the intro; country '{country}': {why}",
             d.source.get("naming.name"))


@functools.cache
def _names(country: str) -> frozenset[str]:
    return frozenset(village_names(country))


def _finish_fact(d: Draft, family_facts: tuple[str, ...]) -> None:
    """The fact: keep it when our spec has a key for it and a rule of the game makes it true."""
    key = d.heard("fact")
    if key is None:
        d.set("naming.fact", None)
        return
    text = d.heard("fact.text")
    sentence = d.said_in.get("fact")
    if key not in family_facts:
        d.repair("fact-other-family", "dropped",
                 f"the intro fact \"{text}\" belongs to a module of another family; dropped", sentence)
        d.set("naming.fact", None)
        return
    if key not in FACTS:
        d.repair("fact-no-key", "dropped",
                 f"the intro fact \"{text}\" has no key in spec.naming.FACTS (it would be '{key}'); dropped "
                 "(the rule it describes is imported)", sentence)
        d.set("naming.fact", None)
        return
    holds, why = _fact_holds(key, d)
    if not holds:
        d.repair("fact-unbacked", "defect", f"the intro says \"{text}\", but {why}; the fact is dropped", sentence)
        d.set("naming.fact", None)
        return
    d.set("naming.fact", key)


def _fact_holds(key: str, d: Draft) -> tuple[bool, str]:
    """Whether the game's rules make the fact true (and name the same suit, pig or title)."""
    trumps = d.get("setup.trumps", {}).get("method")
    scoring = d.get("scoring.kind")
    if key == "hidden-trump":
        return trumps == "hidden", "trumps are not hidden"
    if key == "anti-trumps":
        return bool(d.get("setup.anti_trumps")), "no rule names anti-trumps"
    if key == "weak-led-suit":
        return d.get("play.weak_led_suit") is not None, "no rule makes the led suit weak"
    if key in ("avoid-suit", "avoid-suit-face"):
        per = "one" if key == "avoid-suit" else "face-value"
        if scoring != "avoid-suit" or d.get("scoring.per_card") != per:
            return False, "the scoring does not punish taking that suit that way"
        if d.heard("fact.suit") != d.get("scoring.suit"):
            return False, f"the scoring punishes {d.get('scoring.suit')}"
        return True, ""
    if key == "high-low":
        return bool(d.get("setup.high_low")), "no rule plays hands high or low"
    if key == "pig":
        pig = d.get("setup.pig")
        if pig is None:
            return False, "the game has no pig card"
        if not is_pig(d, d.heard("fact.pig")):
            return False, f"the pig card is called \"the {pig['name']}\""
        return True, ""
    if key in ("bonus-rules", "secret-rules"):
        rules = d.get("setup.extra_rules")
        kind = "bonus" if key == "bonus-rules" else "secret"
        return rules is not None and rules["kind"] == kind, f"the game has no {kind} rules"
    if key == "exchange":
        return d.get("setup.exchange") is not None, "no rule lets hands be exchanged"
    if key == "trick-bidding":
        return d.get("bidding.tricks") is not None, "players do not bid for tricks"
    if key in ("landlord-together", "landlord-gang"):
        auction = d.get("bidding.auction")
        if auction is None:
            return False, "there is no auction"
        if d.heard("fact.title") != auction["title"]:
            return False, f"the auction is for the \"{auction['title']}\""
        return True, ""
    if key == "countdown":
        return d.get("deal.tokens") is not None, "no tokens are dealt"
    if key == "bomb":
        bomb = d.get("play.bomb")
        if bomb is None:
            return False, "no play is a bomb"
        return d.heard("fact.bomb") in (bomb["name"], bomb["name"] + "s"), f"the bomb is called \"{bomb['name']}\""
    if key == "face-down-rows":
        return bool(d.get("deal.rows")), "no rows are dealt face down"
    if key == "titles":
        return scoring == "titles", "the scoring gives no titles"
    if key == "cheat":
        return d.get("play.cheat") is not None, "cards are not played face down with a claim"
    if key == "two-discard-piles":
        return (d.get("deal.stock") or {}).get("discard_piles") == 2, "the deal makes one discard pile"
    if key == "points-in-hand":
        return any(e.get("kind") == "points" for e in d.get("play.effects") or []), "no special card scores points"
    if key == "desert":
        return d.get("play.desert") is not None, "no rule lets a player leave the hand"
    if key == "rearranging":
        return (d.get("play.melds") or {}).get("rearrange", "none") != "none", "melds cannot be rearranged"
    if key == "full-house":
        return (d.get("play.melds") or {}).get("full_house") is not None, "the game has no full house"
    return True, ""
