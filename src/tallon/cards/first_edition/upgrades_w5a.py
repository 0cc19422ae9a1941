"""First-edition upgrades of the YT-2400 Freighter, VT-49 Decimator and Most Wanted expansion
packs: crew, elite talents and salvaged astromechs (:mod:`upgrades_w5a_2` has the weapons,
titles and modifications).

The first edition has no range 0: "at Range 1-2" is measured with
:mod:`tallon.cards.first_edition.ranges_1e` (a ship is at Range 1 of itself; FAQ (1e));
"touching" is the engine's range 0. A "free action" is an action performed outside the
Perform Action step. Descriptions are Tallon's own words.
"""

from __future__ import annotations

from itertools import combinations
from typing import TYPE_CHECKING, Any

from tallon.cards.acting import granted, start_action
from tallon.cards.common import is_me, range_of, remember, ship_options, this_round
from tallon.cards.first_edition.common_1e import REVEALED_SPEED_TREATED
from tallon.cards.first_edition.ordnance_1e import discard_upgrade
from tallon.cards.first_edition.pilots_w5a import enemies_within, friends_within
from tallon.cards.first_edition.ranges_1e import within_1e
from tallon.cards.first_edition.upgrades_w5b import C3PO, C3PO_ROUND
from tallon.cards.registry import register
from tallon.data import load_cards
from tallon.dice import Face
from tallon.dice.abilities.base import BOTH_ROLES
from tallon.dice.abilities.effects import reroll
from tallon.engine.abilities import CardAction, Ctx, DiceMod, Modifier, Replacement, Triggered
from tallon.engine.actions import can_perform
from tallon.engine.actions_1e import reposition_possible
from tallon.engine.chance import RollDice
from tallon.engine.decisions import Option
from tallon.engine.effects import deal_damage_card, gain_token, suffer_damage
from tallon.engine.state import ShipState, Token
from tallon.engine.steps import Ask, Then, continuation

if TYPE_CHECKING:
    from tallon.engine.game import Game
    from tallon.engine.state import AttackState


# ------------------------------------------------------------ Lando Calrissian
LANDO = "1e-landocalrissian"


def _lando(ctx: Ctx, choice: Any) -> None:
    ship = ctx.ship
    # FAQ (1e), C-3PO: usable with this action's roll (once per round, its own memory)
    if C3PO in ship.upgrades and not this_round(ctx, ship, C3PO_ROUND):
        ctx.game.push(Ask(ship.owner, "use_ability", f"{ship.name} ({ship.id}): C-3PO - guess "
                          "a number of evade results?",
                          (*(Option(str(n), f"guess {n}") for n in range(3)),
                           Option("decline", "don't guess")),
                          "1e-landocalrissian.guess", (ship.id,), ship=ship.id))
        return
    _lando_roll(ctx.game, None, ship.id)


@continuation("1e-landocalrissian.guess")
def _lando_roll(game: Game, answer: str | None, ship_id: str) -> None:
    ship = game.state.ships[ship_id]
    guess = None if answer in (None, "decline") else int(str(answer))
    if guess is not None:
        remember(ship, C3PO_ROUND, game.state.round)
        game.event("ability", f"{ship.name} ({ship.id}) guesses {guess} evade result(s) "
                   "(C-3PO)", ship=ship.id)
    game.push(RollDice("defense", 2, "1e-landocalrissian.rolled", (ship.id, guess),
                       who=f"{ship.name} (Lando Calrissian)"))


@continuation("1e-landocalrissian.rolled")
def _lando_rolled(game: Game, faces: tuple[Face, ...], ship_id: str,
                  guess: int | None = None) -> None:
    ship = game.state.ships[ship_id]
    focus, evade = faces.count(Face.FOCUS), faces.count(Face.EVADE)
    game.event("ability", f"{ship.name} ({ship.id}) rolls "
               f"{', '.join(f.label for f in faces)} (Lando Calrissian)", ship=ship.id)
    if guess is not None and guess == evade:
        evade += 1  # C-3PO: 1 evade result added
        game.event("ability", f"{ship.name} ({ship.id}) guessed right: 1 evade result is "
                   "added (C-3PO)", ship=ship.id)
    if focus:
        gain_token(game, ship, Token.FOCUS, focus)
    if evade:
        gain_token(game, ship, Token.EVADE, evade)


register("upgrade", LANDO,
         CardAction("roll 2 defense dice: a focus token per focus, an evade token per evade",
                    effect=_lando),
         description="Action: roll 2 defense dice; assign 1 focus token per focus result and "
                     "1 evade token per evade result to this ship.")


