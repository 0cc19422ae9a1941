"""Crew upgrades, 0-0-0 to Commander Pyre (more in :mod:`tallon.cards.upgrades.crew_a2`;
Boba Fett is in :mod:`tallon.cards.upgrades.crew_e`). Not implemented: Clan Wren Commandos
(the Commando Team remote)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tallon.cards.acting import granted, let_perform, may_perform
from tallon.cards.common import (
    attack_ships,
    attacking_if,
    choose_ships,
    defending_if,
    dice,
    event_ship,
    is_in_arc,
    is_me,
    range_of,
    recalled,
    remember,
    remove_token_choice,
    roll_die,
    ships_in_range,
    token_choices,
)
from tallon.cards.registry import register
from tallon.cards.upgrades.talent import is_limited
from tallon.dice import Face
from tallon.dice.abilities.base import ATTACKING
from tallon.dice.abilities.effects import CardAbility, ChangeResults, RerollDice
from tallon.engine.abilities import CardAction, Cost, Ctx, DiceMod, Triggered
from tallon.engine.actions import can_perform
from tallon.engine.allegiance import friendly
from tallon.engine.conditions import assign_condition, has_condition
from tallon.engine.decisions import Option
from tallon.engine.effects import (
    flip_upgrade,
    gain_token,
    repair_damage,
    suffer_damage,
    transfer_token,
)
from tallon.engine.state import ShipState, Token
from tallon.engine.steps import Ask, Then, continuation
from tallon.geometry import Arc

if TYPE_CHECKING:
    from tallon.engine.game import Game
    from tallon.engine.state import AttackState


def _fully_executed(ctx: Ctx) -> bool:
    return is_me(ctx) and bool(ctx.event.get("full"))


def _enemies(ctx: Ctx, low: int, high: int) -> list[ShipState]:
    return ships_in_range(ctx.game, ctx.ship, low, high, friendly=False)


def _faceup_damage_options(ctx: Ctx) -> list[Option]:
    return [Option(str(card.serial), f"repair {card.card} (#{card.serial})")
            for card in ctx.ship.damage if card.faceup]


def _repair(ctx: Ctx, choice: Any) -> None:
    repair_damage(ctx.game, ctx.ship, int(choice))


def _all_enemies(ctx: Ctx) -> list[ShipState]:
    return [s for s in ctx.state.in_play() if s.owner != ctx.ship.owner]


# ----------------------------------------------------------------------- 0-0-0
def _000_targets(ctx: Ctx) -> list[ShipState]:
    return _enemies(ctx, 0, 1)


def _000(ctx: Ctx, choice: Any) -> None:
    enemy = ctx.other(choice)
    ctx.game.push(Ask(enemy.owner, "use_ability",
                      f"{enemy.name} ({enemy.id}): 0-0-0 - gain 1 stress token, or "
                      f"{ctx.ship.name} ({ctx.ship.id}) gains 1 calculate token?",
                      (Option("stress", f"{enemy.name} gains 1 stress token"),
                       Option("calculate", f"{ctx.ship.name} gains 1 calculate token")),
                      "000.answer", (ctx.ship.id, enemy.id), ship=enemy.id))


@continuation("000.answer")
def _000_answer(game: Game, answer: str, ship_id: str, enemy_id: str) -> None:
    if answer == "stress":
        gain_token(game, game.state.ships[enemy_id], Token.STRESS)
    else:
        gain_token(game, game.state.ships[ship_id], Token.CALCULATE)


register("upgrade", "000",
         Triggered("choose an enemy ship at range 0-1: it gains 1 stress token or you gain "
                   "1 calculate token", window="start_engagement",
                   requirement=lambda ctx: ctx.ship.in_play and bool(_000_targets(ctx)),
                   choices=choose_ships(_000_targets), effect=_000),
         description="At the start of the Engagement Phase: may choose an enemy ship at "
                     "range 0-1; its player chooses whether it gains 1 stress token, else "
                     "this ship gains 1 calculate token.")


# ---------------------------------------------------------------- Aayla Secura
AAYLA = dice("aaylasecura")


def _aayla(game: Game, attack: AttackState, owner: ShipState, user: ShipState) -> bool:
    attacker = game.state.ships[attack.attacker]
    near = range_of(owner, user)
    return (attack.defender == user.id and friendly(user, owner)
            and attacker.owner != owner.owner and near is not None and near <= 2
            and is_in_arc(owner, attacker, Arc.BULLSEYE))


register("upgrade", "aaylasecura",
         DiceMod("the friendly defender changes 1 blank to a focus", dice=AAYLA,
                 for_others=True, applies=_aayla),
         description="An enemy ship in its bullseye arc attacks a friendly ship at range 0-2 "
                     "(itself included): the defender may turn 1 blank result into a focus "
                     "result. Adds a focus action linked to a purple coordinate, and 1 Force.")


# -------------------------------------------------------------- Admiral Sloane
SLOANE = dice("admiralsloane")


def _sloane_lost_friend(ctx: Ctx) -> bool:
    defender = event_ship(ctx, "defender")
    near = range_of(ctx.ship, defender)
    return (defender.id != ctx.ship.id and friendly(defender, ctx.ship)
            and defender.destroyed and near is not None and near <= 3
            and event_ship(ctx, "attacker").in_play)


def _sloane_reroll(game: Game, attack: AttackState, owner: ShipState, user: ShipState
                   ) -> bool:
    near = range_of(owner, user)
    return (attack.attacker == user.id and friendly(user, owner) and near is not None
            and near <= 3 and game.state.ships[attack.defender].stressed)


register("upgrade", "admiralsloane",
         Triggered("the attacker gains 2 stress tokens", window="after_defend",
                   optional=False, requirement=_sloane_lost_friend,
                   effect=lambda ctx, choice: gain_token(
                       ctx.game, event_ship(ctx, "attacker"), Token.STRESS, 2,
                       applier=ctx.ship.owner)),
         DiceMod("a friendly attacker rerolls 1 attack die against a stressed ship",
                 dice=SLOANE, for_others=True, applies=_sloane_reroll),
         description="After another friendly ship in range 0-3 defends and is destroyed: its "
                     "attacker gains 2 stress tokens. A friendly ship at range 0-3 (itself "
                     "included) attacking a stressed ship may reroll 1 attack die.")


# ---------------------------------------------------------------- Agent Kallus
HUNTED = "hunted"


def _hunted(game: Game, attack: AttackState, owner: ShipState) -> bool:
    return has_condition(game.state.ships[attack.defender], HUNTED)


register("upgrade", "agentkallus",
         # RR: SETUP (errata: "after placing forces"); RR: CONDITION CARDS
         Triggered("assign the Hunted condition to an enemy ship", window="after_place_forces",
                   optional=False,
                   requirement=lambda ctx: ctx.ship.in_play and bool(_all_enemies(ctx)),
                   choices=choose_ships(_all_enemies),
                   effect=lambda ctx, choice: assign_condition(
                       ctx.game, ctx.other(choice), HUNTED, ctx.ship.owner)),
         DiceMod("change 1 focus to a hit against the Hunted ship", dice=dice("agentkallus"),
                 applies=attacking_if(_hunted)),
         description="Setup, after placing forces: assigns the Hunted condition to an enemy "
                     "ship. Attacking the ship with Hunted: may turn 1 focus result into a "
                     "hit.")


# ----------------------------------------------------------------- Agent Terex
TEREX = "agentterex"
TEREX_TOKENS = f"{TEREX}:calculate"


def _terex_left(ship: ShipState) -> int:
    """The calculate tokens still on the card (3 placed in Setup)."""
    return int(recalled(ship, TEREX_TOKENS, 3))


def _terex_friends(ctx: Ctx) -> list[ShipState]:
    return ships_in_range(ctx.game, ctx.ship, 0, 3, friendly=True)


def _terex_give(ctx: Ctx, choice: Any) -> None:
    left = _terex_left(ctx.ship) - 1
    remember(ctx.ship, TEREX_TOKENS, left)
    gain_token(ctx.game, ctx.other(choice), Token.CALCULATE)
    if left <= 0:
        flip_upgrade(ctx.game, ctx.ship, TEREX, 1)


def _terex_roll(ctx: Ctx, choice: Any) -> None:
    roll_die(ctx, "agentterex.rolled", (ctx.ship.id,))


@continuation("agentterex.rolled")
def _terex_rolled(game: Game, face: Face, ship_id: str) -> None:
    ship = game.state.ships[ship_id]
    if face in (Face.HIT, Face.CRIT):
        gain_token(game, ship, Token.CALCULATE)
    else:
        gain_token(game, ship, Token.JAM, applier=ship.owner)


def _terex_transfers(ctx: Ctx) -> list[Option]:
    return [Option(f"{token.value}@{s.id}", f"transfer 1 {token.value} token to {s.name} "
                   f"({s.id})")
            for token in (Token.CALCULATE, Token.JAM) if ctx.ship.has(token)
            for s in ships_in_range(ctx.game, ctx.ship, 0, 3, other=True)]


def _terex_transfer(ctx: Ctx, choice: Any) -> None:
    token, _, target = str(choice).partition("@")
    transfer_token(ctx.game, ctx.ship, ctx.other(target), Token(token))


register("upgrade", TEREX,
         Triggered("remove 1 calculate token from this card: a friendly ship at range 0-3 "
                   "gains it", window="start_engagement",
                   requirement=lambda ctx: ctx.ship.in_play and _terex_left(ctx.ship) > 0,
                   choices=choose_ships(_terex_friends), effect=_terex_give),
         back=(Triggered("roll 1 attack die: a hit or critical hit gains a calculate token, "
                         "else a jam token", window="system_phase", optional=False,
                         requirement=is_me, effect=_terex_roll),
               CardAction("transfer 1 calculate or jam token to a ship at range 0-3",
                          requirement=lambda ctx: bool(_terex_transfers(ctx)),
                          choices=_terex_transfers, effect=_terex_transfer)),
         description="Starts faceup with 3 calculate tokens on it. At the start of the "
                     "Engagement Phase it may move one to a friendly ship at range 0-3 "
                     "(itself included) as a calculate token; with none left it flips. "
                     "Cyborg side: in the System Phase it rolls an attack die and gains a "
                     "calculate token on a hit or critical hit, else a jam token; action: "
                     "transfer 1 calculate or jam token to another ship at range 0-3.")


# ---------------------------------------------------------- Ahsoka Tano (crew)
AHSOKA = "ahsokatano-crew"
AHSOKA_FOCUS = granted("focus", "red", AHSOKA)


def _ahsoka_friends(ctx: Ctx) -> list[ShipState]:
    return [s for s in ships_in_range(ctx.game, ctx.ship, 1, 2, friendly=True, other=True)
            if is_in_arc(ctx.ship, s, Arc.FULL_REAR)
            and can_perform(ctx.game, s, AHSOKA_FOCUS, False, even_stressed=True) is None]


register("upgrade", AHSOKA,
         Triggered("spend 1 Force: a friendly ship in your full rear arc at range 1-2 may "
                   "perform a red focus action, even while stressed", window="after_execute",
                   cost=Cost(force=1),
                   requirement=lambda ctx: _fully_executed(ctx) and bool(_ahsoka_friends(ctx)),
                   choices=choose_ships(_ahsoka_friends),
                   effect=lambda ctx, choice: let_perform(ctx.game, str(choice), (AHSOKA_FOCUS,),
                                                          False, even_stressed=True)),
         description="After fully executing a maneuver: may spend 1 Force to let a friendly "
                     "ship in its full rear arc at range 1-2 perform a red focus action, even "
                     "while stressed. Adds 1 Force.")


# --------------------------------------------------------------- Amilyn Holdo
def token_kind(token: Token) -> str:
    """The token's type: the two facings of the reinforce token are one type."""
    return "reinforce" if token in (Token.REINFORCE_FORE, Token.REINFORCE_AFT) else token.value


