"""Epic command upgrades and huge ships' titles of cards/upgrades/epic_a.py: each card in a
scene built for it, compared with the same scene without the card, and where it must not
act.

Scenes: the huge ship (player 1, p1.1) faces +y at (457, 300): a CR90 base is 225 mm long
(front edge at y 412.5), a C-ROC's or Trident's 195 mm (front edge at 397.5); all are 80 mm
wide (right side at x 497). A small ship's 40 mm base centred at x 537 is at range 1 of the
right side, at x 637 at range 2, at x 867 at range 4. Huge ships have agility 0: they roll
no defense dice at range 1-2 without a card."""

from __future__ import annotations

from tallon.engine.attack import Engage
from tallon.engine.game_end import CheckEnd
from tallon.engine.loadout import ENERGY
from tallon.engine.rounds import EndPhase, StartEndPhase, StartEngagement, Sweep, SystemTurn
from tallon.engine.state import Token
from tallon.scene import Scene, declare, load_dice, stack_deck, start_at
from tests.cards.helpers import (
    Hurt,
    modify_with,
    offers,
    pass_until,
    skip_dice,
    values,
)
from tests.rules.attack_helpers import rolls

CR90, CROC_SEP, CROC_SCUM = "alderaanianguard", "separatistprivateers", "syndicatesmugglers"
TRIDENT_SCUM, TRIDENT_SEP = "lawlesspirates", "colicoiddestroyer"
TIE, XWING, VULTURE = "academypilot", "redsquadronveteran", "tradefederationdrone"
#: a CR90's shields and hull, less 1: the next damage destroys it
CR90_ALMOST = 24


def _energy(game, ship="p1.1") -> int:
    return game.state.ships[ship].charges[ENERGY].active


def _engagement(sc: Scene, *before):
    """The scene's game from the start of the Engagement Phase (after ``before`` steps)."""
    return sc.at(*before, StartEngagement(), Sweep("engagement"))


# ------------------------------------------------ Raymus Antilles, Stalwart Captain
def _raymus_scene(card: str | None) -> tuple[Scene, str, str]:
    sc = Scene(seed=1)
    sc.ship(CR90, at=(457, 300, 0), upgrades=[card] if card else [])
    near = sc.ship(XWING, at=(537, 300, 0))
    far = sc.ship(XWING, at=(637, 300, 0))
    sc.ship(TIE, player=2, at=(457, 850, 180))
    return sc, near, far


class TestRaymusAntilles:
    def test_destroyed_it_gives_focus_at_range_0_1_and_stays(self):
        """Situation: the CR90 is destroyed in the Activation Phase; X-wings at range 1 and
        2. Card: "After you are destroyed, each friendly ship at range 0-1 gains 1 focus
        token. ... you are not removed until the end of the End Phase." Expected: the
        X-wing at range 1 and the CR90 itself (RR: FRIENDLY: a ship is friendly to itself)
        gain a focus token, the one at range 2 none; the CR90 stays. Without the card: no
        focus, the CR90 is removed at once."""
        sc, near, far = _raymus_scene("raymusantilles")
        game = sc.at(Hurt("p1.1", hits=30), phase="activation")
        ships = game.state.ships
        assert ships["p1.1"].destroyed and not ships["p1.1"].removed
        assert ships[near].count(Token.FOCUS) == 1 and ships["p1.1"].count(Token.FOCUS) == 1
        assert not ships[far].has(Token.FOCUS)
        sc, near, far = _raymus_scene(None)
        game = sc.at(Hurt("p1.1", hits=30), phase="activation")
        assert game.state.ships["p1.1"].removed
        assert not game.state.ships[near].has(Token.FOCUS)

    def test_removed_only_at_the_end_of_the_end_phase(self):
        """Situation: the CR90 with Raymus Antilles is destroyed in the Activation Phase.
        Card: "not removed until the end of the End Phase". Expected: still there after the
        End Phase's steps (tokens removed, charges recovered); removed when the End Phase
        ends (before the game's end is checked), player 2 scoring it."""
        sc, _, _ = _raymus_scene("raymusantilles")
        game = sc.at(Hurt("p1.1", hits=30), StartEndPhase(), EndPhase(), phase="activation")
        assert not game.state.ships["p1.1"].removed
        start_at(game, CheckEnd(), phase="end")
        assert game.state.ships["p1.1"].removed
        assert game.state.player(2).mission_points > 0


