"""Play of a matching game (``templates/families/matching/play.md.j2``), the *Play* section: who takes
the first turn; the matching rule and its example from the pack, or the claims and challenges of
cheat mode (MT-02); passing and drawing (MT-05); the stock run out and the emptied pile; several
cards as one play (MT-06); the opening discard (MT-07) and a joker turned to start a pile; calling
the name (SH-01); the blocked hand; face-down rows (SH-02), going out, the invented rules in play;
and the table of special cards (MT-04: the countdown wild, the ranks with effects, the jokers, the
named card).

Sentences that follow from other fields (the example's rank, the readings printed when they apply,
the two-player note of a skip or a reverse, the three top ranks of the pack) are read as forms and
checked against the finished spec; the table as a whole is checked against the Play section the
finished spec prints, so a row out of order or a decision that does not go with its effect is
refused.
"""

from __future__ import annotations

import re
from typing import Any

from generator.text.parse.core import Draft, Rule, rule
from generator.text.parse.play_common import hand_end, laws, printed
from generator.text.parse.words import CARD, NAME, NICKNAME, RANK, Unreadable, card, count, counted, nickname, rank
from generator.text.phrases import plural_noun

# --------------------------------------------------------------------------- derived facts


def free_ranks(spec: Any) -> list[str]:
    """The pack's ranks without a special effect, highest first: the example of matching uses the first."""
    taken = {effect.rank for effect in spec.play.effects}
    return [r for r in spec.deck.ranks() if r not in taken]


def _kinds(spec: Any) -> set[str]:
    return {effect.kind for effect in spec.play.effects}


def _wild_rank(spec: Any) -> bool:
    return spec.deal.stock is not None and spec.deal.stock.wild_card


def _jokers(spec: Any) -> bool:
    """Jokers in play: the pack's, or the cards of the wild rank (DL-09)."""
    return spec.deck.jokers > 0 or _wild_rank(spec)


def _two_piles(spec: Any) -> bool:
    return spec.deal.stock is not None and spec.deal.stock.discard_piles == 2


def _emptied(spec: Any) -> bool:
    """Whether a discard pile can be emptied in play: picked up (a pass, a challenge) or shuffled away."""
    p = spec.play
    return p.cheat is not None or p.draw == "pile" or "reshuffle" in _kinds(spec)


def _example(d: Draft, m: re.Match[str]) -> None:
    text = m.group(0)
    d.check(lambda spec: text in printed(spec), "an example from the pack")


def _piles(d: Draft, where: str) -> None:
    two = where == "either discard pile"
    d.check(lambda spec: _two_piles(spec) == two, "how many discard piles there are")


# --------------------------------------------------------------------------- the turn (MT-01, MT-03, MT-05)


def _first_turn(d: Draft, m: re.Match[str]) -> None:
    d.put("play.first_turn", "dealer" if m["who"] == "dealer" else "dealer-left")


def _play(d: Draft, m: re.Match[str]) -> None:
    _piles(d, m["where"])
    d.notes["mode"] = "open"


def _claim(d: Draft, m: re.Match[str]) -> None:
    _piles(d, m["where"])
    d.notes["mode"] = "cheat"


def _mode(expected: str, what: str):
    def handler(d: Draft, m: re.Match[str]) -> None:
        if d.notes.get("mode") != expected:
            raise Unreadable(f"{what} in a game {'without' if expected == 'cheat' else 'with'} claims")
    return handler


#: The matching rule's exception, printed when the game has cards that can always be played.
_UNLESS = r"(?P<unless>, unless it is a card that can always be played)?"


def always_playable(spec: Any) -> bool:
    """Whether the game has cards that can always be played: wilds, open cards, a reshuffle that can
    always be played, a player's countdown wild, jokers."""
    p = spec.play
    return (bool(_kinds(spec) & {"wild", "open"}) or p.countdown_wild or _jokers(spec)
            or any(effect.always for effect in p.effects))


