"""The first edition's reinforce token while defending (``Ruleset.reinforce_adds_evade``).

Reference card (1e) "Reinforce Action": while a small or large ship with a reinforce token
defends, a token fore side up adds 1 [evade] result if the attacker is inside the
defender's firing arc, aft side up if it is not; the token is not spent (it leaves in the
End Phase, as 2.5's). A ship's firing arcs are its printed ones (FAQ (1e): auxiliary and
mobile arcs are firing arcs; a turret primary weapon gives no 360-degree arc).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from tallon.engine.state import ARCS, AttackState, ShipState, Token
from tallon.geometry import Arc, measure_arc

if TYPE_CHECKING:
    from tallon.engine.game import Game
    from tallon.geometry import Ship


def firing_arcs(ship: ShipState) -> tuple[Arc, ...]:
    """The ship's printed firing arcs: those of its primary weapons, a mobile arc where its
    indicator points; a turret ("all") is none."""
    found: list[Arc] = []
    for arc, _ in ship.attacks:
        if arc == "all":
            continue
        for a in ship.turret if arc == "single_turret" else ARCS.get(arc, ()):
            if a not in found:
                found.append(a)
    return tuple(found)


def inside_firing_arc(ship: ShipState, other: ShipState, reach: int = 3) -> bool:
    """Whether ``other`` is inside one of ``ship``'s firing arcs (measured up to ``reach``
    range bands)."""
    assert ship.body is not None and other.body is not None
    body = cast("Ship", ship.body)
    return any(measure_arc(body, other.body, arc, reach_bands=reach, lines=False).in_arc
               for arc in firing_arcs(ship))


def reinforce_evades(game: Game, attack: AttackState) -> int:
    """The [evade] results the defender's reinforce tokens add to its roll (one a token
    whose side matches where the attacker is); none unless the ruleset says so."""
    if not game.rules.reinforce_adds_evade:
        return 0
    defender = game.state.ships[attack.defender]
    attacker = game.state.ships[attack.attacker]
    if defender.body is None or attacker.body is None or defender.remote:
        return 0
    fore, aft = defender.count(Token.REINFORCE_FORE), defender.count(Token.REINFORCE_AFT)
    if not fore and not aft:
        return 0
    reach = 5 if attack.range >= 4 else 3
    return fore if inside_firing_arc(defender, attacker, reach) else aft