class TestStalwartCaptain:
    def _game(self, card: str | None):
        sc = Scene(seed=1)
        sc.ship(CR90, at=(457, 300, 0), upgrades=[card] if card else [])
        tie = sc.ship(TIE, player=2, at=(637, 300, 270))
        game = _engagement(sc, Hurt("p1.1", hits=CR90_ALMOST))
        load_dice(game, ["hit", "blank"], [])
        declare(game, tie, "p1.1")
        skip_dice(game, "declare_attack")
        return game

    def test_destroyed_at_initiative_1_it_still_engages_at_0(self):
        """Situation: a TIE (initiative 1) destroys the CR90 (engagement value 0). Card:
        "After you are destroyed, you are not removed until the end of the End Phase."
        Expected: the CR90 stays destroyed on the table and engages at step 0 (it may
        attack the TIE). Without the card it is removed after step 1 and never attacks."""
        game = self._game("stalwartcaptain")
        cr90 = game.state.ships["p1.1"]
        assert cr90.destroyed and not cr90.removed
        assert game.decision.kind == "declare_attack" and game.decision.ship == "p1.1"
        assert "primary:right@p2.1" in values(game)
        game = self._game(None)
        assert game.state.ships["p1.1"].removed
        assert game.decision is None or game.decision.ship != "p1.1"


# ------------------------------------------------------------------- Jan Dodonna
def _neutralized(game) -> str:
    """The last attack's uncanceled results, as the log gives them."""
    text = [e["text"] for e in game.log if e["kind"] == "neutralize"][-1]
    return text.partition(": ")[2].removesuffix(" uncanceled")


def _jan_scene(card: str | None, x: float = 537, jan_tokens=None) -> tuple[Scene, str, str]:
    sc = Scene(seed=1)
    sc.ship(CR90, at=(457, 300, 0), upgrades=[card] if card else [],
            tokens=jan_tokens if jan_tokens is not None else {"focus": 1, "evade": 1})
    xwing = sc.ship(XWING, at=(x, 300, 0))
    tie = sc.ship(TIE, player=2, at=(x, 500, 180))
    return sc, xwing, tie


class TestJanDodonna:
    def test_a_friend_at_range_1_spends_his_focus_token(self):
        """Situation: an X-wing at range 1 of the CR90 attacks a TIE, rolling focus, focus,
        blank, without tokens of its own; the CR90 has a focus token. Card: "Friendly ships
        at range 0-3 can spend your focus and evade tokens." Expected: the X-wing spends
        the CR90's focus token: both focus results become hits, the CR90's token is gone.
        Without the card no such option."""
        sc, xwing, tie = _jan_scene("jandodonna")
        game = sc.attack(xwing, tie, dice=["focus", "focus", "blank"], defense=["blank"] * 2)
        skip_dice(game, "modify_attack_dice", xwing)
        modify_with(game, "jandodonna", "focus")
        skip_dice(game)
        assert _neutralized(game) == "2 hit(s), 0 critical hit(s)"
        assert not game.state.ships["p1.1"].has(Token.FOCUS)
        sc, xwing, tie = _jan_scene(None)
        game = sc.attack(xwing, tie, dice=["focus", "focus", "blank"], defense=["blank"] * 2)
        skip_dice(game, "modify_attack_dice", xwing)
        assert not offers(game, "jandodonna")

    def test_a_defending_friend_spends_his_evade_token(self):
        """Situation: a TIE attacks the X-wing at range 1 of the CR90; the X-wing rolls
        blanks and has no tokens; the CR90 has an evade token. Card: as above (RR: EVADE).
        Expected: the X-wing may spend the CR90's evade token to change a blank result to
        an evade; the CR90's evade token is spent."""
        sc, xwing, tie = _jan_scene("jandodonna")
        game = sc.attack(tie, xwing, dice=["hit", "hit"], defense=["blank", "blank"])
        skip_dice(game, "modify_defense_dice", xwing)
        modify_with(game, "jandodonna", "evade")
        skip_dice(game)
        assert not game.state.ships["p1.1"].has(Token.EVADE)
        assert _neutralized(game) == "1 hit(s), 0 critical hit(s)"

    def test_not_beyond_range_3(self):
        """Situation: the X-wing is at range 4 of the CR90. Card: range 0-3. Expected: no
        option to spend the CR90's tokens."""
        sc, xwing, tie = _jan_scene("jandodonna", x=867)
        game = sc.attack(xwing, tie, dice=["focus", "focus", "blank"], defense=["blank"] * 2)
        skip_dice(game, "modify_attack_dice", xwing)
        assert game.decision is None or not offers(game, "jandodonna")


