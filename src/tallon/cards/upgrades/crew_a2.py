"""Crew upgrades, continued from :mod:`tallon.cards.upgrades.crew_a`: 4-LOM, Baze Malbus,
the C-3PO cards, Chancellor Palpatine, "Chopper" and Ciena Ree.

Not implemented (listed in the report): Cassian Andor (looking at an enemy's facedown dial,
which the engine's hidden information does not model)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tallon.cards.common import (
    dice,
    event_ship,
    is_me,
    range_of,
    recalled,
    remember,
    ships_in_range,
)
from tallon.cards.registry import register
from tallon.cards.upgrades.crew_a import token_kind
from tallon.cards.upgrades.ordnance import expose_random
from tallon.dice import Face
from tallon.engine.abilities import Cost, Ctx, DiceMod, Modifier, Triggered
from tallon.engine.actions import bar_actions
from tallon.engine.allegiance import friendly
from tallon.engine.decisions import Option
from tallon.engine.effects import flip_upgrade, gain_token, suffer_damage
from tallon.engine.state import ShipState, Token
from tallon.engine.steps import Ask, continuation
from tallon.geometry import rotate_ship

if TYPE_CHECKING:
    from tallon.engine.game import Game
    from tallon.engine.state import AttackState


def attack_key(game: Game, attack: AttackState) -> tuple[Any, ...]:
    """What tells this attack from the ship's other attacks (plain data for card memory)."""
    return (game.state.round, attack.attacker, attack.defender, attack.weapon.id, attack.bonus)


def _after_my_action(*kinds: str) -> Any:
    return lambda ctx: is_me(ctx) and ctx.event["action"] in kinds


def _gain_calculate(ctx: Ctx, choice: Any) -> None:
    gain_token(ctx.game, ctx.ship, Token.CALCULATE)


# ----------------------------------------------------------------------- 4-LOM
LOM_NAMED = "4lom:named"
GREEN_KINDS = ("focus", "evade", "calculate", "reinforce")


def _lom_name(ctx: Ctx, choice: Any) -> None:
    attack = ctx.attack
    assert attack is not None
    remember(ctx.ship, LOM_NAMED, (*attack_key(ctx.game, attack), str(choice)))
    gain_token(ctx.game, ctx.ship, Token.ION, 2)


def _lom_forbids(game: Game, owner: ShipState, ship: ShipState | None = None,
                 token: Token | None = None, **facts: Any) -> bool:
    attack = game.state.attack
    if attack is None or ship is None or token is None or attack.attacker != owner.id \
            or attack.defender != ship.id:
        return False
    named = recalled(owner, LOM_NAMED)
    return named is not None and tuple(named[:-1]) == attack_key(game, attack) \
        and named[-1] == token_kind(token)


register("upgrade", "4lom",
         Triggered("name a green token type: gain 2 ion tokens; the defender can't spend "
                   "tokens of that type during this attack", window="after_dice_rolled",
                   requirement=lambda ctx: is_me(ctx, "attacker")
                   and ctx.event["kind"] == "attack",
                   choices=lambda ctx: [Option(k, f"name {k} tokens") for k in GREEN_KINDS],
                   effect=_lom_name),
         Modifier("the defender can't spend tokens of the named type",
                  hook="token_spend_forbidden", value=_lom_forbids),
         description="Attacking, after rolling the attack dice: may name a green token type "
                     "and gain 2 ion tokens; the defender then can't spend tokens of that "
                     "type during the attack.")


# ---------------------------------------------------------------- Baze Malbus
BAZE = "bazemalbus:round"


def _baze_focusing(ctx: Ctx) -> bool:
    # the focus token of its own focus action, while that action resolves (RR: ACTIONS)
    ship = ctx.ship
    return (is_me(ctx) and ctx.event["token"] == "focus" and "focus" in ship.actions_done
            and ship.action_colour in ("white", "red")
            and recalled(ship, BAZE) != ctx.state.round)


