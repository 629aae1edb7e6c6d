"""What every family's play section answers: the questions the shared layers ask of a game's play
(what becomes of a kitty, what jokers do, whether cards of different suits are compared, whether
cards are laid face down), each answered here for a family whose play has none of the rule.

A family's section (``generator/families/<family>/spec.py``) subclasses ``PlaySection`` and
answers what its rules decide, so the shared layers ask the section and never probe its fields.
"""

from __future__ import annotations

from pydantic import BaseModel


class PlaySection(BaseModel):
    """The base of every family's play section (``check_family`` holds a family to it)."""

    def kitty_use(self) -> str | None:
        """What the play does with a kitty: ``capture`` (won with a trick or a pile set aside),
        ``effect`` (a special card puts it into a hand), ``draw`` (players may draw its top card);
        None: the play does nothing with it."""
        return None

    def joker_play(self) -> str:
        """What jokers do in play: ``wild`` unless the family's rules choose (trick-taking's and
        climbing's ``jokers``)."""
        return "wild"

    def compares_across_suits(self) -> bool:
        """Whether a rule of play compares cards of different suits by rank (the highest card of
        any suit wins, a weak led suit …): in a tarot pack, majors and suit cards then need a
        common scale."""
        return False

    def ranks_within_suit_only(self) -> bool:
        """Whether every comparison of ranks in play is between cards of one suit (a trick won by
        the highest card of the suit led or a trump): only then may a suit's pips run their own
        way (``deck.reversed_pips``). Runs, sets and "a higher card" of any suit read one rank list."""
        return False

    def draws_stock(self) -> bool:
        """Whether play deals from a stock when there is no stock of the deal's (a fishing game
        refills empty hands from the undealt cards)."""
        return False

    def plays_in_sides(self) -> bool:
        """Whether the family's scorer can count a side's tricks or cards together
        (``players.sides``): a family whose hand is won by one player going out cannot."""
        return False

    def with_partners(self) -> "PlaySection | None":
        """The same play with the partnership form of one of its rules, where it has one (a rule
        that spares a partner), else None. The sampler may draw it for a game played in sides:
        the play itself is drawn before anyone knows there will be partners."""
        return None

    def scores_cards_won(self) -> bool:
        """Whether a hand can be scored by the points of the cards each player won in tricks
        (card points: ``spec.scoring.CardPoints``, drawn by the trick scoring's sampler)."""
        return False

    def plays_schedules(self) -> bool:
        """Whether a game can be a schedule of contracts (``spec.scoring.Schedule``, King): each
        hand scored by the tricks and cards taken, as its contract says."""
        return False

    def face_down_piles(self) -> bool:
        """Whether cards are laid on the discard piles face down (matching's cheat mode)."""
        return False


__all__ = ["PlaySection"]
