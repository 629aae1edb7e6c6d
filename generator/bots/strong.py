"""The strong bot: determinized Monte Carlo search ("perfect-information Monte Carlo").

At a decision the bot

1. takes ``Observation.public_state()``, a copy of the game in which every card it cannot see
   is a placeholder;
2. samples the hidden cards consistently with everything it has seen: its own hand, the cards
   played, a turned or shown trump card, the cards it gave to the kitty itself, and the suits a
   player has shown to be void in by not following (the follow rule says what a card off the led
   suit proves: with ``must-follow`` a void in the led suit, and in trumps too when the rule then
   obliges a trump; with ``follow-or-trump`` a void in both; with ``free`` nothing);
3. spreads its rollouts over the legal actions by *sequential halving*: the budget is split over
   ``ceil(log2 A)`` rounds; each round samples new determinizations and plays every action still
   in the running on each, followed by a rollout to the end of the hand (with the same random
   numbers after every action, so that the actions are compared on the same cards and luck); the
   better half goes on. The plays worth weighing get several times the rollouts a flat count
   would give them (``search="flat"`` keeps the flat count, to measure against). A rollout plays
   the family's own policy (``rollout``, among its bot hints: trick-taking's greedy card play,
   climbing's and matching's light greedy play …) or, by default, uniformly random play;
4. picks the action with the best mean result: its hand score minus the others' mean, plus a
   large bonus (or malus) when the hand ends the game and it has won (or lost).
   A family may name an *anchor* play (its bot hints' ``anchor``, climbing's greedy play) that
   the others must beat by ``ANCHOR_MARGIN`` a rollout and by ``ANCHOR_Z`` standard errors of
   the difference (``overrule``): with a few rollouts a play the search is a noisy judge, and in
   games whose hands snowball (or whose hands pay tens of points) a steady play beats a noisy one.
   The anchor survives every round of the halving, so that it is weighed against the winner.

In the last tricks of a trick-taking hand (the family's hints' ``endgame``: at most that many
cards in hand) the bot solves each determinization exactly instead (``solver``: max-n search of
the open-hand ending), on as many determinizations as a node budget allows.

The budget is a number of rollouts (or nodes), never seconds: ``rollouts`` per legal action, at
most ``max_rollouts`` per decision (but at least two per action), divided by the family's
``rollout_weight`` when its rollouts cost more than random ones. Cards that are interchangeable
(neighbours in one suit with nothing unseen between them and the same value) count as one action.
A ``restrict`` function (``restrict.RESTRICTIONS``) forbids it some actions (INERT_RULE).

It reads the State only through its Observation; the states it copies and plays out are its
own determinizations. Decisions outside card play (bids, trumps, the kitty …) are searched the
same way; before any card is dealt (calling trumps) the deal itself is the chance in a rollout.
"""

from __future__ import annotations

import random
from typing import Any, Callable

from ..engine import Observation, State
from ..engine.places import OWNER, PUBLIC

#: Value of winning (losing) the game inside a rollout, against hand scores of a few points.
GAME_BONUS = 100.0

#: How much better a play must do, in hand points a rollout, to overrule the family's anchor play.
ANCHOR_MARGIN = 0.5
#: ... and by how many standard errors of that difference, measured rollout by rollout: a family
#: whose hands pay tens of points sets it (its hints' ``anchor_z``, matching's 2.0); 0 by default,
#: where the margin alone decides (climbing).
ANCHOR_Z = 0.0

#: The node budget of an exact ending (``solver``), in nodes for each rollout of the budget (see
#: ``StrongBot.node_budget``): a node is a copy and one card, a fraction of a rollout's cost; a
#: three-card ending of four players takes some forty nodes a determinization (median).
NODES_PER_ROLLOUT = 3

#: How the strong bot spreads its rollouts over the actions: ``halving`` (sequential halving,
#: the default) or ``flat`` (the same count for every action: the search before it, kept to
#: measure against).
SEARCHES = ("halving", "flat")