def _baze(ctx: Ctx, choice: Any) -> None:
    ship = ctx.ship
    remember(ship, BAZE, ctx.state.round)
    ship.action_colour = "red"  # FinishAction gives the stress token of a red action
    extra = min(2, len(ships_in_range(ctx.game, ship, 0, 1, friendly=False)))
    if extra:
        gain_token(ctx.game, ship, Token.FOCUS, extra)


register("upgrade", "bazemalbus",
         Triggered("treat the focus action as red: 1 more focus token per enemy ship at "
                   "range 0-1 (up to 2)", window="after_gain_token",
                   requirement=_baze_focusing, effect=_baze),
         description="Focus action: may treat it as red; if so, the ship gains an extra focus "
                     "token per enemy ship within range 0-1 (2 at most).")


# ---------------------------------------------------------------------- C-3PO
C3PO_GUESS = "c3po:guess"


def c3po_guess(ctx: Ctx, choice: Any, key: str = C3PO_GUESS) -> None:
    """Note the number of evade results guessed for this attack (card memory ``key``)."""
    attack = ctx.attack
    assert attack is not None
    remember(ctx.ship, key, (*attack_key(ctx.game, attack), int(choice)))
    ctx.game.event("ability", f"{ctx.ship.name} ({ctx.ship.id}) guesses {choice} evade "
                   "result(s)", ship=ctx.ship.id)


def c3po_right(ctx: Ctx, key: str = C3PO_GUESS) -> bool:
    """The defender rolled as many evade results as it guessed (card memory ``key``)."""
    attack = ctx.attack
    guess = recalled(ctx.ship, key)
    if attack is None or guess is None or attack.defense_dice is None:
        return False
    return (is_me(ctx, "defender") and ctx.event["kind"] == "defense"
            and tuple(guess[:-1]) == attack_key(ctx.game, attack)
            and attack.defense_dice.count(Face.EVADE) == guess[-1])


def c3po_add(ctx: Ctx, choice: Any, key: str = C3PO_GUESS) -> None:
    """Guessed right: add 1 evade result and forget the guess (card memory ``key``)."""
    attack = ctx.attack
    assert attack is not None and attack.defense_dice is not None
    attack.defense_dice.add(Face.EVADE)
    remember(ctx.ship, key, None)
    ctx.game.event("ability", f"{ctx.ship.name} ({ctx.ship.id}) guessed right: 1 evade "
                   "result is added", ship=ctx.ship.id)


register("upgrade", "c3po",
         Triggered("spend 1 calculate token to guess the number of evade results",
                   window="before_defense_dice", cost=Cost(tokens=(("calculate", 1),)),
                   requirement=lambda ctx: is_me(ctx, "defender"),
                   choices=lambda ctx: [Option(str(n), f"guess {n}") for n in range(1, 7)],
                   effect=c3po_guess),
         # RR: FAQ - after the dice are rolled, before the Modify Dice step
         Triggered("the guess was right: add 1 evade result", window="after_dice_rolled",
                   optional=False, requirement=c3po_right, effect=c3po_add),
         Triggered("gain 1 calculate token", window="after_action", optional=False,
                   requirement=_after_my_action("calculate"), effect=_gain_calculate),
         description="Before rolling defense dice: may spend 1 calculate token to guess a "
                     "number of evade results (1 or more); rolling exactly that many adds 1 "
                     "evade result. After a calculate action: gains 1 calculate token. Adds "
                     "a calculate action.")


def _c3po_reaches(game: Game, owner: ShipState, ship: ShipState | None = None,
                  **facts: Any) -> bool:
    return ship is not None and any(spec.kind == "calculate"
                                    for spec in bar_actions(game, ship))


register("upgrade", "c3po-crew",
         Modifier("coordinate friendly ships with calculate on their bar beyond range 2",
                  hook="coordinate_beyond_range", value=_c3po_reaches),
         Triggered("gain 1 calculate token", window="after_action", optional=False,
                   requirement=_after_my_action("calculate", "coordinate"),
                   effect=_gain_calculate),
         description="Its coordinate may choose friendly ships beyond range 2 that have the "
                     "calculate action on their bar. After a calculate or coordinate action: "
                     "gains 1 calculate token. Adds a calculate and a red coordinate action.")

