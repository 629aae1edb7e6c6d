"""Shared builders: a plain whist spec, and variations of it by dotted field path."""

from __future__ import annotations

import types
import typing
from pathlib import Path
from typing import Any

import pytest
import yaml
from pydantic import BaseModel

from generator.spec import GameSpec, spec_from_data
from tests.family_helpers import with_changes

ROOT = Path(__file__).resolve().parents[1]
WHIST = ROOT / "corpus" / "real" / "whist.yaml"


def whist_data() -> dict[str, Any]:
    return yaml.safe_load(WHIST.read_text(encoding="utf-8"))


def whist_with(**changes: Any) -> dict[str, Any]:
    """Whist's plain data with changes given as dotted paths (not yet validated)."""
    return with_changes(whist_data(), **changes)


def make_spec(**changes: Any) -> GameSpec:
    """Whist with changes given as dotted paths, e.g. make_spec(**{"play.following": "free"})."""
    return spec_from_data(whist_with(**changes))


@pytest.fixture
def whist() -> GameSpec:
    return make_spec()


def annotation_parts(annotation: Any) -> tuple[set[Any], list[type[BaseModel]]]:
    """(Literal options, sub-models) of a field's type, through Annotated, Optional and unions."""
    literals: set[Any] = set()
    models: list[type[BaseModel]] = []
    stack = [annotation]
    while stack:
        tp = stack.pop()
        origin = typing.get_origin(tp)
        if origin is typing.Annotated:
            stack.append(typing.get_args(tp)[0])
        elif origin in (typing.Union, types.UnionType):
            stack.extend(typing.get_args(tp))
        elif origin is typing.Literal:
            literals.update(typing.get_args(tp))
        elif isinstance(tp, type) and issubclass(tp, BaseModel):
            models.append(tp)
    return literals, models
