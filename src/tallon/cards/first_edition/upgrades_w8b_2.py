"""First-edition upgrades of the Upsilon-class Shuttle, Quadjumper, U-wing and TIE Striker
expansion packs, continued (:mod:`upgrades_w8b` has the talents, most crew and Fanatical
Devotion): titles, modifications, tech, Scavenger Crane, and Kylo Ren's crew card with his
condition, I'll Show You the Dark Side (the pilot Kylo Ren assigns it too).

First-edition ranges have no range 0: cards measure with
:mod:`tallon.cards.first_edition.ranges_1e`. Descriptions are Tallon's own words.

Not registered: Targeting Synchronizer (lending a target lock to another ship's "spend
your target lock" instructions needs a hook in the costs and dice of every such effect),
Boshek (an "adjacent maneuver" is a place on the physical dial, which the card data does
not record) and Spacetug Tractor Array (the first edition's tractor beam token rules are
not in the engine).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tallon.cards.common import is_me, recalled, remember, roll_die, ship_options
from tallon.cards.conditions_2 import left_on_card, replace_first_crit
from tallon.cards.first_edition.common_1e import place_forces_skill
from tallon.cards.first_edition.ordnance_1e import DISCARDED, discard_upgrade
from tallon.cards.first_edition.ranges_1e import within_1e
from tallon.cards.pilots.asf01bwing import can_rotate, rotate_by
from tallon.cards.registry import register
from tallon.dice import DieKind, Face
from tallon.dice.pool import Die
from tallon.engine.abilities import CardAction, Ctx, Modifier, Replacement, Triggered
from tallon.engine.allegiance import friendly
from tallon.engine.chance import RollDice
from tallon.engine.conditions import assign_condition, remove_condition
from tallon.engine.decisions import Option
from tallon.engine.effects import damage_title, deal_damage_card, flip_upgrade, gain_token
from tallon.engine.loadout import refresh_actions
from tallon.engine.movement import ExecuteManeuver
from tallon.engine.state import Charge, ShipState, Token
from tallon.engine.steps import Ask, continuation
from tallon.geometry import Maneuver

if TYPE_CHECKING:
    from tallon.engine.game import Game


# ------------------------------------------------------------ Adaptive Ailerons
AILERONS = "1e-adaptiveailerons"
DUCHESS = "1e-tiestriker-duchess"
_AILERONS_MOVES = (("1BW", "a white [1 bank left]"), ("1FW", "a white [1 straight]"),
                   ("1NW", "a white [1 bank right]"))


def ailerons_applies(ctx: Ctx) -> bool:
    # before_reveal: an ionized ship reveals no dial (reference card (1e), Ion Token)
    return (is_me(ctx) and ctx.ship.in_play and not ctx.ship.ionized
            and not ctx.ship.stressed)


def ailerons(ctx: Ctx, choice: Any) -> None:
    # a maneuver by the normal rules (overlaps, obstacles), not an action
    ctx.game.push(ExecuteManeuver(ctx.ship.id, str(choice)))


def ailerons_choices(ctx: Ctx) -> list[Option]:
    return [Option(code, f"execute {label}") for code, label in _AILERONS_MOVES]


register("upgrade", AILERONS,
         Triggered("execute a white 1 bank or 1 straight before revealing the dial",
                   window="before_reveal", optional=False,
                   requirement=lambda ctx: ailerons_applies(ctx)
                   and ctx.ship.pilot != DUCHESS,
                   choices=ailerons_choices, effect=ailerons),
         # "Duchess" may choose to ignore the card's ability: the same, optional
         Triggered("execute a white 1 bank or 1 straight before revealing the dial "
                   "(\"Duchess\" may ignore it)", window="before_reveal",
                   requirement=lambda ctx: ailerons_applies(ctx)
                   and ctx.ship.pilot == DUCHESS,
                   choices=ailerons_choices, effect=ailerons),
         description="Immediately before revealing his dial, if not stressed: must execute "
                     "a white [1 bank left], [1 straight] or [1 bank right] maneuver.")


# ------------------------------------------------------------------- Pivot Wing
PIVOT = "1e-pivotwing"


def _plus_agility(game: Any, owner: ShipState, ship: ShipState | None = None,
                  **facts: Any) -> int:
    return 1 if ship is not None and ship.id == owner.id else 0


def _flip() -> Triggered:
    return Triggered("flip Pivot Wing", window="after_execute",
                     requirement=lambda ctx: is_me(ctx) and ctx.ship.in_play,
                     effect=lambda ctx, choice: flip_upgrade(ctx.game, ctx.ship, PIVOT))


def _stop_revealed(ctx: Ctx) -> bool:
    maneuver = Maneuver.parse(str(ctx.event["maneuver"]))
    return (is_me(ctx) and maneuver.speed == 0 and maneuver.bearing.value == "O"
            and can_rotate(ctx.game, ctx.ship, 180.0))


def _pivot_side(ctx: Ctx, choice: Any) -> None:
    if choice == "landing":
        flip_upgrade(ctx.game, ctx.ship, PIVOT, 1)


register("upgrade", PIVOT,
         # reference card (1e), Dual Upgrade Cards: the side faceup is chosen as the ship
         # is placed in setup (as Adaptability's, upgrades_w7: one of two, not a "may")
         Triggered("choose the side faceup", window="after_placed", optional=False,
                   requirement=is_me,
                   choices=lambda ctx: [Option("attack", "Pivot Wing (Attack) faceup"),
                                        Option("landing", "Pivot Wing (Landing) faceup")],
                   effect=_pivot_side),
         # (Attack) side
         Modifier("agility +1", hook="agility", value=_plus_agility),
         _flip(),
         # (Landing) side; rotating in place can't end on another ship's base
         # (RR: ROTATE A SHIP; ruling: the card's rotation is offered only where it fits)
         back=(Triggered("rotate the ship 180 degrees", window="after_reveal",
                         requirement=_stop_revealed,
                         effect=lambda ctx, choice: rotate_by(ctx.game, ctx.ship, 180.0)),
               _flip()),
         description="Dual card, its side chosen as the ship is placed. Attack: agility +1. "
                     "Landing: after revealing a [0 stop] maneuver, may rotate 180 degrees. "
                     "Either side: after executing a maneuver, may flip the card.")


# ------------------------------------------------------------- Kylo Ren's Shuttle
def _shuttle_targets(ctx: Ctx) -> list[ShipState]:
    return [s for s in ctx.state.in_play() if s.owner != ctx.ship.owner and not s.remote
            and not s.stressed and within_1e(ctx.ship, s, 1, 2)]


def _shuttle(ctx: Ctx, choice: Any) -> None:
    target = ctx.other(str(choice))
    # or one of that player's other ships within Range 1-2
    others = [s for s in ctx.state.in_play() if s.owner == target.owner and not s.remote
              and s.id != target.id and within_1e(ctx.ship, s, 1, 2)]
    options = (Option(target.id, f"{target.name} ({target.id}) receives the stress token"),
               *(Option(s.id, f"{s.name} ({s.id}) receives it instead") for s in others))
    ctx.game.push(Ask(target.owner, "use_ability", f"Kylo Ren's Shuttle ({ctx.ship.id}): "
                      "which of your ships receives 1 stress token?", options,
                      "1e-kylorensshuttle.stress", (ctx.ship.owner,), ship=target.id))


@continuation("1e-kylorensshuttle.stress")
def _shuttle_stress(game: Game, answer: str, player: int) -> None:
    gain_token(game, game.state.ships[answer], Token.STRESS, applier=player)


register("upgrade", "1e-kylorensshuttle",
         Triggered("pick an unstressed enemy within Range 1-2: its player hands "
                   "out a stress token", window="end_engagement", optional=False,
                   requirement=lambda ctx: ctx.ship.in_play and bool(_shuttle_targets(ctx)),
                   choices=lambda ctx: ship_options(_shuttle_targets(ctx)), effect=_shuttle),
         description="Combat phase end: picks an unstressed enemy within Range 1-2; its owner must "
                     "stress it or another of their ships within Range 1-2 of this one.")


# ------------------------------------------------------------ Lightweight Frame
FRAME = "1e-lightweightframe"


def _frame_applies(ctx: Ctx) -> bool:
    attack = ctx.attack
    return (ctx.event.get("kind") == "defense" and is_me(ctx, "defender")
            and attack is not None and attack.attack_dice is not None
            and attack.defense_dice is not None
            and len(attack.attack_dice) > len(attack.defense_dice))


def _frame(ctx: Ctx, choice: Any) -> None:
    ctx.game.push(RollDice("defense", 1, "1e-lightweightframe.rolled", (),
                           who=f"{ctx.ship.name} (Lightweight Frame)"))


@continuation("1e-lightweightframe.rolled")
def _frame_rolled(game: Game, faces: tuple[Face, ...]) -> None:
    attack = game.state.attack
    if attack is None or attack.defense_dice is None:
        return
    for face in faces:  # a rolled die, which may be rerolled (not an added result)
        attack.defense_dice.dice.append(Die(DieKind.DEFENSE, face))
    defender = game.state.ships[attack.defender]
    game.event("ability", f"{defender.name} ({defender.id}): Lightweight Frame - 1 "
               f"additional defense die, showing {', '.join(f.label for f in faces)}",
               ship=defender.id)


register("upgrade", FRAME,
         Triggered("roll 1 additional defense die", window="after_dice_rolled",
                   optional=False, requirement=_frame_applies, effect=_frame),
         description="Defending, once defense dice are rolled: if the attacker rolled more dice, "
                     "roll 1 extra defense die. (Squad building: agility 3 or "
                     "more cannot equip it.)")


# ------------------------------------------------------- Hyperwave Comm Scanner
HYPERWAVE = "1e-hyperwavecommscanner"


def _hyperwave_placed(ctx: Ctx) -> bool:
    placed = ctx.state.ships[ctx.event["ship"]]
    return (placed.id != ctx.ship.id and ctx.ship.in_play and placed.in_play
            and not placed.remote and friendly(ctx.ship, placed)
            and within_1e(ctx.ship, placed, 1, 2))


register("upgrade", HYPERWAVE,
         *place_forces_skill(HYPERWAVE, "Hyperwave Comm Scanner", (0, 6, 12)),
         Triggered("give the newly placed friend a focus or evade token",
                   window="after_placed", requirement=_hyperwave_placed,
                   choices=lambda ctx: [Option("focus", "assign 1 focus token"),
                                        Option("evade", "assign 1 evade token")],
                   effect=lambda ctx, choice: gain_token(
                       ctx.game, ctx.state.ships[ctx.event["ship"]], Token(str(choice)),
                       applier=ctx.ship.owner)),
         description="When Place Forces begins: may use pilot skill 0, 6 or 12 for that step. "
                     "Setup: each other friendly ship placed within Range 1-2 of him may get a "
                     "focus or evade token from him.")


# ------------------------------------------------------ I'll Show You the Dark Side
DARK = "1e-illshowyouthedarkside"


def _dark_key(player: int) -> str:
    """The card memory key of the damage card lying on ``player``'s Dark Side card (kept by
    the ship the card is on; it moves with the card)."""
    return f"{DARK}:on:{player}"


def _pilot_damage_cards(game: Game, deck: list[str]) -> list[str]:
    """The cards of ``deck`` with the Pilot trait (the first edition's decks)."""
    from tallon.data import load_cards

    db = load_cards()
    types = {c.id: c.type for name in game.rules.damage_decks
             for c in db.damage_deck(name).cards}
    return sorted({card for card in deck if types.get(card) == "pilot"})


def _dark_choices(ctx: Ctx) -> list[Option]:
    player = ctx.event["player"]
    if left_on_card(ctx.game, player, DARK) is not None:
        return [Option("keep", "the faceup damage card already on it stays")]
    # ruling (as 2.5's): a ship is dealt cards from its own player's deck, searched here
    deck = ctx.state.player(ctx.ship.owner).deck
    return [*(Option(card, damage_title(card))
              for card in _pilot_damage_cards(ctx.game, deck)),
            Option("none", "place no damage card (the condition is removed)")]


def _dark_assigned(ctx: Ctx, choice: Any) -> None:
    player = ctx.event["player"]
    key = _dark_key(player)
    holder = left_on_card(ctx.game, player, DARK)
    if holder is not None:  # already in play: what lies on it moves with it
        card = recalled(holder, key)
        remember(holder, key, None)
        remember(ctx.ship, key, card)
        return
    if choice == "none":
        # no Damage card left on the condition: it goes away
        remove_condition(ctx.game, ctx.ship, DARK)
        return
    deck = ctx.state.player(ctx.ship.owner).deck
    deck.remove(choice)
    ctx.state.rng.shuffle(deck)
    remember(ctx.ship, key, choice)
    ctx.game.event("condition", f"player {player} places {damage_title(choice)} faceup on "
                   f"I'll Show You the Dark Side ({ctx.ship.name}, {ctx.ship.id}) and "
                   "shuffles the damage deck", ship=ctx.ship.id, card=choice)


def _dark_card(ship: ShipState) -> str | None:
    held = next((c for c in ship.conditions if c.card == DARK), None)
    return None if held is None else recalled(ship, _dark_key(held.assigned_by))


def _dark_applies(ctx: Ctx, facts: dict[str, Any]) -> bool:
    return (facts["ship"] == ctx.ship.id and facts["crits"] > 0
            and ctx.state.attack is not None and _dark_card(ctx.ship) is not None)


def _dark_replace(ctx: Ctx, facts: dict[str, Any], choice: Any) -> None:
    # rulebook (1e), Suffering Damage: all damage before any critical damage; a critical
    # hit is critical damage suffered even where a shield is then lost (the core set's
    # example: "suffers one critical damage ... removing one shield token"), so the
    # card's "instead" replaces the first one, shields or not
    replace_first_crit(ctx, facts, "1e-darkside.deal")


@continuation("1e-darkside.deal")
def _dark_deal(game: Game, _: Any, ship_id: str) -> None:
    ship = game.state.ships[ship_id]
    held = next((c for c in ship.conditions if c.card == DARK), None)
    if held is None or not ship.in_play:
        return
    key = _dark_key(held.assigned_by)
    card = recalled(ship, key)
    remember(ship, key, None)
    remove_condition(game, ship, DARK)  # no damage card is left on it
    if card is not None:
        deal_damage_card(game, ship, True, card=card)


register("condition", DARK,
         # the "may" is the choice "none" (one ability: its removal follows the choice)
         Triggered("the assigning player may place a Pilot damage card faceup on this card",
                   window="condition_assigned", optional=False,
                   requirement=lambda ctx: is_me(ctx) and ctx.event["card"] == DARK,
                   player=lambda ctx: ctx.event["player"], choices=_dark_choices,
                   effect=_dark_assigned),
         Replacement("be dealt the faceup damage card on this card instead of critical "
                     "damage", point="suffer_damage", optional=False, applies=_dark_applies,
                     replace=_dark_replace),
         description="Assigned (not already in play): the assigning player may put a Pilot "
                     "damage card from the damage deck faceup on it, then shuffles. The "
                     "first critical damage the ship suffers in an attack is that card "
                     "instead; with no card on it the condition is removed.")


# -------------------------------------------------------------- Kylo Ren (crew)
def _kylo_targets(ctx: Ctx) -> list[ShipState]:
    return [s for s in ctx.state.in_play() if s.owner != ctx.ship.owner and not s.remote
            and within_1e(ctx.ship, s, 1, 3)]


register("upgrade", "1e-kyloren",
         CardAction("give the Dark Side condition to an enemy within Range 1-3",
                    key="kyloren", requirement=lambda ctx: bool(_kylo_targets(ctx)),
                    choices=lambda ctx: ship_options(_kylo_targets(ctx)),
                    effect=lambda ctx, choice: assign_condition(
                        ctx.game, ctx.other(str(choice)), DARK, ctx.ship.owner)),
         description="Action: give an enemy within Range 1-3 the condition I'll "
                     "Show You the Dark Side.")


# ------------------------------------------------------------- Scavenger Crane
CRANE = "1e-scavengercrane"
_SALVAGED = ("torpedo", "missile", "bomb", "cannon", "turret", "modification")


def _salvageable(ship: ShipState) -> list[str]:
    """The ship's discarded upgrade cards Scavenger Crane may flip faceup again (not one
    back on the ship already)."""
    from tallon.data import load_cards

    db = load_cards()
    equipped = {xws for kind, xws, _ in ship.cards if kind == "upgrade"}
    return [card for card in dict.fromkeys(ship.recalled(DISCARDED) or ())
            if card not in equipped and db.upgrade(card).slot in _SALVAGED]


def _crane_applies(ctx: Ctx) -> bool:
    destroyed = ctx.state.ships[ctx.event["ship"]]
    # "a ship at Range 1-2": measured as it is destroyed, before it is removed
    return (ctx.ship.in_play and destroyed.id != ctx.ship.id and not destroyed.remote
            and destroyed.body is not None and within_1e(ctx.ship, destroyed, 1, 2)
            and bool(_salvageable(ctx.ship)))


def restore_upgrade(game: Game, ship: ShipState, card: str) -> None:
    """The ship's discarded upgrade ``card`` is flipped faceup again: back among its cards
    (first side) with its charges, actions and agility grant (the reverse of
    ordnance_1e.discard_upgrade)."""
    from tallon.data import load_cards

    side = load_cards().upgrade(card).sides[0]
    ship.remember(DISCARDED, tuple(c for c in (ship.recalled(DISCARDED) or ()) if c != card)
                  or None)
    ship.cards = (*ship.cards, ("upgrade", card, 0))
    ship.upgrades = (*ship.upgrades, card)
    if side.charges is not None:
        ship.charges[card] = Charge(side.charges.value, side.charges.value,
                                    side.charges.recovers)
    for grant in side.grants.stats:
        if grant.stat == "agility":
            ship.agility += grant.amount
    refresh_actions(ship)
    game.event("ability", f"{ship.name} ({ship.id}) flips {load_cards().upgrade(card).name} "
               "faceup (Scavenger Crane)", ship=ship.id, card=card)


def _crane(ctx: Ctx, choice: Any) -> None:
    restore_upgrade(ctx.game, ctx.ship, str(choice))
    roll_die(ctx, "1e-scavengercrane.rolled", (ctx.ship.id,))


@continuation("1e-scavengercrane.rolled")
def _crane_rolled(game: Game, face: Face, ship_id: str) -> None:
    if face is Face.BLANK:
        discard_upgrade(game, game.state.ships[ship_id], CRANE)


register("upgrade", CRANE,
         Triggered("restore a discarded weapon, bomb or modification card (roll a die: "
                   "blank loses the crane)", window="after_destroyed",
                   requirement=_crane_applies,
                   choices=lambda ctx: [Option(c, f"flip {c} faceup")
                                        for c in _salvageable(ctx.ship)],
                   effect=_crane),
         description="When any ship within Range 1-2 is destroyed: may turn faceup one of his "
                     "discarded weapon (torpedo, missile, cannon, turret), bomb or modification "
                     "cards; then he rolls an attack die, and a blank discards Scavenger Crane.")
