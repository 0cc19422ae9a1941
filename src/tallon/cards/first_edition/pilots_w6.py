"""First-edition pilots of the Hound's Tooth, Kihraxz Fighter, K-wing and TIE Punisher
expansion packs and The Force Awakens Core Set, registered under their play ids
(:mod:`tallon.data.first_edition_play`). Descriptions are Tallon's own words; the rules
sources are the first edition's core rulebook, its reference cards and its FAQ
(``FAQ (1e)``).

First-edition ranges have no range 0: cards measure with
:mod:`tallon.cards.first_edition.ranges_1e`. A "free action" is an action performed
outside the Perform Action step (rulebook (1e), Free Actions).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tallon.cards.acting import grant_action, granted
from tallon.cards.common import in_firing_arc, is_me, remember, this_round
from tallon.cards.first_edition.ranges_1e import within_1e
from tallon.cards.pilots.btls8kwing import miranda
from tallon.cards.pilots.yv666lightfreighter import bossk
from tallon.cards.registry import register
from tallon.data import load_cards
from tallon.dice import Face
from tallon.dice.abilities.base import ATTACKING, DEFENDING, Situation
from tallon.dice.abilities.effects import (
    CardAbility,
    ChangeResults,
    Effect,
    Variant,
    change_one,
)
from tallon.dice.counts import face_count
from tallon.dice.ops import ChangeAll
from tallon.engine.abilities import Ctx, DiceMod, Modifier, Triggered
from tallon.engine.action_bodies import spend_lock_on
from tallon.engine.allegiance import friendly
from tallon.engine.attack_1e import range_bonus
from tallon.engine.decisions import Option
from tallon.engine.effects import remove_token
from tallon.engine.modify_dice import token_used
from tallon.engine.queue import any_true
from tallon.engine.state import ShipState, Token

if TYPE_CHECKING:
    from tallon.engine.game import Game
    from tallon.engine.state import AttackState


# ------------------------------------------------------------------- Latts Razzi
LATTS = "1e-yv666-lattsrazzi"
#: attack mark: Latts spent his lock on this attack's defender (its agility is 1 lower)
LATTS_MARK = "1e-lattsrazzi"


def _latts_applies(ctx: Ctx) -> bool:
    attacker = ctx.other(ctx.event["attacker"])
    defender = ctx.event["defender"]
    # "a friendly ship" includes Latts himself (a ship is friendly to itself)
    return (ctx.ship.in_play and friendly(attacker, ctx.ship) and defender in ctx.ship.locks
            and ctx.attack is not None and LATTS_MARK not in ctx.attack.marks)


def _latts(ctx: Ctx, choice: Any) -> None:
    attack = ctx.attack
    assert attack is not None
    spend_lock_on(ctx.game, ctx.ship, attack.defender)
    attack.marks[LATTS_MARK] = 1
    ctx.game.event("ability", f"the defender's agility is 1 lower for this attack "
                   f"({ctx.ship.name})", ship=ctx.ship.id)


def _latts_agility(game: Any, owner: ShipState, ship: ShipState | None = None,
                   **facts: Any) -> int:
    attack = game.state.attack
    if ship is None or attack is None or attack.defender != ship.id:
        return 0
    # FAQ (1e): with "perform this attack twice" only the first attack (the second
    # starts without the declaration's marks: attack_1e.AttackAgain)
    return -1 if attack.marks.get(LATTS_MARK) else 0


register("pilot", LATTS,
         # FAQ (1e): used as a ship is declared the target of an attack
         Triggered("spend your target lock on the defender: its agility is 1 lower",
                   window="defender_declared", requirement=_latts_applies, effect=_latts),
         Modifier("the defender's agility is 1 lower", hook="agility", value=_latts_agility),
         description="When a friendly ship attacks: may spend his lock on the defender to give it "
                     "agility -1 for that attack.")


# ------------------------------------------------------------------------- Bossk
def _bossk_applies(ctx: Ctx) -> bool:
    attack = ctx.attack
    return (is_me(ctx, "attacker") and attack is not None and attack.hit
            and attack.crits > 0)


def _bossk(ctx: Ctx, choice: Any) -> None:
    # the 2.5 card's swap (it also marks the attack hit: it already is, see _bossk_applies)
    bossk(ctx, choice, "cancels")


register("pilot", "1e-yv666-bossk",
         # FAQ (1e): once the attack hits, before Draw Their Fire, Xizor and R4-D6 (which
         # act as the damage is dealt: window attack_hit); any weapon
         Triggered("cancel 1 critical hit result to add 2 hit results",
                   window="after_neutralize", requirement=_bossk_applies, effect=_bossk),
         description="Attacking, when his attack hits, before damage is dealt: may cancel 1 "
                     "critical hit result to add 2 hit results.")


# ------------------------------------------------------------- Graz the Hunter
def _graz(game: Any, owner: ShipState, attack: AttackState | None = None,
          **facts: Any) -> int:
    if attack is None or attack.defender != owner.id:
        return 0
    attacker = game.state.ships[attack.attacker]
    return 1 if in_firing_arc(owner, attacker) else 0


register("pilot", "1e-kihraxzfighter-grazthehunter",
         Modifier("1 more defense die against an attacker inside his firing arc",
                  hook="defense_dice", value=_graz),
         description="Defending against an attacker inside his firing arc: 1 extra defense die.")


# -------------------------------------------------------------- Talonbane Cobra
def _bonus_applies(game: Any, attack: AttackState, kind: str) -> bool:
    """Whether the attack's range combat bonus of ``kind`` applies (engine/attack.py:
    attack dice at Range 1, defense dice at Range 3)."""
    at = 1 if kind == "attack" else 3
    return attack.range == at and range_bonus(game, attack) and not any_true(
        game, "no_range_bonus", attack=attack, kind=kind)


def _talonbane_attack(game: Any, owner: ShipState, attack: AttackState | None = None,
                      **facts: Any) -> int:
    if attack is None or attack.attacker != owner.id:
        return 0
    return 1 if _bonus_applies(game, attack, "attack") else 0


def _talonbane_defense(game: Any, owner: ShipState, attack: AttackState | None = None,
                       **facts: Any) -> int:
    if attack is None or attack.defender != owner.id:
        return 0
    return 1 if _bonus_applies(game, attack, "defense") else 0


register("pilot", "1e-kihraxzfighter-talonbanecobra",
         # ruling: "your" range combat bonuses are those he receives (attacking at Range 1,
         # defending at Range 3), each doubled to 2 dice
         Modifier("his Range 1 attack bonus is doubled", hook="attack_dice",
                  value=_talonbane_attack),
         Modifier("his Range 3 defense bonus is doubled", hook="defense_dice",
                  value=_talonbane_defense),
         description="Attacking or defending: his range combat bonuses are doubled (2 attack "
                     "dice at Range 1, 2 defense dice at Range 3).")


# ---------------------------------------------------------------- Esege Tuketu
ESEGE = "1e-kwing-esegetuketu"


def lends_focus(owner: ShipState, user: ShipState, attack: AttackState) -> bool:
    """Whether Esege Tuketu (``owner``) lets the attacker ``user`` treat his focus tokens
    as its own in this attack: a different friend within Range 1-2, attacking."""
    return (ESEGE in {xws for kind, xws, _ in owner.cards if kind == "pilot"}
            and user.id != owner.id and owner.in_play and not user.remote
            and friendly(user, owner) and attack.attacker == user.id
            and within_1e(owner, user, 1, 2))


def focus_at_hand(game: Game, ship: ShipState) -> bool:
    """The ship has a focus token, or while attacking may treat an Esege Tuketu's as its own
    (FAQ (1e), Esege Tuketu: Poe Dameron's "if you have a focus token")."""
    if ship.has(Token.FOCUS):
        return True
    attack = game.state.attack
    return attack is not None and any(
        lends_focus(other, ship, attack) and other.has(Token.FOCUS)
        for other in game.state.in_play())


def _esege_applies(game: Game, attack: AttackState, owner: ShipState,
                   user: ShipState) -> bool:
    # his token spent as the attacker's own: the attacker's one focus token effect of this
    # Modify Dice step (FAQ (1e), Spending Tokens)
    return lends_focus(owner, user, attack) and not token_used(attack, user, "focus",
                                                                "attack")


def _esege_spent(ctx: Ctx, option: Any) -> None:
    attack = ctx.attack
    assert attack is not None
    attack.used.add(f"{ctx.event['user']}:token focus:attack")


ESEGE_DICE = CardAbility(ESEGE, "Esege Tuketu (his focus token: all focus to hits)",
                         effect=ChangeResults(None, (Face.FOCUS,), (Face.HIT,)),
                         roles=ATTACKING, cost=(("focus", 1),))

register("pilot", ESEGE,
         DiceMod("spend Esege Tuketu's focus token as your own", dice=ESEGE_DICE,
                 applies=_esege_applies, for_others=True, after=_esege_spent),
         description="Friendly ships within Range 1-2 may spend his focus tokens when they attack.")


# ----------------------------------------------------------------- Miranda Doni
MIRANDA = "1e-kwing-mirandadoni"
MIRANDA_ROUND = "1e-mirandadoni:round"


def _miranda_options(ctx: Ctx) -> list[Option]:
    ship = ctx.ship
    found = []
    if ship.shields > 0:
        found.append(Option("more", "spend 1 shield to roll 1 additional attack die"))
    if ship.shields < ship.shield_limit:
        found.append(Option("fewer", "roll 1 fewer attack die to recover 1 shield"))
    return found


def _miranda_applies(ctx: Ctx) -> bool:
    # once per round, with any weapon; FAQ (1e): either attack of "perform this attack
    # twice" (each rolls its attack dice)
    return (is_me(ctx, "attacker") and not this_round(ctx, ctx.ship, MIRANDA_ROUND)
            and bool(_miranda_options(ctx)))


def _miranda(ctx: Ctx, choice: Any) -> None:
    assert ctx.attack is not None
    remember(ctx.ship, MIRANDA_ROUND, ctx.state.round)
    miranda(ctx, choice)


register("pilot", MIRANDA,
         Triggered("trade a shield for an extra die, or a die for a shield",
                   window="before_attack_dice", requirement=_miranda_applies,
                   choices=_miranda_options, effect=_miranda),
         description="Once per round, attacking: may trade 1 shield for an extra attack die, or "
                     "drop 1 attack die to regain 1 shield.")


# ---------------------------------------------------------------------- Redline
def _redline_applies(ctx: Ctx) -> bool:
    target = ctx.event["target"]
    return is_me(ctx) and ctx.ship.locks.count(target) == 1 and target in ctx.state.ships


def _redline(ctx: Ctx, choice: Any) -> None:
    ship, target = ctx.ship, ctx.event["target"]
    # the two locks on one ship are spent one at a time (engine/lock_spending.py)
    ship.locks = [*ship.locks, target]
    ctx.game.event("lock", f"{ship.name} ({ship.id}) acquires a second lock on {target}",
                   ship=ship.id, target=target)


register("pilot", "1e-tiepunisher-redline",
         # any target lock he acquires (action or effect); a third lock on the ship, or a
         # lock on another, replaces them as the engine's acquire_lock does
         Triggered("acquire a second target lock on that ship", window="after_lock",
                   requirement=_redline_applies, effect=_redline),
         description="Can hold 2 target locks on one ship: whenever he locks, he may lock "
                     "that ship a second time.")


# -------------------------------------------------------------------- Deathrain
def _bomb_card(card: str) -> bool:
    return "bomb" in load_cards().upgrade(card).slots


def _deathrain_guides(game: Any, owner: ShipState, card: str = "",
                      templates: tuple[str, ...] = (), launch: bool = False,
                      **facts: Any) -> list[tuple[str, bool]]:
    # "use the front guides": placed as a launched device is (the template at the front
    # guides); still a drop for every other purpose
    if launch or not card or not _bomb_card(card):
        return []
    return [(code, True) for code in templates]


register("pilot", "1e-tiepunisher-deathrain",
         Modifier("drop bombs with the front guides", hook="device_templates",
                  value=_deathrain_guides),
         grant_action("take a free barrel roll", "after_device_placed",
                      lambda ctx: [granted("barrel_roll", "white", ctx.card)],
                      requirement=lambda ctx: is_me(ctx) and ctx.ship.in_play),
         description="May drop bombs from his front guides; after each drop, may "
                     "take a free barrel roll.")


# ------------------------------------------------------------------ Moralo Eval
def _moralo(game: Any, owner: ShipState, card: str = "", arc: str = "",
            **facts: Any) -> str | None:
    if not card or "cannon" not in load_cards().upgrade(card).slots:
        return None
    # the YV-666's auxiliary firing arc is its 180-degree front arc
    return "full_front"


register("pilot", "1e-yv666-moraloeval",
         Modifier("cannon attacks against ships inside the auxiliary firing arc",
                  hook="special_weapon_arc", value=_moralo),
         description="His cannons may also fire at ships inside his auxiliary firing arc.")


# --------------------------------------------------------------- Epsilon Leader
def _epsilon_ships(ctx: Ctx) -> list[ShipState]:
    # "each friendly ship at Range 1": himself included (FAQ (1e): a ship is at Range 1
    # of itself)
    return [s for s in ctx.state.in_play() if friendly(s, ctx.ship)
            and within_1e(ctx.ship, s, 1, 1) and s.stressed]


def _epsilon(ctx: Ctx, choice: Any) -> None:
    for ship in _epsilon_ships(ctx):
        remove_token(ctx.game, ship, Token.STRESS, remover=ctx.ship.id)


register("pilot", "1e-tiefofighter-epsilonleader",
         Triggered("clear 1 stress from each friendly ship within Range 1",
                   window="start_engagement", optional=False,
                   requirement=lambda ctx: ctx.ship.in_play and bool(_epsilon_ships(ctx)),
                   effect=_epsilon),
         description="Combat phase start: each friendly ship within Range 1, himself included, "
                     "sheds 1 stress token.")


# -------------------------------------------------------------------- Omega Ace
class _AllToCrits(Effect):
    """Every result becomes a critical hit."""

    def variants(self, situation: Situation) -> list[Variant]:
        ops = tuple(ChangeAll(face, Face.CRIT) for face in (Face.HIT, Face.FOCUS, Face.BLANK)
                    if face_count(situation.pool, face))
        return [ops] if ops else []

OMEGA_ACE = CardAbility("1e-omegaace", "Omega Ace (focus and lock: all results to crits)",
                        effect=_AllToCrits(), roles=ATTACKING,
                        cost=(("focus", 1), ("lock", 1)))

register("pilot", "1e-tiefofighter-omegaace",
         DiceMod("spend a focus token and your lock: change all results to crits",
                 dice=OMEGA_ACE, applies=lambda game, attack, owner, user:
                 user.id == owner.id and attack.attacker == owner.id),
         description="Attacking: may spend both a focus token and his lock on the defender to turn "
                     "every result into a critical hit.")


# --------------------------------------------------------------------- Zeta Ace
def _zeta(game: Any, owner: ShipState, move: str = "", **facts: Any) -> Any:
    return (1, False, ()) if move == "barrel_roll" else None


register("pilot", "1e-tiefofighter-zetaace",
         Modifier("barrel roll with the [2 straight] template", hook="reposition_speed",
                  value=_zeta),
         description="Barrel rolling: may use the [2 straight] template instead of the "
                     "[1 straight] one.")


# ------------------------------------------------------------------ Poe Dameron
def _poe_applies(game: Game, attack: AttackState, owner: ShipState, user: ShipState) -> bool:
    # "if you have a focus token": not spent; an Esege Tuketu's counts (FAQ (1e))
    return (user.id == owner.id and owner.id in (attack.attacker, attack.defender)
            and focus_at_hand(game, owner))


register("pilot", "1e-t70xwing-poedameron",
         DiceMod("with a focus token: change 1 focus result to a hit",
                 dice=change_one("1e-poedameron", "Poe Dameron (1 focus to a hit)",
                                 Face.FOCUS, Face.HIT, ATTACKING),
                 applies=_poe_applies),
         DiceMod("with a focus token: change 1 focus result to an evade",
                 dice=change_one("1e-poedameron:defense", "Poe Dameron (1 focus to an evade)",
                                 Face.FOCUS, Face.EVADE, DEFENDING),
                 applies=_poe_applies),
         description="Attacking or defending while he has a focus token: may change 1 focus "
                     "result to a hit (attacking) or an evade (defending).")


# --------------------------------------------------------------------- Blue Ace
def _blue_ace(game: Any, owner: ShipState, colour: str = "", **facts: Any) -> list[Any]:
    return [("turn_left", None), ("turn_right", None)]


register("pilot", "1e-t70xwing-blueace",
         Modifier("boost with the [1 turn] templates", hook="boost_templates",
                  value=_blue_ace),
         description="Boosting: may use the [1 turn left] or [1 turn right] template.")


__all__ = ["focus_at_hand", "lends_focus"]
