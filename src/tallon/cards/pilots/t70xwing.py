"""T-70 X-wing pilots (Resistance) and the ship ability Weapon Hardpoint.

Weapon Hardpoint is a squad-building rule (the squad builder gives the ship its cannon,
torpedo or missile slot: squads/slots.py), so it registers with no abilities. The generic
pilots (Blue Squadron Rookie, Red Squadron Expert, Black Squadron Ace) have no ability
text and need no registration.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tallon.cards.acting import during_activation, granted, may_perform, performable
from tallon.cards.common import (
    attack_ships,
    attacking_if,
    damaged,
    defending_if,
    dice,
    is_in_arc,
    is_me,
    range_of,
    ship_options,
    ships_in_range,
)
from tallon.cards.registry import register
from tallon.data import load_cards
from tallon.dice.abilities.effects import CardAbility, RerollDice
from tallon.engine.abilities import Cost, Ctx, DiceMod, Modifier, Triggered
from tallon.engine.actions import PerformAction, available_actions
from tallon.engine.allegiance import friendly
from tallon.engine.decisions import Option
from tallon.engine.effects import acquire_lock, can_lock, flip_upgrade, gain_token, remove_token
from tallon.engine.movement import difficulty_of
from tallon.engine.setup import choosable_sides
from tallon.engine.state import ActionSpec, ShipState, Token
from tallon.engine.steps import Ask, continuation
from tallon.geometry import Arc
from tallon.geometry.maneuvers import Bearing, Maneuver

if TYPE_CHECKING:
    from tallon.engine.game import Game

register("ship_ability", "Weapon Hardpoint",
         description="Squad building: the ship may equip 1 cannon, torpedo or missile "
                     "upgrade (the squad rules give it that slot).")


# ----------------------------------------------------------------- Poe Dameron
def _white_kinds(ctx: Ctx, ship: ShipState, during: bool) -> tuple[str, ...]:
    """The kinds of the white actions the ship could perform now treated as red."""
    white = [ActionSpec(s.kind, "red", s.linked, s.source)
             for s in available_actions(ctx.game, ship, during) if s.difficulty == "white"]
    return tuple(s.kind for s in performable(ctx.game, ship, white, during))


def _white_as_red(ship_id: str, kinds: tuple[str, ...], during: bool) -> PerformAction:
    # RR: ACTIONS - treated as red, the action gives a stress token when it is done
    return PerformAction(ship_id, during, treat_as="red", only=kinds)


def _poe(ctx: Ctx, choice: Any) -> None:
    during = during_activation(ctx)
    ctx.game.push(_white_as_red(ctx.ship.id, _white_kinds(ctx, ctx.ship, during), during))


register("pilot", "poedameron",
         Triggered("spend 1 charge to perform a white action treated as red",
                   window="after_action", cost=Cost(charges=1),
                   requirement=lambda ctx: is_me(ctx) and bool(
                       _white_kinds(ctx, ctx.ship, during_activation(ctx))),
                   effect=_poe),
         description="After performing an action: may spend 1 charge to perform a white "
                     "action, treated as red.")


def _poe68_friend(ctx: Ctx) -> ShipState | None:
    friend = ctx.other(ctx.event["ship"])
    near = range_of(ctx.ship, friend)
    if friend.owner != ctx.ship.owner or friend.remote or near is None or near > 2 \
            or not ctx.event["during_activation"]:
        return None
    return friend if _white_kinds(ctx, friend, True) else None


def _poe68(ctx: Ctx, choice: Any) -> None:
    friend = ctx.other(ctx.event["ship"])
    ctx.game.push(_white_as_red(friend.id, _white_kinds(ctx, friend, True), True))


register("pilot", "poedameron-swz68",
         Triggered("spend 2 charges: that ship may perform a white action treated as red",
                   window="after_action", cost=Cost(charges=2),
                   requirement=lambda ctx: _poe68_friend(ctx) is not None, effect=_poe68),
         description="After a friendly ship within range 0-2 performs an action in its activation: "
                     "may spend 2 charges to let that ship perform a white action, treated as red.")


# -------------------------------------------------------------------- Ello Asty
_TALLON_ROLLS = (Bearing.TALLON_ROLL_LEFT, Bearing.TALLON_ROLL_RIGHT)


def _ello_applies(ctx: Ctx) -> bool:
    code = ctx.event["maneuver"]
    return (is_me(ctx) and Maneuver.parse(code).bearing in _TALLON_ROLLS
            and difficulty_of(code) == "red" and ctx.ship.count(Token.STRESS) <= 2)


def _ello(ctx: Ctx, choice: Any) -> None:
    # RR: DIFFICULTY - one step easier turns the red maneuver white
    ctx.ship.execute_difficulty -= 1
    ctx.game.event("ability", f"{ctx.ship.name} ({ctx.ship.id}) treats the Tallon roll as "
                   "white", ship=ctx.ship.id)


register("pilot", "elloasty",
         Triggered("treat the red Tallon roll as white", window="after_reveal",
                   optional=False, requirement=_ello_applies, effect=_ello),
         description="After revealing a red Tallon roll with 2 or fewer stress tokens: the "
                     "maneuver is treated as white.")


# ---------------------------------------------------------------------- Kare Kun
def _kare(game: Any, owner: ShipState, colour: str = "", **facts: Any
          ) -> tuple[tuple[str, None], ...]:
    return (("turn_left", None), ("turn_right", None))


register("pilot", "karekun",
         Modifier("boost with a [1 turn] template", hook="boost_templates", value=_kare),
         description="While boosting: may use the [1 turn left] or [1 turn right] template "
                     "instead.")


# --------------------------------------------------------------------- Nien Nunb
def _nien_applies(ctx: Ctx) -> bool:
    enemies = [s for s in ships_in_range(ctx.game, ctx.ship, 0, 1, friendly=False)
               if is_in_arc(ctx.ship, s, Arc.FRONT)]
    return (is_me(ctx) and ctx.event["token"] == "stress" and ctx.ship.stressed
            and bool(enemies))


register("pilot", "niennunb",
         Triggered("remove the stress token", window="after_gain_token",
                   requirement=_nien_applies,
                   effect=lambda ctx, choice: remove_token(ctx.game, ctx.ship, Token.STRESS)),
         description="After gaining a stress token with an enemy ship at range 0-1 in his "
                     "front arc: may remove that stress token.")


# ----------------------------------------------------------------- Jaycris Tubbs
def _jaycris_friends(ctx: Ctx) -> list[ShipState]:
    return [s for s in ships_in_range(ctx.game, ctx.ship, 0, 1, friendly=True) if s.stressed]


def _fully_executed(ctx: Ctx) -> bool:
    return is_me(ctx) and bool(ctx.event["full"])


register("pilot", "jaycristubbs",
         Triggered("a friendly ship at range 0-1 removes 1 stress token",
                   window="after_execute",
                   requirement=lambda ctx: _fully_executed(ctx)
                   and ctx.event["difficulty"] == "blue",
                   choices=lambda ctx: ship_options(_jaycris_friends(ctx)),
                   effect=lambda ctx, choice: remove_token(ctx.game, ctx.other(choice),
                                                           Token.STRESS)),
         description="After he fully executes a blue maneuver: may pick a friendly ship within "
                     "range 0-1 (himself included) to remove 1 of its stress tokens.")


# ----------------------------------------------------------------- Temmin Wexley
register("pilot", "temminwexley",
         may_perform("perform a boost action", "after_execute",
                     lambda ctx: (granted("boost", "white", "temminwexley"),),
                     requirement=lambda ctx: _fully_executed(ctx)
                     and 2 <= ctx.event["speed"] <= 4,
                     label="perform a boost action", key="boost"),
         description="After fully executing a speed 2-4 maneuver: may perform a boost "
                     "action.")


# ----------------------------------------------------------------- C'ai Threnalli
def _cai_applies(ctx: Ctx) -> bool:
    ships = ctx.state.ships
    return _fully_executed(ctx) and any(
        other in ships and friendly(ships[other], ctx.ship) and not ships[other].remote
        for other in ctx.event["moved_through"])


register("pilot", "caithrenalli",
         may_perform("perform an evade action", "after_execute",
                     lambda ctx: (granted("evade", "white", "caithrenalli"),),
                     requirement=_cai_applies, label="perform an evade action",
                     key="evade"),
         description="After fully executing a maneuver through a friendly ship: may perform "
                     "an evade action.")


# ------------------------------------------------------------------- Nimi Chireen
def _nimi(game: Any, attack: Any, owner: ShipState) -> bool:
    _, defender = attack_ships(game, attack)
    return defender.current_initiative > owner.current_initiative


register("pilot", "nimichireen",
         DiceMod("change 1 blank result to a focus result", dice=dice("nimichireen"),
                 applies=attacking_if(_nimi)),
         description="Attacking a defender of higher initiative: may change 1 blank result "
                     "to a focus result.")


# --------------------------------------------------------------------- Zay Versio
register("pilot", "zayversio",
         DiceMod("reroll 1 defense die", dice=dice("zayversio"),
                 applies=defending_if(lambda game, attack, owner: damaged(
                     game.state.ships[attack.attacker]))),
         description="Defending against a damaged attacker: may reroll 1 defense die.")



# -------------------------------------------------------------- Lieutenant Bastian
def _bastian_applies(ctx: Ctx) -> bool:
    dealt = ctx.other(ctx.event["ship"])
    near = range_of(ctx.ship, dealt)
    # "a ship": friendly or enemy, not a remote (RR: ATTACKING REMOTES)
    return (dealt.id != ctx.ship.id and not dealt.remote and near is not None
            and 1 <= near <= 2 and can_lock(ctx.game, ctx.ship, dealt.id) is None)


register("pilot", "lieutenantbastian",
         Triggered("acquire a lock on the ship dealt a damage card",
                   window="damage_card_dealt", requirement=_bastian_applies,
                   effect=lambda ctx, choice: acquire_lock(ctx.game, ctx.ship,
                                                           ctx.event["ship"])),
         description="After a damage card (faceup or facedown) is dealt to any ship within range "
                     "1-2: may acquire a lock on that ship.")


# ------------------------------------------------------- Temmin Wexley (swz68)
def _temmin68_ships(ctx: Ctx) -> list[ShipState]:
    return [s for s in ships_in_range(ctx.game, ctx.ship, 0, 3, friendly=True)
            if s.ship_type == "t70xwing" and choosable_sides(s)]


def _temmin68(ctx: Ctx, choice: Any) -> None:
    # each ship's owner decides for it, one ship at a time (RR: ABILITIES: "may")
    for ship in _temmin68_ships(ctx):
        card = choosable_sides(ship)[0]
        ctx.game.push(Ask(ship.owner, "use_ability", f"{ship.name} ({ship.id}): gain 1 "
                          f"strain token to flip {card} (and gain 1 calculate token)?",
                          (Option("flip", f"gain 1 strain token to flip {card}"),
                           Option("decline", "no")),
                          "temminwexley.flip", (ship.id, card), ship=ship.id))


@continuation("temminwexley.flip")
def _temmin68_flip(game: Game, answer: str, ship_id: str, card: str) -> None:
    ship = game.state.ships[ship_id]
    if answer != "flip" or not ship.in_play:
        return
    gain_token(game, ship, Token.STRAIN)
    flip_upgrade(game, ship, card)
    gain_token(game, ship, Token.CALCULATE)


register("pilot", "temminwexley-swz68",
         Triggered("each friendly T-70 at range 0-3 may gain 1 strain to flip its "
                   "configuration", window="start_engagement", optional=False,
                   requirement=lambda ctx: bool(_temmin68_ships(ctx)), effect=_temmin68),
         description="At the start of the Engagement Phase: every friendly T-70 X-wing within "
                     "range 0-3 (himself included) may flip its configuration upgrade by gaining 1 "
                     "strain token; a ship that does gains 1 calculate token.")


# ------------------------------------------------------------------ Jessika Pava
JESSIKA = "jessikapava"
#: the most other friendly ships a squad can have at range 0-1 of her (a squad's size)
_MOST_FRIENDS = 7


def _jessika_friends(game: Game, owner: ShipState) -> int:
    return len(ships_in_range(game, owner, 0, 1, friendly=True, other=True))


def _astromech_charge(owner: ShipState) -> str | None:
    """Her equipped astromech upgrade with an active non-recurring charge, or None."""
    db = load_cards()
    for kind, xws, _ in owner.cards:
        charge = owner.charges.get(xws)
        if kind == "upgrade" and db.upgrade(xws).slot == "astromech" and charge is not None \
                and charge.recurring == 0 and charge.active > 0:
            return xws
    return None


def _jessika_applies(count: int, astromech: bool) -> Any:
    def applies(game: Game, attack: Any, owner: ShipState, user: ShipState) -> bool:
        if user.id != owner.id or owner.id not in (attack.attacker, attack.defender):
            return False
        # one ability, two ways to pay: once per attack whichever is used
        if any(u.startswith(f"{owner.id}:{JESSIKA}:") for u in attack.used):
            return False
        if astromech and _astromech_charge(owner) is None:
            return False
        return _jessika_friends(game, owner) == count

    return applies


def _jessika_astromech_paid(ctx: Ctx, option: Any) -> None:
    card = _astromech_charge(ctx.ship)
    if card is not None:
        ctx.ship.charges[card].active -= 1
        ctx.game.event("ability", f"{ctx.ship.name} ({ctx.ship.id}) spends 1 charge of "
                       f"{card}", ship=ctx.ship.id)


def _jessika_mods() -> list[DiceMod]:
    """One dice modification per number of friendly ships near her and per charge she pays
    with: her own (a cost of the dice ability) or her astromech's (paid as it is used)."""
    found = []
    for count in range(1, _MOST_FRIENDS + 1):
        found.append(DiceMod(
            f"spend 1 charge: reroll up to {count} dice",
            dice=CardAbility(f"{JESSIKA}-{count}", f"Jessika Pava (spend 1 charge: reroll "
                             f"up to {count} dice)", effect=RerollDice(count),
                             cost=((JESSIKA, 1),)),
            applies=_jessika_applies(count, astromech=False)))
        found.append(DiceMod(
            f"spend 1 astromech charge: reroll up to {count} dice",
            dice=CardAbility(f"{JESSIKA}-astromech-{count}", f"Jessika Pava (spend 1 "
                             f"astromech charge: reroll up to {count} dice)",
                             effect=RerollDice(count)),
            applies=_jessika_applies(count, astromech=True), after=_jessika_astromech_paid))
    return found


