"""Condition cards (RR: CONDITION CARDS), continued: conditions that change damage, dice,
maneuvers and actions, the scoring of Trials of the Darksaber, and It's the Resistance (a
ship held in reserve: RR: RESERVE, :mod:`tallon.engine.reserve`).

What sits on a condition card (a damage card, victory counters) is kept in the card
memory of the ship the condition is on, under a key naming the player whose instance it is
(a limited condition is one card per player: RR: LIMITED CONDITIONS); when the card moves,
what is on it moves with it."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tallon.cards.common import (
    attacking_if,
    facedown_damage,
    is_me,
    recalled,
    remember,
)
from tallon.cards.conditions import equipped
from tallon.cards.pilots.t65xwing import SpendResult
from tallon.cards.registry import register
from tallon.cards.upgrades.ordnance import expose_random, lose_shield
from tallon.dice import Face
from tallon.dice.abilities.base import ATTACKING
from tallon.dice.abilities.effects import CardAbility
from tallon.engine.abilities import CardAction, Ctx, DiceMod, Modifier, Replacement, Triggered
from tallon.engine.allegiance import friendly
from tallon.engine.conditions import assign_condition, remove_condition
from tallon.engine.damage import SufferDamage
from tallon.engine.decisions import Option
from tallon.engine.effects import (
    damage_titles,
    deal_damage_card,
    gain_token,
    remove_token,
    suffer_damage,
)
from tallon.engine.movement import ExecuteManeuver
from tallon.engine.payloads import device
from tallon.engine.placement import deploy
from tallon.engine.reserve import in_reserve, reserve_rule, usable_in_reserve
from tallon.engine.state import ActionSpec, ConditionCard, ShipState, Token
from tallon.engine.steps import Ask, Then, continuation
from tallon.geometry import Bearing, Maneuver, at_range

if TYPE_CHECKING:
    from tallon.engine.game import Game
    from tallon.engine.state import AttackState


def instance(ship: ShipState, card: str) -> ConditionCard | None:
    """The ship's instance of the condition ``card`` (the first, if two players each
    assigned one)."""
    return next((c for c in ship.conditions if c.card == card), None)


def _on_card(card: str, player: int) -> str:
    """The card memory key of what lies on ``player``'s instance of ``card``."""
    return f"{card}:on:{player}"


# ------------------------------------------------------ I'll Show You the Dark Side
DARK = "illshowyouthedarkside"


def _pilot_cards(deck: list[str]) -> list[str]:
    types = {c.id: c.type for c in _damage_cards()}
    return sorted({card for card in deck if types.get(card) == "pilot"})


def _damage_cards() -> list[Any]:
    from tallon.data import load_cards

    return [card for deck in load_cards().damage_decks for card in deck.cards]


def left_on_card(game: Game, player: int, card: str = DARK) -> ShipState | None:
    """The ship whose card memory holds the damage card lying on ``player``'s ``card`` (a
    Dark Side card: it stays on the card when the card is removed without being used)."""
    key = _on_card(card, player)
    return next((s for s in game.state.ships.values() if recalled(s, key) is not None), None)


def _dark_choices(ctx: Ctx) -> list[Option]:
    player = ctx.event["player"]
    if left_on_card(ctx.game, player) is not None:
        return [Option("keep", "the faceup damage card already on it stays")]
    titles = damage_titles()
    # RR: DAMAGE CARDS - a ship is dealt cards from its own player's deck (ruling)
    deck = ctx.state.player(ctx.ship.owner).deck
    return [Option(card, titles.get(card, card)) for card in _pilot_cards(deck)]


def _dark_assigned(ctx: Ctx, choice: Any) -> None:
    player = ctx.event["player"]
    key = _on_card(DARK, player)
    holder = left_on_card(ctx.game, player)
    if holder is not None:
        card = recalled(holder, key)
        remember(holder, key, None)
        remember(ctx.ship, key, card)
        return
    deck = ctx.state.player(ctx.ship.owner).deck
    deck.remove(choice)
    ctx.state.rng.shuffle(deck)
    remember(ctx.ship, key, choice)
    ctx.game.event("condition", f"player {player} places {damage_titles().get(choice, choice)} "
                   f"faceup on {DARK} ({ctx.ship.name}, {ctx.ship.id}) and shuffles the "
                   "damage deck", ship=ctx.ship.id, card=choice)


