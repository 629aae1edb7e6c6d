"""SU-01…SU-10: how trumps are chosen, anti-trumps, robbing the turned trump, a joker turned, the
top trump for a point, the tarot majors, high/low hands, the pig card, invented rules and the
exchange."""

from __future__ import annotations

import re

from ..spec import DealSpec, derived
from ..spec.deck import TRUMP_ROTATION
from .core import Draft, Phase, word_check
from .words import CARD, RANK, SUIT_MANY, card, rank, suit

phase = Phase("setup")

#: SU-04 rob verbs, SU-08 pig animals, SU-09 rule names, SU-10 exchange names (generator order).
ROB_VERBS = ("rob", "steal", "loot", "swipe", "lift", "pinch", "pilfer", "plunder")
PIG_NAMES = ("sheep", "pig", "cow", "goat", "duck", "goose", "horse", "bull", "piglet", "hen", "lamb", "turkey",
             "donkey", "chicken", "duckling", "rat", "mouse", "beast", "bird")
BONUS_WORDS = ("bonus", "mystic", "occult")
SECRET_WORDS = ("secret", "god", "mystic", "occult", "unseen", "unspoken", "chairman")
RULE_NOUNS = ("rule", "law", "order", "code", "edict", "decree", "bylaw")
EXCHANGE_NAMES = ("exchange", "redraw", "mulligan", "swap", "shift", "switch", "barter", "turnabout")

# -- SU-02 trump selection -------------------------------------------------------------------------


#: "to determine the trump suit", in other words.
DETERMINE = r"(?:determine|decide|set|fix|choose|show) (?:the )?(?:trump suit|trumps)"
#: "calls", in other words; "their hand".
CALLS = r"(?:calls|names|chooses|declares|picks)"
HAND = r"(?:their hand|their cards)"


@phase.rule("SU-02", r"(?:(?P<verb>Turn|Reveal|Turn up|Turn over|Flip|Flip over|Expose) the top card of the (?P<src>[\w' -]+?)(?: face-up)? to "
            + DETERMINE + r"|The top card of the (?P<src2>[\w' -]+?) is (?:turned(?: up| over)?|revealed|flipped(?: over)?) to "
            + DETERMINE + r"|Turn (?:up |over )?the top card of the (?P<src3>[\w' -]+?); its suit is (?:trumps|the trump suit))\.")
def _turn_up(m: re.Match[str], d: Draft) -> None:
    d.set("setup.trumps", {"method": "turn-up"})
    d.note("trumps.source", m["src"] or m["src2"] or m["src3"])


@phase.rule("SU-02a", r"(?:Place|Put|Lay|Set) the top card of the (?P<src>[\w' -]+?) face-down[:;] (?:this|it) determines (?:the )?(?:trump suit|trumps),? "
            r"but is not revealed \(and does not apply\) until the first time a player (?:plays a (?:suit|card) that does not match|does not "
            r"follow|fails to follow) the lead suit\.")
def _hidden(m: re.Match[str], d: Draft) -> None:
    d.set("setup.trumps", {"method": "hidden"})
    d.note("trumps.source", m["src"])


CALLERS = {"The dealer": "dealer", "The player to the dealer's left": "dealer-left",
           "The player to the left of the dealer": "dealer-left"}


_CALLER = "|".join(re.escape(w) for w in CALLERS)


@phase.rule("SU-02", r"(?:(?P<who>" + _CALLER + r") (?:must )?(?:" + CALLS + r"|call|name|choose|declare|pick) (?:a|the) trump suit(?: before looking at| without looking at) "
            + HAND + r"|Before looking at " + HAND + r", (?P<who2>(?i:" + _CALLER + r")) (?:must )?" + CALLS + r" (?:a|the) trump suit)\.")
def _called(m: re.Match[str], d: Draft) -> None:
    who = m["who"] or m["who2"][0].upper() + m["who2"][1:]
    d.set("setup.trumps", {"method": "called", "caller": CALLERS[who]})


