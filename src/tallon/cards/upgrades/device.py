"""Device upgrades: bombs and mines (RR: DEVICE, RR: BOMB, RR: MINE, RR: FUSE MARKER,
RR: OBJECTS: BOMBS AND MINES). Each card drops its device during the System Phase
(:func:`~tallon.cards.upgrades.ordnance.launch_device`); the engine places, fuses and
detonates them (:mod:`tallon.engine.payloads`), and this module holds what each device
does when it detonates: the continuation ``detonate.<kind>`` called with the device's id
and the ship that set it off ("" for a bomb).

Several ships affected by one detonation are affected in player order of their owners
(ruling, docs/rulings.md, Devices); a ship rolling dice for a device rolls attack dice that
no one can modify.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tallon.cards.common import is_me, recalled, recover_charge, remember
from tallon.cards.registry import register
from tallon.cards.upgrades.ordnance import expose_random, launch_device, lose_shield
from tallon.dice import Face
from tallon.engine.abilities import Cost, Ctx, Modifier, Triggered
from tallon.engine.chance import RollDice
from tallon.engine.decisions import Option
from tallon.engine.devices import (
    can_place_device,
    device_templates,
    launch_remote,
    parse_template_key,
    place_obstacle,
    placement_options,
    remote_kind,
    remove_obstacle,
)
from tallon.engine.effects import deal_damage_card, gain_token, suffer_damage
from tallon.engine.payloads import (
    device,
    device_of,
    fits,
    in_range_of,
    outline_of,
    place_devices,
    suffered_effect,
)
from tallon.engine.queue import fire, named, own_modifiers
from tallon.engine.state import ShipState, Token
from tallon.engine.steps import Ask, Then, call_continuation, continuation
from tallon.geometry import Pose, at_range

if TYPE_CHECKING:
    from tallon.engine.game import Game

DROP = ("1F",)
#: The templates each device upgrade places its device with, as its card dictates (an
#: effect that says "drop 1 bomb" places it so: RR: DEVICE).
TEMPLATES: dict[str, tuple[str, ...]] = {}


def _dropper(card: str, then_fuse: bool = False) -> Any:
    def drop(ctx: Ctx, template: str, launched: bool) -> None:
        placed = place_devices(ctx.game, ctx.ship, card, template, launched)
        if then_fuse:
            for found in placed:  # "then place 1 fuse marker on that device"
                ctx.game.state.fuses[found.id] = 1
    return drop


def drop_templates(game: Game, owner: ShipState, value: Any, card: str,
                   templates: tuple[str, ...], launch: bool) -> list[str]:
    """The templates a drop may use before the ``device_templates`` modifier ``value``
    alters them: the card's own, and those the ship's other cards offer for the drop
    (RR: DEVICE - "other effects can modify how it is placed"). Launches give none."""
    drops = [] if launch else list(templates)
    for held in own_modifiers(game, owner, "device_templates"):
        if held.ability.value is value:
            continue
        extra = held.ability.value(game, owner, card=card, templates=templates, launch=launch)
        drops.extend(code for code, launched in extra or () if not launched)
    return drops

def _fits(card: str) -> Any:
    return lambda ctx, template, launched: fits(ctx.game, ctx.ship, card, template, launched)


def drop_ability(card: str, title: str, templates: tuple[str, ...] = DROP, *,
                 then_fuse: bool = False, optional: bool = True,
                 requirement: Any = None) -> Triggered:
    """"During the System Phase, you may spend 1 charge to drop (the device) with (a
    template)"."""
    TEMPLATES[card] = templates
    return launch_device(title, "system_phase", Cost(charges=1), templates,
                         lambda: outline_of(card), _dropper(card, then_fuse), card=card,
                         own_window=True, drop=True, fits=_fits(card), optional=optional,
                         requirement=requirement)


