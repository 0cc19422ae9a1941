"""BTL-A4 Y-wing pilots (Rebel Alliance, Scum and Villainy), with their standard-loadout
printings. The BTL-A4 has no ship ability of its own (the Battle of Yavin printings have
Hope, registered in :mod:`tallon.cards.pilots.t65xwing`); its generic pilots have no
ability text.

Norra Wexley's ability is the one of her ARC-170 printing (same text).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tallon.cards.acting import during_activation, granted, let_perform, performable
from tallon.cards.common import (
    attacking,
    attacking_if,
    damaged,
    dice,
    in_firing_arc,
    is_in_arc,
    is_me,
    one_more_defense_die,
    recalled,
    recover_charge,
    remember,
    ship_options,
    ships_in_range,
)
from tallon.cards.pilots.arc170starfighter import NORRA, NORRA_TEXT
from tallon.cards.registry import register
from tallon.cards.upgrades.gunner import is_turret
from tallon.data import load_cards
from tallon.dice import Face
from tallon.dice.abilities.base import ATTACKING
from tallon.dice.abilities.effects import CardAbility, RerollDice
from tallon.engine.abilities import Cost, Ctx, DiceMod, Modifier, Triggered
from tallon.engine.action_bodies import reload_amount
from tallon.engine.allegiance import friendly
from tallon.engine.decisions import Option
from tallon.engine.effects import acquire_lock, can_lock, gain_token
from tallon.engine.modify_dice import faces_text
from tallon.engine.payloads import device, in_range_of
from tallon.engine.state import ShipState, Token
from tallon.engine.steps import Ask
from tallon.geometry import Arc

if TYPE_CHECKING:
    from tallon.engine.game import Game
    from tallon.engine.state import AttackState


register("pilot", "norrawexley-btla4ywing", NORRA, description=NORRA_TEXT)


# ------------------------------------------------------------------ "Dutch" Vander
def _dutch_friends(ctx: Ctx) -> list[ShipState]:
    # the chosen ship's "may" is its player's, the same as Dutch's: choosing a ship that
    # could not take the lock would be choosing none
    target = ctx.event.get("target")
    return [s for s in ships_in_range(ctx.game, ctx.ship, 1, 3, friendly=True, other=True)
            if target is not None and can_lock(ctx.game, s, target) is None]


DUTCH = Triggered("a friendly ship at range 1-3 locks the object you locked, at any range",
                  window="after_action",
                  requirement=lambda ctx: is_me(ctx) and ctx.event["action"] == "lock"
                  and bool(_dutch_friends(ctx)),
                  choices=lambda ctx: ship_options(_dutch_friends(ctx)),
                  effect=lambda ctx, choice: acquire_lock(ctx.game, ctx.other(choice),
                                                          ctx.event["target"]))
for _xws in ("dutchvander", "dutchvander-swz106"):
    register("pilot", _xws, DUTCH,
             description="After a lock action: may choose a friendly ship at range 1-3; it "
                         "may acquire a lock on the same object, ignoring range.")


def _dutch_yavin_friends(ctx: Ctx) -> list[ShipState]:
    return ships_in_range(ctx.game, ctx.ship, 1, 3, friendly=True, other=True)


def _dutch_yavin(ctx: Ctx, choice: Any) -> None:
    friend = ctx.other(choice)
    assert ctx.attack is not None
    defender = ctx.attack.defender
    target = ctx.other(defender)
    # "acquire a lock" with no range given: range 0-3 of the chosen ship (RR: LOCK)
    near = ctx.state.in_range(friend, target, 0, 3) if target.body is not None else False
    if not near or can_lock(ctx.game, friend, defender) is not None:
        ctx.game.event("ability", f"{friend.name} ({friend.id}) can't lock {defender}",
                       ship=friend.id)
        return
    ctx.game.push(Ask(friend.owner, "use_ability", f"{friend.name} ({friend.id}): acquire "
                      f"a lock on {target.name} ({defender})? (\"Dutch\" Vander)",
                      (Option("lock", f"lock {target.name} ({defender})"),
                       Option("decline", "decline")),
                      "common.lock_if_chosen", (friend.id, defender), ship=friend.id))


def _dutch_yavin_applies(ctx: Ctx) -> bool:
    attack = ctx.attack
    # any attack, his own or one he defends against (ruling: "during an attack")
    return is_me(ctx) and attack is not None and bool(_dutch_yavin_friends(ctx))


# "choose" without "may": he must choose a ship; the chosen ship may then lock
register("pilot", "dutchvander-battleofyavin",
         Triggered("choose a friendly ship at range 1-3: it may lock the defender",
                   window="after_spend_lock", optional=False,
                   requirement=_dutch_yavin_applies,
                   choices=lambda ctx: ship_options(_dutch_yavin_friends(ctx)),
                   effect=_dutch_yavin),
         description="After spending a lock while attacking: chooses a friendly ship at "
                     "range 1-3, which may acquire a lock on the defender.")


# ------------------------------------------------------------------- Horton Salm
def _friends_near_defender(game: Game, attack: AttackState, owner: ShipState) -> int:
    defender = game.state.ships[attack.defender]
    return sum(1 for s in ships_in_range(game, defender, 0, 1, friendly=None)
               if friendly(s, owner) and s.id != owner.id)


HORTON_MOST = 8


def _horton(count: int) -> DiceMod:
    # one ability per count of friendly ships (one key: used once per attack); more
    # ships than dice allow to reroll every die
    ability = CardAbility("hortonsalm", f"Horton Salm (reroll {count})",
                          effect=RerollDice(count if count < HORTON_MOST else None),
                          roles=ATTACKING)

    def counted(game: Game, attack: AttackState, owner: ShipState) -> bool:
        return min(_friends_near_defender(game, attack, owner), HORTON_MOST) == count

    return DiceMod(f"reroll up to {count} attack dice", dice=ability,
                   applies=attacking_if(counted))


HORTON = tuple(_horton(n) for n in range(1, HORTON_MOST + 1))
for _xws in ("hortonsalm", "hortonsalm-swz106"):
    register("pilot", _xws, *HORTON,
             description="While attacking: may reroll 1 attack die per other friendly ship within "
                         "range 0-1 of the defender.")


# -------------------------------------------------------------------- Dex Tiree
def _dex_wants(ctx: Ctx) -> bool:
    return is_me(ctx, "defender") and bool(
        ships_in_range(ctx.game, ctx.ship, 0, 1, friendly=True, other=True))


register("pilot", "dextiree-battleofyavin",
         Triggered("roll 1 additional defense die", window="before_defense_dice",
                   requirement=_dex_wants, effect=one_more_defense_die),
         description="Defending with another friendly ship at range 0-1: may roll 1 "
                     "additional defense die.")


# ---------------------------------------------------------------------- Hol Okand
def _hol_cards(ctx: Ctx) -> list[str]:
    # an upgrade whose charges "cannot be recovered" stays as it is
    return [card for card in ctx.ship.upgrades if card in ctx.ship.charges
            and ctx.ship.charges[card].active < ctx.ship.charges[card].limit
            and reload_amount(ctx.game, ctx.ship, card) > 0]


def _hol_applies(ctx: Ctx) -> bool:
    return (is_me(ctx) and not ships_in_range(ctx.game, ctx.ship, 1, 2, friendly=False)
            and bool(_hol_cards(ctx)))


def _hol(ctx: Ctx, choice: Any) -> None:
    recover_charge(ctx.ship, str(choice))
    ctx.game.event("ability", f"{ctx.ship.name} ({ctx.ship.id}) recovers 1 charge on "
                   f"{choice}", ship=ctx.ship.id)


register("pilot", "holokand-battleofyavin",
         Triggered("recover 1 charge on an upgrade", window="system_phase",
                   requirement=_hol_applies,
                   choices=lambda ctx: [Option(c, f"recover 1 charge on {c}")
                                        for c in _hol_cards(ctx)],
                   effect=_hol),
         description="During the System Phase, with no enemy ship at range 1-2: may recover "
                     "1 charge on one of his upgrades.")


# ----------------------------------------------------------------- "Pops" Krail
register("pilot", "popskrail-battleofyavin",
         DiceMod("reroll up to 2 attack dice",
                 dice=dice("popskrail-battleofyavin"),
                 applies=attacking_if(lambda game, attack, owner: is_turret(attack.weapon))),
         description="Performing a single turret arc attack: may reroll up to 2 attack "
                     "dice.")

POPS_FOCUS = granted("focus", "white", "popskrail")


def _pops_friends(ctx: Ctx) -> list[ShipState]:
    return [s for s in ships_in_range(ctx.game, ctx.ship, 0, 1, friendly=True)
            if performable(ctx.game, s, (POPS_FOCUS,), _pops_during(ctx, s.id))]


def _pops_during(ctx: Ctx, ship_id: str) -> bool:
    # only his own action falls during his activation
    return ship_id == ctx.ship.id and during_activation(ctx)


def _pops_applies(ctx: Ctx) -> bool:
    return (is_me(ctx) and bool(ctx.event["full"]) and ctx.event["difficulty"] == "white"
            and bool(_pops_friends(ctx)))


register("pilot", "popskrail",
         Triggered("a friendly ship at range 0-1 may perform a focus action",
                   window="after_execute", requirement=_pops_applies,
                   choices=lambda ctx: ship_options(_pops_friends(ctx)),
                   effect=lambda ctx, choice: let_perform(
                       ctx.game, str(choice), (POPS_FOCUS,), _pops_during(ctx, str(choice)))),
         description="After he fully executes a white maneuver: may pick a friendly ship within "
                     "range 0-1 (himself included), which may then perform a focus action.")


# ===================================================== Scum and Villainy pilots
# The Scum BTL-A4 has no ship ability either.

# ------------------------------------------------------------------ Drea Renthal
def _drea_applies(game: Game, attack: AttackState, owner: ShipState,
                  user: ShipState) -> bool:
    # RR: LIMITED - a non-limited ship: its pilot card is not limited
    defender = game.state.ships[attack.defender]
    return (user.id == attack.attacker and friendly(user, owner)
            and load_cards().pilot(user.pilot).limited == 0
            and in_firing_arc(owner, defender))


register("pilot", "drearenthal",
         DiceMod("a friendly non-limited attacker may reroll 1 attack die",
                 dice=dice("drearenthal"),
                 applies=_drea_applies, for_others=True),
         description="While a friendly non-limited ship attacks a defender inside her firing arc: "
                     "that attacker may reroll 1 attack die.")


# ------------------------------------------------------------------------- Kavil
def _kavil(game: Any, owner: ShipState, attack: AttackState | None = None,
           **facts: Any) -> int:
    # a non-[Front Arc] attack: one whose weapon's arc symbol is not the front arc (a
    # turret pointing forward included)
    return 1 if attacking(attack, owner) and attack is not None \
        and attack.weapon.arc != "front" else 0


register("pilot", "kavil",
         Modifier("roll 1 additional attack die in a non-front-arc attack",
                  hook="attack_dice", value=_kavil),
         description="Performing an attack whose arc is not the front arc: rolls 1 "
                     "additional attack die.")


# --------------------------------------------------------------------- Leema Kai
def _leema_targets(ctx: Ctx) -> list[ShipState]:
    # "acquire a lock" with no range given: range 0-3 (RR: LOCK)
    return [s for s in ships_in_range(ctx.game, ctx.ship, 0, 3, friendly=False)
            if not s.remote and is_in_arc(ctx.ship, s, Arc.FULL_FRONT)
            and can_lock(ctx.game, ctx.ship, s.id) is None]


def _leema_applies(ctx: Ctx) -> bool:
    seen = any(s.owner != ctx.ship.owner and not s.remote
               and is_in_arc(s, ctx.ship, Arc.FRONT) for s in ctx.state.in_play())
    return is_me(ctx) and not seen and bool(_leema_targets(ctx))


register("pilot", "leemakai",
         Triggered("lock an enemy ship in your full front arc", window="before_engage",
                   requirement=_leema_applies,
                   choices=lambda ctx: [Option(s.id, f"lock {s.name} ({s.id})")
                                        for s in _leema_targets(ctx)],
                   effect=lambda ctx, choice: acquire_lock(ctx.game, ctx.ship, str(choice))),
         description="Before she engages, if she is outside every enemy ship's front arc: may "
                     "acquire a lock on one enemy ship inside her full front arc.")


# --------------------------------------------------------------- Arliz Hadrassian
ARLIZ = "arlizhadrassian"


def _arliz_attacks(game: Game, attack: AttackState, owner: ShipState) -> bool:
    return attack.weapon.arc == "front" and damaged(owner)


def _arliz_defends(ctx: Ctx) -> bool:
    attack = ctx.attack
    return (is_me(ctx, "defender") and ctx.event["kind"] == "defense" and attack is not None
            and damaged(ctx.ship) and attack.defense_dice is not None
            and attack.defense_dice.count(Face.FOCUS) > 0)


def _arliz_blank(ctx: Ctx, choice: Any) -> None:
    attack = ctx.attack
    assert attack is not None and attack.defense_dice is not None
    pool = attack.defense_dice
    pool.change(pool.faces().index(Face.FOCUS), Face.BLANK)
    ctx.game.event("modify", f"{ctx.ship.name}: Arliz Hadrassian (1 focus to blank) -> "
                   f"{faces_text(pool)}", ship=ctx.ship.id, card=ARLIZ)


register("pilot", ARLIZ,
         DiceMod("damaged: change 1 focus result to a critical hit",
                 dice=dice(ARLIZ),
                 applies=attacking_if(_arliz_attacks)),
         # "before the Modify Defense Dice step": the dice rolled, before anyone modifies
         Triggered("damaged: change 1 defense focus result to a blank",
                   window="after_dice_rolled", optional=False, requirement=_arliz_defends,
                   effect=_arliz_blank),
         description="Damaged: in a front-arc attack may change 1 focus result to a critical "
                     "hit; defending, must change 1 focus result to a blank before the "
                     "defense dice are modified.")


# ------------------------------------------------------------------------ Padric
def _padric_applies(ctx: Ctx) -> bool:
    found = device(ctx.game, ctx.event["device"])
    return (found is not None and friendly(found, ctx.ship)
            and found.id in ctx.ship.locks)


def _padric(ctx: Ctx, choice: Any) -> None:
    for ship in in_range_of(ctx.game, ctx.event["device"], 0, 1, remotes=False):
        if ship.owner != ctx.ship.owner:
            gain_token(ctx.game, ship, Token.STRAIN, applier=ctx.ship.owner)


register("pilot", "padric",
         Triggered("each enemy ship at range 0-1 of the device gains 1 strain token",
                   window="after_detonate", optional=False, requirement=_padric_applies,
                   effect=_padric),
         description="After a friendly device locked by him detonates: every enemy ship at range "
                     "0-1 of the device gains 1 strain token.")


# ------------------------------------------------------------------ Evaan Verlaine
EVAAN = "evaanverlaine"


def _evaan_mark(ctx: Ctx, choice: Any) -> None:
    # the chosen ship carries the round of the effect: it lasts to the end of the round,
    # whatever becomes of Evaan (the Modifier outlives her ship)
    remember(ctx.state.ships[str(choice)], EVAAN, ctx.state.round)


def _evaan_die(game: Any, owner: ShipState, attack: Any = None, **facts: Any) -> int:
    if attack is None:
        return 0
    defender = game.state.ships[attack.defender]
    return 1 if recalled(defender, EVAAN) == game.state.round else 0


register("pilot", EVAAN,
         Triggered("spend 1 focus token: a friendly ship at range 0-1 rolls 1 more defense "
                   "die this round", window="start_engagement",
                   cost=Cost(tokens=(("focus", 1),)),
                   choices=lambda ctx: ship_options(
                       ships_in_range(ctx.game, ctx.ship, 0, 1, friendly=True)),
                   effect=_evaan_mark),
         Modifier("the chosen ship rolls 1 additional defense die", hook="defense_dice",
                  value=_evaan_die, outlives_ship=True),
         description="At the start of the Engagement Phase: may spend 1 focus token and choose a "
                     "friendly ship within range 0-1 (herself too); until the end of the round, "
                     "that ship rolls 1 extra defense die while it defends.")
