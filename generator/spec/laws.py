"""The grammar of rules players invent during a game (SU-09): laws are not part of the spec (they
are made up in play), but their shapes are, so the engine can enforce them and the rulebook can
explain them.

A law is one of:
* ``no-suit-after`` — a card of ``suit`` may not be played directly after a card of ``after``
  in the same trick;
* ``no-lead`` — a card of ``rank`` may not be led;
* ``after-rank`` — after playing a card of ``rank``, the player gets ``effect``:
  ``lead-next`` (they lead the next trick, whoever wins this one), ``draw`` (they draw the top
  card of the stock, if any), ``reverse`` (the direction of play reverses), ``skip`` (the next
  player in turn misses this trick).
If the laws leave a player no card they may play, the player passes: they play no card to
that trick. Each family says these forms in its own words (``Family.law_words``): in climbing a
skipped player misses one turn, which counts as a pass, and a reversal turns the very next turn.

Secret laws: a card one forbids goes back to its player, who alone is shown that law; the four
``after-rank`` effects forbid nothing, so they are carried out for everyone (their inventor calls
them at the table) and no one else ever learns them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

LawKind = Literal["no-suit-after", "no-lead", "after-rank"]
EFFECTS = ("lead-next", "draw", "reverse", "skip")


@dataclass(frozen=True)
class Law:
    kind: LawKind
    suit: str | None = None
    after: str | None = None
    rank: str | None = None
    effect: str | None = None


def all_laws(suits: tuple[str, ...], ranks: tuple[str, ...]) -> list[Law]:
    """Every law the grammar can make for a pack, in a fixed order (the inventor's menu)."""
    laws = [Law("no-suit-after", suit=a, after=b) for a in suits for b in suits]
    laws += [Law("no-lead", rank=r) for r in ranks]
    laws += [Law("after-rank", rank=r, effect=e) for r in ranks for e in EFFECTS]
    return laws
