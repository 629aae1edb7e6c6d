"""Setup before play, in the generator's order: trumps (SU-01, SU-02), anti-trumps (SU-03), robbing
(SU-04), the top trump for a point (SU-06), tarot majors, high/low hands (SU-07), the pig card
(SU-08), invented rules (SU-09) and the exchange (SU-10). SU-05 (a joker turned means no trumps) is
part of the turn-up rule itself and draws nothing."""

from __future__ import annotations

from ..families import SamplerTraits
from ..spec import (
    Called,
    DealSpec,
    DeckSpec,
    Exchange,
    ExtraRules,
    FirstCard,
    Fixed,
    Hidden,
    LastCard,
    Majors,
    NoTrumps,
    PigCard,
    Players,
    Robbing,
    Rotating,
    SetupSpec,
    TurnUp,
    derived,
)
from ..spec.deck import MAJORS, SUITS
from .naming import Flavour
from .rng import Draw

#: SU-02b, W-pick(6): "Turn the top card …" and "Reveal the top card …" mean the same (turn-up).
NORMAL_METHODS = ("turn-up", "turn-up", "called", "last-card", "rotating", "fixed")
#: SU-02c, W-pick(4), when every card is dealt (no undealt top card).
DEAL_ALL_METHODS = ("called", "last-card", "rotating", "fixed")
#: SU-04 verbs for claiming the turned trump, generator order (W-pick(8)).
ROB_VERBS = ("rob", "steal", "loot", "swipe", "lift", "pinch", "pilfer", "plunder")
#: SU-08 names of the pig card, generator order (W-pick(19)).
PIG_NAMES = (
    "sheep", "pig", "cow", "goat", "duck", "goose", "horse", "bull", "piglet", "hen", "lamb", "turkey", "donkey",
    "chicken", "duckling", "rat", "mouse", "beast", "bird",
)
#: SU-09: first words of the name of an invented rule, generator order (W-pick), per kind.
BONUS_WORDS = ("bonus", "mystic", "occult")
SECRET_WORDS = ("secret", "god", "mystic", "occult", "unseen", "unspoken", "chairman")
#: SU-09: the noun, generator order (W-pick(7)), shared by both kinds.
RULE_NOUNS = ("rule", "law", "order", "code", "edict", "decree", "bylaw")
#: SU-09 Mao: who invents the secret rules before the first hand (W-pick(3)).
SECRET_INVENTORS = ("dealer", "random-player", "dealer-and-right")
#: SU-10 names of the exchange, generator order (W-pick(8)).
EXCHANGE_NAMES = ("exchange", "redraw", "mulligan", "swap", "shift", "switch", "barter", "turnabout")


#: Parlour's calls beyond the catalogue (whose caller names trumps before the deal), each from the
#: options stream: the call made on the whole hand (Botifarra's, and most calling games': one in
#: four), or on the first half of the hand, the deal stopped for it (Omi's and Court Piece's: one in
#: eight of the rest, where hands have a fixed size of four cards or more).
CALL_ON_HAND, CALL_ON_HALF = 1 / 4, 1 / 8
#: … and the caller's choice of no trumps instead of a suit (Botifarra, King): one in eight calls.
CALL_NO_TRUMPS = 1 / 8


#: Parlour's bowers beyond the catalogue, from the options stream: the Jacks of the trump colour
#: promoted to the two highest trumps, in one in twelve of the games whose trump suit is known when
#: play starts, dealt from a pack with colours and Jacks (and without the top trump's point). The
#: mark of the Euchre family (Euchre, Hasenpfeffer, Five Hundred), a large family of real games; rarer
#: than the calls because it changes what two cards of every hand are.
BOWERS_CHANCE = 1 / 12


