"""Scoring (``templates/rules/scoring.md.j2``), the *Scoring* section: cards of an avoided suit
(with the table of cards that score specially), points per trick (with the bidding bonuses) or the
exact bid; the table of extras; and the paragraphs that follow from other rules (the top trump
shown in the setup, the landlord's payments, low hands, totals below zero), checked against the
finished spec.
"""

from __future__ import annotations

import re

from ...families import FAMILIES, family_of
from ...spec import derived
from ..phrases import cap, join_and, plural_noun, rank_word
from .card_points import RULES as CARD_POINTS_RULES
from .schedule import RULES as SCHEDULE_RULES
from .sides import SIDE, sided
from .core import Draft, Rule, rule
from .setup import trump_name
from .words import (
    CARD,
    NAME,
    NICKNAME,
    PHRASE,
    RANK,
    SUIT,
    SUIT_ONE,
    Unreadable,
    card,
    count,
    counted,
    digits,
    nickname,
    NUM,
    number,
    rank,
    split_and,
    suit,
    suit_one,
)

_PIG_WORDS = rf"[Tt]he (?P<pig>[^(|]+?)(?: \((?P<pig_card>{CARD})\))?"
_SPECIAL = rf"\| (?P<card>{CARD})(?: (?P<nick>{NICKNAME}))? \|"


def _pig_words(d: Draft, m: re.Match[str]) -> None:
    """ "the goat (the King of hearts)", or "the pig" when the game has none: the setup's pig."""
    name, pig_card = m["pig"], card(m["pig_card"]) if m["pig_card"] else None

    def test(spec) -> bool:
        pig = spec.setup.pig
        return (pig.card, pig.name) == (pig_card, name) if pig else (pig_card is None and name == "pig")

    d.check(test, "the pig")


def _suit_of(code: str) -> str | None:
    if code.startswith("major "):
        return "majors"
    return code.split(" of ", 1)[1] if " of " in code else None


# --------------------------------------------------------------------------- avoided suit (SC-T1)


def _avoid(d: Draft, m: re.Match[str]) -> None:
    d.put("scoring.kind", "avoid-suit")


def _per_card(value: str):
    def handler(d: Draft, m: re.Match[str]) -> None:
        d.put("scoring.suit", suit_one(m["one"]))
        d.put("scoring.per_card", value)
        if value == "face-value" and m["one"] != "major":
            values = _face_values(m["values"])
            d.check(lambda spec: _face(spec) == values, "the face values")
    return handler


def _joker_not_suit(d: Draft, m: re.Match[str]) -> None:
    """A wild joker taken in a trick is scored as a joker, never as the card it was played as."""
    if suit_one(m["one"]) != d.get("scoring.suit"):
        raise Unreadable("a joker said not to be a card of another suit than the one avoided")
    d.check(derived.wild_jokers, "wild jokers")
    costs, named = m["loss"] != "nothing", bool(m["named"])
    d.check(lambda spec: bool(spec.scoring.joker_loss) == costs, "what a joker taken costs")
    d.check(lambda spec: bool(spec.scoring.penalty_card or spec.scoring.bonus_card or spec.scoring.doubler
                              or spec.scoring.pig_points is not None) == named, "the cards that score specially")


def _face_values(text: str) -> tuple[tuple[tuple[str, int], ...], bool]:
    items = split_and(text)
    numbers = items[-1] == "every other card its number"
    if numbers:
        items = items[:-1]
    out = []
    for item in items:
        m = re.fullmatch(rf"(?P<rank>{RANK}) (?P<v>\d+)", item)
        if m is None:
            raise Unreadable(f"“{item}” is not a face value")
        out.append((rank(m["rank"]), digits(m["v"])))
    return tuple(out), numbers


def _face(spec) -> tuple[tuple[tuple[str, int], ...], bool]:
    """The face-value table the rulebook prints for the spec's pack."""
    return derived.face_values(spec.deck), derived.numbers_in_play(spec.deck)


def _moon(d: Draft, m: re.Match[str]) -> None:
    one = suit_one(m["one"])
    if suit_one(m["one2"]) != one or suit(m["suits"]) != one:
        raise Unreadable("the sentence names two different suits")
    d.check(lambda spec: getattr(spec.scoring, "suit", None) == one, "the avoided suit")
    d.put("scoring.shoot_the_moon", counted(m["points"]))


def _same_suit(d: Draft, code: str, same: bool) -> None:
    d.check(lambda spec: (_suit_of(code) == getattr(spec.scoring, "suit", None)) == same, "the suit of a special card")


def _penalty(d: Draft, m: re.Match[str]) -> None:
    code = card(m["card"])
    d.put("scoring.penalty_card", {"card": code, "nickname": nickname(m["nick"]), "points": counted(m["points"])})
    _same_suit(d, code, bool(m["more"]))


