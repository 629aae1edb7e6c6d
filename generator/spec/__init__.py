"""The game specification: the single source of truth, one module per phase."""

from .deal import DealSpec, Kitty, Misdeal, OddCard, Players
from .deck import DeckSpec
from .ending import EndingSpec, Rounds, Shrinking, Target, Threshold
from .game import SPEC_VERSION, GameSpec
from .io import SpecError, dump_json, dump_yaml, json_schema, load_spec, spec_from_data, write_new
from .naming import FACTS, Naming
from .play_tricks import BreakingSuit, TrickPlay
from .scoring import AvoidSuit, Doubler, SpecialCard, TrickPoints
from .setup import Called, FirstCard, Fixed, Hidden, LastCard, Majors, NoTrumps, Rotating, SetupSpec, TurnUp

__all__ = [
    "AvoidSuit",
    "BreakingSuit",
    "Called",
    "DealSpec",
    "DeckSpec",
    "Doubler",
    "EndingSpec",
    "FACTS",
    "FirstCard",
    "Fixed",
    "GameSpec",
    "Hidden",
    "Kitty",
    "LastCard",
    "Majors",
    "Misdeal",
    "Naming",
    "NoTrumps",
    "OddCard",
    "Players",
    "Rotating",
    "Rounds",
    "SPEC_VERSION",
    "SetupSpec",
    "Shrinking",
    "SpecError",
    "SpecialCard",
    "Target",
    "Threshold",
    "TrickPlay",
    "TrickPoints",
    "TurnUp",
    "dump_json",
    "dump_yaml",
    "json_schema",
    "load_spec",
    "spec_from_data",
    "write_new",
]
