"""SC-T1…SC-T6: scoring a hand of tricks — avoid-suit ("Hearts") with its penalty, bonus, joker,
pig, shoot-the-moon and doubling cards; points per trick (beyond the N-th) with bid bonuses; exact
bids; the extras (joker tricks, the pig, the highest trump, bidding every trick); landlord payments;
the high/low note; the same with the climbing opening ("When a player plays their last card, the
round ends immediately …"). SC-A1…SC-A5 for climbing games that set their piles aside and for
matching games: the round's winner, countdown tokens, the card-value table (lost in the scrape:
read with the generator's likeliest values; the cards of a wild rank count as their own rank),
card counts, the landlord's stake, titles (the first out's, in the book's two
phrasings) with the rules between rounds (WU-01…WU-05), the first out's point. Also the check of
"When all N tricks have been played" against the deal."""

from __future__ import annotations

import re

from ..spec import DealSpec, DeckSpec, derived
from .core import Draft, Phase, player_counts, word_check
from .deal import currency
from .setup import is_pig
from .words import (
    CARD,
    NUM,
    ORD,
    RANKS,
    SUIT_MANY,
    SUIT_ONE,
    card,
    nickname,
    number,
    ordinal,
    rank,
    suit,
)

phase = Phase("scoring")

NICK = r"(?: \((?:the|or) (?P<{}>[^)]+)\))?"
#: "1 point per", in other words.
PER = r"(?:1|one|a) point (?:per|for each|for every)"
#: "taken in tricks", in other words.
TAKEN = (r"(?:(?:taken|they took|they take|they have taken|won|they won|captured|they captured)(?: in tricks)?|in the tricks they (?:won|took|"
         r"have won|have taken))")
AVOID = (r"each player loses (?:" + PER + r" (?P<one>" + SUIT_ONE + r")|the face value of each (?P<face>" + SUIT_ONE + r"))"
         r" " + TAKEN + r"(?: and loses an additional (?P<pen>\d+) if they took (?P<pcard>" + CARD + r")" + NICK.format("pnick")
         + r"| but gains (?P<bon>\d+) if they took (?P<bcard>" + CARD + r")" + NICK.format("bnick") + r")?")
PER_TRICK = (r"each player (?:scores|gets|earns|gains) " + PER + r" trick (?:won|they (?:have )?won|taken|they took)(?: (?:beyond|after|above|"
             r"in excess of) (?:the|their) (?P<beyond>" + ORD + r"))?(?:,? (?:plus|and) (?:a bonus (?:of )?(?P<exact>\d+)|an? (?P<exact2>\d+)[ -]point "
             r"bonus) if they won (?:the exact number of tricks they bid|exactly the number of tricks they bid|exactly as many tricks as they "
             r"bid|exactly their bid)(?:(?:,| and|, and) (?:an extra|a further) (?P<zero>\d+) if that "
             r"number was zero)?)?")
EXACT = r"each player who won the exact number of tricks they bid scores 10 plus that number; (?P<other>.+)"


@phase.rule("SC-T", r"(?:When|After|Once) (?:all (?:(?P<n>" + NUM + r") )?tricks have been played|all (?P<n2>" + NUM + r") tricks have been "
            r"played|the (?P<n3>" + NUM + r") tricks have all been played),? (?P<body>.+)\.")
def _hand_scoring(m: re.Match[str], d: Draft) -> None:
    n = m["n"] or m["n2"] or m["n3"]
    if n:
        d.note("tricks.said", number(n))
        d.note("tricks.word", n)
    else:
        d.note("tricks.said", None)
    _trick_body(m["body"], d)


# SC-T with the climbing prefix: a climbing game whose piles are taken as tricks ends its hand as
# soon as someone has played their last card.
@phase.rule("SC-T", r"When a player plays their last card, the round ends immediately \(the final trick being discarded with no "
            r"winner\),? and (?P<body>.+)\.")
def _climbing_hand_scoring(m: re.Match[str], d: Draft) -> None:
    d.note("tricks.last-card")
    _trick_body(m["body"], d)


def _trick_body(body: str, d: Draft) -> None:
    if (a := re.fullmatch(AVOID, body)) is not None:
        _avoid(a, d)
    elif (p := re.fullmatch(PER_TRICK, body)) is not None:
        d.set("scoring.kind", "per-trick")
        d.set("scoring.beyond", ordinal(p["beyond"]) if p["beyond"] else 0)
        if p["exact"] or p["exact2"]:
            d.set("scoring.exact_bonus", number(p["exact"] or p["exact2"]))
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


#: "scores an extra point", in other words.
EXTRA_POINT = r"(?:scores|gains|earns|gets) (?:an extra|one extra|a bonus|an additional) point"
#: "the player who won it": who took a card in a trick.
WON_IT = r"(?:the player who (?:won|took|captured) it(?: in a trick)?|whoever (?:won|took) it)"


