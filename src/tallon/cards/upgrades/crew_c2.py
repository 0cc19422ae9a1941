"""Crew upgrades, "Leebo" to Petty Officer Thanisson (the first ones are in
:mod:`tallon.cards.upgrades.crew_c`).

Not implemented (refused at setup): Mandalorian Super Commandos and Nite Owl Commandos
(they drop a Commando Team remote: no remote but the buzz droid swarm is played yet)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tallon.cards.acting import during_activation, grant_action, granted, may_perform, performable
from tallon.cards.common import (
    is_in_arc,
    is_me,
    recalled,
    recover_force,
    remember,
    roll_die,
    ship_options,
    ships_in_range,
)
from tallon.cards.registry import register
from tallon.cards.upgrades.crew_c import damage_options, damage_type, faceup_ship_damage
from tallon.cards.upgrades.ordnance import expose_random
from tallon.dice import Face
from tallon.engine.abilities import Cost, Ctx, Modifier, Triggered
from tallon.engine.actions import PerformAction, StartAction, card_actions
from tallon.engine.allegiance import friendly
from tallon.engine.decisions import Option
from tallon.engine.effects import acquire_lock, can_lock, gain_token, repair_damage
from tallon.engine.movement import difficulty_of
from tallon.engine.state import ShipState, Token
from tallon.engine.steps import Ask, Then, continuation
from tallon.geometry import Arc, Maneuver

if TYPE_CHECKING:
    from tallon.engine.game import Game


# ------------------------------------------------------------------- "Leebo"
def _bar_kinds(ship: ShipState) -> tuple[str, ...]:
    """The actions on the ship's action bar (its ship card's and its upgrades')."""
    return tuple(dict.fromkeys(spec.kind for spec in ship.actions))


def _leebo_can(ctx: Ctx) -> bool:
    return bool(performable(ctx.game, ctx.ship, list(ctx.ship.actions),
                            during_activation(ctx)))


register("upgrade", "leebo-swz103",
         Triggered("perform an action from your action bar", window="after_repair",
                   requirement=lambda ctx: is_me(ctx) and _leebo_can(ctx),
                   choices=lambda ctx: [Option("act", "perform an action from the bar")],
                   effect=lambda ctx, choice: ctx.game.push(PerformAction(
                       ctx.ship.id, during_activation(ctx), only=_bar_kinds(ctx.ship)))),
         description="After repairing a damage card: may perform an action from its action "
                     "bar.")


# ------------------------------------------------------- Leia Organa (Rebel)
LEIA = "leiaorgana:round"


def _leia_easier(game: Game, owner: ShipState, ship: ShipState | None = None,
                 maneuver: str = "", **facts: Any) -> int:
    s = game.state
    if ship is None or ship.owner != owner.owner or not maneuver or s.phase != "activation":
        return 0
    return -1 if recalled(owner, LEIA) == s.round and difficulty_of(maneuver) == "red" else 0


register("upgrade", "leiaorgana",
         Triggered("spend 3 charges: friendly red maneuvers are easier this phase",
                   window="start_activation", cost=Cost(charges=3),
                   effect=lambda ctx, choice: remember(ctx.ship, LEIA, ctx.state.round)),
         Modifier("friendly red maneuvers are 1 difficulty easier this phase",
                  hook="maneuver_difficulty", value=_leia_easier),
         description="Start of the Activation Phase: may spend 3 charges; during that phase "
                     "each friendly ship's red maneuvers are 1 difficulty easier.")


# --------------------------------------------------- Leia Organa (Resistance)
def _leia_r_applies(ctx: Ctx) -> bool:
    ship = ctx.other(ctx.event["ship"])
    maneuver = Maneuver.parse(ctx.event["maneuver"])
    # a purple maneuver's difficulty never changes: the Force would buy nothing
    return (friendly(ship, ctx.ship) and not (maneuver.speed == 0 and maneuver.bearing
                                                  .value == "O")
            and difficulty_of(ctx.event["maneuver"]) != "purple")


def _leia_r(ctx: Ctx, choice: Any) -> None:
    ship = ctx.other(ctx.event["ship"])
    ship.execute_difficulty -= 1
    ctx.game.event("ability", f"Leia Organa: {ship.name} ({ship.id})'s maneuver is 1 "
                   "difficulty easier while it is executed", ship=ship.id)


