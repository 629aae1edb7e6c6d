"""DL-02…DL-12: hand size, the smaller hand with more than three players, dealing the whole pack,
the odd card, the misdeal redeal, the kitty, countdown tokens, face-down rows, and the table of the
matching family (and melding): one or two discard piles, the wild-rank card and the stock."""

from __future__ import annotations

import re

from .core import Draft, Phase, word_check
from .words import NUM, SUIT_MANY, number, suit

phase = Phase("deal")

#: DL-11 kitty names, generator order (W-pick(17)).
KITTY_NAMES = ("kitty", "crib", "pot", "box", "talon", "cradle", "rack", "pit", "claw", "crypt", "heap", "stash",
               "reliquary", "coffer", "crate", "grapnel", "hook")


#: "is dealt", in the words other authors use for it.
DEALT = r"(?:is dealt|receives|gets|is given)"
#: "with more than three players", before or after the hand it gives.
OVER_THREE = r"(?:[Ww]ith|[Ii]f there are|[Ww]hen there are|[Ff]or) (?:more than three|four or more) players"


@phase.rule("DL-05", r"(?:Each player " + DEALT + r" (?P<a>" + NUM + r") cards?|(?:Deal|Give) (?P<b>" + NUM
            + r") cards? (?:per player|to each player)|(?:Deal|Give) each player (?P<c>" + NUM + r") cards?|(?P<e>(?i:" + NUM
            + r")) cards are dealt to each player|All players are dealt (?P<f>" + NUM + r") cards each)\.")
def _hand_size(m: re.Match[str], d: Draft) -> None:
    d.set("deal.hand_size", number(m["a"] or m["b"] or m["c"] or m["e"] or m["f"]))


@phase.rule("DL-03", r"(?:Deal out (?:the |all the )?cards until none (?:remain|are left)|Deal out (?:all (?:of )?the cards|the whole "
            r"(?:pack|deck)|the entire (?:pack|deck)|every card)|Deal all (?:of )?the cards(?: out)?|Keep dealing until no cards "
            r"(?:remain|are left)|All (?:of )?the cards are dealt(?: out)?)\.")
def _deal_all(m: re.Match[str], d: Draft) -> None:
    d.set("deal.hand_size", "all")


@phase.rule("DL-05", r"(?:" + OVER_THREE + r", (?:deal (?:only )?(?P<a>" + NUM + r") (?:cards )?(?:per|to each) player|each player "
            + DEALT + r" (?:only )?(?P<b>" + NUM + r") cards)|Deal (?:only )?(?P<c>" + NUM + r") cards (?:per|to each) player when "
            r"there are (?:more than three|four or more) players)\.")
def _over_three(m: re.Match[str], d: Draft) -> None:
    n = m["a"] or m["b"] or m["c"]
    d.set("deal.hand_size_over_three", number(n))


ODD_WHO = {"The player to the right of the dealer": "dealer-right", "The player to the dealer's right": "dealer-right",
           "The player to the left of the dealer": "dealer-left", "The player to the dealer's left": "dealer-left",
           "The dealer": "dealer"}


_WHO = "|".join(re.escape(w) for w in ODD_WHO)
_ONE_MORE = r"(?P<extra>an extra card|one extra card|one more card|an additional card|one additional card|one card more)"
_ONE_LESS = r"(?:one fewer card|one card fewer|one card less|a card fewer|one less card)"


@phase.rule("DL-06", r"(?:(?P<who>" + _WHO + r") (?:receives|is dealt|gets) (?:" + _ONE_MORE + "|" + _ONE_LESS + r")(?: than the others)?|"
            r"(?P<what>(?i:" + _ONE_MORE.replace("?P<extra>", "?P<extra2>") + "|" + _ONE_LESS + r")) is dealt to (?P<who2>(?i:" + _WHO
            + r")))\.")
def _odd_card(m: re.Match[str], d: Draft) -> None:
    who = m["who"] or m["who2"][0].upper() + m["who2"][1:]
    d.set("deal.odd_card", {"who": ODD_WHO[who], "extra": bool(m["extra"] or m["extra2"])})


@phase.rule("DL-07", r"(?:(?:Any|A) player (?:who (?:was|is) )?dealt no (?P<suit>" + SUIT_MANY + r") (?P<mode>must|may|can)"
            r"|If a player (?:was|is) dealt no (?P<suit2>" + SUIT_MANY + r"), they (?P<mode2>must|may|can))(?: choose to)? (?:reveal|show) "
            r"their hand(?:[:;] |, (?:after which |and )?(?:then )?)(?:all players (?:must )?(?:then )?throw in their hands|everyone "
            r"throws in their hands?|all hands are thrown in),? and the cards are (?:re)?shuffled and (?:re-dealt|redealt|dealt again)\.")
