"""The strong bot: determinized Monte Carlo search ("perfect-information Monte Carlo").

At a decision the bot

1. takes ``Observation.public_state()``, a copy of the game in which every card it cannot see
   is a placeholder;
2. samples the hidden cards consistently with everything it has seen: its own hand, the cards
   played, a turned or shown trump card, the cards it gave to the kitty itself, and the suits a
   player has shown to be void in by not following (the follow rule says what a card off the led
   suit proves: with ``must-follow`` a void in the led suit, and in trumps too when the rule then
   obliges a trump; with ``follow-or-trump`` a void in both; with ``free`` nothing);
3. on each of ``k`` such determinizations, plays every legal action followed by random play to
   the end of the hand (one rollout per action per determinization, with the same random numbers
   after every action, so that the actions are compared on the same cards and luck);
4. picks the action with the best mean result: its hand score minus the others' mean, plus a
   large bonus (or malus) when the hand ends the game and it has won (or lost).

The budget is a number of rollouts, never seconds: ``rollouts`` per legal action, at most
``max_rollouts`` per decision (but at least two per action). Cards that are interchangeable
(neighbours in one suit with nothing unseen between them and the same value) count as one action.
A ``restrict`` function (``restrict.RESTRICTIONS``) forbids it some actions (INERT_RULE).

It reads the State only through its Observation; the states it copies and plays out are its
own determinizations. Decisions outside card play (bids, trumps, the kitty …) are searched the
same way; before any card is dealt (calling trumps) the deal itself is the chance in a rollout.
"""

from __future__ import annotations

import random
from typing import Any, Callable

from ..engine.state import Observation, State

#: Value of winning (losing) the game inside a rollout, against hand scores of a few points.
GAME_BONUS = 100.0

Restriction = Callable[[Observation, list[int]], list[int]]

#: Phases in which a player puts a card away face down, and where it goes.
PUT_AWAY = {"give-to-kitty": "kitty", "discard-after-robbing": "discards", "discard-for-exchange": "discards",
            "lay-away": "discards"}


class DeterminizationError(RuntimeError):
    """The public copy of the game does not add up (the engine hides a place this bot does not know)."""