def _types(ship: ShipState) -> set[str]:
    return {token_kind(t) for t in Token if ship.has(t)}


def _transferable(giver: ShipState, taker: ShipState) -> list[Option]:
    missing = _types(taker)
    return [Option(t.value, f"transfer 1 {t.value} token to {taker.name} ({taker.id})")
            for t in Token if giver.has(t) and token_kind(t) not in missing]


def _holdo_friends(ctx: Ctx) -> list[ShipState]:
    return ships_in_range(ctx.game, ctx.ship, 1, 2, friendly=True, other=True)


def _holdo(ctx: Ctx, choice: Any) -> None:
    friend = ctx.other(choice)
    _holdo_ask(ctx.game, ctx.ship, friend, "amilynholdo.gave")


def _holdo_ask(game: Game, giver: ShipState, taker: ShipState, then: str) -> None:
    options = (*_transferable(giver, taker), Option("none", "transfer nothing"))
    game.push(Ask(giver.owner, "use_ability", f"{giver.name} ({giver.id}): Amilyn Holdo - "
                  f"transfer a token to {taker.name} ({taker.id})?", options, then,
                  (giver.id, taker.id), ship=giver.id))


def _holdo_move(game: Game, answer: str, giver_id: str, taker_id: str) -> None:
    if answer != "none":
        transfer_token(game, game.state.ships[giver_id], game.state.ships[taker_id],
                       Token(answer))


