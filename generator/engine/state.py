"""The game as a state machine, in the manner of OpenSpiel: a ``Game`` compiled once from a spec,
``State`` objects with ``legal_actions()``, ``apply_action()``, ``is_terminal()`` and ``returns()``,
and an ``Observation`` per player that is all a bot may look at.

The state only sequences. A hand is the family's pipeline of phases (``phase.Phase``), compiled
once into ``Game.phases``; the state runs them in turn, dispatches each action to the phase that
opened the decision, draws every random number through its chance methods (the shuffle, a random
seat), keeps the record and copies itself. It holds no rule of any family: what a hand means —
tricks, melds, what is scored — lives in the phases and in the family's scorer.
"""

from __future__ import annotations

import random
from functools import cached_property
from operator import itemgetter
from typing import Any, Callable

from ..spec import GameSpec
from .actions import describe
from .cards import CardTable, compile_deck
from .chance import fast_shuffle
from .deal import Dealer
from .ending import EndRules, best_mask
from .family import engine_family
from .observation import Observation, observation_class
from .phase import IMMUTABLE, Phase
from .places import Place, audit
from .record import GameRecord, HandRecord
from .sides import Coalition, Sides

#: Safety cap: a game that has not ended after this many moves is stopped as NON_TERMINATING.
DEFAULT_MOVE_CAP = 100_000
#: … or after this many hands (no real game lasts a thousand hands).
MAX_HANDS = 1000
#: The decision name of a finished game.
OVER = "over"


class IllegalAction(ValueError):
    pass