# ------------------------------------------------------------------- Mara Jade
def _mara_targets(ctx: Ctx) -> list[ShipState]:
    return [s for s in enemies_within(ctx.game, ctx.ship, 1, 1) if not s.stressed]


def _mara(ctx: Ctx, choice: Any) -> None:
    for enemy in _mara_targets(ctx):
        gain_token(ctx.game, enemy, Token.STRESS, applier=ctx.ship.owner)


register("upgrade", "1e-marajade",
         Triggered("each unstressed enemy ship at Range 1 receives 1 stress token",
                   window="end_engagement", optional=False,
                   requirement=lambda ctx: ctx.ship.in_play and bool(_mara_targets(ctx)),
                   effect=_mara),
         description="Combat phase end: every unstressed enemy ship within Range 1 "
                     "gains a stress token.")


# ----------------------------------------------------------------- Fleet Officer
def _fleet_options(ctx: Ctx) -> list[Option]:
    # FAQ (1e), Range Measurement: a ship is at Range 1 of itself, so it may be chosen
    ships = [ctx.ship, *friends_within(ctx.game, ctx.ship, 1, 2)]
    found = [Option(s.id, f"focus to {s.name} ({s.id})") for s in ships]
    found += [Option(f"{a.id}+{b.id}", f"focus to {a.name} ({a.id}) and {b.name} ({b.id})")
              for a, b in combinations(ships, 2)]
    return found


def _fleet_officer(ctx: Ctx, choice: Any) -> None:
    for ship_id in str(choice).split("+"):
        gain_token(ctx.game, ctx.other(ship_id), Token.FOCUS)
    gain_token(ctx.game, ctx.ship, Token.STRESS)


register("upgrade", "1e-fleetofficer",
         CardAction("assign a focus token to up to 2 friendly ships at Range 1-2, then "
                    "receive 1 stress token", choices=_fleet_options, effect=_fleet_officer),
         description="Action: up to 2 friendly ships at Range 1-2 (this one included) each get "
                     "1 focus token; then this ship receives 1 stress token.")


# -------------------------------------------------------------- Stay on Target
STAY = "1e-stayontarget"
#: card memory: the round in which the dial was rotated
STAY_ROUND = f"{STAY}:round"


def _stay_codes(ctx: Ctx) -> list[str]:
    from tallon.engine.rounds import alternatives

    ship = ctx.ship
    if ship.dial_set is None:
        return []
    # FAQ (1e), Tetran Cowall: a speed another card lets him treat the maneuver as counts
    speeds = {ship.dial_set[0], *(c[0] for c in alternatives(ctx.game, ship, ship.dial_set))}
    return [code for code in ship.dial
            if code[0] in speeds and code[:2] != ship.dial_set[:2]]


def _stay(ctx: Ctx, choice: Any) -> None:
    ship = ctx.ship
    if ship.dial_set is not None and str(choice)[0] != ship.dial_set[0]:
        # a speed the revealed maneuver was treated as (Tetran Cowall): used up
        remember(ship, REVEALED_SPEED_TREATED, ctx.state.round)
    ship.dial_set = str(choice)
    remember(ship, STAY_ROUND, ctx.state.round)
    ctx.game.event("reveal", f"{ship.name} ({ship.id}) rotates its dial to [{choice}] (Stay "
                   "on Target: a red maneuver)", ship=ship.id, maneuver=str(choice))


def _stay_red(game: Any, owner: ShipState, ship: ShipState | None = None,
              maneuver: str = "", **facts: Any) -> int:
    # "treat your maneuver as red": 2 steps harder from green; an increase wins over
    # decreases (FAQ (1e), Movement; Ruleset.difficulty_increase_wins), and it stays red
    # if Navigator rotates the dial again (FAQ (1e), Stay on Target); only the dial's
    # maneuver, not another one this round (Daredevil's)
    if ship is None or ship.id != owner.id or not this_round(game, owner, STAY_ROUND) \
            or owner.dial_set is None or maneuver[:2] != owner.dial_set[:2]:
        return 0
    return 2


register("upgrade", STAY,
         # FAQ (1e): an ionized ship reveals no maneuver (no after_reveal)
         Triggered("change to another maneuver of equal speed (it becomes red)",
                   window="after_reveal",
                   requirement=lambda ctx: is_me(ctx) and bool(_stay_codes(ctx)),
                   choices=lambda ctx: [Option(c, f"[{c}] (red)") for c in _stay_codes(ctx)],
                   effect=_stay),
         Modifier("the maneuver is red", hook="maneuver_difficulty", value=_stay_red),
         description="Revealing a maneuver: may rotate the dial to another maneuver of the same "
                     "speed; that maneuver is then red.")


