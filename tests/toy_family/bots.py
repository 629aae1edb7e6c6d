"""How the bots play stepping: the greedy bot lays its highest card that steps on a pile, and
draws only when it cannot lay."""

from __future__ import annotations

import random

from generator.bots.hints import BotHints

from .engine import DRAW, PASS, PILE


def _greedy(obs, legal: list[int], rng: random.Random) -> int:
    lays = [a for a in legal if a not in (DRAW, PASS)]
    if not lays:
        return legal[0]
    strength = obs.table.strength
    return max(lays, key=lambda a: (strength[a % PILE], -a))


HINTS = BotHints(play=_greedy)
