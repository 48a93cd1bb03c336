"""Drawing an adventure's scene graph as Mermaid or Graphviz DOT text (``solo graph``).

:func:`to_mermaid` and :func:`to_dot` return the text of a diagram: one node per scene labelled
with its title (endings drawn as stadiums / double octagons coloured by outcome, scenes of one
``group`` in one subgraph / cluster), and one edge per way between scenes. A choice's edge is
labelled with its text (shortened); a check or contest adds the stat and the exact chance of
success for a character, by default the first pregenerated one (``Patch the hull [utility
74%]``); the edges of a check's branches carry their outcome label; giving or taking items and
completing objectives are noted on the edge. Moves that hooks and clocks can make from any scene
start from one "any scene" node.

Every label is escaped for its format (quotes, brackets, ``#``, ``&``, ``<``, ``|``, backslashes,
newlines), so hostile titles cannot break out of a label or inject markup.

Why not ``transitions``' own diagrams: its ``GraphMachine`` draws through pygraphviz or the
``graphviz`` package, which need the Graphviz programs installed, and its Mermaid backend draws a
``stateDiagram`` whose edges carry only trigger names; the scene machine has one transition per
destination, not one per choice and outcome, so it could not label edges with choice texts,
odds and outcomes, nor group scenes. Writing the text directly needs nothing at run time; the
output can be rendered by any Mermaid viewer or by ``dot -Tsvg``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping, Sequence

from solo.adventure.format.branches import GENERIC_OUTCOMES, check_branch
from solo.adventure.model import Adventure, Branch, CheckSpec, Choice
from solo.adventure.expressions import readable_template
from solo.adventure.odds import percent, spec_label, success_chance
from solo.adventure.scene_graph import branch_gotos, effect_gotos, tables_reached
from solo.errors import SoloError
from solo.rules import registry
from solo.rules.base import Character, RulesError, names

__all__ = ["GraphError", "Edge", "edges", "to_dot", "to_mermaid"]

START = "(start)"
ANYWHERE = "(any scene)"
LABEL_LIMIT = 40
OUTCOME_COLOURS = {"victory": "#d4edda", "defeat": "#f8d7da", "mixed": "#fff3cd"}
OUTCOME_STROKES = {"victory": "#2e7d32", "defeat": "#c62828", "mixed": "#f9a825"}


class GraphError(SoloError, ValueError):
    """The graph cannot be drawn as asked (an unknown character id)."""


@dataclass(frozen=True)
class Edge:
    """One way from a scene (or from the start / any scene) to another; ``lines`` label it."""

    source: str
    dest: str
    lines: tuple[str, ...] = ()
    kind: str = "choice"  # choice, outcome, enter, table, global, start


def shorten(text: str, limit: int = LABEL_LIMIT) -> str:
    """One line of at most ``limit`` characters, cut at a word when possible."""
    text = " ".join(str(text).split())
    if len(text) <= limit:
        return text
    cut = text[: limit - 1]
    if text[limit - 1] != " " and " " in cut[limit // 2 :]:
        cut = cut[: cut.rindex(" ")]
    return cut.rstrip(" ,.;:") + "…"


# -- the graph, independent of the output format ------------------------------------------------


@dataclass
class _Builder:
    adventure: Adventure
    character: Character | None
    ruleset: Any = None
    edges: list[Edge] = field(default_factory=list)

    def add(self, source: str, dest: str, lines: Sequence[str], kind: str) -> None:
        edge = Edge(source, dest, tuple(line for line in lines if line), kind)
        if edge not in self.edges:
            self.edges.append(edge)

    # notes -----------------------------------------------------------------------------------
    def notes(self, effects: Any, maybe: bool = False) -> list[str]:
        """Short notes for the effects worth showing on an edge."""
        found: list[str] = []
        mark = "?" if maybe else ""
        adv = self.adventure
        for effect in effects or ():
            if not isinstance(effect, Mapping):
                continue
            for name, value in effect.items():
                if name in ("give", "take"):
                    for item in [value] if isinstance(value, str) else list(value or ()):
                        found.append(f"{'+' if name == 'give' else '-'} {adv.item_name(str(item))}{mark}")
                elif name == "complete":
                    for oid in [value] if isinstance(value, str) else list(value or ()):
                        objective = adv.objectives.get(str(oid))
                        text = shorten(objective.text, 30) if objective else str(oid)
                        found.append(f"✓ {text}{mark}")
                elif name == "if" and isinstance(value, Mapping):
                    found += self.notes(value.get("then"), True)
                    found += self.notes(value.get("else"), True)
        return found

    # odds ------------------------------------------------------------------------------------
    def odds(self, spec: CheckSpec) -> str:
        """The stat (and opponent) with the chance of success, computed as play computes it."""
        what = spec_label(self.adventure, spec)
        if self.ruleset is None or self.character is None:
            return what
        try:
            chance = success_chance(self.adventure, self.ruleset, self.character, spec)
        except (RulesError, LookupError, TypeError, ValueError, AttributeError):
            return what
        return f"{what} {percent(chance)}"

    # edges -----------------------------------------------------------------------------------
    def effect_edges(self, source: str, effects: Any, lines: list[str], kind: str) -> bool:
        """Edges for the gotos and tables in ``effects``; True when the effects surely move."""
        moved = False
        for dest in effect_gotos(effects):
            self.add(source, dest, lines, kind)
            moved = True
        for tid in tables_reached(self.adventure, effects):
            table = self.adventure.tables.get(tid)
            if table is None:
                continue
            rolls: dict[str, list[str]] = {}
            for (lo, hi), row in table.rows.items():
                for dest in branch_gotos(row):
                    rolls.setdefault(dest, []).append(str(lo) if lo == hi else f"{lo}-{hi}")
            for dest, which in rolls.items():
                self.add(source, dest, lines + [f"table {tid}: {', '.join(which)}"], "table")
        return moved and not _has_if_goto(effects)

    def choice_edges(self, source: str, choice: Choice) -> None:
        label = shorten(readable_template(choice.text))  # the words a player could see, not the template
        notes = self.notes(choice.effects)
        if choice.check is None:
            moved = self.effect_edges(source, choice.effects, [label] + notes, "choice")
            if choice.goto and not moved:
                self.add(source, choice.goto, [label] + notes, "choice")
            return
        spec = choice.check
        head = f"{label} [{self.odds(spec)}]"
        if self.effect_edges(source, choice.effects, [head] + notes, "choice"):
            return  # the choice's own effects move on before the roll
        for outcome, branch in spec.outcomes.items():
            lines = [head, outcome] + notes + self.notes(branch.effects)
            if branch.goto:  # the branch's goto wins over gotos in its effects
                self.add(source, branch.goto, lines, "outcome")
            elif not self.effect_edges(source, branch.effects, lines, "outcome") and choice.goto:
                self.add(source, choice.goto, lines, "outcome")
        falling = self.falls_through(spec)
        if choice.goto and falling:
            self.add(source, choice.goto, [head, shorten(f"otherwise: {', '.join(falling)}")] + notes, "outcome")

    def falls_through(self, spec: CheckSpec) -> list[str]:
        """The outcomes of the system that have no branch here (and so take the choice's goto)."""
        labels = list(getattr(self.ruleset, "outcome_labels", ()) or GENERIC_OUTCOMES)
        if spec.kind == "contest":
            labels += [x for x in names(self.ruleset, "contest_labels") if x not in labels]
        return [label for label in labels if _branch_for(spec, label, self.ruleset) is None]

    def build(self) -> list[Edge]:
        adv = self.adventure
        self.add(START, adv.start, [], "start")
        for sid, scene in adv.scenes.items():
            self.effect_edges(sid, scene.on_enter, ["on enter"] + self.notes(scene.on_enter), "enter")
            if scene.ending is not None:
                continue
            for choice in scene.choices:
                self.choice_edges(sid, choice)
            if scene.conflict is not None:
                self.conflict_edges(sid, scene.conflict)
        for hook in adv.hooks:
            when = f"if {shorten(hook.when, 30)}" if hook.when else ""
            self.effect_edges(ANYWHERE, hook.effects, [f"every {hook.every}", when], "global")
        for clock in adv.clocks.values():
            self.effect_edges(ANYWHERE, clock.filled, [f"{shorten(clock.label or clock.id, 30)} full"], "global")
        if adv.defeated is not None:
            branch = adv.defeated
            lines = ["taken out"] + self.notes(branch.effects)
            if branch.goto:
                self.add(ANYWHERE, branch.goto, lines, "global")
            else:
                self.effect_edges(ANYWHERE, branch.effects, lines, "global")
        return self.edges

    def conflict_edges(self, source: str, spec: Any) -> None:
        """An edge for each result of a scene's conflict that moves on (its branch's goto wins)."""
        head = shorten(spec.title or spec.procedure)
        for result, branch in spec.outcomes.items():
            lines = [head, result] + self.notes(branch.effects)
            if branch.goto:
                self.add(source, branch.goto, lines, "outcome")
            else:
                self.effect_edges(source, branch.effects, lines, "outcome")


def _has_if_goto(effects: Any) -> bool:
    """Whether a goto sits inside an ``if`` (so the effects may not move after all)."""
    for effect in effects or ():
        if isinstance(effect, Mapping) and isinstance(effect.get("if"), Mapping):
            inner = effect["if"]
            if list(effect_gotos(inner.get("then"))) or list(effect_gotos(inner.get("else"))):
                return True
    return False


def _branch_for(spec: CheckSpec, outcome: str, ruleset: Any) -> Branch | None:
    """The branch the engine takes for an outcome label (:func:`~.format.branches.check_branch`),
    whatever size the roll measured: a label the system cannot read takes none."""
    if outcome in spec.outcomes:
        return spec.outcomes[outcome]
    if ruleset is None:
        return None
    try:
        success = bool(ruleset.is_success(outcome))
    except (RulesError, ValueError, KeyError):
        return None
    return check_branch(spec.outcomes, outcome, success)


def _copy(character: Character) -> Character:
    return Character.from_dict(character.to_dict())


def _default_character(adventure: Adventure, ruleset: Any, character: Character | str | None) -> Character | None:
    if isinstance(character, Character):
        return character
    if isinstance(character, str):
        person = next((p for p in adventure.characters if p.id == character), None)
        if person is None:
            known = ", ".join(p.id for p in adventure.characters) or "none"
            raise GraphError(f"no pregenerated character {character!r} (pregenerated: {known})")
    elif adventure.characters:
        person = adventure.characters[0]
    else:
        return None
    base = person.character(adventure.system)
    if ruleset is None:
        return base
    try:
        return ruleset.prepare_character(base)
    except (RulesError, TypeError, ValueError, KeyError, AttributeError):
        return base


def odds_character(adventure: Adventure, character: Character | str | None = None) -> Character | None:
    """Whose odds a graph shows: ``character``, else the first pregenerated one (None if none)."""
    try:
        ruleset = registry.get(adventure.system)
    except RulesError:
        ruleset = None
    return _default_character(adventure, ruleset, character)


def _odds_note(adventure: Adventure, character: Character | str | None) -> str:
    who = odds_character(adventure, character)
    return f"odds for {' '.join(who.name.split())}" if who is not None else "no odds"


def edges(adventure: Adventure, character: Character | str | None = None) -> list[Edge]:
    """Every edge of the scene graph, in file order.

    ``character`` (a Character, or a pregenerated character's id) is whose odds are shown;
    default the first pregenerated character. Without the game system, edges show no odds.
    """
    try:
        ruleset = registry.get(adventure.system)
    except RulesError:
        ruleset = None
    who = _default_character(adventure, ruleset, character)
    return _Builder(adventure, who, ruleset).build()


def _groups(adventure: Adventure) -> tuple[dict[str, list[str]], list[str]]:
    """Scenes by group (groups in order of first appearance), and the scenes without a group."""
    groups: dict[str, list[str]] = {}
    loose: list[str] = []
    for sid, scene in adventure.scenes.items():
        if scene.group:
            groups.setdefault(scene.group, []).append(sid)
        else:
            loose.append(sid)
    return groups, loose


# -- Mermaid ----------------------------------------------------------------------------------

# Inside a quoted label Mermaid's parser only stops at '"'; the renderer then reads entities (#...;)
# and HTML (< &), so those are written as entity codes, with anything else unusual. Mermaid also
# looks for directives (``%%{init: ...}%%``) anywhere in a diagram's text, so ``{`` and ``}`` are
# written as codes too, and so is a ``%`` after another: a title can never become a directive or a
# comment (a single ``%``, as in odds, stays as it is).
_MERMAID_SAFE = set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 .,:;!?'-_/+*=%@$~^()[]…✓")
_MERMAID_NAMED = {'"': "#quot;", "<": "#lt;", ">": "#gt;", "&": "#amp;"}


def mermaid_text(text: str) -> str:
    """Text safe inside a quoted Mermaid label: every special character as an entity code."""
    out: list[str] = []
    for line_no, line in enumerate(str(text).split("\n")):
        if line_no:
            out.append("<br/>")
        for at, ch in enumerate(line):
            if ch == "%" and at and line[at - 1] == "%":
                out.append("#37;")
            elif ch in _MERMAID_SAFE or (ch.isalnum() and ord(ch) > 127):
                out.append(ch)
            elif ch in _MERMAID_NAMED:
                out.append(_MERMAID_NAMED[ch])
            elif not ch.isprintable() or ch.isspace():
                out.append(" ")
            else:
                out.append(f"#{ord(ch)};")
    return "".join(out)


def mermaid_id(scene_id: str) -> str:
    """A node id Mermaid accepts (letters, digits, underscores; never a keyword such as ``end``)."""
    if scene_id == START:
        return "start__"
    if scene_id == ANYWHERE:
        return "anywhere__"
    out = ["s_"]
    for ch in scene_id:
        if ch.isascii() and ch.isalnum():
            out.append(ch)
        elif ch == "-":
            out.append("_")
        else:
            out.append(f"_x{ord(ch):x}_")
    return "".join(out)


def to_mermaid(adventure: Adventure, character: Character | str | None = None) -> str:
    """The scene graph as a Mermaid ``flowchart``."""
    graph = edges(adventure, character)
    title = " ".join(adventure.title.split())
    note = " ".join(_odds_note(adventure, character).split())
    # the comment line is escaped like a label: Mermaid reads a %%{...}%% directive anywhere
    lines = [f"%% {mermaid_text(title)} ({adventure.id}) - drawn by solo graph, {mermaid_text(note)}", "flowchart TD"]

    def node(sid: str) -> str:
        scene = adventure.scenes[sid]
        label = mermaid_text(scene.title)
        if scene.ending is not None:
            return f'{mermaid_id(sid)}(["{label}"]):::{_outcome(scene.ending.outcome)}'
        return f'{mermaid_id(sid)}["{label}"]'

    lines.append(f'    {mermaid_id(START)}(("start")):::start')
    if any(e.source == ANYWHERE for e in graph):
        lines.append(f'    {mermaid_id(ANYWHERE)}{{{{"any scene"}}}}:::anywhere')
    groups, loose = _groups(adventure)
    for n, (group, members) in enumerate(groups.items()):
        lines.append(f'    subgraph group_{n}["{mermaid_text(group)}"]')
        lines += [f"        {node(sid)}" for sid in members]
        lines.append("    end")
    lines += [f"    {node(sid)}" for sid in loose]
    known = set(adventure.scenes) | {START, ANYWHERE}
    for edge in graph:
        if edge.dest not in known:
            continue
        arrow = "-.->" if edge.kind in ("global", "table") else "-->"
        label = mermaid_text("\n".join(edge.lines))
        if label:
            lines.append(f'    {mermaid_id(edge.source)} {arrow}|"{label}"| {mermaid_id(edge.dest)}')
        else:
            lines.append(f"    {mermaid_id(edge.source)} {arrow} {mermaid_id(edge.dest)}")
    for outcome, fill in OUTCOME_COLOURS.items():
        lines.append(f"    classDef {outcome} fill:{fill},stroke:{OUTCOME_STROKES[outcome]},stroke-width:2px")
    lines.append("    classDef start fill:#333,color:#fff")
    lines.append("    classDef anywhere fill:#eee,stroke-dasharray:4 3")
    return "\n".join(lines) + "\n"


def _outcome(outcome: str) -> str:
    return outcome if outcome in OUTCOME_COLOURS else "mixed"


# -- Graphviz DOT -------------------------------------------------------------------------------


def dot_text(text: str) -> str:
    """A quoted DOT string: backslashes and quotes escaped, newlines as ``\\n``, controls dropped."""
    out: list[str] = ['"']
    for ch in str(text):
        if ch == "\\":
            out.append("\\\\")
        elif ch == '"':
            out.append('\\"')
        elif ch == "\n":
            out.append("\\n")
        elif not ch.isprintable():
            out.append(" ")
        else:
            out.append(ch)
    out.append('"')
    return "".join(out)


def to_dot(adventure: Adventure, character: Character | str | None = None) -> str:
    """The scene graph as a Graphviz ``digraph`` (render with ``dot -Tsvg``)."""
    graph = edges(adventure, character)
    lines = [
        f"digraph {dot_text(adventure.id)} {{",
        f"    graph [label={dot_text(adventure.title)}, labelloc=t, rankdir=TB, fontname=\"Helvetica\"];",
        '    node [shape=box, style="rounded", fontname="Helvetica"];',
        '    edge [fontname="Helvetica", fontsize=10];',
        f"    // {' '.join(_odds_note(adventure, character).split())}",
        f'    {dot_text(START)} [label="start", shape=circle, style=filled, fillcolor="#333333", fontcolor="#ffffff"];',
    ]
    if any(e.source == ANYWHERE for e in graph):
        lines.append(f'    {dot_text(ANYWHERE)} [label="any scene", shape=hexagon, style=dashed];')

    def node(sid: str) -> str:
        scene = adventure.scenes[sid]
        attrs = [f"label={dot_text(scene.title)}"]
        if scene.ending is not None:
            outcome = _outcome(scene.ending.outcome)
            attrs += ["shape=doubleoctagon", "style=filled", f'fillcolor="{OUTCOME_COLOURS[outcome]}"',
                      f'color="{OUTCOME_STROKES[outcome]}"']
        return f"{dot_text(sid)} [{', '.join(attrs)}];"

    groups, loose = _groups(adventure)
    for n, (group, members) in enumerate(groups.items()):
        lines.append(f"    subgraph {dot_text(f'cluster_{n}')} {{")
        lines.append(f"        label={dot_text(group)};")
        lines.append('        style="rounded,dashed";')
        lines += [f"        {node(sid)}" for sid in members]
        lines.append("    }")
    lines += [f"    {node(sid)}" for sid in loose]
    known = set(adventure.scenes) | {START, ANYWHERE}
    for edge in graph:
        if edge.dest not in known:
            continue
        attrs = []
        if edge.lines:
            attrs.append(f"label={dot_text(chr(10).join(edge.lines))}")
        if edge.kind in ("global", "table"):
            attrs.append("style=dashed")
        suffix = f" [{', '.join(attrs)}]" if attrs else ""
        lines.append(f"    {dot_text(edge.source)} -> {dot_text(edge.dest)}{suffix};")
    lines.append("}")
    return "\n".join(lines) + "\n"
