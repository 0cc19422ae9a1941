"""TIE/ln fighter pilots (Galactic Empire and Rebel Alliance) and the ship ability Formed
Up. Academy Pilot, Black Squadron Ace and Obsidian Squadron Pilot have no ability."""

from __future__ import annotations

from itertools import combinations
from typing import TYPE_CHECKING, Any

from tallon.cards.acting import bar_actions, grant_action, granted, performable
from tallon.cards.common import (
    CancelAll,
    attacking,
    defending,
    dice,
    green_token_or_gain,
    is_in_arc,
    is_me,
    one_more_attack_die,
    range_of,
    ship_options,
    ships_in_range,
)
from tallon.cards.registry import register
from tallon.cards.shared_rules import (
    GIDEON_HASK,
    ZEB_CRITS_FIRST,
    ezra_stressed_focus,
    sabine_roll_or_boost,
)
from tallon.data.database import name_key
from tallon.dice import Face
from tallon.dice.abilities.base import ATTACKING, Situation
from tallon.dice.abilities.effects import (
    CardAbility,
    Variant,
)
from tallon.dice.counts import face_count
from tallon.engine.abilities import (
    Cost,
    Ctx,
    DiceMod,
    Modifier,
    Replacement,
    Triggered,
)
from tallon.engine.actions import PerformAction
from tallon.engine.allegiance import friendly
from tallon.engine.conditions import assign_condition
from tallon.engine.decisions import Option
from tallon.engine.effects import (
    acquire_lock,
    can_lock,
    deal_damage_card,
    gain_token,
    remove_token,
)
from tallon.engine.state import ShipState, Token
from tallon.engine.steps import Ask, continuation
from tallon.geometry import Arc

if TYPE_CHECKING:
    from tallon.engine.game import Game

SHIP = "tielnfighter"


def _extra_die(condition: Any) -> Any:
    """The value function of "while you perform an attack ..., roll 1 additional attack
    die": ``condition(game, attack, owner)`` says whether this attack qualifies."""

    def value(game: Any, owner: ShipState, attack: Any = None, **facts: Any) -> int:
        return 1 if attacking(attack, owner) and condition(game, attack, owner) else 0

    return value


# --------------------------------------------------------------- the ship ability
def _formed_up(ctx: Ctx) -> bool:
    return ctx.ship.stressed and any(
        s.ship_type == SHIP for s in ships_in_range(ctx.game, ctx.ship, 0, 1, friendly=True,
                                                    other=True))


register("ship_ability", "Formed Up",
         Triggered("remove 1 stress token", window="end_phase_end", requirement=_formed_up,
                   effect=lambda ctx, choice: remove_token(ctx.game, ctx.ship, Token.STRESS)),
         description="At the end of the End Phase, with another friendly TIE/ln fighter at "
                     "range 0-1: may remove 1 stress token.")


# ------------------------------------------------------------------- no ability
# Academy Pilot, Black Squadron Ace and Obsidian Squadron Pilot print flavour text only:
# the engine needs nothing registered to play them.


# ----------------------------------------------------------------- rebel pilots
register("pilot", "zeborrelios-tielnfighter",
         ZEB_CRITS_FIRST,
         description="While defending, critical hits are canceled before hits.")


def _rex(ctx: Ctx, choice: Any) -> None:
    defender = ctx.other(ctx.event["defender"])
    assign_condition(ctx.game, defender, "suppressivefire", ctx.ship.owner)


register("pilot", "captainrex",
         Triggered("assign Suppressive Fire to the defender", window="after_attack",
                   requirement=lambda ctx: is_me(ctx, "attacker"), optional=False,
                   effect=_rex),
         description="After attacking: the defender is assigned the Suppressive Fire "
                     "condition.")


register("pilot", "ezrabridger-tielnfighter", ezra_stressed_focus("ezrabridger-tielnfighter"),
         description="Attacking or defending while stressed: may spend 1 Force to change up "
                     "to 2 focus results to hits (attacking) or evades (defending).")


register("pilot", "sabinewren-tielnfighter", sabine_roll_or_boost("sabinewren-tielnfighter"),
         description="Before activating: may perform a barrel roll or a boost action.")


# --------------------------------------------------------------- imperial pilots
def _howlrunner_applies(game: Any, attack: Any, owner: ShipState, user: ShipState) -> bool:
    near = range_of(owner, user)
    return (attack.primary and user.id == attack.attacker and friendly(user, owner)
            and near is not None and near <= 1)


register("pilot", "howlrunner",
         DiceMod("reroll 1 attack die", dice=dice("howlrunner"), applies=_howlrunner_applies,
                 for_others=True),
         description="A friendly ship at range 0-1 (her too) performing a primary attack "
                     "may reroll 1 attack die.")

