"""ML-01…ML-07, SH-01 and SH-02: play in the melding family — who takes the first turn, the header of
the turn (steps in sequence, or one action a turn), the wild cards (jokers, the wild rank, progressive
wilds), the stock running out, the penalty printed for rearranging, the full house, the invented laws'
step, calling the last card and playing from face-down rows; and two sentences of the scoring
paragraph that only melding prints (a player who deserts, the pig left in a meld).

The list of the turn's steps that follows "A player's turn consists of the following steps in
sequence:" (or "On their turn a player may take one of the following actions:") was lost when the book
was scraped: every melding game of the book has the header and none has the list. The reading (listed
per game as a repair) is that the game is imported **with the default turn** — draw one card from the
stock or the top card of a discard pile, lay melds if you wish, lay off on any meld, discard (one of
them a turn in one-action mode) — plus what other sentences reveal of the lost steps:

* *deserting*: the intro's fact "players can opt to drop out early", a desert adjective (NM-05:
  tactical, skilful, thoughtful), or the scoring's "if all but one player has deserted" (whose past
  tense names the verb; otherwise the verb is unknown and the spec's word "desert" is kept);
* *rearranging*: the fact "melds can be rearranged", a rearranging adjective (complex, expansive, …),
  or "The value of a joker may be changed when rearranging melds."; whether only one's own melds may be
  rearranged cannot be told, so any player's are (the generator's more likely draw);
* *the kitty*: the draw step always offers the kitty's top card when there is a kitty.

The adjective reveals a module because the generator picks the intro's adjective from those the drawn
modules register (catalogue NM-05/NM-06), and these adjectives belong to no other module of the family.
"""

from __future__ import annotations

import re

from generator.importer.core import Draft, Phase, player_counts, word_check
from generator.importer.play_common import (
    FIRST_TURN, call_finish, call_rules, first_turn, dealt_of, pack_of, rows_play_finish, rows_rules, tiny_stock_finish,
)
from generator.importer.setup import _rule_name, is_pig
from generator.importer.words import NUM, RANKS, number, rank
from generator.spec.scoring import SHEDDING_KINDS

phase = Phase("play")

#: A melding hand is shed at different speeds: the trick-count checks of trick-taking do not apply.
CARD_PER_TRICK = False

#: Intro facts (NM-06) a melding game may carry besides the facts every family may carry.
FACTS = ("desert", "rearranging", "full-house", "two-discard-piles", "countdown", "face-down-rows", "titles")

#: ML-02 a: the desert verbs (W-pick(9)) by the past tense the generator prints ("sunk", "dropped", …).
DESERT_VERBS = {"deserted": "desert", "ditched": "ditch", "sunk": "sink", "loaded": "load", "stowed": "stow",
                "dropped": "drop", "slipped": "slip", "bundled": "bundle", "flopped": "flop"}
#: NM-05: the adjectives the desert step and rearranging register (no other melding module has them).
DESERT_ADJECTIVES = ("tactical", "skilful", "thoughtful")
REARRANGE_ADJECTIVES = ("complex", "expansive", "convoluted", "elaborate", "labyrinthine", "tangled", "byzantine")
#: ML-06: the full house's names (W-pick(7)).
FULL_HOUSE_NAMES = ("full house", "absolute", "brink", "ultimate", "apex", "nonpareil", "pinnacle")

#: The turn's header, by mode: the list after it was lost from the book.
HEADERS = {"sequence": "A player's turn consists of the following steps in sequence:",
           "one-action": "On their turn a player may take one of the following actions:"}
#: The default turn the game is imported with, by mode (the spec's defaults).
DEFAULT_TURN = {"sequence": "draw one card from the stock or the top card of a discard pile; optionally lay one or more "
                            "melds (sets, or runs in one suit); optionally lay off cards on any meld; discard one card",
                "one-action": "one action a turn, with no discard: draw one card from the stock or the top card of a "
                              "discard pile, lay one or more melds (sets, or runs in one suit), or lay off cards on any "
                              "meld"}


# -- ML-01 the first turn, ML-02 the turn's header ---------------------------------------------------


@phase.rule("ML-01", FIRST_TURN)
def _first_turn(m: re.Match[str], d: Draft) -> None:
    d.set("play.first_turn", first_turn(m))


