"""The inner loop of a strong bot's rollout, shared by the families whose rollouts play a light
policy rather than uniform random play (climbing, matching): while the family's card play goes on,
each decision is the light policy's, one in ``1 / noise`` at random, counted in moves and decisions
as the engine's random fast path counts them, and stopped at the game's move cap.

Why here: the loop is the same for every family; only the policy and when the card play stops are
the family's (its bot hints' ``rollout``, ``bots/play_<family>.py``)."""

from __future__ import annotations

from typing import Any, Callable


def play_lightly(state: Any, phase: Any, going: Callable[[Any], bool], choose: Callable[[Any, list[int]], int],
                 rnd: Callable[[], float], noise: float) -> None:
    """Play ``phase`` on ``state`` while ``going(state)``: a single legal action is taken, otherwise
    ``choose(state, options)``, or a uniform one with probability ``noise``."""
    rec = state.record
    legal_of, apply = phase.legal, phase.apply
    cap = phase.game.move_cap - rec.moves
    moves = decisions = 0
    while going(state) and not state.terminal and moves < cap:
        options = legal_of(state)
        moves += 1
        if len(options) > 1:
            decisions += 1
            a = options[int(rnd() * len(options))] if rnd() < noise else choose(state, options)
        else:
            a = options[0]
        apply(state, a)
    state._legal = None
    rec.moves += moves
    rec.decisions += decisions
    if rec.moves >= phase.game.move_cap and not state.terminal:
        state.stop("cap")