register("pilot", "maulermithel",
         Modifier("1 more attack die at attack range 1", hook="attack_dice",
                  value=_extra_die(lambda game, attack, owner: attack.range == 1)),
         description="Attacking at attack range 1: 1 more attack die.")


def _nightbeast() -> Triggered:
    return grant_action(
        "perform a focus action", "after_execute",
        lambda ctx: [granted("focus", "white", ctx.card)],
        requirement=lambda ctx: is_me(ctx) and bool(ctx.event.get("full"))
        and ctx.event.get("difficulty") == "blue")


for _xws in ("nightbeast", "nightbeast-swz105"):
    register("pilot", _xws, _nightbeast(),
             description="After fully executing a blue maneuver: may perform a focus action.")


def _in_bullseye(game: Any, attack: Any, owner: ShipState) -> bool:
    return is_in_arc(owner, game.state.ships[attack.defender], Arc.BULLSEYE)


register("pilot", "scourgeskutu",
         Modifier("1 more attack die against a defender in the bullseye arc",
                  hook="attack_dice", value=_extra_die(_in_bullseye)),
         description="Attacking a defender in his bullseye arc: 1 more attack die.")


def _wampa_lose(ctx: Ctx, choice: Any) -> None:
    ctx.ship.charges[ctx.card].active -= 1


def _wampa_can_add(ctx: Ctx) -> bool:
    # no die can be added to a primary attack at range 0: the charge would buy nothing
    attack = ctx.attack
    return (is_me(ctx, "attacker") and attack is not None
            and not (attack.range == 0 and attack.primary))


def _wampa() -> tuple[Triggered, Triggered]:
    return (Triggered("spend 1 charge: roll 1 more attack die", window="before_attack_dice",
                      requirement=_wampa_can_add, cost=Cost(charges=1), effect=one_more_attack_die),
            Triggered("lose 1 charge after defending", window="after_defend",
                      requirement=lambda ctx: is_me(ctx, "defender")
                      and ctx.ship.charges[ctx.card].active > 0,
                      optional=False, effect=_wampa_lose))


for _xws in ("wampa", "wampa-battleofyavin"):
    register("pilot", _xws, *_wampa(),
             description="Attacking: may spend his charge to roll 1 more attack die. After "
                         "defending: loses 1 charge.")


def _delmeeko_applies(game: Any, attack: Any, owner: ShipState, user: ShipState) -> bool:
    attacker = game.state.ships[attack.attacker]
    near = range_of(owner, user)
    return (user.id == attack.defender and friendly(user, owner) and near is not None
            and near <= 2 and bool(attacker.damage))


register("pilot", "delmeeko",
         DiceMod("reroll 1 defense die", for_others=True, applies=_delmeeko_applies,
                 dice=dice("delmeeko")),
         description="A friendly ship at range 0-2 (him too) defending against a damaged "
                     "attacker may reroll 1 defense die.")

register("pilot", "gideonhask", GIDEON_HASK,
         description="Attacking a damaged defender: 1 more attack die.")


def _iden_applies(ctx: Ctx, facts: dict[str, Any]) -> bool:
    target = ctx.other(facts["ship"])
    near = range_of(ctx.ship, target)
    return (facts["hits"] + facts["crits"] > 0 and friendly(target, ctx.ship)
            and target.ship_type == SHIP and near is not None and near <= 1)


def _iden(ctx: Ctx, facts: dict[str, Any], choice: Any) -> None:
    target = ctx.other(facts["ship"])
    ctx.game.event("ability", f"{target.name} ({target.id}) suffers no damage: "
                   f"{facts['hits'] + facts['crits']} damage prevented", ship=target.id)


for _xws in ("idenversio", "idenversio-swz105"):
    register("pilot", _xws,
             Replacement("spend 1 charge to prevent the damage", point="suffer_damage",
                         applies=_iden_applies, replace=_iden, cost=Cost(charges=1)),
             description="Before a friendly TIE/ln fighter within range 0-1 (her too) would suffer "
                         "any damage: may spend 1 charge to prevent all of that damage.")


class _SpendCrit(CancelAll):
    """Spend 1 critical hit result, then cancel every other result."""

    def variants(self, situation: Situation) -> list[Variant]:
        return super().variants(situation) if face_count(situation.pool, Face.CRIT) else []


def _seyn_after(ctx: Ctx, option: Any) -> None:
    assert ctx.attack is not None
    deal_damage_card(ctx.game, ctx.other(ctx.attack.defender), faceup=False)


register("pilot", "seynmarana",
         DiceMod("spend 1 critical hit: 1 facedown damage card, cancel the rest",
                 dice=CardAbility("seynmarana", "Seyn Marana (spend 1 critical hit)",
                                  effect=_SpendCrit(), roles=ATTACKING),
                 after=_seyn_after),
         description="Attacking: may spend 1 critical hit result to deal the defender 1 "
                     "facedown damage card; the other results are then canceled.")


