"""MT-01…MT-07, SH-01 and SH-02: play in the matching family — who takes the first turn, the
matching rule with its example, cheat mode (cards played face down with a claim, and the challenge),
the header of the special cards, passing and drawing (from the stock, or picking up the pile), several
cards as one play, a special card turned to start a discard pile, calling the last card, and playing
from face-down rows.

The list of special cards that follows "These are as follows:-" (or "That is:-") was lost when the
book was scraped: every matching game of the book has the header and none has the list. The reading
(listed per game as a repair) is that the game is imported **with no special cards**; where another
sentence reveals that the list held an effect — the intro's fact "points can be scored during the
hand" (the points card, P20), a challenge that goes on "(or right, if play is reversed)" (a reverse
card, P04), a kitty (whose card, P02, the generator always draws) — that is listed too, but no rank
is invented for it.

The book's example of the matching rule names a rank drawn from the game's ranks ("the 3 of hearts
can be followed by a 3 of any suit, or any heart"): it is checked against the pack, and is only an
example. Its sentences follow the generator's final rewrite for two discard piles ("either discard
pile", "whichever discard pile it is being played onto"), which is checked against the deal."""

from __future__ import annotations

import re

from generator.importer.core import Draft, Phase, word_check
from generator.importer.play_common import (
    FIRST_TURN, QUOTED, call_finish, call_rules, dealt_of, first_turn, pack_of, rows_play_finish, rows_rules, tiny_stock_finish,
)
from generator.importer.words import RANK, SUIT_MANY, SUIT_ONE, rank, suit
from generator.spec import DealSpec, DeckSpec
from generator.spec.scoring import SHEDDING_KINDS

phase = Phase("play")

#: A matching hand is shed at different speeds: the trick-count checks of trick-taking do not apply.
CARD_PER_TRICK = False

#: Intro facts (NM-06) a matching game may carry besides the facts every family may carry.
FACTS = ("cheat", "two-discard-piles", "points-in-hand", "countdown", "face-down-rows", "titles")

#: MT-02 challenge words (generator order).
CHALLENGE_WORDS = ("bunco", "flimflam", "gyp", "spoof", "sting", "fake", "quack", "rascal")

#: "the discard pile" in a game of one pile; the generator's final rewrite for two piles makes every
#: such phrase "either discard pile".
PILE = r"(?P<pile>the discard pile|either discard pile)"
#: The pile whose top card is matched: with two piles, "whichever discard pile it is being played onto".
TOP_PILE = r"(?P<top>the discard pile|either discard pile|whichever discard pile it is being played onto)"
#: The matching example: "(for example, the 3 of hearts can be followed by a 3 of any suit, or any heart)".
EXAMPLE = (r"(?: \((?:for example,|eg\.) the (?P<r1>" + RANK + r") of (?P<s1>" + SUIT_MANY + r") (?:can|may) be followed by an? (?P<r2>" + RANK
           + r") of any suit, or any (?P<s2>" + SUIT_ONE + r")\))?")


def _piles(m: re.Match[str], d: Draft, group: str = "pile") -> None:
    """Remember how a sentence names the discard pile: one pile ("the") or two ("either",
    "whichever"), checked against the deal by ``finish``."""
    said = m[group]
    if said:
        _first(d, f"piles.{'one' if said == 'the discard pile' else 'two'}")


def _first(d: Draft, key: str) -> None:
    """Remember the first sentence that says ``key`` (several may; none contradicts another)."""
    if d.heard(key) is None:
        d.note(key, d.sentence)


# -- MT-01 the first turn ----------------------------------------------------------------------------


@phase.rule("MT-01", FIRST_TURN)
def _first_turn(m: re.Match[str], d: Draft) -> None:
    d.set("play.first_turn", first_turn(m))


# -- MT-03 the matching rule -------------------------------------------------------------------------


@phase.rule("MT-03", r"(?:In turn, )?[Ee]ach player(?: in turn)? must play a (?:legal|valid) card (?:to|onto|on) " + PILE + r",? if (?:they are able to(?: do "
            r"so)?|they can(?: do so)?|able|possible)\.")