@phase.rule("SU-02", r"(?:(?:Reveal|Turn) the final card(?: face-up)? as it is dealt|The final card (?:dealt )?is revealed as it is dealt)"
            r"(?:[;:] (?:it|this card) determines|, which determines|[;:] its suit (?:is|determines)) (?:the )?(?:trump suit|trumps)\.")
def _last_card(m: re.Match[str], d: Draft) -> None:
    d.set("setup.trumps", {"method": "last-card"})


# Rotation: the catalogue quotes the generator's text as "Trumps alternate club/diamonds/hearts/
# spades" (with its plural bug); what may follow the list is not quoted, so a short tail is allowed.
@phase.rule("SU-02", r"Trumps (?:alternate|rotate)(?: between)? (?P<list>\w+(?: arcana(?: cards?)?)?(?:/\w+(?: arcana(?: cards?)?)?)+)(?P<tail>(?: (?:with|on|for|from|in|each|every)[\w ,'-]*)?)\.")
def _rotating(m: re.Match[str], d: Draft) -> None:
    d.set("setup.trumps", {"method": "rotating"})
    d.note("trumps.rotation", tuple(p.strip() for p in m["list"].split("/")))


@phase.rule("SU-02", r"(?:(?P<suit>" + SUIT_MANY + r") are (?:always (?:the )?trumps?|always the trump suit|trumps? in every hand|trumps "
            r"throughout the game|permanently trumps)|The trump suit is always (?P<suit2>" + SUIT_MANY + r"))\.")
def _fixed(m: re.Match[str], d: Draft) -> None:
    s = suit(m["suit"] or m["suit2"])
    d.set("setup.trumps", {"method": "majors"} if s == "majors" else {"method": "fixed", "suit": s})


@phase.rule("SU-02f", r"The (?:suit of (?:the )?)?first card played in (?:the|each) hand (?:will )?(?:determine|determines|set|sets|is|becomes) "
            r"(?:the )?trumps?(?: suit)? for the (?:entire|whole) hand\.")
def _first_card(m: re.Match[str], d: Draft) -> None:
    d.set("setup.trumps", {"method": "first-card"})


@phase.rule("SU-02", r"The major arcana are (?:always )?trumps\.")
def _majors(m: re.Match[str], d: Draft) -> None:
    d.set("setup.trumps", {"method": "majors"})


@phase.rule("SU-02", r"The major arcana (?:is|are) considered to be (?:its|their) own suit\.")
def _majors_own_suit(m: re.Match[str], d: Draft) -> None:
    d.note("majors.own-suit")


# -- SU-03…SU-06 -----------------------------------------------------------------------------------


_ANTI_SUIT = r"(?:any suit (?:other than|except|but) (?:the trump suit|trumps)|(?:one of )?the non-trump suits?|a non-trump suit|any non-trump suit)"


@phase.rule("SU-03", r"(?:(?:Then, )?(?:[Ww]ithout|[Bb]efore) looking at " + HAND + r", the dealer (?:then )?" + CALLS + " " + _ANTI_SUIT
            + r" (?:as|to be) anti-trumps|The dealer(?:, without looking at " + HAND + r",)? (?:then )?" + CALLS + " " + _ANTI_SUIT
            + r" (?:as|to be) anti-trumps(?:, without looking at " + HAND + r")?)\.")
def _anti(m: re.Match[str], d: Draft) -> None:
    d.set("setup.anti_trumps", True)


@phase.rule("SU-04", r'(?:If (?:a|any) player (?:has|holds) the (?P<rank>' + RANK + r') of trumps,? they may|(?:(?:A|Any) player (?:who (?:has|holds)|'
            r'holding|with)|The holder of|Whoever (?:has|holds)) the (?P<rank3>' + RANK + r') of trumps may)(?: at this point)? "(?P<verb>[^"]+)" the (?:revealed|turned-up|turned up) '
            r'trump(?: card)?(?: at this point)?,? (?:by )?(?:(?:swapping|exchanging|trading) the (?P<rank2>' + RANK + r') for it|(?P<take>taking it '
            r'into their hand and discarding any other card face-down))\.')
