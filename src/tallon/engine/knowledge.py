"""Hidden information one player has learnt: a facedown dial a card let them look at.

RR: DIAL - players may not look at their opponents' facedown dials; a card may let one
player do so (Sense, Cassian Andor, Phlac-Arphocc Prototype). A dial a player has looked
at is known to that player while it stays as it was when looked at, this round:

- their view shows it (:func:`tallon.engine.view.player_view`); every view names who
  knows it (``dial_known_by``: that a player looked is seen by both), never what it is;
- a determinization for that player keeps it (:mod:`tallon.engine.determinize`);
- it is forgotten when the owner sets the dial again (:func:`set_dial_again`) and with
  the next round's dials.

The knowledge is plain data in the looked-at ship's card memory (``DIAL_KNOWN``: a
(player, round, maneuver) record per look), so it is part of the full snapshot only in a
game where a dial was looked at: other games keep their state hashes.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from tallon.engine.game import Game
    from tallon.engine.state import GameState, ShipState

#: The card memory key of the looks at a ship's dial.
DIAL_KNOWN = "rule:dial known"

Look = tuple[int, int, str]


def _looks(ship: ShipState) -> tuple[Look, ...]:
    return ship.recalled(DIAL_KNOWN, ())


def _keep(ship: ShipState, looks: tuple[Look, ...]) -> None:
    ship.remember(DIAL_KNOWN, looks or None)


def dial_known_by(state: GameState, ship: ShipState) -> tuple[int, ...]:
    """The players other than its owner who looked at the ship's dial as it is set now
    (this round, not set again since)."""
    if ship.dial_set is None or not ship.card_memory:  # asked of every ship in every view
        return ()
    return tuple(sorted({player for player, round_, code in _looks(ship)
                         if round_ == state.round and code == ship.dial_set}))


def sees_dial(state: GameState, ship: ShipState, player: int) -> bool:
    """Whether ``player`` may see the ship's dial: its owner, anyone once it is revealed
    or flipped faceup, or a player who looked at it."""
    return ship.owner == player or ship.dial_revealed or player in dial_known_by(state, ship)


def look_at_dial(game: Game, player: int, ship: ShipState, source: str) -> None:
    """``player`` looks at the ship's dial (``source``: the card that lets them): they
    know it from now on. The log names the maneuver to that player only."""
    if ship.dial_set is None:
        return
    state = game.state
    if not sees_dial(state, ship, player):
        # looks of earlier rounds or at an earlier setting are left behind
        current = tuple(look for look in _looks(ship)
                        if look[1] == state.round and look[2] == ship.dial_set)
        _keep(ship, (*current, (player, state.round, ship.dial_set)))
    game.event("dial", f"Player {player} looks at the dial of {ship.name} ({ship.id}) "
               f"({source})", ship=ship.id, secret={"player": player,
                                                    "maneuver": ship.dial_set})


def set_dial_again(game: Game, ship: ShipState, code: str, source: str) -> None:
    """The owner secretly sets the ship's dial again (``source``: the card that lets it):
    whoever had looked at it no longer knows it (a faceup dial stays faceup)."""
    ship.dial_set = code
    ship.dial_stressed = ship.stressed
    if _looks(ship):
        _keep(ship, ())
    game.event("dial", f"Player {ship.owner} sets the dial of {ship.name} ({ship.id}) again "
               f"({source})", ship=ship.id, secret={"player": ship.owner, "maneuver": code})


__all__ = ["DIAL_KNOWN", "dial_known_by", "look_at_dial", "sees_dial", "set_dial_again"]
