"""Static checks of the trick-taking play section (registered by ``generator.families.trick_taking``):
the suits and cards its rules name, the opening leader and the kitty a trick may capture (which
depend on the auction and the kitty), and rules of play that contradict each other or the setup."""

from __future__ import annotations

from generator.checks.core import CaptureWords, Problem, card_problem, kitty_capture_problems, suit_problem
from generator.spec import GameSpec, derived
from generator.spec.scoring import SHEDDING_KINDS


def check_play(spec: GameSpec) -> list[Problem]:
    """Every problem of the play section, the named suits and cards first, then the rules of other
    families that a trick-taking game cannot have."""
    return _named_things(spec) + _leader_and_kitty(spec) + _rules(spec) + _not_trick_taking(spec)


def _not_trick_taking(spec: GameSpec) -> list[Problem]:
    """Modules of the shedding families: a hand of tricks is scored by its tricks (SC-T), is dealt
    hands of a fixed size (no countdown tokens), has no face-down rows to play out, no runs for a
    wrap to apply to, and no stock or discard piles (DL-08…DL-10)."""
    out: list[Problem] = []
    if spec.scoring.kind in SHEDDING_KINDS:
        out.append(Problem("RULE_CONFLICT", "scoring.kind",
                           f"{spec.scoring.kind} scoring goes by who goes out first, but in a trick-taking game "
                           "everyone plays every card to a trick"))
    if spec.scoring.kind == "card-points" and spec.bidding.tricks is not None:
        out.append(Problem("RULE_CONFLICT", "bidding.tricks",
                           "players bid a number of tricks, but the hand is scored by the cards in them"))
    if spec.scoring.kind == "card-points" and spec.scoring.sweeps is not None:
        out.append(Problem("RULE_CONFLICT", "scoring.sweeps", "a sweep takes the cards on the table, and a "
                           "trick-taking game has none"))
    if spec.deal.tokens is not None:
        out.append(Problem("RULE_CONFLICT", "deal.tokens",
                           "countdown tokens are given up by whoever goes out first, but nobody goes out in a "
                           "trick-taking game"))
    if spec.deal.rows:
        out.append(Problem("RULE_CONFLICT", "deal.rows",
                           "face-down rows are played once a hand is empty, but a trick-taking hand ends then"))
    if spec.deck.run_wrap:
        out.append(Problem("RULE_CONFLICT", "deck.run_wrap", "a rule for runs, but a trick-taking game has none"))
    if spec.deal.stock is not None:
        out.append(Problem("RULE_CONFLICT", "deal.stock",
                           "discard piles and a stock to draw from, but in a trick-taking game nobody draws or "
                           "discards: every card is played to a trick"))
    return out


def _named_things(spec: GameSpec) -> list[Problem]:
    """Every suit, card and rank a rule of play names must exist in the pack; jokers need jokers."""
    p, out = spec.play, []
    out += suit_problem(spec, "play.breaking.suit", p.breaking.suit if p.breaking else None)
    out += suit_problem(spec, "play.first_trick_ban", p.first_trick_ban)
    out += card_problem(spec, "play.opening_card", p.opening_card)
    capture = p.kitty_capture
    if capture is not None:
        out += card_problem(spec, "play.kitty_capture.card", capture.card)
        out += suit_problem(spec, "play.kitty_capture.suit", capture.suit)
    out += suit_problem(spec, "play.joker_lead", p.joker_lead)
    if p.boost is not None and p.boost.rank not in spec.deck.ranks():
        gone = p.boost.rank in spec.deck.full_order()
        out.append(Problem("DECK_INCONSISTENT", "play.boost.rank",
                           f"the rank {p.boost.rank} is {'removed from' if gone else 'not in'} this pack, so no trick is led with one"))
    jokers = spec.deck.jokers
    if not jokers:
        if p.jokers != "top":
            out.append(Problem("DECK_INCONSISTENT", "play.jokers", f"a rule for jokers ('{p.jokers}'), but the pack has none"))
        if p.joker_lead is not None:
            out.append(Problem("DECK_INCONSISTENT", "play.joker_lead", "a rule for leading a joker, but the pack has none"))
    elif jokers == 1 and p.jokers == "split":
        out.append(Problem("DECK_INCONSISTENT", "play.jokers",
                           "'split' ranks the red joker highest and the black joker lowest, but the pack has only the red joker"))
    return out


_CAPTURE = CaptureWords(
    what="whose trick captures the kitty", happens="a trick captures the kitty", cannot="no trick can capture it",
    first="the card that captures the kitty is the one led to the first trick, so the first trick always takes the "
          "kitty (or, if the card is in the kitty, none ever does)")


def _leader_and_kitty(spec: GameSpec) -> list[Problem]:
    """The auction's winner leads (BD-03); a trick captures the kitty (TT-14)."""
    p, out = spec.play, []
    if (p.opening_leader == "landlord") != (spec.bidding.auction is not None):
        out.append(Problem("RULE_CONFLICT", "play.opening_leader",
                           "the winner of the auction leads to the first trick exactly when there is an auction"))
    out += kitty_capture_problems(spec, _CAPTURE)
    return out


def _rules(spec: GameSpec) -> list[Problem]:
    """Rules of play that contradict each other or the setup."""
    p, out = spec.play, []
    method = spec.setup.trumps.method
    if (p.opening_leader == "holder") != (p.opening_card is not None):
        out.append(Problem("RULE_CONFLICT", "play.opening_card",
                           "an opening card is named exactly when its holder leads the first trick"))
    if p.opening_leader == "holder" and spec.deal.hand_size != "all":
        out.append(Problem("RULE_CONFLICT", "play.opening_leader",
                           "whoever holds a named card leads it only when the whole pack is dealt"))
    if p.opening_lead == "no-trump" and not derived.trumps_known_at_deal(spec.setup):
        out.append(Problem("RULE_CONFLICT", "play.opening_lead", "a ban on leading trumps needs trumps known from the start"))
    # With trumps revealed in play (a hidden trump card, the first card led) a rule about playing
    # trumps starts to apply once they are known: until then no card is a trump, so players follow.
    trump_rules = p.following == "follow-or-trump" or p.otherwise == "trump"
    if trump_rules and not derived.has_trump_suit(spec.setup):
        out.append(Problem("RULE_CONFLICT", "play.following",
                           "a rule about playing trumps needs a trump suit, but the game has none"))
    if p.otherwise != "any" and p.following != "must-follow":
        out.append(Problem("RULE_CONFLICT", "play.otherwise", "what to play when unable to follow applies only when players must follow"))
    if p.weak_led_suit and p.winner != "led-suit":
        out.append(Problem("RULE_CONFLICT", "play.winner", "the weak led suit already decides which card wins"))
    if p.pig_lead != "free" and spec.setup.pig is None:
        out.append(Problem("RULE_CONFLICT", "play.pig_lead", "a rule for leading the pig, but the game has no pig card"))
    if p.overtake == "unless-partner" and spec.players.sides is None and spec.players.coalition is None:
        out.append(Problem("RULE_CONFLICT", "play.overtake", "a rule for a partner's winning card, but the game "
                           "has no partnerships: say 'must'"))
    if p.overtake is not None and p.boost is not None:
        out.append(Problem("RULE_CONFLICT", "play.overtake", "a boost trick takes a second card from each player, "
                           "and which of them must beat the trick is not said"))
    if p.jokers in ("split", "bottom") and method == "none" and spec.deck.jokers:
        out.append(Problem("RULE_CONFLICT", "play.jokers",
                           f"'{p.jokers}' ranks the jokers among the trumps, but the game has no trump suit"))
    return out


__all__ = ["check_play"]
