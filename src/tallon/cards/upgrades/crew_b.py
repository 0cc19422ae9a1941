"""Crew upgrades, Count Dooku to Grand Inquisitor (more in :mod:`tallon.cards.upgrades.crew_b2`).

Not implemented here: Death Watch Commandos (they drop a Commando Team remote: remotes
other than the buzz droid swarm are not played yet) and General Hux (a red coordinate of up
to 3 ships of one type that must all perform the same action: the engine's coordinate
chooses a single ship, and nothing makes a ship perform a given action)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tallon.cards.acting import performable, start_action
from tallon.cards.common import (
    dice,
    green_token_or,
    in_firing_arc,
    is_in_arc,
    is_me,
    keep_circular_tokens,
    range_of,
    recalled,
    recover_charge,
    remember,
    remove_token_choice,
    roll_die,
    ship_options,
    ships_in_range,
    token_choices,
)
from tallon.cards.registry import register
from tallon.dice import BOTH_ROLES, CardAbility, ChangeResults, Face, Role
from tallon.engine.abilities import CardAction, Cost, Ctx, DiceMod, Modifier, Triggered
from tallon.engine.allegiance import friendly
from tallon.engine.attack import can_bonus_attack, perform_bonus_attack
from tallon.engine.conditions import assign_condition
from tallon.engine.decisions import Option
from tallon.engine.effects import gain_token, suffer_damage
from tallon.engine.queue import any_true, fire
from tallon.engine.state import ActionSpec, ShipState, Token
from tallon.engine.steps import Ask, continuation
from tallon.engine.weapons import weapons_of
from tallon.geometry import Arc, Maneuver

if TYPE_CHECKING:
    from tallon.engine.game import Game
    from tallon.engine.state import AttackState


def other_friends(ctx: Ctx) -> list[ShipState]:
    """The other friendly ships, placed or not ("Setup: before placing forces")."""
    return [s for s in ctx.state.ships.values() if friendly(s, ctx.ship)
            and s.id != ctx.ship.id and not s.remote and not s.removed]


def spend_lock(game: Game, ship: ShipState, target: str) -> None:
    """The ship spends its lock on ``target`` for a card's effect (RR: LOCK)."""
    ship.locks = [t for t in ship.locks if t != target]
    game.event("lock", f"{ship.name} ({ship.id}) spends its lock on {target}", ship=ship.id)
    fire(game, "after_spend_lock", ship=ship.id, target=target)


# ----------------------------------------------------------------- Count Dooku
DOOKU = "countdooku"
_DIE_FACES = {"attack": (Face.HIT, Face.CRIT, Face.FOCUS, Face.BLANK),
              "defense": (Face.EVADE, Face.FOCUS, Face.BLANK)}


def _dooku_mark(ship: ShipState, kind: str) -> str:
    # an attack mark whose owner part is no ship id: the dice abilities never read it
    return f"{DOOKU}@{ship.id}:{kind}"


def _roller(ctx: Ctx, kind: str) -> ShipState:
    attack = ctx.attack
    assert attack is not None
    return ctx.other(attack.attacker if kind == "attack" else attack.defender)


def _dooku_name(kind: str, window: str) -> Triggered:
    def requirement(ctx: Ctx) -> bool:
        ship = ctx.ship
        if ctx.attack is None or ship.force_limit < 1 or ship.force < ship.force_limit:
            return False  # RR: FORCE CHARGE - "all of your Force are active"
        roller = _roller(ctx, kind)
        near = range_of(ship, roller)
        return not roller.remote and near is not None and near <= 2

    def effect(ctx: Ctx, choice: Any) -> None:
        assert ctx.attack is not None
        ctx.attack.marks[_dooku_mark(ctx.ship, kind)] = int(Face[str(choice).upper()])
        ctx.game.event("ability", f"{ctx.ship.name} ({ctx.ship.id}) names {choice} for the "
                       f"{kind} dice (Count Dooku)", ship=ctx.ship.id)

    return Triggered(f"spend 1 Force to name a result the {kind} dice must show",
                     window=window, cost=Cost(force=1), requirement=requirement,
                     choices=lambda ctx: [Option(f.label, f"name {f.label}")
                                          for f in _DIE_FACES[kind]],
                     effect=effect)


