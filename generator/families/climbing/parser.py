"""Play of a climbing game (``templates/families/climbing/play.md.j2``), the *Play* section: the opening
leader, then the five steps of a trick — the lead (singles, sets, runs), passing or beating, what
beats what (sets crushing singles, higher sets, runs, jokers on top or wild, the low-rank bomb, the
colour match, bombs and the rocket, transparent cards), the end of the trick and what becomes of its
cards (taken as a trick or set aside, the kitty captured) — then face-down rows, going out, the
invented rules in play and the worked example of what beats what.

The examples (the pair and the run of the lead, the table of what beats what, the ranks named in
passing) are made from the pack; they are read as forms and checked against the Play section the
finished spec prints, so an example that does not follow from the rules is refused.
"""

from __future__ import annotations

import re
from typing import Any

from generator.text.parse.core import Draft, Rule, rule
from generator.text.parse.play_common import capture_in_kitty, holder, laws, leader, opening_card, printed
from generator.text.parse.words import (
    CARD, NAME, NICKNAME, RANK, RANKS, SUIT_ONE, Unreadable, card, nickname, rank, rank_plural, suit_one,
)


def _example(d: Draft, m: re.Match[str]) -> None:
    """A sentence with an example from the pack: printed as is for the finished spec."""
    text = m.group(0)
    d.check(lambda spec: text in printed(spec), "an example from the pack")


# --------------------------------------------------------------------------- 1. the lead (CL-02)


def _leads(value: str):
    def handler(d: Draft, m: re.Match[str]) -> None:
        d.put("play.leads", value)
        if m.groupdict().get("example"):
            _example(d, m)
    return handler


_RUN_KINDS = {"all of the same suit": "same-suit", "of any suits": "any-suit", "of any suits or of one": None}


def _run(d: Draft, m: re.Match[str]) -> None:
    if d.get("play.leads") != "sets":
        raise Unreadable("runs, but no sets before them")
    d.data["play"]["leads"] = "runs"
    kind = _RUN_KINDS[m["kind"]]
    if kind is not None:
        d.put("play.runs", kind)
    if m["example"]:
        _example(d, m)


def _sets_not_led(d: Draft, m: re.Match[str]) -> None:
    d.check(lambda spec: spec.play.leads == "singles" and spec.play.sets_allowed(), "sets played on single cards")


# --------------------------------------------------------------------------- 2. and 3. beating (CL-03 … CL-09)


def _base(sets: bool):
    def handler(d: Draft, m: re.Match[str]) -> None:
        # Sets are played when they may be led, or laid on single cards (``ClimbPlay.sets_allowed``).
        d.check(lambda spec: (spec.play.leads != "singles" or spec.play.beating != "higher") == sets,
                "whether sets are played")
    return handler


def _beating(value: str):
    def handler(d: Draft, m: re.Match[str]) -> None:
        d.put("play.beating", value)
        runs = bool(m["runs"])
        d.check(lambda spec: spec.play.runs_allowed() == runs, "whether runs are played")
    return handler


def _equal(d: Draft, m: re.Match[str]) -> None:
    except_ = bool(m["except"])
    d.check(lambda spec: bool(spec.play.colour_match or spec.play.natural_beats_joker
                              or spec.play.transparent) == except_,
            "the rules under which equal ranks beat")


def _joker_top(d: Draft, m: re.Match[str]) -> None:
    d.put("play.jokers", "top")
    bomb, rocket = m["bomb"], m["rocket"]
    if m["r0"] != rocket:
        raise Unreadable("the rocket is called by two names")
    d.check(lambda spec: (spec.play.bomb.name if spec.play.bomb else None) == bomb
            and (spec.play.bomb.rocket if spec.play.bomb else None) == rocket, "the bomb and the rocket")


def _joker_wild(d: Draft, m: re.Match[str]) -> None:
    d.put("play.jokers", "wild")
    combos = m["combos"]   # the plays a joker stands in, named only where the game has them
    d.check(lambda spec: combos == (("a set or a run" if spec.play.runs_allowed() else "a set")
                                    if spec.play.sets_allowed() else None), "the sets and runs a joker may stand in")
    _example(d, m)


def _low_bomb(d: Draft, m: re.Match[str]) -> None:
    d.put("play.low_bomb", True)
    _example(d, m)


def _bomb(d: Draft, m: re.Match[str]) -> None:
    names = {m["bomb"], m["b2"], m["b3"], m["b4"]}
    if len(names) != 1:
        raise Unreadable("the bomb is called by two names")
    d.put("play.bomb.name", m["bomb"])
    d.notes["rocket"] = m["rocket"]


