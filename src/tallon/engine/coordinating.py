"""Whom a coordinating ship may choose besides its friendly ships at range 1-2
(RR: COORDINATE): a friendly ship beyond range 2 (hook ``coordinate_beyond_range``), and a
friendly remote a card of the ship lets it choose instead of a ship (hook
``coordinate_remote``). A remote can't perform actions (RR: REMOTES): the card names the
continuation that carries out what the chosen remote does instead, called with None, the
coordinating ship's id and the remote's id."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tallon.engine.allegiance import friendly
from tallon.engine.queue import any_true, own_modifiers
from tallon.engine.state import ShipState
from tallon.engine.steps import Then

if TYPE_CHECKING:
    from tallon.engine.game import Game


def coordinate_far(game: Game, ship: ShipState, other: ShipState) -> bool:
    """A card lets the ship coordinate ``other`` beyond range 2 (``coordinate_beyond_range``)."""
    return not game.state.in_range(ship, other, 0, 2) and any(
        held.ability.value(game, ship, ship=other)
        for held in own_modifiers(game, ship, "coordinate_beyond_range"))


def _remote_step(game: Game, ship: ShipState, remote: ShipState) -> str | None:
    for held in own_modifiers(game, ship, "coordinate_remote"):
        then = held.ability.value(game, ship, remote=remote)
        if then:
            return str(then)
    return None


def coordinate_remotes(game: Game, ship: ShipState) -> list[ShipState]:
    """RR: COORDINATE - the friendly remotes at range 1-2 a card of the ship lets it choose
    instead of another friendly ship (hook ``coordinate_remote``)."""
    if not own_modifiers(game, ship, "coordinate_remote"):
        return []
    return [r for r in game.state.ships.values() if r.remote and r.in_play
            and r.owner == ship.owner and game.state.in_range(ship, r, 1, 2)
            and _remote_step(game, ship, r) is not None]


def coordinate_remote(game: Game, ship: ShipState, answer: str) -> bool:
    """If the coordinating ship chose a remote: schedule what its card has the remote do
    instead of an action, and say so. A remote is not a ship, so the windows and hooks about
    the coordinated ship (coordinate_chosen, after_coordinate, coordinate_actions, ...) do
    not apply to it (ruling)."""
    remote = game.state.ships.get(answer)
    if remote is None or not remote.remote:
        return False
    then = _remote_step(game, ship, remote)
    if then is None:
        return False
    game.event("action", f"{ship.name} ({ship.id}) coordinates {remote.name} ({remote.id})",
               ship=ship.id)
    game.push(Then(then, (ship.id, remote.id)))
    return True


def coordinate_targets(game: Game, ship: ShipState) -> list[ShipState]:
    """RR: COORDINATE - the other friendly ships at range 1-2 (but those a card says can't be
    coordinated: hook ``cannot_be_coordinated``)."""
    low = 0 if game.rules.touching_is_range_one else 1  # 1e: touching is Range 1
    return [s for s in game.state.in_play() if friendly(s, ship) and s.id != ship.id
            and (game.state.in_range(ship, s, low, 2) or coordinate_far(game, ship, s))
            and not any_true(game, "cannot_be_coordinated", ship=s)
            and not coordinate_forbidden(game, ship, s)]


def coordinate_forbidden(game: Game, ship: ShipState, other: ShipState) -> bool:
    """A card says the ship can't coordinate ``other`` (hook ``coordinate_forbidden``)."""
    return any(held.ability.value(game, ship, ship=other)
               for held in own_modifiers(game, ship, "coordinate_forbidden"))