def _bonus(d: Draft, m: re.Match[str]) -> None:
    code = card(m["card"])
    d.put("scoring.bonus_card", {"card": code, "nickname": nickname(m["nick"]), "points": counted(m["points"])})
    _same_suit(d, code, bool(m["free"]))
    if m["free"] and suit_one(m["one"]) != _suit_of(code):
        raise Unreadable("the card is not of the suit it is said to be")


def _doubler(d: Draft, m: re.Match[str]) -> None:
    d.put("scoring.doubler", {"card": card(m["card"]), "nickname": nickname(m["nick"])})


def _doubled_twice(d: Draft, m: re.Match[str]) -> None:
    """The doubling card that is also the penalty or bonus card: a connecting sentence, checked."""
    code = card(m["card"])

    def test(spec) -> bool:
        s = spec.scoring
        others = [getattr(s, n, None) for n in ("penalty_card", "bonus_card")]
        return s.doubler is not None and s.doubler.card == code and any(o is not None and o.card == code for o in others)
    d.check(test, "a doubling card that also scores")


def _pig_nothing_last(d: Draft, m: re.Match[str]) -> None:
    """The pig's taker scoring nothing comes after the top trump point and the landlord's payments."""
    _pig_words(d, m)
    takes = bool(m["takes"])
    d.check(lambda spec: getattr(spec.scoring, "extras", None) is not None and spec.scoring.extras.pig == "nothing"
            and (spec.setup.top_trump_point or spec.bidding.auction is not None)
            and (spec.bidding.auction is not None) == takes, "the pig's taker scoring nothing, last")


def _joker_loss(d: Draft, m: re.Match[str]) -> None:
    d.put("scoring.joker_loss", counted(m["points"]))


def _pig_points(d: Draft, m: re.Match[str]) -> None:
    _pig_words(d, m)
    points = counted(m["points"])
    d.put("scoring.pig_points", -points if m["how"] == "costs" else points)
    if (m["how"] == "costs") != bool(m["more"]) or (m["how"] == "costs" and points == 0):
        raise Unreadable("a loss is a cost of points more")


# --------------------------------------------------------------------------- tricks (SC-T2, SC-T3, SC-T4)


def _per_trick(d: Draft, m: re.Match[str]) -> None:
    d.put("scoring.kind", "per-trick")
    if m["first"] is None:
        d.put("scoring.beyond", 0)
    elif m["first"] == "trick":
        d.put("scoring.beyond", 1)
    else:
        beyond = counted(m["first"])
        if beyond < 2:
            raise Unreadable("“beyond their first trick” is how one trick is written")
        d.put("scoring.beyond", beyond)


def _bonus_points(field: str):
    def handler(d: Draft, m: re.Match[str]) -> None:
        d.put(f"scoring.{field}", counted(m["points"]))
    return handler


def _exact(d: Draft, m: re.Match[str]) -> None:
    d.put("scoring.kind", "exact-bid")


def _otherwise(value: str):
    def handler(d: Draft, m: re.Match[str]) -> None:
        d.put("scoring.otherwise", value)
    return handler


def _extra(field: str, value: object):
    def handler(d: Draft, m: re.Match[str]) -> None:
        d.put(f"scoring.extras.{field}", value)
        if "pig" in m.re.groupindex:
            _pig_words(d, m)
    return handler


def _pig_extra(d: Draft, m: re.Match[str]) -> None:
    how = {"one point more": "plus", "one point less": "minus",
           "its taker scores nothing at all for the hand": "nothing"}[m["how"]]
    _extra("pig", how)(d, m)


def _top_trump(d: Draft, m: re.Match[str]) -> None:
    d.put("scoring.extras.top_trump", "plus" if m["how"] == "more" else "minus")
    trump_name(d, m["high"], "highest")


# --------------------------------------------------------------------------- what follows from other rules


def _negative(spec) -> bool:
    """Whether hand scores can be losses, so totals may fall below zero."""
    c = spec.scoring
    if c.kind == "avoid-suit" or spec.bidding.auction is not None or spec.setup.high_low:
        return True
    if c.kind in ("per-trick", "exact-bid"):
        return c.extras.pig == "minus" or c.extras.top_trump == "minus"
    if c.kind == "titles":
        return bool(c.loser_penalty) or (c.pig is not None and c.pig.points < 0)
    if c.kind == "schedule":   # a contract whose things counted are losses
        return any(h.points < 0 for k in c.contracts for h in (k.modes or [k.score]))
    return bool(getattr(c, "losers_lose", False))


def _total(d: Draft, m: re.Match[str]) -> None:
    negative = bool(m["below"])
    d.check(lambda spec: _negative(spec) == negative, "whether totals may fall below zero")


