"""Values that cards change through small hooks (brought by the first edition's damage
cards, general for any card): a ship's agility (hook ``agility``), the damage counted
against its hull (hook ``hull_damage``), the difficulty steps of a maneuver (hook
``maneuver_difficulty`` with ``Ruleset.difficulty_increase_wins``) and the maneuvers a ship
may set on its dial (hook ``dial_forbidden``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tallon.engine.dial_codes import dial_options
from tallon.engine.queue import any_true, modifiers, named, own_modifiers, total
from tallon.engine.token_kinds import Token

if TYPE_CHECKING:
    from tallon.engine.game import Game
    from tallon.engine.state import ShipState


def agility(game: Game, ship: ShipState) -> int:
    """The ship's agility as cards change it (hook ``agility``, summed), at least 0 once
    every change is counted (FAQ (1e): Increasing and Reducing Values)."""
    # reference card (1e) "Tractor Beam Token": 1 lower per token in the Combat phase
    tractor = ship.count(Token.TRACTOR) if game.rules.tractor_agility_per_token and \
        game.state.phase == "engagement" else 0
    return max(0, ship.agility + total(game, "agility", ship=ship) - tractor)


def hull_damage(game: Game, ship: ShipState) -> int:
    """The damage counted against the ship's hull (rulebook (1e), Destroying Ships;
    RR: DESTROYING SHIPS): one per damage card, and what its cards add (hook ``hull_damage``:
    a faceup 1e Direct Hit! counts as 2)."""
    return len(ship.damage) + sum(held.ability.value(game, ship, ship=ship) or 0
                                  for held in own_modifiers(game, ship, "hull_damage"))


def difficulty_steps(game: Game, ship: ShipState, code: str) -> int:
    """The difficulty steps cards add to this maneuver (hook ``maneuver_difficulty`` and
    ``ship.execute_difficulty``): cumulative (RR: DIFFICULTY), except where an increase
    takes priority over decreases (``Ruleset.difficulty_increase_wins``, FAQ (1e))."""
    if not game.rules.difficulty_increase_wins:
        return total(game, "maneuver_difficulty", ship=ship, maneuver=code) \
            + ship.execute_difficulty
    changes = [ability.value(game, owner, ship=ship, maneuver=code) or 0
               for owner, _, ability in modifiers(game, "maneuver_difficulty")]
    changes.append(ship.execute_difficulty)
    if any(c > 0 for c in changes):
        return sum(c for c in changes if c > 0)
    return sum(changes)


def settable(game: Game, ship: ShipState) -> tuple[str, ...]:
    """The maneuvers the ship may set on its dial now: :func:`dial_options` as the ruleset
    says, less those a card forbids (hook ``dial_forbidden``: 1e Shaken Pilot), never the
    whole dial."""
    codes = tuple(dial_options(ship, exclude_red=game.rules.stressed_dial_excludes_red))
    if "dial_forbidden" not in named(game):
        return codes
    return tuple(c for c in codes if not any_true(
        game, "dial_forbidden", ship=ship, maneuver=c)) or codes