@continuation("amilynholdo.gave")
def _holdo_gave(game: Game, answer: str, giver_id: str, taker_id: str) -> None:
    _holdo_move(game, answer, giver_id, taker_id)
    # then the friend may give one back
    _holdo_ask(game, game.state.ships[taker_id], game.state.ships[giver_id],
               "amilynholdo.returned")


@continuation("amilynholdo.returned")
def _holdo_returned(game: Game, answer: str, giver_id: str, taker_id: str) -> None:
    _holdo_move(game, answer, giver_id, taker_id)


register("upgrade", "amilynholdo",
         Triggered("choose another friendly ship at range 1-2 to exchange tokens with",
                   window="before_engage",
                   requirement=lambda ctx: is_me(ctx) and bool(_holdo_friends(ctx)),
                   choices=choose_ships(_holdo_friends), effect=_holdo),
         description="Before engaging: may pick another friendly ship at range 1-2. This ship may "
                     "give it 1 token of a type it has none of; then the other ship may give this "
                     "ship 1 token of a type this ship has none of.")


# -------------------------------------------------------------- Bo-Katan Kryze
BOKATAN = dice("bokatankryze")


def _close_to_defender(game: Game, attack: AttackState, owner: ShipState) -> bool:
    attacker, defender = attack_ships(game, attack)
    near = range_of(attacker, defender)
    return near is not None and near <= 1


