"""Players and the deal (DL-01…DL-12)."""

from __future__ import annotations

from ..families import SamplerTraits
from ..spec import BiddingSpec, DealSpec, DeckSpec, Kitty, KittyCapture, Misdeal, OddCard, Players, Sides, Tokens
from ..spec.deal import Coalition, Stock
from ..spec.deck import SUITS
from .naming import Flavour
from .rng import Draw
from .scoring import nickname

#: Counts a game may be asked to include: DL-01 draws ranges within 2–6; the spec allows up to 8.
PLAYER_COUNTS = range(2, 9)
CATALOGUE_MAX_PLAYERS = 6

#: DL-11 kitty names, generator order (W-pick(17)).
KITTY_NAMES = (
    "kitty", "crib", "pot", "box", "talon", "cradle", "rack", "pit", "claw", "crypt", "heap", "stash",
    "reliquary", "coffer", "crate", "grapnel", "hook",
)
#: DL-04 names of the countdown tokens, generator order (W-pick(6)).
TOKEN_NAMES = ("coin", "counter", "penny", "token", "poker chip", "match")


def draw_players(draw: Draw, players: int | None = None) -> Players:
    """DL-01: min = U[2..3], max = U[3..6], 3–3 becomes 3–4.

    With ``players`` (2–6) the range is redrawn (same stream) until it contains that count, i.e. the
    catalogue's distribution conditioned on including it: 2 → 2–3…2–6 each 1/4; 6 → 2–6 or 3–6.
    7 or 8 lie beyond the catalogue: the range is drawn once and its maximum stretched to that count.
    """
    if players is not None and players not in PLAYER_COUNTS:
        raise ValueError(f"players must be between {PLAYER_COUNTS.start} and {PLAYER_COUNTS.stop - 1}, got {players}")
    while True:
        lo, hi = draw.uniform_int(2, 3), draw.uniform_int(3, 6)
        if lo == hi == 3:
            hi = 4
        if players is not None and players > CATALOGUE_MAX_PLAYERS:
            return Players(min=lo, max=players)
        if players is None or lo <= players <= hi:
            return Players(min=lo, max=hi)


#: Parlour's partnerships, beyond the catalogue (the seed book has none): the chance that a game
#: whose play can be scored by sides, and whose range has a count that makes two partnerships, is
#: played in partnerships of two. One in six: often enough that a book of generated trick-taking
#: games has several, rare enough that the catalogue's games stay the common case.
SIDES_CHANCE = 1 / 6
#: Given partnerships, the chance of larger teams where the range allows them: teams of three at
#: six players, of four at eight. One in four: real games in teams of three or more are rarer
#: (Envite's), and a team of four shares one score among half the table.
LARGE_TEAMS_CHANCE = 1 / 4
#: Given partnerships, the chance that a rule with a partnership form (``PlaySection.with_partners``)
#: takes it: one in two, so the generated partnership games show both forms (Botifarra spares a
#: winning partner; many tables overtake regardless).
PARTNER_FORM_CHANCE = 1 / 2


#: Parlour's coalitions formed each hand, beyond the catalogue: the chance that a game whose caller
#: names trumps, for three players or more, without bids and not in partnerships, plays each hand
#: as the caller against the rest. One in four: it is how most calling games for three are played
#: (Skat's soloist, Calabrasella's declarer, Tarot's taker), while the catalogue's own calls,
#: where each plays for themselves, stay the common case.
COALITION_CHANCE = 1 / 4


def draw_sides(draw: Draw, players: Players, bidding: BiddingSpec, play, setup=None):
    """Parlour's partnerships (``players.sides``), from the options stream so that no catalogue draw
    moves: at the counts of the range that make two or more partnerships, the players play in
    partnerships of two (or, see ``LARGE_TEAMS_CHANCE``, teams of three or four), each alone at the
    others. Not with a landlord's auction (the landlord plays alone against everyone), and only for
    a family whose scorer counts a side as one. Returns the players and the play, which may take
    its partnership form (``PARTNER_FORM_CHANCE``)."""
    if not play.plays_in_sides() or bidding.auction is not None:
        return players, play
    if not any(n % 2 == 0 and n >= 4 for n in players.counts()) or not draw.option(SIDES_CHANCE):
        return _draw_coalition(draw, players, bidding, play, setup), play
    size = 2
    large = [k for k in (3, 4) if 2 * k in players.counts()]
    if large and draw.option(LARGE_TEAMS_CHANCE):
        size = large[-1] if len(large) == 1 or draw.option(1 / 2) else large[0]
    partnered = play.with_partners()
    if partnered is not None and draw.option(PARTNER_FORM_CHANCE):
        play = partnered
    return players.model_copy(update={"sides": Sides(size=size)}), play


def _draw_coalition(draw: Draw, players: Players, bidding: BiddingSpec, play, setup) -> Players:
    """The caller against the rest each hand (``players.coalition``, ``COALITION_CHANCE``), for a
    game whose trumps are called, for three or more, without bids or partnerships."""
    if setup is None or setup.trumps.method != "called" or bidding.any() or players.min < 3:
        return players
    if not draw.option(COALITION_CHANCE):
        return players
    return players.model_copy(update={"coalition": Coalition()})