def _rob(m: re.Match[str], d: Draft) -> None:
    word_check(d, "rob verb", m["verb"], ROB_VERBS)
    d.set("setup.robbing", {"verb": m["verb"], "form": "take-and-discard" if m["take"] else "swap"})
    held = m["rank"] or m["rank3"]
    d.note("rob.rank", rank(held))
    if m["rank2"] and rank(m["rank2"]) != rank(held):
        d.problem(f"the player with the {m['rank']} of trumps swaps the {m['rank2']} for the turned card")


_JOKER_TURNED = r"(?:a joker is (?:revealed|turned(?: up| over)?)|the (?:revealed|turned(?: up)?) card is a joker)"
_NO_TRUMPS = r"(?:there (?:is|are) no trumps?(?: suit)?|the hand has no trumps?(?: suit)?)(?: for (?:the|this|that) hand)?"


@phase.rule("SU-05", r"(?:(?:If|When) " + _JOKER_TURNED + ", " + _NO_TRUMPS + r"|There (?:is|are) no trumps?(?: suit)?(?: for (?:the|this) "
            r"hand)? (?:if|when) " + _JOKER_TURNED + r")\.")
def _joker_turned(m: re.Match[str], d: Draft) -> None:
    d.note("trumps.joker-turned")


_ONE_POINT = r"(?:one|a|1) point"


@phase.rule("SU-06", r"(?:If (?:any|a) player (?:has|holds) the (?P<rank>" + RANK + r") of trumps(?: in their hand)?, they may|(?:Any|A) player (?:who "
            r"(?:has|holds)|holding|with) the (?P<rank2>" + RANK + r") of trumps(?: in their hand)? may|At this point, (?:any|a) player "
            r"(?:with|holding) the (?P<rank3>" + RANK + r") of trumps(?: in their hand)? may)(?: optionally)?(?: at this point)?(?: choose to)? "
            r"(?:score " + _ONE_POINT + r"(?: at this point)? by (?:revealing|showing) it|(?:reveal|show) it(?: at this point| now)? (?:to score|for|and score) "
            + _ONE_POINT + r")\.")
def _top_trump(m: re.Match[str], d: Draft) -> None:
    d.set("setup.top_trump_point", True)
    d.note("top.rank", rank(m["rank"] or m["rank2"] or m["rank3"]))


# -- SU-07 high/low --------------------------------------------------------------------------------


@phase.rule("SU-07", r'Each hand is played either "high" or "low"\.')
def _high_low(m: re.Match[str], d: Draft) -> None:
    d.note("high-low.intro")


@phase.rule("SU-07", r"Before (?:the|each) hand,? each player (?:chooses|picks|selects) an? (?P<choice>[\w -]+?) card from their hand, and these are "
            r"revealed (?:simultaneously|at the same time|together)[:;] if all (?:the )?cards are (?P<low>[\w -]+?),? the hand is played low, "
            r"otherwise it is played high\.")
def _high_low_how(m: re.Match[str], d: Draft) -> None:
    d.set("setup.high_low", True)
    d.note("high-low.choice", (m["choice"], m["low"]))


# -- SU-08 pig -------------------------------------------------------------------------------------


@phase.rule("SU-08", r"(?:At this point, )?(?:[Aa] player who (?:holds|has)|A player holding|Whoever holds|Whoever has|The player who (?:holds|has)|"
            r"Any player (?:with|holding|who holds|who has)) (?P<card>" + CARD + r")(?: \((?P<name>[^)]+)\))? may (?:choose to )?(?:reveal|show) it"
            r"(?: at this point| now)?\.")
def _pig(m: re.Match[str], d: Draft) -> None:
    c = card(m["card"])
    if m["name"]:
        name = re.sub(r"^the ", "", m["name"])
        word_check(d, "pig name", name, PIG_NAMES)
    else:
        # A tarot major carries no nickname (the generator's helper returns "card", which its
        # clean-up removes): the rules call it by its title.
        name = "pig"
        d.note("pig.title", m["card"])
        d.repair("pig-by-title", "reading",
                 f"the pig card {m['card']} has no nickname (tarot majors get none) and is called by its title; the spec's "
                 "name for it is the default \"pig\"")
    d.set("setup.pig", {"card": c, "name": name})


