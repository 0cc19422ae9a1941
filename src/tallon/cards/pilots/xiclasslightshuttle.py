"""Xi-class Light Shuttle pilots (First Order). The ship has no ship ability; First Order
Courier has no pilot ability. Agent Tierny's condition Broken Trust is in
:mod:`tallon.cards.conditions_3`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tallon.cards.common import choose_ships, damaged, range_of
from tallon.cards.conditions_3 import BROKEN_TRUST
from tallon.cards.registry import register
from tallon.data import load_cards
from tallon.dice import Die, DieKind, Face
from tallon.dice.abilities.base import Role
from tallon.engine.abilities import Ctx, Triggered
from tallon.engine.allegiance import friendly
from tallon.engine.attack import current
from tallon.engine.chance import RollDice
from tallon.engine.conditions import assign_condition
from tallon.engine.decisions import Option
from tallon.engine.effects import gain_token
from tallon.engine.loadout import can_equip, movable, move_upgrade
from tallon.engine.modify_dice import faces_text
from tallon.engine.queue import any_true
from tallon.engine.state import AttackState, ShipState, Token
from tallon.engine.steps import Ask, continuation
from tallon.geometry import BaseSize

if TYPE_CHECKING:
    from tallon.engine.game import Game


def _primary_attack_rolled(ctx: Ctx) -> AttackState | None:
    """The attack whose attack dice were just rolled, if it is a primary attack."""
    attack = ctx.attack
    if ctx.event.get("kind") != "attack" or attack is None or not attack.primary \
            or attack.attack_dice is None:
        return None
    return attack


def _friendly_within(ctx: Ctx, ship: ShipState, high: int) -> bool:
    near = range_of(ctx.ship, ship)
    return friendly(ship, ctx.ship) and not ship.remote and near is not None \
        and near <= high


# ------------------------------------------------------------ Commander Malarus
MALARUS = "commandermalarus-xiclasslightshuttle"


def _fresh_blank(attack: AttackState) -> int | None:
    """The first blank attack die not rerolled yet, or None."""
    assert attack.attack_dice is not None
    return next((i for i, die in enumerate(attack.attack_dice.dice)
                 if die.face is Face.BLANK and not die.rerolled), None)


def _malarus_applies(ctx: Ctx) -> bool:
    attack = _primary_attack_rolled(ctx)
    if attack is None or not _friendly_within(ctx, ctx.other(attack.attacker), 2):
        return False
    # "if able": a blank die that may be rerolled (RR: ATTACK - not the attacker's own
    # dice of a primary attack at range 0, nor dice a card makes unmodifiable)
    if attack.range == 0 or any_true(ctx.game, "dice_unmodifiable", attack=attack,
                                     kind="attack", role=Role.ATTACKER):
        return False
    return _fresh_blank(attack) is not None


def _malarus(ctx: Ctx, choice: Any) -> None:
    attack = ctx.attack
    assert attack is not None
    attacker = ctx.other(attack.attacker)
    index = _fresh_blank(attack)
    if index is None:
        return
    gain_token(ctx.game, attacker, Token.STRAIN, applier=ctx.ship.owner)
    ctx.game.now(RollDice("attack", 1, "malarus.rerolled", (index,),
                          who=f"{attacker.name} (Commander Malarus)"))


@continuation("malarus.rerolled")
def _malarus_rerolled(game: Game, faces: tuple[Face, ...], index: int) -> None:
    attack = current(game)
    assert attack.attack_dice is not None
    attack.attack_dice.set_rerolled((index,), faces)
    attacker = game.state.ships[attack.attacker]
    game.event("modify", f"{attacker.name}: Commander Malarus (reroll 1 blank) -> "
               f"{faces_text(attack.attack_dice)}", ship=attacker.id, card=MALARUS)


register("pilot", MALARUS,
         Triggered("the attacker gains 1 strain token to reroll 1 blank result",
                   window="after_dice_rolled", optional=False, requirement=_malarus_applies,
                   effect=_malarus),
         description="While a friendly ship within range 0-2 (him too) performs a primary attack, "
                     "just before the Modify Dice step, if any of its results is blank: that ship "
                     "must gain 1 strain token and reroll 1 blank result, if able.")


# ------------------------------------------------------------------- Gideon Hask
GIDEON = "gideonhask-xiclasslightshuttle"


def _gideon_applies(ctx: Ctx) -> bool:
    attack = _primary_attack_rolled(ctx)
    if attack is None:
        return False
    attacker = ctx.other(attack.attacker)
    assert attack.attack_dice is not None
    return (damaged(ctx.other(attack.defender)) and len(attack.attack_dice.dice) <= 2
            and (attacker.id == ctx.ship.id
                 or (attacker.size is BaseSize.SMALL and _friendly_within(ctx, attacker, 2))))


def _gideon(ctx: Ctx, choice: Any) -> None:
    attack = ctx.attack
    assert attack is not None
    attacker = ctx.other(attack.attacker)
    gain_token(ctx.game, attacker, Token.STRAIN)
    ctx.game.now(RollDice("attack", 1, "gideonhask.rolled", (),
                          who=f"{attacker.name} (Gideon Hask)"))


@continuation("gideonhask.rolled")
def _gideon_rolled(game: Game, faces: tuple[Face, ...]) -> None:
    attack = current(game)
    assert attack.attack_dice is not None
    attack.attack_dice.dice.extend(Die(DieKind.ATTACK, face) for face in faces)
    attacker = game.state.ships[attack.attacker]
    game.event("dice", f"{attacker.name} (Gideon Hask, 1 more die) rolls "
               f"{faces_text(attack.attack_dice)}", ship=attacker.id)


register("pilot", GIDEON,
         Triggered("the attacker gains 1 strain token to roll 1 additional attack die",
                   window="after_dice_rolled", requirement=_gideon_applies, effect=_gideon,
                   # "it may": the attacker decides, a friendly ship of the same player
                   player=lambda ctx: ctx.other(ctx.attack.attacker).owner
                   if ctx.attack is not None else ctx.ship.owner),
         description="While he, or a friendly small ship within range 0-2, attacks a damaged "
                     "defender with a primary attack, having rolled 2 or fewer attack dice: the "
                     "attacker may roll 1 more attack die by gaining 1 strain token.")


# -------------------------------------------------------------------- Agent Terex
TEREX = "agentterex"
#: the ship types that may receive his illicit upgrades
TEREX_RECEIVERS = ("tiefofighter", "tiesffighter")


def _terex_illicits(ship: ShipState) -> tuple[str, ...]:
    db = load_cards()
    return tuple(x for x in ship.upgrades if db.upgrade(x).slot == "illicit" and movable(x))


def _terex_receivers(game: Game, terex: ShipState, card: str, given: tuple[str, ...]
                     ) -> list[ShipState]:
    # RR: UPGRADE CARDS - the card must meet its restrictions on its new ship
    return [s for s in game.state.ships_of(terex.owner) if s.ship_type in TEREX_RECEIVERS
            and s.id not in given and not s.removed and can_equip(s, card)]


def _terex_ask(game: Game, terex_id: str, cards: tuple[str, ...],
               given: tuple[str, ...]) -> None:
    """Ask where the next of ``cards`` goes (each receiver takes 1: ``given``)."""
    terex = game.state.ships[terex_id]
    for k, card in enumerate(cards):
        receivers = _terex_receivers(game, terex, card, given)
        if not receivers:
            continue
        options = (*(Option(s.id, f"equip {card} to {s.name} ({s.id})") for s in receivers),
                   Option("keep", f"keep {card}"))
        game.push(Ask(terex.owner, "use_ability", f"{terex.name} ({terex.id}): equip "
                      f"{card} to a friendly TIE/fo or TIE/sf fighter?", options,
                      "agentterex.equip", (terex_id, card, cards[k + 1:], given),
                      ship=terex_id))
        return


@continuation("agentterex.equip")
def _terex_equip(game: Game, answer: str, terex_id: str, card: str,
                 rest: tuple[str, ...], given: tuple[str, ...]) -> None:
    if answer != "keep":
        terex, receiver = game.state.ships[terex_id], game.state.ships[answer]
        move_upgrade(terex, card, receiver)
        game.event("ability", f"{terex.name} ({terex.id}) equips {card} to {receiver.name} "
                   f"({receiver.id})", ship=terex_id, card=TEREX)
        given = (*given, answer)
    _terex_ask(game, terex_id, rest, given)


def _terex_can(ctx: Ctx) -> bool:
    return any(_terex_receivers(ctx.game, ctx.ship, card, ())
               for card in _terex_illicits(ctx.ship))


# End of Game: the cards go back to him; the engine scores a ship by its own cost, which
# the moved cards never changed, so nothing is left to do then
register("pilot", TEREX,
         Triggered("equip your illicit upgrades to friendly TIE/fo or TIE/sf fighters",
                   window="after_place_forces", optional=False, requirement=_terex_can,
                   effect=lambda ctx, choice: _terex_ask(ctx.game, ctx.ship.id,
                                                         _terex_illicits(ctx.ship), ())),
         description="Setup, after placing forces: may equip any of his illicit upgrades to "
                     "friendly TIE/fo or TIE/sf fighters, 1 to each (each meeting its "
                     "restrictions); they go back to him at the end of the game.")


# ------------------------------------------------------------------ Agent Tierny
def _enemies(ctx: Ctx) -> list[ShipState]:
    return [s for s in ctx.state.in_play() if s.owner != ctx.ship.owner and not s.remote]


register("pilot", "agenttierny",
         # RR: SETUP (after placing forces); RR: CONDITION CARDS; RR: ALLIED
         Triggered("assign the Broken Trust condition to an enemy ship",
                   window="after_place_forces", optional=False,
                   requirement=lambda ctx: ctx.ship.in_play and bool(_enemies(ctx)),
                   choices=choose_ships(_enemies),
                   effect=lambda ctx, choice: assign_condition(
                       ctx.game, ctx.other(choice), BROKEN_TRUST, ctx.ship.owner)),
         description="Setup, after placing forces: she must choose an enemy ship and assign it the "
                     "Broken Trust condition.")