def _dark_card(ctx: Ctx) -> str | None:
    held = instance(ctx.ship, DARK)
    return None if held is None else recalled(ctx.ship, _on_card(DARK, held.assigned_by))


def replace_first_crit(ctx: Ctx, facts: dict[str, Any], then: str) -> None:
    """Suffer ``facts``' damage with its first critical damage replaced by the
    continuation ``then`` (called with the ship's id)."""
    ship, cause = ctx.ship.id, facts.get("cause", "")
    # RR: DAMAGE - regular damage first; the first critical damage is replaced (1e's
    # rulebook, Suffering Damage, orders it the same way)
    steps: list[Any] = []
    if facts["hits"]:
        steps.append(SufferDamage(ship, facts["hits"], 0, cause, replaceable=False))
    steps.append(Then(then, (ship,)))
    if facts["crits"] > 1:
        steps.append(SufferDamage(ship, 0, facts["crits"] - 1, cause, replaceable=False))
    ctx.game.push(*steps)


@continuation("darkside.deal")
def _dark_deal(game: Game, _: Any, ship_id: str) -> None:
    ship = game.state.ships[ship_id]
    held = instance(ship, DARK)
    if held is None:
        return
    key = _on_card(DARK, held.assigned_by)
    card = recalled(ship, key)
    remember(ship, key, None)
    remove_condition(game, ship, DARK)
    if card is not None and ship.in_play:
        deal_damage_card(game, ship, True, card=card)


register("condition", DARK,
         Triggered("the assigning player places a Pilot damage card faceup on this card",
                   window="condition_assigned", optional=False,
                   requirement=lambda ctx: is_me(ctx) and ctx.event["card"] == DARK,
                   player=lambda ctx: ctx.event["player"], choices=_dark_choices,
                   effect=_dark_assigned),
         Replacement("be dealt the faceup damage card on this card instead of 1 critical "
                     "damage", point="suffer_damage", optional=False,
                     applies=lambda ctx, facts: facts["ship"] == ctx.ship.id
                     and facts["crits"] > 0 and _dark_card(ctx) is not None,
                     replace=lambda ctx, facts, _: replace_first_crit(ctx, facts, "darkside.deal")),
         description="When assigned without a damage card on it, the assigning player puts "
                     "a Pilot damage card from the damage deck faceup on it (then shuffles). "
                     "Instead of suffering 1 critical damage, the ship is dealt that card; "
                     "then the condition is removed.")


# ---------------------------------------------------------------- Optimized Prototype
def _krennic_lock(game: Any, attack: AttackState, owner: ShipState) -> bool:
    defender = game.state.ships[attack.defender]
    return (attack.primary and attack.weapon.arc == "front"
            and any(friendly(s, owner) and equipped(s, "directorkrennic")
                    and defender.id in s.locks for s in game.state.in_play())
            # RR: PAYING COSTS - the result is spent only for an effect that can resolve
            and (defender.shields > 0 or bool(facedown_damage(defender))))


def _prototype_after(ctx: Ctx, option: Any) -> None:
    attack = ctx.attack
    assert attack is not None
    defender = ctx.other(attack.defender)
    options = []
    if defender.shields > 0:
        options.append(Option("shield", f"{defender.name} loses 1 shield"))
    if facedown_damage(defender):
        options.append(Option("expose", f"{defender.name} flips 1 facedown damage card"))
    ctx.game.now(Ask(ctx.ship.owner, "use_ability", f"{ctx.ship.name} ({ctx.ship.id}): "
                     "Optimized Prototype: choose one", tuple(options),
                     "optimizedprototype.chosen", (defender.id,), ship=ctx.ship.id))


@continuation("optimizedprototype.chosen")
def _prototype_chosen(game: Game, answer: str, defender_id: str) -> None:
    defender = game.state.ships[defender_id]
    if answer == "shield":
        lose_shield(game, defender, "Optimized Prototype")
    else:
        # facedown cards are unknown to all: the one flipped is picked at random (ruling)
        expose_random(game, defender)