def _dooku_named(ctx: Ctx) -> bool:
    attack = ctx.attack
    return attack is not None and _dooku_mark(ctx.ship, ctx.event["kind"]) in attack.marks


def _dooku_enforce(ctx: Ctx, choice: Any) -> None:
    attack = ctx.attack
    assert attack is not None
    kind = ctx.event["kind"]
    face = Face(attack.marks.pop(_dooku_mark(ctx.ship, kind)))
    pool = attack.pool(kind)
    roller = _roller(ctx, kind)
    if pool is None or not len(pool) or pool.count(face):
        return
    # RR: DICE MODIFICATION - a change; dice that can't be modified stay as they are
    role = Role.ATTACKER if kind == "attack" else Role.DEFENDER
    if any_true(ctx.game, "dice_unmodifiable", attack=attack, kind=kind, role=role):
        return
    shown = sorted(set(pool.faces()))
    options = tuple(Option(f.label, f"change a {f.label} result to {face.label}")
                    for f in shown)
    ctx.game.push(Ask(roller.owner, "use_ability", f"{roller.name} ({roller.id}): Count "
                      f"Dooku named {face.label}; change which result?", options,
                      "countdooku.change", (kind, int(face)), ship=roller.id))


@continuation("countdooku.change")
def _dooku_change(game: Game, answer: str, kind: str, face: int) -> None:
    attack = game.state.attack
    assert attack is not None
    pool = attack.pool(kind)
    assert pool is not None
    source = Face[answer.upper()]
    index = pool.faces().index(source)
    pool.change(index, Face(face))
    game.event("modify", f"Count Dooku: a {source.label} result becomes {Face(face).label}",
               card=DOOKU)


register("upgrade", DOOKU,
         _dooku_name("attack", "before_attack_dice"),
         _dooku_name("defense", "before_defense_dice"),
         Triggered("the roll must show the named result", window="after_dice_rolled",
                   optional=False, requirement=_dooku_named, effect=_dooku_enforce),
         description="During an attack, before any ship within range 0-2 rolls its attack or "
                     "defense dice, if all of this ship's Force is active: may spend 1 Force and "
                     "name a result; should the roll not include it, that ship must change 1 die "
                     "to the named result.")


# ----------------------------------------------------------------- Darth Vader
def _vader_targets(ctx: Ctx) -> list[ShipState]:
    return [s for s in ships_in_range(ctx.game, ctx.ship, 0, 2, other=True)
            if in_firing_arc(ctx.ship, s)]


def _vader(ctx: Ctx, choice: Any) -> None:
    target = ctx.other(choice)
    green_token_or(ctx.game, target, Option("suffer", "suffer 1 hit damage"),
                   "Darth Vader - remove 1 green token, or suffer 1 damage?",
                   "darthvader.answer", (target.id,))


@continuation("darthvader.answer")
def _vader_answer(game: Game, answer: str, target_id: str) -> None:
    target = game.state.ships[target_id]
    if answer == "suffer":
        suffer_damage(game, target, hits=1, cause="Darth Vader")
    else:
        remove_token_choice(game, target, answer)


register("upgrade", "darthvader",
         Triggered("spend 1 Force: a ship in your firing arc at range 0-2 suffers 1 damage "
                   "unless it removes a green token", window="start_engagement",
                   cost=Cost(force=1), requirement=lambda ctx: bool(_vader_targets(ctx)),
                   choices=lambda ctx: ship_options(_vader_targets(ctx)),
                   effect=_vader),
         description="Start of the Engagement Phase: may spend 1 Force choosing a ship in its "
                     "firing arc at range 0-2; that ship suffers 1 hit damage unless its "
                     "player removes 1 of its green tokens.")


# --------------------------------------------------------------- Death Troopers
def _no_stress_removal(game: Game, owner: ShipState, ship: ShipState | None = None,
                       token: Token | None = None, **facts: Any) -> bool:
    if token is not Token.STRESS or ship is None or game.state.phase != "activation":
        return False
    if ship.owner == owner.owner or ship.remote or not owner.in_play:
        return False
    near = range_of(owner, ship)
    return near is not None and near <= 1


