"""The exhaustive sweep's report as one self-contained HTML file (``--exhaustive --html FILE``).

Like the playtest report (:mod:`solo.playtest.html`): inline CSS, no script, nothing fetched,
every text from the adventure escaped. It shows what was tested (choices, outcome branches,
endings reached) and lists what stays untested, each with the scene's title beside its id.
"""

from __future__ import annotations

import html
from pathlib import Path
from typing import Any

from solo.adventure.model import Adventure
from solo.playtest.html import STYLE


def _e(text: Any) -> str:
    return html.escape(str(text), quote=True)


def _title(adventure: Adventure, mark: str) -> str:
    sid = mark.partition("#")[0].split(" ")[0]
    scene = adventure.scenes.get(sid)
    return f"{_e(mark)} <small>({_e(scene.title)})</small>" if scene is not None else _e(mark)


def render(result: dict[str, Any], adventure: Adventure) -> str:
    c, b = result["choices"], result["branches"]
    out = ["<!DOCTYPE html>", '<html lang="en"><head><meta charset="utf-8">',
           f"<title>Exhaustive playtest: {_e(adventure.title)}</title>", f"<style>{STYLE}</style></head><body>",
           f"<h1>Exhaustive playtest of {_e(adventure.title)} <small>({_e(adventure.id)})</small></h1>",
           f'<p class="meta">{result["runs"]} runs and branchings, {result["states_pooled"]} states kept, '
           f'{result["forced_rolls"]} rolls and {result.get("forced_fights", 0)} fights forced, {result.get("seconds", 0):.1f} s.</p>']
    if result.get("stopped"):
        out.append(f'<p class="meta"><strong>Stopped early ({_e(result["stopped"])})</strong>: '
                   "what follows is what was tested by then.</p>")
    out.append("<h2>Tested</h2><ul>"
               f"<li>choices taken: {c['tested']} of {c['total']}</li>"
               f"<li>outcome branches taken: {b['tested']} of {b['total']}</li>"
               f"<li>endings reached: {_e(', '.join(result['endings_reached']) or 'none')}</li></ul>")
    for heading, key in (("Runs stuck without an ending in", "stuck_in"), ("Untested choices", "untested_choices"), ("Untested outcome branches", "untested_branches"),
                         ("Scenes never entered", "unreached_scenes")):
        items = result[key]
        out.append(f"<h2>{heading} ({len(items)})</h2>")
        if items:
            out.append("<ul>" + "".join(f"<li>{_title(adventure, item)}</li>" for item in items) + "</ul>")
        else:
            out.append("<p>None.</p>")
    out.append("</body></html>")
    return "\n".join(out)


def write_sweep_html(result: dict[str, Any], adventure: Adventure, path: Path) -> None:
    path.write_text(render(result, adventure), encoding="utf-8")
