"""The game specification: the single source of truth, one module per phase.

``GameSpec`` (``game``) and its files (``io``) are served from here on first use, not imported with
the package: ``GameSpec``'s play section is the union of the registered families' play sections,
and a family's own section (``generator/families/<family>/spec.py``) is built from this package's
parts (``words``, ``deal``), so importing a family's section first must not build ``GameSpec``.
"""

import importlib
from typing import Any

from .bidding import BiddingSpec, LandlordAuction, TrickBidding
from .deal import DealSpec, Kitty, KittyCapture, Misdeal, OddCard, Players, Sides, Tokens
from .deck import DeckSpec
from .ending import EndingSpec, Rounds, Shrinking, Target, Threshold, TokensGone
from .naming import FACTS, Naming
from .provenance import Mend, Provenance
from .scoring import (
    AvoidSuit, CardCount, CardPassing, CardPoint, CardPoints, CardValues, Countdown, Doubler, ExactBid, FirstOut, HandValue, LandlordStake,
    RankPoints, SpecialCard, SuitMajority, Sweeps, TitlePig, Titles, TrickExtras, TrickMajority, TrickPoints,
)
from .setup import (
    Called, Exchange, ExtraRules, FirstCard, Fixed, Hidden, LastCard, Majors, NoTrumps, PigCard, Robbing, Rotating,
    SetupSpec, TurnUp,
)

__all__ = [
    "CardCount",
    "CardPoint",
    "CardPoints",
    "RankPoints",
    "SuitMajority",
    "Sweeps",
    "CardPassing",
    "CardValues",
    "Countdown",
    "FirstOut",
    "HandValue",
    "LandlordStake",
    "TitlePig",
    "Titles",
    "Tokens",
    "TokensGone",
    "AvoidSuit",
    "BiddingSpec",
    "Called",
    "DealSpec",
    "DeckSpec",
    "Doubler",
    "EndingSpec",
    "ExactBid",
    "Exchange",
    "ExtraRules",
    "FACTS",
    "FirstCard",
    "Fixed",
    "GameSpec",
    "Hidden",
    "Kitty",
    "KittyCapture",
    "LandlordAuction",
    "LastCard",
    "Majors",
    "Misdeal",
    "Mend",
    "Naming",
    "Provenance",
    "NoTrumps",
    "OddCard",
    "PigCard",
    "Players",
    "Sides",
    "Robbing",
    "Rotating",
    "Rounds",
    "SPEC_VERSION",
    "SetupSpec",
    "Shrinking",
    "SpecError",
    "SpecialCard",
    "Target",
    "Threshold",
    "TrickBidding",
    "TrickExtras",
    "TrickMajority",
    "TrickPoints",
    "TurnUp",
    "dump_json",
    "dump_yaml",
    "json_schema",
    "load_spec",
    "spec_from_data",
    "write_new",
]

#: The names served from ``game`` and ``io`` on first use (see the docstring).
_LATER = {"SPEC_VERSION": "game", "GameSpec": "game", "SpecError": "io", "dump_json": "io", "dump_yaml": "io",
          "json_schema": "io", "load_spec": "io", "spec_from_data": "io", "write_new": "io"}


def __getattr__(name: str) -> Any:
    if name not in _LATER:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f"{__name__}.{_LATER[name]}"), name)
    globals()[name] = value
    return value
