"""The four-s fight, rule by rule, on scripted dice: the book's pool sizes and roll prices, phases,
Action Points, zones, items by speed, role-play in combat, criticals, 0 Health, healing after.

Fights are built directly on the procedure (no adventure file) so each test sets up exactly the
fighters and dice it needs; ``Dice.force`` scripts the faces in the order the fight rolls them.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from solo.rules import registry
from solo.rules.base import Character
from solo.rules.conflict import ALLY, ENEMY, PLAYER, ConflictError, ConflictSetup, Fighter
from solo.rules.dice import Dice
from solo.rules.four_s import FourS, buy_rolls, enemy_health, rolls_cost
from solo.rules.four_s.fight import gear, pool
from solo.rules.four_s.fight.procedure import Fight

FOUR: FourS = registry.get("four-s")

ITEMS = {
    "hammer": {"speed": "normal", "damage": "1d6"},
    "maul": {"speed": "slow", "damage": "3d6"},
    "tonic": {"speed": "fast", "heal": 2, "consumable": True},
    "potion": {"speed": "normal", "heal": 6},
    "shield": {"speed": "slow", "heal": 5, "overheal": 10},
    "buckler": {"speed": "slow", "block": "1d6"},
    "bomb": {"speed": "special", "ap": 5, "damage": "2d6", "area": True, "reach": "ranged"},
    "turret": {"speed": "special", "damage": 1},
    "sling": {"speed": "normal", "damage": "1d3", "reach": "ranged"},
}


def pc(name: str = "Wren", level: int = 1, items: tuple[str, ...] = ("hammer",), **stats) -> Character:
    base = {"strength": 3, "skill": 3, "support": 3, "scharisma": 3}
    base.update(stats)
    spare = 4 * level - sum(v - 3 for v in base.values() if isinstance(v, int))
    character = Character(name=name, system="four-s", stats=base, items=list(items),
                          resources={"level": level, "sp_unspent": max(0, spare)})
    return FOUR.prepare_character(character)


def foe(name: str = "Goblin", actions: tuple[str, ...] = ("attack",), reach: str | None = None) -> Character:
    extra: dict = {"actions": list(actions)}
    if reach:
        extra["reach"] = reach
    return FOUR.prepare_character(Character(name=name, system="four-s", stats={}, extra=extra))


def setup(player: Character | None = None, foes: tuple = (), allies: tuple = (), rounds: int = 20,
          **params) -> ConflictSetup:
    fighters = [Fighter("player", PLAYER, player or pc())]
    for n, ally in enumerate(allies):
        fighters.append(Fighter(f"ally-{n + 1}", ALLY, ally, behaviour=params.pop("ally_behaviour", "steady")))
    for entry in foes or (("goblin", foe(), "steady"),):
        key, character, behaviour = entry
        fighters.append(Fighter(key, ENEMY, character, behaviour=behaviour, npc=key.split("-")[0]))
    names = {k: k for k in ITEMS}
    return ConflictSetup("fight", fighters, params, ITEMS, names, rounds)


class Run:
    """A fight driven by hand: the procedure, its setup, its state and the beats so far."""

    def __init__(self, s: ConflictSetup, *faces: int, seed: int = 1) -> None:
        self.fight = Fight(FOUR)
        self.setup = s
        self.dice = Dice(seed)
        self.dice.force(*faces)
        step = self.fight.begin(self.dice, s)
        self.state, self.result, self.beats = step.state, step.result, list(step.beats)

    def keys(self) -> list[str]:
        return [a.key for a in self.fight.decision(self.setup, self.state).actions if a.enabled]

    def action(self, key: str):
        return next(a for a in self.fight.decision(self.setup, self.state).actions if a.key == key)

    def do(self, key: str, *faces: int) -> list[str]:
        self.dice.force(*faces)
        step = self.fight.act(self.dice, self.setup, self.state, key)
        self.state, self.result = step.state, step.result
        self.beats += step.beats
        return [b.text for b in step.beats]

    def health(self, key: str = "player") -> int:
        fighter = self.setup.fighter(key)
        if fighter.side == ENEMY:
            return self.state["foe_health"][key]
        return fighter.character.resources["health"]

    def texts(self) -> list[str]:
        return [b.text for b in self.beats]


def apart(**extra) -> dict:
    """Two zones the foe cannot cross (one-way access toward the foe only): it can never reach."""
    return {"zones": {"here": ["there"], "there": []}, "start": {"party": "here", "enemies": "there"}, **extra}


# -- the pool and the rolls ----------------------------------------------------------------------


@pytest.mark.parametrize("difficulty, health", [("easy", 32), ("normal", 64), ("hard", 128)])
def test_four_level_one_players_size_the_pool_as_the_book_says(difficulty, health):
    """Book line 486: four level-1 players (16 SP each, PSP 64) in an easy fight: 32 Health."""
    party = [pc(f"P{n}") for n in range(3)]
    run = Run(setup(pc(), foes=tuple((f"goblin-{n}", foe(), "steady") for n in range(1, 5)), allies=tuple(party),
                    difficulty=difficulty, first="player"))
    assert run.state["psp"] == 64
    assert run.state["pool"] == health == enemy_health(64, difficulty)
    assert sum(run.state["foe_health"].values()) == health
    assert sorted(set(run.state["foe_max"].values())) == [health // 4]  # four even shares
    assert run.texts()[0].startswith(f"The enemies share {health} Health")


def test_an_odd_pool_is_rounded_up_and_shared_out_evenly():
    assert enemy_health(33, "easy") == 17  # "always round up"
    assert pool.shares(17, 3) == [6, 6, 5]
    run = Run(setup(pc(level=0), foes=(("a", foe(), "steady"), ("b", foe(), "steady")), difficulty="easy",
                    first="player"))
    assert run.state["psp"] == 12 and run.state["pool"] == 6 and run.state["foe_max"] == {"a": 3, "b": 3}


@pytest.mark.parametrize("psp, bought", [
    (36, (2, 3, 0)),  # the book's example: 2d6 and 3d3 cost 36 SP
    (64, (4, 4, 0)),  # PSP / 16 = 4 pairs
    (16, (1, 1, 0)),
    (30, (2, 1, 2)),  # a pair, another d6, 2 SP left for Combat Points
    (12, (1, 0, 0)),
    (7, (0, 1, 3)),
])
def test_rolls_are_bought_alternately_with_the_partys_sp(psp, bought):
    assert buy_rolls(psp) == bought
    d6, d3, cp = bought
    assert rolls_cost(d6, d3, cp) == 12 * d6 + 4 * d3 + cp <= psp
    assert pool.purchase(psp) == {"d6": d6, "d3": d3, "cp": cp}


def test_the_book_example_purchase_is_what_the_enemy_side_gets_each_enemy_phase():
    """A level-6 player alone has 12 + 6 x 4 = 36 SP: the book's 2d6 and 3d3."""
    run = Run(setup(pc(level=6), **apart()))
    assert run.state["psp"] == 36
    assert run.state["purchase"] == {"d6": 2, "d3": 3, "cp": 0}
    assert "Round 1, enemy phase: the enemy side has 2d6 3d3 0 CP to use." in run.texts()