def _settles(d: Draft, m: re.Match[str]) -> None:
    title = m["title"]
    d.check(lambda spec: spec.bidding.auction is not None and spec.bidding.auction.title == title, "the auction")
    d.notes["title"] = title


def _success(d: Draft, m: re.Match[str]) -> None:
    if {m["t1"], m["t2"]} != {d.notes.get("title")}:
        raise Unreadable("the payment names someone other than the auction's winner")
    if m["suits"]:
        s, defined = suit(m["suits"]), bool(m["defined"])
        d.check(lambda spec: getattr(spec.scoring, "suit", None) == s, "the avoided suit")
        # "In play" is said once: by shooting the moon when the game has it, else here.
        d.check(lambda spec: (getattr(spec.scoring, "shoot_the_moon", None) is None) == defined, "what is in play")
    elif m["tricks"]:
        d.check(lambda spec: spec.scoring.kind in ("per-trick", "exact-bid"), "scoring by tricks")
    elif m["became"]:
        became = m["became"]
        d.check(lambda spec: spec.scoring.kind == "titles" and spec.scoring.title == became, "the title")
    else:
        d.check(lambda spec: spec.scoring.kind not in ("avoid-suit", "per-trick", "exact-bid", "titles"),
                "a hand won by going out")


def _fails(d: Draft, m: re.Match[str]) -> None:
    if m["title"] != d.notes.get("title"):
        raise Unreadable("the payment names someone other than the auction's winner")


# --------------------------------------------------------------------------- shedding (SC-A1…SC-A5, SC-B)


def _pig_clause(d: Draft, text: str | None) -> None:
    """ "… if the goat (the King of hearts) was shown": the setup's pig, printed exactly when there is one."""
    shown = text is not None
    d.check(lambda spec: (spec.setup.pig is not None) == shown, "the pig")
    if text is not None:
        m = re.fullmatch(_PIG_WORDS, text)
        if m is None:
            raise Unreadable(f"“{text}” is not the pig")
        _pig_words(d, m)


def _tokens_named(d: Draft, singular: str, plural: str | None = None) -> None:
    def test(spec) -> bool:
        name = spec.deal.tokens.name if spec.deal.tokens else "token"
        return name == singular and (plural is None or plural_noun(name) == plural)

    d.check(test, "what the tokens are called")


def _countdown(d: Draft, m: re.Match[str]) -> None:
    d.put("scoring.kind", "countdown")
    _tokens_named(d, m["tok"], m["toks"])
    _pig_clause(d, m["pig"])


def _first_out(d: Draft, m: re.Match[str]) -> None:
    d.put("scoring.kind", "first-out")
    _pig_clause(d, m["pig"])


def _titles(d: Draft, m: re.Match[str]) -> None:
    d.put("scoring.kind", "titles")
    d.put("scoring.retire", m["who"] == "first player to go out")
    d.put("scoring.title", m["title"])
    d.put("scoring.first", counted(m["first"]))
    kitty = m["kitty"]
    d.check(lambda spec: (spec.deal.kitty.name if spec.deal.kitty else None) == kitty, "the kitty")


def _vice(d: Draft, m: re.Match[str]) -> None:
    if m["vice"]:
        d.put("scoring.vice", m["vice"])
    if m["second"]:
        d.put("scoring.second", counted(m["second"]))


def _loser(retire: bool):
    def handler(d: Draft, m: re.Match[str]) -> None:
        if d.get("scoring.retire") is not retire:
            raise Unreadable("the loser is chosen as the hand does not end")
        d.put("scoring.loser", m["loser"])
        if m["pen"]:
            d.put("scoring.loser_penalty", counted(m["pen"]))
        if not retire:
            rows = bool(m["rows"])
            d.check(lambda spec: spec.deal.rows == rows, "face-down rows")
    return handler


def _title_named(d: Draft, name: str) -> str:
    """Which title a name is: the first out's, the vice's or the loser's."""
    for key, default in (("title", "president"), ("vice", "vice"), ("loser", "peasant")):
        if d.get(f"scoring.{key}", default) == name:
            return key
    raise Unreadable(f"“{name}” is not a title of this game")


def _title_pig(d: Draft, m: re.Match[str]) -> None:
    words = re.fullmatch(_PIG_WORDS, m["pig"])
    if words is None:
        raise Unreadable(f"“{m['pig']}” is not the pig")
    _pig_words(d, words)
    who = _title_named(d, m["who"])
    if who == "vice":
        raise Unreadable("the pig scores for the title holder or the loser")
    points = -counted(m["loss"]) if m["loss"] else counted(m["gain"])
    if m["loss"] and points == 0:
        raise Unreadable("a loss of no points is written as a score")
    d.put("scoring.pig", {"who": who, "points": points})