# ---------------------------------------------------------------- Asajj Ventress
def _asajj_game(card: str | None):
    """A Separatist C-ROC with TIEs (player 2) ahead at range 1 and 2 and beside it at
    range 1, at the C-ROC's System Phase turn."""
    sc = Scene(seed=1)
    sc.ship(CROC_SEP, at=(457, 300, 0), upgrades=[card] if card else [])
    ahead = sc.ship(TIE, player=2, at=(457, 467.5, 180))
    farther = sc.ship(TIE, player=2, at=(357, 567.5, 180))
    beside = sc.ship(TIE, player=2, at=(537, 300, 0))
    return sc.at(SystemTurn("p1.1"), phase="system"), ahead, farther, beside


class TestAsajjVentress:
    def test_spend_force_the_enemy_in_the_front_arc_at_range_1_chooses_strain(self):
        """Situation: the C-ROC's System Phase turn; a TIE in its front arc at range 1, one
        at range 2, one beside it at range 1 (outside the front arc). Card: "During the
        System Phase, you may spend 1 Force. If you do, each enemy ship in your front arc
        at range 0-1 gains 1 strain token unless it chooses to gain 1 jam token." Expected:
        the C-ROC spends its Force (the card grants 1); only the TIE ahead at range 1 is
        asked, and takes the strain token. Without the card: nothing is asked."""
        game, ahead, farther, beside = _asajj_game("asajjventresscommand")
        assert game.state.ships["p1.1"].force == 1
        assert game.decision.kind == "use_ability" and game.decision.ship == "p1.1"
        game.answer("use")
        assert game.decision.ship == ahead and game.decision.player == 2
        assert values(game) == ["strain", "jam"]
        game.answer("strain")
        ships = game.state.ships
        assert ships[ahead].has(Token.STRAIN) and ships["p1.1"].force == 0
        assert not ships[farther].has(Token.STRAIN) and not ships[beside].has(Token.STRAIN)
        game, ahead, _, _ = _asajj_game(None)
        assert game.decision is None or game.decision.kind != "use_ability"

    def test_the_enemy_may_take_a_jam_token_instead(self):
        """Situation: as above; the TIE's player answers jam. Card: "... unless it chooses to
        gain 1 jam token". Expected: the TIE gains a jam token (applied by player 1; it has
        no green token or lock to lose, RR: JAM) and no strain token."""
        game, ahead, _, _ = _asajj_game("asajjventresscommand")
        game.answer("use")
        game.answer("jam")
        assert game.decision is None
        ship = game.state.ships[ahead]
        assert ship.has(Token.JAM) and not ship.has(Token.STRAIN)


# ----------------------------------- Zealous Captain, Riff Tamson, General Grievous
def _captain_game(card: str, huge: str = CR90, hardpoint: str | None = "pointdefensebattery",
                  tie_hurt: int = 2, tie_at=(537, 300, 270)):
    """The huge ship with the card (and a Point-Defense Battery pointing right) and a TIE
    beside its right side at range 1 (hurt: 1 hull left), from the start of the Engagement
    Phase."""
    sc = Scene(seed=1)
    sc.ship(huge, at=(457, 300, 0), upgrades=[card] + ([hardpoint] if hardpoint else []),
            turret="right")
    tie = sc.ship(TIE, player=2, at=tie_at)
    return _engagement(sc, Hurt(tie, hits=tie_hurt)), tie


