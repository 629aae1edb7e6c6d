"""What the families' play importers read and check alike: the opening leader named by a seat or
by the auction's title (TT-01 / CL-01), the card or suit that captures the kitty (TT-14 / CL-13),
the joker count a joker rule is written for, the pack the play rules are checked against, and the
two sentences of playing from face-down rows (SH-02, climbing, matching and melding), calling the
last card (SH-01, matching and melding) and the stock left after the deal (matching and melding).
Each family keeps its own sentence forms; only what they mean, and the checks on it, live here so
the importers cannot drift."""

from __future__ import annotations

import re
from collections.abc import Callable

from ..spec import DealSpec, derived
from ..spec.deck import DeckSpec
from .core import Draft, Phase, player_counts
from .words import CARD, SUIT_ONE, card, nickname, suit

#: Seats a book names as the first leader.
LEADERS = {"The dealer": "dealer", "The player to the dealer's left": "dealer-left",
           "The player to the left of the dealer": "dealer-left"}
#: The start of an opening-lead sentence: a seat, or "The <title>" (read by ``opening_leader``).
LEADER = r"(?:(?P<who>" + "|".join(re.escape(w) for w in LEADERS) + r")|The (?P<title>[\w -]+?)) "


def opening_leader(m: re.Match[str], d: Draft) -> None:
    """A seat (``who``) or a title (``title``): a title is the auction's winner, checked by
    ``leader_title_finish`` once the auction is known."""
    if m["who"]:
        d.set("play.opening_leader", LEADERS[m["who"]])
    else:
        d.set("play.opening_leader", "landlord")
        d.note("leader.title", m["title"])


def leader_title_finish(d: Draft) -> None:
    title = d.heard("leader.title")
    auction = d.get("bidding.auction")
    if title is not None and (auction is None or auction["title"] != title):
        d.problem(f"the {title} leads, but no auction makes anyone the {title}", d.said_in["leader.title"])


#: The card or suit that captures the kitty: "a spade", "the 3 of clubs (the Ozzy)".
CAPTURED = (r"(?:(?:an?|any) (?P<suit>" + SUIT_ONE + r")|(?P<card>" + CARD + r")(?: \((?:the|or) (?P<nick>[^)]+)\))?)")
#: TT-14 and CL-13a: the first trick won with the card (or suit) in it takes the kitty as a trick too.
CAPTURE_TRICK = (r"(?:The first time (?:that )?a player wins a trick (?:which contains|that contains|containing|which includes|that includes) "
                 + CAPTURED + r",? they (?:also )?take the (?P<kitty>[\w -]+?)(?: too| as well)?|The first player to win a trick (?:which "
                 r"contains|that contains|containing) " + CAPTURED.replace("?P<suit>", "?P<suit2>").replace("?P<card>", "?P<card2>")
                 .replace("?P<nick>", "?P<nick2>") + r" also takes the (?P<kitty2>[\w -]+?)|The first time (?:that )?a player wins a trick with "
                 + CAPTURED.replace("?P<suit>", "?P<suit3>").replace("?P<card>", "?P<card3>").replace("?P<nick>", "?P<nick3>")
                 + r" in it,? they (?:also )?take the (?P<kitty3>[\w -]+?)(?: too| as well)?),? as (?:if|though) it were a separate,? won trick\.")


def kitty_capture(m: re.Match[str], d: Draft) -> None:
    """A suit (``suit``) or a card with its nickname (``card``, ``nick``), and the kitty's name."""
    g = _first_of(m)
    if g("suit"):
        d.set("play.kitty_capture", {"card": None, "nickname": None, "suit": suit(g("suit"))})
    else:
        d.set("play.kitty_capture", {"card": card(g("card")), "nickname": nickname(g("nick")), "suit": None})
    d.note("capture.kitty", g("kitty"))


def _first_of(m: re.Match[str]) -> Callable[[str], str | None]:
    """A group of the match by name, from whichever of its numbered copies ("suit", "suit2", …) matched:
    one rule's phrasings share the names of what they capture."""
    groups = m.groupdict()

    def get(name: str) -> str | None:
        return next((v for k, v in groups.items() if v is not None and re.fullmatch(name + r"\d*", k)), None)

    return get


def joker_count_finish(d: Draft) -> None:
    """A joker rule needs jokers in the pack, as many as the rule says."""
    jokers = d.get("deck.jokers", 0)
    if d.get("play.jokers") is not None and not jokers:
        d.problem("a rule for jokers, but the pack has none", d.source.get("play.jokers"))
    count = d.heard("jokers.count")
    if count is not None and count != jokers:
        d.problem(f"the joker rule is for {count} joker{'s' if count > 1 else ''}, but the pack has {jokers}",
                  d.source.get("play.jokers"))


#: SH-02: the two sentences of playing from face-down rows, the same in every family that deals them.
ROWS_PLAY = (r"(?:If|When|Once) (?:you have no cards (?:left )?in your hand|your hand is empty), you (?:may|can) play cards from your face-up row "
             r"\(and (?:if|once|when) the face-up "
             r"ones have been played, the face-down ones\) as (?:if|though) they were in your hand\.")
ROWS_BLIND = (r"Face-down cards are played blind[:;] if (?:their|the) play is (?:invalid|not valid|illegal), you must (?:put the card back|return the "
              r"card to) where you played it "
              r"from,? and pass your turn\.")


def rows_rules(phase: Phase) -> None:
    """Register SH-02's two sentences in a family's play phase: both say only that rows are played."""

    @phase.rule("SH-02", ROWS_PLAY)
    def _rows_play(m: re.Match[str], d: Draft) -> None:
        d.note("rows.play")

    @phase.rule("SH-02", ROWS_BLIND)
    def _rows_blind(m: re.Match[str], d: Draft) -> None:
        d.note("rows.play")