def _matching(mode: str):
    def handler(d: Draft, m: re.Match[str]) -> None:
        _mode(mode, "matching" if mode == "open" else "a claim")(d, m)
        unless = bool(m["unless"])
        d.check(lambda spec: always_playable(spec) == unless, "cards that can always be played")
    return handler


def _challenge(d: Draft, m: re.Match[str]) -> None:
    _mode("cheat", "a challenge")(d, m)
    d.put("play.cheat", {"word": m["word"]})


def _claimer_left(d: Draft, m: re.Match[str]) -> None:
    _mode("cheat", "a challenge")(d, m)
    reversed_ = bool(m["reversed"])
    d.check(lambda spec: ("reverse" in _kinds(spec)) == reversed_, "whether play can be reversed")


_TAKES = {
    "draws one card from the stock": ("stock", None),
    "picks up the whole discard pile into their hand": ("pile", False),
    "picks up the whole of either discard pile, as they choose, into their hand": ("pile", True),
}
TAKE = "|".join(re.escape(t) for t in _TAKES)


def _pass(must: bool):
    def handler(d: Draft, m: re.Match[str]) -> None:
        _mode("open", "passing")(d, m)
        draw, two = _TAKES[m["take"]]
        if must:
            d.put("play.must_play", True)
        if draw != "stock":
            d.put("play.draw", draw)
            d.check(lambda spec: _two_piles(spec) == two, "how many discard piles there are")
        d.notes["draw"] = draw
    return handler


def _play_drawn(draw: str):
    def handler(d: Draft, m: re.Match[str]) -> None:
        if d.notes.get("draw") != draw:
            raise Unreadable("a card played at once that was never drawn")
        d.put("play.play_drawn", True)
    return handler


def _turn_ends(d: Draft, m: re.Match[str]) -> None:
    """A player who drew keeps what they took until their next turn (no ``play_drawn``)."""
    if d.notes.get("draw") != ("stock" if m["what"] == "card drawn" else "pile"):
        raise Unreadable("a turn that ends on a draw never made")
    d.check(lambda spec: not spec.play.play_drawn, "a card drawn kept until the next turn")


def _play_any_after_draw(d: Draft, m: re.Match[str]) -> None:
    _play_drawn("stock")(d, m)
    d.put("play.after_draw", "any")


def _stock_out(two: bool):
    def handler(d: Draft, m: re.Match[str]) -> None:
        d.check(lambda spec: _two_piles(spec) == two, "how many discard piles there are")
    return handler


def _emptied_pile(d: Draft, m: re.Match[str]) -> None:
    d.check(_emptied, "a discard pile picked up or shuffled away")


# --------------------------------------------------------------------------- several cards, the opening, calling


def _multiple(value: str):
    def handler(d: Draft, m: re.Match[str]) -> None:
        d.put("play.multiple", value)
    return handler


def _jokers_alone(d: Draft, m: re.Match[str]) -> None:
    d.check(lambda spec: spec.play.multiple != "none" and _jokers(spec), "jokers in a play of several")


def _opening(value: str):
    def handler(d: Draft, m: re.Match[str]) -> None:
        if value == "dealer":
            d.put("play.opening_effect", "dealer")
        else:
            d.check(lambda spec: bool(spec.play.effects or spec.play.named_card), "special cards to turn")
    return handler


def _call(d: Draft, m: re.Match[str]) -> None:
    d.put("play.call", m["call"])


def _blocked(d: Draft, m: re.Match[str]) -> None:
    _mode("open", "a blocked hand")(d, m)
    rows = bool(m["rows"])
    d.check(lambda spec: spec.deal.rows == rows, "face-down rows")


# --------------------------------------------------------------------------- rows, going out, invented rules


def _rows_blind(cheat: bool):
    def handler(d: Draft, m: re.Match[str]) -> None:
        d.check(lambda spec: spec.deal.rows and (spec.play.cheat is not None) == cheat, "how rows are played")
    return handler


def _gone_out(d: Draft, m: re.Match[str]) -> None:
    rows = bool(m["rows"])
    d.check(lambda spec: spec.deal.rows == rows, "face-down rows")