C3PO_REPUBLIC = dice("c3po-republic")

register("upgrade", "c3po-republic",
         DiceMod("calculating: reroll 1 defense die", dice=C3PO_REPUBLIC,
                 applies=lambda game, attack, owner, user: user.id == owner.id
                 and attack.defender == owner.id and owner.has(Token.CALCULATE)),
         Triggered("gain 1 calculate token", window="after_action", optional=False,
                   requirement=_after_my_action("calculate"), effect=_gain_calculate),
         description="Defending with a calculate token: may reroll 1 defense die. After a "
                     "calculate action: gains 1 calculate token. Adds a calculate action.")


# -------------------------------------------------------- Chancellor Palpatine
PALPATINE = "chancellorpalpatine"
COORDINATED = f"{PALPATINE}:coordinated"


def _palpatine_attacker_near(ctx: Ctx) -> bool:
    attacker = event_ship(ctx, "attacker")
    near = range_of(ctx.ship, attacker)
    return is_me(ctx, "defender") and attacker.in_play and near is not None and near <= 2


def _sidious(ctx: Ctx, choice: Any) -> None:
    target = ctx.other(recalled(ctx.ship, COORDINATED))
    remember(ctx.ship, COORDINATED, None)
    gain_token(ctx.game, target, Token.STRESS, applier=ctx.ship.owner)
    options = [Option("focus", f"{target.name} gains 1 focus token")]
    if target.force < target.force_limit:
        options.append(Option("force", f"{target.name} recovers 1 Force"))
    ctx.game.push(Ask(target.owner, "use_ability", f"{target.name} ({target.id}): Darth "
                      "Sidious - gain a focus token or recover 1 Force?", tuple(options),
                      "chancellorpalpatine.then", (target.id,), ship=target.id))


@continuation("chancellorpalpatine.then")
def _sidious_then(game: Game, answer: str, target_id: str) -> None:
    target = game.state.ships[target_id]
    if answer == "force":
        target.force = min(target.force_limit, target.force + 1)
        game.event("ability", f"{target.name} ({target.id}) recovers 1 Force", ship=target.id)
    else:
        gain_token(game, target, Token.FOCUS)


register("upgrade", PALPATINE,
         Triggered("spend 1 Force: the attacker gains 1 stress token", window="after_defend",
                   cost=Cost(force=1), requirement=_palpatine_attacker_near,
                   effect=lambda ctx, choice: gain_token(
                       ctx.game, event_ship(ctx, "attacker"), Token.STRESS,
                       applier=ctx.ship.owner)),
         Triggered("flip this card", window="end_phase",
                   requirement=lambda ctx: ctx.ship.in_play,
                   effect=lambda ctx, choice: flip_upgrade(ctx.game, ctx.ship, PALPATINE, 1)),
         back=(Triggered("remember the ship coordinated", window="after_coordinate",
                         optional=False, requirement=is_me,
                         effect=lambda ctx, choice: remember(ctx.ship, COORDINATED,
                                                             ctx.event["target"])),
               Triggered("the ship coordinated gains 1 stress token, then 1 focus token or "
                         "1 Force", window="after_action", optional=False,
                         requirement=lambda ctx: _after_my_action("coordinate")(ctx)
                         and ctx.event["difficulty"] == "purple"
                         and recalled(ctx.ship, COORDINATED) is not None
                         and ctx.other(recalled(ctx.ship, COORDINATED)).in_play,
                         effect=_sidious)),
         description="Starts faceup as Chancellor Palpatine: after defending against an "
                     "attacker at range 0-2 it may spend 1 Force to give the attacker 1 stress "
                     "token; during the End Phase it may flip. Darth Sidious side: after a "
                     "purple coordinate action the ship coordinated gains 1 stress token, "
                     "then 1 focus token or 1 Force. Both add 1 Force and a purple "
                     "coordinate action.")


# ----------------------------------------------------------------- "Chopper"
def _chopper_stressed_act(game: Game, owner: ShipState, ship: ShipState | None = None,
                          **facts: Any) -> bool:
    return ship is not None and ship.id == owner.id