class Game:
    """A spec compiled once into lookup tables and phases, shared by every state."""

    def __init__(self, spec: GameSpec, move_cap: int = DEFAULT_MOVE_CAP, audit: bool = False):
        self.spec = spec
        self.audit = audit
        self.move_cap = move_cap
        self.family = engine_family(spec)
        self.table: CardTable = compile_deck(spec.deck, self.family.joker_order(spec), spec.setup.bowers)
        self.dealer = Dealer(spec, self.table)
        self.ending = EndRules(spec)
        self.scorer = self.family.scorer(spec, self.table)
        self._orders: dict[int, dict[int, list[tuple[int, ...]]]] = {}
        self._sides: dict[int, Sides | None] = {}
        self._coalitions: dict[int, Coalition | None] = {}
        # Every phase class of the family's hand, and the ones this game needs, compiled once.
        catalogue: tuple[type[Phase], ...] = self.family.phases
        self.phases: tuple[Phase, ...] = tuple(cls(self) for cls in catalogue if cls.needed(spec))
        self.phase_by_class: dict[type[Phase], Phase] = {type(ph): ph for ph in self.phases}
        #: Where a redeal starts again: the first phase that deals (the calls before it stand).
        self.redeal_from = next(i for i, ph in enumerate(self.phases) if ph.deals_cards)
        # Fields, places and views come from the whole catalogue, needed or not, so that every
        # state has the same fields and a bot may ask any view (an unused rule reads as absent).
        self.hand_fields: dict[str, Any] = {}
        self.game_fields: dict[str, Any] = {}
        places: dict[str, Place] = {}
        self.views: dict[str, Callable[[State, int], Any]] = {}
        self.before_looking: set[str] = set()
        self.first_cards_only: set[str] = set()
        self.object_fields: set[str] = set()
        self.put_away: dict[str, str] = {}
        for cls in catalogue:
            self.put_away.update(cls.puts_away)
            self.object_fields |= cls.object_fields
            self.hand_fields.update(cls.hand_fields)
            self.game_fields.update(cls.game_fields)
            places.update((p.name, p) for p in cls.places)
            self.views.update(cls.views)
            self.before_looking |= cls.before_looking
            self.first_cards_only |= cls.first_cards_only
        self.places: tuple[Place, ...] = tuple(places.values())
        self.observation_class = observation_class(self.views)
        # Resetting a hand's fields is on the hot path (thousands of hands a second): plain
        # values are copied in one dict update, empty containers made by their type.
        self._defaults = [(k, v) for k, v in self.hand_fields.items() if not callable(v)]
        self._makers = [(k, v) for k, v in self.hand_fields.items() if callable(v)]
        self._plain_defaults = {k: v for k, v in self._defaults if type(v) not in (list, set, dict)}
        self._empty_defaults = [(k, type(v)) for k, v in self._defaults
                                if type(v) in (list, set, dict) and not v]
        self._other_defaults = [(k, v) for k, v in self._defaults
                                if type(v) in (list, set, dict) and v]
        self._copy_plan = _copy_plan(self)
        self._reset = _compile_reset(self)
        # The hooks of the hand cycle that some phase overrides, found once: the rest do nothing,
        # and the cycle runs thousands of times a second.
        self._after_hand = tuple(ph for ph in self.phases if type(ph).after_hand is not Phase.after_hand)
        self._game_starters = tuple(ph for ph in self.phases if type(ph).start_game is not Phase.start_game)
        #: The fields of a position key, in its order (game-long ones first); those holding objects
        #: (by their place in it) are keyed by the objects' own ``key``.
        self._key_fields = (*self.game_fields, *self.hand_fields)
        declared = {**self.game_fields, **self.hand_fields}
        self._object_key_fields = tuple(name for name in self._key_fields if name in self.object_fields)
        self._plain_key_fields = tuple(name for name in self._key_fields
                                       if name not in self.object_fields and type(declared[name]) in _ATOMS)
        self._container_key_fields = tuple(name for name in self._key_fields if name not in self.object_fields
                                           and type(declared[name]) not in _ATOMS)
        self._keyed_phases = tuple(ph for ph in self.phases if type(ph).key is not Phase.key)
        self._quick_key = _compile_key(self)

    def phase(self, cls: type[Phase]) -> Phase | None:
        """The compiled phase of that class, if this game needs it."""
        return self.phase_by_class.get(cls)

    def turn_orders(self, n: int) -> dict[int, list[tuple[int, ...]]]:
        """For each direction (1 clockwise, −1 anticlockwise) and leader, the other seats in the
        order they play, last first (the engine pops them from the end)."""
        orders = self._orders.get(n)
        if orders is None:
            orders = self._orders[n] = {d: [tuple((lead + k * d) % n for k in range(n - 1, 0, -1))
                                            for lead in range(n)] for d in (1, -1)}
        return orders

    def sides(self, n: int) -> Sides | None:
        """The sides at ``n`` players (None: everyone plays for themselves), compiled once."""
        if n not in self._sides:
            self._sides[n] = Sides.of_spec(self.spec, n)
        return self._sides[n]

    def coalition(self, n: int) -> Coalition | None:
        """The sides formed each hand at ``n`` players (the caller against the rest), compiled once."""
        if n not in self._coalitions:
            self._coalitions[n] = Coalition.of_spec(self.spec, n)
        return self._coalitions[n]

    @cached_property
    def places_by_name(self) -> dict[str, Place]:
        """The card places by name (a search's every determinization looks its places up)."""
        return {p.name: p for p in self.places}

    @cached_property
    def determinizing(self) -> tuple[Phase, ...]:
        """The phases that fix facts of their own after hidden cards are dealt into a public
        copy (``Phase.determinized`` overridden); the others need not be called for each copy."""
        return tuple(ph for ph in self.phases if type(ph).determinized is not Phase.determinized)

    @cached_property
    def named_cards(self) -> frozenset[int]:
        """Cards the rules name anywhere in the spec (penalty, bonus, pig, opening card …)."""
        names = {n: i for i, n in enumerate(self.table.names)}
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

        walk(self.spec.model_dump())
        return frozenset(found)

    def player_counts(self) -> range:
        return self.spec.players.counts()

    def new_initial_state(self, players: int, seed: int) -> "State":
        if players not in self.player_counts():
            raise ValueError(f"{self.spec.naming.name} is {self.spec.players.phrase()}, not {players}")
        return State(self, players, seed)


