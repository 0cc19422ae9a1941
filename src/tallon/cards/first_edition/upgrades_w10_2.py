"""First-edition upgrades of the Ghost, Imperial Veterans, Heroes of the Resistance and
C-ROC Cruiser expansion packs: secondary weapons (Dorsal Turret, Snap Shot, the dual card
ARC Caster), Trick Shot, Thermal Detonators and Sabine Wren (crew).

First-edition ranges: no range 0 (:mod:`tallon.cards.first_edition.ranges_1e`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tallon.cards.common import is_me, ship_options
from tallon.cards.first_edition.bombs_1e import bomb_device, drop_on_reveal
from tallon.cards.first_edition.ranges_1e import within_1e
from tallon.cards.registry import register
from tallon.cards.upgrades.ordnance import GainTokens
from tallon.dice import Face
from tallon.dice.abilities.base import ATTACKING, DEFENDING
from tallon.dice.abilities.effects import CardAbility, ChangeResults
from tallon.engine.abilities import Cost, Ctx, DiceMod, Modifier, Triggered, Weapon
from tallon.engine.attack import perform_bonus_attack
from tallon.engine.effects import flip_upgrade, spend_forbidden, spend_token, suffer_damage
from tallon.engine.modify_dice import mark_token_used, token_used
from tallon.engine.payloads import device, in_range_of, suffered_effect
from tallon.engine.state import AttackState, ShipState, Token, WeaponSpec
from tallon.engine.steps import Ask, continuation
from tallon.engine.weapons import valid_targets

if TYPE_CHECKING:
    from tallon.engine.game import Game


# ------------------------------------------------------------------- Dorsal Turret
DORSAL = "1e-dorsalturret"


def _dorsal_close(game: Game, owner: ShipState, attack: AttackState | None = None,
                  **facts: Any) -> int:
    return 1 if (attack is not None and attack.attacker == owner.id
                 and attack.weapon.card == DORSAL and attack.range <= 1) else 0


register("upgrade", DORSAL,
         Weapon("Dorsal Turret"),
         Modifier("1 more attack die at Range 1", hook="attack_dice", value=_dorsal_close),
         description="Attack: 2 dice at Range 1-2, any direction (a turret); at Range 1 it "
                     "rolls 1 more attack die.")


# ----------------------------------------------------------------------- Snap Shot
SNAP = "1e-snapshot"
#: card memory: (round, phase) of the Snap Shot attack ("cannot attack again this phase")
SNAP_PHASE = "1e-snapshot:phase"


def _snap_targets(ctx: Ctx) -> tuple[str, ...]:
    enemy = ctx.state.ships.get(ctx.event["ship"])
    ship = ctx.ship
    if enemy is None or enemy.owner == ship.owner or not enemy.in_play or not ship.in_play \
            or _snapped(ctx.game, ship):
        return ()
    return (enemy.id,) if valid_targets(ctx.game, ship, (SNAP,), (enemy.id,)) else ()


def _snapped(game: Game, ship: ShipState) -> bool:
    return ship.recalled(SNAP_PHASE) == (game.state.round, game.state.phase)


def _snap(ctx: Ctx, choice: Any) -> None:
    perform_bonus_attack(ctx.game, ctx.ship, only=(SNAP,), defenders=_snap_targets(ctx))


def _snap_no_own_mods(game: Game, owner: ShipState, attack: AttackState | None = None,
                      kind: str = "", user: ShipState | None = None, **facts: Any) -> bool:
    # False vetoes: "you cannot modify your attack dice" (the defender still may)
    return not (attack is not None and attack.attacker == owner.id and kind == "attack"
                and user is not None and user.id == owner.id
                and attack.weapon.card == SNAP)


def _snap_done(ctx: Ctx, choice: Any) -> None:
    ctx.ship.remember(SNAP_PHASE, (ctx.state.round, ctx.state.phase))


def _no_more_attacks(game: Game, owner: ShipState, ship: ShipState | None = None,
                     **facts: Any) -> bool:
    return ship is not None and ship.id == owner.id and _snapped(game, owner)


def _snap_only(game: Game, owner: ShipState, weapon: WeaponSpec | None = None,
               **facts: Any) -> bool:
    return weapon is not None and weapon.card == SNAP


register("upgrade", SNAP,
         Weapon("Snap Shot"),
         # ruling: "this attack" is made only in the card's own window (right after an enemy
         # maneuvers), never as the ship's attack of the Combat phase
         Modifier("only after an enemy ship's maneuver", hook="bonus_attack_only",
                  value=_snap_only),
         Triggered("attack the enemy ship that just executed a maneuver",
                   window="after_execute", bonus_attack=True,
                   requirement=lambda ctx: bool(_snap_targets(ctx)), effect=_snap),
         Modifier("its attack dice cannot be modified by it", hook="dice_option_allowed",
                  value=_snap_no_own_mods),
         Triggered("no more attacks this phase", window="after_attack", optional=False,
                   requirement=lambda ctx: is_me(ctx, "attacker") and ctx.attack is not None
                   and ctx.attack.weapon.card == SNAP, effect=_snap_done),
         Modifier("cannot attack again this phase", hook="cannot_attack",
                  value=_no_more_attacks),
         description="Once an enemy completes a maneuver, it may fire this (2 dice, Range 1) at "
                     "that enemy; no changes to its attack dice, and no more attacks for it this "
                     "phase.")


# ---------------------------------------------------------------------- Trick Shot
def _trick_applies(ctx: Ctx) -> bool:
    attack = ctx.attack
    return is_me(ctx, "attacker") and attack is not None and bool(attack.obstructed)


def _one_more_die(ctx: Ctx, choice: Any) -> None:
    assert ctx.attack is not None
    ctx.attack.extra_attack_dice += 1


register("upgrade", "1e-trickshot",
         Triggered("the attack is obstructed: roll 1 additional attack die",
                   window="before_attack_dice", requirement=_trick_applies,
                   effect=_one_more_die),
         description="An obstructed attack of his may roll one extra attack die.")


# -------------------------------------------------------------- Thermal Detonators
THERMAL = "1e-thermaldetonators"
bomb_device(THERMAL, "1ethermaldetonator")


@continuation("detonate.1ethermaldetonator")
def _thermal(game: Game, _: Any, device_id: str, ship_id: str) -> None:
    # the token's card: every ship within Range 1 (touching included) takes 1 damage
    # and 1 stress token
    found = device(game, device_id)
    ships = in_range_of(game, device_id, 0, 1, remotes=False)
    suffered_effect(game, device_id, ships)
    for ship in ships:
        suffer_damage(game, ship, hits=1, cause=device_id)
        game.now(GainTokens(ship.id, "stress", 1, found.owner if found else None))


register("upgrade", THERMAL,
         drop_on_reveal(THERMAL, "discard this card: drop 1 thermal detonator token"),
         description="At its dial reveal it may discard the card to drop a thermal detonator "
                     "token ([1 straight] template); the token goes off as the Activation phase "
                     "ends, giving every ship within Range 1 of it 1 damage and 1 stress token.")


# ------------------------------------------------------------- Sabine Wren (crew)
SABINE = "1e-sabinewren"
SABINE_ROUND = "1e-sabinewren:round"


def _sabine_targets(ctx: Ctx) -> list[ShipState]:
    found = device(ctx.game, ctx.event["device"])
    if found is None or found.owner != ctx.ship.owner:
        return []
    return [s for s in in_range_of(ctx.game, found.id, 0, 1, remotes=False)
            if s.owner != ctx.ship.owner]


register("upgrade", SABINE,
         # just ahead of the bomb token leaving play: after its detonation's effects (the
         # [Bomb] icon it grants is the card data's)
         Triggered("deal 1 damage to an enemy near the bomb",
                   window="after_detonate", optional=False,
                   requirement=lambda ctx: ctx.ship.recalled(SABINE_ROUND) != ctx.state.round
                   and bool(_sabine_targets(ctx)),
                   choices=lambda ctx: ship_options(_sabine_targets(ctx)),
                   effect=lambda ctx, choice: (
                       ctx.ship.remember(SABINE_ROUND, ctx.state.round),
                       suffer_damage(ctx.game, ctx.other(str(choice)), hits=1,
                                     cause="Sabine Wren"))),
         description="Adds a [Bomb] slot. Once a round, just ahead of a friendly bomb token "
                     "leaving play, one enemy within Range 1 of that token takes 1 damage.")


# ---------------------------------------------------------------------- ARC Caster
ARC = "1e-arccaster"


def _arc_others(game: Game, attack: AttackState) -> list[ShipState]:
    defender = game.state.ships[attack.defender]
    # "1 other ship": any ship but the defender, the attacker included (ruling)
    return [s for s in game.state.in_play() if s.id != defender.id and not s.remote
            and within_1e(defender, s, 1, 1)]


def _arc_after(ctx: Ctx, choice: Any) -> None:
    attack = ctx.attack
    assert attack is not None
    others = _arc_others(ctx.game, attack) if ctx.event.get("hit") else []
    if not others:
        flip_upgrade(ctx.game, ctx.ship, ARC)
        return
    ctx.game.push(Ask(ctx.ship.owner, "use_ability", f"{ctx.ship.name} ({ctx.ship.id}): ARC "
                      "Caster - which other ship at Range 1 of the defender suffers 1 "
                      "damage?", tuple(ship_options(others)), "1e-arccaster.zap",
                      (ctx.ship.id,), ship=ctx.ship.id))


@continuation("1e-arccaster.zap")
def _arc_zap(game: Game, answer: str, ship_id: str) -> None:
    ship = game.state.ships[ship_id]
    suffer_damage(game, game.state.ships[answer], hits=1, cause="ARC Caster")
    # "then flip this card"
    flip_upgrade(game, ship, ARC)


register("upgrade", ARC,
         Weapon("ARC Caster"),
         Triggered("on a hit, damage a ship next to the defender; turn the card over",
                   window="after_attack", optional=False,
                   requirement=lambda ctx: is_me(ctx, "attacker") and ctx.attack is not None
                   and ctx.attack.weapon.card == ARC, effect=_arc_after),
         back=(Triggered("take weapons disabled: ready the Arc Caster",
                         window="start_engagement", cost=Cost(gain=(("disarm", 1),)),
                         requirement=lambda ctx: ctx.ship.in_play,
                         effect=lambda ctx, choice: flip_upgrade(ctx.game, ctx.ship, ARC)),),
         description="Attack: 4 dice at Range 1; on a hit, a second ship within Range 1 of the "
                     "defender takes 1 damage, and the card turns over. Turned over: as the "
                     "Combat phase begins, it may take a weapons disabled token to turn it back.")

__all__ = ["ARC", "DORSAL", "SABINE", "SNAP", "THERMAL"]


# ---------------------------------------------------------------- Hotshot Co-pilot
HOTSHOT = "1e-hotshotcopilot"


def _hotshot_applies(kind: str) -> Any:
    """``DiceMod.applies``: the ship the owner's card makes spend a focus token (the
    defender of its primary attack; the attacker when it defends) has one it may spend
    and has not spent one on these dice."""

    def applies(game: Game, attack: AttackState, owner: ShipState, user: ShipState) -> bool:
        if kind == "defense":
            forced = attack.attacker == owner.id and attack.primary \
                and user.id == attack.defender
        else:
            forced = attack.defender == owner.id and user.id == attack.attacker
        return (forced and user.has(Token.FOCUS)
                and not spend_forbidden(game, user, Token.FOCUS)
                and not token_used(attack, user, "focus", kind))

    return applies


def _hotshot_spend(kind: str) -> Any:
    def after(ctx: Ctx, option: Any) -> None:
        attack = ctx.attack
        assert attack is not None
        user = ctx.game.state.ships[ctx.event["user"]]
        spend_token(ctx.game, user, Token.FOCUS)
        mark_token_used(attack, user, "focus", kind)

    return after


# the focus token's own effect; a mandatory ability with no focus result to change is
# still used ("nothing to do"), so the token is spent all the same
HOTSHOT_DEFENSE = CardAbility(f"{HOTSHOT}-defense", "Hotshot Co-pilot (the defender must "
                              "spend 1 focus token)", effect=ChangeResults(
                                  None, (Face.FOCUS,), (Face.EVADE,)),
                              roles=DEFENDING, mandatory=True)
HOTSHOT_ATTACK = CardAbility(f"{HOTSHOT}-attack", "Hotshot Co-pilot (the attacker must "
                             "spend 1 focus token)", effect=ChangeResults(
                                 None, (Face.FOCUS,), (Face.HIT,)),
                             roles=ATTACKING, mandatory=True)

register("upgrade", HOTSHOT,
         # ruling: the forced spend is the focus token's own spending, in the ship's Modify
         # Dice step (its effect applies), unless it already spent one on these dice
         DiceMod("make the defender spend a focus", dice=HOTSHOT_DEFENSE,
                 applies=_hotshot_applies("defense"), for_others=True,
                 after=_hotshot_spend("defense")),
         DiceMod("make the attacker spend a focus", dice=HOTSHOT_ATTACK,
                 applies=_hotshot_applies("attack"), for_others=True,
                 after=_hotshot_spend("attack")),
         description="In his primary attacks the defender has to give up a focus if it holds one; "
                     "when he defends, the attacker has to do the same.")