# --------------------------------------------------------------------------- the special cards (MT-04)

_AGAIN = r"(?P<two> \(with two players, its player takes another turn\))?"
_ALWAYS = r"(?P<always_note> \(a card that can always be played still may be\))?"
_CARDS = count("card")
_POINTS = count("point")

#: The effect cell of a rank's row, by kind: (kind, the cell's form). Parameters are named groups.
_EFFECTS: list[tuple[str, re.Pattern[str]]] = [(kind, re.compile(form)) for kind, form in (
    ("wild", r"can always be played, and its player names the suit to follow"),
    ("open", r"can always be played, and any card may be played on it"),
    ("not-last", r"may not be the last card to leave a hand"),
    ("kitty-take", r"the first player to play one takes the \*(?P<kitty>[^*]+)\* into their hand"),
    ("kitty-give", r"the first time one is played, its player may make the next player take the \*(?P<kitty>[^*]+)\* "
                   r"into their hand"),
    ("reshuffle", r"(?P<always>can always be played; then )?the discard pile it is played on, itself included, is "
                  r"shuffled into the stock, and its player takes another turn, in which any card may be played onto "
                  r"the emptied pile"),
    ("reverse", rf"reverses the direction of play{_AGAIN}"),
    ("stacked", rf"the next player must play an? (?P<r1>{RANK}) or draw (?P<draw>{_CARDS}); each (?P<r2>{RANK}) "
                rf"played on the chain adds (?P<step>{_CARDS}) to what the player after must draw; a player who "
                r"draws ends the chain and their turn"),
    ("targeted", rf"its player chooses any other player, who must draw (?P<draw>{_CARDS}) or play an? (?P<r1>{RANK}) "
                 rf"and choose a player in turn; each (?P<r2>{RANK}) played on the chain adds (?P<step>{_CARDS}) to "
                 r"what the player chosen next must draw; then play goes on from the left of the player who began "
                 r"the chain"),
    ("again", r"its player takes another turn"),
    ("skip", rf"the next player misses their turn{_AGAIN}"),
    ("all-draw", r"every player draws one card, in turn from its player's left round to its player"),
    ("top-follow", rf"instead of matching it, the next card must be (?P<top>an? {RANK}(?:(?:, an? {RANK})* or an? "
                   rf"{RANK})?), of any suit{_ALWAYS}"),
    ("pass-hands", r"every player passes their whole hand to the player on their (?P<direction>left|right)"),
    ("give", r"its player may give one card from their hand to another player"),
    ("transparent", r"\*(?P<word>[^*]+)\*: after it is played it goes to the bottom of the discard pile, so the card "
                    r"beneath stays the one to match; laid on an empty pile, it is itself the one to match"),
    ("tuck", r"its player may tuck one other card from their hand face down beneath it"),
    ("cordial", r"\*(?P<word>[^*]+)\*: its player names another suit, and the next card may be of that suit too"),
    ("trade", r"its player may trade hands with any other player"),
    ("name-rank", rf"its player names a rank; instead of matching it, the next player must play a card of that rank "
                  rf"or pass{_ALWAYS}"),
    ("cover", r"its player must cover it with another card of its suit, or draw a card; the covering card becomes "
              r"the top card but is not a play, and its own effect does not fire"),
    ("copycat", r"laid on a card whose rank has a special effect, it fires that effect, with its decisions; laid on a "
                r"card that itself copies \(such as another of its rank\), it fires nothing; it still counts as its own "
                r"rank and suit for matching"),
    ("points", rf"its player scores (?P<points>{_POINTS}) at once"),
    ("tokens", rf"its player may give up one (?P<tok>{NAME})"),
    ("bound", rf"instead of matching it, the next card must be of its rank or (?P<bound>lower|higher) in the rank "
              rf"list, of any suit{_ALWAYS}"),
)]