class TestZealousCaptain:
    def test_a_bonus_hardpoint_attack_at_initiative_4_for_1_energy(self):
        """Situation: a CR90 (engagement 0) with a Point-Defense Battery; a TIE (initiative
        1, 1 hull left) at range 1. Card: "During the Engagement Phase, at initiative 4, you
        may spend 1 energy to perform a bonus [Hardpoint] attack." Expected: before the
        TIE engages, the CR90 spends 1 energy and attacks with the battery; the TIE,
        destroyed at step 4, is removed before step 1 and never attacks. The battery's own
        four headers stay unused for the CR90's engagement."""
        game, tie = _captain_game("zealouscaptain")
        assert game.decision.kind == "use_ability" and game.decision.ship == "p1.1"
        assert not game.state.ships[tie].engaged
        game.answer("use")
        assert _energy(game) == 6
        assert values(game) == [f"pointdefensebattery@{tie}", "none"]
        load_dice(game, ["hit", "hit"], ["blank"] * 3)
        game.answer(f"pointdefensebattery@{tie}")
        skip_dice(game, "declare_attack")
        assert game.state.ships[tie].removed
        assert not any(e["kind"] == "attack" and e.get("ship") == tie for e in game.log)
        assert _energy(game) == 6

    def test_the_batterys_own_headers_stay_unused(self):
        """Situation: as above, with a second TIE (unhurt, facing away) at range 2. Card: the
        bonus attack is the card's, paid with its 1 energy (ruling: it uses none of the
        battery's "BONUS ATTACK:" headers). Expected: after the bonus attack at initiative
        4, the CR90 engages at step 0 with the battery's headers still open: the battery
        is offered against the second TIE (then for 1 energy per header)."""
        sc = Scene(seed=1)
        sc.ship(CR90, at=(457, 300, 0), upgrades=["zealouscaptain", "pointdefensebattery"],
                turret="right")
        tie = sc.ship(TIE, player=2, at=(537, 300, 270))
        other = sc.ship(TIE, player=2, at=(637, 300, 0))
        game = _engagement(sc)
        game.answer("use")
        load_dice(game, ["blank", "blank"], ["blank"] * 3)
        game.answer(f"pointdefensebattery@{tie}")
        pass_until(game, "declare_attack", "p1.1")
        assert f"pointdefensebattery@{other}" in values(game)
        assert _energy(game) == 6

    def test_no_hardpoint_nothing_is_offered(self):
        """Situation: as above, the CR90 without a hardpoint. Card: a bonus [Hardpoint]
        attack. Expected: nothing is asked at initiative 4; the TIE engages first."""
        game, tie = _captain_game("zealouscaptain", hardpoint=None)
        assert game.decision.kind == "declare_attack" and game.decision.ship == tie
        assert _energy(game) == 7


class TestRiffTamson:
    def test_a_bonus_hardpoint_attack_at_initiative_5_before_ships_of_5_engage(self):
        """Situation: a Separatist C-ROC (engagement 1) with a Point-Defense Battery;
        Howlrunner (initiative 5) beside it at range 1. Card: "During the Engagement Phase,
        at initiative 5, you may spend 1 energy to perform a bonus [Hardpoint] attack."
        Expected: at step 5, before Howlrunner engages (RR: FAQ, Han Solo: an effect at an
        initiative step comes before that step's ships engage), the C-ROC is asked; using
        it costs 1 energy and offers the battery."""
        game, _ = _captain_game("rifftamson", huge=CROC_SEP, tie_hurt=0)
        assert game.decision.kind == "use_ability" and game.decision.ship == "p1.1"
        game, howl = _howlrunner_game("rifftamson")
        assert game.decision.kind == "use_ability" and game.decision.ship == "p1.1"
        assert not game.state.ships[howl].engaged
        game.answer("use")
        assert _energy(game) == 3 and f"pointdefensebattery@{howl}" in values(game)

    def _attack(self, card: str | None, first: str):
        sc = Scene(seed=1)
        sc.ship(CROC_SEP, at=(457, 300, 0), upgrades=[card] if card else [])
        tie = sc.ship(TIE, player=2, at=(457, 467.5, 180))
        game = sc.at(Engage("p1.1"))
        stack_deck(game, 2, ["structuraldamage", "structuraldamage"])
        load_dice(game, [first, "blank", "blank", "blank"], ["blank"] * 3)
        declare(game, "p1.1", tie)
        skip_dice(game, "declare_attack")
        return game.state.ships[tie]

    def test_a_faceup_damage_card_gives_the_defender_2_strain_tokens(self):
        """Situation: the C-ROC's primary attack deals the TIE a critical hit (a faceup
        damage card). Card: "After you perform an attack, if the defender was dealt 1 or
        more faceup damage cards, it gains 2 strain tokens." Expected: 2 strain tokens;
        without the card none."""
        assert self._attack("rifftamson", "crit").count(Token.STRAIN) == 2
        assert not self._attack(None, "crit").has(Token.STRAIN)

    def test_a_facedown_card_only_gives_nothing(self):
        """Situation: the attack deals the TIE a hit only (a facedown damage card). Card: as
        above. Expected: no strain token."""
        tie = self._attack("rifftamson", "hit")
        assert len(tie.damage) == 1 and not tie.has(Token.STRAIN)


