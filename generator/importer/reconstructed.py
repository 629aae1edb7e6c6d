"""Rules an imported game's edition supplies (issue 31): the repairs that put a rule where the book
is silent or lost it, each with the section its rulebook notes it in.

The import report lists every repair; of them, only those that give the game a rule the book does
not state are *reconstructed* — a lost list (the melding turn, the matching special cards, the card
values), a reading chosen where the book's words have no clear meaning. They go into the spec's
provenance (``Reconstruction``), so the rulebook says so in one plain note in the section concerned
and a book lists them in its appendix for the curious; the rules themselves are the spec's.
"""

from __future__ import annotations

from ..spec.provenance import Reconstruction
from .core import Repair

#: Repair kind → (section, what this edition supplies, why), each a clause of the note.
RECONSTRUCTED: dict[str, tuple[str, str, str]] = {
    "turn-list-lost": ("play", "the turn below", "the source's list of its steps was lost"),
    "special-cards-lost": ("play", "no special cards", "the source's list of them was lost"),
    "jokers-wild-lost": ("play", "wild jokers", "the source's rule for them was lost with its list of special cards"),
    "kitty-draw-lost": ("play", "the draw from the kitty", "the source's turn, which names it, was lost"),
    "desert-revealed": ("play", "the rule for dropping out", "the source names it, but its wording was lost"),
    "rearranging-revealed": ("play", "the rule for rearranging melds", "the source names it, but its wording was lost"),
    "pass-at-will": ("play", "passing at will", "the source says both that a player must play and may pass"),
    "card-values-lost": ("scoring", "the card values below", "the source's table of them was lost"),
    "face-value": ("scoring", "the face values of the court cards and Aces", "the source does not give them"),
    "exchange-count": ("setup", "an exchange of two cards", "the source says only a specific number"),
    "latest-winner": ("ending", "the reading of a tie below", "the source's words, a round won latest, have no clear "
                      "meaning when no round has a winner"),
}


def reconstructions(repairs: list[Repair]) -> list[Reconstruction]:
    """The rules ``repairs`` supply, once each, in the order of the rulebook's sections."""
    order = ("deck", "setup", "play", "scoring", "ending")
    kinds = dict.fromkeys(r.kind for r in repairs if r.kind in RECONSTRUCTED)
    out = [Reconstruction(section=s, what=w, why=y) for s, w, y in (RECONSTRUCTED[k] for k in kinds)]
    return sorted(out, key=lambda r: order.index(r.section))