@phase.rule("SC-T4", r"If (?P<pig>.+?) (?:was|has been) revealed, " + WON_IT + r" (?:(?P<plus>" + EXTRA_POINT + r")|(?P<minus>loses (?:a|one) point)"
            r"|scores nothing for (?:this|the) hand)\.")
def _pig_extra(m: re.Match[str], d: Draft) -> None:
    d.set("scoring.extras.pig", "plus" if m["plus"] else "minus" if m["minus"] else "nothing")
    d.note("pig.scored", m["pig"])


@phase.rule("SC-T4", r"(?:The player who (?:won|took|captured)|Whoever (?:won|took)) the highest trump(?: card)? (?:(?P<plus>" + EXTRA_POINT
            + r")|loses (?:a|one) point)\.")
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


@phase.rule("SC-T6", r"\((?:If the hand (?:was|is) played low,? (?:then )?|In a hand played low, )each player (?:loses that (?:many|number of) "
            r"points(?: instead)?|gains points instead of losing them(?:, and vice versa)?)\.\)")
def _low_note(m: re.Match[str], d: Draft) -> None:
    d.note("low.note")


# -- SC-A shedding scoring (and SC-B: countdown with tricks) ---------------------------------------

#: Going out, in the book's words and others'.
GO_OUT = r"(?:empty their hand|get rid of (?:all (?:of )?)?their cards|run out of cards|play (?:all (?:of )?)?their cards|go out)"
WINS = (r"(?:The first player to (?:(?P<empty>" + GO_OUT + r")|(?P<rows>play out their face-down cards))|The first player with no cards "
        r"(?:left )?in their hand|Whoever (?:empties their hand|gets rid of (?:all )?their cards|runs out of cards|goes out) first) wins the round")
KITTY_POINTS = r"(?P<kittypts>,? plus (?:one|a|1) point (?:per|for each|for every) card (?:left )?in the (?P<kitty>[\w -]+?))?"


def _round_won(m: re.Match[str], d: Draft) -> None:
    d.note("round.won", "rows" if m["rows"] or m.groupdict().get("rows2") else "empty")


@phase.rule("SC-A", r"(?:" + WINS + r"|The round is won by the first player to (?:" + GO_OUT + r"|(?P<rows2>play out their face-down cards)))\.")
def _wins(m: re.Match[str], d: Draft) -> None:
    _round_won(m, d)


@phase.rule("SC-A4", WINS + r",? and scores (?:a|one|1) point\.")
def _first_out(m: re.Match[str], d: Draft) -> None:
    _round_won(m, d)
    d.set("scoring.kind", "first-out")


@phase.rule("SC-A1", WINS + r",? and (?:must )?(?:discards?|gives? up|loses?|returns?) one (?:of their )?(?P<cur>[\w -]+?)\.")
def _countdown(m: re.Match[str], d: Draft) -> None:
    _round_won(m, d)
    d.set("scoring.kind", "countdown")
    d.note("tokens.discarded", m["cur"])


@phase.rule("SC-A3", WINS + r",? becomes the (?P<title>[\w -]+?),? and scores (?P<n>" + NUM + r") points?" + KITTY_POINTS + r"\.")
def _title_winner(m: re.Match[str], d: Draft) -> None:
    _round_won(m, d)
    _title(m, d, retire=False)


@phase.rule("SC-A3", r"When a player (?:(?P<empty>empties their hand)|(?P<rows>plays out their face-down cards)), they win and "
            r"become (?:the )?(?P<title>[\w -]+?), scoring (?P<n>" + NUM + r") points?" + KITTY_POINTS + r"\.")
def _title_winner_becomes(m: re.Match[str], d: Draft) -> None:
    _round_won(m, d)
    _title(m, d, retire=False)


#: SC-A3 titles of the first out, the second out and the loser (generator order).
TITLES = ("leader", "emperor", "monarch", "boss", "magnate", "majesty", "mogul", "imperator", "chairman", "wizard", "magus")
VICE_TITLES = ("advisor", "aide", "director", "judge", "priest", "prince", "manager", "vizier", "bishop", "assistant", "sheriff",
               "witch")
LOSER_TITLES = ("peasant", "bumpkin", "peon", "serf", "ninny", "nincompoop", "oaf", "lummox", "clod", "rube", "drudge", "fool",
                "jester", "crook", "toad", "worm", "slouch", "slug", "gutterpup", "pit dweller")


def _title(m: re.Match[str], d: Draft, retire: bool) -> None:
    word_check(d, "title", m["title"], TITLES)
    d.set("scoring.kind", "titles")
    d.set("scoring.title", m["title"])
    d.set("scoring.first", number(m["n"]))
    d.set("scoring.retire", retire)
    if m["kittypts"]:
        d.note("titles.kitty", m["kitty"])


@phase.rule("SC-A2", r"A player whose hand contains cards whose face values total (?:5|five) or less may knock, ending the round "
            r"immediately with them as its winner\.")
def _knock_five(m: re.Match[str], d: Draft) -> None:
    d.set("scoring.round_end", "knock-five")
    d.note("round.won", "knock")


