"""Reading and writing spec files (YAML or JSON), with errors that name the file and the field.

Reading is guarded, because a spec file may come from anywhere: it is refused before it is parsed
if it is larger than any spec (``MAX_BYTES``); YAML aliases (``*name``) are refused, as a few of
them nested expand a kilobyte into gigabytes ("billion laughs") and a spec has no need of them;
a nest too deep for the parser is refused; and every message quotes bad input through
``words.shorten``, so that it stays one short line whatever the input.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import yaml
from pydantic import ValidationError

from ..families import DEFAULT, FAMILIES
from .game import GameSpec
from .words import shorten


#: The longest message of pydantic's own that is printed whole.
MAX_MESSAGE = 300


class SpecError(Exception):
    """A spec file that cannot be used; the message names the file and the field."""

    def __init__(self, path: str | os.PathLike[str], field: str, message: str, code: str | None = "SPEC_INVALID"):
        """``code`` None: the file could not be read at all (missing, a folder, a rulebook), so
        no check's reason code applies to it."""
        self.path, self.field, self.code = str(path), field, code
        where = f"{self.path}: {field}: " if field else f"{self.path}: "
        super().__init__(f"{where}{message}" + (f" [{code}]" if code else ""))


def _field_path(loc: tuple[Any, ...]) -> str:
    """pydantic's location, less the tags of tagged unions, as a dotted path.

    The last item is always kept: it is the field the error is about (for an unknown field, the
    unknown key itself), even when it is spelt like a tag (``setup: {hidden: true}``)."""
    parts: list[str] = []
    for i, item in enumerate(loc):
        last = i == len(loc) - 1
        if isinstance(item, int):
            parts.append(f"[{item}]")
        elif isinstance(item, str) and not item.startswith("function-") and (last or item not in _UNION_TAGS):
            parts.append(("." if parts else "") + item)
    return "".join(parts)


_UNION_TAGS = {
    "none", "turn-up", "called", "last-card", "rotating", "fixed", "hidden", "first-card", "majors",
    "avoid-suit", "per-trick", "exact-bid", "target", "threshold", "rounds", "shrinking", "tokens",
    "countdown", "card-values", "card-count", "landlord-stake", "titles", "first-out",
    *FAMILIES,  # the play section's tags, once more than one family is registered
}


def spec_from_data(data: Any, path: str | os.PathLike[str] = "<spec>") -> GameSpec:
    """Validate plain data as a GameSpec, raising SpecError on the first problem."""
    if not isinstance(data, dict):
        raise SpecError(path, "", "the file must hold a mapping of fields (naming, players, deck, …)")
    huge = _huge_number(data)
    if huge is not None:
        field, number = huge
        raise SpecError(path, field, f"{shorten(number)}: no field of a spec holds one of more than {MAX_DIGITS} "
                                     "digits")
    play = data.get("play")
    if isinstance(play, dict) and "family" not in play:
        # A spec file written before there was more than one family names none: it is of the default one.
        data = {**data, "play": {**play, "family": DEFAULT}}
    try:
        return GameSpec.model_validate(data)
    except ValidationError as exc:
        raise SpecError(path, *first_problem(exc)) from None


#: No count, score or seed of a spec comes near this many digits; a longer number is refused before
#: validation (the validator would have to print it, and Python refuses to print an integer of more
#: than 4,300 digits).
MAX_DIGITS = 30


def _huge_number(data: Any) -> tuple[str, int] | None:
    """The dotted path and value of the first integer with more than ``MAX_DIGITS`` digits, or None (walked
    with a stack, not by recursion: a file may nest deeper than Python recurses)."""
    stack: list[tuple[str, Any]] = [("", data)]
    while stack:
        path, node = stack.pop()
        if isinstance(node, int) and not isinstance(node, bool):
            if abs(node) >= 10 ** MAX_DIGITS:
                return path, node
        elif isinstance(node, (dict, list)):
            items = node.items() if isinstance(node, dict) else enumerate(node)
            stack.extend(reversed([(f"{path}.{key}" if path else str(key), value) for key, value in items]))
    return None


def first_problem(exc: ValidationError) -> tuple[str, str]:
    """(field path, message) of a validation error's first problem, and how many more there are:
    one short line whatever the input (see ``words.shorten``). The parser words its spec errors
    with it too."""
    err = exc.errors()[0]
    field = _field_path(err["loc"])
    msg = err["msg"]
    if err["type"] == "extra_forbidden":
        msg = "unknown field"
    elif err["type"] == "missing":
        msg = "required field is missing"
    elif err["type"] == "value_error":  # our validators' messages quote the input themselves
        msg = msg.removeprefix("Value error, ")
    elif err["type"] in ("model_type", "model_attributes_type", "dict_type"):
        # pydantic names the model class it wanted ("instance of Stock"): the reader needs the shape
        msg = "should be a table of fields (field: value, one a line)"
    elif err["type"] == "union_tag_invalid":  # pydantic's own message quotes the tag whole
        ctx = err.get("ctx", {})
        key = str(ctx.get("discriminator", "kind")).strip("'")
        msg = f"unknown {key} {shorten(ctx.get('tag'))} (expected one of {ctx.get('expected_tags', '')})"
    if "input" in err and err["type"] not in ("missing", "extra_forbidden", "value_error") \
            and not isinstance(err["input"], dict):
        msg += f" (got {shorten(err['input'])})"
    if len(msg) > MAX_MESSAGE:  # a message of pydantic's own that quotes input
        msg = msg[: MAX_MESSAGE - 1] + "…"
    more = exc.error_count() - 1
    if more:
        msg += f"; and {more} more problem{'s' if more > 1 else ''}"
    return field, msg


