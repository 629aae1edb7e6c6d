"""The glossary of the book: the card-game terms its rulebooks use, each defined once.

A term is printed only when some rulebook in the book uses it, so a book of trick-taking games has
no entry for *meld*. "Uses" means the term itself, in one of its forms, as the rules say it: not a
paraphrase of it (a rule about taking every heart is not *shooting the moon* unless it says so,
"cannot follow suit" does not teach the word *void*), and not a denial of it ("there is no trump
suit" in a climbing game, "there are no court cards" in a short pack). Definitions follow
Parlett's "Technical terms" in spirit, written for this book.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

#: (term, pattern matched case-insensitively against the rulebooks' text, definition).
TERMS: tuple[tuple[str, str, str], ...] = (
    ("Ace", r"\baces?\b", "The card of rank one, which ranks above the King in most packs; the rules of each game say where it ranks."),
    ("anti-trumps", r"\banti-trumps?\b", "A suit named to work against trumps: a trick that holds an anti-trump is won as if it held no trump."),
    ("auction", r"\bauction\b", "A round of bidding in which the players compete for the right to name the terms of the hand."),
    ("bid", r"\bbids?\b|\bbidding\b", "A promise, made before the play, of how many tricks (or points) a player will take."),
    ("break (a suit)", r"\bbreaking\b|\bbroken\b", "To play the first card of a suit that may not be led until one of its cards has been played."),
    ("card points", r"\bcard points\b", "Points that the cards taken in tricks are worth, as each game's table of card values says."),
    ("court cards", r"(?<!no )\bcourt cards?\b", "The King, Queen and Jack (in a German pack the King, Ober and Unter; in a tarot pack the King, Queen, Knight and Page; in an Italian pack the King, Horse and Jack, in a Spanish one the King, Knight and Jack)."),
    ("deal", r"\bdeal(s|t|ing)?\b", "To give out the cards; also the cards so given, and one hand of the game from the deal to the scoring."),
    ("dealer", r"\bdealer\b", "The player who deals. The first dealer is chosen by drawing cards, as How to use this book says; the deal then passes to the left."),
    ("discard pile", r"\bdiscard piles?\b", "A face-up pile beside the stock onto which cards are played or thrown; its top card is the one to match or to take."),
    ("face value", r"\bface values?\b", "The number a card bears, counted as its points in some games; each game says what its court cards and Ace are worth."),
    ("go out", r"\bgo(?:es)? out\b|\bgone out\b|\bgoing out\b", "To play the last card of one's hand (in some games, of one's rows too), which ends the hand or takes the player out of it."),
    ("follow suit", r"\bfollow(s|ing)? suit\b", "To play a card of the same suit as the card led to the trick."),
    ("hand", r"\bhands?\b", "The cards a player holds; also one deal of the game and its play and scoring."),
    ("joker", r"\bjokers?\b", "An extra card added to the pack; each game says how it ranks."),
    ("kitty", r"\bkitty\b", "Cards set aside face down during the deal, which take no part in the play unless a rule says otherwise. Games may give it another name."),
    ("knock", r"\bknock(?:s|ed|ing)?\b", "To end the hand, or begin its end, by announcing it on one's turn; each game says when a player may."),
    ("lay off", r"\blay(s|ing)? off\b|\blaid off\b", "To add a card from one's hand to a meld already on the table."),
    ("lead", r"\blead(s|er|ing)?\b|\bled\b", "To play the first card to a trick; the player who does so is the leader, and the card's suit is the suit led."),
    ("majors", r"\bmajors?\b", "The 21 picture cards of the tarot pack (The Fool to Judgement here), which form a suit of their own."),
    ("meld", r"\bmelds?\b|\bmelding\b", "A set of cards shown on the table that scores or counts, such as three of a kind or a run in one suit."),
    ("misdeal", r"\bmisdeals?\b", "A deal that does not count; the cards are thrown in and dealt again."),
    ("pass", r"\bpass(?:es|ed)?\b(?! (?:to|on|round|clockwise)\b)", "To play no card on one's turn, where the rules allow it."),
    ("pack", r"\bpack\b", "All the cards a game uses (also called a deck)."),
    ("rank", r"\brank(s|ed|ing)?\b", "The place of a card in its suit (Ace, King, Queen, …), which decides which of two cards is higher."),
    ("run", r"\bruns?\b(?! (?:out|longer|on)\b)", "Three or more cards next to each other in rank, played or laid together; each game says whether they must be of one suit."),
    ("set", r"\bsets?\b(?! (?:aside|apart|up|out)\b)(?!-)", "Two or more cards of the same rank, played or laid together."),
    ("shoot the moon", r"\bshoot(s|ing)? the moon\b", "To take every penalty card of a hand, which in some games turns the loss into a gain."),
    ("stock", r"\bstock\b", "Cards left face down after the deal, from which cards may be turned or drawn."),
    ("suit", r"\bsuits?\b", "One of the sets of cards marked with the same sign: ♠ ♥ ♦ ♣ in a French pack; hearts, bells, acorns and leaves in a German pack; cups, swords, pentacles and wands, and the majors, in a tarot pack; coins, cups, swords and batons in an Italian or Spanish pack."),
    ("trick", r"\btricks?\b", "The cards played from a lead until the round of play is won. In a trick-taking game each player plays one card to it and the best card wins it; in a climbing game players in turn beat the last play or pass, until all but one have passed."),
    ("trump", r"(?<!no )(?<!without )\btrumps?\b|\btrumping\b", "A card of the trump suit, chosen for the hand, which beats every card of the other suits."),
    ("void", r"\bvoid\b", "Having no card of a suit: a player who is void in the suit led cannot follow suit."),
    ("wild", r"\bwild\b", "Of a card, often a joker: it may stand for another card, as each game says."),
    ("capture", r"\bcaptur(?:e|es|ed|ing)\b", "To take cards from the table with a card played from one's hand, as a fishing game's rules say."),
    ("sweep", r"\bsweeps?\b", "A capture that clears the table, which some fishing games score."),
)


def glossary(texts: Iterable[str], kitty_names: Iterable[str] = ()) -> list[tuple[str, str]]:
    """The (term, definition) pairs used by these texts, in alphabetical order."""
    corpus = "\n".join(texts).lower()
    out = []
    names = sorted({n for n in kitty_names if n and n.lower() != "kitty"})
    for term, pattern, definition in TERMS:
        if term == "kitty" and names:
            if not re.search(pattern, corpus) and not any(n.lower() in corpus for n in names):
                continue
            definition += " In this book it is also called " + _join([f"the {n}" for n in names]) + "."
        elif not re.search(pattern, corpus):
            continue
        out.append((term, definition))
    return sorted(out, key=lambda td: td[0].lower())


def _join(items: list[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]