@phase.rule("SC-A2", r"When a player (?:empties their hand|goes out), they knock\.")
def _knock_out(m: re.Match[str], d: Draft) -> None:
    d.note("knock.out")


@phase.rule("SC-A2", r"(?:Each|Every) other player (?:may take|takes|has|gets) one more turn, then the round ends with the knocking "
            r"player as its winner\.")
def _knock_out_wins(m: re.Match[str], d: Draft) -> None:
    """SC-A2's knock on going out (melding): the player who goes out knocks, the others have one more
    turn each, and the knocker wins the round."""
    d.set("scoring.round_end", "knock-out")
    d.note("round.won", "knock")
    d.note("knock.last-turns")


@phase.rule("SC-A2", r"\((?:[Oo]r )?[Tt]he second time (?:that )?the stock is exhausted, the round ends immediately and the player with the smallest "
            r"hand wins\. If tied, the tied player whose turn is happening or would have happened soonest wins\.\)")
def _stock_out(m: re.Match[str], d: Draft) -> None:
    d.set("scoring.stock_out", True)


#: "the cards remaining in their opponents' hands", in other words.
REMAINING = r"(?:remaining|left|still) in (?:their|the) (?:opponents'|other players') hands"
#: "their own hand": a loser's.
OWN = r"(?:remaining|left|still) in their (?:own )?hands?"


@phase.rule("SC-A2", r"(?:The winner|They) (?:gains?|scores?) points equal to the (?:scores|values?) of the cards " + REMAINING + r",? (?:scored )?"
            r"as follows:")
def _values_winner(m: re.Match[str], d: Draft) -> None:
    d.set("scoring.kind", "card-values")
    d.set("scoring.losers_lose", False)


#: "Each other player loses", in other words.
OTHERS_LOSE = r"(?:Each other player loses|Every other player loses|Each of the other players loses|All (?:the )?other players lose)"


@phase.rule("SC-A2", OTHERS_LOSE + r" points equal to the (?:(?:scores|values?) of the )?cards " + OWN + r",? as follows:")
def _values_losers(m: re.Match[str], d: Draft) -> None:
    d.set("scoring.kind", "card-values")
    d.set("scoring.losers_lose", True)


@phase.rule("SC-A2", r"(?:The winner|They) (?:(?:gains?|scores?) points equal to the (?:total )?number of cards|(?:gains?|scores?) (?:one|a|1) point "
            r"(?:for each|for every|per) card) " + REMAINING + r"\.")
def _count_winner(m: re.Match[str], d: Draft) -> None:
    d.set("scoring.kind", "card-count")
    d.set("scoring.losers_lose", False)


@phase.rule("SC-A2", OTHERS_LOSE + r" (?:points equal to the (?:total )?number of cards|(?:one|a|1) point (?:for each|for every|per) card) " + OWN
            + r"\.")
def _count_losers(m: re.Match[str], d: Draft) -> None:
    d.set("scoring.kind", "card-count")
    d.set("scoring.losers_lose", True)


# The pig's count has no example in the shared book; the catalogue: "pig counts as four/three/two/
# five cards", with the generator's typo "counts as as it were N cards".
@phase.rule("SC-A2", r"(?P<pig>.+?)(?: \(if it was revealed(?: at the start of the hand)?\))? counts as (?P<typo>as )?(?:if )?"
            r"(?:it were )?(?P<n>" + NUM + r") cards(?: for scoring)?\.")
def _pig_cards(m: re.Match[str], d: Draft) -> None:
    if m["typo"]:
        d.repair("counts-as-as", "defect", "\"counts as as it were\" (a generator typo) read as \"counts as if it were\"")
    d.set("scoring.pig_cards", number(m["n"]))
    d.note("pig.scored", m["pig"])


@phase.rule("SC-A2", r"Cards still in a player's face-up and face-down (?:piles|rows) are not counted(?: for scoring)?\.")
def _rows_uncounted(m: re.Match[str], d: Draft) -> None:
    d.note("rows.uncounted")


@phase.rule("SC-A2", r"If the final (?:play|meld) of the round (?:consisted only of|included only) (?P<r>" + RANKS + r"), these points "
            r"are doubled\.")
def _low_finish(m: re.Match[str], d: Draft) -> None:
    d.set("scoring.low_finish_double", True)
    d.note("low-finish.rank", rank(m["r"]))


@phase.rule("SC-A2", r"If this is the (?P<t1>[\w -]+?), each opponent must pay them a number of points equal to the amount of the "
            r"bid; if the (?P<t2>[\w -]+?) loses, then they must pay the bid amount to each opponent\.")
def _landlord_stake(m: re.Match[str], d: Draft) -> None:
    if m["t1"] != m["t2"]:
        d.problem("the payment names the auction's winner in different words")
    d.set("scoring.kind", "landlord-stake")
    d.note("payment", "stake")
    d.note("payment.title", m["t1"])