def _rocket(d: Draft, m: re.Match[str]) -> None:
    if d.get("play.bomb") is None or d.notes.get("rocket") != m["rocket"]:
        raise Unreadable(f"the “{m['rocket']}” is not the rocket the bombs name")
    d.put("play.bomb.rocket", m["rocket"])


def _transparent(d: Draft, m: re.Match[str]) -> None:
    code = rank_plural(m["plural"])
    if rank_plural(m["p2"]) != code or rank(m["r2"]) != code:
        raise Unreadable("the transparent cards are of two ranks")
    d.put("play.transparent", {"rank": code, "word": m["word"]})
    sets, runs = bool(m["sets"]), bool(m["runs"])   # named only where the game has them
    d.check(lambda spec: (spec.play.sets_allowed(), spec.play.runs_allowed()) == (sets, runs),
            "the sets and runs transparent cards are laid on")


# --------------------------------------------------------------------------- 4. and 5. the end of a trick


def _trick_end(value: str):
    def handler(d: Draft, m: re.Match[str]) -> None:
        d.put("play.trick_end", value)
    return handler


def _rejoin(value: bool):
    def handler(d: Draft, m: re.Match[str]) -> None:
        d.put("play.rejoin", value)
        if value:
            d.check(lambda spec: spec.play.trick_end == "all-passed", "a trick that ends when all have passed")
    return handler


def _collection(value: str):
    def handler(d: Draft, m: re.Match[str]) -> None:
        d.put("play.collection", value)
    return handler


def _capture(collection: str):
    def handler(d: Draft, m: re.Match[str]) -> None:
        if m["card"]:
            d.put("play.kitty_capture", {"card": card(m["card"]), "nickname": nickname(m["nick"])})
        else:
            d.put("play.kitty_capture", {"suit": suit_one(m["one"])})
        name = m["kitty"]
        if "k2" in m.re.groupindex and m["k2"] != name:
            raise Unreadable("the kitty is called by two names")
        d.check(lambda spec: (spec.deal.kitty.name if spec.deal.kitty else "kitty") == name, "the kitty's name")
        d.check(lambda spec: spec.play.collection == collection, "what becomes of a trick")
    return handler


# --------------------------------------------------------------------------- going out, rows, invented rules


def _gone_out(d: Draft, m: re.Match[str]) -> None:
    rows = bool(m["rows"])
    d.check(lambda spec: (spec.deal.rows and spec.play.collection == "set-aside") == rows, "face-down rows")


def _retire(value: bool):
    def handler(d: Draft, m: re.Match[str]) -> None:
        d.check(lambda spec: (spec.scoring.kind == "titles" and spec.scoring.retire) == value,
                "whether players retire from the hand")
    return handler


def _table_row(d: Draft, m: re.Match[str]) -> None:
    d.notes.setdefault("examples", []).append(m.group(0))


def _holder_with(d: Draft, m: re.Match[str]) -> None:
    holder(d, m)
    d.put("play.opening_play", "with")


