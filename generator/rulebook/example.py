"""The worked example, played: the first hand of the game of its own seed with greedy players
at every seat, heard through the replay's narrator and kept as the facts the rulebook prints
(``generator.text.example.Example``). It sits above the text, the engine and the playtest, and
hands the text what it found (``generator.rulebook.render_markdown``)."""

from __future__ import annotations

from typing import Any

from ..spec import GameSpec
from ..text.example import EXAMPLE_BOT, Example, Move, Trick, example_players, example_seed


def _play_first_hand(game: Any, n: int, seed: int, listen: Any) -> None:
    """The moves ``runner.play_one`` makes with this line-up — the same bots, seeded from the game's
    seed and their seat, asked only at real decisions —, without what only the playtest needs
    (position keys for loops, score bounds), which cost most of its time; up to the end of the
    first hand (the listener raises ``_Done`` when the second begins) or of the game."""
    from ..playtest.runner import PLAYTEST_MOVE_CAP, make_lineup

    state = game.new_initial_state(n, seed)
    bots = make_lineup([EXAMPLE_BOT] * n, seed, {})
    views = [state.observation(p) for p in range(n)]
    moves = 0
    while not state.terminal:
        legal = state.legal_actions()
        action = bots[state.current].act(views[state.current]) if len(legal) > 1 else legal[0]
        listen(state, action, legal)
        state.apply_action(action)
        moves += 1
        if moves > PLAYTEST_MOVE_CAP:
            raise RuntimeError("the first hand never ends")


class _Done(Exception):
    """Raised by the listener when the second hand begins: the example needs only the first."""


#: Seeds tried after the game's own when its first hand makes no example (a hand stopped by the move
#: cap, one that never reaches card play): the next ones, in order, so the choice is the same every time.
EXAMPLE_TRIES = 8


def worked_example(spec: GameSpec, players: int | None = None, seed: int | None = None) -> Example | None:
    """The first hand of the game of ``seed``, greedy players at every seat; by default the first of
    the game's own seed (``example_seed``) and the next few whose first hand makes an example. None
    when the engine cannot play the game (a spec a static check would reject) or no such hand
    reaches card play and ends."""
    if seed is not None:
        return _worked_example(spec, players, seed)
    first = example_seed(spec)
    for k in range(EXAMPLE_TRIES):
        ex = _worked_example(spec, players, first + k)
        if ex is not None:
            return ex
    return None


def _worked_example(spec: GameSpec, players: int | None, seed: int) -> Example | None:
    from ..engine import Game
    from ..playtest.replay import Narrator
    from ..playtest.runner import PLAYTEST_MOVE_CAP

    n = players if players is not None else example_players(spec)
    ex = Example(players=n, seed=seed, bot=EXAMPLE_BOT)
    try:
        game = Game(spec, move_cap=PLAYTEST_MOVE_CAP)
    except Exception:
        return None
    narrator = Narrator(game, n)
    play = narrator.play
    if play is None:
        return None
    tell_trick = play.trick

    def trick(seats: Any, cards: Any, taker: int | None) -> str:
        # The narrator tells each finished trick once; keep its facts as it does.
        shown = [play.names[c] for c in cards] if _by_tricks(play) else []
        ex.tricks.append(Trick(list(seats), shown, taker, after=len(ex.play)))
        return tell_trick(seats, cards, taker)

    play.trick = trick  # type: ignore[method-assign]
    first: list[Any] = []
    started, done = [False], [False]

    def listen(state: Any, action: int, legal: Any) -> None:
        if not first:
            first.append(state)
            ex.dealer = state.dealer
        if state.hand_no > 0:
            narrator.flush(state)
            done[0] = True
            raise _Done
        told = state.phase is not None and state.phase.narration is not None
        if told and not started[0]:
            started[0] = True
            ex.hands = [[play.names[c] for c in state.hands[p]] for p in range(n)]
            ex.table = [line.strip() for line in play.start(state) if " holds " not in line]
            ex.by_tricks = _by_tricks(play)
            ex.explained = ex.by_tricks and _why_rule(spec)
        narrator.flush(state)   # tricks that ended before this move, told before it
        what = state.action_to_string(action)
        if told:
            words = play.move(state, what, "").strip()
            seat = narrator.seat(state.current)
            words = words[len(seat):].strip() if words.startswith(seat) else words
            ex.moves.append(Move(state.current, words, True, state.decision))
        else:
            ex.moves.append(Move(state.current, what, False, state.decision, state.phase.told(state, action) or ""))

    try:
        _play_first_hand(game, n, seed, listen)
    except _Done:
        pass
    except Exception:   # an engine error: the game has no example (a static check would reject it)
        return None
    if first and not done[0]:
        narrator.flush(first[0])   # a game of one hand: its scores are told after the last move
        ex.game_over = True
    hands = first[0].record.hands if first else []
    if not hands or not started[0]:
        return None
    h = hands[0]
    ex.scores, ex.totals = list(h.scores), list(h.totals)
    if ex.by_tricks:
        ex.tricks_taken = list(h.facts.get("tricks") or []) or None
    out = h.facts.get("out")
    ex.out = [int(p) for p in out] if out is not None else None   # [] : a family that goes out, and no one did
    _explain(spec, game, ex)
    return ex


def _by_tricks(play: Any) -> bool:
    """Whether the family's narration tells each trick card by card (``Narration.by_tricks``)."""
    return play.by_tricks


def _why_rule(spec: GameSpec) -> bool:
    """Whether a trick's taker can be explained in one plain phrase: the highest trump, else the
    highest card of the suit led — the plain trick rule, with no jokers, majors, weak led suit,
    invented law or trump that may change during the hand."""
    play, setup = spec.play, spec.setup
    trumps = getattr(getattr(setup, "trumps", None), "method", "none")
    return (getattr(play, "winner", "") == "led-suit" and getattr(play, "weak_led_suit", None) is None
            and not spec.deck.jokers and spec.deck.kind != "tarot" and setup.extra_rules is None
            and trumps in ("none", "fixed", "turn-up", "called", "last-card", "rotating")
            and not getattr(play, "boost", None))


def _explain(spec: GameSpec, game: Any, ex: Example) -> None:
    """Add the plain reason to each trick a trick-taking example shows, where ``_why_rule`` holds."""
    if not ex.explained:
        return
    table = game.table
    trump_name = _trump_suit(ex)
    for t in ex.tricks:
        if t.taker is None or t.taker not in t.seats:
            continue
        suits = [table.suit[table.index(c)] for c in t.cards]
        names = [table.suit_names[s] for s in suits]
        won = names[t.seats.index(t.taker)]
        if trump_name is not None and won == trump_name:
            trumps = names.count(trump_name)
            t.why = "the only trump" if trumps == 1 else "the highest trump"
        elif won == names[0] and (trump_name is None or trump_name not in names):
            t.why = f"the highest {_singular(won)}, the suit led"


def _trump_suit(ex: Example) -> str | None:
    for line in ex.table:
        if line.startswith("trumps: "):
            name = line[len("trumps: "):].split(" (", 1)[0]
            return None if name in ("none yet", "none") else name
    return None


def _singular(suit: str) -> str:
    """"hearts" → "heart" (the suit led, as one card of it)."""
    return suit[:-1] if suit.endswith("s") else suit


__all__ = ["worked_example"]
