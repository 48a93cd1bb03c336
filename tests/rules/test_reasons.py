"""Roll records keep reasons (codes and numbers), and the words are made when shown: rewording
a ruleset's words changes what the player reads, never a save or a replay."""

from __future__ import annotations

import json
import random
from pathlib import Path

from solo.replay import read_replay, replay_payload
from solo.rules.base import Character
from solo.rules.dice import Dice
from solo.rules.guts_plus import record_words
from solo.rules.guts_plus.ruleset import GutsPlus
from solo.rules.reasons import reason, said, step_lines, step_text
from solo.saves import SAVE_FORMAT, SaveStore, read_file
from solo.session import new_session
from solo.story import retell
from solo.ui.words import Words

FORMAT1 = Path(__file__).resolve().parents[1] / "saves" / "format1"


def _format1_replay(name: str) -> dict:
    """A format-1 sample save, set to replay on the adventure as it was when it was written
    (``format1/adventures/``): the path recorded in the save was the writer's machine's, and the
    bundled adventure has changed since."""
    payload = read_replay(str(FORMAT1 / f"{name}.json"))
    payload["adventure"]["source"] = str(FORMAT1 / "adventures" / f"{payload['adventure']['id']}.yaml")
    return payload


def _plain_values(value) -> bool:
    if isinstance(value, (bool, int, str)) or value is None:
        return True
    if isinstance(value, list):
        return all(_plain_values(v) for v in value)
    if isinstance(value, dict):
        return all(isinstance(k, str) and _plain_values(v) for k, v in value.items())
    return False


def _guts_records(count: int):
    rules = GutsPlus()
    hero = rules.prepare_character(Character(name="Ada", system="guts-plus",
                                             stats={"utility": 3, "thought": 2, "gumption": 2}))
    boss = rules.prepare_character(Character(name="Boss", system="guts-plus", stats={"gumption": 3}))
    pick = random.Random(5)
    for seed in range(count):
        dice = Dice(seed)
        params = {"stat": pick.choice(["utility", "thought", "thought+gumption"]),
                  "modifier": pick.choice([-1, 0, 0, 1]), "near": pick.choice(["oracle", "success", "failure"])}
        if seed % 3 == 0:
            params["defending"] = seed % 2 == 0
            record = rules.contest(dice, hero, boss, params)
        elif seed % 17 == 1:
            record = rules.take_alternative(hero, params, "voluntary-failure")
        else:
            record = rules.check(dice, hero, params)
        for _ in range(8):
            offers = [o for o in rules.offers(record, hero) if not o.typed]
            if not offers:
                break
            record = rules.apply_offer(dice, record, hero, pick.choice(offers).key)
        yield rules.settle(dice, record, hero, params, frozenset())


def test_a_guts_plus_record_holds_codes_and_numbers_and_every_code_has_words():
    seen = set()
    for record in _guts_records(300):
        assert record.steps
        for step in record.to_dict()["steps"]:
            assert isinstance(step, dict) and isinstance(step["code"], str), step
            assert all(_plain_values(v) for v in step.values()), step
            assert record_words.say(step) is not None, step
            seen.add(step["code"])
        assert all(isinstance(line, str) and line for line in step_lines(record))
    assert {"rolled", "read", "versus", "doubles", "bonus-die", "placed", "near", "roles", "voluntary"} <= seen


def test_rewording_changes_what_is_read_but_no_save_or_replay(monkeypatch, tmp_path):
    session = new_session("supply-ship", store=SaveStore(tmp_path), slot="s", seed=37)
    session.game.start()
    pick = random.Random(37)
    while len(session.game.state.rolls) < 3 and not session.game.finished:
        session.choose(pick.choice([o for o in session.game.offered.options if o.enabled and o.key]).key)
    payload = read_file(session.save())
    assert payload["format"] == SAVE_FORMAT == 2
    before = json.dumps(payload["state"]["rolls"], sort_keys=True)
    old_lines = [line for r in payload["state"]["rolls"] for line in Words(session.adventure).roll(r, "", True).steps]

    monkeypatch.setitem(record_words._WORDS, "rolled", lambda s: f"the dice fell {s['faces']}")
    assert replay_payload(payload).same  # a reworded line breaks no save
    assert replay_payload(_format1_replay("supply-ship")).same  # nor an old one
    new_lines = [line for r in payload["state"]["rolls"] for line in Words(session.adventure).roll(r, "", True).steps]
    assert new_lines != old_lines and any(line.startswith("the dice fell") for line in new_lines)
    assert json.dumps(payload["state"]["rolls"], sort_keys=True) == before
    retold = [s for step in retell(payload).steps for e in step.events
              if isinstance(getattr(e, "record", None), dict) for s in step_lines(e.record)]
    assert any(line.startswith("the dice fell") for line in retold)