# Doubling the landlord's payments has no example in the shared book (catalogue SC-A2/A3, with the
# generator's typo "area doubled").
@phase.rule("SC-A2", r"(?:These|All|The) payments (?P<typo>area|are) doubled (?:for|by) (?:every|each) (?P<bomb>[\w -]+?)(?: (?:or|and) "
            r"(?:every |each )?(?P<rocket>[\w -]+?))? played (?:during|in) the (?:round|hand)\.")
def _bomb_doubling(m: re.Match[str], d: Draft) -> None:
    if m["typo"] == "area":
        d.repair("area-doubled", "defect", "\"area doubled\" (a generator typo) read as \"are doubled\"")
    d.note("doubling.bomb", (m["bomb"], m["rocket"]))


@phase.rule("SC-A2", r"(?:A|Any) player (?:holding|who holds) (?P<pig>.+?)(?: in their hand)? has their payment doubled(?: again)?\.")
def _pig_doubling(m: re.Match[str], d: Draft) -> None:
    d.note("doubling.pig", m["pig"])
    d.note("pig.scored", m["pig"])


# The pig's extra point (basic scoring) or second token (countdown) has no example in the shared
# book; the catalogue reads its "they" as the round's winner.
@phase.rule("SC-A", r"If (?P<pig>.+?) was revealed(?: at the start of the hand)?, (?:they|the winner) (?:(?P<point>scores? an extra "
            r"point)|(?P<two>discards? two(?: of their [\w -]+?)?(?: instead)?))\.")
def _pig_winner(m: re.Match[str], d: Draft) -> None:
    d.note("pig.winner", "point" if m["point"] else "two")
    d.note("pig.scored", m["pig"])


# -- SC-A3 titles and the rules between rounds (WU-01…WU-05) ---------------------------------------


#: "empties their hand", in other words.
EMPTIES = r"(?:empties their hand|has emptied their hand|runs out of cards|gets rid of (?:all )?their cards|has no cards left|goes out)"


@phase.rule("SC-A3", r"(?:(?:When|Once|As soon as) a player " + EMPTIES + r", they retire|A player who " + EMPTIES + r" retires|Players who empty "
            r"their hands retire)\.")
def _retire(m: re.Match[str], d: Draft) -> None:
    d.note("titles.retire", True)


@phase.rule("SC-A3", r"(?:Continue playing|Play continues|Keep playing|Carry on playing|Play on) until (?:only |just )?one player (?:is left|remains)\.")
def _continue(m: re.Match[str], d: Draft) -> None:
    d.note("titles.continue")


#: "is the", of a title; "scores", of its points.
IS_THE = r"(?:is|becomes|is called|is named) the"
SCORES = r"(?:scores|gains|receives|earns|gets)"


@phase.rule("SC-A3", r"The first (?:player )?to retire " + IS_THE + r" (?P<title>[\w -]+?),? and " + SCORES + r" (?P<n>" + NUM + r") points?"
            + KITTY_POINTS + r"\.")
def _first_retired(m: re.Match[str], d: Draft) -> None:
    _title(m, d, retire=True)


@phase.rule("SC-A3", r"The second (?:player )?to retire " + IS_THE + r" (?P<vice>[\w -]+?),? and " + SCORES + r" (?P<n>" + NUM + r") points?\.")
def _second_retired(m: re.Match[str], d: Draft) -> None:
    word_check(d, "vice title", m["vice"], VICE_TITLES)
    d.set("scoring.vice", m["vice"])
    d.set("scoring.second", number(m["n"]))


@phase.rule("SC-A3", r"The (?:last player (?:left|remaining)|player left at the end|(?P<most>(?:single )?player(?: \(if any\))? with the most cards "
            r"(?:left|remaining)(?: in their hand)?(?: \(if there is only one\))?)) " + IS_THE + r" (?P<loser>[\w -]+?)(?:(?:, who|,? and|; they) "
            r"loses? (?P<n>" + NUM + r") points?)?\.")
def _loser(m: re.Match[str], d: Draft) -> None:
    word_check(d, "loser title", m["loser"], LOSER_TITLES)
    d.set("scoring.loser", m["loser"])
    d.set("scoring.loser_penalty", number(m["n"]) if m["n"] else 0)
    d.note("titles.loser-by", "most" if m["most"] else "last")


@phase.rule("SC-A3", r"If (?P<pig>.+?) was revealed(?: at the start of the hand)?, the (?P<who>[\w -]+?) (?P<verb>loses|scores|gains) "
            r"(?P<n>" + NUM + r") (?:extra )?points?\.")
def _title_pig(m: re.Match[str], d: Draft) -> None:
    n = number(m["n"])
    d.note("titles.pig", (m["who"], -n if m["verb"] == "loses" else n))
    d.note("pig.scored", m["pig"])


