"""Condition cards of src/tallon/cards/conditions.py: Suppressive Fire (assigned by Captain
Rex, TIE/ln fighter), the conditions that flip a dial faceup (Listening Device, False
Friend, Compromising Intel), Marked for Elimination, Fearful Prey, Guarded, Hunted,
Merciless Pursuit and Decoyed.

Each condition is assigned directly in the scene (``Assign``: the engine's
``assign_condition``, as the card that assigns it would). The pilots and upgrades a
condition looks for (Informant, Vi Moradi, ...) belong to other modules: the scenes play
them as stand-ins without abilities (``stand_ins``), so that only the condition acts.

Player 1's ships face +y, player 2's face -y; small bases are 40 mm wide and range bands
100 mm."""

from __future__ import annotations

import random
from dataclasses import dataclass

from tallon.cards import CARDS
from tallon.data import load_cards
from tallon.engine.abilities import CardRegistry, Cost, Triggered
from tallon.engine.actions import PerformAction
from tallon.engine.attack import Engage
from tallon.engine.conditions import assign_condition, has_condition
from tallon.engine.decisions import Decision
from tallon.engine.game import Game
from tallon.engine.queue import FireWindow
from tallon.engine.rounds import Sweep
from tallon.engine.state import ConditionCard, DamageCard, Token
from tallon.engine.steps import Step
from tallon.engine.view import player_view
from tallon.scene import Scene, declare, load_dice, start_at
from tests.cards.helpers import (
    Hurt,
    answer,
    engage,
    modify_with,
    offers,
    pass_all,
    pass_until,
    rolled,
    skip_dice,
    values,
)

#: pilots and upgrades the conditions name, played without their own abilities here
STAND_INS = ("vimoradi", "fearsomepredator", "magnaguardprotector", "naboohandmaiden",
             "informant", "talmerrik", "trackingfob", "thechild", "directorkrennic",
             "lingaava", "kyloren", "sicko")


def stand_ins() -> CardRegistry:
    """Tallon's cards, with the cards the conditions look for registered without
    abilities (their own abilities would assign conditions during setup)."""
    db = load_cards()
    registry = CardRegistry("condition stand-ins", base=CARDS)
    for xws in STAND_INS:
        if db.has_pilot(xws):
            registry.register("pilot", xws, description="stand-in")
            ability = db.pilot(xws).ship_ability
            if ability and not registry.implements("ship_ability", ability):
                registry.register("ship_ability", ability, description="stand-in")
        if db.has_upgrade(xws):
            registry.register("upgrade", xws, description="stand-in")
    return registry


STANDINS = stand_ins()


@dataclass(frozen=True)
class Assign(Step):
    """A player's effect assigns a condition (as the card that assigns it would)."""

    ship_id: str
    card: str
    player: int

    def run(self, game: Game) -> Decision | None:
        assign_condition(game, game.state.ships[self.ship_id], self.card, self.player)
        return None


def uncanceled(game: Game) -> str:
    """The uncanceled hits of the last attack, as the log reports them ("2 hit(s)")."""
    text = [e["text"] for e in game.log if e["kind"] == "neutralize"][-1]
    return text.split(": ")[1].split(",")[0]


def dial_seen(game: Game, ship: str, player: int) -> str | None:
    """The ship's dial as ``player``'s view shows it ("set" while it is hidden)."""
    return next(s["dial"] for s in player_view(game, player)["ships"] if s["id"] == ship)

SF = "suppressivefire"


def scene():
    """Rex and a Rebel wingman face an Imperial TIE that carries Suppressive Fire (assigned
    by Rex's player, as a judge would set the table)."""
    sc = Scene()
    rex = sc.ship("captainrex", at=(400, 300, 0))
    wing = sc.ship("sabinewren-tielnfighter", at=(250, 300, 0))
    tie = sc.ship("academypilot", player=2, at=(400, 500, 180))
    return sc, rex, wing, tie


def suppress(game, ship: str) -> None:
    game.state.ships[ship].conditions += (ConditionCard(SF, 1),)
