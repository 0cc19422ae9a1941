"""Illicit upgrades.

Cards that remember something between two moments of the game (tokens set aside on Babu
Frik, an effect lasting until the end of the round) keep it in the ship's
``card_memory`` through :func:`~tallon.cards.common.remember` and
:func:`~tallon.cards.common.recalled`.

Illicit upgrades that place something by hand are in
:mod:`tallon.cards.upgrades.illicit_2` (Quick-Release Locks, Saboteur's Map) and
:mod:`tallon.cards.upgrades.illicit_3` (Scanner Baffler).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tallon.cards.acting import during_activation, granted, performable, start_action
from tallon.cards.common import (
    facedown_damage,
    is_me,
    recalled,
    remember,
    roll_die,
    ships_in_range,
    this_round,
)
from tallon.cards.registry import register
from tallon.cards.upgrades.ordnance import expose_random
from tallon.cards.upgrades.talent import is_limited
from tallon.dice import Face
from tallon.engine.abilities import CardAction, Cost, Ctx, Modifier, Replacement, Triggered, Weapon
from tallon.engine.actions import can_perform
from tallon.engine.conditions import assign_condition
from tallon.engine.decisions import Option
from tallon.engine.devices import can_place_device, launch_obstacle, placement
from tallon.engine.effects import gain_token, suffer_damage
from tallon.engine.lent_shields import spend_shield, spendable_shields
from tallon.engine.movement import Decloak, ExecuteManeuver
from tallon.engine.state import ShipState, Token, opponent
from tallon.engine.steps import Ask, continuation

if TYPE_CHECKING:
    from tallon.engine.game import Game


def _jammable(ctx: Ctx, target_id: str) -> ShipState | None:
    """The enemy ship ``target_id`` if it can be jammed: RR: JAM chooses an enemy ship
    (these cards lift only the range restriction)."""
    target = ctx.state.ships.get(target_id)
    if target is None or target.remote or not target.in_play or target.owner == ctx.ship.owner:
        return None
    return target


def _jam(ctx: Ctx, target: ShipState) -> None:
    ctx.game.event("ability", f"{ctx.ship.name} ({ctx.ship.id}) jams {target.name} "
                   f"({target.id}), ignoring range", ship=ctx.ship.id)
    gain_token(ctx.game, target, Token.JAM, applier=ctx.ship.owner)


# ------------------------------------------------------------------- Babu Frik
BABU = "babufrik"
BABU_TOKENS = f"{BABU}:tokens"
#: RR: TOKEN COLORS AND SHAPES - the red and orange tokens (locks are set apart by the card)
RED_OR_ORANGE = tuple(t for t in Token if t.colour in ("red", "orange"))


def _babu_applies(ctx: Ctx, facts: dict[str, Any]) -> bool:
    return facts["ship"] == ctx.ship.id and Token(facts["token"]) in RED_OR_ORANGE


def _babu_takes(ctx: Ctx, facts: dict[str, Any], choice: Any) -> None:
    ship = ctx.ship
    remember(ship, BABU_TOKENS, (*recalled(ship, BABU_TOKENS, ()), facts["token"]))
    ctx.game.event("ability", f"{ship.name} ({ship.id}) places 1 {facts['token']} token on "
                   "Babu Frik instead", ship=ship.id)
    if facts["count"] > 1:
        # one token per charge: the others are gained (and may be set aside again)
        gain_token(ctx.game, ship, Token(facts["token"]), facts["count"] - 1,
                   facts["applier"])


def _babu_upkeep(ctx: Ctx, choice: Any) -> None:
    ship = ctx.ship
    charge = ship.charges[BABU]
    if charge.active >= 1:
        charge.active -= 1
        ctx.game.event("ability", f"{ship.name} ({ship.id}) spends 1 charge of Babu Frik",
                       ship=ship.id)
        return
    held = recalled(ship, BABU_TOKENS, ())
    remember(ship, BABU_TOKENS, None)
    ctx.game.event("ability", f"{ship.name} ({ship.id}) takes back the tokens on Babu Frik",
                   ship=ship.id)
    for token in dict.fromkeys(held):
        gain_token(ctx.game, ship, Token(token), held.count(token))


register("upgrade", BABU,
         Replacement("spend 1 charge: put the token on this card instead", point="gain_token",
                     applies=_babu_applies, replace=_babu_takes, cost=Cost(charges=1)),
         Triggered("spend 1 charge, or gain the tokens on this card", window="system_phase",
                   optional=False, effect=_babu_upkeep,
                   requirement=lambda ctx: is_me(ctx) and bool(recalled(ctx.ship, BABU_TOKENS))),
         description="Before gaining a red or orange token other than a lock: may spend 1 charge "
                     "to put that token on this card instead. System Phase, if this card holds any "
                     "tokens: must spend 1 charge; if it can't, those tokens come off the card and "
                     "the ship gains matching ones.")


# ------------------------------------------------------------- Cloaking Device
CLOAKING = "cloakingdevice"


def _can_cloak(ctx: Ctx) -> bool:
    return can_perform(ctx.game, ctx.ship, granted("cloak", "white", CLOAKING),
                       ctx.state.phase == "activation", even_stressed=True) is None


def cloak(ctx: Ctx, choice: Any, card: str = CLOAKING) -> None:
    """Perform the white cloak action the upgrade ``card`` grants."""
    start_action(ctx.game, ctx.ship.id, granted("cloak", "white", card),
                 ctx.state.phase == "activation")


def _cloaking_roll(ctx: Ctx, choice: Any) -> None:
    roll_die(ctx, "cloakingdevice.rolled", (ctx.ship.id,))


@continuation("cloakingdevice.rolled")
def _cloaking_rolled(game: Game, face: Face, ship_id: str) -> None:
    ship = game.state.ships[ship_id]
    if face is not Face.FOCUS or not ship.cloaked:
        return
    ask_decloak(game, ship)


def ask_decloak(game: Game, ship: ShipState) -> None:
    """Cloaking Device's question: decloak or discard the cloak token."""
    game.now(Ask(ship.owner, "cloaking_device",
                 f"{ship.name} ({ship.id}): Cloaking Device - decloak or discard the cloak "
                 "token?", (Option("discard", "discard the cloak token"),
                            Option("boost", "decloak: boost"),
                            Option("left", "decloak: barrel roll left"),
                            Option("right", "decloak: barrel roll right")),
                 "cloakingdevice.decloak", (ship.id,), ship=ship.id))


