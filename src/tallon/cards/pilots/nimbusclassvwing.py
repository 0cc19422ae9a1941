"""Nimbus-class V-wing pilots (Galactic Republic) and the ship abilities Twin Ion Engines and
Born for This (the Siege of Coruscant printings of the ARC-170, Nimbus and V-19 pilots).
Shadow Squadron Escort and Loyalist Volunteer have no ability text.

"Odd Ball" has the same text on his ARC-170, Nimbus and V-19 cards: the ability objects
here are shared by the three modules.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tallon.cards.common import dice, is_in_arc, is_me, range_of, ship_options
from tallon.cards.registry import register
from tallon.dice import Face
from tallon.dice.abilities.base import DEFENDING
from tallon.dice.abilities.effects import CardAbility, ChangeResults
from tallon.engine.abilities import Cost, Ctx, DiceMod, Modifier, Triggered
from tallon.engine.action_bodies import lock_targets
from tallon.engine.allegiance import friendly
from tallon.engine.decisions import Option
from tallon.engine.effects import acquire_lock, can_lock
from tallon.engine.state import ShipState, Token
from tallon.geometry import Arc, Maneuver

if TYPE_CHECKING:
    from tallon.engine.game import Game
    from tallon.engine.state import AttackState

BORN_FOR_THIS = "Born for This"
TWIN_ION_ENGINES = "Twin Ion Engines"


# ------------------------------------------------------------ Twin Ion Engines
# squad building only: squads/restrictions.py lets the ship ignore the TIE restriction
register("ship_ability", TWIN_ION_ENGINES,
         description="Squad building: the ship ignores the TIE ship restriction of upgrade "
                     "cards.")


# ---------------------------------------------------------------- Born for This
def has_born_for_this(ship: ShipState) -> bool:
    """The ship has the Born for This ship ability (its pilot card's)."""
    return any(kind == "ship_ability" and xws == BORN_FOR_THIS for kind, xws, _ in ship.cards)


def _born_lends(game: Game, attack: AttackState, owner: ShipState, user: ShipState) -> bool:
    # RR: STRAIN - "if you are not strained": the lender, checked each time it is offered
    near = range_of(owner, user)
    return (user.id != owner.id and friendly(user, owner) and attack.defender == user.id
            and not user.remote and not owner.has(Token.STRAIN)
            and near is not None and near <= 2)


# RR: FOCUS, RR: EVADE - the defender spends the lender's tokens for their own effects; the
# lender pays them and gains the strain token (the dice ability's gain is the owner's)
BORN_FOCUS = CardAbility("bornforthis-focus", "Born for This (a friend's focus token: all "
                         "focus results to evade)",
                         effect=ChangeResults(None, (Face.FOCUS,), (Face.EVADE,)),
                         roles=DEFENDING, cost=(("focus", 1),), gain=(("strain", 1),))
BORN_EVADE = CardAbility("bornforthis-evade", "Born for This (a friend's evade token: 1 "
                         "blank or focus result to evade)",
                         effect=ChangeResults(1, (Face.BLANK, Face.FOCUS), (Face.EVADE,)),
                         roles=DEFENDING, cost=(("evade", 1),), gain=(("strain", 1),))

register("ship_ability", BORN_FOR_THIS,
         DiceMod("another friendly ship at range 0-2 defends: it may spend your focus token",
                 dice=BORN_FOCUS, for_others=True, applies=_born_lends),
         DiceMod("another friendly ship at range 0-2 defends: it may spend your evade token",
                 dice=BORN_EVADE, for_others=True, applies=_born_lends),
         description="While another friendly ship at range 0-2 defends, if this ship is not "
                     "strained: the defender may spend this ship's focus and evade tokens as "
                     "its own; if it does, this ship gains 1 strain token.")


# -------------------------------------------------------------------- "Odd Ball"
def _oddball_targets(ctx: Ctx) -> list[ShipState]:
    return [s for s in ctx.state.in_play() if s.owner != ctx.ship.owner
            and is_in_arc(ctx.ship, s, Arc.BULLSEYE) and can_lock(ctx.game, ctx.ship, s.id)
            is None]


def red_maneuver(ctx: Ctx) -> bool:
    """After this ship fully executed a red maneuver."""
    # RR: FULLY EXECUTE - a maneuver cut short by a bump does not trigger it
    return is_me(ctx) and bool(ctx.event["full"]) and ctx.event["difficulty"] == "red"


def red_action(ctx: Ctx) -> bool:
    """After this ship performed a red action."""
    return is_me(ctx) and ctx.event["difficulty"] == "red"


def _oddball(window: str, requirement: Any) -> Triggered:
    return Triggered("acquire a lock on an enemy ship in the bullseye arc", window=window,
                     requirement=requirement,
                     choices=lambda ctx: ship_options(_oddball_targets(ctx)),
                     effect=lambda ctx, choice: acquire_lock(ctx.game, ctx.ship, choice))


ODDBALL = (_oddball("after_execute", red_maneuver), _oddball("after_action", red_action))
ODDBALL_TEXT = ("After fully executing a red maneuver or performing a red action: may "
                "acquire a lock on an enemy ship in his bullseye arc.")
register("pilot", "oddball-nimbusclassvwing", *ODDBALL, description=ODDBALL_TEXT)


# -------------------------------------------------------------- Wilhuff Tarkin
def _object(game: Game, object_id: str) -> Any:
    ship = game.state.ships.get(object_id)
    if ship is not None:
        return ship if ship.in_play and ship.body is not None else None
    return next((o for o in game.state.table().objects() if o.id == object_id), None)


def _tarkin_choices(ctx: Ctx) -> list[Option]:
    """(object, friend) pairs: an object Tarkin has locked at range 1-3, and another
    friendly ship at range 1-3 that could acquire a lock on it (RR: LOCK: at its range
    0-3)."""
    tarkin = ctx.ship
    friends = [s for s in ctx.state.in_play() if friendly(s, tarkin)
               and s.id != tarkin.id and not s.remote
               and ctx.state.in_range(tarkin, s, 1, 3)]
    found = []
    for object_id in tarkin.locks:
        thing = _object(ctx.game, object_id)
        if thing is None or not ctx.state.in_range(tarkin, thing, 1, 3):
            continue
        for friend in friends:
            if object_id in lock_targets(ctx.game, friend):
                found.append(Option(f"{object_id}>{friend.id}",
                                    f"{friend.name} ({friend.id}) locks {object_id}"))
    return found


def _tarkin(ctx: Ctx, choice: Any) -> None:
    object_id, _, friend_id = str(choice).partition(">")
    acquire_lock(ctx.game, ctx.other(friend_id), object_id)


register("pilot", "wilhufftarkin",
         Triggered("choose an object you have locked: another friendly ship locks it",
                   window="system_phase", requirement=is_me, choices=_tarkin_choices,
                   effect=_tarkin),
         description="During the System Phase: may choose an object within range 1-3 that he has "
                     "locked; then another friendly ship within range 1-3 may also acquire a lock "
                     "on that object.")


# -------------------------------------------------------------------- "Contrail"
def _bearing(ship: ShipState) -> str | None:
    if not ship.dial_revealed or ship.dial_set is None:
        return None
    return Maneuver.parse(ship.dial_set).bearing.value


def _contrail_applies(game: Game, attack: AttackState, owner: ShipState, user: ShipState
                      ) -> bool:
    if user.id != owner.id or owner.id not in (attack.attacker, attack.defender):
        return False
    enemy = game.state.ships[attack.defender if owner.id == attack.attacker
                             else attack.attacker]
    # RR: BEARING - the bearing is the dial's arrow, left and right apart (ruling)
    mine = _bearing(owner)
    return enemy.owner != owner.owner and mine is not None and mine == _bearing(enemy)


CONTRAIL = DiceMod("the enemy ship's revealed bearing matches: 1 of its focus results to "
                   "a blank", dice=dice("contrail"), applies=_contrail_applies)
for _xws in ("contrail", "contrail-siegeofcoruscant"):
    register("pilot", _xws, CONTRAIL,
             description="Defending or attacking, if the bearing of his revealed maneuver is "
                         "the enemy ship's: may change 1 of its focus results to a blank.")


# ----------------------------------------------------------------------- "Klick"
KLICK_MARK = "klick-norangebonus"


def _bonus_would_apply(attack: AttackState) -> bool:
    # RR: RANGE BONUS - range 1 adds an attack die, range 3 a defense die; not with the
    # ordnance icon; RR: ATTACK - no die is added to a primary attack at range 0
    return not attack.weapon.ordnance and attack.range in (1, 3)


def _klick_applies(ctx: Ctx) -> bool:
    attack = ctx.attack
    if attack is None or not _bonus_would_apply(attack) or \
            attack.marks.get(f"{ctx.ship.id}:{KLICK_MARK}", 0):
        return False
    for ship_id in (attack.attacker, attack.defender):
        other = ctx.state.ships[ship_id]
        if ship_id in ctx.ship.locks and other.in_play and \
                ctx.state.in_range(ctx.ship, other, 1, 3):
            return True
    return False


def _klick(ctx: Ctx, choice: Any) -> None:
    attack = ctx.attack
    assert attack is not None
    attack.marks[f"{ctx.ship.id}:{KLICK_MARK}"] = 1
    ctx.game.event("ability", f"{ctx.ship.name} ({ctx.ship.id}): no range bonus is applied "
                   "in this attack", ship=ctx.ship.id)


def _klick_no_bonus(game: Game, owner: ShipState, attack: AttackState | None = None,
                    **facts: Any) -> bool:
    return attack is not None and attack.marks.get(f"{owner.id}:{KLICK_MARK}", 0) > 0


KLICK = (Triggered("spend 1 charge: no range bonuses in this attack",
                   window="before_attack_dice", cost=Cost(charges=1),
                   requirement=_klick_applies, effect=_klick),
         Modifier("no range bonuses once he spent his charge", hook="no_range_bonus",
                  value=_klick_no_bonus))
for _xws in ("klick", "klick-siegeofcoruscant"):
    register("pilot", _xws, *KLICK,
             description="While a ship he has locked at range 1-3 defends or attacks: may "
                         "spend 1 charge so that no range bonus is applied.")