register("upgrade", "bokatankryze",
         DiceMod("reroll 1 attack die at range 0-1 of the defender", dice=BOKATAN,
                 applies=attacking_if(_close_to_defender)),
         description="Attacking a defender at range 0-1: may reroll 1 attack die.")


def _bokatan_victory(ctx: Ctx) -> bool:
    return (is_me(ctx, "attacker") and ctx.ship.in_play
            and event_ship(ctx, "defender").destroyed)


def _bokatan_rally(ctx: Ctx, choice: Any) -> None:
    asks = []
    for friend in ships_in_range(ctx.game, ctx.ship, 0, 2, friendly=True):
        options = token_choices(ctx.game, friend, ("red", "orange"))
        if options:
            asks.append(Ask(friend.owner, "use_ability",
                            f"{friend.name} ({friend.id}): Bo-Katan Kryze - remove 1 red "
                            "or orange token?",
                            (*options, Option("decline", "keep its tokens")),
                            "bokatankryze.remove", (friend.id,), ship=friend.id))
    ctx.game.push(*asks)


@continuation("bokatankryze.remove")
def _bokatan_remove(game: Game, answer: str, ship_id: str) -> None:
    if answer != "decline":
        remove_token_choice(game, game.state.ships[ship_id], answer)


register("upgrade", "bokatankryze-rebel-scum",
         Triggered("each friendly ship at range 0-2 may remove 1 red or orange token",
                   window="after_attack", optional=False, requirement=_bokatan_victory,
                   effect=_bokatan_rally),
         description="After it attacks and destroys the defender: each friendly ship at "
                     "range 0-2 (itself included) may remove 1 red or orange token.")


# ------------------------------------------------------------------- Cad Bane
register("upgrade", "cadbane",
         may_perform("perform a red boost action", "after_device_placed",
                     lambda ctx: (granted("boost", "red", "cadbane"),), requirement=is_me,
                     label="perform a red boost action"),
         description="After dropping or launching a device: may perform a red boost action.")