@continuation("cloakingdevice.decloak")
def _cloaking_decloak(game: Game, answer: str, ship_id: str) -> None:
    ship = game.state.ships[ship_id]
    if answer == "discard":
        from tallon.engine.effects import remove_token

        remove_token(game, ship, Token.CLOAK)
        game.event("ability", f"{ship.name} ({ship.id}) discards its cloak token",
                   ship=ship.id)
    elif answer == "boost":
        # RR: DECLOAK - a failed decloak leaves the ship cloaked (RR: FAQ)
        Decloak(ship_id).apply(game, "boost")
    else:
        game.now(Decloak(ship_id, declared=answer))


register("upgrade", CLOAKING,
         CardAction("spend 1 charge to perform a cloak action", cost=Cost(charges=1),
                    requirement=_can_cloak, effect=cloak),
         Triggered("roll 1 attack die: on a focus result, decloak or discard the cloak token",
                   window="start_planning", optional=False,
                   requirement=lambda ctx: ctx.ship.cloaked, effect=_cloaking_roll),
         description="Action: spend 1 charge to perform a cloak action. At the start of the "
                     "Planning Phase, while cloaked: roll an attack die; on a focus result it "
                     "must decloak or discard its cloak token.")


# ------------------------------------------------------------- Coaxium Hyperfuel
COAXIUM = "coaxiumhyperfuel"


def _coaxium_stressed_slam(game: Game, owner: ShipState, ship: ShipState | None = None,
                           spec: Any = None, **facts: Any) -> bool:
    return ship is not None and ship.id == owner.id and spec is not None and spec.kind == "slam"


