"""First-edition upgrades of wave 2, continued (:mod:`tallon.cards.first_edition.upgrades_wave2`
has the talents, weapons and modifications): crew, Veteran Instincts, Draw Their Fire,
titles and the stat modifications. Descriptions are Tallon's own words; the rules sources
are the first edition's rulebook, reference cards and FAQ."""

from __future__ import annotations

from typing import Any

from tallon.cards.common import (
    is_me,
    new_lock_options,
    recalled,
    recover_shield,
    remember,
    ships_in_range,
    this_round,
)
from tallon.cards.first_edition.ordnance_1e import discard_upgrade
from tallon.cards.registry import register
from tallon.data import load_cards
from tallon.dice import Face
from tallon.dice.abilities.base import ATTACKING
from tallon.dice.abilities.effects import change_one
from tallon.engine.abilities import Ctx, DiceMod, Modifier, Replacement, Triggered
from tallon.engine.allegiance import friendly
from tallon.engine.attack import can_bonus_attack, perform_bonus_attack
from tallon.engine.decisions import Option
from tallon.engine.effects import acquire_lock, damage_title, suffer_damage
from tallon.engine.queue import any_true
from tallon.engine.state import ShipState
from tallon.engine.steps import call_continuation
from tallon.rulesets import ruleset_rules

# --------------------------------------------------------------- Gunner, Luke
#: card memory: the round in which the card's extra attack was granted, then declared
GRANTED, FIRED = ":granted", ":fired"


def primary_weapons(ship: ShipState) -> tuple[str, ...]:
    return tuple(f"primary:{arc}" for arc, _ in ship.attacks)


def _second_shot(card: str) -> Triggered:
    """A missed attack may be followed at once by a primary weapon attack, the last attack
    of the ship's round (FAQ (1e) errata of Gunner and Luke Skywalker): a separate attack,
    any target (FAQ (1e), Gunner), resolved with the abilities that perform an attack
    (timing chart step 9)."""

    def requirement(ctx: Ctx) -> bool:
        return (ctx.event["attacker"] == ctx.ship.id and not ctx.event["hit"]
                and not this_round(ctx, ctx.ship, card + FIRED)
                and can_bonus_attack(ctx.game, ctx.ship, only=primary_weapons(ctx.ship)))

    def effect(ctx: Ctx, choice: Any) -> None:
        remember(ctx.ship, card + GRANTED, ctx.state.round)
        perform_bonus_attack(ctx.game, ctx.ship, only=primary_weapons(ctx.ship))

    return Triggered("perform a primary weapon attack", window="after_attack",
                     bonus_attack=True, requirement=requirement, effect=effect)


def declared(card: str) -> Triggered:
    # the extra attack is declared: from now on no other attack this round
    def requirement(ctx: Ctx) -> bool:
        attack = ctx.attack
        return (ctx.event["attacker"] == ctx.ship.id and attack is not None and attack.bonus
                and this_round(ctx, ctx.ship, card + GRANTED))

    def effect(ctx: Ctx, choice: Any) -> None:
        remember(ctx.ship, card + GRANTED, None)
        remember(ctx.ship, card + FIRED, ctx.state.round)

    return Triggered("no other attack this round", window="defender_declared",
                     optional=False, requirement=requirement, effect=effect)


def no_more_attacks(card: str) -> Modifier:
    def value(game: Any, owner: ShipState, ship: ShipState | None = None,
              **facts: Any) -> bool:
        attack = game.state.attack
        return (ship is not None and ship.id == owner.id
                and this_round(game, owner, card + FIRED)
                and (attack is None or attack.attacker != owner.id))

    return Modifier("no more attacks this round", hook="cannot_attack",
                    value=value)


def _during_luke_attack(game: Any, attack: Any, owner: ShipState) -> bool:
    return attack.bonus and this_round(game, owner, "1e-lukeskywalker" + FIRED)


for _card, _extra, _text in (
        ("1e-gunner", (), "After an attack that misses: may perform a primary weapon attack; "
                          "he then cannot attack again this round."),
        ("1e-lukeskywalker",
         (DiceMod("turn 1 focus into a hit", dice=change_one(
             "1e-lukeskywalker", "Luke Skywalker (1 focus to a hit)", Face.FOCUS, Face.HIT,
             ATTACKING), applies=lambda game, attack, owner, user: user.id == owner.id
             and attack.attacker == owner.id and _during_luke_attack(game, attack, owner)),),
         "After a missed attack: may make a primary weapon attack, turning 1 focus into a hit in "
         "it; he then attacks no more this round.")):
    register("upgrade", _card, _second_shot(_card), declared(_card), no_more_attacks(_card),
             *_extra, description=_text)


# ------------------------------------------------------------- Draw Their Fire
def _dtf_applies(ctx: Ctx) -> bool:
    attack = ctx.attack
    if attack is None or not attack.hit or attack.crits < 1 or \
            attack.defender == ctx.ship.id:
        return False
    defender = ctx.other(attack.defender)
    return friendly(ctx.ship, defender) and defender in ships_in_range(
        ctx.game, ctx.ship, 0, 1, friendly=True, other=True)


def _draw_their_fire(ctx: Ctx, choice: Any) -> None:
    attack = ctx.attack
    assert attack is not None
    # the result is suffered instead of the defender: the attack still hit it
    attack.crits -= 1
    suffer_damage(ctx.game, ctx.ship, crits=1, cause="Draw Their Fire")
    ctx.game.event("neutralize", f"{ctx.ship.name} ({ctx.ship.id}) suffers 1 critical hit "
                   f"instead of the defender: {attack.hits} hit(s), {attack.crits} critical "
                   "hit(s) left", ship=ctx.ship.id, hits=attack.hits, crits=attack.crits)


