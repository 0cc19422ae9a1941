"""First-edition pilots of the M12-L Kimogila Fighter, Phantom II (Sheathipede-class
shuttle), TIE Silencer, Resistance Bomber (B/SF-17), Saw's Renegades (X-wing, U-wing) and
TIE Reaper expansion packs, registered under their play ids
(:mod:`tallon.data.first_edition_play`). Descriptions are Tallon's own words; the rules
sources are the first edition's core rulebook, its reference cards and its FAQ
(``FAQ (1e)``). AP-5 is in :mod:`pilots_sheathipede`; Kylo Ren's and Crimson Leader's
conditions are in :mod:`pilots_w9b_2`.

First-edition ranges have no range 0: "at Range 1-N" counts the engine's range 0 too
(:mod:`tallon.cards.first_edition.ranges_1e`; ``ships_in_range(game, ship, 0, N)``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tallon.cards.acting import bar_actions, may_perform
from tallon.cards.common import (
    attacking_if,
    defending_if,
    is_in_arc,
    is_me,
    remember,
    ship_options,
    ships_in_range,
    this_round,
)
from tallon.cards.first_edition.pilots_w8a import inside_firing_arc
from tallon.cards.first_edition.pilots_w8b import kylo_dark
from tallon.cards.first_edition.ranges_1e import within_1e
from tallon.cards.first_edition.upgrades_w9b_2 import RATTLED
from tallon.cards.pilots.mg100starfortress import bomb_touching
from tallon.cards.pilots.t65xwing import SpendResult
from tallon.cards.registry import register
from tallon.cards.shared_rules import ZEB_CRITS_FIRST
from tallon.dice import Face
from tallon.dice.abilities.base import ATTACKING, DEFENDING
from tallon.dice.abilities.effects import (
    AddResults,
    CardAbility,
    ChangeResults,
    RerollDice,
    change_one,
)
from tallon.engine.abilities import Cost, Ctx, DiceMod, Modifier, Triggered
from tallon.engine.allegiance import friendly
from tallon.engine.conditions import assign_condition
from tallon.engine.decisions import Option
from tallon.engine.effects import (
    acquire_lock,
    can_lock,
    flip_upgrade,
    gain_token,
    remove_token,
    suffer_damage,
    transfer_token,
)
from tallon.engine.state import Token
from tallon.engine.steps import Ask, continuation
from tallon.geometry import Arc, at_range

if TYPE_CHECKING:
    from tallon.engine.game import Game
    from tallon.engine.state import AttackState, ShipState

#: the tokens a ship spends on its dice (rulebook (1e): focus, evade, target lock)
_DICE_TOKENS = frozenset({"focus", "evade", "lock", "calculate", "force"})


def enemies_in_bullseye(game: Game, ship: ShipState) -> list[ShipState]:
    """Enemies in ``ship``'s bullseye arc, Range 1-3 (is_in_arc reaches range 3)."""
    return [s for s in game.state.in_play() if s.owner != ship.owner and not s.remote
            and is_in_arc(ship, s, Arc.BULLSEYE)]


# ------------------------------------------------------------------- Torani Kulda
TORANI = "1e-m12lkimogilafighter-toranikulda"


def _torani(ctx: Ctx, choice: Any) -> None:
    asks = []
    for enemy in enemies_in_bullseye(ctx.game, ctx.ship):
        options = [Option("damage", "suffer 1 damage")]
        # ruling: removing all focus and evade tokens is a choice only for a ship that
        # has one (a choice must be one the ship can carry out)
        if enemy.has(Token.FOCUS) or enemy.has(Token.EVADE):
            options.append(Option("tokens", "remove all of its focus and evade tokens"))
        asks.append(Ask(enemy.owner, "use_ability", f"{enemy.name} ({enemy.id}): Torani "
                        "Kulda: suffer 1 damage or remove all focus and evade tokens?",
                        tuple(options), "1e-toranikulda.chosen", (enemy.id,), ship=enemy.id))
    ctx.game.push(*asks)