class StrongBot:
    def __init__(self, seed: int, rollouts: int = 4, max_rollouts: int = 24,
                 restrict: str | Restriction | None = None):
        self.rng = random.Random(seed)
        self.k = max(1, rollouts)
        self.max_rollouts = max(2, max_rollouts)
        if isinstance(restrict, str):
            from .restrict import restriction_for
            restrict = restriction_for(restrict)
        self.restrict = restrict
        self._put_away: dict[str, list[int]] = {}  # cards this bot put away this hand, by place
        self._hand = -1
        self.decisions = self.searches = self.rollouts_played = self.fallbacks = 0

    # -- deciding --------------------------------------------------------------------------

    def act(self, obs: Observation) -> int:
        legal = obs.legal
        if self.restrict is not None:
            legal = self.restrict(obs, legal) or legal
        self.decisions += 1
        if obs.hand_number != self._hand:
            self._hand, self._put_away = obs.hand_number, {}
        choice = self._choose(obs, legal)
        place = PUT_AWAY.get(obs.phase)
        if place is not None:
            self._put_away.setdefault(place, []).append(choice)
        return choice

    def _choose(self, obs: Observation, legal: list[int]) -> int:
        if len(legal) == 1:
            return legal[0]
        actions = distinct_actions(obs, legal)
        if len(actions) == 1:
            return actions[0]
        per_action = max(2, min(self.k, self.max_rollouts // len(actions)))
        try:
            sampler = Sampler(obs, self._put_away)
        except DeterminizationError:   # counted, so that tests notice; play on at random
            self.fallbacks += 1
            return actions[self.rng.randrange(len(actions))]
        self.searches += 1
        me = obs.player
        totals = [0.0] * len(actions)
        rng = self.rng
        roll = random.Random(rng.randrange(1 << 62))
        rnd = roll.random
        copy = (lambda st: fast_copy(st, sampler.plan)) if sampler.fast else State.clone
        for _ in range(per_action):
            det = sampler.sample(rng)
            common = rng.randrange(1 << 62)
            for i, a in enumerate(actions):
                roll.seed(common)   # the same random numbers after every action: a fairer comparison
                s = copy(det)
                hand = s.hand_no
                ending = last_hand(s)
                s.apply_action(a)
                if not s.terminal and s.hand_no == hand:
                    s.play_random(rnd, hands=1)
                totals[i] += rollout_value(s, me, hand, ending)
        self.rollouts_played += per_action * len(actions)
        best = max(range(len(actions)), key=lambda i: (totals[i], -i))
        return actions[best]


def last_hand(state: State) -> bool:
    """Make a rollout copy end the game with its hand, so that the engine does not shuffle and
    deal the next hand (a fifth of a rollout's time) only for the rollout to stop there. Returns
    whether the game was already bound to end (then nothing changes). ``rollout_value`` then asks
    the game's own end condition whether the game really ended."""
    if getattr(state, "over", True):
        return True
    state.over = True
    return False


def rollout_value(state: State, me: int, hand: int, ending: bool = True) -> float:
    """How good the end of a rollout is for seat ``me``: its score for the hand (number ``hand``)
    minus the others' mean, plus ``GAME_BONUS`` if the game ended and it won (minus if it lost).
    ``ending``: False when ``last_hand`` made the copy end with the hand, so the game's end is
    judged by its end condition."""
    rec = state.record
    value = 0.0
    if len(rec.hands) > hand:
        scores = rec.hands[hand].scores
        n = len(scores)
        value = scores[me] - (sum(scores) - scores[me]) / (n - 1) if n > 1 else scores[me]
    if state.terminal and rec.winner is not None and rec.outcome == "natural" and (
            ending or state.game.ending.condition_met(state.totals, state.hand_no, state.n, state.sizes)):
        value += GAME_BONUS if rec.winner == me else -GAME_BONUS
    return value


# -- copying a determinized state for a rollout -------------------------------------------------

_PLAIN = (int, float, str, bool, type(None), tuple, frozenset)


def _copyable(state: State) -> bool:
    """Whether ``fast_copy`` copies this state fully: every field is a plain value, or a list, set
    or dict of plain values (lists may hold lists and sets of plain values), or the shared game,
    the record or the random generator. Otherwise the search uses ``State.clone``."""
    for key, value in state.__dict__.items():
        if key in ("game", "record", "rng") or isinstance(value, _PLAIN):
            continue
        t = type(value)
        if t is set:
            continue
        if t is dict:   # copied shallowly, as State.clone shares them (turn orders, counters)
            continue
        if t is not list:
            return False
        for x in value:
            if isinstance(x, _PLAIN):
                continue
            if type(x) in (list, set) and all(isinstance(y, _PLAIN) for y in x):
                continue
            return False
    return True


def _plan(state: State) -> tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]:
    """How ``fast_copy`` copies each field of this state: flat lists and sets copied whole, nested
    lists element by element, dicts shallowly; plain values shared. Worked out once per state and
    kept on it: the rollouts of a decision all copy the same determinized state."""
    flat, nested, other = [], [], []
    for key, value in state.__dict__.items():
        t = type(value)
        if t is list:
            (nested if any(type(x) in (list, set) for x in value) else flat).append(key)
        elif t is set or t is dict:
            other.append(key)
    return tuple(flat), tuple(nested), tuple(other)


def fast_copy(state: State, plan: tuple[tuple[str, ...], ...] | None = None) -> State:
    """``State.clone`` for a rollout, without copying the random generator: a determinized state
    is copied once per action and rollout, and copying the Mersenne Twister's state is most of the
    cost of ``clone``. The copies share the generator, which only deals the hand after the
    rollout's end. Only for states that ``_copyable`` accepts. ``plan`` (from ``_plan``, of this
    state or of one with the same fields) makes it quicker."""
    new = State.__new__(State)
    d = state.__dict__.copy()
    if plan is None:
        for key, value in d.items():
            t = type(value)
            if t is list:
                d[key] = [list(x) if type(x) is list else set(x) if type(x) is set else x for x in value]
            elif t is set or t is dict:
                d[key] = value.copy()
    else:
        flat, nested, other = plan
        for key in flat:
            d[key] = d[key][:]
        for key in nested:
            d[key] = [list(x) if type(x) is list else set(x) if type(x) is set else x for x in d[key]]
        for key in other:
            d[key] = d[key].copy()
    rec = state.record
    new_rec = rec.__class__.__new__(rec.__class__)
    rd = rec.__dict__.copy()
    rd["hands"] = list(rec.hands)
    rd["ranking"] = list(rec.ranking)
    new_rec.__dict__ = rd
    d["record"] = new_rec
    new.__dict__ = d
    return new


class _QuickClone:
    """The public state as ``State.with_hidden_cards`` sees it, but cloned with ``fast_copy`` (the
    engine's own determinization code runs unchanged; only the copying is quicker)."""

    __slots__ = ("_state", "_plan")

    def __init__(self, state: State, plan: Any = None):
        self._state = state
        self._plan = plan

    def clone(self) -> State:
        return fast_copy(self._state, self._plan)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._state, name)


# -- interchangeable cards ----------------------------------------------------------------------

