"""Modification upgrades. Hull Upgrade, Shield Upgrade, Engine Upgrade, Targeting Computer
and Angled Deflectors have no ability text: the stats and actions they grant come from the
card data."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tallon.cards.acting import bar_actions, during_activation, grant_action, granted
from tallon.cards.common import (
    CancelAll,
    attack_crossing,
    attacking_if,
    is_in_arc,
    is_me,
    recover_charge,
    ship_options,
    ships_in_range,
)
from tallon.cards.guarding import prevent_one_damage
from tallon.cards.registry import register
from tallon.data import load_cards
from tallon.dice import Face
from tallon.dice.abilities.base import ATTACKING
from tallon.dice.abilities.effects import CardAbility
from tallon.engine.abilities import (
    CardAction,
    Cost,
    Ctx,
    DiceMod,
    Modifier,
    Replacement,
    Triggered,
)
from tallon.engine.action_bodies import lock_targets
from tallon.engine.decisions import Option
from tallon.engine.devices import place_obstacle
from tallon.engine.effects import (
    acquire_lock,
    break_locks_on,
    deal_damage_card,
    draw_damage,
    gain_token,
    locks_on,
    remove_token,
    suffer_damage,
)
from tallon.engine.movement import ExecuteManeuver
from tallon.engine.payloads import device as payload_device
from tallon.engine.state import ShipState, Token
from tallon.engine.steps import Then, continuation
from tallon.engine.weapons import weapon_ability
from tallon.geometry import (
    Arc,
    Maneuver,
    Obstacle,
    Pose,
    in_arc,
    line_obstruction,
    measure_arc,
    range_between,
)

if TYPE_CHECKING:
    from tallon.engine.game import Game

RED_OR_ORANGE = (Token.STRESS, Token.STRAIN, Token.DEPLETE, Token.ION, Token.TRACTOR,
                 Token.JAM, Token.DISARM)
RED = (Token.STRESS, Token.STRAIN, Token.DEPLETE, Token.ION)


# ------------------------------------------------------------------ shared pieces
def token_options(game: Any, ship: ShipState, kinds: tuple[Token, ...]) -> list[Option]:
    """A ship's red (or red and orange) tokens of these kinds as choices; the locks
    assigned to it are red tokens too (RR: FAQ, Locking: a lock is the locked ship's red
    token)."""
    options = [Option(t.value, f"remove 1 {t.value} token") for t in kinds if ship.has(t)]
    options += [Option(f"lock:{s.id}", f"remove the lock of {s.name} ({s.id})")
                for s in locks_on(game, ship.id)]
    return options


def remove_chosen_token(game: Any, ship: ShipState, choice: str) -> None:
    if choice.startswith("lock:"):
        locker = game.state.ships[choice.partition(":")[2]]
        locker.locks = [t for t in locker.locks if t != ship.id]
        game.event("lock", f"the lock of {locker.name} on {ship.id} is removed", ship=ship.id)
        return
    remove_token(game, ship, Token(choice))
    game.event("token", f"{ship.name} ({ship.id}) removes 1 {choice} token", ship=ship.id)


def _spend_result(pool: Any, face: Face) -> None:
    """Spend one result: the die leaves the pool."""
    for index, die in enumerate(pool):
        if die.face is face:
            pool.remove(index)
            return


# ----------------------------------------------------------- Static Discharge Vanes
def _vanes_targets(ctx: Ctx) -> list[Any]:
    return ships_in_range(ctx.game, ctx.ship, 0, 1, other=True)


def _vanes_apply(ctx: Ctx, facts: dict[str, Any]) -> bool:
    return (facts["ship"] == ctx.ship.id and facts["token"] in ("ion", "jam")
            and not ctx.ship.stressed and bool(_vanes_targets(ctx)))


def _vanes(ctx: Ctx, facts: dict[str, Any], choice: Any) -> None:
    token = Token(facts["token"])
    gain_token(ctx.game, ctx.other(choice), token, 1, facts["applier"])
    if facts["count"] > 1:  # the vanes pass on one token; the rest come as they would
        gain_token(ctx.game, ctx.ship, token, facts["count"] - 1, facts["applier"])
    suffer_damage(ctx.game, ctx.ship, hits=1, cause="Static Discharge Vanes")


register("upgrade", "staticdischargevanes",
         Replacement("pass an ion or jam token to a ship at range 0-1", point="gain_token",
                     applies=_vanes_apply, replace=_vanes,
                     choices=lambda ctx, facts: ship_options(_vanes_targets(ctx)),
                     cost=Cost(gain=(("stress", 1),))),
         description="Unstressed, about to gain an ion or jam token: may gain a stress token "
                     "to give that token to another ship at range 0-1 instead, then suffer 1 "
                     "hit damage.")


# ------------------------------------------------------------------ Afterburners
def _afterburners_wants(ctx: Ctx) -> bool:
    return (is_me(ctx) and bool(ctx.event.get("full"))
            and 3 <= int(ctx.event.get("speed") or 0) <= 5)


register("upgrade", "afterburners",
         grant_action("spend 1 charge to perform a boost action, even while stressed",
                      "after_execute", lambda ctx: [granted("boost", "white", ctx.card)],
                      requirement=_afterburners_wants, cost=Cost(charges=1),
                      even_stressed=True),
         description="After fully executing a speed 3-5 maneuver: may spend 1 charge to "
                     "perform a boost action, even while stressed.")


# ------------------------------------------------------------ Precision Ion Engines
def _pie_applies(ctx: Ctx, facts: dict[str, Any]) -> bool:
    if facts["ship"] != ctx.ship.id:
        return False
    maneuver = Maneuver.parse(facts["maneuver"])
    return maneuver.bearing.value == "K" and 1 <= maneuver.speed <= 3


def _pie_choices(ctx: Ctx, facts: dict[str, Any]) -> list[Option]:
    maneuver = Maneuver.parse(facts["maneuver"])
    difficulty = maneuver.difficulty.value if maneuver.difficulty else ""
    return [Option(f"{maneuver.speed}{letter}{difficulty}",
                   f"execute it as a {maneuver.speed} Segnor's loop {side}")
            for letter, side in (("L", "left"), ("P", "right"))]


def _pie(ctx: Ctx, facts: dict[str, Any], choice: Any) -> None:
    ctx.game.event("activate", f"{ctx.ship.name} ({ctx.ship.id}) executes [{choice}] "
                   f"instead of [{facts['maneuver']}]", ship=ctx.ship.id)
    ctx.game.push(ExecuteManeuver(ctx.ship.id, str(choice), ion=facts["ion"],
                                  slam=facts["slam"], replaceable=False))


register("upgrade", "precisionionengines",
         Replacement("spend 1 charge: a Segnor's loop instead of the Koiogran turn",
                     point="execute_maneuver", applies=_pie_applies, choices=_pie_choices,
                     replace=_pie, cost=Cost(charges=1)),
         description="About to execute a speed 1-3 Koiogran turn: may spend 1 charge to "
                     "execute it as a Segnor's loop (left or right) of the same speed and "
                     "difficulty instead.")


# ------------------------------------------------------------- Ion Maneuvering Jet
register("upgrade", "ionmaneuveringjet-battleoverendor",
         grant_action("spend 1 charge to perform an action, even while stressed",
                      "after_execute",
                      lambda ctx: bar_actions(ctx.game, ctx.ship, during_activation(ctx),
                                              even_stressed=True),
                      requirement=lambda ctx: is_me(ctx) and bool(ctx.event.get("full"))
                      and ctx.event.get("bearing") == "K",
                      cost=Cost(charges=1), even_stressed=True),
         description="After fully executing a Koiogran turn: may spend 1 charge to perform "
                     "an action, even while stressed.")


# --------------------------------------------------------------- Targeting Matrix
MATRIX_MARK = "targetingmatrix-strain"


def _has_focus_result(pool: Any) -> bool:
    return pool is not None and pool.count(Face.FOCUS) > 0


def _matrix_spend(ctx: Ctx, choice: Any) -> None:
    attack = ctx.attack
    assert attack is not None
    _spend_result(attack.attack_dice, Face.FOCUS)
    attack.marks[f"{ctx.ship.id}:{MATRIX_MARK}"] = 1
    ctx.game.event("ability", f"{ctx.ship.name} ({ctx.ship.id}) spends a focus result",
                   ship=ctx.ship.id)


def _matrix_marked(ctx: Ctx) -> bool:
    attack = ctx.attack
    return (is_me(ctx, "attacker") and attack is not None
            and attack.marks.get(f"{ctx.ship.id}:{MATRIX_MARK}", 0) > 0)


register("upgrade", "targetingmatrix-battleoverendor",
         Triggered("spend 1 focus result: the defender gains a strain token after the attack",
                   window="after_neutralize",
                   requirement=lambda ctx: is_me(ctx, "attacker") and ctx.attack is not None
                   and _has_focus_result(ctx.attack.attack_dice),
                   effect=_matrix_spend),
         Triggered("the defender gains a strain token", window="after_attack",
                   requirement=_matrix_marked, optional=False,
                   effect=lambda ctx, choice: gain_token(
                       ctx.game, ctx.other(ctx.event["defender"]), Token.STRAIN,
                       applier=ctx.ship.owner)),
         description="Attacking, at the end of the Neutralize Results step: may spend 1 focus "
                     "result; then, after the attack, the defender gains a strain token.")


# ---------------------------------------------------------------- Chaff Particles
def _chaff_wants(ctx: Ctx) -> bool:
    return (is_me(ctx, "defender") and ctx.attack is not None
            and _has_focus_result(ctx.attack.defense_dice)
            and bool(token_options(ctx.game, ctx.ship, RED_OR_ORANGE)))


def _chaff(ctx: Ctx, choice: Any) -> None:
    assert ctx.attack is not None
    _spend_result(ctx.attack.defense_dice, Face.FOCUS)
    remove_chosen_token(ctx.game, ctx.ship, choice)


register("upgrade", "chaffparticles-battleoverendor",
         Triggered("spend 1 focus result to remove 1 red or orange token",
                   window="after_neutralize", requirement=_chaff_wants,
                   choices=lambda ctx: token_options(ctx.game, ctx.ship, RED_OR_ORANGE),
                   effect=_chaff),
         description="Defending, at the end of the Neutralize Results step: may spend 1 focus "
                     "result to remove 1 red or orange token.")


# ------------------------------------------------------- Unstable Sublight Engines
def _unstable(ctx: Ctx, choice: Any) -> None:
    ship = ctx.ship
    ctx.game.push(ExecuteManeuver(ship.id, "1FW"),
                  Then("unstablesublightengines.blast", (ship.id,)))


@continuation("unstablesublightengines.blast")
def _unstable_blast(game: Game, _: None, ship_id: str) -> None:
    ship = game.state.ships[ship_id]
    if not ship.in_play:
        return  # it fled: nothing is at range of it any more
    for other in ships_in_range(game, ship, 0, 1, other=True):
        suffer_damage(game, other, hits=1, cause="Unstable Sublight Engines")


register("upgrade", "unstablesublightengines-battleofyavin",
         Triggered("execute a 1 straight, then each other ship at range 0-1 suffers 1 damage",
                   window="after_destroyed", requirement=is_me, optional=False,
                   effect=_unstable),
         description="After being destroyed: must execute a 1 straight maneuver, then every "
                     "other ship at range 0-1 suffers 1 hit damage.")


# ------------------------------------------------------------- Electronic Baffle
def _baffle(ctx: Ctx, choice: Any) -> None:
    suffer_damage(ctx.game, ctx.ship, hits=1, cause="Electronic Baffle")
    remove_chosen_token(ctx.game, ctx.ship, choice)


register("upgrade", "electronicbaffle",
         Triggered("suffer 1 damage to remove 1 red token", window="end_phase",
                   requirement=lambda ctx: bool(token_options(ctx.game, ctx.ship, RED)),
                   choices=lambda ctx: token_options(ctx.game, ctx.ship, RED),
                   effect=_baffle),
         description="During the End Phase: may suffer 1 hit damage to remove 1 red token.")


# -------------------------------------------------------------- Munitions Failsafe
def _ordnance_with_charges(game: Any, attack: Any, owner: ShipState) -> bool:
    """The attack is made with a torpedo or missile whose attack costs charges."""
    weapon = attack.weapon
    if weapon.card is None:
        return False
    slots = load_cards().upgrade(weapon.card).slots
    ability = weapon_ability(game, weapon)
    return (("torpedo" in slots or "missile" in slots) and ability is not None
            and ability.cost.charges > 0)


def _failsafe_recover(ctx: Ctx, option: Any) -> None:
    attack = ctx.attack
    assert attack is not None and attack.weapon.card is not None
    recover_charge(ctx.ship, attack.weapon.card)


register("upgrade", "munitionsfailsafe",
         DiceMod("cancel all results to recover the charge spent",
                 dice=CardAbility("munitionsfailsafe", "Munitions Failsafe (cancel all)",
                                  effect=CancelAll(), roles=ATTACKING),
                 applies=attacking_if(_ordnance_with_charges), after=_failsafe_recover),
         description="Torpedo or missile attack, once the dice are rolled: may cancel every "
                     "result to recover the charge the attack cost.")


# ------------------------------------------------------------------ Stealth Device
def _stealth(game: Any, owner: ShipState, attack: Any = None, **facts: Any) -> int:
    charge = owner.charges.get("stealthdevice")
    return 1 if (attack is not None and attack.defender == owner.id and charge is not None
                 and charge.active > 0) else 0


def _stealth_lose(ctx: Ctx, choice: Any) -> None:
    ctx.ship.charges[ctx.card].active -= 1


register("upgrade", "stealthdevice",
         Modifier("1 more defense die while charged", hook="defense_dice", value=_stealth),
         Triggered("lose 1 charge after suffering damage", window="after_suffer_damage",
                   requirement=lambda ctx: is_me(ctx)
                   and ctx.ship.charges[ctx.card].active > 0,
                   optional=False, effect=_stealth_lose),
         description="Defending while its charge is active: 1 more defense die. After "
                     "suffering damage: loses 1 charge.")


# ----------------------------------------------------------- Beskar Reinforced Plating
def _beskar_applies(ctx: Ctx, facts: dict[str, Any]) -> bool:
    attack = ctx.attack
    if attack is None or attack.defender != ctx.ship.id or facts["ship"] != ctx.ship.id:
        return False
    charge = ctx.ship.charges.get(ctx.card)
    return (charge is not None and charge.active >= 1
            and is_in_arc(ctx.ship, ctx.other(attack.attacker), Arc.FRONT))


def _beskar_choices(ctx: Ctx, facts: dict[str, Any]) -> list[Option]:
    options = [Option("facedown", "spend 1 charge: the card is dealt facedown")]
    if ctx.ship.charges[ctx.card].active >= 2:
        options.append(Option("discard", "spend 2 charges: the card is discarded"))
    return options


def _beskar(ctx: Ctx, facts: dict[str, Any], choice: Any) -> None:
    ship = ctx.ship
    ship.charges[ctx.card].active -= 1 if choice == "facedown" else 2
    if choice == "facedown":
        deal_damage_card(ctx.game, ship, False)
    else:
        draw_damage(ctx.game, ship.owner, "beskarreinforcedplating.discard", (ship.id,))


@continuation("beskarreinforcedplating.discard")
def _beskar_discard(game: Game, card: str, ship_id: str) -> None:
    ship = game.state.ships[ship_id]
    game.state.player(ship.owner).discard.append(card)
    game.event("damage", f"{ship.name} ({ship.id}) discards the damage card {card}",
               ship=ship.id)


register("upgrade", "beskarreinforcedplating",
         Replacement("a faceup damage card is dealt facedown or discarded", point="deal_faceup",
                     applies=_beskar_applies, choices=_beskar_choices, replace=_beskar),
         description="Defending with the attacker in its front arc, about to be dealt a faceup "
                     "damage card: may spend 1 charge to be dealt it facedown, or 2 charges "
                     "to discard it.")


# --------------------------------------------------------------- Tactical Scrambler
def _obstructs(game: Any, owner: ShipState, attack: Any) -> bool:
    attacker = game.state.ships[attack.attacker]
    defender = game.state.ships[attack.defender]
    if owner.id in (attacker.id, defender.id) or attacker.owner == owner.owner:
        return False
    if attacker.body is None or defender.body is None or owner.body is None:
        return False
    lines = measure_arc(attacker.body, defender.body, attack.arc).closest
    crossed = line_obstruction(game.state.table(), lines, (attacker.id, defender.id))
    return owner.id in crossed.objects


register("upgrade", "tacticalscrambler",
         Modifier("the defender rolls 1 more defense die", hook="defense_dice",
                  value=lambda game, owner, attack=None, **facts:
                  1 if attack is not None and _obstructs(game, owner, attack) else 0),
         description="When this ship obstructs an attack by an enemy ship: the defender rolls an "
                     "extra defense die.")


# ------------------------------------------------------------------ Ablative Plating
def _obstacle_cause(ctx: Ctx, cause: str) -> bool:
    """Whether damage comes from an obstacle: the engine names an obstacle's damage after
    the obstacle ("asteroid obstacle-2"). No bomb can be dropped yet (devices are not
    supported), so the card's other case never arises."""
    ids = {o.id for o in ctx.state.obstacles}
    return cause.rpartition(" ")[2] in ids


