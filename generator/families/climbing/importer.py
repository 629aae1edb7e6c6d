"""CL-01…CL-13 and SH-02: play in the climbing family — the opening lead and what may be led (with
its examples), the obligation to beat the last play, the beating rules (with their example), runs,
jokers, the low bomb, colour match, bombs and rockets, transparent cards, the end of a trick, who
may rejoin it, what happens to the pile, the kitty it may capture, and playing from face-down rows.

The book says "hand" for what is one trick ("The hand continues until …"); the sentences are read
as trick rules and the word is listed as a reading (the spec's, ``spec.py``). The examples the book prints (a pair of 10s,
7-8-9 of clubs, "3-3 can be beaten by Ace-Ace-Ace") are checked against the rule they illustrate;
where an example contradicts its rule, the rule is what is read, and listed as a reading
(catalogue §2.3)."""

from __future__ import annotations

import re

from generator.importer.core import Draft, Phase, word_check
from generator.importer.play_common import (
    CAPTURE_TRICK, CAPTURED, LEADER, joker_count_finish, kitty_capture, leader_title_finish, opening_leader, pack_of, rows_play_finish,
    rows_rules,
)
from generator.importer.words import CARD, RANK, RANKS, SUIT_MANY, card, rank, suit
from generator.spec.scoring import SHEDDING_KINDS, TRICK_KINDS

phase = Phase("play")

#: Climbing hands are shed at different speeds, so a deal does not fix how many tricks a hand has
#: (the trick-count checks of trick-taking do not apply; see ``book._finish``).
CARD_PER_TRICK = False

#: Intro facts (NM-06) a climbing game may carry besides the facts every family may carry.
FACTS = ("avoid-suit", "avoid-suit-face", "countdown", "bomb", "face-down-rows", "titles")

#: CL-08 bomb and rocket names, CL-09 transparent words (generator order).
BOMB_NAMES = ("bomb", "shell", "petard", "trap", "snare", "bolt", "dart", "dagger")
ROCKET_NAMES = ("rocket", "missile", "firework", "torpedo", "fireball")
TRANSPARENT_WORDS = ("transparent", "invisible", "glass", "clear", "crystal", "ghosts")

# -- CL-01/02 the opening lead and what may be led ---------------------------------------------------

#: "a pair of 10s", "three 6s", "four Kings".
SET_EXAMPLE = r"(?:a pair of|three|four) (?P<setrank>" + RANKS + r")"
#: "7-8-9 of clubs", "9-10-Page of swords".
SAME_SUIT_RUN = r"(?P<samerun>" + RANK + r"(?:-" + RANK + r"){2,}) of (?P<samesuit>" + SUIT_MANY + r")"
#: "8 of diamonds, 9 of spades, 10 of clubs".
ANY_SUIT_RUN = r"(?P<anyrun>" + RANK + " of " + SUIT_MANY + r"(?:, " + RANK + " of " + SUIT_MANY + r"){2,})"


@phase.rule("CL-01", LEADER + r"(?:starts(?: play)? by leading|begins by leading|opens by leading|leads(?: first)?(?:,? with| and may lead)?|may "
            r"lead|can lead|leads the first trick with) (?:any|a) (?:single|one) card"
            r"(?P<sets>,? or (?:a |any )?set of (?:cards of )?(?:equal|the same) rank(?: \(eg\. " + SET_EXAMPLE + r"\))?)?"
            r"(?P<runs>,? or (?:a )?run of three or more cards (?:(?P<same>of the same suit)|across any suits?)"
            r"(?: \(eg\. (?:" + SAME_SUIT_RUN + "|" + ANY_SUIT_RUN + r")\))?)?\.")
def _leads(m: re.Match[str], d: Draft) -> None:
    opening_leader(m, d)
    if m["runs"] and not m["sets"]:
        d.problem("runs may be led but sets may not: the book always allows sets with runs")
    d.set("play.leads", "runs" if m["runs"] else "sets" if m["sets"] else "singles")
    if m["runs"]:
        d.set("play.runs", "same-suit" if m["same"] else "any-suit")
    if m["setrank"]:
        d.note("example.set", m["setrank"])
    if m["samerun"]:
        d.note("example.run", (tuple(m["samerun"].split("-")), (m["samesuit"],) * len(m["samerun"].split("-"))))
    elif m["anyrun"]:
        cards = [c.split(" of ", 1) for c in m["anyrun"].split(", ")]
        d.note("example.run", (tuple(r for r, _ in cards), tuple(s for _, s in cards)))