def _turn(m: re.Match[str], d: Draft) -> None:
    _piles(m, d)
    d.note("turn", "match")


@phase.rule("MT-03", r"A card(?: played)? must match (?:the suit or (?:the )?rank|the rank or (?:the )?suit|either the suit or the rank) of the top card of "
            + TOP_PILE + EXAMPLE + r"\.")
def _matching(m: re.Match[str], d: Draft) -> None:
    _piles(m, d, "top")
    d.note("matching", "match")
    _example(m, d)


def _example(m: re.Match[str], d: Draft) -> None:
    if not m["r1"]:
        return
    if rank(m["r1"]) != rank(m["r2"]) or suit(m["s1"]) != suit(m["s2"]):
        d.problem("the example of the matching rule follows a card with another rank or suit than its own")
        return
    d.note("example", (rank(m["r1"]), suit(m["s1"])))


# -- MT-02 cheat mode --------------------------------------------------------------------------------


@phase.rule("MT-02", r"(?:In turn, |On their turn, )?[Ee]ach player(?: in turn)? (?:plays|places|puts) a card (?:face-down )?(?:to|on|onto) " + PILE
            + r"(?: face-down)?,? (?:and )?(?:announcing|saying|announces|says|declaring) what they (?:are claiming|claim) (?:the card|it) to be\.")
def _claims(m: re.Match[str], d: Draft) -> None:
    _piles(m, d)
    d.note("turn", "claim")


@phase.rule("MT-02", r"The player may (?:\(and,? if (?:no legal play is (?:available|open) to them|they have no legal play),? must\) lie about this|lie about "
            r"this \(and must if (?:no legal play is (?:available|open) to them|they have no legal play)\))\.")
def _lie(m: re.Match[str], d: Draft) -> None:
    d.note("cheat.lie")


@phase.rule("MT-02", r"The card a player claims to be playing must match(?P<twice> match)? the suit or rank of the top card of "
            + TOP_PILE + EXAMPLE + r"\.")
def _claim_matches(m: re.Match[str], d: Draft) -> None:
    _piles(m, d, "top")
    d.note("matching", "claim")
    if m["twice"]:
        d.repair("match-match", "defect", "\"must match match\" (a generator typo) read as \"must match\"")
    _example(m, d)


@phase.rule("MT-02", r"Any player may challenge a play they believe to be a lie, by shouting " + QUOTED + r" The play is "
            r"revealed: if the player was lying they must pick up " + PILE + r" into their hand, and if the challenger was "
            r"mistaken, they must pick it up instead\s*[-–—]+\s*either way play continues from the challenged player's left"
            r"(?P<reversed> \(or right, if play is reversed\))?\.")
def _challenge(m: re.Match[str], d: Draft) -> None:
    _piles(m, d)
    if not m["bang"]:
        d.problem("the challenge word is not shouted (\"…!\")")
    word = m["word"].strip()
    word_check(d, "challenge word", word, CHALLENGE_WORDS)
    d.set("play.cheat", {"word": word})
    if m["reversed"]:
        d.note("revealed.reverse", d.sentence)


# The challenge told in two sentences (a key-word cue gives each half in the book's words): who may
# challenge and the word shouted, then what the revealed card decides.
@phase.rule("MT-02", r"Any player may challenge a play they believe to be a lie, by shouting " + QUOTED + r"\.?")
def _challenge_called(m: re.Match[str], d: Draft) -> None:
    if not m["bang"]:
        d.problem("the challenge word is not shouted (\"…!\")")
    word = m["word"].strip()
    word_check(d, "challenge word", word, CHALLENGE_WORDS)
    d.set("play.cheat", {"word": word})
    d.note("challenge.half")


@phase.rule("MT-02", r"The play is revealed: if the player was lying they must pick up " + PILE + r" into their hand, and if the challenger "
            r"was mistaken, they must pick it up instead\s*[-–—]+\s*either way play continues from the challenged player's left"
            r"(?P<reversed> \(or right, if play is reversed\))?\.")
