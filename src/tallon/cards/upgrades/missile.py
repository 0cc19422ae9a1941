"""Missile upgrades: special weapons with charges (RR: SPECIAL WEAPON, RR: CHARGES,
RR: BONUS ATTACK, RR: RELOAD), and the two missiles that launch devices (RR: DEVICE, RR: REMOTES):
Discord Missiles (a buzz droid swarm, see ``tallon.cards.remotes``) and Electro-Chaff Missiles (an
electro-chaff cloud, a device that is also an obstacle).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tallon.cards.common import dice, recover_charge, roll_die
from tallon.cards.registry import register
from tallon.cards.upgrades.ordnance import (
    GainTokens,
    SpendCharges,
    attacking_with,
    bonus_repeat,
    expose_random,
    homing,
    in_arc_of_attacker,
    ion_results,
    launch_device,
    loses_shield_on_hit,
    replaces_damage,
    ships_near,
    with_weapon,
)
from tallon.dice import ChangeResults, Face, RerollDice
from tallon.engine.abilities import (
    CardAction,
    Cost,
    Ctx,
    DiceMod,
    Triggered,
    Weapon,
)
from tallon.engine.decisions import Option
from tallon.engine.devices import launch_obstacle, launch_remote, remote_kind
from tallon.engine.effects import can_lock, gain_token, suffer_damage
from tallon.engine.state import ShipState, Token
from tallon.engine.steps import Ask, continuation
from tallon.geometry import Arc

if TYPE_CHECKING:
    from tallon.engine.game import Game
    from tallon.engine.state import AttackState

# ------------------------------------------------------------------ plain weapons
register("upgrade", "protonrockets",
         Weapon("Proton Rockets", requires="focus", cost=Cost(charges=1)),
         description="Attack (focus), 1 charge: 5 dice at range 1-2 in the bullseye arc.")

register("upgrade", "homingmissiles",
         Weapon("Homing Missiles", requires="lock", cost=Cost(charges=1)),
         homing("homingmissiles", crit=False),
         description="Attack (lock), 1 charge: 4 dice at range 2-3; once the defender is "
                     "declared it may take 1 regular damage to skip both dice steps, the "
                     "attack then counting as a hit.")

register("upgrade", "ionmissiles",
         Weapon("Ion Missiles", requires="lock", cost=Cost(charges=1)),
         replaces_damage("ionmissiles", "the results give ion tokens instead of damage"),
         ion_results("ionmissiles"),
         description="Attack (lock), 1 charge: 3 dice at range 2-3; on a hit, one hit or "
                     "critical result deals 1 regular damage and each other one gives the "
                     "defender an ion token instead of damage.")

register("upgrade", "heavyplasmamissiles-alphaclassstarwing",
         Weapon("Heavy Plasma Missiles", requires="lock", cost=Cost(charges=1)),
         loses_shield_on_hit("heavyplasmamissiles-alphaclassstarwing"),
         description="Attack (lock), 1 charge: 3 dice at range 1-3; when it hits, the "
                     "defender loses 1 shield before damage is dealt.")


# ---------------------------------------------------------------- Barrage Rockets
BARRAGE = SpendCharges("barragerockets", "Barrage Rockets", "barragerockets",
                       lambda n: RerollDice(n, exactly=True))

_with_barrage = with_weapon("barragerockets")


def _barrage_applies(game: Game, attack: AttackState, owner: ShipState, user: ShipState
                     ) -> bool:
    return _with_barrage(game, attack, owner, user) and in_arc_of_attacker(
        game, attack, Arc.BULLSEYE)


register("upgrade", "barragerockets",
         Weapon("Barrage Rockets", requires="focus", cost=Cost(charges=1)),
         DiceMod("spend charges to reroll that many attack dice", dice=BARRAGE,
                 applies=_barrage_applies),
         description="Attack (focus), 1 charge: 3 dice at range 2-3; with the defender in "
                     "the bullseye arc, each further charge spent rerolls 1 attack die.")


# ---------------------------------------------------------------- Seeker Missiles
SEEKER = SpendCharges("seekermissiles-swz103", "Seeker Missiles", "seekermissiles-swz103",
                      lambda n: ChangeResults(n, (Face.FOCUS,), (Face.HIT,)), most=2)

register("upgrade", "seekermissiles-swz103",
         Weapon("Seeker Missiles", requires="lock", cost=Cost(charges=1)),
         DiceMod("spend up to 2 more charges: each changes 1 focus to a hit", dice=SEEKER,
                 applies=with_weapon("seekermissiles-swz103")),
         description="Attack (lock), 1 charge: 3 dice at range 2-3; up to 2 further charges "
                     "may be spent, each turning 1 focus result into a hit.")


# --------------------------------------------------------- Energy-Shell Charges
ENERGY_SHELL = dice("energyshellcharges")


def _can_reload(ctx: Ctx) -> bool:
    charge = ctx.ship.charges.get(ctx.card)
    return charge is not None and charge.active < charge.limit


def _reload(ctx: Ctx, choice: Any) -> None:
    """RR: RELOAD - this card recovers 1 charge and the ship gains a disarm token."""
    recover_charge(ctx.ship, ctx.card)
    ctx.game.event("action", f"{ctx.ship.name} ({ctx.ship.id}) reloads {ctx.card}",
                   ship=ctx.ship.id)
    gain_token(ctx.game, ctx.ship, Token.DISARM)


register("upgrade", "energyshellcharges",
         Weapon("Energy-Shell Charges", requires="calculate", cost=Cost(charges=1)),
         DiceMod("spend 1 calculate token: change 1 focus to a critical hit",
                 dice=ENERGY_SHELL, applies=with_weapon("energyshellcharges")),
         CardAction("reload this card", key="reload", requirement=_can_reload,
                    effect=_reload),
         description="Attack (calculate), 1 charge: 3 dice at range 2-3; a calculate token "
                     "may be spent to turn 1 focus into a critical hit. Action: reload it "
                     "(recover its charge, gain a disarm token).")


# ------------------------------------------------------- more dice for charges
def extra_dice(card: str, bullseye_two: bool) -> Triggered:
    """"If the defender is in your front arc, you may spend 1 charge to roll 1 additional
    attack die" (Saturation Rockets; Multi-Missile Pods: up to 2 in the bullseye arc)."""

    def most(ctx: Ctx) -> int:
        attack = ctx.attack
        if attack is None or not in_arc_of_attacker(ctx.game, attack, Arc.FRONT):
            return 0
        top = 2 if bullseye_two and in_arc_of_attacker(ctx.game, attack, Arc.BULLSEYE) else 1
        return min(top, ctx.ship.charges[card].active)

    def choices(ctx: Ctx) -> list[Option]:
        return [Option(str(n), f"spend {n} charge{'s' if n > 1 else ''}: roll {n} more "
                          f"attack {'dice' if n > 1 else 'die'}")
                for n in range(1, most(ctx) + 1)]

    def effect(ctx: Ctx, choice: Any) -> None:
        attack = ctx.attack
        assert attack is not None
        # the number of charges is the player's choice, so they are spent here
        ctx.ship.charges[card].active -= int(choice)
        attack.extra_attack_dice += int(choice)

    return Triggered("spend charges to roll more attack dice", window="before_attack_dice",
                     requirement=lambda ctx: attacking_with(ctx, card) and most(ctx) > 0,
                     choices=choices, effect=effect)