_JOKER_LABELS = {"A joker": (True, False), "A card of the wild rank": (False, True),
                 "A joker or a card of the wild rank": (True, True)}
_JOKER_EFFECT = ("played as any card: its player names the card, a rank and a suit, and it counts as that card, for "
                 "matching and for its effect")
_WILD_EFFECT = re.compile(rf"any card whose number equals how many (?P<toks>{NAME}) its player holds \(an Ace counts "
                          r"one; a number that names no rank of the pack gives no wild\): it can always be played, its "
                          r"player names the suit to follow, and an effect its rank has fires too")
_NAMED_EFFECT = re.compile(rf"(?P<who>whoever plays it|the next player) draws (?P<n>{_CARDS})")
_NAMED_LABEL = re.compile(rf"(?P<card>{CARD})(?: (?P<nick>{NICKNAME}))?")
_RANK_LABEL = re.compile(RANK)


def _effect(d: Draft, label: str, cell: str) -> None:
    """A rank's row: the rank, and its effect read from the cell."""
    code = rank(label)
    for kind, form in _EFFECTS:
        m = form.fullmatch(cell)
        if m is not None:
            break
    else:
        raise Unreadable(f"“{cell}” is not an effect of a special card")
    groups = m.groupdict()
    effect: dict[str, Any] = {"rank": code, "kind": kind}
    if kind in ("stacked", "targeted"):
        if rank(groups["r1"]) != code or rank(groups["r2"]) != code:
            raise Unreadable("a draw chain of two ranks")
        effect.update(kind="draw-chain", chain=kind, draw=counted(groups["draw"]), step=counted(groups["step"]))
    elif kind == "reshuffle" and groups["always"]:
        effect["always"] = True
    elif kind == "pass-hands":
        effect["direction"] = groups["direction"]
    elif kind == "bound":
        effect["bound"] = groups["bound"]
    elif kind in ("transparent", "cordial"):
        effect["word"] = groups["word"]
    elif kind == "points":
        effect["points"] = counted(groups["points"])
    elif kind == "tokens":
        effect["kind"] = "points"
        tok = groups["tok"]
        d.check(lambda spec: (spec.deal.tokens.name if spec.deal.tokens else "token") == tok, "the tokens' name")
    elif kind in ("kitty-take", "kitty-give"):
        name = groups["kitty"]
        d.check(lambda spec: (spec.deal.kitty.name if spec.deal.kitty else "kitty") == name, "the kitty's name")
    # top-follow names the three highest ranks of the pack: the table is checked against the printed one.
    if groups.get("two") is not None:
        d.notes["two players"] = True
    d.data["play"]["effects"] = [*d.data["play"].get("effects", []), effect]


def _special_row(d: Draft, m: re.Match[str]) -> None:
    """A row of the table of special cards: a rank, the jokers, a player's wild or the named card. The
    decision column follows from the effect: it is checked with the whole table against the printed one."""
    if "specials" not in d.seen:
        raise Unreadable("a row of special cards with no sentence to introduce it")
    label, cell = m["label"], m["effect"]
    d.notes.setdefault("table", []).append(m.group(0))
    if label == "A player's *wild*":
        w = _WILD_EFFECT.fullmatch(cell)
        if w is None:
            raise Unreadable(f"“{cell}” is not what a player's wild is")
        toks = w["toks"]
        d.put("play.countdown_wild", True)
        d.check(lambda spec: plural_noun(spec.deal.tokens.name if spec.deal.tokens else "token") == toks, "the tokens")
    elif label in _JOKER_LABELS:
        if cell != _JOKER_EFFECT:
            raise Unreadable(f"“{cell}” is not what a joker does")
        pack, wild = _JOKER_LABELS[label]
        d.check(lambda spec: (spec.deck.jokers > 0, _wild_rank(spec)) == (pack, wild), "the jokers in play")
        d.notes["jokers row"] = True
    elif _RANK_LABEL.fullmatch(label):
        _effect(d, label, cell)
    else:
        n = _NAMED_LABEL.fullmatch(label)
        e = _NAMED_EFFECT.fullmatch(cell)
        if n is None or e is None:
            raise Unreadable(f"“{label}” is not a special card")
        d.put("play.named_card", {"card": card(n["card"]), "nickname": nickname(n["nick"]),
                                  "who": "player" if e["who"] == "whoever plays it" else "next",
                                  "count": counted(e["n"])})
    d.notes["rows"] = d.notes.get("rows", 0) + 1