register("upgrade", "deathtroopers",
         Modifier("enemy ships at range 0-1 can't remove stress in the Activation Phase",
                  hook="token_removal_forbidden", value=_no_stress_removal),
         description="Activation Phase: no enemy ship at range 0-1 can remove its stress tokens.")


# -------------------------------------------------------------- Director Krennic
register("upgrade", "directorkrennic",
         Triggered("assign Optimized Prototype to another friendly ship",
                   window="gather_forces", optional=False,
                   choices=lambda ctx: ship_options(other_friends(ctx)),
                   effect=lambda ctx, choice: assign_condition(
                       ctx.game, ctx.other(choice), "optimizedprototype", ctx.ship.owner)),
         description="Adds a lock action. Setup, before placing forces: assigns the Optimized "
                     "Prototype condition to another friendly ship.")


# ------------------------------------------------------------ Emperor Palpatine
PALPATINE = CardAbility("emperorpalpatine", "Emperor Palpatine (spend his Force: 1 focus "
                        "to hit or evade)",
                        effect=ChangeResults(1, (Face.FOCUS,), (Face.HIT, Face.EVADE)),
                        roles=BOTH_ROLES, cost=(("force", 1),))


def _palpatine(game: Game, attack: AttackState, owner: ShipState, user: ShipState) -> bool:
    return user.id != owner.id and friendly(user, owner) and not user.remote


register("upgrade", "emperorpalpatine",
         DiceMod("spend 1 Force to modify a friendly ship's die as its own Force would",
                 dice=PALPATINE, for_others=True, applies=_palpatine),
         description="While another friendly ship attacks or defends: may spend 1 of its own "
                     "Force to change 1 of that ship's focus results as a Force would (to a "
                     "hit attacking, to an evade defending).")


# ---------------------------------------------------------------------- Fenn Rau
def _fenn_friend(ctx: Ctx) -> ShipState | None:
    friend = ctx.other(ctx.event["ship"])
    if friend.owner != ctx.ship.owner or friend.remote or not friend.in_play:
        return None
    near = range_of(ctx.ship, friend)
    if near is None or near > 2 or not friend.dial_revealed or friend.dial_set is None:
        return None
    if Maneuver.parse(friend.dial_set).speed < 1:
        return None
    enemy_close = any(s.owner != friend.owner and range_of(friend, s) == 1
                      and is_in_arc(friend, s, Arc.FRONT) for s in ctx.state.in_play())
    return friend if enemy_close else None


def _fenn_choices(ctx: Ctx) -> list[Option]:
    friend = _fenn_friend(ctx)
    if friend is None:
        return []
    return [o for o in token_choices(ctx.game, friend, ("red",))
            if str(o.key).startswith("token:")]


register("upgrade", "fennrau",
         Triggered("the engaging friendly ship removes 1 non-lock red token",
                   window="before_engage",
                   requirement=lambda ctx: bool(_fenn_choices(ctx)), choices=_fenn_choices,
                   effect=lambda ctx, choice: remove_token_choice(
                       ctx.game, ctx.other(ctx.event["ship"]), choice)),
         description="Before engaging, a friendly ship at range 0-2 with a revealed maneuver of "
                     "speed 1+ and an enemy ship at range 1 in its front arc may remove 1 red "
                     "token other than a lock.")


# ----------------------------------------------------------------------- "Fives"
FIVES_TOKENS = "fives:tokens"


def _fives_missed(ctx: Ctx) -> bool:
    if not is_me(ctx, "attacker") or ctx.event.get("hit"):
        return False
    defender = ctx.other(ctx.event["defender"])
    return defender.current_initiative >= ctx.ship.current_initiative


def _fives_place(ctx: Ctx, choice: Any) -> None:
    remember(ctx.ship, FIVES_TOKENS, (*recalled(ctx.ship, FIVES_TOKENS, ()), str(choice)))
    ctx.game.event("ability", f"{ctx.ship.name} ({ctx.ship.id}) places 1 {choice} token on "
                   '"Fives"', ship=ctx.ship.id)