def _starter(d: Draft, m: re.Match[str]) -> None:
    d.put("scoring.starter", _title_named(d, m["who"]))
    how = m["how"]
    d.check(lambda spec: family_of(spec).first_play == how, "how a hand is opened in this family")


#: What the player who opens a hand does, in each family's words (``Family.first_play``).
_FIRST_PLAY = "|".join(sorted({re.escape(f.first_play) for f in FAMILIES.values()}, key=lambda w: (-len(w), w)))


def _pair(d: Draft, m: re.Match[str]) -> None:
    """The loser and the title holder named in a rule for passing cards."""
    names = {k: m[k] for k in ("l", "l2", "t", "t2") if k in m.re.groupindex and m[k] is not None}
    if any(_title_named(d, v) != ("loser" if k.startswith("l") else "title") for k, v in names.items()):
        raise Unreadable("the cards pass between other players than the title holder and the loser")


def _passing(kind: str):
    def handler(d: Draft, m: re.Match[str]) -> None:
        _pair(d, m)
        value: dict[str, object] = {"kind": kind}
        if kind == "two-cards" and m["n"]:
            value["returned"] = number(m["n"])
        if kind == "swap-hands":
            vice = m["v"]
            if vice is not None and _title_named(d, vice) != "vice":
                raise Unreadable(f"“{vice}” is not the vice")
            d.check(lambda spec: (spec.scoring.vice is not None) == (vice is not None), "the vice")
        d.put("scoring.passing", value)
    return handler


def _usurper(d: Draft, m: re.Match[str]) -> None:
    _pair(d, m)
    if d.get("scoring.passing") is None:
        raise Unreadable("a usurper with no rule for dealing")
    d.data["scoring"]["passing"]["usurper"] = True


def _rule_maker(d: Draft, m: re.Match[str]) -> None:
    """SC-A5: the title holder who may make (or repeal) an invented rule after a hand."""
    who = _title_named(d, m["who"])
    if who == "loser":
        raise Unreadable("only a title holder makes the rules")
    d.put("scoring.rule_maker", who)
    law, repeal = m["law"], bool(m["repeal"])
    if m["laws"] != cap(law + "s"):
        raise Unreadable(f"“{m['laws']}” is not the section of the {law}s")
    d.check(lambda spec: spec.setup.extra_rules is not None and spec.setup.extra_rules.kind == "bonus"
            and spec.setup.extra_rules.name == law and spec.setup.extra_rules.repeal == repeal, "the invented rules")


def _round_end(value: str):
    def handler(d: Draft, m: re.Match[str]) -> None:
        d.put("scoring.round_end", value)
        if "values" in m.re.groupindex:
            text = m["values"]
            d.check(lambda spec: _knock_values(spec) == text, "the face values")
    return handler


def _knock_values(spec) -> str:
    values = [f"{rank_word(r)} {v}" for r, v in derived.face_values(spec.deck)]
    values.append("every other card its number")
    if spec.deck.jokers:
        values.append("a joker nothing")
    return join_and(values)


def _otherwise_won(d: Draft, m: re.Match[str]) -> None:
    d.check(lambda spec: getattr(spec.scoring, "round_end", None) == "knock-five", "knocking")


def _went_out_won(d: Draft, m: re.Match[str]) -> None:
    d.check(lambda spec: getattr(spec.scoring, "round_end", None) == "empty-hand", "the hand won by going out")


def _shedding(kind: str, losers: bool | None = None):
    def handler(d: Draft, m: re.Match[str]) -> None:
        d.put("scoring.kind", kind)
        if losers is not None:
            d.put("scoring.losers_lose", losers)
        if "rows" in m.re.groupindex:
            rows = bool(m["rows"])
            d.check(lambda spec: spec.deal.rows == rows, "face-down rows")
        if kind == "card-values":
            d.put("scoring.values", {})  # the table's rows follow
    return handler


def _value(field: str):
    def handler(d: Draft, m: re.Match[str]) -> None:
        if d.get("scoring.kind") != "card-values":
            raise Unreadable("a card value outside the table of values")
        d.put(f"scoring.values.{field}", counted(m["v"]))
        if field == "faces":
            courts = m["courts"]
            d.check(lambda spec: _courts(spec) == courts, "the court cards")
        elif field == "pig":
            _pig_words(d, m)
    return handler


def _courts(spec) -> str | None:
    courts = [rank_word(r) for r, _ in derived.face_values(spec.deck) if r != "A"]
    return join_and(courts) if courts else None


def _numbers(d: Draft, m: re.Match[str]) -> None:
    if d.get("scoring.kind") != "card-values":
        raise Unreadable("a card value outside the table of values")
    d.put("scoring.values.numbers", "pips" if m["v"] == "its number" else "one")
    d.seen.add("numbers")