@phase.rule("ML-02", r"(?:(?P<sequence>(?:A|Each) (?:player's )?turn (?:consists of|is made up of|has) the following steps,? in (?:sequence|order)|On "
            r"their turn,? a player (?:takes|follows) the following steps,? in (?:sequence|order))|(?P<action>On their turn,? a player (?:may|can) "
            r"(?:take|choose|perform|make) (?:any )?one of the following actions|A player (?:may|can) (?:take|choose|perform) (?:any )?one of the "
            r"following actions on their turn)):-?")
def _header(m: re.Match[str], d: Draft) -> None:
    d.note("turn.mode", "sequence" if m["sequence"] else "one-action")


# -- ML-03 wild cards --------------------------------------------------------------------------------


@phase.rule("ML-03", r"(?:The )?[Jj]okers are wild(?: cards)?(?:,? and|;|,) (?:they )?(?:can|may) (?:be played as|stand for|represent|be used as) "
            r"any card\.")
def _jokers_wild(m: re.Match[str], d: Draft) -> None:
    d.note("jokers.wild")


@phase.rule("ML-03", r"The value of a joker may be changed when (?:rearranging melds|melds are rearranged)\.")
def _joker_value(m: re.Match[str], d: Draft) -> None:
    d.note("jokers.rearranged")


# The joker swap and the one-joker meld have no example in the shared book; these phrasings follow the
# catalogue ("a player may, on their turn, swap a hand card for a joker in a meld if the meld stays
# valid"; "a meld may contain at most one joker").
@phase.rule("ML-03", r"(?:On their turn,? )?[Aa] player may(?:,? on their turn,?)? (?:swap|exchange|trade) (?:a|the) card from their "
            r"hand for a joker in (?:a|any) meld(?: on the table)?,? (?:if|provided|as long as) the meld (?:stays|remains|is "
            r"still) valid\.")
def _joker_swap(m: re.Match[str], d: Draft) -> None:
    d.set("play.joker_swap", True)


@phase.rule("ML-03", r"(?:A|Each|Any) meld may (?:contain|hold|include) (?:at most|no more than|only) one joker\.")
def _one_joker(m: re.Match[str], d: Draft) -> None:
    d.set("play.one_joker", True)


@phase.rule("ML-03", r"In the first hand (?P<r1>" + RANKS + r") are wild(?: and can be played as any card)?\.")
def _progressive_first(m: re.Match[str], d: Draft) -> None:
    d.set("play.progressive_wilds", True)
    d.note("progressive.first", rank(m["r1"]))


@phase.rule("ML-03", r"In the second hand (?P<r2>" + RANKS + r") are wild, in the third (?P<r3>" + RANKS + r"),? and so on\.")
def _progressive_next(m: re.Match[str], d: Draft) -> None:
    d.note("progressive.next", (rank(m["r2"]), rank(m["r3"])))


# -- ML-04 the stock runs out ------------------------------------------------------------------------


@phase.rule("ML-04", r"If the stock runs out, (?:shuffle (?:(?P<one>the (?:whole |entire )?discard pile)|(?P<two>both discard piles))|(?P<one2>the "
            r"(?:whole |entire )?discard pile is shuffled)|(?P<two2>both discard piles are shuffled)) to form a new stock\.")
def _reshuffle(m: re.Match[str], d: Draft) -> None:
    d.note("stock.reshuffle", 1 if m["one"] or m["one2"] else 2)


# -- ML-05 the penalty, printed for rearranging ------------------------------------------------------


@phase.rule("ML-05", r"If a player (?:begins|starts|tries) to rearrange melds but (?:is unable to|cannot|fails to) complete (?:them|it|the rearrangement), "
            r"they must take back the cards they played, plus (?:an additional (?P<n>" + NUM + r")|(?P<n2>" + NUM + r") (?:additional|extra)) "
            r"penalty cards?\.")
def _penalty(m: re.Match[str], d: Draft) -> None:
    d.set("play.penalty", number(m["n"] or m["n2"]))


# -- ML-06 the full house ----------------------------------------------------------------------------

