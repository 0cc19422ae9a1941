"""The one error the server's modules raise for a request it refuses (its own module so
that the host, the squad library and the app share it without importing each other)."""

from __future__ import annotations

from typing import Any


class RequestError(Exception):
    """A request the server refuses: ``status`` is the HTTP status, ``problems`` the
    reasons (each a JSON object with at least a ``message``)."""

    def __init__(self, status: int, message: str,
                 problems: list[dict[str, Any]] | None = None) -> None:
        super().__init__(message)
        self.status = status
        self.problems = problems or [{"message": message}]


__all__ = ["RequestError"]
