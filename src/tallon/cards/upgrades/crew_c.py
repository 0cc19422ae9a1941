"""Crew upgrades, K-2SO to Latts Razzi (more in :mod:`tallon.cards.upgrades.crew_c2`).
Every card of this range is played."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tallon.cards.acting import granted, let_perform, performable
from tallon.cards.common import (
    attack_crossing,
    dice,
    facedown_damage,
    green_tokens,
    in_firing_arc,
    is_in_arc,
    is_me,
    recalled,
    remember,
    remove_token_choice,
    ship_options,
    ships_in_range,
    token_choices,
)
from tallon.cards.registry import register
from tallon.cards.upgrades.modification_2 import damage_trait
from tallon.dice import DEFENDING, CardAbility, Face, RerollDice, Window
from tallon.engine.abilities import CardAction, Cost, Ctx, DiceMod, Modifier, Triggered
from tallon.engine.allegiance import friendly
from tallon.engine.chance import PickAtRandom, RollDice
from tallon.engine.conditions import assign_condition
from tallon.engine.decisions import Option
from tallon.engine.effects import (
    flip_upgrade,
    gain_token,
    remove_token,
    repair_damage,
    spend_token,
    transfer_token,
)
from tallon.engine.state import DamageCard, ShipState, Token, opponent
from tallon.engine.steps import Ask, Then, continuation
from tallon.geometry import Arc, Maneuver
from tallon.geometry.obstruction import covers_unit_interval, family_interval

if TYPE_CHECKING:
    from tallon.engine.game import Game
    from tallon.engine.state import AttackState

# ------------------------------------------------------------------- helpers
def faceup_ship_damage(ship: ShipState) -> list[DamageCard]:
    """The ship's faceup damage cards with the Ship trait."""
    return [d for d in ship.damage if d.faceup and damage_trait(d.card) == "ship"]


def damage_options(cards: list[DamageCard]) -> list[Option]:
    """Damage cards as choices, keyed by serial number."""
    return [Option(str(d.serial), f"{d.card} (#{d.serial})") for d in cards]


def _friends(ctx: Ctx, low: int, high: int) -> list[ShipState]:
    """Friendly ships (this one included: RR: FRIENDLY) at range ``low``-``high``."""
    return ships_in_range(ctx.game, ctx.ship, low, high, friendly=True)


# ------------------------------------------------------------------- K-2SO
def _k2so(ctx: Ctx, choice: Any) -> None:
    ally = ctx.other(choice)
    gain_token(ctx.game, ally, Token.CALCULATE)
    gain_token(ctx.game, ally, Token.STRESS)


register("upgrade", "k2so",
         Triggered("a friendly ship at range 0-3 gains 1 calculate and 1 stress token",
                   window="system_phase", requirement=is_me,
                   choices=lambda ctx: ship_options(_friends(ctx, 0, 3)), effect=_k2so),
         description="System Phase: may pick a friendly ship at range 0-3 (this one too) to gain 1 "
                     "calculate and 1 stress token. Adds calculate and jam to the action bar.")


# ------------------------------------------------------------- Kanan Jarrus
def _kanan_applies(ctx: Ctx) -> bool:
    ship = ctx.other(ctx.event["ship"])
    return (friendly(ship, ctx.ship) and ship.in_play and bool(ctx.event.get("full"))
            and ctx.event.get("difficulty") == "white" and ship.stressed
            and ship in _friends(ctx, 0, 2))


register("upgrade", "kananjarrus",
         Triggered("spend 1 Force: the ship removes 1 stress token", window="after_execute",
                   cost=Cost(force=1), requirement=_kanan_applies,
                   effect=lambda ctx, choice: remove_token(ctx.game, ctx.other(
                       ctx.event["ship"]), Token.STRESS)),
         description="After a white maneuver is fully executed by a friendly ship at range 0-2: "
                     "may spend 1 Force to take 1 stress token off that ship.")