def test_bought_rolls_come_back_each_enemy_phase():
    # the goblin stands with the player: each enemy phase it attacks with its d6 and the d3
    run = Run(setup(pc(level=1)), 4, 2)  # round 1: 1d6 + 1d3 (16 SP buy one of each)
    assert run.state["bank"] == {"d6": 0, "d3": 0, "cp": 0}
    assert run.health() == 20 - 6
    run.do("end", 3, 1)
    assert run.state["phase"] == "player" and run.state["round"] == 2
    assert run.texts().count("Round 2, enemy phase: the enemy side has 1d6 1d3 0 CP to use.") == 1
    assert run.health() == 14 - 4


def test_rolls_used_in_the_player_phase_cost_double():
    """A blocking goblin answers a blow that would take it out: two d6 of the enemy rolls for one."""
    maul = pc(level=1, items=("maul",))
    ally = pc("Hob", level=1, items=())
    run = Run(setup(maul, foes=(("goblin", foe(actions=("block",)), "steady"),), allies=(ally,),
                    difficulty="easy", **apart()))
    assert run.state["psp"] == 32 and run.state["purchase"] == {"d6": 2, "d3": 2, "cp": 0}
    assert run.health("goblin") == 16
    # the goblin has nothing to do in the enemy phase (it only blocks), so its rolls wait
    assert run.state["bank"] == {"d6": 2, "d3": 2, "cp": 0}
    run.state["zone"]["goblin"] = "here"  # bring it within reach of the maul
    texts = run.do("use:maul:goblin", 6, 6, 5, 3, 4)  # 17 damage, critical 3; the block rolls 4
    assert run.state["bank"] == {"d6": 0, "d3": 2, "cp": 0}
    assert any("blocks (two d6" in t and "4 off, 13 get through" in t for t in texts)
    assert run.health("goblin") == 3


