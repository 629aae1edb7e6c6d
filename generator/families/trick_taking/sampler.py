"""Play for the trick-taking family (TT-01…TT-10, TT-12…TT-14; TT-11 is SU-09's rule text)."""

from __future__ import annotations

from generator.sample.deal import draw_kitty_capture
from generator.sample.naming import Flavour
from generator.sample.rng import Draw
from generator.spec import BiddingSpec, DealSpec, DeckSpec, SetupSpec

from .spec import Boost, BreakingSuit, TrickPlay

#: TT-03 names for the weak led suit, generator order (W-pick(16)).
WEAK_NAMES = (
    "weak", "poor", "poison", "hollow", "small", "pale", "quiet", "thin", "slight", "bad", "wrong", "dim",
    "dull", "faint", "rotten", "waste",
)
#: TT-07 verbs for the first card of the broken suit, generator order (W-pick(14)).
BREAK_VERBS = (
    "dropping", "blasting", "smashing", "breaking", "cracking", "releasing", "bursting", "freeing", "popping",
    "tapping", "flourishing", "throwing", "breaking out the", "getting out the",
)
#: TT-10 names for the boost trick, generator order (W-pick(10)).
BOOST_NAMES = ("boost", "double", "lift", "shove", "push", "rush", "rocket", "fire", "heavy", "two-headed")


#: The chance of Parlour's overtaking rule (see ``draw_play``).
OVERTAKE_CHANCE = 1 / 16


def draw_following(draw: Draw, trumps: bool) -> tuple[str, str]:
    """TT-04, an else-if chain: 1/8 follow or trump (without trumps: the standard rule, reworded) ·
    1/8 free · else must follow, then (trumps only) 1/8 otherwise trump, else 1/8 otherwise
    W-pick(3) higher card / unplayed suit / unplayed rank."""
    if draw.chance(1 / 8):
        return ("follow-or-trump" if trumps else "must-follow"), "any"
    if draw.chance(1 / 8):
        return "free", "any"
    if trumps and draw.chance(1 / 8):
        return "must-follow", "trump"
    if draw.chance(1 / 8):
        return "must-follow", draw.wpick(("higher", "new-suit", "new-rank"))
    return "must-follow", "any"


def draw_jokers(draw: Draw, deck: DeckSpec, trumps: bool) -> str:
    """TT-05 (a pack with jokers): p 1/2 wild. Otherwise, with trumps: two jokers — the red joker
    highest and the black second (8/9, 'top') or lowest (1/9, 'split') trump; one joker — the
    highest or the lowest trump, uniform. Without trumps the book gives jokers no rule; ours keeps
    them the highest trumps ('top'), which still holds in a hand without a trump suit."""
    if not deck.jokers:
        return "top"
    if draw.chance(1 / 2):
        return "wild"
    if not trumps:
        return "top"
    if deck.jokers == 2:
        return draw.wpick(("top", "top", "split"))
    return draw.choice(("top", "bottom"))


def draw_play(
    draw: Draw, deck: DeckSpec, deal: DealSpec, setup: SetupSpec, bidding: BiddingSpec, bad_suit: str,
    flavour: Flavour,
) -> TrickPlay:
    method = setup.trumps.method
    # The generator's trump flag: any method but none and first-card (majors raise it too).
    trumps = method not in ("none", "first-card")
    # TT-01: the auction's winner leads when there is one; with everything dealt (and no first-card
    # trumps), p 1/3 the holder of a uniformly random card leads it; otherwise dealer or dealer's
    # left, uniform.
    opening_card = None
    if bidding.auction is not None:
        leader = "landlord"
    elif deal.hand_size == "all" and method != "first-card" and draw.chance(1 / 3):
        leader, opening_card = "holder", draw.choice(deck.cards())
    else:
        leader = draw.choice(("dealer", "dealer-left"))
    # TT-02 (with trumps): W-pick(3), the last option (1/9) bans leading a trump.
    opening_lead = draw.wpick(("any", "any", "no-trump")) if trumps else "any"
    # TT-03: weak led suit, p 1/8, name W-pick(16).
    weak = None
    if draw.chance(1 / 8):
        weak = draw.wpick(WEAK_NAMES)
        flavour.register(draw, "weak-led-suit")
    following, otherwise = draw_following(draw, trumps)
    # TT-05 jokers; TT-06 p 1/8 with jokers: a led joker calls for the highest card of the bad suit.
    jokers = draw_jokers(draw, deck, trumps)
    joker_lead = bad_suit if deck.jokers and draw.chance(1 / 8) else None
    # TT-07 breaking the bad suit, p 1/8, verb W-pick(14); TT-08 first-trick ban of the bad suit, p 1/8.
    breaking = BreakingSuit(suit=bad_suit, verb=draw.wpick(BREAK_VERBS)) if draw.chance(1 / 8) else None
    first_trick_ban = bad_suit if draw.chance(1 / 8) else None
    # TT-09 with a pig, p 1/2: it may not lead (inner p 1/3: nor go to the first trick of its suit).
    pig_lead = "free"
    if setup.pig is not None and draw.chance(1 / 2):
        pig_lead = "no-lead-or-first" if draw.chance(1 / 3) else "no-lead"
    # TT-10 boost trick, p 1/8: a uniform rank, name W-pick(10).
    boost = None
    if draw.chance(1 / 8):
        boost = Boost(rank=draw.choice(deck.ranks()), name=draw.wpick(BOOST_NAMES))
    # TT-12: the weak-suit rule decides, else W-pick(3): led suit 8/9, irrespective of suit 1/9.
    winner = "led-suit" if weak else draw.wpick(("led-suit", "led-suit", "any-suit"))
    # TT-13: W-pick(4): winner 14/16, left of the previous leader 1/16, lowest card 1/16.
    next_leader = draw.wpick(("winner", "winner", "left-of-leader", "lowest-card"))
    # TT-14: see draw_kitty_capture.
    capture = draw_kitty_capture(draw, deck, deal, bidding, bad_suit)
    # Parlour's overtaking, beyond the catalogue (Botifarra's, and the tarots' with trumps), from its
    # own stream: one in sixteen of the games that must follow suit and have no boost trick.
    overtake = "must" if following == "must-follow" and boost is None and draw.option(OVERTAKE_CHANCE) else None
    return TrickPlay(
        overtake=overtake,
        opening_leader=leader,
        opening_card=opening_card,
        opening_lead=opening_lead,
        weak_led_suit=weak,
        following=following,
        otherwise=otherwise,
        breaking=breaking,
        first_trick_ban=first_trick_ban,
        winner=winner,
        next_leader=next_leader,
        jokers=jokers,
        joker_lead=joker_lead,
        boost=boost,
        pig_lead=pig_lead,
        kitty_capture=capture,
    )
