"""SC-T1…SC-T6: scoring a hand of tricks — avoid-suit ("Hearts") with its penalty, bonus, joker,
pig, shoot-the-moon and doubling cards; points per trick (beyond the N-th) with bid bonuses; exact
bids; the extras (joker tricks, the pig, the highest trump, bidding every trick); landlord payments;
the high/low note. Also the check of "When all N tricks have been played" against the deal."""

from __future__ import annotations

import re

from ..spec import DealSpec, DeckSpec, derived
from .core import Draft, Phase, player_counts
from .setup import is_pig
from .words import (
    CARD,
    NUM,
    ORD,
    SUIT_MANY,
    SUIT_ONE,
    card,
    nickname,
    number,
    ordinal,
    suit,
)

phase = Phase("scoring")

NICK = r"(?: \((?:the|or) (?P<{}>[^)]+)\))?"
AVOID = (r"each player loses (?:1 point per (?P<one>" + SUIT_ONE + r")|the face value of each (?P<face>" + SUIT_ONE + r"))"
         r" taken in tricks(?: and loses an additional (?P<pen>\d+) if they took (?P<pcard>" + CARD + r")" + NICK.format("pnick")
         + r"| but gains (?P<bon>\d+) if they took (?P<bcard>" + CARD + r")" + NICK.format("bnick") + r")?")
PER_TRICK = (r"each player scores 1 point per trick won(?: beyond the (?P<beyond>" + ORD + r"))?(?:, plus a bonus (?P<exact>\d+) "
             r"if they won the exact number of tricks they bid(?:(?:,| and|, and) (?:an extra|a further) (?P<zero>\d+) if that "
             r"number was zero)?)?")
EXACT = r"each player who won the exact number of tricks they bid scores 10 plus that number; (?P<other>.+)"


@phase.rule("SC-T", r"When all (?:(?P<n>" + NUM + r") )?tricks have been played,? (?P<body>.+)\.")
def _hand_scoring(m: re.Match[str], d: Draft) -> None:
    if m["n"]:
        d.note("tricks.said", number(m["n"]))
        d.note("tricks.word", m["n"])
    else:
        d.note("tricks.said", None)
    body = m["body"]
    if (a := re.fullmatch(AVOID, body)) is not None:
        _avoid(a, d)
    elif (p := re.fullmatch(PER_TRICK, body)) is not None:
        d.set("scoring.kind", "per-trick")
        d.set("scoring.beyond", ordinal(p["beyond"]) if p["beyond"] else 0)
        if p["exact"]:
            d.set("scoring.exact_bonus", number(p["exact"]))
        if p["zero"]:
            d.set("scoring.zero_bonus", number(p["zero"]))
    elif (e := re.fullmatch(EXACT, body)) is not None:
        d.set("scoring.kind", "exact-bid")
        other = _exact_otherwise(e["other"])
        if other is None:
            d.problem(f"what a missed bid scores (\"{e['other']}\") is not a phrasing the importer knows")
        else:
            d.set("scoring.otherwise", other)
    else:
        d.problem(f"unknown hand scoring \"{body}\"")


def _avoid(a: re.Match[str], d: Draft) -> None:
    d.set("scoring.kind", "avoid-suit")
    d.set("scoring.suit", suit(a["one"] or a["face"]))
    d.set("scoring.per_card", "one" if a["one"] else "face-value")
    if a["pen"]:
        d.set("scoring.penalty_card", {"card": card(a["pcard"]), "nickname": nickname(a["pnick"]), "points": number(a["pen"])})
    if a["bon"]:
        d.set("scoring.bonus_card", {"card": card(a["bcard"]), "nickname": nickname(a["bnick"]), "points": number(a["bon"])})


# SC-T2: the catalogue gives the other players' score in four variants; only "the other players
# score zero" has an example in the shared book, so the others are read by their key words.
def _exact_otherwise(text: str) -> str | None:
    t = text.lower()
    if re.fullmatch(r"(?:the other players|all other players|other players|everyone else|every other player|the others) "
                    r"scores? (?:zero|nothing|no points)", t):
        return "zero"
    clauses = re.split(r";|, (?:and |or |but |while )?|\band\b|\bor\b", t)
    tricks = re.compile(r"scores? (?:their tricks|the (?:number of )?tricks (?:they )?won|1 point per trick|one point per trick|that many)")
    for clause in clauses:
        if tricks.search(clause):
            if re.search(r"fewer|less|too few|short", clause):
                return "tricks-if-under"
            if re.search(r"more|too many|over", clause):
                return "tricks-if-over"
    return None