register("upgrade", "multimissilepods",
         Weapon("Multi-Missile Pods", requires=("calculate", "lock"), cost=Cost(charges=1)),
         extra_dice("multimissilepods", bullseye_two=True),
         description="Attack (calculate or lock), 1 charge: 2 dice at range 1-2 in the full "
                     "front arc; 1 more charge rolls 1 more die with the defender in the "
                     "front arc, up to 2 more in the bullseye arc.")


# ---------------------------------------------------- bonus attacks near the defender
register("upgrade", "clustermissiles",
         Weapon("Cluster Missiles", requires="lock", cost=Cost(charges=1)),
         bonus_repeat("repeat this attack against another ship at range 0-1 of the defender",
                      "clustermissiles", ignore_requirement=True, free=False),
         description="Attack (lock), 1 charge: 3 dice at range 1-2; afterwards, a bonus "
                     "attack with it (paying its charge, no lock needed) against another "
                     "enemy at range 0-1 of the defender.")

SATURATION = "saturationrockets-alphaclassstarwing"

register("upgrade", SATURATION,
         Weapon("Saturation Rockets", cost=Cost(charges=2)),
         extra_dice(SATURATION, bullseye_two=False),
         bonus_repeat("spend 1 charge: repeat this attack, free, against another ship at "
                      "range 0-1 of the defender", SATURATION, ignore_requirement=False,
                      free=True, cost=Cost(charges=1)),
         description="Attack, 2 charges: 3 dice at range 1-2 in the full front arc; 1 more "
                     "charge rolls 1 more die with the defender in the front arc; afterwards "
                     "1 charge buys a bonus attack with it, without its charge cost, against "
                     "another enemy at range 0-1 of the defender.")