def _howlrunner_game(card: str):
    sc = Scene(seed=1)
    sc.ship(CROC_SEP, at=(457, 300, 0), upgrades=[card, "pointdefensebattery"],
            turret="right")
    howl = sc.ship("howlrunner", player=2, at=(537, 300, 270))
    return _engagement(sc), howl


class TestGeneralGrievous:
    def test_at_initiative_4_after_the_ships_of_5(self):
        """Situation: a Separatist C-ROC with a Point-Defense Battery; Howlrunner
        (initiative 5) at range 1. Card: "... at initiative 4, you may spend 1 energy to
        perform a bonus [Hardpoint] attack." Expected: Howlrunner engages first (step 5);
        the C-ROC is asked at step 4, after it."""
        game, howl = _howlrunner_game("generalgrievouscommand")
        assert game.decision.kind == "declare_attack" and game.decision.ship == howl
        game.answer("none")
        assert game.decision.kind == "use_ability" and game.decision.ship == "p1.1"

    def test_it_can_attack_friendly_ships(self):
        """Situation: a friendly Vulture (range 1) and an enemy TIE (range 2) in the C-ROC's
        front arc. Card: "You can perform attacks against friendly ships." Expected: both are
        offered; without the card only the TIE."""
        for card, friend_offered in (("generalgrievouscommand", True), (None, False)):
            sc = Scene(seed=1)
            sc.ship(CROC_SEP, at=(457, 300, 0), upgrades=[card] if card else [])
            vulture = sc.ship(VULTURE, at=(457, 467.5, 180))
            tie = sc.ship(TIE, player=2, at=(457, 567.5, 180))
            game = sc.at(Engage("p1.1"))
            assert (f"primary:front@{vulture}" in values(game)) is friend_offered
            assert f"primary:front@{tie}" in values(game)

    def _destroy(self, tie_hurt: int):
        sc = Scene(seed=1)
        sc.ship(CROC_SEP, at=(457, 300, 0), upgrades=["generalgrievouscommand"])
        tie = sc.ship(TIE, player=2, at=(457, 467.5, 180))
        near = sc.ship(VULTURE, at=(537, 467.5, 0))
        far = sc.ship(VULTURE, at=(757, 467.5, 0))
        game = sc.at(Hurt(tie, hits=tie_hurt), Engage("p1.1"))
        load_dice(game, ["hit", "blank", "blank", "blank"], ["blank"] * 3)
        declare(game, "p1.1", tie)
        skip_dice(game, "perform_action")
        return game, near, far

    def test_destroying_the_defender_lets_friends_at_range_0_2_of_it_calculate(self):
        """Situation: the C-ROC destroys a TIE (1 hull left); a Vulture at range 1 of the TIE
        and one at range 3. Card: "After you perform an attack, if the defender was
        destroyed, each friendly ship at range 0-2 of it may perform a [Calculate] action."
        Expected: the C-ROC itself (range 1 of the TIE) and the near Vulture may each
        perform a calculate action; the far one is not asked."""
        game, near, far = self._destroy(2)
        asked = []
        while game.decision is not None and game.decision.kind == "perform_action":
            asked.append(game.decision.ship)
            assert "calculate" in values(game)
            game.answer("calculate")
        ships = game.state.ships
        assert asked == ["p1.1", near]
        assert ships[near].has(Token.CALCULATE) and not ships[far].has(Token.CALCULATE)

    def test_a_defender_not_destroyed_gives_nothing(self):
        """Situation: the TIE survives the hit (2 hull left). Card: as above. Expected: no
        calculate action is offered."""
        game, near, _ = self._destroy(0)
        assert game.decision is None or game.decision.kind != "perform_action"
        assert not game.state.ships[near].has(Token.CALCULATE)


# ------------------------------------------------------------------ Merchant One
def _merchant_attacks(upgrades: list[str]) -> list[str]:
    """The weapons a Scum C-ROC fires at a TIE ahead at range 1 (the TIE never hurt: every
    die a blank), answering the first turret attack offered each time."""
    sc = Scene(seed=1)
    sc.ship(CROC_SCUM, at=(457, 300, 0), upgrades=upgrades, turret="front")
    tie = sc.ship(TIE, player=2, at=(457, 467.5, 180))
    game = sc.at(Engage("p1.1"))
    fired = []
    while game.decision is not None and game.decision.kind == "declare_attack":
        turret = [k for k in values(game) if "dorsalturret" in k]
        if not turret:
            break
        load_dice(game, ["blank"] * 4, ["blank"] * 3)
        fired.append(turret[0])
        game.answer(turret[0])
        skip_dice(game, "declare_attack")
    assert all(k.endswith(f"@{tie}") for k in fired)
    return fired