register("condition", "optimizedprototype",
         DiceMod("spend 1 hit, critical hit or focus result: the defender loses a shield or "
                 "flips a facedown damage card",
                 dice=CardAbility("optimizedprototype", "Optimized Prototype (spend 1 result)",
                                  effect=SpendResult((Face.FOCUS, Face.HIT, Face.CRIT)),
                                  roles=ATTACKING),
                 applies=attacking_if(_krennic_lock), after=_prototype_after),
         description="Front-arc primary attack against a ship that a friendly ship equipped with "
                     "Director Krennic has locked: may spend a hit, critical hit or focus result; "
                     "this ship's player then picks whether the defender loses 1 shield or flips a "
                     "facedown damage card of its own.")


# ---------------------------------------------------------------- Primed for Speed
PRIMED = "primedforspeed"
PRIMED_SLAM = ActionSpec("slam", "white", None, PRIMED)


@continuation("primedforspeed.disarm")
def _primed_disarm(game: Game, _: Any, ship_id: str) -> None:
    remove_token(game, game.state.ships[ship_id], Token.DISARM)


def _primed(ctx: Ctx, choice: Any) -> None:
    # "suffer 1 damage to remove 1 disarm token": the damage first, then the token
    suffer_damage(ctx.game, ctx.ship, hits=1, cause="Primed for Speed")
    ctx.game.push(Then("primedforspeed.disarm", (ctx.ship.id,)))


register("condition", PRIMED,
         Modifier("a white SLAM action on the action bar", hook="added_actions",
                  value=lambda game, owner, **facts: (PRIMED_SLAM,)),
         Triggered("suffer 1 damage to remove 1 disarm token", window="after_action",
                   optional=False,
                   requirement=lambda ctx: is_me(ctx) and ctx.event["action"] == "slam"
                   and ctx.ship.has(Token.DISARM),
                   effect=_primed),
         description="Adds a white SLAM action to the action bar. After a SLAM action, the "
                     "ship must suffer 1 hit damage to remove 1 disarm token.")


# --------------------------------------------------------------------------- Rattled
def _devices_near(ctx: Ctx) -> bool:
    body = ctx.ship.body
    return body is not None and any(at_range(d.body, body, 0, 1) for d in ctx.state.devices)


def _rattled_by(ctx: Ctx) -> bool:
    found = device(ctx.game, ctx.event["device"])
    body = ctx.ship.body
    return found is not None and body is not None and at_range(found.body, body, 0, 1)


def _rattled(ctx: Ctx, choice: Any) -> None:
    suffer_damage(ctx.game, ctx.ship, crits=1, cause="Rattled")
    ctx.game.push(Then("rattled.remove", (ctx.ship.id,)))


@continuation("rattled.remove")
def _rattled_remove(game: Game, _: Any, ship_id: str) -> None:
    remove_condition(game, game.state.ships[ship_id], "rattled")


register("condition", "rattled",
         Triggered("a bomb or mine at range 0-1 detonated: suffer 1 critical damage, then "
                   "remove this card", window="after_detonate", optional=False,
                   requirement=_rattled_by, effect=_rattled),
         # "if there are no bombs or mines": the action can't be performed while there are
         CardAction("remove this card (no bombs or mines at range 0-1)",
                    requirement=lambda ctx: not _devices_near(ctx),
                    effect=lambda ctx, choice: remove_condition(ctx.game, ctx.ship,
                                                                "rattled")),
         description="After a bomb or mine detonates within range 0-1: suffer 1 critical damage "
                     "and remove the condition. Action: if no bomb or mine is at range 0-1, remove "
                     "the condition.")


# -------------------------------------------------------------- Sickening Maneuver
SICK = "sickeningmaneuver"
SICK_AS = f"{SICK}:as"
_BANKS_AND_TURNS = (Bearing.BANK_LEFT, Bearing.BANK_RIGHT, Bearing.TURN_LEFT,
                    Bearing.TURN_RIGHT)


def _sick_revealed(ctx: Ctx) -> bool:
    bearing = Maneuver.parse(ctx.event["maneuver"]).bearing
    return is_me(ctx) and (bearing in _BANKS_AND_TURNS or bearing is Bearing.STRAIGHT)


def _sick_reveal(ctx: Ctx, choice: Any) -> None:
    code = ctx.event["maneuver"]
    if Maneuver.parse(code).bearing is not Bearing.STRAIGHT:
        remember(ctx.ship, SICK_AS, ["sideslip", code])
        gain_token(ctx.game, ctx.ship, Token.STRAIN)
    else:
        remember(ctx.ship, SICK_AS, ["koiogran", code])