def test_a_cautious_side_keeps_a_reserve_for_the_player_phase():
    party = tuple(pc(f"P{n}") for n in range(3))
    run = Run(setup(pc(), foes=(("goblin", foe(), "cautious"),), allies=party, **apart()))
    assert run.state["purchase"] == {"d6": 4, "d3": 4, "cp": 0}
    assert run.state["reserve"] == {"d6": 2, "d3": 2}


# -- phases and Action Points --------------------------------------------------------------------


def test_the_enemy_phase_comes_first_unless_the_fight_says_otherwise():
    run = Run(setup(**apart()))
    assert run.texts()[1].startswith("Round 1, enemy phase")
    assert run.state["phase"] == "player" and run.state["ap"]["player"] == 6
    run = Run(setup(first="player", **apart()))
    assert run.texts()[1] == "Round 1: your phase, 6 AP."
    run.do("end")
    assert any(t.startswith("Round 1, enemy phase") for t in run.texts())
    assert run.state["round"] == 2 and run.state["ap"]["player"] == 6


def test_six_ap_each_player_phase_spent_by_the_item_speeds():
    kit = ("tonic", "potion", "shield", "hammer", "bomb", "turret")
    me = pc(items=kit)
    me.resources["health"] = 10
    run = Run(setup(me, **apart(first="player")))
    assert run.action("use:tonic:player").text == "Tonic: heal yourself (1 AP)"
    assert run.action("use:potion:player").text == "Potion: heal yourself (2 AP)"
    assert run.action("use:shield:player").text == "Shield: heal yourself (3 AP)"
    assert run.action("use:bomb:@there").text == "Bomb: everyone in there (5 AP)"  # ranged: next zone
    assert run.action("use:turret").text == "Turret (4 AP): 1 damage"
    assert not run.action("use:turret").enabled and run.action("use:turret").reason == "no foe within reach"
    run.do("use:potion:player", 1)  # heals 6 (the critical d6 shows 1)
    assert run.state["ap"]["player"] == 4 and run.health() == 16
    run.do("use:tonic:player", 1)
    assert run.state["ap"]["player"] == 3 and "tonic" not in run.setup.player.character.items  # used up
    assert not run.action("use:turret").enabled and run.action("use:turret").reason == "needs 4 AP, you have 3"
    run.do("use:shield:player", 2)
    assert run.health() == 23  # the shield may heal past the maximum
    assert run.state["phase"] == "player"  # the phase ended by itself; the next one has begun
    assert run.state["round"] == 2 and run.state["ap"]["player"] == 6
    assert "You have no AP left: your phase ends." in run.texts()


