"""Modified YT-1300 light freighter pilots (Rebel Alliance). The ship has no ship ability
in its first printings; Outer Rim Smuggler has no pilot ability."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tallon.cards.acting import bar_actions, grant_action, granted
from tallon.cards.common import (
    is_me,
    range_of,
    recalled,
    recover_force,
    remember,
    roll_die,
    ship_options,
    ships_in_range,
)
from tallon.cards.registry import register
from tallon.dice import DicePool, Die, DieKind, Face
from tallon.dice.abilities.base import BOTH_ROLES
from tallon.dice.abilities.effects import reroll
from tallon.engine.abilities import Cost, Ctx, DiceMod, Modifier, Replacement, Triggered
from tallon.engine.actions import PerformAction
from tallon.engine.attack import current
from tallon.engine.chance import RollDice
from tallon.engine.decisions import Option
from tallon.engine.effects import deal_damage_card, gain_token, remove_token
from tallon.engine.modify_dice import faces_text
from tallon.engine.state import AttackState, ShipState, Token
from tallon.engine.steps import continuation
from tallon.geometry import range_between

if TYPE_CHECKING:
    from tallon.engine.game import Game


# ---------------------------------------------------------------- Chewbacca
def chewbacca(ctx: Ctx, facts: dict[str, Any], choice: Any) -> None:
    ctx.game.event("damage", f"{ctx.ship.name} ({ctx.ship.id}) is dealt the card facedown "
                   "instead", ship=ctx.ship.id)
    deal_damage_card(ctx.game, ctx.ship, False, card=facts["card"], then=facts["then"],
                     args=facts["args"])


register("pilot", "chewbacca",
         Replacement("spend 1 charge: the faceup damage card is dealt facedown",
                     point="deal_faceup_card", cost=Cost(charges=1),
                     applies=lambda ctx, facts: facts["ship"] == ctx.ship.id,
                     replace=chewbacca),
         description="About to be dealt a faceup damage card: may spend 1 charge to be "
                     "dealt it facedown instead.")


# ----------------------------------------------------------------- Han Solo
def _near_obstacle(game: Game, ship: ShipState) -> bool:
    return ship.body is not None and any(range_between(ship.body, o) <= 1
                                         for o in game.state.obstacles)


def _han_applies(ctx: Ctx) -> bool:
    attack = ctx.attack
    if attack is None:
        return False
    kind = ctx.event["kind"]
    roller = attack.attacker if kind == "attack" else attack.defender
    pool = attack.pool(kind)
    return roller == ctx.ship.id and pool is not None and len(pool.dice) > 0 \
        and _near_obstacle(ctx.game, ctx.ship)


def _han(ctx: Ctx, choice: Any) -> None:
    assert ctx.attack is not None
    kind = ctx.event["kind"]
    pool = ctx.attack.pool(kind)
    assert pool is not None
    ctx.game.push(RollDice(kind, len(pool.dice), "hansolo.rerolled", (kind,),
                           who=f"{ctx.ship.name} (rerolling all)"))


@continuation("hansolo.rerolled")
def _han_rerolled(game: Game, faces: tuple[Face, ...], kind: str) -> None:
    attack = current(game)
    die = DieKind(kind)
    # this is no reroll for other effects: the dice are rolled afresh, not marked
    pool = DicePool(die, [Die(die, face) for face in faces])
    if kind == "attack":
        attack.attack_dice = pool
    else:
        attack.defense_dice = pool
    roller = game.state.ships[attack.attacker if kind == "attack" else attack.defender]
    game.event("dice", f"{roller.name} (Han Solo, all dice again) rolls {faces_text(pool)}",
               ship=roller.id)


register("pilot", "hansolo-modifiedyt1300lightfreighter",
         Triggered("at range 0-1 of an obstacle: reroll all of your dice",
                   window="after_dice_rolled", requirement=_han_applies, effect=_han),
         description="After rolling dice at range 0-1 of an obstacle: may reroll all of "
                     "them (not counted as rerolling for other effects).")


# ------------------------------------------------ Han Solo (Battle of Yavin)
HAN_BOY = "hansolo-battleofyavin"


def _han_boy_hit(ctx: Ctx) -> bool:
    return is_me(ctx, "attacker") and bool(ctx.event["hit"]) and ctx.ship.in_play


register("pilot", HAN_BOY,
         grant_action("spend 1 charge: perform a coordinate action", "after_attack",
                      lambda ctx: [granted("coordinate", "white", HAN_BOY)],
                      requirement=_han_boy_hit, cost=Cost(charges=1)),
         description="After performing an attack that hits: may spend 1 charge to perform a "
                     "coordinate action.")


def _solo_alone(game: Game, attack: AttackState, owner: ShipState, user: ShipState) -> bool:
    # RR: FRIENDLY - "other" friendly ships: he is at range 0 of himself
    return user.id == owner.id and not ships_in_range(game, owner, 0, 1, friendly=True,
                                                      other=True)


# the charges are the ship card's, that is his pilot card's (Han Solo, Battle of Yavin):
# the catalogue's dice("solo") names its own resource, so the cost is spelt out here
register("ship_ability", "Solo",
         DiceMod("spend 1 charge: reroll 1 of your dice",
                 dice=reroll("solo", "Solo (spend 1 charge: reroll 1 die)", BOTH_ROLES,
                             cost=((HAN_BOY, 1),)),
                 applies=_solo_alone),
         description="Attacking or defending with no other friendly ship at range 0-1: may "
                     "spend 1 charge of his pilot card to reroll 1 of his dice.")


# ---------------------------------------------------------- Lando Calrissian
def _lando_targets(ctx: Ctx) -> list[ShipState]:
    # RR: FRIENDLY - he is a friendly ship at range 0 of himself
    return [s for s in ships_in_range(ctx.game, ctx.ship, 0, 3, friendly=True)
            if bar_actions(ctx.game, s, s.id == ctx.ship.id)]


def _lando_applies(ctx: Ctx) -> bool:
    return ctx.event["ship"] == ctx.ship.id and bool(ctx.event["full"]) \
        and ctx.event["difficulty"] == "blue"


def _lando(ctx: Ctx, choice: Any) -> None:
    ctx.game.push(PerformAction(str(choice), during_activation=choice == ctx.ship.id))


register("pilot", "landocalrissian-modifiedyt1300lightfreighter",
         Triggered("a friendly ship at range 0-3 may perform an action",
                   window="after_execute", requirement=_lando_applies,
                   choices=lambda ctx: ship_options(_lando_targets(ctx)), effect=_lando),
         description="After he fully executes a blue maneuver: may pick a friendly ship within "
                     "range 0-3 (him too), which may then perform an action.")


# ------------------------------------------- Lando Calrissian (Battle over Endor)
LANDO_ENDOR = "landocalrissian-battleoverendor"
_LANDO_STEP = "landocalrissian-battleoverendor.step"


def _lando_endor(ctx: Ctx, choice: Any) -> None:
    remember(ctx.ship, _LANDO_STEP, (ctx.state.round, int(choice)))
    ctx.game.event("ability", f"{ctx.ship.name} ({ctx.ship.id}) activates at initiative "
                   f"{choice} this phase", ship=ctx.ship.id)


def _lando_step(game: Any, owner: ShipState, ship: ShipState | None = None,
                **facts: Any) -> int | None:
    kept = recalled(owner, _LANDO_STEP)
    if ship is None or ship.id != owner.id or not kept or kept[0] != game.state.round:
        return None
    return int(kept[1])


register("pilot", LANDO_ENDOR,
         Triggered("spend 1 charge to activate at another initiative",
                   window="start_activation", cost=Cost(charges=1),
                   requirement=lambda ctx: ctx.ship.in_play,
                   choices=lambda ctx: [Option(str(n), f"activate at initiative {n}")
                                        for n in range(1, 7)],
                   effect=_lando_endor),
         Modifier("activates at the chosen initiative", hook="activate_initiative",
                  value=_lando_step),
         description="At the start of the Activation Phase: may spend 1 charge to choose an "
                     "initiative from 1 to 6 and activate at that step this phase.")


# --------------------------------------------------------------- Leia Organa
def _leia_applies(ctx: Ctx) -> bool:
    mover = ctx.other(ctx.event["ship"])
    near = range_of(ctx.ship, mover)
    return (mover.owner == ctx.ship.owner and not mover.remote and mover.in_play
            and ctx.ship.in_play and bool(ctx.event["full"])
            and ctx.event["difficulty"] == "red" and near is not None and near <= 3)


def _leia_choices(ctx: Ctx) -> list[Option]:
    mover = ctx.other(ctx.event["ship"])
    found = [Option("focus", f"{mover.name} ({mover.id}) gains 1 focus token")]
    # on herself the Force she spends leaves room to recover (the cost is paid first)
    if mover.id == ctx.ship.id or mover.force < mover.force_limit:
        found.append(Option("force", f"{mover.name} ({mover.id}) recovers 1 Force"))
    return found


def _leia(ctx: Ctx, choice: Any) -> None:
    mover = ctx.other(ctx.event["ship"])
    if choice == "focus":
        gain_token(ctx.game, mover, Token.FOCUS)
    else:
        recover_force(mover)


register("pilot", "leiaorgana",
         Triggered("spend 1 Force: that ship gains 1 focus token or recovers 1 Force",
                   window="after_execute", cost=Cost(force=1), requirement=_leia_applies,
                   choices=_leia_choices, effect=_leia),
         description="After a friendly ship at range 0-3 (her too) fully executes a red "
                     "maneuver: may spend 1 Force; it gains 1 focus token or recovers 1 "
                     "Force.")


# ------------------------------------------------------------ ship ability
def _high_stakes(ctx: Ctx, choice: Any) -> None:
    roll_die(ctx, "highstakes.rolled", (ctx.ship.id,))


@continuation("highstakes.rolled")
def _high_stakes_rolled(game: Game, face: Face, ship_id: str) -> None:
    ship = game.state.ships[ship_id]
    if face in (Face.HIT, Face.CRIT) and ship.stressed:
        remove_token(game, ship, Token.STRESS)
        game.event("ability", f"{ship.name} ({ship.id}) removes 1 stress token (High "
                   "Stakes)", ship=ship.id)


register("ship_ability", "High Stakes",
         Triggered("roll an attack die: on a hit or crit remove 1 stress token",
                   window="after_action", effect=_high_stakes,
                   requirement=lambda ctx: is_me(ctx) and ctx.event["difficulty"] == "red"),
         description="After performing a red action: may roll an attack die; on a hit or "
                     "critical hit, remove 1 stress token.")