def is_pig(d: Draft, text: str | None) -> bool:
    """Whether a sentence's name for a card ("the goat", "The Tower") is the game's pig."""
    pig = d.get("setup.pig")
    if pig is None or text is None:
        return False
    t = re.sub(r"^the ", "", text.strip(), flags=re.IGNORECASE).lower()
    title = d.heard("pig.title")
    return t == pig["name"].lower() or (title is not None and t == re.sub(r"^the ", "", title, flags=re.IGNORECASE).lower())


# -- SU-09 invented rules (Bartok; Mao has no example in the shared book) ---------------------------


def _rule_name(d: Draft, plural_or_one: str, plural: bool) -> None:
    name = plural_or_one.strip()
    if plural:
        if not name.endswith("s"):
            d.problem(f"expected a plural rule name, got \"{name}\"")
        name = name[:-1]
    d.note("rules.name", name)


@phase.rule("SU-09", r"(?:After the first hand(?: of the game)?|From the second hand(?: of the game)? onwards?), players (?:may|might) (?:have|need) to "
            r"(?:obey|follow) (?:additional|extra) (?P<name>[\w -]+?)\.")
def _bonus_intro(m: re.Match[str], d: Draft) -> None:
    _rule_name(d, m["name"], plural=True)
    d.note("rules.kind", "bonus")


# The melding family prints two constraints ("cannot play a meld that lacks a diamond" or "can't
# discard a Jack").
@phase.rule("SU-09", r'\(An? (?P<name>[\w -]+?) can be a constraint on card play, such as "[^"]*"(?: or "[^"]*")?, or a bonus '
            r'ability, eg\. "[^"]*"\.\)')
def _rule_example(m: re.Match[str], d: Draft) -> None:
    _rule_name(d, m["name"], plural=False)


@phase.rule("TT-11", r"(?:If the (?P<name>[\w -]+?) mean (?:that )?a player has no valid play(?: (?:open|available) to them)?|If the (?P<name2>[\w -]+?) "
            r"leave a player with no valid play(?: (?:open|available) to them)?|If, because of the (?P<name3>[\w -]+?), a player has no valid "
            r"play(?: (?:open|available) to them)?), they (?:must )?pass\.")
def _rule_pass(m: re.Match[str], d: Draft) -> None:
    _rule_name(d, m["name"] or m["name2"] or m["name3"], plural=True)


@phase.rule("SC-T5", r"The player with the highest score at the end of a hand may invent an? (?P<name>[\w -]+?), to apply to all "
            r"future rounds(?P<repeal>, or repeal an existing (?P<name2>[\w -]+?))?\.")
def _rule_invent(m: re.Match[str], d: Draft) -> None:
    _rule_name(d, m["name"], plural=False)
    if m["name2"]:
        _rule_name(d, m["name2"], plural=False)
    d.note("rules.kind", "bonus")
    d.note("rules.repeal", bool(m["repeal"]))


# SC-A5: in shedding games the round's winner (or a title holder) invents the rule.
@phase.rule("SC-A5", r"The (?P<who>winner of the round|[\w -]+?) may invent an? (?P<name>[\w -]+?),? to apply to all future rounds"
            r"(?P<repeal>, or repeal an existing (?P<name2>[\w -]+?))?\.")
def _rule_invent_winner(m: re.Match[str], d: Draft) -> None:
    _rule_name(d, m["name"], plural=False)
    if m["name2"]:
        _rule_name(d, m["name2"], plural=False)
    d.note("rules.kind", "bonus")
    d.note("rules.repeal", bool(m["repeal"]))
    if m["who"] != "winner of the round":
        d.note("rules.maker", m["who"])


@phase.rule("SC-T5", r"New (?P<name>[\w -]+?) exist alongside older ones\.")
def _rule_stack(m: re.Match[str], d: Draft) -> None:
    _rule_name(d, m["name"], plural=True)
    d.note("rules.repeal", False)