# No game of the shared book has a full house (only its intro fact is in the catalogue); these
# phrasings follow the catalogue: a meld of "three of one rank and two of another", which leaves the
# game, its player discarding the rest of their hand.
THREE_TWO = r"three (?:cards )?of (?:one|a) rank (?:and|plus) two (?:cards )?of another"
NAME = r"[\"“]?(?P<name>[\w -]+?)[\"”]?"


@phase.rule("ML-06", r"(?:An? |The )?" + NAME + r" \(" + THREE_TWO + r"\) (?:is(?: also)?|counts as|may be played as) an? (?:valid |special )?"
            r"meld\.")
def _full_house(m: re.Match[str], d: Draft) -> None:
    _full_house_name(m["name"], d)


@phase.rule("ML-06", r"(?:A player may (?:also )?(?:play|lay) )?(?:an? )?" + NAME + r",? (?:made of )?" + THREE_TWO
            + r",? (?:as a meld|is (?:also )?a (?:valid )?meld)\.")
def _full_house_made(m: re.Match[str], d: Draft) -> None:
    _full_house_name(m["name"], d)


def _full_house_name(name: str, d: Draft) -> None:
    name = re.sub(r"^(?:an?|the) ", "", name.strip(), flags=re.IGNORECASE)
    word_check(d, "full house name", name, FULL_HOUSE_NAMES)
    d.set("play.melds.full_house", name)


@phase.rule("ML-06", r"(?:Playing|When a player plays|A player who plays) (?:an? |the )?(?P<name>[\w -]+?),? (?:it )?(?:removes it|takes it out|"
            r"is removed|is taken out) (?:from|of) the game,? and (?:the player |they )?(?:then )?(?:must )?discards? the rest of their hand\.")
def _full_house_out(m: re.Match[str], d: Draft) -> None:
    d.note("full-house.out", re.sub(r"^(?:an?|the) ", "", m["name"].strip(), flags=re.IGNORECASE))


# -- ML-07 a step the invented laws forbid -------------------------------------------------------------


@phase.rule("ML-07", r"(?:If the (?P<name>[\w -]+?) (?:mean (?:that )?a player (?:has no valid play(?: (?:open|available) to them)?|cannot complete a step|"
            r"is unable to complete a step)|prevent a player from completing a step)|If, because of the (?P<name2>[\w -]+?), a player (?:has no "
            r"valid play(?: (?:open|available) to them)?|cannot complete a step|is unable to complete a step)), (?:they (?:must )?(?:(?P<turn>pass "
            r"their turn)|(?P<step>skip that step))|(?P<step2>that step is skipped)|(?P<turn2>their turn is passed))\.")
def _laws_pass(m: re.Match[str], d: Draft) -> None:
    _rule_name(d, m["name"] or m["name2"], plural=True)
    d.note("laws.pass", "one-action" if m["turn"] or m["turn2"] else "sequence")


# -- the scoring paragraph's melding sentences -------------------------------------------------------


@phase.rule("ML-02", r"Alternatively, if all but one player (?:has|have) (?P<verb>[a-z]+), the (?:hand|round) ends immediately with "
            r"the remaining player as (?:the|its) winner\.")
def _deserted(m: re.Match[str], d: Draft) -> None:
    d.note("desert.past", m["verb"])


@phase.rule("SC-A2", r"If (?P<pig>.+?) (?:ended|ends|finished|finishes) the (?P<what>game|hand|round) in a meld,? and a player (?:had )?revealed it at "
            r"the start of the hand, that player (?:gains|scores) (?P<n>" + NUM + r") points?\.")
def _pig_meld(m: re.Match[str], d: Draft) -> None:
    d.set("play.pig_meld", number(m["n"]))
    d.note("pig.meld", m["pig"])
    if m["what"] == "game":
        d.note("pig.meld-game")


# -- SH-01 calling the last card, SH-02 face-down rows -----------------------------------------------


call_rules(phase)
rows_rules(phase)


# -- finishing ---------------------------------------------------------------------------------------