def _challenge_revealed(m: re.Match[str], d: Draft) -> None:
    _piles(m, d)
    d.note("challenge.revealed")
    if m["reversed"]:
        d.note("revealed.reverse", d.sentence)


# A challenge told in two sentences (the key-word cue reads the first, see importer/cues.py) ends with
# where play goes on, which the book's one sentence says in its last clause.
@phase.rule("MT-02", r"(?:(?:Either way|In either case|Whoever picks it up|Then),? p|P)lay (?:then )?(?:continues|resumes|goes on|carries on) "
            r"(?:from|with|to) (?:the challenged player's left|the (?:player to the )?left of the challenged player)(?: either way| in either "
            r"case)?(?P<reversed> \(or right, if play is reversed\))?\.")
def _challenge_goes_on(m: re.Match[str], d: Draft) -> None:
    if m["reversed"]:
        d.note("revealed.reverse", d.sentence)


@phase.rule("MT-02", r"An unchallenged play continues with everyone acting as if the claimed card had truly been played\.")
def _unchallenged(m: re.Match[str], d: Draft) -> None:
    d.note("cheat.stands")


@phase.rule("MT-02", r"If the claimed card has a special (?:ability|effect) and is unchallenged, its (?:ability|effect) occurs\.")
def _claimed_effect(m: re.Match[str], d: Draft) -> None:
    d.note("cheat.effect")


# -- MT-04 the special cards (the list itself was lost) ----------------------------------------------


@phase.rule("MT-04", r"(?:When played, (?P<some2>(?:some|certain) (?:of the )?cards (?:may )?have (?:a )?special effects?)|(?:(?P<some>(?:Some|Certain) "
            r"(?:of the )?cards (?:may )?have (?:a )?special effects?)|One card has a special effect) when (?:(?P<played>played|they are played|it "
            r"is played)|a player claims to play (?P<them>them|it)))\.")
def _effects_header(m: re.Match[str], d: Draft) -> None:
    count = "some" if m["some"] or m["some2"] else "one"
    if m["them"] and m["them"] != ("them" if count == "some" else "it"):
        d.problem(f"\"{'Some cards' if count == 'some' else 'One card'}\" … \"claims to play {m['them']}\"")
    d.note("effects.header", count)
    d.note("effects.claimed", not (m["played"] or m["some2"]))


@phase.rule("MT-04", r"(?:(?P<some>(?:These|They|These effects|The effects) are(?: as follows)?)|That is|It is(?: as follows)?):-?")
def _effects_list(m: re.Match[str], d: Draft) -> None:
    d.note("effects.list", "some" if m["some"] else "one")


# -- MT-05 passing and drawing -----------------------------------------------------------------------

#: What is drawn: a card from the stock, or the pile.
DRAWN = r"(?:(?P<stock>(?:a|one) card from the stock)|" + PILE + r" into their hand)\."
DRAW = r"they pass(?: their turn)? and draw " + DRAWN


def _draw(m: re.Match[str], d: Draft) -> None:
    _piles(m, d)
    d.set("play.draw", "stock" if m["stock"] else "pile")


#: "cannot or does not want to play a card", in other words.
WONT = r"(?:cannot or (?:does not want to|will not|chooses not to) play a card|cannot play a card or does not want to)"


@phase.rule("MT-05", r"(?:If a player " + WONT + r", they pass(?: their turn)? and draw|A player who " + WONT + r" passes(?: their turn)? and "
            r"draws) " + DRAWN)
def _pass_at_will(m: re.Match[str], d: Draft) -> None:
    d.set("play.must_play", False)
    _draw(m, d)


@phase.rule("MT-05", r"A player must play a card each turn if they can\.")
def _must(m: re.Match[str], d: Draft) -> None:
    d.set("play.must_play", True)
    d.note("must.said")


@phase.rule("MT-05", r"If they cannot, " + DRAW)
def _cannot(m: re.Match[str], d: Draft) -> None:
    d.note("must.then")
    _draw(m, d)