#: The largest spec file read: a spec is a few kilobytes (the largest of the corpus is under 3 KB).
MAX_BYTES = 1_000_000
#: Suffixes of the rulebooks ``parlour render`` writes, which are not specs.
RULEBOOK_SUFFIXES = (".md", ".markdown", ".html", ".htm", ".pdf")


class _NoAliasError(yaml.YAMLError):
    """A YAML alias in a spec file (refused: see the module's docstring)."""

    def __init__(self, anchor: str, mark: yaml.Mark | None):
        self.anchor, self.problem_mark = anchor, mark
        super().__init__(anchor)


class SpecLoader(yaml.SafeLoader):
    """PyYAML's safe loader, refusing aliases: ``&a [...]`` and then ``*a`` nine times over, nine
    deep, is a kilobyte of text that stands for a billion strings; a spec never needs one."""

    def compose_node(self, parent, index):  # noqa: ANN001, ANN201 - PyYAML's signature
        if self.check_event(yaml.AliasEvent):
            event = self.peek_event()
            raise _NoAliasError(event.anchor, event.start_mark)
        return super().compose_node(parent, index)


def _parse(p: Path, text: str) -> Any:
    """The plain data of a spec file's text (JSON for ``.json``, YAML otherwise)."""
    kind = "JSON" if p.suffix.lower() == ".json" else "YAML"
    try:
        return json.loads(text) if kind == "JSON" else yaml.load(text, Loader=SpecLoader)  # noqa: S506 - safe loader
    except _NoAliasError as exc:
        mark = exc.problem_mark
        where = f" at line {mark.line + 1}" if mark else ""
        raise SpecError(p, "", f"a YAML alias (*{shorten(exc.anchor, 20)[1:-1]}){where}: aliases are not allowed in "
                        "a spec file; write the value out in full") from None
    except (yaml.YAMLError, json.JSONDecodeError) as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f" at line {mark.line + 1}, column {mark.column + 1}" if mark else ""
        if isinstance(exc, json.JSONDecodeError):
            where = f" at line {exc.lineno}, column {exc.colno}"
        hint = _rulebook_hint(p, text)
        if hint:  # where its YAML breaks says nothing useful about a rulebook
            raise SpecError(p, "", hint, code=None) from None
        raise SpecError(p, "", f"not valid {kind}{where}") from None
    except RecursionError:
        raise SpecError(p, "", f"not a spec: its {kind} is nested too deeply to read") from None
    except ValueError:  # int() of a number of more than 4,300 digits, by either parser
        raise SpecError(p, "", "not a spec: it holds a number too long to read") from None


def _rulebook_hint(p: Path, text: str) -> str:
    """When a rulebook is given where a spec is expected (``parlour render`` writes both side by
    side), say so and say what to give instead, rather than only where its YAML breaks."""
    markdown = text.startswith("# ") and "\n## " in text  # a title, then sections (a YAML comment is "# " too)
    if p.suffix.lower() not in RULEBOOK_SUFFIXES and not markdown:
        return ""
    spec = next((str(s) for s in (p.with_suffix(".yaml"), p.with_suffix(".yml"), p.with_suffix(".json"))
                 if s != p and s.is_file()), None)
    instead = f"give its spec {spec}" if spec else "give the game's .yaml spec"
    parse = f", or read it back into a spec with 'parlour parse {p}'" if p.suffix.lower() in (".md", ".markdown") \
        or markdown else ""
    return f"this looks like a rulebook, not a spec: {instead}{parse}"


def load_spec(path: str | os.PathLike[str]) -> GameSpec:
    """Read a spec from a .yaml/.yml or .json file."""
    p = Path(path)
    try:
        with p.open("rb") as fh:
            raw = fh.read(MAX_BYTES + 1)
    except FileNotFoundError:
        raise SpecError(p, "", "no such file", code=None) from None
    except (IsADirectoryError, PermissionError) as exc:
        raise SpecError(p, "", f"cannot read the file ({exc.__class__.__name__})", code=None) from None
    except OSError as exc:  # a file that exists but cannot be read: a dangling link, a device, a fault
        raise SpecError(p, "", f"cannot read the file ({exc.strerror or exc.__class__.__name__})", code=None) from None
    if len(raw) > MAX_BYTES:
        raise SpecError(p, "", f"larger than any spec (over {MAX_BYTES:,} bytes): not a spec file", code=None)
    try:
        text = raw.decode("utf-8-sig")   # a byte-order mark, as some editors write, is not text
    except UnicodeDecodeError:
        raise SpecError(p, "", _rulebook_hint(p, "") or "not UTF-8 text", code=None) from None
    data = _parse(p, text)
    hint = _rulebook_hint(p, text)
    if hint and not isinstance(data, dict):
        raise SpecError(p, "", hint, code=None)
    return spec_from_data(data, p)


def spec_to_data(spec: GameSpec) -> dict[str, Any]:
    """Every field written out (defaults too, so a spec file shows the whole game), except a
    provenance the spec does not have: most specs are only rules."""
    data = spec.model_dump(mode="json", exclude_defaults=False, exclude={"provenance"})
    if spec.players.sides is None:   # each for themselves: said by leaving sides out, as before sides existed
        del data["players"]["sides"]
    if spec.players.coalition is None:   # likewise no coalition
        del data["players"]["coalition"]
    if spec.provenance is not None:  # only what is known of it: an empty field says nothing
        data["provenance"] = spec.provenance.model_dump(mode="json", exclude_none=True, exclude_defaults=True,
                                                        include=None) | {"origin": spec.provenance.origin}
    return data


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