@continuation("1e-toranikulda.chosen")
def _torani_chosen(game: Game, answer: str, enemy_id: str) -> None:
    enemy = game.state.ships[enemy_id]
    if not enemy.in_play:
        return
    if answer == "tokens":
        remove_token(game, enemy, Token.FOCUS, enemy.tokens.get(Token.FOCUS, 0))
        remove_token(game, enemy, Token.EVADE, enemy.tokens.get(Token.EVADE, 0))
        game.event("ability", f"{enemy.name} ({enemy.id}) removes its focus and evade tokens",
                   ship=enemy.id)
    else:
        suffer_damage(game, enemy, hits=1, cause="Torani Kulda")


register("pilot", TORANI,
         Triggered("each enemy ship in the bullseye arc suffers 1 damage or loses its focus "
                   "and evade tokens", window="after_attack", optional=False,
                   requirement=lambda ctx: is_me(ctx, "attacker")
                   and bool(enemies_in_bullseye(ctx.game, ctx.ship)),
                   effect=_torani),
         description="Once he has attacked, every enemy at Range 1-3 of his bullseye arc picks: "
                     "take 1 damage, or lose every focus and evade token it holds.")


# ------------------------------------------------------------------- Dalan Oberos
def _dalan_targets(ctx: Ctx) -> list[ShipState]:
    return [s for s in enemies_in_bullseye(ctx.game, ctx.ship)
            if can_lock(ctx.game, ctx.ship, s.id) is None]


register("pilot", "1e-m12lkimogilafighter-dalanoberos",
         # rulebook (1e): the Combat phase is the engine's Engagement Phase
         Triggered("lock an enemy in the bullseye arc",
                   window="start_engagement",
                   requirement=lambda ctx: bool(_dalan_targets(ctx)),
                   choices=lambda ctx: ship_options(_dalan_targets(ctx)),
                   effect=lambda ctx, choice: acquire_lock(ctx.game, ctx.ship, choice)),
         description="As the Combat phase begins he may lock an enemy at Range 1-3 of his "
                     "bullseye arc.")


# ------------------------------------------------------------------------ Fenn Rau
FENN = "1e-sheathipedeclassshuttle-fennrau"
#: card memory of the enemy ship: the round Fenn Rau stopped its token spending
FENN_ROUND = "1e-fennrau:round"


def _fenn_applies(ctx: Ctx) -> bool:
    enemy = ctx.state.ships.get(ctx.event["ship"])
    return (ctx.state.phase == "engagement" and enemy is not None and enemy.in_play
            and enemy.owner != ctx.ship.owner and not enemy.remote
            and not ctx.ship.stressed and inside_firing_arc(ctx.ship, enemy)
            and not this_round(ctx, enemy, FENN_ROUND))


def _fenn(ctx: Ctx, choice: Any) -> None:
    enemy = ctx.other(ctx.event["ship"])
    remember(enemy, FENN_ROUND, ctx.state.round)
    ctx.game.event("ability", f"{enemy.name} ({enemy.id}) cannot spend tokens on its dice "
                   "when attacking this round", ship=enemy.id)


def _fenn_allows(game: Game, owner: ShipState, attack: AttackState | None = None,
                 user: ShipState | None = None, source: str = "",
                 spend: tuple[tuple[str, int], ...] = (), **facts: Any) -> bool:
    if attack is None or user is None or user.id != attack.attacker:
        return True
    if not this_round(game, user, FENN_ROUND):
        return True
    # no token spending on its dice: neither a token option nor a card whose cost
    # spends a token
    return source not in _DICE_TOKENS and not any(name in _DICE_TOKENS for name, _ in spend)


register("pilot", FENN,
         # "activates in the Combat phase": as it engages
         Triggered("take a stress: no token dice mods for it", window="before_engage",
                   requirement=_fenn_applies,
                   cost=Cost(gain=(("stress", 1),)), effect=_fenn),
         # the effect lasts the round even if he is destroyed
         Modifier("a ship he chose cannot spend tokens on its attack dice this round",
                  hook="dice_option_allowed", value=_fenn_allows, outlives_ship=True),
         description="When an enemy in his arc at Range 1-3 activates in the Combat phase and he "
                     "has no stress, he may take a stress so that ship's attacks this round get "
                     "no token-based dice changes.")