# ------------------------------------------------------------- Kaydel Connix
KAYDEL = "kaydelconnix:maneuver"


def _kaydel_codes(ctx: Ctx) -> list[str]:
    """RR: BASIC MANEUVERS on the dial, one speed above the revealed maneuver."""
    revealed = Maneuver.parse(ctx.event["maneuver"])
    return [code for code in ctx.ship.dial
            if Maneuver.parse(code).bearing.is_basic
            and Maneuver.parse(code).speed == revealed.speed + 1]


def _kaydel(ctx: Ctx, choice: Any) -> None:
    ship = ctx.ship
    ship.dial_set = str(choice)
    remember(ship, KAYDEL, (ctx.state.round, str(choice)))
    ctx.game.event("ability", f"{ship.name} ({ship.id}) sets its dial to [{choice}] (its "
                   "difficulty increases while it is executed)", ship=ship.id)


def _kaydel_harder(game: Game, owner: ShipState, ship: ShipState | None = None,
                   maneuver: str = "", **facts: Any) -> int:
    if ship is None or ship.id != owner.id:
        return 0
    return 1 if recalled(owner, KAYDEL) == (game.state.round, maneuver) else 0


register("upgrade", "kaydelconnix",
         Triggered("set the dial to a basic maneuver one speed faster", window="after_reveal",
                   requirement=is_me,
                   choices=lambda ctx: [Option(c, f"set the dial to [{c}]")
                                        for c in _kaydel_codes(ctx)],
                   effect=_kaydel),
         Modifier("that maneuver is 1 difficulty harder", hook="maneuver_difficulty",
                  value=_kaydel_harder),
         description="After revealing its dial: may set the dial to a basic maneuver at the next "
                     "higher speed; that maneuver's difficulty is increased while it is executed.")


# ---------------------------------------------------------------- Ketsu Onyo
KETSU = "ketsuonyo:keeps"


def _ketsu_targets(ctx: Ctx) -> list[ShipState]:
    return [s for s in ships_in_range(ctx.game, ctx.ship, 0, 2, friendly=False)
            if in_firing_arc(ctx.ship, s) and s.tractored]


def _ketsu_keeps(game: Game, owner: ShipState, ship: ShipState | None = None,
                 token: Token | None = None, **facts: Any) -> int:
    if ship is None or token is not Token.TRACTOR:
        return 0
    return ship.count(Token.TRACTOR) if recalled(owner, KETSU) == (
        game.state.round, ship.id) else 0


register("upgrade", "ketsuonyo",
         Triggered("an enemy ship in your firing arc keeps its tractor tokens",
                   window="end_phase", choices=lambda ctx: ship_options(_ketsu_targets(ctx)),
                   effect=lambda ctx, choice: remember(ctx.ship, KETSU,
                                                       (ctx.state.round, choice))),
         Modifier("the chosen ship does not remove its tractor tokens",
                  hook="end_phase_kept_tokens", value=_ketsu_keeps),
         description="Start of the End Phase: may choose an enemy ship at range 0-2 in its "
                     "firing arc; that ship does not remove its tractor tokens this End "
                     "Phase.")


# ------------------------------------------------------------------ Kit Fisto
def _red_evade(ctx: Ctx) -> Any:
    return granted("evade", "red", ctx.card)


def _fisto_targets(ctx: Ctx) -> list[ShipState]:
    return [s for s in _friends(ctx, 0, 1)
            if performable(ctx.game, s, [_red_evade(ctx)], during_activation=False)]


register("upgrade", "kitfisto",
         Triggered("spend 1 Force: a friendly ship at range 0-1 may perform a red evade "
                   "action", window="start_engagement", cost=Cost(force=1),
                   choices=lambda ctx: ship_options(_fisto_targets(ctx)),
                   effect=lambda ctx, choice: let_perform(ctx.game, str(choice),
                                                          [_red_evade(ctx)], False)),
         description="Start of the Engagement Phase: may spend 1 Force and pick a friendly ship "
                     "within range 0-1, which may then perform a red evade action. Adds a purple "
                     "evade to the action bar.")


