"""The story as a document: ``solo transcript SLOT --format md|html`` and ``:recap``.

From a retold :class:`~solo.story.Story`: narration, the choices made, rolls in plain words,
consequences and the journal's notes, in reading order. Markdown for notes and wikis; HTML as one
self-contained file (styles inline, no scripts, no outside requests). No rich, no Textual.
"""

from __future__ import annotations

from typing import Any

from solo.engine import events as ev
from solo.story import Story
from solo.ui import safe_text
from solo.ui.words import Words, reflow

Lines = list[tuple[str, str]]  # (text, kind): title, scene, story, choice, roll, why, line, note, end


def story_lines(story: Story, words: Words) -> Lines:
    """The story as (text, kind) pairs in reading order."""
    out: Lines = []
    for step in story.steps:
        if step.choice:
            out.append((f"You chose: {words_clean(step.choice)}", "choice"))
        batch: list[ev.Event] = []
        for event in step.events:
            if isinstance(event, (ev.ChoicesOffered,)):
                continue
            if type(event).__name__.startswith("Conflict"):
                out += [(line.text, line.tone or "line") for line in words.events(batch)]
                batch = []
                out += [(line.text, line.tone or "line") for line in words.conflict(event)]
                continue
            if isinstance(event, (ev.SceneEntered, ev.RollMade, ev.EndingReached, ev.AdventureStarted,
                                  ev.CharacterChosen)):
                out += [(line.text, line.tone or "line") for line in words.events(batch)]
                batch = []
                out += _event(event, words)
            else:
                batch.append(event)
        out += [(line.text, line.tone or "line") for line in words.events(batch)]
        for note in step.notes:
            out.append((f"Journal: {words_clean(note.get('text', ''))}", "note"))
    return out


def words_clean(text: Any) -> str:
    from solo.ui.words import clean

    return clean(text)


def _event(event: ev.Event, words: Words) -> Lines:
    if isinstance(event, ev.AdventureStarted):
        return [(words_clean(event.title), "title")] + [(p, "story") for p in reflow(event.intro)]
    if isinstance(event, ev.CharacterChosen):
        return [(f"You play {words_clean(event.name)}.", "line")]
    if isinstance(event, ev.SceneEntered):
        return [(words_clean(event.title), "scene")] + [(p, "story") for p in reflow(event.text)]
    if isinstance(event, ev.RollMade):
        if not event.final:
            return []
        rw = words.roll(event.record, event.label, True)
        dice = ", ".join(f"{d.value} {d.reading}".strip() for d in rw.dice)
        head = f"Roll for {rw.title}" + (f" ({rw.stat})" if rw.stat else "") + (f": {dice}" if dice else "")
        return [(head, "roll"), (rw.summary(), rw.tone or "roll")] + [(why, "why") for why in rw.why]
    if isinstance(event, ev.EndingReached):
        return [(f"The end: {words_clean(event.title)} ({event.outcome})", "end")] + \
            [(p, "story") for p in reflow(event.summary)]
    return []


def to_markdown(story: Story, words: Words) -> str:
    out: list[str] = []
    for text, kind in story_lines(story, words):
        if kind == "title":
            out.append(f"# {_md(text)}\n")
        elif kind == "scene":
            out.append(f"## {_md(text)}\n")
        elif kind == "end":
            out.append(f"## {_md(text)}\n")
        elif kind == "choice":
            out.append(f"> **{_md(text)}**\n")
        elif kind == "roll":
            out.append(f"◆ *{_md(text)}*  ")
        elif kind == "why":
            out.append(f"<small>{_md(text)}</small>  ")
        elif kind == "note":
            out.append(f"✎ *{_md(text)}*\n")
        elif kind == "story":
            out.append(_md(text) + "\n")
        else:
            out.append(f"- {_md(text)}")
    text = "\n".join(out)
    return text.replace("  \n\n", "\n\n").rstrip() + "\n"


def _md(text: str) -> str:
    return safe_text.markdown(text)


STYLE = """
body { font: 17px/1.55 Georgia, 'Times New Roman', serif; max-width: 42em; margin: 2em auto; padding: 0 1em;
       color: #222; background: #fdfcf8; }
h1 { font-size: 1.8em; margin-bottom: .2em; } h2 { font-size: 1.25em; margin-top: 2em; border-bottom: 1px solid #ddd; }
.choice { font-weight: bold; color: #245; margin: 1.2em 0 .4em; }
.roll { font-family: system-ui, sans-serif; font-size: .9em; color: #555; margin: .2em 0; }
.good { color: #1a7f37; } .bad { color: #b42318; } .warn { color: #9a6700; } .reward { color: #9a6700; }
.loss { color: #b42318; } .why { font-size: .85em; color: #777; margin: 0 0 .2em 1em; }
.note { font-style: italic; background: #f3efe2; padding: .3em .6em; border-left: 3px solid #c9b77d; }
.line, .info, .dim { font-family: system-ui, sans-serif; font-size: .9em; color: #444; margin: .2em 0; }
.end { color: #245; }
"""


def to_html(story: Story, words: Words) -> str:
    title = safe_text.html(story.adventure.title)
    body: list[str] = []
    for text, kind in story_lines(story, words):
        t = safe_text.html(text)
        if kind == "title":
            body.append(f"<h1>{t}</h1>")
        elif kind in ("scene", "end"):
            body.append(f'<h2 class="{kind}">{t}</h2>')
        elif kind == "story":
            body.append(f"<p>{t}</p>")
        else:
            body.append(f'<p class="{safe_text.html(kind)}">{t}</p>')
    return ("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
            f"<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>{title}</title>\n"
            f"<style>{STYLE}</style>\n</head>\n<body>\n" + "\n".join(body) + "\n</body>\n</html>\n")