def tie_attacks(sc, tie, target, dice, suppressed=True):
    game = sc.at(Engage(tie))
    if suppressed:
        suppress(game, tie)
    load_dice(game, ["blank"] * dice, ["blank"] * 3)
    declare(game, tie, target)
    return game


def test_suppressed_ship_rolls_one_fewer_die_against_others_than_rex():
    """Suppressive Fire: while the ship attacks a ship other than Captain Rex it rolls 1
    fewer attack die (at range 2 a TIE rolls 1 die instead of 2)."""
    sc, _, wing, tie = scene()
    game = tie_attacks(sc, tie, wing, 1)
    assert len(rolled(game, tie)) == 1
    sc, _, wing, tie = scene()
    game = tie_attacks(sc, tie, wing, 2, suppressed=False)
    assert len(rolled(game, tie)) == 2


def test_suppressed_ship_attacks_rex_at_full_strength_and_the_card_leaves():
    """... but attacking Captain Rex it rolls its full dice, and after Rex defends the
    card is removed."""
    sc, rex, _, tie = scene()
    game = tie_attacks(sc, tie, rex, 2)
    assert len(rolled(game, tie)) == 2
    pass_all(game)
    assert not has_condition(game.state.ships[tie], SF)


def test_the_card_leaves_at_the_end_of_an_engagement_phase_rex_did_not_attack_in():
    """At the end of the Engagement Phase, if Rex did not attack in it, the card is
    removed; if he did, it stays."""
    sc, rex, _, tie = scene()
    game = sc.at(Engage(rex), FireWindow.of("end_engagement"))
    suppress(game, tie)
    answer(game, "declare_attack", "none", rex)
    assert not has_condition(game.state.ships[tie], SF)

    sc, rex, _, tie = scene()
    game = sc.at(Engage(rex), FireWindow.of("end_engagement"))
    load_dice(game, ["blank", "blank"], ["blank"] * 3)
    declare(game, rex, tie)  # Rex attacks: he assigns (again) the condition
    pass_all(game)
    assert has_condition(game.state.ships[tie], SF)


def test_an_attack_by_rex_before_the_engagement_phase_does_not_count():
    """"this phase": an attack Rex made earlier in the round (a bonus attack in the
    Activation Phase) doesn't keep the card."""
    sc, rex, _, tie = scene()
    game = sc.game()
    suppress(game, tie)
    game.state.ships[rex].last_attack = (game.state.round, "activation")
    game.state.ships[rex].attacked = True
    start_at(game, FireWindow.of("end_engagement"))
    assert not has_condition(game.state.ships[tie], SF)


def test_the_card_leaves_when_rex_is_destroyed():
    """After Captain Rex is destroyed the card is removed (a suppressed ship elsewhere)."""
    sc, rex, _, tie = scene()
    game = sc.game()
    suppress(game, tie)
    game.state.ships[rex].damage = (DamageCard("directhit", False, 90),
                                    DamageCard("directhit", False, 91))
    start_at(game, Hurt(rex), phase="activation")
    assert game.state.ships[rex].removed
    assert not has_condition(game.state.ships[tie], SF)


def test_suppressive_fire_is_limited_to_one_per_player():
    """Suppressive Fire is limited 1: when Rex attacks a second ship, the instance on the
    first is removed as the new one is assigned (RR: LIMITED CONDITIONS)."""
    sc = Scene()
    rex = sc.ship("captainrex", at=(400, 300, 0))
    first = sc.ship("academypilot", player=2, at=(250, 500, 180))
    second = sc.ship("academypilot", player=2, at=(400, 500, 180))
    game = sc.at(Engage(rex))
    suppress(game, first)
    load_dice(game, ["blank", "blank"], ["blank"] * 3)
    declare(game, rex, second)
    pass_all(game)
    assert not has_condition(game.state.ships[first], SF)
    assert has_condition(game.state.ships[second], SF)


