"""Static checks of the climbing play section (registered by ``generator.families.climbing``): the
cards, suits and ranks its rules name, the shapes the pack can make, rules that contradict each
other (the readings of ``spec``), the modules of other families a climbing game
cannot have (trumps, trick bidding), and the scoring that goes with how piles are collected."""

from __future__ import annotations

from collections import Counter

from generator.checks.core import CaptureWords, Problem, card_problem, kitty_capture_problems, suit_problem
from generator.checks.shedding import no_knock_out, no_trick_rules
from generator.spec import GameSpec, derived
from generator.spec.deck import card_rank
from generator.spec.scoring import SHEDDING_KINDS

#: CL-12: what a pile taken as a trick is scored by (SC-T without bidding, or SC-B with tokens).
TRICK_SCORING = ("avoid-suit", "per-trick", "countdown")


def check_play(spec: GameSpec) -> list[Problem]:
    """Every problem of the play section, the named cards first."""
    return (_named_things(spec) + _shapes(spec) + _leader(spec) + _kitty(spec) + _rules(spec) + _scoring(spec)
            + _not_climbing(spec))


def _named_things(spec: GameSpec) -> list[Problem]:
    """Every card, suit and rank a rule names must be in the pack; joker rules need jokers."""
    p, deck, out = spec.play, spec.deck, []
    out += card_problem(spec, "play.opening_card", p.opening_card)
    if p.transparent is not None and p.transparent.rank not in deck.ranks():
        gone = p.transparent.rank in deck.full_order()
        out.append(Problem("DECK_INCONSISTENT", "play.transparent.rank",
                           f"the rank {p.transparent.rank} is {'removed from' if gone else 'not in'} this pack"))
    if (p.jokers == "none") != (deck.jokers == 0):
        out.append(Problem("DECK_INCONSISTENT", "play.jokers",
                           f"a rule for jokers ('{p.jokers}'), but the pack has none" if deck.jokers == 0
                           else "the pack has jokers, so a rule must say what they do ('top' or 'wild')"))
    if p.colour_match and deck.kind != "standard":
        out.append(Problem("DECK_INCONSISTENT", "play.colour_match",
                           f"beating by the other colour needs the standard pack's red and black suits, not a {deck.kind} pack"))
    if p.bomb is not None:
        counts = Counter(card_rank(c) for c in deck.cards() if card_rank(c) is not None)
        if not any(n >= 4 for n in counts.values()):
            out.append(Problem("DECK_INCONSISTENT", "play.bomb", "a bomb is four cards of a rank, but no rank has four"))
        if p.bomb.rocket is not None and deck.jokers < 2:
            out.append(Problem("DECK_INCONSISTENT", "play.bomb.rocket",
                               "the rocket is the pair of jokers, but the pack has "
                               + ("only one joker" if deck.jokers == 1 else "none")))
    return out


def _shapes(spec: GameSpec) -> list[Problem]:
    """Runs (CL-02, DK-05): the run field goes with run leads, a run of three needs three ranks, and
    the wrap needs runs to wrap."""
    p, deck, out = spec.play, spec.deck, []
    if (p.runs is not None) != (p.leads == "runs"):
        out.append(Problem("RULE_CONFLICT", "play.runs",
                           "say whether a run's cards share a suit exactly when runs may be led"))
    if p.leads == "runs" and len(deck.ranks()) < 3:
        out.append(Problem("DECK_INCONSISTENT", "play.leads",
                           f"a run is three cards of ranks next to each other, but the pack has only "
                           f"{len(deck.ranks())} ranks"))
    if deck.run_wrap and not p.runs_allowed():
        out.append(Problem("RULE_CONFLICT", "deck.run_wrap", "the lowest rank may follow the top one in a run, but "
                           "runs may not be played"))
    if spec.deal.rows and p.leads != "singles":
        out.append(Problem("RULE_CONFLICT", "play.leads",
                           "with face-down rows, played blind at the end, only single cards may be led"))
    return out


