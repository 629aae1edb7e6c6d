"""Climbing plays (CL-02…CL-09, DK-05): what a play is, what it beats, and every play a player
may make from the cards they can play.

**Actions.** A play is one integer: bit ``c`` set for every card id ``c`` played (so a single is
``1 << c``), plus, for each wild joker in a set or run, the rank it stands for: ``level + 1`` in
the byte at ``NAME_SHIFT + 8 × j`` for the pack's joker ``j``. The empty play, ``PASS`` (0), is a
pass; ``KNOCK`` and ``BLIND + i`` (a face-down row card, by position) sit above every card bit.
The encoding is stable (the same play is the same number in every position) and bounded (below
``1 << 128``).

**Levels.** Ranks are compared by their level: 0 for the lowest rank of the game's rank list,
up to ``L − 1`` for the top; with run wrap (DK-05) the lowest rank may also stand at level ``L``,
just above the top, at the high end of a run (low-2nd-3rd and 2nd-top-low are runs, top-low-2nd
is not). Tarot majors rank above every suit card, by number, and are played as singles only.

**How large a decision gets.** Singles: one per card held. When no rule of the game tells cards of
one rank apart (no colour match, kitty capture, avoid-suit scoring, pig, named card or invented
law), the cards of a rank are interchangeable and each set and run is offered once, made of the
lowest card ids: at most (ranks × 4 set sizes + windows of ranks) plays, about 150 with a whole
standard pack. Otherwise cards of a rank count as different only by what a rule sees in a set or
a run (a named card, the suit scored or capturing the kitty; every suit when invented laws may
name one), each distinct choice is offered, and a run's choices are capped at ``RUN_CAP`` per
window of ranks. The largest decision met in random play over 300 drawn specs had 1,305 plays
(two players holding 38 tarot cards each, runs across suits, invented laws); games like
President offer a few dozen.

Readings (``ClimbPlay``'s docstring, and these where it is silent):

* A bomb, the rocket, a single joker ('top') and the low bomb (CL-06) may be played *at any time*
  on one's turn: as a lead, or on any play, whatever its shape.
* A single joker ('top') beats every play but another single joker and the rocket; the low bomb
  beats every play but another low bomb; nothing beats the rocket. Jokers 'top' are never part of
  a set or run (except the pair of jokers that is the rocket).
* Wild jokers: a set holds at least one natural card and its jokers take its rank; the pair of
  jokers alone is the rocket if the game has one, and otherwise not a play. In a run, wild jokers
  fill the ranks the player lacks, and may stand for ranks they hold as well (the rulebook: "any
  card of the pack's ranks"). Natural beats joker applies to sets (two cards or more).
* A transparent card copying a single or set beneath counts as a copy of it, and a copy beats the
  play it copies (the catalogue: equal ranks never beat, "except CL-07 and transparent cards");
  the next play must then beat that rank. Shape rules (a larger set crushing) apply as to any
  play; a bomb is beaten only by a higher bomb, a copy of it included.
"""

from __future__ import annotations

from itertools import combinations, islice, product
from typing import NamedTuple

from generator.engine.cards import CardTable, cards_in
from generator.spec import GameSpec
from generator.spec.deck import MAJORS

PASS = 0
NAME_SHIFT = 96
KNOCK = 1 << 120
BLIND = 1 << 121          # + position in the face-down row (0, 1, 2)
CARD_BITS = (1 << NAME_SHIFT) - 1
RUN_CAP = 64
SINGLE, SET, RUN, BOMB, ROCKET, JOKER, LOW = range(7)
SHAPE_WORDS = ("single", "set", "run", "bomb", "rocket", "joker", "low bomb")
RED_SUITS = frozenset({"diamonds", "hearts"})


class Play(NamedTuple):
    """What a play counts as: its shape, number of cards, rank level (a run's top level), whether
    it holds no wild joker, a single's colour (0 black, 1 red, −1 none), and whether it is a
    transparent copy of the play beneath."""

    shape: int
    size: int
    level: int
    natural: bool = True
    colour: int = -1
    copy: bool = False


