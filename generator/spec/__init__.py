"""The game specification: the single source of truth, one module per phase."""

from .bidding import BiddingSpec, LandlordAuction, TrickBidding
from .deal import DealSpec, Kitty, KittyCapture, Misdeal, OddCard, Players, Tokens
from .deck import DeckSpec
from .ending import EndingSpec, Rounds, Shrinking, Target, Threshold, TokensGone
from .game import SPEC_VERSION, GameSpec
from .io import SpecError, dump_json, dump_yaml, json_schema, load_spec, spec_from_data, write_new
from .naming import FACTS, Naming
from .provenance import Mend, Provenance
from .scoring import (
    AvoidSuit, CardCount, CardPassing, CardValues, Countdown, Doubler, ExactBid, FirstOut, HandValue, LandlordStake,
    SpecialCard, TitlePig, Titles, TrickExtras, TrickPoints,
)
from .setup import (
    Called, Exchange, ExtraRules, FirstCard, Fixed, Hidden, LastCard, Majors, NoTrumps, PigCard, Robbing, Rotating,
    SetupSpec, TurnUp,
)

__all__ = [
    "CardCount",
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
    "TrickPoints",
    "TurnUp",
    "dump_json",
    "dump_yaml",
    "json_schema",
    "load_spec",
    "spec_from_data",
    "write_new",
]