# ------------------------------------------------------------- dials flipped faceup
def system_phase(sc: Scene, holder: str, card: str, dial: str = "2FW",
                 player: int = 1) -> Game:
    """The scene in the System Phase: ``player`` assigns ``card`` to ``holder``, whose dial
    is set to ``dial``; then the ships take their System Phase turns."""
    game = sc.game()
    game.state.ships[holder].dial_set = dial
    start_at(game, Assign(holder, card, player), Sweep("system"), phase="system")
    pass_all(game)
    return game


class TestListeningDevice:
    def scene(self, informant_at: float = 500, friendly: bool = False):
        sc = Scene(cards=STANDINS)
        sc.ship("shadowcollectiveoperator", at=(400, 300, 0), upgrades=["informant"])
        if friendly:
            holder = sc.ship("shadowcollectiveoperator", at=(400, informant_at, 180))
            sc.ship("academypilot", player=2, at=(400, 850, 180))
        else:
            holder = sc.ship("academypilot", player=2, at=(400, informant_at, 180))
        return sc, holder

    def test_the_dial_is_flipped_faceup_with_an_enemy_informant_at_range_2(self):
        """Listening Device: in the System Phase, with an enemy ship equipped with
        Informant at range 0-2, the ship flips its dial faceup: the opponent's view now
        shows the maneuver. Without the condition it stays hidden ("set")."""
        sc, holder = self.scene()
        game = system_phase(sc, holder, "listeningdevice")
        assert game.state.ships[holder].dial_revealed
        assert dial_seen(game, holder, 1) == "2FW"
        # a copy drawn from what player 1 knows keeps the dial it has seen
        assert all(game.determinize(1, random.Random(k)).state.ships[holder].dial_set
                   == "2FW" for k in range(5))
        sc, holder = self.scene()
        game = sc.game()
        game.state.ships[holder].dial_set = "2FW"
        start_at(game, Sweep("system"), phase="system")
        assert dial_seen(game, holder, 1) == "set"

    def test_not_with_the_informant_at_range_3(self):
        """Range 3 is beyond range 0-2: the dial stays hidden from the opponent."""
        sc, holder = self.scene(informant_at=600)
        game = system_phase(sc, holder, "listeningdevice")
        assert dial_seen(game, holder, 1) == "set"
        assert dial_seen(game, holder, 2) == "2FW"  # its own player sees it

    def test_not_when_the_informant_is_friendly(self):
        """The Informant must be an enemy: a friendly one doesn't flip the dial."""
        sc, holder = self.scene(friendly=True)
        game = system_phase(sc, holder, "listeningdevice", player=2)
        assert not game.state.ships[holder].dial_revealed

    def test_flipping_is_not_revealing(self):
        """RR: FAQ - flipping the dial faceup does not reveal it: the ship still reveals it
        when it activates (the log's reveal event comes then, not in the System Phase)."""
        sc, holder = self.scene()
        game = system_phase(sc, holder, "listeningdevice")
        assert not any(e["kind"] == "reveal" for e in game.log)
        assert any(e["kind"] == "dial" and "flips its dial faceup" in e["text"]
                   for e in game.log)


