"""Reading and writing spec files (YAML or JSON), with errors that name the file and the field."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import yaml
from pydantic import ValidationError

from ..families import FAMILIES
from .game import GameSpec


class SpecError(Exception):
    """A spec file that cannot be used; the message names the file and the field."""

    def __init__(self, path: str | os.PathLike[str], field: str, message: str, code: str = "SPEC_INVALID"):
        self.path, self.field, self.code = str(path), field, code
        where = f"{self.path}: {field}: " if field else f"{self.path}: "
        super().__init__(f"{where}{message} [{code}]")


def _field_path(loc: tuple[Any, ...]) -> str:
    """pydantic's location, less the tags of tagged unions, as a dotted path."""
    parts: list[str] = []
    for item in loc:
        if isinstance(item, int):
            parts.append(f"[{item}]")
        elif isinstance(item, str) and not item.startswith("function-") and item not in _UNION_TAGS:
            parts.append(("." if parts else "") + item)
    return "".join(parts)


_UNION_TAGS = {
    "none", "turn-up", "called", "last-card", "rotating", "fixed", "hidden", "first-card", "majors",
    "avoid-suit", "per-trick", "exact-bid", "target", "threshold", "rounds", "shrinking",
    *FAMILIES,  # the play section's tags, once more than one family is registered
}


def spec_from_data(data: Any, path: str | os.PathLike[str] = "<spec>") -> GameSpec:
    """Validate plain data as a GameSpec, raising SpecError on the first problem."""
    if not isinstance(data, dict):
        raise SpecError(path, "", "the file must hold a mapping of fields (naming, players, deck, …)")
    try:
        return GameSpec.model_validate(data)
    except ValidationError as exc:
        err = exc.errors()[0]
        field = _field_path(err["loc"])
        msg = err["msg"]
        if err["type"] == "extra_forbidden":
            msg = "unknown field"
        elif err["type"] == "missing":
            msg = "required field is missing"
        if "input" in err and err["type"] not in ("missing", "extra_forbidden") and not isinstance(err["input"], dict):
            msg += f" (got {err['input']!r})"
        more = len(exc.errors()) - 1
        if more:
            msg += f"; and {more} more problem{'s' if more > 1 else ''}"
        raise SpecError(path, field, msg) from None


def load_spec(path: str | os.PathLike[str]) -> GameSpec:
    """Read a spec from a .yaml/.yml or .json file."""
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise SpecError(p, "", "no such file") from None
    except (IsADirectoryError, PermissionError, UnicodeDecodeError) as exc:
        raise SpecError(p, "", f"cannot read the file ({exc.__class__.__name__})") from None
    try:
        data = json.loads(text) if p.suffix.lower() == ".json" else yaml.safe_load(text)
    except (yaml.YAMLError, json.JSONDecodeError) as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f" at line {mark.line + 1}, column {mark.column + 1}" if mark else ""
        if isinstance(exc, json.JSONDecodeError):
            where = f" at line {exc.lineno}, column {exc.colno}"
        raise SpecError(p, "", f"not valid {'JSON' if p.suffix.lower() == '.json' else 'YAML'}{where}") from None
    return spec_from_data(data, p)


def spec_to_data(spec: GameSpec) -> dict[str, Any]:
    return spec.model_dump(mode="json", exclude_defaults=False)


def dump_yaml(spec: GameSpec) -> str:
    return yaml.safe_dump(spec_to_data(spec), sort_keys=False, allow_unicode=True, width=100)


def dump_json(spec: GameSpec) -> str:
    return json.dumps(spec_to_data(spec), ensure_ascii=False, indent=2) + "\n"


def json_schema() -> dict[str, Any]:
    schema = GameSpec.model_json_schema()
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    schema["title"] = "Parlour game specification"
    return schema


def write_new(path: Path, text: str, overwrite: bool = False) -> None:
    """Write a file atomically; refuse to replace an existing file unless told to. Kept for
    callers of the spec package; the writing itself, and its WriteError, are ``generator.output``'s."""
    from ..output import write_file

    write_file(path, text, overwrite=overwrite)
