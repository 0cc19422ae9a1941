"""Clone Z-95 Headhunter pilots (Galactic Republic) and the ship ability Versatile Frame.
7th Sky Corps Pilot and Reaper Squadron Scout have no ability text.

Versatile Frame's extra [Torpedo] or [Missile] upgrade is a squad-building rule
(``squads/slots.py``); here is its boost. "Hawk" and "Warthog" share their texts with the
LAAT/i pilots of those names (``laatigunship.py`` imports them)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from tallon.cards.acting import grant_action, granted, performable, start_action
from tallon.cards.common import (
    dice,
    is_me,
    range_of,
    recalled,
    remember,
    revealed_speed,
    ships_in_range,
)
from tallon.cards.registry import register
from tallon.data import load_cards
from tallon.engine.abilities import Cost, Ctx, DiceMod, Modifier, Replacement, Triggered
from tallon.engine.allegiance import friendly
from tallon.engine.decisions import Decision, Option
from tallon.engine.effects import gain_token
from tallon.engine.loadout import can_equip, movable, move_upgrade
from tallon.engine.movement import ExecuteManeuver, difficulty_of
from tallon.engine.state import ORANGE_TOKENS, ActionSpec, ShipState, Token
from tallon.engine.steps import ChoiceStep
from tallon.geometry import Maneuver

if TYPE_CHECKING:
    from tallon.engine.game import Game
    from tallon.engine.state import AttackState


def revealed_blue(ship: ShipState) -> bool:
    """RR: DIFFICULTY - the ship's revealed maneuver is blue (its printed colour)."""
    return (ship.dial_revealed and ship.dial_set is not None
            and difficulty_of(ship.dial_set) == "blue")


# -------------------------------------------------------------- Versatile Frame
VERSATILE_BOOST = ActionSpec("boost", "white", None, "Versatile Frame")


def _versatile(game: Any, owner: ShipState, ship: ShipState | None = None,
               **facts: Any) -> tuple[ActionSpec, ...]:
    return (VERSATILE_BOOST,) if revealed_blue(owner) else ()


# RR: ACTIONS - an action added to the bar is on the bar while the condition holds
register("ship_ability", "Versatile Frame",
         Modifier("a white boost action on the bar while the revealed maneuver is blue",
                  hook="added_actions", value=_versatile),
         description="May equip 1 torpedo or missile upgrade (squad building). While its "
                     "revealed maneuver is blue, it has a white boost action on its bar.")


# ---------------------------------------------------------------------- "Killer"
KILLER_MARK = "killer:extra die"


def _killer(ctx: Ctx) -> bool:
    attack = ctx.attack
    if attack is None or not is_me(ctx, "attacker"):
        return False
    defender = ctx.other(attack.defender)
    # RR: ATTACK - no die is added to a primary attack at range 0: nothing to gain
    return (not defender.remote and defender.hull_remaining <= 2
            and not (attack.range == 0 and attack.primary))


def _killer_roll(ctx: Ctx, choice: Any) -> None:
    attack = ctx.attack
    assert attack is not None
    attack.extra_attack_dice += 1
    attack.marks[f"{ctx.ship.id}:{KILLER_MARK}"] = 1


register("pilot", "killer",
         Triggered("roll 1 additional attack die (then gain 1 deplete token)",
                   window="before_attack_dice", requirement=_killer, effect=_killer_roll),
         Triggered("gain 1 deplete token", window="after_dice_rolled", optional=False,
                   requirement=lambda ctx: is_me(ctx, "attacker")
                   and ctx.event["kind"] == "attack" and ctx.attack is not None
                   and ctx.attack.marks.get(f"{ctx.ship.id}:{KILLER_MARK}", 0) > 0,
                   effect=lambda ctx, choice: gain_token(ctx.game, ctx.ship, Token.DEPLETE)),
         description="Attacking a defender with 2 or fewer hull remaining: may roll 1 "
                     "additional attack die; if he does, he gains 1 deplete token after "
                     "rolling.")


# ----------------------------------------------------------------------- "Drift"
def drift_ready(ship: ShipState) -> bool:
    """Exactly 1 red token that is not a lock, or exactly 1 orange token.

    RR: TOKEN COLORS AND SHAPES
    """
    red = sum(n for token, n in ship.tokens.items() if token.colour == "red")
    orange = sum(ship.count(token) for token in ORANGE_TOKENS)
    return red == 1 or orange == 1


def _drift_applies(game: Game, attack: AttackState, owner: ShipState, user: ShipState
                   ) -> bool:
    # RR: FRIENDLY - Drift himself is a friendly ship at range 0
    near = range_of(owner, user)
    return (attack.attacker == user.id and friendly(user, owner) and near is not None
            and near <= 1 and drift_ready(owner))