def test_ap_kept_at_the_end_of_a_phase_do_not_add_up():
    run = Run(setup(**apart(first="player")))
    run.do("end")
    assert run.state["ap"]["player"] == 6


def test_moving_costs_one_ap_and_follows_the_access_the_map_declares():
    params = {"zones": {"a": ["b"], "b": ["a", "c"], "c": []}, "start": {"party": "a", "enemies": "c"},
              "first": "player"}
    run = Run(setup(**params))
    assert [k for k in run.keys() if k.startswith("move")] == ["move:b"]
    run.do("move:b")
    assert run.state["zone"]["player"] == "b" and run.state["ap"]["player"] == 5
    assert sorted(k for k in run.keys() if k.startswith("move")) == ["move:a", "move:c"]
    run.do("move:c")  # into the goblin's zone: no moving through it this phase
    assert run.state["stopped"] == ["player"]
    assert not [k for k in run.keys() if k.startswith("move")]
    with pytest.raises(ConflictError):
        run.do("move:a")  # c gives onto nothing: access is one way


def test_entering_a_foes_zone_ends_movement_for_the_phase():
    params = {"zones": {"a": ["b"], "b": ["a"]}, "start": {"party": "a", "enemies": "b"}, "first": "player"}
    run = Run(setup(**params))
    run.do("move:b")
    move = run.action("move:a")
    assert not move.enabled and "cannot move through" in move.reason


# -- damage, criticals, healing ------------------------------------------------------------------


def test_a_six_on_the_critical_d6_doubles_damage():
    run = Run(setup(first="player"), seed=2)
    run.do("use:hammer:goblin", 4, 6)
    assert run.health("goblin") == 16 - 8
    assert any("8 damage. Critical: doubled!" in t for t in run.texts())
    run.do("use:hammer:goblin", 4, 5)
    assert run.health("goblin") == 4


def test_a_six_on_the_critical_d6_doubles_healing_up_to_the_maximum():
    me = pc(items=("potion", "shield"))
    me.resources["health"] = 5
    run = Run(setup(me, **apart(first="player")))
    run.do("use:potion:player", 6)  # 6, doubled: 12
    assert run.health() == 17
    run.do("use:shield:player", 1)  # the slow shield heals 5 and may go 10 above the maximum
    assert run.health() == 22
    me.resources["health"] = 26
    run.do("end")
    run.do("use:shield:player", 6)  # 10 more, but no further than 30 (20 + 10)
    assert run.health() == 30


def test_zero_health_is_out_of_the_fight_and_the_player_out_loses():
    me = pc(level=0)
    me.resources["health"] = 3
    run = Run(setup(me), 4)  # 12 SP buy the enemy side one d6
    assert run.result == "lost" and run.state["out"]["player"] == "0 Health"
    assert run.health() == 0
    assert FOUR.incapacitated(me) == "0 Health"


def test_a_fighter_at_zero_cannot_be_healed_in_the_fight():
    me = pc(items=("potion",))
    hob = pc("Hob", items=())
    run = Run(setup(me, allies=(hob,), first="player", **apart()))
    run.state["out"]["ally-1"] = "0 Health"
    hob.resources["health"] = 0
    assert [k for k in run.keys() if k.startswith("use:potion")] == []  # only the living can be healed


def test_the_fight_is_won_when_the_pool_is_empty_and_everyone_is_healed_afterwards():
    me = pc(level=0, items=("maul",))
    me.resources["health"] = 4
    run = Run(setup(me, first="player", difficulty="easy"))
    assert run.health("goblin") == 6
    run.do("use:maul:goblin", 3, 2, 1, 4)
    assert run.result == "won"
    conclusion = run.fight.conclude(run.dice, run.setup, run.state, "won")
    assert conclusion.fallen == {"goblin": "defeated"}
    assert me.resources["health"] == 10


