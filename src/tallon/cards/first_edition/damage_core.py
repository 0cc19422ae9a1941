"""The first edition's original core damage deck (``1e-core``: 33 cards, 14 kinds).

Rulebook (1e), Critical Damage: a card dealt faceup resolves its text as it instructs (its
lasting effects are its abilities while it stays faceup; a critical hit token reminds of
them); "Action: Flip this card facedown" is the engine's repair action. Rulebook (1e),
Destroying Ships: faceup and facedown cards count toward the hull value, a faceup Direct
Hit! as two. Cards of one title that do the same thing in both first-edition decks are
written here once and registered under both ids by :mod:`.damage_tfa`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tallon.cards.common import is_me, repair_this, roll_die, this_card
from tallon.cards.damage_blocks import REPAIR, on_dealt, own_trigger
from tallon.cards.first_edition.ordnance_1e import discard_upgrade
from tallon.cards.registry import register
from tallon.data import load_cards
from tallon.dice import Face
from tallon.engine.abilities import CardAction, Ctx, Modifier, Triggered
from tallon.engine.decisions import Option
from tallon.engine.devices import overlapped_before
from tallon.engine.effects import (
    gain_token,
    ignores_obstacle,
    repair_damage,
    suffer_damage,
)
from tallon.engine.state import ShipState, Token
from tallon.engine.steps import continuation
from tallon.geometry import Maneuver

if TYPE_CHECKING:
    from tallon.engine.game import Game

CORE = "1e-core-"


# ------------------------------------------------------------------ building blocks
def flip_facedown(game: Game, ship_id: str, serial: int) -> None:
    """"Flip this card facedown" (the engine's repair of a faceup card), if it is still
    the ship's and faceup."""
    ship = game.state.ships[ship_id]
    if any(d.serial == serial and d.faceup for d in ship.damage):
        repair_damage(game, ship, serial)


def _same_card_once(card: str) -> Modifier:
    """FAQ (1e), General: having several copies of one card whose ability is an action
    does not let the ship perform that action more than once per round (the engine names
    each copy's action ``<card>@<serial>``)."""

    def forbids(game: Any, owner: ShipState, ship: ShipState | None = None,
                action: str = "", **facts: Any) -> bool:
        if ship is None or ship.id != owner.id or action.partition("@")[0] != card:
            return False
        return any(done.partition("@")[0] == card and done != action
                   for done in ship.actions_done)

    return Modifier("one action of this card's copies per round", hook="action_forbidden",
                    value=forbids)


def roll_to_flip(card: str, faces: tuple[str, ...]) -> tuple[CardAction, Modifier]:
    """The card's action (a die roll; one of ``faces`` turns the card facedown), and the
    FAQ's one such action per round for all copies of the card."""

    def roll(ctx: Ctx, choice: Any) -> None:
        roll_die(ctx, "damage1e.roll_to_flip", (ctx.ship.id, this_card(ctx), faces))

    return (CardAction("roll 1 attack die to flip this card facedown", key="roll",
                       effect=roll), _same_card_once(card))


@continuation("damage1e.roll_to_flip")
def _roll_to_flip(game: Game, face: Face, ship_id: str, serial: int,
                  faces: tuple[str, ...]) -> None:
    if face.name.lower() in faces:
        flip_facedown(game, ship_id, serial)


def flip_action(card: str) -> tuple[CardAction, Modifier]:
    """"Action: Flip this card facedown" (one per round for all copies: FAQ (1e))."""
    return REPAIR, _same_card_once(card)


def roll_for_damage(cause: str, *, crit: bool = False, flip: bool = False) -> Any:
    """The effect: an attack die is rolled, and a [Hit] costs 1 damage (``crit``: 1
    critical damage); ``flip``: the card then goes facedown (either way)."""

    def effect(ctx: Ctx, choice: Any) -> None:
        roll_die(ctx, "damage1e.rolled", (ctx.ship.id, this_card(ctx), cause, crit, flip))

    return effect


@continuation("damage1e.rolled")
def _rolled(game: Game, face: Face, ship_id: str, serial: int, cause: str, crit: bool,
            flip: bool) -> None:
    if flip:
        # at once: the damage rolled is suffered next, with nothing between
        flip_facedown(game, ship_id, serial)
    if face is Face.HIT:
        suffer_damage(game, game.state.ships[ship_id], hits=0 if crit else 1,
                      crits=1 if crit else 0, cause=cause)


def _agility_down(game: Any, owner: ShipState, ship: ShipState | None = None,
                  **facts: Any) -> int:
    return -1 if ship is not None and ship.id == owner.id else 0


#: agility -1 (never below 0): the hook agility keeps the minimum
#: for the end of the calculation (FAQ (1e): Increasing and Reducing Values).
AGILITY_DOWN = Modifier("agility reduced by 1 (minimum 0)", hook="agility",
                        value=_agility_down)


# ------------------------------------------------------------- shared by both decks
def console_fire(card: str) -> tuple[Any, ...]:
    """Console Fire: a roll as every Combat phase begins; a [Hit] deals 1 damage.
    Action: flip it facedown."""
    return (Triggered("start of the Combat phase: roll, a hit deals 1 damage",
                      window="start_engagement", effect=roll_for_damage("Console Fire"),
                      optional=False, requirement=lambda ctx: ctx.ship.in_play),
            *flip_action(card))


def _turn_red(game: Any, owner: ShipState, ship: ShipState | None = None,
              maneuver: str = "", **facts: Any) -> int:
    if ship is None or ship.id != owner.id or not maneuver:
        return 0
    # two steps: any turn is red; the increase wins over decreases (Ruleset
    # difficulty_increase_wins: FAQ (1e), Movement)
    return 2 if Maneuver.parse(maneuver).bearing.value in ("T", "Y") else 0


DAMAGED_ENGINE = Modifier("turn maneuvers are red", hook="maneuver_difficulty",
                          value=_turn_red)


def _thrust_control_fire(ctx: Ctx, choice: Any) -> None:
    gain_token(ctx.game, ctx.ship, Token.STRESS)
    repair_this(ctx)


THRUST_CONTROL_FIRE = on_dealt("gain 1 stress token and turn this card facedown",
                               _thrust_control_fire)


def _counts_twice(game: Any, owner: ShipState, ship: ShipState | None = None,
                  **facts: Any) -> int:
    return 1 if ship is not None and ship.id == owner.id else 0


#: Rulebook (1e), Destroying Ships: a faceup Direct Hit! counts as 2 damage against the
#: hull (facedown it is one card like any other).
DIRECT_HIT = Modifier("counts as 2 damage against the hull", hook="hull_damage",
                      value=_counts_twice)


def _cockpit(ctx: Ctx, choice: Any) -> None:
    # FAQ (1e), Altered Pilot Skill: the most recent change applies; a later one this
    # round (Swarm Tactics) sets it again
    ctx.ship.round_initiative = 0
    ctx.game.event("initiative", f"{ctx.ship.name} ({ctx.ship.id}): Damaged Cockpit - pilot "
                   "skill 0 this round", ship=ctx.ship.id)


#: pilot skill 0 from the round after the card arrives: a faceup card
#: at the start of a round was dealt (or flipped faceup) in an earlier one (FAQ (1e)).
DAMAGED_COCKPIT = Triggered("pilot skill 0 this round", window="start_round",
                            effect=_cockpit, optional=False,
                            requirement=lambda ctx: ctx.ship.in_play)


# --------------------------------------------------------------------- core deck
def _blinded_max(game: Any, owner: ShipState, attack: Any = None, **facts: Any) -> int | None:
    return 0 if attack is not None and attack.attacker == owner.id else None


register("damage", CORE + "blindedpilot",
         Modifier("the next attack rolls no attack dice", hook="max_attack_dice",
                  value=_blinded_max),
         # FAQ (1e): each copy flips facedown after the ship's next attack
         Triggered("flip it facedown after attacking", window="after_attack",
                   effect=lambda ctx, choice: repair_this(ctx), optional=False,
                   requirement=lambda ctx: is_me(ctx, "attacker")),
         description="The next attack rolls no attack dice; after it, flip it facedown.")

register("damage", CORE + "consolefire", *console_fire(CORE + "consolefire"),
         description="Start of the Combat phase: roll an attack die, a hit deals 1 damage. "
                     "Action: flip it facedown.")

register("damage", CORE + "damagedcockpit", DAMAGED_COCKPIT,
         description="From the round after it is dealt: pilot skill 0.")

register("damage", CORE + "damagedengine", DAMAGED_ENGINE,
         description="Turn maneuvers are red.")


def _bar_forbidden(game: Any, owner: ShipState, ship: ShipState | None = None,
                   action: str = "", **facts: Any) -> bool:
    # FAQ (1e): only the actions listed in the bar; the same action granted by another
    # card is still forbidden if the bar lists it (Ysanne Isard's evade)
    return ship is not None and ship.id == owner.id and \
        any(spec.kind == action for spec in ship.actions)


register("damage", CORE + "damagedsensorarray",
         Modifier("the action bar's actions can't be performed", hook="action_forbidden",
                  value=_bar_forbidden),
         *roll_to_flip(CORE + "damagedsensorarray", ("hit",)),
         description="The actions of its action bar can't be performed. Action: roll an "
                     "attack die, a hit flips it facedown.")

register("damage", CORE + "directhit", DIRECT_HIT,
         description="Counts as 2 damage against the hull.")


def _injured_ignores(ship: ShipState, kind: str, card: str) -> bool:
    if kind == "pilot":
        return card == ship.pilot
    if kind == "upgrade":
        return "elite" in load_cards().upgrade(card).sides[0].slots
    return False


# its only effect: the engine leaves the ignored cards out of the ship's abilities
register("damage", CORE + "injuredpilot", ignores=_injured_ignores,
         description="Every player ignores the ship's pilot ability and its Elite upgrades.")


register("damage", CORE + "minorexplosion",
         on_dealt("roll: a hit deals 1 damage; then flip it facedown",
                  roll_for_damage("Minor Explosion", flip=True)),
         description="Dealt faceup: roll an attack die, a hit deals 1 damage; then flip it "
                     "facedown.")

register("damage", CORE + "minorhullbreach",
         own_trigger("after_execute", "after a red maneuver: roll, a hit deals 1 damage",
                     roll_for_damage("Minor Hull Breach"),
                     extra=lambda ctx: ctx.event.get("difficulty") == "red"),
         description="Each red maneuver executed: roll an attack die; 1 damage on a hit.")


def secondary_weapons(ship: ShipState) -> list[str]:
    """The ship's secondary weapon upgrades (those with an attack)."""
    db = load_cards()
    return [x for kind, x, _ in ship.cards if kind == "upgrade"
            and any(side.attack is not None for side in db.upgrade(x).sides)]


def _munitions_choices(ctx: Ctx) -> list[Option]:
    weapons = secondary_weapons(ctx.ship)
    if not weapons:
        return [Option("none", "no secondary weapon: flip it facedown")]
    db = load_cards()
    return [Option(x, f"discard {db.upgrade(x).name}") for x in weapons]


def _munitions_failure(ctx: Ctx, choice: Any) -> None:
    if choice in secondary_weapons(ctx.ship):
        discard_upgrade(ctx.game, ctx.ship, choice)
    repair_this(ctx)


register("damage", CORE + "munitionsfailure",
         Triggered("discard a secondary weapon upgrade, then flip it facedown",
                   window="damage_dealt_faceup", effect=_munitions_failure,
                   requirement=lambda ctx: ctx.event.get("serial") == this_card(ctx)
                   and is_me(ctx), optional=False, choices=_munitions_choices),
         description="Dealt faceup: choose one of the ship's secondary weapon upgrades and "
                     "discard it; then flip it facedown.")

register("damage", CORE + "structuraldamage", AGILITY_DOWN,
         *roll_to_flip(CORE + "structuraldamage", ("hit",)),
         description="Agility reduced by 1 (minimum 0). Action: roll an attack die, a hit "
                     "flips it facedown.")


def overlaps_at_end(ctx: Ctx) -> bool:
    """After a maneuver: it overlapped another ship, or ends on an obstacle token whose
    effects it does not ignore (FAQ (1e): the final position counts, not the template;
    Dash Rendar ignoring obstacles suffers nothing)."""
    if ctx.event.get("forced_by"):
        return True
    ship = ctx.ship
    if ship.body is None:
        return False
    obstacles = {o.id for o in ctx.state.obstacles}
    return any(o in obstacles and not ignores_obstacle(ctx.game, ship, o, during="move")
               for o in overlapped_before(ctx.game, ship))


register("damage", CORE + "stunnedpilot",
         own_trigger("after_execute", "overlapping a ship or an obstacle: suffer 1 damage",
                     lambda ctx, choice: suffer_damage(ctx.game, ctx.ship, hits=1,
                                                       cause="Stunned Pilot"),
                     extra=overlaps_at_end),
         description="After a maneuver that overlaps another ship or ends on an obstacle: "
                     "suffer 1 damage.")

register("damage", CORE + "thrustcontrolfire", THRUST_CONTROL_FIRE,
         description="Dealt faceup: gains 1 stress token and the card turns facedown.")


def _primary_down(game: Any, owner: ShipState, attack: Any = None, **facts: Any) -> int:
    return -1 if attack is not None and attack.attacker == owner.id and attack.primary else 0


register("damage", CORE + "weaponmalfunction",
         Modifier("primary weapon value reduced by 1", hook="attack_dice",
                  value=_primary_down),
         *roll_to_flip(CORE + "weaponmalfunction", ("hit", "crit")),
         description="Primary weapon value reduced by 1. Action: roll an attack die, a hit "
                     "or critical hit flips it facedown.")