def _pig_cards(d: Draft, m: re.Match[str]) -> None:
    _pig_words(d, m)
    d.put("scoring.pig_cards", counted(m["n"]))


def _doubled(d: Draft, m: re.Match[str]) -> None:
    bomb, rocket = m["bomb"], m["rocket"]
    d.check(lambda spec: spec.scoring.kind in ("landlord-stake", "titles") and spec.play.bomb is not None
            and (spec.play.bomb.name, spec.play.bomb.rocket) == (bomb, rocket), "the bombs")


def _pig_doubled(d: Draft, m: re.Match[str]) -> None:
    _pig_words(d, m)
    d.check(lambda spec: spec.scoring.kind in ("landlord-stake", "titles") and spec.bidding.auction is not None
            and spec.setup.pig is not None, "the pig")


def _no_points(d: Draft, m: re.Match[str]) -> None:
    toks = m["toks"]
    d.check(lambda spec: spec.scoring.kind == "countdown"
            and plural_noun(spec.deal.tokens.name if spec.deal.tokens else "token") == toks, "the tokens")


_PIG_SHOWN = rf"(?P<pig>[Tt]he [^(|]+?(?: \((?:{CARD})\))?) was shown"

def _low_finish(meld: bool):
    """SC-A's doubled score for a hand ended by cards of the lowest rank: in melding the last meld
    laid (its play section has melds), elsewhere the play that ended the hand."""
    def handler(d: Draft, m: re.Match[str]) -> None:
        d.put("scoring.low_finish_double", True)
        d.check(lambda spec: hasattr(spec.play, "melds") == meld, "what ended the hand")
    return handler