def test_without_healing_afterwards_health_stays_but_shield_health_fades():
    me = pc(items=("shield",))
    run = Run(setup(me, first="player", heal=False, **apart()))
    run.do("use:shield:player", 5)
    assert run.health() == 25
    run.fight.conclude(run.dice, run.setup, run.state, "fled")
    assert me.resources["health"] == 20
    me.resources["health"] = 7
    run.fight.conclude(run.dice, run.setup, run.state, "fled")
    assert me.resources["health"] == 7


def test_area_damage_is_shared_with_each_share_rounded_up():
    params = {"zones": {"a": ["b"], "b": ["a"]}, "start": {"party": "a", "enemies": "b"}, "first": "player"}
    run = Run(setup(pc(level=3, items=("bomb",)), foes=(("x", foe(), "steady"), ("y", foe(), "steady")), **params))
    assert run.state["foe_max"] == {"x": 12, "y": 12}
    texts = run.do("use:bomb:@b", 3, 4, 2)  # 7 shared by two: 4 each
    assert any("7 damage (4 each)" in t for t in texts)
    assert run.health("x") == 8 and run.health("y") == 8


def test_a_block_takes_its_roll_off_the_next_blow_only():
    run = Run(setup(pc(items=("buckler",)), first="player"))
    run.do("use:buckler:player", 4)
    assert run.state["wards"] == {"player": 4}
    texts = run.do("end", 5, 2)  # the goblin's 1d6 + 1d3: 7, less the block's 4
    assert run.health() == 17 and "player" not in run.state["wards"]
    assert "Your block takes 4 off: 3 get through." in texts


def test_bare_hands_only_without_a_damaging_item():
    run = Run(setup(pc(items=("potion",)), first="player"))
    assert run.action("use:hands:goblin").text == "Bare hands: hit Goblin (2 AP)"
    run = Run(setup(pc(items=("hammer",)), first="player"))
    assert "use:hands:goblin" not in run.keys()


# -- role-play in combat -------------------------------------------------------------------------


STARE = {"id": "stare", "text": "Stare it down", "stat": "scharisma", "against": "foe", "hold": True}
DOOR = {"id": "door", "text": "Hold the door", "stat": "strength", "goal": "hard", "ends": "fled"}


def test_an_area_role_play_that_only_strikes_waits_for_a_foe_in_the_zone():
    quake = {"id": "quake", "text": "Stamp the floor", "stat": "strength", "goal": "easy", "damage": "1d6",
             "area": True}
    run = Run(setup(first="player", roleplay=[quake], **apart()))
    action = run.action("roleplay:quake")
    assert not action.enabled and action.reason == "no foe in your zone"
    run = Run(setup(first="player", roleplay=[quake]))
    assert run.action("roleplay:quake").enabled


def test_role_play_costs_one_ap_per_d3_and_shows_each_count_with_exact_odds():
    run = Run(setup(pc(strength=7), first="player", roleplay=[DOOR]))
    run.do("roleplay:door")
    assert run.state["step"] == "dice"
    options = run.fight.decision(run.setup, run.state).actions
    assert [a.key for a in options] == [f"dice:{n}" for n in range(1, 7)] + ["back"]
    for n in range(1, 7):  # n d3 + Roleplay Bonus 2 against 7, as solo odds four-s computes it
        odds = FOUR.odds_for_args({"bonus": 2, "ap": n, "goal": 7}).outcomes["success"]
        assert options[n - 1].odds == odds
    assert options[2].odds == Fraction(23, 27)
    run.do("dice:3", 3, 3, 2)  # 8 + 2 = 10 >= 7
    assert run.result == "fled" and run.state["ap"]["player"] == 3


