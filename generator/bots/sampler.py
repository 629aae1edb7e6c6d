"""Determinization for the strong bot: the cards a player cannot see, dealt into the places they
may be, consistently with everything the player has seen (``Sampler``).

Kept apart from the search (``strong``) because it is a concept of its own — what a player may
infer about hidden cards (its own hand, the cards played, a shown trump, the cards it put away
itself, the suits an opponent has shown to be void in) — and the part of a decision that does
not depend on how the search spends its rollouts. A ``Sampler`` is built once per decision from
the player's ``Observation``; each ``sample`` is one complete State to search.
"""

from __future__ import annotations

import random
from typing import Any

from ..engine import Observation, State
from ..engine.places import OWNER, PUBLIC


class DeterminizationError(RuntimeError):
    """The public copy of the game does not add up (the engine hides a place this bot does not know)."""


class Sampler:
    """Deals the cards a player cannot see into the places they may be, consistently with what
    the player has seen. Built once per decision; ``sample`` gives one determinized State.

    The places come from the game's declaration (``engine.places``): every card a public place
    holds, and every card this player can see in a hidden one, is seen; each placeholder is a
    slot to fill. Per-seat places are filled seat by seat, in declaration order.

    A determinization (but for one made before the deal, whose deal is the chance to search)
    draws any chance from the generator that sampled it: its rollouts end with the hand, before
    the next shuffle, so a generator of its own would be seeded for nothing."""

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
                seen.update(pile)   # placeholders too: below 0, they never stand for a card of the pack
        seen.difference_update([c for c in seen if c < 0])
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
        return self.pub.with_hidden_cards(cards, face_down, share_chance=True, rng=rng)

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
        return self.pub.with_hidden_cards(cards, face_down, share_chance=True, rng=rng)

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