@phase.rule("CL-01", r"(?:(?:Whoever (?:has|holds)|The player (?:who (?:has|holds)|holding)) (?P<card>" + CARD + r") (?:plays|leads) it (?:to "
            r"(?:lead|start|begin|open) the first trick|to the first trick|as the first lead)|The first trick is led by whoever (?:has|holds) "
            r"(?P<card2>" + CARD + r"), who plays it)\.")
def _holder(m: re.Match[str], d: Draft) -> None:
    """The catalogue: the holder of a random card leads it, and leads are single cards from then on
    (unless the beating rule lets sets be played on singles)."""
    d.set("play.opening_leader", "holder")
    d.set("play.opening_card", card(m["card"] or m["card2"]))
    d.note("leads.by-holder")


# -- CL-03 the obligation ----------------------------------------------------------------------------


_BEATS = r"(?:which|that) (?:beats|can beat|is higher than) the (?:previous|last|preceding) play"


@phase.rule("CL-03", r"(?:(?:In turn, )?[Ee]ach player(?: in turn)? must (?:either )?(?:pass,? or play a card(?P<sets> or set of cards)?(?P<runs> or run)? "
            + _BEATS + r"|play a card(?P<sets2> or set of cards)?(?P<runs2> or run)? " + _BEATS + r",? or pass))\.")
def _each_turn(m: re.Match[str], d: Draft) -> None:
    d.note("turn.sets", bool(m["sets"] or m["sets2"]))


@phase.rule("CL-03", r"\((?:A player|Players) must play if (?:they are able to(?: do so)?|they can|able|possible)\.\)|\(A player may only pass if "
            r"they (?:are unable to|cannot) play\.\)")
def _must_play(m: re.Match[str], d: Draft) -> None:
    d.set("play.must_play", True)


# -- CL-04 beating -----------------------------------------------------------------------------------


_IS_BEATEN = r"(?:is beaten|can be beaten|may be beaten)"
_HIGHER_SINGLE = r"(?:a higher single card|a single card of (?:a )?higher rank|a higher card)"


@phase.rule("CL-04", r"A single card " + _IS_BEATEN + " by " + _HIGHER_SINGLE + r"(?:,? and|;) a set " + _IS_BEATEN + r" by a set of the same "
            r"size with a higher (?:card )?rank\.")
def _higher_sets_apart(m: re.Match[str], d: Draft) -> None:
    d.set("play.beating", "higher")
    d.note("beat.sets", "higher")


@phase.rule("CL-04", r"(?:(?:A|Each|Any) card " + _IS_BEATEN + r" by any (?:card of (?:a )?higher rank|higher[ -]ranked card|card with a higher "
            r"rank|higher card)|Any card of a higher rank beats a card)\.")
def _higher_singles(m: re.Match[str], d: Draft) -> None:
    d.set("play.beating", "higher")
    d.note("beat.singles-only")


@phase.rule("CL-04", r"A single card is beaten by a higher single card, (?P<run>by any run, )?or by any pair, triple or quartet "
            r"set \(even if the set's rank is lower\)\.")
def _sets_crush(m: re.Match[str], d: Draft) -> None:
    d.set("play.beating", "sets-crush")
    d.note("beat.run-clause", bool(m["run"]))


@phase.rule("CL-04", r"A single card is beaten by a higher single card, (?P<run>by any run that includes a higher ranked card, )?"
            r"or by any set of cards(?: \(eg\. " + SET_EXAMPLE + r"\))? of (?:a )?higher rank\.")
def _higher_sets(m: re.Match[str], d: Draft) -> None:
    d.set("play.beating", "higher-sets")
    d.note("beat.run-clause", bool(m["run"]))
    if m["setrank"]:
        d.note("example.beat-set", m["setrank"])


@phase.rule("CL-04", r"A set is beaten by a set of the same size with higher ranks, or a larger set of (?:(?P<any>any rank)|a "
            r"higher rank)\.")
def _set_beaten(m: re.Match[str], d: Draft) -> None:
    d.note("beat.sets", "sets-crush" if m["any"] else "higher-sets")


#: One play of an example: "a King", "an 8", "3-3", "a Queen-Queen", "Ace-Ace-Ace".
PLAY = r"(?:an? )?" + RANK + r"(?:-" + RANK + r")*"


@phase.rule("CL-04", r"\(For example, (?P<x>" + PLAY + r") can be beaten by (?P<y>" + PLAY + r")\.\)")
def _beat_example(m: re.Match[str], d: Draft) -> None:
    d.note("example.beat", (m["x"], m["y"]))


@phase.rule("CL-04", r"(?:Runs are|Runs can be|A run is|A run can be) beaten by (?:runs|a run) of the same (?:size|length),? (?:starting|that "
            r"starts?|which starts?) (?:at|from|with) a higher rank\.")