def test_an_enemy_opposing_role_play_rolls_one_d3_free():
    """Book line 462. A reckless goblin never spends rolls on resisting."""
    run = Run(setup(foes=(("goblin", foe(), "reckless"),), first="player", roleplay=[STARE]))
    run.do("roleplay:stare:goblin")
    odds = run.action("dice:1").odds
    assert odds == FOUR.odds_for_args({"bonus": 1, "ap": 1, "enemy": True}).outcomes["success"]
    run.do("dice:1", 3, 3)  # 3 + 1 against the goblin's 3
    record = next(b.roll for b in reversed(run.beats) if b.roll is not None)
    assert record.details["opponent"]["dice"] == [3] and record.details["opponent"]["enemy"] is True
    assert record.outcome == "success" and run.state["stunned"] == ["goblin"]


def test_a_steady_enemy_raises_its_roll_against_a_hold_paying_double():
    party = (pc("Hob", items=()),)
    run = Run(setup(foes=(("goblin", foe(), "steady"),), allies=party, roleplay=[STARE], **apart()))
    run.state["zone"]["goblin"] = "here"
    assert run.state["bank"]["d3"] == 2
    run.do("roleplay:stare:goblin")
    odds = run.action("dice:2").odds
    assert odds == FOUR.odds_for_args({"bonus": 1, "ap": 2, "enemy": True, "versus-ap": 2}).outcomes["success"]
    run.do("dice:2", 1, 1, 3, 3)  # 2 + 1 against the goblin's 2d3: 6
    assert run.state["bank"]["d3"] == 0  # one more d3 costs two in the player phase
    assert any("puts 1d3 more into resisting" in t for t in run.texts())
    assert run.state["stunned"] == []


def test_a_held_back_enemy_loses_its_next_enemy_phase_and_cannot_be_held_again_at_once():
    run = Run(setup(foes=(("goblin", foe(), "reckless"),), first="player", roleplay=[STARE]))
    run.do("roleplay:stare:goblin")
    run.do("dice:1", 3, 1)
    run.do("end")
    assert "Goblin is still held back and does nothing this phase." in run.texts()
    assert run.health() == 20
    assert not any(k.startswith("roleplay:stare") for k in run.keys())
    assert run.state["shaken"] == ["goblin"]


def test_a_grapple_asks_the_player_how_many_kept_ap_to_resist_with_and_a_tie_holds():
    netter = foe("Netter", actions=("grapple",))
    run = Run(setup(foes=(("netter", netter, "steady"),), first="player"))
    run.do("end")  # keep 6 AP; the netter throws its net (1d3 of the rolls)
    assert run.state["step"] == "resist"
    actions = run.fight.decision(run.setup, run.state).actions
    assert [a.key for a in actions] == [f"resist:{k}" for k in range(6)]
    for k, action in enumerate(actions):  # the free d3 plus one a kept AP, defending: a tie is ours
        args = {"bonus": 1, "ap": 1 + k, "enemy": True, "versus-ap": 1, "defending": True}
        assert action.odds == FOUR.odds_for_args(args).outcomes["success"]
    run.do("resist:0", 1, 2)  # 1 + 1 = 2 against 2: nothing happens, the player stays free
    assert run.state["held"] == {} and run.state["phase"] == "player"
    assert run.state["ap"]["player"] == 6


def test_a_held_player_cannot_move_or_leave_until_they_break_free():
    netter = foe("Netter", actions=("grapple",))
    params = {"zones": {"a": ["b"], "b": ["a"]}, "exits": ["a"], "first": "player"}
    run = Run(setup(foes=(("netter", netter, "steady"),), **params))
    run.do("end")
    run.do("resist:0", 1, 3)  # 1 + 1 = 2 against 3: held
    assert run.state["held"] == {"player": "netter"} and run.state["ap"]["player"] == 6
    assert not run.action("move:b").enabled and not run.action("leave").enabled
    assert run.action("move:b").reason == "held by Netter"
    run.do("roleplay:break-free")
    run.do("dice:2", 3, 3, 1)  # 6 + 1 against the netter's free d3
    assert run.state["held"] == {}
    assert run.action("leave").enabled


