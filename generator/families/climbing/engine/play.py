"""Climbing play (CL-01…CL-13, SH-02): each player in turn passes or beats the play on the table;
when the others have passed, the pile is taken as a trick or set aside and the last to play
leads again; a player who empties their hand goes out.

The shapes of plays and what beats what are ``rules.ClimbRules``'s (and the action encoding is
described there); this phase sequences the turns:

* **The opening lead** (CL-01): the dealer, the dealer's left, the landlord (BD-03), or the holder
  of the opening card, who must lead it as a single; after a titles hand, the title holder, vice
  or loser named by the spec (WU-01).
* **A turn**: a play that beats the play on the table (any lead shape the game allows when the
  table is empty), or a pass — unless the player must play (CL-03) and can. Face-down rows
  (SH-02): a player whose hand is empty plays from their face-up row as if it were their hand,
  then blind from the face-down row, choosing a card by position; a blind card that cannot be
  played goes back to its place (now seen by all) and the player passes. Knock-five (SC-A2): a
  player whose hand's face values total 5 or less may knock on their turn and wins the hand.
* **The end of a trick** (CL-11): when every other player still holding cards has passed since
  the last play ('all-passed'; with ``rejoin`` off, a player who passed sits the trick out); or,
  'first-pass', at the first pass or when the trick holds as many cards as there are players.
  The last to play takes the pile as a trick won or sets it aside (CL-12), and leads next; if
  they have gone out, the next player to their left still holding cards leads.
* **The kitty** (CL-13): with tricks taken, the first trick holding the capture card (or a card
  of the capture suit) takes the kitty too, as an extra trick won; with piles set aside, the
  first pile set aside holding it puts the kitty into the hand of the player of its last card
  (if that player has gone out, the kitty stays where it is for the rest of the hand).
* **The end of the hand**: a player goes out when they hold no card (with rows in a game that sets
  piles aside: nor any row card). In a titles game with ``retire``, play goes on without them
  until one player is left; otherwise the first out ends the hand at once (and with tricks
  taken, the unfinished trick is won by no one).
* **Invented laws** (SU-09) apply to plays as to cards: a play holding a card of a suit may not
  follow a play holding a card of another (``no-suit-after``, within a trick); a play holding
  the rank may not be led (``no-lead``); after a play holding the rank, its player leads the
  next trick, play reverses (the very next turn goes the new way), the next player misses their
  next turn, which counts as a pass (``after-rank``; ``draw`` draws from a stock if there is one,
  and climbing deals have none as a rule). A secret law broken takes the play back, and its
  player now knows the law.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable

from generator.engine.laws import LawBook
from generator.engine.phase import DIRECTION, Phase, PrintedRule
from generator.engine.places import HIDDEN, PUBLIC, Place
from generator.engine.shedding.scoring import GOING_OUT, TITLES, NextHand, close_hand
from generator.engine.shedding.tokens import ROWS
from generator.engine.steps.pig import pig_card
from generator.engine.trick_scoring import TRICKS

try:
    import cython
except ImportError:   # no Cython: its declarations do nothing (``compiled.shadow``)
    from generator.compiled import shadow as cython
from generator.spec import GameSpec

from .narrate import ClimbNarration
from .rules import BLIND, BOMB, JOKER, KNOCK, LOW, PASS, ROCKET, RUN, SET, SHAPE_WORDS, SINGLE, ClimbRules, Play, cards_of

#: What a play of each shape leaves in ``GameRecord.applied`` (DEAD_TEXT reads it).
SHAPE_TAGS = tuple("shape:" + w for w in SHAPE_WORDS)

if TYPE_CHECKING:   # pragma: no cover
    from generator.engine.cards import CardTable
    from generator.engine.state import Game, State

CLIMB = "climb"


def _in_play(name: str, empty):
    def view(state: "State", player: int):
        value = getattr(state, name)
        return list(value) if state.decision == CLIMB else empty
    return view


def _played(state: "State", player: int) -> list[int]:
    """Every card played this hand and seen by all (piles set aside, tricks taken, the table,
    blind cards shown)."""
    out = list(state.set_aside) + list(state.trick)
    for pile in state.won:
        out.extend(pile)
    return out


class Climb(NextHand, Phase):
    #: Whether a game of plain climbing takes the plain branches (``_plain_rules``); the tests
    #: turn it off to play the same games through the general path.
    fast_paths = True
    decisions = (CLIMB,)
    narration = ClimbNarration
    card_play = True
    repeats = False   # a card played never returns to a hand (a blind card that fails stays in its row)
    places = (Place("trick", False, PUBLIC), Place("set_aside", False, PUBLIC), Place("won", True, PUBLIC),
              Place("rows_up", True, PUBLIC), Place("rows_down", True, HIDDEN))
    hand_fields = {
        **TRICKS, **GOING_OUT, **ROWS, **DIRECTION,
        "set_aside": [], "trick_plays": [], "to_beat": None, "top_seat": None, "passed": [], "bombs": 0,
        "forced": None, "opening_with": None, "idle_passes": 0,
    }
    #: The titles of the hand just played (title, vice, loser), read by the next hand (WU-01…05).
    game_fields = {**TITLES}
    views = {
        "trick": lambda s, p: list(s.trick_plays) if s.decision == CLIMB else [],
        "to_beat": lambda s, p: s.to_beat if s.decision == CLIMB else None,
        "played": _played,
        "history": lambda s, p: list(s.history),
        "gone_out": lambda s, p: list(s.out),
        "rows_up": lambda s, p: [list(r) for r in s.rows_up],
        "rows_down_count": lambda s, p: [len(r) for r in s.rows_down],
        "tricks_won": lambda s, p: list(s.tricks_won),
        "plain_play": lambda s, p: False,   # plays are not single cards: no card-by-card shortcuts
        "climb_rules": lambda s, p: s.game.phase(Climb).rules,
        "points": lambda s, p: {},
    }

    def __init__(self, game: "Game"):
        super().__init__(game)
        spec, table = game.spec, game.table
        p = spec.play
        self.rules = ClimbRules(spec, table)
        self.table = table
        self.opening = p.opening_leader
        self.opening_card = table.index(p.opening_card) if p.opening_card else None
        self.opening_with = p.opening_play == "with"
        self.must_play = p.must_play
        self.first_pass = p.trick_end == "first-pass"
        self.rejoin = p.rejoin
        self.takes_tricks = p.collection == "trick"
        self.uses_rows = spec.deal.rows and not self.takes_tricks
        sc = spec.scoring
        self.retire = sc.kind == "titles" and sc.retire
        self.knock = getattr(sc, "round_end", None) == "knock-five"
        titles = sc if sc.kind == "titles" else None
        self.starter = titles.starter if titles else None
        bonus = spec.setup.extra_rules is not None and spec.setup.extra_rules.kind == "bonus"
        self.rule_maker = (0 if titles.rule_maker == "title" else 1) if titles and bonus else None
        self.loser_deals = bool(titles and titles.passing and titles.passing.kind == "loser-deals")
        sidx = {s: i for i, s in enumerate(table.suit_names)}
        cap = p.kitty_capture
        self.capture_card = table.index(cap.card) if cap and cap.card else None
        self.capture_suit = sidx[cap.suit] if cap and cap.suit else None
        self.laws = LawBook(table, table.suit_names, spec.deck.ranks()) if spec.setup.extra_rules else None
        self.pig = pig_card(spec, table)
        self.in_play_scored = sc.kind == "avoid-suit"
        self.plain = self.fast_paths and self._plain_rules(table)
        if self.plain:   # the plain branches, chosen once for this game, and the tables they read
            self.legal, self.apply = self._plain_legal, self._plain_apply   # type: ignore[method-assign]
            rules, L = self.rules, self.rules.top_level
            self.card_level = level = rules.level
            self.card_bit = rules.bit
            self.level_mask = [sum(1 << c for c in range(table.size) if level[c] == lv) for lv in range(L)]
            #: The cards that beat a single of each level (index level + 1; index 0: every card).
            self.above = [sum(self.level_mask[lv + 1:]) for lv in range(-1, L)]
            self.single_plays = [rules.classify(1 << c) for c in range(table.size)]   # each card alone
            #: Per level: each card's single if it beats a single of that level, else 0 (no play).
            self.beats_single = [[1 << c if level[c] > lv else 0 for c in range(table.size)] for lv in range(L)]
            counts = spec.players.counts()
            self._after = {n: [(q + 1) % n for q in range(n)] for n in counts}

    def _plain_rules(self, table: "CardTable") -> bool:
        """Whether this game's play is *plain climbing*, the shape of President: cards of a rank
        interchangeable and no wild card, joker, tarot major, bomb, low bomb, transparent rank,
        colour match, run, row, knock, law, kitty capture or scored suit; a set beaten only by as
        many cards of a higher rank; a passed player may play again in the trick, which ends when
        every other player holding cards has passed. Without laws, play always goes to the left.
        ``_play_plain`` plays such a game's random turns, and ``_plain_legal``, ``_plain_apply``
        and ``_plain_pass`` stand in for ``legal``, ``apply`` and ``_pass``; every other game
        goes through the general methods."""
        rules = self.rules
        return (rules.plain_sets and rules.plain_singles and not rules.runs and not rules.rocket
                and not table.jokers and all(0 <= lv < rules.top_level for lv in rules.level)
                and not self.uses_rows and not self.knock and self.laws is None and not self.first_pass
                and self.rejoin and not self.in_play_scored and self.pig is None
                and self.capture_card is None and self.capture_suit is None)

    @classmethod
    def needed(cls, spec: GameSpec) -> bool:
        return True

    def printed_rules(self) -> list[PrintedRule]:
        """The shapes of play a rulebook prints beyond single cards, each met when a play of that
        shape is laid: sets, runs, the bomb and the rocket, the lowest card that beats anything. A
        game whose players only ever lay single cards prints rules for sets it never needs."""
        p = self.game.spec.play
        out = []
        if p.sets_allowed():
            # With runs allowed, sets cannot go while runs stay: the rule is only warned about.
            drop = {} if p.runs_allowed() else {"play.leads": "singles", "play.beating": "higher"}
            out.append(PrintedRule("playing sets of cards of one rank", frozenset({SHAPE_TAGS[SET]}), drop))
        if p.runs_allowed():
            out.append(PrintedRule("playing runs", frozenset({SHAPE_TAGS[RUN]}),
                                   {"play.leads": "sets", "play.runs": None}))
        if p.bomb is not None:
            out.append(PrintedRule(f"the {p.bomb.name} (four cards of a rank)", frozenset({SHAPE_TAGS[BOMB]}),
                                   {"play.bomb": None}))
            if p.bomb.rocket:
                out.append(PrintedRule(f"the {p.bomb.rocket} (the pair of jokers)", frozenset({SHAPE_TAGS[ROCKET]}),
                                       {"play.bomb.rocket": None}))
        if p.low_bomb:
            out.append(PrintedRule("a single card of the lowest rank beating anything", frozenset({SHAPE_TAGS[LOW]}),
                                   {"play.low_bomb": False}))
        return out

    # -- the start of play -----------------------------------------------------------------

    def start(self, state: "State") -> bool:
        n = state.n
        if self.in_play_scored:
            state.in_play = {c for h in state.hands for c in h}
        leader = (state.dealer + 1) % n
        titles = state.titles_won
        seat = None   # the title holder, vice or loser who leads (WU-01), before any other rule
        if self.starter is not None and titles is not None and state.hand_no > 0:
            seat = titles[("title", "vice", "loser").index(self.starter)]
        if seat is not None:
            leader = seat
        elif self.opening == "dealer":
            leader = state.dealer
        elif self.opening == "landlord" and getattr(state, "landlord", None) is not None:
            leader = state.landlord
        elif self.opening == "holder":
            holder = state.holder(self.opening_card)
            if holder is not None and self.opening_with:
                leader, state.opening_with = holder, 1 << self.opening_card
            elif holder is not None:
                leader, state.forced = holder, 1 << self.opening_card
        state.open(self, CLIMB, leader)
        if not self.active(state, leader):
            state.current = self.next_seat(state, leader)
        holders = sum(1 for q in range(n) if self.active(state, q)) if self.uses_rows else n - state.hands.count([])
        if holders < 2:
            self._end_hand(state)   # nothing to climb: someone was dealt no card at all
        return True

    # -- who is still playing --------------------------------------------------------------

    def active(self, state: "State", seat: int) -> bool:
        """Whether ``seat`` still holds a card it may play (hand, or rows when they are played)."""
        if state.hands[seat]:
            return True
        return self.uses_rows and bool(state.rows_up[seat] or state.rows_down[seat])

    def next_seat(self, state: "State", seat: int, skip_passed: bool = False) -> int:
        """The next seat after ``seat`` in the direction of play still holding cards (and, when
        ``skip_passed``, not sitting this trick out)."""
        n, d = state.n, state.direction
        q = seat
        hands, rows = state.hands, self.uses_rows
        for _ in range(n):
            q = (q + d) % n
            if (hands[q] or (rows and self.active(state, q))) and not (skip_passed and q in state.passed):
                return q
        return seat

    # -- legal plays -----------------------------------------------------------------------

    def source(self, state: "State", seat: int) -> list[int]:
        """The cards a player plays from: their hand, else (rows) their face-up row."""
        hand = state.hands[seat]
        if hand or not self.uses_rows:
            return hand
        return state.rows_up[seat]

    def legal(self, state: "State") -> list[int]:
        if state.forced is not None:
            return [state.forced]
        p = state.current
        if state.opening_with is not None:   # the opening card, led in any lead that includes it
            bit = state.opening_with
            return [a for a in self.rules.plays(state.hands[p], None) if a & bit]
        src = self.source(state, p)
        old = state.to_beat
        if src:
            plays = self.rules.plays(src, old)
            if state.laws and self.laws is not None:
                plays = [a for a in plays if not self._forbidden(state, a, p, known_only=True)]
            able = bool(plays)
        else:
            plays = [BLIND + i for i in range(len(state.rows_down[p]))]
            able = False
        out = plays
        if old is not None or not plays:
            if not (self.must_play and able) and not (not src and self.must_play and plays):
                out = [PASS] + plays
        if self.knock and state.hands[p] and sum(self.table.face[c] for c in state.hands[p]) <= 5:
            out = out + [KNOCK]
        return out

    def _plain_legal(self, state: "State") -> list[int]:
        """``legal`` in plain climbing (``_plain_rules``), past the opening play: the same plays in
        the same order as ``ClimbRules.plays`` (singles in hand order, then sets rank by rank in
        the order of each rank's lowest card held, of its lowest cards), with the pass first when
        there is a play to beat (and no play, or no duty to play)."""
        hand = state.hands[state.current]
        old = state.to_beat
        if old is not None and old.size == 1:   # the commonest turn: a pass, or a higher single
            plays = list(filter(None, map(self.beats_single[old.level].__getitem__, hand)))
            if plays and self.must_play:
                return plays
            plays.insert(0, PASS)
            return plays
        level, bit = self.card_level, self.card_bit
        if old is None:   # a lead: every card as a single, then every set
            if state.forced is not None or state.opening_with is not None:   # the opening lead
                return Climb.legal(self, state)
            out = list(map(bit.__getitem__, hand))
            if self.rules.sets:
                ranks = dict.fromkeys(map(level.__getitem__, hand))   # in the order of their lowest card
                if len(ranks) < len(hand):   # some rank held twice or more
                    held, level_mask = sum(out), self.level_mask
                    for x in ranks:
                        cards = held & level_mask[x]
                        if cards & (cards - 1):   # its lowest two cards, lowest three, …
                            a = cards & -cards
                            cards ^= a
                            while cards:
                                low = cards & -cards
                                a |= low
                                out.append(a)
                                cards ^= low
            return out
        lv, k = old.level, old.size
        higher: dict[int, list[int]] = {}   # the higher ranks, in the order of their lowest card
        for c in hand:
            x = level[c]
            if x > lv:
                got = higher.get(x)
                if got is None:
                    higher[x] = [c]
                else:
                    got.append(c)
        plays = []
        for got in higher.values():
            if len(got) >= k:
                a = 0
                for c in got[:k]:
                    a |= bit[c]
                plays.append(a)
        if plays and self.must_play:
            return plays
        return [PASS] + plays

    def _forbidden(self, state: "State", action: int, seat: int, known_only: bool) -> bool:
        """Whether a law in force (known to ``seat`` if ``known_only``) forbids this play now."""
        book = self.laws
        cards = cards_of(action)
        prev = cards_of(state.trick_plays[-1][1]) if state.trick_plays else []
        for f in state.laws:
            if known_only and seat not in f.known_by:
                continue
            law = f.law
            if law.kind == "no-lead":
                if not state.trick_plays and any(self.table.rank[c] == law.rank for c in cards):
                    return True
            elif law.kind == "no-suit-after" and prev:
                s, a = book.suit_index[law.suit], book.suit_index[law.after]
                suit = self.table.suit
                if any(suit[c] == s for c in cards) and any(suit[c] == a for c in prev):
                    return True
        return False

    # -- applying a play -------------------------------------------------------------------

    def apply(self, state: "State", action: int) -> None:
        p = state.current
        if action == PASS:
            return self._pass(state, p)
        if action == KNOCK:
            state.knocker = p
            return self._end_hand(state)
        if action >= BLIND:
            return self._blind(state, p, action - BLIND)
        if state.forced is not None:
            state.forced = None
        state.opening_with = None
        if state.laws and self.laws is not None and self._forbidden(state, action, p, known_only=False):
            for f in state.laws:   # a secret law broken: the play goes back, and now they know it
                if p not in f.known_by and self._forbidden_by(state, f, action):
                    f.known_by.add(p)
            return
        cards = cards_of(action)
        src = state.hands[p]
        if not src and self.uses_rows:
            src = state.rows_up[p]
        for c in cards:
            src.remove(c)
        rules = self.rules
        play = rules.classify(action)
        if rules.transparent is not None:
            play = rules.as_laid(play, cards, state.to_beat)
        self._lay(state, p, action, cards, play)

    def _plain_apply(self, state: "State", action: int) -> None:
        """``apply`` in plain climbing (``_plain_rules``), past the opening play: the same state
        as ``_lay`` leaves, without what plain play never needs (rows, laws, bombs, the kitty)."""
        p = state.current
        hands = state.hands
        if action == PASS:   # (never the opening play; every pass goes through ``_pass``)
            return self._pass(state, p)
        if state.forced is not None or state.opening_with is not None:   # the opening play
            return Climb.apply(self, state, action)
        hand = hands[p]
        if action & (action - 1):   # a set
            cards = cards_of(action)
            for c in cards:
                hand.remove(c)
            state.trick.extend(cards)
            state.to_beat = self.rules.classify(action)
            state.record.applied.add(SHAPE_TAGS[SET])
        else:
            c = action.bit_length() - 1
            hand.remove(c)
            state.trick.append(c)
            state.to_beat = self.single_plays[c]
            state.record.applied.add(SHAPE_TAGS[SINGLE])
        state.trick_plays.append((p, action))
        state.top_seat = p
        state.last_play = action
        # (``idle_passes`` stays 0: a plain lead always has a play, so no lead is ever passed)
        if state.passed:
            state.passed = []
        if not hand:
            state.out.append(p)
            if not self.retire or state.n - hands.count([]) <= 1:
                return self._end_hand(state)
        after = self._after[state.n]
        q = after[p]
        while not hands[q]:
            q = after[q]
        state.current = q

    def _forbidden_by(self, state: "State", f, action: int) -> bool:
        """Whether the one law ``f`` forbids this play now."""
        saved = state.laws
        state.laws = [f]
        try:
            return self._forbidden(state, action, -1, known_only=False)
        finally:
            state.laws = saved

    def _blind(self, state: "State", p: int, i: int) -> None:
        """SH-02: a face-down card turned; played if it may be, else back to its place."""
        row = state.rows_down[p]
        card = row[i]
        action = 1 << card
        play = self.rules.as_laid(self.rules.classify(action), [card], state.to_beat)
        if self.rules.beats(play, state.to_beat):
            row.pop(i)
            if card in state.revealed:
                state.revealed.remove(card)
            return self._lay(state, p, action, [card], play)
        if card not in state.revealed:
            state.revealed.append(card)
        self._pass(state, p)

    def _lay(self, state: "State", p: int, action: int, cards: list[int], play: Play) -> None:
        state.trick.extend(cards)
        state.trick_plays.append((p, action))
        state.to_beat = play
        state.top_seat = p
        state.last_play = action
        state.idle_passes = 0
        state.record.applied.add(SHAPE_TAGS[play.shape])   # the shape was played (DEAD_TEXT)
        if play.shape >= BOMB and play.shape != JOKER and play.shape != LOW:   # a bomb or the rocket
            state.bombs += 1
        if self.rejoin:
            state.passed = []
        skipped = self._law_effects(state, p, cards) if state.laws and self.laws is not None else None
        if not state.hands[p] and not self.active(state, p):
            state.out.append(p)
            if not self.retire or sum(1 for q in range(state.n) if self.active(state, q)) <= 1:
                return self._end_hand(state)
        if self.first_pass and (len(state.trick) >= state.n or skipped is not None):
            return self._finish_trick(state)   # a skipped turn is a pass, and the first pass ends the trick
        if not self._others_left(state):
            return self._finish_trick(state)
        nxt = self.next_seat(state, p, skip_passed=not self.rejoin)
        if nxt == skipped:   # where passed players may rejoin, the skipped player's turn still goes by
            nxt = self.next_seat(state, nxt, skip_passed=not self.rejoin)
        state.current = nxt

    def _others_left(self, state: "State") -> bool:
        """Whether anyone but the last to play may still play to this trick."""
        top, passed = state.top_seat, state.passed
        if self.uses_rows:
            return any(self.active(state, q) and q != top and q not in passed for q in range(state.n))
        hands = state.hands
        for q in range(state.n):
            if q != top and hands[q] and q not in passed:
                return True
        return False

    def _pass(self, state: "State", p: int) -> None:
        if self.plain:
            return self._plain_pass(state, p)
        if p not in state.passed:
            state.passed.append(p)
        if state.to_beat is None:
            # No lead was possible (the laws forbid every play): the lead passes on.
            state.idle_passes += 1
            if state.idle_passes >= sum(1 for q in range(state.n) if self.active(state, q)):
                return self._end_hand(state)
            state.passed = []
            state.current = self.next_seat(state, p)
            return
        if self.first_pass or not self._others_left(state):
            return self._finish_trick(state)
        state.current = self.next_seat(state, p, skip_passed=not self.rejoin)

    def _plain_pass(self, state: "State", p: int) -> None:
        """``_pass`` in plain climbing (``_plain_rules``): the same state as ``_pass`` and
        ``_finish_trick`` leave. Everyone who has passed since the last play still holds cards
        and is not its player, so the trick is over when they are as many as the other holders."""
        hands = state.hands
        after = self._after[state.n]
        passed = state.passed
        passed.append(p)
        top = state.top_seat
        holders = state.n - hands.count([])
        if len(passed) < (holders - 1 if hands[top] else holders):
            q = after[p]
            while not hands[q]:
                q = after[q]
            state.current = q
            return
        # the trick is over (``_finish_trick``): the pile set aside or taken as a trick
        plays = state.trick_plays
        if self.takes_tricks:
            state.won[top].extend(state.trick)
            state.tricks_won[top] += 1
        else:
            state.set_aside.extend(state.trick)
        seats, actions = zip(*plays)
        state.history.append((seats, actions, top if self.takes_tricks else None))
        state.trick = []
        state.trick_plays = []
        state.to_beat = None
        state.passed = []
        q = top
        while not hands[q]:
            q = after[q]
        state.current = q

    def _law_effects(self, state: "State", seat: int, cards: list[int]) -> int | None:
        """Carry out the laws set off by a play; the seat whose turn a skip takes, if any."""
        skipped = None
        effects: list[str] = []
        for c in cards:
            for e in self.laws.effects(state.laws, c):  # type: ignore[union-attr]
                if e not in effects:
                    effects.append(e)
        for effect in effects:
            if effect == "lead-next":
                state.lead_override = seat
            elif effect == "draw" and state.stock:   # no trump card lies on a climbing stock
                state.hands[seat].append(state.stock.pop(0))
                state.hands[seat].sort()
            elif effect == "reverse":
                state.direction = -state.direction
            elif effect == "skip":
                nxt = self.next_seat(state, seat, skip_passed=not self.rejoin)
                if nxt != seat and nxt != state.top_seat and nxt not in state.passed:
                    state.passed.append(nxt)   # they miss their turn: counted as a pass
                    skipped = nxt
        return skipped

    def _finish_trick(self, state: "State") -> None:
        top = state.top_seat
        cards = state.trick
        table = self.table
        holds_capture = bool(state.kitty) and not state.captured and (
            self.capture_card in cards
            or (self.capture_suit is not None and any(table.suit[c] == self.capture_suit for c in cards)))
        if self.takes_tricks:
            state.won[top].extend(cards)
            state.tricks_won[top] += 1
            if table.jokers and any(c in table.jokers for c in cards):
                state.joker_tricks[top] += 1   # SC-T4: such a trick may not count, or count one more
            if holds_capture:
                state.won[top].extend(state.kitty)
                state.kitty = []
                state.tricks_won[top] += 1
                state.captured = True
        else:
            state.set_aside.extend(cards)
            if holds_capture:   # only the first such pile: a player who has gone out takes nothing
                state.captured = True
                if self.active(state, top):
                    state.hands[top].extend(state.kitty)
                    state.hands[top].sort()
                    state.kitty = []
        state.history.append((tuple(s for s, _ in state.trick_plays), tuple(a for _, a in state.trick_plays),
                              top if self.takes_tricks else None))
        state.trick = []
        state.trick_plays = []
        state.to_beat = None
        state.passed = []
        leader = state.lead_override if state.lead_override is not None else top
        state.lead_override = None
        if not self.active(state, leader):
            leader = self.next_seat(state, leader)
        state.current = leader

    def _end_hand(self, state: "State") -> None:
        if state.trick:   # the unfinished trick is won by no one
            state.set_aside.extend(state.trick)
            state.trick = []
            state.trick_plays = []
        state.end_hand(close_hand(self.game.scorer, state, state.set_aside))

    # -- the fast path ---------------------------------------------------------------------

    def play_random(self, state: "State", rnd: Callable[[], float]) -> bool:
        """Random play through ``legal`` and ``apply`` directly, a hand at a time, with the same
        draws as ``State.play_random`` (no validation, no Observation); plain climbing through
        ``_play_plain``."""
        if self.plain:
            return self._play_plain(state, rnd)
        rec = state.record
        hand_no = state.hand_no
        legal, apply = self.legal, self.apply
        moves = decisions = 0
        cap = self.game.move_cap - rec.moves
        while state.hand_no == hand_no and state.decision == CLIMB and not state.terminal and moves < cap:
            options = legal(state)
            k = len(options)
            moves += 1
            if k > 1:
                decisions += 1
                a = options[int(rnd() * k)]
            else:
                a = options[0]
            apply(state, a)
        state._legal = None
        state.count_moves(moves, decisions)
        return True

    def _play_plain(self, state: "State", rnd: Callable[[], float]) -> bool:
        """The random turns of plain climbing (``_plain_rules``) to the end of the hand, written
        out without listing the plays: the same draws, moves and state as ``legal``/``apply``.

        Why it is the same game: each hand is a bit mask of card ids, so its cards in hand order
        are its set bits from the lowest, and ``legal``'s list is decoded from the drawn index.
        A lead offers every card as a single (hand order), then for each rank in the order of
        its lowest card held, sets of 2, 3, … of its lowest cards; on a single, a pass and the
        higher cards; on a set, a pass and, rank by rank in the same order, as many of the
        lowest cards of each higher rank held in that number (no pass when the player must play
        and can). Passes are counted: with passed players free to play again, the trick is over
        when everyone else holding cards has passed since the last play. The opening play (a
        forced card, or a lead holding the opening card) goes through ``legal``/``apply``; the
        state's lists are written back when the hand ends or the move cap stops it."""
        rec = state.record
        hand_no = state.hand_no
        moves = decisions = 0
        cap = self.game.move_cap - rec.moves
        while (state.forced is not None or state.opening_with is not None) and moves < cap:
            options = self.legal(state)   # the opening play: rare, and through the general path
            k = len(options)
            moves += 1
            if k > 1:
                decisions += 1
                self.apply(state, options[int(rnd() * k)])
            else:
                self.apply(state, options[0])
        if state.hand_no == hand_no and state.decision == CLIMB and not state.terminal and moves < cap:
            moves, decisions = self._plain_turns(state, rnd, moves, decisions, cap)
        state._legal = None
        state.count_moves(moves, decisions)
        return True

    @cython.locals(decisions=cython.Py_ssize_t, cap=cython.Py_ssize_t, k=cython.Py_ssize_t,
                   i=cython.Py_ssize_t, take=cython.Py_ssize_t, size=cython.Py_ssize_t,
                   lvl=cython.Py_ssize_t, lv=cython.Py_ssize_t, left=cython.Py_ssize_t,
                   live=cython.Py_ssize_t, cur=cython.Py_ssize_t, card=cython.Py_ssize_t,
                   singles=cython.Py_ssize_t, x=cython.Py_ssize_t, light=cython.bint,
                   must=cython.bint, sets=cython.bint, retire=cython.bint, ended=cython.bint,
                   held=list, ranks=list, nxt=list, after=list, trick=list, plays=list,
                   level=list, level_mask=list, above=list, higher=list)
    def _plain_turns(self, state: "State", rnd: Callable[[], float], moves: int, decisions: int,
                     cap: int, noise: float | None = None) -> tuple[int, int]:
        """``_play_plain``'s loop, from a position with no opening play pending; returns the moves
        and decisions counted so far.

        ``noise``: None for random play. A number plays the strong bot's light rollout policy
        (``bots.light_play``) instead, in the same loop: at a decision ``rnd() < noise`` picks a
        play at random (a second draw, decoded as above), and otherwise the lowest play is taken:
        on a single, the first card in hand order of the lowest rank that beats it; on a set, as
        many cards of the lowest higher rank; on a lead, every card of the lowest rank held (its
        first card where sets are not played). Plain climbing has no bomb, rocket or joker for
        ``light_play`` to keep back, and the policy never passes when it can play."""
        rules = self.rules
        level, sets, must, retire = rules.level, rules.sets, self.must_play, self.retire
        level_mask, above = self.level_mask, self.above
        light = noise is not None
        n = state.n
        after = self._after[n]
        hands = state.hands
        bit = self.card_bit
        held = [sum(map(bit.__getitem__, h)) for h in hands]   # each hand as a bit mask of card ids
        ranks = [len(set(map(level.__getitem__, h))) for h in hands]   # and the ranks it holds
        live = n - held.count(0)   # players holding cards
        nxt = self._next_holders(held, after)
        to_beat = state.to_beat
        size, lvl = (0, 0) if to_beat is None else (to_beat.size, to_beat.level)
        beat = above[lvl + 1]   # the cards higher than the play to beat
        top = state.top_seat
        # The passes still to come before the trick is over (everyone else holding cards).
        left = 0 if top is None else (live - 1 if held[top] else live) - len(state.passed)
        trick, plays = state.trick, state.trick_plays
        history, out = state.history, state.out
        pile = state.won if self.takes_tricks else None
        set_aside = state.set_aside
        singles_laid = sets_laid = False   # for the record's shape tags
        last = state.last_play
        cur = state.current
        ended = False
        for moves in range(moves + 1, cap + 1):   # each turn counted as it is taken, up to the cap
            m = held[cur]
            if size == 1:   # a pass, or a higher single: the commonest turn
                m &= beat
                if not m:   # no higher card: the pass, the only play
                    left -= 1
                    if left:
                        cur = nxt[cur]
                        continue
                    take = 0
                else:
                    if must:
                        k = m.bit_count()
                        if k > 1:
                            decisions += 1
                            i = int(rnd() * k) if not light or rnd() < noise else -2
                        else:
                            i = 0
                    else:
                        decisions += 1
                        i = int(rnd() * (m.bit_count() + 1)) - 1 if not light or rnd() < noise else -2   # index 0 is the pass
                    if i == -2:   # the light play: the first card of the lowest rank that beats
                        m &= level_mask[_lowest_level(m, level_mask, lvl + 1)]
                        i = 0
                    if i < 0:
                        left -= 1
                        if left:
                            cur = nxt[cur]
                            continue
                        take = 0
                    else:
                        while i:
                            m &= m - 1
                            i -= 1
                        a = m & -m
                        card = a.bit_length() - 1
                        lv = level[card]
                        trick.append(card)
                        take = 1
            elif size:   # a pass, or as many of the lowest cards of a higher rank
                higher = []
                seen = 0
                rest = m & beat
                if rest.bit_count() < size:   # too few higher cards for a set: the pass, the only play
                    rest = 0
                while rest:   # the ranks in the order of their lowest card held
                    low = rest & -rest
                    lv = level[low.bit_length() - 1]
                    if not seen >> lv & 1:
                        seen |= 1 << lv
                        if (m & level_mask[lv]).bit_count() >= size:
                            higher.append(lv)
                    rest ^= low
                k = len(higher)
                if not (must and k):
                    k += 1
                    i = -1   # index 0 is the pass
                else:
                    i = 0
                if k > 1:
                    decisions += 1
                    if not light or rnd() < noise:
                        i += int(rnd() * k)
                    else:   # the light play: the lowest higher rank
                        i = higher.index(min(higher))
                if i < 0:
                    left -= 1
                    if left:
                        cur = nxt[cur]
                        continue
                    take = 0
                else:
                    lv = higher[i]
                    take = size
            else:   # a lead: every card as a single, then the sets
                singles = m.bit_count()
                # a rank held x times makes x - 1 sets: the cards less the ranks held
                k = singles + singles - ranks[cur] if sets else singles
                if k > 1:
                    decisions += 1
                    i = int(rnd() * k) if not light or rnd() < noise else -1
                else:
                    i = 0
                if i < 0:   # the light play: the lowest rank held, all of it where sets are played
                    lv = _lowest_level(m, level_mask)
                    take = (m & level_mask[lv]).bit_count() if sets else 1
                    if take == 1:
                        m &= level_mask[lv]
                        a = m & -m
                        trick.append(a.bit_length() - 1)
                elif i < singles:
                    while i:
                        m &= m - 1
                        i -= 1
                    a = m & -m
                    card = a.bit_length() - 1
                    lv = level[card]
                    trick.append(card)
                    take = 1
                else:
                    i -= singles
                    seen = 0
                    rest = m
                    while True:   # the ranks in the order of their lowest card held
                        low = rest & -rest
                        lv = level[low.bit_length() - 1]
                        if not seen >> lv & 1:
                            seen |= 1 << lv
                            x = (m & level_mask[lv]).bit_count() - 1   # its sets
                            if i < x:
                                break
                            i -= x
                        rest ^= low
                    take = i + 2
            if take:
                if take == 1:
                    singles_laid = True
                else:   # a set: the ``take`` lowest cards of level ``lv``
                    m = held[cur] & level_mask[lv]
                    a = 0
                    for _ in range(take):
                        low = m & -m
                        a |= low
                        m ^= low
                        trick.append(low.bit_length() - 1)
                    sets_laid = True
                m = held[cur] = held[cur] ^ a
                if not m & level_mask[lv]:   # the last of its rank
                    ranks[cur] -= 1
                plays.append((cur, a))
                size = take
                lvl = lv
                top = cur
                last = a
                beat = above[lv + 1]
                if m:
                    left = live - 1
                else:   # gone out
                    out.append(cur)
                    live -= 1
                    if not retire or live <= 1:
                        ended = True
                        break
                    left = live
                    nxt = self._next_holders(held, after)
                cur = nxt[cur]
            else:   # the trick is over: the last to play (or the next holder) leads
                if pile is not None:
                    pile[top].extend(trick)
                    state.tricks_won[top] += 1
                else:
                    set_aside.extend(trick)
                seats, actions = zip(*plays)
                history.append((seats, actions, top if pile is not None else None))
                trick, plays = [], []
                size = 0
                cur = top if held[top] else nxt[top]
        # Write the position back as ``apply`` leaves it.
        for h, m in zip(hands, held):
            if not m:
                h.clear()
            elif len(h) != m.bit_count():
                h[:] = [c for c in h if m >> c & 1]
        state.trick, state.trick_plays = trick, plays
        state.to_beat = rules.classify(plays[-1][1]) if plays else None
        state.top_seat, state.last_play = top, last
        applied = state.record.applied
        if singles_laid:
            applied.add(SHAPE_TAGS[SINGLE])
        if sets_laid:
            applied.add(SHAPE_TAGS[SET])
        if singles_laid or sets_laid:
            state.idle_passes = 0
        passed = []
        if plays and not ended:   # those who passed since the last play: the next holders after it
            q = top
            for _ in range((live - 1 if held[top] else live) - left):
                q = nxt[q]
                passed.append(q)
        state.passed = passed
        state.current = cur
        if ended:
            self._end_hand(state)
        return moves, decisions

    @staticmethod
    def _next_holders(held: list[int], after: list[int]) -> list[int]:
        """For each seat, the next seat to its left holding cards (itself if no one else does)."""
        out = []
        for q in range(len(held)):
            r = after[q]
            while not held[r] and r != q:
                r = after[r]
            out.append(r)
        return out

    # -- what players see, and how a play reads ---------------------------------------------

    def shown(self, state: "State", player: int) -> set[int]:
        return set(state.revealed)

    def hide(self, state: "State", public: "State", player: int) -> None:
        public.in_play = set()

    def determinized(self, state: "State", placed: dict[int, int]) -> None:
        if state.decision == CLIMB and self.in_play_scored:
            state.in_play = ({c for h in state.hands for c in h} | set(state.trick) | set(state.set_aside)
                             | {c for w in state.won for c in w})

    def describe(self, state: "State", action: int) -> str | None:
        return describe_play(self.rules, self.game.spec.deck.ranks(), action)


@cython.locals(level_mask=list, lv=cython.Py_ssize_t, start=cython.Py_ssize_t)
def _lowest_level(cards: int, level_mask: list[int], start: int = 0) -> int:
    """The lowest level (rank) of which a bit mask of cards holds a card, from level ``start``
    up (the cards hold none below it)."""
    for lv in range(start, len(level_mask)):
        if cards & level_mask[lv]:
            return lv
    raise ValueError("no card")


def describe_play(rules: ClimbRules, ranks: tuple[str, ...], action: int) -> str:
    """A play in words: 'pass', 'knock', 'a blind card', or its cards and what they count as."""
    if action == PASS:
        return "pass"
    if action == KNOCK:
        return "knock"
    if action >= BLIND:
        return f"turn face-down card {action - BLIND + 1}"
    t = rules.table
    cards = cards_of(action)
    names = iter(rules.names(action))
    words = []
    for c in cards:
        if rules.level[c] < 0 and len(cards) > 1 and not (rules.rocket and len(cards) == 2
                                                          and all(rules.level[x] < 0 for x in cards)):
            words.append(f"{t.names[c]} as a {rules.rank_name(next(names), ranks)}")
        else:
            words.append(t.names[c])
    play = rules.classify(action)
    shape = SHAPE_WORDS[play.shape]
    if play.shape == BOMB or play.shape == ROCKET:
        kind = shape
    elif play.shape == 2:
        kind = f"a run of {play.size}"
    elif play.shape == 1:
        kind = f"a set of {play.size}"
    else:
        kind = ""
    return ", ".join(words) + (f" ({kind})" if kind else "")