def _misdeal(m: re.Match[str], d: Draft) -> None:
    d.set("deal.misdeal", {"suit": suit(m["suit"] or m["suit2"]), "must_show": (m["mode"] or m["mode2"]) == "must"})


_FORM = r"(?:form|make|make up|create)"


@phase.rule("DL-11", r'(?:Deal (?P<n>' + NUM + r') (?:further |more )?cards(?: face-down)? to ' + _FORM + r' an? (?:face-down )?"(?P<name>[^"]+)"'
            r'(?:,? face-down)?|(?P<n2>(?i:' + NUM + r')) cards are dealt face-down to ' + _FORM + r' an? "(?P<name2>[^"]+)"|Deal an? '
            r'face-down "(?P<name3>[^"]+)" of (?P<n3>' + NUM + r') cards)\.')
def _kitty_dealt(m: re.Match[str], d: Draft) -> None:
    if "face-down" not in m.group(0):
        d.problem("a kitty dealt without saying face-down")
        return
    name = m["name"] or m["name2"] or m["name3"]
    word_check(d, "kitty name", name, KITTY_NAMES)
    d.set("deal.kitty", {"name": name, "form": "dealt", "size": number(m["n"] or m["n2"] or m["n3"])})


#: "The undealt cards", in other words.
UNDEALT = r"(?:(?:The |All (?:the )?|Any )?[Uu]ndealt cards|The remaining cards|The rest of the cards|The cards (?:that are )?not dealt)"


@phase.rule("DL-11", UNDEALT + r' (?:form|make up|are placed face-down to form|are placed face-down as) an? (?:face-down )?"(?P<name>[^"]+)"'
            r'(?:,? face-down)?\.')
def _kitty_undealt(m: re.Match[str], d: Draft) -> None:
    word_check(d, "kitty name", m["name"], KITTY_NAMES)
    d.set("deal.kitty", {"name": m["name"], "form": "undealt", "size": None})


# The contributed kitty (deal-all games) has no example in the shared book; this phrasing follows
# the catalogue's description ("each player chooses one card from hand and puts it face-down in
# the kitty, which is shuffled").
@phase.rule("DL-11", r'(?:After the deal, )?[Ee]ach player (?:then )?(?:chooses|picks|selects) (?:one|a) card from their hand '
            r'and (?:puts|places|adds) it face-down (?:in|into|to|to form) (?:the |a )?"(?P<name>[^"]+)"(?:, which is (?:then )?shuffled)?\.')
def _kitty_contributed(m: re.Match[str], d: Draft) -> None:
    word_check(d, "kitty name", m["name"], KITTY_NAMES)
    d.set("deal.kitty", {"name": m["name"], "form": "contributed", "size": None})


#: DL-04 currencies, generator order (W-pick(6)), singular.
CURRENCIES = ("coin", "counter", "penny", "token", "poker chip", "match")


def currency(plural: str) -> str:
    """ "pennies" → "penny", "matches" → "match", "poker chips" → "poker chip"."""
    p = plural.strip()
    if p.endswith("ies"):
        return p[:-3] + "y"
    if p.endswith(("ches", "shes", "xes", "sses")):
        return p[:-2]
    return p[:-1] if p.endswith("s") else p


@phase.rule("DL-04", r"(?:At the start of the game, each player has|Each player (?:starts|begins)(?: the game)? with|Each player is given) (?P<n>" + NUM
            + r") (?!cards?\b)(?P<cur>[\w -]+?)(?: at the start(?: of the game)?)?\.")
def _tokens(m: re.Match[str], d: Draft) -> None:
    name = currency(m["cur"])
    word_check(d, "currency", name, CURRENCIES)
    d.set("deal.hand_size", number(m["n"]))
    d.set("deal.tokens", {"name": name})


@phase.rule("DL-04", r"(?:Each round|Each hand|In each round|Every round|At the start of each round), (?:deal each player|each player is dealt) "
            r"(?:as many cards as (?:they (?:have|hold)|the number of) (?P<cur>[\w -]+?)(?: they (?:have|hold))?|one card (?:for each|per) "
            r"(?P<one>[\w -]+?) they (?:have|hold))\.")
def _tokens_deal(m: re.Match[str], d: Draft) -> None:
    d.note("tokens.deal", currency(m["cur"]) if m["cur"] else m["one"])


@phase.rule("DL-12", r"(?:Deal each player|Each player is dealt) a row of three (?:face-down cards|cards face-down)[:;] (?:for each of these cards deal "
            r"another card face-up on top of it|on each of these cards deal another card face-up)\.")
def _rows(m: re.Match[str], d: Draft) -> None:
    d.set("deal.rows", True)


