"""What a game mode allows: format, squad points, ship count, ban and restricted lists.

RR: GAME MODE, RR: SQUAD BUILDING APPENDIX. The ban and restricted lists are data
(``tallon/squads/lists.json``, empty by default) so that a tournament organiser's lists
can be dropped in without changing code.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from importlib import resources
from pathlib import Path
from typing import Any, Literal

from tallon.files import FileAccessError, JsonTextError, parse_json, read_text

# "epic" is the format the card data's epic flag marks (huge ships play only there); the
# seeds give it no point limit or ship count of its own, so it takes the same defaults and
# options as the others (docs/rulings.md, Squad building: the epic format).
Format = Literal["standard", "extended", "epic"]
FORMATS: tuple[Format, ...] = ("standard", "extended", "epic")

DEFAULT_POINTS = 20
DEFAULT_MIN_SHIPS = 3
DEFAULT_MAX_SHIPS = 8
DEFAULT_RESTRICTED_LIMIT = 4


class ListsError(ValueError):
    """A ban/restricted lists file cannot be read; the message names file and field."""


@dataclass(frozen=True)
class SquadRules:
    """The limits a squad is judged against.

    ``ban_list`` and ``restricted_list`` hold card ids. An entry may be prefixed with its
    kind (``"pilot:"``, ``"upgrade:"``, ``"ship:"`` for a whole ship type) to say which
    card it means where ids are shared; an entry without a prefix names any card with that
    id. At most ``restricted_limit`` cards of the squad may come from the restricted list.
    """

    format: Format = "standard"
    points: int = DEFAULT_POINTS
    min_ships: int = DEFAULT_MIN_SHIPS
    max_ships: int = DEFAULT_MAX_SHIPS
    ban_list: frozenset[str] = frozenset()
    restricted_list: frozenset[str] = frozenset()
    restricted_limit: int = DEFAULT_RESTRICTED_LIMIT

    def with_points(self, points: int) -> SquadRules:
        return replace(self, points=points)


def _entries(value: Any, file: str, path: str) -> frozenset[str]:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise ListsError(f"{file}: {path}: expected a list of card ids")
    for entry in value:
        kind, _, key = entry.rpartition(":")
        if kind not in ("", "pilot", "upgrade", "ship") or not key:
            raise ListsError(f"{file}: {path}: bad entry {entry!r} "
                             "(use an id, or pilot:/upgrade:/ship: and an id)")
    return frozenset(value)


def _rules_from(data: Mapping[str, Any], file: str, game_format: Format) -> SquadRules:
    if not isinstance(data, dict):
        raise ListsError(f"{file}: expected a JSON object keyed by format")
    section = data.get(game_format, {})
    if not isinstance(section, dict):
        raise ListsError(f"{file}: {game_format}: expected an object")
    unknown = sorted(set(section) - {"ban_list", "restricted_list", "restricted_limit"})
    if unknown:
        raise ListsError(f"{file}: {game_format}.{unknown[0]}: unknown field")
    limit = section.get("restricted_limit", DEFAULT_RESTRICTED_LIMIT)
    if isinstance(limit, bool) or not isinstance(limit, int) or limit < 0:
        raise ListsError(f"{file}: {game_format}.restricted_limit: expected a whole number")
    return SquadRules(
        format=game_format,
        ban_list=_entries(section.get("ban_list", []), file, f"{game_format}.ban_list"),
        restricted_list=_entries(
            section.get("restricted_list", []), file, f"{game_format}.restricted_list"
        ),
        restricted_limit=limit,
    )


def rules_for(
    game_format: Format = "standard",
    *,
    points: int = DEFAULT_POINTS,
    lists_file: str | Path | None = None,
) -> SquadRules:
    """The rules of a format with the lists from ``lists_file`` (default: the packaged,
    empty lists)."""
    if game_format not in FORMATS:
        raise ValueError(f"unknown format {game_format!r}; use one of {', '.join(FORMATS)}")
    if lists_file is None:
        text = (resources.files("tallon.squads") / "lists.json").read_text(encoding="utf-8")
        name = "tallon/squads/lists.json"
    else:
        name = str(lists_file)
        try:
            text = read_text(lists_file)
        except FileAccessError as error:
            raise ListsError(str(error)) from None
    try:
        data = parse_json(text)
    except JsonTextError as error:
        raise ListsError(f"{name}: {error}") from None
    return replace(_rules_from(data, name, game_format), points=points)


def list_matches(entries: Iterable[str], kind: str, key: str) -> bool:
    """Whether a ban/restricted list names the card ``key`` of this ``kind``."""
    for entry in entries:
        entry_kind, _, entry_key = entry.rpartition(":")
        if entry_key == key and entry_kind in ("", kind):
            return True
    return False
