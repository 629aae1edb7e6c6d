"""The special cards of matching play (MT-04): what each kind of effect does when its card is
laid (in cheat mode: when its claim stands), with the readings of the family's ``spec``.

Only the top card of a play fires (MT-06); a joker fires the effect of the rank it was named;
a ``copycat`` card laid on a card whose rank has an effect fires that effect instead of its own.
An effect that asks its player something opens a decision of its own (the suit, the player
targeted, the card given, the rank named, trade or not and with whom, tuck or not and which
card, cover with which card or draw, give up a token or not), so bots and random play choose
it like any move; the action encoding is ``rules``'s.

Readings where the catalogue leaves a gap: an effect never takes a player's last card (``give``
and ``tuck`` need two cards in hand), so going out stays a matter of laying cards; a
``cover`` card may be any card of the covered card's suit, and a player who covers with their
last card goes out; ``all-draw`` passes over players who have gone out, and ``pass-hands`` passes
among the players still in the hand; ``bound`` compares ranks in the rank list (a card of the
same rank is "equal"). A card that takes its player out ends the hand before its effect fires,
but ``points`` are scored as the card is laid, so the last card's points count too.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

from generator.engine.actions import NO, SUIT_ACTION, YES

from .rules import DRAW, RANK, TARGET

if TYPE_CHECKING:   # pragma: no cover
    from generator.engine.state import State

    from .play import Match

TARGET_CHAIN = "name-target"
GIVE_CARD, GIVE_TO = "give-card", "give-to"
TRADE = "trade"
TUCK = "tuck"
CORDIAL = "name-second-suit"
NAME_RANK = "name-rank"
COVER = "cover-or-draw"
KITTY_GIVE = "kitty-give"
TOKEN = "give-up-token"

DECISIONS = (TARGET_CHAIN, GIVE_CARD, GIVE_TO, TRADE, TUCK, CORDIAL, NAME_RANK, COVER, KITTY_GIVE, TOKEN)


def counted_top(ph: "Match", state: "State") -> tuple[int, int] | None:
    """What the top card of the play counts as (rank index, suit index): as laid or named; in
    cheat mode, the claim (even when a true claim's pile was picked up by its challenger)."""
    named = state.named[ph_pile(state)]
    if named:
        return named[-1]
    if ph.cheat and state.claim is not None:
        return ph.rules.natural(state.claim)
    return None


def ph_pile(state: "State") -> int:
    return state.pile_at


def _pile(ph: "Match", state: "State") -> list[int]:
    return (state.down_piles if ph.cheat else state.piles)[state.pile_at]


def firing(ph: "Match", state: "State") -> tuple[int, str | None]:
    """The rank whose effect the play's top card fires, and its kind (None: no effect): the
    rank the card counts as, or under ``copycat`` the rank of the card beneath."""
    rules = ph.rules
    top = counted_top(ph, state)
    if top is None or top[0] < 0:
        return -1, None
    r = top[0]
    kind = rules.kind[r]
    if kind == "copycat":
        named = state.named[state.pile_at]
        beneath = named[-2] if len(named) > 1 else None
        if beneath is None or beneath[0] < 0 or rules.kind[beneath[0]] in (None, "copycat"):
            return -1, None
        r = beneath[0]
        kind = rules.kind[r]
    return r, kind


def score_points(ph: "Match", state: "State") -> None:
    """P20 without tokens: the points are scored as the card is laid (before its player may go
    out with it and end the hand)."""
    r, kind = firing(ph, state)
    if kind == "points" and not ph.tokens:
        state.bonus[state.mover] += ph.rules.effect[r].points or 0


#: The kinds whose card does nothing when it fires: a card that may not be laid last is a rule of
#: laying, and a copycat fires the effect of the card beneath it (``firing``).
NO_FIRE = frozenset({"not-last", "copycat"})
#: What a special card of each kind does when it fires: kind -> fire(ph, state, eff, r, top, p),
#: with the effect's spec, the rank it fires as, the top card (rank, suit) and the player who laid
#: it. Decisions it needs are queued at the front of ``state.todo``.
FIRES: dict[str, Callable[..., None]] = {}


def fires(*kinds: str) -> Callable[[Callable[..., None]], Callable[..., None]]:
    """Register what a special card of these kinds does (``FIRES``)."""
    def register(fn: Callable[..., None]) -> Callable[..., None]:
        for kind in kinds:
            FIRES[kind] = fn
        return fn
    return register


def fire(ph: "Match", state: "State") -> bool:
    """Fire the effect of the play's top card (``FIRES``). Decisions it needs are queued as steps;
    returns False (the steps go on)."""
    rules = ph.rules
    top = counted_top(ph, state)
    if top is not None and top[0] >= 0 and rules.kind[top[0]] is not None:
        state.record.applied.add(ph.effect_tags[top[0]])   # the special card was laid (DEAD_TEXT)
    r, kind = firing(ph, state)
    if kind is None:
        return False
    act = FIRES.get(kind)
    if act is not None:   # (copycat only points at another card's effect)
        act(ph, state, rules.effect[r], r, top, state.mover)
    return False


def _decide(decision: str) -> Callable[..., None]:
    """An effect whose whole work is a decision of the player who laid the card."""
    def fire_it(ph: "Match", state: "State", eff: Any, r: int, top: Any, p: int) -> None:
        state.todo.insert(0, ("decide", decision))
    return fire_it


FIRES["cordial"] = _decide(CORDIAL)
FIRES["name-rank"] = _decide(NAME_RANK)
FIRES["cover"] = _decide(COVER)


@fires("wild")
def _wild(ph: "Match", state: "State", eff: Any, r: int, top: Any, p: int) -> None:
    state.todo.insert(0, ("wild-suit",))


@fires("open")
def _open(ph: "Match", state: "State", eff: Any, r: int, top: Any, p: int) -> None:
    state.rule = ("any",)


@fires("top-follow")
def _top_follow(ph: "Match", state: "State", eff: Any, r: int, top: Any, p: int) -> None:
    state.rule = ("top",)


@fires("bound")
def _bound(ph: "Match", state: "State", eff: Any, r: int, top: Any, p: int) -> None:
    state.rule = ("lower" if eff.bound == "lower" else "higher", top[0])


@fires("kitty-take")
def _kitty_take(ph: "Match", state: "State", eff: Any, r: int, top: Any, p: int) -> None:
    if not state.kitty_done:
        state.kitty_done = True
        if state.kitty:
            state.hands[p].extend(state.kitty)
            state.hands[p].sort()
            state.kitty = []


@fires("kitty-give")
def _kitty_give(ph: "Match", state: "State", eff: Any, r: int, top: Any, p: int) -> None:
    if not state.kitty_given:
        state.kitty_given = True
        if state.kitty and ph.next_seat(state, p) != p:
            state.todo.insert(0, ("decide", KITTY_GIVE))


@fires("reshuffle")
def _reshuffle(ph: "Match", state: "State", eff: Any, r: int, top: Any, p: int) -> None:
    pile = _pile(ph, state)
    cards = list(pile)
    pile.clear()
    state.named[state.pile_at] = []
    ph.forget(state, cards)
    state.stock.extend(cards)
    state.shuffle(state.stock)
    state.rule = None
    state.turn_mod = "again"


@fires("reverse")
def _reverse(ph: "Match", state: "State", eff: Any, r: int, top: Any, p: int) -> None:
    state.direction = -state.direction
    if sum(1 for q in range(state.n) if q not in state.out) == 2:
        state.turn_mod = "again"   # with two players left, a reversal gives the player another turn


@fires("draw-chain")
def _draw_chain(ph: "Match", state: "State", eff: Any, r: int, top: Any, p: int) -> None:
    state.chain = eff.draw if not state.chain else state.chain + eff.step
    state.chain_rank = r
    state.chain_pile = state.pile_at
    if eff.chain == "targeted":
        if state.chain_start is None:
            state.chain_start = p
        state.todo.insert(0, ("decide", TARGET_CHAIN))


@fires("again")
def _again(ph: "Match", state: "State", eff: Any, r: int, top: Any, p: int) -> None:
    state.turn_mod = "again"


@fires("skip")
def _skip(ph: "Match", state: "State", eff: Any, r: int, top: Any, p: int) -> None:
    state.turn_mod = "skip"


@fires("all-draw")
def _all_draw(ph: "Match", state: "State", eff: Any, r: int, top: Any, p: int) -> None:
    for q in ph.in_order(state, p) + [p]:
        ph.draw(state, q, 1)


@fires("pass-hands")
def _pass_hands(ph: "Match", state: "State", eff: Any, r: int, top: Any, p: int) -> None:
    seats = [q for q in range(state.n) if q not in state.out]
    if len(seats) > 1:
        step = 1 if eff.direction == "left" else -1
        old = {q: state.hands[q] for q in seats}
        for i, q in enumerate(seats):
            to = seats[(i + step) % len(seats)]
            state.hands[to] = old[q]
            state.known[q].update(old[q])


@fires("give")
def _give(ph: "Match", state: "State", eff: Any, r: int, top: Any, p: int) -> None:
    if len(state.hands[p]) >= 2 and ph.in_order(state, p):
        state.todo.insert(0, ("decide", GIVE_CARD))


@fires("transparent")
def _transparent(ph: "Match", state: "State", eff: Any, r: int, top: Any, p: int) -> None:
    pile = _pile(ph, state)
    named = state.named[state.pile_at]
    if len(pile) > 1:   # the card goes under the pile: the card it was laid on shows again
        pile.insert(0, pile.pop())
        named.insert(0, named.pop())


@fires("tuck")
def _tuck(ph: "Match", state: "State", eff: Any, r: int, top: Any, p: int) -> None:
    if len(state.hands[p]) >= 2 and _pile(ph, state):
        state.todo.insert(0, ("decide", TUCK))


@fires("trade")
def _trade(ph: "Match", state: "State", eff: Any, r: int, top: Any, p: int) -> None:
    if ph.in_order(state, p):
        state.todo.insert(0, ("decide", TRADE))


@fires("points")
def _points(ph: "Match", state: "State", eff: Any, r: int, top: Any, p: int) -> None:
    if ph.tokens:
        state.todo.insert(0, ("decide", TOKEN))   # (without tokens: scored as it was laid)


def legal(ph: "Match", state: "State", decision: str, p: int) -> list[int]:
    rules = ph.rules
    if decision == TARGET_CHAIN or decision == GIVE_TO:
        return [TARGET + q for q in ph.in_order(state, p)]
    if decision == GIVE_CARD or decision == TUCK:
        return [NO] + list(state.hands[p])
    if decision == TRADE:
        return [NO] + [TARGET + q for q in ph.in_order(state, p)]
    if decision == CORDIAL:
        top = counted_top(ph, state)
        return [SUIT_ACTION + s for s in ph.plain_suits if top is None or s != top[1]] or \
            [SUIT_ACTION + s for s in ph.plain_suits]
    if decision == NAME_RANK:
        return [RANK + k for k in range(len(rules.rank_names))]
    if decision == COVER:
        top = counted_top(ph, state)
        suit = top[1] if top is not None else None
        return [c for c in ph.source(state, p) if rules.suit_of[c] == suit and c not in rules.jokers] + [DRAW]
    if decision in (KITTY_GIVE, TOKEN):
        return [NO, YES]
    raise ValueError(f"no decision {decision!r} in matching play")


def apply(ph: "Match", state: "State", decision: str, p: int, action: int) -> None:
    rules = ph.rules
    if decision == TARGET_CHAIN:
        state.target_next = action - TARGET
    elif decision == GIVE_CARD:
        if action != NO:
            state.give_card = action
            state.todo.insert(0, ("decide", GIVE_TO))
    elif decision == GIVE_TO:
        c, q = state.give_card, action - TARGET
        state.give_card = None
        state.hands[p].remove(c)
        state.hands[q].append(c)
        state.hands[q].sort()
        state.known[p].add(c)
    elif decision == TRADE:
        if action != NO:
            q = action - TARGET
            mine, theirs = state.hands[p], state.hands[q]
            state.known[p].update(mine)
            state.known[q].update(theirs)
            state.hands[p], state.hands[q] = theirs, mine
    elif decision == TUCK:
        if action != NO:
            state.hands[p].remove(action)
            pile = _pile(ph, state)
            named = state.named[state.pile_at]
            pile.insert(len(pile) - 1, action)
            named.insert(len(named) - 1, rules.natural(action) if not ph.cheat else (-1, -1))
            if ph.cheat:
                ph.forget(state, [action])
                state.known[p].add(action)
    elif decision == CORDIAL:
        state.rule = ("also", action - SUIT_ACTION)
    elif decision == NAME_RANK:
        state.rule = ("rank", action - RANK)
    elif decision == COVER:
        if action == DRAW:
            ph.draw(state, p, 1)
        else:
            ph.source(state, p).remove(action)
            _pile(ph, state).append(action)
            state.named[state.pile_at].append(rules.natural(action))
            if ph.cheat:
                for k in state.known:
                    k.add(action)
            state.last_play = 1 << action
    elif decision == KITTY_GIVE:
        if action == YES:
            q = ph.next_seat(state, p)
            state.hands[q].extend(state.kitty)
            state.hands[q].sort()
            state.kitty = []
    elif decision == TOKEN:
        if action == YES:
            state.bonus[p] += 1
    else:
        raise ValueError(f"no decision {decision!r} in matching play")
