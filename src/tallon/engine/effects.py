"""The game's primitive effects: tokens, locks, charges, damage, destruction and removal
(RR: TOKENS and each token's entry, RR: LOCK, RR: CHARGES, RR: SHIELDS, RR: DAMAGE,
RR: DAMAGE CARDS, RR: HULL, RR: DESTROYING SHIPS, RR: REMOVED FROM THE GAME).

Effects change the state directly; a choice the rules ask the moment an effect happens (a
jam token's consequence, a tractor move) is scheduled with :meth:`Game.now`, to come first.
"""

from __future__ import annotations

from dataclasses import replace
from functools import cache
from typing import TYPE_CHECKING, Any

from tallon.data import load_cards
from tallon.engine.card_values import hull_damage
from tallon.engine.chance import DrawDamage
from tallon.engine.decisions import Option
from tallon.engine.friendly_locks import friendly_lock_allowed
from tallon.engine.loadout import refresh_actions
from tallon.engine.missions_1e import mission_removed
from tallon.engine.pilot_copies import forget_copies
from tallon.engine.queue import any_true, fire, own_modifiers, replacements
from tallon.engine.replace import Replaceable
from tallon.engine.scenarios import jettison, removal_points, towed_cache
from tallon.engine.state import (
    GREEN_TOKENS,
    MARKER,
    DamageCard,
    ShipState,
    Token,
    opponent,
    touching,
)
from tallon.engine.steps import Ask, call_continuation, continuation
from tallon.geometry import ObstacleType
from tallon.rulesets import RULES

if TYPE_CHECKING:
    from tallon.engine.game import Game

# ------------------------------------------------------------------------ shields
def lose_shields(game: Game, ship: ShipState, count: int = 1) -> int:
    """``ship`` loses up to ``count`` active shields, by damage, by an effect or spent as a
    cost (RR: SHIELDS); each one lost opens the window after_lose_shield. Returns how many
    were lost."""
    lost = max(0, min(count, ship.shields))
    ship.shields -= lost
    for _ in range(lost):
        fire(game, "after_lose_shield", ship=ship.id)
    return lost


# ------------------------------------------------------------------------- tokens
def gain_token(game: Game, ship: ShipState, token: Token, count: int = 1,
               applier: int | None = None, replaceable: bool = True,
               cost: bool = False) -> int:
    """``ship`` gains ``count`` tokens; returns how many it kept.

    ``applier`` is the player whose effect gave the tokens (it makes the choices that
    becoming jammed or tractored calls for; by default the ship's owner). When a card could
    replace the gain ("if you would gain ... instead"), the gain waits for that choice and
    this returns 0. ``cost``: the tokens are gained as an ability's cost (a replacement
    learns it: the fact ``cost``).
    """
    if count <= 0 or not ship.in_play or ship.remote:
        return 0  # RR: REMOTES - a remote can be assigned no tokens but locks
    applier = ship.owner if applier is None else applier
    if replaceable:
        facts = {"ship": ship.id, "token": token.value, "count": count, "applier": applier}
        if cost:
            facts["cost"] = True
        if replacements(game, "gain_token", facts):
            game.now(Replaceable("gain_token", tuple(sorted(facts.items()))))
            return 0
    kept = _gain(game, ship, token, count, applier)
    if kept:
        fire(game, "after_gain_token", ship=ship.id, token=token.value, count=kept)
    return kept