def _runs_beaten(m: re.Match[str], d: Draft) -> None:
    d.note("beat.runs")


# -- CL-05 jokers ------------------------------------------------------------------------------------


#: "can be played at any time, and beats any other play".
ANY_TIME = (r"(?:can|may) be played at any time(?:,? and|,) (?:beats|beating) (?:any(?: other play|thing)|every other play|all other plays)")


@phase.rule("CL-05", r"(?:A single joker|A joker played on its own|A lone joker) " + ANY_TIME + r"\.")
def _joker_top(m: re.Match[str], d: Draft) -> None:
    d.set("play.jokers", "top")


@phase.rule("CL-05", r"(?:The )?(?:(?P<one>joker is)|[Jj]okers are) (?:wild|a wild card|wild cards)(?:,? and|;) (?:it |they )?(?:can|may) "
            r"(?:be played as|represent|stand for|be used as) any card\.")
def _jokers_wild(m: re.Match[str], d: Draft) -> None:
    d.set("play.jokers", "wild")
    d.note("jokers.count", 1 if m["one"] else 2)


# The catalogue's CL-05 clause ("X-joker is beaten by X-X") has no example in the shared book: the
# rule in words, or its example alone.
@phase.rule("CL-05", r"(?:A|Any) set (?:containing|including|made with|with) an? jokers? (?:is|can be) beaten by the same set "
            r"(?:made )?without (?:one|a joker|jokers|any jokers)(?: \((?:eg\.|for example,) [^()]+\))?\.")
def _natural_words(m: re.Match[str], d: Draft) -> None:
    d.set("play.natural_beats_joker", True)


@phase.rule("CL-05", r"\(?(?:For example, )?(?P<x>(?:" + RANK + r"-)+joker|joker(?:-" + RANK + r")+) (?:is|can be) beaten by "
            r"(?P<y>" + RANK + r"(?:-" + RANK + r")+)\.\)?")
def _natural_example(m: re.Match[str], d: Draft) -> None:
    natural = [w for w in m["x"].split("-") if w != "joker"]
    y = m["y"].split("-")
    if len(y) != len(natural) + m["x"].split("-").count("joker") or {rank(w) for w in y} != {rank(w) for w in natural}:
        d.problem("the example of a natural set beating a set with a joker compares different sets")
    d.set("play.natural_beats_joker", True)


# -- CL-06/07/08/09 ----------------------------------------------------------------------------------


@phase.rule("CL-06", r"(?:An? (?:single )?(?P<rank>" + RANK + r")|An? (?P<rank2>" + RANK + r") played on its own) " + ANY_TIME + r"\.")
def _low_bomb(m: re.Match[str], d: Draft) -> None:
    d.set("play.low_bomb", True)
    d.note("low-bomb.rank", rank(m["rank"] or m["rank2"]))


@phase.rule("CL-07", r"A single card (?:can|may) (?:also )?be beaten by (?:a card of )?the same rank in (?:the opposite colou?r(?: suit)?|a suit of the "
            r"opposite colou?r)\.")
def _colour(m: re.Match[str], d: Draft) -> None:
    d.set("play.colour_match", True)


@phase.rule("CL-08", r"(?:Four cards of (?:the same|equal) rank|Four of a kind) (?:are|is|form|make) an? (?P<bomb>[\w -]+?),? and (?:can|may) be "
            r"played at any time to beat anything (?:except|but) (?:an? (?P<rocket>[\w -]+?) or )?a higher-ranking (?P<bomb2>[\w -]+?)\.")
def _bomb(m: re.Match[str], d: Draft) -> None:
    if m["bomb"] != m["bomb2"]:
        d.problem(f"four of a kind is called \"{m['bomb']}\" and \"{m['bomb2']}\"")
    word_check(d, "bomb name", m["bomb"], BOMB_NAMES)
    d.note("bomb.name", m["bomb"])
    if m["rocket"]:
        d.note("rocket.in-bomb", m["rocket"])


@phase.rule("CL-08", r"A pair of jokers is an? (?P<rocket>[\w -]+?), which beats all other plays and cannot be beaten\.")
def _rocket(m: re.Match[str], d: Draft) -> None:
    word_check(d, "rocket name", m["rocket"], ROCKET_NAMES)
    d.note("rocket.name", m["rocket"])


@phase.rule("CL-09", r"(?P<plural>" + RANKS + r") are (?P<word>[\w -]+?): (?:after|when) you play an? (?P<one>" + RANK + r") or a set of "
            r"(?P<many>" + RANKS + r"), they (?:are counted as|count as) copies of the cards? (?:beneath|underneath|under|below) them\.")
