"""First-edition pilots of the Upsilon-class Shuttle, Quadjumper, U-wing and TIE Striker
expansion packs, registered under their play ids (:mod:`tallon.data.first_edition_play`).
Descriptions are Tallon's own words; the rules sources are the first edition's core
rulebook, its reference cards and its FAQ (``FAQ (1e)``).

First-edition ranges have no range 0: cards measure with
:mod:`tallon.cards.first_edition.ranges_1e`. A "free action" is an action performed
outside the Perform Action step (rulebook (1e), Free Actions). "Duchess" is played by the
Adaptive Ailerons card, which reads who flies the ship; Kylo Ren's condition, I'll Show You
the Dark Side, is in :mod:`upgrades_w8b_2` with his crew card.

Not registered: Unkar Plutt (the first edition's tractor beam token rules are not in the
engine).
"""

from __future__ import annotations

from typing import Any

from tallon.cards.acting import let_perform
from tallon.cards.common import RANGES_TREATED, is_me, remember, ship_options, this_round
from tallon.cards.first_edition.bombs_1e import dropped_this_round
from tallon.cards.first_edition.ordnance_1e import discard_upgrade
from tallon.cards.first_edition.pilots_wave4 import free_actions
from tallon.cards.first_edition.ranges_1e import friends_within
from tallon.cards.first_edition.upgrades_w8b_2 import DARK
from tallon.cards.pilots.tieskstriker import countdown, countdown_applies
from tallon.cards.pilots.upsilonclassshuttle import (
    dormitz,
    stridan_coordinates,
    stridan_ranges,
)
from tallon.cards.pilots.ut60duwing import bodhi_sources
from tallon.cards.registry import register
from tallon.data import load_cards
from tallon.engine.abilities import Ctx, Modifier, Triggered
from tallon.engine.card_values import agility
from tallon.engine.conditions import assign_condition
from tallon.engine.decisions import Option
from tallon.engine.devices import can_place_device, parse_template_key, placement_options
from tallon.engine.effects import remove_token
from tallon.engine.payloads import CARD_DEVICES, fits, outline_of, place_devices
from tallon.engine.state import AttackState, ShipState, Token
from tallon.geometry import Bearing, Maneuver

DUCHESS = "1e-tiestriker-duchess"
STRIDAN = "1e-upsilonclassshuttle-majorstridan"


# ----------------------------------------------------------------- Cassian Andor
def _cassian_targets(ctx: Ctx) -> list[ShipState]:
    return [s for s in friends_within(ctx.game, ctx.ship, 1, 2) if s.stressed]


register("pilot", "1e-uwing-cassianandor",
         Triggered("clear 1 stress from another friendly ship within Range 1-2",
                   window="start_activation",
                   requirement=lambda ctx: ctx.ship.in_play and bool(_cassian_targets(ctx)),
                   choices=lambda ctx: ship_options(_cassian_targets(ctx)),
                   effect=lambda ctx, choice: remove_token(
                       ctx.game, ctx.other(str(choice)), Token.STRESS, remover=ctx.ship.id)),
         description="Activation phase start: may clear 1 stress token off another friendly "
                     "ship within Range 1-2.")


# ------------------------------------------------------------------- Bodhi Rook
register("pilot", "1e-uwing-bodhirook",
         # the measuring ship may be any friendly ship (the hook range_sources of lock
         # targets, as 2.5's Bodhi Rook): Range 1-3 is the engine's 0-3
         Modifier("lock an enemy within Range 1-3 of any friend",
                  hook="range_sources", value=bodhi_sources),
         description="Friendly ships may lock an enemy that any friendly ship "
                     "has within Range 1-3.")


# ------------------------------------------------------------------- Heff Tobber
def _heff_applies(ctx: Ctx) -> bool:
    if ctx.event.get("other") != ctx.ship.id or not ctx.ship.in_play:
        return False
    mover = ctx.other(ctx.event["ship"])
    return mover.owner != ctx.ship.owner and not mover.remote \
        and bool(free_actions(ctx.game, ctx.ship))