def _gain(game: Game, ship: ShipState, token: Token, count: int, applier: int) -> int:
    if token is Token.CLOAK:
        if ship.cloaked or towed_cache(ship) is not None:
            return 0  # RR: CLOAK - not a second one; nor while towing (Salvage Mission)
        count = 1
    was_ionized, was_tractored, was_jammed = ship.ionized, ship.tractored, ship.has(Token.JAM)
    ship.tokens[token] = ship.tokens.get(token, 0) + count
    game.event("token", f"{ship.name} ({ship.id}) gains {count} {token.value} token"
               + ("s" if count > 1 else ""), ship=ship.id)
    if token in GREEN_TOKENS and was_jammed and game.rules.jams(token.value):
        # RR: JAM - a jammed ship that gains a green token removes it and one jam token
        kept = count
        while kept and ship.has(Token.JAM):
            ship.tokens[token] -= 1
            remove_token(game, ship, Token.JAM)
            kept -= 1
        if not ship.tokens[token]:
            del ship.tokens[token]
        game.event("token", f"{ship.name} is jammed: the {token.value} token is removed "
                   "with a jam token", ship=ship.id)
        return kept
    if token is Token.ION and ship.ionized and not was_ionized:
        break_own_locks(game, ship)  # RR: ION - a ship that becomes ionized breaks its locks
    if token is Token.JAM and not was_jammed:
        from tallon.engine.tokens import JamChoice

        game.now(JamChoice(ship.id, applier))
    if token is Token.TRACTOR and ship.tractored and not ship.tractored_this_round and (
            not was_tractored or game.rules.tractor_move_1e):  # 1e: the round's first token
        from tallon.engine.tokens import TractorMove

        ship.tractored_this_round = True
        game.now(TractorMove(ship.id, applier))
    return count


def remove_token(game: Game, ship: ShipState, token: Token, count: int = 1,
                 remover: str | None = None) -> int:
    """Remove up to ``count`` tokens (spending is removing); returns how many left.
    ``remover``: the ship whose effect removes them (default: the ship itself), for "after
    you remove a stress token" abilities (window after_remove_stress: 1e Kyle Katarn)."""
    have = ship.tokens.get(token, 0)
    if have and any_true(game, "token_removal_forbidden", ship=ship, token=token):
        return 0  # a card forbids it (Death Troopers)
    removed = min(have, count)
    if removed:
        if removed == have:
            del ship.tokens[token]
        else:
            ship.tokens[token] = have - removed
        if token is Token.STRESS:
            fire(game, "after_remove_stress", ship=ship.id, remover=remover or ship.id,
                 count=removed)
    return removed


def spend_forbidden(game: Game, ship: ShipState, token: Token) -> bool:
    """Whether a card forbids the ship to spend tokens of this kind now ("you cannot spend
    focus tokens"; hook ``token_spend_forbidden``): costs and dice modifications that
    would spend one are not offered (removing the token otherwise is still allowed)."""
    return any_true(game, "token_spend_forbidden", ship=ship, token=token)


def force_forbidden(game: Game, ship: ShipState, attacking: bool = False) -> bool:
    """Whether a card forbids the ship to spend Force now (hook ``force_spend_forbidden``:
    "you cannot spend Force except while attacking"); ``attacking``: it would be spent in
    the ship's own attack."""
    return any_true(game, "force_spend_forbidden", ship=ship, attacking=attacking)


def spendable_force(game: Game, ship: ShipState, attacking: bool = False) -> int:
    """The Force the ship may spend now (RR: FORCE CHARGE): none while a card forbids it."""
    return 0 if ship.force <= 0 or force_forbidden(game, ship, attacking) else ship.force


def spend_force(game: Game, ship: ShipState, amount: int = 1) -> None:
    ship.force -= amount  # RR: FORCE CHARGE - then "after ... spends Force" abilities
    fire(game, "after_spend_force", ship=ship.id, count=amount)


def spend_token(game: Game, ship: ShipState, token: Token, count: int = 1) -> int:
    """Spend tokens (RR: TOKENS - spending returns them to the supply); "after you spend a
    ... token" abilities trigger."""
    spent = remove_token(game, ship, token, count)
    if spent:
        fire(game, "after_spend_token", ship=ship.id, token=token.value, count=spent)
    return spent


def transfer_token(game: Game, giver: ShipState, taker: ShipState, token: Token) -> bool:
    """Move one token between ships; impossible if either side can't (RR: TOKENS)."""
    if not giver.has(token) or not taker.in_play or taker.remote:
        return False
    if token is Token.CLOAK and taker.cloaked:
        return False
    if not remove_token(game, giver, token):
        return False  # RR: TOKENS - the giver can't remove it: no transfer
    gain_token(game, taker, token, applier=giver.owner)
    return True