def _special_cards(obs: Observation) -> frozenset[int]:
    """Cards the rules name (penalty, bonus, doubler, opening card …): never merged with others."""
    game = obs.game
    cached = getattr(game, "_bot_special_cards", None)
    if cached is None:
        names = {n: i for i, n in enumerate(obs.table.names)}
        found: set[int] = set()

        def walk(node: Any) -> None:
            if isinstance(node, str):
                if node in names:
                    found.add(names[node])
            elif isinstance(node, dict):
                for v in node.values():
                    walk(v)
            elif isinstance(node, (list, tuple)):
                for v in node:
                    walk(v)

        walk(game.spec.model_dump())
        cached = frozenset(found)
        game._bot_special_cards = cached  # type: ignore[attr-defined]
    return cached


def distinct_actions(obs: Observation, legal: list[int]) -> list[int]:
    """The legal actions with interchangeable cards merged (the weakest of a run stands for it).

    Two legal cards are interchangeable when they are of one (effective) suit, every card of that
    suit ranked between them is in this player's hand or was played in an earlier trick, neither
    is named by the rules, and they are worth the same. Only in plain trick play (no rule that
    looks at ranks or at particular cards)."""
    table = obs.table
    size = table.size
    if obs.phase != "play" or len(legal) < 2 or any(a >= size or a < 0 for a in legal):
        return legal
    game = obs.game
    if not getattr(game, "plain_play", True) or getattr(game.spec.play, "otherwise", "any") == "new-rank":
        return legal
    eff = obs.effective_suits
    strength = table.strength
    points = obs.points
    special = _special_cards(obs)
    in_trick = {c for _, c in obs.trick}
    gone = set(obs.played) - in_trick
    mine = set(obs.hand)
    by_suit: dict[int, list[int]] = {}
    for c in legal:
        by_suit.setdefault(eff[c], []).append(c)
    out: list[int] = []
    for suit, cards in by_suit.items():
        cards.sort(key=lambda c: strength[c])
        others = sorted((c for c in range(size) if eff[c] == suit and c not in mine and c not in gone),
                        key=lambda c: strength[c])
        prev = None
        for c in cards:
            if prev is not None and c not in special and prev not in special \
                    and points.get(c, 0) == points.get(prev, 0) \
                    and not any(strength[prev] < strength[o] < strength[c] for o in others):
                continue   # same as the card below it
            out.append(c)
            prev = c
    order = {c: i for i, c in enumerate(legal)}
    return sorted(out, key=order.__getitem__)


# -- determinization ----------------------------------------------------------------------------

