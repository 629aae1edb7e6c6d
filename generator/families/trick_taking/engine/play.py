"""Trick play (TT-01…TT-14): the opening lead, which cards may be played, wild jokers and the
joker lead, the pig's lead restriction, invented laws in play, boost tricks, the trump revealed in
play, who takes a trick and who leads next, and kitty capture. The hand ends when a player has no
card left at the start of a trick; the family's scorer then scores it.

The rules of following and of winning a trick are compiled in ``rules.TrickRules``; this phase
sequences the cards. Plain games (no wild jokers, joker lead, pig or laws) take a fast path in
batch self-play (``play_random``), card by card through ``TrickRules.legal`` alone.
"""

from __future__ import annotations

from bisect import bisect_left
from typing import TYPE_CHECKING, Callable, Sequence

from generator.engine.actions import PASS_PLAY, WILD_BASE
from generator.engine.laws import LawBook
from generator.engine.phase import DIRECTION, Phase
from generator.engine.places import PUBLIC, Place
from generator.engine.steps.deal import draw, drawable
from generator.engine.steps.pig import pig_card
from generator.engine.steps.trumps import TrumpRules, set_trump
from generator.engine.trick_scoring import TRICKS
from generator.spec import GameSpec, derived

from .narrate import TrickNarration
from .rules import TrickRules

if TYPE_CHECKING:   # pragma: no cover
    from generator.engine.state import Game, State

PLAY = "play"


def _in_play(name: str, empty: Callable[["State"], object]):
    """A view of trick play that is empty outside it (nothing is on the table then)."""
    def view(state: "State", player: int):
        return list(getattr(state, name)) if state.decision == PLAY else empty(state)
    return view


def _trick_seen(state: "State", player: int) -> list[tuple[int, int]]:
    return list(zip(state.trick_seats, state.trick)) if state.decision == PLAY else []


def _played(state: "State", player: int) -> list[int]:
    if state.decision != PLAY:
        return []
    return [c for _, cards, _ in state.history for c in cards] + list(state.trick_cards)


def _would_win(state: "State", player: int) -> Callable[[int], bool]:
    """Whether a card would currently take the trick, judged from public information only."""
    rules = state.game.phase(TrickPlay).rules  # type: ignore[union-attr]

    def would_win(card: int) -> bool:
        trick = state.trick + [card]
        return rules.winner(trick, state.eff, state.win_trump, state.anti) == len(trick) - 1
    return would_win


def _winning_seat(state: "State", player: int) -> int | None:
    """The seat whose card is taking the trick so far (public), None with no card played."""
    if state.decision != PLAY or not state.trick:
        return None
    rules = state.game.phase(TrickPlay).rules  # type: ignore[union-attr]
    return state.trick_seats[rules.winner(state.trick, state.eff, state.win_trump, state.anti)]


def _suit_runs(suit: Sequence[int]) -> list[tuple[int, int]] | None:
    """For each suit, the card numbers ``[lo, hi)`` it holds, when every suit is one such run
    (None otherwise): the cards of a suit in a sorted hand are then one slice."""
    runs = []
    for s in range(max(suit) + 1):
        cards = [c for c, t in enumerate(suit) if t == s]
        if not cards or cards[-1] - cards[0] + 1 != len(cards):
            return None
        runs.append((cards[0], cards[-1] + 1))
    return runs