# SC-A3 with a landlord has no example in the shared book (catalogue: "if the landlord became ‹title›
# each opponent pays the bid, otherwise the landlord pays each opponent"); the spec's titles hold no
# stake, so the sentence is read and its rule dropped, listed.
@phase.rule("SC-A3", r"If the (?P<t1>[\w -]+?) (?:became|becomes|is) the (?P<title>[\w -]+?), each opponent must pay them a number "
            r"of points equal to the amount of the bid; (?:otherwise|if not|if they did not),? (?:then )?(?:the (?P<t2>[\w -]+?)|they) "
            r"must pay the bid amount to each opponent\.")
def _title_stake(m: re.Match[str], d: Draft) -> None:
    d.note("payment", "title-stake")
    d.note("payment.title", m["t1"])
    d.repair("title-stake-dropped", "dropped",
             f"the {m['t1']}'s stake for becoming (or not) the {m['title']}: the spec's titles scoring holds no stake")


@phase.rule("WU-01", r"(?:The (?P<who>[\w -]+?) (?:starts|leads|begins|takes the first turn of|plays first in|goes first in) the next round|The next "
            r"round is (?:started|begun|led) by the (?P<who2>[\w -]+?))\.")
def _starter(m: re.Match[str], d: Draft) -> None:
    d.note("titles.starter", m["who"] or m["who2"])


@phase.rule("WU-05", r"(?:For the next round, )?The (?P<loser>[\w -]+?) (?:must )?(?:gathers?(?: up)?|collects?) and deals? all (?:of )?(?:the )?cards"
            r"(?: for the next round)?\.|The (?P<loser2>[\w -]+?) (?:gathers|collects) all (?:of )?the cards and deals them for the next round\.")
def _loser_deals(m: re.Match[str], d: Draft) -> None:
    d.note("passing", ("loser-deals", m["loser"] or m["loser2"], None, None))


@phase.rule("WU-05", r"If any(?: other)? player (?:picks up the (?:play )?(?:pile|cards)|touches the (?:play )?(?:pile|cards)),? or "
            r"(?:attempts|tries) to deal, they (?:automatically )?become the (?P<loser>[\w -]+?)(?: for the next round)?\.")
def _usurper_if(m: re.Match[str], d: Draft) -> None:
    d.note("passing.usurper", m["loser"])


@phase.rule("WU-05", r"(?:Anyone|Any other player|Any player) (?:else )?(?:who|that) (?:picks up the (?:pile|cards)|touches the "
            r"(?:pile|cards)),? or tries to deal,? becomes the (?P<loser>[\w -]+?)(?: for the next round)?(?: instead)?\.")
def _usurper(m: re.Match[str], d: Draft) -> None:
    d.note("passing.usurper", m["loser"])


# WU-02…WU-04 have no example in the shared book; these phrasings follow the catalogue.
#: When the cards pass: "After the deal," (the catalogue) or "After cards are dealt for a new round" (the book).
AFTER_DEAL = (r"(?:After the deal,|After cards are dealt for (?:a|the) (?:new|next) (?:round|hand),?|Once the cards (?:are|have been) dealt,|"
              r"When the cards have been dealt,)")
#: The title holder's side of a passing: "and receives any card back", "and the boss gives back any two cards in exchange".
GIVES_BACK = (r"(?:,| and|;) (?:and )?(?:(?:receives|gets|is given|takes)(?: back)?|(?:the (?P<title2>[\w -]+?) )?(?:returns|gives "
              r"back|gives them|hands back)(?: them)?) any (?:(?P<n>one|two|three|1|2|3) )?cards?(?: of (?:the [\w -]+?'s|their) "
              r"choice)?(?: back| in (?:return|exchange))?(?: from them)?\.")


@phase.rule("WU-02", AFTER_DEAL + r" the (?P<loser>[\w -]+?) (?:must )?gives? the (?P<title>[\w -]+?) their (?:single )?highest card"
            + GIVES_BACK)
def _best_card(m: re.Match[str], d: Draft) -> None:
    if m["n"] and number(m["n"]) != 1:
        d.problem(f"the loser gives one card and gets {m['n']} back")
    _passing_title(m, d)
    d.note("passing", ("best-card", m["loser"], m["title"], None))


def _passing_title(m: re.Match[str], d: Draft) -> None:
    if m["title2"] and m["title2"] != m["title"]:
        d.problem(f"the cards go to the {m['title']}, but the {m['title2']} gives cards back")


@phase.rule("WU-03", AFTER_DEAL + r" the (?P<loser>[\w -]+?) (?:must )?gives? the (?P<title>[\w -]+?) their two highest cards"
            + GIVES_BACK)
def _two_cards(m: re.Match[str], d: Draft) -> None:
    if m["n"] is None or number(m["n"]) not in (2, 3):
        d.problem("the loser gives two cards, but the number given back is not two or three")
        return
    _passing_title(m, d)
    d.note("passing", ("two-cards", m["loser"], m["title"], number(m["n"])))


@phase.rule("WU-04", r"(?:Before anyone (?:looks|has looked) at their cards|Before looking at their cards), each player (?:reveals|turns up|shows) the top "
            r"card of their (?:dealt )?hand(?:;|:|,)(?: and)? the (?P<title>[\w -]+?) (?:swaps|exchanges|trades) hands with the (?:owner|player) of the "
            r"highest(?: revealed)? card(?:,? and the (?P<vice>[\w -]+?) "
            r"with the (?:owner|player) of the second(?:-| )highest(?: card)?)?\.")
