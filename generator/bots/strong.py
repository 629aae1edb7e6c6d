"""The strong bot: determinized Monte Carlo search ("perfect-information Monte Carlo").

At a decision the bot

1. takes ``Observation.public_state()``, a copy of the game in which every card it cannot see
   is a placeholder;
2. samples the hidden cards (``sampler.Sampler``) consistently with everything it has seen: its own hand, the cards
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
   A family may name an *anchor* play (its bot hints' ``anchor``: the greedy play; melding's and
   matching's canny ones, which read the cards still unseen) that the others must beat by
   ``ANCHOR_MARGIN`` a rollout and by ``ANCHOR_Z`` standard errors of the difference
   (``overrule``): with a few rollouts a play the search is a noisy judge, and in games whose
   hands snowball (or whose hands pay tens of points) a steady play beats a noisy one.
   The anchor survives every round of the halving, so that it is weighed against the winner.

In the last tricks of a trick-taking hand (the family's hints' ``endgame``: at most that many
cards in hand) the bot solves each determinization exactly instead (``solver``: max-n search of
the open-hand ending), on as many determinizations as a node budget allows.

The budget is a number of rollouts (or nodes), never seconds: ``rollouts`` per legal action, at
most ``max_rollouts`` per decision (but at least two per action), both times the family's
``budget_scale`` (climbing's 3 at four players), divided by the family's ``rollout_weight`` when
its rollouts cost more than random ones. Cards that are interchangeable (neighbours in one suit
with nothing unseen between them and the same value) count as one action. A ``restrict``
function (``restrict.RESTRICTIONS``) forbids it some actions (INERT_RULE).

It reads the State only through its Observation; the states it copies and plays out are its
own determinizations. Decisions outside card play (bids, trumps, the kitty …) are searched the
same way; before any card is dealt (calling trumps) the deal itself is the chance in a rollout.
"""

from __future__ import annotations

import random
import weakref
from itertools import cycle
from typing import Any, Callable

from ..engine import Observation, State
from .hints import BotHints
from .sampler import DeterminizationError, Sampler

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

#: The random numbers a determinization's rollouts draw, the same list after every action (common
#: random numbers), read in a cycle: a hand's rollout draws about one a card played, and a longer
#: one reads the list again. Drawing a list is cheaper than seeding a generator and saving and
#: restoring its state before every action, which is what this replaced (a tenth of a decision).
COMMON_NUMBERS = 64

#: How the strong bot spreads its rollouts over the actions: ``halving`` (sequential halving,
#: the default) or ``flat`` (the same count for every action: the search before it, kept to
#: measure against).
SEARCHES = ("halving", "flat")