def _compile_reset(game: Game) -> Callable[[dict[str, Any], int], None]:
    """The reset of a hand's fields, compiled into one function per game: run at every hand (and
    redeal), it sets each field from its declared initial value — plain values in one update,
    each empty list, set or dict made by its literal, each per-seat field (``phase.per_seat``)
    as one list, other makers called — without a loop or a call per field."""
    env: dict[str, Any] = {"game": game, "plain": {"deals": 0, **game._plain_defaults}, "fresh": _fresh}
    lines = ["def reset(d, n):", "    d.update(plain)"]
    empty = {list: "[]", set: "set()", dict: "{}"}
    for name, kind in game._empty_defaults:
        lines.append(f"    d[{name!r}] = {empty[kind]}")
    for i, (name, value) in enumerate(game._other_defaults):
        env[f"value{i}"] = value
        lines.append(f"    d[{name!r}] = fresh(value{i})")
    for i, (name, make) in enumerate(game._makers):
        seat = getattr(make, "per_seat", None)
        if seat in empty:
            lines.append(f"    d[{name!r}] = [{empty[seat]} for _ in range(n)]")
        elif seat in IMMUTABLE:
            env[f"value{i}"] = seat()
            lines.append(f"    d[{name!r}] = [value{i}] * n")
        else:
            env[f"make{i}"] = make
            lines.append(f"    d[{name!r}] = make{i}(game, n)")
    exec("\n".join(lines), env)   # noqa: S102 - source built above from field names only
    return env["reset"]


#: The image of a field that holds one value per seat, by the kind of value each holds, for
#: ``_compile_key`` (the value written as ``{}``).
_SEAT_IMAGES = {list: "tuple(map(tuple, {}))", set: "tuple(map(frozenset, {}))"}
#: Closes a list written element by element into a position key (``_compile_key``).
_END = object()
#: The state's own part of a position key, both ways (``State.position_key``): its plain values,
#: its lists, and the steps to come, keyed by their classes (so that the same position in two
#: compilations of a game has the same key).
_OWN_VALUES = ("decision", "current", "dealer", "ends_with_hand", "terminal")
_OWN_LISTS = ("totals", "queue", "best_of_hands")


def _seat_image(value: Any) -> str | None:
    """How ``_compile_key`` takes a field from its initial value: a list with a list (or a set)
    at every seat as a tuple of their images at once; a list of plain values as a tuple; None
    for anything else (taken by its contents, ``_quick``)."""
    if type(value) is not list or not value:
        return None
    kinds = {*map(type, value)}
    if len(kinds) == 1 and (kind := kinds.pop()) in _SEAT_IMAGES:
        return _SEAT_IMAGES[kind]
    return "tuple({})" if all(type(v) in _ATOMS for v in value) else None