def _chopper_choices(ctx: Ctx) -> list[Option]:
    options = [Option("suffer", "suffer 1 hit damage")]
    if any(not card.faceup for card in ctx.ship.damage):
        options.insert(0, Option("expose", "expose 1 facedown damage card (at random)"))
    return options


def _chopper_toll(ctx: Ctx, choice: Any) -> None:
    if choice == "expose":
        expose_random(ctx.game, ctx.ship)
    else:
        suffer_damage(ctx.game, ctx.ship, hits=1, cause='"Chopper"')


register("upgrade", "chopper-crew",
         Modifier("one action in the Perform Action step even while stressed",
                  hook="action_step_stressed", value=_chopper_stressed_act),
         Triggered("acted while stressed: suffer 1 hit damage or expose 1 damage card",
                   window="after_action", optional=False,
                   requirement=lambda ctx: is_me(ctx) and bool(ctx.event.get("stressed")),
                   choices=_chopper_choices, effect=_chopper_toll),
         description="In its Perform Action step it may perform its action even while "
                     "stressed. After performing an action while stressed it suffers 1 hit "
                     "damage unless it exposes 1 of its facedown damage cards.")


# ----------------------------------------------------------------- Ciena Ree
CIENA = "cienaree:moved"


def _ciena_watch(ctx: Ctx) -> bool:
    # the coordinated ship repositions while this ship's coordinate action resolves
    ship = ctx.ship
    return (ctx.event["ship"] != ship.id and friendly(event_ship(ctx), ship)
            and ctx.event["action"] in ("barrel_roll", "boost") and not ctx.event["linked"]
            and ship.action_colour is not None and "coordinate" in ship.actions_done)


def _rotations(game: Game, ship_id: str) -> dict[str, Any]:
    table = game.state.table()
    found = {name: rotate_ship(table, ship_id, deg)
             for name, deg in (("left", -90.0), ("right", 90.0))}
    return {name: r for name, r in found.items() if r.possible}


def _ciena_target(ctx: Ctx) -> ShipState | None:
    moved = recalled(ctx.ship, CIENA)
    if moved is None or moved[0] != ctx.state.round:
        return None
    target = ctx.other(moved[1])
    return target if target.in_play else None


def _ciena_offer(ctx: Ctx, choice: Any) -> None:
    target = _ciena_target(ctx)
    remember(ctx.ship, CIENA, None)
    if target is None:
        return
    options = [Option(k, f"gain 1 stress token to rotate 90 degrees {k}")
               for k in _rotations(ctx.game, target.id)]
    if options:
        ctx.game.push(Ask(target.owner, "use_ability", f"{target.name} ({target.id}): Ciena "
                          "Ree - gain 1 stress token to rotate 90 degrees?",
                          (*options, Option("decline", "don't rotate")), "cienaree.rotate",
                          (target.id,), ship=target.id))


@continuation("cienaree.rotate")
def _ciena_rotate(game: Game, answer: str, target_id: str) -> None:
    if answer == "decline":
        return
    target = game.state.ships[target_id]
    rotation = _rotations(game, target_id).get(answer)
    if rotation is None:
        return
    gain_token(game, target, Token.STRESS)
    # RR: ROTATE A SHIP - not a move
    game.state.set_pose(target, rotation.final)
    game.event("move", f"{target.name} ({target.id}) rotates 90 degrees {answer}",
               ship=target.id)


register("upgrade", "cienaree",
         Triggered("remember the coordinated ship's reposition", window="after_action",
                   optional=False, requirement=_ciena_watch,
                   effect=lambda ctx, choice: remember(ctx.ship, CIENA,
                                                       (ctx.state.round, ctx.event["ship"]))),
         Triggered("the coordinated ship may gain 1 stress token to rotate 90 degrees",
                   window="after_action", optional=False,
                   requirement=lambda ctx: _after_my_action("coordinate")(ctx)
                   and _ciena_target(ctx) is not None,
                   effect=_ciena_offer),
         description="After a coordinate action, if the ship it coordinated performed a "
                     "barrel roll or boost: that ship may gain 1 stress token to rotate 90 "
                     "degrees.")