register("upgrade", "leiaorgana-resistance",
         Triggered("spend 1 Force: the revealed maneuver is 1 difficulty easier",
                   window="after_reveal", cost=Cost(force=1), requirement=_leia_r_applies,
                   effect=_leia_r),
         description="After a friendly ship reveals a maneuver other than [0 stationary]: "
                     "may spend 1 Force to reduce that maneuver's difficulty. Adds a purple "
                     "coordinate to the action bar.")


# ----------------------------------------------------------------- Magva Yarro
def _magva_applies(ctx: Ctx) -> bool:
    attacker = ctx.other(ctx.event["attacker"])
    # RR: LOCK - a lock an ability gives is on an object at range 0-3
    return (is_me(ctx, "defender") and bool(ctx.event.get("hit")) and attacker.in_play
            and ctx.state.in_range(ctx.ship, attacker, 0, 3)
            and can_lock(ctx.game, ctx.ship, attacker.id) is None)


register("upgrade", "magvayarro",
         Triggered("acquire a lock on the attacker", window="after_defend",
                   requirement=_magva_applies,
                   choices=lambda ctx: ship_options([ctx.other(ctx.event["attacker"])]),
                   effect=lambda ctx, choice: acquire_lock(ctx.game, ctx.ship, choice)),
         description="After defending against an attack that hit: may acquire a lock on the "
                     "attacker.")


# ------------------------------------------------------------------ Maul (Scum)
register("upgrade", "maul",
         Triggered("gain 1 stress token to recover 1 Force", window="after_suffer_damage",
                   cost=Cost(gain=(("stress", 1),)),
                   requirement=lambda ctx: is_me(ctx) and ctx.ship.force < ctx.ship.force_limit,
                   effect=lambda ctx, choice: recover_force(ctx.ship)),
         description="After suffering damage: may gain 1 stress token to recover 1 Force. "
                     "(Dark Side upgrades: a squad-building rule.)")

# Maul (double crew) has no ability but its grants: the Illicit slot and the purple
# coordinate join the ship by the engine's own rules
register("upgrade", "maul-crew",
         description="Adds an Illicit slot and a purple coordinate to the action bar.")


# --------------------------------------------------------------- Minister Tua
register("upgrade", "ministertua",
         grant_action("perform a red reinforce action", "start_engagement",
                      lambda ctx: [granted("reinforce", "red", ctx.card)],
                      requirement=lambda ctx: bool(ctx.ship.damage)),
         description="Start of the Engagement Phase, while damaged: may perform a red "
                     "reinforce action.")


# ------------------------------------------------------------- Moff Jerjerrod
MOFF = "moffjerjerrod"
MOFF_TEMPLATE = f"{MOFF}:template"
MOFF_BOOSTING = f"{MOFF}:boosting"
#: the templates the card offers, as the boost directions name them (RR: BOOST)
_MOFF_TEMPLATES = (("left", "the [1 bank left] template"),
                   ("straight", "the [1 straight] template"),
                   ("right", "the [1 bank right] template"))


def _red_boost() -> Any:
    return granted("boost", "red", MOFF)


def _moff_boosters(game: Game, moff: ShipState, done: tuple[str, ...]) -> list[ShipState]:
    return [s for s in game.state.in_play() if friendly(s, moff) and s.id not in done
            and performable(game, s, [_red_boost()], during_activation=False)]


def _moff(ctx: Ctx, choice: Any) -> None:
    remember(ctx.ship, MOFF_TEMPLATE, (ctx.state.round, str(choice)))
    ctx.game.event("ability", f"Moff Jerjerrod: friendly ships may boost with the "
                   f"{choice} template", ship=ctx.ship.id)
    _moff_next(ctx.game, ctx.ship.id, ())


def _moff_next(game: Game, moff_id: str, done: tuple[str, ...]) -> None:
    moff = game.state.ships[moff_id]
    remember(moff, MOFF_BOOSTING, None)
    ships = _moff_boosters(game, moff, done)
    if not ships:
        return
    game.push(Ask(moff.owner, "use_ability", "Moff Jerjerrod: which friendly ship performs "
                  "a red boost next?", (*ship_options(ships),
                                        Option("decline", "no more boosts")),
                  "moffjerjerrod.chosen", (moff_id, done), ship=moff_id))