def test_leaving_through_an_exit_or_yielding_ends_the_fight():
    run = Run(setup(zones={"gate": []}, exits=["gate"], first="player", surrender=True))
    assert run.action("leave").text == "Leave the fight through gate (1 AP)"
    run.do("leave")
    assert run.result == "fled"
    run = Run(setup(first="player", surrender=True))
    run.do("yield")
    assert run.result == "surrendered"


# -- the engine's side ---------------------------------------------------------------------------


def test_a_steady_enemy_spends_no_more_d6_than_the_target_level():
    party = tuple(pc(f"P{n}", level=0, items=()) for n in range(3))
    run = Run(setup(pc(level=1), foes=(("goblin", foe(), "steady"),), allies=party), 5, 2, 2, 2, 2)
    # PSP 52: 3d6 4d3; the lone goblin takes every die but only one d6 for a level-1 player
    assert run.state["purchase"] == {"d6": 3, "d3": 4, "cp": 0}
    attack = next(t for t in run.texts() if "attacks" in t)
    assert attack == "Goblin attacks you (1d6 + 4d3 of the enemy rolls): 13 damage."


def test_a_reckless_enemy_goes_for_the_weakest_and_throws_everything():
    weak = pc("Pip", level=1, items=())
    weak.resources["health"] = 3
    run = Run(setup(pc(level=1), foes=(("goblin", foe(), "reckless"),), allies=(weak,)), 1, 1, 1, 1)
    assert "Goblin attacks Pip (2d6 + 2d3 of the enemy rolls): 4 damage." in run.texts()
    assert run.state["out"] == {"ally-1": "0 Health"}
    steady = Run(setup(pc(level=1), foes=(("goblin", foe(), "steady"),), allies=(weak,)), 1, 1, 1)
    assert "Goblin attacks you (1d6 + 2d3 of the enemy rolls): 3 damage." in steady.texts()


def test_the_same_seed_and_decisions_give_the_same_fight():
    def play(seed: int) -> list[str]:
        run = Run(setup(pc(items=("hammer", "sling")), foes=(("a", foe(), "steady"), ("b", foe(), "reckless")),
                        zones={"x": ["y"], "y": ["x"]}, start={"b": "y"}), seed=seed)
        for _ in range(30):
            if run.result:
                break
            run.do(run.keys()[0])
        return run.texts()

    assert play(7) == play(7)
    assert play(7) != play(8)


def test_item_rules_the_fight_cannot_read_are_named():
    assert gear.item_problems({"speed": "quick"}) == [("speed", "speed must be one of fast, normal, slow, special "
                                                                 "(got 'quick')")]
    assert [k for k, _ in gear.item_problems({"damage": "2d8", "colour": "red"})] == ["colour", "damage"]
    assert [k for k, _ in gear.item_problems({"speed": "fast", "ap": 4})] == ["ap"]
    assert gear.item_problems({"speed": "special", "ap": 5, "damage": "1d6+2", "reach": "ranged"}) == []


def test_health_awards_stay_within_zero_and_the_maximum():
    me = pc(level=1)
    assert FOUR.gain(Dice(1), me, "health", -30) == [] and me.resources["health"] == 0
    assert FOUR.incapacitated(me) == "0 Health"
    FOUR.gain(Dice(1), me, "health", 50)
    assert me.resources["health"] == 20 and FOUR.incapacitated(me) is None
    assert FOUR.gain(Dice(1), me, "level_ups", 1) is None


# -- the book's enemy rolls: Fireball and Drain --------------------------------------------------


def enemy_damage(run: Run) -> list:
    return [b for b in run.beats if b.roll is not None and b.roll.kind == "damage" and b.actor in ("mage", "leech")]