# -------------------------------------------------------------- Dash Rendar (crew)
def _dash_attacks(game: Any, owner: ShipState, **facts: Any) -> bool:
    return True


def _dash_unobstructed(game: Any, owner: ShipState, attack: AttackState | None = None,
                       **facts: Any) -> bool:
    return attack is not None and attack.attacker == owner.id


register("upgrade", "1e-dashrendar",
         Modifier("may attack while overlapping an obstacle", hook="attack_at_obstacle",
                  value=_dash_attacks),
         Modifier("your attacks cannot be obstructed", hook="ignore_obstruction",
                  value=_dash_unobstructed),
         description="May attack while overlapping an obstacle; his ship's attacks cannot be "
                     "obstructed.")


# -------------------------------------------------------------------- "Leebo" (crew)
def _can_boost(ctx: Ctx) -> bool:
    ship = ctx.ship
    spec = granted("boost", "white", ctx.card)
    return (ship.body is not None
            and can_perform(ctx.game, ship, spec, False, even_stressed=True) is None
            and reposition_possible(ctx.game, ship, "boost"))


def _leebo_crew(ctx: Ctx, choice: Any) -> None:
    # the ion token once the boost (and what it triggers) has resolved
    ctx.game.push(Then("1e-leebocrew.ion", (ctx.ship.id,)))
    start_action(ctx.game, ctx.ship.id, granted("boost", "white", ctx.card), False)


@continuation("1e-leebocrew.ion")
def _leebo_ion(game: Game, _: Any, ship_id: str) -> None:
    gain_token(game, game.state.ships[ship_id], Token.ION)


register("upgrade", "1e-leebo",
         # an action only while the boost can be performed (as Expert Handling's barrel roll)
         CardAction("free boost, then gain 1 ion token",
                    requirement=_can_boost, effect=_leebo_crew),
         description="Action: a free boost action, then this ship receives 1 ion token.")


# ------------------------------------------------------------------- Lone Wolf
LONE_WOLF = "1e-lonewolf"

register("upgrade", LONE_WOLF,
         # FAQ (1e) errata: no OTHER friendly ship (a ship is at Range 1 of itself)
         DiceMod("no other friendly ship at Range 1-2: reroll 1 blank result",
                 dice=reroll(LONE_WOLF, "Lone Wolf (reroll 1 blank)", BOTH_ROLES, 1,
                             faces=(Face.BLANK,)),
                 applies=lambda game, attack, owner, user: user.id == owner.id
                 and owner.id in (attack.attacker, attack.defender)
                 and not friends_within(game, owner, 1, 2)),
         description="Attacking or defending with no other friendly ship at Range 1-2: may "
                     "reroll 1 blank result.")


# ---------------------------------------------------------------- Ysanne Isard
def _ysanne_applies(ctx: Ctx) -> bool:
    ship = ctx.ship
    return ship.in_play and ship.shields == 0 and bool(ship.damage)


register("upgrade", "1e-ysanneisard",
         # FAQ (1e): with Damaged Sensor Array, not if the evade action is on the action
         # bar (that card forbids it: hook action_forbidden)
         Triggered("perform a free evade action", window="start_engagement",
                   requirement=lambda ctx: _ysanne_applies(ctx)
                   and can_perform(ctx.game, ctx.ship, granted("evade", "white", ctx.card),
                                   False) is None,
                   effect=lambda ctx, choice: start_action(
                       ctx.game, ctx.ship.id, granted("evade", "white", ctx.card), False)),
         description="Combat phase start, with no shields left and a damage card or more: may take "
                     "a free evade action.")


# -------------------------------------------------------------- Moff Jerjerrod
def _crew_cards(ship: ShipState) -> list[Option]:
    db = load_cards()
    return [Option(card, f"discard {db.upgrade(card).name}") for card in ship.upgrades
            if "crew" in db.upgrade(card).sides[0].slots]


def _jerjerrod(ctx: Ctx, facts: dict[str, Any], choice: Any) -> None:
    ship = ctx.ship
    discard_upgrade(ctx.game, ship, str(choice))
    ctx.game.event("damage", f"{ship.name} ({ship.id}) is dealt the card facedown instead "
                   "(Moff Jerjerrod)", ship=ship.id)
    deal_damage_card(ctx.game, ship, False, card=facts["card"], then=facts["then"],
                     args=facts["args"])


register("upgrade", "1e-moffjerjerrod",
         Replacement("discard a crew card: the faceup damage card is dealt facedown",
                     point="deal_faceup_card",
                     applies=lambda ctx, facts: facts["ship"] == ctx.ship.id
                     and bool(_crew_cards(ctx.ship)),
                     choices=lambda ctx, facts: _crew_cards(ctx.ship), replace=_jerjerrod),
         description="Dealt a faceup damage card: may discard this or another crew card to "
                     "have it dealt facedown, unresolved.")


