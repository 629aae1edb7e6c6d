"""Play of a melding game (``templates/families/melding/play.md.j2``), the *Play* section: who takes the
first turn; the turn as a numbered list (ML-02: the steps in order, the optional ones marked, or the
one-action mode's alternatives) — leaving the hand (a), drawing (b), melding with what a meld is
(c, ML-06's clauses), laying off (d), clearing a meld (e), putting four away (f), discarding with
the called block (g) —; jokers and wild cards (ML-03); the full house (ML-06); the penalty for a meld
that is not valid (ML-05); the stock run out (ML-04) and the blocked hand; calling the name (SH-01);
face-down rows (SH-02), going out and the end of the hand; the pig in a meld; the invented rules in
play (ML-07).

Each step of the turn opens with its title ("Melding (optional)."); the sentences of a step are read
only inside it, and ``finish`` checks the titles: the steps in their order, the optional ones marked
exactly in sequence mode, the discard exactly in sequence mode. Sentences made from other fields
(the examples from the pack, the run order, the progressive wilds, the pig's words, "a"/"an") are
read as forms and checked against the Play section the finished spec prints.
"""

from __future__ import annotations

import re
from typing import Any

from generator.spec import derived
from generator.text.parse.core import Draft, Rule, rule
from generator.text.parse.play_common import hand_end, laws, printed
from generator.text.parse.words import NAME, RANK, RANKS, Unreadable, count, counted, rank

# --------------------------------------------------------------------------- derived facts


def _wild_rank(spec: Any) -> bool:
    return spec.deal.stock is not None and spec.deal.stock.wild_card


def jokers_in_play(spec: Any) -> bool:
    """Jokers in a melding game: the pack's, the cards of the wild rank (DL-09), or the rank wild this
    hand with progressive wilds (ML-03)."""
    return spec.deck.jokers > 0 or _wild_rank(spec) or spec.play.progressive_wilds


def _two_piles(spec: Any) -> bool:
    return spec.deal.stock is not None and spec.deal.stock.discard_piles == 2


def _rearranging(spec: Any) -> bool:
    return spec.play.melds.rearrange != "none"


def _as_printed(d: Draft, m: re.Match[str], what: str) -> None:
    """A sentence made from other fields: it must be the one the finished spec prints."""
    text = m.group(0)
    d.check(lambda spec: text in printed(spec), what)


def _piles(d: Draft, two: bool) -> None:
    d.check(lambda spec: _two_piles(spec) == two, "how many discard piles there are")


# --------------------------------------------------------------------------- the turn (ML-01, ML-02)

#: The steps of a turn in their order (ML-02 a…g), by title, with the mark their content records.
STEPS = {
    "Leaving the hand": "desert",
    "Drawing": "draw",
    "Melding": "meld step",
    "Laying off": "lay off",
    "Clearing a meld": "dump",
    "Putting four away": "stump",
    "Discarding": "discard",
}
_ALWAYS = ("Drawing", "Discarding")  # never optional


def _first_turn(d: Draft, m: re.Match[str]) -> None:
    d.put("play.first_turn", "dealer" if m["who"] == "dealer" else "dealer-left")


def _turn(one_action: bool):
    def handler(d: Draft, m: re.Match[str]) -> None:
        if "mode" in d.notes:
            raise Unreadable("a second list of what a turn is")
        d.notes["mode"] = "one action" if one_action else "sequence"
        if one_action:
            d.put("play.one_action", True)
    return handler


def _step(d: Draft, m: re.Match[str]) -> None:
    if "mode" not in d.notes:
        raise Unreadable("a step of a turn before the rulebook says what a turn is")
    steps = d.notes.setdefault("steps", [])
    steps.append((m["title"], bool(m["opt"])))
    d.notes["step"] = m["title"]


def _in(d: Draft, title: str) -> None:
    """A sentence of one step of the turn: it is read only under that step's title."""
    if d.notes.get("step") != title:
        raise Unreadable(f"this belongs to the step “{title}” of a turn")


def _desert(d: Draft, m: re.Match[str]) -> None:
    _in(d, "Leaving the hand")
    d.put("play.desert", m["verb"])
    counted = bool(m["counted"])   # said only where scoring counts the cards kept
    d.check(lambda spec: derived.counts_cards_left(spec) == counted, "whether the cards left in hand are scored")


_STOCK = {
    "the top card of the stock": "one",
    "the top two cards of the stock": "two",
    "the top card or the top two cards of the stock, as they choose": "one-or-two",
}
_PILE = r"(?:the discard pile|either discard pile)"


