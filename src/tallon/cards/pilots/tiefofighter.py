"""TIE/fo Fighter pilots (First Order). The ship has no ship ability; Omega Squadron Ace,
Zeta Squadron Pilot and Epsilon Squadron Cadet have no pilot ability."""

from __future__ import annotations

from itertools import combinations
from typing import TYPE_CHECKING, Any

from tallon.cards.acting import grant_action, granted
from tallon.cards.common import (
    attacking,
    damaged,
    defending,
    dice,
    is_me,
    one_more_attack_die,
    range_of,
    remember,
    ship_options,
    ships_in_range,
    this_round,
)
from tallon.cards.registry import register
from tallon.data import load_cards
from tallon.dice import Face
from tallon.dice.abilities.base import ATTACKING
from tallon.dice.abilities.effects import CardAbility, ChangeResults
from tallon.engine.abilities import Cost, Ctx, DiceMod, Modifier, Triggered
from tallon.engine.actions import bar_actions as action_bar
from tallon.engine.allegiance import friendly
from tallon.engine.conditions import assign_condition
from tallon.engine.decisions import Option
from tallon.engine.effects import acquire_lock, can_lock, remove_token, suffer_damage
from tallon.engine.state import AttackState, ShipState, Token

if TYPE_CHECKING:
    from tallon.engine.game import Game

# ------------------------------------------------------------------------- "Midnight"
def _midnight_locks(game: Any, owner: ShipState, attack: AttackState | None = None,
                    kind: str = "", **facts: Any) -> bool:
    # RR: LOCK - "that ship's dice": the enemy's own dice, whoever would modify them
    if attacking(attack, owner):
        return kind == "defense" and attack.defender in owner.locks
    if defending(attack, owner):
        return kind == "attack" and attack.attacker in owner.locks
    return False


register("pilot", "midnight",
         Modifier("the locked enemy ship's dice can't be modified", hook="dice_unmodifiable",
                  value=_midnight_locks),
         description="Defending or attacking while holding a lock on the enemy ship: the enemy "
                     "ship's dice cannot be modified.")


# ---------------------------------------------------------------- Commander Malarus
MALARUS = "commandermalarus"
MALARUS_ROUND = f"{MALARUS}:focus round"


def _malarus(ctx: Ctx, choice: Any) -> None:
    remember(ctx.ship, MALARUS_ROUND, ctx.state.round)
    ctx.game.event("ability", f"{ctx.ship.name} ({ctx.ship.id}) may change focus results "
                   "until the end of the round", ship=ctx.ship.id)


def _malarus_applies(game: Any, attack: AttackState, owner: ShipState, user: ShipState
                     ) -> bool:
    return (user.id == owner.id and owner.id in (attack.attacker, attack.defender)
            and this_round(game, owner, MALARUS_ROUND))


register("pilot", MALARUS,
         Triggered("spend 1 charge and gain 1 stress token: change focus results this round",
                   window="start_engagement", cost=Cost(charges=1, gain=(("stress", 1),)),
                   effect=_malarus),
         DiceMod("change all focus results", applies=_malarus_applies,
                 dice=dice(f"{MALARUS}-pilot")),
         description="At the start of the Engagement Phase: may spend 1 charge and gain 1 "
                     "stress token; then, until the end of the round, attacking or "
                     "defending, may change all focus results to hits or evades.")


# --------------------------------------------------------- "Scorch" and DT-798
def _more_dice(token: Token) -> Any:
    """"While you perform a primary attack, if you lack this token, you may gain 1 to roll 1
    additional attack die"."""

    def requirement(ctx: Ctx) -> bool:
        attack = ctx.attack
        # RR: ATTACK - no die can be added to a primary attack at range 0
        return (is_me(ctx, "attacker") and attack is not None and attack.primary
                and attack.range != 0 and not ctx.ship.has(token))

    return Triggered(f"gain 1 {token.value} token: roll 1 more attack die",
                     window="before_attack_dice", requirement=requirement,
                     cost=Cost(gain=((token.value, 1),)), effect=one_more_attack_die)