SHEDDING_RULES: list[Rule] = [
    # The first out wins (SC-A1, SC-B, SC-A4).
    rule(rf"At the end of each hand, the player who went out wins it and gives up one (?P<tok>{NAME})(?:, or two "
         rf"(?P<toks>{NAME}) if {_PIG_SHOWN})?\.", _countdown, marks="base"),
    rule(rf"At the end of each hand, the player who went out wins it and scores one point(?:, and one point more if "
         rf"{_PIG_SHOWN})?\.", _first_out, marks="base"),
    # Titles (SC-A3) and what happens between hands (WU-01…WU-05).
    rule(rf"At the end of each hand, the (?P<who>first player to go out|player who went out) becomes the "
         rf"\*(?P<title>[^*]+)\* and scores (?P<first>{count('point')})(?:, and one point more for each card left in "
         rf"the (?P<kitty>{NAME}))?\.", _titles, marks="base"),
    rule(rf"The second player to go out becomes the \*(?P<vice>[^*]+)\*(?: and scores (?P<second>{count('point')}))?"
         r"\.", _vice),
    rule(rf"The second player to go out scores (?P<second>{count('point')})\.", _vice),
    rule(rf"The last player left in the hand becomes the \*(?P<loser>[^*]+)\*(?: and loses "
         rf"(?P<pen>{count('point')}))?\.", _loser(True)),
    rule(rf"The player with the most cards left(?P<rows> in hand and rows)?, if no other player has as many, becomes "
         rf"the \*(?P<loser>[^*]+)\*(?: and loses (?P<pen>{count('point')}))?\.", _loser(False)),
    rule(rf"If {_PIG_SHOWN}, the (?P<who>{NAME}) (?:loses (?P<loss>{count('point')})|scores "
         rf"(?P<gain>{count('point')}) more)\.", _title_pig),
    rule(r"Between hands:", lambda d, m: d.check(lambda spec: spec.scoring.kind == "titles", "titles"),
         name="between_hands"),
    rule(rf"From the second hand on, the (?P<who>{NAME}) (?P<how>{_FIRST_PLAY})\.", _starter, marks="starter"),
    rule(rf"After each deal from the second hand on, the (?P<l>{NAME}) gives the (?P<t>{NAME}) their highest card, "
         rf"and the (?P<t2>{NAME}) gives the (?P<l2>{NAME}) any one card in return\.", _passing("best-card")),
    rule(rf"After each deal from the second hand on, the (?P<l>{NAME}) gives the (?P<t>{NAME}) their two highest "
         rf"cards, and the (?P<t2>{NAME}) gives the (?P<l2>{NAME}) (?:any (?P<n>two|three) cards|as many cards) in "
         r"return\.", _passing("two-cards")),
    rule(r"From the second hand on, before anyone looks at their cards, each player shows the top card of their hand; "
         rf"the (?P<t>{NAME}) swaps hands with the player who shows the highest card(?:, and then the (?P<v>{NAME}) "
         r"with the player who shows the second highest)?\.", _passing("swap-hands")),
    rule(rf"From the second hand on, the (?P<l>{NAME}) gathers all the cards and deals every hand\.",
         _passing("loser-deals")),
    rule(rf"Anyone else who picks up the cards or tries to deal becomes the (?P<l>{NAME}) instead\.", _usurper),
    rule(rf"After each hand, the (?P<who>{NAME}) may invent a new \*(?P<law>[^*]+)\*(?P<repeal>, or repeal one)? "
         rf"\(see \*(?P<laws>[^*]+)\*\)\.", _rule_maker),
    # How the hand is won (SC-A2's round end).
    rule(r"On their turn, instead of playing, a player whose cards in hand are worth five points or less at face "
         r"value \((?P<values>[^)]+)\) may \*knock\*: the hand ends at once, and they win it\.",
         _round_end("knock-five")),
    rule(r"Otherwise the player who went out wins the hand\.", _otherwise_won, marks="won"),
    rule(r"A player who goes out \*knocks\*: every other player has one more turn, and then the knocker wins the "
         r"hand\.", _round_end("knock-out"), marks="won"),
    rule(r"The player who went out wins the hand\.", _went_out_won, marks="won"),
    rule(r"The second time the stock runs out, the hand ends at once and the player with the fewest cards in hand wins "
         r"it; if several tie, the one of them whose turn it is, or whose turn comes soonest, wins\.",
         lambda d, m: d.put("scoring.stock_out", True), name="stock_out"),
    # What the winner is paid (SC-A2): card values, card counts, the stake.
    rule(r"The winner scores the value of the cards left in the other players' hands(?P<rows> and rows)?:",
         _shedding("card-values", False), marks="base"),
    rule(r"Each other player loses the value of the cards left in their own hand(?P<rows> and rows)?:",
         _shedding("card-values", True), marks="base"),
    rule(r"\| Card \| Value \|"),
    rule(rf"\| Each joker \| (?P<v>{count('point')}) \|", _value("jokers")),
    rule(rf"\| Each major \| (?P<v>{count('point')}) \|", _value("majors")),
    rule(rf"\| Each court card(?: \((?P<courts>[^)]+)\))? \| (?P<v>{count('point')}) \|", _value("faces")),
    rule(rf"\| Each Ace \| (?P<v>{count('point')}) \|", _value("aces")),
    rule(rf"\| {_PIG_WORDS}, if it was shown \| (?P<v>{count('point')}); not shown, it counts as its own card \|",
         _value("pig")),
    rule(r"\| Each number card \| (?P<v>its number|one point) \|", _numbers),
    rule(r"\| Any other card \| nothing \|",
         lambda d, m: d.check(derived.unvalued_cards, "cards the table of values leaves out"), marks="any other card"),
    rule(r"\| Each card left in a row \| one point \|",
         lambda d, m: d.check(lambda spec: spec.deal.rows and spec.scoring.kind == "card-values", "face-down rows"),
         name="row_values"),
    rule(r"Each other player loses one point for each card left in their hand\.", _shedding("card-count", True),
         marks="base"),
    rule(r"The winner scores one point for each card left in the other players' hands\.",
         _shedding("card-count", False), marks="base"),
    rule(r"Cards left in rows do not count\.",
         lambda d, m: d.check(lambda spec: spec.deal.rows and spec.scoring.kind == "card-count", "face-down rows"),
         name="rows_not_counted"),
    rule(rf"{_PIG_WORDS}, if it was shown, counts as (?P<n>{count('card')})\.", _pig_cards),
    rule(r"The hand scores nothing but the stake\.", _shedding("landlord-stake"), marks="base"),
    rule(r"If the play that ended the hand held only cards of the lowest rank, every score for the hand is doubled\.",
         _low_finish(False), name="low_finish_double"),
    rule(r"If the last meld laid in the hand held only cards of the lowest rank, every score for the hand is "
         r"doubled\.", _low_finish(True), name="low_finish_double"),
    # The landlord's stake doubled (SC-A2, SC-A3).
    rule(rf"The stake is doubled for every (?P<bomb>{NAME})(?: and every (?P<rocket>{NAME}))? played in the hand\.",
         _doubled),
    rule(rf"A payment to or from the player who holds {_PIG_WORDS} at the end of the hand is doubled again\.",
         _pig_doubled),
    rule(rf"No points are scored: only the (?P<toks>{NAME}) count\.", _no_points, marks="total"),
]


def _majority(d: Draft, m: re.Match[str]) -> None:
    d.put("scoring.kind", "majority")
    d.put("scoring.needed", counted(m["needed"]))
    d.put("scoring.points", counted(m["points"]))