def payload_cards(ship: ShipState, categories: tuple[str, ...] = ("bomb", "mine")
                  ) -> list[str]:
    """The ship's bomb and mine upgrades (of ``categories``) with an active charge."""
    return [card for card, charge in ship.charges.items()
            if card in TEMPLATES and charge.active > 0 and device_of(card)[1] in categories]


def payload_options(game: Game, ship: ShipState, categories: tuple[str, ...] = ("bomb",),
                    templates: tuple[str, ...] | None = None, modes: tuple[bool, ...] = (False,)
                    ) -> list[Option]:
    """Each way the ship could place a device of one of its payload upgrades now, paying a
    charge: with the card's own templates, or with ``templates`` when an effect names
    them, dropped and/or launched (``modes``: launched or not); keys
    ``<card>@<placement>`` (:func:`~tallon.engine.devices.template_key`, dropping being the
    default way)."""
    found = []
    for card in payload_cards(ship, categories):
        placements: list[tuple[str, bool]] = []
        for launched in modes:
            own = templates if templates is not None else TEMPLATES[card]
            placements.extend(p for p in device_templates(game, ship, card, own, launched)
                              if p not in placements)
        for option in placement_options(game, ship, placements, outline_of(card), False):
            code, launched = parse_template_key(str(option.key), False)
            if fits(game, ship, card, code, launched):
                found.append(Option(f"{card}@{option.key}",
                                    f"{device_of(card)[0]} ({card}): {option.label}"))
    return found


def place_payload(ctx: Ctx, choice: Any) -> None:
    """Carry out a :func:`payload_options` choice: spend the card's charge, place."""
    card, _, key = str(choice).partition("@")
    code, launched = parse_template_key(key, False)
    ctx.ship.charges[card].active -= 1
    place_devices(ctx.game, ctx.ship, card, code, launched)


def unrecoverable(own: str) -> Modifier:
    """"This card's charges cannot be recovered" (a reload recovers none)."""
    return Modifier("its charges cannot be recovered", hook="reload_charges",
                    value=lambda game, owner, ship, card: 0 if card == own else None)


def _ships(game: Game, device_id: str, high: int, remotes: bool = True) -> list[ShipState]:
    return in_range_of(game, device_id, 0, high, remotes=remotes)


#: "each time attack dice are rolled to resolve its effect" (Grudge may reroll one): the
#: card memory key where the faces wait during the window after_device_dice_rolled
DEVICE_ROLL = "device:roll"


def roll_device_dice(game: Game, ship: ShipState, count: int, then: str, *args: Any) -> None:
    """``ship`` rolls ``count`` attack dice for the effect of the device ``args[0]``; the
    continuation ``then`` gets the faces, the ship's id and ``args``."""
    if "after_device_dice_rolled" in named(game):
        game.now(RollDice("attack", count, "device.rolled", (ship.id, then, args),
                          who=f"{ship.name} ({ship.id})"))
        return
    game.now(RollDice("attack", count, then, (ship.id, *args),
                      who=f"{ship.name} ({ship.id})"))


@continuation("device.rolled")
def _rolled(game: Game, faces: tuple[Face, ...], ship_id: str, then: str,
            args: tuple[Any, ...]) -> None:
    remember(game.state.ships[ship_id], DEVICE_ROLL, tuple(int(f) for f in faces))
    game.push(Then("device.roll_kept", (ship_id, then, args)))  # after the window
    fire(game, "after_device_dice_rolled", ship=ship_id, device=args[0])


@continuation("device.roll_kept")
def _roll_kept(game: Game, _: Any, ship_id: str, then: str, args: tuple[Any, ...]) -> None:
    ship = game.state.ships[ship_id]
    faces = tuple(Face(f) for f in recalled(ship, DEVICE_ROLL, ()))
    remember(ship, DEVICE_ROLL, None)
    call_continuation(game, then, faces, (ship_id, *args))