@phase.rule("SC-T3", r"A successful blind bid earns a further (?P<n>\d+) points?\.")
def _blind_bonus(m: re.Match[str], d: Draft) -> None:
    d.set("scoring.blind_bonus", number(m["n"]))


@phase.rule("SC-T3", r"(?:An exact bid of zero|A successful bid of zero) earns a further (?P<n>\d+) points?\.")
def _zero_bonus(m: re.Match[str], d: Draft) -> None:
    d.set("scoring.zero_bonus", number(m["n"]))


# -- SC-T1 extras ----------------------------------------------------------------------------------


@phase.rule("SC-T1", r"If one player took all of the (?P<suit>" + SUIT_MANY + r"), they lose no points and instead gain (?P<n>\d+)\.")
def _moon(m: re.Match[str], d: Draft) -> None:
    d.set("scoring.shoot_the_moon", number(m["n"]))
    d.note("moon.suit", suit(m["suit"]))


@phase.rule("SC-T1", r"Taking (?P<card>" + CARD + r")" + NICK.format("nick") + r" doubles that player's score for the hand\.")
def _doubler(m: re.Match[str], d: Draft) -> None:
    d.set("scoring.doubler", {"card": card(m["card"]), "nickname": nickname(m["nick"])})


@phase.rule("SC-T1", r"(?:Jokers|Each joker) scores? a loss of (?P<n>\d+)(?: points?)?(?: each)?\.")
def _joker_loss(m: re.Match[str], d: Draft) -> None:
    d.set("scoring.joker_loss", number(m["n"]))


@phase.rule("SC-T1", r"(?P<pig>.+?) \(if it was revealed at the start of the hand\) scores an? (?:positive (?P<pos>" + NUM
            + r")|further loss of (?P<neg>" + NUM + r"))(?: points?)?\.")
def _pig_points(m: re.Match[str], d: Draft) -> None:
    d.set("scoring.pig_points", number(m["pos"]) if m["pos"] else -number(m["neg"]))
    d.note("pig.scored", m["pig"])


# The exemption of a bonus card of the avoided suit has no example in the shared book (catalogue
# SC-T1: "(The 1 point loss … does not apply to the ‹Nick› itself.)").
@phase.rule("SC-T1", r"\(The (?:1 point )?loss .*?does not apply to (?:the )?(?P<nick>[^()]+?) itself\.\)")
def _bonus_exempt(m: re.Match[str], d: Draft) -> None:
    d.note("bonus.exempt", m["nick"])


# -- SC-T4 extras ----------------------------------------------------------------------------------


@phase.rule("SC-T4", r"Any trick with a joker in it (?:(?P<void>is discarded without scoring)|is worth an extra point|scores an extra point)\.")
def _joker_tricks(m: re.Match[str], d: Draft) -> None:
    d.set("scoring.extras.joker_tricks", "void" if m["void"] else "bonus")


@phase.rule("SC-T4", r"If (?P<pig>.+?) was revealed, the player who won it (?:(?P<plus>scores an extra point)|(?P<minus>loses a point)"
            r"|scores nothing for (?:this|the) hand)\.")
def _pig_extra(m: re.Match[str], d: Draft) -> None:
    d.set("scoring.extras.pig", "plus" if m["plus"] else "minus" if m["minus"] else "nothing")
    d.note("pig.scored", m["pig"])


@phase.rule("SC-T4", r"The player who won the highest trump card (?:(?P<plus>scores an extra point)|loses a point)\.")
def _top_trump(m: re.Match[str], d: Draft) -> None:
    d.set("scoring.extras.top_trump", "plus" if m["plus"] else "minus")


# Bidding every trick and making it has no example in the shared book (catalogue SC-T4).
@phase.rule("SC-T4", r"(?:A|Any) player who bids? (?:all|every one) (?:of )?the tricks and (?:wins|takes|makes) (?:them all|all of them|it|"
            r"every trick) (?:instantly |immediately )?wins the game(?: instantly| immediately| at once| outright)?\.")
def _bid_all(m: re.Match[str], d: Draft) -> None:
    d.set("scoring.extras.bid_all_wins", True)


# -- landlord payments and the high/low note -------------------------------------------------------

PAY = (r", each opponent must pay the (?P<t2>[\w -]+?) a number of points equal to the amount of the bid; otherwise the "
       r"(?P<t3>[\w -]+?) must pay the bid amount to each opponent\.")