def _same_maneuver(a: str, b: str) -> bool:
    x, y = Maneuver.parse(a), Maneuver.parse(b)
    return x.speed == y.speed and x.bearing is y.bearing


def _sick_applies(ctx: Ctx, facts: dict[str, Any]) -> bool:
    plan = recalled(ctx.ship, SICK_AS)
    return (facts["ship"] == ctx.ship.id and plan is not None and not facts["ion"]
            and not facts["slam"] and _same_maneuver(facts["maneuver"], plan[1]))


def _sick_replace(ctx: Ctx, facts: dict[str, Any], choice: Any) -> None:
    how, _ = recalled(ctx.ship, SICK_AS)
    remember(ctx.ship, SICK_AS, None)
    code = facts["maneuver"]
    if how == "sideslip":
        ctx.game.push(ExecuteManeuver(ctx.ship.id, code, replaceable=False, sideslip=True))
    else:
        speed = Maneuver.parse(code).speed
        ctx.game.push(ExecuteManeuver(ctx.ship.id, f"{speed}KR", replaceable=False))


def _sick_executed(ctx: Ctx, choice: Any) -> None:
    remember(ctx.ship, SICK_AS, None)
    remove_condition(ctx.game, ctx.ship, SICK)


register("condition", SICK,
         Modifier("may execute red maneuvers while stressed", hook="may_execute_red_stressed",
                  value=lambda game, owner, ship=None, **facts: ship is not None
                  and ship.id == owner.id),
         Triggered("a bank or turn: gain 1 strain token and execute it as a sideslip; a "
                   "straight: execute it as a red Koiogran turn", window="after_reveal",
                   optional=False, requirement=_sick_revealed, effect=_sick_reveal),
         Replacement("execute the revealed maneuver as Sickening Maneuver says",
                     point="execute_maneuver", optional=False, applies=_sick_applies,
                     replace=_sick_replace),
         Triggered("remove this condition", window="after_execute", optional=False,
                   requirement=is_me, effect=_sick_executed),
         description="The ship may execute red maneuvers while stressed. A revealed bank or "
                     "turn: gain 1 strain token and execute it as a sideslip; a revealed "
                     "straight is executed as a red Koiogran turn of its speed. Removed after "
                     "the ship executes a maneuver.")


# ------------------------------------------------------------ Trials of the Darksaber
TRIALS = "trialsofthedarksaber"


def _victory(ship: ShipState, player: int) -> int:
    return int(recalled(ship, _on_card(TRIALS, player), 0))


def _trials_applies(game: Any, attack: AttackState, owner: ShipState) -> bool:
    defender = game.state.ships[attack.defender]
    mine, theirs = (game.state.player(p).mission_points for p in (owner.owner,
                                                                   defender.owner))
    return attack.range <= 2 and theirs > mine


def _trials_take(ctx: Ctx, option: Any) -> None:
    attack = ctx.attack
    assert attack is not None
    held = instance(ctx.ship, TRIALS)
    assert held is not None
    loser = ctx.state.player(ctx.other(attack.defender).owner)
    loser.mission_points -= 1
    key = _on_card(TRIALS, held.assigned_by)
    remember(ctx.ship, key, _victory(ctx.ship, held.assigned_by) + 1)
    ctx.game.event("condition", f"player {loser.number} loses 1 scored victory point; it is "
                   f"placed on {TRIALS} ({ctx.ship.name}, {ctx.ship.id})", ship=ctx.ship.id)


def _trials_lost(ctx: Ctx) -> bool:
    attack = ctx.attack
    if ctx.event.get("defender") != ctx.ship.id or attack is None:
        return False
    attacker = ctx.other(ctx.event["attacker"])
    return (ctx.ship.id in attack.destroyed and attack.range <= 2 and not attacker.remote
            and attacker.owner != ctx.ship.owner and attacker.in_play)


def _trials_pass(ctx: Ctx, choice: Any) -> None:
    held = instance(ctx.ship, TRIALS)
    assert held is not None
    key = _on_card(TRIALS, held.assigned_by)
    counters = _victory(ctx.ship, held.assigned_by)
    remember(ctx.ship, key, None)
    remove_condition(ctx.game, ctx.ship, TRIALS)
    attacker = ctx.other(ctx.event["attacker"])
    # the card moves to the attacker with its victory counters
    remember(attacker, key, counters or None)
    assign_condition(ctx.game, attacker, TRIALS, held.assigned_by)