class TestMerchantOne:
    def test_a_bonus_turret_attack_besides_the_standard_one(self):
        """Situation: a Scum C-ROC with a Dorsal Turret engages; a TIE ahead at range 1.
        Card: "Bonus Attack: Perform a [Turret] attack." (RR: APPENDIX: HUGE SHIPS - each
        "BONUS ATTACK:" header once per round). Expected: the turret fires as the standard
        attack and once more through the title's header; without the title only once."""
        assert _merchant_attacks(["merchantone", "dorsalturret"]) == [
            "dorsalturret@p2.1", "bonus:dorsalturret@p2.1"]
        assert _merchant_attacks(["dorsalturret"]) == ["dorsalturret@p2.1"]

    def test_no_header_for_a_weapon_of_another_slot(self):
        """Situation: the C-ROC with Merchant One and a Heavy Laser Cannon (a cannon), no
        turret. Card: a [Turret] attack only. Expected: no bonus attack is offered for the
        cannon."""
        sc = Scene(seed=1)
        sc.ship(CROC_SCUM, at=(457, 300, 0), upgrades=["merchantone", "heavylasercannon"])
        sc.ship(TIE, player=2, at=(457, 567.5, 180))
        game = sc.at(Engage("p1.1"))
        assert not any(k.startswith("bonus:") for k in values(game))


# ------------------------------------------------------------------ Thunderstrike
class TestThunderstrike:
    def _game(self, card: str | None):
        sc = Scene(seed=1)
        sc.ship(CR90, at=(457, 300, 0), upgrades=[card, "pointdefensebattery"] if card
                else ["pointdefensebattery"], turret="right")
        shuttle = sc.ship("omicrongrouppilot", player=2, at=(577, 300, 0))
        return sc.at(Engage("p1.1")), shuttle

    def _fire(self, game, key: str) -> bool:
        """Fire ``key`` (blanks against evades); whether Thunderstrike's reroll is offered in
        the attacker's Modify Attack Dice step."""
        load_dice(game, ["blank"] * 5, ["evade"] * 3)
        game.answer(key)
        offered = False
        while game.decision is not None and game.decision.kind != "declare_attack":
            d = game.decision
            assert d.kind.startswith(("modify_", "cancel_")), d.kind
            if d.kind == "modify_attack_dice" and d.ship == "p1.1":
                offered = offered or offers(game, "thunderstrike")
            game.answer("done")
        return offered

    def test_a_bonus_attack_on_a_ship_not_yet_attacked_rerolls_1_die(self):
        """Situation: the CR90 fires its Point-Defense Battery (a bonus attack) at a shuttle
        it has not attacked this round, then once more at it. Card: "While you perform a
        bonus attack, if you have not attacked the defender this round, you may reroll 1
        attack die." Expected: the reroll is offered in the first attack only; without the
        title never."""
        game, shuttle = self._game("thunderstrike")
        assert self._fire(game, f"pointdefensebattery@{shuttle}")
        assert not self._fire(game, f"pointdefensebattery@{shuttle}")
        game, shuttle = self._game(None)
        assert not self._fire(game, f"pointdefensebattery@{shuttle}")

    def test_not_in_the_standard_attack_nor_after_it(self):
        """Situation: the CR90 attacks the shuttle with its primary weapon (its standard
        attack), then with the battery. Card: as above. Expected: no reroll in either (the
        first is no bonus attack; before the second it has attacked the shuttle)."""
        game, shuttle = self._game("thunderstrike")
        assert not self._fire(game, f"primary:right@{shuttle}")
        assert not self._fire(game, f"pointdefensebattery@{shuttle}")

    def test_the_reroll_rerolls_one_die(self):
        """Situation: the first battery attack rolls blank, blank. Card: reroll 1 attack
        die. Expected: one die is rerolled (loaded to a hit): the attack has 1 hit."""
        game, shuttle = self._game("thunderstrike")
        load_dice(game, ["blank", "blank", "hit"], ["blank"] * 3)
        game.answer(f"pointdefensebattery@{shuttle}")
        skip_dice(game, "modify_attack_dice", "p1.1")
        modify_with(game, "thunderstrike")
        skip_dice(game, "declare_attack")
        assert _neutralized(game) == "1 hit(s), 0 critical hit(s)"


