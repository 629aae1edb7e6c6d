"""The matching referee: what may be laid on a turn, written from the rulebook's *Play* section
(``templates/families/matching/play.md.j2``) and its table of special cards, without the engine's
code. A card is named as the rulebook names it ("8 of hearts", "red joker", "major 5"); the top
card of the discard pile is what it counts as, as the table was told ("the Ace of clubs", or the
suit a wild's player named).

The sentences it refereees:

* "On their turn, a player plays one card face up onto the discard pile. It must *match* the top
  card of the pile it is played on: be of the same suit or of the same rank, unless it is a card
  that can always be played." (A pile with no card takes any card; a tarot major has a number, not
  a rank: it matches a major by their suit, and no card of the four suits.)
* The special cards' table: the rule for the next card an effect sets (``meets``); a card whose
  effect says it "can always be played" (wild, open, a
  reshuffle card that can always be played); "jokers can be played as any card"; the cards of the
  wild rank.
* A draw chain: "the next player must play <a card of its rank> or draw <so many> cards".
* "A player who cannot or does not want to play passes instead, and draws" (or picks up the
  pile); "a player who can play must" where the game says so.
"""

from __future__ import annotations

from dataclasses import dataclass

from .pack import is_joker, is_major, rank_of, suit_of

#: What the referee leaves to the engine, and why (the watcher skips these turns, by name).
NOT_REFEREED = {
    "cheat mode": "cards are laid face down with a claim: what may be laid is any card, and a challenge decides",
    "two discard piles": "a card is laid on either pile; each is matched as one pile is",
    "invented laws": "the laws a player knows bar some cards; the trick-taking referee judges laws",
    "the last card barred": "a card that may not be a player's last card",
    "a countdown wild": "the number card of a player's token count is wild for that player",
    "plays of several cards and effect decisions": "the cards added to a play, and an effect's choices (a card "
                                                  "given, a player named, a suit named)",
    "face-down rows, knocking": "a row's blind card, and a knock, are not turns of laying a card",
    "who plays next": "effects move the turn (skip, reverse, play again)",
    "scores other than the cards left": "countdown tokens, titles, the landlord's stake, knocking, the stock "
                                        "running out, points of effects, a shown pig and doubled low finishes "
                                        "are left to the engine",
    "a blocked hand's tie": "the tied player whose turn it is or comes soonest wins: the turn order is the "
                            "engine's",
}


@dataclass(frozen=True)
class Rules:
    always: frozenset[str]        # ranks whose cards "can always be played"
    must_play: bool               # "a player who can play must"
    jokers: bool                  # the pack has jokers ("can be played as any card")
    ranks: tuple[str, ...]        # the rank list, high to low, as *The cards* prints it

    @classmethod
    def of(cls, spec) -> "Rules":
        p = spec.play
        always = frozenset(e.rank for e in p.effects if e.kind in ("wild", "open") or (e.kind == "reshuffle" and e.always))
        return cls(always, p.must_play, spec.deck.jokers > 0, spec.deck.ranks())


def meets(r: Rules, card: str, top, rule: tuple | None) -> bool:
    """Whether ``card`` may follow under the rule for the next card the table was told, else
    plain matching:

    * open (``any``): "the next player may play any card";
    * ``top``: "instead of matching it, the next card must be <one of the three highest ranks>, of
      any suit";
    * ``lower`` / ``higher``: "… must be of its rank or lower (higher) in the rank list, of any suit";
    * ``rank``: "… the next player must play a card of that rank or pass";
    * ``also``: "the next card may be of that suit too" (matching still allowed).

    A major has a number, not a rank: it meets no rule about ranks."""
    if rule is not None:
        kind = rule[0]
        if kind == "any":
            return True
        if kind == "also":
            if suit_of(card) == rule[1]:
                return True
        else:
            rank = None if is_major(card) else rank_of(card)
            if rank is None:
                return False
            i = r.ranks.index(rank)
            if kind == "top":
                return i < 3
            if kind == "rank":
                return rank == rule[1]
            if kind == "lower":
                return i >= r.ranks.index(rule[1])
            if kind == "higher":
                return i <= r.ranks.index(rule[1])
    return matches(card, top)


def matches(card: str, top: tuple[str | None, str] | None) -> bool:
    """"Be of the same suit or of the same rank" as the top card as it counts (``(rank, suit)``;
    a major's rank is None: it has a number, not a rank); an empty pile takes any card."""
    if top is None:
        return True
    rank = None if is_major(card) else rank_of(card)
    return suit_of(card) == top[1] or (rank is not None and rank == top[0])


def playable(r: Rules, card: str, top: tuple[str | None, str] | None, wild_rank: str | None,
             rule: tuple | None = None) -> bool:
    if is_joker(card):
        return True   # "Jokers can be played as any card"
    rank = None if is_major(card) else rank_of(card)
    if rank is not None and (rank in r.always or rank == wild_rank):
        return True   # "can always be played"; the cards of the wild rank are wild
    return meets(r, card, top, rule)


def turn(r: Rules, hand: list[str], top: tuple[str | None, str] | None, wild_rank: str | None,
         rule: tuple | None = None, chain: str | None = None) -> tuple[set[str], bool]:
    """The cards that may be laid, and whether the player may pass and draw instead. On a draw
    chain of ``chain``'s rank: "the next player must play <a card of that rank> or draw" — that
    rank alone, a joker being no card of it, and drawing always allowed."""
    if chain is not None:
        return {c for c in hand if not is_joker(c) and not is_major(c) and rank_of(c) == chain}, True
    cards = {c for c in hand if playable(r, c, top, wild_rank, rule)}
    return cards, not (r.must_play and cards)

