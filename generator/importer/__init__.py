"""Importing the seed book ("Hyloe's Book of Games") into game specs.

The book is plain text, one block per game, each beginning "‹Name› is a … ‹family› game for N to
M players". Each sentence is read by one *pattern*: a regular expression for one phrasing of one
rule module of the catalogue (``docs/hyloe-modules.md``), with a small function that turns it into
spec fields. Patterns live with their phase, as in the spec: ``naming``, ``deck``, ``deal``,
``setup``, ``bidding``, ``scoring``, ``ending``, and the play of each family (``families/<family>/importer.py``), which the family registers (``generator.families``). Nothing is keyed on game
names.

A sentence no pattern reads is an error naming the game and quoting the sentence. The book's
known defects (a rank removed "twice", "Aces are higher than aces", a wrong "all N tricks", …)
are read the way their meaning is clear and kept as ``Repair``s for the import report.
"""

from .book import BookImport, ImportedGame, every_pattern, import_book, import_game, split_book
from .core import Problem, Repair, split_sentences

__all__ = ["BookImport", "ImportedGame", "Problem", "Repair", "every_pattern", "import_book", "import_game", "split_book",
           "split_sentences"]