# -------------------------------------------------------------------------- locks
def lock_blockers(game: Game, ship: ShipState) -> list[str]:
    """Obstacle ids at range 0 of ``ship`` that stop locks to or from it (RR: OBSTACLES:
    gas and electro-chaff clouds)."""
    if not ship.in_play or ship.body is None:
        return []
    return [o.id for o in game.state.obstacles
            if o.type in (ObstacleType.GAS_CLOUD, ObstacleType.ELECTRO_CHAFF_CLOUD)
            and touching(ship.body, o)]


def ignores_obstacle(game: Game, ship: ShipState, obstacle_id: str, during: str = "") -> bool:
    """Whether the ship ignores the effects of this obstacle now (FAQ: OBJECTS - it does not
    suffer the effects of moving through, overlapping or being at range 0 of it, and can
    boost or barrel roll through it; the obstacle is still there for everything else).
    ``during``: ``move`` or ``attack`` when asked while the ship moves or attacks, for cards
    that ignore obstacles only then (hook ``ignores_obstacle``)."""
    s = game.state
    if any(what in ("*", obstacle_id) and until_round == s.round
           and phase in ("*", s.phase) for what, until_round, phase in
           ship.obstacles_ignored):
        return True
    # "you ignore obstacles at range 0": whatever the ship does (hook ignores_obstacle_always)
    if any_true(game, "ignores_obstacle_always", ship=ship, obstacle=obstacle_id):
        return True
    return bool(during) and any_true(game, "ignores_obstacle", ship=ship,
                                     obstacle=obstacle_id, during=during)


def can_lock(game: Game, ship: ShipState, target_id: str) -> str | None:
    """Why ``ship`` can't lock ``target_id`` now, or None (RR: LOCK, RR: ION, RR: OBSTACLES)."""
    if target_id == ship.id:
        return "a ship can't lock itself"
    if ship.ionized and game.rules.ion_blocks_locks:
        return "an ionized ship can't acquire locks"
    # a ship ignoring the cloud may lock; others still can't lock it (FAQ: OBJECTS)
    if [o for o in lock_blockers(game, ship) if not ignores_obstacle(game, ship, o)]:
        return "a ship at range 0 of a gas or electro-chaff cloud can't acquire locks"
    target = game.state.ships.get(target_id)
    if target is not None:
        if not target.in_play:
            return f"{target.name} is not in play"
        if target.ionized and game.rules.ion_blocks_locks:
            return "an ionized ship can't be locked"
        if target.owner == ship.owner and not friendly_lock_allowed(game, ship, target_id):
            return "a target lock is acquired on an enemy ship"
        # the clouds' range 0 effect names ships: a remote in one can still be locked
        if not target.remote and lock_blockers(game, target):
            return "a ship at range 0 of a gas or electro-chaff cloud can't be locked"
    if any_true(game, "lock_forbidden", ship=ship, target=target_id):
        return "a card forbids this lock"
    return None


def max_locks(game: Game, ship: ShipState) -> int:
    """How many locks the ship can maintain: one, or more if a card says so (hook
    ``max_locks``; each lock on a different object)."""
    found = [held.ability.value(game, ship, ship=ship)
             for held in own_modifiers(game, ship, "max_locks")]
    return max([1, *(n for n in found if n)])


def acquire_lock(game: Game, ship: ShipState, target_id: str) -> bool:
    """Assign ``ship``'s lock to an object (RR: LOCK). A ship keeps one lock: the former
    one is removed first (with a card allowing more, the oldest beyond the limit, and never
    two on one object). A jammed ship breaks the new lock and removes a jam token."""
    if can_lock(game, ship, target_id) is not None:
        return False
    kept = [t for t in ship.locks if t != target_id]
    room = max_locks(game, ship) - 1
    ship.locks = (kept[len(kept) - room:] if room > 0 else []) + [target_id]
    game.event("lock", f"{ship.name} ({ship.id}) locks {target_id}", ship=ship.id,
               target=target_id)
    if ship.has(Token.JAM):
        ship.locks = [t for t in ship.locks if t != target_id]
        remove_token(game, ship, Token.JAM)
        game.event("lock", f"{ship.name} is jammed: the lock breaks with a jam token",
                   ship=ship.id)
        return True
    fire(game, "after_lock", ship=ship.id, target=target_id)
    return True