def _specials(one: bool, cheat: bool):
    def handler(d: Draft, m: re.Match[str]) -> None:
        d.notes["specials"] = (one, cheat)
    return handler


RULES: list[Rule] = [
    rule(r"Play goes clockwise\."),
    # Who takes the first turn (MT-01).
    rule(r"The (?P<who>dealer|player to the dealer's left) takes the first turn\.", _first_turn, marks="first turn"),
    # The matching rule (MT-03), or claims (MT-02).
    rule(r"On their turn, a player plays one card face up onto (?P<where>the discard pile|either discard pile)\.",
         _play, marks="turn"),
    rule(r"It must \*match\* the top card of the pile it is played on: be of the same suit or of the same rank"
         rf"{_UNLESS}\.", _matching("open"), name="match"),
    rule(r"On their turn, a player plays one card face down onto (?P<where>the discard pile|either discard pile) and "
         r"\*claims\* a card: they name aloud the card they say it is, truly or not\.", _claim, marks="turn"),
    rule(r"The claimed card must \*match\* the top card of the pile as it was claimed: be of the same suit or of the "
         rf"same rank{_UNLESS}\.", _matching("cheat"), name="claim_match"),
    rule(rf"For example, the (?P<r>{RANK}) of [a-z]+ may be followed by an? (?P=r) of any suit, or by any [a-z]+\.",
         _example, marks="example"),
    rule(r"A player who holds no card that truly matches must lie\.", _mode("cheat", "lying"), name="lie"),
    rule(r"The majors are a suit of their own with no ranks: a major matches any other major, and no card of the "
         r"four suits\.", marks="majors"),
    # Challenges (MT-02).
    rule(r"After a claim, the other players, in turn from the claimer's left, may \*challenge\* it by calling "
         r"“(?P<word>[^”]+)!”\.", _challenge),
    rule(r"The first to challenge turns the card face up: if the claim was false, the claimer picks up the whole pile "
         r"it was played on; if it was true, the challenger picks it up instead\.", _mode("cheat", "a challenge"),
         name="challenge_turned"),
    rule(r"Either way, play goes on from the claimer's left(?P<reversed> \(from their right if play is reversed\))?\.",
         _claimer_left, marks="claimer left"),
    rule(r"A claim that stands, unchallenged or challenged and true, counts as the card claimed, and that card's "
         r"special effect fires\.", _mode("cheat", "a claim that stands"), name="claim_stands", marks="stands"),
    rule(r"A player's last card counts as played only when its claim stands\.", _mode("cheat", "a claim"), name="claim_out"),
    rule(r"A player never passes or draws instead of playing: they always play a card, and lie if they must\.",
         _mode("cheat", "no drawing"), name="no_drawing", marks="no drawing"),
    # Passing and drawing (MT-05).
    rule(rf"A player who can play must do so; a player who cannot passes and (?P<take>{TAKE})\.", _pass(True),
         marks="pass"),
    rule(rf"A player who cannot or does not want to play passes instead, and (?P<take>{TAKE})\.", _pass(False),
         marks="pass"),
    rule(r"If the card drawn can be played, they may play it at once\.", _play_drawn("stock")),
    rule(r"Having drawn, they may then play at once any card that can be played, the one drawn or another\.",
         _play_any_after_draw),
    rule(r"They may then play any one card at once onto the emptied pile\.", _play_drawn("pile")),
    rule(r"Their turn then ends: the (?P<what>card drawn|cards picked up) may not be played before their next turn\.",
         _turn_ends),
    # The stock run out, the emptied pile.
    rule(r"When the stock runs out, all the cards of the discard pile but its top card are shuffled face down to "
         r"form a new stock; if that leaves no card, a player who should draw draws nothing\.", _stock_out(False),
         marks="stock out"),
    rule(r"When the stock runs out, all the cards of both discard piles but their top cards are shuffled face down "
         r"to form a new stock; if that leaves no card, a player who should draw draws nothing\.", _stock_out(True),
         marks="stock out"),
    rule(r"A discard pile that has been picked up or shuffled into the stock is empty: there is nothing to match, "
         r"and the next card played onto it may be any card\.", _emptied_pile, marks="emptied"),
    # Several cards as one play (MT-06).
    rule(r"A player may play several cards of the same rank together as one play, laid one on another, if each of "
         r"them could be played alone on the pile as it was before the play(?P<majors> \(a major has no rank, so "
         r"majors are played one at a time\))?\.", _multiple("same-rank"), marks="multiple"),
    rule(r"A player may play several cards together as one play, laid one on another, if they are all of the same "
         r"rank or all of the same suit: the first must match the top card of the pile\.", _multiple("rank-or-suit"),
         marks="multiple"),
    rule(r"The top card of the play is the one to match next, and only its special effect fires\.",
         marks="multiple top"),
    rule(r"A joker is always played alone\.", _jokers_alone, marks="joker alone"),
    # The opening discard (MT-07), a joker turned.
    rule(r"If the card turned to start a discard pile has a special effect, it fires as if the dealer had played "
         r"it\.", _opening("dealer"), marks="opening"),
    rule(r"If the card turned to start a discard pile has a special effect, the effect does not fire\.",
         _opening("none"), marks="opening"),
    rule(r"If the card turned to start a discard pile is a joker, the dealer names the card it stands for before "
         r"looking at their hand\.", marks="joker opens"),
    # Calling the name (SH-01).
    rule(r"A player left with one card in hand must call “(?P<call>[^”]+)” before the next player's turn begins; if "
         r"they fail to do so, they draw one card from the stock\.", _call),
    # The blocked hand.
    rule(r"Parlour's rule, added by this edition so that every hand ends: if every player in turn passes, one after another, while no card is played or drawn, the hand is "
         r"\*blocked\*: it ends, and the player with the fewest cards in hand(?P<rows> and rows)? wins it as if they "
         r"had played their last card; if several tie, the one of them whose turn it is, or whose turn comes soonest, wins\.",
         _blocked, marks="blocked"),
    # Face-down rows (SH-02), going out, the end of the hand.
    rule(r"A player whose hand is empty plays from their rows: first their face-up cards, as if they were in their "
         r"hand; then, once those are gone, their face-down cards, one at a time and unseen\.", marks="rows"),
    rule(r"On their turn such a player turns one face-down card over and plays it if it matches; if it does not, it "
         r"goes back face down in its place and the player passes as a player who cannot play does\.",
         _rows_blind(False), marks="rows blind"),
    rule(r"On their turn such a player plays one face-down card, unseen, with a claim like any other card\.",
         _rows_blind(True), marks="rows blind"),
    rule(r"A player who has played the last card of their hand(?P<rows> and of their rows)? has \*gone out\*\.",
         _gone_out, marks="gone out"),
    rule(r"A player who has gone out takes no further part in the hand; play goes on without them until only one "
         r"player still holds cards\.", hand_end("retire"), marks="hand end"),
    rule(r"When a player goes out, the hand ends as \*Scoring\* says\.", hand_end("knock"), marks="hand end"),
    rule(r"As soon as a player goes out, the hand ends at once\.", hand_end("at once"), marks="hand end"),
    # Invented rules in play (SU-09).
    rule(rf"Every (?P<law>{NAME}) in force applies to every play; a player whom they leave with no play they may "
         r"make passes\.", laws("bonus"), marks="laws"),
    rule(rf"A play that breaks an? (?P<law>{NAME}) is taken back; its player plays again, or passes if they have no "
         r"other play they may make\.", laws("secret"), marks="laws"),
    # The special cards (MT-04).
    rule(r"One kind of card has a special effect when played:", _specials(True, False), marks="specials"),
    rule(r"These cards have special effects when played:", _specials(False, False), marks="specials"),
    rule(r"One kind of card has a special effect when a claim to play it stands:", _specials(True, True),
         marks="specials"),
    rule(r"These cards have special effects when a claim to play one of them stands:", _specials(False, True),
         marks="specials"),
    rule(r"\| Card \| Effect \| Decision \|"),
    rule(r"\| (?P<label>[^|]+) \| (?P<effect>[^|]+) \| (?P<decision>[^|]+) \|", _special_row, name="special_row"),
]


