"""Crew upgrades: General Hux, IG-88D, Cikatro Vizago and Sabine Wren."""

from __future__ import annotations

from itertools import combinations
from typing import TYPE_CHECKING, Any

from tallon.cards.common import event_ship, is_me, recalled, remember, ships_in_range
from tallon.cards.registry import register
from tallon.data import load_cards
from tallon.engine.abilities import Ctx, Modifier, Triggered
from tallon.engine.actions import coordinate_targets
from tallon.engine.allegiance import friendly
from tallon.engine.decisions import Option
from tallon.engine.effects import gain_token
from tallon.engine.loadout import can_equip, exchange_upgrades, movable
from tallon.engine.pilot_copies import copy_pilot_ability
from tallon.engine.state import ShipState, Token

if TYPE_CHECKING:
    from tallon.engine.game import Game


# ------------------------------------------------------------------ General Hux
def _hux_group(game: Game, owner: ShipState, ship: ShipState | None = None,
               colour: str = "", **facts: Any) -> tuple[int, str, tuple[str, ...]] | None:
    # RR: COORDINATE - the further ships are chosen as the first one is (friendly, range
    # 1-2), and share its ship type (ruling)
    if ship is None or colour != "white":
        return None
    return 2, "red", tuple(s.id for s in coordinate_targets(game, owner)
                           if s.id != ship.id and s.ship_type == ship.ship_type)


register("upgrade", "generalhux",
         Modifier("a white coordinate treated as red coordinates up to 2 more ships of the "
                  "same type", hook="coordinate_group", value=_hux_group),
         description="Performing a white coordinate action: may treat it as red to "
                     "coordinate up to 2 more ships of the same ship type as the first; every "
                     "ship coordinated must perform the same action, treated as red.")


# ------------------------------------------------------------------------ IG-88D
IG2000 = "ig2000"


def _ig2000_friends(ctx: Ctx) -> list[ShipState]:
    # at setup no ship is placed yet: every other ship of the squad
    return [s for s in ctx.state.ships.values()
            if friendly(s, ctx.ship) and s.id != ctx.ship.id and not s.remote
            and not s.removed and any(kind == "upgrade" and xws == IG2000
                                      for kind, xws, _ in s.cards)]


def _ig88d_copy(ctx: Ctx, choice: Any) -> None:
    for friend in _ig2000_friends(ctx):
        copy_pilot_ability(ctx.ship, friend)


register("upgrade", "ig88d",
         Triggered("has the pilot ability of each other friendly ship with IG-2000",
                   window="gather_forces", optional=False,
                   requirement=lambda ctx: bool(_ig2000_friends(ctx)), effect=_ig88d_copy),
         Triggered("gain 1 calculate token", window="after_action", optional=False,
                   requirement=lambda ctx: is_me(ctx) and ctx.event["action"] == "calculate",
                   effect=lambda ctx, choice: gain_token(ctx.game, ctx.ship, Token.CALCULATE)),
         description="Gains every pilot ability of the other friendly ships equipped with IG-2000 "
                     "(for as long as each stays in the game). After a calculate action: gains 1 "
                     "calculate token. Adds a calculate action to the bar.")


# ---------------------------------------------------------------- Cikatro Vizago
def _illicits(game: Game, ship: ShipState) -> list[tuple[ShipState, str]]:
    """The [Illicit] upgrades equipped to friendly ships at range 0-1 (its own included)."""
    db = load_cards()
    return [(s, xws) for s in ships_in_range(game, ship, 0, 1, friendly=True)
            for xws in s.upgrades if db.upgrade(xws).slot == "illicit" and movable(xws)]


def _swap_options(ctx: Ctx) -> list[Option]:
    # RR: UPGRADE CARDS - an exchanged card must meet its restrictions on its new ship
    found = []
    for (a, card_a), (b, card_b) in combinations(_illicits(ctx.game, ctx.ship), 2):
        if a.id != b.id and can_equip(a, card_b, card_a) and can_equip(b, card_a, card_b):
            found.append(Option(f"{a.id}:{card_a}|{b.id}:{card_b}",
                                f"{a.name} ({a.id}) gives {card_a} for {b.name} ({b.id})'s "
                                f"{card_b}"))
    return found


def _swap(ctx: Ctx, choice: Any) -> None:
    first, second = str(choice).split("|")
    (a_id, card_a), (b_id, card_b) = first.split(":"), second.split(":")
    ships = ctx.state.ships
    exchange_upgrades(ships[a_id], card_a, ships[b_id], card_b)
    ctx.game.event("ability", f"{ships[a_id].name} ({a_id}) and {ships[b_id].name} ({b_id}) "
                   f"exchange {card_a} and {card_b}", ship=ctx.ship.id)


register("upgrade", "cikatrovizago",
         Triggered("exchange 2 illicit upgrades of friendly ships at range 0-1",
                   window="end_phase", requirement=lambda ctx: bool(_swap_options(ctx)),
                   choices=_swap_options, effect=_swap),
         description="During the End Phase: may choose 2 illicit upgrades of different "
                     "friendly ships at range 0-1 and exchange them (each with its charges; "
                     "each must meet its restrictions on its new ship).")


# ------------------------------------------------------------------- Sabine Wren
SABINE = "sabinewren:tokens"
#: the tokens her setup places on the card
SABINE_TOKENS = ("ion", "jam", "stress", "tractor")


def _sabine_left(ship: ShipState) -> tuple[str, ...]:
    return tuple(recalled(ship, SABINE, SABINE_TOKENS))


def _sabine_applies(ctx: Ctx) -> bool:
    event = ctx.event
    return event["category"] == "bomb" and event["controller"] == ctx.ship.owner \
        and event_ship(ctx).in_play and bool(_sabine_left(ctx.ship))


def _sabine_choices(ctx: Ctx) -> list[Option]:
    target = event_ship(ctx)
    return [Option(token, f"{target.name} ({target.id}) gains 1 {token} token")
            for token in _sabine_left(ctx.ship)]


def _sabine(ctx: Ctx, choice: Any) -> None:
    left = list(_sabine_left(ctx.ship))
    left.remove(str(choice))
    remember(ctx.ship, SABINE, tuple(left))
    gain_token(ctx.game, event_ship(ctx), Token(str(choice)), 1, ctx.ship.owner)


register("upgrade", "sabinewren",
         Triggered("move a token from this card onto the ship the friendly bomb affected",
                   window="after_device_effect", requirement=_sabine_applies,
                   choices=_sabine_choices, effect=_sabine),
         description="Setup: this card receives 1 tractor, 1 stress, 1 jam and 1 ion token. After "
                     "any ship suffers a friendly bomb's effect: may take 1 of those tokens off "
                     "the card; that ship gains the matching token.")
