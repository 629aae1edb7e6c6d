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
    legal_of, apply = phase.legal, phase.apply
    cap = phase.game.move_cap - state.record.moves
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
    state.count_moves(moves, decisions)


def play_hand_lightly(state: Any, rnd: Callable[[], float], choose: Callable[[Any, Any, list[int]], int],
                      noise: float, stretch: Callable[[Any, Any, int, Callable[[], float]], bool] | None = None
                      ) -> None:
    """Play a copy to the end of its hand: card play by ``choose(phase, state, options)`` through
    ``play_lightly``, every decision outside card play (passing, calling) uniformly at random.
    A family may play a stretch of card play in a loop of its own (``stretch(phase, state,
    hand_no, rnd)``, True when it did), which must be ``play_lightly``'s very moves."""
    hand_no = state.hand_no
    while not state.terminal and state.hand_no == hand_no:
        phase = state.phase
        if not getattr(phase, "card_play", False):
            legal = state.legal_actions()
            state.apply_action(legal[int(rnd() * len(legal))] if len(legal) > 1 else legal[0])
            continue
        if stretch is not None and stretch(phase, state, hand_no, rnd):
            continue
        play_lightly(state, phase, lambda s: s.hand_no == hand_no and s.phase is phase,
                     lambda s, options: choose(phase, s, options), rnd, noise)