register("pilot", "drift",
         DiceMod("a friendly attacker at range 0-1 may reroll 1 attack die",
                 dice=dice("drift"), for_others=True, applies=_drift_applies),
         description="While a friendly ship within range 0-1 (himself too) attacks, if he has "
                     "exactly 1 orange token or exactly 1 red token that is not a lock: the "
                     "attacker may reroll 1 attack die.")


# ----------------------------------------------------------------------- "Boost"
def _boost(ctx: Ctx) -> bool:
    # RR: RANGE - range 0-1 includes himself (range 0)
    return any(revealed_blue(s)
               for s in ships_in_range(ctx.game, ctx.ship, 0, 1, friendly=True))


register("pilot", "boost",
         grant_action("perform a boost action", "start_engagement",
                      lambda ctx: [granted("boost", "white", "boost")], requirement=_boost),
         description="At the start of the Engagement Phase, if a friendly ship at range 0-1 "
                     "(himself too) revealed a blue maneuver: may perform a boost action.")


# ------------------------------------------------------------------------ "Stub"
def _stub_attack(game: Any, owner: ShipState, attack: AttackState | None = None,
                 **facts: Any) -> int:
    speed = revealed_speed(owner)
    return 1 if (attack is not None and attack.attacker == owner.id and attack.primary
                 and speed is not None and speed % 2 == 1) else 0


def _stub_defense(game: Any, owner: ShipState, attack: AttackState | None = None,
                  **facts: Any) -> int:
    speed = revealed_speed(owner)
    return 1 if (attack is not None and attack.defender == owner.id
                 and speed is not None and speed % 2 == 0) else 0


register("pilot", "stub",
         Modifier("even revealed speed: 1 additional defense die", hook="defense_dice",
                  value=_stub_defense),
         Modifier("odd revealed speed: 1 additional primary attack die", hook="attack_dice",
                  value=_stub_attack),
         description="Defending with an even revealed speed: rolls 1 additional defense die. "
                     "Primary attack with an odd revealed speed: rolls 1 additional attack "
                     "die.")


# ----------------------------------------------------------------------- "Knack"
KNACK = "knack"


def _knack_talents(ship: ShipState) -> tuple[str, ...]:
    db = load_cards()
    return tuple(x for x in ship.upgrades if db.upgrade(x).slot == "talent" and movable(x))


def _knack_choices(ctx: Ctx) -> list[Option]:
    db = load_cards()
    # RR: LIMITED - a non-limited ship's pilot card is not limited; RR: UPGRADE CARDS - the
    # talent must meet its restrictions on its new ship
    receivers = [s for s in ctx.state.in_play() if friendly(s, ctx.ship)
                 and s.id != ctx.ship.id and not s.destroyed
                 and db.pilot(s.pilot).limited == 0]
    return [Option(f"{s.id}:{card}", f"assign {card} to {s.name} ({s.id})")
            for card in _knack_talents(ctx.ship) for s in receivers if can_equip(s, card)]


def _knack(ctx: Ctx, choice: Any) -> None:
    receiver_id, _, card = str(choice).partition(":")
    receiver = ctx.other(receiver_id)
    move_upgrade(ctx.ship, card, receiver)
    ctx.game.event("ability", f"{ctx.ship.name} ({ctx.ship.id}) assigns {card} to "
                   f"{receiver.name} ({receiver.id})", ship=ctx.ship.id, card=KNACK)


# End of Game: the talents go back to him; the engine scores a ship by its own cost, which
# the moved card never changed, so nothing is left to do then
register("pilot", KNACK,
         Triggered("assign 1 of your talents to a friendly non-limited ship",
                   window="after_destroyed", requirement=is_me, choices=_knack_choices,
                   effect=_knack),
         description="After he is destroyed: may give 1 of his equipped talent upgrades to "
                     "a friendly non-limited ship (they return to him at the end of the "
                     "game).")


# ------------------------------------------------------------------------ "Hawk"
HAWK_MOVES = ("barrel_roll", "boost")


@dataclass(frozen=True)
class HawkStrainReposition(ChoiceStep):
    """One friendly ship's choice under "Hawk": gain 1 strain token to perform a white
    barrel roll or boost action, or not (asked when its turn comes: earlier ships may have
    moved)."""

    ship_id: str
    card: str
    auto_single: ClassVar[bool] = False

    def choice(self, game: Game) -> Decision | None:
        ship = game.state.ships[self.ship_id]
        if not ship.in_play:
            return None
        specs = performable(game, ship, [granted(kind, "white", self.card)
                                         for kind in HAWK_MOVES], False)
        if not specs:
            return None
        options = (*(Option(s.kind, f"gain 1 strain token to perform a {s.label} action")
                     for s in specs), Option("decline", "don't"))
        return self.ask(ship.owner, "use_ability", f"{ship.name} ({ship.id}): Hawk - gain 1 "
                        "strain token to barrel roll or boost?", options, ship=ship.id)

    def apply(self, game: Game, answer: Any) -> None:
        if answer == "decline":
            return
        ship = game.state.ships[self.ship_id]
        gain_token(game, ship, Token.STRAIN)
        start_action(game, ship.id, granted(str(answer), "white", self.card), False)


