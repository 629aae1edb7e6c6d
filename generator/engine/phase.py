"""The phase protocol: one part of a hand (the deal, calling trumps, robbing, trick play …) as one
class in one file.

A hand is a pipeline of phases compiled once per game (``Game.phases``, in the order the family
lists them). The generic ``State`` runs it: it asks each phase in turn to ``start``; a phase either
finishes at once (returns False) or opens a decision (``State.open``, returns True), whose
actions the state dispatches to that phase's ``legal`` and ``apply`` until the phase hands
control back with ``State.advance``.

A phase also says what it keeps on the state (``hand_fields``, reset at every hand;
``game_fields``, set once), which card places it adds (``places``), what a player may see of it
(``views``, read through ``Observation``), what it hides from a player's public copy (``hide``),
how its actions read for a person (``describe``), and whether a position can come back while it
runs (``repeats``, for loop detection). Everything a phase needs from the spec it compiles in
``__init__``, once.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, ClassVar, NamedTuple

if TYPE_CHECKING:   # pragma: no cover
    from ..spec import GameSpec
    from .places import Place
    from .state import Game, State

class PrintedRule(NamedTuple):
    """A rule the rulebook prints that a game may never use: what a playtest looks for before it
    warns that a table would read a rule it never needs (DEAD_TEXT), and how to take it out.

    ``tags`` are the names a game leaves behind when the rule applies: a decision the rule opens,
    a phase's class name, or a name its phase adds to ``GameRecord.applied`` (a special card
    laid, a set played). ``dropped_by`` maps dotted spec paths to the values that take the rule
    out of the game (``mend.dead``); empty for a rule the game cannot do without."""

    text: str
    tags: frozenset[str]
    dropped_by: dict[str, Any]


#: Kinds of value a per-seat field may share across its seats, made once (nothing changes one in place).
IMMUTABLE = (int, bool, float, str, tuple, frozenset)


def per_seat(make: Callable[[], Any]) -> Callable[["Game", int], list[Any]]:
    """A hand field with one value per seat, each made afresh (``per_seat(list)``: an empty list each)."""
    if make in IMMUTABLE:   # an immutable value: shared, made once
        value = make()
        maker = lambda game, n: [value] * n  # noqa: E731
    else:
        maker = lambda game, n: [make() for _ in range(n)]  # noqa: E731
    maker.per_seat = make   # type: ignore[attr-defined]  # read by the state's compiled hand reset
    return maker


#: The direction of play, which a card or a law may reverse: kept by every family's card play.
DIRECTION = {"direction": 1}

#: A view: what one player may see of a phase, computed from the state and that player's seat.
View = Callable[["State", int], Any]


class Phase:
    """Base class of every phase. Subclasses override what they need; the defaults do nothing."""

    #: The names of the decisions this phase opens (as ``Observation.phase`` shows them).
    decisions: ClassVar[tuple[str, ...]] = ()
    #: Decisions taken before the deciding player has looked at their cards.
    before_looking: ClassVar[frozenset[str]] = frozenset()
    #: Decisions taken on the first cards dealt alone (``State.first_dealt``): the deal stops for them.
    first_cards_only: ClassVar[frozenset[str]] = frozenset()
    #: Per-hand data the phase keeps on the state: name -> initial value (or a function of the
    #: game and the number of players giving it). Reset at the start of every hand and redeal.
    hand_fields: ClassVar[dict[str, Any]] = {}
    #: Data kept for the whole game: name -> initial value (or function), set once.
    game_fields: ClassVar[dict[str, Any]] = {}
    #: Card places this phase adds (see ``places.Place``).
    places: ClassVar[tuple["Place", ...]] = ()
    #: What a player may see: name -> view(state, seat). ``Observation`` serves them by name.
    views: ClassVar[dict[str, View]] = {}
    #: Whether a position may come back while this phase is deciding (a card played in a trick
    #: never returns to a hand, so trick play cannot loop; drawing and discarding can).
    repeats: ClassVar[bool] = True
    #: Fields holding lists of objects that ``State.clone`` copies with their own ``copy()``.
    object_fields: ClassVar[frozenset[str]] = frozenset()
    #: Whether this phase deals the cards (a redeal starts again from it).
    deals_cards: ClassVar[bool] = False
    #: Decisions in which a player puts a card away face down: decision -> the place it goes to
    #: (a search bot remembers its own such cards).
    puts_away: ClassVar[dict[str, str]] = {}
    #: How this phase's moves read in a replay: a class built with (card names, suit names, a
    #: seat's name) with ``start``, ``move``, ``progress`` and ``hand`` (see ``tricks.narrate``);
    #: None for the generic wording.
    narration: ClassVar[type | None] = None
    #: Whether this phase is the family's card play (playtests bucket its decisions by hand size).
    card_play: ClassVar[bool] = False
    #: The printed rule this phase plays, in a player's words ("the exchange of cards"), for a
    #: playtest that finds it never applied (DEAD_TEXT); empty for a phase every hand runs.
    rule: ClassVar[str] = ""
    #: The spec values that take this phase's rule out of a game, by dotted path ({"deal.misdeal":
    #: None}): a rule that never applied in a playtest is dropped so (``mend.dead``); empty for a
    #: rule the game cannot do without.
    dropped_by: ClassVar[dict[str, Any]] = {}

    def __init__(self, game: "Game"):
        self.game = game

    def printed_rules(self) -> list[PrintedRule]:
        """The rules of this phase that a game may never use (see ``PrintedRule``): by default the
        phase's own ``rule``, met by any of its decisions or by its name in the record. A phase
        whose card play holds optional rules (a special card, a shape of play) lists them too."""
        cls = type(self)
        if not cls.rule:
            return []
        return [PrintedRule(cls.rule, frozenset({*cls.decisions, cls.__name__}), dict(cls.dropped_by))]

    @classmethod
    def needed(cls, spec: "GameSpec") -> bool:
        """Whether a game of this spec ever runs this phase (unneeded phases are left out)."""
        return True

    # -- running ---------------------------------------------------------------------------

    def start(self, state: "State") -> bool:
        """Begin the phase; True when it opened a decision (the pipeline waits for it)."""
        return False

    def legal(self, state: "State") -> list[int]:
        """The legal actions of the seat to move, in the decision this phase opened."""
        raise NotImplementedError(type(self).__name__)

    def apply(self, state: "State", action: int) -> None:
        """Carry out a legal action (the state has already checked that it is legal)."""
        raise NotImplementedError(type(self).__name__)

    def play_random(self, state: "State", rnd: Callable[[], float]) -> bool:
        """Optional fast path for batch self-play: take random moves while this phase decides,
        drawing exactly as ``State.play_random`` would through ``legal``/``apply``. False when
        the phase has no fast path (the state then goes through ``legal``/``apply``)."""
        return False

    # -- hooks -----------------------------------------------------------------------------

    def start_game(self, state: "State") -> None:
        """Called once when a game begins, before the first hand (set game-long data)."""

    def thrown_in(self, state: "State") -> bool:
        """Asked right after each deal: whether the cards must be thrown in and dealt again at
        once, before anyone decides anything (a hand that must be shown, DL-07)."""
        return False

    def after_hand(self, state: "State", scores: list[int]) -> None:
        """Called when a hand is scored and the game goes on (before the next deal)."""

    # -- what players see ------------------------------------------------------------------

    def shown(self, state: "State", player: int) -> set[int]:
        """Cards lying in hidden places that this player has nevertheless seen (a turned card)."""
        return set()

    def face_down(self, state: "State") -> dict[int, int]:
        """Cards lying face down that play a part of their own: card -> its placeholder in a
        public copy (the hidden trump card)."""
        return {}

    def hide(self, state: "State", public: "State", player: int) -> None:
        """Hide this phase's hidden facts in ``public``, the copy given to ``player``."""

    def determinized(self, state: "State", placed: dict[int, int]) -> None:
        """Fix this phase's derived facts after hidden cards were dealt into a public copy;
        ``placed`` maps each placeholder of ``face_down`` to the card now put there."""

    def describe(self, state: "State", action: int) -> str | None:
        """How ``action`` reads for a person, or None to leave it to the generic wording."""
        return None

    def told(self, state: "State", action: int) -> str | None:
        """What the player to move did by taking ``action``, in the rulebook's own terms and the
        third person, without the player's name ("shows the duck", "does not propose the
        barter"): how the worked example tells a decision. None: the example names the decision
        and the move (``describe``)."""
        return None

    def key(self, state: "State") -> tuple:
        """This phase's part of the position key, beyond its declared fields (rarely needed)."""
        return ()