class TrickPlay(Phase):
    decisions = (PLAY,)
    narration = TrickNarration
    card_play = True
    repeats = False   # a card played never returns to a hand: a position cannot come back
    places = (Place("won", True, PUBLIC), Place("trick_cards", False, PUBLIC))
    hand_fields = {
        **TRICKS, **DIRECTION,
        "trick_cards": [], "trick_seats": [], "trick_no": 0, "broken": False,
        "pig_suit_led": False, "forced_lead": None, "trump_pending": False, "boost_rank": None, "play_extras": False,
        "leader": 0, "boosted": False, "simple": False,
    }
    views = {
        "trick": _trick_seen, "played": _played,
        "tricks_won": _in_play("tricks_won", lambda s: [0] * s.n),
        "history": _in_play("history", lambda s: []),
        "points": lambda s, p: s.game.scorer.points_of(s),
        "would_win": _would_win,
        "winning_seat": _winning_seat,
        "plain_play": lambda s, p: s.game.phase(TrickPlay).plain,
    }

    def __init__(self, game: "Game"):
        super().__init__(game)
        spec, table = game.spec, game.table
        p = spec.play
        self.rules = TrickRules(spec, table)
        self.trumps = TrumpRules(spec, table)
        self.laws = LawBook(table, table.suit_names, spec.deck.ranks()) if spec.setup.extra_rules else None
        self.opening = p.opening_leader
        self.opening_card = table.index(p.opening_card) if p.opening_card else None
        self.wild = derived.wild_jokers(spec)
        sidx = {s: i for i, s in enumerate(table.suit_names)}
        self.joker_lead = sidx[p.joker_lead] if p.joker_lead else None
        self.boost_rank = p.boost.rank if p.boost else None
        self.pig = pig_card(spec, table)
        self.pig_lead = p.pig_lead
        cap = p.kitty_capture
        self.capture_card = table.index(cap.card) if cap and cap.card else None
        self.capture_suit = sidx[cap.suit] if cap and cap.suit else None
        # Whether a finished trick needs more than its winner worked out.
        self.trick_extras = bool(table.jokers) or self.pig is not None or cap is not None
        # A player able to beat the trick must (``overtake``): judged on the trick, so not on the fast path.
        self.overtake = p.overtake
        # Games without any of these play every card through TrickRules.legal alone (the fast path).
        self.plain = not (self.wild or self.joker_lead is not None or self.pig is not None or self.laws is not None
                          or self.overtake is not None)
        # … and of those, the ones that must follow suit and may lead anything: the commonest
        # game of all, whose cards are played inline (``State.simple`` says so for a hand in
        # which no trump waits to be revealed and no boost or law acts on a card played).
        self.simple = self.plain and self.rules.plain and self.rules.plain_lead
        self.naturals = [c for c in range(table.size) if c not in table.jokers]
        #: Seats in playing order after each leader, by player count and direction (popped from the end).
        self.orders = {n: game.turn_orders(n) for n in spec.players.counts()}
        self.in_play_scored = game.scorer.uses_in_play
        # A trick of a simple hand needs only its winner worked out: no breaking, no jokers or
        # kitty to account for, the winner leads next (``_finish_simple``).
        r = self.rules
        # A hand won by enough tricks may stop as soon as someone has them (``scoring.majority``).
        s = spec.scoring
        self.stop_at = s.needed if s.kind == "majority" and s.stop else None
        self.simple_finish = (self.simple and not self.trick_extras and r.breaking is None
                              and r.next_leader == "winner" and self.stop_at is None)
        # … and of those, the ones whose tricks go to the highest trump, else the highest card of
        # the suit led, with each suit one run of card numbers: a hand held sorted then follows
        # suit by bisection and the trick's winner is kept as the cards fall (``_random_tricks``).
        self.natural_suits = list(table.suit)
        self._round_orders: dict[tuple[int, int], tuple[tuple[int, ...], ...]] = {}
        self.suit_runs = _suit_runs(table.suit) if (self.simple_finish and r.powers is None and not r.weak
                                                    and not r.any_suit) else None

    @classmethod
    def needed(cls, spec: GameSpec) -> bool:
        return True

    # -- the start of play -----------------------------------------------------------------

    def start(self, state: "State") -> bool:
        state.open(self, PLAY, state.current)
        if self.in_play_scored:
            state.in_play = {c for h in state.hands for c in h}
        state.trump_pending = self.trumps.revealed_in_play
        state.boost_rank = self.boost_rank
        state.play_extras = self.boost_rank is not None or bool(state.laws)
        state.simple = self.simple and not state.trump_pending and not state.play_extras
        leader = (state.dealer + 1) % state.n
        if self.opening == "dealer":
            leader = state.dealer
        elif self.opening == "landlord" and state.landlord is not None:
            leader = state.landlord
        elif self.opening == "holder":
            holder = state.holder(self.opening_card)
            if holder is not None:
                leader, state.forced_lead = holder, self.opening_card
        self._lead_by(state, leader)
        if not all(state.hands):   # a hand in which someone holds nothing has no tricks
            self._end_hand(state)
        return True

    def _lead_by(self, state: "State", leader: int) -> None:
        state.leader = state.current = leader
        state.queue = list(self.game.turn_orders(state.n)[state.direction][leader])   # popped from the end
        state.boosted = False

    # -- legal plays -----------------------------------------------------------------------

    def legal(self, state: "State") -> list[int]:
        if state.forced_lead is not None:
            return [state.forced_lead]
        if state.simple:   # TrickRules.legal for must-follow, inline
            hand = state.hands[state.current]
            trick = state.trick
            if not trick:
                return hand
            eff = state.eff
            led = eff[trick[0]]
            return [c for c in hand if eff[c] == led] or hand
        if self.plain:
            return self.rules.legal(state.hands[state.current], state.trick, state.eff, state.win_trump,
                                    state.trick_no == 0, state.broken)
        return self._rich_legal(state)

    def _rich_legal(self, state: "State") -> list[int]:
        """Legal plays when wild jokers, a joker lead, the pig or invented laws are in the game."""
        table, p = self.game.table, state.current
        hand = state.hands[p]
        jokers = [j for j in table.jokers if j in hand] if self.wild else []
        trick, eff = state.trick, state.eff
        if jokers:
            # A wild joker may be any natural card: judge legality over the hand as it could be.
            real = [c for c in hand if c not in jokers]
            pool = sorted(set(real) | set(self.naturals))
            legal = self.rules.legal(pool, trick, eff, state.win_trump, state.trick_no == 0, state.broken)
            legal = [c for c in legal if c in real] + [WILD_BASE + 1000 * table.jokers.index(j) + c
                                                       for j in jokers for c in legal]
        else:
            legal = self.rules.legal(hand, trick, eff, state.win_trump, state.trick_no == 0, state.broken)
        if self.joker_lead is not None and state.trick_cards and state.trick_cards[0] in table.jokers:
            of_suit = [c for c in hand if eff[c] == self.joker_lead and c not in table.jokers]
            if of_suit:
                strength = self.rules.strength_for(state.win_trump)
                legal = [max(of_suit, key=lambda c: strength[c])]
        if state.pig_revealed and self.pig in hand and self.pig_lead != "free":
            legal = self._pig_restriction(state, legal, hand)
        if self.overtake is not None and trick:
            legal = self._overtaking(state, legal)
        if state.laws:
            allowed = [a for a in legal if not self._forbidden(state, a, p, known_only=True)]
            legal = allowed or [PASS_PLAY]
        return legal

    def _overtaking(self, state: "State", legal: list[int]) -> list[int]:
        """Of the plays allowed, those that beat the trick, when there are any — unless, with
        ``unless-partner``, a partner's card is winning the trick."""
        trick, rules = state.trick, self.rules
        sides = state.hand_sides
        if self.overtake == "unless-partner" and sides is not None:
            winning = state.trick_seats[rules.winner(trick, state.eff, state.win_trump, state.anti)]
            if sides.partner_of(state.current, winning):
                return legal
        beat = [a for a in legal if rules.winner(trick + [self._as_played(a)[1]], state.eff, state.win_trump,
                                                 state.anti) == len(trick)]
        return beat or legal

    def _pig_restriction(self, state: "State", legal: list[int], hand: list[int]) -> list[int]:
        pig, eff = self.pig, state.eff
        suit = eff[pig]
        if sum(1 for c in hand if eff[c] == suit) == 1:
            return legal   # its holder's only card of its suit: no restriction
        if not state.trick:
            barred = True
        else:
            barred = (self.pig_lead == "no-lead-or-first" and not state.pig_suit_led
                      and eff[state.trick[0]] == suit)
        if barred:
            return [a for a in legal if a != pig] or legal
        return legal

    def _as_played(self, action: int) -> tuple[int, int]:
        """(card that leaves the hand, card it counts as)."""
        if action >= WILD_BASE:
            joker, card = divmod(action - WILD_BASE, 1000)
            return self.game.table.jokers[joker], card
        return action, action

    def _forbidden(self, state: "State", action: int, seat: int, known_only: bool) -> bool:
        if action == PASS_PLAY:
            return False
        _, card = self._as_played(action)
        return any(self.laws.forbids(f.law, card, state.trick, state.eff)  # type: ignore[union-attr]
                   for f in state.laws if (not known_only or seat in f.known_by))

    # -- applying a play -------------------------------------------------------------------

    def apply(self, state: "State", action: int) -> None:
        if state.simple:   # a card of a simple hand (see ``_random_simple``): every move of most games
            p = state.current
            state.hands[p].remove(action)
            if state.forced_lead is not None:
                state.forced_lead = None
            state.trick.append(action)
            state.trick_cards.append(action)
            state.trick_seats.append(p)
            queue = state.queue
            if queue:
                state.current = queue.pop()
            elif self.simple_finish:   # a simple hand's trick needs only its winner
                self._finish_simple(state)
            else:
                self._finish_trick(state)
            return
        if self.plain and action < WILD_BASE:
            return self._play(state, action, action)
        if action == PASS_PLAY:
            return self._pass_play(state)
        if state.laws:
            broken = [f for f in state.laws if state.current not in f.known_by
                      and self.laws.forbids(f.law, self._as_played(action)[1], state.trick, state.eff)]  # type: ignore[union-attr]
            if broken:
                # A secret law was broken: the card goes back and the player now knows that law.
                for f in broken:
                    f.known_by.add(state.current)
                return
        self._play(state, *self._as_played(action))

    def play_random(self, state: "State", rnd: Callable[[], float]) -> bool:
        if not self.plain or state.forced_lead is not None:
            return False
        if state.simple:
            if self.suit_runs is not None:
                return self._random_tricks(state, rnd)
            return self._random_simple(state, rnd)
        # The plain trick game: straight to the trick rules and the card play, a hand at a time.
        legal_for = self.rules.legal
        play = self._play
        hand_no = state.hand_no
        moves = decisions = 0
        while state.hand_no == hand_no and state.decision == PLAY and state.forced_lead is None:
            legal = legal_for(state.hands[state.current], state.trick, state.eff, state.win_trump,
                              state.trick_no == 0, state.broken)
            k = len(legal)
            moves += 1
            if k > 1:
                decisions += 1
                c = legal[int(rnd() * k)]
            else:
                c = legal[0]
            play(state, c, c)
        state.count_moves(moves, decisions)
        return True

    def _random_tricks(self, state: "State", rnd: Callable[[], float]) -> bool:
        """``_random_simple`` for the commonest hand of all, a trick at a time (see ``suit_runs``):
        the same draws, the same cards, the same state. A hand is sorted, so the cards of the suit
        led are the slice between two bisections, and a card is drawn by its index into the slice
        (or into the whole hand when the slice is empty), as ``legal``'s list would give it; the
        winner is the first highest trump, else the first highest card of the suit led, kept
        as the cards fall, as ``TrickRules.winner`` finds it. With the natural suits and no
        anti-trump suit; otherwise ``_random_simple`` plays. A trick begun is finished card by
        card first."""
        eff, runs = state.eff, self.suit_runs
        if state.anti is not None or eff != self.natural_suits:
            return self._random_simple(state, rnd)
        if state.trick:   # taken up in mid-trick (a search's copy, most often): that trick card by card
            hand_no = state.hand_no
            self._random_simple(state, rnd, to_lead=True)
            if state.hand_no != hand_no or state.terminal:
                return True
        hands, won, tricks_won, history = state.hands, state.won, state.tricks_won, state.history
        strength, trump = self.rules.strength, state.win_trump
        rounds = self._rounds(state.n, state.direction)
        n = state.n
        p = state.current
        moves = decisions = 0
        while True:
            seats = rounds[p]
            hand = hands[p]
            k = len(hand)
            if k > 1:
                decisions += 1
                c = hand.pop(int(rnd() * k))
            else:
                c = hand.pop()
            led = eff[c]
            lo, hi = runs[led]
            best, trumped, taker = strength[c], led == trump, p
            trick = [c]
            led_trump = trumped
            for q in seats[1:]:
                hand = hands[q]
                a = bisect_left(hand, lo)
                k = bisect_left(hand, hi, a) - a
                if k:   # following suit: beats the best if higher and no trump lies off the suit led
                    if k > 1:
                        decisions += 1
                        c = hand.pop(a + int(rnd() * k))
                    else:
                        c = hand.pop(a)
                    if (led_trump or not trumped) and strength[c] > best:
                        best, taker = strength[c], q
                else:   # off the suit led: only a trump can take the trick
                    k = len(hand)
                    if k > 1:
                        decisions += 1
                        c = hand.pop(int(rnd() * k))
                    else:
                        c = hand.pop()
                    if eff[c] == trump and (not trumped or strength[c] > best):
                        best, trumped, taker = strength[c], True, q
                trick.append(c)
            moves += n
            won[taker].extend(trick)
            tricks_won[taker] += 1
            history.append((seats, tuple(trick), taker))
            state.trick_no += 1
            if not all(hands):
                # As ``_random_simple`` leaves a hand: the last player to play is the one to
                # move, the last trick's leader still leads, and the table is cleared.
                state.current, state.leader = seats[-1], p
                state.queue, state.trick, state.trick_cards, state.trick_seats = [], [], [], []
                self._end_hand(state)
                break
            p = taker
        state.count_moves(moves, decisions)
        return True

    def _rounds(self, n: int, direction: int) -> tuple[tuple[int, ...], ...]:
        """For each leader, the seats of a trick in the order they play (the leader first)."""
        key = (n, direction)
        rounds = self._round_orders.get(key)
        if rounds is None:
            rounds = self._round_orders[key] = tuple(tuple((lead + k * direction) % n for k in range(n))
                                                      for lead in range(n))
        return rounds

    def _random_simple(self, state: "State", rnd: Callable[[], float], to_lead: bool = False) -> bool:
        """``play_random`` for a simple hand: must follow suit, and nothing else acts on a card
        played — the legal cards and the play written out in one loop, with the same draws as
        ``legal``/``apply`` (and, for a simple trick, ``_finish_simple`` written out too: this
        loop is most of the time of a random game). ``to_lead``: stop at the next lead instead,
        the next trick's leader to move (``_random_tricks`` takes the hand up from there)."""
        rec = state.record
        hands, eff = state.hands, state.eff
        fast = self.simple_finish
        winner = self.rules.winner
        orders = self.game.turn_orders(state.n)[state.direction]
        hand_no = state.hand_no
        moves = decisions = 0
        trick, cards, seats, queue = state.trick, state.trick_cards, state.trick_seats, state.queue
        p = state.current
        while True:
            hand = hands[p]
            if trick:
                led = eff[trick[0]]
                legal = [c for c in hand if eff[c] == led] or hand
            else:
                legal = hand
            k = len(legal)
            moves += 1
            if k > 1:
                decisions += 1
                c = legal[int(rnd() * k)]
            else:
                c = legal[0]
            hand.remove(c)
            trick.append(c)
            cards.append(c)
            seats.append(p)
            if queue:
                p = queue.pop()
                continue
            state.current = p
            if not fast:
                self._finish_trick(state)
                if state.hand_no != hand_no or state.decision != PLAY:
                    break
                trick, cards, seats, queue = state.trick, state.trick_cards, state.trick_seats, state.queue
                p = state.current
                continue
            taker = seats[winner(trick, eff, state.win_trump, state.anti)]
            state.won[taker].extend(trick)
            state.tricks_won[taker] += 1
            state.history.append((tuple(seats), tuple(trick), taker))
            state.trick_no += 1
            trick = state.trick = []
            cards = state.trick_cards = []
            seats = state.trick_seats = []
            if not all(hands):
                self._end_hand(state)
                break
            queue = state.queue = list(orders[taker])
            state.leader = p = taker
            if to_lead:   # the cap is looked at when the hand ends, as ever
                state.current = p
                rec.moves += moves
                rec.decisions += decisions
                return True
        state.count_moves(moves, decisions)
        return True

    def _finish_simple(self, state: "State") -> None:
        """``_finish_trick`` for a simple hand (see ``simple_finish``): the winner takes the
        trick and leads the next. (``_random_simple`` writes the same out in its loop.)"""
        trick, seats = state.trick, state.trick_seats
        taker = seats[self.rules.winner(trick, state.eff, state.win_trump, state.anti)]
        state.won[taker].extend(trick)
        state.tricks_won[taker] += 1
        state.history.append((tuple(seats), tuple(trick), taker))
        self._next_trick(state, taker)

    def _next_trick(self, state: "State", leader: int) -> None:
        """Clear the table; ``leader`` leads the next trick, or the hand ends when a player has
        no card left."""
        state.trick = []
        state.trick_cards = []
        state.trick_seats = []
        state.trick_no += 1
        if not all(state.hands) or (self.stop_at is not None and self._decided(state)):
            self._end_hand(state)
        else:
            state.leader = state.current = leader
            state.queue = list(self.orders[state.n][state.direction][leader])
            state.boosted = False

    def _decided(self, state: "State") -> bool:
        """Whether a player, or side, has the tricks that win the hand (it then stops)."""
        won, sides = state.tricks_won, state.hand_sides
        if sides is None:
            return max(won) >= self.stop_at   # type: ignore[operator]
        return any(sum(won[p] for p in m) >= self.stop_at for m in sides.members)   # type: ignore[operator]

    def _pass_play(self, state: "State") -> None:
        if state.queue:
            state.current = state.queue.pop()
            if not state.trick:
                state.leader = state.current
        elif state.trick:
            self._finish_trick(state)
        else:
            self._end_hand(state)   # no one could play a card: the hand is over

    def _play(self, state: "State", card: int, as_card: int) -> None:
        p = state.current
        state.hands[p].remove(card)
        if state.forced_lead is not None:
            state.forced_lead = None
        trick = state.trick
        if state.trump_pending:
            self._reveal_trump(state, as_card)
        trick.append(as_card)
        state.trick_cards.append(card)
        state.trick_seats.append(p)
        if state.play_extras:
            if state.boost_rank is not None and len(trick) == 1:
                state.boosted = self.rules.rank[as_card] == state.boost_rank   # a major leads no boost
            if state.laws:
                self._law_effects(state, p, as_card)
        queue = state.queue
        if queue:
            state.current = queue.pop()
        elif state.boosted and all(state.hands):
            # A boost trick goes round a second time, starting with its leader.
            state.boosted = False
            n, d = state.n, state.direction
            state.queue = [(state.leader + k * d) % n for k in range(n - 1, -1, -1)]
            state.current = state.queue.pop()
        else:
            self._finish_trick(state)

    def _law_effects(self, state: "State", seat: int, card: int) -> None:
        for effect in self.laws.effects(state.laws, card):  # type: ignore[union-attr]
            if effect == "lead-next":
                state.lead_override = seat
            elif effect == "draw" and len(state.stock) > drawable(state):
                draw(state, seat, 1)
            elif effect == "reverse":
                state.direction = -state.direction
                waiting = set(state.queue)
                n, d = state.n, state.direction
                state.queue = [s for s in ((seat + k * d) % n for k in range(n - 1, 0, -1)) if s in waiting]
            elif effect == "skip" and state.queue:
                state.queue.pop()

    def _reveal_trump(self, state: "State", card: int) -> None:
        """Trumps that only appear in play: a hidden trump card is turned the first time a player
        plays off the led suit; with first-card trumps the first card led names the suit."""
        trick = state.trick
        if state.hidden is not None:
            if trick and state.eff[card] != state.eff[trick[0]]:
                set_trump(state, self.trumps.suit_of_shown(state.hidden))
                state.turned, state.hidden = state.hidden, None
                state.trump_pending = False
        elif not trick and not state.history:   # the first card of the hand
            set_trump(state, self.game.table.suit[card])
            state.trump_pending = False

    def _finish_trick(self, state: "State") -> None:
        rules = self.rules
        trick, cards = state.trick, state.trick_cards
        i = rules.winner(trick, state.eff, state.win_trump, state.anti)
        taker = state.trick_seats[i]
        state.won[taker].extend(cards)
        state.tricks_won[taker] += 1
        if rules.breaking is not None and not state.broken:
            state.broken = any(state.eff[c] == rules.breaking for c in trick)
        if self.trick_extras:
            self._after_trick(state, taker, trick, cards)
        state.history.append((tuple(state.trick_seats), tuple(cards), taker))
        if state.lead_override is not None:
            leader = state.lead_override
            state.lead_override = None
        elif rules.next_leader == "winner":
            leader = taker
        elif rules.next_leader == "left-of-leader":
            leader = (state.leader + state.direction) % state.n
        else:
            leader = rules.next_lead(trick, state.trick_seats, taker, state.leader, state.n, state.win_trump)
        self._next_trick(state, leader)

    def _after_trick(self, state: "State", taker: int, trick: list[int], cards: list[int]) -> None:
        """What a finished trick means beyond its winner: joker tricks, the pig's suit, the kitty."""
        table = self.game.table
        if table.jokers and any(c in table.jokers for c in cards):
            state.joker_tricks[taker] += 1
        if self.pig is not None and state.eff[trick[0]] == state.eff[self.pig]:
            state.pig_suit_led = True
        if state.kitty and not state.captured and (self.capture_card in cards or (
                self.capture_suit is not None and any(table.suit[c] == self.capture_suit for c in cards))):
            state.won[taker].extend(state.kitty)
            state.kitty = []
            state.tricks_won[taker] += 1
            state.captured = True

    def _end_hand(self, state: "State") -> None:
        state.end_hand(state.game.scorer.facts(state))

    # -- what players see, and how a play reads ---------------------------------------------

    def hide(self, state: "State", public: "State", player: int) -> None:
        public.in_play = set()   # the cards dealt to players this hand: counted again from the hands

    def determinized(self, state: "State", placed: dict[int, int]) -> None:
        if state.decision == PLAY and self.in_play_scored:
            state.in_play = ({c for h in state.hands for c in h} | set(state.trick_cards)
                             | {c for _, cards, _ in state.history for c in cards})

    def describe(self, state: "State", action: int) -> str | None:
        if action < WILD_BASE:
            return None   # a card, or no card: the generic wording
        t = self.game.table
        joker, card = divmod(action - WILD_BASE, 1000)
        return f"{t.names[t.jokers[joker]]} as the {t.names[card]}"