def _trials_points(game: Any, owner: ShipState, player: int | None = None,
                   **facts: Any) -> int:
    if owner.owner != player:
        return 0
    return sum(_victory(owner, c.assigned_by) for c in owner.conditions if c.card == TRIALS)


register("condition", TRIALS,
         DiceMod("spend 1 critical hit result: take 1 scored victory point from the "
                 "defender's player",
                 dice=CardAbility(TRIALS, "Trials of the Darksaber (spend 1 critical hit)",
                                  effect=SpendResult((Face.CRIT,)), roles=ATTACKING),
                 applies=attacking_if(_trials_applies), after=_trials_take),
         Triggered("destroyed by an enemy ship at attack range 0-2: the condition goes to "
                   "the attacker", window="after_defend", optional=False,
                   requirement=_trials_lost, effect=_trials_pass),
         Modifier("score the victory points on this card at the end of the game",
                  hook="end_game_points", value=_trials_points),
         description="Attacking at attack range 0-2: may spend 1 critical hit result; if the "
                     "defender's player has scored more points than this ship's player, they lose "
                     "1 scored point, which is placed on this card. After defending, if an enemy "
                     "ship destroyed it at attack range 0-2: the condition passes to the attacker, "
                     "keeping its points. At game end, this ship scores every point on the card.")


# ------------------------------------------------------------ It's the Resistance
RESISTANCE = "itstheresistance"
#: Within range 1 of an edge of the play area, beyond range 3 of every enemy ship.
RESISTANCE_PLACE = ("edge", "far")
GA97 = "ga97"


def _resistance_reserve(game: Game, owner: ShipState, ship: ShipState | None = None,
                        **facts: Any) -> tuple[str, ...] | None:
    return RESISTANCE_PLACE if ship is not None and ship.id == owner.id else None


def _waiting(ctx: Ctx) -> bool:
    return in_reserve(ctx.game, ctx.ship) and reserve_rule(ctx.ship) == RESISTANCE_PLACE


def _ga97_ready(ctx: Ctx) -> bool:
    """Every charge of the friendly GA-97 is active; ruling: with no friendly GA-97 left
    in the game (its ship fled), nothing holds the ship back any more."""
    holders = [s for s in ctx.state.ships_of(ctx.ship.owner)
               if not s.removed and equipped(s, GA97)]
    return all(s.charges[GA97].active >= s.charges[GA97].limit for s in holders)


def _ga97_destroyed(ctx: Ctx) -> bool:
    lost = ctx.state.ships[ctx.event["ship"]]
    return friendly(lost, ctx.ship) and lost.id != ctx.ship.id and equipped(lost, GA97)


@continuation("itstheresistance.deployed")
def _resistance_deployed(game: Game, _: Any, ship_id: str, disarm: bool) -> None:
    ship = game.state.ships[ship_id]
    if disarm:
        gain_token(game, ship, Token.DISARM)
    remove_condition(game, ship, RESISTANCE)


usable_in_reserve(register(
    "condition", RESISTANCE,
    # RR: SETUP ("Setup:" abilities), RR: RESERVE
    Modifier("setup: start in reserve", hook="starts_in_reserve", value=_resistance_reserve),
    Triggered("all of the friendly GA-97's charges are active: deploy, then remove this card",
              window="start_round", optional=False,
              requirement=lambda ctx: _waiting(ctx) and _ga97_ready(ctx),
              effect=lambda ctx, choice: deploy(ctx.game, ctx.ship,
                                                "itstheresistance.deployed",
                                                (ctx.ship.id, False))),
    Triggered("the friendly GA-97 was destroyed: deploy, gain 1 disarm token, then remove "
              "this card", window="after_destroyed", optional=False,
              requirement=lambda ctx: _waiting(ctx) and _ga97_destroyed(ctx),
              effect=lambda ctx, choice: deploy(ctx.game, ctx.ship,
                                                "itstheresistance.deployed",
                                                (ctx.ship.id, True))),
    description="Setup: the ship starts in reserve. It deploys within range 1 of any edge "
                "and beyond range 3 of every enemy ship: at the start of a round once all of "
                "the friendly GA-97's charges are active (then the card is removed), or at "
                "once after the friendly GA-97 is destroyed (then it gains 1 disarm token and "
                "the card is removed)."))