# ------------------------------------------------------------ effects of the hit
def _concussion(ctx: Ctx, choice: Any) -> None:
    attack = ctx.attack
    assert attack is not None
    for ship in ships_near(ctx.game, ctx.other(attack.defender), 0, 1):
        expose_random(ctx.game, ship)


register("upgrade", "concussionmissiles",
         Weapon("Concussion Missiles", requires="lock", cost=Cost(charges=1)),
         Triggered("each ship at range 0-1 of the defender exposes 1 damage card",
                   window="attack_hit", optional=False,
                   requirement=lambda ctx: attacking_with(ctx, "concussionmissiles"),
                   effect=_concussion),
         description="Attack (lock), 1 charge: 3 dice at range 2-3; when it hits, every ship "
                     "at range 0-1 of the defender (the defender too) exposes a random "
                     "facedown damage card.")


def _diamond_boron(ctx: Ctx, choice: Any) -> None:
    attack = ctx.attack
    assert attack is not None
    defender = ctx.other(attack.defender)
    for ship in ships_near(ctx.game, defender, 0, 1):
        if ship.agility > defender.agility:
            continue
        roll_die(ctx, "diamondboronmissiles.rolled", (ship.id,), ship=ship)


@continuation("diamondboronmissiles.rolled")
def _diamond_boron_rolled(game: Game, face: Face, ship_id: str) -> None:
    ship = game.state.ships[ship_id]
    if face is Face.HIT:
        suffer_damage(game, ship, hits=1, cause="Diamond-Boron Missiles")
    elif face is Face.CRIT:
        suffer_damage(game, ship, crits=1, cause="Diamond-Boron Missiles")


register("upgrade", "diamondboronmissiles",
         Weapon("Diamond-Boron Missiles", requires="lock", cost=Cost(charges=1)),
         Triggered("spend 1 charge: each ship at range 0-1 of the defender with no more "
                   "agility rolls 1 attack die for damage", window="attack_hit",
                   cost=Cost(charges=1),
                   requirement=lambda ctx: attacking_with(ctx, "diamondboronmissiles"),
                   effect=_diamond_boron),
         description="Attack (lock), 1 charge: 3 dice at range 2-3. After it hits: may spend 1 "
                     "more charge; then every ship within range 0-1 of the defender (the defender "
                     "too) whose agility is no higher than the defender's must roll 1 attack die, "
                     "suffering 1 damage of the matching type for each hit or critical hit result.")


def _mag_pulse(ctx: Ctx, choice: Any) -> None:
    attack = ctx.attack
    assert attack is not None
    defender = ctx.other(attack.defender)
    suffer_damage(ctx.game, defender, crits=1, cause="Mag-Pulse Warheads")
    # the tokens come once the damage is suffered, in the card's order
    ctx.game.now(GainTokens(defender.id, "deplete", 1, ctx.ship.owner),
                 GainTokens(defender.id, "jam", 1, ctx.ship.owner))