def break_own_locks(game: Game, ship: ShipState) -> None:
    if ship.locks:
        ship.locks = []
        game.event("lock", f"{ship.name} ({ship.id}) breaks its locks", ship=ship.id)


def locks_on(game: Game, object_id: str) -> list[ShipState]:
    """The ships that have ``object_id`` locked (the object's red lock tokens)."""
    return [s for s in game.state.ships.values() if object_id in s.locks]


def break_locks_on(game: Game, object_id: str) -> None:
    for locker in locks_on(game, object_id):
        locker.locks = [t for t in locker.locks if t != object_id]
        game.event("lock", f"the lock of {locker.name} on {object_id} is broken",
                   ship=locker.id)


# ------------------------------------------------------------------------- damage
def suffer_damage(game: Game, ship: ShipState, hits: int = 0, crits: int = 0,
                  cause: str = "", bypass_shields: bool = False) -> None:
    """Schedule ``ship`` to suffer damage (RR: DAMAGE), at once: see :class:`SufferDamage`
    (``bypass_shields``: "bypassing shields", every damage deals a damage card)."""
    if hits + crits > 0 and ship.in_play:
        from tallon.engine.damage import SufferDamage

        game.now(SufferDamage(ship.id, hits, crits, cause, bypass_shields=bypass_shields))


def draw_damage(game: Game, owner: int, then: str, args: tuple[Any, ...] = ()) -> None:
    """Draw the top card of ``owner``'s damage deck, at once (a chance step); the
    continuation ``then`` gets the card's id and ``args``."""
    game.now(DrawDamage(owner, then, args))


def deal_damage_card(game: Game, ship: ShipState, faceup: bool, card: str | None = None,
                     then: str | None = None, args: tuple[Any, ...] = (),
                     replaceable: bool = True, faceup_offered: bool = False) -> None:
    """Deal ``ship`` a damage card (RR: DAMAGE CARDS): ``card``, or the top card of its
    owner's deck, drawn at once (a chance step). A faceup card's text resolves through the
    card's abilities ("damage_dealt_faceup"). The continuation ``then`` (if any) gets the
    dealt card's serial number and ``args`` (None when a card replaced the dealing: the
    replacement point ``deal_faceup_card``, once the card is known, then ``deal_damage_card``
    for any card; ``faceup_offered`` once the first was declined, ``replaceable=False`` once
    that is settled)."""
    if card is None:
        draw_damage(game, ship.owner, "effects.deal_drawn", (ship.id, faceup, then, args))
    else:
        _deal(game, ship, faceup, card, then, args, replaceable, faceup_offered)


@continuation("effects.deal_drawn")
def _deal_drawn(game: Game, card: str, ship_id: str, faceup: bool, then: str | None,
                args: tuple[Any, ...]) -> None:
    _deal(game, game.state.ships[ship_id], faceup, card, then, args)