@phase.rule("MT-05", r"(?:(?:If the (?:drawn card|card drawn|card they draw) (?:could|can) be played|If the (?:drawn card|card drawn) is playable),? "
            r"they (?:may|can) play it (?:immediately|at once|straight away|right away)|They (?:may|can) play the drawn card (?:immediately|at "
            r"once) if it (?:could|can) be played)\.")
def _play_drawn(m: re.Match[str], d: Draft) -> None:
    d.set("play.play_drawn", True)


@phase.rule("MT-05", r"If the stock runs out, (?:shuffle all but the top (?:(?P<one>card of the discard pile)|cards of each discard pile)|all but "
            r"the top (?:(?P<one2>card of the discard pile)|cards of each discard pile) (?:is|are) shuffled) to form a new stock\.")
def _reshuffle(m: re.Match[str], d: Draft) -> None:
    _first(d, f"piles.{'one' if m['one'] or m['one2'] else 'two'}")
    d.note("stock.reshuffle")


# -- MT-06 several cards as one play -----------------------------------------------------------------


@phase.rule("MT-06", r"If a player (?:has|holds) (?:several|more than one|two or more) cards? of the same rank, all of which are (?:a )?legal plays?, "
            r"they (?:may|can) play them (?:all )?together as (?:a single|one) play\.")
def _same_rank(m: re.Match[str], d: Draft) -> None:
    d.set("play.multiple", "same-rank")


@phase.rule("MT-06", r"A player may play several cards together as a single play, if they are either all the same rank or all "
            r"the same suit\.")
def _rank_or_suit(m: re.Match[str], d: Draft) -> None:
    d.set("play.multiple", "rank-or-suit")


@phase.rule("MT-06", r"The top card determines the suit to follow, and if the cards have special effects only the top one occurs\.")
def _top_card(m: re.Match[str], d: Draft) -> None:
    d.note("multiple.top")


# -- MT-07 a special card turned to start a discard pile ---------------------------------------------


#: "it has no effect" / "it is treated as if the dealer had played it", in other words.
OPENING = (r"(?:(?P<none>has no effect|does nothing|is ignored|its effect is ignored)|(?:is treated|counts) as (?:if|though) (?:the dealer had "
           r"played it|it had been played by the dealer))")


@phase.rule("MT-07", r"(?:If a card with a special effect is turned (?:up|over) as the first card of " + PILE + r", (?:it |(?=its))" + OPENING
            + r"|If the first card of " + PILE.replace("?P<pile>", "?P<pile2>") + r" is a card with a special effect, it "
            + OPENING.replace("?P<none>", "?P<none2>") + r"|A card with a special effect turned (?:up|over) as the first card of "
            + PILE.replace("?P<pile>", "?P<pile3>") + " " + OPENING.replace("?P<none>", "?P<none3>") + r")\.")
def _opening(m: re.Match[str], d: Draft) -> None:
    pile = next(k for k in ("pile", "pile2", "pile3") if m[k])
    _piles(m, d, pile)
    d.set("play.opening_effect", "none" if m["none"] or m["none2"] or m["none3"] else "dealer")


@phase.rule("MT-07", r"If it's a joker, the dealer decides its value before looking at their own cards\.")
def _opening_joker(m: re.Match[str], d: Draft) -> None:
    d.note("opening.joker")


# -- SH-01 calling the last card ---------------------------------------------------------------------


call_rules(phase)


# -- SH-02 face-down rows ----------------------------------------------------------------------------


rows_rules(phase)


# -- finishing ---------------------------------------------------------------------------------------


def finish(d: Draft) -> None:
    if not d.has("play.first_turn"):
        d.problem("no sentence says who takes the first turn", "")
    cheat = _mode_finish(d)
    _piles_finish(d, cheat)
    _draw_finish(d, cheat)
    _multiple_finish(d)
    _effects_finish(d)
    _opening_finish(d)
    call_finish(d)
    rows_play_finish(d)
    pack, dealt = pack_of(d), dealt_of(d)
    _example_finish(d, pack)
    _stock_finish(d, pack, dealt)
    kind = d.get("scoring.kind")
    if kind is not None and kind not in SHEDDING_KINDS:
        d.problem(f"a matching game is won by going out, but the hand is scored by tricks ({kind})", d.source.get("scoring.kind"))
    for key, default in (("play.cheat", None), ("play.effects", []), ("play.named_card", None), ("play.countdown_wild", False),
                         ("play.must_play", False), ("play.draw", "stock"), ("play.play_drawn", False),
                         ("play.multiple", "none"), ("play.opening_effect", "none"), ("play.call", None)):
        d.fields.setdefault(key, default)


