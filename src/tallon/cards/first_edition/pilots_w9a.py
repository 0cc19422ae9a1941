"""First-edition pilots of the Auzituck Gunship, TIE Aggressor, Scurrg H-6 Bomber, Guns for
Hire and Alpha-class Star Wing expansion packs, registered under their play ids
(:mod:`tallon.data.first_edition_play`). Descriptions are Tallon's own words; the rules
sources are the first edition's core rulebook, its reference cards and its FAQ
(``FAQ (1e)``).

First-edition ranges have no range 0: cards measure with
:mod:`tallon.cards.first_edition.ranges_1e`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tallon.cards.common import is_me, recalled, remember, this_round
from tallon.cards.first_edition.ranges_1e import within_1e
from tallon.cards.pilots.scurrgh6bomber import device_crossed
from tallon.cards.registry import register
from tallon.data import load_cards
from tallon.dice import Face, Situation
from tallon.dice.abilities.base import ATTACKING, DEFENDING, Window
from tallon.dice.abilities.effects import AddResults, CardAbility, Effect, Variant
from tallon.dice.counts import face_count
from tallon.dice.ops import Cancel
from tallon.engine.abilities import Cost, Ctx, DiceMod, Modifier, Replacement, Triggered
from tallon.engine.allegiance import friendly
from tallon.engine.attack import can_bonus_attack, perform_bonus_attack
from tallon.engine.conditions import assign_condition
from tallon.engine.decisions import Option
from tallon.engine.effects import gain_token, remove_token
from tallon.engine.payloads import device
from tallon.engine.state import ShipState, Token
from tallon.engine.weapons import weapons_of
from tallon.geometry.maneuvers import Bearing, Maneuver

if TYPE_CHECKING:
    from tallon.engine.game import Game
    from tallon.engine.state import AttackState


# ------------------------------------------------------------- Lieutenant Kestal
KESTAL = "1e-tieaggressor-lieutenantkestal"


class CancelBlanksAndFocus(Effect):
    """A dice effect: cancel every blank and [focus] result of the dice."""

    def variants(self, situation: Situation) -> list[Variant]:
        pool = situation.pool
        ops = tuple(Cancel(face, face_count(pool, face)) for face in (Face.BLANK, Face.FOCUS)
                    if face_count(pool, face))
        return [ops] if ops else []


KESTAL_DICE = CardAbility(KESTAL, "Lieutenant Kestal (spend 1 focus token: cancel the "
                          "defender's blank and focus results)",
                          effect=CancelBlanksAndFocus(), window=Window.OPPONENT_DICE,
                          roles=ATTACKING, cost=(("focus", 1),))

register("pilot", KESTAL,
         # the attacker's part of the Modify Defense Dice step (FAQ (1e), timing chart)
         DiceMod("spend a focus: cancel the defender's blanks and focuses",
                 dice=KESTAL_DICE,
                 applies=lambda game, attack, owner, user: user.id == owner.id
                 and attack.attacker == owner.id),
         description="Attacking: may spend a focus token to wipe out every blank and focus result "
                     "the defender rolled.")


# ------------------------------------------------------------------ "Double Edge"
DOUBLE_EDGE = "1e-tieaggressor-doubleedge"
DOUBLE_EDGE_ROUND = "1e-doubleedge:round"


def _other_weapons(game: Game, ship: ShipState, used: str) -> tuple[str, ...]:
    return tuple(w.id for w in weapons_of(game, ship) if w.id != used)


def _double_edge_applies(ctx: Ctx) -> bool:
    if not is_me(ctx, "attacker") or ctx.event["hit"] or ctx.event["primary"]:
        return False
    others = _other_weapons(ctx.game, ctx.ship, ctx.event["weapon"])
    return (not this_round(ctx, ctx.ship, DOUBLE_EDGE_ROUND) and bool(others)
            and can_bonus_attack(ctx.game, ctx.ship, only=others))


def _double_edge(ctx: Ctx, choice: Any) -> None:
    remember(ctx.ship, DOUBLE_EDGE_ROUND, ctx.state.round)
    perform_bonus_attack(ctx.game, ctx.ship,
                         only=_other_weapons(ctx.game, ctx.ship, ctx.event["weapon"]))


register("pilot", DOUBLE_EDGE,
         # FAQ (1e), timing chart step 9: an ability that performs an attack
         Triggered("attack again with another weapon", window="after_attack",
                   bonus_attack=True, requirement=_double_edge_applies, effect=_double_edge),
         description="Once per round, when a secondary weapon attack misses: may attack again "
                     "with another weapon.")


# -------------------------------------------------------------------- Viktor Hel
VIKTOR = "1e-kihraxzfighter-viktorhel"
#: attack mark: how many defense dice Viktor Hel rolled in this attack
VIKTOR_ROLLED = "1e-viktorhel:rolled"


def _viktor_counts(ctx: Ctx, choice: Any) -> None:
    attack = ctx.attack
    assert attack is not None and attack.defense_dice is not None
    attack.marks[VIKTOR_ROLLED] = len(list(attack.defense_dice))


def _viktor_applies(ctx: Ctx) -> bool:
    attack = ctx.attack
    attacker = ctx.state.ships.get(ctx.event["attacker"])
    return (is_me(ctx, "defender") and attack is not None and attacker is not None
            and attacker.in_play and attack.marks.get(VIKTOR_ROLLED, 0) != 2)


register("pilot", VIKTOR,
         Triggered("count the defense dice rolled", window="after_dice_rolled",
                   optional=False, effect=_viktor_counts,
                   requirement=lambda ctx: is_me(ctx, "defender")
                   and ctx.event["kind"] == "defense" and ctx.attack is not None),
         # ruling: the dice he rolled in the Roll Defense Dice step (rerolls and added
         # results aside); no roll at all is not exactly 2 dice
         Triggered("stress the attacker", window="after_defend",
                   optional=False, requirement=_viktor_applies,
                   effect=lambda ctx, choice: gain_token(
                       ctx.game, ctx.other(ctx.event["attacker"]), Token.STRESS,
                       applier=ctx.ship.owner)),
         description="After defending with any number of defense dice other than 2: the attacker "
                     "gains 1 stress token.")


# ---------------------------------------------------------------------- Lowhhrick
LOWHHRICK = "1e-auzituckgunship-lowhhrick"
_REINFORCE = (Token.REINFORCE_FORE, Token.REINFORCE_AFT)

LOWHHRICK_DICE = CardAbility(LOWHHRICK, "Lowhhrick (spend his reinforce token: add 1 evade "
                             "result)", effect=AddResults(Face.EVADE), roles=DEFENDING)


def has_reinforce(ship: ShipState) -> bool:
    """The ship has a (first-edition) reinforce token, either side up."""
    return any(ship.has(t) for t in _REINFORCE)


def spend_reinforce(game: Game, ship: ShipState) -> None:
    """Spend 1 of the ship's reinforce tokens (either side up)."""
    token = next(t for t in _REINFORCE if ship.has(t))
    remove_token(game, ship, token)
    game.event("token", f"{ship.name} ({ship.id}) spends 1 reinforce token", ship=ship.id)