def log_device_roll(game: Game, ship: ShipState, faces: tuple[Face, ...], device_id: str
                    ) -> None:
    game.event("roll", f"{ship.name} ({ship.id}) rolls "
               f"{', '.join(f.label for f in faces)} for {device_id}", ship=ship.id)


def mine_roll(game: Game, device_id: str, ship_id: str, count: int, then: str) -> None:
    """The ship ``ship_id`` that set off the mine ``device_id``, if still in play, suffers
    its effect: it rolls ``count`` attack dice, the faces going to ``then``."""
    ship = game.state.ships.get(ship_id)
    if ship is not None and ship.in_play:
        suffered_effect(game, device_id, [ship])
        roll_device_dice(game, ship, count, then, device_id)


def _count(faces: tuple[Face, ...], *kinds: Face) -> int:
    return sum(1 for face in faces if face in kinds)


# ------------------------------------------------------------------------ bombs
@continuation("detonate.protonbomb")
def _proton(game: Game, _: Any, device_id: str, ship_id: str) -> None:
    suffered_effect(game, device_id, _ships(game, device_id, 1))
    for ship in _ships(game, device_id, 1):
        suffer_damage(game, ship, crits=1, cause=device_id)


@continuation("detonate.ionbomb")
def _ion(game: Game, _: Any, device_id: str, ship_id: str) -> None:
    found = device(game, device_id)
    applier = found.owner if found else None
    suffered_effect(game, device_id, _ships(game, device_id, 1))
    for ship in _ships(game, device_id, 1):
        if ship.remote:
            suffer_damage(game, ship, hits=1, cause=device_id)
        else:
            gain_token(game, ship, Token.ION, 3, applier)


@continuation("detonate.bomblet")
def _bomblet(game: Game, _: Any, device_id: str, ship_id: str) -> None:
    suffered_effect(game, device_id, _ships(game, device_id, 1))
    for ship in _ships(game, device_id, 1):
        roll_device_dice(game, ship, 2, "device.bomblet_rolled", device_id)


@continuation("device.bomblet_rolled")
def _bomblet_rolled(game: Game, faces: tuple[Face, ...], ship_id: str, device_id: str) -> None:
    ship = game.state.ships[ship_id]
    log_device_roll(game, ship, faces, device_id)
    suffer_damage(game, ship, hits=_count(faces, Face.HIT, Face.CRIT), cause=device_id)


@continuation("detonate.blazerbomb")
def _blazer(game: Game, _: Any, device_id: str, ship_id: str) -> None:
    suffered_effect(game, device_id, _ships(game, device_id, 1))
    for ship in _ships(game, device_id, 1):
        roll_device_dice(game, ship, 1, "device.bomblet_rolled", device_id)
    found = device(game, device_id)
    if found is not None:
        # after the dice: the Blaze goes where the bomb was, its guides at the bomb's
        game.now(Then("device.blaze", (found.pose.x, found.pose.y, found.pose.heading,
                                       device_id)))


@continuation("device.blaze")
def _blaze(game: Game, _: Any, x: float, y: float, heading: float, device_id: str) -> None:
    # RR: OBJECTS: BOMBS AND MINES - "after this obstacle is placed, place a fuse marker"
    place_obstacle(game, "blaze", Pose(x, y, heading), 1, f"{device_id} leaves")


@continuation("detonate.thermaldetonators")
def _thermal(game: Game, _: Any, device_id: str, ship_id: str) -> None:
    found = device(game, device_id)
    suffered_effect(game, device_id, _ships(game, device_id, 1))
    for ship in _ships(game, device_id, 1):
        roll_device_dice(game, ship, 1, "device.thermal_rolled", device_id,
              found.owner if found else ship.owner)