def _fives_take(ctx: Ctx, choice: Any) -> None:
    held = list(recalled(ctx.ship, FIVES_TOKENS, ()))
    held.remove(str(choice))
    remember(ctx.ship, FIVES_TOKENS, tuple(held) or None)
    gain_token(ctx.game, ctx.ship, Token(str(choice)))


register("upgrade", "fives",
         Triggered("place 1 evade or focus token on this card", window="after_attack",
                   optional=False, requirement=_fives_missed,
                   choices=lambda ctx: [Option("evade", "place an evade token"),
                                        Option("focus", "place a focus token")],
                   effect=_fives_place),
         Triggered("remove 1 token from this card to gain a matching token",
                   window="before_engage",
                   requirement=lambda ctx: is_me(ctx)
                   and bool(recalled(ctx.ship, FIVES_TOKENS)),
                   choices=lambda ctx: [Option(t, f"gain 1 {t} token") for t in
                                        dict.fromkeys(recalled(ctx.ship, FIVES_TOKENS, ()))],
                   effect=_fives_take),
         description="After a missed attack against a defender of equal or higher "
                     "initiative: places an evade or focus token on this card. Before "
                     "engaging: may remove 1 of them to gain a matching token.")


# -------------------------------------------------------------- Freelance Slicer
def _slicer_applies(ctx: Ctx) -> bool:
    return is_me(ctx, "defender") and ctx.event["attacker"] in ctx.ship.locks


def _slicer(ctx: Ctx, choice: Any) -> None:
    attacker = ctx.event["attacker"]
    spend_lock(ctx.game, ctx.ship, attacker)
    roll_die(ctx, "freelanceslicer.rolled", (ctx.ship.id, attacker))


@continuation("freelanceslicer.rolled")
def _slicer_rolled(game: Game, face: Face, ship_id: str, attacker_id: str) -> None:
    ship = game.state.ships[ship_id]
    gain_token(game, game.state.ships[attacker_id], Token.JAM, applier=ship.owner)
    if face in (Face.HIT, Face.CRIT):
        gain_token(game, ship, Token.JAM)


register("upgrade", "freelanceslicer",
         Triggered("spend your lock on the attacker: roll 1 attack die (the attacker gains a "
                   "jam token)", window="before_attack_dice", requirement=_slicer_applies,
                   effect=_slicer),
         description="Defending, before the attack dice are rolled: may spend a lock it holds on "
                     "the attacker; if so, it rolls 1 attack die. The attacker then gains 1 jam "
                     "token, and if the die shows a hit or critical hit, this ship gains 1 jam "
                     "token too.")


# ------------------------------------------------------------------------ GA-97
GA97 = "ga97"


def _ga97_choices(ctx: Ctx) -> list[Option]:
    have = ctx.ship.charges[GA97].active
    return [Option(f"{n}@{s.id}", f"spend {n} charges: assign It's the Resistance to "
                   f"{s.name} ({s.id})")
            for n in (3, 4, 5) if n <= have for s in other_friends(ctx)]


def _ga97(ctx: Ctx, choice: Any) -> None:
    count, _, target = str(choice).partition("@")
    ctx.ship.charges[GA97].active -= int(count)
    assign_condition(ctx.game, ctx.other(target), "itstheresistance", ctx.ship.owner)


register("upgrade", GA97,
         Triggered("spend 3-5 charges to assign It's the Resistance to another friendly ship",
                   window="gather_forces", choices=_ga97_choices, effect=_ga97),
         description="Adds a calculate action. Setup, before placing forces: may spend 3 to 5 "
                     "charges to assign the It's the Resistance condition to another "
                     "friendly ship.")


# --------------------------------------------------------------------- Gamut Key
GAMUT_KEPT = "gamutkey:kept"


def _gamut_targets(ctx: Ctx) -> list[ShipState]:
    return [s for s in ships_in_range(ctx.game, ctx.ship, 0, 1)
            if any(t.circular and s.has(t) for t in Token)]