def cards_of(action: int) -> list[int]:
    """The card ids of a play, lowest first (the bits above ``CARD_BITS`` name jokers, not cards)."""
    return cards_in(action & CARD_BITS)


class ClimbRules:
    """A spec's climbing rules compiled once: levels per card, and the beating rules."""

    def __init__(self, spec: GameSpec, table: CardTable):
        p = spec.play
        self.table = table
        ranks = spec.deck.ranks()
        self.top_level = len(ranks)            # L: the wrap level
        lv = {r: len(ranks) - 1 - i for i, r in enumerate(ranks)}
        majors = table.suit_names.index(MAJORS) if MAJORS in table.suit_names else None
        jokers = set(table.jokers)
        self.level: list[int] = []
        for c in range(table.size):
            if c in jokers:
                self.level.append(-1)
            elif table.suit[c] == majors:
                self.level.append(len(ranks) + 1 + int(table.rank[c]))
            else:
                self.level.append(lv[table.rank[c]])
        self.colour = [(1 if table.suit_names[table.suit[c]] in RED_SUITS else 0)
                       if spec.deck.kind == "standard" and c not in jokers else -1 for c in range(table.size)]
        self.plain = [c for c in range(table.size) if c not in jokers and table.suit[c] != majors]
        self.jokers = table.jokers
        self.joker_index = {j: i for i, j in enumerate(table.jokers)}
        self.wild = p.jokers == "wild" and bool(table.jokers)
        self.top_jokers = p.jokers == "top" and bool(table.jokers)
        self.leads = p.leads
        self.sets = p.sets_allowed()
        self.runs = p.runs_allowed()
        self.same_suit = p.runs == "same-suit"
        self.wrap = spec.deck.run_wrap and self.runs
        self.beating = p.beating
        self.natural_beats_joker = p.natural_beats_joker
        self.low_bomb = p.low_bomb
        self.colour_match = p.colour_match and spec.deck.kind == "standard"
        self.bomb = p.bomb is not None
        self.rocket = bool(p.bomb and p.bomb.rocket and len(table.jokers) == 2)
        self.transparent = lv.get(p.transparent.rank) if p.transparent else None
        self.suit = table.suit
        # Whether the cards of one rank are interchangeable (see the module's docstring).
        sc = spec.scoring
        named = {getattr(getattr(sc, a, None), "card", None) for a in ("penalty_card", "bonus_card", "doubler")}
        cap = p.kitty_capture
        self.collapse = not (self.colour_match or cap is not None or sc.kind == "avoid-suit"
                             or spec.setup.pig is not None or spec.setup.extra_rules is not None
                             or named - {None})
        # What tells two cards of a rank apart in a set or a run (a colour matters to singles
        # only): being a named card, the suit scored or capturing the kitty, or any suit at all
        # when invented laws may name one. Plays whose cards differ in nothing else are one play.
        sidx = {s_: i for i, s_ in enumerate(table.suit_names)}
        named.add(spec.setup.pig.card if spec.setup.pig else None)
        named.add(cap.card if cap else None)
        named_ids = {table.index(x) for x in named if x}
        avoid = sidx.get(sc.suit) if sc.kind == "avoid-suit" else None
        capture = sidx.get(cap.suit) if cap and cap.suit else None
        laws = spec.setup.extra_rules is not None
        self.sig = [(c if c in named_ids else -1, table.suit[c] if laws else
                     (table.suit[c] == avoid, table.suit[c] == capture)) for c in range(table.size)]
        self._memo: dict[int, Play] = {}
        self.bit = [1 << c for c in range(table.size)]
        # A single's level (a wild joker alone is a single of the top rank), and whether singles
        # need nothing but it: no low bomb, single joker, transparent rank or colour match.
        self.plain_sets = (self.collapse and not self.wild and not self.bomb and self.transparent is None
                           and self.beating == "higher")
        self.single_level = [self.top_level - 1 if lv < 0 else lv for lv in self.level]
        self.plain_singles = not (self.low_bomb or self.top_jokers or self.transparent is not None
                                  or self.colour_match)

    # -- what a play is --------------------------------------------------------------------

    def classify(self, action: int) -> Play:
        """What a play counts as, by itself (a transparent copy is applied by ``as_laid``)."""
        memo = self._memo.get(action)
        if memo is not None:
            return memo
        cards = cards_of(action)
        level = self.level
        jokers = [c for c in cards if level[c] < 0]
        naturals = [c for c in cards if level[c] >= 0]
        k = len(cards)
        if k == 1:
            c = cards[0]
            if jokers:
                play = Play(JOKER, 1, 10**6, True) if self.top_jokers else Play(SINGLE, 1, self.top_level - 1, False)
            elif self.low_bomb and level[c] == 0:
                play = Play(LOW, 1, 0)
            else:
                play = Play(SINGLE, 1, level[c], True, self.colour[c])
        elif k == 2 and len(jokers) == 2 and self.rocket:
            play = Play(ROCKET, 2, 10**6)
        else:
            names = self.names(action)
            levels = sorted([level[c] for c in naturals] + names)
            if len(set(levels)) == 1:
                shape = BOMB if self.bomb and k == 4 else SET
                play = Play(shape, k, levels[0], not jokers)
            else:
                play = Play(RUN, k, self._run_top(levels, naturals), not jokers)
        if len(self._memo) > 500_000:
            self._memo.clear()
        self._memo[action] = play
        return play

    def _run_top(self, levels: list[int], naturals: list[int]) -> int:
        """A run's top level; with wrap, a run holding the lowest rank and the top one ends on the
        lowest (named jokers carry the wrap level themselves)."""
        if self.wrap and 0 in levels and (self.top_level - 1) in levels:
            return max(lv if lv else self.top_level for lv in levels)
        return levels[-1]

    def names(self, action: int) -> list[int]:
        """The levels the wild jokers of a play stand for (in joker order)."""
        out = []
        for j in range(len(self.jokers)):
            v = (action >> (NAME_SHIFT + 8 * j)) & 0xFF
            if v:
                out.append(v - 1)
        return out

    def as_laid(self, play: Play, cards: list[int], beneath: Play | None) -> Play:
        """CL-09: transparent cards laid on a single, set or bomb count as its rank."""
        t = self.transparent
        naturals = [c for c in cards if self.level[c] >= 0]
        # At least one transparent card: a wild joker played alone is a single of the top rank,
        # not a transparent card (in a set of them it takes their rank).
        if (t is None or beneath is None or beneath.shape not in (SINGLE, SET, BOMB)
                or play.shape not in (SINGLE, SET, BOMB) or not naturals
                or any(self.level[c] != t for c in naturals)):
            return play
        return play._replace(level=beneath.level, copy=True)

    # -- what beats what -------------------------------------------------------------------

    def may_lead(self, play: Play) -> bool:
        s = play.shape
        if s == SET:
            return self.leads != "singles"
        if s == RUN:
            return self.leads == "runs"
        return True

    def beats(self, new: Play, old: Play | None) -> bool:
        """Whether ``new`` may be laid on ``old`` (None: a lead)."""
        if old is None:
            return self.may_lead(new)
        s, o = new.shape, old.shape
        if o == ROCKET:
            return False
        if s == ROCKET:
            return True
        if s == JOKER:
            return o != JOKER
        if o == JOKER:
            return False
        if s == LOW:
            return o != LOW
        if o == LOW:
            return False
        if s == BOMB:
            return o != BOMB or new.level > old.level
        if o == BOMB:
            return False
        if s == o:
            if s == RUN:
                return new.size == old.size and new.level > old.level
            if new.size == old.size:
                if new.level > old.level:
                    return True
                if new.level == old.level:
                    if new.copy:   # a transparent copy is laid on what it copies
                        return True
                    if s == SET and self.natural_beats_joker and new.natural and not old.natural:
                        return True
                    if s == SINGLE and self.colour_match and new.colour >= 0 and old.colour >= 0 \
                            and new.colour != old.colour:
                        return True
                return False
            if self.beating == "sets-crush":
                return new.size > old.size
            if self.beating == "higher-sets":
                return new.size > old.size and new.level > old.level
            return False
        if o == SINGLE:
            if self.beating == "sets-crush":
                return s in (SET, RUN)
            if self.beating == "higher-sets":
                return s in (SET, RUN) and new.level > old.level
        return False

    # -- every play a player may make --------------------------------------------------------

    def plays(self, cards: list[int], old: Play | None) -> list[int]:
        """Every play from ``cards`` that may be laid on ``old`` (None: every lead)."""
        level = self.level
        bit = self.bit
        # singles: the common cases straight from the levels
        if old is None:
            out = [bit[c] for c in cards]
        elif self.plain_singles and old is not None and old.shape == SINGLE:
            lv, slevel = old.level, self.single_level
            out = [bit[c] for c in cards if slevel[c] > lv]
        elif self.plain_singles and old is not None:
            out = []   # a single beats only a single (bombs and the like are not singles)
        else:
            out = []
            classify, beats, t = self.classify, self.beats, self.transparent
            for c in cards:
                play = classify(bit[c])
                if t is not None and level[c] == t:
                    play = self.as_laid(play, [c], old)
                if beats(play, old):
                    out.append(bit[c])
        want_sets = self.bomb or (self.sets and (old is None or old.shape == SET or (
            old.shape == SINGLE and self.beating != "higher")))
        want_runs = self.runs and (old is None or old.shape == RUN or (old.shape == SINGLE and self.beating != "higher"))
        jokers: list[int] = []
        if self.rocket or want_sets or want_runs:
            by_level: dict[int, list[int]] = {}
            for c in cards:
                lv = level[c]
                if lv < 0:
                    jokers.append(c)
                elif lv in by_level:
                    by_level[lv].append(c)
                else:
                    by_level[lv] = [c]
            if self.rocket and len(jokers) == 2 and self.beats(Play(ROCKET, 2, 10**6), old):
                out.append(bit[jokers[0]] | bit[jokers[1]])
            wild = jokers if self.wild else []
            if want_sets:
                self._sets(by_level, wild, old, out)
            if want_runs:
                self._runs(by_level, wild, old, out)
                if self.wrap:   # a run of every rank reads both with and without the wrap
                    out = list(dict.fromkeys(out))
        return out

    def _sets(self, by_level: dict[int, list[int]], wild: list[int], old: Play | None, out: list[int]) -> None:
        if self.plain_sets:
            return self._plain_sets(by_level, old, out)
        beats, top_level, t = self.beats, self.top_level, self.transparent
        for lv, nat in by_level.items():
            if lv >= top_level:   # majors: singles only
                continue
            m = len(nat)
            for k in range(2, m + len(wild) + 1):
                shape = BOMB if self.bomb and k == 4 else SET
                if shape == SET and not self.sets:
                    continue
                for jj in range(0, min(len(wild), k - 1) + 1):
                    n_nat = k - jj
                    if n_nat > m or n_nat < 1:
                        continue
                    play = Play(shape, k, lv, jj == 0)
                    if t == lv:
                        play = self.as_laid(play, nat[:1], old)
                    if not beats(play, old):
                        continue
                    nat_choices = [nat[:n_nat]] if self.collapse else self._distinct(combinations(nat, n_nat))
                    joker_choices = [wild[:jj]] if self.collapse else list(combinations(wild, jj))
                    for chosen in nat_choices:
                        base = 0
                        for c in chosen:
                            base |= 1 << c
                        for js in joker_choices:
                            a = base
                            for j in js:
                                a |= (1 << j) | ((lv + 1) << (NAME_SHIFT + 8 * self.joker_index[j]))
                            out.append(a)

    def _distinct(self, choices) -> list:
        """The first of each group of card choices that differ only in what nothing tells apart."""
        sig = self.sig
        out, seen = [], set()
        for cards in choices:
            key = tuple(sorted(sig[c] for c in cards))
            if key not in seen:
                seen.add(key)
                out.append(tuple(cards))
        return out

    def _plain_sets(self, by_level: dict[int, list[int]], old: Play | None, out: list[int]) -> None:
        """``_sets`` for the commonest rules: cards of a rank interchangeable, no wild joker,
        bomb or transparent rank, a set beaten only by as many cards of a higher rank."""
        bit = self.bit
        if old is None:
            for nat in by_level.values():
                if len(nat) > 1 and self.level[nat[0]] < self.top_level:
                    a = bit[nat[0]]
                    for c in nat[1:]:
                        a |= bit[c]
                        out.append(a)
            return
        k, lv = old.size, old.level
        for level, nat in by_level.items():
            if level > lv and len(nat) >= k and level < self.top_level:
                a = 0
                for c in nat[:k]:
                    a |= bit[c]
                out.append(a)

    def _runs(self, by_level: dict[int, list[int]], wild: list[int], old: Play | None, out: list[int]) -> None:
        """Runs: for each group of cards that may form one (all, or each suit for same-suit runs),
        every window of ranks whose gaps the wild jokers can fill, counted with prefix sums."""
        L = self.top_level
        top = L if self.wrap else L - 1
        nj = len(wild)
        beats = self.beats
        following = old is not None and old.shape == RUN
        sizes = [old.size] if following else range(3, L + 1)   # type: ignore[union-attr]
        if self.same_suit:
            groups: dict[int, dict[int, list[int]]] = {}
            for lv, cs in by_level.items():
                if lv < L:
                    for c in cs:
                        groups.setdefault(self.suit[c], {}).setdefault(lv, []).append(c)
            held_groups = list(groups.values())
        else:
            held_groups = [{lv: cs for lv, cs in by_level.items() if lv < L}]
        joker_sets: dict[int, list] = {}
        for held in held_groups:
            if len(held) + nj < 3:
                continue
            options = {lv: cs[:1] if self.collapse else [t[0] for t in self._distinct([c] for c in cs)]
                       for lv, cs in held.items()}
            miss = [0]
            for pos in range(top + 1):
                miss.append(miss[-1] + (0 if (pos if pos < L else 0) in options else 1))
            for k in sizes:
                if k > len(held) + nj:   # (every window this long lacks more ranks than the jokers fill)
                    break
                lo = max(0, old.level - k + 2) if following else 0   # type: ignore[union-attr]
                for start in range(lo, top - k + 2):
                    end = start + k - 1
                    gaps_n = miss[end + 1] - miss[start]
                    if gaps_n > nj or gaps_n == k or (start == 0 and end == L):
                        continue
                    if not beats(Play(RUN, k, end, True), old):
                        continue
                    held_at, missing = [], []
                    for pos in range(start, end + 1):
                        (missing if (pos if pos < L else 0) not in options else held_at).append(pos)
                    # A wild joker "stands for any card of the pack's ranks": it fills a rank its
                    # player lacks, and may stand for one they hold too (keeping that card).
                    for extra in range(min(nj - gaps_n, k - 1 - gaps_n) + 1):
                        for instead in combinations(held_at, extra):
                            gaps = sorted(missing + list(instead))
                            filled = [options[pos if pos < L else 0] for pos in held_at if pos not in instead]
                            js_all = joker_sets.get(len(gaps))
                            if js_all is None:
                                js_all = joker_sets[len(gaps)] = ([wild[:len(gaps)]] if self.collapse
                                                                  else list(combinations(wild, len(gaps))))
                            for chosen in islice(product(*filled), RUN_CAP):
                                base = 0
                                for c in chosen:
                                    base |= 1 << c
                                for js in js_all:
                                    a = base
                                    for j, named in zip(js, gaps):
                                        a |= (1 << j) | ((named + 1) << (NAME_SHIFT + 8 * self.joker_index[j]))
                                    out.append(a)

    # -- words -----------------------------------------------------------------------------

    def rank_name(self, lv: int, ranks: tuple[str, ...]) -> str:
        L = self.top_level
        return ranks[L - 1 - (0 if lv == L else lv)]