# ------------------------------------------------------------- Nautolan's Revenge
def _nautolan_game(card: str | None, energy: int, calculate: int):
    sc = Scene(seed=1)
    sc.ship(TRIDENT_SCUM, at=(457, 300, 0), upgrades=[card] if card else [],
            charges={ENERGY: energy}, tokens={"calculate": calculate})
    sc.ship(TIE, player=2, at=(457, 850, 180))
    return sc.at(Engage("p1.1"))


class TestNautolansRevenge:
    def test_spend_2_calculate_tokens_to_recover_2_energy(self):
        """Situation: the Trident (energy 4 with the title: 3 + 1) has 1 energy and 2
        calculate tokens as it engages. Card: "Before you engage, you may spend up to 2
        calculate tokens. If you do, recover that many [Energy]." Expected: 1 or 2 offered;
        spending 2 leaves no calculate token and 3 energy."""
        game = _nautolan_game("nautolansrevenge", 1, 2)
        assert game.state.ships["p1.1"].charges[ENERGY].limit == 4
        assert values(game) == ["1", "2", "decline"]
        game.answer("2")
        ship = game.state.ships["p1.1"]
        assert _energy(game) == 3 and not ship.has(Token.CALCULATE)

    def test_no_more_than_the_energy_missing_and_nothing_without_calculate(self):
        """Situation: 3 of 4 energy and 2 calculate tokens; then 1 energy and no calculate
        token. Card: as above (ruling: only as many tokens as energy can be recovered).
        Expected: only 1 is offered; without calculate tokens nothing is asked. Without the
        title nothing is asked either."""
        assert values(_nautolan_game("nautolansrevenge", 3, 2)) == ["1", "decline"]
        for game in (_nautolan_game("nautolansrevenge", 1, 0), _nautolan_game(None, 1, 2)):
            assert game.decision is None or game.decision.kind != "use_ability"


# -------------------------------------------------------------- Neimoidian Grasp
class TestNeimoidianGrasp:
    def test_after_attacking_a_red_evade_action(self):
        """Situation: the Separatist Trident attacks a TIE ahead at range 1. Card: "After you
        perform an attack, you may perform a red [Evade] action." Expected: the evade is
        offered after the attack; performing it gives an evade token. Without the title
        nothing is offered."""
        for card in ("neimoidiangrasp", None):
            sc = Scene(seed=1)
            sc.ship(TRIDENT_SEP, at=(457, 300, 0), upgrades=[card] if card else [])
            tie = sc.ship(TIE, player=2, at=(457, 467.5, 180))
            game = sc.at(Engage("p1.1"))
            load_dice(game, ["blank"] * 4, ["blank"] * 3)
            declare(game, "p1.1", tie)
            skip_dice(game, "use_ability")
            if card is None:
                assert game.decision is None or game.decision.kind != "use_ability"
                continue
            assert values(game) == ["evade", "decline"]
            game.answer("evade")
            assert game.state.ships["p1.1"].has(Token.EVADE)

    def test_defending_while_evading_one_more_defense_die(self):
        """Situation: a TIE attacks the Trident (agility 0) at range 1; with and without an
        evade token. Card: "While you defend, if you are evading, you may roll 1 additional
        defense die." (RR: EVADE - evading: with an evade token.) Expected: evading, 1
        defense die; without the token nothing is asked and no die is rolled."""
        for tokens, dice_rolled in (({"evade": 1}, 1), ({}, 0)):
            sc = Scene(seed=1)
            sc.ship(TRIDENT_SEP, at=(457, 300, 0), upgrades=["neimoidiangrasp"],
                    tokens=tokens)
            tie = sc.ship(TIE, player=2, at=(457, 467.5, 180))
            game = sc.at(Engage(tie))
            load_dice(game, ["hit", "hit", "blank"], ["blank"])
            declare(game, tie, "p1.1")
            skip_dice(game, "use_ability")
            if dice_rolled:
                assert game.decision.kind == "use_ability" and game.decision.ship == "p1.1"
                game.answer("use")
            assert game.decision is None or game.decision.kind != "use_ability"
            skip_dice(game)
            found = rolls(game, "p1.1")
            assert (len(found[-1]) if found else 0) == dice_rolled