register("upgrade", "magpulsewarheads",
         Weapon("Mag-Pulse Warheads", requires="lock", cost=Cost(charges=1)),
         replaces_damage("magpulsewarheads", "the results are canceled instead of dealing "
                                             "damage"),
         Triggered("the defender suffers 1 critical damage, gains a deplete and a jam token",
                   window="attack_hit", optional=False,
                   requirement=lambda ctx: attacking_with(ctx, "magpulsewarheads"),
                   effect=_mag_pulse),
         description="Attack (lock), 1 charge: 3 dice at range 1-3; when it hits, instead of "
                     "its results' damage the defender suffers 1 critical damage and gains a "
                     "deplete and a jam token.")


def _tracers(ctx: Ctx, choice: Any) -> None:
    attack = ctx.attack
    assert attack is not None
    defender = ctx.other(attack.defender)
    steps = []
    for ship in ships_near(ctx.game, defender, 1, 3):
        if ship.owner != ctx.ship.owner or can_lock(ctx.game, ship, defender.id) is not None:
            continue
        steps.append(Ask(ship.owner, "use_ability",
                         f"{ship.name} ({ship.id}): lock {defender.name} ({defender.id})?",
                         (Option("lock", f"acquire a lock on {defender.id}"),
                          Option("decline", "don't")),
                         "common.lock_if_chosen", (ship.id, defender.id), ship=ship.id))
    ctx.game.push(*steps)


register("upgrade", "xx23sthreadtracers",
         Weapon("XX-23 S-Thread Tracers", requires=("focus", "calculate", "lock"),
                cost=Cost(charges=1)),
         replaces_damage("xx23sthreadtracers", "the results are canceled instead of dealing "
                                               "damage"),
         Triggered("each friendly ship at range 1-3 of the defender may lock it",
                   window="attack_hit", optional=False,
                   requirement=lambda ctx: attacking_with(ctx, "xx23sthreadtracers"),
                   effect=_tracers),
         description="Attack (focus, calculate or lock), 1 charge: 3 dice at range 1-3. If it "
                     "hits: every friendly ship within range 1-3 of the defender may lock it; then "
                     "all dice results are cancelled (no damage).")


# ------------------------------------------------------------ missiles that launch
DISCORD = "discordmissiles"
CHAFF = "electrochaffmissiles"
CHAFF_CLOUD = "electrochaffcloud"


def _swarm_outline() -> str:
    return remote_kind(DISCORD)


def _launch_swarm(ctx: Ctx, template: str, launched: bool) -> None:
    launch_remote(ctx.game, ctx.ship, DISCORD, template, launched)


def _launch_cloud(ctx: Ctx, template: str, launched: bool) -> None:
    launch_obstacle(ctx.game, ctx.ship, CHAFF_CLOUD, template, fuses=1, launch=launched)


register("upgrade", DISCORD,
         launch_device("spend 1 calculate token and 1 charge: launch a buzz droid swarm",
                       "start_engagement", Cost(charges=1, tokens=(("calculate", 1),)),
                       ("3B", "3F", "3N"), _swarm_outline, _launch_swarm, card=DISCORD,
                       own_window=False),
         description="1 charge, never recovered. At the start of the Engagement Phase: may "
                     "spend a calculate token and the charge to launch a buzz droid swarm "
                     "(a remote) with the [3 bank left], [3 straight] or [3 bank right] "
                     "template.")

register("upgrade", CHAFF,
         launch_device("spend 1 charge: launch an electro-chaff cloud", "system_phase",
                       Cost(charges=1), ("3B", "3N", "4F"), lambda: CHAFF_CLOUD,
                       _launch_cloud, card=CHAFF, own_window=True),
         description="1 charge, never recovered. During the System Phase: may spend the "
                     "charge to launch an electro-chaff cloud (a device and an obstacle) with "
                     "the [3 bank left], [3 bank right] or [4 straight] template, with 1 "
                     "fuse marker on it.")