def _deal(game: Game, ship: ShipState, faceup: bool, card: str, then: str | None,
          args: tuple[Any, ...], replaceable: bool = True, faceup_offered: bool = False
          ) -> None:
    if faceup and replaceable and not faceup_offered:
        # "before you would be dealt a faceup Pilot (Ship) damage card": the card is known
        facts: dict[str, Any] = {"ship": ship.id, "card": card, "then": then, "args": args}
        if replacements(game, "deal_faceup_card", facts):
            game.now(Replaceable("deal_faceup_card", tuple(sorted(facts.items()))))
            return
    if replaceable:
        # "when you would be dealt a damage card" (faceup or not); only one replacement
        # applies (RR: REPLACEMENT EFFECTS): offered once the faceup ones were declined
        facts = {"ship": ship.id, "card": card, "faceup": faceup, "then": then, "args": args}
        if replacements(game, "deal_damage_card", facts):
            game.now(Replaceable("deal_damage_card", tuple(sorted(facts.items()))))
            return
    game.state.serial += 1
    dealt = DamageCard(card, faceup, game.state.serial)
    ship.damage = (*ship.damage, dealt)
    if faceup:
        game.event("damage", f"{ship.name} ({ship.id}) is dealt faceup damage card "
                   f"{damage_title(card)}", ship=ship.id, card=card)
        fire(game, "damage_dealt_faceup", ship=ship.id, card=card, serial=dealt.serial)
        attacks = game.state.attacks  # the attack's mark, for a card asking it (hook)
        if attacks and attacks[-1].defender == ship.id and any_true(game, "marks_faceup_dealt"):
            attacks[-1].marks["marks_faceup_dealt"] = 1
    # "after a ship is dealt a damage card" (faceup or facedown; queued only with listeners)
    fire(game, "damage_card_dealt", ship=ship.id, serial=dealt.serial, faceup=faceup)
    check_destroyed(game, ship)
    if then is not None:
        call_continuation(game, then, dealt.serial, args)


def _say_destroyed(game: Game, ship: ShipState) -> None:
    """Log the destruction - after the summary of the damage that caused it, when the ship
    is destroyed while suffering damage, so the log reads in the order of the table."""
    from tallon.engine.damage import SufferDamage

    for k in range(len(game.stack) - 1, -1, -1):
        step = game.stack[k]
        if isinstance(step, SufferDamage) and step.ship_id == ship.id:
            game.stack[k] = replace(step, destroyed=True)
            return
    game.event("destroyed", f"{ship.name} ({ship.id}) is destroyed", ship=ship.id)


def check_destroyed(game: Game, ship: ShipState) -> None:
    """A ship with as many damage cards as its hull is destroyed (RR: DESTROYING SHIPS);
    outside the Engagement Phase it is removed at once, in it after its initiative step
    (simultaneous fire)."""
    if ship.destroyed or hull_damage(game, ship) < ship.hull:
        return
    destroy_ship(game, ship, by_damage=True)


def destroy_ship(game: Game, ship: ShipState, replaceable: bool = True,
                 by_damage: bool = False) -> None:
    """The ship is destroyed (by its damage, or by an effect that destroys it outright:
    IG-11), then removed as :func:`check_destroyed` describes. A card may replace the
    destruction ("if you would be destroyed": replacement point ``destroy_ship``)."""
    if ship.destroyed:
        return
    if replaceable and not ship.remote:
        facts = {"ship": ship.id, "by_damage": by_damage}
        if replacements(game, "destroy_ship", facts):
            game.now(Replaceable("destroy_ship", tuple(sorted(facts.items()))))
            return
    ship.destroyed = True
    _say_destroyed(game, ship)
    if ship.remote:
        _remote_destroyed(game, ship)
        return
    # effects that trigger on destruction resolve before the ship is removed; during an
    # attack they wait for its Aftermath step (RR: FAQ)
    if game.state.attack is None:
        fire(game, "after_destroyed", ship=ship.id)
    else:
        game.state.attack.destroyed.append(ship.id)
    if game.state.phase != "engagement":
        from tallon.engine.damage import RemoveDestroyed

        game.now(RemoveDestroyed(ship.id))


def _remote_destroyed(game: Game, remote: ShipState) -> None:
    """RR: DAMAGING REMOTES - a destroyed remote is removed from the play area at once,
    unless an attack made at its initiative destroyed it: then it waits for the end of that
    initiative step (simultaneous fire). A remote is not a ship: "after a ship is destroyed"
    abilities don't trigger."""
    attack = game.state.attack
    if game.state.phase == "engagement" and attack is not None and \
            game.state.ships[attack.attacker].current_initiative == remote.current_initiative:
        return  # the Engagement Phase's sweep removes it after this initiative step
    from tallon.engine.damage import RemoveDestroyed

    game.now(RemoveDestroyed(remote.id))