def _transparent(m: re.Match[str], d: Draft) -> None:
    ranks = {rank(m["plural"]), rank(m["one"]), rank(m["many"])}
    if len(ranks) != 1:
        d.problem("the transparent rule names different ranks")
        return
    word_check(d, "transparent word", m["word"], TRANSPARENT_WORDS)
    d.set("play.transparent", {"rank": ranks.pop(), "word": m["word"]})
    if m["plural"].lower() == "sixs":
        d.repair("rank-plural", "defect", f"\"{m['plural']}\" (the generator's plural) read as Sixes")


@phase.rule("CL-09", r"If there is no card beneath (?:it|them), (?:it counts|they count) as an? (?P<rank>" + RANK + r")\.")
def _transparent_led(m: re.Match[str], d: Draft) -> None:
    d.note("transparent.led", rank(m["rank"]))


# -- CL-11 the end of a trick ------------------------------------------------------------------------

TRICK = r"(?P<word>hand|trick)"


def _word(m: re.Match[str], d: Draft) -> None:
    if m["word"] == "hand" and d.heard("hand-for-trick") is None:  # listed once, at its first sentence
        d.note("hand-for-trick", d.sentence)


@phase.rule("CL-11", r"In a two-player game, the " + TRICK + r" continues until a player passes\.")
def _two_player(m: re.Match[str], d: Draft) -> None:
    _word(m, d)
    d.note("end.two-player")


@phase.rule("CL-11", r"With (?P<more>more|three(?: or more)?(?: players)?), it continues until all but one player has passed in "
            r"sequence\.")
def _with_more(m: re.Match[str], d: Draft) -> None:
    d.set("play.trick_end", "all-passed")
    d.note("end.with", "three" if m["more"] == "three" else "more")


@phase.rule("CL-11", r"(?:The " + TRICK + r"|(?P<play>Play)) (?:continues|goes on) until (?:all but one player (?:has|have)|all players but one have|"
            r"every player but one has) passed in sequence\.")
def _all_passed(m: re.Match[str], d: Draft) -> None:
    if not m["play"]:
        _word(m, d)
    d.set("play.trick_end", "all-passed")
    d.note("end.with", "all")


# The catalogue's "Skitgubbe" ending has no example in the shared book.
@phase.rule("CL-11", r"The " + TRICK + r" (?:continues until|ends (?:at|when|with)) (?:the first pass|a player passes|any player "
            r"passes),? or (?:until |when |once )?there are as many cards (?:in the middle|in the pile|in it|played) as (?:there are )?"
            r"players\.")
def _first_pass(m: re.Match[str], d: Draft) -> None:
    _word(m, d)
    d.set("play.trick_end", "first-pass")


@phase.rule("CL-11", r"\((?:(?P<yes>(?:Otherwise, a|A) player (?:that|who) has passed (?:may|can) (?:still )?play(?: a card)? later in the (?:same )?trick)"
            r"|(?:Once|After) a player has passed (?:during|in) a trick,? they (?:cannot|may not|can not) rejoin it|A player who has passed "
            r"(?:during|in) a trick (?:cannot|may not) rejoin it)\.\)")
def _rejoin(m: re.Match[str], d: Draft) -> None:
    d.set("play.rejoin", bool(m["yes"]))


# -- CL-12 collection --------------------------------------------------------------------------------


@phase.rule("CL-12", r"When (?:this happens|the " + TRICK + r" ends), the player who played the final card (?:takes|wins|collects) the pile of "
            r"played cards as a trick,? and leads the next(?: trick)?\.")
def _taken(m: re.Match[str], d: Draft) -> None:
    if m["word"]:
        _word(m, d)
    d.set("play.collection", "trick")
    d.note("collection.seen")


@phase.rule("CL-12", r"When (?:this happens|the " + TRICK + r" ends), (?:the pile of played cards is|the played cards are) set aside face-down,? and the "
            r"player who played the final card to (?:it|them|the pile) leads the next trick\.")
def _set_aside(m: re.Match[str], d: Draft) -> None:
    if m["word"]:
        _word(m, d)
    d.set("play.collection", "set-aside")
    d.note("collection.seen")


# -- CL-13 the kitty ---------------------------------------------------------------------------------

@phase.rule("CL-13", CAPTURE_TRICK)
def _capture(m: re.Match[str], d: Draft) -> None:
    _captured(m, d)
    d.note("capture.form", "trick")
    if not d.heard("collection.seen"):
        d.note("capture.early")