class TestFalseFriend:
    def scene(self, far: bool = False, remote: bool = False, merrik: bool = True):
        sc = Scene(cards=STANDINS)
        sc.ship("deathwatchwarrior", at=(400, 300, 0),
                upgrades=["talmerrik"] if merrik else [])
        holder = sc.ship("academypilot", player=2, at=(400, 600 if far else 500, 180))
        if remote:
            sc.remote("discordmissiles", player=1, at=(450, 580, 0))
        return sc, holder

    def test_an_enemy_tal_merrik_at_range_2_flips_the_dial(self):
        """False Friend: in the System Phase, an enemy ship equipped with Tal Merrik at
        range 0-2 flips the ship's dial faceup (the opponent sees it)."""
        sc, holder = self.scene()
        game = system_phase(sc, holder, "falsefriend")
        assert dial_seen(game, holder, 1) == "2FW"

    def test_an_enemy_remote_at_range_0_2_flips_it_too(self):
        """... or an enemy remote at range 0-2 (Tal Merrik out of range here)."""
        sc, holder = self.scene(far=True, remote=True)
        game = system_phase(sc, holder, "falsefriend")
        assert dial_seen(game, holder, 1) == "2FW"
        sc, holder = self.scene(far=True)
        game = system_phase(sc, holder, "falsefriend")
        assert dial_seen(game, holder, 1) == "set"

    def test_the_action_discards_the_condition_for_a_deplete_and_a_stress_token(self):
        """Action: gain 1 deplete and 1 stress token to discard False Friend. Without the
        condition there is no such action."""
        sc, holder = self.scene()
        game = sc.game()
        start_at(game, Assign(holder, "falsefriend", 1),
                 PerformAction(holder, during_activation=True), phase="activation")
        answer(game, "perform_action", "falsefriend", holder)
        ship = game.state.ships[holder]
        assert not has_condition(ship, "falsefriend")
        assert ship.count(Token.DEPLETE) == 1 and ship.count(Token.STRESS) == 1
        sc, holder = self.scene()
        game = sc.game()
        start_at(game, PerformAction(holder, during_activation=True), phase="activation")
        assert "falsefriend" not in values(game)

    def test_a_stressed_ship_cannot_perform_the_action(self):
        """A stressed ship performs no action: the condition stays."""
        sc, holder = self.scene()
        game = sc.game()
        game.state.ships[holder].tokens[Token.STRESS] = 1
        start_at(game, Assign(holder, "falsefriend", 1),
                 PerformAction(holder, during_activation=True), phase="activation")
        assert game.decision is None or "falsefriend" not in values(game)
        assert has_condition(game.state.ships[holder], "falsefriend")


class TestCompromisingIntel:
    def scene(self, vi_at: float = 600):
        sc = Scene(cards=STANDINS)
        holder = sc.ship("academypilot", at=(400, 300, 0), tokens={"focus": 1})
        vi = sc.ship("vimoradi", player=2, at=(400, vi_at, 180))
        other = sc.ship("logisticsdivisionpilot", player=2, at=(250, 450, 180))
        return sc, holder, vi, other

    def test_the_enemy_vi_moradi_at_range_3_flips_the_dial(self):
        """Compromising Intel: in the System Phase, with the enemy Vi Moradi at range 0-3,
        the ship's dial is flipped faceup; at range 4 it is not."""
        sc, holder, _, _ = self.scene()
        game = system_phase(sc, holder, "compromisingintel", player=2)
        assert dial_seen(game, holder, 2) == "2FW"
        sc, holder, _, _ = self.scene(vi_at=700)
        game = system_phase(sc, holder, "compromisingintel", player=2)
        assert dial_seen(game, holder, 2) == "set"

    def test_no_focus_spent_while_attacking_vi_moradi(self):
        """While it attacks the enemy Vi Moradi the ship can't spend focus tokens: no
        focus modification is offered; attacking another ship, it is."""
        sc, holder, vi, other = self.scene(vi_at=450)
        game = engage(sc, holder, ["focus"] * 3, ["blank"] * 2)
        game.state.ships[holder].conditions = (ConditionCard("compromisingintel", 2),)
        declare(game, holder, vi)
        skip_dice(game, "modify_attack_dice", holder)
        assert game.decision is None or not any(k.startswith("focus:") for k in values(game))
        assert game.state.ships[holder].has(Token.FOCUS)
        sc, holder, vi, other = self.scene(vi_at=450)
        game = engage(sc, holder, ["focus"] * 2, ["blank"])
        game.state.ships[holder].conditions = (ConditionCard("compromisingintel", 2),)
        declare(game, holder, other)
        skip_dice(game, "modify_attack_dice", holder)
        assert any(k.startswith("focus:") for k in values(game))

    def test_no_focus_spent_while_defending_against_vi_moradi(self):
        """... nor while it defends against her."""
        sc, holder, vi, _ = self.scene(vi_at=450)
        game = engage(sc, vi, ["hit", "hit"], ["focus", "focus", "focus"])
        game.state.ships[holder].conditions = (ConditionCard("compromisingintel", 2),)
        declare(game, vi, holder)
        skip_dice(game, "modify_defense_dice", holder)
        assert game.decision is None or not any(k.startswith("focus:") for k in values(game))
        sc, holder, vi, _ = self.scene(vi_at=450)
        game = engage(sc, vi, ["hit", "hit"], ["focus", "focus", "focus"])
        declare(game, vi, holder)
        skip_dice(game, "modify_defense_dice", holder)
        assert any(k.startswith("focus:") for k in values(game))


