"""Eta-2 Actis pilots (Galactic Republic), with their Siege of Coruscant standard-loadout
printings, and the ship ability Intuitive Controls. Jedi General has no pilot ability: the
ship ability is all it needs.

"A friendly Obi-Wan Kenobi ship" (or Anakin Skywalker ship) is a friendly ship whose pilot
card is named so, whatever its ship type.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tallon.cards.acting import during_activation, grant_action, granted, performable
from tallon.cards.common import (
    dice,
    is_in_arc,
    is_me,
    range_of,
    recalled,
    recover_force,
    remember,
    remove_token_choice,
    ship_options,
    ships_in_range,
    token_choices,
)
from tallon.cards.pilots.nimbusclassvwing import has_born_for_this
from tallon.cards.registry import register
from tallon.dice import Face
from tallon.dice.abilities.base import DEFENDING
from tallon.dice.abilities.effects import CardAbility, ChangeResults
from tallon.engine.abilities import Cost, Ctx, DiceMod, Modifier, Triggered
from tallon.engine.actions import PerformAction, coordinate_targets
from tallon.engine.allegiance import friendly
from tallon.engine.decisions import Option
from tallon.engine.effects import gain_token, spend_force
from tallon.engine.queue import FireWindow
from tallon.engine.state import ActionSpec, AttackState, ShipState, Token
from tallon.engine.steps import Ask, continuation
from tallon.geometry import Arc

if TYPE_CHECKING:
    from tallon.engine.game import Game

CONTROLS = "Intuitive Controls"
OBIWAN, ANAKIN = "Obi-Wan Kenobi", "Anakin Skywalker"


# --------------------------------------------------------------- the ship ability
def _controls_specs(ctx: Ctx) -> list[ActionSpec]:
    return [granted("barrel_roll", "purple", CONTROLS), granted("boost", "purple", CONTROLS)]


register("ship_ability", CONTROLS,
         grant_action("perform a purple barrel roll or purple boost action", "system_phase",
                      _controls_specs, requirement=is_me),
         description="During the System Phase: may perform a purple barrel roll or a purple "
                     "boost action (each costs 1 Force).")


# ------------------------------------------------- Anakin and Obi-Wan, Hero/Guardian
def _partner(ctx: Ctx, name: str) -> ShipState | None:
    """The ship that executed the maneuver, if it is the card's own ship or a friendly ship
    named ``name`` at range 0-3 of it."""
    ship = ctx.other(ctx.event["ship"])
    if ship.id == ctx.ship.id:
        return ship
    near = range_of(ctx.ship, ship)
    if ship.name != name or ship.owner != ctx.ship.owner or ship.remote or near is None \
            or near > 3:
        return None
    return ship


def outnumbered(game: Game, ship: ShipState) -> bool:
    """More enemy ships than other friendly ships at range 0-1 of ``ship`` (ruling: the
    card's own ship counts among that ship's friends; remotes are not ships)."""
    enemies = ships_in_range(game, ship, 0, 1, friendly=False)
    friends = ships_in_range(game, ship, 0, 1, friendly=True, other=True)
    return len(enemies) > len(friends)


def _helped(ctx: Ctx, name: str, full: bool) -> ShipState | None:
    ship = _partner(ctx, name)
    if ship is None or (full and not ctx.event.get("full")) or not ship.in_play \
            or not outnumbered(ctx.game, ship):
        return None
    return ship


def _anakin_choices(ctx: Ctx) -> list[Option]:
    ship = _helped(ctx, OBIWAN, full=False)
    return [] if ship is None else token_choices(ctx.game, ship, ("red",))


def _anakin(ctx: Ctx, choice: Any) -> None:
    remove_token_choice(ctx.game, ctx.other(ctx.event["ship"]), str(choice))


register("pilot", "anakinskywalker-eta2actis",
         Triggered("spend 1 Force: that ship removes 1 red token of your choice",
                   window="after_execute", cost=Cost(force=1),
                   requirement=lambda ctx: bool(_anakin_choices(ctx)),
                   choices=_anakin_choices, effect=_anakin),
         description="After he or a friendly Obi-Wan Kenobi ship within range 0-3 executes a "
                     "maneuver, provided that within range 0-1 of that ship enemy ships outnumber "
                     "the other friendly ships: may spend 1 Force; that ship then removes 1 red "
                     "token of his choice.")

register("pilot", "obiwankenobi-eta2actis",
         Triggered("spend 1 Force: that ship gains 1 focus token", window="after_execute",
                   cost=Cost(force=1),
                   requirement=lambda ctx: _helped(ctx, ANAKIN, full=False) is not None,
                   effect=lambda ctx, choice: gain_token(ctx.game, ctx.other(ctx.event["ship"]),
                                                         Token.FOCUS)),
         description="After he or a friendly Anakin Skywalker ship within range 0-3 executes a "
                     "maneuver, provided that within range 0-1 of that ship enemy ships outnumber "
                     "the other friendly ships: may spend 1 Force; that ship then gains 1 focus "
                     "token.")


# ------------------------------------------------ Anakin and Obi-Wan, Siege of Coruscant
def _siege(card: str, name: str, kind: str) -> Triggered:
    """"That ship may perform a [kind] action" after it fully executes a maneuver."""

    def specs(ctx: Ctx) -> list[ActionSpec]:
        return [granted(kind, "white", card)]

    def applies(ctx: Ctx) -> bool:
        ship = _helped(ctx, name, full=True)
        return ship is not None and bool(performable(ctx.game, ship, specs(ctx),
                                                     during_activation(ctx)))

    return grant_action(f"spend 1 Force: that ship may perform a {kind.replace('_', ' ')} "
                        "action", "after_execute", specs, requirement=applies,
                        cost=Cost(force=1), actor=lambda ctx: ctx.other(ctx.event["ship"]))


register("pilot", "anakinskywalker-siegeofcoruscant",
         _siege("anakinskywalker-siegeofcoruscant", OBIWAN, "barrel_roll"),
         description="After he or a friendly Obi-Wan Kenobi ship within range 0-3 fully executes a "
                     "maneuver, provided that within range 0-1 of that ship enemy ships outnumber "
                     "the other friendly ships: may spend 1 Force; that ship may then perform a "
                     "barrel roll action.")
register("pilot", "obiwankenobi-siegeofcoruscant",
         _siege("obiwankenobi-siegeofcoruscant", ANAKIN, "boost"),
         description="After he or a friendly Anakin Skywalker ship within range 0-3 fully executes "
                     "a maneuver, provided that within range 0-1 of that ship enemy ships "
                     "outnumber the other friendly ships: may spend 1 Force; that ship may then "
                     "perform a boost action.")


# --------------------------------------------------------------------- Aayla Secura
def _aayla_applies(game: Game, attack: AttackState, owner: ShipState, user: ShipState
                   ) -> bool:
    attacker = game.state.ships[attack.attacker]
    near = range_of(owner, attacker)
    return (attack.defender == user.id and attacker.owner != owner.owner
            and not attacker.remote and near is not None and near <= 1
            and is_in_arc(owner, attacker, Arc.FRONT))


register("pilot", "aaylasecura",
         DiceMod("the defender may change 1 blank result to a focus result",
                 dice=dice("aaylasecura"),
                 for_others=True, applies=_aayla_applies),
         description="While an enemy ship in her front arc at range 0-1 attacks: the defender "
                     "may change 1 of its blank results to a focus result.")


# ------------------------------------------------------------------------ Kit Fisto
def _kit_applies(game: Game, attack: AttackState, owner: ShipState, user: ShipState) -> bool:
    attacker, defender = game.state.ships[attack.attacker], game.state.ships[attack.defender]
    # ruling: "its" bullseye arc is the defending ship's
    return (defender.id == user.id and user.id != owner.id and friendly(user, owner)
            and not user.remote and is_in_arc(defender, attacker, Arc.BULLSEYE))


register("pilot", "kitfisto",
         DiceMod("spend 1 Force: change 1 of the defender's blank results to a focus result",
                 dice=CardAbility("kitfisto", "Kit Fisto (1 Force: 1 blank to focus)",
                                  effect=ChangeResults(1, (Face.BLANK,), (Face.FOCUS,)),
                                  roles=DEFENDING, cost=(("force", 1),)),
                 for_others=True, applies=_kit_applies),
         description="While another friendly ship defends against an attacker in its bullseye "
                     "arc: may spend 1 Force to change 1 of its blank results to a focus "
                     "result.")


# ----------------------------------------------------------------------------- Yoda
def _yoda_friend(ctx: Ctx) -> ShipState | None:
    ship = ctx.other(ctx.event["ship"])
    near = range_of(ctx.ship, ship)
    if ship.id == ctx.ship.id or ship.owner != ctx.ship.owner or ship.remote \
            or near is None or near > 3:
        return None
    # ruling: not offered while that ship could recover nothing (its Force is full)
    return ship if ship.force < ship.force_limit else None


register("pilot", "yoda",
         Triggered("spend 1 Force: that ship recovers 1 Force", window="after_spend_force",
                   cost=Cost(force=1), requirement=lambda ctx: _yoda_friend(ctx) is not None,
                   effect=lambda ctx, choice: recover_force(ctx.other(ctx.event["ship"]))),
         description="After any other friendly ship within range 0-3 spends Force: may spend 1 "
                     "Force so that ship recovers 1 Force.")


# ------------------------------------------------------------------------- Shaak Ti
SHAAK = "shaakti"
#: card memory: (round, ((ship id, token), ...)) chosen this End Phase
SHAAK_KEPT = f"{SHAAK}:kept"


def _shaak_chosen(game: Game, shaak: ShipState) -> tuple[tuple[str, str], ...]:
    kept = recalled(shaak, SHAAK_KEPT)
    return kept[1] if kept is not None and kept[0] == game.state.round else ()


def _shaak_options(game: Game, shaak: ShipState) -> list[Option]:
    chosen = {ship for ship, _ in _shaak_chosen(game, shaak)}
    # ruling: the token the ship keeps (focus or evade) is chosen with the ship
    return [Option(f"{s.id}:{t.value}", f"{s.name} ({s.id}) keeps 1 {t.value} token")
            for s in ships_in_range(game, shaak, 0, 2, friendly=True)
            if s.id not in chosen for t in (Token.FOCUS, Token.EVADE) if s.has(t)]


def _shaak_choose(game: Game, shaak: ShipState, choice: str) -> None:
    ship_id, _, token = choice.partition(":")
    remember(shaak, SHAAK_KEPT, (game.state.round,
                                 (*_shaak_chosen(game, shaak), (ship_id, token))))
    game.event("ability", f"{shaak.name} ({shaak.id}): {ship_id} keeps 1 {token} token this "
               "End Phase", ship=shaak.id)
    # "any number of Force": each further ship costs 1 more, chosen one at a time
    options = _shaak_options(game, shaak)
    if shaak.force >= 1 and options:
        game.push(Ask(shaak.owner, "use_ability", f"{shaak.name} ({shaak.id}): Shaak Ti - "
                      "spend 1 more Force to choose another ship?",
                      (*options, Option("decline", "choose no more ships")),
                      "shaakti.more", (shaak.id,), ship=shaak.id))


@continuation("shaakti.more")
def _shaak_more(game: Game, answer: str, shaak_id: str) -> None:
    shaak = game.state.ships[shaak_id]
    if answer == "decline" or shaak.force < 1:
        return
    spend_force(game, shaak, 1)
    _shaak_choose(game, shaak, answer)


def _shaak_keeps(game: Any, owner: ShipState, ship: ShipState | None = None,
                 token: Token | None = None, **facts: Any) -> int:
    if ship is None or token is None:
        return 0
    return int((ship.id, token.value) in _shaak_chosen(game, owner))


register("pilot", SHAAK,
         Triggered("spend 1 Force per ship: friendly ships at range 0-2 keep 1 focus or evade "
                   "token", window="start_end_phase", cost=Cost(force=1),
                   requirement=lambda ctx: ctx.ship.in_play
                   and bool(_shaak_options(ctx.game, ctx.ship)),
                   choices=lambda ctx: _shaak_options(ctx.game, ctx.ship),
                   effect=lambda ctx, choice: _shaak_choose(ctx.game, ctx.ship, str(choice))),
         Modifier("each chosen ship keeps 1 focus or evade token", hook="end_phase_kept_tokens",
                  value=_shaak_keeps),
         description="At the start of the End Phase: may spend X Force (any number) to choose X "
                     "friendly ships within range 0-2 (herself too); in this End Phase each of "
                     "them keeps 1 of its focus or evade tokens (chosen with it) instead of "
                     "removing it.")


# ------------------------------------------------------ Shaak Ti (Siege of Coruscant)
SHAAK_SOC = "shaakti-siegeofcoruscant"
#: card memory: (round, ship id) - the ship her last coordinate action chose
SHAAK_COORDINATED = f"{SHAAK_SOC}:chose"


def _soc_specs(ctx: Ctx) -> list[ActionSpec]:
    return [granted("coordinate", "purple", SHAAK_SOC)]


def _soc_remember(ctx: Ctx, choice: Any) -> None:
    remember(ctx.ship, SHAAK_COORDINATED, (ctx.state.round, ctx.event["target"]))


def _soc_more(ctx: Ctx) -> list[ShipState]:
    chose = recalled(ctx.ship, SHAAK_COORDINATED)
    if chose is None or chose[0] != ctx.state.round:
        return []
    first = ctx.other(chose[1])
    if not has_born_for_this(first):
        return []
    return [s for s in coordinate_targets(ctx.game, ctx.ship) if s.id != first.id]


def _soc_coordinate(ctx: Ctx, choice: Any) -> None:
    # RR: COORDINATE - told to coordinate (not an action): the chosen ship may perform 1
    # action
    ctx.game.push(PerformAction(str(choice)),
                  FireWindow.of("after_coordinate", ship=ctx.ship.id, target=str(choice)))


register("pilot", SHAAK_SOC,
         grant_action("perform a purple coordinate action, even while stressed",
                      "start_end_phase", _soc_specs, requirement=lambda ctx: ctx.ship.in_play,
                      even_stressed=True),
         # the coordinate action's chosen ship (not that of a coordinate by an ability)
         Triggered("remember the ship her coordinate action chose",
                   window="coordinate_chosen", optional=False, requirement=is_me,
                   effect=_soc_remember),
         Triggered("coordinate 1 additional ship", window="after_action",
                   requirement=lambda ctx: is_me(ctx) and ctx.event["action"] == "coordinate"
                   and bool(_soc_more(ctx)),
                   choices=lambda ctx: ship_options(_soc_more(ctx)), effect=_soc_coordinate),
         description="At the start of the End Phase: may perform a purple coordinate action, "
                     "even while stressed. After a coordinate action whose chosen ship has "
                     "Born for This: may coordinate 1 more ship.")