def test_a_fireball_shares_its_damage_among_the_party_in_the_zone_each_share_rounded_up():
    mage = foe("Mage", actions=("fireball",))
    ally = pc("Tam", level=1)
    run = Run(setup(foes=(("mage", mage, "steady"),), allies=(ally,), first="player"))
    before = {k: run.health(k) for k in ("player", "ally-1")}
    run.do("end")  # the enemy phase: both stand in the one zone
    texts = [t for t in run.texts() if "fireball" in t]
    assert len(texts) == 1 and "shared among you, Tam" in texts[0], run.texts()
    record = enemy_damage(run)[0].roll
    share = record.details["share"]
    assert share == -(-record.total // 2) and record.details["target"] == ["player", "ally-1"]
    for key in ("player", "ally-1"):
        assert before[key] - run.health(key) == min(share, before[key])


def test_a_fireball_on_one_fighter_alone_is_a_plain_attack():
    mage = foe("Mage", actions=("fireball",))
    run = Run(setup(foes=(("mage", mage, "steady"),), first="player"))
    before = run.health()
    run.do("end")
    assert not any("fireball" in t for t in run.texts())
    record = enemy_damage(run)[0].roll
    assert before - run.health() == min(record.total, before)


def test_a_hurt_drainer_deals_half_its_dice_and_heals_itself_by_the_rest():
    leech = foe("Leech", actions=("drain",))
    run = Run(setup(foes=(("leech", leech, "reckless"),), first="player"))
    top = run.state["foe_health"]["leech"]
    run.state["foe_health"]["leech"] = 1
    before = run.health()
    run.do("end")
    record = enemy_damage(run)[0].roll
    faces = record.dice
    assert len(faces) >= 2, "the pool buys the leech two dice or more"
    cut = -(-len(faces) // 2)
    assert record.total == sum(faces[:cut]) + record.details["cp"]
    assert record.details["drain"] == sum(faces[cut:])
    assert before - run.health() == min(record.total, before)
    assert run.state["foe_health"]["leech"] == min(top, 1 + sum(faces[cut:]))
    assert any("drains you" in t for t in run.texts())


def test_an_unhurt_drainer_attacks_with_every_die():
    leech = foe("Leech", actions=("drain",))
    run = Run(setup(foes=(("leech", leech, "reckless"),), first="player"))
    run.do("end")
    assert not any("drains" in t for t in run.texts())
    assert enemy_damage(run)


def test_a_shove_asks_the_player_to_resist_and_pushes_a_loser_one_zone_away():
    bouncer = foe("Bouncer", actions=("shove",))
    params = {"zones": {"door": ["street"], "street": ["door"]}, "start": {"party": "door", "enemies": "door"},
              "first": "player"}
    run = Run(setup(pc(level=3), foes=(("bouncer", bouncer, "steady"),), **params))  # Combat Points to pay
    run.do("end")  # keep 6 AP: the bouncer shoves (1d3 and a zone's worth of the rolls)
    assert run.state["step"] == "resist"
    decision = run.fight.decision(run.setup, run.state)
    assert decision.prompt.startswith("Bouncer tries to shove you away (1d3)")
    assert decision.actions[0].hint.endswith("to stand firm")
    for k, action in enumerate(decision.actions):  # answered as a grapple is: exact odds
        args = {"bonus": 1, "ap": 1 + k, "enemy": True, "versus-ap": 1, "defending": True}
        assert action.odds == FOUR.odds_for_args(args).outcomes["success"]
    run.do("resist:0", 1, 3)  # 1 + 1 = 2 against 3: shoved
    assert run.state["zone"]["player"] == "street"
    assert any("shoves you away" in t for t in run.texts())


def test_a_shove_resisted_leaves_the_player_where_they_stand():
    bouncer = foe("Bouncer", actions=("shove",))
    params = {"zones": {"door": ["street"], "street": ["door"]}, "start": {"party": "door", "enemies": "door"},
              "first": "player"}
    run = Run(setup(pc(level=3), foes=(("bouncer", bouncer, "steady"),), **params))  # Combat Points to pay
    run.do("end")
    run.do("resist:0", 2, 2)  # 2 + 1 = 3 against 2: firm
    assert run.state["zone"]["player"] == "door"
    assert any("stand firm" in t for t in run.texts())