def _hawk_ships(ctx: Ctx) -> list[ShipState]:
    # RR: RANGE - range 0-1 includes Hawk himself
    return [s for s in ships_in_range(ctx.game, ctx.ship, 0, 1, friendly=True)
            if (speed := revealed_speed(s)) is not None and 3 <= speed <= 5]


def _hawk(ctx: Ctx, choice: Any) -> None:
    ctx.game.push(*(HawkStrainReposition(s.id, ctx.card) for s in _hawk_ships(ctx)))


HAWK = Triggered("each friendly ship at range 0-1 with a revealed speed of 3-5 may gain 1 "
                 "strain token to barrel roll or boost", window="start_end_phase",
                 optional=False, requirement=lambda ctx: bool(_hawk_ships(ctx)), effect=_hawk)
HAWK_TEXT = ("At the start of the End Phase: every friendly ship within range 0-1 (himself too) "
             "whose revealed maneuver has speed 3-5 may perform a barrel roll or boost action by "
             "gaining 1 strain token.")
register("pilot", "hawk-clonez95headhunter", HAWK, description=HAWK_TEXT)


# ---------------------------------------------------------------------- "Slider"
SLIDER = "slider"
SLIDER_AS = f"{SLIDER}:sideslip"


def _slider_revealed(ctx: Ctx) -> bool:
    code = str(ctx.event["maneuver"])
    maneuver = Maneuver.parse(code)
    return is_me(ctx) and maneuver.speed == 2 and maneuver.bearing.value in ("B", "N")


def _slider_applies(ctx: Ctx, facts: dict[str, Any]) -> bool:
    planned = recalled(ctx.ship, SLIDER_AS)
    return (facts["ship"] == ctx.ship.id and planned is not None and not facts["ion"]
            and not facts["slam"] and planned == [ctx.state.round, str(facts["maneuver"])])


def _slider_replace(ctx: Ctx, facts: dict[str, Any], choice: Any) -> None:
    remember(ctx.ship, SLIDER_AS, None)
    # RR: SIDESLIP - the same template and difficulty, laid from the side
    ctx.game.push(ExecuteManeuver(ctx.ship.id, str(facts["maneuver"]), replaceable=False,
                                  sideslip=True))


register("pilot", SLIDER,
         Triggered("spend 2 charges to execute the bank as a sideslip", window="after_reveal",
                   cost=Cost(charges=2), requirement=_slider_revealed,
                   effect=lambda ctx, choice: remember(
                       ctx.ship, SLIDER_AS, [ctx.state.round, str(ctx.event["maneuver"])])),
         Replacement("execute the revealed bank as a sideslip", point="execute_maneuver",
                     optional=False, applies=_slider_applies, replace=_slider_replace),
         description="After revealing a [2 bank] maneuver: may spend 2 charges to execute it "
                     "as a sideslip.")


# --------------------------------------------------------------------- "Warthog"
WARTHOG_KEPT = "warthog:kept"


def _warthog_covers(ctx: Ctx) -> bool:
    lost = ctx.other(ctx.event["ship"])
    if ctx.state.phase != "engagement" or lost.owner != ctx.ship.owner or lost.remote:
        return False
    if lost.id == ctx.ship.id:
        return True
    near = range_of(ctx.ship, lost)
    # RR: LIMITED - a non-limited ship's pilot card is not limited
    return (near is not None and near <= 2 and load_cards().pilot(lost.pilot).limited == 0)


def _warthog_keep(ctx: Ctx, choice: Any) -> None:
    lost = ctx.other(ctx.event["ship"])
    remember(lost, WARTHOG_KEPT, ctx.state.round)
    ctx.game.event("ability", f"{lost.name} ({lost.id}) stays until the end of the "
                   "Engagement Phase (Warthog)", ship=lost.id)


def _warthog_delays(game: Any, owner: ShipState, ship: ShipState | None = None,
                    **facts: Any) -> bool:
    return ship is not None and recalled(ship, WARTHOG_KEPT) == game.state.round


WARTHOG = (Triggered("the destroyed ship is not removed until the end of the Engagement "
                     "Phase", window="after_destroyed", optional=False,
                     requirement=_warthog_covers, effect=_warthog_keep),
           Modifier("ships kept in play until the end of the Engagement Phase",
                    hook="removal_delayed", value=_warthog_delays, outlives_ship=True))
WARTHOG_TEXT = ("After he or a friendly non-limited ship within range 0-2 is destroyed in the "
                "Engagement Phase: that ship is removed only at the end of that phase.")
register("pilot", "warthog-clonez95headhunter", *WARTHOG, description=WARTHOG_TEXT)