register("upgrade", "1e-drawtheirfire",
         Triggered("take an uncanceled critical hit "
                   "for the defender", window="after_neutralize", requirement=_dtf_applies,
                   effect=_draw_their_fire),
         description="When an attack hits a friendly ship within Range 1: he may take one of its "
                     "uncanceled critical hits in its place.")


# ------------------------------------------------------------- Chewbacca (crew)
def card_title(card: str) -> str:
    for deck in ruleset_rules("1e").damage_decks:
        for entry in load_cards().damage_deck(deck).cards:
            if entry.id == card:
                return entry.title
    return damage_title(card)


def _chewie_label(ctx: Ctx, facts: dict[str, Any]) -> list[Option]:
    # FAQ (1e), Chewbacca: the player may look at the card before choosing
    return [Option("use", f"discard {card_title(facts['card'])}, recover 1 shield and "
                          "discard Chewbacca")]


def _chewie(ctx: Ctx, facts: dict[str, Any], choice: Any) -> None:
    ship = ctx.ship
    attacks = ctx.game.state.attacks
    if facts.get("faceup") and attacks and attacks[-1].defender == ship.id and \
            any_true(ctx.game, "marks_faceup_dealt"):
        # FAQ (1e), Boba Fett (crew): a card dealt faceup counts although Chewbacca
        # discards it
        attacks[-1].marks["marks_faceup_dealt"] = 1
    ctx.game.state.player(ship.owner).discard.append(facts["card"])
    ctx.game.event("damage", f"{ship.name} ({ship.id}) discards the damage card "
                   f"{card_title(facts['card'])} it was being dealt", ship=ship.id)
    recover_shield(ctx.game, ship)
    discard_upgrade(ctx.game, ship, "1e-chewbacca")
    if facts["then"] is not None:
        call_continuation(ctx.game, facts["then"], None, facts["args"])


register("upgrade", "1e-chewbacca",
         Replacement("throw out the damage card and regain a shield, then Chewbacca goes",
                     point="deal_damage_card",
                     applies=lambda ctx, facts: facts["ship"] == ctx.ship.id,
                     choices=_chewie_label, replace=_chewie),
         description="Dealt a damage card: may discard it at once and recover 1 shield; "
                     "then Chewbacca is discarded.")


# ------------------------------------------------------------------- Nien Nunb
_LEVEL = {"B": 0, "W": 1, "R": 2}


def _nien(game: Any, owner: ShipState, ship: ShipState | None = None, maneuver: str = "",
          **facts: Any) -> int:
    if ship is None or ship.id != owner.id or len(maneuver) < 3 or maneuver[1] != "F":
        return 0
    # "treat as green" (the engine's blue): as many steps easier as it is harder than blue
    return -_LEVEL.get(maneuver[-1], 0)


register("upgrade", "1e-niennunb",
         Modifier("straight maneuvers are green", hook="maneuver_difficulty", value=_nien),
         description="His straight maneuvers are treated as green maneuvers.")


# ------------------------------------------------------------- Weapons Engineer
WE_SECOND = "1e-weaponsengineer:second"


def _we_options(ctx: Ctx) -> list[Option]:
    # "2 different ships": another ship than the one just locked; the enemy chooses it, so
    # a card restricting such a choice applies (FAQ (1e), Captain Kagi: the second lock
    # must be on Kagi, and none elsewhere while Kagi, already locked, is in range)
    return [o for o in new_lock_options(ctx) if o.key != ctx.event["target"]
            and o.key in ctx.state.ships and not ctx.other(str(o.key)).remote
            and not any_true(ctx.game, "lock_action_forbidden", ship=ctx.ship,
                             target=str(o.key))]


def _we_second(ctx: Ctx, choice: Any) -> None:
    remember(ctx.ship, WE_SECOND, (ctx.state.round, str(choice)))
    acquire_lock(ctx.game, ctx.ship, str(choice))


register("upgrade", "1e-weaponsengineer",
         Modifier("may maintain 2 target locks", hook="max_locks",
                  value=lambda game, owner, ship=None, **facts: 2
                  if ship is not None and ship.id == owner.id else None),
         Triggered("lock onto a second ship", window="after_lock",
                   requirement=lambda ctx: is_me(ctx) and recalled(ctx.ship, WE_SECOND) != (
                       ctx.state.round, ctx.event["target"]),
                   choices=_we_options, effect=_we_second),
         description="May maintain 2 target locks (one per ship); acquiring a target lock, "
                     "he may lock onto a second, different ship.")


# ------------------------------------------------------------ Veteran Instincts
def _veteran(ctx: Ctx, choice: Any) -> None:
    # a permanent change of the printed value, as a stat grant is (FAQ (1e), Altered Pilot
    # Skill: a later effect setting it, such as Damaged Cockpit, replaces it)
    ctx.ship.initiative += 2
    ctx.game.event("setup", f"{ctx.ship.name} ({ctx.ship.id}): Veteran Instincts raises its "
                   f"pilot skill to {ctx.ship.initiative}", ship=ctx.ship.id)


register("upgrade", "1e-veteraninstincts",
         Triggered("pilot skill +2", window="gather_forces", optional=False,
                   effect=_veteran),
         description="His pilot skill is 2 higher.")


# ------------------------------------------- grants the engine applies at build
register("upgrade", "1e-slavei",
         description="Title (Firespray-31): adds a torpedo upgrade slot (a card grant).")
register("upgrade", "1e-millenniumfalcon",
         description="Title (YT-1300): adds the evade action to the action bar (a card "
                     "grant).")
register("upgrade", "1e-shieldupgrade",
         description="Shield value +1 (a card grant).")
register("upgrade", "1e-engineupgrade",
         description="Adds the boost action to the action bar (a card grant).")
