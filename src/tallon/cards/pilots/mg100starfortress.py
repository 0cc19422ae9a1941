"""MG-100 StarFortress pilots (Resistance). The ship has no ship ability; the generic
Cobalt Squadron Bomber has no ability text.

"[Single Turret Arc]" (Vennie, Ben Teene): ruling - the arcs a ship's turret arc indicator
selects (RR: TURRET ARCS: a double turret arc indicator gives two of them, so a
StarFortress's turret arcs count)."""

from __future__ import annotations

from typing import Any

from tallon.cards.common import defending_if, dice, is_in_arc, is_me
from tallon.cards.registry import register
from tallon.cards.upgrades.device import payload_options, place_payload
from tallon.engine.abilities import Cost, Ctx, DiceMod, Modifier, Triggered
from tallon.engine.allegiance import friendly
from tallon.engine.conditions import assign_condition
from tallon.engine.payloads import device_of
from tallon.engine.state import AttackState, ShipState
from tallon.geometry import at_range


def in_turret_arc(of: ShipState, target: ShipState) -> bool:
    """Whether ``target`` is in an arc ``of``'s turret arc indicator selects."""
    return any(is_in_arc(of, target, arc) for arc in of.turret)


# --------------------------------------------------------------------------- Cat
def _cat(game: Any, owner: ShipState, attack: AttackState | None = None, **facts: Any) -> int:
    if attack is None or attack.attacker != owner.id or not attack.primary:
        return 0
    body = game.state.ships[attack.defender].body
    # RR: DEVICE - a friendly device is one its player controls
    near = body is not None and any(d.owner == owner.owner and at_range(d.body, body, 0, 1)
                                    for d in game.state.devices)
    return 1 if near else 0


register("pilot", "cat",
         Modifier("1 more attack die against a defender near a friendly device",
                  hook="attack_dice", value=_cat),
         description="Primary attack against a defender at range 0-1 of a friendly bomb or "
                     "mine: 1 more attack die.")


# ------------------------------------------------------------------------ Vennie
def _vennie(game: Any, attack: AttackState, owner: ShipState) -> bool:
    attacker = game.state.ships[attack.attacker]
    return any(friendly(s, owner) and not s.remote and in_turret_arc(s, attacker)
               for s in game.state.in_play())


register("pilot", "vennie",
         DiceMod("add 1 focus result",
                 dice=dice("vennie"),
                 applies=defending_if(_vennie)),
         description="Defending while the attacker is in a friendly ship's turret arc: may "
                     "add 1 focus result.")


# --------------------------------------------------------------------- Ben Teene
def _ben_applies(ctx: Ctx) -> bool:
    if ctx.event["attacker"] != ctx.ship.id:
        return False
    defender = ctx.other(ctx.event["defender"])
    return defender.in_play and not defender.remote and in_turret_arc(ctx.ship, defender)


register("pilot", "benteene",
         Triggered("assign the Rattled condition to the defender", window="after_attack",
                   optional=False, requirement=_ben_applies,
                   effect=lambda ctx, choice: assign_condition(
                       ctx.game, ctx.other(ctx.event["defender"]), "rattled",
                       ctx.ship.owner)),
         description="After attacking a defender in his turret arc: the defender is "
                     "assigned the Rattled condition.")


# -------------------------------------------------------------------- Edon Kappehl
def _edon_applies(ctx: Ctx) -> bool:
    placed = ctx.ship.device_placed
    # RR: DEVICE - "drop 1 device" pays the device card's charge and uses its template
    return (is_me(ctx) and bool(ctx.event.get("full"))
            and ctx.event.get("difficulty") in ("blue", "white")
            and (placed is None or placed[0] != ctx.state.round))


register("pilot", "edonkappehl",
         Triggered("drop 1 device", window="after_execute", requirement=_edon_applies,
                   choices=lambda ctx: payload_options(ctx.game, ctx.ship, ("bomb", "mine")),
                   effect=place_payload, decision="launch_device"),
         description="After fully executing a blue or white maneuver, if he has not dropped "
                     "or launched a device this round: may drop a bomb or mine (paying its "
                     "card's charge, with its template).")


# ---------------------------------------------------------------------- Paige Tico
def _paige_applies(ctx: Ctx) -> bool:
    # the additional device pays its own card's charge too (as "drop 1 device": RR: DEVICE)
    return is_me(ctx) and not ctx.event["launched"] and ctx.ship.in_play


register("pilot", "paigetico",
         Triggered("spend 1 charge to drop an additional device", window="after_device_placed",
                   cost=Cost(charges=1), requirement=_paige_applies,
                   choices=lambda ctx: payload_options(ctx.game, ctx.ship, ("bomb", "mine")),
                   effect=place_payload, decision="launch_device"),
         description="After dropping a device: may spend 1 charge to drop another bomb or "
                     "mine (paying its card's charge, with its template).")


# -------------------------------------------------------------------- Finch Dallow
def bomb_touching(game: Any, owner: ShipState, card: str = "", launch: bool = False,
                  **facts: Any) -> list[tuple[str, tuple[()]]]:
    """Hook device_alignments: a bomb the ship drops (not launches) may be placed by hand
    touching it (Finch Dallow; Crimson Specialist, 1e)."""
    # RR: REPLACEMENT EFFECTS - a bomb he would drop may be placed by hand touching him
    # instead (not a launch, nor a mine or remote); the engine offers spots around his base
    if launch:
        return []
    try:
        bomb = device_of(card)[1] == "bomb"
    except (KeyError, ValueError):
        return []
    return [("touch", ())] if bomb else []


register("pilot", "finchdallow",
         Modifier("place a bomb touching you instead of dropping it",
                  hook="device_alignments", value=bomb_touching),
         description="Before dropping a bomb: may instead place it anywhere in the play area "
                     "touching his base.")
