"""Facts derived from a spec, each with one owner.

A spec says what a game's rules are; many layers need facts that follow from several of its fields
at once: how many cards are left in the stock after the deal, whether the trump card is turned off
the top of the kitty or of the stock, which suits make a hand low, whether a trick can hold a trump
at all. The sampler needs them to draw sensible rules, the static checks to reject impossible ones,
the rulebook to print them, the parser to check what it reads, the importer to cross-check the
book and the engine to play. Worked out separately in each layer, they drift apart and the printed
rules stop being the rules the simulator plays; so each is worked out here, once, and the layers
ask.

Every function is pure and cheap (a few attribute reads), so nothing is cached. Each takes the
smallest part of a spec it needs (a ``DeckSpec``, a ``DealSpec``, a ``SetupSpec``…) so that the
sampler and the importer, which hold only parts while they build a spec, can ask too; a function
that needs parts from all over the spec takes the whole ``GameSpec``.
"""

from __future__ import annotations

from .deal import DealSpec
from .deck import MAJORS, DeckSpec
from .ending import EndCondition
from .game import GameSpec
from .setup import TRUMPS_KNOWN_AT_START, SetupSpec

# -- the deal: hands, the kitty, the stock -----------------------------------------------------------


def kitty_reserve(deal: DealSpec) -> int:
    """Cards dealt face down to a kitty after the hands (DL-11 ``dealt``), else 0.

    Why: a whole-pack deal shares out what is left after this reserve, and every count of the
    cards left over after the deal subtracts it."""
    kitty = deal.kitty
    return kitty.size or 0 if kitty is not None and kitty.form == "dealt" else 0


def kitty_at_deal(deal: DealSpec) -> bool:
    """Whether a kitty lies on the table as soon as the cards are dealt (``dealt`` or ``undealt``),
    rather than being made by the players afterwards (``contributed``) or not at all.

    Why: only such a kitty can give the card turned for trumps (it is turned from the kitty, not
    the stock) and be taken into hand by the winner of an auction."""
    return deal.kitty is not None and deal.kitty.form in ("dealt", "undealt")


def deals_whole_pack(deal: DealSpec) -> bool:
    """Whether the whole pack is dealt out (``hand_size: all``): there is then no stock."""
    return deal.hand_size == "all"


def leaves_stock(deal: DealSpec) -> bool:
    """Whether the cards not dealt can form a stock at all: not when the whole pack is dealt, nor
    when an ``undealt`` kitty takes every card not dealt.

    Why: an exchange or a law that draws needs a stock; the rulebook says why there is none."""
    return not deals_whole_pack(deal) and not (deal.kitty is not None and deal.kitty.form == "undealt")


def cards_dealt(deck: DeckSpec, deal: DealSpec, players: int) -> int:
    """Cards dealt to the players (the odd card included) and to a face-down kitty at ``players``.

    Face-down rows (DL-12) count: six cards each; so do the first card of each discard pile and the
    wild-rank card (DL-08, DL-09), which the seed book forgot to count. Why: a deal needing more
    cards than the pack holds is impossible (a static check)."""
    used = (deal.cards_each(players, deck.size()) + deal.row_cards()) * players + kitty_reserve(deal)
    if deal.stock is not None:
        used += deal.stock.table_cards()
    if deal.odd_card is not None:
        used += 1 if deal.odd_card.extra else -1
    return used


def cards_left(deck: DeckSpec, deal: DealSpec, players: int) -> int:
    """Cards not dealt to a player or a dealt kitty at ``players``; negative when the deal needs
    more cards than the pack has. With ``undealt`` they are the kitty; after a whole-pack deal,
    the few set aside; otherwise the stock."""
    return deck.size() - cards_dealt(deck, deal, players)


def set_aside(deck: DeckSpec, deal: DealSpec, players: int) -> int:
    """After a whole-pack deal, the cards left over and set aside unseen at ``players`` (0 for a
    deal of fixed hands).

    Why: the rulebook prints them with each share of the pack ("(two set aside)"), and an
    uneven share is a reading the importer lists."""
    if not deals_whole_pack(deal):
        return 0
    size = deck.size()
    each = max(0, deal.cards_each(players, size)) + deal.row_cards()
    return max(0, size - kitty_reserve(deal) - each * players)