# --------------------------------------------------------------- Korkie Kryze
def _korkie_covers(game: Game, owner: ShipState, defender: ShipState) -> bool:
    """The friendly defender is in the owner's full front arc at range 1-2."""
    return (friendly(defender, owner) and defender.id != owner.id and not defender.remote
            and is_in_arc(owner, defender, Arc.FULL_FRONT)
            and game.state.in_range(owner, defender, 1, 2))


def _korkie_gives(ctx: Ctx) -> bool:
    defender = ctx.other(ctx.event["defender"])
    return _korkie_covers(ctx.game, ctx.ship, defender) and bool(green_tokens(ctx.ship))


def _korkie_transfer(ctx: Ctx, choice: Any) -> None:
    transfer_token(ctx.game, ctx.ship, ctx.other(ctx.event["defender"]), Token(choice))


def obstructs(game: Game, attack: AttackState, ship: ShipState) -> bool:
    """RR: OBSTRUCTED - ``ship`` obstructs the attack: the range line passes through it
    (with several closest lines, every one of them does, since the attacker may pick one
    that avoids measuring through an object)."""
    attacker, defender = game.state.ships[attack.attacker], game.state.ships[attack.defender]
    if ship.body is None or ship.id in (attacker.id, defender.id) or attacker.body is None \
            or defender.body is None:
        return False
    crossing = attack_crossing(game, attack)
    if crossing is None or ship.id not in crossing.objects or crossing.lines is None:
        return False
    if crossing.lines.unique:
        return True
    body = game.state.table().get(ship.id)
    intervals = [found for piece in body.range_pieces
                 if (found := family_interval(crossing.lines, piece)) is not None]
    return covers_unit_interval(intervals)


def _korkie_die(game: Game, owner: ShipState, attack: AttackState | None = None,
                **facts: Any) -> int:
    if attack is None:
        return 0
    defender = game.state.ships[attack.defender]
    return 1 if _korkie_covers(game, owner, defender) and obstructs(game, attack, owner) else 0


register("upgrade", "korkiekryze",
         Triggered("transfer 1 green token to the defender", window="defender_declared",
                   requirement=_korkie_gives,
                   choices=lambda ctx: [Option(t.value, f"transfer 1 {t.value} token")
                                        for t in green_tokens(ctx.ship)],
                   effect=_korkie_transfer),
         Modifier("the friendly defender rolls 1 more defense die when you obstruct",
                  hook="defense_dice", value=_korkie_die),
         description="After a friendly ship in its full front arc at range 1-2 becomes the "
                     "defender: may transfer 1 green token to it. That defender rolls 1 "
                     "more defense die when this ship obstructs the attack.")


# ----------------------------------------------------------------- Korr Sella
register("upgrade", "korrsella",
         Triggered("remove all stress tokens", window="after_execute", optional=False,
                   requirement=lambda ctx: is_me(ctx) and bool(ctx.event.get("full"))
                   and ctx.event.get("difficulty") == "blue" and ctx.ship.stressed,
                   effect=lambda ctx, choice: remove_token(
                       ctx.game, ctx.ship, Token.STRESS, ctx.ship.count(Token.STRESS))),
         description="After fully executing a blue maneuver: removes all of its stress "
                     "tokens.")


# ---------------------------------------------------------------------- Kuiil
def _kuiil(ctx: Ctx, choice: Any) -> None:
    ship = ctx.ship
    ctx.game.now(RollDice("attack", len(ship.damage), "kuiil.rolled", (ship.id,),
                          who=f"{ship.name} (Kuiil)"))