def _mode_finish(d: Draft) -> bool:
    """Normal mode (a legal card matched, or a pass) or cheat mode (a claim, and the challenge): the
    sentences of one mode only, each said. Returns whether the game is played in cheat mode."""
    turn, matching = d.heard("turn"), d.heard("matching")
    if turn is None:
        d.problem("no sentence says what a player does in their turn", "")
    if matching is None:
        d.problem("no sentence says what a card must match", "")
    cheat = "claim" in (turn, matching) or d.has("play.cheat")
    if not cheat:
        for key in ("cheat.lie", "cheat.stands", "cheat.effect"):
            if d.heard(key):
                d.problem("a rule of cheat mode in a game where cards are played face up", d.said_in[key])
                break
        if d.heard("stock.face-down"):
            d.problem("the discard pile is turned face down, but cards are played face up", d.said_in["stock.face-down"])
        if d.heard("effects.claimed"):
            d.problem("special cards \"when a player claims to play them\", but no card is claimed", d.said_in["effects.claimed"])
        return False
    for key, what in (("turn", "cards are played face down with a claim"), ("matching", "a claimed card must match"),
                      ("cheat.lie", "a player may lie about the claim"), ("cheat.stands", "an unchallenged claim stands")):
        if d.heard(key) not in ("claim", True):
            d.problem(f"cheat mode, but no sentence says that {what}", "")
    if not d.has("play.cheat"):
        d.problem("cheat mode, but no sentence says how a claim is challenged", "")
    elif d.heard("challenge.half") and not d.heard("challenge.revealed"):
        d.problem("a claim may be challenged, but no sentence says who picks up the pile", d.said_in["challenge.half"])
    if d.heard("effects.header") is not None and not d.heard("effects.claimed"):
        d.problem("cheat mode, but the special cards take effect \"when played\"", d.said_in["effects.header"])
    if d.heard("effects.header") is not None and not d.heard("cheat.effect"):
        d.problem("cheat mode with special cards, but no sentence says when a claimed card's effect occurs", "")
    if d.heard("cheat.effect") and d.heard("effects.header") is None:
        d.problem("a claimed card's special ability occurs, but no card has one", d.said_in["cheat.effect"])
    if not d.heard("stock.face-down"):
        d.repair("cheat-pile-face-up", "reading", "cheat mode, but the deal does not turn the discard pile face down: read as "
                 "turned face down once every player has seen it (cards are played face down)", d.source.get("play.cheat"))
    for path in ("play.must_play", "play.draw", "play.play_drawn"):
        if d.has(path):
            d.problem("a rule for passing and drawing in cheat mode, where no one passes or draws", d.source.get(path))
    if d.heard("stock.reshuffle"):
        d.problem("a rule for the stock running out in cheat mode, where no one draws", d.said_in["stock.reshuffle"])
    d.repair("nothing-to-match", "reading", "a liar (or a wrong challenger) picks up the discard pile, leaving nothing to "
             "match: the next card played to it is free, any card at all", d.source.get("play.cheat"))
    return True


def _piles_finish(d: Draft, cheat: bool) -> None:
    """Every sentence names the discard piles as the deal made them: one pile is "the discard pile";
    two are "either discard pile" (the generator's final rewrite)."""
    stock = d.get("deal.stock")
    if stock is None:
        d.problem("a matching game, but no discard pile is dealt", "")
        return
    piles = stock["discard_piles"]
    wrong = d.heard("piles.two") if piles == 1 else d.heard("piles.one")
    if wrong is not None:
        d.problem(f"this sentence speaks of {'two discard piles' if piles == 1 else 'one discard pile'}, but the deal makes "
                  f"{piles}", wrong)
    if not cheat and not d.heard("stock.reshuffle"):
        d.repair("reshuffle-unsaid", "reading", "the book does not say what happens when the stock runs out; the spec's "
                 "rule applies (all but the top card of each discard pile make a new stock)", d.said_in.get("stock.piles"))