def stock_left(deck: DeckSpec, deal: DealSpec, players: int) -> int:
    """Cards in the stock after the deal at ``players``: what an exchange deals from and an
    invented law draws from (a trump card turned from the stock still counts: it lies on top).
    Zero when the whole pack is dealt or an ``undealt`` kitty takes every card not dealt.

    Why: an exchange the stock can never feed is impossible (a static check), and the sampler
    sizes an exchange to the stock."""
    if not leaves_stock(deal):
        return 0
    return max(0, cards_left(deck, deal, players))


def has_stock(spec: GameSpec) -> bool:
    """Whether the deal leaves a face-down stock at some player count: cards left over, or a
    trump card that has to be turned from one.

    Why: the rulebook prints the stock as a step of the deal exactly then."""
    deal = spec.deal
    if not leaves_stock(deal):
        return False
    if deal.stock is not None:
        # DL-10: a stock drawn from in play, refilled from the discard piles, even if the deal empties it
        return True
    if any(stock_left(spec.deck, deal, n) > 0 for n in spec.players.counts()):
        return True
    return turns_top_card(spec.setup) and not kitty_at_deal(deal)


def stock_use(spec: GameSpec) -> str:
    """What the stock is for: ``play`` (drawn from in play: the stock of discard-pile games,
    DL-10, or a family whose play section says it deals from the stock, ``draws_stock``, as a
    fishing game refills empty hands), ``rules`` (only an exchange or a law takes from it) or
    ``none``.

    Why: the rulebook says so where the stock is dealt, and the parser checks it."""
    if spec.deal.stock is not None or spec.play.draws_stock():
        return "play"
    return "rules" if spec.setup.exchange or spec.setup.extra_rules else "none"


def kitty_use(spec: GameSpec) -> str:
    """What becomes of a kitty: ``auction`` (the auction's winner takes it, BD-03), ``capture`` (won
    with a trick or a pile set aside, TT-14, CL-13), ``effect`` (a special card of matching play puts
    it into a hand, MT-04 P02), ``draw`` (melding players may draw its top card, ML-02 b) or ``none``
    (it takes no part in the play).

    Why: the rulebook says so where the kitty is dealt, and the parser checks it."""
    if spec.bidding.auction is not None:
        return "auction"
    return spec.play.kitty_use() or "none"


def tricks_per_hand(deck: DeckSpec, deal: DealSpec, players: int) -> int:
    """Tricks in a full hand at ``players``: as many as the smallest hand has cards once a
    contributed kitty has taken one card from each (a hand ends when a player has no card left at
    the start of a trick).

    Why: scoring only tricks beyond more than that can never score (a static check), and the
    importer checks the book's "when all N tricks have been played" against it."""
    most = deal.cards_each(players, deck.size())
    if deal.odd_card is not None and not deal.odd_card.extra:
        most -= 1
    if deal.kitty is not None and deal.kitty.form == "contributed":
        most -= 1
    return most


def shrinking_hand_sizes(condition: EndCondition, full: int) -> list[int] | None:
    """The hand size of each hand in turn when hands shrink (EN-04): ``full`` down to one card,
    then with ``back_up`` up again to ``full``; None for every other end (every hand is full).

    Why: the engine deals these sizes and the rulebook lists them."""
    if condition.kind != "shrinking":
        return None
    down = list(range(full, 0, -1))
    return down + list(range(2, full + 1)) if condition.back_up else down


# -- the card shown for trumps ---------------------------------------------------------------------

#: Trump methods that take the top card of the kitty or the stock (see ``turns_top_card``); the
#: importer, which holds a method name before it has a spec, asks this directly.
TOP_CARD_METHODS = ("turn-up", "hidden")
#: Trump methods that show one card of the pack to fix trumps (see ``shows_trump_card``).
SHOWN_CARD_METHODS = ("turn-up", "hidden", "last-card")
#: Trump methods whose suit only becomes known during play (see ``trumps_revealed_in_play``).
REVEALED_IN_PLAY_METHODS = ("hidden", "first-card")


def turns_top_card(setup: SetupSpec) -> bool:
    """Whether trumps come from the top card of the kitty or the stock, turned at once (``turn-up``)
    or laid face down until a player fails to follow (``hidden``).

    Why: that card must exist, so the deal must leave one (a static check), the stock exists for
    it, and the engine takes it before anything else is drawn."""
    return setup.trumps.method in TOP_CARD_METHODS


def trump_card_from_kitty(deal: DealSpec) -> bool:
    """Whether a card turned for trumps comes off the kitty (when one lies on the table from the
    deal on) rather than off the stock.

    Why: the rulebook names where it comes from, and the parser and the importer check it."""
    return kitty_at_deal(deal)