class TestMarkedForElimination:
    def scene(self, locked: bool = True, fob: bool = True):
        sc = Scene(cards=STANDINS)
        hunter = sc.ship("bountyhunter", at=(400, 300, 0),
                         upgrades=["trackingfob"] if fob else [])
        holder = sc.ship("academypilot", player=2, at=(400, 500, 180),
                         tokens={"focus": 1, "evade": 1})
        game = engage(sc, hunter, ["hit", "hit", "hit"], ["focus", "blank", "blank"])
        if locked:
            game.state.ships[hunter].locks = [holder]
        game.state.ships[holder].conditions = (ConditionCard("markedforelimination", 2),)
        declare(game, hunter, holder)
        skip_dice(game, "modify_defense_dice", holder)
        return game, holder

    def test_no_green_tokens_spent_against_a_tracking_fob_that_locks_you(self):
        """Marked for Elimination: defending against an attacker equipped with Tracking
        Fob that has a lock on the ship, it can't spend green tokens: neither its focus
        nor its evade token is offered."""
        game, _ = self.scene()
        assert game.decision is None or not any(
            k.startswith(("focus:", "evade:")) for k in values(game))

    def test_nor_as_the_cost_of_an_ability(self):
        """The rule covers costs too (hook token_spend_forbidden): an ability of the
        defender that costs a focus token is not offered while the condition applies
        (here a test card: "before defense dice: spend 1 focus to gain 1 calculate")."""
        registry = CardRegistry("a focus cost", base=STANDINS)
        registry.register("pilot", "academypilot", Triggered(
            "spend 1 focus: gain 1 calculate", window="before_defense_dice",
            requirement=lambda ctx: ctx.event["defender"] == ctx.ship.id,
            cost=Cost(tokens=(("focus", 1),)),
            effect=lambda ctx, choice: None), description="a test ability")
        for locked, offered in ((True, False), (False, True)):
            sc = Scene(cards=registry)
            hunter = sc.ship("bountyhunter", at=(400, 300, 0), upgrades=["trackingfob"])
            holder = sc.ship("academypilot", player=2, at=(400, 500, 180),
                             tokens={"focus": 1})
            game = engage(sc, hunter, ["hit", "hit", "hit"], ["blank"] * 3)
            if locked:
                game.state.ships[hunter].locks = [holder]
            game.state.ships[holder].conditions = (ConditionCard("markedforelimination", 2),)
            declare(game, hunter, holder)
            assert ("use_ability" in pass_all(game)) is offered

    def test_without_the_lock_or_the_fob_it_spends_them(self):
        """Without the attacker's lock on it (or without the Tracking Fob), it may spend
        its focus and evade tokens as usual."""
        for kwargs in ({"locked": False}, {"fob": False}):
            game, _ = self.scene(**kwargs)
            keys = values(game)
            assert any(k.startswith("focus:") for k in keys)
            assert any(k.startswith("evade:") for k in keys)