def _plating_applies(ctx: Ctx, facts: dict[str, Any]) -> bool:
    return (facts["ship"] == ctx.ship.id and facts["hits"] + facts["crits"] > 0
            and _obstacle_cause(ctx, facts.get("cause", "")))


register("upgrade", "ablativeplating",
         prevent_one_damage("spend 1 charge to prevent 1 damage", _plating_applies,
                            Cost(charges=1)),
         description="About to suffer damage from an obstacle (or a friendly bomb): may spend "
                     "1 charge to prevent 1 of it.")


# --------------------------------------------------------------- Mandalorian Optics
def _optics_targets(ctx: Ctx) -> list[Option]:
    assert ctx.ship.body is not None
    table = ctx.state.table()
    found = []
    for object_id in lock_targets(ctx.game, ctx.ship):
        if in_arc(ctx.ship.body, table.get(object_id), Arc.FRONT):
            other = ctx.state.ships.get(object_id)
            found.append(Option(object_id, f"lock {other.name} ({object_id})" if other
                                else f"lock {object_id}"))
    return found


def _optics_ignores(game: Any, owner: ShipState, attack: Any = None, **facts: Any) -> bool:
    """A primary attack against a locked defender ignores obstruction by obstacles, unless
    one of them is at range 0 of the attacker or the defender (ruling: "beyond range 0"
    of both ships; an attacker at range 0 of an asteroid, debris or gas can't attack at
    all, so the defender's side is where the words matter)."""
    if attack is None or attack.attacker != owner.id or not attack.primary \
            or attack.defender not in owner.locks:
        return False
    crossing = attack_crossing(game, attack)
    if crossing is None:
        return False
    defender = game.state.ships[attack.defender]
    obstacles = {o.id: o for o in game.state.obstacles}
    return all(range_between(ship, obstacles[o]) > 0 for o in crossing.obstacles
               if o in obstacles for ship in (owner.body, defender.body))