Restriction = Callable[[Observation, list[int]], list[int]]



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
        scale = budget_scale_of(obs)   # a family whose decisions need more search asks for it
        budget = len(actions) * max(2, min(self.k * scale, self.max_rollouts * scale // len(actions)))
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

        fast = _hints(obs).solve_ending

        solver = Solver(self.node_budget(budget), rollout_value)
        values: list[list[float]] = [[] for _ in actions]
        most = max(self.k, budget // len(actions))
        try:
            for _ in range(most):
                det = sampler.sample(self.rng)
                ending = last_hand(det)
                found = fast(solver, det, actions, obs.player, ending) if fast else None
                if found is None:
                    found = solver.root(det, actions, obs.player, ending)
                for i, v in enumerate(found):
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
        draw = rng.random
        copy = _rollout_copy
        play_out = rollout_policy(obs)
        final = which[-1]
        numbers = range(COMMON_NUMBERS)
        for _ in range(times):
            det = sampler.sample(rng)
            common = [draw() for _ in numbers]   # the rollouts' random numbers, the same after every action
            for i in which:
                s = det if i == final else copy(det)   # the last action plays on the sample itself
                hand = s.hand_no
                ending = last_hand(s)
                s.apply_action(actions[i])
                if not s.terminal and s.hand_no == hand:
                    play_out(s, cycle(common).__next__)
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


_HINTS: "weakref.WeakKeyDictionary[Any, Any]" = weakref.WeakKeyDictionary()


def _hints(obs: Observation) -> BotHints:
    """The family's bot hints (``bots.family_hints``), looked up once per compiled game: a
    decision asks for five of them, and the registry's lookup costs more than the answer."""
    game = obs.game
    hints = _HINTS.get(game)
    if hints is None:
        from . import family_hints

        hints = _HINTS[game] = family_hints(obs)
    return hints


def _random_rollout(state: State, rnd: Callable[[], float]) -> None:
    state.play_random(rnd, hands=1)


def rollout_policy(obs: Observation) -> Callable[[State, Callable[[], float]], None]:
    """How a rollout plays out the hand: the family's own policy (its bot hints' ``rollout``,
    drawing from the same random numbers) or, by default, uniformly random play."""
    return _hints(obs).rollout or _random_rollout


def anchor_of(obs: Observation) -> Callable[[Observation, list[int], random.Random], int | None] | None:
    """The family's simple play that the search must beat by ``ANCHOR_MARGIN`` a rollout to
    overrule (its bot hints' ``anchor``, which may answer None for a decision it leaves to the
    search alone), or None: a handful of rollouts a play is a noisy
    judge, and in a game whose hands snowball (titles) a noisy judge loses to a steady one."""
    return _hints(obs).anchor


def sampler_of(obs: Observation) -> Callable[[Observation, dict[str, list[int]]], "Sampler"]:
    """How the bot deals the cards it cannot see: the family's own determinizations (its bot
    hints' ``sampler``, which may read what the table showed in ways only the family knows, such
    as climbing's and matching's passes) or, by default, ``Sampler``."""
    return _hints(obs).sampler or Sampler


def rollout_weight_of(obs: Observation) -> float:
    """What one of the family's rollouts costs, in random rollouts (its hints'
    ``rollout_weight``, a number or a function of the observation; 1 by default): the budget is
    counted in random rollouts, so that a family whose rollout policy thinks a little plays fewer
    of them, not more time."""
    weight = _hints(obs).rollout_weight
    return weight(obs) if callable(weight) else weight


def budget_scale_of(obs: Observation) -> int:
    """How many times the bot's budget (``rollouts`` a legal action, at most ``max_rollouts`` a
    decision) a decision of the family's gets (its hints' ``budget_scale``; 1 by default). The
    budget is still a count of rollouts, the same in every run; a family sets it where the search
    measurably needs more to beat the family's greedy play, and its playtests pay for it."""
    scale = _hints(obs).budget_scale
    return scale(obs) if callable(scale) else scale


def endgame_of(obs: Observation) -> int:
    """How many cards in hand (at most) make a card play an ending to solve exactly (the
    family's hints' ``endgame``; 0, never, when the family names none)."""
    return _hints(obs).endgame


def anchor_z_of(obs: Observation) -> float:
    """How many standard errors of the paired difference a play must beat the anchor by (the
    family's hints' ``anchor_z``; ``ANCHOR_Z`` when the family names none)."""
    z = _hints(obs).anchor_z
    return ANCHOR_Z if z is None else z


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
        sides = rec.sides
        if sides is None and state.coalition is not None:   # the hand's coalition, formed by its dealer
            sides = state.coalition.at(rec.hands[hand].dealer).of
        if sides is not None:   # partners share a score: the side's against the other sides'
            others = [s for p, s in enumerate(scores) if sides[p] != sides[me]]
            value = scores[me] - sum(others) / len(others)
        else:
            value = scores[me] - (sum(scores) - scores[me]) / (n - 1) if n > 1 else scores[me]
    if state.terminal and rec.winner is not None and rec.outcome == "natural" and (
            ending or state.end_condition_met()):
        value += GAME_BONUS if rec.won(me) else -GAME_BONUS
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
        merge = _hints(obs).distinct
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
    strength = table.power(obs.win_trump) if table.bowers else table.strength   # bowers move with trumps
    points = obs.points
    special = obs.game.named_cards
    in_trick = {c for _, c in obs.trick}
    gone = set(obs.played) - in_trick
    mine = set(obs.hand)
    by_suit: dict[int, list[int]] = {}
    for c in legal:
        by_suit.setdefault(eff[c], []).append(c)
    # The strengths of the cards still out (not in this hand, not played before this trick) in
    # each suit of a legal card: one pass over the pack for every suit at once.
    others: dict[int, list[int]] = {suit: [] for suit in by_suit}
    for c in range(size):
        pile = others.get(eff[c])
        if pile is not None and c not in mine and c not in gone:
            pile.append(strength[c])
    out: list[int] = []
    for suit, cards in by_suit.items():
        cards.sort(key=strength.__getitem__)
        out_there = others[suit]
        prev = None
        for c in cards:
            if prev is not None and c not in special and prev not in special \
                    and points.get(c, 0) == points.get(prev, 0):
                low, high = strength[prev], strength[c]
                if not any(low < o < high for o in out_there):
                    continue   # same as the card below it
            out.append(c)
            prev = c
    if len(out) == len(legal):
        return legal
    kept = set(out)
    return [c for c in legal if c in kept]
