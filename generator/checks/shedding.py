"""Static checks of shedding scoring (SC-A1…SC-A5, SC-B, WU-01…WU-05) and of countdown tokens
(DL-04, EN-01): shared by every family that scores a hand by who goes out. Which family may use
which kind of scoring is the family's own check (its play section decides); the checks every such
family makes alike (no trumps nor bids for tricks, no knock on going out) are here for it to call."""

from __future__ import annotations

from ..spec import GameSpec, derived
from ..spec.scoring import SHEDDING_KINDS, losing_points
from .core import Problem


def no_trick_rules(spec: GameSpec, game: str, setup_rule: str, high_low: str | None = None) -> list[Problem]:
    """Trick-taking's modules have no place in a game won by going out: no trump suit, none of the
    setup rules about trumps or tricks won (``setup_rule`` says why, ``high_low`` for the hand played
    low where a family words it apart), no bids for tricks. ``game`` names the family in the text."""
    st, out = spec.setup, []
    if st.trumps.method != "none":
        out.append(Problem("RULE_CONFLICT", "setup.trumps", f"a {game} game is played without trumps"))
    for name, on in (("anti_trumps", st.anti_trumps), ("robbing", st.robbing is not None),
                     ("top_trump_point", st.top_trump_point), ("high_low", st.high_low)):
        if on:
            out.append(Problem("RULE_CONFLICT", f"setup.{name}",
                               high_low if name == "high_low" and high_low is not None else setup_rule))
    if spec.bidding.tricks is not None:
        out.append(Problem("RULE_CONFLICT", "bidding.tricks", f"players of a {game} game do not bid for tricks"))
    return out


def no_knock_out(spec: GameSpec, game: str) -> list[Problem]:
    """The melding family's knock on going out (another turn for the others) is no round end of a
    game whose hand ends as a player goes out."""
    if getattr(spec.scoring, "round_end", None) == "knock-out":
        return [Problem("RULE_CONFLICT", "scoring.round_end",
                        f"a knock on going out gives the others one more turn, a melding rule with no meaning in "
                        f"a {game} game")]
    return []


def check_tokens(spec: GameSpec) -> list[Problem]:
    """Countdown tokens, their scoring and their ending come together: the winner of a hand gives
    up a token (countdown scoring) and the game ends when someone has none (ending 'tokens')."""
    tokens, out = spec.deal.tokens is not None, []
    countdown = spec.scoring.kind == "countdown"
    ends_by_tokens = spec.ending.condition.kind == "tokens"
    if countdown and not tokens:
        out.append(Problem("RULE_CONFLICT", "scoring.kind",
                           "countdown scoring gives up a token for each hand won, but players hold no tokens"))
    if ends_by_tokens and not tokens:
        out.append(Problem("RULE_CONFLICT", "ending.condition",
                           "the game ends when a player has given up every token, but players hold no tokens"))
    if tokens and not countdown:
        out.append(Problem("RULE_CONFLICT", "deal.tokens",
                           "players hold countdown tokens, but the scoring never takes one away"))
    if tokens and not ends_by_tokens:
        out.append(Problem("RULE_CONFLICT", "ending.condition",
                           "players hold countdown tokens, so the game ends when one has given up every token"))
    if tokens and spec.deal.hand_size == "all":
        out.append(Problem("RULE_CONFLICT", "deal.tokens",
                           "with tokens each player is dealt as many cards as tokens held, not the whole pack"))
    if tokens and spec.deal.hand_size_over_three is not None:
        out.append(Problem("RULE_CONFLICT", "deal.hand_size_over_three",
                           "with tokens each player is dealt as many cards as tokens held, whatever the player count"))
    return out


def check_shedding(spec: GameSpec) -> list[Problem]:
    """Shedding scoring: its pig clauses need a pig, its table rows cards the pack has, its
    landlord an auction, its titles fields that fit together, and its ending a way to be won."""
    s = spec.scoring
    if s.kind not in SHEDDING_KINDS:
        return []
    out: list[Problem] = []
    pig = spec.setup.pig is not None
    auction = spec.bidding.auction
    if s.kind == "landlord-stake" and auction is None:
        out.append(Problem("RULE_CONFLICT", "scoring.kind", "the landlord's stake is paid by the winner of an "
                           "auction, but the game has none"))
    if auction is not None and s.kind not in ("landlord-stake", "titles"):
        out.append(Problem("RULE_CONFLICT", "bidding.auction",
                           f"the {auction.title} bids for a stake, but {s.kind} scoring never pays one"))
    if getattr(s, "round_end", None) == "knock-five" and spec.deal.rows:
        out.append(Problem("RULE_CONFLICT", "scoring.round_end",
                           "a knock counts the cards in hand, but with face-down rows a hand is won by playing "
                           "out the rows"))
    if s.kind == "card-values":
        out += _table(spec)
    if s.kind == "card-count" and s.pig_cards is not None and not pig:
        out.append(Problem("RULE_CONFLICT", "scoring.pig_cards", "the pig counts as several cards, but the game has "
                           "no pig card"))
    if s.kind == "titles":
        out += _titles(spec)
    out += _ending(spec)
    return out