@phase.rule("SC-T4", r"If the (?P<t1>[\w -]+?) won more tricks than any other player during the hand" + PAY)
def _landlord_tricks(m: re.Match[str], d: Draft) -> None:
    _payment(m, d, "tricks")


@phase.rule("SC-T1", r"If the (?P<t1>[\w -]+?) took all or none(?P<typo> all)? of the (?P<suit>" + SUIT_MANY + r")(?: during the hand)?" + PAY)
def _landlord_suit(m: re.Match[str], d: Draft) -> None:
    if m["typo"]:
        d.repair("all-or-none-all", "defect", "\"all or none all\" (a generator typo) read as \"all or none\"")
    d.note("payment.suit", suit(m["suit"]))
    _payment(m, d, "suit")


def _payment(m: re.Match[str], d: Draft, kind: str) -> None:
    if not m["t1"] == m["t2"] == m["t3"]:
        d.problem("the payment names the auction's winner in different words")
    d.note("payment", kind)
    d.note("payment.title", m["t1"])


@phase.rule("SC-T6", r"\(If the hand was played low then each player (?:loses that many points|gains points instead of losing them"
            r"(?:, and vice versa)?)\.\)")
def _low_note(m: re.Match[str], d: Draft) -> None:
    d.note("low.note")


# -- finishing -------------------------------------------------------------------------------------

AVOID_ONLY = ("suit", "per_card", "penalty_card", "bonus_card", "joker_loss", "shoot_the_moon", "doubler", "pig_points")
TRICK_ONLY = ("beyond", "exact_bonus", "zero_bonus", "blind_bonus", "extras.joker_tricks", "extras.pig", "extras.top_trump",
              "extras.bid_all_wins", "otherwise")


def finish(d: Draft) -> None:
    kind = d.get("scoring.kind")
    if kind is None:
        d.problem("no sentence says how a hand is scored", "")
        return
    allowed = {"avoid-suit": AVOID_ONLY, "per-trick": TRICK_ONLY[:-1], "exact-bid": ("otherwise",) + TRICK_ONLY[4:8]}[kind]
    for path in [p for p in d.fields if p.startswith("scoring.") and p != "scoring.kind"]:
        if path[len("scoring."):] not in allowed:
            d.problem(f"the spec cannot hold {path} with {kind} scoring", d.source.get(path))
    _pig_and_moon(d, kind)
    _payment_finish(d, kind)
    if d.heard("low.note") and not d.get("setup.high_low"):
        d.problem("a note for hands played low, but hands are never played low", d.said_in["low.note"])
    elif d.get("setup.high_low") and not d.heard("low.note"):
        d.repair("low-unsaid", "reading", "the book does not say what a low hand does to the scores; read as inverted",
                 d.said_in.get("tricks.said"))
    if kind == "avoid-suit" and d.get("scoring.per_card") == "face-value":
        d.repair("face-value", "reading",
                 "\"face value\" of the court cards and Aces is not given; read as J=11, Q=12, K=13 (tarot Page=11, Knight=12, "
                 "Q=13, K=14), A=14 when Aces rank high or 1 when low, majors by number (design.md)", d.said_in.get("tricks.said"))


def _pig_and_moon(d: Draft, kind: str) -> None:
    named = d.heard("pig.scored")
    if named is not None and not is_pig(d, named):
        d.problem(f"a score for {named}, but no card is called that", d.said_in["pig.scored"])
    moon = d.heard("moon.suit")
    if moon is not None and moon != d.get("scoring.suit"):
        d.problem("shooting the moon names another suit than the one avoided", d.said_in["moon.suit"])
    exempt = d.heard("bonus.exempt")
    if exempt is not None:
        bonus = d.get("scoring.bonus_card")
        if bonus is None or (bonus["nickname"] or "").lower() != re.sub(r"^the ", "", exempt).lower() and \
                bonus["card"] != _card_or_none(exempt):
            d.problem("the suit loss is waived for a card that is not the bonus card", d.said_in["bonus.exempt"])


def _card_or_none(text: str) -> str | None:
    try:
        return card(text)
    except ValueError:
        return None


