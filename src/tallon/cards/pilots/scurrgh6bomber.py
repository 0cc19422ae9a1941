"""Scurrg H-6 bomber pilots (Scum and Villainy). The ship has no ship ability; Lok Revenant
has no pilot ability. Its title Havoc is in ``cards/upgrades/title_scum_e.py``."""

from __future__ import annotations

from typing import Any

from tallon.cards.common import attack_crossing
from tallon.cards.registry import register
from tallon.cards.upgrades.device import drop_templates
from tallon.engine.abilities import Cost, Ctx, Modifier, Replacement
from tallon.engine.allegiance import friendly
from tallon.engine.payloads import device
from tallon.engine.state import AttackState, ShipState
from tallon.geometry.maneuvers import Bearing, Maneuver
from tallon.geometry.polygons import segment_enters

#: how many of a tied family of closest range lines are tried (RR: OBSTRUCTED)
_FAMILY_SAMPLES = 33


# ------------------------------------------------------------------ Captain Nym
def _nym_applies(ctx: Ctx, facts: dict[str, Any]) -> bool:
    found = device(ctx.game, facts["device"])
    return found is not None and friendly(found, ctx.ship)


def _nym_prevents(ctx: Ctx, facts: dict[str, Any], choice: Any) -> None:
    # RR: REPLACEMENT EFFECTS - it does not detonate: it stays in the play area
    ctx.game.event("device", f"{facts['device']} does not detonate", device=facts["device"])


def device_crossed(game: Any, device_id: str, lines: Any) -> bool:
    """Whether every closest range line passes through the device (with tied lines the
    attacker chooses one, and would choose one that misses it: RR: OBSTRUCTED)."""
    body = next((o for o in game.state.table().objects() if o.id == device_id), None)
    if body is None or lines is None:
        return False
    (ax, ay), (ex, ey) = lines.a0, lines.a1
    ox, oy = lines.offset
    count = 1 if lines.unique else _FAMILY_SAMPLES
    for k in range(count):
        s = k / (count - 1) if count > 1 else 0.0
        sx, sy = ax + s * (ex - ax), ay + s * (ey - ay)
        if not any(segment_enters(sx, sy, sx + ox, sy + oy, piece)
                   for piece in body.range_pieces):
            return False
    return True


def obstructed_by_device(game: Any, attack: AttackState) -> bool:
    """Whether a bomb or mine obstructs the attack (RR: OBSTRUCTED: range is measured
    through it)."""
    crossing = attack_crossing(game, attack)
    if crossing is None:
        return False
    devices = {d.id for d in game.state.devices if d.category in ("bomb", "mine")}
    return any(device_crossed(game, i, crossing.lines) for i in crossing.objects
               if i in devices)


def _nym_defends(game: Any, owner: ShipState, attack: AttackState | None = None,
                 **facts: Any) -> int:
    if attack is None or attack.defender != owner.id:
        return 0
    return int(obstructed_by_device(game, attack))


register("pilot", "captainnym",
         Replacement("spend 1 charge: the device does not detonate", point="detonate",
                     applies=_nym_applies, replace=_nym_prevents, cost=Cost(charges=1)),
         Modifier("1 more defense die when a bomb or mine obstructs", hook="defense_dice",
                  value=_nym_defends),
         description="Before a friendly mine or bomb would detonate: may spend 1 charge so it does "
                     "not detonate. While he defends and the attack is obstructed by a bomb or "
                     "mine: he rolls 1 additional defense die.")


# --------------------------------------------------------------------- Sol Sixxa
#: RR: MANEUVER - the other speed 1 templates: both banks and both turns
_OTHER_SPEED_1 = tuple(f"1{b.value}" for b in (Bearing.BANK_LEFT, Bearing.BANK_RIGHT,
                                                Bearing.TURN_LEFT, Bearing.TURN_RIGHT))


def _sol(game: Any, owner: ShipState, card: str = "", templates: tuple[str, ...] = (),
         launch: bool = False, **facts: Any) -> list[tuple[str, bool]]:
    # a [1 straight] drop another of the ship's cards offers may use the other templates too
    drops = drop_templates(game, owner, _sol, card, templates, launch)
    straight = any(Maneuver.parse(code).bearing is Bearing.STRAIGHT
                   and Maneuver.parse(code).speed == 1 for code in drops)
    return [(code, False) for code in _OTHER_SPEED_1] if straight else []


register("pilot", "solsixxa",
         Modifier("drop with any other speed 1 template instead of the [1 straight]",
                  hook="device_templates", value=_sol),
         description="A device he would drop with a [1 straight] template: he may drop it "
                     "with any other speed 1 template (bank or turn) instead.")
