"""Crew upgrades, Grand Moff Tarkin to Jyn Erso (the first ones are in
:mod:`tallon.cards.upgrades.crew_b`).

Not implemented here: IG-88D (having the pilot abilities of other ships: the engine gives a
ship only the abilities of its own cards), Imperial Super Commandos (a Commando Team
remote: remotes other than the buzz droid swarm are not played yet)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tallon.cards.common import (
    attacking_if,
    dice,
    is_me,
    range_of,
    recalled,
    recover_charge,
    remember,
    ship_options,
    ships_in_range,
)
from tallon.cards.registry import register
from tallon.cards.upgrades.crew_b import spend_lock
from tallon.cards.upgrades.modification_2 import discard_instead
from tallon.data import load_cards
from tallon.dice import DEFENDING, CardAbility, ChangeResults, Face, Window
from tallon.engine.abilities import (
    CardAction,
    Cost,
    Ctx,
    DiceMod,
    Modifier,
    Replacement,
    Triggered,
)
from tallon.engine.action_bodies import lock_targets
from tallon.engine.actions import PerformAction
from tallon.engine.allegiance import friendly
from tallon.engine.conditions import assign_condition
from tallon.engine.decisions import Option
from tallon.engine.effects import (
    acquire_lock,
    can_lock,
    destroy_ship,
    flip_upgrade,
    gain_token,
    remove_token,
    suffer_damage,
)
from tallon.engine.queue import FireWindow
from tallon.engine.state import ShipState, Token
from tallon.engine.steps import Ask, Then, continuation

if TYPE_CHECKING:
    from tallon.engine.game import Game
    from tallon.engine.state import AttackState


# ------------------------------------------------------------ Grand Moff Tarkin
def _locked_ships(ship: ShipState, game: Game) -> list[str]:
    return [t for t in ship.locks if t in game.state.ships
            and not game.state.ships[t].remote]


def _tarkin_targets(game: Game, tarkin: ShipState, friend: ShipState) -> list[str]:
    """The ships Tarkin's ship has locked that ``friend`` could lock now (at range 0-3:
    RR: LOCK)."""
    found = []
    for target in _locked_ships(tarkin, game):
        near = range_of(friend, game.state.ships[target])
        if target not in friend.locks and near is not None and near <= 3 \
                and can_lock(game, friend, target) is None:
            found.append(target)
    return found


def _tarkin(ctx: Ctx, choice: Any) -> None:
    for friend in ctx.state.in_play():
        if friend.owner != ctx.ship.owner:
            continue
        targets = _tarkin_targets(ctx.game, ctx.ship, friend)
        if not targets:
            continue
        options = (*(Option(t, f"lock {ctx.other(t).name} ({t})") for t in targets),
                   Option("decline", "no lock"))
        ctx.game.push(Ask(friend.owner, "use_ability", f"{friend.name} ({friend.id}): Grand "
                          "Moff Tarkin - acquire a lock?", options, "grandmofftarkin.lock",
                          (friend.id,), ship=friend.id))


@continuation("grandmofftarkin.lock")
def _tarkin_lock(game: Game, answer: str, friend_id: str) -> None:
    if answer != "decline":
        acquire_lock(game, game.state.ships[friend_id], answer)


register("upgrade", "grandmofftarkin",
         Triggered("spend 2 charges: each friendly ship may lock a ship you have locked",
                   window="system_phase", cost=Cost(charges=2),
                   requirement=lambda ctx: is_me(ctx) and bool(_locked_ships(ctx.ship,
                                                                           ctx.game)),
                   effect=_tarkin),
         description="System Phase: may spend 2 charges; each friendly ship may then acquire "
                     "a lock on a ship this ship has locked.")


# ------------------------------------------------------------------ Greef Karga
def _greef_choices(ctx: Ctx) -> list[Option]:
    target = ctx.other(ctx.event["target"])
    if not target.in_play:
        return []
    return [Option(t, f"{target.name} ({target.id}) locks {t}")
            for t in lock_targets(ctx.game, target)
            if t in ctx.ship.locks and can_lock(ctx.game, target, t) is None]


# "allied" ships exist only in games of more than two players: with two, the first
# sentence changes nothing
register("upgrade", "greefkarga",
         Triggered("the ship you coordinated acquires a lock on an object you have locked",
                   window="after_coordinate",
                   requirement=lambda ctx: is_me(ctx) and bool(_greef_choices(ctx)),
                   choices=_greef_choices,
                   effect=lambda ctx, choice: acquire_lock(
                       ctx.game, ctx.other(ctx.event["target"]), str(choice))),
         description="Adds a red coordinate action. After it coordinates a ship, that ship "
                     "may acquire a lock on an object this ship has locked.")


# ----------------------------------------------------------------- Han Solo (crew)
def _enemies_close(ctx: Ctx) -> int:
    return len(ships_in_range(ctx.game, ctx.ship, 0, 1, friendly=False))


register("upgrade", "hansolo-crew",
         Triggered("gain 1 evade token per enemy ship at range 0-1", window="after_action",
                   optional=False,
                   requirement=lambda ctx: is_me(ctx) and ctx.event["action"] == "evade"
                   and _enemies_close(ctx) > 0,
                   effect=lambda ctx, choice: gain_token(ctx.game, ctx.ship, Token.EVADE,
                                                         _enemies_close(ctx))),
         description="Adds a red evade action. After an evade action: gains 1 more evade "
                     "token for each enemy ship at range 0-1.")


# ------------------------------------------------------------ Hera Syndulla (crew)
def _hera_overstressed(ctx: Ctx, choice: Any) -> None:
    remove_token(ctx.game, ctx.ship, Token.STRESS)
    suffer_damage(ctx.game, ctx.ship, hits=1, cause="Hera Syndulla")


register("upgrade", "herasyndulla",
         Modifier("may execute red maneuvers while stressed", hook="may_execute_red_stressed",
                  value=lambda game, owner, ship=None, **facts: ship is not None
                  and ship.id == owner.id),
         Triggered("3 or more stress: remove 1 and suffer 1 damage", window="after_execute",
                   optional=False,
                   requirement=lambda ctx: is_me(ctx) and bool(ctx.event.get("full"))
                   and ctx.event.get("difficulty") == "red"
                   and ctx.ship.count(Token.STRESS) >= 3,
                   effect=_hera_overstressed),
         description="May execute red maneuvers while stressed. After fully executing a red "
                     "maneuver with 3 or more stress tokens: removes 1 and suffers 1 hit "
                     "damage.")


# ------------------------------------------------------------------ Hondo Ohnaka
def _hondo_pairs(ctx: Ctx) -> list[Option]:
    near = ships_in_range(ctx.game, ctx.ship, 1, 3)
    return [Option(f"{a.id}+{b.id}", f"coordinate {a.name} ({a.id}), jam {b.name} ({b.id})")
            for a in near for b in near if a.id != b.id and friendly(a, b)]


def _hondo(ctx: Ctx, choice: Any) -> None:
    coordinated, _, jammed = str(choice).partition("+")
    # RR: COORDINATE - the chosen ship may perform one action (its controller picks it:
    # RR: FAQ); then the jam, whatever the range
    ctx.game.push(PerformAction(coordinated),
                  FireWindow.of("after_coordinate", ship=ctx.ship.id, target=coordinated),
                  Then("hondoohnaka.jam", (jammed, ctx.ship.owner)))


@continuation("hondoohnaka.jam")
def _hondo_jam(game: Game, _: None, jammed: str, applier: int) -> None:
    ship = game.state.ships[jammed]
    if ship.in_play:
        gain_token(game, ship, Token.JAM, applier=applier)


register("upgrade", "hondoohnaka",
         CardAction("coordinate one of 2 ships friendly to each other, jam the other",
                    choices=_hondo_pairs, effect=_hondo),
         description="Action: choose 2 ships at range 1-3 that are friendly to each other; "
                     "one may perform an action (a coordinate), then the other gains a jam "
                     "token (a jam, at any range).")


# ------------------------------------------------------------------------ IG-11
IG11 = "ig11"
IG11_FUSES = "ig11:fuses"


def _fuses(ship: ShipState) -> int:
    return int(recalled(ship, IG11_FUSES, 0))


def _set_fuses(game: Game, ship: ShipState, count: int) -> None:
    remember(ship, IG11_FUSES, count or None)
    game.event("ability", f"{ship.name} ({ship.id}): IG-11 has {count} fuse marker(s)",
               ship=ship.id)


def _anti_capture(ctx: Ctx) -> None:
    """Instead of the faceup card: a fuse marker and a calculate token, then the flip."""
    ship = ctx.ship
    _set_fuses(ctx.game, ship, _fuses(ship) + 1)
    gain_token(ctx.game, ship, Token.CALCULATE)
    if _fuses(ship) >= 2:
        flip_upgrade(ctx.game, ship, IG11, 1)


def _ig11_card_replaced(ctx: Ctx, facts: dict[str, Any], choice: Any) -> None:
    discard_instead(ctx.game, facts)
    _anti_capture(ctx)


def _ig11_end_phase(ctx: Ctx, choice: Any) -> None:
    ship = ctx.ship
    left = max(0, _fuses(ship) - 1)
    _set_fuses(ctx.game, ship, left)
    if left:
        return
    victims = ships_in_range(ctx.game, ship, 0, 1, other=True)
    destroy_ship(ctx.game, ship)
    for victim in victims:
        suffer_damage(ctx.game, victim, crits=1, cause="IG-11")


register("upgrade", IG11,
         Replacement("place a fuse marker and gain 1 calculate token instead",
                     point="deal_faceup", optional=False,
                     applies=lambda ctx, facts: facts["ship"] == ctx.ship.id,
                     replace=lambda ctx, facts, choice: _anti_capture(ctx)),
         Replacement("place a fuse marker and gain 1 calculate token instead",
                     point="deal_faceup_card", optional=False,
                     applies=lambda ctx, facts: facts["ship"] == ctx.ship.id,
                     replace=_ig11_card_replaced),
         back=(Triggered("remove 1 fuse marker; with none left, explode", window="end_phase",
                         optional=False, requirement=lambda ctx: ctx.ship.in_play,
                         effect=_ig11_end_phase),
               CardAction("place 1 fuse marker on this card", key="fuse",
                          effect=lambda ctx, choice: _set_fuses(ctx.game, ctx.ship,
                                                                _fuses(ctx.ship) + 1))),
         description="Adds a calculate action. Instead of being dealt a faceup damage card: must "
                     "gain 1 calculate token and add 1 fuse marker to this card; with 2 markers on "
                     "it, the card flips. Flipped: in each End Phase 1 marker comes off, and once "
                     "none are left the ship is destroyed and every other ship within range 0-1 "
                     "suffers 1 critical damage. Action: add 1 fuse marker to this card.")


# -------------------------------------------------------------------- Informant
register("upgrade", "informant",
         Triggered("assign Listening Device to an enemy ship", window="after_place_forces",
                   optional=False,
                   choices=lambda ctx: ship_options(s for s in ctx.state.in_play()
                                                    if s.owner != ctx.ship.owner),
                   effect=lambda ctx, choice: assign_condition(
                       ctx.game, ctx.other(choice), "listeningdevice", ctx.ship.owner)),
         description="Setup, after placing forces: assigns the Listening Device condition to "
                     "an enemy ship.")


# -------------------------------------------------------------------- ISB Slicer
def _jam_kept(game: Game, owner: ShipState, ship: ShipState | None = None,
              token: Token | None = None, **facts: Any) -> int:
    if token is not Token.JAM or ship is None or ship.owner == owner.owner \
            or not owner.in_play:
        return 0
    near = range_of(owner, ship)
    return ship.count(Token.JAM) if near is not None and 1 <= near <= 2 else 0


register("upgrade", "isbslicer",
         Modifier("enemy ships at range 1-2 keep their jam tokens in the End Phase",
                  hook="end_phase_kept_tokens", value=_jam_kept),
         description="End Phase: no enemy ship at range 1-2 can remove its jam tokens.")


# ---------------------------------------------------------------- Jabba the Hutt
def _jabba_choices(ctx: Ctx) -> list[Option]:
    db = load_cards()
    found = []
    for friend in ships_in_range(ctx.game, ctx.ship, 0, 2, friendly=True):
        for card in friend.upgrades:
            charge = friend.charges.get(card)
            if charge is not None and charge.active < charge.limit and \
                    db.upgrade(card).slot == "illicit":
                found.append(Option(f"{friend.id}:{card}",
                                    f"{friend.name} ({friend.id}) recovers 1 charge of {card}"))
    return found


def _jabba(ctx: Ctx, choice: Any) -> None:
    friend, _, card = str(choice).partition(":")
    recover_charge(ctx.other(friend), card)


register("upgrade", "jabbathehutt",
         Triggered("spend 1 charge: a friendly ship at range 0-2 recovers 1 charge of an "
                   "illicit upgrade", window="end_phase", cost=Cost(charges=1),
                   requirement=lambda ctx: bool(_jabba_choices(ctx)),
                   choices=_jabba_choices, effect=_jabba),
         description="During the End Phase: may spend 1 charge to have a friendly ship at "
                     "range 0-2 recover 1 charge of one of its illicit upgrades.")


# ------------------------------------------------------------------ Jango Fett
JANGO = "jangofett"
# RR: LOCK - the lock spent is the one on the enemy ship of this attack
JANGO_ATTACKING = dice(JANGO)
JANGO_DEFENDING = CardAbility(JANGO, "Jango Fett (spend your lock: 1 attack focus to "
                              "blank)", effect=ChangeResults(1, (Face.FOCUS,), (Face.BLANK,)),
                              window=Window.OPPONENT_DICE, roles=DEFENDING)


def _jango_defending(game: Game, attack: AttackState, owner: ShipState, user: ShipState
                     ) -> bool:
    return user.id == owner.id and attack.defender == owner.id \
        and attack.attacker in owner.locks


def _jango_spends(ctx: Ctx, option: Any) -> None:
    # the defender's lock is no dice resource: the card spends it itself
    attack = ctx.attack
    assert attack is not None
    spend_lock(ctx.game, ctx.ship, attack.attacker)


register("upgrade", JANGO,
         DiceMod("spend your lock on the defender: 1 of its focus results becomes a blank",
                 dice=JANGO_ATTACKING, applies=attacking_if()),
         DiceMod("spend your lock on the attacker: 1 of its focus results becomes a blank",
                 dice=JANGO_DEFENDING, applies=_jango_defending, after=_jango_spends),
         description="Attacking or defending: may spend its lock on the enemy ship to turn 1 "
                     "of that ship's focus results into a blank.")


# ------------------------------------------------------------------- Jyn Erso
def _jyn_applies(ctx: Ctx, facts: dict[str, Any]) -> bool:
    if facts["token"] != Token.FOCUS.value or not ctx.ship.in_play:
        return False
    friend = ctx.other(facts["ship"])
    near = range_of(ctx.ship, friend)
    return friendly(friend, ctx.ship) and not friend.remote and near is not None \
        and near <= 3


def _jyn(ctx: Ctx, facts: dict[str, Any], choice: Any) -> None:
    friend = ctx.other(facts["ship"])
    gain_token(ctx.game, friend, Token.EVADE, applier=facts["applier"])
    if facts["count"] > 1:
        # only one focus token is replaced: the others are gained as they were
        gain_token(ctx.game, friend, Token.FOCUS, facts["count"] - 1, facts["applier"],
                   replaceable=False)


register("upgrade", "jynerso",
         Replacement("gain 1 evade token instead of the focus token", point="gain_token",
                     applies=_jyn_applies, replace=_jyn),
         description="A friendly ship at range 0-3 about to gain a focus token: may gain 1 "
                     "evade token instead.")