# Mao ("secret rules") has no example in the shared book: this phrasing follows the catalogue
# (before the first hand the dealer, a random player, or the dealer and the player to their right
# invent a rule, kept secret).
SECRET_INVENTORS = {"the dealer": "dealer", "a randomly chosen player": "random-player", "a random player": "random-player",
                    "the dealer and the player to their right": "dealer-and-right"}


@phase.rule("SU-09", r"Before the first hand(?: of the game)?, (?P<who>" + "|".join(re.escape(w) for w in SECRET_INVENTORS)
            + r") (?:each )?(?:invents?|makes? up) (?:a|an|one) (?P<name>[\w -]+?)(?:, which (?:is|they keep) (?:kept )?secret| in secret)?\.")
def _secret(m: re.Match[str], d: Draft) -> None:
    _rule_name(d, m["name"], plural=False)
    d.note("rules.kind", "secret")
    d.note("rules.inventor", SECRET_INVENTORS[m["who"]])


# The catalogue's enforcement paragraph: a breach announced by the inventor without explanation, the
# play taken back and made again (or a pass), with a penalty card in climbing and melding games; and
# the inventor announcing what a rule does when it fires. No game of the shared book has it, so the
# wording follows the catalogue; the engine plays the same enforcement, but deals no penalty card.
@phase.rule("SU-09", r"If a player breaks an? (?P<name>[\w -]+?), its inventor announces this without explanation; the player takes back "
            r"their play(?P<penalty>,? (?:and )?draws (?:a|one) penalty card,?)? and plays again, or passes if they have no legal play\.")
def _secret_breach(m: re.Match[str], d: Draft) -> None:
    _rule_name(d, m["name"], plural=False)
    d.note("rules.enforced")
    if m["penalty"]:
        d.repair("secret-rule-penalty-dropped", "dropped",
                 "the penalty card for breaking a secret rule: the spec's secret rules take the play back, with no penalty card")


@phase.rule("SU-09", r"The inventor of an? (?P<name>[\w -]+?) announces any effects it has\.")
def _secret_effects(m: re.Match[str], d: Draft) -> None:
    _rule_name(d, m["name"], plural=False)
    d.note("rules.enforced")


# In shedding games the catalogue has the round's winner invent one more secret rule after each round
# (or repeal one); the spec's secret rules are all invented before the first hand.
@phase.rule("SC-A5", r"The (?P<who>winner of the round|[\w -]+?) (?:may )?invents? an additional (?P<name>[\w -]+?)(?P<repeal>,? or (?:may )?"
            r"repeals? one(?:,? even if (?:they are )?unsure of its exact phrasing)?)?\.")
def _secret_more(m: re.Match[str], d: Draft) -> None:
    _rule_name(d, m["name"], plural=False)
    d.repair("secret-rule-added-dropped", "dropped",
             f"the {m['who']}'s additional {m['name']} after each round: the spec's secret rules are invented before the first hand only")


# -- SU-10 exchange --------------------------------------------------------------------------------


_LOOKED = r"(?:[Aa]fter looking at|[Oo]nce they have looked at|[Aa]fter they have looked at|[Hh]aving looked at) " + HAND
_SUGGEST = r"(?:suggest|propose|offer|call for|request)"
_SOME_CARDS = r"(?:(?P<single>a single card|one card)|a (?:specific|particular|set|certain|given) number of cards)"


@phase.rule("SU-10", r"(?:" + _LOOKED + r", (?:any|a|each) player (?:may|can) " + _SUGGEST + r"|(?:Any|A) player (?:may|can), " + _LOOKED
            + r", " + _SUGGEST + r") an? (?P<name>[\w-]+) of " + _SOME_CARDS + r"\.")
def _exchange(m: re.Match[str], d: Draft) -> None:
    word_check(d, "exchange name", m["name"], EXCHANGE_NAMES)
    d.note("exchange.name", m["name"])
    d.note("exchange.single", bool(m["single"]))


@phase.rule("SU-10", r"If (?:all (?:the )?players|each player|everyone) agrees?(?: to it)?, (?:each|every) player discards (?:(?P<one>one card "
            r"face-down and (?:is dealt|receives|gets|draws) a replacement)|(?:that many|that number of|the same number of) cards face-down and "
            r"(?:is dealt|receives|gets|draws) (?:the same number of )?replacements)\.")