def _draw_finish(d: Draft, cheat: bool) -> None:
    if cheat:
        return
    must, then = d.heard("must.said"), d.heard("must.then")
    if must and not then:
        d.problem("a player must play if they can, but no sentence says what a player who cannot does", d.said_in["must.said"])
    if then and not must:
        d.problem("\"If they cannot, …\" follows no rule that a player must play", d.said_in["must.then"])
    if not d.has("play.draw"):
        d.problem("no sentence says what a player who does not play does", "")
        return
    if not d.get("play.must_play"):
        d.repair("pass-at-will", "reading", "the turn sentence says a player must play a legal card if able, the passing "
                 "sentence lets a player pass who \"does not want to\": read as the later, particular rule (a player may "
                 "pass at will)", d.source.get("play.must_play"))
    if d.get("play.draw") == "pile":
        two = (d.get("deal.stock") or {}).get("discard_piles") == 2
        d.repair("nothing-to-match", "reading", "a player who passes picks up the "
                 + ("discard pile they choose" if two else "discard pile") + ", leaving nothing to match: the next card "
                 "played to it is free, any card at all", d.source.get("play.draw"))
        if d.get("play.play_drawn"):
            d.fields["play.play_drawn"] = False
            d.repair("play-drawn-pile", "dropped", "\"If the drawn card could be played …\" in a game where a player who "
                     "passes picks up the whole pile: no single card is drawn; dropped", d.source.get("play.play_drawn"))


def _multiple_finish(d: Draft) -> None:
    if d.heard("multiple.top") and not d.has("play.multiple"):
        d.problem("the top card of several played together, but no rule lets several cards be played", d.said_in["multiple.top"])
    elif d.has("play.multiple") and not d.heard("multiple.top"):
        d.repair("multiple-top-unsaid", "reading", "several cards may be played as one, but the book does not say which "
                 "counts: the top card is matched next and only its effect fires (the spec's rule)", d.source.get("play.multiple"))


def _effects_finish(d: Draft) -> None:
    """The special cards' header, and the reading for the list the scrape lost."""
    header, listed = d.heard("effects.header"), d.heard("effects.list")
    if header is None and listed is None:
        if d.has("play.opening_effect"):
            d.problem("a rule for a special card turned to start the pile, but no card is special",
                      d.source.get("play.opening_effect"))
        return
    if header is None or listed is None or header != listed:
        d.problem("the special cards' header and its list do not agree (\"Some cards … These are as follows:-\", \"One card "
                  "… That is:-\")", d.said_in.get("effects.list") or d.said_in.get("effects.header"))
        return
    sentence = d.said_in["effects.list"]
    d.repair("special-cards-lost", "defect",
             ("the special card after \"That is:-\" was" if header == "one" else "the list of special cards after \"These are "
              "as follows:-\" was") + " lost from the book (special-card list lost in the seed text); imported with no "
             "special cards", sentence)
    if not d.has("play.opening_effect"):
        d.repair("opening-effect-unsaid", "reading", "the book does not say what a special card turned to start a discard "
                 "pile does; read as no effect", sentence)
    elif d.get("play.opening_effect") == "dealer":
        # with the list lost no card is special: the rule has nothing to act on (a static check refuses it)
        d.fields["play.opening_effect"] = "none"
        d.repair("opening-effect-moot", "dropped", "a special card turned to start the pile acts as if the dealer had "
                 "played it, but the list of special cards was lost: no card is special, so the rule is dropped",
                 d.source.get("play.opening_effect"))
    if d.heard("fact") == "points-in-hand":
        d.repair("points-effect-lost", "dropped", "the intro's fact \"points can be scored during the hand\" shows the lost "
                 "list held a card that scores points when played (P20); its rank and points are not known: not imported",
                 d.said_in.get("fact"))
    if d.heard("revealed.reverse"):
        d.repair("reverse-effect-lost", "dropped", "\"(or right, if play is reversed)\" shows the lost list held a card that "
                 "reverses the direction of play (P04); its rank is not known: not imported", d.said_in["revealed.reverse"])
    if d.get("deck.jokers"):
        d.repair("jokers-wild-lost", "reading", "the lost list's row for the jokers (always printed with them) made them wild; "
                 "read so: a joker can be played as any card, named by its player", sentence)
    kitty = d.get("deal.kitty")
    if kitty is not None and d.get("bidding.auction") is None:  # an auction's winner takes the kitty: no card does
        d.repair("kitty-effect-lost", "dropped", f"the {kitty['name']} is dealt, and the generator always gives it a special "
                 f"card (P02: the first to play it takes the {kitty['name']}, or makes the next player take it); that card "
                 f"was in the lost list: not imported, the {kitty['name']} stays set aside", d.source.get("deal.kitty"))
    if d.get("deal.tokens") is not None:
        d.repair("countdown-wild-unknown", "reading", "with countdown tokens the lost list may have made each player's wild "
                 "rank the number of tokens they hold (CW); not known: imported without it", sentence)