def test_a_format_1_save_is_migrated_its_sentences_kept_as_its_words():
    raw = json.loads((FORMAT1 / "supply-ship.json").read_text())
    assert raw["format"] == 1 and all(isinstance(s, str) for r in raw["state"]["rolls"] for s in r["steps"])
    payload = read_file(FORMAT1 / "supply-ship.json")
    assert payload["format"] == SAVE_FORMAT
    for old, new in zip(raw["state"]["rolls"], payload["state"]["rolls"]):
        assert new["steps"] == [said(s) for s in old["steps"]]
        assert step_lines(new) == old["steps"]  # `solo continue` shows the old game as it read
        assert {k: v for k, v in new.items() if k != "steps"} == {k: v for k, v in old.items() if k != "steps"}
    for point in payload.get("undo") or []:
        rolls = point.get("rolls") or []
        assert all(not isinstance(s, str) for r in rolls for s in r.get("steps", []))


def test_steps_of_other_shapes_are_still_shown():
    assert step_text("a sentence from a ruleset installed elsewhere") == ["a sentence from a ruleset installed elsewhere"]
    assert step_text(said("kept words")) == ["kept words"]
    assert step_text(reason("unheard-of", faces=[1, 2]), record_words.say) == ["unheard-of: faces=[1, 2]"]
    assert step_lines({"system": "no-such-system", "steps": [reason("rolled", faces=[3])]}) == ["rolled: faces=[3]"]
    assert step_lines({"system": "guts-plus", "steps": [reason("read", values=[6, 1, 5])]}) == \
        ["a 6 cancels a 1", "1 of 1 read full success → full success"]


SYSTEMS = {"supply-ship": "guts-plus", "lantern-fen": "loose-fuzzy", "goblin-market": "four-s",
           "clockwork-heist": "game", "blessed-harvest": "humanity-blessed"}  # a format-1 save of each system


def _no_sentence(value) -> bool:
    """A step's value holds numbers, codes and names, never a sentence (five words or more)."""
    if isinstance(value, str):
        return len(value.split()) < 5
    if isinstance(value, list):
        return all(_no_sentence(v) for v in value)
    if isinstance(value, dict):
        return all(_no_sentence(v) for v in value.values())
    return True


def test_replayed_games_keep_only_reasons_their_ruleset_can_say():
    from solo.rules.reasons import words_for

    seen = set()
    for name in SYSTEMS:
        result = replay_payload(_format1_replay(name))
        rolls = result.game.snapshot()["rolls"]
        assert rolls, name
        for record in rolls:
            seen.add(record["system"])
            words = words_for(record["system"])
            for step in record["steps"]:
                assert isinstance(step, dict) and step["code"] != "said" and "text" not in step, (name, step)
                assert _plain_values(step) and _no_sentence(step), (name, step)
                assert words is not None and words(step) is not None, (name, step)
    assert seen == set(SYSTEMS.values())  # all five systems


# -- Humanity, Blessed ------------------------------------------------------------------------

HB_STATS = ["hurt", "hurry", "hand", "head", "heart", "home"]
HB_CONDITIONS = ["surprise", "distracted", "ache: hand", "weakness: hurt", "cursed", "taxed", "vulnerability",
                 "pain: hand", "uncool", "muddled"]
HB_ABILITIES = ["Survival Instinct", "Armored Skin", "Blessed Luck", "Fearless Resolve", "Advanced Training",
                "Ease of Focus", "Perfect Divination"]


def _hb_character(pick: random.Random, name: str) -> Character:
    from solo.rules import registry

    return registry.get("humanity-blessed").prepare_character(Character(
        name=name, system="humanity-blessed", stats={s: pick.choice(["d4", "d6", "d8"]) for s in HB_STATS + ["history"]},
        resources={"blessings": [pick.randint(1, 6) for _ in range(pick.randint(0, 8))]},
        conditions=pick.sample(HB_CONDITIONS, pick.randint(0, 2)),
        extra={"abilities": pick.sample(HB_ABILITIES, pick.randint(0, 3)), "lifestyle": "Eager",
               "session": {"lucky_number": pick.choice([None, 3, 5]), "big_win": False}}))


