"""First-edition upgrades of wave 2 (TIE Interceptor, A-wing, Millennium Falcon and Slave I
expansion packs): elite talents, cannons, missiles and modifications. Crew, titles and bombs
are in :mod:`tallon.cards.first_edition.upgrades_wave2_2`. Descriptions are Tallon's own
words; the rules sources are the first edition's rulebook, reference cards and FAQ."""

from __future__ import annotations

from typing import Any

from tallon.cards.acting import during_activation
from tallon.cards.common import defending_if, is_me, remember, this_round
from tallon.cards.first_edition.ordnance_1e import (
    SpendAndDiscard,
    attacking_with,
    discard_upgrade,
    hit_suffers_and_ion,
    not_discarded,
    ordnance_weapon,
)
from tallon.cards.first_edition.pilots_w7 import omega_forbids
from tallon.cards.first_edition.pilots_wave2 import bar_free_actions
from tallon.cards.registry import register
from tallon.cards.upgrades.cannon import crits_to_hits, has_crit
from tallon.cards.upgrades.ordnance import ships_near
from tallon.dice import Face
from tallon.dice.abilities.base import ATTACKING, DEFENDING, Window
from tallon.dice.abilities.effects import CardAbility, RerollDice, change_one
from tallon.engine.abilities import CardAction, Ctx, DiceMod, Modifier, Triggered, Weapon
from tallon.engine.actions import StartAction
from tallon.engine.chance import RollDice
from tallon.engine.decisions import Option
from tallon.engine.effects import gain_token, suffer_damage
from tallon.engine.movement import ExecuteManeuver
from tallon.engine.state import ShipState, Token
from tallon.engine.steps import Then, continuation

# --------------------------------------------------------------------- Daredevil
DAREDEVIL = "1e-daredevil"


def _daredevil(ctx: Ctx, choice: Any) -> None:
    # FAQ (1e), Daredevil: a maneuver by the normal rules, always white; overlapping is
    # resolved as usual
    ctx.game.push(ExecuteManeuver(ctx.ship.id, f"1{choice}W"),
                  Then("1e-daredevil.after", (ctx.ship.id,)))


@continuation("1e-daredevil.after")
def _daredevil_after(game: Any, _: Any, ship_id: str) -> None:
    ship = game.state.ships[ship_id]
    if not ship.in_play:
        return
    gain_token(game, ship, Token.STRESS)
    if not any(spec.kind == "boost" for spec in ship.actions):
        game.push(RollDice("attack", 2, "1e-daredevil.rolled", (ship_id,), who=ship.name))


@continuation("1e-daredevil.rolled")
def _daredevil_rolled(game: Any, faces: tuple[Face, ...], ship_id: str) -> None:
    ship = game.state.ships[ship_id]
    hits, crits = faces.count(Face.HIT), faces.count(Face.CRIT)
    game.event("roll", f"{ship.name} ({ship.id}) rolls {len(faces)} dice for Daredevil: "
               f"{hits} hit(s), {crits} critical hit(s)", ship=ship.id)
    if hits or crits:
        suffer_damage(game, ship, hits=hits, crits=crits, cause="Daredevil")


register("upgrade", DAREDEVIL,
         CardAction("execute a white 1 turn, then receive 1 stress token", key="daredevil",
                    choices=lambda ctx: [Option("T", "a white [1 turn left]"),
                                         Option("Y", "a white [1 turn right]")],
                    effect=_daredevil),
         description="Action: executes a white 1 turn (left or right), then receives 1 "
                     "stress token; without the boost action icon he then rolls 2 attack "
                     "dice and suffers each hit and critical hit.")


# ------------------------------------------------------------------- Elusiveness
ELUSIVENESS = CardAbility("1e-elusiveness", "Elusiveness (gain 1 stress: the attacker "
                          "rerolls 1 die)", effect=RerollDice(1, exactly=True),
                          window=Window.OPPONENT_DICE, roles=DEFENDING, gain=(("stress", 1),),
                          requires=lambda s: s.own["stress"] == 0,
                          requirement_reads_dice=False, uses=("stress",))