def _compile_key(game: Game) -> Callable[[Any, dict[str, Any]], int]:
    """The quick position key of ``State.position_key``, compiled into one function per game: the
    hash of one tuple of the state's own fields and every declared field's image, without a
    loop or a map per kind:

    * plain values as they are, read in one call (an ``itemgetter`` of them all);
    * a field whose initial value holds a list (or a set, or a plain value) at every seat, as
      the tuple of their images made at once; any other container by its contents (``_quick``),
      an empty list as ``()`` without the call (a phase declares every field any game of its
      family may use: most of a game's are empty);
    * objects by their ``key`` (``_frozen``).

    Raises TypeError (an unhashable image: a field deeper than its kind) or KeyError (a field
    not set); ``position_key`` then goes the thorough way."""
    plain = game._plain_key_fields
    env: dict[str, Any] = {"quick": _quick, "frozen": _frozen, "EMPTY": [], "END": _END,
                           # (an itemgetter of one name gives the value, not a tuple of it)
                           "plain": itemgetter(*plain) if len(plain) > 1 else lambda d: tuple(d[k] for k in plain)}
    # The state's own lists (``_OWN_LISTS``, and the steps to come) go into the tuple element by
    # element, each closed by a marker no list holds: the same lists give the same elements, and
    # different ones differ, without a tuple made for each.
    items = [f"d[{k!r}]" for k in _OWN_VALUES] + [f"*d[{k!r}], END" for k in _OWN_LISTS]
    items += ["*map(type, d['steps'])", "*parts", "*plain(d)"]
    declared = {**game.game_fields, **game.hand_fields}
    for name in game._container_key_fields:
        value = declared[name]
        image = _seat_image(value(game, 2) if callable(value) else value)
        items.append(image.format(f"d[{name!r}]") if image else f"(() if (v := d[{name!r}]) == EMPTY else quick(v))")
    items += [f"(() if (v := d[{name!r}]) == EMPTY else frozen(v))" for name in game._object_key_fields]
    lines = ["def key(parts, d):", f"    return hash(({', '.join(items)}))"]
    exec("\n".join(lines), env)   # noqa: S102 - source built above from field names only
    return env["key"]


def _copy_plan(game: Game) -> tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...], tuple[str, ...]]:
    """How ``State.clone`` copies each declared field, worked out once from its initial value:
    flat lists whole, lists of lists (one per seat) list by list, sets and dicts shallowly, lists
    of objects with a ``copy`` method (``Phase.object_fields``) object by object; plain values are
    shared (they are replaced, never changed in place)."""
    flat, nested, shallow, objects = ["totals", "best_of_hands", "queue", "steps"], [], [], []
    for name, value in {**game.game_fields, **game.hand_fields}.items():
        if callable(value):
            value = value(game, 2)
        if name in game.object_fields:
            objects.append(name)
        elif isinstance(value, list):
            (nested if value and isinstance(value[0], (list, set)) else flat).append(name)
        elif isinstance(value, (set, dict)):
            shallow.append(name)
    return tuple(flat), tuple(nested), tuple(shallow), tuple(objects)


