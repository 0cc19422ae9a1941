"""The squads a simulation is given: an XWS file, a quick build id, or the name of one of
the server's ready-made opponents; and a field of opponents (a directory of XWS files, or
a JSON file holding a list of squads).

Only what cannot be played is refused: a file that is not an XWS squad, cards it names
that don't exist, cards the engine does not play (the engine's own check, as at the start
of a game). Legality for standard play is reported, not required: a quick build is a
single ship, and a player may well want to try a list over the limit.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tallon.cards import CARDS
from tallon.data import load_cards
from tallon.engine import Game, GameSetup, SetupError
from tallon.files import FileAccessError, JsonTextError, is_directory, parse_json, read_text
from tallon.server.opponents import OPPONENTS, opponent
from tallon.squads import (
    Squad,
    XwsError,
    XwsImport,
    check_squad,
    quick_build_xws,
    read_xws,
    read_xws_file,
    to_xws,
)
from tallon.squads.legality_1e import check_squad_1e
from tallon.squads.play_1e import looks_first_edition, squad_for_play, to_xws_1e
from tallon.squads.xws_1e import XwsImport1e, read_xws_1e


class SquadError(ValueError):
    """A squad that cannot be simulated; ``problems`` lists every reason, each naming the
    squad as the user gave it."""

    def __init__(self, problems: list[str]) -> None:
        super().__init__("; ".join(problems))
        self.problems = problems


@dataclass(frozen=True)
class LoadedSquad:
    """A squad ready to be simulated: ``label`` is how the user named it (a file, an id,
    an opponent's name), ``xws`` the squad as the workers rebuild it."""

    label: str
    squad: Squad
    xws: dict[str, Any]
    legal: bool

    @property
    def name(self) -> str:
        return self.squad.name or self.label


def _exists(spec: str) -> bool:
    try:
        return Path(spec).exists()
    except (OSError, ValueError):  # a name too long, a NUL byte: no such file
        return False


def _opponent_named(spec: str) -> dict[str, Any] | None:
    found = opponent(spec) or next(
        (o for o in OPPONENTS if o.name.casefold() == spec.strip().casefold()), None)
    return None if found is None else found.xws()


def _quick_build(spec: str) -> dict[str, Any] | None:
    db = load_cards()
    try:
        return quick_build_xws(db.quick_build(spec.strip()), db)
    except KeyError:
        return None


def load_squad(spec: str) -> LoadedSquad:
    """The squad ``spec`` names: ``-`` (standard input), an XWS file (2.0, or 1.0 for a
    first-edition squad), a ready-made opponent's name (case aside) or a quick build id;
    :class:`SquadError` naming every reason it can't be played."""
    try:
        if spec == "-":
            text = sys.stdin.read()
            data = parse_json(text)
            if isinstance(data, dict) and looks_first_edition(data):
                return _checked_1e(spec, read_xws_1e(data))
            imported = read_xws(text)
        elif _exists(spec):
            data = _json_or_none(spec)
            if isinstance(data, dict) and looks_first_edition(data):
                return _checked_1e(spec, read_xws_1e(data))
            imported = read_xws_file(spec)
        elif (xws := _opponent_named(spec) or _quick_build(spec)) is not None:
            imported = read_xws(xws)
        else:
            raise SquadError([
                f"{spec}: no such file, quick build id (tallon squad quickbuild) or "
                "ready-made opponent (tallon sim opponents)"])
    except (XwsError, JsonTextError) as error:
        where = "standard input: " if spec == "-" else ""
        raise SquadError([f"{where}{error}"]) from None
    return _checked(spec, imported)


def _json_or_none(path: str) -> Any:
    try:
        return parse_json(read_text(Path(path)))
    except (FileAccessError, JsonTextError):
        return None  # the XWS reader names the problem


def _checked_1e(label: str, imported: XwsImport1e) -> LoadedSquad:
    """A first-edition squad (XWS 1.0) ready to simulate: legality is the first
    edition's at 100 points, reported, not required."""
    problems = [f"{label}: {p.message}" for p in imported.errors]
    if problems:
        raise SquadError(problems)
    squad = squad_for_play(imported.squad)
    problems = [f"{label}: {problem}" for problem in playable_problems(squad)]
    if problems:
        raise SquadError(problems)
    legal = check_squad_1e(imported.squad).legal
    return LoadedSquad(label, squad, to_xws_1e(squad), legal)


def _checked(label: str, imported: XwsImport) -> LoadedSquad:
    # a reading error's message already says where in the file
    problems = [f"{label}: {p.message}" for p in imported.errors]
    if not problems:
        problems = [f"{label}: {problem}" for problem in playable_problems(imported.squad)]
    if problems:
        raise SquadError(problems)
    squad = imported.squad
    legal = check_squad(squad, errors=imported.errors).legal
    return LoadedSquad(label, squad, to_xws(squad), legal)


def playable_problems(squad: Squad) -> list[str]:
    """Why the engine refuses a game with ``squad`` (nothing when it plays it): the check
    a game makes at its setup, the squad set against itself."""
    try:
        Game(GameSetup((squad, squad), seed=0, rounds=1, cards=CARDS,
                       ruleset=squad.played_ruleset), logging=False)
    except SetupError as error:
        # the same squad is both players: keep player 1's problems, without the prefix
        own = [p.removeprefix("squad 1: ").removeprefix("squad 1 ")
               for p in error.problems if not p.startswith("squad 2")]
        return own or list(error.problems)
    return []


def load_field(path: Path) -> list[LoadedSquad]:
    """The squads of a field: every ``*.json`` file of the directory ``path`` (by name),
    or the list of a JSON file whose items are XWS squads, objects holding one under
    ``xws`` (as ``tallon sim opponents --json`` lists them) or names (quick build ids,
    ready-made opponents); :class:`SquadError` naming every squad that can't be played."""
    problems: list[str] = []
    found: list[LoadedSquad] = []
    if is_directory(path):
        files = sorted(p for p in path.iterdir() if p.suffix.lower() == ".json")
        if not files:
            raise SquadError([f"{path}: no .json files (XWS squads) in this directory"])
        for file in files:
            try:
                found.append(load_squad(str(file)))
            except SquadError as error:
                problems.extend(error.problems)
    else:
        try:
            items = parse_json(read_text(path))
        except FileAccessError as error:
            raise SquadError([str(error)]) from None
        except JsonTextError as error:
            raise SquadError([f"{path}: {error}"]) from None
        if not isinstance(items, list) or not items:
            raise SquadError([f"{path}: expected a list of XWS squads (or of quick build "
                                "ids and ready-made opponents' names)"])
        for k, item in enumerate(items, start=1):
            label = f"{path}[{k}]"
            try:
                if isinstance(item, str):
                    found.append(load_squad(item))
                    continue
                if isinstance(item, dict) and isinstance(item.get("xws"), dict):
                    item = item["xws"]  # a listed squad, as `tallon sim opponents --json`
                name = str(item.get("name") or label) if isinstance(item, dict) else label
                try:
                    if isinstance(item, dict) and looks_first_edition(item):
                        found.append(_checked_1e(name, read_xws_1e(item)))
                        continue
                    imported = read_xws(item)
                except XwsError as error:
                    raise SquadError([f"{label}: {error}"]) from None
                found.append(_checked(name, imported))
            except SquadError as error:
                problems.extend(error.problems)
    if problems:
        raise SquadError(problems)
    return found


def describe(loaded: LoadedSquad) -> dict[str, Any]:
    """A squad as a summary shows it: name, where it came from, faction, points, whether
    it is legal for standard play, and its ships in the order the games number them."""
    squad = loaded.squad
    return {"name": loaded.name, "source": loaded.label, "faction": squad.faction,
            "ruleset": squad.played_ruleset,
            "points": squad.points, "legal": loaded.legal,
            "ships": [{"pilot": ship.pilot.xws, "name": ship.pilot.name,
                       "upgrades": [u.xws for u in ship.upgrades]} for ship in squad.ships]}


__all__ = ["LoadedSquad", "SquadError", "describe", "load_field", "load_squad",
           "playable_problems"]