def _payment_finish(d: Draft, kind: str) -> None:
    auction = d.get("bidding.auction")
    pay = d.heard("payment")
    if pay is None:
        if auction is not None:
            d.repair("landlord-payment-unsaid", "reading",
                     f"the book gives no payment for the {auction['title']}; the spec's auction pays the bid each hand",
                     d.said_in.get("auction.title"))
        return
    sentence = d.said_in["payment"]
    if auction is None or auction["title"] != d.heard("payment.title"):
        d.problem(f"a payment for the {d.heard('payment.title')}, but no auction makes anyone that", sentence)
    if (pay == "suit") != (kind == "avoid-suit"):
        d.problem("the landlord's payment does not fit the scoring", sentence)
    if pay == "suit" and d.heard("payment.suit") != d.get("scoring.suit"):
        d.problem("the landlord's payment names another suit than the one avoided", sentence)


def check_trick_count(d: Draft, pack: DeckSpec | None, dealt: DealSpec | None) -> None:
    """Check "When all N tricks have been played" against the deal at every player count, and list
    how unequal hands and uneven whole-pack deals are read. ``pack`` and ``dealt``: the draft's
    deck and deal as specs (None when the sentences do not make one)."""
    counts = player_counts(d)
    if pack is None or dealt is None or not counts or pack.size() <= 0:
        return
    deck_size = pack.size()
    odd = d.get("deal.odd_card")
    kitty = d.get("deal.kitty") or {}
    over = d.get("deal.hand_size_over_three")
    shrinking = d.get("ending.condition", {}).get("kind") == "shrinking"
    said = d.heard("tricks.said")
    sentence = d.said_in.get("tricks.said")
    played: dict[int, int] = {}
    for n in counts:
        left = derived.set_aside(pack, dealt, n)
        if left:
            each = dealt.cards_each(n, deck_size)
            d.repair("deal-all-uneven", "reading",
                     f"dealing the whole {deck_size}-card pack to {n} players leaves {left} card{'s' if left > 1 else ''} "
                     f"over; read as {each} each with the rest set aside (README)", d.source.get("deal.hand_size"))
        played[n] = derived.tricks_per_hand(pack, dealt, n)
    if odd:
        who = {"dealer-right": "the player to the dealer's right", "dealer-left": "the player to the dealer's left",
               "dealer": "the dealer"}[odd["who"]]
        more = "one card more" if odd["extra"] else "one card fewer"
        d.repair("unequal-hands", "reading",
                 f"{who} is dealt {more} than the others, so one hand cannot be played out; the hand ends when a player "
                 "has no card left at the start of a trick (README): "
                 + ", ".join(f"{t} tricks with {n} players" for n, t in played.items()), d.source.get("deal.odd_card"))
    if said is None:
        return
    word = d.heard("tricks.word", str(said))
    counts = ", ".join(f"{t} tricks with {n} players" for n, t in played.items() if t != said)
    causes = []
    if over is not None and any(n > 3 and played[n] != said for n in played):
        causes.append(f"with more than three players {over} cards are dealt")
    if odd and not odd["extra"]:
        causes.append("one player is dealt one card fewer")
    if shrinking:
        why = f"hands shrink by one card each hand (down to one), so only the first hand has {word} tricks"
    elif counts:
        why = f"a hand has {counts}" + (f" ({'; '.join(causes)})" if causes else "")
    elif odd and odd["extra"]:
        why = (f"{who} holds {said + 1} cards, so the hand is not {said} tricks for everyone (the last card is never "
               f"played); {said} tricks are played")
    elif d.get("bidding.auction") is not None:
        title = d.get("bidding.auction")["title"]
        why = (f"the {title} takes the {kitty.get('name', 'kitty')} into hand, so their hand is larger; with the spec's "
               f"reading (the {title} lays as many cards away) a hand is {said} tricks")
    else:
        return
    d.repair("trick-count", "defect", f"\"When all {word} tricks have been played\": {why}; read as \"when all tricks "
             "have been played\"", sentence)


def defaults(d: Draft) -> None:
    kind = d.get("scoring.kind")
    if kind == "avoid-suit":
        for key in AVOID_ONLY[2:]:
            d.fields.setdefault(f"scoring.{key}", None)
    elif kind in ("per-trick", "exact-bid"):
        for key, value in (("extras.joker_tricks", "none"), ("extras.pig", "none"), ("extras.top_trump", "none"),
                           ("extras.bid_all_wins", False)):
            d.fields.setdefault(f"scoring.{key}", value)
        if kind == "per-trick":
            for key in ("exact_bonus", "zero_bonus", "blind_bonus"):
                d.fields.setdefault(f"scoring.{key}", None)
