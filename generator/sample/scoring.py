"""Scoring at the end of each hand: SC-T1 avoid-suit, SC-T2 exact bid, SC-T3 per trick with the
bidding bonuses, SC-T4 extras. The landlord's payments (BD-03) and the high/low inversion (SC-T6)
follow from the auction and the setup and draw nothing."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from .. import names
from ..spec import (
    AvoidSuit,
    BiddingSpec,
    DealSpec,
    DeckSpec,
    Doubler,
    ExactBid,
    Players,
    SetupSpec,
    SpecialCard,
    TrickExtras,
    TrickMajority,
    TrickPoints,
)
from ..spec import derived
from ..spec.scoring import CardPoints, RankPoints, ScoringSpec
from .naming import Flavour
from .rng import Draw
from . import schedule


@dataclass
class Scored:
    scoring: ScoringSpec
    basis: Fraction  # g of EN-03: the expected score per hand that scales the target


def nickname(draw: Draw, deck: DeckSpec, p: Fraction | float = 1) -> str | None:
    """NM-07: a nickname with probability p; tarot cards never carry one (the old helper's "card"
    placeholder was removed by the text clean-up)."""
    if p != 1 and not draw.chance(p):
        return None
    return None if deck.kind == "tarot" else names.nickname(draw.names_rng)


def _card(draw: Draw, deck: DeckSpec, points: bool, nickname_p: Fraction | float) -> SpecialCard:
    card = draw.choice(deck.cards())
    pts = draw.uniform_int(7, 13) if points else 0
    return SpecialCard(card=card, nickname=nickname(draw, deck, nickname_p), points=pts)


def draw_avoid_suit(draw: Draw, deck: DeckSpec, bad_suit: str, setup: SetupSpec, flavour: Flavour) -> Scored:
    """SC-T1: 4/5 one point per bad-suit card (g 10), 1/5 their face value (g 35); 1/4 penalty card
    U[7..13] (nickname 1/3), else 1/4 bonus card U[7..13] (nicknamed); with jokers 1/7 a loss of
    U[3..9] per joker; with a pig, its taker scores a further loss or a gain (uniform) of U[3..9];
    1/8 shoot the moon for U[7..31]; 1/4 a doubling card (nickname 1/3)."""
    one = draw.chance(Fraction(4, 5))
    flavour.register(draw, "avoid-suit" if one else "avoid-suit-face")
    penalty = bonus = None
    if draw.chance(1 / 4):
        penalty = _card(draw, deck, points=True, nickname_p=Fraction(1, 3))
    elif draw.chance(1 / 4):
        bonus = _card(draw, deck, points=True, nickname_p=1)
    joker_loss = draw.uniform_int(3, 9) if deck.jokers and draw.chance(1 / 7) else None
    pig_points = None
    if setup.pig is not None:
        sign = -1 if draw.chance(1 / 2) else 1
        pig_points = sign * draw.uniform_int(3, 9)
    moon = draw.uniform_int(7, 31) if draw.chance(1 / 8) else None
    doubler = None
    if draw.chance(1 / 4):
        drawn = _card(draw, deck, points=False, nickname_p=Fraction(1, 3))
        doubler = Doubler(card=drawn.card, nickname=drawn.nickname)
    scoring = AvoidSuit(
        suit=bad_suit,
        per_card="one" if one else "face-value",
        penalty_card=penalty,
        bonus_card=bonus,
        joker_loss=joker_loss,
        shoot_the_moon=moon,
        doubler=doubler,
        pig_points=pig_points,
    )
    return Scored(scoring, Fraction(10 if one else 35))


#: SC-T2, W-pick(4): a missed bid scores nothing (two phrasings), its tricks if short, its tricks if over.
EXACT_OTHERWISE = ("zero", "zero", "tricks-if-under", "tricks-if-over")


def draw_extras(draw: Draw, deck: DeckSpec, setup: SetupSpec, bidding: BiddingSpec) -> TrickExtras:
    """SC-T4: with jokers 1/8 a joker's trick scores nothing or one more (uniform); with a pig, its
    taker scores one more 14/16, one less 1/16, nothing for the hand 1/16 (W-pick(4)); with trumps
    1/8 the taker of the highest trump one more 8/9 or one less 1/9; with trick bidding 1/16
    bidding every trick and taking them all wins the game."""
    joker_tricks = "none"
    if deck.jokers and draw.chance(1 / 8):
        joker_tricks = draw.choice(("void", "bonus"))
    pig = draw.wpick(("plus", "plus", "minus", "nothing")) if setup.pig is not None else "none"
    top_trump = "none"
    if setup.trumps.method not in ("none", "first-card") and draw.chance(1 / 8):
        top_trump = draw.wpick(("plus", "plus", "minus"))
    bid_all_wins = bidding.tricks is not None and draw.chance(1 / 16)
    return TrickExtras(joker_tricks=joker_tricks, pig=pig, top_trump=top_trump, bid_all_wins=bid_all_wins)


def draw_per_trick(draw: Draw, deal: DealSpec, h: int, bidding: BiddingSpec) -> TrickPoints:
    """SC-T3: uniform between every trick and tricks beyond the N-th, N = U[⌊0.4H⌋..⌊0.6H⌋]
    (always every trick when the whole pack is dealt). With trick bidding: ten more for taking
    exactly the bid; 1/8 a further U[1..5] when that bid was zero; with blind bids a further
    U[1..5] for a successful blind bid."""
    beyond = 0
    if deal.hand_size != "all" and draw.chance(1 / 2):
        beyond = draw.uniform_int(4 * h // 10, 6 * h // 10)
    exact = zero = blind = None
    tricks = bidding.tricks
    if tricks is not None:
        exact = 10
        zero = draw.uniform_int(1, 5) if draw.chance(1 / 8) else None
        blind = draw.uniform_int(1, 5) if tricks.blind != "none" else None
    return TrickPoints(beyond=beyond, exact_bonus=exact, zero_bonus=zero, blind_bonus=blind)


def draw_scoring(
    draw: Draw, deck: DeckSpec, deal: DealSpec, players: Players, h: int, bad_suit: str, setup: SetupSpec,
    bidding: BiddingSpec, flavour: Flavour, play: object = None,
) -> Scored:
    """Trick scoring: SC-T1 with p 1/3, only without trick bidding; else with trick bidding SC-T2 with
    p 1/8 (g 13); else SC-T3 (g = H/2, plus 5 with trick bidding). SC-T4 extras follow SC-T2 and
    SC-T3. With a landlord, g grows by 0.6 × the most players (EN-03). The play section (``play``,
    the families' common signature, ``Family.scoring_sampler``) changes nothing here."""
    if bidding.tricks is None and draw.chance(1 / 3):
        scored = draw_avoid_suit(draw, deck, bad_suit, setup, flavour)
    else:
        if bidding.tricks is not None and draw.chance(1 / 8):
            otherwise = draw.wpick(EXACT_OTHERWISE)
            extras = draw_extras(draw, deck, setup, bidding)
            scored = Scored(ExactBid(otherwise=otherwise, extras=extras), Fraction(13))
        else:
            points = draw_per_trick(draw, deal, h, bidding)
            if (bidding.tricks is None and players.min == players.max and players.sides is None and isinstance(h, int)
                    and deal.hand_size != "all" and draw.option(QUOTA_CHANCE)):
                points = points.model_copy(update={"beyond": 0, "quotas": seat_quotas(h, players.min)})
            extras = draw_extras(draw, deck, setup, bidding)
            basis = Fraction(h, 2) + (5 if bidding.tricks is not None else 0)
            scored = Scored(TrickPoints(**{**dict(points), "extras": extras}), basis)
    if bidding.auction is not None:
        scored.basis += Fraction(3, 5) * players.max
    elif bidding.tricks is None and play is not None and play.scores_cards_won() and draw.option(CARD_POINTS_CHANCE):
        scored = draw_card_points(draw, deck, players)
    elif (bidding.tricks is None and play is not None and play.scores_cards_won() and isinstance(h, int) and h >= 3
          and deal.hand_size != "all" and draw.option(MAJORITY_CHANCE)):
        scored = draw_majority(draw, h, setup, players)
    if (bidding.tricks is None and bidding.auction is None and not setup.high_low and play is not None
            and play.plays_schedules() and draw.option(schedule.SCHEDULE_CHANCE)):
        # a schedule of contracts (``sample.schedule``); the basis stays the one the target's draw
        # reads, so the catalogue's draws of the end do not move (the end is the schedule's)
        scored = Scored(schedule.draw_schedule(draw, deck, deal, players, h, bad_suit, setup), scored.basis)
    return scored


#: Parlour's hands won by a majority of the tricks (Omi, Court Piece, Envite), beyond the catalogue:
#: one in twelve of the games without bids that are not point-trick games, with hands of a fixed
#: size — rarer than point tricks, since most tables score by points, but a game the seed book
#: never draws.
MAJORITY_CHANCE = 1 / 12


def draw_majority(draw: Draw, h: int, setup: SetupSpec, players: Players) -> Scored:
    """A hand won by taking more than half its ``h`` tricks, from the options stream: 1 to 3 points
    for the winner; half the time the hand stops as soon as they are taken; otherwise half the time
    a sweep of every trick scores one point more; and where trumps are called, half the time the
    caller's side scores a point less (the other side beat the odds less)."""
    rng = draw.options_rng
    points = rng.randint(1, 3)
    stop = rng.random() < 0.5
    sweep = points + 1 if not stop and rng.random() < 0.5 else None
    caller = points - 1 if setup.trumps.method == "called" and points > 1 and rng.random() < 0.5 else None
    scoring = TrickMajority(needed=h // 2 + 1, points=points, caller_points=caller, sweep=sweep, stop=stop)
    n = Fraction(players.min + players.max, 2)
    units = n / players.sides.size if players.sides is not None else n
    return Scored(scoring, max(Fraction(points) / units, Fraction(1, 2)))


#: Parlour's quotas by seat, beyond the catalogue (Sergeant Major, Pluck): a quarter of the games
#: scored per trick without bids and for one number of players (a quota is a seat's).
QUOTA_CHANCE = 1 / 4


def seat_quotas(h: int, n: int) -> list[int]:
    """Quotas that add up to the ``h`` tricks of a hand, the dealer's the largest and each seat to
    the left smaller, in the ratio n : n − 1 : … : 1 (three seats of sixteen tricks: 9, 5, 2,
    Sergeant Major's)."""
    weights = list(range(n, 0, -1))
    out = [h * w // sum(weights) for w in weights]
    out[0] += h - sum(out)
    return out


#: Parlour's point-trick games, beyond the catalogue (the seed book scores no card won in a trick):
#: the chance that a game without bids is scored by the points of the cards in the tricks won. One
#: in eight: point-trick games are the largest kind of traditional trick game (Skat, Schafkopf,
#: Belote, Tresette, Botifarra, the tarots), but the catalogue's scorings stay the common case.
CARD_POINTS_CHANCE = 1 / 8

#: The tables a point-trick game is drawn from, each with its weight and the reason for it (and,
#: a quarter of the time each, the points beyond half the pack's, or a point per trick: below):
#: ``ace-ten`` (A 11, 10 10, K 4, Q 3, J 2; the last trick 10 half the time) is the family of
#: Skat, Schafkopf and Belote, the most played, so half the draws; ``thirds`` (an Ace 3, every
#: court 1, the last trick 3, counted in threes) is Tresette's and Calabrasella's way of counting,
#: a quarter; ``counters`` (every A, 10 and K a point; the last trick a point half the time) is the
#: simplest table a table can keep in its head, a quarter.
CARD_POINT_TABLES = (("ace-ten", 2), ("thirds", 1), ("counters", 1))


def draw_card_points(draw: Draw, deck: DeckSpec, players: Players) -> Scored:
    """A table of card points (``CARD_POINT_TABLES``) on the ranks the pack has, from the options
    stream like every draw of Parlour's beyond the catalogue; the basis of the target is the points
    a hand holds, shared among the players (or the sides)."""
    rng = draw.options_rng
    kind = rng.choices([k for k, _ in CARD_POINT_TABLES], [w for _, w in CARD_POINT_TABLES])[0]
    ranks = deck.ranks()
    courts = list(derived.COURT_VALUES.get(deck.kind, {}))
    groups = None
    if kind == "ace-ten":
        table = {"A": 11, "10": 10, **{r: v for r, v in zip([r for r in ranks if r in courts], (4, 3, 2, 2))}}
        last = 10 if rng.random() < 0.5 else None
    elif kind == "thirds":
        table = {"A": 3, **{r: 1 for r in ranks if r in courts}}
        last, groups = 3, 3
    else:
        table = {"A": 1, "10": 1, **{r: 1 for r in courts[:1]}}
        last = 1 if rng.random() < 0.5 else None
    rows = [RankPoints(rank=r, points=table[r]) for r in ranks if table.get(r)]
    if not rows:   # a pack with none of the table's ranks (a tarot's majors only score nothing): every court
        rows = [RankPoints(rank=ranks[0], points=1)]
    per_suit = sum(row.points for row in rows)
    # A point per trick for the counters a quarter of the time (Botifarra counts its tricks so); only
    # the points beyond half the pack's for an ace-ten table a quarter of the time (Skat's soloist
    # needs 61 of 120).
    per_trick = 1 if kind == "counters" and rng.random() < 0.25 else None
    total = Fraction(per_suit * len(deck.plain_suits()) + (last or 0), groups or 1)
    beyond = int(total) // 2 if kind == "ace-ten" and rng.random() < 0.25 else None
    scoring = CardPoints(ranks=rows, last_trick=last, groups=groups, per_trick=per_trick, beyond=beyond)
    n = Fraction(players.min + players.max, 2)
    units = n / players.sides.size if players.sides is not None else n
    # beyond half the points, a hand scores what its best unit took over half: about a quarter of them
    basis = total / units if beyond is None else total / (4 * units)
    return Scored(scoring, max(basis, Fraction(1)))