@continuation("device.thermal_rolled")
def _thermal_rolled(game: Game, faces: tuple[Face, ...], ship_id: str, device_id: str,
                    applier: int) -> None:
    ship = game.state.ships[ship_id]
    log_device_roll(game, ship, faces, device_id)
    if not ship.remote:
        gain_token(game, ship, Token.STRAIN, _count(faces, Face.FOCUS), applier)
    suffer_damage(game, ship, hits=_count(faces, Face.HIT), crits=_count(faces, Face.CRIT),
                  cause=device_id)


@continuation("detonate.electroprotonbomb")
def _electro(game: Game, _: Any, device_id: str, ship_id: str) -> None:
    found = device(game, device_id)
    applier = found.owner if found else 0
    near = {s.id for s in _ships(game, device_id, 1)}
    suffered_effect(game, device_id, _ships(game, device_id, 2))
    for ship in _ships(game, device_id, 2):
        if ship.remote and ship.id not in near:
            continue  # remotes are affected at range 0-1 only
        roll_device_dice(game, ship, 4, "device.electro_rolled", device_id, applier)


@continuation("device.electro_rolled")
def _electro_rolled(game: Game, faces: tuple[Face, ...], ship_id: str, device_id: str,
                    applier: int) -> None:
    ship = game.state.ships[ship_id]
    log_device_roll(game, ship, faces, device_id)
    for _ in range(_count(faces, Face.BLANK)):
        lose_shield(game, ship, device_id)
    if ship.remote:
        suffer_damage(game, ship, hits=_count(faces, Face.FOCUS, Face.HIT), cause=device_id)
        return
    gain_token(game, ship, Token.ION, _count(faces, Face.FOCUS, Face.HIT), applier)
    gain_token(game, ship, Token.DISARM, _count(faces, Face.CRIT), applier)


@continuation("detonate.concussionbomb")
def _concussion(game: Game, _: Any, device_id: str, ship_id: str) -> None:
    suffered_effect(game, device_id, _ships(game, device_id, 1))
    for ship in _ships(game, device_id, 1):
        deal_damage_card(game, ship, faceup=False)
    # then each ship (not remote) at range 0-1 exposes a card or gains a strain token
    game.now(Then("device.concussion_then", (device_id,)))


@continuation("device.concussion_then")
def _concussion_then(game: Game, _: Any, device_id: str) -> None:
    for ship in _ships(game, device_id, 1, remotes=False):
        game.now(Ask(ship.owner, "concussion_choice",
                     f"{ship.name} ({ship.id}): expose 1 damage card, or gain 1 strain "
                     f"token ({device_id})?",
                     (Option("expose", "expose 1 facedown damage card (chosen at random)"),
                      Option("strain", "gain 1 strain token")),
                     "device.concussion_choice", (ship.id, device_id), ship=ship.id))


@continuation("device.concussion_choice")
def _concussion_choice(game: Game, answer: str, ship_id: str, device_id: str) -> None:
    ship = game.state.ships[ship_id]
    if answer == "strain":
        gain_token(game, ship, Token.STRAIN)
    elif not expose_random(game, ship):
        game.event("ability", f"{ship.name} ({ship.id}) has no facedown damage card to "
                   "expose", ship=ship.id)


@continuation("detonate.seismiccharge")
def _seismic(game: Game, _: Any, device_id: str, ship_id: str) -> None:
    found = device(game, device_id)
    if found is None:
        return
    body = found.body
    near = [o for o in game.state.obstacles if at_range(body, o, 0, 1)]
    if not near:
        game.event("device", f"{device_id}: no obstacle at range 0-1", device=device_id)
        return
    game.now(Ask(found.owner, "device_target",
                 f"{device_id} detonates: choose an obstacle at range 0-1 to destroy",
                 tuple(Option(o.id, o.id) for o in near), "device.seismic_chosen",
                 (device_id,)))