# ------------------------------------------------------------ Ezra Bridger (shuttle)
EZRA = "1e-sheathipedeclassshuttle-ezrabridger"
EZRA_DICE = CardAbility(EZRA, "Ezra Bridger (stressed: up to 2 focus to evade)",
                        effect=ChangeResults(2, (Face.FOCUS,), (Face.EVADE,)),
                        roles=DEFENDING)

register("pilot", EZRA,
         DiceMod("change up to 2 focus results to evade results", dice=EZRA_DICE,
                 applies=defending_if(lambda game, attack, owner: owner.stressed)),
         description="Defending while stressed: may change up to 2 focus results to evade "
                     "results.")


# ------------------------------------------------------------ "Zeb" Orrelios (shuttle)
# ruling: "may cancel critical hits first" is always taken (it never harms the defender)
register("pilot", "1e-sheathipedeclassshuttle-zeborrelios", ZEB_CRITS_FIRST,
         description="On defense his evades may remove crits ahead of regular hits.")


# ------------------------------------------------------------------- Cobalt Leader
def _bomb_near(game: Game, ship: ShipState) -> bool:
    """Rulebook (1e), bomb tokens: bombs and mines alike; Range 1 counts a token under or
    touching the ship (no range 0)."""
    body = ship.body
    return body is not None and any(
        d.category in ("bomb", "mine") and at_range(d.body, body, 0, 1)
        for d in game.state.devices)


def _cobalt(game: Game, owner: ShipState, attack: AttackState | None = None,
            **facts: Any) -> int:
    if attack is None or attack.attacker != owner.id:
        return 0
    return 1 if _bomb_near(game, game.state.ships[attack.defender]) else 0


register("pilot", "1e-bsf17bomber-cobaltleader",
         Modifier("defender near a bomb: -1 defense die",
                  hook="defense_dice_reduction", value=_cobalt),
         description="His targets near a bomb token (Range 1) roll one defense die less.")


# ----------------------------------------------------------- Test Pilot "Blackout"
def _blackout(game: Game, owner: ShipState, attack: AttackState | None = None,
              **facts: Any) -> int:
    if attack is None or attack.attacker != owner.id or not attack.obstructed:
        return 0
    return 2


register("pilot", "1e-tiesilencer-testpilotblackout",
         Modifier("obstructed defender: -2 defense dice",
                  hook="defense_dice_reduction", value=_blackout),
         description="His obstructed attacks cost the defender two defense dice.")


# ------------------------------------------------------------------ Major Vermeil
VERMEIL = "1e-tiereaper-majorvermeil"
VERMEIL_DICE = change_one(VERMEIL, "Major Vermeil (1 blank or focus to a hit)",
                          (Face.BLANK, Face.FOCUS), Face.HIT, ATTACKING)


def _vermeil_test(game: Game, attack: AttackState, owner: ShipState) -> bool:
    defender = game.state.ships[attack.defender]
    return not defender.has(Token.FOCUS) and not defender.has(Token.EVADE)


register("pilot", VERMEIL,
         DiceMod("change 1 blank or focus result to a hit result", dice=VERMEIL_DICE,
                 applies=attacking_if(_vermeil_test)),
         description="Attacking a defender with no focus or evade token: may change 1 blank "
                     "or focus result to a hit result.")


# ------------------------------------------------------------ Saw Gerrera (U-wing)
SAW = "1e-uwing-sawgerrera"
SAW_DICE = CardAbility(SAW, "Saw Gerrera (reroll 1 attack die)", effect=RerollDice(1),
                       roles=ATTACKING)


def _saw_applies(game: Game, attack: AttackState, owner: ShipState, user: ShipState) -> bool:
    # ruling: friends at Range 1-2 include Saw himself (a ship is at Range 1 of itself:
    # FAQ (1e), Range Measurement)
    return (user.id == attack.attacker and friendly(owner, user) and owner.in_play
            and (user.stressed or bool(user.damage)) and within_1e(owner, user, 1, 2))


register("pilot", SAW,
         DiceMod("a stressed or damaged friendly ship may reroll 1 attack die",
                 dice=SAW_DICE, applies=_saw_applies, for_others=True),
         description="Friends at Range 1-2 (himself included) that are stressed or hold a damage "
                     "card may reroll one attack die.")