RULES: list[Rule] = [
    rule(r"Play goes clockwise\."),
    # The opening leader (CL-01).
    rule(rf"The player who holds (?P<card>{CARD}) leads it to the first trick, as a single card; if nobody holds "
         r"it, the player to the dealer's left leads\.", holder),
    rule(rf"The player who holds (?P<card>{CARD}) leads to the first trick with any lead that includes it; if nobody "
         r"holds it, the player to the dealer's left leads\.", _holder_with),
    rule(rf"The (?P<who>{NAME}) leads to the first trick\.", leader),
    rule(rf"The opening card is (?P<card>{CARD})\.", opening_card),
    # 1. The lead (CL-02).
    rule(r"To start a trick, the player who leads it plays any single card face up\.", _leads("singles"), marks="lead"),
    rule(r"To start a trick, the player who leads it plays face up any single card, or a \*set\*: two or more cards "
         r"of the same rank(?P<example>, for example a pair of [^.]+)?\.", _leads("sets"), marks="lead"),
    rule(r"That player may also lead a \*run\*: three or more cards next to each other in the rank list, "
         r"(?P<kind>all of the same suit|of any suits or of one|of any suits)(?P<example>, for example the [^.]+)?\.",
         _run),
    rule(r"Sets may not be led, but may be played to beat a single card \(see below\)\.", _sets_not_led),
    # 2. Passing or beating (CL-03).
    rule(r"Then each other player in turn either passes or plays something that beats the last play of the trick\.",
         marks="beat"),
    rule(r"A player who can beat the last play must do so; only a player who cannot may pass\.",
         lambda d, m: d.put("play.must_play", True), name="must_play"),
    # 3. What beats what (CL-04 … CL-09).
    rule(r"A single card is beaten by a single card of a higher rank, and a set by a set of as many cards of a "
         r"higher rank\.", _base(True), marks="base"),
    rule(r"A single card is beaten by a single card of a higher rank\.", _base(False), marks="base"),
    rule(r"A single card is also beaten by any set(?P<runs> or any run)?, whatever its rank, and a set by any set of "
         r"more cards\.", _beating("sets-crush")),
    rule(r"A single card is also beaten by a set of a higher rank(?P<runs> or a run that holds a card of a higher "
         r"rank)?, and a set by a set of more cards of a higher rank\.", _beating("higher-sets")),
    rule(r"A run is beaten by a run of as many cards whose lowest card is of a higher rank; its suits need not match "
         r"those of the run it beats\.",
         lambda d, m: d.check(lambda spec: spec.play.runs_allowed(), "runs"), name="runs_beaten"),
    rule(r"Cards of equal rank never beat each other(?P<except>, except as the rules below say)?\.", _equal),
    rule(r"A major is played only as a single card; the majors rank above every card of the suits, by their "
         r"number\.", marks="majors"),
    rule(r"A single card is also beaten by the card of the same rank in the other colour: a heart or a diamond by a "
         r"club or a spade, and a club or a spade by a heart or a diamond\.",
         lambda d, m: d.put("play.colour_match", True), name="colour_match"),
    rule(rf"A joker is played only as a single card(?: or, with the other joker, as the (?P<r0>{NAME}))?; it beats "
         rf"any play(?:, a (?P<bomb>{NAME}) included)?, and nothing beats it(?: but the (?P<rocket>{NAME}))?\.",
         _joker_top),
    rule(r"A joker is \*wild\*: (?:in (?P<combos>a set or a run|a set) that holds at least one other card it stands "
         rf"for any card of the pack's ranks, and )?played alone it is a single card of the highest rank(?: \({RANK}\))?\.", _joker_wild),
    rule(r"The two jokers with no other card are not a play\.", marks="jokers alone"),
    rule(r"A set made without a joker beats the same set made with one\.",
         lambda d, m: d.put("play.natural_beats_joker", True), name="natural_beats_joker"),
    rule(rf"A single card of the lowest rank(?: \(an? {RANK}\))? may be played on any play(?:, a {NAME} included)?, "
         rf"and beats it; nothing then beats it(?: but (?:a joker played alone|the {NAME})(?: or the {NAME})?)?\.",
         _low_bomb),
    rule(rf"Four cards of the same rank are a \*(?P<bomb>[^*]+)\*: a (?P<b2>{NAME}) may be led or played on any "
         rf"play, and beats it; only a (?P<b3>{NAME}) of a higher rank(?: or the (?P<rocket>{NAME}))? beats a "
         rf"(?P<b4>{NAME})\.", _bomb),
    rule(r"The two jokers played together as a pair are the \*(?P<rocket>[^*]+)\*: it may be led or played on any "
         r"play, it beats everything, and nothing beats it\.", _rocket),
    rule(rf"(?P<plural>{RANKS}) are \*(?P<word>[^*]+)\*: (?P<p2>{RANKS}) laid on a single card(?P<sets> or a set)? count as "
         rf"cards of its rank, and beat it when they are as many, though of the same rank; led(?P<runs>, or in a run)?, an? "
         rf"(?P<r2>{RANK}) counts as its own rank\.", _transparent),
    # 4. The end of a trick (CL-11).
    rule(r"The trick ends when all the other players still in the hand have passed, one after another, since the "
         r"last play\.", _trick_end("all-passed"), marks="trick end"),
    rule(r"The trick ends as soon as a player passes, or once it holds as many cards as there are players\.",
         _trick_end("first-pass"), marks="trick end"),
    rule(r"A player who has passed may not play again in the same trick\.", _rejoin(False), marks="rejoin"),
    rule(r"A player who has passed may still play later in the same trick\.", _rejoin(True), marks="rejoin"),
    # 5. The cards of the trick (CL-12) and the kitty (CL-13).
    rule(rf"The first player in the hand to win a trick that holds (?:(?P<card>{CARD})(?: (?P<nick>{NICKNAME}))?|an? "
         rf"(?P<one>{SUIT_ONE})) also takes the \*(?P<kitty>[^*]+)\*: it counts as one more trick won, and its cards "
         r"count in the scoring\.", _capture("trick")),
    rule(r"The last player to play takes the cards of the trick face down as a trick won, and leads to the next "
         r"trick\.", _collection("trick"), marks="collection"),
    rule(r"The cards of the trick are set aside face down, out of play for the hand, and the last player to play "
         r"leads to the next trick\.", _collection("set-aside"), marks="collection"),
    rule(rf"The first time a trick that holds (?:(?P<card>{CARD})(?: (?P<nick>{NICKNAME}))?|an? (?P<one>{SUIT_ONE})) "
         r"is set aside, the player who played its last card takes the \*(?P<kitty>[^*]+)\* into their hand; if that "
         rf"player has no cards left, the (?P<k2>{NAME}) stays where it is\.", _capture("set-aside")),
    rule(rf"If that card lies in the (?P<k1>{NAME}) itself, no one takes the (?P<k2>{NAME})\.", capture_in_kitty),
    rule(r"If that player has no cards left, the next player to their left who still holds cards leads instead\.",
         marks="leads instead"),
    # Face-down rows (SH-02), going out, the end of the hand.
    rule(r"A player whose hand is empty plays from their rows: first their face-up cards, as if they were in their "
         r"hand; then, once those are gone, their face-down cards, one at a time and unseen\.", marks="rows"),
    rule(r"On their turn such a player turns one face-down card over and plays it if it may be played; if not, it "
         r"goes back face down in its place and the player passes\.", marks="rows blind"),
    rule(r"The rows are never played in this game: the hand ends as soon as a player's hand is empty\.",
         marks="rows unplayed"),
    rule(r"A player who has played the last card of their hand(?P<rows> and of their rows)? has \*gone out\*\.",
         _gone_out, marks="gone out"),
    rule(r"A player who has gone out takes no further part in the hand; play goes on without them until only one "
         r"player still holds cards\.", _retire(True), marks="hand end"),
    rule(r"As soon as a player goes out, the hand ends at once; the unfinished trick is set aside, won by no one\.",
         _retire(False), marks="hand end"),
    # Invented rules in play (CL-10).
    rule(rf"Every (?P<law>{NAME}) in force applies to every play; a player whom they leave with no play they may "
         r"make passes\.", laws("bonus"), marks="laws"),
    rule(rf"A play that breaks an? (?P<law>{NAME}) is taken back; its player plays again, or passes if they have no "
         r"other play they may make\.", laws("secret"), marks="laws"),
    # The worked example.
    rule(r"For example:", marks="examples"),
    rule(r"\| Last play \| May be beaten by \|"),
    rule(r"\| [^|]+ \| [^|]+ \|", _table_row, name="example_row"),
]


