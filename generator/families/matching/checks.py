"""Static checks of the matching play section (registered by ``generator.families.matching``): the
ranks and cards its special cards name, the stock and discard piles it is played on, the rules of
play that contradict each other (the readings of ``spec``), the modules of other
families a matching game cannot have (trumps, trick bidding, runs), and its scoring by who goes out.

Readings these checks fix (every layer follows them):

* Two discard piles with the draw rule ``pile`` are refused: "pick up the discard pile" names no
  pile when there are two (the book's "either discard pile" rewrite leaves it to the player, a
  choice no other rule makes).
* A stock of one card or more at every player count is enough: the book's games with two to five
  cards left are allowed (when the stock runs out the discards are shuffled into a new one).
* A wild card with no rank (a joker, a tarot major) is allowed: it is set aside, and no rank is
  wild that hand (``spec.deal.Stock``).
* ``play_drawn`` goes with drawing from the stock: a pile picked up is no drawn card.
"""

from __future__ import annotations

from generator.checks.core import Problem, card_problem
from generator.checks.shedding import no_knock_out, no_trick_rules
from generator.spec import GameSpec, derived
from generator.spec.scoring import SHEDDING_KINDS

#: Kinds of special card that need the kitty (MT-04 P02).
KITTY_KINDS = ("kitty-take", "kitty-give")
#: Shedding scoring that pays by the cards left in hand (SC-A2): what a card scoring points in the
#: hand (P20) adds to.
HAND_VALUE_KINDS = ("card-values", "card-count", "landlord-stake")
#: P09: the next card is one of the three top ranks.
TOP_RANKS = 3


def check_play(spec: GameSpec) -> list[Problem]:
    """Every problem of the play section, the named ranks and cards first."""
    return (_named_things(spec) + _stock(spec) + _effects(spec) + _cheat(spec) + _rules(spec) + _scoring(spec)
            + _not_matching(spec))


def _named_things(spec: GameSpec) -> list[Problem]:
    """Every special card's rank is a rank of the pack, and the named card a card of it."""
    p, deck, out = spec.play, spec.deck, []
    ranks = deck.ranks()
    for i, effect in enumerate(p.effects):
        if effect.rank not in ranks:
            gone = effect.rank in deck.full_order()
            out.append(Problem("DECK_INCONSISTENT", f"play.effects[{i}].rank",
                               f"the rank {effect.rank} is {'removed from' if gone else 'not in'} this pack, so no "
                               f"card has the {effect.kind!r} effect"))
    if p.named_card is not None:
        out += card_problem(spec, "play.named_card.card", p.named_card.card)
    order = {rank: i for i, rank in enumerate(ranks)}
    keys = [order.get(effect.rank, len(ranks)) for effect in p.effects]
    if keys != sorted(keys):
        out.append(Problem("SPEC_INVALID", "play.effects", "the special cards are listed highest rank first, as the "
                           "rulebook prints them"))
    return out


def _stock(spec: GameSpec) -> list[Problem]:
    """DL-08…DL-10: a matching game is played on a stock and one or two discard piles, so the deal
    leaves at least one card for the stock at every player count (the piles' first cards, the wild
    card, the kitty and the face-down rows counted, ``spec.derived.cards_dealt``)."""
    deal, out = spec.deal, []
    if deal.stock is None:
        return [Problem("RULE_CONFLICT", "deal.stock", "a matching game is played from a stock onto a discard pile, "
                        "so the deal must say how many discard piles are turned up")]
    if derived.deals_whole_pack(deal):
        return [Problem("RULE_CONFLICT", "deal.hand_size", "a matching game draws from a stock, so the whole pack "
                        "cannot be dealt")]
    for n in spec.players.counts():
        left = derived.cards_left(spec.deck, deal, n)
        if left == 0:  # fewer than none is the deal's own problem (the pack is too small)
            out.append(Problem("DEAL_IMPOSSIBLE", "deal.stock",
                               f"the deal takes all {spec.deck.size()} cards, leaving none for the stock", n))
    if deal.stock.discard_piles == 2 and spec.play.draw == "pile":
        out.append(Problem("RULE_CONFLICT", "play.draw",
                           "a player who passes picks up the discard pile, but there are two discard piles"))
    return out