def _lowhhrick_applies(game: Game, attack: AttackState, owner: ShipState,
                       user: ShipState) -> bool:
    # "another friendly ship at Range 1": not himself
    return (user.id != owner.id and attack.defender == user.id and owner.in_play
            and friendly(owner, user) and within_1e(owner, user, 1, 1)
            and has_reinforce(owner))


register("pilot", LOWHHRICK,
         DiceMod("spend a reinforce token: the defender gets an evade result",
                 dice=LOWHHRICK_DICE, applies=_lowhhrick_applies, for_others=True,
                 after=lambda ctx, option: spend_reinforce(ctx.game, ctx.ship)),
         description="A friendly ship within Range 1 defends: he may spend a reinforce token to "
                     "give it an added evade result.")


# -------------------------------------------------------------------- Wullffwarro
def _wullffwarro(game: Any, owner: ShipState, attack: AttackState | None = None,
                 **facts: Any) -> int:
    if attack is None or attack.attacker != owner.id:
        return 0
    return 1 if owner.shields == 0 and owner.damage else 0


register("pilot", "1e-auzituckgunship-wullffwarro",
         Modifier("1 more attack die with no shields and a damage card",
                  hook="attack_dice", value=_wullffwarro),
         description="Attacking while shieldless and damaged (a damage card or "
                     "more): 1 extra attack die.")