@continuation("kuiil.rolled")
def _kuiil_rolled(game: Game, faces: tuple[Face, ...], ship_id: str) -> None:
    ship = game.state.ships[ship_id]
    game.event("roll", f"{ship.name} ({ship.id}) rolls "
               f"{', '.join(f.label for f in faces)} for Kuiil", ship=ship.id)
    hits = sum(1 for f in faces if f is Face.HIT)
    crits = sum(1 for f in faces if f is Face.CRIT)
    blanks = sum(1 for f in faces if f is Face.BLANK)
    focus = sum(1 for f in faces if f is Face.FOCUS)
    _kuiil_next(game, ship_id, hits, crits, blanks, focus)


def _kuiil_next(game: Game, ship_id: str, hits: int, crits: int, blanks: int,
                focus: int) -> None:
    """The results in the card's order, one at a time: hits repair faceup Ship cards, then
    crits facedown cards (at random), then blanks remove orange tokens, then focus results
    give focus tokens."""
    ship = game.state.ships[ship_id]
    if not ship.in_play:
        return
    if hits and faceup_ship_damage(ship):
        game.push(Ask(ship.owner, "use_ability", f"{ship.name} ({ship.id}): Kuiil - repair "
                      "which faceup Ship damage card?",
                      tuple(damage_options(faceup_ship_damage(ship))), "kuiil.faceup",
                      (ship_id, hits - 1, crits, blanks, focus), ship=ship.id))
        return
    if crits and facedown_damage(ship):
        # RR: DAMAGE CARDS - the facedown card repaired is chosen at random
        game.push(PickAtRandom(tuple(str(d.serial) for d in facedown_damage(ship)),
                               "kuiil.facedown", (ship_id, 0, crits - 1, blanks, focus),
                               what=f"a facedown damage card of {ship.name} ({ship.id})"))
        return
    orange = token_choices(game, ship, ("orange",))
    if blanks and orange:
        game.push(Ask(ship.owner, "use_ability", f"{ship.name} ({ship.id}): Kuiil - remove "
                      "which orange token?", tuple(orange), "kuiil.orange",
                      (ship_id, 0, 0, blanks - 1, focus), ship=ship.id))
        return
    if focus:
        gain_token(game, ship, Token.FOCUS, focus)


@continuation("kuiil.faceup")
def _kuiil_faceup(game: Game, serial: str, ship_id: str, *counts: int) -> None:
    repair_damage(game, game.state.ships[ship_id], int(serial))
    game.push(Then("kuiil.next", (ship_id, *counts)))


@continuation("kuiil.facedown")
def _kuiil_facedown(game: Game, serial: str, ship_id: str, *counts: int) -> None:
    repair_damage(game, game.state.ships[ship_id], int(serial))
    game.push(Then("kuiil.next", (ship_id, *counts)))


@continuation("kuiil.orange")
def _kuiil_orange(game: Game, choice: str, ship_id: str, *counts: int) -> None:
    remove_token_choice(game, game.state.ships[ship_id], choice)
    game.push(Then("kuiil.next", (ship_id, *counts)))


@continuation("kuiil.next")
def _kuiil_continue(game: Game, _: Any, ship_id: str, hits: int, crits: int, blanks: int,
                    focus: int) -> None:
    _kuiil_next(game, ship_id, hits, crits, blanks, focus)


register("upgrade", "kuiil",
         CardAction("roll 1 attack die per damage card: repair, remove orange tokens, focus",
                    requirement=lambda ctx: bool(ctx.ship.damage), effect=_kuiil),
         description="Action: rolls 1 attack die per damage card it has; each hit repairs a "
                     "faceup Ship damage card, then each critical hit a facedown one, then "
                     "each blank removes an orange token, then each focus result gives a "
                     "focus token.")


# ------------------------------------------------------------------- Kylo Ren
def _kylo_targets(ctx: Ctx) -> list[ShipState]:
    return ships_in_range(ctx.game, ctx.ship, 1, 3, friendly=False)


