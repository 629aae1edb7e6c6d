"""The climbing referee: what a play is, what beats what, every play a player may make, who takes
the pile and leads next, and what piles taken as tricks score — each written from the sentences
of the rulebook's *Play* section (``templates/families/climbing/play.md.j2``) and the spec.
Nothing here comes from the engine.

A play is a tuple of (card, rank it stands for): the rank is None but for a wild joker in a set
or a run ("red joker as a 7")."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from itertools import combinations, islice, permutations, product
from typing import NamedTuple

from .pack import Pack, is_joker, is_major, rank_of, suit_of

PASS = "pass"
RED = frozenset({"hearts", "diamonds"})

NOT_REFEREED = {
    "rows, knocking and blind cards": "face-down rows and the knock are not refereed: a position with a row "
                                      "card or a knock to play is skipped",
    "secret laws broken": "a play that breaks a secret law its player does not know goes back; not counted",
    "shedding scores": "hand scores of games whose piles are set aside (countdown, titles, the landlord's "
                       "stake, card values and counts) are left to the engine; piles taken as tricks are scored",
    "the end of a trick": "when a trick ends (passes in a row, the first pass) is the engine's; the referee "
                          "checks who takes it and who leads next",
    "the auction, the pig, titles passing cards": "decisions outside the climb, read as announced",
    "runs past the cap": "when the engine caps the choices of a long run (about 64 a window of ranks), plays "
                         "of the same ranks are compared by their ranks only",
}

SINGLE, SET, RUN, BOMB, ROCKET, JOKER, LOW = "single", "set", "run", "bomb", "rocket", "joker", "low bomb"


class Meaning(NamedTuple):
    """What a play counts as: its kind, number of cards, level (a single's or set's rank; a run's
    lowest card), whether it holds no wild joker, a single's colour, and the levels it holds."""

    kind: str
    size: int
    level: int
    natural: bool = True
    colour: str | None = None
    levels: tuple[int, ...] = ()
    copy: bool = False          # transparent cards laid on a play: "count as cards of its rank"


@dataclass(frozen=True)
class Rules:
    pack: Pack
    p: object
    wild: bool
    top: bool
    rocket: bool
    wrap: bool
    colour_match: bool
    transparent: str | None

    @classmethod
    def of(cls, spec) -> "Rules":
        p = spec.play
        jokers = spec.deck.jokers
        return cls(Pack.of(spec), p, p.jokers == "wild" and jokers > 0, p.jokers == "top" and jokers > 0,
                   bool(p.bomb and p.bomb.rocket and jokers == 2), bool(spec.deck.run_wrap) and p.runs_allowed(),
                   p.colour_match and spec.deck.kind == "standard", p.transparent.rank if p.transparent else None)

    @property
    def L(self) -> int:
        return len(self.pack.ranks)

    def level(self, rank: str) -> int:
        """0 for the lowest rank of the printed list, up to L − 1 for the top."""
        return self.L - 1 - self.pack.ranks.index(rank)


def _colour(r: Rules, card: str) -> str | None:
    if r.pack.kind != "standard" or is_joker(card):
        return None
    return "red" if suit_of(card) in RED else "black"


# -- what a play is ------------------------------------------------------------------------------

def meaning(r: Rules, play: tuple[tuple[str, str | None], ...]) -> Meaning | None:
    """What ``play`` counts as by itself, or None if it is not a play."""
    cards = [c for c, _ in play]
    k = len(cards)
    jokers = [c for c in cards if is_joker(c)]
    if k == 1:
        c = cards[0]
        if jokers:
            if r.top:   # "it beats any play … and nothing beats it but the rocket"
                return Meaning(JOKER, 1, 10 ** 6)
            return Meaning(SINGLE, 1, r.L - 1, False)   # "played alone it is a single card of the highest rank"
        if is_major(c):   # "the majors rank above every card of the suits, by their number"
            return Meaning(SINGLE, 1, r.L + 1 + int(c.split()[1]), True, None)
        lv = r.level(rank_of(c))
        if r.p.low_bomb and lv == 0:
            return Meaning(LOW, 1, 0, True, _colour(r, c))
        return Meaning(SINGLE, 1, lv, True, _colour(r, c))
    if len(jokers) == k:
        return Meaning(ROCKET, 2, 10 ** 6) if r.rocket and k == 2 else None
    if any(is_major(c) for c in cards) or (jokers and not r.wild):
        return None   # majors and jokers on top are played only as single cards (or the rocket)
    ranks = [n if is_joker(c) else rank_of(c) for c, n in play]
    if None in ranks:
        return None
    levels = sorted(r.level(x) for x in ranks)
    natural = not jokers
    if len(set(levels)) == 1:
        if r.p.bomb and k == 4:   # "a bomb may be led or played on any play", sets in the game or not
            return Meaning(BOMB, k, levels[0], natural, None, tuple(levels))
        if r.p.leads == "singles" and r.p.beating == "higher":
            return None   # no sets in the game
        return Meaning(SET, k, levels[0], natural, None, tuple(levels))
    if not r.p.runs_allowed() or k < 3:
        return None
    if r.p.runs == "same-suit" and len({suit_of(c) for c in cards if not is_joker(c)}) > 1:
        return None
    run = _run_levels(r, levels)
    if run is None:
        return None
    return Meaning(RUN, k, run[0], natural, None, tuple(run))