def trump_card_on_stock(spec: GameSpec) -> bool:
    """Whether a trump card lies face up on the stock during play: turned up from the stock, not
    from a kitty.

    Why: an exchange never deals it (the rulebook says so in the exchange step)."""
    return spec.setup.trumps.method == "turn-up" and not trump_card_from_kitty(spec.deal)


def shows_trump_card(setup: SetupSpec) -> bool:
    """Whether one card of the pack is shown to fix trumps: turned from the top (``turn-up``,
    ``hidden``) or the dealer's last card (``last-card``)."""
    return setup.trumps.method in SHOWN_CARD_METHODS


def trump_card_may_be_joker(spec: GameSpec) -> bool:
    """Whether the card shown for trumps may be a joker, which means no trump suit that hand
    (SU-05).

    Why: the rulebook then says so with the trump rule and with robbing."""
    return spec.deck.jokers > 0 and shows_trump_card(spec.setup)


# -- trumps ----------------------------------------------------------------------------------------


def has_trump_suit(setup: SetupSpec) -> bool:
    """Whether a hand can have a trump suit at all (every method but ``none``)."""
    return setup.trumps.method != "none"


def trumps_known_at_deal(setup: SetupSpec) -> bool:
    """Whether the trump suit is known once the cards are dealt, before anyone plays.

    Why: anti-trumps, the top trump shown for a point and a ban on leading trumps all need it."""
    return setup.trumps.method in TRUMPS_KNOWN_AT_START


def trumps_revealed_in_play(setup: SetupSpec) -> bool:
    """Whether the trump suit only becomes known during play: a face-down trump card turned the
    first time a player does not follow (``hidden``), or the suit of the first card led
    (``first-card``). Until then the hand is played as if it had no trump suit.

    Why: the engine waits for the reveal, and a rule about playing trumps only starts to matter
    once it has happened."""
    return setup.trumps.method in REVEALED_IN_PLAY_METHODS


def play_jokers(spec: GameSpec) -> str:
    """What jokers do in play (``play.jokers``: TT-05, CL-05); a family whose play section has no
    such field plays them wild (matching: "can be played as any card", MT-04 row J).

    Why: the trump and law rules of every family ask it, and matching's play has no choice to make."""
    return spec.play.joker_play()


def wild_jokers(spec: GameSpec) -> bool:
    """Whether the pack has jokers and they are wild (TT-05): each is played as a natural card
    its player names, so a joker itself never wins or leads a trick.

    Why: the engine offers a play for every card a joker may stand for, and invented laws never
    concern a joker as such."""
    return spec.deck.jokers > 0 and play_jokers(spec) == "wild"


def jokers_are_trumps(spec: GameSpec) -> bool:
    """Whether the pack has jokers that rank as trumps: they join the trump suit, and in a hand
    with no trump suit form one of their own. Wild jokers do not: a wild joker is always played
    as the natural card its player names (the engine never offers it as itself), so it counts as
    that card's suit and never as a trump.

    Why: the engine's suit that wins tricks in a hand without a trump suit, and the rulebook's
    "the jokers act as trumps"."""
    return spec.deck.jokers > 0 and play_jokers(spec) != "wild"


def suit_trumps_at_start(setup: SetupSpec) -> bool:
    """Whether a suit of the pack is trumps from the start of play: known when the cards are
    dealt, and not the tarot's majors.

    Why: bowers (``setup.bowers``) promote the Jacks of that suit's colour for the whole hand; the
    checks and the sampler ask the same question."""
    return trumps_known_at_deal(setup) and setup.trumps.method != "majors"


def bower_after(spec: GameSpec) -> str:
    """What ranks above the right bower, as the rulebook adds it to "the highest trump": the
    jokers on top of the trumps (``engine.cards.BOWER_STRENGTHS`` puts the bowers just below them),
    the red joker alone where the jokers split, nothing where they are the lowest trumps or wild.

    Why: the setup's bower sentence and its parser say the same order the engine plays."""
    jokers = spec.deck.jokers
    how = play_jokers(spec)
    if not jokers or how in ("bottom", "wild"):
        return ""
    if how == "split" or jokers == 1:
        return " after the red joker"
    return " after the jokers"


