"""Tallon's game server: an authoritative host of games played by people and AI seats
over a JSON HTTP API and WebSockets (docs/server.md)."""

from __future__ import annotations

from tallon.server.host import AI_LEVELS, Host, RequestError
from tallon.server.store import Store

__all__ = ["AI_LEVELS", "Host", "RequestError", "Store"]