def _valen_wants(ctx: Ctx) -> bool:
    defender = ctx.other(ctx.event["defender"])
    near = range_of(ctx.ship, defender)
    # a remote is not a friendly ship (RR: ATTACKING REMOTES)
    return (friendly(defender, ctx.ship) and not defender.remote and near is not None
            and near <= 1)


def _valen() -> Triggered:
    return grant_action("perform an action", "after_defend",
                        lambda ctx: bar_actions(ctx.game, ctx.ship, False),
                        requirement=_valen_wants)


for _xws in ("valenrudor", "valenrudor-swz105"):
    register("pilot", _xws, _valen(),
             description="After a friendly ship at range 0-1 (him too) defends: may perform "
                         "an action.")


def _jingoist_targets(ctx: Ctx) -> list[ShipState]:
    return [s for s in ships_in_range(ctx.game, ctx.ship, 0, 1, friendly=False)
            if is_in_arc(ctx.ship, s, Arc.FRONT)]


def _jingoist(ctx: Ctx, choice: Any) -> None:
    enemy = ctx.other(choice)
    ctx.game.push(Ask(ctx.ship.owner, "jingoist_token", f"{enemy.name} ({enemy.id}) gains "
                      "which token?", (Option("deplete", "a deplete token"),
                                       Option("strain", "a strain token")),
                      "isbjingoist.token_chosen", (enemy.id, ctx.ship.owner),
                      ship=ctx.ship.id))


@continuation("isbjingoist.token_chosen")
def _jingoist_token(game: Game, token: str, enemy_id: str, player: int) -> None:
    green_token_or_gain(game, game.state.ships[enemy_id], Token(token), player)


register("pilot", "isbjingoist",
         Triggered("an enemy ship in the front arc at range 0-1 gains deplete or strain",
                   window="before_engage", requirement=is_me,
                   choices=lambda ctx: ship_options(_jingoist_targets(ctx)), effect=_jingoist),
         description="Before engaging: may choose an enemy ship in his front arc at range "
                     "0-1; it gains a deplete or strain token (his choice) unless it removes "
                     "1 green token.")

GIDEON_MARK = "moffgideon-defense-locked"


def _gideon_wants(ctx: Ctx) -> bool:
    defender = ctx.other(ctx.event["defender"])
    near = range_of(ctx.ship, defender)
    return defender.owner != ctx.ship.owner and near is not None and 1 <= near <= 3


def _gideon_friends(ctx: Ctx) -> list[ShipState]:
    return ships_in_range(ctx.game, ctx.other(ctx.event["defender"]), 0, 1,
                          friendly=False)


def _gideon(ctx: Ctx, choice: Any) -> None:
    assert ctx.attack is not None
    ctx.attack.marks[f"{ctx.ship.id}:{GIDEON_MARK}"] = 1
    ctx.game.event("ability", "the defense dice can't be modified during this attack",
                   ship=ctx.ship.id)
    gain_token(ctx.game, ctx.other(choice), Token.STRAIN)


def _gideon_locks(game: Any, owner: ShipState, attack: Any = None, kind: str = "",
                  **facts: Any) -> bool:
    return (attack is not None and kind == "defense"
            and attack.marks.get(f"{owner.id}:{GIDEON_MARK}", 0) > 0)


register("pilot", "moffgideon",
         Triggered("spend 1 charge: the defense dice can't be modified", cost=Cost(charges=1),
                   window="before_attack_dice", requirement=_gideon_wants,
                   choices=lambda ctx: ship_options(_gideon_friends(ctx)), effect=_gideon),
         Modifier("the defense dice can't be modified", hook="dice_unmodifiable",
                  value=_gideon_locks),
         description="While an enemy ship within range 1-3 is defending, before the attack dice "
                     "are rolled: may spend 1 charge and pick a friendly ship within range 0-1 of "
                     "the defender; that ship gains 1 strain token and no defense dice can be "
                     "modified this attack.")


def _named_beside(names: tuple[str, ...]) -> Any:
    """A friendly ship with one of these pilot names in the left or right arc at range
    0-1, during a primary attack."""

    def condition(game: Any, attack: Any, owner: ShipState) -> bool:
        if not attack.primary:
            return False
        for friend in ships_in_range(game, owner, 0, 1, friendly=True, other=True):
            if name_key(friend.name) in names and (is_in_arc(owner, friend, Arc.LEFT)
                                                   or is_in_arc(owner, friend, Arc.RIGHT)):
                return True
        return False

    return condition