def _price(ctx: Ctx) -> list[Option]:
    """Expose 1 damage card (one of the facedown ones, at random: RR: DAMAGE CARDS) or
    suffer 1 critical damage."""
    found = [Option("expose", "expose 1 facedown damage card")] \
        if facedown_damage(ctx.ship) else []
    return [*found, Option("crit", "suffer 1 critical damage")]


def _pay_price(ctx: Ctx, choice: Any) -> None:
    if choice == "expose":
        expose_random(ctx.game, ctx.ship)
    else:
        suffer_damage(ctx.game, ctx.ship, crits=1, cause="Coaxium Hyperfuel")


def _slam_spec(ctx: Ctx) -> list[Any]:
    return performable(ctx.game, ctx.ship, [granted("slam", "white", COAXIUM)],
                       during_activation(ctx))


def _coaxium_slam(ctx: Ctx, choice: Any) -> None:
    specs = _slam_spec(ctx)
    _pay_price(ctx, choice)
    if specs:
        start_action(ctx.game, ctx.ship.id, specs[0], True)


register("upgrade", COAXIUM,
         Modifier("may perform a SLAM action while stressed", hook="may_act_stressed",
                  value=_coaxium_stressed_slam),
         Triggered("SLAM while stressed: suffer 1 critical damage unless you expose 1 damage "
                   "card", window="after_action", optional=False,
                   requirement=lambda ctx: is_me(ctx) and ctx.event.get("action") == "slam"
                   and bool(ctx.event.get("stressed")),
                   choices=_price, effect=_pay_price),
         Triggered("expose 1 damage card or suffer 1 critical damage to perform a SLAM action",
                   window="after_execute",
                   requirement=lambda ctx: is_me(ctx) and not ctx.event.get("full")
                   and bool(_slam_spec(ctx)),
                   choices=_price, effect=_coaxium_slam),
         description="May SLAM while stressed, then suffers 1 critical damage unless it "
                     "exposes a damage card. After partially executing a maneuver: may expose "
                     "a damage card or suffer 1 critical damage to perform a SLAM action.")


# ---------------------------------------------------------- Contraband Cybernetics
CONTRABAND = "contrabandcybernetics"


def _contraband_on(game: Game, owner: ShipState, ship: ShipState | None = None,
                   **facts: Any) -> bool:
    return ship is not None and ship.id == owner.id and this_round(game, owner, CONTRABAND)


def _contraband(ctx: Ctx, choice: Any) -> None:
    remember(ctx.ship, CONTRABAND, ctx.state.round)
    ctx.game.event("ability", f"{ctx.ship.name} ({ctx.ship.id}) may act and execute red "
                   "maneuvers while stressed until the end of the round", ship=ctx.ship.id)


register("upgrade", CONTRABAND,
         Triggered("spend 1 charge: act and execute red maneuvers while stressed this round",
                   window="before_activate", requirement=is_me, cost=Cost(charges=1),
                   effect=_contraband),
         Modifier("may act while stressed this round", hook="may_act_stressed",
                  value=_contraband_on),
         Modifier("may execute red maneuvers while stressed this round",
                  hook="may_execute_red_stressed", value=_contraband_on),
         description="Before activating: may spend its 1 charge (which never recovers); for the "
                     "rest of the round, being stressed doesn't stop it performing actions or "
                     "executing red maneuvers.")


# -------------------------------------------------------------- Deadman's Switch
def _deadman(ctx: Ctx, choice: Any) -> None:
    for other in ships_in_range(ctx.game, ctx.ship, 0, 1, other=True):
        suffer_damage(ctx.game, other, hits=1, cause="Deadman's Switch")


register("upgrade", "deadmansswitch",
         Triggered("each other ship at range 0-1 suffers 1 damage", window="after_destroyed",
                   requirement=is_me, optional=False, effect=_deadman),
         description="After being destroyed: every other ship at range 0-1 suffers 1 hit "
                     "damage.")


# ------------------------------------------------------ False Transponder Codes
TRANSPONDER = "falsetranspondercodes"


def _transponder_target(ctx: Ctx) -> ShipState | None:
    """The other side of the lock just acquired, if it is an enemy ship."""
    if is_me(ctx):
        return _jammable(ctx, ctx.event["target"])
    if ctx.event.get("target") == ctx.ship.id:
        return _jammable(ctx, ctx.event["ship"])
    return None