register("upgrade", "1e-elusiveness",
         DiceMod("receive 1 stress token: the attacker rerolls 1 attack die you choose",
                 dice=ELUSIVENESS, applies=defending_if()),
         description="Defending while unstressed: may take 1 stress token to make the attacker "
                     "reroll one attack die he picks.")


# --------------------------------------------------------------- Homing Missiles
def _homing_no_evade(game: Any, owner: ShipState, ship: ShipState | None = None,
                     token: Token | None = None, **facts: Any) -> bool:
    attack = game.state.attack
    return (token is Token.EVADE and ship is not None and attack is not None
            and attack.attacker == owner.id and attack.defender == ship.id
            and attack.weapon.card == "1e-homingmissiles")


# FAQ (1e), Homing Missiles: the lock is required, not spent
register("upgrade", "1e-homingmissiles",
         Weapon("Homing Missiles", requires="lock", cost=SpendAndDiscard(discard=True),
                extra_requirement=not_discarded),
         Modifier("forbid the defender's evade tokens", hook="token_spend_forbidden",
                  value=_homing_no_evade),
         description="Attack (target lock): discard the card (the lock stays) to attack with 4 "
                     "dice at Range 2-3; evade tokens are unusable for the defender.")


# ---------------------------------------------------------------- Push the Limit
PTL_USED = "1e-pushthelimit:round"


def _ptl_specs(ctx: Ctx) -> list[Any]:
    return bar_free_actions(ctx.game, ctx.ship, during_activation(ctx))


def _ptl(ctx: Ctx, choice: Any) -> None:
    remember(ctx.ship, PTL_USED, ctx.state.round)
    spec = next(s for s in _ptl_specs(ctx) if s.kind == choice)
    # FAQ (1e), Push the Limit: abilities set off by the free action resolve before the
    # stress token is received
    ctx.game.push(StartAction(ctx.ship.id, spec, during_activation(ctx)),
                  Then("1e-pushthelimit.stress", (ctx.ship.id,)))


@continuation("1e-pushthelimit.stress")
def _ptl_stress(game: Any, _: Any, ship_id: str) -> None:
    gain_token(game, game.state.ships[ship_id], Token.STRESS)


register("upgrade", "1e-pushthelimit",
         Triggered("take a free action from your bar, then gain 1 stress token",
                   window="after_action",
                   requirement=lambda ctx: is_me(ctx)
                   and not this_round(ctx, ctx.ship, PTL_USED),
                   choices=lambda ctx: [Option(s.kind, f"perform a {s.label} action")
                                        for s in _ptl_specs(ctx)],
                   effect=_ptl),
         description="Once per round, after performing an action: may perform 1 free "
                     "action from his action bar, then receives 1 stress token.")


# ------------------------------------------------------------------------ Expose
EXPOSED = "1e-expose:round"


def _exposed(game: Any, owner: ShipState) -> bool:
    return this_round(game, owner, EXPOSED)


def _expose_attack(game: Any, owner: ShipState, attack: Any = None, **facts: Any) -> int:
    return 1 if (attack is not None and attack.attacker == owner.id and attack.primary
                 and _exposed(game, owner)) else 0


def _expose_agility(game: Any, owner: ShipState, ship: ShipState | None = None,
                    **facts: Any) -> int:
    return -1 if ship is not None and ship.id == owner.id and _exposed(game, owner) else 0


register("upgrade", "1e-expose",
         CardAction("primary weapon +1, agility -1 this round",
                    key="expose",
                    effect=lambda ctx, choice: remember(ctx.ship, EXPOSED, ctx.state.round)),
         Modifier("primary weapon value +1 this round", hook="attack_dice",
                  value=_expose_attack),
         Modifier("agility -1 this round", hook="agility", value=_expose_agility),
         description="Action: primary weapon value +1 and agility -1 for the rest of the round.")


# -------------------------------------------------------------------- Ion Cannon
register("upgrade", "1e-ioncannon",
         Weapon("Ion Cannon"),
         *hit_suffers_and_ion("1e-ioncannon"),
         description="Attack: 3 dice at Range 1-3; a hit deals only 1 damage plus 1 ion token to "
                     "the defender, then all results are canceled.")


