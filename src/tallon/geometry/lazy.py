"""A cached property for the geometry's many small objects.

``functools.cached_property`` takes a lock on every first access before Python 3.12 (about
half a microsecond), and the geometry derives a handful of values for every ship, template
and table it makes: agents make thousands a second. :func:`lazy` computes the value once
and keeps it in the instance's ``__dict__`` as ``cached_property`` does (so later reads
find it there without calling anything), without the lock: these objects are not shared
between threads while they are being built.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Generic, TypeVar, overload

_T = TypeVar("_T")


class Lazy(Generic[_T]):
    """The descriptor :func:`lazy` makes (a non-data descriptor: once the value is in the
    instance's ``__dict__``, it is read from there)."""

    def __init__(self, func: Callable[[Any], _T]) -> None:
        self.func = func
        self.name = func.__name__
        self.__doc__ = func.__doc__

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    @overload
    def __get__(self, instance: None, owner: type | None = None) -> Lazy[_T]: ...

    @overload
    def __get__(self, instance: object, owner: type | None = None) -> _T: ...

    def __get__(self, instance: object, owner: type | None = None) -> Any:
        if instance is None:
            return self
        value = instance.__dict__[self.name] = self.func(instance)
        return value


def lazy(func: Callable[[Any], _T]) -> Lazy[_T]:
    """Like ``functools.cached_property``, without its lock (see the module docstring)."""
    return Lazy(func)