# CL-13b (the pile set aside) has no example in the shared book; the catalogue: "the first time the
# capture suit/card lands in the set-aside cards, the player takes the kitty into hand".
#: How the card (or suit) reaches the set-aside pile.
SET_ASIDE = (r"(?:is set aside|has been set aside|is set aside face-down|lands in the set-aside (?:cards|pile)|reaches the set-aside "
             r"(?:cards|pile)|goes into the set-aside (?:cards|pile)|is in a pile (?:that is|of played cards) set aside)")
#: The player who takes the kitty: "the player", or the one who played the pile's last card.
TAKER = r"the player(?P<who> (?:who|that) played the final card(?: to (?:it|that pile|the pile))?)?"
#: "takes the kitty into their hand", in other words.
TAKES = r"(?:also )?(?:takes|must take|adds|picks up|gets|receives|collects|wins) the (?P<kitty>[\w -]+?)(?: (?:into|to) their hand| too| as well)?"


@phase.rule("CL-13", r"(?:(?:The first time|When(?: for the first time)?) (?:that )?(?:a pile (?:containing|which contains|that contains|with) )?" + CAPTURED
            + r" " + SET_ASIDE + r"(?: for the first time)?, " + TAKER + " " + TAKES + r"|(?P<sets>The player who first sets aside a pile "
            r"(?:containing|which contains|that contains|with) " + CAPTURED.replace("?P<suit>", "?P<suit2>").replace("?P<card>", "?P<card2>")
            .replace("?P<nick>", "?P<nick2>") + " " + TAKES.replace("?P<kitty>", "?P<kitty2>") + r"))\.")
def _capture_set_aside(m: re.Match[str], d: Draft) -> None:
    _captured(m, d)
    d.note("capture.form", "set-aside")
    if not (m["who"] or m["sets"]):
        d.note("capture.bare-player")


def _captured(m: re.Match[str], d: Draft) -> None:
    kitty_capture(m, d)


# -- SH-02 face-down rows ----------------------------------------------------------------------------


rows_rules(phase)


# -- finishing ---------------------------------------------------------------------------------------


def finish(d: Draft) -> None:
    for path, what in (("play.opening_leader", "who leads the first trick"),
                       ("play.trick_end", "when a trick ends"), ("play.collection", "what happens to a finished trick")):
        if not d.has(path):
            d.problem(f"no sentence says {what}", "")
    _leads_finish(d)
    _beating_finish(d)
    pack = pack_of(d)
    ranks = pack.ranks() if pack is not None else ()
    _examples(d, ranks)
    _jokers_finish(d)
    _bombs_finish(d, ranks)
    _trick_end_finish(d)
    _collection_finish(d)
    _rows_finish(d)
    _kitty_finish(d)
    if d.get("deck.run_wrap") and d.get("play.leads") != "runs":
        d.fields["deck.run_wrap"] = False
        d.repair("run-wrap-without-runs", "defect",
                 "the note that the lowest rank may count high or low in a run is printed in a game where runs cannot be "
                 "played (the generator prints it either way); dropped", d.said_in.get("run-wrap"))
    if d.get("scoring.stock_out"):
        d.fields["scoring.stock_out"] = False
        d.repair("stock-out-no-stock", "defect",
                 "\"the second time that the stock is exhausted\" in a climbing game, which has no stock to draw from: the "
                 "clause can never apply; dropped", d.source.get("scoring.stock_out"))
    hand = d.heard("hand-for-trick")
    if hand is not None:
        d.repair("hand-means-trick", "reading",
                 "the book says \"hand\" for one trick (\"the hand continues until …\", \"when the hand ends\"); read as the "
                 "trick, keeping \"hand\" for the deal", hand)
    for key, default in (("play.opening_card", None), ("play.runs", None), ("play.must_play", False),
                         ("play.beating", "higher"), ("play.jokers", "none"), ("play.natural_beats_joker", False),
                         ("play.low_bomb", False), ("play.colour_match", False), ("play.bomb", None),
                         ("play.transparent", None), ("play.trick_end", "all-passed"), ("play.rejoin", True),
                         ("play.kitty_capture", None)):
        d.fields.setdefault(key, default)


def _leads_finish(d: Draft) -> None:
    leads = d.get("play.leads")
    if d.heard("leads.by-holder"):
        if leads is None:
            d.set("play.leads", "singles")
            leads = "singles"
    elif leads is None:
        d.problem("no sentence says what may be led", "")
        return
    leader_title_finish(d)
    turn_sets = d.heard("turn.sets")
    if turn_sets is None:
        d.problem("no sentence says that each player in turn passes or beats the last play", "")
    elif turn_sets != (leads != "singles"):
        d.problem("the turn sentence and the lead sentence disagree about playing sets", d.said_in["turn.sets"])
    if d.get("deal.rows") and leads != "singles":
        d.problem("a game with face-down rows leads single cards only, but this one leads sets", d.source.get("play.leads"))


