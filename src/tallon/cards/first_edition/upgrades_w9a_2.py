"""First-edition upgrades of the Auzituck Gunship, TIE Aggressor, Scurrg H-6 Bomber, Guns
for Hire and Alpha-class Star Wing expansion packs whose cards have an ability: the bombs,
titles, systems, salvaged astromechs, illicit upgrades and Cad Bane (the weapons, talents
and the other crew are in :mod:`upgrades_w9a`).

Descriptions are Tallon's own words; the rules sources are the first edition's core
rulebook, its reference cards and its FAQ (``FAQ (1e)``). First-edition cards measure
ranges with :mod:`tallon.cards.first_edition.ranges_1e` (no range 0).
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import product
from typing import TYPE_CHECKING, Any

from tallon.cards.common import is_me, recalled, remember, this_round, weapon_of_type
from tallon.cards.first_edition.bombs_1e import bomb_device, drop_on_reveal, suffer_rolled
from tallon.cards.first_edition.ordnance_1e import discard_upgrade
from tallon.cards.first_edition.ranges_1e import within_1e
from tallon.cards.registry import register
from tallon.cards.upgrades.device import DEVICE_ROLL, roll_device_dice
from tallon.cards.upgrades.illicit_2 import (
    MAP_OFFERED,
    answered_pose,
    free_pose,
    map_spots,
    placement_key,
)
from tallon.data import load_cards
from tallon.dice import Face
from tallon.engine.abilities import Ctx, Modifier, Triggered
from tallon.engine.chance import RollDice
from tallon.engine.decisions import Decision, Option
from tallon.engine.effects import gain_token, remove_token
from tallon.engine.payloads import (
    device,
    device_of,
    in_range_of,
    place_devices_at,
    set_bodies,
    suffered_effect,
)
from tallon.engine.state import ShipState, Token, WeaponSpec
from tallon.engine.steps import Ask, ChoiceStep, continuation
from tallon.geometry import Pose, at_range

if TYPE_CHECKING:
    from tallon.engine.game import Game


# ------------------------------------------------------ titles for squad building only
register("upgrade", "1e-havoc",
         description="Title (Scurrg H-6 bomber): trades the crew upgrade slot for a system "
                     "and a salvaged astromech slot (squad building only; no ability in "
                     "play).")
register("upgrade", "1e-vaksai",
         description="Title (Kihraxz fighter): cheaper upgrades and up to 3 modifications "
                     "(squad building only; no ability in play).")


# ------------------------------------------------------------------ StarViper Mk.II
register("upgrade", "1e-starvipermkii",
         # "must": every barrel roll action uses a [1 bank] template (the engine's hook
         # lays it forward or backward, the ship turned 45 degrees); two titles is squad
         # building
         Modifier("barrel roll actions use the [1 bank] template", hook="barrel_roll_banks",
                  value=lambda game, owner, ship=None, **facts: ship is not None
                  and ship.id == owner.id),
         description="Title (StarViper): his barrel roll actions must use a [1 bank] template "
                     "instead of the [1 straight]; he may equip 2 titles.")


# ------------------------------------------------- Xg-1 and Os-1 (Alpha-class Star Wing)
def _xg1_allows(game: Any, owner: ShipState, ship: ShipState | None = None,
                weapon: WeaponSpec | None = None, **facts: Any) -> bool:
    if ship is None or ship.id != owner.id or weapon is None or weapon.card is None \
            or not weapon_of_type(weapon, ("cannon",)):
        return False
    return (load_cards().upgrade(weapon.card).cost.value or 0) <= 2


register("upgrade", "1e-xg1assaultconfiguration",
         # the weapons disabled token is the engine's disarm token; the cannon slots are
         # the card data's grants
         Modifier("cannon attacks costing 2 or fewer points while weapons are disabled",
                  hook="attack_while_disarmed", value=_xg1_allows),
         description="Title (Alpha-class Star Wing): adds 2 cannon slots; cannons costing at most "
                     "2 squad points may still fire while he is weapons disabled.")


def _os1_allows(game: Any, owner: ShipState, ship: ShipState | None = None,
                weapon: WeaponSpec | None = None, defender: ShipState | None = None,
                **facts: Any) -> bool:
    if ship is None or ship.id != owner.id or not weapon_of_type(weapon, ("torpedo",
                                                                         "missile")):
        return False
    return bool(owner.locks) if defender is None else defender.id in owner.locks


register("upgrade", "1e-os1arsenalloadout",
         # the torpedo and missile slots are squad building (not in the card data)
         Modifier("torpedo and missile attacks against locked ships while weapons are "
                  "disabled", hook="attack_while_disarmed", value=_os1_allows),
         description="Title (Alpha-class Star Wing): adds torpedo and missile slots; those weapons "
                     "may still fire at ships he has locked while he is weapons disabled.")


# --------------------------------------------------------------- Bomblet Generator
BOMBLET = "1e-bombletgenerator"
bomb_device(BOMBLET, "1ebomblet")


@continuation("detonate.1ebomblet")
def _bomblet(game: Game, _: Any, device_id: str, ship_id: str) -> None:
    # each ship at Range 1 (the engine's 0-1) rolls 2 attack dice
    ships = in_range_of(game, device_id, 0, 1, remotes=False)
    suffered_effect(game, device_id, ships)
    for ship in reversed(ships):  # rolled at once, each before the previous: player order
        roll_device_dice(game, ship, 2, "1e-bombletgenerator.rolled", device_id)


@continuation("1e-bombletgenerator.rolled")
def _bomblet_rolled(game: Game, faces: tuple[Face, ...], ship_id: str, device_id: str
                    ) -> None:
    suffer_rolled(game, faces, ship_id, device_id)


register("upgrade", BOMBLET,
         # "you may drop 1 bomblet token": the card stays (one drop a round: FAQ (1e))
         drop_on_reveal(BOMBLET, "drop 1 bomblet token", discard=False),
         description="Revealing his dial: may drop a bomblet token ([1 straight] behind; the card "
                     "stays). It detonates as the Activation phase ends: every ship within Range 1 "
                     "rolls 2 attack dice and suffers the hits and critical hits.")


# ------------------------------------------------------------------------ Cad Bane
CAD_BANE = "1e-cadbane"
CAD_BANE_ROUND = "1e-cadbane:round"


def _cad_faces(ctx: Ctx) -> tuple[Face, ...]:
    placed = device(ctx.game, ctx.event["device"])
    roller = ctx.state.ships.get(ctx.event["ship"])
    if placed is None or roller is None or placed.owner != ctx.ship.owner or \
            roller.owner == ctx.ship.owner:
        return ()
    return tuple(Face(f) for f in recalled(roller, DEVICE_ROLL, ()))


def _cad_choices(ctx: Ctx) -> list[Option]:
    faces = _cad_faces(ctx)
    focus, blank = faces.count(Face.FOCUS), faces.count(Face.BLANK)
    return [Option(f"{f}focus+{b}blank", f"it rerolls {f} focus and {b} blank result(s)")
            for f, b in product(range(focus, -1, -1), range(blank, -1, -1)) if f or b]


def _cad_bane(ctx: Ctx, choice: Any) -> None:
    remember(ctx.ship, CAD_BANE_ROUND, ctx.state.round)
    focus_part, _, blank_part = str(choice).partition("+")
    focus, blank = int(focus_part.removesuffix("focus")), int(blank_part.removesuffix("blank"))
    roller = ctx.other(ctx.event["ship"])
    ctx.game.now(RollDice("attack", focus + blank, "1e-cadbane.rerolled",
                          (roller.id, focus, blank), who=f"{roller.name} (Cad Bane)"))


@continuation("1e-cadbane.rerolled")
def _cad_rerolled(game: Game, faces: tuple[Face, ...], ship_id: str, focus: int,
                  blank: int) -> None:
    ship = game.state.ships[ship_id]
    kept = list(recalled(ship, DEVICE_ROLL, ()))
    for face, count in ((Face.FOCUS, focus), (Face.BLANK, blank)):
        for _ in range(count):
            kept.remove(int(face))
    remember(ship, DEVICE_ROLL, (*kept, *(int(f) for f in faces)))
    game.event("roll", f"{ship.name} ({ship.id}) rerolls {focus} focus and {blank} blank "
               f"result(s) (Cad Bane): {', '.join(f.label for f in faces)}", ship=ship.id)


register("upgrade", CAD_BANE,
         # the bomb slot is the card data's grant; a first-edition "bomb" is any bomb token,
         # mines included
         Triggered("choose focus and blank results the enemy must reroll",
                   window="after_device_dice_rolled",
                   requirement=lambda ctx: not this_round(ctx, ctx.ship, CAD_BANE_ROUND)
                   and bool(_cad_choices(ctx)),
                   choices=_cad_choices, effect=_cad_bane),
         description="Adds a bomb slot. Once per round, when a friendly bomb makes an enemy ship "
                     "roll attack dice: may make it reroll any of its focus and blank results.")


# -------------------------------------------------------------------------- R4-E1
R4E1 = "1e-r4e1"
_R4E1_SLOTS = ("torpedo", "bomb")


def _r4e1_card(source: str) -> bool:
    """Whether an action's source is one of the ship's [Torpedo] or [Bomb] upgrade cards."""
    if not source.startswith("1e-"):
        return False
    try:
        slots = load_cards().upgrade(source).slots
    except (KeyError, ValueError):
        return False
    return any(slot in _R4E1_SLOTS for slot in slots)


def _r4e1_stressed(game: Any, owner: ShipState, ship: ShipState | None = None,
                   spec: Any = None, **facts: Any) -> bool:
    return (ship is not None and ship.id == owner.id and spec is not None
            and _r4e1_card(spec.source))


def _r4e1_discard(ctx: Ctx, choice: Any) -> None:
    discard_upgrade(ctx.game, ctx.ship, R4E1)
    remove_token(ctx.game, ctx.ship, Token.STRESS)


register("upgrade", R4E1,
         Modifier("actions on torpedo and bomb cards even while stressed",
                  hook="may_act_stressed", value=_r4e1_stressed),
         # ruling: "in this way" is an action of such a card performed while stressed
         Triggered("discard: shed 1 stress", window="after_action",
                   requirement=lambda ctx: is_me(ctx) and ctx.event["stressed"]
                   and _r4e1_card(str(ctx.event["source"])) and ctx.ship.stressed,
                   effect=_r4e1_discard),
         description="He may perform the actions of his torpedo and bomb upgrade cards while "
                     "stressed; after doing so, may discard R4-E1 to remove 1 stress token.")


# ------------------------------------------------------------------ Ion Dischargers
DISCHARGERS = "1e-iondischargers"


def _discharge_targets(ctx: Ctx) -> list[ShipState]:
    return [s for s in ctx.state.in_play() if s.owner != ctx.ship.owner and not s.remote
            and within_1e(ctx.ship, s, 1, 1)]


def _discharge(ctx: Ctx, choice: Any) -> None:
    target = ctx.other(str(choice))
    remove_token(ctx.game, ctx.ship, Token.ION)
    ctx.game.push(Ask(target.owner, "use_ability", f"{target.name} ({target.id}): receive 1 "
                      f"ion token (Ion Dischargers of {ctx.ship.name})?",
                      (Option("use", "receive 1 ion token (the card is discarded)"),
                       Option("decline", "receive none")),
                      "1e-iondischargers.answered", (ctx.ship.id, target.id),
                      ship=target.id))


@continuation("1e-iondischargers.answered")
def _discharge_answered(game: Game, answer: str, ship_id: str, target_id: str) -> None:
    if answer != "use":
        return
    ship, target = game.state.ships[ship_id], game.state.ships[target_id]
    gain_token(game, target, Token.ION, applier=target.owner)
    discard_upgrade(game, ship, DISCHARGERS)


register("upgrade", DISCHARGERS,
         Triggered("shed the ion onto an enemy within Range 1",
                   window="after_gain_token",
                   requirement=lambda ctx: is_me(ctx) and ctx.event["token"] == "ion"
                   and ctx.ship.has(Token.ION) and bool(_discharge_targets(ctx)),
                   choices=lambda ctx: [Option(s.id, f"{s.name} ({s.id})")
                                        for s in _discharge_targets(ctx)],
                   effect=_discharge),
         description="On gaining an ion token: may discard it by picking an enemy within Range 1; "
                     "that ship may accept 1 ion token, which discards Ion Dischargers.")


# ----------------------------------------------------------------- Minefield Mapper
MAPPER = "1e-minefieldmapper"


def mapper_bombs(ship: ShipState) -> list[str]:
    """The ship's equipped [Bomb] upgrade cards that have bomb tokens to place."""
    found = []
    for kind, card, _ in ship.cards:
        if kind != "upgrade" or card in found or "bomb" not in load_cards().upgrade(card).slots:
            continue
        try:
            device_of(card)
        except ValueError:
            continue  # no token of its own
        found.append(card)
    return found