@continuation("moffjerjerrod.chosen")
def _moff_chosen(game: Game, answer: str, moff_id: str, done: tuple[str, ...]) -> None:
    if answer == "decline":
        return
    moff = game.state.ships[moff_id]
    remember(moff, MOFF_BOOSTING, (game.state.round, answer))
    game.push(StartAction(answer, _red_boost(), False),
              Then("moffjerjerrod.next", (moff_id, (*done, answer))))


@continuation("moffjerjerrod.next")
def _moff_continue(game: Game, _: Any, moff_id: str, done: tuple[str, ...]) -> None:
    _moff_next(game, moff_id, done)


def _moff_directions(game: Game, owner: ShipState, ship: ShipState | None = None,
                     **facts: Any) -> tuple[str, ...] | None:
    round_ = game.state.round
    if ship is None or recalled(owner, MOFF_BOOSTING) != (round_, ship.id):
        return None
    template = recalled(owner, MOFF_TEMPLATE)
    return (template[1],) if template and template[0] == round_ else None


register("upgrade", MOFF,
         Triggered("spend 2 charges: friendly ships may perform red boosts with one template",
                   window="system_phase", cost=Cost(charges=2),
                   requirement=lambda ctx: is_me(ctx) and bool(_moff_boosters(
                       ctx.game, ctx.ship, ())),
                   choices=lambda ctx: [Option(k, label) for k, label in _MOFF_TEMPLATES],
                   effect=_moff),
         Modifier("the boost uses the chosen template", hook="boost_directions",
                  value=_moff_directions),
         description="System Phase: may spend 2 charges to choose the [1 bank left], [1 "
                     "straight] or [1 bank right] template; each friendly ship may then "
                     "perform a red boost action with that template.")


# ------------------------------------------------------------------ Nien Nunb
def _banks_easier(game: Game, owner: ShipState, ship: ShipState | None = None,
                  maneuver: str = "", **facts: Any) -> int:
    if ship is None or ship.id != owner.id or not maneuver:
        return 0
    return -1 if Maneuver.parse(maneuver).bearing.value in ("B", "N") else 0


register("upgrade", "niennunb",
         Modifier("bank maneuvers are 1 difficulty easier", hook="maneuver_difficulty",
                  value=_banks_easier),
         description="Its bank maneuvers are 1 difficulty easier.")


# --------------------------------------------------------- Novice Technician
def _faceup(ship: ShipState) -> list[Any]:
    return [d for d in ship.damage if d.faceup]


def _novice(ctx: Ctx, choice: Any) -> None:
    roll_die(ctx, "novicetechnician.rolled", (ctx.ship.id, int(choice)))


@continuation("novicetechnician.rolled")
def _novice_rolled(game: Game, face: Face, ship_id: str, serial: int) -> None:
    ship = game.state.ships[ship_id]
    repair_damage(game, ship, serial)
    if face is Face.HIT:
        game.push(Then("novicetechnician.expose", (ship_id,)))


@continuation("novicetechnician.expose")
def _novice_expose(game: Game, _: Any, ship_id: str) -> None:
    expose_random(game, game.state.ships[ship_id])


register("upgrade", "novicetechnician",
         Triggered("roll 1 attack die to repair a faceup damage card (a hit exposes one)",
                   window="end_phase_end", requirement=lambda ctx: bool(_faceup(ctx.ship)),
                   choices=lambda ctx: damage_options(_faceup(ctx.ship)), effect=_novice),
         description="End of the round: may roll 1 attack die to repair a faceup damage "
                     "card; then on a hit result it exposes 1 damage card.")


# ----------------------------------------------------------- Obi-Wan Kenobi
def _obiwan_applies(ctx: Ctx) -> bool:
    ship = ctx.other(ctx.event["ship"])
    return (ctx.event.get("token") in ("focus", "evade") and friendly(ship, ctx.ship)
            and ship.in_play and ship in ships_in_range(ctx.game, ctx.ship, 0, 2,
                                                          friendly=True))


