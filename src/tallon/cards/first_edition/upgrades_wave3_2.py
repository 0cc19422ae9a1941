"""First edition, wave 3 (continued): the maneuver cards (Adrenaline Rush, Advanced
Sensors, Navigator), the titles (Moldy Crow, ST-321), Anti-Pursuit Lasers and Proton Bombs
(dropped with the first-edition bomb block, :mod:`bombs_1e`)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tallon.cards.acting import action_options, bar_actions, performable, start_action
from tallon.cards.common import is_me, roll_die
from tallon.cards.first_edition.bombs_1e import bomb_device, drop_on_reveal
from tallon.cards.first_edition.ordnance_1e import discard_upgrade
from tallon.cards.registry import register
from tallon.dice import Face
from tallon.engine.abilities import Ctx, Modifier, Triggered
from tallon.engine.decisions import Option
from tallon.engine.dial_codes import difficulty_of
from tallon.engine.effects import deal_damage_card, suffer_damage
from tallon.engine.payloads import in_range_of, suffered_effect
from tallon.engine.rounds import effective_code
from tallon.engine.state import ShipState, Token
from tallon.engine.steps import continuation

if TYPE_CHECKING:
    from tallon.engine.game import Game


# --------------------------------------------------------------- Adrenaline Rush
ADRENALINE = "1e-adrenalinerush"


def _adrenaline_applies(ctx: Ctx) -> bool:
    ship = ctx.ship
    if not is_me(ctx) or ship.dial_set is None:
        return False
    # FAQ (1e): only a maneuver printed red; a white turn made red by a faceup Damaged
    # Engine can't be treated as white
    return (difficulty_of(ship.dial_set) == "red"
            and difficulty_of(effective_code(ctx.game, ship, ship.dial_set)) == "red")


def _adrenaline(ctx: Ctx, choice: Any) -> None:
    discard_upgrade(ctx.game, ctx.ship, ADRENALINE)
    # one step easier while it is executed this activation: red to white (a card making it
    # harder still counts: rounds.effective_code)
    ctx.ship.execute_difficulty -= 1
    ctx.game.event("ability", f"{ctx.ship.name} ({ctx.ship.id}) treats its red maneuver as "
                   "white", ship=ctx.ship.id)


register("upgrade", ADRENALINE,
         # FAQ (1e): a stressed ship may use it, before the opponent would choose its
         # maneuver (Revealing Red Maneuvers)
         Triggered("discard this card: treat the red maneuver as white", window="after_reveal",
                   requirement=_adrenaline_applies, effect=_adrenaline),
         description="Revealing a red maneuver: may discard this card; the maneuver then counts as "
                     "white for this Activation phase.")


# -------------------------------------------------------------- Advanced Sensors
SENSORS = "1e-advancedsensors"


def _sensors_offered(ctx: Ctx) -> list[Any]:
    return performable(ctx.game, ctx.ship, bar_actions(ctx.game, ctx.ship, True), True)


def _sensors_applies(ctx: Ctx) -> bool:
    # FAQ (1e): a ship without a maneuver dial to reveal (ionized) can't use it
    ship = ctx.ship
    return is_me(ctx) and ship.in_play and ship.dial_set is not None and not ship.ionized


def _sensors(ctx: Ctx, choice: Any) -> None:
    for spec in _sensors_offered(ctx):
        if spec.kind == choice:
            # the Perform Action step is skipped this round (the flag is the engine's own:
            # it holds until the activation ends)
            ctx.ship.skip_action = True
            start_action(ctx.game, ctx.ship.id, spec, True)
            return


register("upgrade", SENSORS,
         Triggered("perform 1 free action, then skip your Perform Action step",
                   window="before_reveal", requirement=_sensors_applies,
                   choices=lambda ctx: action_options(_sensors_offered(ctx)),
                   effect=_sensors),
         description="Immediately before revealing its maneuver: may perform 1 free action; "
                     "it then skips its Perform Action step this round.")


# --------------------------------------------------------------------- Navigator
NAVIGATOR = "1e-navigator"


def _bearing(code: str) -> str:
    return code[1]


def _navigator_codes(ctx: Ctx) -> list[str]:
    ship = ctx.ship
    if ship.dial_set is None:
        return []
    found = []
    for code in ship.dial:
        if code == ship.dial_set or _bearing(code) != _bearing(ship.dial_set):
            continue
        if ship.stressed and difficulty_of(effective_code(ctx.game, ship, code)) == "red":
            continue
        found.append(code)
    return found


def _navigator(ctx: Ctx, choice: Any) -> None:
    ship = ctx.ship
    ship.dial_set = str(choice)
    ctx.game.event("reveal", f"{ship.name} ({ship.id}) rotates its dial to [{choice}]",
                   ship=ship.id, maneuver=str(choice))


register("upgrade", NAVIGATOR,
         # FAQ (1e): an ionized ship reveals no maneuver (the engine fires no after_reveal)
         Triggered("switch to another maneuver of that bearing",
                   window="after_reveal",
                   requirement=lambda ctx: is_me(ctx) and bool(_navigator_codes(ctx)),
                   choices=lambda ctx: [Option(c, f"[{c}]") for c in _navigator_codes(ctx)],
                   effect=_navigator),
         description="Revealing a maneuver: may rotate the dial to another maneuver of the "
                     "same bearing (not a red one while stressed).")


# -------------------------------------------------------------------- Moldy Crow
MOLDY_CROW = "1e-moldycrow"


def _moldy_crow(game: Any, owner: ShipState, ship: ShipState | None = None,
                token: Token | None = None, **facts: Any) -> int:
    if ship is None or ship.id != owner.id or token is not Token.FOCUS:
        return 0
    return ship.count(Token.FOCUS)


register("upgrade", MOLDY_CROW,
         Modifier("keep your focus tokens in the End phase", hook="end_phase_kept_tokens",
                  value=_moldy_crow),
         description="End phase: its unused focus tokens are not removed.")


# ------------------------------------------------------------------------ ST-321
ST321 = "1e-st321"


def _st321(game: Any, owner: ShipState, ship: ShipState | None = None, target: str = "",
           **facts: Any) -> bool:
    if ship is None or ship.id != owner.id:
        return False
    other = game.state.ships.get(target)
    return other is not None and other.owner != owner.owner and not other.remote


register("upgrade", ST321,
         Modifier("lock an enemy at any range", hook="lock_ignores_range",
                  value=_st321),
         description="His target locks may pick any enemy ship, at any range.")


# ------------------------------------------------------------ Anti-Pursuit Lasers
APL = "1e-antipursuitlasers"


def _apl_applies(ctx: Ctx) -> bool:
    # FAQ (1e): only an enemy whose maneuver ends touching this ship (its base overlapped
    # and moved back: the ships that forced the partial maneuver); a template crossing the
    # ship is no overlap. After the maneuver's Check Difficulty step: FAQ (1e), R2-D2 - a
    # shield it recovers comes before this roll
    if ctx.ship.id not in ctx.event.get("forced_by", ()) or not ctx.ship.in_play:
        return False
    enemy = ctx.other(ctx.event["ship"])
    return enemy.owner != ctx.ship.owner and enemy.in_play and not enemy.remote


@continuation("1e-antipursuitlasers.rolled")
def _apl_rolled(game: Game, face: Face, enemy_id: str) -> None:
    enemy = game.state.ships[enemy_id]
    if face in (Face.HIT, Face.CRIT) and enemy.in_play:
        suffer_damage(game, enemy, hits=1, cause="Anti-Pursuit Lasers")


register("upgrade", APL,
         Triggered("roll a die: a hit damages the enemy",
                   window="after_execute", optional=False, requirement=_apl_applies,
                   effect=lambda ctx, choice: roll_die(ctx, "1e-antipursuitlasers.rolled",
                                                       (ctx.event["ship"],))),
         description="When an enemy ship's maneuver overlaps it: roll an attack die; a hit or "
                     "critical hit deals that ship 1 damage.")


# ------------------------------------------------------------------ Proton Bombs
PROTON_BOMBS = "1e-protonbombs"
bomb_device(PROTON_BOMBS, "1eprotonbomb")


@continuation("detonate.1eprotonbomb")
def _proton_bomb(game: Game, _: Any, device_id: str, ship_id: str) -> None:
    # reference card (1e) "Proton Bomb Token": 1 faceup damage card to each ship at Range 1
    # (touching or overlapping it included), not suffered damage: shields don't stop it
    ships = in_range_of(game, device_id, 0, 1, remotes=False)
    suffered_effect(game, device_id, ships)
    for ship in ships:
        deal_damage_card(game, ship, True)


register("upgrade", PROTON_BOMBS,
         drop_on_reveal(PROTON_BOMBS, "discard this card: drop 1 proton bomb token"),
         description="Revealing its dial: may discard this card, dropping a proton bomb ([1 "
                     "straight] template); it detonates as the Activation phase ends, dealing "
                     "every ship within Range 1 of it a faceup damage card.")