class TestFearfulPrey:
    def scene(self, attacker: str = "fearsomepredator", focus: int = 1):
        sc = Scene(cards=STANDINS)
        predator = sc.ship(attacker, at=(400, 300, 0))
        holder = sc.ship("academypilot", player=2, at=(400, 500, 180),
                         tokens={"focus": focus})
        game = engage(sc, predator, ["hit"] * 3, ["focus", "blank", "blank"])
        game.state.ships[holder].conditions = (ConditionCard("fearfulprey", 1),)
        declare(game, predator, holder)
        return game, holder

    def test_no_green_token_spent_gives_a_strain_token(self):
        """Fearful Prey: after defending against an enemy Fearsome Predator without having
        spent a green token during the attack, the ship gains 1 strain token."""
        game, holder = self.scene()
        pass_all(game)
        assert game.state.ships[holder].count(Token.STRAIN) == 1

    def test_a_focus_token_spent_spares_it(self):
        """Having spent its focus token during the attack, it gains none."""
        game, holder = self.scene()
        skip_dice(game, "modify_defense_dice", holder)
        modify_with(game, "focus")
        pass_all(game)
        assert game.state.ships[holder].count(Token.STRAIN) == 0

    def test_not_against_another_attacker(self):
        """Against an attacker other than Fearsome Predator nothing happens."""
        game, holder = self.scene(attacker="blacksquadronace")
        pass_all(game)
        assert game.state.ships[holder].count(Token.STRAIN) == 0


class TestGuarded:
    def scene(self, holder_x: float = 480, token: str | None = "calculate",
              guard_x: float = 320):
        sc = Scene(cards=STANDINS)
        attacker = sc.ship("academypilot", at=(400, 300, 0))
        holder = sc.ship("fearsomepredator", player=2, at=(holder_x, 500, 180))
        sc.ship("magnaguardprotector", player=2, at=(guard_x, 520, 180),
                tokens={token: 1} if token else {})
        game = engage(sc, attacker, ["hit", "hit"], ["blank"] * 5)
        game.state.ships[holder].conditions = (ConditionCard("guarded", 2),)
        declare(game, attacker, holder)
        pass_all(game)
        return game, holder

    def test_a_calculating_magnaguard_in_the_attack_arc_adds_a_defense_die(self):
        """Guarded: defending outside the attacker's bullseye arc, the ship rolls 1 more
        defense die for each friendly calculating or evading MagnaGuard Protector in the
        attack arc (the droid tri-fighter's agility 3 gives 4 dice here)."""
        game, holder = self.scene()
        agility = game.state.ships[holder].agility
        assert len(rolled(game, holder)) == agility + 1
        game, holder = self.scene(token="evade")
        assert len(rolled(game, holder)) == agility + 1

    def test_not_in_the_bullseye_nor_without_a_token_nor_outside_the_arc(self):
        """No extra die in the attacker's bullseye arc, with the MagnaGuard Protector
        neither calculating nor evading, or outside the attack arc."""
        for kwargs in ({"holder_x": 400}, {"token": None}, {"guard_x": 50}):
            game, holder = self.scene(**kwargs)
            assert len(rolled(game, holder)) == game.state.ships[holder].agility, kwargs


class TestHunted:
    def scene(self, mates: int = 1):
        sc = Scene()
        holder = sc.ship("academypilot", player=2, at=(400, 500, 180))
        friends = [sc.ship("academypilot", player=2, at=(250 + 60 * k, 700, 180))
                   for k in range(mates)]
        sc.ship("wedgeantilles", at=(400, 300, 0))
        game = sc.game()
        ship = game.state.ships[holder]
        ship.conditions = (ConditionCard("hunted", 1),)
        ship.damage = (DamageCard("directhit", False, 90), DamageCard("directhit", False, 91))
        return game, holder, friends

    def test_destroyed_the_ship_passes_the_condition_to_a_friendly_ship(self):
        """Hunted: after the ship is destroyed, its player must assign the condition to
        another friendly ship (the same card: still the assigning player's instance)."""
        game, holder, (mate,) = self.scene()
        start_at(game, Hurt(holder), phase="activation")
        pass_all(game)
        assert game.state.ships[holder].removed
        assert game.state.ships[mate].conditions == (ConditionCard("hunted", 1),)
        assert not has_condition(game.state.ships[holder], "hunted")

    def test_its_player_chooses_among_the_friendly_ships(self):
        """With two friendly ships left, its player (player 2) chooses which gets it."""
        game, holder, (a, b) = self.scene(mates=2)
        start_at(game, Hurt(holder), phase="activation")
        pass_until(game, "use_ability")
        assert game.decision.player == 2 and set(values(game)) == {a, b}
        game.answer(b)
        pass_all(game)
        assert has_condition(game.state.ships[b], "hunted")
        assert not has_condition(game.state.ships[a], "hunted")

    def test_without_another_friendly_ship_it_stays(self):
        """With no other friendly ship it can't move: it stays on the destroyed ship
        (RR: CONDITION CARDS: a removed ship keeps its conditions)."""
        game, holder, _ = self.scene(mates=0)
        start_at(game, Hurt(holder), phase="activation")
        pass_all(game)
        assert has_condition(game.state.ships[holder], "hunted")


