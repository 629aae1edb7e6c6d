"""Name and flavour (NM-01…NM-06)."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from .words import Code, GameName, Words

#: Intro facts (NM-06): key → phrase. Each names a module the game must really have (checked).
FACTS: dict[str, str] = {
    "hidden-trump": "trumps are not revealed immediately",
    "anti-trumps": "there are both trumps and anti-trumps",
    "weak-led-suit": "the led suit is weaker than the rest",
    "avoid-suit": "players avoid taking {suit}",
    "avoid-suit-face": "players avoid taking {suit} cards",
    "high-low": "hands are played high or low",
    "pig": "players must keep track of “the {pig}”",
    "bonus-rules": "players invent their own extra rules",
    "secret-rules": "players must obey secret rules",
    "exchange": "opening hands can be negotiated",
    "trick-bidding": "players predict how many tricks they will take during a hand",
    "landlord-together": "players work together against the “{title}”",
    "landlord-gang": "players gang up against the “{title}”",
    "countdown": "hand sizes gradually decrease",
    "face-down-rows": "the final cards of the game are played blind",
    "titles": "the winners and losers are given titles",
    "bomb": "powerful “{bombs}” can defeat weaker plays",
    "cheat": "players may lie about their cards",
    "two-discard-piles": "there are two discard piles",
    "points-in-hand": "points can be scored during the hand",
    "desert": "players can opt to drop out early",
    "rearranging": "melds can be rearranged",
    # the book's "a full house wins the game" overstates it: it takes its player out of the hand
    "full-house": "a full house wins the hand",
}


class Naming(BaseModel):
    model_config = ConfigDict(extra="forbid")

    name: GameName = Field(description="the game's name: one line of plain words (letters, digits, spaces, "
                           "hyphens, apostrophes, full stops), beginning with a letter, at most 60 characters")
    aliases: list[GameName] = Field(default_factory=list, max_length=2, description="at most two other names, "
                                    "written like the name")
    country: Literal["en", "fr", "de"] | None = Field(description="the country of the village the name comes "
                                                      "from; null for a name that is not a village's (a real game's)")
    show_country: bool = False
    adjective: Words | None = Field(None, description="the word(s) before the family in the introduction: plain "
                                    "words; null for none (Parlour's own games carry no borrowed praise)")
    fact: Code | None = Field(None, description="key of an intro fact: " + ", ".join(FACTS))

    @model_validator(mode="after")
    def _country_told_apart(self) -> "Naming":
        """The introduction prints the country either as a word before the family or in a line of its
        own; with no country there is neither, so an adjective ending in a country's word would be
        read back as that country."""
        if self.country is None:
            if self.show_country:
                raise ValueError("show_country needs a country")
            if self.adjective is not None and self.adjective.rsplit(" ", 1)[-1] in ("English", "French", "German"):
                raise ValueError(f"with no country, the adjective may not end with a country's word "
                                 f"(got {self.adjective!r})")
        return self

    @field_validator("aliases")
    @classmethod
    def _aliases_without_or(cls, aliases: list[str]) -> list[str]:
        """The title joins the aliases with "or" ("Whist (also Whisk or Wisk)"), so an alias holding
        the word "or" could not be told from two of them when the rulebook is read back."""
        for alias in aliases:
            if "or" in alias.split(" "):
                raise ValueError(f"an alias may not hold the word 'or' (the rulebook joins aliases with it): {alias!r}")
        return aliases