def _hb_records(count: int):
    """Random checks and contests (sparks, aid, groups, defences), each taken through random offers."""
    from solo.rules import registry
    from solo.rules.base import RulesError

    rules = registry.get("humanity-blessed")
    pick = random.Random(11)
    for seed in range(count):
        dice = Dice(seed)
        me = _hb_character(pick, "Ana")
        params = {"stat": pick.choice(HB_STATS), "modifier": pick.choice([0, 0, -1, 2]),
                  "aid": pick.choice([None, None, 2, "d4"])}
        if pick.random() < 0.4:
            params["spark"] = pick.choice(HB_STATS)
        try:
            if seed % 2:
                params.update(defending=pick.random() < 0.5, violent=pick.random() < 0.4)
                record = rules.contest(dice, me, _hb_character(pick, "Boss"), params)
            else:
                params["target"] = pick.choice([4, 6, 8, 12])
                if seed % 10 == 4:
                    params["group_with"] = [_hb_character(pick, f"Pip {n}").to_dict() for n in range(pick.randint(1, 3))]
                record = rules.check(dice, me, params)
            yield record
            for _ in range(4):
                offers = [o for o in rules.offers(record, me) if not o.typed]
                if not offers:
                    break
                record = rules.apply_offer(dice, record, me, pick.choice(offers).key)
                yield record
            yield rules.settle(dice, record, me, params, frozenset())
        except RulesError:
            continue


def test_a_humanity_blessed_record_holds_codes_and_numbers_and_every_code_has_words():
    from solo.rules.humanity_blessed import record_steps, record_words as hb_words

    seen = set()
    for record in _hb_records(800):
        steps = record.to_dict()["steps"]
        assert steps
        for step in steps:
            assert isinstance(step, dict) and isinstance(step["code"], str), step
            assert _plain_values(step) and _no_sentence(step), step
            assert hb_words.say(step) is not None, step
            seen.add(step["code"])
        assert sum(record_steps.is_verdict(s) for s in steps) <= 1  # a re-read replaces the verdict
        assert all(isinstance(line, str) and line for line in step_lines(record))
    assert {"rolled", "check-result", "contest-result", "defence-result", "help", "aid", "no-spark", "spark-paid",
            "first-roll", "late-spark", "answer-open", "answer-spark", "group-median", "modifier", "ache",
            "weakness", "no-bumping", "blessed-luck", "was", "fearless", "lucky-earned"} <= seen


def test_humanity_blessed_steps_read_as_they_did_when_records_kept_sentences():
    from solo.rules.humanity_blessed import record_words as hb_words

    said = {  # a step, and the line solo showed for it when the record kept the sentence
        "Ana d8: 1 | 6 = 7 (1 bump)": reason("rolled", who="Ana", die="d8", rounds=[[1], [6]], natural=7, bumps=1),
        "Ana d4: 1 | 1 | 1 | 1 | 1 | 1 | … | 3 = 9 (9 bumps)":
            reason("rolled", who="Ana", die="d4", rounds=[[1]] * 9 + [[3]], natural=9, bumps=9),
        "  no spark: hand d6 and heart d8 are not balanced":
            reason("no-spark", why="unbalanced", stat="hand", die="d6", spark="heart", spark_die="d8"),
        "  no spark: taxed": reason("no-spark", why="taxed"),
        "  group of 3: the second highest roll counts: 4 (Pip)":
            reason("group-median", rolls=3, rank=2, total=4, name="Pip"),
        "result: 9 vs 8 → success (medium, Perfect Divination)":
            reason("check-result", total=9, target=8, outcome="success", size="medium", divination=True),
        "result: History covers 4 (up to 6): win (very-minor)":
            reason("uncommon-result", total=4, limit=6, won=True, size="very-minor"),
        "result: History covers up to 6, not 8: loss": reason("uncommon-result", total=8, limit=6, won=False, size=None),
        "History d8 covers target 5: automatic success (very-minor)":
            reason("auto-history", die="d8", target=5, size="very-minor"),
        "  Blessèd Distraction (Pip): -3": reason("distraction", by="Pip", value=3),
        "  help for the defender: a helper spends 2 blessing dice, +dc2 → +3":
            reason("fight-help", defending=True, opponent=None, by=None, dice=2, die="+dc2", value=3),
        "  help (Boss): 1 blessing die, +1 takes off 1":
            reason("line-help", defending=True, opponent="Boss", dice=1, die="+1", value=1, sign=-1),
        "  defender aid (Armored Skin): +2": reason("aid", defender=True, who=None, source="Armored Skin", value=2),
        "  vulnerability: the attacker forces the defender to reroll 7":
            reason("forced-reroll", defender=True, by=None, whom=None, total=7),
        "Lucky number: none today (rolled 2 and 5)": reason("lucky-number", lucky=None, faces=[2, 5]),
    }
    for line, step in said.items():
        assert hb_words.say(step) == line


