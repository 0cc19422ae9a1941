"""First-edition upgrades of the YT-2400 Freighter, VT-49 Decimator and Most Wanted expansion
packs, continued (:mod:`upgrades_w5a` has the crew, talents and astromechs): secondary
weapons, "Genius", titles and modifications.

The first edition has no range 0: "at Range 1" is measured with
:mod:`tallon.cards.first_edition.ranges_1e`. A "free action" is an action performed outside
the Perform Action step. Descriptions are Tallon's own words.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tallon.cards.acting import bar_actions, during_activation, performable
from tallon.cards.common import attacking, is_me, recalled, remember, this_round
from tallon.cards.first_edition.bombs_1e import DROP, REVEAL_DROPS, dropped_this_round
from tallon.cards.first_edition.ordnance_1e import (
    attacking_with,
    discard_upgrade,
    is_discarded,
    ordnance_weapon,
)
from tallon.cards.first_edition.ranges_1e import within_1e
from tallon.cards.registry import register
from tallon.data import load_cards
from tallon.dice import Face
from tallon.engine.abilities import Ctx, Modifier, Triggered, Weapon
from tallon.engine.action_bodies import lock_targets
from tallon.engine.actions import StartAction, card_actions
from tallon.engine.attack import can_bonus_attack, perform_bonus_attack
from tallon.engine.decisions import Option
from tallon.engine.devices import (
    can_place_device,
    device_templates,
    parse_template_key,
    placement_options,
)
from tallon.engine.effects import gain_token, locks_on
from tallon.engine.payloads import fits, outline_of, place_devices
from tallon.engine.queue import Queue, any_true
from tallon.engine.state import ActionSpec, ShipState, Token
from tallon.engine.steps import Ask, Then, continuation

if TYPE_CHECKING:
    from tallon.engine.game import Game
    from tallon.engine.state import AttackState


def _slots(card: str) -> tuple[str, ...]:
    return tuple(load_cards().upgrade(card).sides[0].slots)


# --------------------------------------------------------------- Ion Torpedoes
ION_TORPEDOES = "1e-iontorpedoes"


def _ion_splash(ctx: Ctx, choice: Any) -> None:
    attack = ctx.attack
    assert attack is not None
    defender = ctx.other(attack.defender)
    hit = [defender, *(s for s in ctx.state.in_play()
                       if s.id != defender.id and not s.remote
                       and within_1e(defender, s, 1, 1))]
    for ship in hit:
        gain_token(ctx.game, ship, Token.ION, applier=ctx.ship.owner)


register("upgrade", ION_TORPEDOES,
         *ordnance_weapon("Ion Torpedoes", ION_TORPEDOES),
         # rulebook (1e): "if this attack hits" resolves as damage is dealt; the damage is
         # dealt as usual; every ship within Range 1 of the defender, the attacker's side's
         # (and the attacker) included
         Triggered("ion the defender and every ship within Range 1 of it",
                   window="attack_hit", optional=False,
                   requirement=lambda ctx: attacking_with(ctx, ION_TORPEDOES),
                   effect=_ion_splash),
         description="Attack (target lock; spend it and discard this card): 4 dice at Range 2-3; "
                     "on a hit, 1 ion token goes to the defender and to every ship "
                     "within Range 1 of it.")


# ------------------------------------------------------------- Hot Shot Blaster
HOT_SHOT = "1e-hotshotblaster"


def _hot_shot_arc(game: Any, owner: ShipState, card: str = "", arc: str = "",
                  **facts: Any) -> str | None:
    return "all" if card == HOT_SHOT else None


register("upgrade", HOT_SHOT,
         *ordnance_weapon("Hot Shot Blaster", HOT_SHOT, requires=None),
         Modifier("attack a ship even outside your firing arc", hook="special_weapon_arc",
                  value=_hot_shot_arc),
         description="Attack (discard this card): 3 dice at Range 1-2 against a ship in any "
                     "direction.")


# ---------------------------------------------------------- Autoblaster Turret
AUTOBLASTER_TURRET = "1e-autoblasterturret"


def _turret_hits(game: Any, owner: ShipState, attack: AttackState | None = None,
                 **facts: Any) -> tuple[int, int] | None:
    if attack is None or not attacking(attack, owner) \
            or attack.weapon.card != AUTOBLASTER_TURRET:
        return None
    # as the Autoblaster (FAQ (1e), Autoblaster): every hit is set aside from the defense
    # results (evade tokens and added evades too); they then cancel critical hits only,
    # which the defender may cancel first
    return (attack.attack_dice.count(Face.HIT) if attack.attack_dice is not None else 0, 0)


register("upgrade", AUTOBLASTER_TURRET,
         Weapon("Autoblaster Turret"),
         Modifier("hit results can't be canceled by defense dice", hook="uncancelable_results",
                  value=_turret_hits),
         description="Attack: 2 dice at Range 1, any direction; defense dice cannot cancel its "
                     "hits, though the defender may cancel its critical hits first.")


# ----------------------------------------------------------------------- "Genius"
GENIUS = "1e-genius"


def _genius_cards(ctx: Ctx) -> list[str]:
    return [card for card in ctx.ship.upgrades
            if card in REVEAL_DROPS and not is_discarded(ctx.ship, card)]


def _genius_options(ctx: Ctx) -> list[Option]:
    ship = ctx.ship
    if dropped_this_round(ctx.game, ship) or not can_place_device(ctx.game, ship):
        return []
    found = []
    for card in _genius_cards(ctx):
        placements = device_templates(ctx.game, ship, card, DROP, False)
        name = load_cards().upgrade(card).name
        for option in placement_options(ctx.game, ship, placements, outline_of(card), False):
            if fits(ctx.game, ship, card, *parse_template_key(str(option.key), False)):
                # the template first: the agents read a drop's speed from the key
                found.append(Option(f"{option.key}@{card}", f"drop {name} ({option.label})"))
    return found


def _genius(ctx: Ctx, choice: Any) -> None:
    key, _, card = str(choice).rpartition("@")
    discard_upgrade(ctx.game, ctx.ship, card)
    place_devices(ctx.game, ctx.ship, card, *parse_template_key(key, False))


register("upgrade", GENIUS,
         # FAQ (1e) errata: a bomb dropped "when you reveal your maneuver" may be dropped
         # after executing the maneuver instead (one drop a round: FAQ (1e) Q&A)
         Triggered("drop a bomb after executing your maneuver", window="after_execute",
                   requirement=lambda ctx: is_me(ctx) and ctx.ship.in_play
                   and bool(_genius_options(ctx)),
                   choices=_genius_options, effect=_genius, decision="launch_device"),
         description="A bomb dropped when revealing the dial may be dropped after executing "
                     "the maneuver instead.")


# ------------------------------------------------- titles granting upgrade icons
register("upgrade", "1e-bombloadout",
         description="Torpedo card (Y-wing): adds a bomb upgrade icon (squad building only; "
                     "no ability in play).")
register("upgrade", "1e-andrasta",
         description="Title (Firespray-31): adds two bomb upgrade icons (squad building only; "
                     "no ability in play).")


# ---------------------------------------------------------------------- Outrider
OUTRIDER = "1e-outrider"


def _cannon_equipped(ship: ShipState) -> bool:
    return any("cannon" in _slots(card) for card in ship.upgrades)


def _outrider_no_primary(game: Any, owner: ShipState, ship: ShipState | None = None,
                         weapon: Any = None, **facts: Any) -> bool:
    return (ship is not None and ship.id == owner.id and weapon is not None
            and weapon.primary and _cannon_equipped(owner))


def _outrider_cannons(game: Any, owner: ShipState, card: str = "", arc: str = "",
                      **facts: Any) -> str | None:
    return "all" if card and "cannon" in _slots(card) else None


register("upgrade", OUTRIDER,
         Modifier("no primary weapon attacks while a cannon is equipped",
                  hook="attack_arc_forbidden", value=_outrider_no_primary),
         Modifier("cannon attacks against ships outside the firing arc",
                  hook="special_weapon_arc", value=_outrider_cannons),
         description="While a cannon is equipped: no primary weapon attacks, and cannon "
                     "attacks may target ships outside the firing arc.")


# ---------------------------------------------------------------------- Dauntless
DAUNTLESS = "1e-dauntless"


def _dauntless_specs(ctx: Ctx) -> list[ActionSpec]:
    # any action: the bar's and the cards' "Action:" headers (FAQ (1e), Dauntless: Daredevil),
    # no target lock without a ship to lock
    return [spec for spec in bar_actions(ctx.game, ctx.ship, during_activation(ctx))
            if spec.kind != "lock" or lock_targets(ctx.game, ctx.ship)]


def _dauntless(ctx: Ctx, choice: Any) -> None:
    spec = next(s for s in _dauntless_specs(ctx) if s.kind == choice)
    ctx.game.push(StartAction(ctx.ship.id, spec, during_activation(ctx)),
                  Then("1e-dauntless.stress", (ctx.ship.id,)))


@continuation("1e-dauntless.stress")
def _dauntless_stress(game: Any, _: Any, ship_id: str) -> None:
    gain_token(game, game.state.ships[ship_id], Token.STRESS)


register("upgrade", DAUNTLESS,
         # FAQ (1e): after the Check Difficulty step (a red maneuver's stress forbids the
         # action; a green one's removal came before this stress)
         Triggered("take a free action, then gain 1 stress token", window="after_execute",
                   requirement=lambda ctx: is_me(ctx) and bool(ctx.event.get("forced_by"))
                   and ctx.ship.in_play,
                   choices=lambda ctx: [Option(s.kind, f"perform a {s.label} action")
                                        for s in _dauntless_specs(ctx)],
                   effect=_dauntless),
         description="After a maneuver that ends overlapping another ship: may take 1 free action "
                     "and gain 1 stress token.")


# ------------------------------------------------------------------- BTL-A4 Y-wing
BTL_A4 = "1e-btla4ywing"


def _turrets(ship: ShipState) -> tuple[str, ...]:
    return tuple(card for card in ship.upgrades if "turret" in _slots(card)
                 and not is_discarded(ship, card))


def _btl_front(game: Any, owner: ShipState, card: str = "", arc: str = "",
               **facts: Any) -> str | None:
    # attacks only inside its firing arc: a turret's every-direction arc is
    # the front arc
    return "front" if arc == "all" else None


def _btl_primary_arc(game: Any, owner: ShipState, arc: str = "", **facts: Any) -> str | None:
    return "front" if arc == "all" else None


register("upgrade", BTL_A4,
         Modifier("no attacks outside the firing arc", hook="special_weapon_arc",
                  value=_btl_front),
         Modifier("no attacks outside the firing arc", hook="primary_weapon_arc",
                  value=_btl_primary_arc),
         # FAQ (1e), timing chart step 9: with the abilities that perform an attack
         Triggered("follow up with a turret attack", window="after_attack",
                   bonus_attack=True,
                   requirement=lambda ctx: ctx.event["attacker"] == ctx.ship.id
                   and ctx.event["primary"] and bool(_turrets(ctx.ship))
                   and can_bonus_attack(ctx.game, ctx.ship, only=_turrets(ctx.ship)),
                   effect=lambda ctx, choice: perform_bonus_attack(
                       ctx.game, ctx.ship, only=_turrets(ctx.ship))),
         description="Attacks only ships inside its firing arc. After a primary weapon attack: may "
                     "follow up with a turret secondary weapon attack.")


# ------------------------------------------------------------ Experimental Interface
INTERFACE = "1e-experimentalinterface"
INTERFACE_ROUND = f"{INTERFACE}:round"


def _interface_specs(ctx: Ctx) -> list[ActionSpec]:
    ship = ctx.ship
    specs = [s for s in card_actions(ctx.game, ship) if s.source in ship.upgrades]
    return performable(ctx.game, ship, specs, during_activation(ctx))


def _interface(ctx: Ctx, choice: Any) -> None:
    remember(ctx.ship, INTERFACE_ROUND, ctx.state.round)
    spec = next(s for s in _interface_specs(ctx) if s.kind == choice)
    ctx.game.push(StartAction(ctx.ship.id, spec, during_activation(ctx)))
    # the stress token once the abilities set off by the same action have resolved too
    # (FAQ (1e): with Push the Limit, both free actions, then both stress tokens)
    stress = Then("1e-experimentalinterface.stress", (ctx.ship.id,))
    stack = ctx.game.stack
    below = next((k for k in range(len(stack) - 1, -1, -1)
                  if isinstance(stack[k], Queue) and stack[k].event == ctx.event), None)
    if below is None:
        ctx.game.push(stress)
    else:
        stack.insert(below, stress)


@continuation("1e-experimentalinterface.stress")
def _interface_stress(game: Any, _: Any, ship_id: str) -> None:
    gain_token(game, game.state.ships[ship_id], Token.STRESS)


register("upgrade", INTERFACE,
         Triggered("perform 1 free action of an upgrade card, then receive 1 stress token",
                   window="after_action",
                   requirement=lambda ctx: is_me(ctx)
                   and not this_round(ctx, ctx.ship, INTERFACE_ROUND),
                   choices=lambda ctx: [Option(s.kind, f"perform {s.label}")
                                        for s in _interface_specs(ctx)],
                   effect=_interface),
         description="Once per round, after performing an action: may perform 1 free action "
                     "of an equipped upgrade card's \"Action:\" header, then receives 1 stress "
                     "token.")


# ---------------------------------------------------------------- Countermeasures
COUNTERMEASURES = "1e-countermeasures"
COUNTER_ROUND = f"{COUNTERMEASURES}:round"


def _countermeasures(ctx: Ctx, choice: Any) -> None:
    ship = ctx.ship
    # discarded now, its agility kept until the end of the round: the card leaves the ship
    # once the End phase is over (below), its ability used up (ruling)
    remember(ship, COUNTER_ROUND, ctx.state.round)
    ctx.game.event("discard", f"{ship.name} ({ship.id}) discards Countermeasures: agility +1 "
                   "this round", ship=ship.id, card=COUNTERMEASURES)
    enemies = [s for s in locks_on(ctx.game, ship.id) if s.owner != ship.owner]
    if enemies:
        ctx.game.push(Ask(ship.owner, "use_ability", f"{ship.name} ({ship.id}): remove an "
                          "enemy target lock? (Countermeasures)",
                          (*(Option(s.id, f"remove the lock of {s.name} ({s.id})")
                             for s in enemies), Option("decline", "decline")),
                          "1e-countermeasures.unlock", (ship.id,), ship=ship.id))


@continuation("1e-countermeasures.unlock")
def _counter_unlock(game: Game, answer: str, ship_id: str) -> None:
    if answer == "decline":
        return
    locker = game.state.ships[answer]
    locker.locks = [t for t in locker.locks if t != ship_id]
    game.event("lock", f"the target lock of {locker.name} ({locker.id}) on {ship_id} is "
               "removed (Countermeasures)", ship=ship_id)


def _counter_agility(game: Any, owner: ShipState, ship: ShipState | None = None,
                     **facts: Any) -> int:
    return 1 if (ship is not None and ship.id == owner.id
                 and this_round(game, owner, COUNTER_ROUND)) else 0


register("upgrade", COUNTERMEASURES,
         Triggered("discard this card: agility +1 this round, then may remove an enemy "
                   "target lock", window="start_engagement",
                   requirement=lambda ctx: ctx.ship.in_play
                   and recalled(ctx.ship, COUNTER_ROUND) is None,
                   effect=_countermeasures),
         Modifier("agility +1 this round", hook="agility", value=_counter_agility),
         Triggered("the discarded card leaves the ship", window="end_phase_end",
                   optional=False,
                   requirement=lambda ctx: recalled(ctx.ship, COUNTER_ROUND) is not None,
                   effect=lambda ctx, choice: discard_upgrade(ctx.game, ctx.ship,
                                                              COUNTERMEASURES)),
         description="Combat phase start: may discard this card for agility +1 this round and then "
                     "clear 1 enemy target lock off the ship.")


# ---------------------------------------------------------------- Tactical Jammer
JAMMER = "1e-tacticaljammer"


def _jammer(game: Any, owner: ShipState, attack: AttackState | None = None,
            **facts: Any) -> int:
    from tallon.cards.common import attack_crossing
    from tallon.geometry.obstruction import covers_unit_interval, family_interval
    from tallon.geometry.polygons import segment_enters

    if attack is None or not owner.in_play or owner.body is None or attack.obstructed:
        return 0
    attacker = game.state.ships[attack.attacker]
    if attacker.owner == owner.owner or owner.id in (attack.attacker, attack.defender):
        return 0
    if any_true(game, "ignore_obstruction", attack=attack):
        return 0
    crossing = attack_crossing(game, attack)
    if crossing is None or crossing.lines is None:
        return 0
    jammers = [i for i in crossing.objects if i in game.state.ships
               and JAMMER in game.state.ships[i].upgrades
               and game.state.ships[i].owner != attacker.owner]
    # one obstruction, however many jamming ships: the first in id order counts it
    if not jammers or min(jammers) != owner.id:
        return 0
    lines = crossing.lines
    pieces = owner.body.range_pieces
    if lines.unique:
        (ax, ay), (bx, by) = lines.segment
        return 1 if any(segment_enters(ax, ay, bx, by, p) for p in pieces) else 0
    # several closest lines: obstructed only if every one of them crosses (else the
    # attacker measures along a clear one: rulebook (1e), Obstructed Attacks)
    intervals = [i for i in (family_interval(lines, p) for p in pieces) if i is not None]
    return 1 if intervals and covers_unit_interval(intervals) else 0


register("upgrade", JAMMER,
         Modifier("your ship obstructs enemy attacks", hook="defense_dice", value=_jammer),
         description="This ship obstructs enemy attacks whose range line crosses it (the "
                     "defender rolls 1 more defense die).")


__all__ = ["AUTOBLASTER_TURRET", "GENIUS", "ION_TORPEDOES"]