def draw_hand_size(draw: Draw, deck_size: int, max_players: int, short: bool = False) -> int:
    """DL-02: H = U[5..15] (U[3..15] under 31 cards, U[1..15] under 10), redrawn until H × max ≤ deck;
    then, for a family with short hands (``SamplerTraits.short_hands``: melding), H > 10 is cut by
    six, so its hands hold 5 to 10 cards (the cut draws nothing, so no other family's stream moves)."""
    low = 1 if deck_size < 10 else 3 if deck_size < 31 else 5
    if low * max_players > deck_size:
        # only with 7–8 players (beyond the catalogue): the smallest hand that fits
        low = max(1, deck_size // max_players)
    while True:
        h = draw.uniform_int(low, 15)
        if h * max_players <= deck_size:
            return h - 6 if short and h > 10 else h


def draw_stock(draw: Draw, flavour: Flavour) -> Stock:
    """DL-08…DL-10 (families with a stock: matching, melding): p 1/16 two discard piles, then p 1/8
    the wild-rank card; the undealt cards are the stock.

    The book draws cheat mode (MT-02, matching only) first, p 1/16, and inside it two piles again
    with p 1/16; outside it two open piles with p 1/16. Two piles thus come with p 1/16 whether or
    not the game is played in cheat mode, so they are drawn here, for every family with a stock,
    and cheat mode in matching's play section."""
    two = draw.chance(1 / 16)
    if two:
        flavour.register(draw, "two-discard-piles")
    return Stock(discard_piles=2 if two else 1, wild_card=draw.chance(1 / 8))


def draw_deal(draw: Draw, family: SamplerTraits, kind: str, deck_size: int, players: Players, h: int,
              bad_suit: str, flavour: Flavour | None = None) -> DealSpec:
    """DL-03 deal all · DL-04 countdown tokens · DL-05 fewer with more than three players · DL-06 odd
    card · DL-07 misdeal · DL-08…DL-10 discard piles, wild card and stock · DL-11 kitty · DL-12
    face-down rows, in generator order."""
    flavour = flavour if flavour is not None else Flavour()
    # DL-03 (families that may deal everything: trick-taking and climbing): p 1/3 when H > 10.
    deal_all = family.deals_all and h > 10 and draw.chance(1 / 3)
    # DL-04 (families with tokens: climbing, melding, matching), otherwise p 1/24: H tokens each,
    # as many cards dealt as tokens held; currency W-pick(6). It replaces the fixed deal of DL-05.
    tokens = None
    if not deal_all and family.tokens and draw.chance(1 / 24):
        tokens = Tokens(name=draw.wpick(TOKEN_NAMES))
        flavour.register(draw, "countdown")
    # DL-05: "With more than three players, deal H−3 or H−4", p 1/2 when H > 8 and max > 3.
    over_three = None
    if not deal_all and tokens is None and h > 8 and players.max > 3 and draw.chance(1 / 2):
        over_three = h - draw.choice((3, 4))
    # DL-06 odd card, p 1/8 unless everything is dealt: who W-pick(3), extra or fewer uniform.
    odd = None
    if not deal_all and draw.chance(1 / 8):
        who = draw.wpick(("dealer-right", "dealer-left", "dealer"))
        odd = OddCard(who=who, extra=draw.chance(1 / 2))
    # DL-07 misdeal, p 1/24: a fresh suit other than the bad suit; must or may show, uniform.
    misdeal = None
    if draw.chance(1 / 24):
        suit = draw.choice([s for s in SUITS[kind] if s != bad_suit])
        misdeal = Misdeal(suit=suit, must_show=draw.chance(1 / 2))
    # DL-08…DL-10 (families with a stock: matching, melding): see draw_stock.
    stock = draw_stock(draw, flavour) if family.stock else None
    # DL-11 kitty, p 1/8 when H × max < deck − 6: contributed (deal all) · undealt (T/C with only
    # 7–9 spare cards) · U[3..5] dealt face down.
    kitty = None
    spare = deck_size - h * players.max
    if spare > 6 and draw.chance(1 / 8):
        name = draw.wpick(KITTY_NAMES)
        if deal_all:
            kitty = Kitty(name=name, form="contributed")
        elif family.deals_all and spare < 10:
            kitty = Kitty(name=name, form="undealt")
        else:
            kitty = Kitty(name=name, form="dealt", size=draw.uniform_int(3, 5))
    # DL-12 (families with rows: climbing, melding, matching), p 1/16: three cards face down each,
    # covered by three face up. Like the generator, the sampler does not count them against the
    # pack; the static checks do.
    rows = family.rows and draw.chance(1 / 16)
    if rows:
        flavour.register(draw, "face-down-rows")
    return DealSpec(
        hand_size="all" if deal_all else h,
        hand_size_over_three=over_three,
        odd_card=odd,
        misdeal=misdeal,
        kitty=kitty,
        tokens=tokens,
        rows=rows,
        stock=stock,
    )


def draw_kitty_capture(draw: Draw, deck: DeckSpec, deal: DealSpec, bidding: BiddingSpec,
                       bad_suit: str) -> KittyCapture | None:
    """TT-14 / CL-13, with a kitty the auction did not take: uniform between a card of the bad suit
    and a uniformly random nicknamed card. Both families' Play draws it the same way, so one place
    keeps their random streams alike."""
    if deal.kitty is None or bidding.auction is not None:
        return None
    if draw.chance(1 / 2):
        return KittyCapture(suit=bad_suit)
    return KittyCapture(card=draw.choice(deck.cards()), nickname=nickname(draw, deck))
