"""Shared builders: a plain whist spec, and variations of it by dotted field path; and the
Hypothesis profiles (the budget of every property test, chosen by ``PARLOUR_HYPOTHESIS``)."""

from __future__ import annotations

import os
import types
import typing
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import HealthCheck, settings
from pydantic import BaseModel

from generator.spec import GameSpec, spec_from_data
from tests.family_helpers import with_changes

ROOT = Path(__file__).resolve().parents[1]
WHIST = ROOT / "corpus" / "real" / "whist.yaml"

# --------------------------------------------------------------------------- Hypothesis profiles

#: How many times its committed budget each property test runs, by profile. ``default`` (``make
#: test``) and ``quick`` are derandomized: the same examples on every run and machine, so the suite
#: is deterministic. ``thorough`` draws new examples on every run (its seed is printed with a
#: failure, and a failure is replayed from the local example database until it is fixed) and runs
#: forty times the budget: about 10,000 round trips per family, the consecutive-seed loops the
#: properties replaced. No profile has a deadline or the too-slow health check: no test depends on
#: how busy the machine is. Shrinking is on in every profile.
SCALES = {"default": 1.0, "quick": 0.2, "thorough": 40.0}
PROFILE = os.environ.get("PARLOUR_HYPOTHESIS", "default")
if PROFILE not in SCALES:
    raise pytest.UsageError(f"PARLOUR_HYPOTHESIS={PROFILE!r}: the profiles are {', '.join(SCALES)}")
for _name, _scale in SCALES.items():
    _fixed = _name != "thorough"
    settings.register_profile(
        _name, max_examples=max(1, round(100 * _scale)), deadline=None, derandomize=_fixed, print_blob=True,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
        **({"database": None} if _fixed else {}),
    )
settings.load_profile(PROFILE)


def budget(examples: int) -> int:
    """A property test's number of examples: its committed budget ``examples`` in the profile."""
    return max(1, round(examples * SCALES[PROFILE]))


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