register("pilot", "1e-uwing-hefftobber",
         Triggered("perform a free action", window="after_overlap",
                   requirement=_heff_applies,
                   # not his own activation (rulebook (1e), Free Actions)
                   effect=lambda ctx, choice: let_perform(
                       ctx.game, ctx.ship.id, free_actions(ctx.game, ctx.ship), False)),
         description="After an enemy ship's maneuver makes it overlap him: may perform a "
                     "free action.")


# ---------------------------------------------------------------------- Duchess
register("pilot", DUCHESS,
         description="She may choose to ignore her Adaptive Ailerons card's ability (the "
                     "card reads this off its pilot).")


# -------------------------------------------------------------------- Countdown
register("pilot", "1e-tiestriker-countdown",
         # the Compare Results step is the engine's Neutralize Results; the effect is
         # 2.5's "Countdown"'s (the same damage, stress token and cancelled results)
         Triggered("take 1 damage to cancel every result, "
                   "then 1 stress token", window="after_neutralize", requirement=countdown_applies,
                   effect=countdown),
         description="Defending while unstressed, at Compare Results: may take 1 damage to cancel "
                     "every dice result, then gains 1 stress token.")


# ------------------------------------------------------------------ Pure Sabacc
def _sabacc(game: Any, owner: ShipState, attack: AttackState | None = None,
            **facts: Any) -> int:
    return 1 if attack is not None and attack.attacker == owner.id \
        and len(owner.damage) <= 1 else 0


register("pilot", "1e-tiestriker-puresabacc",
         Modifier("1 additional attack die with 1 or fewer damage cards", hook="attack_dice",
                  value=_sabacc),
         description="Attacking with 1 or fewer damage cards: rolls 1 additional attack "
                     "die.")


# ------------------------------------------------------------------ Sarco Plank
def _sarco(game: Any, owner: ShipState, attack: AttackState | None = None,
           **facts: Any) -> int:
    # ruling: "instead of using your agility value" replaces his agility as cards have
    # changed it; the choice is only ever made when the speed gives more dice
    if attack is None or attack.defender != owner.id or owner.executed_speed is None:
        return 0
    return max(0, owner.executed_speed - agility(game, owner))


register("pilot", "1e-quadjumper-sarcoplank",
         Modifier("roll as many defense dice as your maneuver's speed this round",
                  hook="defense_dice", value=_sarco),
         description="Defending: may roll as many defense dice as the speed of the maneuver "
                     "he executed this round instead of his agility value.")


# ------------------------------------------------------------- Major Stridan
# his actions' and upgrade cards' measures to friendly ships go through ships_in_range and
# range_of (hence within_1e), which read RANGES_TREATED; Range 1 is the engine's 0-1
RANGES_TREATED[("pilot", STRIDAN)] = stridan_ranges
register("pilot", STRIDAN,
         Modifier("coordinate friendly ships at Range 3", hook="coordinate_beyond_range",
                  value=stridan_coordinates),
         description="His actions and upgrade cards may count friendly ships within "
                     "Range 2-3 as Range 1.")


# ----------------------------------------------------------- Lieutenant Dormitz
register("pilot", "1e-upsilonclassshuttle-lieutenantdormitz",
         # 2.5's Dormitz's placement rule: "at range 0-2 of him" is the first edition's
         # Range 1-2 (touching ships are at Range 1)
         Modifier("friendly ships may be placed at Range 1-2 of him",
                  hook="setup_placement_beside", value=dormitz),
         description="Setup: once he is placed, other friendly ships may deploy anywhere "
                     "within Range 1-2 of him.")


# ---------------------------------------------------------------------- Kylo Ren
KYLO = "1e-upsilonclassshuttle-kyloren"
KYLO_ROUND = f"{KYLO}:round"