# ----------------------------------------------------- Captain Nym (Scum and Villainy)
NYM_SCUM = "1e-scurrgh6bomber-captainnym-scumandvillainy"


def friendly_bomb(game: Game, owner: ShipState, device_id: str) -> bool:
    """Whether ``device_id`` is a bomb token (a bomb or a mine: the first edition calls
    both bomb tokens) of ``owner``'s player."""
    found = device(game, device_id)
    return found is not None and found.owner == owner.owner


def _nym_ignores(game: Any, owner: ShipState, ship: ShipState | None = None,
                 device: str = "", **facts: Any) -> bool:
    # ruling: "may ignore" is always taken (ignoring his own bombs never harms him)
    return ship is not None and ship.id == owner.id and friendly_bomb(game, owner, device)


def through_friendly_bomb(game: Game, owner: ShipState, attack: AttackState) -> bool:
    """Whether the attacker measures range through a bomb token of ``owner``'s player."""
    from tallon.cards.common import attack_crossing

    crossing = attack_crossing(game, attack)
    if crossing is None:
        return False
    return any(friendly_bomb(game, owner, i) and device_crossed(game, i, crossing.lines)
               for i in crossing.objects)


NYM_DICE = CardAbility(NYM_SCUM, "Captain Nym (range measured through a friendly bomb: add "
                       "1 evade result)", effect=AddResults(Face.EVADE), roles=DEFENDING)


def _nym_defends(game: Game, attack: AttackState, owner: ShipState, user: ShipState) -> bool:
    # "a friendly ship" includes Nym himself
    return (attack.defender == user.id and owner.in_play and friendly(owner, user)
            and through_friendly_bomb(game, owner, attack))


register("pilot", NYM_SCUM,
         Modifier("ignores friendly bombs", hook="ignores_device", value=_nym_ignores),
         DiceMod("add 1 evade result: range measured through a friendly bomb",
                 dice=NYM_DICE, applies=_nym_defends, for_others=True),
         description="Ignores friendly bombs. A friendly ship defending against an attack "
                     "whose range is measured through a friendly bomb token may add 1 evade "
                     "result.")


# -------------------------------------------------------- Captain Nym (Rebel Alliance)
NYM_REBEL = "1e-scurrgh6bomber-captainnym-rebelalliance"
NYM_ROUND = "1e-captainnym:round"


def _nym_prevent_applies(ctx: Ctx, facts: dict[str, Any]) -> bool:
    return (ctx.ship.in_play and friendly_bomb(ctx.game, ctx.ship, facts["device"])
            and not this_round(ctx, ctx.ship, NYM_ROUND))


def _nym_prevents(ctx: Ctx, facts: dict[str, Any], choice: Any) -> None:
    remember(ctx.ship, NYM_ROUND, ctx.state.round)
    # ruling: a bomb that does not detonate stays in the play area (it detonates at the end
    # of a later Activation phase, unless prevented again)
    ctx.game.event("device", f"{facts['device']} does not detonate ({ctx.ship.name})",
                   device=facts["device"])


register("pilot", NYM_REBEL,
         Replacement("prevent the friendly bomb from detonating", point="detonate",
                     applies=_nym_prevent_applies, replace=_nym_prevents),
         description="Once per round: may stop a friendly bomb detonating (it "
                     "stays in the play area).")


# ---------------------------------------------------------------------- Sol Sixxa
def _sol(game: Any, owner: ShipState, card: str = "", templates: tuple[str, ...] = (),
         launch: bool = False, **facts: Any) -> list[tuple[str, bool]]:
    if launch or "1F" not in templates:
        return []
    return [("1T", False), ("1Y", False)]


register("pilot", "1e-scurrgh6bomber-solsixxa",
         Modifier("drop bombs with a [1 turn] template", hook="device_templates", value=_sol),
         description="Dropping a bomb: may use the [1 turn] template (left or right) instead "
                     "of the [1 straight].")


# ------------------------------------------------------------------- Dalan Oberos
DALAN = "1e-starviper-dalanoberos"
#: bearing revealed -> the Tallon Roll of its direction
_TALLON = {Bearing.TURN_LEFT: Bearing.TALLON_ROLL_LEFT,
           Bearing.BANK_LEFT: Bearing.TALLON_ROLL_LEFT,
           Bearing.SEGNOR_LOOP_LEFT: Bearing.TALLON_ROLL_LEFT,
           Bearing.TURN_RIGHT: Bearing.TALLON_ROLL_RIGHT,
           Bearing.BANK_RIGHT: Bearing.TALLON_ROLL_RIGHT,
           Bearing.SEGNOR_LOOP_RIGHT: Bearing.TALLON_ROLL_RIGHT}