def _swap_hands(m: re.Match[str], d: Draft) -> None:
    d.note("passing", ("swap-hands", None, m["title"], m["vice"]))


# -- finishing -------------------------------------------------------------------------------------

AVOID_ONLY = ("suit", "per_card", "penalty_card", "bonus_card", "joker_loss", "shoot_the_moon", "doubler", "pig_points")
TRICK_ONLY = ("beyond", "exact_bonus", "zero_bonus", "blind_bonus", "extras.joker_tricks", "extras.pig", "extras.top_trump",
              "extras.bid_all_wins", "otherwise")


def finish(d: Draft) -> None:
    kind = d.get("scoring.kind")
    if kind is None:
        d.problem("no sentence says how a hand is scored", "")
        return
    if kind in SHEDDING_FIELDS:
        _shedding(d, kind)
    allowed = {"avoid-suit": AVOID_ONLY, "per-trick": TRICK_ONLY[:-1], "exact-bid": ("otherwise",) + TRICK_ONLY[4:8],
               **SHEDDING_FIELDS}[kind]
    for path in [p for p in d.fields if p.startswith("scoring.") and p != "scoring.kind"]:
        if path[len("scoring."):] not in allowed:
            d.problem(f"the spec cannot hold {path} with {kind} scoring", d.source.get(path))
    if kind not in SHEDDING_FIELDS:
        for key in ("round.won", "titles.retire", "titles.starter", "passing", "rows.uncounted", "pig.winner"):
            if d.heard(key) is not None:
                d.problem(f"a rule of shedding scoring with {kind} scoring", d.said_in[key])
                break
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


_SHED = ("round_end", "stock_out", "low_finish_double")
#: The fields each shedding kind holds (SC-A1…SC-A4).
SHEDDING_FIELDS: dict[str, tuple[str, ...]] = {
    "countdown": (), "first-out": (), "card-values": _SHED + ("values", "losers_lose"),
    "card-count": _SHED + ("losers_lose", "pig_cards"), "landlord-stake": _SHED,
    "titles": ("title", "first", "vice", "second", "loser", "loser_penalty", "retire", "pig", "starter", "passing", "rule_maker"),
}
#: SC-A2's lost table, row by row: the generator's first (most likely) value of each weighted pick,
#: the middle of the uniform joker range, pip values for number cards (catalogue §1.11).
LIKELY_VALUES = {"jokers": 10, "majors": 5, "faces": 5, "aces": 1, "pig": 5}


def _shedding(d: Draft, kind: str) -> None:
    """Cross-check a shedding game's scoring sentences: who wins the round, the payment, the pig, the
    titles and the rules between rounds; fill in the card-value table the scrape lost."""
    won = d.heard("round.won")
    sentence = d.source.get("scoring.kind")
    if won is None and kind != "titles":
        d.problem("no sentence says who wins the round", sentence)
    if bool(d.heard("knock.out")) != bool(d.heard("knock.last-turns")):
        d.problem("a player who goes out knocks, but the sentences do not say both that they knock and that the others "
                  "have one more turn", d.said_in.get("knock.out") or d.said_in.get("knock.last-turns"))
    if won == "rows" and not d.get("deal.rows"):
        d.problem("the round is won by playing out the face-down cards, but no rows are dealt", d.said_in["round.won"])
    elif won == "empty" and d.get("deal.rows"):
        d.problem("the round is won by emptying a hand, but the game has face-down rows to play out", d.said_in["round.won"])
    if kind == "countdown":
        tokens = d.get("deal.tokens")
        said = d.heard("tokens.discarded")
        if tokens is None:
            d.problem("the winner discards a token, but no tokens are dealt", sentence)
        elif said is not None and currency(said) != tokens["name"]:
            d.problem(f"the winner discards one of their {said}, but players hold another token ({tokens['name']})", sentence)
    elif d.get("deal.tokens") is not None:
        d.problem("players hold tokens, but the winner of a round does not give one up", sentence)
    if d.heard("rows.uncounted") and (kind != "card-count" or not d.get("deal.rows")):
        d.problem("a note that cards in the rows are not counted, but cards are not counted or there are no rows",
                  d.said_in["rows.uncounted"])
    low = d.heard("low-finish.rank")
    pig = d.get("setup.pig")
    winner_pig = d.heard("pig.winner")
    if winner_pig is not None and (kind, winner_pig) not in (("first-out", "point"), ("countdown", "two")):
        d.problem(f"a pig rule for the round's winner that does not fit {kind} scoring", d.said_in["pig.winner"])
    if pig is not None and kind in ("first-out", "countdown") and winner_pig is None:
        d.repair("pig-winner-unsaid", "reading", "the book gives the revealed pig no effect on the round's winner; the spec's "
                 "rule applies (a point more, or a second token given up)", sentence)
    if d.heard("payment") == "title-stake" and kind != "titles":
        d.problem("a stake for a title, but no titles are given", d.said_in["payment"])
    if d.heard("payment") == "stake" and kind != "landlord-stake":
        d.problem("the landlord's payment does not fit the scoring", d.said_in["payment"])
    if d.heard("doubling.bomb") is not None and kind not in ("landlord-stake", "titles"):
        d.problem("payments doubled for bombs, but no one pays a stake", d.said_in["doubling.bomb"])
    if kind == "card-values":
        _card_values(d, sentence)
    elif kind == "titles":
        _titles(d)
    elif kind == "landlord-stake":
        _stake(d, sentence)
    ranks = _ranks(d)
    if low is not None and ranks and low != ranks[-1]:
        d.problem(f"points doubled for a final play of {low}s, but the lowest rank is {ranks[-1]}", d.said_in["low-finish.rank"])