def trumps_possible(spec: GameSpec) -> bool:
    """Whether a trick can hold a trump: the hand can have a trump suit, or jokers rank as trumps
    of their own.

    Why: the rulebook says a trick "is won by the highest trump in it" exactly then, and the
    parser reads the sentence back against it."""
    return has_trump_suit(spec.setup) or jokers_are_trumps(spec) or schedule_names_trumps(spec)


def schedule_names_trumps(spec: GameSpec) -> bool:
    """Whether a hand of a schedule of contracts has trumps the dealer names (King's positive hands).

    Why: the rulebook's trick winner then speaks of trumps, though the game has no trump rule of
    its own (``setup.trumps``)."""
    return spec.scoring.kind == "schedule" and any(c.trumps == "dealer" for c in spec.scoring.contracts)


def trump_suit_kinds(spec: GameSpec) -> tuple[bool, bool]:
    """(a plain suit, the tarot majors): which kinds of suit can be trumps in a hand.

    Why: the lowest and highest trump of the rank list (the card that robs, the card shown for a
    point) is a rank of a plain suit, a major, or either, as the rulebook names it."""
    method = spec.setup.trumps.method
    fixed = getattr(spec.setup.trumps, "suit", None)
    majors = spec.deck.kind == "tarot" and (
        method in ("turn-up", "hidden", "called", "rotating", "last-card", "majors", "first-card") or fixed == MAJORS)
    plain = method != "majors" and fixed != MAJORS
    return plain, majors


def compares_majors_with_suit_cards(spec: GameSpec) -> bool:
    """Whether, in a tarot pack, a rule of play compares cards of different suits by rank: the
    highest card of any suit wins, the weak led suit, "a higher card" when unable to follow, or
    the lowest card leading next.

    Why: a major and a suit card then need a common scale (their number, and face value), which
    the rulebook prints."""
    return spec.deck.kind == "tarot" and spec.play.compares_across_suits()


# -- high and low hands (SU-07) --------------------------------------------------------------------

#: SU-07: per pack, the suits whose cards make a hand low when every player shows one.
LOW_SUITS: dict[str, tuple[str, ...]] = {
    "standard": ("hearts", "diamonds"),
    "french32": ("hearts", "diamonds"),
    "german32": ("acorns", "leaves"),
    "tarot": ("majors",),
    "euchre24": ("hearts", "diamonds"),
    # The Latin suits have no colours; coins and cups are their "round" suits, against the "long"
    # swords and batons, the one pairing of them card players make.
    "italian40": ("coins", "cups"),
    "spanish40": ("coins", "cups"),
    "spanish48": ("coins", "cups"),
}


def low_suits(deck: DeckSpec) -> tuple[str, ...]:
    """The low colour of SU-07: if every card shown before the hand is of these suits, the hand is
    played low.

    Why: the engine decides high or low by them, and the rulebook names them."""
    return LOW_SUITS[deck.kind]


# -- face values -----------------------------------------------------------------------------------

#: Face values of the court cards per pack (number cards count their number, majors theirs).
COURT_VALUES: dict[str, dict[str, int]] = {
    "standard": {"K": 13, "Q": 12, "J": 11},
    "french32": {"K": 13, "Q": 12, "J": 11},
    "german32": {"K": 13, "Ober": 12, "Unter": 11},
    "tarot": {"K": 14, "Q": 13, "Knight": 12, "Page": 11},
    "euchre24": {"K": 13, "Q": 12, "J": 11},
    # The numbers printed on the Italian courts (fante 8, cavallo 9, re 10) and the Spanish ones
    # (sota 10, caballo 11, rey 12): the values games of these packs count them at.
    "italian40": {"K": 10, "Horse": 9, "J": 8},
    "spanish40": {"K": 12, "Knight": 11, "J": 10},
    "spanish48": {"K": 12, "Knight": 11, "J": 10},
}
#: Packs whose Ace is a One printed as such, worth 1 at face value whatever its rank.
ACE_IS_ONE = ("italian40", "spanish40", "spanish48")


def aces_low(deck: DeckSpec) -> bool:
    """Whether Aces rank at the bottom of the rank order (and so count 1 at face value)."""
    full = deck.full_order()
    return bool(full) and full[-1] == "A"