class Sampler:
    """Deals the cards a player cannot see into the places they may be, consistently with what
    the player has seen. Built once per decision; ``sample`` gives one determinized State."""

    PLACES = ("kitty", "stock", "discards")

    def __init__(self, obs: Observation, put_away: dict[str, list[int]]):
        HT = obs.HIDDEN_TRUMP
        pub = obs.public_state()
        self.pub = pub
        size = obs.table.size
        self.hands = [list(h) for h in pub.hands]
        self.piles = {place: list(getattr(pub, place, None) or []) for place in self.PLACES}
        seen = {c for h in self.hands for c in h if c >= 0}
        for pile in self.piles.values():
            seen.update(c for c in pile if c >= 0)
        seen.update(obs.played)
        for won in getattr(pub, "won", None) or []:
            seen.update(won)
        unseen = [c for c in range(size) if c not in seen]
        # Hidden places to fill, with how many cards each takes.
        slots: dict[Any, int] = {}
        for p, h in enumerate(self.hands):
            k = sum(1 for c in h if c < 0)
            if k:
                slots[("hand", p)] = k
        for place, pile in self.piles.items():
            k = sum(1 for c in pile if c < 0)
            if k:
                slots[(place,)] = k
        self.before_deal = not seen and not slots   # no card is anywhere yet: nothing to sample
        if sum(slots.values()) != len(unseen) and not self.before_deal:
            raise DeterminizationError(f"{sum(slots.values())} hidden places for {len(unseen)} unseen cards")
        # Cards this player put away itself (to the kitty, or discarded) go back where they went.
        self.known: dict[str, list[int]] = {}
        for place, cards in put_away.items():
            room = slots.get((place,), 0)
            mine = [c for c in cards if c in unseen][:room]
            if mine:
                self.known[place] = mine
                slots[(place,)] = room - len(mine)
                if not slots[(place,)]:
                    del slots[(place,)]
                unseen = [c for c in unseen if c not in mine]
        self.unseen = unseen
        self.slots = slots
        self.HT = HT
        # What each hidden hand cannot hold: suits its holder has shown to be void in.
        forbidden = voids(obs)
        self.forbidden = {key: forbidden.get(key[1], frozenset()) for key in slots if key[0] == "hand"}
        keys = self.keys = list(slots)
        self.options = {c: [k for k in keys if c not in self.forbidden.get(k, ())] for c in unseen}
        self.free = all(len(o) == len(keys) for o in self.options.values())
        self.fast = _copyable(pub)
        self.pub_plan = self.plan = _plan(pub) if self.fast else None   # a determinization has the same fields
        self.checked = False

    def sample(self, rng: random.Random) -> State:
        if self.before_deal:   # the deal to come is chance: a copy with its own random generator
            det = self.pub.clone()
            det.rng = random.Random(rng.randrange(1 << 62))
            return det
        placed = self._place(rng)
        hands = []
        for p, h in enumerate(self.hands):
            fill = iter(placed.get(("hand", p), ()))
            hands.append([c if c >= 0 else next(fill) for c in h])
        trump = None
        piles: dict[str, list[int]] = {}
        for place, src in self.piles.items():
            mine = self.known.get(place, [])
            drawn = placed.get((place,), [])
            if mine:   # one's own cards go to random places among the hidden ones
                drawn = drawn + mine
                rng.shuffle(drawn)
            fill = iter(drawn)
            out = piles[place] = []
            for c in src:
                if c >= 0:
                    out.append(c)
                else:
                    card = next(fill)
                    if c == self.HT:
                        trump = card
                    out.append(card)
        base = _QuickClone(self.pub, self.pub_plan) if self.fast else self.pub
        det = State.with_hidden_cards(base, hands, piles["kitty"], piles["stock"], hidden=trump,  # type: ignore[arg-type]
                                      seed=rng.randrange(1 << 62), discards=piles["discards"])
        if self.fast and not self.checked:   # the rollouts copy with the public copy's plan: check it once
            self.checked = True
            if _plan(det) != self.plan:
                self.plan = None
        return det

    def _place(self, rng: random.Random) -> dict[Any, list[int]]:
        """Cards to each hidden place. Cards that may go anywhere are dealt uniformly; cards that
        may not (a void holder's suit) are placed first, most constrained first, each in a place
        drawn in proportion to its room; retried a few times, and in the end without the void
        constraints (which should never be needed)."""
        slots = self.slots
        keys = self.keys
        cards = list(self.unseen)
        rng.shuffle(cards)
        if self.free:   # nothing known: a uniform deal of the unseen cards
            placed, at = {}, 0
            for k in keys:
                placed[k] = cards[at:at + slots[k]]
                at += slots[k]
            return placed
        options = self.options
        for attempt in range(30):
            if attempt:
                rng.shuffle(cards)
            relax = attempt == 29
            bound = [c for c in cards if not relax and len(options[c]) < len(keys)]
            bound.sort(key=lambda c: len(options[c]))
            room = dict(slots)
            placed: dict[Any, list[int]] = {k: [] for k in keys}
            ok = True
            for c in bound:
                opts = [k for k in options[c] if room[k]]
                if not opts:
                    ok = False
                    break
                if len(opts) == 1:
                    k = opts[0]
                else:
                    r = rng.random() * sum(room[k] for k in opts)
                    for k in opts:
                        r -= room[k]
                        if r < 0:
                            break
                placed[k].append(c)
                room[k] -= 1
            if not ok:
                continue
            taken = set(bound)
            rest = iter(c for c in cards if c not in taken)
            for k in keys:
                placed[k].extend(next(rest) for _ in range(room[k]))
                rng.shuffle(placed[k])
            return placed
        raise AssertionError("unreachable: the relaxed attempt always succeeds")


def voids(obs: Observation) -> dict[int, frozenset[int]]:
    """For each other player, the cards they cannot hold: those of the suits they have shown to be
    void in this hand by not following (see the module's docstring)."""
    spec_play = obs.game.spec.play
    following = getattr(spec_play, "following", "must-follow")
    if following == "free":
        return {}
    otherwise = getattr(spec_play, "otherwise", "any")
    eff = obs.effective_suits
    trump = obs.win_trump
    table = obs.table
    jokers = set(table.jokers)
    me = obs.player
    void_suits: dict[int, set[int]] = {}
    tricks = [(seats, cards) for seats, cards, _ in obs.history]
    current = obs.trick
    if current:
        tricks.append((tuple(p for p, _ in current), tuple(c for _, c in current)))
    for seats, cards in tricks:
        lead = cards[0]
        if lead in jokers or lead >= len(eff):
            continue
        led = eff[lead]
        for seat, c in zip(seats[1:], cards[1:]):
            if seat == me or c in jokers or c >= len(eff) or eff[c] == led:
                continue
            found = void_suits.setdefault(seat, set())
            if following == "must-follow":
                found.add(led)
                if otherwise == "trump" and trump is not None and eff[c] != trump:
                    found.add(trump)
            elif following == "follow-or-trump" and eff[c] != trump:
                found.add(led)
                if trump is not None:
                    found.add(trump)
    return {p: frozenset(c for c in range(table.size) if eff[c] in suits) for p, suits in void_suits.items()}