def _draw(d: Draft, m: re.Match[str]) -> None:
    _in(d, "Drawing")
    d.put("play.draw.stock", _STOCK[m["stock"]])
    if m["kitty"]:
        d.put("play.draw.kitty", True)
        name = m["kitty"]
        d.check(lambda spec: (spec.deal.kitty.name if spec.deal.kitty else "kitty") == name, "the kitty's name")
    wipe = m["wipe"] is not None
    d.put("play.draw.discard", "wipe" if wipe else "top")
    _piles(d, (m["wipe"] or m["top"]) == "either discard pile")


def _fanned(d: Draft, m: re.Match[str]) -> None:
    _in(d, "Drawing")
    if d.get("play.draw.discard") != "wipe":
        raise Unreadable("fanned discards where no one takes more than the top card")
    _piles(d, m["which"] == "the piles")


def _melded_first(d: Draft, m: re.Match[str]) -> None:
    _in(d, "Drawing")
    d.put("play.draw.melded_first", True)
    _piles(d, m["pile"] == "a discard pile")


def _meld_drawn(d: Draft, m: re.Match[str]) -> None:
    _in(d, "Drawing")
    d.put("play.draw.meld_drawn", True)
    _piles(d, m["pile"] == "a discard pile")
    melds_only = m["how"] == "in melds"
    d.check(lambda spec: _rearranging(spec) == melds_only, "whether cards are laid off or melds rearranged")


# --------------------------------------------------------------------------- melding (ML-02 c, ML-06)


def _meld_step(d: Draft, m: re.Match[str]) -> None:
    _in(d, "Melding")
    d.put("play.melds.many", m["many"] == "any number of melds")


def _before_turn(d: Draft) -> None:
    """What a meld is, said before the turn (whose first steps already speak of melds)."""
    if "mode" in d.notes:
        raise Unreadable("what a meld is belongs before the turn's steps")


def _meld(d: Draft, m: re.Match[str]) -> None:
    _before_turn(d)
    d.put("play.melds.runs", "same-suit" if m["runs"] == "all of one suit" else "any-suit")
    _as_printed(d, m, "an example of a meld from the pack")


def _run_order(d: Draft, m: re.Match[str]) -> None:
    _before_turn(d)
    _as_printed(d, m, "the rank list that runs follow")


def _majors(d: Draft, m: re.Match[str]) -> None:
    _before_turn(d)


def _single(d: Draft, m: re.Match[str]) -> None:
    _in(d, "Melding")
    d.put("play.melds.single", rank(m["r"]))


def _first_run(d: Draft, m: re.Match[str]) -> None:
    _in(d, "Melding")
    d.put("play.melds.first_run", True)
    no_joker = bool(m["no_joker"])
    d.check(lambda spec: jokers_in_play(spec) == no_joker, "jokers in play")


def _meld_flag(field: str):
    def handler(d: Draft, m: re.Match[str]) -> None:
        _in(d, "Melding")
        d.put(f"play.melds.{field}", True)
    return handler


def _rearrange(d: Draft, m: re.Match[str]) -> None:
    _in(d, "Melding")
    d.put("play.melds.rearrange", "any" if m["which"] == "the melds on the table" else "own")


def _full_house(d: Draft, m: re.Match[str]) -> None:
    d.put("play.melds.full_house", m["name"])
    _as_printed(d, m, "“a” or “an”")


# --------------------------------------------------------------------------- laying off, dump, stump, discard


def _lay_off(d: Draft, m: re.Match[str]) -> None:
    _in(d, "Laying off")
    d.put("play.lay_off", "any" if m["whose"] == "any player's melds" else "own")


def _dump(d: Draft, m: re.Match[str]) -> None:
    _in(d, "Clearing a meld")
    d.put("play.dump", m["verb"])
    no_joker = bool(m["no_joker"])
    d.check(lambda spec: jokers_in_play(spec) == no_joker, "jokers in play")
    _piles(d, m["pile"] != "the discard pile")


def _stump(d: Draft, m: re.Match[str]) -> None:
    _in(d, "Putting four away")
    d.put("play.stump", m["name"])
    no_joker = bool(m["no_joker"])
    d.check(lambda spec: jokers_in_play(spec) == no_joker, "jokers in play")
    _as_printed(d, m, "“a” or “an”")


def _discard(d: Draft, m: re.Match[str]) -> None:
    _in(d, "Discarding")
    _piles(d, m["pile"] != "the discard pile")