class State:
    """One game in progress. Chance (the shuffle, a random seat) is drawn from the state's own
    seeded generator, through ``shuffle`` and ``randrange`` only."""

    def __init__(self, game: Game, players: int, seed: int):
        self.game = game
        self.n = players
        self.move_cap = game.move_cap
        self.rng = random.Random(seed)
        self.sides = game.sides(players)
        self.coalition = game.coalition(players)
        self.record = GameRecord(players, seed, sides=None if self.sides is None else list(self.sides.of))
        self.totals = [0] * players
        self.hand_no = 0
        self.dealer = 0
        self.deals = 0
        self.ends_with_hand = False   # the game ends with this hand (a search may set it: see end_after_hand)
        self.cut_after_hand = False   # a search's copy stops with this hand, won or not (end_after_hand)
        self.terminal = False
        self.phase: Phase | None = None
        self.decision = OVER
        self.current = 0
        self.queue: list[int] = []
        self.steps: list[Phase] = []
        self.best_of_hands: list[int] = []
        self._legal: list[int] | None = None
        self._views: list[Observation] | None = None
        for name, value in game.game_fields.items():
            setattr(self, name, value(game, players) if callable(value) else _fresh(value))
        self._reset_hand()
        self.sizes = game.ending.hand_sizes(game.dealer.cards_each(players))
        for ph in game._game_starters:
            ph.start_game(self)
        if game._game_starters:   # what they set is read afresh, as at every hand
            self._reset_hand()
        self.steps = list(game.phases)
        self.advance()

    # -- public API ------------------------------------------------------------------------

    def current_player(self) -> int:
        return -4 if self.terminal else self.current   # -4 is OpenSpiel's terminal marker

    def is_terminal(self) -> bool:
        return self.terminal

    def legal_actions(self) -> list[int]:
        legal = self._legal
        if legal is None:
            legal = self._legal = [] if self.terminal else self.phase.legal(self)  # type: ignore[union-attr]
        return legal

    def apply_action(self, action: int) -> None:
        legal = self._legal
        if legal is None:
            legal = self.legal_actions()
        if action not in legal:
            raise IllegalAction(f"action {action} is not legal for seat {self.current} in phase {self.decision}")
        self._legal = None
        rec = self.record
        rec.moves += 1
        if len(legal) > 1:
            rec.decisions += 1
        self.phase.apply(self, action)  # type: ignore[union-attr]
        if rec.moves >= self.move_cap and not self.terminal:
            self.stop("cap")

    def play_random(self, rnd: Callable[[], float], hands: int | None = None) -> None:
        """Fast path for batch simulation: every seat plays uniformly at random, drawing from
        ``rnd`` (a ``random.Random().random``), until the game ends or ``hands`` more hands are done.

        It takes the same steps as ``apply_action`` with random bots (a forced move draws no
        random number, as in ``play_game``), minus the per-move validation and the Observation
        objects; a phase may run its decisions faster itself (``Phase.play_random``)."""
        stop_at = None if hands is None else self.hand_no + hands
        while not self.terminal and self.hand_no != stop_at:
            if self.phase.play_random(self, rnd):  # type: ignore[union-attr]
                continue
            legal = self.legal_actions()
            self.apply_action(legal[int(rnd() * len(legal))] if len(legal) > 1 else legal[0])

    def count_moves(self, moves: int, decisions: int) -> None:
        """Moves a phase took in a loop of its own (``Phase.play_random``, a rollout's light
        play), added to the record; the move cap then stops the game as ``apply_action`` would
        at its move."""
        rec = self.record
        rec.moves += moves
        rec.decisions += decisions
        if rec.moves >= self.game.move_cap and not self.terminal:
            self.stop("cap")

    @property
    def hand_sides(self) -> Sides | None:
        """The sides of the hand being played: the fixed partnerships, or the caller against the
        rest (``players.coalition``, formed anew with each dealer), or None."""
        if self.sides is not None:
            return self.sides
        return None if self.coalition is None else self.coalition.at(self.dealer)

    def returns(self) -> list[float]:
        """1 for the winner (every member of the winning side), 0 for everyone else (all 0 until
        the end, or if the game was stopped)."""
        w = self.record.winner
        if self.sides is not None and w is not None:
            side = self.sides.of[w]
            return [1.0 if s == side else 0.0 for s in self.sides.of]
        return [1.0 if p == w else 0.0 for p in range(self.n)]

    def observation(self, player: int) -> Observation:
        """What ``player`` may see; one Observation per seat, made once (it reads the state live)."""
        views = self._views
        if views is None:
            views = self._views = [self.game.observation_class(self, p) for p in range(self.n)]
        return views[player]

    def action_to_string(self, action: int) -> str:
        text = self.phase.describe(self, action) if self.phase is not None else None
        if text is not None:
            return text
        t = self.game.table
        return describe(t.names, t.suit_names, action)

    # -- copies ----------------------------------------------------------------------------

    def clone(self, share_chance: bool = False) -> "State":
        """An independent copy (for search): the compiled Game is shared, everything else copied.

        ``share_chance``: the copy draws from this state's random generator instead of a copy of
        it — for the many short-lived copies of a search, where copying the generator would be
        most of the cost and only the deal after the copy's end would draw from it."""
        new = State.__new__(State)
        d = self.__dict__.copy()
        flat, nested, shallow, objects = self.game._copy_plan
        for key in flat:
            value = d[key]
            if value is not None:
                d[key] = value[:]
        for key in nested:
            d[key] = [x[:] if type(x) is list else set(x) if type(x) is set else x for x in d[key]]
        for key in shallow:
            d[key] = d[key].copy()
        for key in objects:
            d[key] = [x.copy() for x in d[key]]
        if not share_chance:
            rng = d["rng"] = random.Random.__new__(random.Random)   # no reseeding from the OS: set next
            rng.setstate(self.rng.getstate())
        d["record"] = self.record.copy()
        d["_views"] = None   # observations read the state they were made for
        d["_legal"] = None   # the cached legal actions may be a list of this state's (a hand): never shared
        new.__dict__ = d
        return new

    def with_hidden_cards(self, cards: dict[str, Any], placed: dict[int, int] | None = None, seed: int = 0,
                          share_chance: bool = False, rng: random.Random | None = None) -> "State":
        """A copy in which the cards nobody may see are placed as given (a determinization).

        ``cards`` maps a place's name to its new content (per-seat places: one list per seat);
        ``placed`` maps each placeholder of a face-down card (``Phase.face_down``) to the card now
        there. The caller keeps what the observer can see unchanged; the phases then fix what they
        derive from the cards, and the audit (when on) checks that the cards still add up.

        The copy draws its chance from a generator seeded with ``seed``, or from ``rng`` itself
        when given: a search's many copies of one decision, which stop at the end of the hand
        before any chance is drawn, need not each seed a generator of their own."""
        new = self.clone(share_chance=share_chance)
        g = self.game
        by_name = g.places_by_name
        for name, value in cards.items():
            place = by_name[name]
            if place.per_seat:
                setattr(new, name, [sorted(v) if place.sorted else list(v) for v in value])
            else:
                setattr(new, name, list(value))
        new.rng = random.Random(seed) if rng is None else rng
        new._legal = None
        for ph in g.determinizing:
            ph.determinized(new, placed or {})
        if g.audit:
            new.check_cards()
        return new

    # -- what a search may ask -------------------------------------------------------------

    def end_after_hand(self) -> bool:
        """Make this state end the game with the current hand (a search's rollout stops there, so
        the engine need not shuffle and deal the next hand). Returns whether the game was bound
        to end with this hand already. Should the game's winner not be settled then (a tie the
        rules play on from), the copy stops all the same (outcome ``cut``), without the deal."""
        self.cut_after_hand = True
        if self.ends_with_hand:
            return True
        self.ends_with_hand = True
        return False

    def end_condition_met(self) -> bool:
        """Whether the game's own end condition holds now (not a forced end)."""
        return self.game.ending.condition_met(self.totals, self.hand_no, self.n, self.sizes)

    def position_key(self) -> int:
        """A hash of the whole position — cards in every place, scores, seat to move, the decision,
        every phase's data — leaving out counters (moves, hands, deals) and the shuffle's random
        state. Two equal keys mean the game came back to a position it was in before."""
        g = self.game
        parts = [ph.key(self) for ph in g._keyed_phases] if g._keyed_phases else ()
        d = self.__dict__
        # Taken at every decision of a playtest where positions may come back. Most fields are
        # plain values or lists of card numbers (one list per seat), whose tuples are their image
        # at once. Equal positions have equal fields, so they take the same way here and get
        # equal keys; a field deeper than that (or a list where a plain value was declared)
        # makes the image unhashable, and the whole key is then taken the thorough way.
        # Objects are keyed by their own ``key`` either way.
        try:
            return g._quick_key(parts, d)   # (``_compile_key``)
        except (TypeError, KeyError):
            return hash((*map(d.get, _OWN_VALUES), *(tuple(d[k]) for k in _OWN_LISTS), tuple(map(type, self.steps)),
                         *parts, *map(_frozen, map(d.get, g._key_fields))))

    def repeats_possible(self) -> bool:
        """Whether the phase deciding now can bring a position back (see ``Phase.repeats``)."""
        return self.phase is None or self.phase.repeats

    def check_cards(self) -> None:
        """Card conservation: every card of the pack is in exactly one place. Raises on a breach."""
        t = self.game.table
        audit(self, self.game.places, t.size, t.names, self.hand_no)

    # -- chance ----------------------------------------------------------------------------

    def shuffle(self, cards: list[int]) -> None:
        """Chance: shuffle these cards in place (``random.shuffle``'s very permutation)."""
        fast_shuffle(self.rng, cards)

    def randrange(self, n: int) -> int:
        """Chance: one of 0 … n − 1."""
        return self.rng.randrange(n)

    # -- sequencing, for phases ------------------------------------------------------------

    def open(self, phase: Phase, decision: str, seat: int) -> bool:
        """Open a decision of ``phase`` for ``seat``; True, so that a phase may ``return`` it."""
        self.phase = phase
        self.decision = decision
        self.current = seat
        return True

    def advance(self) -> None:
        """Run the hand's remaining phases until one opens a decision."""
        while self.steps and not self.terminal:
            if self.steps.pop(0).start(self):
                return

    def next_in_queue(self) -> None:
        """Move to the next seat of a decision taken in turn, or resume the pipeline when done."""
        if self.queue:
            self.current = self.queue.pop(0)
        else:
            self.advance()

    def from_left(self) -> list[int]:
        """Every seat, starting at the dealer's left."""
        return [(self.dealer + 1 + k) % self.n for k in range(self.n)]

    def holder(self, card: int | None) -> int | None:
        """The seat holding ``card`` in hand, if any."""
        if card is None:
            return None
        return next((p for p in range(self.n) if card in self.hands[p]), None)

    def redeal(self) -> None:
        """Throw the cards in and deal again: the phases from the deal on start afresh."""
        g = self.game
        again = g.phases[g.redeal_from:]
        owned = {name for ph in again for name in type(ph).hand_fields}
        for name, value in g._defaults:
            if name in owned:
                setattr(self, name, _fresh(value))
        for name, make in g._makers:
            if name in owned:
                setattr(self, name, make(g, self.n))
        self.steps = list(again)
        self.advance()

    def end_hand(self, facts: Any) -> None:
        """The hand is over: score it with the family's scorer, and end the game or deal again."""
        g = self.game
        if g.audit:
            self.check_cards()
        scorer = g.scorer
        sides = self.sides
        hand_sides = sides if self.coalition is None else self.coalition.at(self.dealer)
        if hand_sides is None:
            unit_facts = facts
            scores = unit_scores = scorer.score(facts)
        else:   # the sides score as players, on their members' facts pooled; each member gets the side's score
            unit_facts = scorer.pool(facts, hand_sides)
            unit_scores = scorer.score(unit_facts)
            scores = hand_sides.spread(unit_scores)
            if sides is None:   # a coalition lasts one hand: from here on each player is their own
                unit_facts, unit_scores = facts, scores
        n = self.n
        for p in range(n):
            self.totals[p] += scores[p]
        # A search's copy (``end_after_hand``) is read for its scores only: the hand's own facts,
        # written out for the record, are left out (a tenth of an exact ending's time).
        self.record.hands.append(HandRecord(self.dealer, scores, list(self.totals), self.deals,
                                            {} if self.cut_after_hand else scorer.record(self, facts),
                                            scorer.RECORD_ORDER, scorer.RECORD_OPTIONAL))
        self.hand_no += 1
        self.best_of_hands.append(best_mask(unit_scores))   # per side, with sides
        if self.hand_no >= MAX_HANDS:
            return self.stop("cap")
        instant = scorer.instant_winner(unit_facts)
        if instant is not None:
            self.record.winner = instant if sides is None else sides.members[instant][0]
            return self.stop("natural")
        self.ends_with_hand = self.ends_with_hand or g.ending.condition_met(self.totals, self.hand_no, n, self.sizes)
        if self.ends_with_hand:
            unit_totals = self.totals if sides is None else sides.gather(self.totals)
            if unit_totals.count(max(unit_totals)) > 1:
                self.record.tie_rule_used = True
            winner = g.ending.winner(unit_totals, self.best_of_hands)
            if winner is not None:   # with sides: the winning side, recorded by its first seat
                self.record.winner = winner if sides is None else sides.members[winner][0]
                return self.stop("natural")
            if self.cut_after_hand:   # a search's copy: the next hand would only be dealt to stop
                return self.stop("cut")
        for ph in g._after_hand:
            ph.after_hand(self, scores)
        self.dealer = (self.dealer + 1) % n
        self._start_hand()

    def stop(self, outcome: str) -> None:
        """End the game: 'natural' (it ended by its rules), 'cap' (stopped by a safety cap) or
        'cut' (a search's copy stopped at the end of its hand: ``end_after_hand``)."""
        self.terminal = True
        self.phase = None
        self.decision = OVER
        self._legal = []
        rec = self.record
        rec.outcome = outcome
        if self.cut_after_hand:   # a search's copy: nobody reads its ranking (a rollout ends here)
            return
        w = rec.winner
        sides = self.sides
        if sides is None:
            rec.ranking = [1 if p == w else 1 + sum(1 for q in range(self.n) if self.totals[q] > self.totals[p] or q == w)
                           for p in range(self.n)]
        else:   # sides are placed, and every member takes its side's place
            ws = None if w is None else sides.of[w]
            totals = sides.gather(self.totals)
            place = [1 if s == ws else 1 + sum(1 for t in range(sides.count) if totals[t] > totals[s] or t == ws)
                     for s in range(sides.count)]
            rec.ranking = sides.spread(place)

    def hand_size(self) -> int:
        """Cards each player is dealt this hand (shrinking games deal fewer each hand)."""
        if self.sizes is None:
            return self.game.dealer.cards_each(self.n)
        return self.sizes[min(self.hand_no, len(self.sizes) - 1)]

    # -- the hand --------------------------------------------------------------------------

    def _reset_hand(self) -> None:
        self.game._reset(self.__dict__, self.n)

    def _start_hand(self) -> None:
        self._reset_hand()
        self.steps = list(self.game.phases)
        self.advance()