def finish(d: Draft) -> None:
    if not d.has("play.first_turn"):
        d.problem("no sentence says who takes the first turn", "")
    mode = _mode_finish(d)
    _piles_finish(d)
    _jokers_finish(d)
    _progressive_finish(d)
    _rearrange_finish(d)
    _desert_finish(d)
    _penalty_finish(d)
    _full_house_finish(d)
    _laws_finish(d, mode)
    _pig_finish(d)
    _kitty_finish(d)
    call_finish(d)
    rows_play_finish(d)
    pack, dealt = pack_of(d), dealt_of(d)
    _hand_finish(d)
    _shrinking_finish(d, mode)
    tiny_stock_finish(d, pack, dealt, "when it runs out the whole discard pile is shuffled to make a new one")
    kind = d.get("scoring.kind")
    if kind is not None and kind not in SHEDDING_KINDS:
        d.problem(f"a melding game is won by going out, but the hand is scored by tricks ({kind})", d.source.get("scoring.kind"))
    for key, default in (("play.one_action", mode == "one-action"), ("play.desert", None), ("play.lay_off", "any"),
                         ("play.dump", None), ("play.stump", None), ("play.block", None), ("play.joker_swap", False),
                         ("play.one_joker", False), ("play.progressive_wilds", False), ("play.penalty", None),
                         ("play.pig_meld", None), ("play.call", None)):
        d.fields.setdefault(key, default)


def _mode_finish(d: Draft) -> str:
    """The turn's header says the mode; the list of steps after it was lost: the default turn."""
    mode = d.heard("turn.mode")
    if mode is None:
        d.problem("no sentence says what a player does in their turn", "")
        return "sequence"
    d.repair("turn-list-lost", "defect", f"the list of the turn's {'steps' if mode == 'sequence' else 'actions'} after "
             f"\"{HEADERS[mode]}\" was lost from the book (turn list lost in the seed text); imported with the default "
             f"turn ({DEFAULT_TURN[mode]}) and what other sentences reveal", d.said_in["turn.mode"])
    return mode


def _piles_finish(d: Draft) -> None:
    """The stock and its discard piles (DL-08…DL-10), and ML-04 naming as many piles as the deal makes."""
    stock = d.get("deal.stock")
    reshuffle = d.heard("stock.reshuffle")
    if stock is None:
        d.problem("a melding game, but no discard pile is dealt", "")
        return
    piles = stock["discard_piles"]
    if reshuffle is None:
        d.repair("reshuffle-unsaid", "reading", "the book does not say what happens when the stock runs out; the spec's rule "
                 "applies (the whole discard pile is shuffled to form a new stock)", d.said_in.get("stock.piles"))
    elif reshuffle != piles:
        d.problem(f"this sentence shuffles {'one discard pile' if reshuffle == 1 else 'two discard piles'}, but the deal makes "
                  f"{piles}", d.said_in["stock.reshuffle"])
    if stock.get("wild_card"):
        pack = pack_of(d)
        rankless = (["a tarot major"] if d.get("deck.kind") == "tarot" else []) + (["a joker"] if d.get("deck.jokers") else [])
        if pack is not None and rankless:
            d.repair("wild-card-rankless", "reading", f"the card turned to make a rank wild may be {' or '.join(rankless)}, "
                     "which has no rank; read as the spec has it: the card is set aside and no rank is wild that hand",
                     d.said_in.get("stock.wild-card"))


def _jokers_finish(d: Draft) -> None:
    """ML-03: the wild sentence is printed when there are jokers (the pack's, or a wild rank); the
    joker swap and the one-joker meld need them."""
    jokers = bool(d.get("deck.jokers")) or bool((d.get("deal.stock") or {}).get("wild_card"))
    if d.heard("jokers.wild") and not jokers:
        d.problem("jokers are wild, but the pack has no joker and no rank is made wild", d.said_in["jokers.wild"])
    elif jokers and not d.heard("jokers.wild"):
        d.repair("jokers-wild-unsaid", "reading", "the book does not say what the jokers do; read as the spec has it (wild, "
                 "played as any card a meld needs)", d.source.get("deck.jokers") or d.said_in.get("stock.wild-card"))
    if d.heard("jokers.rearranged") and not jokers:
        d.problem("a joker's value changes when melds are rearranged, but the pack has no joker", d.said_in["jokers.rearranged"])
    for path in ("play.joker_swap", "play.one_joker"):
        if d.get(path) and not jokers:
            d.problem("a rule for jokers in melds, but the pack has no joker", d.source.get(path))
    if d.get("play.joker_swap") and (d.get("deal.stock") or {}).get("wild_card"):
        d.repair("joker-swap-wild-rank", "reading", "a joker may be swapped out of a meld in a game with a wild rank, which "
                 "the generator never prints; the cards of the wild rank are jokers too", d.source.get("play.joker_swap"))