def _ranks(d: Draft) -> tuple[str, ...]:
    """The ranks in play, high to low (empty when the deck sentences do not make a pack)."""
    try:
        return DeckSpec(kind=d.get("deck.kind"), order=d.get("deck.order"), promoted=d.get("deck.promoted"),
                        removed=d.get("deck.removed", [])).ranks()
    except ValueError:  # pydantic's ValidationError: the deck's own problems are already reported
        return ()


def _card_values(d: Draft, sentence: str | None) -> None:
    """SC-A2's table follows "as follows:" and was lost in the scrape: the rows the pack calls for
    (jokers; majors; face cards if the King or Queen of hearts — the tarot King of swords — is in
    the pack; Aces if the Ace is; the pig; number cards) get the generator's most likely values
    (``LIKELY_VALUES``)."""
    kind = d.get("deck.kind")
    ranks = _ranks(d)
    values: dict[str, object] = {}
    rows = []

    def row(key: str, value: int, what: str) -> None:
        values[key] = value
        rows.append(f"{what} {value}")

    if d.get("deck.jokers"):
        row("jokers", LIKELY_VALUES["jokers"], "jokers")
    if kind == "tarot":
        row("majors", LIKELY_VALUES["majors"], "major arcana")
    if "K" in ranks or (kind != "tarot" and "Q" in ranks):
        row("faces", LIKELY_VALUES["faces"], "face cards")
    if "A" in ranks:
        row("aces", LIKELY_VALUES["aces"], "Aces")
    if d.get("setup.pig") is not None:
        pig = LIKELY_VALUES["pig"]
        majors = values.get("majors")
        if isinstance(majors, int) and pig in (majors, majors - 1):
            pig += 5  # the generator keeps the pig's value off the majors'
        row("pig", pig, "the pig (if revealed)")
    values["numbers"] = "pips"
    rows.append("number cards their pips")
    d.set("scoring.values", values)
    d.repair("card-values-lost", "defect",
             "the table of card values after \"as follows:\" was lost from the book; read with the generator's most likely "
             "value for each row the pack calls for: " + ", ".join(rows)
             + (", cards left in face-down rows 1 each" if d.get("deal.rows") else "")
             + ("; the cards of the wild rank (DL-09), which the lost row valued as jokers, count as their own rank (the "
                "spec values the pack's cards)" if (d.get("deal.stock") or {}).get("wild_card") else ""), sentence)


