"""Lazy references: ``"package.module:Name"`` strings resolved to the object they name on first use.

The registries (``generator.families``, ``generator.modules``) name pieces in every layer of the
project — the sampler, the parser, the engine, the bots, the playtest. Importing them all eagerly
would tie every layer to every other at import time (the spec would import the engine, which
imports the spec) and would make a registry unimportable while one layer is being rebuilt. So a
registry holds strings, and ``resolve`` turns one into its object when it is needed; a test
resolves every string, so a name that does not exist fails there and not in the middle of a run.

Forms: ``"pkg.mod"`` (the module itself), ``"pkg.mod:Name"`` and ``"pkg.mod:Name.attr"`` (an
attribute path inside the module, e.g. a method of a class).
"""

from __future__ import annotations

import functools
import importlib
from typing import Any


class UnresolvedReference(LookupError):
    """A reference whose module cannot be imported or that names nothing in it."""


def split(ref: str) -> tuple[str, tuple[str, ...]]:
    """``"pkg.mod:A.b"`` → ``("pkg.mod", ("A", "b"))``."""
    module, _, attrs = ref.partition(":")
    if not module or (":" in ref and not attrs):
        raise UnresolvedReference(f"{ref!r} is not a reference of the form 'package.module:Name'")
    return module, tuple(attrs.split(".")) if attrs else ()


@functools.cache
def resolve(ref: str) -> Any:
    """The object ``ref`` names; ``UnresolvedReference`` (saying which part is missing) if none.

    Successful look-ups are cached; failures are not, so a module that appears later is found.
    """
    module_name, attrs = split(ref)
    try:
        obj: Any = importlib.import_module(module_name)
    except ImportError as exc:
        raise UnresolvedReference(f"{ref}: cannot import {module_name} ({exc})") from exc
    for i, attr in enumerate(attrs):
        try:
            obj = getattr(obj, attr)
        except AttributeError:
            where = ".".join((module_name, *attrs[:i]))
            raise UnresolvedReference(f"{ref}: {where} has no {attr}") from None
    return obj


def resolves(ref: str) -> str | None:
    """None when ``ref`` resolves, else the reason it does not (for registry checks)."""
    try:
        resolve(ref)
    except UnresolvedReference as exc:
        return str(exc)
    return None


__all__ = ["UnresolvedReference", "resolve", "resolves", "split"]