@continuation("device.seismic_chosen")
def _seismic_chosen(game: Game, obstacle_id: str, device_id: str) -> None:
    obstacle = next(o for o in game.state.obstacles if o.id == obstacle_id)
    order = game.state.player_order()
    every = list(game.state.ships)
    hit = sorted((s for s in game.state.ships.values() if s.in_play and s.body is not None
                  and at_range(obstacle, s.body, 0, 1)),
                 key=lambda s: (order.index(s.owner), every.index(s.id)))
    suffered_effect(game, device_id, hit)
    for ship in hit:
        suffer_damage(game, ship, hits=1, cause=device_id)
    game.now(Then("device.seismic_remove", (obstacle_id, device_id)))


@continuation("device.seismic_remove")
def _seismic_remove(game: Game, _: Any, obstacle_id: str, device_id: str) -> None:
    remove_obstacle(game, obstacle_id, f"destroyed by {device_id}")


# ------------------------------------------------------------------------ mines
@continuation("detonate.proximitymine")
def _proximity(game: Game, _: Any, device_id: str, ship_id: str) -> None:
    mine_roll(game, device_id, ship_id, 2, "device.proximity_rolled")


@continuation("device.proximity_rolled")
def _proximity_rolled(game: Game, faces: tuple[Face, ...], ship_id: str, device_id: str
                      ) -> None:
    ship = game.state.ships[ship_id]
    log_device_roll(game, ship, faces, device_id)
    suffer_damage(game, ship, hits=1 + _count(faces, Face.HIT), crits=_count(faces, Face.CRIT),
                  cause=device_id)


@continuation("detonate.clustermine")
def _cluster(game: Game, _: Any, device_id: str, ship_id: str) -> None:
    mine_roll(game, device_id, ship_id, 2, "device.cluster_rolled")


@continuation("device.cluster_rolled")
def _cluster_rolled(game: Game, faces: tuple[Face, ...], ship_id: str, device_id: str
                    ) -> None:
    ship = game.state.ships[ship_id]
    log_device_roll(game, ship, faces, device_id)
    suffer_damage(game, ship, hits=_count(faces, Face.HIT), crits=_count(faces, Face.CRIT),
                  cause=device_id)


@continuation("detonate.connernet")
def _conner(game: Game, _: Any, device_id: str, ship_id: str) -> None:
    ship = game.state.ships.get(ship_id)
    if ship is None or not ship.in_play:
        return
    found = device(game, device_id)
    suffered_effect(game, device_id, [ship])
    suffer_damage(game, ship, hits=1, cause=device_id)
    # after the damage: the ion tokens follow it
    game.now(Then("device.conner_ions", (ship.id, found.owner if found else ship.owner)))


@continuation("device.conner_ions")
def _conner_ions(game: Game, _: Any, ship_id: str, applier: int) -> None:
    ship = game.state.ships[ship_id]
    gain_token(game, ship, Token.ION, 3, applier)


# ------------------------------------------------------------------------ the cards
register("upgrade", "protonbombs", drop_ability("protonbombs", "drop a proton bomb"),
         description="During the System Phase: may spend 1 charge to drop a proton bomb "
                     "([1 straight]). It detonates at the end of the Activation Phase: each "
                     "ship and remote at range 0-1 suffers 1 critical damage.")

register("upgrade", "ionbombs", drop_ability("ionbombs", "drop an ion bomb"),
         description="During the System Phase: may spend 1 charge to drop an ion bomb "
                     "([1 straight]). At the end of the Activation Phase it detonates: ships "
                     "at range 0-1 gain 3 ion tokens, remotes there suffer 1 damage.")

register("upgrade", "seismiccharges", drop_ability("seismiccharges", "drop a seismic charge"),
         description="During the System Phase: may spend 1 charge to drop a seismic charge "
                     "([1 straight]). When it detonates at the end of the Activation Phase "
                     "its controller picks an obstacle at range 0-1: each ship and remote at "
                     "range 0-1 of it suffers 1 damage, then the obstacle is removed.")