def _progressive_finish(d: Draft) -> None:
    """ML-03: progressive wilds start at the lowest rank and go up the rank list, with no jokers; the
    book leaves the hands past the top rank undefined (the spec: the count starts again)."""
    first, nxt = d.heard("progressive.first"), d.heard("progressive.next")
    if nxt is not None and first is None:
        d.problem("\"In the second hand …\" follows no first hand's wild rank", d.said_in["progressive.next"])
        return
    if first is None:
        return
    sentence = d.source.get("play.progressive_wilds")
    if nxt is None:
        d.problem("the first hand's wild rank, but no sentence says which ranks are wild after it", sentence)
    if d.get("deck.jokers") or (d.get("deal.stock") or {}).get("wild_card"):
        d.problem("progressive wilds in a game with jokers or a wild-rank card", sentence)
    pack = pack_of(d)
    if pack is None:
        return
    ranks = pack.ranks()
    said = (first, *(nxt or ()))
    expected = tuple(reversed(ranks))[: len(said)]
    if said != expected:
        d.problem(f"the wild ranks go {', '.join(said)}, but the rank list from the lowest up is {', '.join(expected)}", sentence)
        return
    hands = _most_hands(d)
    if hands is None or hands > len(ranks):
        d.repair("wilds-past-last-rank", "defect", "the game may last more hands ("
                 + ("no limit" if hands is None else f"up to {hands}") + f") than there are ranks ({len(ranks)}), and the book "
                 "does not say which rank is wild after the top one; read as the spec has it: the count starts again at the "
                 "lowest rank", sentence)


def _shrinking_finish(d: Draft, mode: str) -> None:
    """Hands that shrink hand by hand (EN-04) down to fewer cards than a meld needs, with the default
    turn (one card drawn, a discard to end it): in the last hands no one can lay a meld, so no one
    goes out. The lost turn list may have let players draw more; the default turn cannot, so the
    game is kept as read and listed (the static checks rule it out)."""
    cond = d.get("ending.condition") or {}
    hand = d.get("deal.hand_size")
    if mode != "sequence" or cond.get("kind") != "shrinking" or not isinstance(hand, int):
        return
    if d.get("play.draw.discard") != "wipe":  # hands shrink to one card (spec.derived.shrinking_hand_sizes)
        d.repair("hands-too-small-to-meld", "defect",
                 "the hands shrink to one card, and with the default turn (one card "
                 "drawn, a discard to end it) a hand never holds the three cards a meld needs: the last hands can "
                 "never end; kept as read (the static checks rule it out)", d.source.get("ending.condition"))


def _most_hands(d: Draft) -> int | None:
    """The most hands the game can last (``None``: no limit), ties aside."""
    cond = d.get("ending.condition") or {}
    hand = d.get("deal.hand_size")
    counts = player_counts(d)
    if cond.get("kind") == "shrinking" and isinstance(hand, int):
        return 2 * hand - 1 if cond.get("back_up") else hand
    if cond.get("kind") == "rounds" and counts:
        return counts[-1]
    if cond.get("kind") == "tokens" and isinstance(hand, int) and counts:
        return counts[-1] * (hand - 1) + 1  # one token given up a hand: all but one player one short, then one out
    return None


def _rearrange_finish(d: Draft) -> None:
    """Rearranging, revealed by the intro's fact, its adjective, or the joker sentence; any player's
    melds (the "own" variant cannot be told). With rearranging there is no lay-off and no dump."""
    signs = []
    if d.heard("fact") == "rearranging":
        signs.append("the intro's fact \"melds can be rearranged\"")
    adjective = (d.get("naming.adjective") or "").lower()
    if adjective in REARRANGE_ADJECTIVES:
        signs.append(f"the intro's adjective \"{adjective}\" (which only rearranging registers)")
    if d.heard("jokers.rearranged"):
        signs.append("\"The value of a joker may be changed when rearranging melds.\"")
    if not signs:
        return
    d.fields["play.melds.rearrange"] = "any"
    d.fields["play.lay_off"] = None
    d.fields["play.dump"] = None
    d.repair("rearranging-revealed", "reading", f"{' and '.join(signs)} {'show' if len(signs) > 1 else 'shows'} the lost turn list let players rearrange melds; "
             "read so, for any player's melds (whether only one's own could be rearranged cannot be told), with no separate "
             "lay-off", d.said_in.get("jokers.rearranged") or d.said_in.get("fact") or d.source.get("naming.name"))