def _method(draw: Draw, name: str, deck: DeckSpec, deal: DealSpec | None = None):
    if name == "turn-up":
        return TurnUp()
    if name == "called":
        caller = draw.choice(("dealer", "dealer-left"))
        no_trumps = draw.option(CALL_NO_TRUMPS)
        if draw.option(CALL_ON_HAND):
            return Called(caller=caller, seen="all", no_trumps=no_trumps)
        sizes = [deal.hand_size, deal.hand_size_over_three] if deal is not None and isinstance(deal.hand_size, int) else []
        smallest = min((s for s in sizes if s), default=0)
        if smallest >= 4 and draw.option(CALL_ON_HALF):
            return Called(caller=caller, seen=smallest // 2, no_trumps=no_trumps)
        return Called(caller=caller, no_trumps=no_trumps)
    if name == "last-card":
        return LastCard()
    if name == "rotating":
        return Rotating()
    suit = draw.choice(SUITS[deck.kind])
    # "The major arcana are always trumps" is the majors method.
    return Majors() if suit == MAJORS else Fixed(suit=suit)


def stock_sizes(deck: DeckSpec, deal: DealSpec, players: Players) -> dict[int, int]:
    """Cards left in the stock after the deal at each player count (what an exchange draws from):
    none when the kitty takes every undealt card or the whole pack is dealt."""
    return {n: derived.stock_left(deck, deal, n) for n in players.counts()}


def draw_trumps(draw: Draw, deal: DealSpec, deck: DeckSpec, flavour: Flavour):
    """SU-01: p 1/3 no trumps; else 1/32 first card fixes trumps; else trumps: 1/32 hidden, else
    W-pick(6) (W-pick(4) when every card is dealt). Returns (method, the generator's trump flag)."""
    if draw.chance(1 / 3):
        return NoTrumps(), False
    if draw.chance(1 / 32):
        return FirstCard(), False  # the generator does not raise its trump flag here
    if draw.chance(1 / 32):
        flavour.register(draw, "hidden-trump")
        return Hidden(), True
    options = DEAL_ALL_METHODS if deal.hand_size == "all" else NORMAL_METHODS
    return _method(draw, draw.wpick(options), deck, deal), True


def draw_exchange(draw: Draw, deck: DeckSpec, deal: DealSpec, players: Players, flavour: Flavour) -> Exchange | None:
    """SU-10: p 1/8 when there is a stock to exchange from (the catalogue's "unless the kitty took all
    undealt cards"; a whole-pack deal has no stock either, which the book missed). Name W-pick(8);
    uniform between a single card and k = U[2..3] cards, k lowered to what the stock can give at
    the player count with the most stock per player (the exchange is skipped at counts where the
    stock is too small, as the rule says)."""
    stock = stock_sizes(deck, deal, players)
    best = max(left // n for n, left in stock.items())
    if best < 1 or not draw.chance(1 / 8):
        return None
    name = draw.wpick(EXCHANGE_NAMES)
    flavour.register(draw, "exchange")
    if draw.chance(1 / 2):
        return Exchange(name=name, cards=1, single=True)
    return Exchange(name=name, cards=min(draw.uniform_int(2, 3), best))


def draw_setup(
    draw: Draw, family: SamplerTraits, deck: DeckSpec, deal: DealSpec, players: Players, flavour: Flavour
) -> SetupSpec:
    """The setup modules in generator order; the trump modules (SU-01…SU-07) only in a family with
    trumps (``SamplerTraits.trumps``), the pig, invented rules and the exchange in every family.

    SU-03: 1/8 anti-trumps with a trump flag and no face-down card in the setup (no kitty, not
    hidden). SU-04: 1/8 robbing when the trump card is turned up (verb W-pick(8), form uniform).
    SU-06: 1/8 the top trump for a point, with trumps known when the cards are dealt. Tarot: with
    no trumps, 1/3 majors are trumps (drawn after the other trump modules, so never with
    anti-trumps, robbing or the top trump point). SU-07: 1/20 high/low. SU-08: 1/8 a pig card,
    uniform over the pack (tarot: over the majors), name W-pick(19). SU-09: 1/32 invented rules,
    bonus or secret uniform. SU-10: see ``draw_exchange``.
    """
    method, anti, robbing, top_trump_point, high_low, bowers = NoTrumps(), False, None, False, False, False
    if family.trumps:  # SU-01…SU-07: only families with trumps (trick-taking) draw them
        method, trump_flag = draw_trumps(draw, deal, deck, flavour)
        if trump_flag and method.method != "hidden" and deal.kitty is None and draw.chance(1 / 8):
            anti = True
            flavour.register(draw, "anti-trumps")
        if method.method == "turn-up" and draw.chance(1 / 8):
            robbing = Robbing(verb=draw.wpick(ROB_VERBS), form=draw.choice(("take-and-discard", "swap")))
        # SU-05 needs no draw: a turned joker means no trumps for the hand (printed with the trump rule).
        top_trump_point = trump_flag and method.method != "hidden" and draw.chance(1 / 8)
        if deck.kind == "tarot" and method.method == "none" and draw.chance(1 / 3):
            method = Majors()
        high_low = draw.chance(1 / 20)
        if high_low:
            flavour.register(draw, "high-low")
        bowers = (derived.suit_trumps_at_start(SetupSpec(trumps=method)) and not top_trump_point
                  and any(deck.bower_pairs()) and draw.option(BOWERS_CHANCE))
    # SU-08…SU-10: every family.
    pig = None
    if draw.chance(1 / 8):
        cards = [f"major {n}" for n in range(21)] if deck.kind == "tarot" else deck.cards()
        pig = PigCard(card=draw.choice(cards), name=draw.wpick(PIG_NAMES))
        flavour.register(draw, "pig")
    extra = None
    if draw.chance(1 / 32):
        if draw.chance(1 / 2):
            name = f"{draw.wpick(BONUS_WORDS)} {draw.wpick(RULE_NOUNS)}"
            extra = ExtraRules(kind="bonus", name=name, repeal=draw.chance(1 / 2))
            flavour.register(draw, "bonus-rules")
        else:
            name = f"{draw.wpick(SECRET_WORDS)} {draw.wpick(RULE_NOUNS)}"
            extra = ExtraRules(kind="secret", name=name, inventor=draw.wpick(SECRET_INVENTORS))
            flavour.register(draw, "secret-rules")
    exchange = draw_exchange(draw, deck, deal, players, flavour)
    return SetupSpec(
        trumps=method, anti_trumps=anti, bowers=bowers, robbing=robbing, top_trump_point=top_trump_point,
        high_low=high_low, pig=pig, extra_rules=extra, exchange=exchange,
    )