# --------------------------------------------------------------- Captain Hark
register("upgrade", "captainhark",
         Triggered("spend 1 charge to gain 1 focus token", window="after_execute",
                   cost=Cost(charges=1),
                   requirement=lambda ctx: _fully_executed(ctx)
                   and ctx.event.get("difficulty") == "red" and not ctx.ship.has(Token.FOCUS),
                   effect=lambda ctx, choice: gain_token(ctx.game, ctx.ship, Token.FOCUS)),
         description="After fully executing a red maneuver without a focus token: may spend "
                     "1 of its 2 non-recurring charges to gain 1 focus token.")


# ------------------------------------------------------------- Captain Phasma
def _phasma_targets(ctx: Ctx) -> list[ShipState]:
    return [s for s in _enemies(ctx, 0, 1) if not s.stressed]


def _phasma(ctx: Ctx, choice: Any) -> None:
    for enemy in _phasma_targets(ctx):
        gain_token(ctx.game, enemy, Token.STRESS, applier=ctx.ship.owner)


register("upgrade", "captainphasma",
         Triggered("each unstressed enemy ship at range 0-1 gains 1 stress token",
                   window="end_engagement", optional=False,
                   requirement=lambda ctx: ctx.ship.in_play and bool(_phasma_targets(ctx)),
                   effect=_phasma),
         description="End of the Engagement Phase: every unstressed enemy ship within range 0-1 "
                     "gains 1 stress token.")


# ------------------------------------------------------------------ Chewbacca
register("upgrade", "chewbacca",
         Triggered("spend 2 charges to repair 1 faceup damage card", window="start_engagement",
                   cost=Cost(charges=2),
                   requirement=lambda ctx: ctx.ship.in_play and bool(_faceup_damage_options(ctx)),
                   choices=_faceup_damage_options, effect=_repair),
         description="At the start of the Engagement Phase: may spend 2 charges (1 recurring) "
                     "to repair 1 of its faceup damage cards.")

register("upgrade", "chewbacca-battleofyavin",
         Triggered("gain 1 focus token", window="after_action",
                   requirement=lambda ctx: is_me(ctx) and ctx.event["action"] == "evade",
                   effect=lambda ctx, choice: gain_token(ctx.game, ctx.ship, Token.FOCUS)),
         description="After performing an evade action: may gain 1 focus token.")

register("upgrade", "chewbacca-crew",
         Triggered("spend 1 focus token to repair 1 faceup damage card",
                   window="start_end_phase",
                   cost=Cost(tokens=(("focus", 1),)),
                   requirement=lambda ctx: ctx.ship.in_play and bool(_faceup_damage_options(ctx)),
                   choices=_faceup_damage_options, effect=_repair),
         description="Start of the End Phase: may spend a focus token to repair one of its own "
                     "faceup damage cards.")

CHEWIE = "chewbacca-crew-swz19"
CHEWIE_CRIT = dice(CHEWIE)


def _lose_charge(ctx: Ctx, choice: Any) -> None:
    charge = ctx.ship.charges[CHEWIE]
    charge.active = max(0, charge.active - 1)


def _friend_dealt_cards(ctx: Ctx) -> bool:
    hurt = event_ship(ctx)
    near = range_of(ctx.ship, hurt)
    charge = ctx.ship.charges[CHEWIE]
    return (friendly(hurt, ctx.ship) and ctx.event.get("cards", 0) > 0
            and near is not None and near <= 3 and charge.active < charge.limit)


def _recover_per_card(ctx: Ctx, choice: Any) -> None:
    charge = ctx.ship.charges[CHEWIE]
    charge.active = min(charge.limit, charge.active + int(ctx.event["cards"]))


register("upgrade", CHEWIE,
         # RR: SETUP; RR: FAQ: the charge is lost once the ship is placed
         Triggered("lose 1 charge", window="after_placed", optional=False, requirement=is_me,
                   effect=_lose_charge),
         Triggered("recover 1 charge per damage card dealt", window="after_suffer_damage",
                   optional=False, requirement=_friend_dealt_cards, effect=_recover_per_card),
         DiceMod("spend 2 charges: change 1 focus to a critical hit", dice=CHEWIE_CRIT,
                 applies=attacking_if()),
         description="Setup: loses 1 of its 2 charges. Each time a friendly ship within range 0-3 "
                     "is dealt a damage card: recovers 1 charge. Attacking: may spend 2 charges to "
                     "turn a focus result into a critical hit.")