register("upgrade", "gamutkey",
         *keep_circular_tokens(GAMUT_KEPT, "spend 2 charges: a ship at range 0-1 keeps its "
                               "circular tokens", _gamut_targets),
         description="Start of the End Phase: may spend 2 charges and pick a ship within range 0-1 "
                     "that has at least 1 circular token; during this End Phase, that ship keeps "
                     "its circular tokens.")


# ---------------------------------------------------------------------- Gar Saxon


def _gar(game: Game, attack: AttackState, owner: ShipState, user: ShipState) -> bool:
    near = range_of(owner, user)
    return (friendly(user, owner) and attack.attacker == user.id and not user.remote
            and near is not None and 1 <= near <= 3 and user.current_initiative <= 4
            and attack.defender in owner.locks)


register("upgrade", "garsaxon",
         DiceMod("a friendly attacker at range 1-3 changes 1 focus to a hit",
                 dice=dice("garsaxon"),
                 for_others=True, applies=_gar),
         description="While a friendly ship at range 1-3 of initiative 4 or lower attacks a "
                     "defender this ship has locked: the attacker may turn 1 focus result "
                     "into a hit.")


# --------------------------------------------------------------- General Grievous
GRIEVOUS = "generalgrievous"


def _grievous_applies(ctx: Ctx) -> bool:
    attack = ctx.attack
    return (is_me(ctx, "defender") and attack is not None
            and attack.hits + attack.crits >= 2)


def _grievous_choices(ctx: Ctx) -> list[Option]:
    attack = ctx.attack
    assert attack is not None
    found = []
    if attack.hits:
        found.append(Option("hit", "cancel 1 hit result"))
    if attack.crits:
        found.append(Option("crit", "cancel 1 critical hit result"))
    return found


def _grievous(ctx: Ctx, choice: Any) -> None:
    attack = ctx.attack
    assert attack is not None
    if choice == "hit":
        attack.hits -= 1
    else:
        attack.crits -= 1
    attack.hit = attack.hits + attack.crits > 0
    ctx.game.event("neutralize", f"General Grievous cancels 1 {choice} result: "
                   f"{attack.hits} hit(s), {attack.crits} critical hit(s) uncanceled",
                   ship=ctx.ship.id, hits=attack.hits, crits=attack.crits)


def _friend_lost(ctx: Ctx) -> bool:
    lost = ctx.other(ctx.event["ship"])
    charge = ctx.ship.charges[GRIEVOUS]
    return friendly(lost, ctx.ship) and charge.active < charge.limit


register("upgrade", GRIEVOUS,
         Triggered("spend 1 charge to cancel 1 hit or critical hit result",
                   window="after_neutralize", cost=Cost(charges=1),
                   requirement=_grievous_applies, choices=_grievous_choices,
                   effect=_grievous),
         Triggered("recover 1 charge", window="after_destroyed", optional=False,
                   requirement=_friend_lost,
                   effect=lambda ctx, choice: recover_charge(ctx.ship, GRIEVOUS)),
         description="Defending, after Neutralize Results with 2 or more hit or critical hit "
                     "results left: may spend its charge to cancel 1 of them. After a "
                     "friendly ship is destroyed: recovers 1 charge.")


# ----------------------------------------------------------------- Ghost Company
GHOST_ATTACKED = "ghostcompany:attacked"


def _attacked_this_round(ctx: Ctx) -> tuple[str, ...]:
    held = recalled(ctx.ship, GHOST_ATTACKED)
    return held[1] if held is not None and held[0] == ctx.state.round else ()


def _ghost_record(ctx: Ctx, choice: Any) -> None:
    defenders = (*_attacked_this_round(ctx), ctx.event["defender"])
    remember(ctx.ship, GHOST_ATTACKED, (ctx.state.round, defenders))


def _ghost_weapons(ctx: Ctx) -> tuple[str, ...]:
    return tuple(w.id for w in weapons_of(ctx.game, ctx.ship) if w.arc == "single_turret")