register("pilot", "backstabber-battleofyavin",
         Modifier("1 more attack die beside Darth Vader or Mauler Mithel", hook="attack_dice",
                  value=_extra_die(_named_beside(("darthvader", "maulermithel")))),
         description="Primary attack with a friendly Darth Vader or \"Mauler\" Mithel in his "
                     "left or right arc at range 0-1: 1 more attack die.")

register("pilot", "maulermithel-battleofyavin",
         Modifier("1 more attack die beside Darth Vader or Backstabber", hook="attack_dice",
                  value=_extra_die(_named_beside(("darthvader", "backstabber")))),
         description="Primary attack with a friendly Darth Vader or \"Backstabber\" in his "
                     "left or right arc at range 0-1: 1 more attack die.")

register("pilot", "darkcurse-battleofyavin",
         Modifier("the attacker's dice can't be modified", hook="dice_unmodifiable",
                  value=lambda game, owner, attack=None, kind="", **facts:
                  kind == "attack" and defending(attack, owner)),
         description="While he defends, the attack dice can't be modified.")


def _magna_may_act(game: Any, owner: ShipState, ship: ShipState | None = None,
                   spec: Any = None, **facts: Any) -> bool:
    return (ship is not None and ship.id == owner.id and spec is not None
            and spec.difficulty == "white" and owner.count(Token.STRESS) <= 2)


register("pilot", "magnatolvan",
         Modifier("white actions while at most 2 stress", hook="may_act_stressed",
                  value=_magna_may_act),
         grant_action("perform a white action", "after_gain_token",
                      lambda ctx: [s for s in bar_actions(ctx.game, ctx.ship, False)
                                   if s.difficulty == "white"],
                      requirement=lambda ctx: is_me(ctx) and ctx.event["token"] == "stress"),
         description="With 2 or fewer stress tokens: can perform white actions while "
                     "stressed. After gaining a stress token: may perform a white action.")


def _yrica_targets(ctx: Ctx) -> list[ShipState]:
    return [s for s in ctx.state.in_play() if s.owner != ctx.ship.owner
            and is_in_arc(ctx.ship, s, Arc.BULLSEYE) and can_lock(ctx.game, ctx.ship, s.id)
            is None]


register("pilot", "yricaquell",
         Triggered("lock an enemy ship in the bullseye arc", window="after_execute",
                   requirement=lambda ctx: is_me(ctx) and bool(ctx.event.get("full")),
                   choices=lambda ctx: ship_options(_yrica_targets(ctx)),
                   effect=lambda ctx, choice: acquire_lock(ctx.game, ctx.ship, choice)),
         description="After she fully executes a maneuver: may acquire a lock on one enemy ship "
                     "inside her bullseye arc.")

register("pilot", "lieutenanthebsly-battleoverendor",
         grant_action("perform a red boost action, even while stressed", "after_defend",
                      lambda ctx: [granted("boost", "red", ctx.card)],
                      requirement=lambda ctx: is_me(ctx, "defender"), even_stressed=True),
         description="After defending: may perform a red boost action, even while "
                     "stressed.")

register("pilot", "scythe6-battleoverendor",
         Modifier("1 more attack die at attack range 1-2", hook="attack_dice",
                  value=_extra_die(lambda game, attack, owner: attack.range in (1, 2))),
         description="Attacking at attack range 1-2: 1 more attack die.")


def _mianda_specs(card: str) -> list[Any]:
    return [granted("barrel_roll", "red", card), granted("boost", "red", card)]


def _can_reposition(ctx: Ctx, ship: ShipState) -> bool:
    return bool(performable(ctx.game, ship, _mianda_specs(ctx.card), False))


def _mianda_choices(ctx: Ctx) -> list[Option]:
    others = [s for s in ships_in_range(ctx.game, ctx.ship, 0, 2, friendly=True, other=True)
              if s.size.value == "small" and _can_reposition(ctx, s)]
    options = []
    for n in (0, 1, 2):
        for chosen in combinations(others, n):
            if not chosen and not _can_reposition(ctx, ctx.ship):
                continue
            label = ", ".join(f"{s.name} ({s.id})" for s in chosen) or "no other ship"
            options.append(Option(",".join(s.id for s in chosen) or "alone",
                                  f"choose {label}"))
    return options


def _mianda(ctx: Ctx, choice: Any) -> None:
    specs = tuple(_mianda_specs(ctx.card))
    others = () if choice == "alone" else tuple(choice.split(","))
    ctx.game.push(*(PerformAction(ship_id, grant=specs)
                    for ship_id in (ctx.ship.id, *others)))


register("pilot", "majormianda-battleoverendor",
         Triggered("up to 2 friendly small ships and she perform a red barrel roll or boost",
                   window="end_phase", choices=_mianda_choices, effect=_mianda),
         description="During the End Phase: may choose up to 2 other friendly small ships "
                     "at range 0-2; she and they may each perform a red barrel roll or red "
                     "boost action.")