def _dalan_alternatives(game: Any, owner: ShipState, maneuver: str = "",
                        **facts: Any) -> list[str]:
    if not maneuver or owner.stressed:
        return []
    parsed = Maneuver.parse(maneuver)
    roll = _TALLON.get(parsed.bearing)
    return [f"{parsed.speed}{roll.value}R"] if roll is not None else []


def _dalan_template(ctx: Ctx, facts: dict[str, Any]) -> str | None:
    """The template of the bank or Segnor's Loop Dalan revealed, when the Tallon Roll he
    executes replaces it (a turn's Tallon Roll is flown on its own template)."""
    ship = ctx.ship
    if facts["ship"] != ship.id or facts["ion"] or facts["slam"] or not ship.dial_set:
        return None
    executed = Maneuver.parse(facts["maneuver"])
    revealed = Maneuver.parse(ship.dial_set)
    if executed.bearing not in (Bearing.TALLON_ROLL_LEFT, Bearing.TALLON_ROLL_RIGHT) or \
            _TALLON.get(revealed.bearing) is not executed.bearing:
        return None
    if revealed.bearing in (Bearing.TURN_LEFT, Bearing.TURN_RIGHT):
        return None
    return "bank"


def _dalan_on_template(ctx: Ctx, facts: dict[str, Any], choice: Any) -> None:
    from tallon.engine.movement import ExecuteOnTemplate

    ctx.game.now(ExecuteOnTemplate(ctx.ship.id, facts["maneuver"], facts["ion"], facts["slam"],
                                   False, False, str(_dalan_template(ctx, facts))))


register("pilot", DALAN,
         Modifier("treat a revealed turn, bank or Segnor's Loop as a red Tallon Roll",
                  hook="maneuver_alternatives", value=_dalan_alternatives),
         # flown on the revealed maneuver's own template: a bank's or Segnor's
         # Loop's Tallon Roll is flown on the bank template
         Replacement("fly the Tallon Roll on the revealed maneuver's template",
                     point="execute_maneuver", optional=False,
                     applies=lambda ctx, facts: _dalan_template(ctx, facts) is not None,
                     replace=_dalan_on_template),
         description="Unstressed, on revealing a bank, turn or Segnor's Loop: may fly a red Tallon "
                     "Roll instead (same direction and speed) on the revealed maneuver's template.")


# ------------------------------------------------------------------------ "Thweek"
THWEEK = "1e-starviper-thweek"
SHADOWED = "1e-shadowed"
MIMICKED = "1e-mimicked"
#: card memory of Thweek: the id of the ship he shadows
THWEEK_SHADOWS = "1e-thweek:shadows"


def _thweek_options(ctx: Ctx) -> list[Option]:
    return [Option(f"{condition}@{s.id}", f"assign {name} to {s.name} ({s.id})")
            for s in ctx.state.ships.values() if s.owner != ctx.ship.owner and not s.remote
            and not s.removed
            for condition, name in ((SHADOWED, "Shadowed"), (MIMICKED, "Mimicked"))]


def _thweek(ctx: Ctx, choice: Any) -> None:
    condition, _, target_id = str(choice).partition("@")
    target = ctx.other(target_id)
    assign_condition(ctx.game, target, condition, ctx.ship.owner)
    if condition == SHADOWED:
        remember(ctx.ship, THWEEK_SHADOWS, target.id)
        return
    # Mimicked: he has the pilot ability for the rest of the game, even once the ship is
    # destroyed (so not a copy that leaves with it: engine/pilot_copies.py); ruling: a
    # pilot ability that assigns a condition (every first-edition pilot card naming one)
    # gives him nothing, as he cannot apply a condition with it
    if not load_cards().pilot(target.pilot).conditions:
        ctx.ship.cards = (*ctx.ship.cards, ("pilot", target.pilot, 0))
        ctx.game.event("ability", f"{ctx.ship.name} ({ctx.ship.id}) has the pilot ability of "
                       f"{target.name}", ship=ctx.ship.id)