register("upgrade", "mandalorianoptics",
         Triggered("spend 1 charge to lock an object in the front arc", window="system_phase",
                   requirement=lambda ctx: is_me(ctx) and bool(_optics_targets(ctx)),
                   cost=Cost(charges=1), choices=_optics_targets,
                   effect=lambda ctx, choice: acquire_lock(ctx.game, ctx.ship, choice)),
         Modifier("obstacles beyond range 0 don't obstruct its locked primary attacks",
                  hook="ignore_obstruction", value=_optics_ignores),
         description="System Phase: may spend 1 charge to lock an object in its front arc. A "
                     "primary attack against a defender it has locked ignores obstruction by "
                     "obstacles beyond range 0.")


# ------------------------------------------------------------------ Delayed Fuses
def _fused_device(ctx: Ctx) -> bool:
    return is_me(ctx) and payload_device(ctx.game, ctx.event["device"]) is not None


def _add_fuse(ctx: Ctx, choice: Any) -> None:
    device_id = ctx.event["device"]
    fuses = ctx.state.fuses
    fuses[device_id] = fuses.get(device_id, 0) + 1
    ctx.game.event("device", f"{ctx.ship.name} ({ctx.ship.id}) places a fuse marker on "
                   f"{device_id}", ship=ctx.ship.id, device=device_id)