register("pilot", "scorch", _more_dice(Token.STRESS),
         description="Primary attack, while not stressed: may gain 1 stress token to roll 1 "
                     "more attack die.")
register("pilot", "dt798", _more_dice(Token.STRAIN),
         description="Primary attack, while not strained: may gain 1 strain token to roll 1 "
                     "more attack die.")


# --------------------------------------------------------------------------- "Static"
register("pilot", "static",
         DiceMod("spend your lock and a focus token: all results to critical hits",
                 dice=dice("static"),
                 applies=lambda game, attack, owner, user: user.id == owner.id
                 and attack.attacker == owner.id and attack.primary),
         description="While performing a primary attack: may spend a focus token and its own lock "
                     "on the defender to turn every result into a critical hit.")


# ------------------------------------------------------------------------- "Longshot"
register("pilot", "longshot",
         Modifier("1 more attack die at attack range 3", hook="attack_dice",
                  value=lambda game, owner, attack=None, **facts:
                  1 if attacking(attack, owner) and attack.primary and attack.range == 3
                  else 0),
         description="Primary attack at attack range 3: 1 more attack die.")


# ----------------------------------------------------------------------------- "Muse"
def _stressed_friends(ctx: Ctx) -> list[ShipState]:
    # RR: FRIENDLY - a ship is friendly to itself
    return [s for s in ships_in_range(ctx.game, ctx.ship, 0, 1, friendly=True)
            if s.stressed]


register("pilot", "muse",
         Triggered("a friendly ship at range 0-1 removes 1 stress token",
                   window="start_engagement",
                   choices=lambda ctx: ship_options(_stressed_friends(ctx)),
                   effect=lambda ctx, choice: remove_token(ctx.game, ctx.other(choice),
                                                           Token.STRESS)),
         description="At the start of the Engagement Phase: may pick a friendly ship within range "
                     "0-1 (her too) to remove 1 of its stress tokens.")


# -------------------------------------------------------------------------- TN-3465
def _tn_applies(game: Any, attack: AttackState, owner: ShipState, user: ShipState) -> bool:
    defender = game.state.ships[attack.defender]
    near = range_of(owner, defender)
    return (user.id == attack.attacker and user.id != owner.id and friendly(user, owner)
            and near is not None and near <= 1)


def _tn_suffers(ctx: Ctx, option: Any) -> None:
    suffer_damage(ctx.game, ctx.ship, crits=1, cause="TN-3465")


register("pilot", "tn3465",
         DiceMod("suffer 1 critical damage: change 1 result to a critical hit",
                 dice=CardAbility("tn3465", "TN-3465 (1 result to a critical hit)",
                                  effect=ChangeResults(1, (Face.BLANK, Face.FOCUS, Face.HIT),
                                                       (Face.CRIT,)),
                                  roles=ATTACKING),
                 applies=_tn_applies, for_others=True, after=_tn_suffers),
         description="Another friendly ship attacks a defender at range 0-1 of her: she may "
                     "suffer 1 critical damage to change 1 of its results to a critical hit.")


# ----------------------------------------------------------------- Lieutenant Rivas
def _rivas_wants(ctx: Ctx) -> bool:
    ship = ctx.other(ctx.event["ship"])
    near = range_of(ctx.ship, ship)
    # RR: TOKEN COLORS AND SHAPES
    return (Token(ctx.event["token"]).colour in ("red", "orange") and near is not None
            and 1 <= near <= 2 and ship.id not in ctx.ship.locks
            and can_lock(ctx.game, ctx.ship, ship.id) is None)


register("pilot", "lieutenantrivas",
         Triggered("acquire a lock on that ship", window="after_gain_token",
                   requirement=_rivas_wants,
                   effect=lambda ctx, choice: acquire_lock(ctx.game, ctx.ship,
                                                           ctx.event["ship"])),
         description="After a red or orange token is gained by a ship within range 1-2 that he has "
                     "not locked: may acquire a lock on it.")


# ----------------------------------------------------------------------------- "Null"
NULL_SEVEN = 7