# ----------------------------------------------------------- Commander Malarus
MALARUS = "commandermalarus"
MALARUS_USED = f"{MALARUS}:rerolled"
MALARUS_REROLL = CardAbility(MALARUS, "Commander Malarus (reroll 1 blank)",
                             effect=RerollDice(1, faces=(Face.BLANK,)), roles=ATTACKING)
MALARUS_CONVERT = CardAbility(MALARUS, "Commander Malarus (all focus to hit, gain 1 stress)",
                              effect=ChangeResults(None, (Face.FOCUS,), (Face.HIT,)),
                              roles=ATTACKING, mandatory=True)


def _malarus_reroll(game: Game, attack: AttackState, owner: ShipState, user: ShipState
                    ) -> bool:
    near = range_of(owner, user)
    return (attack.attacker == user.id and friendly(user, owner) and attack.primary
            and not is_limited(user) and near is not None and near <= 1)


def _malarus_rerolled(ctx: Ctx, option: Any) -> None:
    attack = ctx.attack
    assert attack is not None
    remember(ctx.ship, MALARUS_USED, attack.attacker)


def _malarus_settle(ctx: Ctx, choice: Any) -> None:
    remember(ctx.ship, MALARUS_USED, None)
    if not ctx.event["hit"]:
        flip_upgrade(ctx.game, ctx.ship, MALARUS, 1)


def _perfected_bullseye(game: Game, attack: AttackState, owner: ShipState) -> bool:
    attacker, defender = attack_ships(game, attack)
    return is_in_arc(attacker, defender, Arc.BULLSEYE)


def _perfected_stress(ctx: Ctx, option: Any) -> None:
    gain_token(ctx.game, ctx.ship, Token.STRESS)
    ctx.game.push(Then("commandermalarus.stressed", (ctx.ship.id,)))


@continuation("commandermalarus.stressed")
def _perfected_overload(game: Game, answer: Any, ship_id: str) -> None:
    ship = game.state.ships[ship_id]
    if ship.count(Token.STRESS) >= 2:
        suffer_damage(game, ship, hits=1, cause="Commander Malarus (Perfected)")


register("upgrade", MALARUS,
         DiceMod("a friendly non-limited ship rerolls 1 blank result", dice=MALARUS_REROLL,
                 for_others=True, applies=_malarus_reroll, after=_malarus_rerolled),
         Triggered("the rerolled attack missed: flip this card", window="after_attack",
                   optional=False,
                   requirement=lambda ctx: recalled(ctx.ship, MALARUS_USED)
                   == ctx.event["attacker"],
                   effect=_malarus_settle),
         back=(DiceMod("must change all focus results to hits and gain 1 stress token",
                       dice=MALARUS_CONVERT, applies=attacking_if(_perfected_bullseye),
                       after=_perfected_stress),),
         description="Setup: equipped faceup. Any friendly non-limited ship (this one included) "
                     "within range 0-1 making a primary attack may reroll a single blank result; "
                     "having done so, if the attack misses, this card must flip. Perfected side: "
                     "attacking a defender inside its bullseye arc, the ship must change every "
                     "focus result to a hit and gain 1 stress token; then, holding 2 or more "
                     "stress tokens, it suffers 1 hit damage.")


# ------------------------------------------------------------- Commander Pyre
PYRE = dice("commanderpyre")

register("upgrade", "commanderpyre",
         # RR: SETUP ("after placing forces")
         Triggered("an enemy ship gains 2 stress tokens", window="after_place_forces",
                   optional=False,
                   requirement=lambda ctx: ctx.ship.in_play and bool(_all_enemies(ctx)),
                   choices=choose_ships(_all_enemies),
                   effect=lambda ctx, choice: gain_token(ctx.game, ctx.other(choice),
                                                         Token.STRESS, 2,
                                                         applier=ctx.ship.owner)),
         DiceMod("reroll 1 defense die against a stressed attacker", dice=PYRE,
                 applies=defending_if(lambda game, attack, owner: game.state.ships[
                     attack.attacker].stressed)),
         description="Setup, after placing forces: an enemy ship of its choice gains 2 "
                     "stress tokens. Defending against a stressed attacker: may reroll 1 "
                     "defense die.")

