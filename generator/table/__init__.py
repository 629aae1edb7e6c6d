"""Sitting at the table: one person plays a game against the bots (``parlour play``, ``parlour serve``).

A ``Session`` is one game in progress seen from one seat: the seat's own view of the table (hidden
information stays hidden: it is built from the engine's ``Observation`` and its public copy), the
legal moves numbered and named in the rulebook's words, what the other players did, an undo of the
person's last move, a hint from the bots, the score sheet, the rules of the section that applies
now and a summary at the end. The terminal and the web page are two faces of it; neither holds a
rule of the game.

* ``seating`` — who sits where: the person's seat, the bots of the other seats, the seed;
* ``cards`` — a card as a person reads it: rank and suit sign, its colour, a hand in order;
* ``moves`` — the legal moves, numbered, in words;
* ``view`` — what the seat sees of the table;
* ``witness`` — what the other players did, as the seat may know it;
* ``hints`` — what the greedy and the strong bot would do;
* ``rules`` — the rulebook's section for the decision at hand;
* ``scores`` — the score sheet and the summary at the end;
* ``session`` — the game itself, move by move, with undo.
"""

from __future__ import annotations

from .seating import Seating, SeatingError
from .session import Session

__all__ = ["Seating", "SeatingError", "Session"]