# -------------------------------------------------------------- Benthic Two Tubes
def _benthic_friends(ctx: Ctx) -> list[ShipState]:
    return [s for s in ships_in_range(ctx.game, ctx.ship, 0, 2, friendly=True, other=True)
            if not s.remote]


def _benthic(ctx: Ctx, choice: Any) -> None:
    transfer_token(ctx.game, ctx.ship, ctx.other(choice), Token.FOCUS)


register("pilot", "1e-uwing-benthictwotubes",
         Triggered("pass a focus to a friend at Range 1-2", window="after_action",
                   requirement=lambda ctx: is_me(ctx) and ctx.event["action"] == "focus"
                   and ctx.ship.has(Token.FOCUS) and bool(_benthic_friends(ctx)),
                   choices=lambda ctx: ship_options(_benthic_friends(ctx)), effect=_benthic),
         description="Following his focus action he may pass one of his focus tokens to another "
                     "friend at Range 1-2.")


# ------------------------------------------------------------------- Leevan Tenza
register("pilot", "1e-xwing-leevantenza",
         Triggered("trade a stress for an evade", window="after_action",
                   requirement=lambda ctx: is_me(ctx) and ctx.event["action"] == "boost",
                   cost=Cost(gain=(("stress", 1),)),
                   effect=lambda ctx, choice: gain_token(ctx.game, ctx.ship, Token.EVADE)),
         description="Following a boost he may take a stress to gain an evade.")


# ------------------------------------------------------------------ Captain Feroph
FEROPH = "1e-tiereaper-captainferoph"
FEROPH_DICE = CardAbility(FEROPH, "Captain Feroph (the attacker is jammed: add 1 evade)",
                          effect=AddResults(Face.EVADE), roles=DEFENDING, mandatory=True)

register("pilot", FEROPH,
         DiceMod("add 1 evade result", dice=FEROPH_DICE,
                 applies=defending_if(lambda game, attack, owner: game.state.ships[
                     attack.attacker].has(Token.JAM))),
         description="Defending against a jammed attacker: adds 1 evade result.")


# --------------------------------------------------------------------------- Vizier
VIZIER = "1e-tiereaper-vizier"


def _vizier_applies(ctx: Ctx) -> bool:
    mover = ctx.state.ships.get(ctx.event["ship"])
    # "a friendly ship": another one (he cannot give himself his own token); "did not
    # overlap a ship": its maneuver bumped nothing (ship.contacts)
    return (mover is not None and mover.id != ctx.ship.id and mover.in_play
            and not mover.remote and friendly(ctx.ship, mover)
            and ctx.event.get("speed") == 1 and not mover.contacts
            and within_1e(ctx.ship, mover, 1, 1)
            and (ctx.ship.has(Token.FOCUS) or ctx.ship.has(Token.EVADE)))


def _vizier_choices(ctx: Ctx) -> list[Option]:
    return [Option(t.value, f"give 1 {t.value} token") for t in (Token.FOCUS, Token.EVADE)
            if ctx.ship.has(t)]


register("pilot", VIZIER,
         Triggered("give 1 focus or evade token to the ship", window="after_execute",
                   requirement=_vizier_applies, choices=_vizier_choices,
                   effect=lambda ctx, choice: transfer_token(
                       ctx.game, ctx.ship, ctx.other(ctx.event["ship"]), Token(choice))),
         description="After another friendly ship at Range 1 executes a 1-speed maneuver "
                     "without overlapping a ship: may give it 1 of his focus or evade tokens.")


# ---------------------------------------------------------------- Edrio Two Tubes
register("pilot", "1e-xwing-edriotwotubes",
         may_perform("perform a free action", "before_activate",
                     lambda ctx: bar_actions(ctx.game, ctx.ship, False),
                     requirement=lambda ctx: is_me(ctx) and ctx.ship.has(Token.FOCUS),
                     label="perform a free action"),
         description="Becoming the active ship in the Activation phase with a focus token: "
                     "may perform a free action.")