Restriction = Callable[[Observation, list[int]], list[int]]



class DeterminizationError(RuntimeError):
    """The public copy of the game does not add up (the engine hides a place this bot does not know)."""


class StrongBot:
    def __init__(self, seed: int, rollouts: int = 4, max_rollouts: int = 24,
                 restrict: str | Restriction | None = None, search: str = "halving"):
        if search not in SEARCHES:
            raise ValueError(f"unknown search {search!r} (searches: {', '.join(SEARCHES)})")
        self.search = search
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
        self.solved = self.nodes_searched = 0   # endings solved exactly, and the nodes it took

    # -- deciding --------------------------------------------------------------------------

    def act(self, obs: Observation) -> int:
        legal = obs.legal
        if self.restrict is not None:
            legal = self.restrict(obs, legal) or legal
        self.decisions += 1
        if obs.hand_number != self._hand:
            self._hand, self._put_away = obs.hand_number, {}
        choice = self._choose(obs, legal)
        place = obs.game.put_away.get(obs.phase)
        if place is not None:
            self._put_away.setdefault(place, []).append(choice)
        return choice

    def _choose(self, obs: Observation, legal: list[int]) -> int:
        if len(legal) == 1:
            return legal[0]
        actions = distinct_actions(obs, legal)
        if len(actions) == 1:
            return actions[0]
        budget = len(actions) * max(2, min(self.k, self.max_rollouts // len(actions)))
        weight = rollout_weight_of(obs)
        if weight != 1:   # a family whose rollouts cost more plays fewer, for the same time
            budget = max(len(actions), round(budget / weight))
        try:
            sampler = sampler_of(obs)(obs, self._put_away)
        except DeterminizationError:   # counted, so that tests notice; play on at random
            self.fallbacks += 1
            return actions[self.rng.randrange(len(actions))]
        self.searches += 1
        anchor = anchor_of(obs)
        pick = None
        if anchor is not None:   # the family's simple play wins ties and near things
            pick = anchor(obs, legal, random.Random(self.rng.randrange(1 << 62)))
            if pick not in actions:
                pick = None
        values = None
        if self.search != "flat" and obs.card_play and len(obs.hand) <= endgame_of(obs):
            values = self._solve(obs, sampler, actions, budget)
        if values is not None:
            alive = list(range(len(actions)))
        else:
            search = self._flat if self.search == "flat" else self._halving
            values, alive = search(obs, sampler, actions, budget,
                                   None if pick is None else actions.index(pick))
        if pick is not None:
            at = alive.index(actions.index(pick))
            return actions[alive[overrule([values[i] for i in alive], at, anchor_z_of(obs))]]
        best = max(alive, key=lambda i: (sum(values[i]) / len(values[i]), -i))
        return actions[best]

    def node_budget(self, budget: int) -> int:
        """The nodes an exact ending may search: ``NODES_PER_ROLLOUT`` for each rollout of the
        decision's budget, or of ``max_rollouts`` if more (an ending has few actions, and its
        decisions cost a fraction of one in the middle of the hand)."""
        return max(budget, self.max_rollouts) * NODES_PER_ROLLOUT

    def _solve(self, obs: Observation, sampler: "Sampler", actions: list[int],
               budget: int) -> list[list[float]] | None:
        """The ending solved exactly (``solver``) on as many determinizations as the node budget
        allows (``node_budget``; at most as many determinizations as a flat search would sample);
        None when not even one fits, and the rollouts decide."""
        from .solver import OutOfNodes, Solver

        solver = Solver(self.node_budget(budget), rollout_value)
        values: list[list[float]] = [[] for _ in actions]
        most = max(self.k, budget // len(actions))
        try:
            for _ in range(most):
                det = sampler.sample(self.rng)
                ending = last_hand(det)
                for i, v in enumerate(solver.root(det, actions, obs.player, ending)):
                    values[i].append(v)
        except OutOfNodes:
            pass
        self.nodes_searched += solver.used
        if not values[0]:
            return None
        self.solved += 1
        return values

    def _evaluate(self, obs: Observation, sampler: "Sampler", actions: list[int], which: list[int],
                  times: int, values: list[list[float]]) -> None:
        """Play ``times`` determinizations, each with every action of ``which`` and the same random
        numbers after it (so that the actions are compared on the same cards and luck), and add
        each rollout's value to ``values``."""
        me = obs.player
        rng = self.rng
        roll = random.Random(rng.randrange(1 << 62))
        rnd = roll.random
        copy = _rollout_copy
        play_out = rollout_policy(obs)
        setstate = roll.setstate
        final = which[-1]
        for _ in range(times):
            det = sampler.sample(rng)
            roll.seed(rng.randrange(1 << 62))
            common = roll.getstate()   # restoring a saved state is cheaper than seeding again
            for i in which:
                setstate(common)
                s = det if i == final else copy(det)   # the last action plays on the sample itself
                hand = s.hand_no
                ending = last_hand(s)
                s.apply_action(actions[i])
                if not s.terminal and s.hand_no == hand:
                    play_out(s, rnd)
                values[i].append(rollout_value(s, me, hand, ending))
        self.rollouts_played += times * len(which)

    def _flat(self, obs: Observation, sampler: "Sampler", actions: list[int], budget: int,
              anchor: int | None) -> tuple[list[list[float]], list[int]]:
        """The same number of rollouts for every action (the search before sequential halving)."""
        values: list[list[float]] = [[] for _ in actions]
        everyone = list(range(len(actions)))
        self._evaluate(obs, sampler, actions, everyone, budget // len(actions), values)
        return values, everyone

    def _halving(self, obs: Observation, sampler: "Sampler", actions: list[int], budget: int,
                 anchor: int | None) -> tuple[list[list[float]], list[int]]:
        """Sequential halving: the budget split over ``ceil(log2 A)`` rounds; each round plays its
        share on new determinizations with every action still in the running, and the better half
        (by mean over all the rounds, which the survivors shared) goes on. The leading actions get
        several times the rollouts a flat count would give them, for the same budget: where the
        decision is between two good plays, the search looks hardest. The anchor play (if any)
        always goes on, so that it can be compared with the winner at the end."""
        values: list[list[float]] = [[] for _ in actions]
        alive = list(range(len(actions)))
        rounds = max(1, (len(actions) - 1).bit_length())
        left = budget
        for r in range(rounds):
            last = r == rounds - 1 or len(alive) <= 2
            share = left if last else left // (rounds - r)
            if left < len(alive):
                break
            times = max(1, share // len(alive))
            self._evaluate(obs, sampler, actions, alive, times, values)
            left -= times * len(alive)
            if last:
                break
            keep = (len(alive) + 1) // 2
            ranked = sorted(alive, key=lambda i: (-sum(values[i]) / len(values[i]), i))[:keep]
            if anchor is not None and anchor not in ranked:
                ranked.append(anchor)
            alive = sorted(ranked)
        return values, alive


def overrule(values: list[list[float]], anchor: int, z: float = ANCHOR_Z) -> int:
    """The action to play when the family names an anchor play (index ``anchor``): the action
    with the best mean among those that beat the anchor by more than ``ANCHOR_MARGIN`` a rollout
    *and* by more than ``z`` standard errors of the difference, else the anchor. The
    rollouts of one determinization share their cards and random numbers, so the difference is
    taken rollout by rollout (paired): what the cards dealt add to both sides cancels. A game
    whose hands score tens of points (a shedding game paying the cards left in hand) has rollouts
    far noisier than a margin in points can cover; the standard error scales with the game."""
    base = values[anchor]
    m = len(base)
    best, best_mean = anchor, sum(base) / m
    for i, vals in enumerate(values):
        if i == anchor:
            continue
        diffs = [a - b for a, b in zip(vals, base)]
        mean = sum(diffs) / m
        var = sum((d - mean) ** 2 for d in diffs) / (m - 1) if m > 1 else 0.0
        if mean > ANCHOR_MARGIN + z * (var / m) ** 0.5 and sum(vals) / m > best_mean:
            best, best_mean = i, sum(vals) / m
    return best


def _random_rollout(state: State, rnd: Callable[[], float]) -> None:
    state.play_random(rnd, hands=1)


def rollout_policy(obs: Observation) -> Callable[[State, Callable[[], float]], None]:
    """How a rollout plays out the hand: the family's own policy (its bot hints' ``rollout``,
    drawing from the same random numbers) or, by default, uniformly random play."""
    from . import family_hints

    return getattr(family_hints(obs), "rollout", None) or _random_rollout


def anchor_of(obs: Observation) -> Callable[[Observation, list[int], random.Random], int] | None:
    """The family's simple play that the search must beat by ``ANCHOR_MARGIN`` a rollout to
    overrule (its bot hints' ``anchor``), or None: a handful of rollouts a play is a noisy
    judge, and in a game whose hands snowball (titles) a noisy judge loses to a steady one."""
    from . import family_hints

    return getattr(family_hints(obs), "anchor", None)


def sampler_of(obs: Observation) -> Callable[[Observation, dict[str, list[int]]], "Sampler"]:
    """How the bot deals the cards it cannot see: the family's own determinizations (its bot
    hints' ``sampler``, which may read what the table showed in ways only the family knows) or,
    by default, ``Sampler``."""
    from . import family_hints

    return getattr(family_hints(obs), "sampler", None) or Sampler


def rollout_weight_of(obs: Observation) -> float:
    """What one of the family's rollouts costs, in random rollouts (its hints'
    ``rollout_weight``; 1 by default): the budget is counted in random rollouts, so that a
    family whose rollout policy thinks a little plays fewer of them, not more time."""
    from . import family_hints

    return getattr(family_hints(obs), "rollout_weight", 1)


def endgame_of(obs: Observation) -> int:
    """How many cards in hand (at most) make a card play an ending to solve exactly (the
    family's hints' ``endgame``; 0, never, when the family names none)."""
    from . import family_hints

    return getattr(family_hints(obs), "endgame", 0)


def anchor_z_of(obs: Observation) -> float:
    """How many standard errors of the paired difference a play must beat the anchor by (the
    family's hints' ``anchor_z``; ``ANCHOR_Z`` when the family names none)."""
    from . import family_hints

    return getattr(family_hints(obs), "anchor_z", ANCHOR_Z)


def last_hand(state: State) -> bool:
    """Make a rollout copy end the game with its hand, so that the engine does not shuffle and
    deal the next hand (a fifth of a rollout's time) only for the rollout to stop there. Returns
    whether the game was already bound to end (then nothing changes). ``rollout_value`` then asks
    the game's own end condition whether the game really ended."""
    return state.end_after_hand()


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
            ending or state.end_condition_met()):
        value += GAME_BONUS if rec.winner == me else -GAME_BONUS
    return value


def _rollout_copy(state: State) -> State:
    """A rollout's copy of a determinization: it shares the random generator (only the deal
    after the rollout's end could draw from it), which makes the copy cheap."""
    return state.clone(share_chance=True)


# -- interchangeable cards ----------------------------------------------------------------------

def distinct_actions(obs: Observation, legal: list[int]) -> list[int]:
    """The legal actions with interchangeable cards merged (the weakest of a run stands for it).

    Two legal cards are interchangeable when they are of one (effective) suit, every card of that
    suit ranked between them is in this player's hand or was played in an earlier trick, neither
    is named by the rules, and they are worth the same. Only in plain trick play (no rule that
    looks at ranks or at particular cards)."""
    if obs.card_play:   # a family whose plays are not single cards merges its own (its bot hints)
        from . import family_hints

        merge = getattr(family_hints(obs), "distinct", None)
        if merge is not None:
            return merge(obs, legal)
    table = obs.table
    size = table.size
    if obs.phase != "play" or len(legal) < 2 or any(a >= size or a < 0 for a in legal):
        return legal
    game = obs.game
    if not getattr(obs, "plain_play", True) or getattr(game.spec.play, "otherwise", "any") == "new-rank":
        return legal
    eff = obs.effective_suits
    strength = table.strength
    points = obs.points
    special = obs.game.named_cards
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
    the player has seen. Built once per decision; ``sample`` gives one determinized State.

    The places come from the game's declaration (``engine.places``): every card a public place
    holds, and every card this player can see in a hidden one, is seen; each placeholder is a
    slot to fill. Per-seat places are filled seat by seat, in declaration order."""

    def __init__(self, obs: Observation, put_away: dict[str, list[int]]):
        pub = obs.public_state()
        self.pub = pub
        size = obs.table.size
        hidden_places = [p for p in obs.game.places if p.visibility != PUBLIC]
        self.places = {p.name: [list(v) for v in getattr(pub, p.name)] if p.per_seat else list(getattr(pub, p.name))
                       for p in hidden_places}
        self.per_seat = {p.name: p.per_seat for p in hidden_places}
        seen: set[int] = set()
        for place in obs.game.places:
            value = getattr(pub, place.name)
            for pile in (value if place.per_seat else [value]):
                seen.update(c for c in pile if c >= 0)
        seen.update(obs.played)
        unseen = [c for c in range(size) if c not in seen]
        # Hidden places to fill, with how many cards each takes.
        slots: dict[Any, int] = {}
        for name, value in self.places.items():
            for key, pile in (((name, p), v) for p, v in enumerate(value)) if self.per_seat[name] else [((name,), value)]:
                k = sum(1 for c in pile if c < 0)
                if k:
                    slots[key] = k
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
        # What each hidden hand cannot hold: suits its holder has shown to be void in.
        forbidden = voids(obs)
        owned = {p.name for p in hidden_places if p.visibility == OWNER}
        self.forbidden = {key: forbidden.get(key[1], frozenset()) for key in slots if key[0] in owned and len(key) == 2}
        keys = self.keys = list(slots)
        forbid = {k: f for k, f in self.forbidden.items() if f}
        self.options = {c: [k for k in keys if k not in forbid or c not in forbid[k]] for c in unseen} \
            if forbid else dict.fromkeys(unseen, keys)
        self.free = all(len(o) == len(keys) for o in self.options.values())
        # The cards some place may not take, with how many places may take them (the fewest are
        # placed first), and the places whose order counts (a hand is kept sorted).
        self.tight = {c: len(o) for c, o in self.options.items() if len(o) < len(keys)}
        in_order = {p.name for p in hidden_places if not (p.per_seat and p.sorted)}
        self.ordered = {k for k in keys if k[0] in in_order}
        # Where the placeholders are, in the order ``_place`` deals the slots (places, then
        # seats, in declaration order): worked out once here, so that a free deal (nothing known
        # of any hidden hand) fills them straight from one shuffled list of the unseen cards.
        self.holes: list[tuple[str, int | None, list[tuple[int, int]]]] = []
        for name, value in self.places.items():
            piles = enumerate(value) if self.per_seat[name] else [(None, value)]
            for seat, pile in piles:
                holes = [(i, c) for i, c in enumerate(pile) if c < 0]
                if holes:
                    self.holes.append((name, seat, holes))
        self.quick = self.free and not self.known and not self.before_deal

    def sample(self, rng: random.Random) -> State:
        if self.before_deal:   # the deal to come is chance: a copy with its own random generator
            det = self.pub.clone()
            det.rng = random.Random(rng.randrange(1 << 62))
            return det
        if self.quick:
            return self._fill(shuffled(self.unseen, rng), rng)
        placed = self._place(rng)
        if not self.known:   # the slots' cards in the order of the placeholders
            return self._fill([c for k in self.keys for c in placed[k]], rng)
        cards: dict[str, Any] = {}
        face_down: dict[int, int] = {}

        def fill_in(src: list[int], drawn: list[int]) -> list[int]:
            fill = iter(drawn)
            out = []
            for c in src:
                if c >= 0:
                    out.append(c)
                else:
                    card = next(fill)
                    if c < Observation.HIDDEN:   # a face-down card with a part of its own
                        face_down[c] = card
                    out.append(card)
            return out

        for name, src in self.places.items():
            if self.per_seat[name]:
                cards[name] = [fill_in(v, placed.get((name, p), [])) for p, v in enumerate(src)]
                continue
            mine = self.known.get(name, [])
            drawn = placed.get((name,), [])
            if mine:   # one's own cards go to random places among the hidden ones
                drawn = shuffled(drawn + mine, rng)
            cards[name] = fill_in(src, drawn)
        return self.pub.with_hidden_cards(cards, face_down, seed=rng.randrange(1 << 62), share_chance=True)

    def _fill(self, deck: list[int], rng: random.Random) -> State:
        """The determinization with ``deck`` dealt to the placeholders in order (places, then
        seats, in declaration order; within a pile, front to back). Where every unseen card may
        go to every hidden place (no void shown, no card of one's own put away: ``quick``) the
        deck is one shuffle of the unseen cards. Only the piles with placeholders are copied."""
        cards: dict[str, Any] = {}
        face_down: dict[int, int] = {}
        hidden = Observation.HIDDEN
        at = 0
        for name, seat, holes in self.holes:
            if seat is None:
                pile = cards[name] = list(self.places[name])
            else:
                piles = cards.get(name)
                if piles is None:
                    piles = cards[name] = list(self.places[name])   # seats without holes shared
                pile = piles[seat] = list(piles[seat])
            for i, c in holes:
                card = deck[at]
                at += 1
                if c < hidden:   # a face-down card with a part of its own
                    face_down[c] = card
                pile[i] = card
        return self.pub.with_hidden_cards(cards, face_down, seed=rng.randrange(1 << 62), share_chance=True)

    def _place(self, rng: random.Random) -> dict[Any, list[int]]:
        """Cards to each hidden place. Cards that may go anywhere are dealt uniformly; cards that
        may not (a void holder's suit) are placed first, most constrained first, each in a place
        drawn in proportion to its room; retried a few times, and in the end without the void
        constraints (which should never be needed)."""
        slots = self.slots
        keys = self.keys
        cards = shuffled(self.unseen, rng)
        if self.free:   # nothing known: a uniform deal of the unseen cards
            placed, at = {}, 0
            for k in keys:
                placed[k] = cards[at:at + slots[k]]
                at += slots[k]
            return placed
        options = self.options
        tight = self.tight
        for attempt in range(30):
            if attempt:
                cards = shuffled(cards, rng)
            relax = attempt == 29
            bound = [] if relax else sorted((c for c in cards if c in tight), key=tight.__getitem__)
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
            rest = [c for c in cards if c not in taken] if taken else cards
            at = 0
            for k in keys:
                pile = placed[k]
                if k in self.ordered and pile:   # bound cards first: a pile whose order counts
                    pile.extend(rest[at:at + room[k]])
                    placed[k] = shuffled(pile, rng)
                else:   # a hand kept sorted, or cards already in random order
                    pile.extend(rest[at:at + room[k]])
                at += room[k]
            return placed
        raise AssertionError("unreachable: the relaxed attempt always succeeds")


def shuffled(cards: list[int], rng: random.Random) -> list[int]:
    """The cards in a uniformly random order: sorted by a random key each (``random()`` is a
    single call into C, where ``random.shuffle`` draws each position through Python code; for the
    few dozen cards of a determinization this is several times faster, for the same distribution
    of orders — two equal keys have probability about 2^-53)."""
    rnd = rng.random
    return sorted(cards, key=lambda _: rnd())


def voids(obs: Observation) -> dict[int, frozenset[int]]:
    """For each other player, the cards they cannot hold: those of the suits they have shown to be
    void in this hand by not following (see the module's docstring)."""
    spec_play = obs.game.spec.play
    following = getattr(spec_play, "following", "free")   # a family without a follow rule shows no voids
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