def _caller_points(d: Draft, m: re.Match[str]) -> None:
    d.put("scoring.caller_points", counted(m["points"]))
    caller = "dealer" if m["caller"] == "the dealer" else "dealer-left"
    d.check(lambda spec: getattr(spec.setup.trumps, "caller", None) == caller, "who named trumps")


def _sweep(d: Draft, m: re.Match[str]) -> None:
    d.put("scoring.sweep", counted(m["points"]))


def _nobody(d: Draft, m: re.Match[str]) -> None:
    needed = counted(m["needed"])
    d.check(lambda spec: spec.scoring.needed == needed, "the tricks that win the hand")



def _quotas(d: Draft, m: re.Match[str]) -> None:
    d.put("scoring.kind", "per-trick")
    d.put("scoring.beyond", 0)
    d.put("scoring.quotas", [number(m["first"]), *(number(x) for x in split_and(m["rest"]))])

RULES: list[Rule] = [
    *SCHEDULE_RULES,
    # Avoided suit (SC-T1).
    rule(rf"At the end of each hand, each {SIDE} scores for the cards they took in tricks:", sided(_avoid), marks="base",
         name="avoid"),
    rule(rf"Each (?P<one>{SUIT_ONE}) costs one point\.", _per_card("one")),
    rule(r"Each (?P<one>major) costs its number: Judgement \(XX\) costs 20 and The Fool \(0\) nothing\.",
         _per_card("face-value")),
    rule(rf"Each (?P<one>{SUIT_ONE}) costs its face value: (?P<values>[^.]+)\.", _per_card("face-value")),
    rule(rf"A joker is scored as a joker, whatever card it was played as: it is never an? (?P<one>{SUIT_ONE})"
         r"(?P<named> nor any card named in the table below)?, and costs (?P<loss>what the table below says for a "
         r"joker|nothing)\.", _joker_not_suit),
    rule(rf"A player who took every (?P<one>{SUIT_ONE}) in play, that is, every (?P<one2>{SUIT_ONE}) in the players' "
         rf"hands when the first trick is led \((?P<suits>{SUIT}) anywhere else do not count\), loses nothing for them "
         rf"and instead gains (?P<points>{count('point')})\.", _moon),
    rule(r"These cards score specially:"),
    rule(r"\| Card \| Score \|"),
    rule(rf"{_SPECIAL} costs its taker (?P<points>{count('point')})(?P<more> more)? \|", _penalty),
    rule(rf"{_SPECIAL} gains its taker (?P<points>{count('point')})(?P<free>, and costs nothing as an? "
         rf"(?P<one>{SUIT_ONE}))? \|", _bonus),
    rule(rf"\| Each joker \| costs its taker (?P<points>{count('point')}) \|", _joker_loss),
    rule(rf"\| {_PIG_WORDS}, if it was shown \| (?P<how>costs|gains) its taker (?P<points>{count('point')})"
         r"(?P<more> more)? \|", _pig_points),
    rule(rf"{_SPECIAL} doubles its taker's score for the hand \|", _doubler),
    rule(rf"(?P<card>{CARD}) counts in both rows: first its own points, then the doubling of its taker's whole score "
         r"for the cards taken\.", _doubled_twice),
    # Points per trick (SC-T3) and the bidding bonuses.
    rule(rf"At the end of each hand, each {SIDE} scores one point for each trick they won(?: beyond their first "
         rf"(?P<first>trick|{count('trick')}))?\.", sided(_per_trick), marks="base", name="per_trick"),
    rule(rf"A player who won exactly as many tricks as they bid scores (?P<points>{count('point')}) more\.",
         _bonus_points("exact_bonus")),
    rule(rf"If that bid was zero, they score a further (?P<points>{count('point')})\.", _bonus_points("zero_bonus")),
    rule(rf"If that bid was made blind, they score a further (?P<points>{count('point')})\.",
         _bonus_points("blind_bonus")),
    # Quotas by seat (Sergeant Major, Pluck).
    rule(rf"At the end of each hand, each player scores one point for each trick they won beyond their quota, which "
         rf"goes by seat: the dealer's is (?P<first>{NUM}), and then, going left from the dealer, (?P<rest>[^.]+)\.",
         _quotas, marks="base"),
    # A hand won by enough tricks (Omi, Court Piece).
    rule(rf"At the end of each hand, the {SIDE} that took (?P<needed>{count('trick')}) or more wins the hand and "
         rf"scores (?P<points>{count('point')}); no one else scores\.", sided(_majority), marks="base", name="majority"),
    rule(r"If the winner is (?:the partnership of |the side of )?(?P<caller>the dealer|the player to the dealer's "
         rf"left), who named trumps, it scores (?P<points>{count('point')}) instead\.", _caller_points),
    rule(rf"An? {SIDE} that took every trick scores (?P<points>{count('point')}) instead\.", sided(_sweep),
         name="sweep_points"),
    rule(rf"If no {SIDE} took (?P<needed>{count('trick')}), no one scores for the hand\.", sided(_nobody),
         name="nobody"),
    # The exact bid (SC-T2).
    rule(r"At the end of each hand, a player who won exactly as many tricks as they bid scores ten points plus one "
         r"point for each trick they bid\.", _exact, marks="base"),
    rule(r"Any other player scores nothing for the hand\.", _otherwise("zero")),
    rule(r"A player who won fewer tricks than they bid scores one point for each trick they won; a player who won "
         r"more scores nothing\.", _otherwise("tricks-if-under")),
    rule(r"A player who won more tricks than they bid scores one point for each trick they won; a player who won "
         r"fewer scores nothing\.", _otherwise("tricks-if-over")),
    # Extras (SC-T4).
    rule(r"A trick that holds a joker does not count as a trick won when the hand is scored\.",
         _extra("joker_tricks", "void")),
    rule(r"These also count:"),
    rule(r"\| What \| Score \|"),
    rule(r"\| Winning a trick that holds a joker \| one point more for each such trick \|",
         _extra("joker_tricks", "bonus")),
    rule(rf"\| Taking {_PIG_WORDS}, if it was shown \| (?P<how>one point more|one point less|its taker scores nothing "
         r"at all for the hand) \|", _pig_extra),
    rule(rf"\| Taking the highest trump in the rank list \((?P<high>{PHRASE})\) \| one point (?P<how>more|less) \|",
         _top_trump),
    rule(r"\| Bidding every trick of the hand and winning them all \| wins the game at once \|",
         _extra("bid_all_wins", True)),
    # What follows from the setup and the auction.
    rule(r"A player who showed the highest trump before play \(see \*Setup\*\) adds one point to their score for the "
         r"hand, once, after the scores above\.", lambda d, m: d.check(lambda spec: spec.setup.top_trump_point, "the top trump shown"),
         name="top_trump_shown"),
    rule(r"This point is apart from the one for taking that card in a trick \(see the table above\): a player who "
         r"shows it and then takes it counts both\.",
         lambda d, m: d.check(lambda spec: spec.setup.top_trump_point and spec.scoring.extras.top_trump != "none",
                              "the top trump both shown and taken"), name="top_trump_both"),
    rule(rf"Whoever took {_PIG_WORDS}, if it was shown, still scores nothing at all for the hand, whatever else this "
         r"section gives them(?P<takes> or takes from them)?\.", _pig_nothing_last),
    rule(rf"Then the (?P<title>{NAME}) settles with each other player for the stake, the bid that won the auction:",
         _settles),
    rule(r"\| Result of the hand \| Payment \|"),
    rule(rf"\| The (?P<t1>{NAME}) (?:took all of the (?P<suits>{SUIT}) in play(?P<defined> \(those in the players' hands when the first trick is led\))?, or none of them|(?P<tricks>won more "
         rf"tricks than every other player)|became the (?P<became>{NAME})|won the hand) \| each other player loses the "
         rf"stake, and the (?P<t2>{NAME}) gains it from each of them \|", _success),
    rule(rf"\| Otherwise \| the (?P<title>{NAME}) loses the stake to each other player, and each of them gains it \|",
         _fails),
    rule(r"If the hand was played low, every player's score for the hand, everything included, changes sign: a gain "
         r"counts as a loss of as many points, and a loss as a gain\.",
         lambda d, m: d.check(lambda spec: spec.setup.high_low, "low hands"), name="low_hands"),
    rule(rf"Each {SIDE} keeps a running total of their hand scores(?P<below>, which may fall below zero)?\.",
         sided(_total), marks="total", name="total"),
    *SHEDDING_RULES,
    *CARD_POINTS_RULES,
]


def finish(d: Draft) -> None:
    if "base" not in d.seen:
        raise Unreadable("the rulebook never says how a hand is scored")
    kind = d.get("scoring.kind")
    if kind in ("card-values", "card-count", "landlord-stake") and "won" not in d.seen:
        raise Unreadable("the rulebook never says who wins the hand")
    if kind == "card-values" and "numbers" not in d.seen:
        raise Unreadable("the table of card values never says what a number card is worth")
    if kind == "card-values" and "any other card" not in d.seen:
        d.check(lambda spec: not derived.unvalued_cards(spec), "what the cards the table leaves out are worth")
    if kind == "titles" and ("starter" not in d.seen or d.get("scoring.loser") is None):
        raise Unreadable("the rulebook never says who loses the hand, or who leads the next")

    if "total" not in d.seen:
        raise Unreadable("the rulebook never says that scores are totalled")