# ------------------------------------------------------------ Magva Yarro (U-wing)
def _magva_allows(game: Game, owner: ShipState, attack: AttackState | None = None,
                  kind: str = "", user: ShipState | None = None, rerolls: int = 0,
                  **facts: Any) -> bool:
    if (attack is None or kind != "attack" or not rerolls or user is None
            or user.id != attack.attacker or not owner.in_play):
        return True
    defender = game.state.ships[attack.defender]
    # "another ship at Range 1-2": friendly or enemy, not herself
    if defender.id == owner.id or defender.remote or not within_1e(owner, defender, 1, 2):
        return True
    # a die is rerolled once at most: those showing as rerolled are this attack's rerolls
    done = sum(1 for die in attack.attack_dice if die.rerolled)
    return done + rerolls <= 1


register("pilot", "1e-uwing-magvayarro",
         Modifier("limit the attacker to one reroll",
                  hook="dice_option_allowed", value=_magva_allows),
         description="Attacks on other ships at Range 1-2 of her are limited to a single "
                     "attack-die reroll.")


# ------------------------------------------------------------------ Kullbee Sperado
SFOILS = "1e-servomotorsfoils"


def _kullbee_applies(ctx: Ctx) -> bool:
    return (is_me(ctx) and ctx.event["action"] in ("boost", "barrel_roll")
            and any(kind == "upgrade" and card == SFOILS for kind, card, _ in ctx.ship.cards))


register("pilot", "1e-xwing-kullbeesperado",
         Triggered("flip the Servomotor S-foils card", window="after_action",
                   requirement=_kullbee_applies,
                   effect=lambda ctx, choice: flip_upgrade(ctx.game, ctx.ship, SFOILS)),
         description="Following a boost or barrel roll he may flip his Servomotor S-foils.")


# -------------------------------------------------------------- Kylo Ren (Silencer)
KYLO = "1e-tiesilencer-kyloren"
#: card memory: the round he was first hit
KYLO_ROUND = "1e-kyloren-silencer:round"


def _kylo_applies(ctx: Ctx) -> bool:
    attacker = ctx.state.ships.get(ctx.event["attacker"])
    return (is_me(ctx, "defender") and attacker is not None and not attacker.remote
            and not this_round(ctx, ctx.ship, KYLO_ROUND))


register("pilot", KYLO,
         # ruling: the card goes to the attacker (the data's "defender" is Kylo himself,
         # who is hit: the printed card names the attacker)
         Triggered("give the attacker the Dark Side condition", window="attack_hit",
                   optional=False, requirement=_kylo_applies,
                   effect=lambda ctx, choice: kylo_dark(ctx, choice, KYLO_ROUND)),
         description="On the first hit he takes each round, the attacker is given the condition "
                     "I'll Show You the Dark Side.")


# ------------------------------------------------------------------- Crimson Leader
CRIMSON_LEADER = "1e-bsf17bomber-crimsonleader"
CRIMSON_DICE = CardAbility(CRIMSON_LEADER, "Crimson Leader (spend 1 hit or critical hit: "
                           "Rattled)", effect=SpendResult((Face.HIT, Face.CRIT)),
                           roles=ATTACKING)

register("pilot", CRIMSON_LEADER,
         DiceMod("give up a hit or crit: Rattle the defender",
                 dice=CRIMSON_DICE,
                 applies=attacking_if(lambda game, attack, owner: inside_firing_arc(
                     owner, game.state.ships[attack.defender])),
                 after=lambda ctx, option: assign_condition(
                     ctx.game, ctx.other(ctx.attack.defender), RATTLED, ctx.ship.owner)),
         description="When the defender is in his firing arc, he may give up one hit or crit to "
                     "put the Rattled condition on it.")


# --------------------------------------------------------------- Crimson Specialist
# a bomb dropped (not launched) is placed by hand touching him instead; the bombs are those
# dropped on revealing the dial (the "Action:" ones are mines: bombs_1e)
register("pilot", "1e-bsf17bomber-crimsonspecialist",
         Modifier("place a dropped bomb token anywhere touching him",
                  hook="device_alignments", value=bomb_touching),
         description="Placing a bomb token he dropped after revealing his dial: may place it "
                     "anywhere in the play area touching his ship.")