def mapper_problem(game: Game, ship: ShipState, card: str, pose: Pose) -> str | None:
    """Why the bomb tokens of ``card`` can't be placed at ``pose``, or None: inside the play
    area, farther than Range 3 from every enemy ship (the engine's range 0-3)."""
    bodies = set_bodies(card, pose)
    if not all(game.state.table().area.contains_pieces(b.overlap_pieces) for b in bodies):
        return "a bomb token can't be placed partly outside the play area"
    for enemy in game.state.in_play():
        if enemy.owner != ship.owner and enemy.body is not None and any(
                at_range(b, enemy.body, 0, 3) for b in bodies):
            return f"it must be beyond Range 3 of every enemy ship ({enemy.id})"
    return None


def mapper_spots(game: Game, ship: ShipState, card: str, wanted: int = MAP_OFFERED
                 ) -> list[Pose]:
    """Legal spots to offer for the tokens of ``card``: grid points, the central first."""
    return map_spots(game, ship, card, wanted, mapper_problem)


@dataclass(frozen=True)
class MapperPlacement(ChoiceStep):
    """Minefield Mapper: discard one more of the ship's bomb cards to place its tokens, or
    stop. Answers: an offered spot (``"<card>@<x>,<y>,<rotation>"``), ``done``, or a free
    ``{card, x, y, rotation}`` (:func:`mapper_problem` checks it)."""

    ship_id: str

    def choice(self, game: Game) -> Decision | None:
        ship = game.state.ships[self.ship_id]
        cards = mapper_bombs(ship)
        if not cards or not ship.in_play:
            return None
        db = load_cards()
        options = [Option(placement_key(card, p), f"discard {db.upgrade(card).name}: place "
                          f"its token at ({p.x:.0f}, {p.y:.0f})",
                          {"card": card, "x": p.x, "y": p.y, "rotation": p.heading})
                   for card in cards for p in mapper_spots(game, ship, card)]
        options.append(Option("done", "place no more bomb tokens"))
        return self.ask(ship.owner, "place_device", f"{ship.name} ({ship.id}): Minefield "
                        "Mapper - discard a bomb card to place its token?", tuple(options),
                        ship=ship.id, free="{card, x, y, rotation}: a bomb upgrade's token, "
                        "beyond Range 3 of every enemy ship")

    def check_free(self, game: Game, value: Any) -> str | None:
        ship = game.state.ships[self.ship_id]
        parsed = free_pose(value, "card", tuple(mapper_bombs(ship)))
        if isinstance(parsed, str):
            return parsed
        return mapper_problem(game, ship, *parsed)

    def apply(self, game: Game, answer: Any) -> None:
        if answer == "done":
            return
        ship = game.state.ships[self.ship_id]
        card, pose = answered_pose(answer, "card", tuple(mapper_bombs(ship)))
        discard_upgrade(game, ship, card)
        # pushed first: a mine placed under a friendly ship detonates before the next ask
        game.push(MapperPlacement(self.ship_id))
        place_devices_at(game, ship, card, pose, " (Minefield Mapper)")


register("upgrade", MAPPER,
         # "after the Place Forces step": every ship is placed, so the ranges are known
         Triggered("discard bombs: set their tokens out of enemy Range 1-3",
                   window="after_place_forces",
                   requirement=lambda ctx: ctx.ship.in_play and any(
                       mapper_spots(ctx.game, ctx.ship, card, 1)
                       for card in mapper_bombs(ctx.ship)),
                   effect=lambda ctx, choice: ctx.game.push(MapperPlacement(ctx.ship.id))),
         description="Setup, after Place Forces: may discard any of his bomb cards to set their "
                     "tokens anywhere more than Range 3 from every enemy ship.")