register("upgrade", "kyloren",
         CardAction("spend 1 Force: assign I'll Show You the Dark Side to an enemy ship",
                    cost=Cost(force=1), choices=lambda ctx: ship_options(_kylo_targets(ctx)),
                    effect=lambda ctx, choice: assign_condition(
                        ctx.game, ctx.other(choice), "illshowyouthedarkside", ctx.ship.owner)),
         description="Action: pick an enemy ship at range 1-3 and spend 1 Force; that ship gets "
                     "the condition I'll Show You the Dark Side.")


# --------------------------------------------------------------------- L3-37
# the calculator's L3-37 counts the flip as a charge; the card has none in play: flipping
# it takes its ability away
L337_REROLL = CardAbility("l337", "L3-37 (flip: the attacker rerolls all attack dice)",
                          effect=RerollDice(15, exactly=True), window=Window.OPPONENT_DICE,
                          roles=DEFENDING)


def _bank(maneuver: str) -> bool:
    return Maneuver.parse(maneuver).bearing.value in ("B", "N")


def _programming(game: Game, owner: ShipState, ship: ShipState | None = None,
                 maneuver: str = "", **facts: Any) -> int:
    if ship is None or ship.id != owner.id or not maneuver or owner.shields > 0:
        return 0
    return -1 if _bank(maneuver) else 0


register("upgrade", "l337",
         DiceMod("flip this card: the attacker rerolls all attack dice", dice=L337_REROLL,
                 applies=lambda game, attack, owner, user: user.id == owner.id
                 and attack.defender == owner.id,
                 after=lambda ctx, option: flip_upgrade(ctx.game, ctx.ship, "l337", 1)),
         back=(Modifier("unshielded: bank maneuvers are 1 difficulty easier",
                        hook="maneuver_difficulty", value=_programming),),
         description="Starts faceup. Defending: may flip it to make the attacker reroll all "
                     "its attack dice. Flipped (L3-37's Programming): while it has no active "
                     "shields, its bank maneuvers are 1 difficulty easier.")


# ---------------------------------------------------- Lando Calrissian (Rebel)
def _lando(ctx: Ctx, choice: Any) -> None:
    ship = ctx.ship
    ctx.game.now(RollDice("defense", 2, "landocalrissian.rolled", (ship.id,),
                          who=f"{ship.name} (Lando Calrissian)"))


@continuation("landocalrissian.rolled")
def _lando_rolled(game: Game, faces: tuple[Face, ...], ship_id: str) -> None:
    ship = game.state.ships[ship_id]
    game.event("roll", f"{ship.name} ({ship.id}) rolls "
               f"{', '.join(f.label for f in faces)} for Lando Calrissian", ship=ship.id)
    focus = sum(1 for f in faces if f is Face.FOCUS)
    evade = sum(1 for f in faces if f is Face.EVADE)
    gain_token(game, ship, Token.FOCUS, focus)
    gain_token(game, ship, Token.EVADE, evade)
    if all(f is Face.BLANK for f in faces):
        game.push(Ask(opponent(ship.owner), "use_ability",
                      f"Lando Calrissian: {ship.name} ({ship.id}) rolled only blanks - which "
                      "token does it gain?", (Option("focus", "a focus token"),
                                              Option("evade", "an evade token")),
                      "landocalrissian.chosen", (ship_id,), ship=ship.id))


@continuation("landocalrissian.chosen")
def _lando_chosen(game: Game, token: str, ship_id: str) -> None:
    gain_token(game, game.state.ships[ship_id], Token(token))


register("upgrade", "landocalrissian",
         CardAction("roll 2 defense dice: gain focus and evade tokens", effect=_lando),
         description="Action: rolls 2 defense dice, gaining a focus token per focus result "
                     "and an evade token per evade; with two blanks, the opponent chooses "
                     "focus or evade and it gains one token of that kind.")