def _not_taken(d: Draft, m: re.Match[str]) -> None:
    """The reading of ``MeldPlay``: a card taken from a discard pile is not thrown back the same turn,
    unless ``draw.discard_taken`` says it may be."""
    _in(d, "Discarding")
    if m["may"] == "may":
        d.put("play.draw.discard_taken", True)


def _block(d: Draft, m: re.Match[str]) -> None:
    _in(d, "Discarding")
    d.put("play.block", m["word"])


def _false_call(d: Draft, m: re.Match[str]) -> None:
    _in(d, "Discarding")
    if d.get("play.block") is None:
        raise Unreadable("a false call with no word to call")


def _no_action(d: Draft, m: re.Match[str]) -> None:
    if d.notes.get("mode") != "one action":
        raise Unreadable("a turn of steps in order has no actions to choose from")
    d.notes["step"] = None


# --------------------------------------------------------------------------- jokers and wild cards (ML-03)

_WILD_SOURCES = {
    "Jokers are wild, and so are the cards of the wild rank (see *Setup*), which count as jokers for the hand.":
        (True, True),
    "Jokers are wild.": (True, False),
    "The cards of the wild rank (see *Setup*) are jokers for the hand.": (False, True),
}


def _wild(d: Draft, m: re.Match[str]) -> None:
    d.notes["step"] = None
    pack, wild = _WILD_SOURCES[m.group(0)]
    d.check(lambda spec: (spec.deck.jokers > 0, _wild_rank(spec)) == (pack, wild), "the jokers in play")


def _progressive_wilds(d: Draft, m: re.Match[str]) -> None:
    d.notes["step"] = None
    d.put("play.progressive_wilds", True)
    _as_printed(d, m, "the ranks wild hand by hand")


def _joker_meld(d: Draft, m: re.Match[str]) -> None:
    d.notes["step"] = None
    d.check(jokers_in_play, "jokers in play")


def _joker_rule(field: str):
    def handler(d: Draft, m: re.Match[str]) -> None:
        d.notes["step"] = None
        d.put(f"play.{field}", True)
    return handler


def _joker_rearranged(d: Draft, m: re.Match[str]) -> None:
    d.check(lambda spec: jokers_in_play(spec) and _rearranging(spec), "jokers in rearranged melds")


# --------------------------------------------------------------------------- the rest of the hand


def _penalty(d: Draft, m: re.Match[str]) -> None:
    d.notes["step"] = None
    d.put("play.penalty", counted(m["n"]))


def _stock_out(two: bool):
    def handler(d: Draft, m: re.Match[str]) -> None:
        d.notes["step"] = None
        _piles(d, two)
    return handler


def _restock_turn(d: Draft, m: re.Match[str]) -> None:
    d.notes["step"] = None
    _piles(d, False)
    d.put("play.restock", "turn")


def _blocked(d: Draft, m: re.Match[str]) -> None:
    d.put("play.blocked", True)
    # The stock running out again is stated here only where Scoring does not end the hand at the
    # second stock-out (which comes first); laying off is named only where there is some.
    dry, laid_off = bool(m["dry"]), bool(m["laid_off"])
    d.check(lambda spec: (not getattr(spec.scoring, "stock_out", False)) == dry, "the second time the stock runs out")
    if dry:
        d.check(lambda spec: bool(spec.play.lay_off) == laid_off, "laying off")
    rows = bool(m["rows"])
    d.check(lambda spec: spec.deal.rows == rows, "face-down rows")


def _call(d: Draft, m: re.Match[str]) -> None:
    d.put("play.call", m["call"])


def _gone_out(d: Draft, m: re.Match[str]) -> None:
    rows = m["rows"] == " and rows are"
    d.check(lambda spec: spec.deal.rows == rows, "face-down rows")


def _pig_meld(d: Draft, m: re.Match[str]) -> None:
    d.put("play.pig_meld", counted(m["n"]))
    _as_printed(d, m, "the pig")


def _laws(kind: str):
    told = laws(kind)

    def handler(d: Draft, m: re.Match[str]) -> None:
        told(d, m)
        one = bool(m["one"])
        d.check(lambda spec: spec.setup.extra_rules is not None and spec.play.one_action == one,
                "whether a turn is one action")
    return handler


_TITLE = "|".join(re.escape(t) for t in STEPS)