register("upgrade", "obiwankenobi",
         Triggered("spend 1 Force: that ship gains 1 focus token", window="after_spend_token",
                   cost=Cost(force=1), requirement=_obiwan_applies,
                   effect=lambda ctx, choice: gain_token(ctx.game, ctx.other(
                       ctx.event["ship"]), Token.FOCUS)),
         description="After a focus or evade token is spent by a friendly ship at range 0-2: may "
                     "spend 1 Force to give that ship a focus token.")


# ----------------------------------------------------------------- Peli Motto
def _damage_card_actions(ctx: Ctx) -> list[Any]:
    # a damage card's abilities are named "<card>@<serial number>"
    return [spec for spec in card_actions(ctx.game, ctx.ship) if "@" in spec.source]


def _peli_applies(ctx: Ctx) -> bool:
    if not is_me(ctx) or not ctx.event.get("faceup"):
        return False
    repaired = [d for d in ctx.ship.damage if d.serial == ctx.event["serial"]]
    return bool(repaired) and damage_type(repaired[0].card) == "ship" \
        and bool(faceup_ship_damage(ctx.ship))


def _peli_roll(ctx: Ctx, choice: Any) -> None:
    roll_die(ctx, "pelimotto.rolled", (ctx.ship.id,))


@continuation("pelimotto.rolled")
def _peli_rolled(game: Game, face: Face, ship_id: str) -> None:
    ship = game.state.ships[ship_id]
    if face is Face.HIT and faceup_ship_damage(ship):
        game.push(Ask(ship.owner, "use_ability", f"{ship.name} ({ship.id}): Peli Motto - "
                      "repair which faceup Ship damage card?",
                      tuple(damage_options(faceup_ship_damage(ship))), "pelimotto.repair",
                      (ship_id,), ship=ship_id))
    elif face is Face.CRIT:
        expose_random(game, ship)


@continuation("pelimotto.repair")
def _peli_repair(game: Game, serial: str, ship_id: str) -> None:
    repair_damage(game, game.state.ships[ship_id], int(serial))


register("upgrade", "pelimotto",
         may_perform("perform an action of a damage card, even while stressed", "system_phase",
                     _damage_card_actions, requirement=is_me,
                     label="perform an action of one of its damage cards",
                     even_stressed=True),
         Triggered("roll 1 attack die: a hit repairs another faceup Ship damage card, a "
                   "critical hit exposes a damage card", window="after_repair",
                   requirement=_peli_applies, effect=_peli_roll),
         description="System Phase: may perform the action of one of its damage cards, even "
                     "while stressed. After repairing a faceup Ship damage card: may roll 1 "
                     "attack die; a hit repairs another faceup Ship damage card, a critical "
                     "hit exposes 1 damage card.")


# -------------------------------------------------------- Perceptive Copilot
register("upgrade", "perceptivecopilot",
         Triggered("gain 1 focus token", window="after_action", optional=False,
                   requirement=lambda ctx: is_me(ctx) and ctx.event.get("action") == "focus",
                   effect=lambda ctx, choice: gain_token(ctx.game, ctx.ship, Token.FOCUS)),
         description="After performing a focus action: gains 1 more focus token.")


# --------------------------------------------------- Petty Officer Thanisson
def _thanisson_applies(ctx: Ctx) -> bool:
    enemy = ctx.other(ctx.event["ship"])
    token = Token(ctx.event["token"])
    return (ctx.state.phase in ("activation", "engagement") and enemy.owner != ctx.ship.owner
            and enemy.in_play and token.colour in ("red", "orange") and not ctx.ship.stressed
            and is_in_arc(ctx.ship, enemy, Arc.FRONT)
            and ctx.state.in_range(ctx.ship, enemy, 0, 1))


register("upgrade", "pettyofficerthanisson",
         Triggered("gain 1 stress token: that ship gains 1 more token of that type",
                   window="after_gain_token", cost=Cost(gain=(("stress", 1),)),
                   requirement=_thanisson_applies,
                   effect=lambda ctx, choice: gain_token(
                       ctx.game, ctx.other(ctx.event["ship"]), Token(ctx.event["token"]),
                       applier=ctx.ship.owner)),
         description="Activation or Engagement Phase: after a red or orange token is given to an "
                     "enemy ship at range 0-1 inside its front arc, if this ship is unstressed: "
                     "may take 1 stress token so that enemy gains 1 more token of that same type.")