def _rows_played(spec: Any) -> bool:
    """Rows are played once the hand is empty where piles are set aside; with tricks taken, the hand
    ends when a hand is empty."""
    return spec.deal.rows and spec.play.collection == "set-aside"


def _has_examples(spec: Any) -> bool:
    return len(spec.deck.ranks()) >= 2


#: Sentence forms printed exactly when a fact of the spec holds (see generator.text.sections).
MARKS = (
    ("majors", lambda spec: spec.deck.kind == "tarot", "how a major compares with a suit card"),
    ("rows", _rows_played, "how the rows are played"),
    ("rows blind", _rows_played, "how the face-down cards are played"),
    ("rows unplayed", lambda spec: spec.deal.rows and spec.play.collection == "trick", "that the rows are not played"),
    ("laws", lambda spec: spec.setup.extra_rules is not None, "the invented rules in play"),
    ("jokers alone", lambda spec: spec.play.jokers == "wild" and spec.deck.jokers == 2
     and not (spec.play.bomb and spec.play.bomb.rocket), "that two wild jokers alone are not a play"),
    ("examples", _has_examples, "the example of what beats what"),
)


def _examples_agree(rows: list[str]):
    def test(spec: Any) -> bool:
        return [line for line in printed(spec).split("\n") if line.startswith("| ")][1:] == rows
    return test


def finish(d: Draft) -> None:
    if d.get("play.leads") is None:
        raise Unreadable("the rulebook never says what may be led")
    for mark, what in (("beat", "how players pass or beat"),
                       ("base", "what beats what"), ("trick end", "when a trick ends"),
                       ("collection", "what becomes of a trick"), ("leads instead", "who leads after going out"),
                       ("gone out", "when a player goes out"), ("hand end", "when a hand ends")):
        if mark not in d.seen:
            raise Unreadable(f"the rulebook never says {what}")
    if d.get("play.trick_end") == "all-passed" and "rejoin" not in d.seen:
        raise Unreadable("the rulebook never says whether a player who passed may play again")
    if "examples" in d.seen:
        d.check(_examples_agree(d.notes.get("examples", [])), "the example of what beats what")
    elif d.notes.get("examples"):
        raise Unreadable("a table with no sentence to introduce it")