register("upgrade", "blazerbomb", drop_ability("blazerbomb", "drop a blazer bomb"),
         description="During the System Phase: may spend 1 charge to drop a blazer bomb "
                     "([1 straight]). On detonating, each ship and remote at range 0-1 rolls "
                     "1 attack die (1 damage per hit or crit) and a Blaze obstacle with a "
                     "fuse marker takes the bomb's place.")

register("upgrade", "electroprotonbomb",
         drop_ability("electroprotonbomb", "drop an electro-proton bomb", then_fuse=True),
         unrecoverable("electroprotonbomb"),
         description="During the System Phase: may spend its 1 charge (never recovered) to "
                     "drop an electro-proton bomb with a fuse marker ([1 straight]). On "
                     "detonating, ships at range 0-2 roll 4 attack dice: a shield lost per "
                     "blank, an ion token per focus or hit, a disarm token per crit (remotes "
                     "at range 0-1: a shield per blank, a damage per focus or hit).")


def _charges_spent(ctx: Ctx) -> bool:
    charge = ctx.ship.charges.get("concussionbombs")
    return charge is not None and charge.active < charge.limit


register("upgrade", "concussionbombs",
         drop_ability("concussionbombs", "drop a concussion bomb (required: a charge is "
                      "spent)", optional=False, requirement=_charges_spent),
         drop_ability("concussionbombs", "drop a concussion bomb",
                      requirement=lambda ctx: not _charges_spent(ctx)),
         description="During the System Phase: must spend 1 charge to drop a concussion bomb "
                     "([1 straight]) if any charge is spent already and it can, otherwise "
                     "may. On detonating, each ship and remote at range 0-1 is dealt a "
                     "facedown damage card; then each ship there exposes one (at random) or "
                     "gains a strain token.")


def _bomblet_recovery_allowed(ctx: Ctx) -> bool:
    charge = ctx.ship.charges.get("bombletgenerator")
    return ctx.ship.shields > 0 and charge is not None and charge.active < charge.limit


def _bomblet_recover(ctx: Ctx, choice: Any) -> None:
    lose_shield(ctx.game, ctx.ship, "Bomblet Generator")
    recover_charge(ctx.ship, "bombletgenerator", 2)
    ctx.game.event("ability", f"{ctx.ship.name} ({ctx.ship.id}) recovers 2 charges on "
                   "Bomblet Generator", ship=ctx.ship.id, card="bombletgenerator")


register("upgrade", "bombletgenerator",
         drop_ability("bombletgenerator", "drop a bomblet"),
         Triggered("spend 1 shield to recover 2 charges", window="start_activation",
                   requirement=_bomblet_recovery_allowed, effect=_bomblet_recover),
         description="During the System Phase: may spend 1 charge to drop a bomblet ([1 "
                     "straight]): at range 0-1 each ship and remote rolls 2 attack dice, 1 "
                     "damage per hit or crit. At the start of the Activation Phase: may "
                     "spend 1 shield to recover 2 charges.")

register("upgrade", "proximitymines", drop_ability("proximitymines", "drop a proximity mine"),
         unrecoverable("proximitymines"),
         description="During the System Phase: may spend 1 charge (never recovered) to drop "
                     "a proximity mine ([1 straight]). A ship that moves through or overlaps "
                     "it rolls 2 attack dice and suffers 1 damage plus 1 per hit or crit.")

register("upgrade", "connernets", drop_ability("connernets", "drop a Conner Net"),
         unrecoverable("connernets"),
         description="During the System Phase: may spend its charge (never recovered) to "
                     "drop a Conner Net ([1 straight]). A ship that moves through or "
                     "overlaps it suffers 1 damage and gains 3 ion tokens.")

register("upgrade", "clustermines", drop_ability("clustermines", "drop a cluster mine set"),
         unrecoverable("clustermines"),
         description="During the System Phase: may spend its charge (never recovered) to "
                     "drop a set of 3 cluster mines ([1 straight]). Each one a ship moves "
                     "through or overlaps detonates: it rolls 2 attack dice, 1 damage per hit "
                     "or crit.")