def _run_levels(r: Rules, levels: list[int]) -> list[int] | None:
    """The levels of a run, lowest first: next to each other in the rank list; with wrap "the
    lowest rank may also count above the top one" (at the high end of a run only)."""
    if all(b == a + 1 for a, b in zip(levels, levels[1:])):
        return levels
    if r.wrap and levels[0] == 0:
        moved = sorted(levels[1:] + [r.L])
        if all(b == a + 1 for a, b in zip(moved, moved[1:])):
            return moved
    return None


def as_laid(r: Rules, play, m: Meaning, beneath: Meaning | None) -> Meaning:
    """"Threes laid on a single card or a set count as cards of its rank, and beat it when they are
    as many, though of the same rank; led, or in a run, a three counts as its own rank.\""""
    if r.transparent is None or beneath is None or beneath.kind not in (SINGLE, SET, LOW) \
            or m.kind not in (SINGLE, SET, LOW, BOMB):
        return m
    # Transparent cards, with wild jokers standing for them in a set of them ("it stands for any
    # card"); a joker played alone is "a single card of the highest rank", not a transparent card.
    if any(is_joker(c) for c, _ in play) and len(play) == 1:
        return m
    if not all((n if is_joker(c) else rank_of(c)) == r.transparent for c, n in play):
        return m
    kind = m.kind if m.kind != LOW else SINGLE
    return m._replace(kind=kind, level=beneath.level, levels=(beneath.level,) * m.size, copy=True)


# -- what beats what ---------------------------------------------------------------------------------

def may_lead(r: Rules, m: Meaning) -> bool:
    """Leads: single cards; sets with leads 'sets' or 'runs'; runs with 'runs'; a bomb and the
    rocket "may be led or played on any play"."""
    if m.kind in (SINGLE, JOKER, LOW, BOMB, ROCKET):
        return True
    if m.kind == SET:
        return r.p.leads != "singles"
    return r.p.leads == "runs"


def beats(r: Rules, new: Meaning, old: Meaning) -> bool:
    p = r.p
    if old.kind == ROCKET or new.kind == old.kind == JOKER:
        return False                                 # "nothing beats it"
    if new.kind == ROCKET:
        return True
    if old.kind == JOKER:
        return False                                 # "nothing beats it but the rocket"
    if new.kind == JOKER:
        return True                                  # "it beats any play, a bomb included"
    if new.kind == LOW:
        return old.kind != LOW      # "may be played on any play, a bomb included, and beats it"; equal ranks never
    if old.kind == LOW:
        return False                # "nothing then beats it but a joker played alone or the rocket"
    if old.kind == BOMB:
        return new.kind == BOMB and new.level > old.level   # "only a bomb of a higher rank"
    if new.kind == BOMB:
        return True                                  # "may be led or played on any play, and beats it"
    single_old = old.kind in (SINGLE, LOW)
    single_new = new.kind in (SINGLE, LOW)
    if single_old and single_new:
        if new.level > old.level or (new.copy and new.level == old.level):
            return True                              # "and beat it when they are as many, though of the same rank"
        return (r.colour_match and new.level == old.level and new.colour and old.colour
                and new.colour != old.colour)        # "the same rank in the other colour"
    if single_old:
        if p.beating == "sets-crush":
            return new.kind in (SET, RUN)            # "also beaten by any set or any run, whatever its rank"
        if p.beating == "higher-sets":
            if new.kind == SET:
                return new.level > old.level
            if new.kind == RUN:
                return max(new.levels) > old.level   # "a run that holds a card of a higher rank"
        return False
    if old.kind == SET and new.kind == SET:
        if new.size == old.size:
            if new.level > old.level or (new.copy and new.level == old.level):
                return True
            return bool(p.natural_beats_joker and new.level == old.level and new.natural and not old.natural)
        if new.size > old.size:
            if p.beating == "sets-crush":
                return True                          # "a set by any set of more cards"
            if p.beating == "higher-sets":
                return new.level > old.level         # "a set by a set of more cards of a higher rank"
        return False
    if old.kind == RUN and new.kind == RUN:
        return new.size == old.size and new.level > old.level   # "of as many cards whose lowest card is of a higher rank"
    return False


# -- every play a player may make -------------------------------------------------------------------

@dataclass
class Position:
    seat: int
    hand: list[str]
    last: tuple | None          # the play to beat (its cards as a play), None to lead
    last_meaning: Meaning | None
    laws: list[str] = field(default_factory=list)
    opening: tuple[str, str] | None = None   # (card, 'alone' or 'with'): the holder's first lead