def _two_player_note(spec: Any) -> bool:
    return spec.players.min == 2 and bool(_kinds(spec) & {"skip", "reverse"})


#: Sentence forms printed exactly when a fact of the spec holds (see generator.text.sections).
MARKS = (
    ("example", lambda spec: bool(free_ranks(spec)), "the example of matching"),
    ("majors", lambda spec: spec.deck.kind == "tarot", "how a major matches"),
    ("emptied", _emptied, "that an emptied pile has nothing to match"),
    ("joker opens", _jokers, "a joker turned to start a discard pile"),
    ("rows", lambda spec: spec.deal.rows, "how the rows are played"),
    ("rows blind", lambda spec: spec.deal.rows, "how the face-down cards are played"),
    ("laws", lambda spec: spec.setup.extra_rules is not None, "the invented rules in play"),
    ("blocked", lambda spec: spec.play.cheat is None, "what ends a blocked hand"),
    ("pass", lambda spec: spec.play.cheat is None, "passing and drawing"),
    ("multiple top", lambda spec: spec.play.multiple != "none", "which card of several is matched next"),
    ("specials", lambda spec: bool(spec.play.effects or spec.play.named_card or spec.play.countdown_wild
                                   or _jokers(spec)), "the special cards"),
    ("opening", lambda spec: spec.play.opening_effect == "dealer" or bool(spec.play.effects or spec.play.named_card),
     "what a special card turned to start a pile does"),
)