def _transponder(ctx: Ctx, choice: Any) -> None:
    target = _transponder_target(ctx)
    assert target is not None
    ctx.ship.charges[TRANSPONDER].active -= 1
    _jam(ctx, target)


register("upgrade", TRANSPONDER,
         Triggered("lose 1 charge and jam the other side of the lock", window="after_lock",
                   optional=False, effect=_transponder,
                   requirement=lambda ctx: ctx.ship.charges[TRANSPONDER].active >= 1
                   and _transponder_target(ctx) is not None),
         description="After it locks an object or an object locks it, while its charge is "
                     "active: loses the charge and jams that object, at any range.")


# ---------------------------------------------------------------- Feedback Array
def _at_range_0(ctx: Ctx) -> list[ShipState]:
    return ships_in_range(ctx.game, ctx.ship, 0, 0, other=True)


def _feedback(ctx: Ctx, choice: Any) -> None:
    for other in _at_range_0(ctx):
        suffer_damage(ctx.game, other, hits=1, cause="Feedback Array")


register("upgrade", "feedbackarray",
         Triggered("gain 1 ion and 1 disarm token: each ship at range 0 suffers 1 damage",
                   window="before_engage", cost=Cost(gain=(("ion", 1), ("disarm", 1))),
                   requirement=lambda ctx: is_me(ctx) and bool(_at_range_0(ctx)),
                   effect=_feedback),
         description="Before engaging, with another ship at range 0: may gain an ion and a "
                     "disarm token so that every other ship at range 0 suffers 1 hit damage.")


# -------------------------------------------------------------- Feedback Emitter
EMITTER = "feedbackemitter-battleoverendor"


def _emitter(ctx: Ctx, choice: Any) -> None:
    target = _jammable(ctx, ctx.event["ship"])
    assert target is not None
    _jam(ctx, target)


register("upgrade", EMITTER,
         Triggered("spend 1 charge to jam the ship that locked you", window="after_lock",
                   cost=Cost(charges=1), effect=_emitter,
                   requirement=lambda ctx: ctx.event.get("target") == ctx.ship.id
                   and _jammable(ctx, ctx.event["ship"]) is not None),
         description="After an enemy ship locks it: may spend its charge (never recovered) to "
                     "jam that ship, at any range.")


# ---------------------------------------------------------- Hotshot Tail Blaster
register("upgrade", "hotshottailblaster",
         Weapon("Hotshot Tail Blaster", cost=Cost(charges=1)),
         description="Attack, 1 charge: 2 dice in the rear arc at range 0-1 (ordnance).")


# ---------------------------------------------------------- Inertial Dampeners
DAMPENERS = "inertialdampeners"
STATIONARY_WHITE = "0OW"


def _dampen(ctx: Ctx, facts: dict[str, Any], choice: Any) -> None:
    ship = ctx.ship
    spend_shield(ctx.game, ship)  # a docked Escape Craft's too (Lando's Millennium Falcon)
    remember(ship, DAMPENERS, ctx.state.round)
    ctx.game.event("activate", f"{ship.name} ({ship.id}) spends 1 shield to execute "
                   f"[{STATIONARY_WHITE}] instead of [{facts['maneuver']}]", ship=ship.id)
    ctx.game.push(ExecuteManeuver(ship.id, STATIONARY_WHITE, ion=facts["ion"],
                                  slam=facts["slam"], replaceable=False))


def _dampened(ctx: Ctx, choice: Any) -> None:
    remember(ctx.ship, DAMPENERS, None)
    gain_token(ctx.game, ctx.ship, Token.STRESS)


register("upgrade", DAMPENERS,
         Replacement("spend 1 shield: execute a white [0 stop] instead", point="execute_maneuver",
                     applies=lambda ctx, facts: facts["ship"] == ctx.ship.id
                     and spendable_shields(ctx.game, ctx.ship) >= 1, replace=_dampen),
         Triggered("gain 1 stress token after the stop", window="after_execute",
                   optional=False, effect=_dampened,
                   requirement=lambda ctx: is_me(ctx) and this_round(ctx, ctx.ship, DAMPENERS)),
         description="About to execute a maneuver: may spend 1 shield to execute a white "
                     "stationary maneuver instead, then gains a stress token.")


