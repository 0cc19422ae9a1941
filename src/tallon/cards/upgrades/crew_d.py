"""Crew upgrades, Plo Koon to Seventh Sister (more in :mod:`tallon.cards.upgrades.crew_d2`).

Not implemented here:

- Pre Vizsla: coordinating a friendly crew remote (the Commando Team) and relocating it;
  the engine has no crew remotes (only the buzz droid swarm).
- Sabine Wren: "after a ship suffers the effect of a friendly bomb" - the engine has no
  timing for one ship suffering a bomb's effect (each bomb's effects are its own
  continuation in :mod:`tallon.cards.upgrades.device`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tallon.cards.acting import (
    action_options,
    bar_actions,
    during_activation,
    grant_action,
    performable,
)
from tallon.cards.common import (
    dice,
    event_ship,
    is_in_arc,
    is_me,
    range_of,
    recalled,
    recover_shield,
    remember,
    remove_token_choice,
    roll_die,
    token_choices,
)
from tallon.cards.registry import register
from tallon.cards.upgrades.ordnance import expose_random
from tallon.dice import ATTACKING, BOTH_ROLES, CardAbility, ChangeResults, Face, Situation
from tallon.dice.abilities.effects import CancelResults, Effect, Variant
from tallon.engine.abilities import Cost, Ctx, DiceMod, Replacement, Triggered
from tallon.engine.actions import StartAction
from tallon.engine.allegiance import friendly
from tallon.engine.decisions import Option
from tallon.engine.effects import (
    acquire_lock,
    can_lock,
    damage_title,
    flip_upgrade,
    gain_token,
    remove_token,
    repair_damage,
    suffer_damage,
    transfer_token,
)
from tallon.engine.movement import difficulty_of
from tallon.engine.state import GREEN_TOKENS, ShipState, Token
from tallon.engine.steps import Ask, continuation
from tallon.geometry import Arc, Maneuver

if TYPE_CHECKING:
    from tallon.engine.game import Game
    from tallon.engine.state import AttackState


def friend_near(ctx: Ctx, ship: ShipState, low: int, high: int) -> bool:
    """``ship`` is a friendly ship (the card's own included) in play at range
    ``low``-``high`` of the card's ship."""
    if ship.remote or not ship.in_play or ship.owner != ctx.ship.owner:
        return False
    near = range_of(ctx.ship, ship)
    return near is not None and low <= near <= high


def enemy_near(ctx: Ctx, ship: ShipState, low: int, high: int) -> bool:
    """``ship`` is an enemy ship in play at range ``low``-``high`` of the card's ship."""
    if ship.remote or not ship.in_play or ship.owner == ctx.ship.owner:
        return False
    near = range_of(ctx.ship, ship)
    return near is not None and low <= near <= high


# ------------------------------------------------------------------- Plo Koon
PLO = "plokoon"


def _plo_ships(ctx: Ctx) -> list[ShipState]:
    """Friendly ships at range 0, or at range 1 in the left or right arc."""
    found = []
    for ship in ctx.state.in_play():
        if ship.owner != ctx.ship.owner:
            continue
        near = range_of(ctx.ship, ship)
        if near == 0 or (near == 1 and (is_in_arc(ctx.ship, ship, Arc.LEFT)
                                        or is_in_arc(ctx.ship, ship, Arc.RIGHT))):
            found.append(ship)
    return found


def _plo_choices(ctx: Ctx) -> list[Option]:
    found = []
    for ship in _plo_ships(ctx):
        who = f"{ship.name} ({ship.id})"
        for token in (Token.DEPLETE, Token.STRAIN):
            if ship.has(token):
                found.append(Option(f"{ship.id}:{token.value}",
                                    f"{who} removes 1 {token.value} token"))
        found += [Option(f"{ship.id}:repair:{card.serial}",
                         f"{who} repairs {damage_title(card.card)}")
                  for card in ship.damage if card.faceup]
    return found


def _plo(ctx: Ctx, choice: Any) -> None:
    ship_id, _, what = str(choice).partition(":")
    ship = ctx.other(ship_id)
    if what.startswith("repair:"):
        repair_damage(ctx.game, ship, int(what.partition(":")[2]))
    else:
        remove_token(ctx.game, ship, Token(what))
        ctx.game.event("token", f"{ship.name} ({ship.id}) removes 1 {what} token",
                       ship=ship.id)


def _reinforced(ship: ShipState) -> bool:
    return ship.has(Token.REINFORCE_FORE) or ship.has(Token.REINFORCE_AFT)


register("upgrade", PLO,
         Triggered("a friendly ship nearby removes 1 deplete or strain token or repairs 1 "
                   "faceup damage card", window="start_end_phase",
                   requirement=lambda ctx: _reinforced(ctx.ship), choices=_plo_choices,
                   effect=_plo),
         description="At the start of the End Phase, while reinforced: may have a friendly "
                     "ship at range 0, or at range 1 in its left or right arc, remove 1 "
                     "deplete or strain token or repair 1 faceup damage card. Adds a purple "
                     "reinforce action and 1 recurring Force.")


# ---------------------------------------------------------- Prime Minister Almec
ALMEC = "primeministeralmec"


def _almec_white(ctx: Ctx) -> bool:
    # RR: FAQ - a revealed maneuver's difficulty is its printed colour
    ship = event_ship(ctx)
    return (friend_near(ctx, ship, 0, 2) and difficulty_of(ctx.event["maneuver"]) == "white"
            and not any(ship.has(t) for t in GREEN_TOKENS))


def _almec_calculate(ctx: Ctx, choice: Any) -> None:
    ship = event_ship(ctx)
    gain_token(ctx.game, ship, Token.STRESS)
    gain_token(ctx.game, ship, Token.CALCULATE)


def _almec_red(ctx: Ctx) -> bool:
    return (friend_near(ctx, event_ship(ctx), 0, 2) and bool(ctx.event.get("full"))
            and ctx.event.get("difficulty") == "red")


register("upgrade", ALMEC,
         Triggered("the ship may gain 1 stress token to gain 1 calculate token",
                   window="after_reveal", requirement=_almec_white, effect=_almec_calculate,
                   player=lambda ctx: event_ship(ctx).owner),
         Triggered("with 2 or more stress tokens, flip this card", window="end_phase",
                   optional=False, requirement=lambda ctx: ctx.ship.count(Token.STRESS) >= 2,
                   effect=lambda ctx, choice: flip_upgrade(ctx.game, ctx.ship, ALMEC)),
         back=(grant_action("the ship may perform a calculate or focus action, even while "
                            "stressed", "after_execute",
                            lambda ctx: [s for s in event_ship(ctx).actions
                                         if s.kind in ("calculate", "focus")],
                            requirement=_almec_red, actor=event_ship, even_stressed=True),),
         description="Front (faceup at setup): after a friendly ship within range 0-2 reveals a "
                     "white maneuver while holding no green tokens, that ship may take 1 stress "
                     "token and, in return, gain a calculate token; End Phase: if this ship has 2 "
                     "or more stress tokens, the card flips. Back (Almec, Maul's Puppet): after a "
                     "red maneuver is fully executed by a friendly ship within range 0-2, that "
                     "ship may perform a calculate or focus action from its action bar, even while "
                     "stressed.")


# ----------------------------------------------------------- Protectorate Gleb
GLEB = "protectorategleb"
GLEB_TARGET = f"{GLEB}:coordinated"


def _gleb_remember(ctx: Ctx, choice: Any) -> None:
    remember(ctx.ship, GLEB_TARGET, (ctx.state.round, ctx.event["target"]))


def _gleb_target(ctx: Ctx) -> ShipState | None:
    """The friendly ship the coordinate action just finished chose, if any."""
    held = recalled(ctx.ship, GLEB_TARGET)
    if not (is_me(ctx) and ctx.event.get("action") == "coordinate" and held
            and held[0] == ctx.state.round):
        return None
    target = ctx.other(held[1])
    return target if target.in_play and friendly(target, ctx.ship) else None


def _gleb_choices(ctx: Ctx) -> list[Option]:
    target = _gleb_target(ctx)
    if target is None:
        return []
    found = []
    for option in token_choices(ctx.game, ctx.ship, ("orange", "red")):
        kind, _, what = option.key.partition(":")
        if kind == "lock" and (what == target.id or target.id in ctx.other(what).locks):
            continue  # the locker can't hold a second lock on the coordinated ship
        found.append(Option(option.key, option.label.replace("remove", "transfer")))
    return found


def _gleb(ctx: Ctx, choice: Any) -> None:
    target = _gleb_target(ctx)
    assert target is not None
    remember(ctx.ship, GLEB_TARGET, None)
    kind, _, what = str(choice).partition(":")
    if kind == "token":
        transfer_token(ctx.game, ctx.ship, target, Token(what))
        return
    # a lock on this ship is the locker's red token on it: it moves to the other ship
    locker = ctx.other(what)
    remove_token_choice(ctx.game, ctx.ship, choice)
    locker.locks = [*locker.locks, target.id]
    ctx.game.event("lock", f"the lock of {locker.name} ({locker.id}) moves to {target.id}",
                   ship=locker.id)


register("upgrade", GLEB,
         Triggered("remember the coordinated ship", window="after_coordinate",
                   optional=False, requirement=is_me, effect=_gleb_remember),
         Triggered("transfer 1 orange or red token to the coordinated ship",
                   window="after_action", requirement=lambda ctx: bool(_gleb_choices(ctx)),
                   choices=_gleb_choices, effect=_gleb),
         description="After it coordinates a friendly ship (once the coordinate action, red "
                     "stress included, is done): may transfer 1 of its orange or red tokens "
                     "to that ship. Adds a red coordinate action.")


# --------------------------------------------------------------------- PZ-4CO
PZ4CO = "pz4co"


def _pz_choices(ctx: Ctx) -> list[Option]:
    me = ctx.ship
    # RR: FAQ - the revealed maneuver's colour is the printed one
    blue = me.dial_revealed and me.dial_set is not None and \
        difficulty_of(me.dial_set) == "blue"
    tokens = [t for t in (Token.CALCULATE, Token.FOCUS)
              if me.has(t) and (t is Token.CALCULATE or blue)]
    return [Option(f"{ship.id}:{token.value}",
                   f"transfer 1 {token.value} token to {ship.name} ({ship.id})")
            for ship in ctx.state.in_play() if ship.id != me.id and friend_near(ctx, ship, 1, 2)
            for token in tokens]


def _pz(ctx: Ctx, choice: Any) -> None:
    ship_id, _, token = str(choice).partition(":")
    transfer_token(ctx.game, ctx.ship, ctx.other(ship_id), Token(token))


register("upgrade", PZ4CO,
         Triggered("transfer 1 calculate (or, after a blue maneuver, focus) token to a "
                   "friendly ship at range 1-2", window="end_activation",
                   choices=_pz_choices, effect=_pz),
         description="At the end of the Activation Phase: may transfer 1 calculate token to a "
                     "friendly ship at range 1-2, or 1 focus token instead if its revealed "
                     "maneuver is blue. Adds a calculate action.")


# --------------------------------------------------------------------- R2-D2
R2D2 = "r2d2-crew"


def _r2_ready(ctx: Ctx) -> bool:
    ship = ctx.ship
    return bool(ship.damage) and ship.shields == 0 and ship.shield_limit > 0


def _r2(ctx: Ctx, choice: Any) -> None:
    roll_die(ctx, "crew_d.r2d2_rolled", (ctx.ship.id,))


@continuation("crew_d.r2d2_rolled")
def _r2_rolled(game: Game, face: Face, ship_id: str) -> None:
    ship = game.state.ships[ship_id]
    recover_shield(game, ship)
    if face is Face.HIT:
        expose_random(game, ship)


register("upgrade", R2D2,
         Triggered("roll 1 attack die to recover 1 shield (a hit exposes a damage card)",
                   window="end_phase", requirement=_r2_ready, effect=_r2),
         description="End Phase, if damaged and not shielded: may roll 1 attack die and recover 1 "
                     "shield; if the die shows a hit, it also exposes 1 of its facedown damage "
                     "cards (at random).")


# ------------------------------------------------------------------ Rook Kast
ROOK = "rookkast"
register("upgrade", ROOK,
         Triggered("gain 1 strain token", window="after_action",
                   requirement=lambda ctx: is_me(ctx) and ctx.event.get("difficulty") == "red",
                   effect=lambda ctx, choice: gain_token(ctx.game, ctx.ship, Token.STRAIN)),
         DiceMod("strained: change 1 blank or focus result to a hit", dice=dice("rookkast"),
                 applies=lambda game, attack, owner, user: user.id == owner.id
                 and attack.attacker == owner.id),
         description="After a red action: may gain 1 strain token. Attacking while strained: "
                     "may turn 1 blank or focus result into a hit. Adds a red lock action.")


# ------------------------------------------------------------------ Rose Tico
ROSE = "rosetico"


class SpendAnyResult(Effect):
    """Spend 1 result of any face (the die leaves the pool, as a canceled one does)."""

    def variants(self, situation: Situation) -> list[Variant]:
        found: list[Variant] = []
        for face in Face:
            found += CancelResults(face).variants(situation)
        return found


ROSE_DICE = CardAbility("rosetico", "Rose Tico (spend 1 result: lock the enemy ship)",
                        effect=SpendAnyResult(), roles=BOTH_ROLES)


def _rose_enemy(attack: AttackState, owner: ShipState) -> str:
    return attack.defender if attack.attacker == owner.id else attack.attacker


def _rose_applies(game: Game, attack: AttackState, owner: ShipState, user: ShipState
                  ) -> bool:
    if user.id != owner.id or owner.id not in (attack.attacker, attack.defender):
        return False
    enemy = game.state.ships[_rose_enemy(attack, owner)]
    near = range_of(owner, enemy)
    # RR: LOCK - an ability's lock is on an object at range 0-3; one already held is no gain
    return (near is not None and near <= 3 and enemy.id not in owner.locks
            and can_lock(game, owner, enemy.id) is None)


def _rose_lock(ctx: Ctx, option: Any) -> None:
    attack = ctx.attack
    assert attack is not None
    acquire_lock(ctx.game, ctx.ship, _rose_enemy(attack, ctx.ship))


register("upgrade", ROSE,
         DiceMod("spend 1 result to acquire a lock on the enemy ship", dice=ROSE_DICE,
                 applies=_rose_applies, after=_rose_lock),
         description="Attacking or defending: may spend 1 of its own results; if so, it acquires a "
                     "lock on the enemy ship of that attack.")


# ---------------------------------------------------------------- Satine Kryze
SATINE = "satinekryze"
SATINE_OPTIONS = (Option("focus", "gain 1 deplete token and 1 focus token"),
                  Option("evade", "gain 1 disarm token and 1 evade token"),
                  Option("none", "gain nothing"))


def _satine(ctx: Ctx, choice: Any) -> None:
    friends = [s for s in ctx.state.in_play() if friendly(s, ctx.ship)]
    ctx.game.push(*(Ask(ship.owner, "use_ability", f"{ship.name} ({ship.id}): Satine Kryze - "
                        "gain deplete and focus, or disarm and evade?", SATINE_OPTIONS,
                        "crew_d.satine_chosen", (ship.id,), ship=ship.id)
                    for ship in friends))


@continuation("crew_d.satine_chosen")
def _satine_chosen(game: Game, answer: str, ship_id: str) -> None:
    ship = game.state.ships[ship_id]
    if answer == "focus":
        gain_token(game, ship, Token.DEPLETE)
        gain_token(game, ship, Token.FOCUS)
    elif answer == "evade":
        gain_token(game, ship, Token.DISARM)
        gain_token(game, ship, Token.EVADE)


register("upgrade", SATINE,
         Triggered("spend 2 charges: each friendly ship may gain deplete and focus, or "
                   "disarm and evade", window="start_engagement", cost=Cost(charges=2),
                   effect=_satine),
         description="At the start of the Engagement Phase: may spend 2 charges; each friendly "
                     "ship then chooses to gain 1 deplete and 1 focus token, 1 disarm and 1 "
                     "evade token, or nothing.")


# --------------------------------------------------------------- Savage Opress
def _savage(ctx: Ctx) -> bool:
    ship = event_ship(ctx)
    return (ctx.event.get("token") in ("stress", "strain") and friend_near(ctx, ship, 1, 2)
            and is_in_arc(ctx.ship, ship, Arc.FRONT) and ship.id != ctx.ship.id)


register("upgrade", "savageopress",
         Triggered("spend 1 Force: the ship gains 1 focus token", window="after_gain_token",
                   requirement=_savage, cost=Cost(force=1),
                   effect=lambda ctx, choice: gain_token(ctx.game, event_ship(ctx),
                                                         Token.FOCUS)),
         description="After a friendly ship in its front arc at range 1-2 gains a stress or "
                     "strain token: may spend 1 Force to give that ship 1 focus token.")


# ---------------------------------------------------------------- Saw Gerrera
SAW_DICE = CardAbility("sawgerrera", "Saw Gerrera (suffer 1 damage: all focus to crit)",
                       effect=ChangeResults(None, (Face.FOCUS,), (Face.CRIT,)),
                       roles=ATTACKING)

register("upgrade", "sawgerrera",
         DiceMod("suffer 1 damage: change every focus result to a critical hit",
                 dice=SAW_DICE, applies=lambda game, attack, owner, user: user.id == owner.id
                 and attack.attacker == owner.id,
                 after=lambda ctx, option: suffer_damage(ctx.game, ctx.ship, hits=1,
                                                         cause="Saw Gerrera")),
         description="Attacking: may suffer 1 regular damage to turn all of its focus results "
                     "into critical hits.")


# ---------------------------------------------------------- Seasoned Navigator
NAVIGATOR = "seasonednavigator"


def _navigator_choices(ctx: Ctx) -> list[Option]:
    ship = ctx.ship
    now = ship.dial_set
    if now is None:
        return []
    speed = Maneuver.parse(now).speed
    # RR: FAQ - "another non-red maneuver": the dial's printed colours
    return [Option(code, f"set the dial to [{code}] (executed one difficulty harder)")
            for code in ship.dial if code != now and Maneuver.parse(code).speed == speed
            and difficulty_of(code) != "red"]


def _navigator(ctx: Ctx, choice: Any) -> None:
    ship = ctx.ship
    ship.dial_set = str(choice)
    # the harder difficulty counts while the maneuver is executed (RR: FAQ), as the other
    # "before you execute" changes do
    ship.execute_difficulty += 1
    ctx.game.event("dial", f"{ship.name} ({ship.id}) sets its dial to [{choice}]",
                   ship=ship.id, maneuver=choice)


register("upgrade", NAVIGATOR,
         Triggered("set the dial to another non-red maneuver of the same speed",
                   window="after_reveal", requirement=is_me, choices=_navigator_choices,
                   effect=_navigator),
         description="After revealing its dial: may switch the dial to a different non-red "
                     "maneuver with the same speed; that maneuver's difficulty goes up while it is "
                     "executed.")


# -------------------------------------------------------------- Seventh Sister
def _sister_applies(ctx: Ctx, facts: dict[str, Any]) -> bool:
    return facts["token"] == "stress" and enemy_near(ctx, ctx.other(facts["ship"]), 0, 1)


def _sister(ctx: Ctx, facts: dict[str, Any], choice: Any) -> None:
    ship = ctx.other(facts["ship"])
    gain_token(ctx.game, ship, Token(choice), 1, ctx.ship.owner)
    if facts["count"] > 1:
        # one stress token is replaced (RR: REPLACEMENT EFFECTS: one substitution per
        # effect); the others are gained as they would be
        gain_token(ctx.game, ship, Token.STRESS, facts["count"] - 1, facts["applier"],
                   replaceable=False)


register("upgrade", "seventhsister",
         Replacement("spend 1 Force: gain 1 jam or tractor token instead",
                     point="gain_token", applies=_sister_applies, cost=Cost(force=1),
                     choices=lambda ctx, facts: [Option("jam", "1 jam token instead"),
                                                 Option("tractor", "1 tractor token instead")],
                     replace=_sister),
         description="Before an enemy ship within range 0-1 gains a stress token: may spend 1 "
                     "Force so that ship gains 1 jam or tractor token in its place.")


# ------------------------------------------------------------------ Unkar Plutt
def _unkar_specs(ctx: Ctx) -> list[Any]:
    during = during_activation(ctx)
    return [s for s in bar_actions(ctx.game, ctx.ship, during) if s.difficulty == "white"]


def _unkar_choices(ctx: Ctx) -> list[Option]:
    return action_options(performable(ctx.game, ctx.ship, _unkar_specs(ctx),
                                      during_activation(ctx)))


def _unkar(ctx: Ctx, choice: Any) -> None:
    spec = next(s for s in _unkar_specs(ctx) if s.kind == choice)
    # the damage is the cost: suffered first, then the action
    suffer_damage(ctx.game, ctx.ship, hits=1, cause="Unkar Plutt")
    ctx.game.push(StartAction(ctx.ship.id, spec, during_activation(ctx)))


register("upgrade", "unkarplutt",
         Triggered("suffer 1 damage to perform 1 white action", window="after_execute",
                   requirement=lambda ctx: is_me(ctx) and not ctx.event.get("full"),
                   choices=_unkar_choices, effect=_unkar),
         description="After partially executing a maneuver: may suffer 1 regular damage to "
                     "perform 1 white action from its action bar.")