def _leader(spec: GameSpec) -> list[Problem]:
    """CL-01: the landlord leads exactly when there is an auction; the holder of a named card needs
    that card to be dealt to someone in every hand."""
    p, deal, out = spec.play, spec.deal, []
    auction = spec.bidding.auction
    if (p.opening_leader == "landlord") != (auction is not None):
        out.append(Problem("RULE_CONFLICT", "play.opening_leader",
                           "the winner of the auction leads to the first trick exactly when there is an auction"))
    if (p.opening_leader == "holder") != (p.opening_card is not None):
        out.append(Problem("RULE_CONFLICT", "play.opening_card",
                           "an opening card is named exactly when its holder leads the first trick"))
    if p.opening_leader == "holder" and p.opening_card is not None:
        if not derived.deals_whole_pack(deal):
            out.append(Problem("RULE_CONFLICT", "play.opening_leader",
                               "whoever holds a named card leads it only when the whole pack is dealt"))
        elif deal.kitty is not None:
            out.append(Problem("RULE_CONFLICT", "play.opening_leader",
                               f"the named card may lie in the {deal.kitty.name}, and then nobody holds it"))
        else:
            for n in spec.players.counts():
                left = derived.set_aside(spec.deck, deal, n)
                if left:
                    out.append(Problem("RULE_CONFLICT", "play.opening_leader",
                                       f"{left} card{'s are' if left > 1 else ' is'} set aside undealt, so the "
                                       "named card may be held by nobody", n))
    return out


_CAPTURE = CaptureWords(
    what="that wins the kitty", happens="a card wins the kitty", cannot="no play can win it",
    first="the card that wins the kitty is the one led to the first trick, so the first trick always wins it")


def _kitty(spec: GameSpec) -> list[Problem]:
    """CL-13: the card or suit that wins the kitty."""
    capture, out = spec.play.kitty_capture, []
    if capture is None:
        return out
    out += card_problem(spec, "play.kitty_capture.card", capture.card)
    out += suit_problem(spec, "play.kitty_capture.suit", capture.suit)
    out += kitty_capture_problems(spec, _CAPTURE)
    return out


def _rules(spec: GameSpec) -> list[Problem]:
    """Rules of play that contradict each other (CL-04…CL-11)."""
    p, out = spec.play, []
    sets = p.sets_allowed()
    if p.natural_beats_joker and not (p.jokers == "wild" and sets):
        why = "jokers are not wild" if p.jokers != "wild" else "sets may not be played"
        out.append(Problem("RULE_CONFLICT", "play.natural_beats_joker",
                           f"a natural set beats the same set made with a joker, but {why}"))
    if p.low_bomb and p.colour_match:
        out.append(Problem("RULE_CONFLICT", "play.colour_match",
                           "a single card of the lowest rank beats anything, which leaves no rule for beating by colour"))
    if p.low_bomb and p.transparent is not None and spec.deck.ranks() and p.transparent.rank == spec.deck.ranks()[-1]:
        out.append(Problem("RULE_CONFLICT", "play.transparent",
                           "a single card of the lowest rank beats anything, yet laid on a play a transparent card "
                           "counts as the rank beneath it: the lowest rank cannot be both"))
    if p.low_bomb and p.bomb is not None:
        out.append(Problem("RULE_CONFLICT", "play.bomb",
                           "a single card of the lowest rank beats anything, which leaves no rule for bombs"))
    if p.trick_end == "first-pass" and sets:
        out.append(Problem("RULE_CONFLICT", "play.trick_end",
                           "a trick that ends at the first pass or once every player has played to it is only "
                           "for games of single cards"))
    if p.trick_end == "first-pass" and not p.rejoin:
        out.append(Problem("RULE_CONFLICT", "play.rejoin",
                           "the trick ends at the first pass, so nobody who passed could play to it again anyway"))
    return out


def _scoring(spec: GameSpec) -> list[Problem]:
    """CL-12: a pile taken as a trick is scored by tricks (or by tokens), a pile set aside by who
    goes out (shedding); the melding family's knock is not a climbing round end."""
    p, s, out = spec.play, spec.scoring, []
    if p.collection == "trick" and s.kind not in TRICK_SCORING:
        out.append(Problem("RULE_CONFLICT", "scoring.kind",
                           f"piles are taken as tricks, so the hand is scored by its tricks (avoid-suit or "
                           f"per-trick) or by tokens, not by {s.kind}"))
    if p.collection == "set-aside" and s.kind not in SHEDDING_KINDS:
        out.append(Problem("RULE_CONFLICT", "scoring.kind",
                           f"piles are set aside, so nobody takes tricks to score {s.kind}"))
    return out + no_knock_out(spec, "climbing")


def _not_climbing(spec: GameSpec) -> list[Problem]:
    """Other families' modules have no place in a climbing game: no trump suit (nor the setup rules
    about it), no bids for tricks (trick-taking), no stock or discard piles (matching, melding)."""
    out = no_trick_rules(spec, "climbing", "a rule about trumps or tricks won, but a climbing game has no trumps",
                         high_low="a hand played low inverts trick scores, a trick-taking rule")
    if spec.deal.stock is not None:
        out.append(Problem("RULE_CONFLICT", "deal.stock",
                           "discard piles and a stock to draw from, but in a climbing game nobody draws: "
                           "players only beat the last play or pass"))
    return out


__all__ = ["TRICK_SCORING", "check_play"]