def _desert_finish(d: Draft) -> None:
    """Deserting, revealed by the intro's fact, its adjective, or the scoring's "if all but one player
    has deserted" (whose past tense gives the verb)."""
    past = d.heard("desert.past")
    signs = []
    if d.heard("fact") == "desert":
        signs.append("the intro's fact \"players can opt to drop out early\"")
    adjective = (d.get("naming.adjective") or "").lower()
    if adjective in DESERT_ADJECTIVES:
        signs.append(f"the intro's adjective \"{adjective}\" (which only deserting registers)")
    if past is not None:
        signs.append(f"\"if all but one player has {past}\"")
    if not signs:
        return
    sentence = d.said_in.get("desert.past") or d.said_in.get("fact") or d.source.get("naming.name")
    if past is None:
        verb = "desert"
        d.repair("desert-verb-unknown", "reading", "the verb for deserting was in the lost turn list; the spec's word "
                 "\"desert\" is kept", sentence)
    elif past in DESERT_VERBS:
        verb = DESERT_VERBS[past]
    else:
        verb = past[:-2] if past.endswith("ed") else past
        d.repair("unlisted-desert verb", "reading", f"\"{past}\" is not the past tense of a desert verb the catalogue lists "
                 f"({', '.join(DESERT_VERBS.values())}); read as \"{verb}\"", sentence)
    d.set("play.desert", verb)
    d.repair("desert-revealed", "reading", f"{' and '.join(signs)} {'show' if len(signs) > 1 else 'shows'} the lost turn list let a player desert; read as the "
             "spec has it: at the start of their turn a player may shuffle a third of their hand (half on their first turn) "
             "into the stock and take no further part in the hand", sentence)


def _penalty_finish(d: Draft) -> None:
    """ML-05 is printed only when rearranging is *not* allowed (the generator's inverted condition):
    read as the penalty for a meld or a lay-off that is not valid."""
    if d.get("play.penalty") is None:
        return
    sentence = d.source.get("play.penalty")
    if d.get("play.melds.rearrange", "none") != "none":
        d.problem("the rearranging penalty is printed only in games where melds may not be rearranged, but this game "
                  "rearranges them", sentence)
        return
    d.repair("penalty-inverted", "defect", "a penalty for failing to complete a rearrangement, in a game where melds may not "
             "be rearranged (the generator's inverted condition); read as the penalty for a meld or a lay-off that is not "
             "valid: the player takes the cards back and draws the penalty cards", sentence)


def _full_house_finish(d: Draft) -> None:
    """ML-06: the full house takes its player out and wins the hand (the fact's "wins the game"
    overstates it). A fact with no rule left in the text names the meld by the fact's words."""
    name = d.get("play.melds.full_house")
    out = d.heard("full-house.out")
    fact = d.heard("fact") == "full-house"
    if out is not None and name is None:
        d.problem(f"a rule for playing a {out}, but no meld is called that", d.said_in["full-house.out"])
    elif out is not None and out.lower() != name.lower():
        d.problem(f"a rule for playing a {out}, but the meld of three and two is the {name}", d.said_in["full-house.out"])
    if name is not None and out is None:
        d.repair("full-house-out-unsaid", "reading", f"the book does not say what playing the {name} does; the spec's rule: "
                 "it leaves the game and its player discards the rest of their hand, going out", d.source.get("play.melds.full_house"))
    if not fact:
        return
    if name is None:
        d.set("play.melds.full_house", "full house")
        d.repair("full-house-from-fact", "reading", "the intro's fact \"a full house wins the game\" shows the lost turn list "
                 "allowed a full house (three of one rank and two of another) as a meld; read so, called \"full house\"",
                 d.said_in["fact"])
    d.repair("full-house-wins-game", "defect", "\"a full house wins the game\": playing it takes its player out, which wins "
             "the hand, not the game", d.said_in["fact"])