def _beating_finish(d: Draft) -> None:
    beating = d.get("play.beating")
    leads = d.get("play.leads")
    if beating is None:
        d.problem("no sentence says what beats a play", "")
        return
    sentence = d.source.get("play.beating")
    sets = d.heard("beat.sets")
    if d.heard("beat.singles-only"):
        if leads not in (None, "singles"):
            d.problem("\"a card is beaten by any card of a higher rank\" in a game that leads sets", sentence)
        if sets is not None:
            d.problem("a rule for beating sets in a game of single cards", d.said_in["beat.sets"])
    elif sets is None:
        d.problem("no sentence says what beats a set", sentence)
    elif sets != beating:
        d.problem("the rules for beating a single and a set disagree", d.said_in["beat.sets"])
    runs = leads == "runs"
    clause = d.heard("beat.run-clause")
    if clause is not None and clause != runs:
        d.problem("the beating rule's clause about runs does not fit what may be led", sentence)
    if d.heard("beat.runs") and not runs:
        d.problem("a rule for beating runs, but runs may not be led", d.said_in["beat.runs"])
    elif runs and not d.heard("beat.runs"):
        d.problem("runs may be led, but no sentence says what beats a run", d.source.get("play.leads"))
    if leads == "singles" and beating != "higher":
        d.repair("singles-lead-sets-beat", "reading",
                 "only single cards may be led, yet the beating rule lets sets be played; read as: leads stay single cards, "
                 "and a set may be played to beat a single (and is then beaten as the rule says)", sentence)


def _examples(d: Draft, ranks: tuple[str, ...]) -> None:
    """The printed examples against the pack and the rule they illustrate."""
    if not ranks:
        return
    for key in ("example.set", "example.beat-set"):
        said = d.heard(key)
        if said is not None and rank(said) not in ranks:
            d.repair("example-rank-missing", "defect", f"the example names {said}, a rank not in this pack; the rule is read "
                     "as written", d.said_in[key])
    run = d.heard("example.run")
    if run is not None:
        _run_example(d, ranks, *run)
    beat = d.heard("example.beat")
    if beat is not None:
        _beat_example_check(d, ranks, *beat)


def _run_example(d: Draft, ranks: tuple[str, ...], words: tuple[str, ...], suits: tuple[str, ...]) -> None:
    sentence = d.said_in["example.run"]
    if any(suit(s) == "majors" for s in suits):
        d.repair("run-example-majors", "defect",
                 "the run example holds major arcana cards, which have no place in the rank list; the example is not a "
                 "rule: runs are read as the rule says (cards next to each other in the rank list)", sentence)
        return
    try:
        codes = [rank(w) for w in words]
    except KeyError:
        d.problem("the run example names something that is not a rank", sentence)
        return
    low_to_high = tuple(reversed(ranks))
    if any(c not in low_to_high for c in codes):
        d.repair("example-rank-missing", "defect", "the run example names a rank not in this pack; the rule is read as written",
                 sentence)
        return
    wrap = d.get("deck.run_wrap")
    steps = [(low_to_high.index(b) - low_to_high.index(a)) % len(low_to_high) if wrap else
             low_to_high.index(b) - low_to_high.index(a) for a, b in zip(codes, codes[1:])]
    if any(s != 1 for s in steps):
        d.repair("run-example-broken", "defect", f"the run example {'-'.join(words)} is not a run of this pack; the rule is "
                 "read as written", sentence)
    if d.get("play.runs") == "same-suit" and len({suit(s) for s in suits}) > 1:
        d.problem("the example of a same-suit run mixes suits", sentence)


def _play_of(text: str) -> tuple[int, str] | None:
    """ "a Queen-Queen" → (2, "Q"); None when the cards are not of one rank."""
    words = re.sub(r"^an? ", "", text).split("-")
    codes = {rank(w) for w in words}
    return (len(words), codes.pop()) if len(codes) == 1 else None


def _beat_example_check(d: Draft, ranks: tuple[str, ...], x: str, y: str) -> None:
    """CL-04a's example ("3-3 can be beaten by Ace-Ace-Ace") always fits its rule; CL-04b's ("a 7
    can be beaten by a 6-6") picks a lower set, against its own rule (catalogue §2.3)."""
    sentence = d.said_in["example.beat"]
    px, py = _play_of(x), _play_of(y)
    beating = d.get("play.beating")
    if px is None or py is None or px[1] not in ranks or py[1] not in ranks:
        d.problem("the beating example is not two sets of this pack", sentence)
        return
    (nx, rx), (ny, ry) = px, py
    higher = ranks.index(ry) < ranks.index(rx)
    if beating == "sets-crush":
        fits = ny > nx or (ny == nx and higher)
    elif beating == "higher-sets":
        fits = higher and ny >= nx
    else:
        fits = higher and ny == nx
    if not fits:
        d.repair("beat-example-inverted", "reading",
                 f"the example \"{x} can be beaten by {y}\" contradicts the rule it illustrates (the beating set must be of "
                 "higher rank); the rule is read, not the example", sentence)


