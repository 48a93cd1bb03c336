"""Turning whatever goes wrong during a step into one line that names the scene and the field.

The validator checks every field it can, but an adventure can still fail at play time: an
expression divides by a counter that has become zero, a value the rules cannot read, a budget of
:mod:`solo.engine.budget` run out. The engine catches any such error at the edge of a step
(:meth:`solo.engine.game.Game.choose` and friends) and raises an ``EngineError`` whose message is
built here: ``scene 'cellar', scenes.cellar.choices[1].if: division by zero``. The driver then
puts the game back as it was before the step, saves it, and shows that line.

Finding the field costs nothing while all goes well: the places that evaluate text and run
effects only mark the exception on its way out (:func:`mark_text`, :func:`mark_effect`), and the
field is looked up afterwards, by walking the scene where it happened (then the hooks, clocks,
tables, objectives and the other scenes) for the text or the effect that failed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Iterator, Mapping

if TYPE_CHECKING:
    from solo.adventure.model import Adventure, Branch, Scene

__all__ = ["describe", "field_name", "locate", "mark_effect", "mark_text"]

_TEXT = "_solo_text"
_EFFECT = "_solo_effect"
_FIELD = "_solo_field"


def mark_text(exc: BaseException, text: str) -> None:
    """Remember the adventure text (expression or template) being evaluated when ``exc`` arose."""
    if not hasattr(exc, _TEXT):
        try:
            setattr(exc, _TEXT, text)
        except AttributeError:
            pass


def mark_effect(exc: BaseException, effect: Any) -> None:
    """Remember the effect being run when ``exc`` arose (the innermost one wins)."""
    if not hasattr(exc, _EFFECT):
        try:
            setattr(exc, _EFFECT, effect)
        except AttributeError:
            pass


def mark_field(exc: BaseException, path: tuple[Any, ...]) -> None:
    """Name the field directly, when the code that failed knows it."""
    if not hasattr(exc, _FIELD):
        try:
            setattr(exc, _FIELD, path)
        except AttributeError:
            pass


def field_name(path: tuple[Any, ...]) -> str:
    """A path into the file as authors read it: ``scenes.cellar.choices[1].if``."""
    out = ""
    for part in path:
        if isinstance(part, int) and not isinstance(part, bool):
            out += f"[{part}]"
        else:
            out += ("." if out else "") + str(part)
    return out


def describe(adventure: "Adventure", scene_id: str | None, exc: BaseException) -> str:
    """The one line for an error raised during a step in ``scene_id``."""
    message = _message(exc)
    path = getattr(exc, _FIELD, None)
    if path is None and getattr(exc, _TEXT, None) is not None:
        path = locate(adventure, scene_id, getattr(exc, _TEXT), text=True)
    if path is None and getattr(exc, _EFFECT, None) is not None:
        path = locate(adventure, scene_id, getattr(exc, _EFFECT), text=False)
    where = f"scene {scene_id!r}" if scene_id else "before the first scene"
    if path:
        where += f", {field_name(path)}"
    return f"{where}: {message}"


def _message(exc: BaseException) -> str:
    text = " ".join(str(exc).split())  # one line, whatever the error held
    if type(exc).__module__.startswith("solo."):
        return text or type(exc).__name__
    # an error from Python itself: say what kind, in words, never a traceback
    kind = {
        ZeroDivisionError: "division by zero",
        RecursionError: "the adventure nests too deeply",
        MemoryError: "out of memory",
        OverflowError: "a number too large",
    }.get(type(exc))  # type: ignore[arg-type]  # keyed by the Exception kinds it names
    if kind is not None:
        return kind
    return f"a value the engine cannot use ({text or type(exc).__name__})"


# -- finding the field ------------------------------------------------------------------------


def locate(adventure: "Adventure", scene_id: str | None, needle: Any, *, text: bool) -> tuple[Any, ...] | None:
    """The path of the first field holding ``needle``: a text equal to it (or holding it as a
    ``{...}`` expression or an ``=`` value) when ``text``, else the effect mapping itself.
    Looks in the scene first, then everywhere else."""
    for path, value in _fields(adventure, scene_id):
        if text:
            if isinstance(value, str) and (value == needle or (needle and needle in value)):
                return path
        elif value is needle:
            return path
    return None


def _fields(adventure: "Adventure", scene_id: str | None) -> Iterator[tuple[tuple[Any, ...], Any]]:
    scene = adventure.scenes.get(scene_id or "")
    if scene is not None:
        yield from _scene_fields(scene)
    for n, hook in enumerate(adventure.hooks):
        yield hook.path + ("when",), hook.when
        yield from _effects(hook.path + ("effects",), hook.effects)
    for objective in adventure.objectives.values():
        yield objective.path + ("when",), objective.when
        yield objective.path + ("text",), objective.text
    for clock in adventure.clocks.values():
        yield from _effects(clock.path + ("filled",), clock.filled)
        yield clock.path + ("until",), clock.until
    for table in adventure.tables.values():
        for branch in table.rows.values():
            yield from _branch(branch)
    defeated = getattr(adventure, "defeated", None)
    if defeated is not None:
        yield from _branch(defeated)
    yield ("intro",), adventure.intro
    for person in adventure.characters:
        yield person.path + ("description",), person.description
    for other in adventure.scenes.values():
        if other is not scene:
            yield from _scene_fields(other)


def _scene_fields(scene: "Scene") -> Iterator[tuple[tuple[Any, ...], Any]]:
    yield scene.path + ("title",), scene.title
    yield scene.path + ("text",), scene.text
    yield from _effects(scene.path + ("on_enter",), scene.on_enter)
    for choice in scene.choices:
        yield choice.path + ("if",), choice.condition
        yield choice.path + ("text",), choice.text
        yield choice.path + ("disabled",), choice.disabled
        yield from _effects(choice.path + ("effects",), choice.effects)
        if choice.check is not None:
            for branch in choice.check.outcomes.values():
                yield from _branch(branch)
    if scene.ending is not None:
        yield scene.path + ("ending", "summary"), scene.ending.summary
    conflict = getattr(scene, "conflict", None)
    if conflict is not None:
        for branch in conflict.outcomes.values():
            yield from _branch(branch)


def _branch(branch: "Branch") -> Iterator[tuple[tuple[Any, ...], Any]]:
    yield branch.path + ("text",), branch.text
    yield from _effects(branch.path + ("effects",), branch.effects)
    if branch.lesser is not None:
        yield from _branch(branch.lesser)


def _effects(path: tuple[Any, ...], effects: Any) -> Iterator[tuple[tuple[Any, ...], Any]]:
    for n, effect in enumerate(effects or ()):
        yield path + (n,), effect
        if not isinstance(effect, Mapping):
            continue
        for name, value in effect.items():
            at = path + (n, name)
            if isinstance(value, str):
                yield at, value
            elif name == "if" and isinstance(value, Mapping):
                yield at + ("when",), value.get("when")
                yield from _effects(at + ("then",), value.get("then"))
                yield from _effects(at + ("else",), value.get("else"))
            elif isinstance(value, Mapping):
                for key, item in value.items():
                    if isinstance(item, str):
                        yield at + (key,), item