# ---------------------------------------------------- Lando Calrissian (Scum)
LANDO = "landocalrissian-crew"
#: the green tokens the dice abilities can spend (a reinforce token is paid by the card)
_DICE_GREEN = ("focus", "evade", "calculate")
_REINFORCE = (Token.REINFORCE_FORE, Token.REINFORCE_AFT)


def _lando_reroll(cost: tuple[tuple[str, int], ...]) -> CardAbility:
    # one key for every way to pay: the ability is used once per opportunity
    return CardAbility(LANDO, "Lando Calrissian (1 green token: reroll up to 2 dice)",
                       effect=RerollDice(2), cost=cost)


def _lando_reinforce(ctx: Ctx, option: Any) -> None:
    if option.spend:
        return  # paid with a focus, evade or calculate token
    held = next(t for t in _REINFORCE if ctx.ship.has(t))
    spend_token(ctx.game, ctx.ship, held)


register("upgrade", LANDO,
         *(DiceMod(f"spend 1 {name} token: reroll up to 2 dice",
                   dice=_lando_reroll(((name, 1),)))
           for name in _DICE_GREEN),
         DiceMod("spend 1 reinforce token: reroll up to 2 dice", dice=_lando_reroll(()),
                 applies=lambda game, attack, owner, user: user.id == owner.id
                 and any(owner.has(t) for t in _REINFORCE),
                 after=_lando_reinforce),
         description="After rolling attack or defense dice: may spend any 1 green token to reroll "
                     "as many as 2 of those dice.")


# --------------------------------------------------------------- Larma D'Acy
_LARMA_ACTIONS = ("reinforce", "coordinate", "jam")


def _larma_may(game: Game, owner: ShipState, ship: ShipState | None = None,
               spec: Any = None, **facts: Any) -> bool:
    return (ship is not None and ship.id == owner.id and spec is not None
            and spec.kind in _LARMA_ACTIONS and owner.count(Token.STRESS) <= 2)


def _larma_red(game: Game, owner: ShipState, ship: ShipState | None = None,
               spec: Any = None, **facts: Any) -> str | None:
    if ship is None or ship.id != owner.id or spec is None:
        return None
    if spec.kind in _LARMA_ACTIONS and spec.difficulty == "white" and owner.stressed:
        return "red"
    return None


register("upgrade", "larmadacy",
         Modifier("with 2 or fewer stress: reinforce, coordinate and jam even while stressed",
                  hook="may_act_stressed", value=_larma_may),
         Modifier("stressed: a white reinforce, coordinate or jam is treated as red",
                  hook="action_difficulty", value=_larma_red),
         description="With 2 or fewer stress tokens it can perform reinforce, coordinate and "
                     "jam actions while stressed; a white one performed while stressed is "
                     "treated as red.")


# ----------------------------------------------------------------- Latts Razzi
def _latts_applies(game: Game, attack: AttackState, owner: ShipState, user: ShipState
                   ) -> bool:
    attacker = game.state.ships[attack.attacker]
    return user.id == owner.id and attack.defender == owner.id and attacker.stressed


def _latts_pay(ctx: Ctx, option: Any) -> None:
    attack = ctx.attack
    assert attack is not None
    remove_token(ctx.game, ctx.other(attack.attacker), Token.STRESS)
    ctx.game.event("ability", f"Latts Razzi: {ctx.other(attack.attacker).name} "
                   f"({attack.attacker}) removes 1 stress token", ship=ctx.ship.id)


register("upgrade", "lattsrazzi",
         DiceMod("remove 1 stress from the attacker: change 1 blank or focus to an evade",
                 dice=dice("lattsrazzi"), applies=_latts_applies, after=_latts_pay),
         description="Defending against a stressed attacker: may remove 1 of the attacker's "
                     "stress tokens to turn 1 blank or focus result into an evade.")

#: the name other modules import it by
damage_type = damage_trait

__all__ = ["damage_options", "damage_type", "faceup_ship_damage", "obstructs"]
