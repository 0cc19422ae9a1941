"""First-edition upgrades of the M12-L Kimogila Fighter, Phantom II, TIE Silencer,
Resistance Bomber, Saw's Renegades and TIE Reaper expansion packs, registered under their
play ids (``1e-<upgrade>``): modifications, titles, missiles, crew and talents.
:mod:`upgrades_w9b_2` has the rest. Descriptions are Tallon's own words; the rules sources
are the first edition's core rulebook, its reference cards and its FAQ (``FAQ (1e)``).

First-edition ranges have no range 0: cards measure with
:mod:`tallon.cards.first_edition.ranges_1e` (or the engine's range 0-N).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tallon.cards.acting import action_options, performable, start_action
from tallon.cards.common import (
    defending_if,
    is_in_arc,
    is_me,
    recover_shield,
    ship_options,
)
from tallon.cards.first_edition.lingering_1e import END_OF_ROUND, discard_lingering, lingers
from tallon.cards.first_edition.ordnance_1e import (
    discard_upgrade,
    is_discarded,
    ordnance_weapon,
)
from tallon.cards.first_edition.pilots_w8a import inside_firing_arc
from tallon.cards.first_edition.ranges_1e import within_1e
from tallon.cards.first_edition.upgrades_w8b_2 import (
    ailerons,
    ailerons_applies,
    ailerons_choices,
)
from tallon.cards.registry import register
from tallon.cards.upgrades.ordnance import attacking_with, replaces_damage
from tallon.data import load_cards
from tallon.dice import Face
from tallon.dice.abilities.base import ATTACKING, DEFENDING
from tallon.dice.abilities.effects import AddResults, CardAbility, ChangeResults, RerollDice
from tallon.engine.abilities import CardAction, Ctx, DiceMod, Modifier, Triggered
from tallon.engine.action_bodies import spend_lock_on
from tallon.engine.actions import available_actions
from tallon.engine.allegiance import friendly
from tallon.engine.decisions import Option
from tallon.engine.effects import (
    acquire_lock,
    can_lock,
    flip_upgrade,
    gain_token,
    suffer_damage,
)
from tallon.engine.state import ActionSpec, Token
from tallon.geometry import Arc, Bearing, Maneuver

if TYPE_CHECKING:
    from tallon.engine.game import Game
    from tallon.engine.state import AttackState, ShipState


# --------------------------------------------------------------- Servomotor S-foils
SFOILS = "1e-servomotorsfoils"
#: a revealed 3-speed turn -> the Tallon Roll of its direction
_TALLON = {Bearing.TURN_LEFT: "3ER", Bearing.TURN_RIGHT: "3RR"}


def _sfoils_side(ctx: Ctx, choice: Any) -> None:
    if choice == "closed":
        flip_upgrade(ctx.game, ctx.ship, SFOILS, 1)


def _sfoils_flip(title: str) -> Triggered:
    # rulebook (1e): the Activation phase's start; "may flip this card"
    return Triggered(title, window="start_activation",
                     requirement=lambda ctx: ctx.ship.in_play,
                     effect=lambda ctx, choice: flip_upgrade(ctx.game, ctx.ship, SFOILS))


def _tallon_instead(game: Any, owner: ShipState, maneuver: str = "", **facts: Any
                    ) -> list[str]:
    if not maneuver or owner.stressed:
        return []
    parsed = Maneuver.parse(maneuver)
    roll = _TALLON.get(parsed.bearing) if parsed.speed == 3 else None
    return [roll] if roll is not None else []


def _closed_attack(game: Any, owner: ShipState, attack: AttackState | None = None,
                   **facts: Any) -> int:
    # primary attack value -1: one die fewer in primary weapon attacks
    return -1 if attack is not None and attack.attacker == owner.id and attack.primary else 0


def _closed_banks(game: Any, owner: ShipState, ship: ShipState | None = None,
                  maneuver: str = "", **facts: Any) -> int:
    if ship is None or ship.id != owner.id or not maneuver:
        return 0
    parsed = Maneuver.parse(maneuver)
    if parsed.speed != 2 or parsed.bearing not in (Bearing.BANK_LEFT, Bearing.BANK_RIGHT):
        return 0
    # "treat as green": as many steps easier as it takes (an increase still wins: FAQ (1e),
    # Movement)
    return {"W": -1, "R": -2}.get(maneuver[-1:], 0)


_BOOST = ActionSpec("boost", "white", None, SFOILS)

register("upgrade", SFOILS,
         # reference card (1e), Dual Upgrade Cards: the side faceup is chosen as the ship
         # is placed in setup (one of the two, not a "may")
         Triggered("choose the side faceup", window="after_placed", optional=False,
                   requirement=is_me,
                   choices=lambda ctx: [Option("attack", "Servomotor S-foils (Attack) faceup"),
                                        Option("closed", "Servomotor S-foils (Closed) faceup")],
                   effect=_sfoils_side),
         # (Attack) side: the barrel roll comes from the card data
         Modifier("a revealed 3 turn may be a red 3 Tallon Roll", hook="maneuver_alternatives",
                  value=_tallon_instead),
         _sfoils_flip("flip the S-foils to Closed"),
         back=(Modifier("primary attack value -1", hook="attack_dice", value=_closed_attack),
               Modifier("a boost action on the action bar", hook="added_actions",
                        value=lambda game, owner, ship=None, **facts: (_BOOST,)
                        if ship is not None and ship.id == owner.id else ()),
               Modifier("2 banks are green", hook="maneuver_difficulty", value=_closed_banks),
               _sfoils_flip("flip the S-foils to Attack")),
         description="Dual card, side picked at placement. Attack side: adds barrel roll; when "
                     "unstressed, a revealed 3 turn may become a red 3 Tallon Roll the same way. "
                     "Closed side: primary attack -1, adds boost, 2 banks are green. Either side "
                     "may be flipped as the Activation phase begins.")


# ------------------------------------------------------------------------ Enforcer
def _enforcer_applies(ctx: Ctx) -> bool:
    attacker = ctx.state.ships.get(ctx.event["attacker"])
    return (is_me(ctx, "defender") and attacker is not None and attacker.in_play
            and is_in_arc(ctx.ship, attacker, Arc.BULLSEYE))


register("upgrade", "1e-enforcer",
         Triggered("stress the attacker", window="after_defend",
                   optional=False, requirement=_enforcer_applies,
                   effect=lambda ctx, choice: gain_token(
                       ctx.game, ctx.other(ctx.event["attacker"]), Token.STRESS,
                       applier=ctx.ship.owner)),
         description="After defending against an attacker inside its bullseye arc: the "
                     "attacker receives 1 stress token.")


# -------------------------------------------------------------- Scrambler Missiles
SCRAMBLER = "1e-scramblermissiles"


def _scrambled_ships(game: Game, defender: ShipState) -> list[ShipState]:
    """The defender plus every ship within Range 1 of it (remotes are not ships)."""
    return [defender, *(s for s in game.state.in_play() if s.id != defender.id
                        and not s.remote and within_1e(defender, s, 1, 1))]


def _scrambler_hit(ctx: Ctx, choice: Any) -> None:
    attack = ctx.attack
    assert attack is not None
    for ship in _scrambled_ships(ctx.game, ctx.other(attack.defender)):
        gain_token(ctx.game, ship, Token.JAM, applier=ctx.ship.owner)
    attack.hits = attack.crits = 0
    ctx.game.event("ability", "all dice results are canceled", ship=ctx.ship.id)


register("upgrade", SCRAMBLER,
         *ordnance_weapon("Scrambler Missiles", SCRAMBLER),
         replaces_damage(SCRAMBLER, "the hit deals jam tokens instead of damage"),
         Triggered("jam the defender and ships at Range 1 of it",
                   window="attack_hit", optional=False,
                   requirement=lambda ctx: attacking_with(ctx, SCRAMBLER),
                   effect=_scrambler_hit),
         description="Attack (target lock), discarding the card: on a hit, the defender and every "
                     "ship within Range 1 of it get a jam token, and the dice results are then "
                     "canceled.")


# ---------------------------------------------------------------- Tactical Officer
TACTICAL = "1e-tacticalofficer"
_COORDINATE = ActionSpec("coordinate", "white", None, TACTICAL)

register("upgrade", TACTICAL,
         Modifier("a coordinate action on the action bar", hook="added_actions",
                  value=lambda game, owner, ship=None, **facts: (_COORDINATE,)
                  if ship is not None and ship.id == owner.id else ()),
         description="Adds a coordinate action to the action bar.")


# ------------------------------------------------------------- Magva Yarro (crew)
def _magva_applies(ctx: Ctx) -> bool:
    attacker = ctx.state.ships.get(ctx.event["attacker"])
    return (is_me(ctx, "defender") and attacker is not None and attacker.in_play
            and can_lock(ctx.game, ctx.ship, attacker.id) is None)


register("upgrade", "1e-magvayarro",
         Triggered("lock the attacker", window="after_defend",
                   requirement=_magva_applies,
                   choices=lambda ctx: ship_options([ctx.other(ctx.event["attacker"])]),
                   effect=lambda ctx, choice: acquire_lock(ctx.game, ctx.ship, choice)),
         description="Once an attack on her resolves, she may lock the attacker.")


# ------------------------------------------------------------------ Death Troopers
def _troopers_apply(ctx: Ctx) -> bool:
    attacker = ctx.state.ships.get(ctx.event["attacker"])
    defender = ctx.state.ships.get(ctx.event["defender"])
    return (attacker is not None and defender is not None and ctx.ship.in_play
            and defender.id != ctx.ship.id and friendly(ctx.ship, defender)
            and attacker.owner != ctx.ship.owner and within_1e(ctx.ship, defender, 1, 1)
            and inside_firing_arc(attacker, ctx.ship))


register("upgrade", "1e-deathtroopers",
         Triggered("stress the attacker", window="defender_declared",
                   optional=False, requirement=_troopers_apply,
                   effect=lambda ctx, choice: gain_token(
                       ctx.game, ctx.other(ctx.event["attacker"]), Token.STRESS,
                       applier=ctx.ship.owner)),
         description="When a friend at Range 1 is chosen as defender and this ship sits in the "
                     "attacker's arc at Range 1-3, that attacker is stressed.")


# -------------------------------------------------------------- Saw Gerrera (crew)
SAW = "1e-sawgerrera"
SAW_DICE = CardAbility(SAW, "Saw Gerrera (suffer 1 damage: all focus to critical hits)",
                       effect=ChangeResults(None, (Face.FOCUS,), (Face.CRIT,)),
                       roles=ATTACKING)

register("upgrade", SAW,
         DiceMod("take 1 damage: focus results become crits",
                 dice=SAW_DICE, applies=lambda game, attack, owner, user: user.id == owner.id
                 and attack.attacker == owner.id,
                 after=lambda ctx, option: suffer_damage(ctx.game, ctx.ship, hits=1,
                                                         cause="Saw Gerrera")),
         description="On attack, he may take 1 damage to turn every focus result into a critical "
                     "hit.")


# ------------------------------------------------------------- Crossfire Formation
CROSSFIRE = "1e-crossfireformation"
CROSSFIRE_DICE = CardAbility(CROSSFIRE, "Crossfire Formation (add 1 focus result)",
                             effect=AddResults(Face.FOCUS), roles=DEFENDING)


def _resistance(ship: ShipState) -> bool:
    return not ship.remote and load_cards().pilot(ship.pilot).faction == "resistance"


def _crossfire_test(game: Game, attack: AttackState, owner: ShipState) -> bool:
    attacker = game.state.ships[attack.attacker]
    return any(s.id != owner.id and friendly(owner, s) and _resistance(s)
               and within_1e(attacker, s, 1, 2) for s in game.state.in_play())


register("upgrade", CROSSFIRE,
         DiceMod("add 1 focus result", dice=CROSSFIRE_DICE,
                 applies=defending_if(_crossfire_test)),
         description="On defense, if some other Resistance friend is within Range 1-2 of its "
                     "attacker, it may add a focus to its roll.")


# ---------------------------------------------------------------- "Chopper" (SWX72)
CHOPPER = "1e-chopper-swx72"


def _chopper_choices(ctx: Ctx) -> list[Option]:
    db = load_cards()
    return [Option(card, f"discard {db.upgrade(card).name}") for card in ctx.ship.upgrades
            if card != CHOPPER and not is_discarded(ctx.ship, card)]


def _chopper(ctx: Ctx, choice: Any) -> None:
    discard_upgrade(ctx.game, ctx.ship, str(choice))
    recover_shield(ctx.game, ctx.ship)


register("upgrade", CHOPPER,
         # ruling: only while a shield can be recovered (the discard pays for the shield)
         CardAction("discard 1 other upgrade card to recover 1 shield", key="discard",
                    requirement=lambda ctx: ctx.ship.shields < ctx.ship.shield_limit
                    and bool(_chopper_choices(ctx)),
                    choices=_chopper_choices, effect=_chopper),
         description="Action: discard 1 other equipped upgrade card to recover 1 shield.")


# ------------------------------------------------------------------ Debris Gambit
def _obstacles_at_1(game: Game, ship: ShipState) -> int:
    # Range 1 of an obstacle includes overlapping or touching it (no range 0 in 1e)
    return 0 if ship.body is None else sum(1 for o in game.state.obstacles
                                           if game.state.in_range(ship, o, 0, 1))


register("upgrade", "1e-debrisgambit",
         # ruling: with no obstacle at Range 1 the action would do nothing: not offered
         CardAction("receive 1 evade token per obstacle at Range 1 (at most 2)", key="evade",
                    requirement=lambda ctx: _obstacles_at_1(ctx.game, ctx.ship) > 0,
                    effect=lambda ctx, choice: gain_token(
                        ctx.game, ctx.ship, Token.EVADE,
                        min(2, _obstacles_at_1(ctx.game, ctx.ship)))),
         description="Action: gain an evade per obstacle within Range 1 (2 at most).")


# ----------------------------------------------------------- First Order Vanguard
VANGUARD = "1e-firstordervanguard"
VANGUARD_ATTACK = CardAbility(VANGUARD, "First Order Vanguard (reroll 1 attack die)",
                              effect=RerollDice(1), roles=ATTACKING)
VANGUARD_DEFENSE = CardAbility(VANGUARD, "First Order Vanguard (discard: reroll all defense "
                               "dice)", effect=RerollDice(15, exactly=True), roles=DEFENDING)


def _alone_in_arc(game: Game, attack: AttackState, owner: ShipState) -> bool:
    defender = game.state.ships[attack.defender]
    in_arc = [s for s in game.state.in_play() if not s.remote and inside_firing_arc(owner, s)]
    return [s.id for s in in_arc] == [defender.id]


register("upgrade", VANGUARD,
         DiceMod("reroll 1 attack die", dice=VANGUARD_ATTACK,
                 applies=lambda game, attack, owner, user: user.id == owner.id
                 and attack.attacker == owner.id and _alone_in_arc(game, attack, owner)),
         DiceMod("discard this card: reroll all defense dice", dice=VANGUARD_DEFENSE,
                 applies=defending_if(
                     lambda game, attack, owner: not is_discarded(owner, VANGUARD)),
                 after=lambda ctx, option: discard_upgrade(ctx.game, ctx.ship, VANGUARD)),
         description="When the defender is alone in its arc at Range 1-3, one attack die may be "
                     "rerolled. On defense, discard it to reroll every defense die.")


# ----------------------------------------------------------- Contraband Cybernetics
CONTRABAND = "1e-contrabandcybernetics"


def _contraband(ctx: Ctx, choice: Any) -> None:
    discard_lingering(ctx.game, ctx.ship, CONTRABAND)
    gain_token(ctx.game, ctx.ship, Token.STRESS)


def _stressed_ok(game: Game, owner: ShipState, ship: ShipState | None = None,
                 **facts: Any) -> bool:
    return ship is not None and ship.id == owner.id and lingers(owner, CONTRABAND, game)


register("upgrade", CONTRABAND,
         # on activating in the Activation phase
         Triggered("discard and take a stress: ignore stress for actions and red maneuvers this "
                   "round", window="before_activate",
                   requirement=is_me, effect=_contraband),
         back=(Modifier("actions while stressed", hook="may_act_stressed", value=_stressed_ok),
               Modifier("its Perform Action step while stressed", hook="action_step_stressed",
                        value=lambda game, owner, **facts: lingers(owner, CONTRABAND, game)),
               Modifier("red maneuvers while stressed", hook="may_execute_red_stressed",
                        value=_stressed_ok),
               END_OF_ROUND),
         description="On activating in the Activation phase, it may discard the card and take a "
                     "stress; for the rest of the round stress does not stop its actions or red "
                     "maneuvers.")


# -------------------------------------------------------------------- ISB Slicer
def _slicer_targets(ctx: Ctx) -> list[ShipState]:
    target = ctx.state.ships.get(ctx.event.get("target") or "")
    if target is None or not target.in_play:
        return []
    # ruling: the extra jam goes to a ship near the jammed one, not that ship itself
    return [s for s in ctx.state.in_play() if s.id != target.id and not s.remote
            and not s.has(Token.JAM) and within_1e(target, s, 1, 1)]


def _slicer_applies(ctx: Ctx) -> bool:
    target = ctx.state.ships.get(ctx.event.get("target") or "")
    return (is_me(ctx) and ctx.event["action"] == "jam" and target is not None
            and target.owner != ctx.ship.owner and bool(_slicer_targets(ctx)))


register("upgrade", "1e-isbslicer",
         Triggered("jam another ship near the jammed one",
                   window="after_action", requirement=_slicer_applies,
                   choices=lambda ctx: ship_options(_slicer_targets(ctx)),
                   effect=lambda ctx, choice: gain_token(ctx.game, ctx.other(choice),
                                                         Token.JAM, applier=ctx.ship.owner)),
         description="Following a jam action on an enemy, it may also jam an unjammed ship within "
                     "Range 1 of that enemy.")


# ------------------------------------------------------------------ Threat Tracker
TRACKER = "1e-threattracker"


def _tracker_specs(ctx: Ctx) -> list[ActionSpec]:
    # only an action its own bar offers
    bar = [s for s in available_actions(ctx.game, ctx.ship, False)
           if s.kind in ("boost", "barrel_roll")]
    return performable(ctx.game, ctx.ship, bar, False)


def _tracker_applies(ctx: Ctx) -> bool:
    enemy = ctx.state.ships.get(ctx.event["ship"])
    return (ctx.state.phase == "engagement" and enemy is not None and enemy.in_play
            and enemy.owner != ctx.ship.owner and enemy.id in ctx.ship.locks
            and inside_firing_arc(ctx.ship, enemy) and within_1e(ctx.ship, enemy, 1, 2)
            and bool(_tracker_specs(ctx)))


def _tracker(ctx: Ctx, choice: Any) -> None:
    for spec in _tracker_specs(ctx):
        if spec.kind == choice:
            spend_lock_on(ctx.game, ctx.ship, ctx.event["ship"])
            start_action(ctx.game, ctx.ship.id, spec, False)
            return


register("upgrade", TRACKER,
         # "activates in the Combat phase": as it engages
         Triggered("spend the lock: free boost or barrel roll",
                   window="before_engage", requirement=_tracker_applies,
                   choices=lambda ctx: action_options(_tracker_specs(ctx)), effect=_tracker),
         description="When an enemy in its arc at Range 1-2 activates in the Combat phase, it may "
                     "spend its lock on that enemy to boost or barrel roll for free (if on its "
                     "bar).")


# --------------------------------------------------------------- Advanced Ailerons
def _bank_3_white(game: Any, owner: ShipState, ship: ShipState | None = None,
                  maneuver: str = "", **facts: Any) -> int:
    if ship is None or ship.id != owner.id or not maneuver:
        return 0
    parsed = Maneuver.parse(maneuver)
    if parsed.speed != 3 or parsed.bearing not in (Bearing.BANK_LEFT, Bearing.BANK_RIGHT):
        return 0
    return -1 if maneuver[-1:] == "R" else 0


register("upgrade", "1e-advancedailerons",
         Modifier("3 banks are white", hook="maneuver_difficulty", value=_bank_3_white),
         # the same move as Adaptive Ailerons' (upgrades_w8b_2): a maneuver, not an action
         Triggered("execute a white 1 bank or 1 straight before revealing the dial",
                   window="before_reveal", optional=False, requirement=ailerons_applies,
                   choices=ailerons_choices, effect=ailerons),
         description="3 banks are white. Immediately before revealing the dial, if not "
                     "stressed: must execute a white [1 bank left], [1 straight] or [1 bank "
                     "right] maneuver.")
