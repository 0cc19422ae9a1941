"""M3-A Interceptor pilots (Scum and Villainy). Its ship ability Weapon Hardpoint is a
squad-building rule registered in ``cards/pilots/t70xwing.py`` (a ship ability is
registered once, by name); Cartel Spacer and Tansarii Point Veteran have no ability."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tallon.cards.common import dice, is_me, range_of, recover_charge, ships_in_range
from tallon.cards.registry import register
from tallon.dice import Face
from tallon.dice.abilities.base import Role
from tallon.engine.abilities import Cost, Ctx, DiceMod, Triggered
from tallon.engine.action_bodies import reload_amount
from tallon.engine.allegiance import friendly
from tallon.engine.decisions import Option
from tallon.engine.effects import gain_token, remove_token, suffer_damage
from tallon.engine.queue import any_true, fire
from tallon.engine.state import AttackState, ShipState, Token

if TYPE_CHECKING:
    from tallon.engine.game import Game


# ------------------------------------------------------------------ Genesis Red
def _locked_ship(ctx: Ctx) -> ShipState | None:
    target = ctx.state.ships.get(ctx.event["target"])
    # "the locked ship": a lock on an obstacle or a remote gives nothing to copy
    return target if target is not None and not target.remote else None


def _genesis(ctx: Ctx, choice: Any) -> None:
    locked = _locked_ship(ctx)
    assert locked is not None
    focus, evade = locked.count(Token.FOCUS), locked.count(Token.EVADE)
    remove_token(ctx.game, ctx.ship, Token.FOCUS, ctx.ship.count(Token.FOCUS))
    remove_token(ctx.game, ctx.ship, Token.EVADE, ctx.ship.count(Token.EVADE))
    gain_token(ctx.game, ctx.ship, Token.FOCUS, focus)
    gain_token(ctx.game, ctx.ship, Token.EVADE, evade)


register("pilot", "genesisred",
         Triggered("swap his focus and evade tokens for the locked ship's", optional=False,
                   window="after_lock",
                   requirement=lambda ctx: is_me(ctx) and _locked_ship(ctx) is not None,
                   effect=_genesis),
         description="After acquiring a lock on a ship: must remove all his focus and evade "
                     "tokens, then gains as many focus and evade tokens as that ship has.")


# ---------------------------------------------------------------------- Inaldra
register("pilot", "inaldra",
         DiceMod("suffer 1 damage: reroll any number of dice", dice=dice("inaldra"),
                 applies=lambda game, attack, owner, user: user.id == owner.id,
                 after=lambda ctx, option: suffer_damage(ctx.game, ctx.ship, hits=1,
                                                         cause="Inaldra")),
         description="Attacking or defending: may suffer 1 regular damage to reroll any "
                     "number of her dice.")


# ---------------------------------------------------------------- Laetin A'shera
def _laetin(role: str, window: str) -> Triggered:
    return Triggered("the attack missed: gain 1 evade token", window=window, optional=False,
                     requirement=lambda ctx: is_me(ctx, role) and not ctx.event["hit"],
                     effect=lambda ctx, choice: gain_token(ctx.game, ctx.ship, Token.EVADE))


register("pilot", "laetinashera",
         _laetin("defender", "after_defend"), _laetin("attacker", "after_attack"),
         description="After defending or attacking, if the attack missed: gains 1 evade "
                     "token.")


# -------------------------------------------------------------------- Quinn Jast
def _quinn_cards(ctx: Ctx) -> list[str]:
    # an upgrade whose charges "cannot be recovered" stays as it is
    return [card for card in dict.fromkeys(ctx.ship.upgrades) if card in ctx.ship.charges
            and ctx.ship.charges[card].active < ctx.ship.charges[card].limit
            and reload_amount(ctx.game, ctx.ship, card) > 0]


def _quinn(ctx: Ctx, choice: Any) -> None:
    recover_charge(ctx.ship, str(choice))
    ctx.game.event("ability", f"{ctx.ship.name} ({ctx.ship.id}) recovers 1 charge on "
                   f"{choice}", ship=ctx.ship.id)


register("pilot", "quinnjast",
         # RR: PAYING COSTS - only with a charge to recover; the disarm token is the cost
         Triggered("gain 1 disarm token to recover 1 charge on an upgrade",
                   window="start_engagement", cost=Cost(gain=(("disarm", 1),)),
                   requirement=lambda ctx: bool(_quinn_cards(ctx)),
                   choices=lambda ctx: [Option(c, f"recover 1 charge on {c}")
                                        for c in _quinn_cards(ctx)],
                   effect=_quinn),
         description="At the start of the Engagement Phase: may gain 1 disarm token to "
                     "recover 1 charge on one of his upgrades.")


# ---------------------------------------------------------------------- Serissu
def _serissu_applies(game: Any, attack: AttackState, owner: ShipState, user: ShipState
                     ) -> bool:
    near = range_of(owner, user)
    # RR: FRIENDLY - she is a friendly ship at range 0 of herself; a remote is no ship
    return (user.id == attack.defender and friendly(user, owner) and not user.remote
            and near is not None and near <= 1)


register("pilot", "serissu",
         DiceMod("reroll 1 defense die", for_others=True, applies=_serissu_applies,
                 dice=dice("serissu")),
         description="A friendly ship at range 0-1 (her too) defending may reroll 1 of its "
                     "defense dice.")


# ----------------------------------------------------------------- G4R-G0R V/M
def _g4r_others(ctx: Ctx) -> list[ShipState]:
    return ships_in_range(ctx.game, ctx.ship, 0, 0, other=True)


def _g4r(ctx: Ctx, choice: Any) -> None:
    for ship in _g4r_others(ctx):
        suffer_damage(ctx.game, ship, crits=1, cause="G4R-G0R V/M")


register("pilot", "g4rgorvm",
         Triggered("each other ship at range 0 suffers 1 critical damage", optional=False,
                   window="after_defend",
                   requirement=lambda ctx: is_me(ctx, "defender") and bool(_g4r_others(ctx)),
                   effect=_g4r),
         description="After defending: each other ship at range 0 suffers 1 critical "
                     "damage.")


# ----------------------------------------------------------------- Sunny Bounder
SUNNY = "sunnybounder"


def _sunny_kind(ctx: Ctx) -> str | None:
    """The kind of dice Sunny rolls in the attack in progress (None: not in it)."""
    attack = ctx.attack
    if attack is None:
        return None
    if attack.attacker == ctx.ship.id:
        return "attack"
    return "defense" if attack.defender == ctx.ship.id else None


def matching(ctx: Ctx) -> Face | None:
    """The result every one of Sunny's dice shows, if they all show one, and she may
    still add a die to them (RR: DICE MODIFICATION: adding is modifying)."""
    kind = _sunny_kind(ctx)
    attack = ctx.attack
    if kind is None or attack is None or ctx.event["kind"] != kind:
        return None
    pool = attack.pool(kind)
    if pool is None or not len(pool):
        return None
    faces = set(pool.faces())
    if len(faces) != 1:
        return None
    role = Role.ATTACKER if kind == "attack" else Role.DEFENDER
    # RR: ATTACK - at range 0 a primary attacker's dice can't be modified by it
    if attack.range == 0 and attack.primary and kind == "attack":
        return None
    if any_true(ctx.game, "dice_unmodifiable", attack=attack, kind=kind, role=role):
        return None
    return faces.pop()


def sunny_add(ctx: Ctx, choice: Any) -> None:
    face, kind, attack = matching(ctx), _sunny_kind(ctx), ctx.attack
    assert face is not None and kind is not None and attack is not None
    pool = attack.pool(kind)
    assert pool is not None
    pool.add(face)
    ctx.game.event("modify", f"{ctx.ship.name} ({ctx.ship.id}) adds 1 {face.label} result "
                   "(Sunny Bounder)", ship=ctx.ship.id, card=SUNNY)
    _modified(ctx.game, attack, ctx.ship, kind)


def _modified(game: Game, attack: AttackState, ship: ShipState, kind: str) -> None:
    # adding a result modifies the dice (RR: DICE MODIFICATION): what listens is told
    if any_true(game, "records_modified_dice"):
        mark = f"{ship.id}:modified {kind} dice"
        attack.marks[mark] = attack.marks.get(mark, 0) + 1
    fire(game, "after_modify_dice", ship=ship.id, kind=kind, rerolled=0)


register("pilot", SUNNY,
         Triggered("all dice match: add 1 matching result", window="after_dice_rolled",
                   requirement=lambda ctx: matching(ctx) is not None, effect=sunny_add),
         Triggered("all rerolled dice match: add 1 matching result",
                   window="after_modify_dice",
                   requirement=lambda ctx: is_me(ctx) and ctx.event.get("rerolled", 0) > 0
                   and matching(ctx) is not None, effect=sunny_add),
         description="Attacking or defending, after rolling or rerolling her dice: if they "
                     "all show the same result, may add 1 more die showing it.")