def _null_initiative(ship: ShipState) -> int:
    return load_cards().pilot(ship.pilot).initiative if damaged(ship) else NULL_SEVEN


def _null_set(ctx: Ctx, choice: Any) -> None:
    ctx.ship.initiative = _null_initiative(ctx.ship)
    ctx.game.event("ability", f"{ctx.ship.name} ({ctx.ship.id}) treats its initiative as "
                   f"{ctx.ship.initiative}", ship=ctx.ship.id)


def _null(window: str, own: bool) -> Triggered:
    # the value follows the damaged state: set at the start, after a card is dealt or
    # repaired, and checked again at each round's start
    return Triggered("treat the initiative as 7 while not damaged", window=window,
                     optional=False, effect=_null_set,
                     requirement=lambda ctx: (not own or is_me(ctx))
                     and ctx.ship.initiative != _null_initiative(ctx.ship))


register("pilot", "null", _null("gather_forces", False), _null("start_round", False),
         _null("damage_card_dealt", True), _null("after_repair", True),
         description="While not damaged, his initiative is 7.")


# ---------------------------------------------------------------- Lieutenant Galek
GALEK = "lieutenantgalek"


def _galek_wants(ctx: Ctx) -> bool:
    lost = ctx.other(ctx.event["ship"])
    near = range_of(ctx.ship, lost)
    return (lost.id != ctx.ship.id and friendly(lost, ctx.ship) and not lost.remote
            and near is not None and near <= 2)


def _galek_bar(game: Game, owner: ShipState, ship: ShipState | None = None,
               **facts: Any) -> tuple[str, ...]:
    # RR: COORDINATE - only actions also on his own action bar (cards' additions included)
    return tuple(dict.fromkeys(spec.kind for spec in action_bar(game, owner)))


register("pilot", GALEK,
         grant_action("perform a coordinate action, even while stressed", "after_destroyed",
                      lambda ctx: [granted("coordinate", "white", GALEK)],
                      requirement=_galek_wants, even_stressed=True),
         Modifier("a coordinated ship performs only actions on his bar",
                  hook="coordinate_actions", value=_galek_bar),
         description="After any other friendly ship within range 0-2 is destroyed: may perform a "
                     "coordinate action even while stressed. Whenever he coordinates, the chosen "
                     "ship may only perform actions that his action bar also has.")


# ------------------------------------------------------------------------ Lin Gaava
PRIMED = "primedforspeed"
PRIMED_SHIPS = ("tiefofighter", "tiesffighter")


def _unmodified(ship: ShipState) -> bool:
    db = load_cards()
    return not any(kind == "upgrade" and db.upgrade(xws).slot == "modification"
                   for kind, xws, _ in ship.cards)


def _lin_others(ctx: Ctx) -> list[ShipState]:
    return [s for s in ctx.state.in_play() if friendly(s, ctx.ship)
            and s.id != ctx.ship.id and s.ship_type in PRIMED_SHIPS and _unmodified(s)]


def _lin_choices(ctx: Ctx) -> list[Option]:
    others = _lin_others(ctx)
    options = [Option("alone", "herself only")]
    for n in (1, 2):
        for chosen in combinations(others, n):
            options.append(Option(",".join(s.id for s in chosen), "herself and " + ", ".join(
                f"{s.name} ({s.id})" for s in chosen)))
    return options


def _lin(ctx: Ctx, choice: Any) -> None:
    others = () if choice == "alone" else tuple(choice.split(","))
    for ship_id in (ctx.ship.id, *others):
        assign_condition(ctx.game, ctx.other(ship_id), PRIMED, ctx.ship.owner)


register("pilot", "lingaava",
         # RR: SETUP; RR: CONDITION CARDS
         Triggered("assign Primed for Speed to herself and up to 2 other TIE/fo or TIE/sf",
                   window="after_place_forces", optional=False, choices=_lin_choices,
                   effect=_lin),
         description="Setup, after placing forces: she and at most 2 other friendly fighters "
                     "(TIE/fo or TIE/sf) with no modification upgrade equipped each get the Primed "
                     "for Speed condition.")