def _opening_finish(d: Draft) -> None:
    if not d.heard("opening.joker"):
        return
    sentence = d.said_in["opening.joker"]
    if not d.get("deck.jokers") and not (d.get("deal.stock") or {}).get("wild_card"):
        d.problem("a rule for a joker turned to start the pile, but the pack has no joker", sentence)
    if not d.has("play.opening_effect"):
        d.problem("\"If it's a joker\" follows no rule for a card turned to start the pile", sentence)


def _example_finish(d: Draft, pack: DeckSpec | None) -> None:
    example = d.heard("example")
    if example is None or pack is None:
        return
    r, s = example
    sentence = d.said_in["example"]
    if s == "majors":
        d.repair("example-majors", "defect", "the example of the matching rule gives a major arcana card a rank (the majors "
                 "have none); the example is not a rule: the rule is read as written", sentence)
    elif s not in pack.suits():
        d.problem(f"the example of the matching rule names {s}, a suit not in this pack", sentence)
    if r not in pack.ranks():
        d.repair("example-rank-missing", "defect", f"the example names {r}, a rank not in this pack; the rule is read as "
                 "written", sentence)


def _stock_finish(d: Draft, pack: DeckSpec | None, dealt: DealSpec | None) -> None:
    tiny_stock_finish(d, pack, dealt, "when it runs out all but the top card of each discard pile make a new one")


#: The repairs only this family's importer makes (the import report's table of kinds gathers them).
REPAIRS: dict[str, str] = {
    "opening-effect-moot": "the rule for a special card turned to start the pile, with no special card left: dropped",
    "points-effect-lost": "the intro's fact shows a points card (P20) in the lost list; rank unknown: not imported",
    "reverse-effect-lost": "\"(or right, if play is reversed)\" shows a reverse card (P04) in the lost list; not imported",
    "kitty-effect-lost": "the kitty's special card (P02) was in the lost list: not imported, the kitty stays set aside",
    "countdown-wild-unknown": "countdown tokens: a wild rank by tokens held (CW) may have been in the lost list; not imported",
    "jokers-wild-lost": "jokers' row of the lost list: jokers are wild, played as any card (the spec's rule)",
    "match-match": "\"must match match\" typo",
    "nothing-to-match": "a picked-up pile leaves nothing to match: the next card is free",
    "pass-at-will": "\"must play … if able\" and \"cannot or does not want to\": a player may pass at will",
    "multiple-top-unsaid": "several cards as one play with no top-card sentence: the spec's rule",
    "opening-effect-unsaid": "no rule for a special card turned to start a discard pile: no effect",
    "cheat-pile-face-up": "cheat mode with the discard pile left face up in the deal: turned face down",
    "play-drawn-pile": "\"the drawn card\" in a game that picks up the pile: dropped",
    "example-majors": "matching example giving a major arcana card a rank: the rule is read",
}