RULES: list[Rule] = [
    rule(r"Play goes clockwise\."),
    # Who takes the first turn (ML-01).
    rule(r"The (?P<who>dealer|player to the dealer's left) takes the first turn\.", _first_turn, marks="first turn"),
    # The shape of a turn (ML-02) and its steps' titles.
    rule(r"A player's turn is these steps, in order:", _turn(False), marks="turn"),
    rule(r"On their turn a player takes one of these actions:", _turn(True), marks="turn"),
    rule(rf"(?P<title>{_TITLE})(?P<opt> \(optional\))?\.", _step),
    # a. Leaving the hand.
    rule(r"The player may \*(?P<verb>[^*]+)\*: they shuffle into the stock a third of the cards in their hand, rounded "
         r"down \(half of them on their first turn\), choosing which, keep the rest and take no further part in the "
         r"hand\.(?P<counted> The cards they keep still count against them when the hand is scored\.)? If every player but one has "
         r"left the hand, that player wins it\.", _desert, marks="desert"),
    # b. Drawing.
    rule(rf"The player takes (?P<stock>{'|'.join(re.escape(s) for s in _STOCK)})"
         r"(?:, or the top card of the \*(?P<kitty>[^*]+)\*)?, or (?:the top card of (?P<top>" + _PILE + r")|any "
         r"number of cards from the top of (?P<wipe>" + _PILE + r"), taken together)\.", _draw, marks="draw"),
    rule(r"The discards are kept fanned, so that every card in (?P<which>the pile|the piles) shows\.", _fanned,
         marks="fanned"),
    rule(r"A player who has not yet laid down a meld this hand may not take from (?P<pile>the discard pile|a discard "
         r"pile)\.", _melded_first),
    rule(r"Cards taken from (?P<pile>the discard pile|a discard pile) must go onto the table in the same turn, "
         r"(?P<how>in melds or laid off|in melds); a player who could not do that may not take them\.", _meld_drawn),
    # c. Melding: what a meld is, its clauses.
    rule(r"The player may lay down (?P<many>any number of melds|one meld) face up in front of them\.", _meld_step,
         marks="meld step", name="melds"),
    rule(r"A \*meld\* is a \*set\*, three or more cards of one rank(?:, such as three [A-Z][a-z]+)?, or a \*run\*, "
         r"three or more cards next to each other in the rank list, (?P<runs>all of one suit|of any suits)"
         r"(?:, such as the [^.]+)?\.", _meld, marks="meld", name="melds"),
    rule(r"Runs follow the rank list of \*The cards\*(?:, in which the [A-Z][a-z]+ may also count above the "
         r"[A-Z][a-z]+| and do not go round the corner: the [A-Z][a-z]+ and the [A-Z][a-z]+ are not next to each "
         r"other)\.", _run_order, marks="run order"),
    rule(r"The majors have no rank: they form no sets, and three or more majors next to each other by number are a "
         r"run of their own\.", _majors, marks="majors"),
    rule(rf"A single (?P<r>{RANK}) is also a meld by itself\.", _single, name="melds"),
    rule(r"Each player's first meld of the hand must be a run(?P<no_joker>, with no joker in it)?\.", _first_run,
         name="melds"),
    rule(r"A player may not lay all their cards on the table on their first turn\.", _meld_flag("no_first_out"),
         name="melds"),
    rule(r"A player who holds a complete meld must lay one down\.", _meld_flag("must_meld"), name="melds"),
    rule(r"A player may never put their last card on the table: it must be kept for the discard\.",
         _meld_flag("keep_card"), name="melds"),
    rule(r"When laying down a new meld, the player may break up and rearrange (?P<which>the melds on the table|their "
         r"own melds on the table), adding at least one card from their hand, as long as only valid melds are left; "
         r"every meld they make or change is then theirs\.", _rearrange),
    # d. Laying off; e. clearing a meld; f. putting four away.
    rule(r"The player may lay off any number of cards from their hand on (?P<whose>any player's melds|their own "
         r"melds), as long as each meld stays valid: a set takes another card of its rank, a run a card next to "
         r"either end\.", _lay_off, marks="lay off"),
    rule(r"The player may \*(?P<verb>[^*]+)\* a meld on the table of four cards of one rank(?P<no_joker> with no joker)?: it goes "
         r"onto (?P<pile>the discard pile|either discard pile, as they choose), beneath the top card, so that the "
         r"card on top stays on top\.", _dump, marks="dump"),
    rule(r"The player may put four cards of one rank from their hand(?P<no_joker>, with no joker among them,)? face down out of the "
         r"hand as an? \*(?P<name>[^*]+)\*; those cards take no further part in the hand\.", _stump, marks="stump"),
    # g. Discarding, the called block.
    rule(r"The player ends their turn by laying one card from their hand face up on (?P<pile>the discard pile|either "
         r"discard pile, as they choose)\.", _discard, marks="discard"),
    rule(r"It (?P<may>may not|may) be a card they took from a discard pile in this turn\.", _not_taken,
         marks="not taken"),
    rule(r"If that card could be added to a meld on the table, they may call “(?P<word>[^”]+)” as they lay it: the "
         r"next player may not take it\.", _block),
    rule(r"If the card could not have been added to a meld, the next player may say so, and the player who called "
         r"then takes a card at random from that player's hand\.", _false_call, marks="false call"),
    rule(r"A player who can take none of these actions passes\.", _no_action, marks="no action"),
    # Jokers and wild cards (ML-03).
    rule("|".join(re.escape(s) for s in _WILD_SOURCES), _wild, marks="wild"),
    rule(rf"In the first hand the {RANKS} are jokers, in the second the {RANKS}, and so on up the rank list; after "
         rf"the {RANKS} the count starts again with the {RANKS}\.", _progressive_wilds),
    rule(r"In every hand the cards of the lowest rank are jokers\.", _progressive_wilds),
    rule(r"A joker stands for any card a meld needs, but every meld must hold at least one card that is not a "
         r"joker\.", _joker_meld, marks="joker meld"),
    rule(r"A meld may hold at most one joker\.", _joker_rule("one_joker"), name="one_joker"),
    rule(r"When melds are rearranged, a joker may come to stand for another card\.", _joker_rearranged,
         marks="joker rearranged"),
    rule(r"On their turn, a player may take a joker from a meld on the table into their hand by putting in its "
         r"place, from their hand, the card it stands for\.", _joker_rule("joker_swap"), name="joker_swap"),
    # The full house (ML-06), the penalty (ML-05).
    rule(r"An? \*(?P<name>[^*]+)\*, three cards of one rank with two of another, may also be laid down as one meld: "
         r"it leaves the game at once, and its player discards the rest of their hand and goes out, winning the "
         r"hand\.", _full_house),
    rule(rf"A meld or a card laid off that is not valid is taken back, and its player draws (?P<n>{count('card')}) "
         r"from the stock as a penalty\.", _penalty),
    # The stock run out (ML-04), the blocked hand.
    rule(r"When the stock runs out, all the cards of the discard pile are shuffled face down to form a new stock, and "
         r"the pile starts again empty; if there are no discards to shuffle, a player who should draw from the stock "
         r"draws nothing\.", _stock_out(False), marks="stock out"),
    rule(r"When the stock runs out, all the cards of both discard piles are shuffled face down to form a new stock, "
         r"and both piles start again empty; if there are no discards to shuffle, a player who should draw from the "
         r"stock draws nothing\.", _stock_out(True), marks="stock out"),
    rule(r"When the stock runs out, the discard pile is turned over, all but its top card, without shuffling, to form "
         r"a new stock, and its top card stays face up to start the pile again; if there is no card beneath the top "
         r"card, a player who should draw from the stock draws nothing\.", _restock_turn, marks="stock out"),
    rule(r"Parlour's rule, added by this edition so that every hand ends: if (?P<dry>the stock runs out again with no "
         r"card laid on the table \(in a meld(?P<laid_off> or laid off)?\) since it last ran out, or if )?every player in turn draws nothing and lays nothing on the table, the hand is \*blocked\*: it ends, and "
         r"the player with the fewest cards in hand(?P<rows> and rows)? wins it as if they had gone out; if several "
         r"tie, the one of them whose turn it is, or whose turn comes soonest, wins\.", _blocked, marks="blocked"),
    # Calling the name (SH-01).
    rule(r"A player left with one card in hand must call “(?P<call>[^”]+)” before the next player's turn begins; if "
         r"they fail to do so, they draw one card from the stock\.", _call),
    # Face-down rows (SH-02), going out, the end of the hand.
    rule(r"A player whose hand is empty plays from their rows: first their face-up cards, as if they were in their "
         r"hand; then, once those are gone, their face-down cards, one at a time and unseen\.", marks="rows"),
    rule(r"At each step that would use a card, such a player turns one face-down card over and uses it if they can; "
         r"if they cannot, it goes back face down in its place and they skip that step\.", marks="rows blind"),
    rule(r"A player whose hand(?P<rows> and rows are| is) empty after any step of their turn has \*gone out\*\.",
         _gone_out, marks="gone out"),
    rule(r"A player who has gone out takes no further part in the hand; play goes on without them until only one "
         r"player still holds cards\.", hand_end("retire"), marks="hand end"),
    rule(r"When a player goes out, the hand ends as \*Scoring\* says\.", hand_end("knock"), marks="hand end"),
    rule(r"As soon as a player goes out, the hand ends at once\.", hand_end("at once"), marks="hand end"),
    # The pig in a meld.
    rule(rf"If the .+? was shown at the start of the hand and lies in a meld on the table when the hand ends, the "
         rf"player who showed it scores (?P<n>{count('point')})\.", _pig_meld),
    # Invented rules in play (SU-09, ML-07).
    rule(rf"Every (?P<law>{NAME}) in force applies to every turn; a step that they leave a player unable to complete "
         r"is skipped(?P<one>, and an action they forbid is not taken)?\.", _laws("bonus"), marks="laws"),
    rule(rf"A card played against an? (?P<law>{NAME}) is taken back; its player does that step again, or skips it if "
         r"they have no other way to do it(?P<one> \(a player with no other action passes\))?\.", _laws("secret"),
         marks="laws"),
]