def _ghost_defenders(ctx: Ctx) -> tuple[str, ...]:
    attacked = _attacked_this_round(ctx)
    return tuple(s.id for s in ctx.state.ships.values()
                 if s.in_play and s.owner != ctx.ship.owner and s.id not in attacked)


def _ghost_may(ctx: Ctx) -> bool:
    if not (is_me(ctx, "attacker") and ctx.event.get("primary")
            and ctx.ship.has(Token.FOCUS)):
        return False
    weapons, defenders = _ghost_weapons(ctx), _ghost_defenders(ctx)
    return bool(weapons and defenders) and can_bonus_attack(ctx.game, ctx.ship, weapons,
                                                            defenders)


register("upgrade", "ghostcompany",
         Triggered("note the defender attacked this round", window="defender_declared",
                   optional=False, requirement=lambda ctx: is_me(ctx, "attacker"),
                   effect=_ghost_record),
         Triggered("bonus attack from your single turret arc against a ship not attacked "
                   "this round", window="after_attack", bonus_attack=True,
                   requirement=_ghost_may,
                   effect=lambda ctx, choice: perform_bonus_attack(
                       ctx.game, ctx.ship, only=_ghost_weapons(ctx),
                       defenders=_ghost_defenders(ctx))),
         description="Adds a rotate action linked to a red focus. After a primary attack, "
                     "while focused: may make a single-turret-arc attack, as a bonus attack, "
                     "against a ship it has not attacked this round.")


# ---------------------------------------------------------------- GNK "Gonk" Droid
GONK = "gnkgonkdroid"


def _gonk_lose(ctx: Ctx, choice: Any) -> None:
    charge = ctx.ship.charges[GONK]
    charge.active = max(0, charge.active - 1)


def _gonk_shield(ctx: Ctx, choice: Any) -> None:
    ctx.ship.shields += 1
    ctx.game.event("ability", f"{ctx.ship.name} ({ctx.ship.id}) recovers 1 shield",
                   ship=ctx.ship.id)


register("upgrade", GONK,
         Triggered("setup: lose 1 charge", window="gather_forces", optional=False,
                   effect=_gonk_lose),
         CardAction("recover 1 charge", key="charge",
                    requirement=lambda ctx: ctx.ship.charges[GONK].active
                    < ctx.ship.charges[GONK].limit,
                    effect=lambda ctx, choice: recover_charge(ctx.ship, GONK)),
         CardAction("spend 1 charge to recover 1 shield", key="shield", cost=Cost(charges=1),
                    requirement=lambda ctx: ctx.ship.shields < ctx.ship.shield_limit,
                    effect=_gonk_shield),
         description="Setup: loses its charge. Action: recover 1 charge. Action: spend 1 "
                     "charge to recover 1 shield.")


# --------------------------------------------------------------- Grand Inquisitor
INQUISITOR = "grandinquisitor"


def _white_bar_as_red(ctx: Ctx) -> list[ActionSpec]:
    found = [ActionSpec(s.kind, "red", s.linked, s.source) for s in ctx.ship.actions
             if s.difficulty == "white"]
    # the action happens in the enemy's activation, not this ship's
    return performable(ctx.game, ctx.ship, found, False)


def _inquisitor_applies(ctx: Ctx) -> bool:
    enemy = ctx.other(ctx.event["ship"])
    near = range_of(ctx.ship, enemy)
    return enemy.owner != ctx.ship.owner and not enemy.remote and near is not None \
        and near <= 2


def _inquisitor(ctx: Ctx, choice: Any) -> None:
    for spec in _white_bar_as_red(ctx):
        if spec.kind == choice:
            start_action(ctx.game, ctx.ship.id, spec, False)
            return


register("upgrade", INQUISITOR,
         Triggered("spend 1 Force: perform a white action of your bar, treated as red",
                   window="after_reveal", cost=Cost(force=1),
                   requirement=_inquisitor_applies,
                   choices=lambda ctx: [Option(s.kind, f"perform a {s.label} action")
                                        for s in _white_bar_as_red(ctx)],
                   effect=_inquisitor),
         description="After the dial of an enemy ship at range 0-2 is revealed: may spend 1 Force "
                     "to perform a white action from its own action bar, treating it as red.")