def test_a_humanity_blessed_roll_left_waiting_in_an_old_save_is_helped_and_read_again():
    from solo.rules import registry
    from solo.rules.dice import RollRecord

    rules = registry.get("humanity-blessed")
    raw = json.loads((FORMAT1 / "blessed-harvest.json").read_text())
    old = next(r for r in raw["state"]["rolls"] if r["steps"] == ["hand d4: 4 = 4", "result: 4 vs 4 → success (minor)"])
    record = RollRecord.from_dict(dict(old, steps=[said(s) for s in old["steps"]]))  # as the migration leaves it
    hero = _hb_character(random.Random(3), "Wren")
    hero.resources["blessings"] = [6]
    helped = rules.apply_offer(Dice(3), record, hero, "help-1")
    lines = step_lines(helped)
    assert lines[0] == "hand d4: 4 = 4" and lines[1] == "  help: spent 1 blessing die, +1 → +1"
    assert lines[-1] == "result: 5 vs 4 → success (minor)" and sum(line.startswith("result:") for line in lines) == 1


# -- GAME ---------------------------------------------------------------------------------------


def test_game_trait_notes_are_reasons_in_steps_and_details_and_old_sentences_still_read():
    from solo.rules import registry
    from solo.rules.game import record_words as game_words
    from solo.rules.game.words import explain

    class Names:
        def stat(self, name):
            return str(name)

        def person(self, person_id):
            return person_id

    rules = registry.get("game")
    hero = rules.prepare_character(Character(
        name="Ada", system="game", stats={"Perception/Track": 2, "Bargain/Appraise": 3},
        extra={"traits": {"advantage": "danger sense", "disadvantage": "absentmindedness"},
               "talents": {"Bargain/Appraise": 1}}, resources={"fp": 8, "max_fp": 8}))
    record = rules.check(Dice(4), hero, {"stat": "Perception/Track", "difficulty": "hard",
                                         "tags": ["surprise", "ongoing"]}).to_dict()
    assert record["details"]["notes"] == [{"code": "danger-sense", "dice": 3}, {"code": "absentmindedness", "dice": 2}]
    notes = [s for s in record["steps"] if s["code"] == "note"]
    assert [n["note"]["code"] for n in notes] == ["danger-sense", "absentmindedness"]
    assert step_lines(record)[:2] == ["danger sense: detecting a surprise attack is Easy (1d8, not 3d8)",
                                      "absentmindedness: an ongoing activity is one level harder (2d8)"]
    assert explain(record, Names()).why[0] == "Danger sense: detecting a surprise attack is Easy (1d8, not 3d8)."
    haggle = rules.check(Dice(4), hero, {"stat": "Bargain/Appraise", "tags": ["haggle"]}).to_dict()
    assert haggle["details"]["notes"] == [{"code": "haggling", "percent": 10}]
    assert step_lines(haggle)[0] == "haggling: a success moves the price 10%"
    # a save written while notes were kept as text reads as it did
    old = dict(record, details=dict(record["details"], notes=["danger sense: as it was written"],
                                    not_rolled="too tired, as it was written"),
               steps=[reason("note", text="danger sense: as it was written")])
    assert step_lines(old) == ["danger sense: as it was written"]
    assert explain(old, Names()).why[:2] == ("Danger sense: as it was written.", "No roll: too tired, as it was written, so it fails.")
    assert game_words.say(reason("not-rolled", label="Lift/Smash", rating=3, why="cannot-stand")) == \
        "Lift/Smash 3: not rolled, too tired to stand while carrying the load (FP − ENC ≤ 0) → failure"