#: Sentence forms printed exactly when a fact of the spec holds (see generator.text.sections).
MARKS = (
    ("run order", lambda spec: len(spec.deck.ranks()) >= 2, "the rank list that runs follow"),
    ("majors", lambda spec: spec.deck.kind == "tarot", "how the majors meld"),
    ("wild", lambda spec: spec.deck.jokers > 0 or _wild_rank(spec), "which cards are jokers"),
    ("joker meld", jokers_in_play, "what a joker stands for"),
    ("joker rearranged", lambda spec: jokers_in_play(spec) and _rearranging(spec), "jokers in rearranged melds"),
    ("fanned", lambda spec: spec.play.draw.discard == "wipe", "that the discards are fanned"),
    ("no action", lambda spec: spec.play.one_action, "a player with no action to take"),
    ("not taken", lambda spec: not spec.play.one_action, "that a card taken from a discard pile is not thrown back"),
    ("rows", lambda spec: spec.deal.rows, "how the rows are played"),
    ("rows blind", lambda spec: spec.deal.rows, "how the face-down cards are played"),
    ("laws", lambda spec: spec.setup.extra_rules is not None, "the invented rules in play"),
)


def _check_steps(d: Draft) -> None:
    """The titles of the turn's steps: in order, each once, drawing and melding always there, the
    discard exactly in sequence mode, "(optional)" exactly on sequence mode's optional steps; each
    title followed by what the step is."""
    sequence = d.notes["mode"] == "sequence"
    steps = d.notes.get("steps", [])
    titles = [title for title, _ in steps]
    order = list(STEPS)
    if titles != sorted(set(titles), key=order.index):
        raise Unreadable("the steps of a turn are out of order, or one is there twice")
    for needed in ("Drawing", "Melding"):
        if needed not in titles:
            raise Unreadable(f"a turn without the step “{needed}”")
    if ("Discarding" in titles) != sequence:
        raise Unreadable("a discard in a one-action turn" if not sequence else "a turn of steps with no discard")
    for title, optional in steps:
        if optional != (sequence and title not in _ALWAYS):
            raise Unreadable(f"the step “{title}” is {'not ' if not optional else ''}marked optional, wrongly")
        if STEPS[title] not in d.seen:
            raise Unreadable(f"the step “{title}” never says what a player does")
    for title, mark in STEPS.items():
        if mark in d.seen and title not in titles:
            raise Unreadable(f"“{title}” is told outside the list of a turn")


def finish(d: Draft) -> None:
    for mark, what in (("first turn", "who takes the first turn"), ("turn", "what a player does on their turn"),
                       ("meld", "what a meld is"), ("stock out", "what happens when the stock runs out"),
                       ("gone out", "when a player goes out"),
                       ("hand end", "when a hand ends")):
        if mark not in d.seen:
            raise Unreadable(f"the rulebook never says {what}")
    _check_steps(d)
    if d.get("play.block") is not None and "false call" not in d.seen:
        raise Unreadable("a word to call with nothing said of a false call")
    if "lay off" not in d.seen:
        d.put("play.lay_off", None)
    if "blocked" not in d.seen:   # Parlour's rule, printed exactly when the spec has it
        d.put("play.blocked", False)


__all__ = ["MARKS", "RULES", "STEPS", "finish", "jokers_in_play"]