# --------------------------------------------------------------- thermal detonators
THERMAL = "thermaldetonators"


def _thermal_choices(ctx: Ctx) -> list[Option]:
    """One detonator with either template, or two (one each), as the charges allow."""
    if not is_me(ctx) or not can_place_device(ctx.game, ctx.ship):
        return []
    charge = ctx.ship.charges.get(THERMAL)
    active = charge.active if charge else 0
    fit = [t for t in ("1F", "2F") if fits(ctx.game, ctx.ship, THERMAL, t, launch=False)]
    found = [Option(t, f"drop 1 thermal detonator with the [{t[0]} straight] template")
             for t in fit if active >= 1]
    if active >= 2 and len(fit) == 2:
        found.append(Option("1F+2F", "drop 2 thermal detonators, with the [1 straight] and "
                                     "[2 straight] templates (2 charges)"))
    return found


def _thermal_drop(ctx: Ctx, choice: Any) -> None:
    templates = str(choice).split("+")
    charge = ctx.ship.charges[THERMAL]
    charge.active -= len(templates)  # "spend up to 2 charges to drop that many"
    for template in templates:
        place_devices(ctx.game, ctx.ship, THERMAL, template)


TEMPLATES[THERMAL] = ("1F", "2F")
register("upgrade", THERMAL,
         Triggered("spend 1 or 2 charges: drop that many thermal detonators",
                   window="system_phase", requirement=lambda ctx: bool(_thermal_choices(ctx)),
                   choices=_thermal_choices, effect=_thermal_drop, decision="launch_device"),
         Modifier("reloading recovers 1 more charge", hook="reload_charges",
                  value=lambda game, owner, ship, card: 2 if card == THERMAL else None),
         description="During the System Phase: may spend 1 or 2 charges to drop as many "
                     "thermal detonators, one with the [1 straight] and one with the [2 "
                     "straight] template. A reload recovers 2 charges. Each detonates at the "
                     "end of the Activation Phase: ships and remotes at range 0-1 roll 1 "
                     "attack die (a strain token per focus, 1 damage per hit or crit).")


# ------------------------------------------------------------------------ remotes
DRK1 = "drk1probedroids"
#: "a speed 3 template": any basic template of speed 3 (ruling)
DRK1_TEMPLATES = ("3B", "3F", "3N", "3T", "3Y")


def _drk1_choices(ctx: Ctx) -> list[Option]:
    """Each speed 3 template, dropped or launched, that leaves the droid inside the play
    area (RR: DEVICE); dropping is the key's default, launching is ``launch:<code>``."""
    if not can_place_device(ctx.game, ctx.ship):
        return []
    placements: list[tuple[str, bool]] = []
    for launched in (False, True):
        placements.extend(p for p in device_templates(ctx.game, ctx.ship, DRK1,
                                                      DRK1_TEMPLATES, launched)
                          if p not in placements)
    return placement_options(ctx.game, ctx.ship, placements, remote_kind(DRK1), False)


def _drk1_place(ctx: Ctx, choice: Any) -> None:
    code, launched = parse_template_key(str(choice), False)
    launch_remote(ctx.game, ctx.ship, DRK1, code, launched)


register("upgrade", DRK1,
         Triggered("spend 1 charge: drop or launch a DRK-1 probe droid with a speed 3 "
                   "template", window="end_phase", cost=Cost(charges=1),
                   requirement=lambda ctx: bool(_drk1_choices(ctx)), choices=_drk1_choices,
                   effect=_drk1_place, decision="launch_device"),
         unrecoverable(DRK1),
         description="2 charges, never recovered. During the End Phase: may spend 1 charge to "
                     "drop or launch a DRK-1 probe droid (a remote) with any speed 3 template "
                     "(straight, bank or turn).")