def _effects(spec: GameSpec) -> list[Problem]:
    """MT-04: what each special card needs — the kitty, hand-value scoring or tokens, three ranks."""
    p, deal, out = spec.play, spec.deal, []
    tokens = deal.tokens is not None
    kitty, auction = deal.kitty, spec.bidding.auction
    for i, effect in enumerate(p.effects):
        where = f"play.effects[{i}]"
        if effect.kind in KITTY_KINDS:
            if kitty is None:
                out.append(Problem("RULE_CONFLICT", where, f"a {effect.rank} takes the kitty, but there is no kitty"))
            elif auction is not None:
                out.append(Problem("RULE_CONFLICT", where, f"the {auction.title} takes the {kitty.name} into hand, "
                                   f"so no {effect.rank} can take it"))
        if effect.kind == "points":
            if tokens and effect.points is not None:
                out.append(Problem("RULE_CONFLICT", f"{where}.points",
                                   f"with countdown tokens a {effect.rank} gives up a token, it scores no points"))
            elif not tokens and effect.points is None:
                out.append(Problem("SPEC_INVALID", f"{where}.points",
                                   f"a {effect.rank} scores points at once, but the spec says not how many"))
            elif not tokens and spec.scoring.kind not in HAND_VALUE_KINDS:
                out.append(Problem("RULE_CONFLICT", f"{where}.points",
                                   f"a {effect.rank} scores points during the hand, which only scoring by the cards "
                                   f"left in hand adds up, not {spec.scoring.kind} scoring"))
            elif getattr(spec.scoring, "losers_lose", False) and spec.scoring.kind == "card-values":
                out.append(Problem("RULE_CONFLICT", f"{where}.points",
                                   f"a {effect.rank} gains points during the hand, but the others only lose the value "
                                   "of their cards"))
        if effect.kind == "top-follow" and len(spec.deck.ranks()) < TOP_RANKS:
            out.append(Problem("DECK_INCONSISTENT", where,
                               f"a {effect.rank} is followed by one of the three top ranks, but the pack has only "
                               f"{len(spec.deck.ranks())}"))
    if p.countdown_wild and not tokens:
        out.append(Problem("RULE_CONFLICT", "play.countdown_wild",
                           "a player's wild rank is the count of their tokens, but players hold no tokens"))
    if p.opening_effect == "dealer" and not p.effects and p.named_card is None:
        out.append(Problem("RULE_CONFLICT", "play.opening_effect",
                           "a special card turned to start the pile acts as if the dealer played it, but no card "
                           "is special"))
    return out


def _cheat(spec: GameSpec) -> list[Problem]:
    """MT-02: in cheat mode one card is claimed at a time. (That there is no passing or drawing is
    the spec's own rule: ``MatchPlay`` refuses MT-05's fields away from their defaults.)"""
    p = spec.play
    if p.cheat is not None and p.multiple != "none":
        return [Problem("RULE_CONFLICT", "play.multiple", "in cheat mode every turn is one card claimed face down, so "
                        "no rule says several cards may be played at once")]
    return []


def _rules(spec: GameSpec) -> list[Problem]:
    """MT-05: a drawn card played at once needs a card drawn from the stock."""
    p, out = spec.play, []
    if p.play_drawn and p.draw == "pile":
        out.append(Problem("RULE_CONFLICT", "play.play_drawn",
                           "a drawn card may be played at once, but a player who passes picks up the whole pile"))
    return out


def _scoring(spec: GameSpec) -> list[Problem]:
    """A matching hand is won by going out: it is scored by shedding (SC-A) or by tokens; the
    melding family's knock on going out is not a matching round end."""
    s, out = spec.scoring, []
    if s.kind not in SHEDDING_KINDS:
        out.append(Problem("RULE_CONFLICT", "scoring.kind",
                           f"a matching game takes no tricks to score {s.kind}: the hand is won by going out"))
    return out + no_knock_out(spec, "matching")


def _not_matching(spec: GameSpec) -> list[Problem]:
    """Trick-taking's and climbing's modules have no place in a matching game: no trump suit (nor
    the setup rules about it), no bids for tricks, no runs for a wrap."""
    out = no_trick_rules(spec, "matching", "a rule about trumps or tricks won, but a matching game has neither")
    if spec.deck.run_wrap:
        out.append(Problem("RULE_CONFLICT", "deck.run_wrap", "a rule for runs, but a matching game has none"))
    return out


__all__ = ["HAND_VALUE_KINDS", "KITTY_KINDS", "check_play"]