register("pilot", JESSIKA, *_jessika_mods(),
         description="Attacking or defending: may spend 1 of her charges, or 1 non-recurring "
                     "charge of her astromech, to reroll up to 1 die per other friendly ship "
                     "at range 0-1.")


# -------------------------------------------------------------------- Venisa Doza
def _venisa(game: Any, owner: ShipState, weapon: Any = None, **facts: Any
            ) -> tuple[tuple[str, int, int], ...]:
    # RR: SPECIAL WEAPON - a [Torpedo] or [Missile] attack is one with such an upgrade
    if weapon is None or weapon.card is None or weapon.arc != "front":
        return ()
    if load_cards().upgrade(weapon.card).slot not in ("torpedo", "missile"):
        return ()
    return (("rear", 1, 2),)


register("pilot", "venisadoza",
         Modifier("torpedo or missile attacks may use the rear arc at range 1-2",
                  hook="weapon_arc_alternatives", value=_venisa),
         description="Torpedo or missile attack: may treat its front arc requirement as the "
                     "rear arc, the range requirement then being 1-2.")


# ----------------------------------------------------------------- Joph Seastriker
register("pilot", "jophseastriker",
         Triggered("gain 1 evade token", window="after_lose_shield", requirement=is_me,
                   optional=False,
                   effect=lambda ctx, choice: gain_token(ctx.game, ctx.ship, Token.EVADE)),
         description="After losing 1 shield (to damage, an effect or as a cost): gains 1 "
                     "evade token.")