def _table_agrees(rows: list[str]):
    def test(spec: Any) -> bool:
        return [line for line in printed(spec).split("\n") if line.startswith("| ")][1:] == rows
    return test


def finish(d: Draft) -> None:
    for mark, what in (("first turn", "who takes the first turn"), ("turn", "what a player does on their turn"),
                       ("stock out", "what happens when the stock runs out"), ("gone out", "when a player goes out"),
                       ("hand end", "when a hand ends")):
        if mark not in d.seen:
            raise Unreadable(f"the rulebook never says {what}")
    if d.notes.get("mode") == "cheat":
        for mark, what in (("claimer left", "where play goes on after a challenge"),
                           ("stands", "what a claim that stands does"), ("no drawing", "that no one draws")):
            if mark not in d.seen:
                raise Unreadable(f"the rulebook never says {what}")
        if d.get("play.cheat") is None:
            raise Unreadable("claims with no word to challenge them")
    two = bool(d.notes.get("two players"))
    d.check(lambda spec: _two_player_note(spec) == two, "what a skip or a reverse does with two players")
    if "specials" in d.seen:
        one, cheat = d.notes["specials"]
        rows = d.notes.get("rows", 0)
        if rows == 0:
            raise Unreadable("special cards announced but none listed")
        if one != (rows == 1):
            raise Unreadable("the sentence before the special cards does not agree with how many there are")
        if cheat != (d.notes.get("mode") == "cheat"):
            raise Unreadable("special cards that fire on claims in a game without them, or the other way round")
        d.check(_table_agrees(d.notes.get("table", [])), "the table of special cards")
    jokers_row = bool(d.notes.get("jokers row"))
    d.check(lambda spec: _jokers(spec) == jokers_row, "the jokers in play")


__all__ = ["MARKS", "RULES", "finish", "free_ranks"]