def candidate_plays(r: Rules, hand: list[str], every_suit: bool = True, cap: int = 64):
    """Every play the cards of ``hand`` make, by kind: singles, sets, the rocket, runs. A run's
    cards of one rank in different suits make the same run but for its suits: with ``every_suit``
    False only the first choice of suits is made (enough when no rule looks at a run's suits)."""
    jokers = [c for c in hand if is_joker(c)]
    naturals = [c for c in hand if not is_joker(c)]
    for c in hand:
        yield ((c, None),)
    if r.rocket and len(jokers) == 2:
        yield tuple((j, None) for j in jokers)
    by_rank: dict[str, list[str]] = {}
    for c in naturals:
        if not is_major(c):
            by_rank.setdefault(rank_of(c), []).append(c)
    wild = jokers if r.wild else []
    for rank, cards in by_rank.items():
        for j in range(len(wild) + 1):
            for k in range(1, len(cards) + 1):
                if k + j < 2:
                    continue
                for nat in combinations(cards, k):
                    for js in combinations(wild, j):
                        yield tuple((c, None) for c in nat) + tuple((x, rank) for x in js)
    if r.p.runs_allowed():
        if r.p.runs == "same-suit":
            for s in r.pack.suits:
                held = {rank: [c for c in cards if suit_of(c) == s] for rank, cards in by_rank.items()}
                yield from _runs(r, held, wild, every_suit, cap)
        else:
            yield from _runs(r, by_rank, wild, every_suit, cap)


def _runs(r: Rules, by_rank, wild, every_suit, cap):
    """Runs: every window of ranks next to each other (low to high, with the wrap), each place
    filled by a card of its rank or by a wild joker standing for it."""
    ranks = r.pack.ranks
    L = len(ranks)
    order = [ranks[L - 1 - lv] for lv in range(L)] + ([ranks[L - 1]] if r.wrap else [])   # low to high (+ wrap)
    for start in range(len(order)):
        missing: list[int] = []
        for end in range(start + 1, len(order) + 1):
            window = order[start:end]
            k = len(window)
            if not by_rank.get(window[-1]):
                missing.append(k - 1)
            if len(missing) > len(wild) or len(set(window)) < k:
                break   # a longer window lacks as much, or repeats a rank
            if k < 3:
                continue
            held = [i for i in range(k) if i not in missing]
            for extra in range(min(len(wild), k - 1) - len(missing) + 1):
                for instead in combinations(held, extra):
                    places = sorted(missing + list(instead))
                    for js in permutations(wild, len(places)):
                        named = {i: (j, window[i]) for i, j in zip(places, js)}
                        choices = [[(c, None) for c in by_rank[window[i]]] for i in range(k) if i not in named]
                        for combo in islice(product(*choices), cap if every_suit else 1):
                            it = iter(combo)
                            yield tuple(named[i] if i in named else next(it) for i in range(k))


def key(r: Rules, play) -> tuple:
    """A play compared by what it is: a single by its card; more cards by their ranks as counted
    and which are jokers (the engine offers cards a rule cannot tell apart once)."""
    if len(play) == 1:
        return (play[0][0],)
    return tuple(sorted((n if is_joker(c) else (rank_of(c) or c), is_joker(c)) for c, n in play))


_NO_LEAD = re.compile(r"^no (\S+) may be led$")
_NO_AFTER = re.compile(r"^no (\S+) card directly after an? (\S+) card$")


def law_forbids(law: str, play, pos: Position) -> bool:
    """The laws as the players are told them: "no 7 may be led" (a lead holding a Seven), "no
    hearts card directly after a clubs card" (a play holding a heart on one holding a club)."""
    cards = [c for c, _ in play]
    m = _NO_LEAD.match(law)
    if m:
        return pos.last is None and any(rank_of(c) == m.group(1) for c in cards)
    m = _NO_AFTER.match(law)
    if m and pos.last is not None:
        return any(suit_of(c) == m.group(1) for c in cards) and any(suit_of(c) == m.group(2) for c, _ in pos.last)
    return False


def legal_keys(r: Rules, pos: Position, law_forbids=law_forbids) -> tuple[set, dict]:
    """The keys of every legal play (and "pass" when passing is allowed), and one play per key."""
    out: dict[tuple, tuple] = {}
    every_suit = bool(pos.laws) or pos.opening is not None   # rules that look at which cards a play holds
    for play in candidate_plays(r, pos.hand, every_suit):
        k = key(r, play)
        if k not in out and is_legal(r, pos, play, law_forbids):
            out[k] = play
    keys = set(out)
    able = bool(keys)
    if pos.last is not None or not able:
        if not (r.p.must_play and able):
            keys.add((PASS,))   # "either passes or plays something that beats"; must-play: "only a player who cannot may pass"
    return keys, out


def is_legal(r: Rules, pos: Position, play, law_forbids=law_forbids) -> bool:
    m = meaning(r, play)
    if m is None:
        return False
    if pos.opening is not None:
        card, how = pos.opening
        if how == "alone" and play != ((card, None),):
            return False
        if how == "with" and card not in [c for c, _ in play]:
            return False
    if pos.last_meaning is None:
        ok = may_lead(r, m)
    else:
        ok = beats(r, as_laid(r, play, m, pos.last_meaning), pos.last_meaning)
    if ok and pos.laws:
        ok = not any(law_forbids(law, play, pos) for law in pos.laws)
    return ok
