"""Static checks of the melding play section (registered by ``generator.families.melding``): the
stock it is played from, the rank its single-card meld names, the wild cards and the kitty its rules
need, whether anyone can ever lay a meld, the modules of other families a melding game cannot have
(trumps, trick bidding), and its scoring by who goes out.

Readings these checks fix (every layer follows them):

* A stock of one card or more at every player count is enough (two with "two" cards drawn): when
  the stock runs out the whole discard pile is shuffled into a new one (ML-04).
* The joker swap and one joker a meld need wild cards the deal makes: the pack's jokers or a
  wild-rank card. The sampler draws the swap only with no wild-rank card, as the catalogue does; a
  spec that has both is still played (a card of the wild rank is a joker in every rule of
  the family's ``spec``, so it may be swapped like one). Progressive wilds need neither.
* No one can ever meld (NO_WIN_PATH, not a warning): in sequence mode every turn ends with a
  discard, so a hand never grows; if the largest hand dealt, with what one turn may draw, holds
  fewer cards than a meld (three, one with a single-card meld, and one more with the keep-card
  rule), no meld is ever laid, no one goes out and the hand never ends (the stock is refilled from
  the discards for ever). Hands may shrink to the last size dealt (shrinking hands). Countdown
  tokens are not refused: a player down to one token is dealt one card but can lay it off on a
  meld of a player who holds more, so the game can end (the playtest measures whether it does). A draw of any number from a discard pile ("wipe") or a turn of
  one action (no discard: hands grow) always leaves a way. A pack with no three cards to meld (no
  three ranks for a run, no three cards of a rank for a set, counting jokers) is the same problem.
* The knock on going out is drawn only without a kitty (the catalogue's condition), but nothing in
  a game with a kitty contradicts it: it is not refused.
* The pig in a meld scores points, so countdown scoring (which keeps no points) refuses it.
"""

from __future__ import annotations

from collections import Counter

from generator.checks.core import Problem
from generator.checks.shedding import no_trick_rules
from generator.spec import GameSpec, derived
from generator.spec.deck import card_rank
from generator.spec.scoring import SHEDDING_KINDS

#: Cards in the smallest meld (a set or a run); a single-card meld is one.
MELD = 3
#: Cards of one rank a dump or a stump moves (no joker).
FOUR = 4


def check_play(spec: GameSpec) -> list[Problem]:
    """Every problem of the play section, the stock and the named rank first."""
    return (_stock(spec) + _named_things(spec) + _wilds(spec) + _kitty(spec) + _can_meld(spec) + _scoring(spec)
            + no_trick_rules(spec, "melding", "a rule about trumps or tricks won, but a melding game has neither"))


def _stock(spec: GameSpec) -> list[Problem]:
    """DL-08…DL-10: a melding game is played from a stock (and one or two discard piles), so the
    deal leaves a card to draw at every player count — two when two are drawn — counting the
    piles' first cards, the wild card, the kitty and the face-down rows (``derived.cards_dealt``)."""
    deal, out = spec.deal, []
    if deal.stock is None:
        return [Problem("RULE_CONFLICT", "deal.stock", "a melding game is played from a stock and a discard pile, "
                        "so the deal must say how many discard piles are turned up")]
    if derived.deals_whole_pack(deal):
        return [Problem("RULE_CONFLICT", "deal.hand_size", "a melding game draws from a stock, so the whole pack "
                        "cannot be dealt")]
    if deal.kitty is not None and deal.kitty.form == "undealt":
        return [Problem("RULE_CONFLICT", "deal.kitty", f"the {deal.kitty.name} takes every card not dealt, which a "
                        "melding game needs for its stock")]
    if spec.play.restock == "turn" and deal.stock is not None and deal.stock.discard_piles == 2:
        out.append(Problem("RULE_CONFLICT", "play.restock", "the stock is re-formed by turning the discard pile "
                           "over, but there are two discard piles"))
    two = spec.play.draw.stock == "two"
    for n in spec.players.counts():
        left = derived.cards_left(spec.deck, deal, n)
        if left == 0:  # fewer than none is the deal's own problem (the pack is too small)
            out.append(Problem("DEAL_IMPOSSIBLE", "deal.stock",
                               f"the deal takes all {spec.deck.size()} cards, leaving none for the stock", n))
        elif left == 1 and two:
            out.append(Problem("DEAL_IMPOSSIBLE", "play.draw.stock",
                               "a player draws two cards from the stock, but the deal leaves only one", n))
    return out


def _named_things(spec: GameSpec) -> list[Problem]:
    """The single-card meld's rank is a rank of the pack; a dump or a stump has four cards of a rank."""
    p, deck, out = spec.play, spec.deck, []
    single = p.melds.single
    if single is not None and single not in deck.ranks():
        gone = single in deck.full_order()
        out.append(Problem("DECK_INCONSISTENT", "play.melds.single",
                           f"the rank {single} is {'removed from' if gone else 'not in'} this pack, so no single card "
                           "of it can be a meld"))
    most = max(_copies(spec).values(), default=0)
    for name, word in (("dump", p.dump), ("stump", p.stump)):
        if word is not None and most < FOUR:
            out.append(Problem("DECK_INCONSISTENT", f"play.{name}",
                               f"a {word} needs four cards of one rank, but the pack has at most {most} of any rank"))
    return out


def _copies(spec: GameSpec) -> Counter[str]:
    """Natural cards of each rank in the pack (tarot majors are a rank each)."""
    return Counter(r for r in (card_rank(c) for c in spec.deck.cards()) if r is not None)


def _jokers_in_deal(spec: GameSpec) -> bool:
    """Whether the deal makes wild cards: the pack's jokers or a wild-rank card (DL-09)."""
    stock = spec.deal.stock
    return spec.deck.jokers > 0 or (stock is not None and stock.wild_card)