def remove_ship(game: Game, ship: ShipState, reason: str) -> None:
    """Remove a ship from the game (RR: REMOVED FROM THE GAME): it returns its tokens and
    its locks break; the opposing player scores its squad points. A remote leaves the play
    area the same way, scoring nothing; its damage cards are shuffled back into its
    player's damage deck (RR: DAMAGING REMOTES)."""
    if ship.removed:
        return
    ship.removed = True
    ship.tokens.clear()
    ship.locks = []
    break_locks_on(game, ship.id)
    game.state.moved()
    if ship.remote:
        _return_remote_cards(game, ship)
        game.event("removed", f"{ship.name} ({ship.id}) is removed from the play area "
                   f"({reason})", ship=ship.id, reason=reason)
        return
    forget_copies(game, ship)
    mission_removed(game, ship, reason)  # a first-edition mission's objectives
    if towed_cache(ship) is not None:  # Salvage Mission: from where it is (before fleeing)
        jettison(game, ship, reason)
    scorer, points = game.state.player(opponent(ship.owner)), removal_points(game, ship)
    scorer.mission_points += points
    game.event("removed", f"{ship.name} ({ship.id}) is removed from the game ({reason}); "
               f"player {scorer.number} scores {points}", ship=ship.id, reason=reason)
    # RR: DOCK - docked ships still in a carrier that leaves (fleeing) leave with it
    docked, ship.docked = ship.docked, ()
    for docked_id in docked:
        carried = game.state.ships[docked_id]
        carried.destroyed = True
        remove_ship(game, carried, f"carried away by {ship.name}")


def _return_remote_cards(game: Game, remote: ShipState) -> None:
    cards = [d.card for d in remote.damage if d.card != MARKER]
    remote.damage = ()
    if cards:
        deck = game.state.player(remote.owner).deck
        deck.extend(cards)
        game.state.rng.shuffle(deck)
        game.event("damage", f"{remote.name} ({remote.id})'s {len(cards)} damage card(s) are "
                   f"shuffled back into player {remote.owner}'s damage deck",
                   ship=remote.id)


def replace_damage(ship: ShipState, index: int, card: DamageCard | None) -> None:
    """Put ``card`` in the place of the ship's damage card at ``index`` (None removes it):
    the ship's damage is a tuple of frozen cards, replaced as a whole."""
    damage = ship.damage
    ship.damage = (*damage[:index], *(() if card is None else (card,)), *damage[index + 1:])


def find_damage(ship: ShipState, serial: int) -> int:
    """The position of the damage card with this serial number among the ship's cards."""
    for index, card in enumerate(ship.damage):
        if card.serial == serial:
            return index
    raise KeyError(f"{ship.id} has no damage card #{serial}")


def repair_damage(game: Game, ship: ShipState, serial: int) -> None:
    """RR: DAMAGE CARDS - a repaired faceup card is flipped facedown; a repaired facedown
    card is discarded (to its owner's discard pile)."""
    index = find_damage(ship, serial)
    card = ship.damage[index]
    if card.faceup:
        replace_damage(ship, index, replace(card, faceup=False))
        game.event("damage", f"{ship.name} ({ship.id}) repairs {damage_title(card.card)} (flipped "
                   "facedown)", ship=ship.id, card=card.card)
        fire(game, "after_repair", ship=ship.id, serial=serial, faceup=True)
        return
    replace_damage(ship, index, None)
    if card.card != MARKER:
        game.state.player(ship.owner).discard.append(card.card)
    game.event("damage", f"{ship.name} ({ship.id}) repairs a facedown damage card",
               ship=ship.id)
    fire(game, "after_repair", ship=ship.id, serial=serial, faceup=False)


