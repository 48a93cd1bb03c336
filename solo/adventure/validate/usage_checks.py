"""Checks of random tables, of the scene graph (reachability, endings) and of what is never used."""

from __future__ import annotations

import re

from solo.adventure.scene_graph import reach, scene_graph
from solo.adventure.validate.scene_checks import SceneChecks
from solo.rules.notation import DiceNotation, NotationError

#: Names that read well as written (a stat or condition of plain words).
PLAIN = r"[A-Za-z][A-Za-z /']*"


class UsageChecks(SceneChecks):
    """Tables, the scene graph and the things declared but never used. Builds on :class:`SceneChecks`."""

    # tables --------------------------------------------------------------------------------------
    def check_tables(self) -> None:
        for table in self.adv.tables.values():
            for (lo, hi), branch in table.rows.items():
                if branch.goto is not None:
                    self._scene_ref(branch.goto, branch.path + ("goto",), f"table {table.id}")
                self.template(branch.text, branch.path + ("text",))
            try:
                dice = DiceNotation.parse(table.dice)
            except NotationError as exc:
                self.error("bad-dice", table.path + ("dice",), str(exc), "dice notation looks like 1d6 or 2d6+1")
                continue
            low, high = dice.minimum, dice.maximum
            rerolled = {r for r in table.reroll if low <= r <= high}
            if len(rerolled) == high - low + 1:
                self.error("table-impossible", table.path + ("reroll",),
                           f"table {table.id}: every total {dice} can roll ({low}-{high}) is rerolled",
                           "leave at least one total that stands", key=True)
                continue
            counts: dict[int, int] = {}
            for (lo, hi), branch in table.rows.items():
                if lo > hi:
                    self.warning("table-gap", branch.path,
                                 f"table {table.id}: row {lo}-{hi} runs from high to low and covers no total",
                                 f"write it low first: {hi}-{lo}", key=True)
                    continue
                if hi < low or lo > high:
                    self.warning("table-gap", branch.path,
                                 f"table {table.id}: row {lo}-{hi} is outside {dice} ({low}-{high})",
                                 "it can never be rolled", key=True)
                for total in range(max(lo, low), min(hi, high) + 1):
                    counts[total] = counts.get(total, 0) + 1
            missing = [t for t in range(low, high + 1) if t not in counts and t not in rerolled]
            if missing:
                self.warning("table-gap", table.path + ("rows",),
                             f"table {table.id}: no row for {_ranges(missing)} on {dice}",
                             "add rows for them or reroll them", key=True)
            overlap = sorted(t for t, c in counts.items() if c > 1)
            if overlap:
                self.warning("table-overlap", table.path + ("rows",),
                             f"table {table.id}: more than one row covers {_ranges(overlap)}",
                             "the first row written wins", key=True)

    # the scene graph -----------------------------------------------------------------------------
    def check_graph(self) -> None:
        adv = self.adv
        scenes = self.scenes
        graph = scene_graph(adv)
        endings = [sid for sid, scene in scenes.items() if scene.ending is not None]
        anywhere = [dest for dest in graph.anywhere if dest in scenes]
        for sid, scene in scenes.items():
            if scene.ending is not None:
                continue
            if not scene.choices and scene.conflict is None:
                self.error("dead-end", ("scenes", sid), f"scene {sid!r} has no choices and is not an ending",
                           "add choices, or make it an ending with `ending: {outcome: ...}`", key=True)
            elif not anywhere and all(dest == sid for dest in graph.out[sid]):
                self.error("dead-end", ("scenes", sid), f"no choice of scene {sid!r} leads anywhere else",
                           "give a choice or an outcome a `goto`", key=True)
        if not endings:
            self.error("no-ending", ("scenes",), "the adventure has no ending",
                       "give at least one scene `ending: {outcome: victory}`", key=True)
        if adv.start not in scenes:
            return
        reached = graph.reachable()
        for sid in scenes:
            if sid not in reached:
                self.warning("unreachable-scene", ("scenes", sid), f"scene {sid!r} cannot be reached from the start",
                             "give a choice somewhere a `goto` to it, or remove it", key=True)
        if endings and not any(e in reached for e in endings):
            self.error("no-reachable-ending", ("start",), "no ending can be reached from the start",
                       f"endings: {', '.join(endings)}")
            return
        finishing = reach(endings, graph.backwards(), [])
        if not endings:
            return
        if any(dest in finishing for dest in anywhere):
            return  # a hook or a clock can take the player to an ending from anywhere
        for sid in scenes:
            if sid in reached and sid not in finishing and scenes[sid].choices and not all(
                    dest == sid for dest in graph.known_out(sid)):
                self.warning("no-path-to-ending", ("scenes", sid), f"from scene {sid!r} no ending can be reached",
                             "the player would go round in circles; add a way towards an ending", key=True)

    # what is used --------------------------------------------------------------------------------
    def check_labels(self) -> None:
        """Warn about names players will read that are ids with no label, and hidden things never revealed."""
        from solo.rules.vocabulary import resource_label

        adv = self.adv
        for kind, name in sorted(adv.hidden):
            if name not in self.revealed and not (kind == "objective" and name in self.completed):
                section = {"objective": "objectives", "clock": "variables", "variable": "variables"}[kind]
                self.warning("never-revealed", (section,), f"hidden {kind} {name!r} is never revealed",
                             f"add an effect {{reveal: {name}}} where the character learns of it", key=True)
        shown = list(self.shown_names)
        for n, person in enumerate(adv.characters):
            for stat in person.stats:
                shown.append(("stat", str(stat), ("characters", n, "stats", stat)))
            for resource in person.resources:
                shown.append(("resource", str(resource), ("characters", n, "resources", resource)))
        for objective in adv.objectives.values():
            for resource in objective.award:
                shown.append(("resource", str(resource), objective.path + ("award", resource)))
        for cid, clock in adv.clocks.items():
            if not clock.label or clock.label == cid:
                shown.append(("clock", cid, ("variables", "clocks", cid)))
        seen: set[tuple[str, str]] = set()
        for what, name, at in shown:
            if (what, name) in seen or name in adv.labels:
                continue
            seen.add((what, name))
            if what == "resource" and resource_label(adv.system, name):
                continue
            if what in ("stat", "condition") and re.fullmatch(PLAIN, name):
                continue  # plain words are shown as they are written
            kind, colon, target = name.partition(":")
            if what == "condition" and colon and (re.fullmatch(PLAIN, kind) or kind in adv.labels) and (
                    target in adv.npcs or target in adv.labels or re.fullmatch(PLAIN, target)):
                continue  # "agreeable:reeve" reads "agreeable (the reeve)"
            hint = f"give it a label: labels: {{{name}: ...}}"
            if what == "clock":
                hint = "give the clock a label:"
            elif colon:  # a labels key cannot hold a colon: label the parts, which are shown
                hint = "label its parts, which players read as 'kind (target)': labels: {" + \
                       ", ".join(f"{part}: ..." for part in (kind, target)
                                 if part and not re.fullmatch(PLAIN, part) and part not in adv.npcs) + "}"
            self.warning("unlabelled-name", at, f"{what} {name!r} would be shown to players as an id",
                         hint, key=True)

    def check_usage(self) -> None:
        adv = self.adv
        for n, objective in enumerate(adv.objectives.values()):
            if objective.when is None and objective.id not in self.completed:
                self.error("objective-never-completes", objective.path + ("id",),
                           f"objective {objective.id!r} can never be completed",
                           f"add a `when:` condition, or an effect {{complete: {objective.id}}}")
        for name, kind in self.variables.items():
            section = {"flag": "flags", "counter": "counters", "clock": "clocks"}[kind]
            at = ("variables", section, name)
            if kind == "clock":
                clock = adv.clocks[name]
                if name not in self.ticked:
                    self.warning("clock-never-ticked", at, f"clock {name!r} is never ticked",
                                 f"add an effect {{tick: {name}}}, or remove the clock", key=True)
                if not clock.filled and name not in self.read:
                    self.warning("clock-without-consequence", at, f"clock {name!r} has no consequence",
                                 "add `filled:` effects, or read it in a condition", key=True)
            elif name not in self.read and name not in self.written:
                self.warning("unused-variable", at, f"{kind} {name!r} is never used",
                             "read it in an `if`/`when` or set it in an effect, or remove it", key=True)
        for tid, table in adv.tables.items():
            if tid not in self.tables_rolled:
                self.warning("unused-table", ("tables", tid), f"table {tid!r} is never rolled",
                             f"add an effect {{table: {tid}}}, or remove it", key=True)
        for item, asked_at in self.has_asked:
            if item not in self.given:
                self.warning("item-never-given", asked_at,
                             f"has({item!r}) is never true: nobody starts with {item!r} and no effect gives it",
                             f"add an effect {{give: {item}}}")


def _ranges(values: list[int]) -> str:
    parts: list[str] = []
    start = prev = values[0]
    for value in values[1:] + [None]:
        if value is not None and value == prev + 1:
            prev = value
            continue
        parts.append(str(start) if start == prev else f"{start}-{prev}")
        if value is not None:
            start = prev = value
    return ", ".join(parts)