# ---------------------------------------------------------------- Ruthlessness
def _ruthless_targets(ctx: Ctx) -> list[ShipState]:
    defender = ctx.state.ships.get(ctx.event["defender"])
    if defender is None or defender.body is None:
        return []
    return [s for s in ctx.state.in_play() if s.id not in (defender.id, ctx.ship.id)
            and not s.remote and within_1e(defender, s, 1, 1)]


register("upgrade", "1e-ruthlessness",
         # "must": not a may; any other ship, friendly ones included
         Triggered("deal 1 damage to a ship within Range 1 of the defender",
                   window="after_attack", optional=False,
                   requirement=lambda ctx: ctx.event["attacker"] == ctx.ship.id
                   and ctx.event["hit"] and bool(_ruthless_targets(ctx)),
                   choices=lambda ctx: ship_options(_ruthless_targets(ctx)),
                   effect=lambda ctx, choice: suffer_damage(
                       ctx.game, ctx.other(str(choice)), hits=1, cause="Ruthlessness")),
         description="After an attack that hits: must deal 1 damage to another ship within Range 1 "
                     "of the defender (not itself).")


# ----------------------------------------------------------------- Intimidation
def _intimidation(game: Any, owner: ShipState, ship: ShipState | None = None,
                  **facts: Any) -> int:
    if ship is None or ship.owner == owner.owner or not owner.in_play or ship.body is None:
        return 0
    return -1 if range_of(owner, ship) == 0 else 0


register("upgrade", "1e-intimidation",
         Modifier("a touching enemy ship's agility is 1 lower", hook="agility",
                  value=_intimidation),
         description="Each enemy ship touching this one has its agility reduced by 1.")


# ----------------------------------------------------------------------- Greedo
GREEDO = "1e-greedo"


def _greedo_mark(ship: ShipState, role: str) -> str:
    return f"{GREEDO}:{ship.id}:{role}"


def _greedo_role(ctx: Ctx) -> str | None:
    if ctx.event.get("attacker") == ctx.ship.id:
        return "attack"
    if ctx.event.get("defender") == ctx.ship.id:
        return "defend"
    return None


def _greedo_first(ctx: Ctx) -> bool:
    role = _greedo_role(ctx)
    return role is not None and not this_round(ctx, ctx.ship, f"{GREEDO}:{role}")


def _greedo_note(ctx: Ctx, choice: Any) -> None:
    role = _greedo_role(ctx)
    attack = ctx.attack
    assert role is not None and attack is not None
    remember(ctx.ship, f"{GREEDO}:{role}", ctx.state.round)
    defender = ctx.state.ships[attack.defender]
    # the defender's damage cards when it becomes the defender, plus 1 (0: used up)
    attack.marks[_greedo_mark(ctx.ship, role)] = len(defender.damage) + 1


def _greedo_applies(ctx: Ctx, facts: dict[str, Any]) -> bool:
    attack = ctx.state.attack
    if attack is None or facts["faceup"] or facts["ship"] != attack.defender:
        return False
    role = "attack" if attack.attacker == ctx.ship.id else \
        "defend" if attack.defender == ctx.ship.id else None
    if role is None:
        return False
    noted = attack.marks.get(_greedo_mark(ctx.ship, role), 0)
    return noted > 0 and len(ctx.state.ships[attack.defender].damage) == noted - 1


def _greedo(ctx: Ctx, facts: dict[str, Any], choice: Any) -> None:
    attack = ctx.state.attack
    assert attack is not None
    for role in ("attack", "defend"):
        if _greedo_mark(ctx.ship, role) in attack.marks:
            attack.marks[_greedo_mark(ctx.ship, role)] = 0
    ship = ctx.state.ships[facts["ship"]]
    ctx.game.event("damage", f"the first damage card dealt to {ship.name} ({ship.id}) is "
                   "dealt faceup (Greedo)", ship=ctx.ship.id)
    deal_damage_card(ctx.game, ship, True, card=facts["card"], then=facts["then"],
                     args=facts["args"])


register("upgrade", GREEDO,
         Triggered("note this round's first attack or defence", window="defender_declared",
                   optional=False, requirement=_greedo_first, effect=_greedo_note),
         Replacement("the first damage card of the attack is dealt faceup",
                     point="deal_damage_card", optional=False, applies=_greedo_applies,
                     replace=_greedo),
         description="Each round, in its first attack and its first defence, the opening damage "
                     "card dealt goes faceup.")


__all__ = ["GREEDO", "LANDO", "STAY"]