def expose_damage(game: Game, ship: ShipState, serial: int, chosen: bool = False) -> None:
    """RR: DAMAGE CARDS - an exposed facedown card is flipped faceup and its text resolves.
    A card of the ship may let its player choose the card instead (hook
    ``choose_exposed_damage``; ``chosen``: that choice is made)."""
    card = ship.damage[find_damage(ship, serial)]
    if card.faceup:
        return
    if not chosen and _may_choose_exposed(game, ship):
        facedown = [d for d in ship.damage if not d.faceup]
        options = tuple(Option(str(d.serial), f"expose {d.card}" if d.card != MARKER else
                               "expose a facedown card (its card went back into the deck)")
                        for d in facedown)
        game.now(Ask(ship.owner, "use_ability", f"{ship.name} ({ship.id}): look at your "
                     "facedown damage cards and choose the one to expose?",
                     (*options, Option("decline", "expose the card the effect picked")),
                     "effects.expose_chosen", (ship.id, serial), ship=ship.id))
        return
    if card.card == MARKER:
        # its card went back into a rebuilt deck: the marker stands for a fresh card
        draw_damage(game, ship.owner, "effects.expose_drawn", (ship.id, serial))
        return
    _expose(game, ship, card)


def _may_choose_exposed(game: Game, ship: ShipState) -> bool:
    # with one facedown card there is nothing to choose
    return sum(1 for d in ship.damage if not d.faceup) > 1 and any(
        held.ability.value(game, ship, ship=ship)
        for held in own_modifiers(game, ship, "choose_exposed_damage"))


@continuation("effects.expose_chosen")
def _expose_chosen(game: Game, answer: str, ship_id: str, serial: int) -> None:
    ship = game.state.ships[ship_id]
    expose_damage(game, ship, serial if answer == "decline" else int(answer), chosen=True)


@continuation("effects.expose_drawn")
def _expose_drawn(game: Game, drawn: str, ship_id: str, serial: int) -> None:
    ship = game.state.ships[ship_id]
    index = find_damage(ship, serial)
    replace_damage(ship, index, replace(ship.damage[index], card=drawn))
    _expose(game, ship, ship.damage[index])


def _expose(game: Game, ship: ShipState, card: DamageCard) -> None:
    card = replace(card, faceup=True)
    replace_damage(ship, find_damage(ship, card.serial), card)
    game.event("damage", f"{ship.name} ({ship.id}) exposes {damage_title(card.card)}",
               ship=ship.id, card=card.card)
    fire(game, "damage_dealt_faceup", ship=ship.id, card=card.card, serial=card.serial,
         exposed=True)


def flip_upgrade(game: Game, ship: ShipState, xws: str, side: int | None = None) -> None:
    """Flip a two-sided upgrade card (to ``side``, else to its other side); the ship's
    action bar follows the side faceup."""
    sides = len(load_cards().upgrade(xws).sides)
    for k, (kind, card, current) in enumerate(ship.cards):
        if kind == "upgrade" and card == xws:
            new = (current + 1) % sides if side is None else side
            ship.cards = (*ship.cards[:k], (kind, card, new), *ship.cards[k + 1:])
            refresh_actions(ship)
            title = load_cards().upgrade(xws).sides[new].title
            game.event("flip", f"{ship.name} ({ship.id}) flips {xws}: {title}",
                       ship=ship.id, card=xws, side=new)
            return
    raise KeyError(f"{ship.id} has no upgrade {xws!r}")


@cache
def damage_titles() -> dict[str, str]:
    """Every damage card's printed title, by id, of every ruleset's decks (shared: not to
    be changed)."""
    db = load_cards()
    decks = [*db.damage_decks, *(db.damage_deck(name) for rules in RULES.values()
                                 for name in rules.damage_decks if name != "core")]
    return {card.id: card.title for deck in decks for card in deck.cards}


@cache
def _own_titles() -> dict[str, str]:
    """The titles of the default card pool's decks (other editions' are read when asked)."""
    return {card.id: card.title for deck in load_cards().damage_decks for card in deck.cards}


def damage_title(card: str) -> str:
    """A damage card's printed title (its id if unknown)."""
    return _own_titles().get(card) or damage_titles().get(card, card)