def _exchange_how(m: re.Match[str], d: Draft) -> None:
    d.note("exchange.single", bool(m["one"]))


@phase.rule("SU-10", r"\(If insufficient cards remain, an? (?P<name>[\w-]+) may not be suggested\.\)")
def _exchange_limit(m: re.Match[str], d: Draft) -> None:
    d.note("exchange.name", m["name"])


@phase.rule("SU-10", r"When no further (?P<names>[\w-]+) are requested, play proceeds\.")
def _exchange_end(m: re.Match[str], d: Draft) -> None:
    names = m["names"]
    known = d.heard("exchange.name")
    if known is None or names not in (known + "s", known + "es"):
        d.problem(f"the exchange is called \"{known}\" and \"{names}\"" if known else "an exchange ends, but none is offered")


# -- finishing -------------------------------------------------------------------------------------


def finish(d: Draft, ranks: tuple[str, ...], dealt: DealSpec | None, stock_per_player: int) -> None:
    """Cross-check the setup against the pack (``ranks``: high → low) and the deal (``dealt``, None
    when the sentences do not make one)."""
    trumps = d.get("setup.trumps")
    if trumps is None:
        d.set("setup.trumps", {"method": "none"})
        trumps = d.get("setup.trumps")
    method = trumps["method"]
    kind = d.get("deck.kind")
    _source(d, dealt)
    if d.heard("trumps.joker-turned"):
        if not d.get("deck.jokers"):
            d.problem("a rule for a joker turned for trumps, but the pack has no joker", d.said_in["trumps.joker-turned"])
        elif method not in derived.TOP_CARD_METHODS:
            d.problem("a rule for a joker turned for trumps, but no card is turned", d.said_in["trumps.joker-turned"])
    elif d.get("deck.jokers") and method in derived.TOP_CARD_METHODS:
        d.repair("joker-turned-unsaid", "reading",
                 "the book does not say what a joker turned for trumps means; read as no trumps that hand (README)",
                 d.source.get("setup.trumps"))
    if method == "rotating":
        _rotation(d, kind)
    if d.heard("majors.own-suit") and kind != "tarot":
        d.problem("the major arcana are mentioned, but the pack is not tarot", d.said_in["majors.own-suit"])
    if d.heard("majors.own-suit") and method == "majors":
        d.problem("the major arcana are both trumps and their own suit", d.said_in["majors.own-suit"])
    if kind == "tarot" and method != "majors" and not d.heard("majors.own-suit"):
        d.repair("majors-unsaid", "reading", "the book does not say what the major arcana are; read as their own fifth suit",
                 d.source.get("deck.kind"))
    if ranks:
        _rank_checks(d, ranks)
    if d.heard("high-low.intro") and not d.get("setup.high_low"):
        d.problem("hands are played high or low, but no sentence says how that is decided", d.said_in["high-low.intro"])
    d.fields.setdefault("setup.anti_trumps", False)
    d.fields.setdefault("setup.robbing", None)
    d.fields.setdefault("setup.top_trump_point", False)
    d.fields.setdefault("setup.high_low", False)
    d.fields.setdefault("setup.pig", None)
    _extra_rules(d)
    _exchange_finish(d, stock_per_player)


def _source(d: Draft, dealt: DealSpec | None) -> None:
    """A turned or hidden trump comes from the kitty when there is one (the spec's reading)."""
    src = d.heard("trumps.source")
    if src is None:
        return
    sentence = d.said_in["trumps.source"]
    kitty = d.get("deal.kitty")
    if re.fullmatch(r"(?:remaining |rest of the )?(?:deck|pack)|undealt cards|stock", src):  # the deck, in other words
        if dealt is not None and derived.trump_card_from_kitty(dealt):
            d.repair("trump-source", "defect",
                     f"the trump card is turned from the deck although there is a {kitty['name']}; read as the top card "
                     f"of the {kitty['name']} (the spec turns the kitty's top card when there is one)", sentence)
        return
    if kitty is None or kitty["name"] != src:
        d.problem(f"the trump card is turned from the \"{src}\", but there is no {src}", sentence)