# --------------------------------------------------------- Overtuned Modulators
MODULATORS = "overtunedmodulators"

register("upgrade", MODULATORS,
         Triggered("spend 1 charge: gain 3 calculate tokens", window="system_phase",
                   requirement=lambda ctx: is_me(ctx) and not ctx.ship.stressed,
                   cost=Cost(charges=1),
                   effect=lambda ctx, choice: gain_token(ctx.game, ctx.ship, Token.CALCULATE, 3)),
         Triggered("gain 1 strain token per green token removed", window="end_phase_green_removed",
                   optional=False,
                   requirement=lambda ctx: is_me(ctx)
                   and ctx.ship.charges[MODULATORS].active == 0,
                   effect=lambda ctx, choice: gain_token(ctx.game, ctx.ship, Token.STRAIN,
                                                         int(ctx.event["count"]))),
         description="During the System Phase, unstressed: may spend its charge to gain 3 "
                     "calculate tokens. In the End Phase, once the charge is spent: 1 strain "
                     "token for each green token it removes.")


# ------------------------------------------------------------ Rigged Cargo Chute
CHUTE = "riggedcargochute"
LOOSE_CARGO = "loosecargo"
CHUTE_TEMPLATE = "1F"


def _chute_fits(ctx: Ctx) -> bool:
    return can_place_device(ctx.game, ctx.ship) and placement(
        ctx.game, ctx.ship, CHUTE_TEMPLATE, LOOSE_CARGO, launch=False).allowed


register("upgrade", CHUTE,
         CardAction("spend 1 charge: drop 1 loose cargo", cost=Cost(charges=1),
                    requirement=_chute_fits,
                    effect=lambda ctx, choice: launch_obstacle(
                        ctx.game, ctx.ship, LOOSE_CARGO, CHUTE_TEMPLATE, fuses=0,
                        launch=False)),
         description="Action: spend its charge to drop a loose cargo obstacle with the "
                     "[1 straight] template.")


# ---------------------------------------------------------------- Tracking Fob
FOB = "trackingfob"
MARKED = "markedforelimination"


def _fob_ships(ctx: Ctx) -> list[ShipState]:
    """The opponent's ships in play that may get the condition: a limited one if able."""
    theirs = [s for s in ctx.state.in_play() if s.owner == opponent(ctx.ship.owner)]
    return [s for s in theirs if is_limited(s)] or theirs


def _fob_range(game: Game, owner: ShipState, ship: ShipState | None = None,
               target: str = "", **facts: Any) -> bool:
    other = game.state.ships.get(target)
    # ruling: the ship that this card's player marked (its Marked for Elimination)
    return ship is not None and ship.id == owner.id and other is not None and any(
        c.card == MARKED and c.assigned_by == owner.owner for c in other.conditions)


register("upgrade", FOB,
         # RR: SETUP (after placing forces); RR: CONDITION CARDS. The opponent chooses.
         Triggered("the opponent assigns Marked for Elimination to one of their ships (a "
                   "limited one if able)", window="after_place_forces", optional=False,
                   requirement=lambda ctx: ctx.ship.in_play and bool(_fob_ships(ctx)),
                   choices=lambda ctx: [Option(s.id, f"{s.name} ({s.id})")
                                        for s in _fob_ships(ctx)],
                   player=lambda ctx: opponent(ctx.ship.owner),
                   effect=lambda ctx, choice: assign_condition(ctx.game, ctx.other(choice),
                                                               MARKED, ctx.ship.owner)),
         Modifier("lock the Marked for Elimination ship at any range",
                  hook="lock_ignores_range", value=_fob_range),
         description="Setup, after placing forces: the opponent assigns the Marked for "
                     "Elimination condition to one of their ships (a limited one if they "
                     "have one). Its locks on that ship ignore range; defending against it "
                     "while it has a lock on it, that ship can't spend green tokens.")