def _jokers_finish(d: Draft) -> None:
    joker_count_finish(d)
    jokers = d.get("deck.jokers", 0)
    rule = d.get("play.jokers")
    if jokers and rule is None:
        d.set("play.jokers", "wild")
        d.repair("jokers-no-rule", "defect", "the pack has jokers but no sentence gives them a rule; read as wild",
                 d.source.get("deck.jokers"))
    if d.get("play.jokers") == "wild":
        d.repair("wild-joker-alone", "reading", "the book does not say what a wild joker played alone is; read as a single "
                 "card of the top rank (in a set or run it stands for any card of the pack's ranks)",
                 d.source.get("play.jokers"))
    if d.get("play.natural_beats_joker") and d.get("play.jokers") != "wild":
        d.problem("a natural set beats one with a joker, but jokers are not wild", d.source.get("play.natural_beats_joker"))


def _bombs_finish(d: Draft, ranks: tuple[str, ...]) -> None:
    name = d.heard("bomb.name")
    rocket, in_bomb = d.heard("rocket.name"), d.heard("rocket.in-bomb")
    if name is not None:
        if rocket != in_bomb:
            d.problem(f"the pair of jokers is called \"{rocket}\" but the bomb rule names \"{in_bomb}\"" if rocket and in_bomb
                      else "the bomb rule and the rocket rule do not go together", d.said_in["bomb.name"])
        d.set("play.bomb", {"name": name, "rocket": rocket})
        if rocket and d.get("deck.jokers", 0) < 2:
            d.problem(f"a pair of jokers is the {rocket}, but the pack has fewer than two jokers", d.said_in["rocket.name"])
    elif rocket is not None:
        d.problem("a rocket, but no bomb", d.said_in["rocket.name"])
    if d.get("play.jokers") == "top" and name is not None:
        d.repair("joker-bomb-precedence", "reading",
                 f"a single joker \"beats any other play\" and a {name} \"beats anything except a higher-ranking {name}\": the "
                 f"book does not say which wins; read as: the single joker beats a {name}, and a {name} played on a single "
                 "joker does not beat it" + (f" (only the {rocket} does)" if rocket else ""), d.said_in["bomb.name"])
    fact_bomb = d.heard("fact.bomb")
    if fact_bomb is not None and fact_bomb not in (name, (name or "") + "s", (name or "") + "es"):
        d.problem(f"the intro speaks of \"{fact_bomb}\", but no bomb is called that", d.said_in.get("fact"))
    low = d.heard("low-bomb.rank")
    if low is not None and ranks and low != ranks[-1]:
        d.problem(f"the card that beats anything is the {low}, but the lowest rank is {ranks[-1]}", d.source.get("play.low_bomb"))
    t = d.get("play.transparent")
    led = d.heard("transparent.led")
    if t is None:
        if led is not None:
            d.problem("a rule for a transparent card led alone, but no card is transparent", d.said_in["transparent.led"])
        return
    if led is not None and led != t["rank"]:
        d.problem("the transparent rule names different ranks", d.said_in["transparent.led"])
    if ranks and t["rank"] not in ranks:
        d.problem(f"the {t['rank']}s are transparent, but the pack has none", d.source.get("play.transparent"))
    if d.get("play.leads") == "runs":
        d.repair("transparent-on-run", "reading",
                 f"the book does not say what {t['word']} cards laid on a run copy; read as: a run cannot be copied, so "
                 "there they count as their own rank", d.source.get("play.transparent"))


def _trick_end_finish(d: Draft) -> None:
    end = d.get("play.trick_end")
    with_ = d.heard("end.with")
    two = d.heard("end.two-player")
    lo, hi = d.get("players.min"), d.get("players.max")
    if end == "first-pass":
        if with_ is not None or two is not None:
            d.problem("a trick ends both at the first pass and when all but one have passed", d.source.get("play.trick_end"))
        if d.get("play.leads") != "singles" or d.get("play.beating") != "higher":
            d.problem("a trick that ends at the first pass in a game with sets", d.source.get("play.trick_end"))
        return
    if two is not None and with_ == "all":
        d.problem("the two-player rule is followed by the rule for any number of players", d.said_in["end.with"])
    if two is not None and with_ is None:
        d.problem("the rule for two players, but none for more", d.said_in["end.two-player"])
    if with_ in ("three", "more") and two is None:
        d.problem("\"With more, it continues …\" follows no rule for two players", d.said_in["end.with"])
    if two is not None and lo != 2:
        d.repair("two-player-rule-unused", "defect", f"a rule for two players in a game for {lo} to {hi}; kept as written",
                 d.said_in["end.two-player"])
    if with_ == "three" and hi != 3:
        d.problem(f"\"With three\" in a game for up to {hi} players", d.said_in["end.with"])
    if with_ == "all" and lo == 2:
        d.repair("two-player-rule-unsaid", "reading",
                 "no separate rule for two players: with two, all but one have passed after one pass", d.said_in["end.with"])