def _fresh(value: Any) -> Any:
    """A new copy of a mutable initial value (each state and hand gets its own)."""
    t = type(value)
    if t is list:
        return [_fresh(v) for v in value]
    if t is set or t is dict:
        return value.copy()
    return value


#: Values that are their own hashable image: most of a position is lists of card numbers, and
#: answering them first keeps the position key (taken at every move of a loop check) cheap.
_ATOMS = frozenset({int, str, bool, float, type(None)})


_LISTS, _SETS = {list}, {set}


def _quick(value: Any) -> Any:
    """A field's image for the position key, as cheap as can be: a list (or a list of lists) as
    tuples, a set as a frozen set (a list of sets, one a seat, as frozen sets), a dict as its
    frozen items. Unhashable when the field holds anything deeper; ``_frozen`` then takes it."""
    t = type(value)
    if t is list:
        if value:
            inner = type(value[0])
            if inner is list and {*map(type, value)} == _LISTS:
                return tuple(map(tuple, value))
            if inner is set and {*map(type, value)} == _SETS:
                return tuple(map(frozenset, value))
        return tuple(value)
    if t is set:
        return frozenset(value)
    if t is dict:
        return frozenset(value.items())
    return value


def _frozen(value: Any) -> Any:
    """A hashable image of a field's value (lists as tuples, sets sorted, objects by their key)."""
    t = type(value)
    if t in _ATOMS:
        return value
    if t is list or t is tuple:
        return tuple(map(_frozen, value))
    if t is set or t is frozenset:
        return ("set", tuple(sorted(value, key=repr)))
    if t is dict:
        return ("dict", tuple(sorted(((repr(k), _frozen(v)) for k, v in value.items()))))
    key = getattr(value, "key", None)
    if callable(key):
        return key()
    return value