def _thweek_shadowing(ctx: Ctx, choice: Any) -> None:
    target = ctx.state.ships[recalled(ctx.ship, THWEEK_SHADOWS)]
    # the value after setup, kept whatever happens to that ship later
    ctx.ship.initiative = target.current_initiative
    ctx.game.event("ability", f"{ctx.ship.name} ({ctx.ship.id}) has pilot skill "
                   f"{ctx.ship.initiative} (Shadowed: {target.name})", ship=ctx.ship.id)


register("pilot", THWEEK,
         Triggered("assign Shadowed or Mimicked to an enemy ship",
                   window="before_place_forces",
                   requirement=lambda ctx: bool(_thweek_options(ctx)),
                   choices=_thweek_options, effect=_thweek),
         Triggered("take the shadowed ship's pilot skill", window="end_setup",
                   optional=False, effect=_thweek_shadowing,
                   requirement=lambda ctx: recalled(ctx.ship, THWEEK_SHADOWS) is not None),
         description="Setup, before Place Forces: may assign Shadowed (he takes that ship's "
                     "pilot skill after setup) or Mimicked (he has its pilot ability) to an "
                     "enemy ship.")
# the conditions' text is Thweek's ability above: on the enemy ship they only mark it
register("condition", SHADOWED,
         description="Marks the ship whose pilot skill after setup \"Thweek\" has.")
register("condition", MIMICKED,
         description="Marks the ship whose pilot ability \"Thweek\" has, even once it is "
                     "destroyed.")


# --------------------------------------------------------------- Captain Jostero
JOSTERO = "1e-kihraxzfighter-captainjostero"
JOSTERO_ROUND = "1e-captainjostero:round"


def _jostero_applies(ctx: Ctx) -> bool:
    target = ctx.state.ships.get(ctx.event["ship"])
    if target is None or not target.in_play or target.owner == ctx.ship.owner:
        return False
    attack = ctx.attack
    if attack is not None and attack.defender == target.id:
        return False  # "not defending from an attack"
    if not (ctx.event["hits"] or ctx.event["crits"]):
        return False
    return (not this_round(ctx, ctx.ship, JOSTERO_ROUND)
            and can_bonus_attack(ctx.game, ctx.ship, defenders=(target.id,)))


def _jostero(ctx: Ctx, choice: Any) -> None:
    remember(ctx.ship, JOSTERO_ROUND, ctx.state.round)
    perform_bonus_attack(ctx.game, ctx.ship, defenders=(ctx.event["ship"],))


register("pilot", JOSTERO,
         Triggered("perform an attack against the ship that suffered damage",
                   window="after_suffer_damage", bonus_attack=True,
                   requirement=_jostero_applies, effect=_jostero),
         description="Once per round, when an enemy ship takes damage while not the defender: "
                     "may attack that ship.")


# ------------------------------------------------------------------- Major Vynder
def _vynder(game: Any, owner: ShipState, attack: AttackState | None = None,
            **facts: Any) -> int:
    if attack is None or attack.defender != owner.id:
        return 0
    return 1 if owner.has(Token.DISARM) else 0


register("pilot", "1e-alphaclassstarwing-majorvynder",
         # the weapons disabled token is the engine's disarm token
         Modifier("1 more defense die with a weapons disabled token", hook="defense_dice",
                  value=_vynder),
         description="Defending with a weapons disabled token: rolls 1 additional defense "
                     "die.")


# -------------------------------------------------------------- Lieutenant Karsabi
def _karsabi_applies(ctx: Ctx) -> bool:
    return (is_me(ctx) and ctx.event["token"] == Token.DISARM.value
            and ctx.ship.has(Token.DISARM) and not ctx.ship.stressed)


register("pilot", "1e-alphaclassstarwing-lieutenantkarsabi",
         Triggered("swap the weapons disabled token for a stress token",
                   window="after_gain_token", requirement=_karsabi_applies,
                   cost=Cost(gain=(("stress", 1),)),
                   effect=lambda ctx, choice: remove_token(ctx.game, ctx.ship, Token.DISARM)),
         description="Given a weapons disabled token while unstressed: may swap "
                     "it for 1 stress token.")


__all__ = ["CancelBlanksAndFocus", "friendly_bomb", "has_reinforce", "spend_reinforce",
           "through_friendly_bomb"]
