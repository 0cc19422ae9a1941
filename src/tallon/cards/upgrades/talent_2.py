"""Talent upgrades, continued from :mod:`tallon.cards.upgrades.talent` (the talents that
change how the ship moves are in :mod:`tallon.cards.upgrades.talent_moves`)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tallon.cards.acting import (
    action_options,
    during_activation,
    grant_action,
    granted,
    performable,
    start_action,
)
from tallon.cards.common import (
    attacking_if,
    dice,
    event_ship,
    green_tokens,
    in_firing_arc,
    is_in_arc,
    is_me,
    range_of,
    recover_charge,
    remove_token_choice,
    roll_die,
    ship_options,
    ships_in_range,
)
from tallon.cards.registry import register
from tallon.cards.upgrades.device import payload_options, place_payload
from tallon.dice import (
    Face,
)
from tallon.engine.abilities import Cost, Ctx, DiceMod, Modifier, Triggered
from tallon.engine.actions import DIFFICULTY_RANK, available_actions
from tallon.engine.allegiance import friendly
from tallon.engine.attack import perform_bonus_attack
from tallon.engine.decisions import Option
from tallon.engine.devices import devices_in_play
from tallon.engine.effects import (
    acquire_lock,
    can_lock,
    flip_upgrade,
    gain_token,
    remove_token,
    spend_token,
    suffer_damage,
    transfer_token,
)
from tallon.engine.payloads import device as payload_device
from tallon.engine.state import ActionSpec, ShipState, Token
from tallon.engine.steps import continuation
from tallon.engine.weapons import cannot_attack, valid_targets, weapons_of
from tallon.geometry import Arc, Maneuver, ObstacleType, at_range

if TYPE_CHECKING:
    from tallon.engine.game import Game

# ------------------------------------------------------------------ helpers
def _strain(ctx: Ctx, ship: ShipState) -> None:
    gain_token(ctx.game, ship, Token.STRAIN, applier=ctx.ship.owner)


def _enemies_in_arc(ctx: Ctx, arc: Arc, low: int, high: int) -> list[ShipState]:
    return [s for s in ships_in_range(ctx.game, ctx.ship, low, high, friendly=False)
            if is_in_arc(ctx.ship, s, arc)]


def _as_red(spec: ActionSpec) -> ActionSpec:
    """The action treated as red (a purple one stays purple, the more restrictive)."""
    if DIFFICULTY_RANK[spec.difficulty] >= DIFFICULTY_RANK["red"]:
        return spec
    return ActionSpec(spec.kind, "red", spec.linked, spec.source)


# ------------------------------------------------------------- Ace in the Hole
register("upgrade", "aceinthehole-battleoverendor",
         grant_action("spend 1 charge and gain 1 jam token: perform a barrel roll action",
                      "start_engagement",
                      lambda ctx: [granted("barrel_roll", "white", ctx.card)],
                      requirement=lambda ctx: True,
                      cost=Cost(charges=1, gain=(("jam", 1),))),
         description="At the start of the Engagement Phase: may spend 1 of its charges and "
                     "gain 1 jam token to perform a barrel roll action.")


# ---------------------------------------------------------------- Clan Training
def _clan_training_ready(ctx: Ctx) -> bool:
    return is_me(ctx) and not ctx.ship.has(Token.FOCUS) and bool(
        _enemies_in_arc(ctx, Arc.FRONT, 1, 1))


def _clan_training_recovers(ctx: Ctx) -> bool:
    charge = ctx.ship.charges.get(ctx.card)
    return is_me(ctx, "attacker") and event_ship(ctx, "defender").destroyed \
        and charge is not None and charge.active < charge.limit


register("upgrade", "clantraining",
         grant_action("spend 1 charge: perform a red focus action", "before_engage",
                      lambda ctx: [granted("focus", "red", ctx.card)],
                      requirement=_clan_training_ready, cost=Cost(charges=1)),
         Triggered("the defender was destroyed: recover 1 charge", window="after_attack",
                   optional=False, requirement=_clan_training_recovers,
                   effect=lambda ctx, choice: recover_charge(ctx.ship, ctx.card)),
         description="Before engaging, unfocused with an enemy ship in its front arc at "
                     "range 1: may spend its charge to perform a red focus action. After an "
                     "attack that destroyed the defender: recovers 1 charge.")


# -------------------------------------------------------------------- Composure
#: marks (in the ship's actions done this round) that Composure's focus was performed:
#: the ship can perform no more actions this round
COMPOSED = "composure"


def _composure_focus(ctx: Ctx) -> list[ActionSpec]:
    return performable(ctx.game, ctx.ship, [granted("focus", "white", ctx.card)],
                       during_activation(ctx))


def _composure(ctx: Ctx, choice: Any) -> None:
    for spec in _composure_focus(ctx):
        start_action(ctx.game, ctx.ship.id, spec, during_activation(ctx))
        ctx.ship.actions_done.add(COMPOSED)


def _no_more_actions(game: Game, owner: ShipState, ship: ShipState | None = None,
                     **facts: Any) -> bool:
    return ship is not None and ship.id == owner.id and COMPOSED in owner.actions_done


register("upgrade", "composure",
         Triggered("perform a focus action (then no more actions this round)",
                   window="after_action_failed",
                   requirement=lambda ctx: is_me(ctx) and not green_tokens(ctx.ship),
                   choices=lambda ctx: action_options(_composure_focus(ctx)),
                   effect=_composure),
         Modifier("no more actions this round after its focus", hook="action_forbidden",
                  value=_no_more_actions),
         description="After failing an action with no green tokens: may perform a focus "
                     "action; if it does, it can perform no other action this round.")


# ----------------------------------------------------------------- Debris Gambit
def _obstacle_near(game: Game, ship: ShipState) -> bool:
    return ship.body is not None and any(game.state.in_range(ship, o, 0, 1)
                                         for o in game.state.obstacles)


def _debris_gambit(game: Game, owner: ShipState, ship: ShipState | None = None,
                   spec: ActionSpec | None = None, **facts: Any) -> str | None:
    if ship is None or spec is None or ship.id != owner.id:
        return None
    if spec.kind == "evade" and spec.difficulty == "red" and _obstacle_near(game, ship):
        return "white"
    return None


register("upgrade", "debrisgambit",
         Modifier("a red evade action near an obstacle is white", hook="action_difficulty",
                  value=_debris_gambit),
         description="Adds a red evade action to the action bar; with an obstacle at range "
                     "0-1 its red evade actions (linked ones too) are treated as white.")


# ---------------------------------------------------------- Efficient Processing
register("upgrade", "efficientprocessing-swz103",
         Triggered("gain 1 calculate token", window="after_action", optional=False,
                   requirement=lambda ctx: is_me(ctx) and ctx.event["action"] == "calculate",
                   effect=lambda ctx, choice: gain_token(ctx.game, ctx.ship,
                                                         Token.CALCULATE)),
         description="After performing a calculate action: gains 1 more calculate token.")


# ----------------------------------------------------------------------- Enduring
def _enduring_crits_first(game: Game, owner: ShipState, attack: Any = None,
                          **facts: Any) -> bool:
    if attack is None or attack.defender != owner.id:
        return False
    return not is_in_arc(game.state.ships[attack.attacker], owner, Arc.BULLSEYE)


def _enduring_actions(ctx: Ctx) -> list[ActionSpec]:
    return [_as_red(s) for s in available_actions(ctx.game, ctx.ship, during_activation(ctx),
                                                  even_stressed=True)
            if s.kind in ("calculate", "focus")]


def _enduring(ctx: Ctx, choice: Any) -> None:
    for spec in _enduring_actions(ctx):
        if spec.kind == choice:
            start_action(ctx.game, ctx.ship.id, spec, during_activation(ctx))


register("upgrade", "enduring",
         Modifier("critical hits are neutralized first outside the bullseye",
                  hook="crits_first", value=_enduring_crits_first),
         Triggered("perform a red calculate or focus action from its bar, even stressed",
                   window="after_suffer_crit", requirement=is_me,
                   choices=lambda ctx: action_options(_enduring_actions(ctx)),
                   effect=_enduring),
         description="Defending outside the attacker's bullseye arc: critical hits are "
                     "canceled before hits. After suffering critical damage: may perform a "
                     "calculate or focus action of its bar as red, even while stressed.")


# ------------------------------------------------------------------------ Ensnare
def _ensnare_targets(ctx: Ctx) -> list[ShipState]:
    return [s for s in ships_in_range(ctx.game, ctx.ship, 0, 1, other=True)
            if any(is_in_arc(ctx.ship, s, arc) for arc in ctx.ship.turret)]


register("upgrade", "ensnare",
         Triggered("transfer 1 tractor token to a ship in the turret arc at range 0-1",
                   window="end_activation",
                   requirement=lambda ctx: ctx.ship.tractored,
                   choices=lambda ctx: ship_options(_ensnare_targets(ctx)),
                   effect=lambda ctx, choice: transfer_token(ctx.game, ctx.ship,
                                                             ctx.other(choice),
                                                             Token.TRACTOR)),
         description="At the end of the Activation Phase, while tractored: may transfer 1 "
                     "tractor token to a ship in its single turret arc at range 0-1.")


# ----------------------------------------------------------------- Interloper Turn
def _interloper_maneuver(ctx: Ctx) -> bool:
    maneuver = Maneuver.parse(ctx.event["maneuver"])
    return maneuver.speed in (1, 2) and maneuver.bearing.value in ("T", "Y", "K")


def _near_asteroid(ctx: Ctx) -> bool:
    return any(o.type is ObstacleType.ASTEROID and ctx.state.in_range(ctx.ship, o, 0, 1)
               for o in ctx.state.obstacles)


register("upgrade", "interloperturn",
         Triggered("gain 1 tractor token", window="before_execute",
                   requirement=lambda ctx: is_me(ctx) and _interloper_maneuver(ctx)
                   and _near_asteroid(ctx),
                   effect=lambda ctx, choice: gain_token(ctx.game, ctx.ship, Token.TRACTOR)),
         description="Before executing a speed 1-2 turn or Koiogran turn at range 0-1 of an "
                     "asteroid: may gain 1 tractor token.")


# --------------------------------------------------------------- Ion Limiter Override
ION_LIMITER = "ionlimiteroverride"


def _ion_limiter_roll(ctx: Ctx, choice: Any) -> None:
    roll_die(ctx, "ionlimiteroverride.rolled", (ctx.ship.id,))


@continuation("ionlimiteroverride.rolled")
def _ion_limiter_rolled(game: Game, face: Face, ship_id: str) -> None:
    ship = game.state.ships[ship_id]
    if face is Face.HIT:
        gain_token(game, ship, Token.STRAIN)
    elif face is Face.CRIT:
        gain_token(game, ship, Token.ION)


register("upgrade", ION_LIMITER,
         grant_action("perform a barrel roll action, even while stressed", "after_execute",
                      lambda ctx: [granted("barrel_roll", "white", ctx.card)],
                      requirement=lambda ctx: is_me(ctx) and bool(ctx.event.get("full"))
                      and ctx.event.get("difficulty") == "red", even_stressed=True),
         Triggered("roll an attack die: a hit gains a strain token, a critical hit an ion "
                   "token", window="after_action", optional=False,
                   requirement=lambda ctx: is_me(ctx) and ctx.event["action"] == "barrel_roll"
                   and ctx.event.get("source") == ION_LIMITER,
                   effect=_ion_limiter_roll),
         description="After fully executing a red maneuver: may perform a barrel roll "
                     "action, even while stressed; if it does, it rolls an attack die and "
                     "gains a strain token on a hit, an ion token on a critical hit.")


# --------------------------------------------------------------- Marg Sabl Closure
def _through_obstacle(ctx: Ctx) -> bool:
    ids = {o.id for o in ctx.state.obstacles}
    return any(i in ids for i in ctx.event.get("moved_through", ()))


register("upgrade", "margsablclosure",
         Triggered("an enemy ship in the front arc at range 1-2 gains 1 strain token",
                   window="after_execute",
                   requirement=lambda ctx: is_me(ctx) and bool(ctx.event.get("full"))
                   and _through_obstacle(ctx),
                   choices=lambda ctx: ship_options(_enemies_in_arc(ctx, Arc.FRONT, 1, 2)),
                   effect=lambda ctx, choice: _strain(ctx, ctx.other(choice))),
         description="After fully executing a maneuver through an obstacle: may choose an "
                     "enemy ship in its front arc at range 1-2, which gains 1 strain token.")


# ---------------------------------------------------------------------- Mercenary
def _mercenary_lost(ctx: Ctx) -> bool:
    lost = event_ship(ctx)
    if lost.owner != ctx.ship.owner or lost.id == ctx.ship.id:
        return False
    near = range_of(ctx.ship, lost)
    return near is not None and near <= 2


register("upgrade", "mercenary-swz103",
         Triggered("take one of its green tokens", window="after_destroyed", optional=False,
                   requirement=_mercenary_lost,
                   choices=lambda ctx: [Option(t.value, f"take its {t.value} token")
                                        for t in green_tokens(event_ship(ctx))],
                   effect=lambda ctx, choice: transfer_token(ctx.game, event_ship(ctx),
                                                             ctx.ship, Token(choice))),
         description="After the destruction of another friendly ship within range 0-2, before that "
                     "ship leaves the play area: this ship takes 1 of its green tokens (a "
                     "transfer).")


# ---------------------------------------------------------------------- Notorious
def _notorious_victim(ctx: Ctx) -> bool:
    if not is_me(ctx, "defender"):
        return False
    attacker = event_ship(ctx, "attacker")
    return not attacker.remote and attacker.in_play and in_firing_arc(ctx.ship, attacker)


NOTORIOUS = dice("notorious")

register("upgrade", "notorious",
         DiceMod("the defender is strained: reroll 1 blank", dice=NOTORIOUS,
                 applies=attacking_if(lambda game, attack, owner: game.state.ships[
                     attack.defender].has(Token.STRAIN))),
         Triggered("spend 1 charge: the attacker gains 1 strain token", window="after_defend",
                   cost=Cost(charges=1), requirement=_notorious_victim,
                   effect=lambda ctx, choice: _strain(ctx, event_ship(ctx, "attacker"))),
         description="After defending with the attacker in its firing arc: may spend 1 "
                     "charge to give the attacker 1 strain token. Attacking a strained "
                     "defender: may reroll 1 blank result.")


# ------------------------------------------------------------------ Proud Tradition
PROUD = "proudtradition"


def _focus_while_lightly_stressed(game: Game, owner: ShipState, ship: ShipState | None = None,
                                  spec: ActionSpec | None = None, **facts: Any) -> bool:
    return ship is not None and spec is not None and ship.id == owner.id \
        and spec.kind == "focus" and ship.count(Token.STRESS) <= 2


def _proud_choices(ctx: Ctx) -> list[Option]:
    defender = event_ship(ctx, "defender")
    crit = Option("suffer_crit", f"{defender.name} suffers 1 critical damage to flip it")
    if not defender.has(Token.FOCUS):
        return [crit]
    return [Option("spend_focus", f"{defender.name} spends 1 focus token to flip it"), crit]


def _proud_flip(ctx: Ctx, choice: Any) -> None:
    defender = event_ship(ctx, "defender")
    if choice == "spend_focus":
        spend_token(ctx.game, defender, Token.FOCUS)
    else:
        suffer_damage(ctx.game, defender, crits=1, cause="Proud Tradition")
    flip_upgrade(ctx.game, ctx.ship, PROUD, 1)


def _false_tradition(game: Game, owner: ShipState, ship: ShipState | None = None,
                     spec: ActionSpec | None = None, **facts: Any) -> str | None:
    if ship is not None and spec is not None and ship.id == owner.id and spec.kind == "focus":
        return "red"
    return None


register("upgrade", PROUD,
         Modifier("focus actions even while stressed (2 or fewer stress tokens)",
                  hook="may_act_stressed", value=_focus_while_lightly_stressed),
         Triggered("the defender may pay to flip Proud Tradition", window="after_attack",
                   requirement=lambda ctx: is_me(ctx, "attacker") and ctx.ship.stressed
                   and event_ship(ctx, "defender").in_play,
                   player=lambda ctx: event_ship(ctx, "defender").owner,
                   choices=_proud_choices, effect=_proud_flip),
         back=(Modifier("its focus actions are red", hook="action_difficulty",
                        value=_false_tradition),),
         description="Setup: equipped faceup. While holding 2 or fewer stress tokens, it may "
                     "perform focus actions even when stressed. After attacking while stressed: "
                     "the defender may flip this card to False Tradition by spending a focus token "
                     "or by suffering 1 critical damage. False Tradition: its focus actions are "
                     "red.")


# ------------------------------------------------------------------- Push the Limit
def _pushed(ctx: Ctx) -> bool:
    if not is_me(ctx) or ctx.ship.has(Token.STRAIN) or not ctx.ship.stressed:
        return False
    if ctx.event.window == "after_execute":
        return bool(ctx.event.get("full")) and ctx.event.get("difficulty") == "red"
    return ctx.event.get("difficulty") == "red"


def _push_the_limit(window: str) -> Triggered:
    return Triggered("gain 1 strain token to remove 1 stress token", window=window,
                     cost=Cost(gain=(("strain", 1),)), requirement=_pushed,
                     effect=lambda ctx, choice: remove_token_choice(ctx.game, ctx.ship,
                                                                    "token:stress"))


register("upgrade", "pushthelimit-battleoverendor",
         _push_the_limit("after_execute"), _push_the_limit("after_action"),
         description="After fully executing a red maneuver or performing a red action, while "
                     "unstrained: may take a strain token in exchange for removing a stress token.")


# -------------------------------------------------------------------- Silent Hunter
def _silent_hunter_targets(ctx: Ctx) -> list[ShipState]:
    return [s for s in ctx.state.in_play() if s.owner != ctx.ship.owner
            and is_in_arc(ctx.ship, s, Arc.BULLSEYE) and can_lock(ctx.game, ctx.ship, s.id)
            is None]


register("upgrade", "silenthunter-tiephphantom",
         Triggered("acquire a lock on an enemy ship in the bullseye arc",
                   window="after_decloak", requirement=is_me,
                   choices=lambda ctx: ship_options(_silent_hunter_targets(ctx)),
                   effect=lambda ctx, choice: acquire_lock(ctx.game, ctx.ship, choice)),
         description="After decloaking: may lock an enemy ship inside its bullseye arc.")


# --------------------------------------------------------------------- Squad Leader
def _squad_leader(game: Game, owner: ShipState, ship: ShipState | None = None,
                  **facts: Any) -> tuple[str, ...]:
    return tuple(dict.fromkeys(spec.kind for spec in owner.actions))


register("upgrade", "squadleader",
         Modifier("a coordinated ship performs only actions on this ship's bar",
                  hook="coordinate_actions", value=_squad_leader),
         description="Adds a red coordinate action to the action bar. The ship it "
                     "coordinates may perform only an action that is also on its own action "
                     "bar.")


# ------------------------------------------------------------------ Starbird Slash
def _slashed(ctx: Ctx) -> list[ShipState]:
    ships = ctx.state.ships
    return [ships[i] for i in ctx.event.get("moved_through", ())
            if i in ships and not ships[i].remote and ships[i].in_play
            and ships[i].owner != ctx.ship.owner]


def _starbird(ctx: Ctx, choice: Any) -> None:
    enemy = ctx.other(choice)
    _strain(ctx, enemy)
    if in_firing_arc(enemy, ctx.ship):
        gain_token(ctx.game, ctx.ship, Token.STRAIN)


register("upgrade", "starbirdslash",
         Triggered("an enemy ship it moved through gains 1 strain token",
                   window="after_execute",
                   requirement=lambda ctx: is_me(ctx) and bool(ctx.event.get("full")),
                   choices=lambda ctx: ship_options(_slashed(ctx)), effect=_starbird),
         description="After fully executing a maneuver: may choose an enemy ship it moved "
                     "through, which gains 1 strain token; then if it is in that ship's "
                     "firing arc it gains 1 strain token too.")


# ------------------------------------------------------------------ Stealth Gambit
def _primary_weapons(game: Game, ship: ShipState) -> tuple[str, ...]:
    return tuple(w.id for w in weapons_of(game, ship) if w.primary)


def _gambit_ready(ctx: Ctx) -> bool:
    ship, event = ctx.ship, ctx.event
    attacker, defender = event_ship(ctx, "attacker"), event_ship(ctx, "defender")
    if not event.get("hit") or attacker.owner != ship.owner or defender.owner == ship.owner \
            or defender.remote or not defender.in_play or not ship.cloaked:
        return False
    if not is_in_arc(ship, defender, Arc.FRONT) or ship.bonus_attack_done \
            or ship.has(Token.DISARM):
        return False
    # the cloak token goes first: only what else stops an attack counts
    return cannot_attack(ctx.game, ship) == "it is cloaked" and bool(valid_targets(
        ctx.game, ship, _primary_weapons(ctx.game, ship), (defender.id,)))


def _gambit(ctx: Ctx, choice: Any) -> None:
    remove_token(ctx.game, ctx.ship, Token.CLOAK)
    perform_bonus_attack(ctx.game, ctx.ship, only=_primary_weapons(ctx.game, ctx.ship),
                         defenders=(ctx.event["defender"],))


register("upgrade", "stealthgambit-tiephphantom",
         Triggered("gain 1 strain token to decloak in place and attack the defender",
                   window="after_attack", bonus_attack=True, cost=Cost(gain=(("strain", 1),)),
                   requirement=_gambit_ready, effect=_gambit),
         Triggered("gain 1 evade token", window="end_engagement", optional=False,
                   requirement=lambda ctx: ctx.ship.has(Token.STRAIN),
                   effect=lambda ctx, choice: gain_token(ctx.game, ctx.ship, Token.EVADE)),
         description="After a friendly ship makes an attack that hits an enemy ship inside this "
                     "ship's front arc, if this ship is cloaked: it may take 1 strain token to "
                     "remove its cloak token and make a bonus primary attack against that "
                     "defender. End of the Engagement Phase: if strained, it gains an evade token.")


# ------------------------------------------------------- talents that place devices
def _placed_this_round(ctx: Ctx) -> bool:
    placed = ctx.ship.device_placed
    return placed is not None and placed[0] == ctx.state.round


register("upgrade", "swiftapproach-swz98",
         grant_action("perform a white barrel roll or boost, even while stressed",
                      "after_device_placed",
                      lambda ctx: [granted("barrel_roll", "white", "swiftapproach-swz98"),
                                   granted("boost", "white", "swiftapproach-swz98")],
                      requirement=lambda ctx: is_me(ctx) and ctx.state.phase == "system",
                      even_stressed=True),
         description="During the System Phase, after dropping or launching a device: may "
                     "perform a white barrel roll or boost action, even while stressed.")


def _defended_near(ctx: Ctx) -> bool:
    defender = ctx.other(ctx.event["defender"])
    near = range_of(ctx.ship, defender)
    return friendly(defender, ctx.ship) and not defender.remote and near is not None \
        and near <= 1 and not _placed_this_round(ctx)


def _friendly_device(game: Game, owner: ShipState, ship: ShipState | None = None,
                     device: str | None = None, **facts: Any) -> bool:
    found = payload_device(game, device) if device else None
    return ship is not None and ship.id == owner.id and found is not None \
        and friendly(found, owner)


register("upgrade", "topcover-swz98",
         Triggered("launch a device with a [3 bank] or [3 straight] template",
                   window="after_defend", requirement=_defended_near,
                   choices=lambda ctx: payload_options(ctx.game, ctx.ship, ("bomb", "mine"),
                                                       ("3B", "3F", "3N"), (True,)),
                   effect=lambda ctx, choice: place_payload(ctx, choice),
                   decision="launch_device"),
         Modifier("ignores the effects of friendly devices", hook="ignores_device",
                  value=_friendly_device),
         description="After a friendly ship within range 0-1 defends, if this ship has dropped or "
                     "launched no device this round: may launch a device (paying its card's "
                     "charge) using the [3 bank left], [3 straight] or [3 bank right] template. "
                     "Unaffected by friendly bombs and mines.")

register("upgrade", "partinggift-battleoverendor",
         Triggered("spend 1 charge on a device upgrade to drop or launch a bomb",
                   window="after_destroyed", requirement=is_me,
                   choices=lambda ctx: payload_options(ctx.game, ctx.ship, ("bomb",),
                                                       ("1B", "1F", "1N"), (False, True)),
                   effect=lambda ctx, choice: place_payload(ctx, choice),
                   decision="launch_device"),
         description="When destroyed, before being removed: may spend 1 charge of an "
                     "equipped device upgrade to drop or launch its bomb with a [1 bank "
                     "left], [1 straight] or [1 bank right] template.")


# ----------------------------------------------------------------- Feedback Ping
def _pinged(ctx: Ctx) -> ShipState | None:
    """The ship that executed the maneuver, if it is at range 0-1 of a device of this
    card's player (bombs, mines, remotes, electro-chaff clouds) and can be locked."""
    target = event_ship(ctx)
    if target.body is None or can_lock(ctx.game, ctx.ship, target.id) is not None:
        return None
    near = any(owner == ctx.ship.owner and at_range(body, target.body, 0, 1)
               for owner, body in devices_in_play(ctx.game))
    return target if near else None


register("upgrade", "feedbackping",
         Triggered("acquire a lock on that ship, ignoring range", window="after_execute",
                   requirement=lambda ctx: ctx.ship.in_play and _pinged(ctx) is not None,
                   effect=lambda ctx, choice: acquire_lock(ctx.game, ctx.ship,
                                                           ctx.event["ship"])),
         # devices that are obstacles (electro-chaff clouds) are friendly only if the engine
         # keeps who placed them
         Modifier("keep the controllers of devices that are obstacles",
                  hook="device_controllers", value=lambda game, owner, **facts: True),
         description="After any ship executes a maneuver at range 0-1 of a friendly device "
                     "(bomb, mine, remote or electro-chaff cloud): may acquire a lock on it, "
                     "at any range.")