def face_value(deck: DeckSpec, rank: str) -> int:
    """The face value of a card of ``rank`` (design.md): number cards their number; Jack, Queen,
    King (Unter, Ober; Page, Knight, Queen, King in tarot) as ``COURT_VALUES``; an Ace 1 where
    Aces rank low or the pack prints it as a One (the Italian and Spanish packs), else 14.

    Why: face-value scoring counts it, the rulebook prints the table, and a tarot pack compares
    cards of different suits by it."""
    if rank == "A":
        return 1 if aces_low(deck) or deck.kind in ACE_IS_ONE else 14
    courts = COURT_VALUES[deck.kind]
    return courts[rank] if rank in courts else int(rank)


def unvalued_cards(spec: GameSpec) -> bool:
    """Whether a card-value table (SC-A2 ``card-values``) leaves a kind of card the pack has
    without a row (jokers, majors, court cards or Aces whose value is not set): such cards count
    nothing, and the table says so with an "Any other card" row; with every kind listed it has none.

    Why: the rulebook must not print a row for cards the pack does not have, and the parser checks it."""
    v = getattr(spec.scoring, "values", None)
    if v is None:
        return False
    deck = spec.deck
    ranks = deck.ranks()
    return bool((deck.jokers and v.jokers is None) or (deck.kind == "tarot" and v.majors is None)
                or (v.faces is None and any(r in COURT_VALUES[deck.kind] for r in ranks))
                or (v.aces is None and "A" in ranks))


def face_values(deck: DeckSpec) -> tuple[tuple[str, int], ...]:
    """(rank, face value) of the court cards and Aces in play, highest value first: the table the
    rulebook prints (the number cards are "their number")."""
    ranks = deck.ranks()
    courts = COURT_VALUES[deck.kind]
    face = [(r, face_value(deck, r)) for r in ranks if r in courts]
    if "A" in ranks:
        face.append(("A", face_value(deck, "A")))
    face.sort(key=lambda rv: -rv[1])
    return tuple(face)


def has_court_cards(deck: DeckSpec) -> bool:
    """Whether the pack still holds a court card (``COURT_VALUES``).

    Why: the card-value table of shedding scoring (SC-A2) has a row for "face cards" exactly then
    (the book asks for the King or Queen of hearts; Parlour for any court rank, so that a pack
    whose Kings and Queens were removed still values its Jacks): the sampler draws it, the checks
    ask for it."""
    return any(rank in COURT_VALUES[deck.kind] for rank in deck.ranks())


def numbers_in_play(deck: DeckSpec) -> bool:
    """Whether any number card is left in the pack (so the face-value table adds "every other
    card its number")."""
    return any(r.isdigit() for r in deck.ranks())


def side_word(spec: GameSpec) -> str:
    """What the rules call the unit that scores and wins: a player, or with fixed sides a
    partnership (two to a side) or a team; a *side* when some player counts play in sides and
    others each alone."""
    sides = spec.players.sides
    if sides is None:
        return "player"
    if not all(sides.applies(n) for n in spec.players.counts()):
        return "side"   # partners at some counts, each alone at others: the rules define a side
    return "partnership" if sides.size == 2 else "team"


def counts_cards_left(spec: GameSpec) -> bool:
    """Whether the cards left in a player's hand count in the hand's scoring: their values, their
    number, or the most cards left making the loser.

    Why: a rule that says kept cards "count against" a player (deserting) is false where scoring
    counts none, so the rulebook prints it only where this holds, and the parser and lint check it."""
    sc = spec.scoring
    if sc.kind in ("card-values", "card-count"):
        return True
    return sc.kind == "titles" and not getattr(sc, "retire", True)


def hands_per_game(spec: GameSpec) -> dict[int, int] | None:
    """The number of hands a game has at each of its player counts, when its end fixes it: one per
    player (``rounds``), one per hand size (``shrinking``), the schedule's; None when the game runs
    until a score or the tokens decide it.

    Why: the scoresheet prints a row per hand and says how many hands there are; at several player
    counts that number may differ, and the sheet must not state one the rules contradict."""
    cond = spec.ending.condition
    counts = spec.players.counts()
    if cond.kind == "rounds":
        return {n: n for n in counts}
    if cond.kind == "schedule" and hasattr(spec.scoring, "hands_at"):
        return {n: spec.scoring.hands_at(n) for n in counts}
    if cond.kind == "shrinking" and isinstance(spec.deal.hand_size, int):
        out = {}
        for n in counts:
            over = spec.deal.hand_size_over_three
            sizes = shrinking_hand_sizes(cond, over if over and n > 3 else spec.deal.hand_size)
            if not sizes:
                return None
            out[n] = len(sizes)
        return out
    return None