def _table(spec: GameSpec) -> list[Problem]:
    """SC-A2's card values: a row for every kind of card the pack has, and none for the others."""
    v, deck, out = spec.scoring.values, spec.deck, []
    ranks = deck.ranks()
    has = {
        "jokers": (deck.jokers > 0, "jokers"),
        "majors": (deck.kind == "tarot", "major arcana"),
        "faces": (derived.has_court_cards(deck), "court cards"),
        "aces": ("A" in ranks, "Aces"),
    }
    for row, (present, what) in has.items():
        value = getattr(v, row)
        if value is not None and not present:
            out.append(Problem("DECK_INCONSISTENT", f"scoring.values.{row}", f"a value for {what}, but the pack has none"))
        elif value is None and present:
            out.append(Problem("RULE_CONFLICT", f"scoring.values.{row}",
                               f"the pack has {what}, but the table gives them no value"))
    if v.pig is not None and spec.setup.pig is None:
        out.append(Problem("RULE_CONFLICT", "scoring.values.pig", "a value for the pig, but the game has no pig card"))
    return out


def _titles(spec: GameSpec) -> list[Problem]:
    """SC-A3 and the rules between hands: a vice (and their points) only when players retire in
    order; rules for the vice only with a vice; card passing fields that belong to its kind."""
    t, out = spec.scoring, []
    if (t.vice is None) != (t.second is None):
        out.append(Problem("RULE_CONFLICT", "scoring.second", "the second out scores points exactly when they take "
                           "the vice's title"))
    if t.vice is not None and not t.retire:
        out.append(Problem("RULE_CONFLICT", "scoring.vice", "the first out ends the hand, so nobody is second out to "
                           "take the vice's title"))
    if t.vice is None and t.starter == "vice":
        out.append(Problem("RULE_CONFLICT", "scoring.starter", "the vice leads the next hand, but there is no vice"))
    if t.rule_maker == "vice" and (t.vice is None or spec.setup.extra_rules is None
                                   or spec.setup.extra_rules.kind != "bonus"):
        out.append(Problem("RULE_CONFLICT", "scoring.rule_maker",
                           "the vice makes the invented rules, but " +
                           ("there is no vice" if t.vice is None else "the game has no invented rules"
                            if spec.setup.extra_rules is None else "secret rules are all made before the first hand")))
    if t.pig is not None and spec.setup.pig is None:
        out.append(Problem("RULE_CONFLICT", "scoring.pig", "a score for the pig, but the game has no pig card"))
    p = t.passing
    if p is not None:
        if (p.kind == "two-cards") != (p.returned is not None):
            out.append(Problem("RULE_CONFLICT", "scoring.passing.returned",
                               "the number of cards given back belongs to the loser's two cards, and only to them"))
        if p.usurper and p.kind != "loser-deals":
            out.append(Problem("RULE_CONFLICT", "scoring.passing.usurper",
                               "a usurper tries to deal in the loser's place, but the loser does not deal"))
        if p.kind == "two-cards":
            for n in spec.players.counts():
                if spec.deal.cards_each(n, spec.deck.size()) < 2:
                    out.append(Problem("DEAL_IMPOSSIBLE", "scoring.passing",
                                       "the loser gives two cards, but a hand holds fewer", n))
    return out


def _ending(spec: GameSpec) -> list[Problem]:
    """Penalty scoring ends on a negative threshold; gains on a target (or a number of hands)."""
    s, end, out = spec.scoring, spec.ending.condition, []
    if s.kind == "countdown":
        return out
    if losing_points(s) and end.kind == "target":
        out.append(Problem("NO_WIN_PATH", "ending.condition", "scores only ever go down, so no one can reach a "
                           "points target"))
    elif not losing_points(s) and end.kind == "threshold":
        can_lose = (s.kind == "landlord-stake" or
                    (s.kind == "titles" and (s.loser_penalty > 0 or (s.pig is not None and s.pig.points < 0))))
        if not can_lose:
            out.append(Problem("NO_WIN_PATH", "ending.condition",
                               "scores never go below zero, so no one can reach a negative threshold"))
        else:
            out.append(Problem("RULE_CONFLICT", "ending.condition",
                               "a negative threshold ends games scored in penalties; this game scores gains"))
    return out


__all__ = ["check_shedding", "check_tokens"]