def pack_of(d: Draft) -> DeckSpec | None:
    """The pack the book describes, to check the play section's cards against; ``None`` when the deck
    itself is wrong (its own problems are reported by the deck's phase)."""
    try:
        return DeckSpec(kind=d.get("deck.kind"), order=d.get("deck.order"), promoted=d.get("deck.promoted"),
                        removed=d.get("deck.removed", []), jokers=d.get("deck.jokers", 0))
    except ValueError:
        return None


def rows_play_finish(d: Draft) -> None:
    """Rows dealt face down (DL-12) and the rule for playing them (SH-02) come together."""
    rows = bool(d.get("deal.rows"))
    if d.heard("rows.play") and not rows:
        d.problem("a rule for playing from face-down rows, but no rows are dealt", d.said_in["rows.play"])
    if rows and not d.heard("rows.play"):
        d.problem("rows are dealt face down, but no sentence says how they are played", d.source.get("deal.rows"))


#: The word called or shouted, in straight or curly quotation marks.
QUOTED = r"[\"“](?P<word>[^\"”!]+?)(?P<bang>!)?[\"”]"


#: The first turn of a matching or melding round: a seat, in the book's words and others'.
SEATS = {"The dealer": "dealer", "The player to the dealer's left": "dealer-left",
         "The player to the left of the dealer": "dealer-left"}
_SEAT = "|".join(re.escape(w) for w in SEATS)
FIRST_TURN = (r"(?:(?P<who>" + _SEAT + r") (?:takes|has|plays|gets) the first turn(?: of the round)?|(?P<who2>" + _SEAT + r") (?:plays|goes|starts|"
              r"moves)(?: first)?|The first turn is taken by (?P<who3>(?i:" + _SEAT + r")))\.")


def first_turn(m: re.Match[str]) -> str:
    """The seat of a ``FIRST_TURN`` match."""
    who = m["who"] or m["who2"] or m["who3"]
    return SEATS[who[0].upper() + who[1:]]


def call_rules(phase: Phase) -> None:
    """Register SH-01's two sentences in a family's play phase: the word a player left with one card
    calls, and the card drawn by one who fails to (the generator drops the "so" of "fail to do so")."""

    @phase.rule("SH-01", r"(?:(?:If|When) a player has (?:only|just) one card (?:left )?in their hand,? they must|A player with (?:only|just) one card "
                r"(?:left )?in their hand must) (?:call|say|shout|announce|call out) " + QUOTED + r"\.")
    def _call(m: re.Match[str], d: Draft) -> None:
        if m["bang"]:
            d.problem("the call word of the last card is shouted with \"!\", which the spec's word cannot hold")
        d.set("play.call", m["word"].strip())

    @phase.rule("SH-01", r"\((?:If they (?:fail to do(?P<so> so)?|(?P<so2>do not do so|forget to do so)) before the next player (?:starts|begins) "
                r"their turn|If they (?P<so3>fail to do so|do not do so|forget to do so) before the next player's turn (?:starts|begins)),? they "
                r"must draw (?:a|one) card\.\)")
    def _call_penalty(m: re.Match[str], d: Draft) -> None:
        d.note("call.penalty")
        if not (m["so"] or m["so2"] or m["so3"]):
            d.repair("fail-to-do", "defect", "\"If they fail to do before …\" (the generator drops \"so\") read as \"fail to "
                     "do so\"")


def call_finish(d: Draft) -> None:
    """The word to call and its penalty come together; the penalty unsaid is the spec's rule."""
    call = d.get("play.call")
    if d.heard("call.penalty") and call is None:
        d.problem("a penalty for failing to call, but no word to call", d.said_in["call.penalty"])
    if call is None:
        return
    if not d.heard("call.penalty"):
        d.repair("call-penalty-unsaid", "reading", "the book does not say what happens to a player who fails to call; the "
                 "spec's rule applies (they draw a card)", d.source.get("play.call"))
    name = d.get("naming.name", "")
    if call != name and name.startswith(call + " "):
        d.repair("call-word-first-word", "reading", f"the word to call, \"{call}\", is the first word of the game's name "
                 f"(the generator's call word); kept as written", d.source.get("play.call"))


def dealt_of(d: Draft) -> DealSpec | None:
    """The deal the book describes, as a spec; ``None`` when its sentences do not make one (the
    spec's own validation reports it)."""
    try:
        return DealSpec(**{key: d.get(f"deal.{key}") for key in DealSpec.model_fields if d.has(f"deal.{key}")})
    except ValueError:
        return None


#: A stock of this many cards or fewer after the deal, at the most players, is listed (catalogue §2.3).
TINY_STOCK = 5


def tiny_stock_finish(d: Draft, pack: DeckSpec | None, dealt: DealSpec | None, refill: str) -> None:
    """The stock left after the deal: a deal that needs more cards than the pack is listed by the
    shared check (``deal-impossible``); a stock of a few cards is listed here. ``refill``: what the
    family does when the stock runs out, for the repair's text."""
    if pack is None or dealt is None or dealt.stock is None:
        return
    counts = [n for n in player_counts(d) if derived.cards_left(pack, dealt, n) >= 0]
    tiny = {n: derived.stock_left(pack, dealt, n) for n in counts if derived.stock_left(pack, dealt, n) <= TINY_STOCK}
    if tiny:
        d.repair("tiny-stock", "defect", "the stock holds only "
                 + ", ".join(f"{k} card{'s' if k != 1 else ''} with {n} players" for n, k in tiny.items())
                 + f" after the deal; kept as written ({refill})", d.source.get("deal.stock"))