# ------------------------------------------------------------ Heavy Laser Cannon
def _hlc_rolled(ctx: Ctx) -> bool:
    # FAQ (1e), "Omega Leader": a locked attacker's cannon cannot change its results
    return (ctx.event["kind"] == "attack" and attacking_with(ctx, "1e-heavylasercannon")
            and has_crit(ctx) and not omega_forbids(ctx.game, ctx.attack, ctx.ship.id))


# "immediately after rolling": the dice just rolled (FAQ (1e): dice rerolled later keep
# their critical hits)
register("upgrade", "1e-heavylasercannon",
         Weapon("Heavy Laser Cannon"),
         Triggered("change every critical hit result to a hit", window="after_dice_rolled",
                   optional=False, requirement=_hlc_rolled, effect=crits_to_hits),
         description="Attack: 4 dice at range 2-3; right after the attack dice are rolled, "
                     "every critical hit result becomes a hit.")


# ------------------------------------------------------------- Assault Missiles
def _splash(ctx: Ctx, choice: Any) -> None:
    attack = ctx.attack
    assert attack is not None
    defender = ctx.other(attack.defender)
    # every other ship within Range 1 of the defender: friends and the attacker too
    for ship in ships_near(ctx.game, defender, 0, 1):
        if ship.id != defender.id:
            suffer_damage(ctx.game, ship, hits=1, cause="Assault Missiles")


register("upgrade", "1e-assaultmissiles",
         *ordnance_weapon("Assault Missiles", "1e-assaultmissiles"),
         Triggered("1 damage to ships within Range 1 of the defender",
                   window="attack_hit", optional=False,
                   requirement=lambda ctx: attacking_with(ctx, "1e-assaultmissiles"),
                   effect=_splash),
         description="Attack (target lock, spent; card discarded): 4 dice at Range 2-3; on a hit, "
                     "1 damage to every other ship within Range 1 of the defender.")


# ---------------------------------------------------------------- Stealth Device
def _stealth_hit(ctx: Ctx) -> bool:
    return ctx.event["defender"] == ctx.ship.id and bool(ctx.event["hit"])


# FAQ (1e), Stealth Device: only a hit by an attack the ship defends against discards it
register("upgrade", "1e-stealthdevice",
         Triggered("discard this card", window="after_defend", optional=False,
                   requirement=_stealth_hit,
                   effect=lambda ctx, choice: discard_upgrade(ctx.game, ctx.ship,
                                                              "1e-stealthdevice")),
         description="Agility +1 (a card grant); discarded when he is hit by an attack.")


# ----------------------------------------------------------- Mercenary Copilot
MERCENARY = "1e-mercenarycopilot"
#: attack mark: how many times the attacker's copies were used in this attack
MERCENARY_USES = MERCENARY + ":uses"


def _copies(ship: ShipState) -> int:
    return sum(1 for kind, xws, _ in ship.cards if kind == "upgrade" and xws == MERCENARY)


def _mercenary_applies(game: Any, attack: Any, owner: ShipState, user: ShipState) -> bool:
    # FAQ (1e), Q&A: each copy of the card may be used (the engine offers a card's dice
    # ability once per attack, so the copies count their uses here); each use marks the
    # attack once per copy (every copy's ``after`` runs)
    copies = _copies(owner)
    return (user.id == owner.id and attack.attacker == owner.id and attack.range == 3
            and attack.marks.get(MERCENARY_USES, 0) < copies * copies)


def _mercenary_used(ctx: Ctx, option: Any) -> None:
    attack = ctx.attack
    assert attack is not None
    attack.marks[MERCENARY_USES] = attack.marks.get(MERCENARY_USES, 0) + 1


register("upgrade", MERCENARY,
         DiceMod("change 1 hit result to a critical hit",
                 dice=change_one(MERCENARY, "Mercenary Copilot (1 hit to a crit)", Face.HIT,
                                 Face.CRIT, ATTACKING, repeatable=True),
                 applies=_mercenary_applies, after=_mercenary_used),
         description="Attacking at range 3: may change 1 hit result to a critical hit.")