# -- DL-08…DL-10 the discard piles, the wild-rank card and the stock --------------------------------


@phase.rule("DL-08", r"(?:(?:Deal|Turn) (?:one|a) card(?: face-up)? to (?:form|start|begin|make) (?:a|the)|One card is dealt face-up to "
            r"(?:form|start|begin) (?:a|the))(?: face-up)? discard pile(?P<second>, and another to form a second discard pile)?"
            r"(?P<down>;? when every player has seen (?P<them>it|them), turn (?P<them2>it|them) face-down)?\.")
def _discard_piles(m: re.Match[str], d: Draft) -> None:
    """DL-08. In cheat mode (MT-02) the piles are dealt face up and turned face down once everyone
    has seen them: the play's cheat sentences say so too (matching's importer's ``finish`` checks both)."""
    piles = 2 if m["second"] else 1
    d.note("stock.piles", piles)
    if m["down"]:
        d.note("stock.face-down")
        if {m["them"], m["them2"]} != {"them" if piles == 2 else "it"}:
            d.problem(f"{piles} discard pile{'s' if piles > 1 else ''}, but the sentence turns \"{m['them2']}\" face-down")


@phase.rule("DL-09", r"Deal (?:another|one more) card face-up and (?:place|put|set|lay) it to one side where (?:all )?(?:players|everyone|all "
            r"players) can see it[:;] (?:the other )?cards of (?:this|its|that) rank (?:are considered to be|count as|are treated as|become) "
            r"jokers instead of their usual rank\.")
def _wild_card(m: re.Match[str], d: Draft) -> None:
    d.note("stock.wild-card")


@phase.rule("DL-10", UNDEALT + r" (?:form|make up|become|are placed face-down to form|are placed face-down as) the stock\.")
def _stock(m: re.Match[str], d: Draft) -> None:
    d.note("stock.said")


def _stock_finish(d: Draft) -> None:
    """The table's sentences make one ``deal.stock``: its discard piles (DL-08), the wild-rank card
    (DL-09) and the stock itself (DL-10), which the piles need and which holds every undealt card."""
    piles = d.heard("stock.piles")
    wild = bool(d.heard("stock.wild-card"))
    said = d.heard("stock.said")
    if piles is None:
        if wild:
            d.problem("a card is turned to make a rank wild, but no discard pile is dealt", d.said_in["stock.wild-card"])
        if said:
            d.problem("the undealt cards form a stock, but no discard pile is dealt", d.said_in["stock.said"])
        d.fields.setdefault("deal.stock", None)
        return
    if not said:
        d.problem("discard piles are dealt, but no sentence says that the undealt cards form the stock",
                  d.said_in["stock.piles"])
    kitty = d.get("deal.kitty")
    if kitty is not None and kitty.get("form") == "undealt":
        d.problem(f"the undealt cards form both the stock and the {kitty['name']}", d.source.get("deal.kitty"))
    if d.get("deal.hand_size") == "all":
        d.problem("the whole pack is dealt, so no card is left for a discard pile or a stock", d.said_in["stock.piles"])
    d.sentence = d.said_in["stock.piles"]
    d.set("deal.stock", {"discard_piles": piles, "wild_card": wild})
    d.sentence = None


def finish(d: Draft) -> None:
    _tokens_finish(d)
    _stock_finish(d)
    if not d.has("deal.hand_size"):
        d.problem("no sentence says how many cards each player is dealt", "")
    for key in ("deal.hand_size_over_three", "deal.odd_card", "deal.misdeal", "deal.kitty", "deal.tokens"):
        d.fields.setdefault(key, None)
    over = d.get("deal.hand_size_over_three")
    if over is not None and d.get("players.max", 0) <= 3:
        d.repair("over-three-unused", "defect",
                 "a hand size for more than three players in a game for at most three; kept as written",
                 d.source.get("deal.hand_size_over_three"))
    d.fields.setdefault("deal.rows", False)


def _tokens_finish(d: Draft) -> None:
    """DL-04's two sentences name one currency; tokens deal as many cards as a player holds, so
    no other sentence gives a hand size."""
    tokens = d.get("deal.tokens")
    dealt = d.heard("tokens.deal")
    if tokens is None:
        if dealt is not None:
            d.problem(f"cards are dealt by {dealt}s held, but no one is given any", d.said_in["tokens.deal"])
        return
    if dealt is None:
        d.problem(f"each player starts with {tokens['name']}s, but no sentence says what they are for",
                  d.source.get("deal.tokens"))
    elif dealt != tokens["name"]:
        d.problem(f"players start with {tokens['name']}s but are dealt cards by {dealt}s", d.said_in["tokens.deal"])