def _rotation(d: Draft, kind: str | None) -> None:
    said = d.heard("trumps.rotation", ())
    sentence = d.said_in.get("trumps.rotation")
    try:
        order = tuple(suit(s) for s in said)
    except KeyError:
        d.problem("the rotation of trumps names something that is not a suit", sentence)
        return
    if kind and order != TRUMP_ROTATION[kind]:
        d.problem(f"trumps rotate {'/'.join(order)}, but the spec rotates {'/'.join(TRUMP_ROTATION[kind])}", sentence)
        return
    plural = [s for s in said if s.lower() in ("club", "diamond", "heart", "spade", "bell", "acorn", "leaf", "cup", "sword",
                                               "pentacle", "wand")]
    if plural:
        d.repair("rotation-plural", "defect",
                 f"the rotation list writes {', '.join(plural)} in the singular (a generator typo); read as the suits", sentence)


def _rank_checks(d: Draft, ranks: tuple[str, ...]) -> None:
    top, low = ranks[0], ranks[-1]
    if d.heard("top.rank") is not None and d.heard("top.rank") != top:
        d.problem(f"the top trump for a point is the {d.heard('top.rank')}, but the highest rank is {top}",
                  d.said_in["top.rank"])
    if d.heard("rob.rank") is not None and d.heard("rob.rank") != low:
        d.problem(f"the turned trump is claimed by the {d.heard('rob.rank')}, but the lowest rank is {low}",
                  d.said_in["rob.rank"])


def _extra_rules(d: Draft) -> None:
    kind = d.heard("rules.kind")
    if d.heard("rules.name") is None:
        d.fields.setdefault("setup.extra_rules", None)
        return
    if kind is None:
        d.problem("invented rules are mentioned, but no sentence says when they are made", d.said_in["rules.name"])
        return
    name = d.heard("rules.name")
    words = name.split(" ")
    first, noun = (words[0], words[-1]) if len(words) > 1 else ("", name)
    lists = BONUS_WORDS if kind == "bonus" else SECRET_WORDS
    if first not in lists or noun not in RULE_NOUNS:
        d.repair("unlisted-rule-name", "reading",
                 f"the rule name \"{name}\" is not one the catalogue lists for {kind} rules; kept as written",
                 d.said_in["rules.name"])
    if kind != "secret" and d.heard("rules.enforced"):
        d.problem(f"a breach of a {name} is announced by its inventor, but the game's {name}s are not secret",
                  d.said_in["rules.enforced"])
    rules = {"kind": kind, "name": name, "repeal": bool(d.heard("rules.repeal", False))}
    if kind == "secret":
        rules["inventor"] = d.heard("rules.inventor", "dealer")
    d.set("setup.extra_rules", rules)


def _exchange_finish(d: Draft, stock_per_player: int) -> None:
    name = d.heard("exchange.name")
    if name is None:
        if d.heard("exchange.single") is not None:
            d.problem("an exchange is described, but not offered", d.said_in["exchange.single"])
        d.fields.setdefault("setup.exchange", None)
        return
    single = bool(d.heard("exchange.single"))
    if stock_per_player == 0 and d.get("deal.hand_size") == "all":
        d.repair("exchange-never-possible", "defect",
                 f"a {name} is offered, but every card is dealt, so by the book's own clause (\"if insufficient cards "
                 "remain\") it can never be suggested; kept as written (the static checks reject it)",
                 d.said_in.get("exchange.name"))
    if single:
        d.set("setup.exchange", {"name": name, "cards": 1, "single": True})
        return
    cards = 1 if stock_per_player == 1 else 2
    d.set("setup.exchange", {"name": name, "cards": cards, "single": False})
    d.repair("exchange-count", "reading",
             f"an exchange of \"a specific number of cards\" (the proposer's choice) is read as {cards} card"
             f"{'s' if cards > 1 else ''} each, the spec holding one fixed number", d.said_in.get("exchange.name"))