def _laws_finish(d: Draft, mode: str) -> None:
    """ML-07: a step the invented laws forbid is skipped; in one-action mode the turn passes."""
    said = d.heard("laws.pass")
    if said is not None and said != mode:
        d.problem("the invented laws' rule " + ("passes the turn in a game of steps in sequence" if mode == "sequence"
                                                else "skips a step in a game of one action a turn"), d.said_in["laws.pass"])
    if said is not None and d.heard("rules.kind") is None:
        d.problem("a rule for what the invented laws forbid, but no laws are invented", d.said_in["laws.pass"])
    if said is None and d.heard("rules.kind") is not None:
        d.repair("laws-skip-unsaid", "reading", "the book does not say what a player does when the invented laws forbid a "
                 "step; the spec's rule: the step is skipped (in one-action mode the turn passes)", d.said_in.get("rules.kind"))


def _pig_finish(d: Draft) -> None:
    named = d.heard("pig.meld")
    if named is None:
        return
    sentence = d.source.get("play.pig_meld")
    if not is_pig(d, named):
        d.problem(f"points for {named} left in a meld, but no card is called that", sentence)
    if d.heard("pig.meld-game"):
        d.repair("pig-meld-game", "reading", "\"If the pig ended the game in a meld\": the melds are scored at the end of each "
                 "hand; read as the end of the hand", sentence)


def _kitty_finish(d: Draft) -> None:
    """The generator's draw step always offers the kitty's top card when a kitty is dealt (ML-02 b)."""
    kitty = d.get("deal.kitty")
    if kitty is None or d.get("bidding.auction") is not None:
        return
    d.set("play.draw.kitty", True)
    d.repair("kitty-draw-lost", "reading", f"the {kitty['name']} is dealt, and the generator's draw step always lets a player "
             f"draw its top card instead; that step was in the lost turn list: read so", d.source.get("deal.kitty"))


def _hand_finish(d: Draft) -> None:
    """DL-02: the generator cuts a melding hand over ten cards by six, so it never deals more than ten."""
    hand = d.get("deal.hand_size")
    if isinstance(hand, int) and hand > 10 and d.get("deal.tokens") is None:
        d.repair("melding-hand-over-ten", "reading", f"a melding hand of {hand} cards, more than the generator's ten (it cuts "
                 "a larger hand by six); kept as written", d.source.get("deal.hand_size"))


#: The repairs only this family's importer makes (the import report's table of kinds gathers them).
REPAIRS: dict[str, str] = {
    "hands-too-small-to-meld": "melding hands that shrink below a meld with the default turn (kept; the checks rule it out)",
    "desert-revealed": "deserting revealed by the intro's fact or adjective, or \"all but one player has deserted\"",
    "desert-verb-unknown": "the desert verb was in the lost turn list: the spec's word \"desert\" kept",
    "rearranging-revealed": "rearranging revealed by the intro or the joker sentence: any player's melds",
    "kitty-draw-lost": "a kitty in a melding game: its top card may be drawn (the lost draw step always says so)",
    "jokers-wild-unsaid": "jokers with no rule: wild, played as any card (the spec's rule)",
    "wild-card-rankless": "the wild-rank card may be a joker or a tarot major: set aside, no rank wild that hand",
    "joker-swap-wild-rank": "a joker swap with a wild rank (never printed): the wild rank's cards are jokers too",
    "wilds-past-last-rank": "progressive wilds past the top rank: the count starts again at the lowest",
    "penalty-inverted": "rearranging penalty where melds may not be rearranged: the penalty for an invalid meld or lay-off",
    "full-house-from-fact": "the intro's \"a full house wins the game\" with no rule left: a full house meld allowed",
    "full-house-wins-game": "\"a full house wins the game\": it wins the hand",
    "full-house-out-unsaid": "a full house with no sentence for what it does: the spec's rule (its player goes out)",
    "laws-skip-unsaid": "invented laws with no sentence for a forbidden step: the step is skipped",
    "pig-meld-game": "\"If the pig ended the game in a meld\": read as the end of the hand",
    "melding-hand-over-ten": "a melding hand over ten cards (the generator cuts those): kept",
}