register("upgrade", "delayedfuses",
         Triggered("place 1 fuse marker on the device", window="after_device_placed",
                   requirement=_fused_device, effect=_add_fuse),
         description="After dropping, launching or placing a bomb or mine: may place 1 fuse "
                     "marker on it.")


# ------------------------------------------------------------ Spare Parts Canisters
CANISTERS = "sparepartscanisters"


def _astromechs_below_limit(ctx: Ctx) -> list[Option]:
    db = load_cards()
    return [Option(card, f"recover 1 charge on {db.upgrade(card).name}")
            for card, charge in ctx.ship.charges.items()
            if card != CANISTERS and db.has_upgrade(card)
            and "astromech" in db.upgrade(card).slots and charge.active < charge.limit]


def _spare_parts_pose(ship: ShipState) -> Pose | None:
    """RR: OBJECTS: OBSTACLES (Spare Parts) - its tab fits between the rear guides."""
    if ship.body is None:
        return None
    return ship.body.pose.rotated(180.0).moved(forward=ship.body.base.half)


def _spare_parts_fit(ctx: Ctx) -> bool:
    """Wholly inside the play area (ruling: as a device would have to be)."""
    pose = _spare_parts_pose(ctx.ship)
    if pose is None:
        return False
    parts = Obstacle("(placing)", pose, "spareparts")
    return ctx.state.table().area.contains_pieces(parts.overlap_pieces)


def _drop_parts(ctx: Ctx, choice: Any) -> None:
    pose = _spare_parts_pose(ctx.ship)
    assert pose is not None
    place_obstacle(ctx.game, "spareparts", pose, 0, f"{ctx.ship.name} ({ctx.ship.id}) drops",
                   " at its rear guides", ctx.ship.id)
    break_locks_on(ctx.game, ctx.ship.id)


register("upgrade", CANISTERS,
         CardAction("spend 1 charge to recover 1 charge on an astromech", key="astromech",
                    cost=Cost(charges=1), choices=_astromechs_below_limit,
                    requirement=lambda ctx: bool(_astromechs_below_limit(ctx)),
                    effect=lambda ctx, choice: recover_charge(ctx.ship, str(choice))),
         CardAction("spend 1 charge to drop spare parts, then break the locks on you",
                    key="drop", cost=Cost(charges=1), requirement=_spare_parts_fit,
                    effect=_drop_parts),
         description="Action: spend 1 charge to recover 1 charge on an equipped astromech. "
                     "Action: spend 1 charge to drop spare parts (an obstacle) at its rear "
                     "guides, then break every lock on it.")