def _kylo_applies(ctx: Ctx) -> bool:
    if ctx.event.get("defender") != ctx.ship.id or \
            this_round(ctx, ctx.ship, KYLO_ROUND):
        return False
    attacker = ctx.state.ships.get(ctx.event.get("attacker", ""))
    return attacker is not None and not attacker.remote and attacker.in_play


def kylo_dark(ctx: Ctx, choice: Any, round_key: str = KYLO_ROUND) -> None:
    """Kylo Ren (Upsilon shuttle; TIE Silencer: pilots_w9b), first hit on him in a round:
    the attacker gets the Dark Side condition (card memory ``round_key``: the round)."""
    remember(ctx.ship, round_key, ctx.state.round)
    assign_condition(ctx.game, ctx.other(ctx.event["attacker"]), DARK, ctx.ship.owner)


register("pilot", KYLO,
         # ruling: the condition goes to the attacker (the data's text names "the
         # defender", which is himself); "hit by an attack": the attack hits
         Triggered("give the attacker the Dark Side condition", window="attack_hit",
                   optional=False, requirement=_kylo_applies, effect=kylo_dark),
         description="First hit on him each round: the attacker is given the condition I'll "
                     "Show You the Dark Side.")


# -------------------------------------------------------------- Constable Zuvio
ZUVIO = "1e-quadjumper-constablezuvio"
#: the first edition's bomb cards, each dropping its token by its own text (the Bomblet
#: Generator the only one not discarded to drop it)
_BOMB_CARDS = ("1e-seismiccharges", "1e-proximitymines", "1e-protonbombs", "1e-ionbombs",
               "1e-connernet", "1e-clustermines", "1e-thermaldetonators",
               "1e-bombletgenerator")
_BOMB_KEPT = ("1e-bombletgenerator",)
#: the [1 straight] template at his front guides (hook device_templates' pair, as
#: "Deathrain"'s: placed as a launched device is)
_FRONT = (("1F", True),)


def _zuvio_options(ctx: Ctx) -> list[Option]:
    ship = ctx.ship
    if dropped_this_round(ctx.game, ship) or not can_place_device(ctx.game, ship):
        return []
    db = load_cards()
    found = []
    for kind, card, _ in ship.cards:
        if kind != "upgrade" or card not in _BOMB_CARDS or card not in CARD_DEVICES:
            continue
        for option in placement_options(ctx.game, ship, _FRONT, outline_of(card), False):
            template, launched = parse_template_key(str(option.key), False)
            if fits(ctx.game, ship, card, template, launched):
                found.append(Option(f"{card}|{option.key}",
                                    f"drop {db.upgrade(card).name} with the [1 straight] "
                                    "template at the front guides"))
    return found


def _zuvio_applies(ctx: Ctx) -> bool:
    bearing = Maneuver.parse(str(ctx.event["maneuver"])).bearing
    return is_me(ctx) and bearing in (Bearing.REVERSE_STRAIGHT, Bearing.REVERSE_BANK_LEFT,
                                      Bearing.REVERSE_BANK_RIGHT) \
        and bool(_zuvio_options(ctx))


def _zuvio(ctx: Ctx, choice: Any) -> None:
    card, _, key = str(choice).partition("|")
    template, launched = parse_template_key(key, False)
    if card not in _BOMB_KEPT:  # the bomb card's own cost: "discard this card to drop"
        discard_upgrade(ctx.game, ctx.ship, card)
    place_devices(ctx.game, ctx.ship, card, template, launched)


register("pilot", ZUVIO,
         # FAQ (1e) Q&A: one bomb drop a round (bombs_1e.dropped_this_round)
         Triggered("drop a bomb with the front guides", window="after_reveal",
                   requirement=_zuvio_applies, choices=_zuvio_options, effect=_zuvio),
         description="Revealing a reverse maneuver: may drop one of his bombs (an \"Action:\" "
                     "one too) with the [1 straight] template at his front guides, paying its "
                     "card's cost.")