def _wilds(spec: GameSpec) -> list[Problem]:
    """ML-03: the joker swap and one joker a meld need jokers (the progressive wild rank's cards are
    jokers for the hand too); progressive wilds come only without the pack's jokers or a wild-rank
    card (two kinds of wild card at once is no reading of the book)."""
    p, out = spec.play, []
    jokers = _jokers_in_deal(spec)
    for name, on, what in (("joker_swap", p.joker_swap, "a joker in a meld may be swapped"),
                           ("one_joker", p.one_joker, "a meld may hold one joker")):
        if on and not (jokers or p.progressive_wilds):
            out.append(Problem("RULE_CONFLICT", f"play.{name}",
                               f"{what}, but the pack has no jokers and no card is turned for a wild rank"))
    if p.progressive_wilds and jokers:
        out.append(Problem("RULE_CONFLICT", "play.progressive_wilds",
                           "progressive wilds are the wild cards of a game without jokers, but this one has "
                           + ("jokers" if spec.deck.jokers else "a wild-rank card")))
    return out


def _kitty(spec: GameSpec) -> list[Problem]:
    """ML-02 b: the kitty's top card may be drawn only from a kitty that lies on the table."""
    kitty, auction = spec.deal.kitty, spec.bidding.auction
    if not spec.play.draw.kitty:
        return []
    if kitty is None:
        return [Problem("RULE_CONFLICT", "play.draw.kitty", "a player may draw the top card of the kitty, but "
                        "there is no kitty")]
    if auction is not None:
        return [Problem("RULE_CONFLICT", "play.draw.kitty", f"the {auction.title} takes the {kitty.name} into hand, "
                        "so no one can draw from it")]
    return []


def _sets_or_runs(spec: GameSpec) -> tuple[bool, bool]:
    """(a set can be made, a run can be made) from the pack: three cards of a rank, or three ranks
    (one suit's, for runs of one suit), jokers filling in (a meld needs one natural card)."""
    deck, stock = spec.deck, spec.deal.stock
    copies = _copies(spec)
    wild = deck.jokers + (1 if stock is not None and stock.wild_card else 0)
    sets = max(copies.values(), default=0) + wild >= MELD
    if spec.play.melds.runs == "same-suit":
        per_suit = Counter(s for s in (c.rpartition(" of ")[2] for c in deck.cards() if " of " in c))
        ranks = max(per_suit.values(), default=0)
    else:
        ranks = len(deck.ranks())
    runs = ranks >= 1 and ranks + wild >= MELD
    return sets, runs


def _smallest_hands(spec: GameSpec) -> list[tuple[int, int]]:
    """(player count, the largest hand dealt at the smallest stage of the game): the deal's hand
    (one more with an extra odd card), or with shrinking hands the last size. Countdown tokens
    count the first hand: a player down to one token is dealt one card, but can still go out by
    laying it off on another player's meld, so the game has a way to end (whether it does, the
    playtest measures)."""
    deal, size = spec.deal, spec.deck.size()
    extra = 1 if deal.odd_card is not None and deal.odd_card.extra else 0
    out = []
    for n in spec.players.counts():
        each = deal.cards_each(n, size)
        sizes = derived.shrinking_hand_sizes(spec.ending.condition, each)
        if sizes and deal.tokens is None:
            each = min(sizes)
        out.append((n, each + extra))
    return out


def _can_meld(spec: GameSpec) -> list[Problem]:
    """Whether anyone can ever lay a meld (see the module's readings): the pack must hold one, and in
    sequence mode without the wipe the largest hand plus one turn's draw must hold one."""
    p, out = spec.play, []
    if p.melds.single is None:
        sets, runs = _sets_or_runs(spec)
        if not sets and not runs:
            return [Problem("NO_WIN_PATH", "play.melds", "the pack has neither three cards of a rank nor three ranks "
                            "in a row, so no one can ever lay a meld and go out")]
        if p.melds.first_run and not runs:
            out.append(Problem("NO_WIN_PATH", "play.melds.first_run",
                               "each player's first meld must be a run, but the pack has no three ranks to make one"))
    if p.one_action or p.draw.discard == "wipe":
        return out
    need = (1 if p.melds.single is not None else MELD) + (1 if p.melds.keep_card else 0)
    drawn = 1 if p.draw.stock == "one" else 2
    for n, hand in _smallest_hands(spec):
        if hand + drawn < need:
            out.append(Problem("NO_WIN_PATH", "play.melds",
                               f"a hand may hold only {hand} card{'s' if hand > 1 else ''} and a turn draws {drawn} "
                               f"and ends with a discard, so no one ever holds the {need} cards a meld needs"
                               + (" (one stays to discard)" if p.melds.keep_card else ""), n))
    return out


def _scoring(spec: GameSpec) -> list[Problem]:
    """A melding hand is won by going out: it is scored by shedding (SC-A) or by tokens; the pig in a
    meld needs a pig and points to add to."""
    s, p, out = spec.scoring, spec.play, []
    if s.kind not in SHEDDING_KINDS:
        out.append(Problem("RULE_CONFLICT", "scoring.kind",
                           f"a melding game takes no tricks to score {s.kind}: the hand is won by going out"))
    if p.pig_meld is not None:
        if spec.setup.pig is None:
            out.append(Problem("RULE_CONFLICT", "play.pig_meld", "a score for the pig in a meld, but the game has no "
                               "pig card"))
        elif s.kind == "countdown":
            out.append(Problem("RULE_CONFLICT", "play.pig_meld", "the pig in a meld scores points, but countdown "
                               "scoring keeps none"))
    return out


__all__ = ["MELD", "check_play"]