class TestMercilessPursuit:
    def scene(self, child: bool = True):
        sc = Scene(cards=STANDINS)
        holder = sc.ship("academypilot", at=(400, 300, 0))
        target = sc.ship("kashyyykdefender", player=2, at=(400, 500, 180),
                         upgrades=["thechild"] if child else [])
        game = engage(sc, holder, ["blank", "blank"], ["blank"] * 3)
        game.state.ships[holder].conditions = (ConditionCard("mercilesspursuit", 1),)
        declare(game, holder, target)
        return game, holder, target

    def test_after_attacking_the_child_the_ship_may_lock_the_defender(self):
        """Merciless Pursuit: after attacking a ship equipped with The Child, the ship may
        acquire a lock on the defender."""
        game, holder, target = self.scene()
        pass_until(game, "use_ability", holder)
        game.answer("use")
        assert game.state.ships[holder].locks == [target]

    def test_not_against_a_ship_without_the_child(self):
        """Against a defender without The Child no lock is offered."""
        game, holder, _ = self.scene(child=False)
        kinds = pass_all(game)
        assert "use_ability" not in kinds and game.state.ships[holder].locks == []


class TestDecoyed:
    def scene(self, holder_pilot: str = "niteowlliberator", maid_x: float = 330,
              evade: int = 1):
        sc = Scene(cards=STANDINS)
        attacker = sc.ship("academypilot", player=2, at=(400, 700, 180))
        holder = sc.ship(holder_pilot, at=(400, 500, 0))
        maid = sc.ship("naboohandmaiden", at=(maid_x, 520, 0), tokens={"evade": evade})
        game = engage(sc, attacker, ["hit", "hit"], ["blank", "focus"])
        game.state.ships[holder].conditions = (ConditionCard("decoyed", 1),)
        declare(game, attacker, holder)
        skip_dice(game, "modify_defense_dice", holder)
        return game, holder, maid

    def test_a_handmaiden_spends_her_evade_token_to_change_a_result(self):
        """Decoyed: defending, a friendly Naboo Handmaiden in the attack arc may spend 1
        evade token to change 1 of the ship's results to an evade; each Handmaiden once
        per attack."""
        game, _, maid = self.scene()
        modify_with(game, "decoyed")
        assert not game.state.ships[maid].has(Token.EVADE)
        assert game.decision is None or not offers(game, "decoyed")
        pass_all(game)
        assert uncanceled(game) == "1 hit(s)"
        game, _, _ = self.scene()
        pass_all(game)
        assert uncanceled(game) == "2 hit(s)"

    def test_a_naboo_n1_adds_an_evade_result_instead(self):
        """A Naboo Royal N-1 Starfighter with the condition adds 1 evade result instead."""
        game, holder, _ = self.scene(holder_pilot="bravoflightofficer")
        keys = [k for k in values(game) if k.startswith("decoyed")]
        assert keys == ["decoyed/decoyed-n1:add=evade"]
        game.answer(keys[0])
        pass_all(game)
        assert rolled(game, holder) == ["blank", "focus"]
        assert uncanceled(game) == "1 hit(s)"

    def test_not_without_an_evade_token_or_outside_the_attack_arc(self):
        """A Handmaiden without an evade token, or outside the attack arc, can't help."""
        for kwargs in ({"evade": 0}, {"maid_x": 60}):
            game, _, _ = self.scene(**kwargs)
            assert game.decision is None or not offers(game, "decoyed"), kwargs
