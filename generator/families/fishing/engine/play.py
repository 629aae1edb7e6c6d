"""A fishing hand's play: the opening table (``LayTable``), then ``Fish``, the turns.

* **The opening table**: after the hands, ``play.table`` cards are dealt face up from the stock to
  the table (one pile, or side by side). With ``fresh_table``, an opening that would hand out a
  free capture (a pile whose top card is of the sweeping rank or shares its rank with the card
  under it; a spread holding a card of the sweeping rank or three of one rank) is shuffled back
  into the stock and dealt again.
* **A turn**: the player plays one card from hand; it takes the table cards the chosen capture
  names (and goes with them to the player's captured cards), or is laid on the table.
* **Refills**: when every hand is empty, the dealer deals each player as many cards as the deal
  gave, from the dealer's left, as long as the stock lasts (one at a time round the table for the
  last few, when the stock holds fewer than a full round).
* **Builds** (``play.builds``): a build's cards stay on the table (``state.layout``) and
  ``state.builds`` says which go together, whose build it is and its total (``rules``'s
  docstring). Making, raising and taking builds, and a builder's duties, are ``Fish._legal_builds``
  and ``Fish._build``; a game without builds never reaches them.
* **The end of the hand**: hands and stock empty, the last player to capture takes what is left
  on the table, builds and all (never a sweep); if no one captured, it stays untaken.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable

from generator.engine.phase import Phase, per_seat
from generator.engine.places import PUBLIC, Place

try:
    import cython
except ImportError:   # no Cython: its declarations do nothing (``compiled.shadow``)
    from generator.compiled import shadow as cython

from .narrate import FishNarration
from .rules import BUILD, CARD, SHIFT, FishRules, TableSets, action, build_action, card_of, is_build, taken_of, total_of
from .scoring import FishFacts, FishScorer

if TYPE_CHECKING:   # pragma: no cover
    from generator.engine.state import Game, State

TURN = "capture"
#: Give up dealing a fresh opening table after this many tries (a stock too small to change it).
MAX_TABLES = 100


def _and(parts: list[str]) -> str:
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


def _layout_view(state: "State", seat: int) -> list[int]:
    return list(state.layout)


def _taken_view(state: "State", seat: int) -> list[list[int]]:
    return [list(pile) for pile in state.catch]


def _played_view(state: "State", seat: int) -> list[int]:
    """The cards out of play: every captured card (they lie face up in ``catch``, so a search's
    determinization sees them there too; the view is what the strong bot's sampler asks for)."""
    return [c for pile in state.catch for c in pile]


def _builds_view(state: "State", seat: int) -> list[tuple[int, int, tuple[int, ...]]]:
    return list(state.builds)


class LayTable(Phase):
    """The opening table, dealt face up from the stock after the hands."""

    places = (Place("layout", False, PUBLIC), Place("catch", True, PUBLIC))
    hand_fields = {"layout": [], "catch": per_seat(list), "sweeps": per_seat(int), "last_capturer": None,
                   "turns": 0, "tables": 0, "left_over": 0, "builds": []}
    views = {"layout": _layout_view, "catch": _taken_view, "builds": _builds_view, "played": _played_view}
    rule = "the opening table dealt again"
    dropped_by = {"play.fresh_table": False}

    def __init__(self, game: "Game"):
        super().__init__(game)
        p = game.spec.play
        self.count = p.table
        self.fresh = p.fresh_table
        self.pile = p.layout == "pile"
        self.rank = list(game.table.rank)
        self.sweeper = p.sweeper

    def printed_rules(self):
        """The opening table dealt again is printed only when the game has it."""
        return super().printed_rules() if self.fresh else []

    def free_capture(self, layout: list[int]) -> bool:
        rank = self.rank
        if not layout:
            return False
        if self.pile:
            top = rank[layout[-1]]
            return top == self.sweeper or (len(layout) > 1 and rank[layout[-2]] == top)
        ranks = [rank[c] for c in layout]
        return self.sweeper in ranks or any(ranks.count(r) >= 3 for r in set(ranks))

    def start(self, state: "State") -> bool:
        stock = state.stock
        k = min(self.count, len(stock))
        layout = stock[:k]
        del stock[:k]
        tables = 1
        if self.fresh:   # (the fields written once, at the end: every hand opens so)
            free = self.free_capture
            while free(layout) and tables < MAX_TABLES and stock:
                stock += layout
                state.shuffle(stock)
                layout = stock[:k]
                del stock[:k]
                tables += 1
            if tables > 1:
                state.record.applied.add(type(self).__name__)
        state.layout, state.tables = layout, tables
        return False


class Fish(Phase):
    decisions = (TURN,)
    narration = FishNarration
    card_play = True
    repeats = False   # every turn plays a card from hand: a position never comes back
    rule = ""

    def __init__(self, game: "Game"):
        super().__init__(game)
        self.rules = FishRules(game.spec, game.table)
        self.first_turn = game.spec.play.first_turn
        self.names = game.table.names
        rules = self.rules
        # The pile's fast path (``play_random``): for each card that may top the pile, which
        # cards take it (its rank, or the sweeping rank; the whole of ``captures`` for a pile),
        # as a row of bytes (1: it takes), which the compiled loop reads as C integers.
        rank = rules.rank
        self.takes_pile = [bytes(rank[c] == rank[top] or rank[c] == rules.sweeper for c in range(len(rank)))
                           for top in range(len(rank))] if rules.pile else None
        #: The same as sets, for ``legal``: the cards that take a pile topped by each card.
        self.takers = [frozenset(c for c in range(len(rank)) if row[c]) for row in self.takes_pile] if rules.pile else None
        self.takes_nothing = bytes(len(rank))   # (what takes an empty pile)
        self.bits = [1 << c for c in range(len(rank))]
        #: (seat on turn, every hand's size) → the seats' turns till the hands are empty (``_round``).
        self._rounds: dict[tuple, tuple[int, ...]] = {}
        #: The seat after each seat, and every seat from each dealer's left, at each number of players.
        counts = game.spec.players.counts()
        self._after = {n: [(p + 1) % n for p in range(n)] for n in counts}
        self._from_left = {n: [[(d + 1 + k) % n for k in range(n)] for d in range(n)] for n in counts}

    def start(self, state: "State") -> bool:
        seat = state.dealer if self.first_turn == "dealer" else (state.dealer + 1) % state.n
        if not any(state.hands):
            self._refill(state)
        if not state.hands[seat]:
            seat = self._next_holder(state, seat)
            if seat is None:
                return self._end_hand(state)
        return state.open(self, TURN, seat)

    def legal(self, state: "State") -> list[int]:
        if self.takes_pile is not None:   # a pile: what ``captures`` gives, from a table
            return self._pile_legal(state.hands[state.current], state.layout)
        rules = self.rules
        if rules.builds:
            return self._legal_builds(state)
        layout = state.layout
        captures, lays = [], []
        for c in state.hands[state.current]:
            found = rules.captures(c, layout)
            if found:
                captures.extend(action(c, taken) for taken in found)
                if rules.pile:   # in a pile a card that matches captures: it cannot be laid instead
                    continue
            lays.append(c)
        if captures and rules.must:
            return captures
        return captures + lays

    def apply(self, state: "State", act: int) -> None:
        p = state.current
        card = act & CARD
        state.hands[p].remove(card)
        if not act >> SHIFT:   # a card laid: nothing taken, nothing built (most turns)
            state.layout.append(card)
        elif act & BUILD:   # made, grouped or raised
            self._build(state, p, card, taken_of(act), total_of(act))
        elif self.takers is not None:   # a pile's capture takes it whole: its cards in card order
            self._capture(state, p, card, sorted(state.layout))
        else:
            self._capture(state, p, card, taken_of(act))
        state.turns += 1
        hands = state.hands
        if not hands[p] and not any(hands):   # (only the seat that played can have emptied them)
            if not state.stock:
                return self._end_hand(state)
            self._refill(state)
        nxt = self._after[state.n][p]
        if not hands[nxt]:
            nxt = self._next_holder(state, p)
        if nxt is None:   # pragma: no cover - a refill always gives someone a card
            return self._end_hand(state)
        state.open(self, TURN, nxt)

    def _capture(self, state: "State", p: int, card: int, taken: list[int]) -> None:
        """``card`` takes ``taken`` from the table (with the builds among them) into ``p``'s catch."""
        before = len(state.layout)
        if self.rules.is_sweep(card, taken, before, state.turns == 0):
            state.sweeps[p] += 1
            state.record.applied.add("sweep")
        if len(taken) == before:   # the whole table (always, in a pile), builds and all
            state.layout = []
            if state.builds:
                state.builds = []
        else:
            gone = set(taken)
            state.layout = [c for c in state.layout if c not in gone]
            if state.builds:   # a build is only ever taken whole
                state.builds = [b for b in state.builds if b[2][0] not in gone]
        state.catch[p].extend(taken)
        state.catch[p].append(card)
        state.last_capturer = p

    def _mine(self, state: "State", seat: int):
        """Whether a build's owner is ``seat`` or ``seat``'s partner."""
        sides = state.sides
        if sides is None:
            return lambda owner: owner == seat
        side = sides.of[seat]
        return lambda owner: sides.of[owner] == side

    def _legal_builds(self, state: "State") -> list[int]:
        """The turns of a game with builds: captures (a build taken whole, by its total), builds
        made, raised or grouped, and lays; and a builder's duties. A player whose build is on the
        table keeps a card of its total (their last one may only capture), and may not lay a card,
        raise, or build — but for a group build that takes in their own build."""
        rules = self.rules
        p = state.current
        hand, layout, builds = state.hands[p], state.layout, state.builds
        values = rules.value
        pending = [b for b in builds if b[0] == p]
        kept = {b[1] for b in pending}   # the totals this player must keep a card of
        own_cards = {b[2][0] for b in pending}
        mine = self._mine(state, p)
        table = TableSets(values, layout, builds)
        captures, made, lays = [], [], []
        for c in hand:
            last_of_kept = values[c] in kept and sum(1 for x in hand if values[x] == values[c]) == 1
            for taken in rules.captures(c, layout, builds, table):
                if last_of_kept and not own_cards.intersection(taken):
                    continue   # the card kept for one's build may only take it
                captures.append(action(c, taken))
            if last_of_kept:
                continue
            if not pending:
                lays.append(c)
                made.extend(build_action(c, cards, total) for total, cards in rules.raises(c, hand, builds, mine))
            for total, cards in rules.new_builds(c, hand, layout, builds, table):
                if pending and not own_cards.intersection(cards):
                    continue   # a pending build: only a group build that takes it in
                made.append(build_action(c, cards, total))
        if captures and rules.must:
            return captures
        out = captures + made + lays
        # A builder always holds a card that takes their build, so this list is never empty; if
        # it somehow were, laying any card keeps the hand going rather than stopping the game.
        return out or list(hand)

    def _build(self, state: "State", p: int, card: int, bundled: list[int], total: int) -> None:
        """A build made, grouped or raised: the card joins the table, and the builds whose cards
        it bundles become one build of ``total``, this player's."""
        gone = set(bundled)
        raised = any(b[2][0] in gone and b[1] != total for b in state.builds)
        state.builds = [b for b in state.builds if b[2][0] not in gone]
        state.builds.append((p, total, tuple(sorted(bundled + [card]))))
        state.layout.append(card)
        state.record.applied.add("raise" if raised else "build")

    def _next_holder(self, state: "State", seat: int) -> int | None:
        n = state.n
        for k in range(1, n + 1):
            q = (seat + k) % n
            if state.hands[q]:
                return q
        return None

    def _pile_legal(self, hand: list[int], pile: list[int]) -> list[int]:
        """``legal`` in a pile game: the cards that take the whole pile (one action each, the
        pile's mask the same for all), then the cards laid — the same actions in the same order
        as the general loop over ``FishRules.captures``. An empty pile, or a hand without a card
        that takes it (most turns), lays every card: its actions are the hand's cards."""
        if not pile:
            return list(hand)
        tk = self.takers[pile[-1]]   # type: ignore[index]
        if tk.isdisjoint(hand):
            return list(hand)
        taken = sum(map(self.bits.__getitem__, pile)) << SHIFT   # (the pile's cards are distinct)
        captures = [c | taken for c in hand if c in tk]
        if self.rules.must:
            return captures
        return captures + [c for c in hand if c not in tk]

    def play_random(self, state: "State", rnd: Callable[[], float]) -> bool:
        """Random turns of a pile game, to the end of the hand (or the move cap), in one loop.

        Covers every pile game (``takes_pile`` set; a pile has no builds); a spread game returns
        False and goes through ``legal``/``apply``. Why it is the general path's game:

        * in a pile every card held is one action, and ``legal`` lists the cards that take the
          pile (``takers``: its top card's rank, or the sweeping rank) first, then the cards laid,
          each in hand order (card order) — only the takers when capturing is compulsory. So the
          draw ``int(rnd() * k)`` over the same ``k`` is the index of the same card: in the hand
          itself when no card takes the pile (most turns), else in the hand sorted takers first;
        * each turn plays one card of the seat on turn, so the seats' turns until every hand is
          empty follow from the hands' sizes alone (``_round``: the seat after, skipping empty
          hands, as ``apply`` goes round): a round is a loop over its seats (with a sweep of the
          whole table, the hand's first turn, never a sweep, is a round of its own);
        * a capture takes the whole pile: into the catch in card order (as ``taken_of`` lists it)
          then the card played, with ``FishRules.is_sweep``'s test for a pile; a lay goes on top;
          the refill is ``_refill``'s (its full round inline), and the move cap stops at the same
          turn as ``apply_action``'s;
        * it leaves ``turns``, ``last_capturer``, the record's moves and decisions, and the seat on
          turn (or the hand's end) as ``apply`` and ``apply_action`` leave them.
        """
        if self.takes_pile is None:
            return False
        state._legal = None
        rules = self.rules
        rec = state.record
        state.turns, state.last_capturer, moves, forced, ended, p = self._pile_turns(
            state, rnd, rules.must, rules.sweep == "lone-card", rules.sweep == "clear-table",
            self.game.move_cap - rec.moves)
        rec.moves += moves
        rec.decisions += moves - forced
        if ended:
            state.current = p   # (the last to play, as ``apply`` leaves it)
            self._end_hand(state)
        else:
            state.open(self, TURN, p)
        if rec.moves >= self.game.move_cap and not state.terminal:
            state.stop("cap")
        return True

    @cython.locals(must=cython.bint, lone=cython.bint, clear=cython.bint, opening=cython.bint,
                   ended=cython.bint, turns=cython.Py_ssize_t, start=cython.Py_ssize_t,
                   stop=cython.Py_ssize_t, forced=cython.Py_ssize_t, p=cython.Py_ssize_t,
                   k=cython.Py_ssize_t, t=cython.Py_ssize_t, i=cython.Py_ssize_t,
                   j=cython.Py_ssize_t, c=cython.Py_ssize_t, card=cython.Py_ssize_t,
                   taker=cython.bint, x=cython.double, each=cython.Py_ssize_t,
                   full=cython.Py_ssize_t, room=cython.Py_ssize_t, n=cython.Py_ssize_t,
                   hands=list, h=list, layout=list, catch=list, stock=list, after=list,
                   rank=list, rows=list, seq=tuple, row=bytes, nothing=bytes)
    def _pile_turns(self, state: "State", rnd: Callable[[], float], must: bool, lone: bool,
                    clear: bool, room: int) -> tuple[int, int | None, int, int, bool, int]:
        """``play_random``'s turns of a pile game, at most ``room`` of them: (turns, last
        capturer, moves, forced moves, whether the hand ended, the seat on turn or last to play).
        Its counters and indices are C integers when compiled; a card's row of ``takes_pile``
        says which cards take a pile it tops."""
        rank, rows, nothing = self.rules.rank, self.takes_pile, self.takes_nothing
        hands, catch, stock, n = state.hands, state.catch, state.stock, state.n
        after = self._after[n]
        order = self._from_left[n][state.dealer]
        each = state.hand_size()
        full = each * n
        layout, turns, last = state.layout, state.turns, state.last_capturer
        row = rows[layout[-1]] if layout else nothing   # which cards take the pile
        start = turns
        stop = turns + room   # the move cap, counted in turns
        p = state.current
        forced = 0   # turns with one action: every other turn is a decision
        ended = False
        while turns < stop:
            seq = self._round(n, p, hands)
            opening = clear and not turns
            if opening:   # the hand's first turn played alone: its capture is no sweep
                seq = seq[:1]
            if turns + len(seq) > stop:
                seq = seq[:stop - turns]
            for p in seq:
                h = hands[p]
                k = len(h)
                t = 0   # the cards in hand that take the pile
                for i in range(k):
                    c = h[i]
                    t += row[c]
                if t == 0:   # nothing takes the pile: the i-th card of the hand is laid
                    if k > 1:
                        x = rnd()
                        card = h.pop(int(x * k))
                    else:
                        card = h.pop()
                        forced += 1
                    layout.append(card)
                    row = rows[card]
                    continue
                if must:
                    k = t
                if k > 1:   # the j-th of the hand's cards, the takers first (each in hand order)
                    x = rnd()
                    j = int(x * k)
                    taker = j < t
                    if not taker:
                        j -= t
                    i = 0
                    while True:   # (``row`` holds 0 or 1)
                        c = h[i]
                        if row[c] == taker:
                            if not j:
                                break
                            j -= 1
                        i += 1
                    card = h.pop(i)
                else:
                    if must:   # the one card that takes it
                        i = 0
                        c = h[0]
                        while not row[c]:
                            i += 1
                            c = h[i]
                        card = h.pop(i)
                    else:
                        card = h.pop()
                    forced += 1
                if row[card]:   # it takes the pile
                    # ``FishRules.is_sweep`` for a pile, whose capture takes it whole
                    if (lone and len(layout) == 1 and rank[layout[0]] == rank[card]) or (clear and not opening):
                        state.sweeps[p] += 1
                        state.record.applied.add("sweep")
                    layout.sort()   # the taken cards in card order, as ``taken_of`` lists them
                    catch[p] += layout
                    catch[p].append(card)
                    layout = state.layout = []
                    row = nothing
                    last = p
                else:
                    layout.append(card)
                    row = rows[card]
            turns += len(seq)
            if turns >= stop:
                if any(hands) or stock:   # stopped by the cap with the hand going on: the next seat holding cards
                    if not any(hands):
                        self._refill(state)
                    p = after[p]
                    while not hands[p]:
                        p = after[p]
                else:
                    ended = True
                break
            if any(hands):   # (the opening turn played alone)
                p = after[p]
                continue
            if not stock:
                ended = True
                break
            if len(stock) >= full:   # ``_refill``'s full round, inline
                for q in order:
                    h = hands[q]
                    h += stock[:each]
                    del stock[:each]
                    h.sort()
            else:
                self._refill(state)
            p = after[p]
        return turns, last, turns - start, forced, ended, p

    def _round(self, n: int, p: int, hands: list[list[int]]) -> tuple[int, ...]:
        """The seats' turns from ``p`` (or the next seat holding cards) until every hand is
        empty: each plays one card a turn, the seat after playing next, empty hands skipped."""
        sizes = tuple(map(len, hands))
        key = (p, sizes)
        seq = self._rounds.get(key)
        if seq is None:
            after, left, out = self._after[n], list(sizes), []
            while any(left):
                while not left[p]:
                    p = after[p]
                out.append(p)
                left[p] -= 1
                p = after[p]
            seq = self._rounds[key] = tuple(out)
        return seq

    def _refill(self, state: "State") -> None:
        """Deal each player a hand's worth from the stock, from the dealer's left, while it lasts."""
        stock, n = state.stock, state.n
        each = state.hand_size()
        order = self._from_left[n][state.dealer]
        if len(stock) >= each * n:
            for q in order:
                state.hands[q].extend(stock[:each])
                del stock[:each]
        else:
            i = 0
            while stock:
                state.hands[order[i % n]].append(stock.pop(0))
                i += 1
        for q in order:
            state.hands[q].sort()

    def _end_hand(self, state: "State") -> None:
        last = state.last_capturer
        if last is not None and state.layout:
            state.catch[last].extend(state.layout)
            state.layout = []
        state.builds = []
        state.left_over = len(state.layout)
        scorer = self.game.scorer
        if type(scorer) is FishScorer:   # its ``facts`` without the copies: the hand's lists are
            # never changed after its end (the next hand makes its own), so the facts may hold them
            state.end_hand(FishFacts(state.catch, state.sweeps, last, state.left_over))
        else:
            state.end_hand(scorer.facts(state))

    def describe(self, state: "State", act: int) -> str | None:
        names = self.names
        card = card_of(act)
        taken = taken_of(act)
        if not taken:
            return f"lays the {names[card]}"
        if is_build(act):
            return self._describe_build(state, card, taken, total_of(act))
        if self.rules.pile:
            what = ", ".join(f"the {names[c]}" for c in taken)
            return f"plays the {names[card]} and takes the pile ({what})"
        return f"plays the {names[card]} and takes {self._cards_and_builds(state, taken)}"

    def _cards_and_builds(self, state: "State", cards: list[int]) -> str:
        """Table cards named, a build's together as "the build of 8 (…)"."""
        names, parts, inside = self.names, [], set()
        for _, total, bundle in state.builds:
            if bundle[0] in cards:
                inside.update(bundle)
                parts.append(f"the build of {total} ({', '.join(names[c] for c in bundle)})")
        parts[:0] = [f"the {names[c]}" for c in cards if c not in inside]
        return _and(parts)

    def _describe_build(self, state: "State", card: int, bundled: list[int], total: int) -> str:
        names = self.names
        whole = set(bundled)
        held = [b for b in state.builds if b[2][0] in whole]
        if len(held) == 1 and set(held[0][2]) == whole and held[0][1] != total:
            # the build's cards named: two builds of one total may both be raised by the same card
            return f"plays the {names[card]} onto {self._cards_and_builds(state, bundled)} and raises it to {total}"
        values = self.rules.value
        group = sum(values[c] for c in bundled) + values[card] != total
        what = self._cards_and_builds(state, bundled)
        return f"plays the {names[card]} onto {what} and builds {'a group of ' + str(total) + 's' if group else total}"
