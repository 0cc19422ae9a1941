"""Reading and writing the model's dataclasses as plain JSON data.

One generic reader validates a JSON value against a dataclass's type hints and builds
the frozen object, so the model is the single description of the data files. Every
failure names the file and the field path, e.g.
``pilots.json: [12] (lukeskywalker) .initiative: expected an integer, got "3"``.

The writer is the reader's inverse; it leaves out fields that equal their defaults so the
generated files stay small and their diffs readable.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from collections.abc import Callable
from functools import cache
from typing import Any, Literal, TypeVar, get_args, get_origin

T = TypeVar("T")

_Parser = Callable[[Any, str], Any]


class CardDataError(ValueError):
    """A data file does not match the card model; the message names file and field."""

    def __init__(self, file: str, path: str, problem: str) -> None:
        self.file = file
        self.path = path
        self.problem = problem
        where = f"{file}: {path}" if path else file
        super().__init__(f"{where}: {problem}")


class _FieldError(Exception):
    # Raised while parsing, before the file name is known; turned into CardDataError.
    def __init__(self, path: str, problem: str) -> None:
        super().__init__(path, problem)
        self.path = path
        self.problem = problem


def _describe(value: object) -> str:
    text = repr(value) if not isinstance(value, str) else f'"{value}"'
    return text if len(text) <= 60 else text[:57] + "..."


def _parse_str(value: Any, path: str) -> str:
    if not isinstance(value, str):
        raise _FieldError(path, f"expected a string, got {_describe(value)}")
    return value


def _parse_int(value: Any, path: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise _FieldError(path, f"expected an integer, got {_describe(value)}")
    return value


def _parse_bool(value: Any, path: str) -> bool:
    if not isinstance(value, bool):
        raise _FieldError(path, f"expected true or false, got {_describe(value)}")
    return value


def _literal_parser(choices: tuple[Any, ...]) -> _Parser:
    allowed = frozenset(choices)

    def parse(value: Any, path: str) -> Any:
        if not isinstance(value, str) or value not in allowed:
            listed = ", ".join(sorted(str(c) for c in choices))
            raise _FieldError(path, f"expected one of {listed}; got {_describe(value)}")
        return value

    return parse


def _tuple_parser(item: _Parser) -> _Parser:
    def parse(value: Any, path: str) -> tuple[Any, ...]:
        if not isinstance(value, list):
            raise _FieldError(path, f"expected a list, got {_describe(value)}")
        return tuple(item(element, f"{path}[{index}]") for index, element in enumerate(value))

    return parse


def _optional_parser(inner: _Parser) -> _Parser:
    def parse(value: Any, path: str) -> Any:
        return None if value is None else inner(value, path)

    return parse


def _dataclass_parser(cls: type) -> _Parser:
    hints = typing.get_type_hints(cls)
    fields = [
        (f.name, _parser_for(hints[f.name]), _is_required(f)) for f in dataclasses.fields(cls)
    ]
    known = frozenset(name for name, _, _ in fields)

    def parse(value: Any, path: str) -> Any:
        if not isinstance(value, dict):
            raise _FieldError(path, f"expected an object, got {_describe(value)}")
        label = value.get("xws") or value.get("id")
        here = f"{path} ({label})" if isinstance(label, str) and path else path
        unknown = sorted(set(value) - known)
        if unknown:
            raise _FieldError(here, f"unknown field {unknown[0]!r} for {cls.__name__}")
        arguments = {}
        for name, parse_field, required in fields:
            if name in value:
                arguments[name] = parse_field(value[name], f"{here}.{name}")
            elif required:
                raise _FieldError(here, f"missing field {name!r} of {cls.__name__}")
        return cls(**arguments)

    return parse


@cache
def _built_dataclass_parser(cls: type) -> _Parser:
    return _dataclass_parser(cls)


def _is_required(field: dataclasses.Field[Any]) -> bool:
    return (
        field.default is dataclasses.MISSING and field.default_factory is dataclasses.MISSING
    )


@cache
def _parser_for(hint: Any) -> _Parser:
    if hint is str:
        return _parse_str
    if hint is bool:
        return _parse_bool
    if hint is int:
        return _parse_int
    origin = get_origin(hint)
    if origin is Literal:
        return _literal_parser(get_args(hint))
    if origin is tuple:
        arguments = get_args(hint)
        if len(arguments) != 2 or arguments[1] is not Ellipsis:
            raise TypeError(f"only tuple[X, ...] is supported, not {hint}")
        return _tuple_parser(_parser_for(arguments[0]))
    if origin in (types.UnionType, typing.Union):
        members = [a for a in get_args(hint) if a is not type(None)]
        if len(members) != 1 or len(get_args(hint)) != 2:
            raise TypeError(f"only X | None unions are supported, not {hint}")
        return _optional_parser(_parser_for(members[0]))
    if isinstance(hint, type) and dataclasses.is_dataclass(hint):
        # Built on first use, not now: a dataclass may contain itself (Action.linked).
        return lambda value, path: _built_dataclass_parser(hint)(value, path)
    raise TypeError(f"the card model cannot read values of type {hint!r}")


def read_value(hint: Any, value: Any, *, file: str, path: str = "") -> Any:
    """Validate ``value`` (parsed JSON) against the type ``hint`` and build it.

    Raises :class:`CardDataError` naming ``file`` and the field path on any mismatch.
    """
    try:
        return _parser_for(hint)(value, path)
    except _FieldError as error:
        raise CardDataError(file, error.path, error.problem) from None


def read_list(cls: type[T], value: Any, *, file: str) -> tuple[T, ...]:
    """Read a JSON list of ``cls`` objects from ``file``."""
    return typing.cast(tuple[T, ...], read_value(tuple[cls, ...], value, file=file))


def to_data(value: Any) -> Any:
    """The plain JSON form of a model value; fields equal to their default are left out."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        result: dict[str, Any] = {}
        for field in dataclasses.fields(value):
            current = getattr(value, field.name)
            if not _is_required(field) and field.default is not dataclasses.MISSING and (
                current == field.default
            ):
                continue
            result[field.name] = to_data(current)
        return result
    if isinstance(value, tuple | list):
        return [to_data(item) for item in value]
    return value