def _titles(d: Draft) -> None:
    retire = d.get("scoring.retire")
    title, loser = d.get("scoring.title"), d.get("scoring.loser")
    sentence = d.source.get("scoring.kind")
    if title is None:
        d.problem("no sentence gives the first out a title", "")
        return
    if loser is None:
        d.problem(f"the first out is the {title}, but no one is given the loser's title", sentence)
    if retire:
        if not d.heard("titles.retire") or not d.heard("titles.continue"):
            d.problem("the first player to retire takes a title, but no sentence says players retire and play on", sentence)
        if d.heard("titles.loser-by") == "most":
            d.problem("players retire until one is left, but the loser is the one with the most cards", sentence)
    else:
        for key in ("titles.retire", "titles.continue"):
            if d.heard(key):
                d.problem("players retire, but the first out ends the round", d.said_in[key])
        if d.get("scoring.vice") is not None:
            d.problem("a title for the second out, but the first out ends the round", d.source.get("scoring.vice"))
        if d.heard("titles.loser-by") == "last":
            d.problem("the first out ends the round, so no one is \"the last player left\"", sentence)
    names = {title: "title", loser: "loser"}
    if d.get("scoring.vice") is not None:
        names[d.get("scoring.vice")] = "vice"
    kitty = d.heard("titles.kitty")
    if kitty is not None and (d.get("deal.kitty") is None or d.get("deal.kitty")["name"] != kitty):
        d.problem(f"points for the cards in the {kitty}, but there is no {kitty}", sentence)
    elif kitty is None and d.get("deal.kitty") is not None and d.get("bidding.auction") is None:
        d.repair("titles-kitty-unsaid", "reading", "the book does not give the title holder the points of the cards left in "
                 "the kitty; the spec's rule gives them", sentence)
    pig = d.heard("titles.pig")
    if pig is not None:
        who, points = pig
        if names.get(who) not in ("title", "loser"):
            d.problem(f"a pig rule for the {who}, who holds no title", d.said_in["titles.pig"])
        else:
            d.set("scoring.pig", {"who": names[who], "points": points})
    starter = d.heard("titles.starter")
    if starter is not None:
        if starter not in names:
            d.problem(f"the {starter} starts the next round, but no one holds that title", d.said_in["titles.starter"])
        else:
            d.set("scoring.starter", names[starter])
    passing = d.heard("passing")
    usurper = d.heard("passing.usurper")
    if passing is not None:
        form, by, to, extra = passing
        if by is not None and by != loser:
            d.problem(f"the {by} passes or deals the cards, but the loser is the {loser}", d.said_in["passing"])
        if to is not None and to != title:
            d.problem(f"cards go to the {to}, but the first out is the {title}", d.said_in["passing"])
        if form == "swap-hands" and extra is not None and extra != d.get("scoring.vice"):
            d.problem(f"the {extra} swaps hands, but no one holds that title", d.said_in["passing"])
        value: dict[str, object] = {"kind": form}
        if form == "two-cards":
            value["returned"] = extra
        if usurper is not None:
            if form != "loser-deals" or usurper != loser:
                d.problem("anyone else who tries to deal becomes the loser, but the loser does not deal",
                          d.said_in["passing.usurper"])
            value["usurper"] = True
        d.set("scoring.passing", value)
    elif usurper is not None:
        d.problem("anyone else who tries to deal becomes the loser, but the loser does not deal", d.said_in["passing.usurper"])
    maker = d.heard("rules.maker")
    if maker is not None:
        if names.get(maker) not in ("title", "vice"):
            d.problem(f"the {maker} may invent a rule, but holds no winner's title", d.said_in["rules.maker"])
        else:
            d.set("scoring.rule_maker", names[maker])


def _stake(d: Draft, sentence: str | None) -> None:
    bomb = d.get("play.bomb")
    doubling = d.heard("doubling.bomb")
    if bomb is not None and doubling is None:
        d.repair("bomb-doubling-unsaid", "reading", f"the book does not double the stake for a {bomb['name']}; the spec's "
                 "rule doubles it for every bomb played", sentence)
    if doubling is not None and (bomb is None or doubling[0] not in (bomb["name"], bomb["name"] + "s")):
        d.problem("the stake is doubled for a play that is not the game's bomb", d.said_in["doubling.bomb"])


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
    if (pay == "suit") != (kind == "avoid-suit") or (pay == "tricks" and kind not in ("per-trick", "exact-bid")):
        d.problem("the landlord's payment does not fit the scoring", sentence)
    if pay == "suit" and d.heard("payment.suit") != d.get("scoring.suit"):
        d.problem("the landlord's payment names another suit than the one avoided", sentence)


def check_trick_count(d: Draft, pack: DeckSpec | None, dealt: DealSpec | None, per_trick: bool = True) -> None:
    """Check "When all N tricks have been played" against the deal at every player count, and list
    how unequal hands and uneven whole-pack deals are read. ``pack`` and ``dealt``: the draft's
    deck and deal as specs (None when the sentences do not make one). ``per_trick`` false (the
    family does not play one card each to a trick, so hands may differ): only the whole-pack deal
    is read."""
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
    short = {n: -derived.cards_left(pack, dealt, n) for n in counts if derived.cards_left(pack, dealt, n) < 0}
    if short:
        table = dealt.stock.table_cards() if dealt.stock is not None else 0
        if table:
            what = "the discard piles' first cards" if dealt.stock.discard_piles > 1 else "the discard pile's first card"
            what += " and the wild-rank card" if dealt.stock.wild_card else ""
            counted = (f", counting the {table} card{'s' if table > 1 else ''} dealt face up to the table ({what}, which "
                       "the hand size does not allow for)")
        else:
            counted = ""
        d.repair("deal-impossible", "defect",
                 f"the deal needs more cards than the {deck_size}-card pack holds with "
                 + ", ".join(f"{n} players ({k} short)" for n, k in short.items()) + counted
                 + "; kept as written (the static checks rule those player counts out)", d.source.get("deal.hand_size"))
    if not per_trick:
        return
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
    if kind in ("card-values", "card-count", "landlord-stake"):
        for key, value in (("round_end", "empty-hand"), ("stock_out", False), ("low_finish_double", False)):
            d.fields.setdefault(f"scoring.{key}", value)
        if kind == "card-count":
            d.fields.setdefault("scoring.pig_cards", None)
    elif kind == "titles":
        for key, value in (("vice", None), ("second", None), ("loser_penalty", 0), ("pig", None), ("starter", "title"),
                           ("passing", None), ("rule_maker", "title")):
            d.fields.setdefault(f"scoring.{key}", value)