def _collection_finish(d: Draft) -> None:
    collection = d.get("play.collection")
    kind = d.get("scoring.kind")
    if collection is None or kind is None:
        return
    sentence = d.source.get("play.collection")
    if collection == "trick" and kind not in TRICK_KINDS and kind != "countdown":
        d.problem(f"the pile is taken as a trick, but the hand is scored as a shedding game ({kind})", sentence)
    elif collection == "set-aside" and kind not in SHEDDING_KINDS:
        d.problem(f"the pile is set aside, but the hand is scored by tricks ({kind})", sentence)
    titles = d.heard("titles.retire")
    if collection == "set-aside" and titles:
        d.repair("leader-gone-out", "reading",
                 "who leads when the player of the last card has just gone out is not said; read as the next player to "
                 "their left who still holds cards", sentence)


def _rows_finish(d: Draft) -> None:
    rows = bool(d.get("deal.rows"))
    rows_play_finish(d)
    if rows and d.get("play.collection") == "trick":
        d.repair("rows-never-reached", "defect",
                 "the face-down rows are played once a hand is empty, but with piles taken as tricks the round ends when a "
                 "player plays the last card of their hand: the rows are never reached; kept as written (dealt, never played)",
                 d.source.get("deal.rows"))


def _kitty_finish(d: Draft) -> None:
    kitty = d.get("deal.kitty")
    said = d.heard("capture.kitty")
    if said is None:
        return
    sentence = d.said_in["capture.kitty"]
    if kitty is None or kitty["name"] != said:
        d.problem(f"a pile captures the {said}, but there is no {said}", sentence)
    form = d.heard("capture.form")
    collection = d.get("play.collection")
    if collection is not None and (form == "trick") != (collection == "trick"):
        d.problem("the kitty is captured with a trick, but the piles are set aside" if form == "trick" else
                  "the kitty is taken from a pile set aside, but the piles are taken as tricks", sentence)
    if form == "trick" and d.heard("capture.early"):
        d.repair("capture-before-collection", "defect",
                 "the rule for capturing the kitty with a trick comes before the sentence that makes piles into tricks (the "
                 "generator printed it early); read in its place", sentence)
    if form == "set-aside" and d.heard("capture.bare-player"):
        d.repair("kitty-taker", "reading", "\"the player\" who takes the kitty when the card is set aside: read as the "
                 "player who played the last card of that pile", sentence)


#: The repairs only this family's importer makes (the import report's table of kinds gathers them).
REPAIRS: dict[str, str] = {
    "beat-example-inverted": "beating example contradicts its rule (a lower set beats): the rule is read",
    "run-wrap-without-runs": "run-wrap note in a game without runs: dropped",
    "run-example-majors": "run example in the major arcana, which have no rank: the rule is read",
    "run-example-broken": "run example that is not a run of the pack: the rule is read",
    "singles-lead-sets-beat": "single-card leads with a beating rule that allows sets: leads stay singles, sets may beat",
    "joker-bomb-precedence": "a single joker that beats anything and a bomb: the single joker wins (only a rocket beats it)",
    "rows-never-reached": "face-down rows with piles taken as tricks: the round ends first; rows dealt, never played",
    "stock-out-no-stock": "\"second time the stock is exhausted\" in a climbing game (no stock): dropped",
    "capture-before-collection": "kitty capture printed before piles are made tricks: read in its place",
    "kitty-taker": "\"the player\" who takes the kitty from a pile set aside: the player of its last card",
    "leader-gone-out": "the last card's player went out: the next player to the left with cards leads",
    "wild-joker-alone": "a wild joker played alone: a single of the top rank",
    "transparent-on-run": "transparent cards laid on a run: a run cannot be copied; their own rank",
    "rank-plural": "\"Sixs\" read as Sixes",
    "two-player-rule-unused": "a two-player trick rule in a game for three or more",
    "two-player-rule-unsaid": "no two-player trick rule: one pass ends a trick with two",
}
