"""A playtest report as one self-contained HTML file (``solo playtest --html FILE``).

No script, no external file, no font or stylesheet fetched: inline CSS and inline SVG charts, so
the file can be mailed, attached to an issue or opened offline. It shows the ending distribution
(bars with their 95% confidence intervals), objective rates, a heat map of the scene graph (each
scene coloured by the share of runs that saw it, never-reached scenes outlined in red), the
checks failed most, stuck runs and failed runs. Every text from the adventure is escaped.
"""

from __future__ import annotations

import html
from collections import deque
from pathlib import Path
from typing import Any

from solo.adventure.model import Adventure
from solo.adventure.scene_graph import scene_graph

OUTCOME_FILL = {"victory": "#2e7d32", "defeat": "#c62828", "mixed": "#f9a825"}
NODE_W, NODE_H, GAP_X, GAP_Y = 150, 44, 24, 56
MAX_ROW = 7  # scenes side by side before a layer wraps onto another row


def _e(text: Any) -> str:
    return html.escape(str(text), quote=True)


def _short(text: str, limit: int = 22) -> str:
    text = " ".join(str(text).split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _heat(share: float) -> str:
    """Pale yellow (rarely seen) to deep red (seen by every run)."""
    share = max(0.0, min(1.0, share))
    low, high = (255, 244, 204), (198, 40, 40)
    r, g, b = (round(lo + (hi - lo) * share) for lo, hi in zip(low, high))
    return f"#{r:02x}{g:02x}{b:02x}"


def ending_chart(report: dict[str, Any], adventure: Adventure) -> str:
    rows = sorted(report["ending_rates"].items(), key=lambda kv: -kv[1]["rate"])
    label_w, bar_w, row_h = 260, 420, 30
    height = row_h * len(rows) + 30
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{label_w + bar_w + 90}" height="{height}" '
             f'role="img" aria-label="Ending distribution">']
    for n, (sid, rate) in enumerate(rows):
        y = 10 + n * row_h
        title = adventure.scenes[sid].title if sid in adventure.scenes else sid
        fill = OUTCOME_FILL.get(rate.get("outcome") or "mixed", "#607d8b")
        width = rate["rate"] * bar_w
        lo, hi = rate["ci95"]
        parts.append(f'<text x="{label_w - 8}" y="{y + 17}" text-anchor="end" class="lbl">{_e(_short(title, 34))}</text>')
        parts.append(f'<rect x="{label_w}" y="{y + 4}" width="{bar_w}" height="18" fill="#eceff1"/>')
        parts.append(f'<rect x="{label_w}" y="{y + 4}" width="{width:.1f}" height="18" fill="{fill}">'
                     f'<title>{_e(title)}: {rate["rate"] * 100:.1f}% (95% CI {lo * 100:.1f}–{hi * 100:.1f}%)</title></rect>')
        x1, x2 = label_w + lo * bar_w, label_w + hi * bar_w
        parts.append(f'<line x1="{x1:.1f}" x2="{x2:.1f}" y1="{y + 13}" y2="{y + 13}" stroke="#263238" stroke-width="1.5"/>')
        for x in (x1, x2):
            parts.append(f'<line x1="{x:.1f}" x2="{x:.1f}" y1="{y + 8}" y2="{y + 18}" stroke="#263238" stroke-width="1.5"/>')
        parts.append(f'<text x="{label_w + bar_w + 8}" y="{y + 17}" class="num">{rate["rate"] * 100:.1f}%</text>')
    parts.append("</svg>")
    return "".join(parts)


def bar_list(items: list[tuple[str, float]], aria: str) -> str:
    label_w, bar_w, row_h = 360, 300, 26
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{label_w + bar_w + 70}" height="{row_h * len(items) + 10}" '
             f'role="img" aria-label="{_e(aria)}">']
    for n, (label, share) in enumerate(items):
        y = 5 + n * row_h
        parts.append(f'<text x="{label_w - 8}" y="{y + 15}" text-anchor="end" class="lbl">{_e(_short(label, 48))}</text>')
        parts.append(f'<rect x="{label_w}" y="{y + 3}" width="{bar_w}" height="16" fill="#eceff1"/>')
        parts.append(f'<rect x="{label_w}" y="{y + 3}" width="{share * bar_w:.1f}" height="16" fill="#1565c0"/>')
        parts.append(f'<text x="{label_w + bar_w + 8}" y="{y + 15}" class="num">{share * 100:.1f}%</text>')
    parts.append("</svg>")
    return "".join(parts)


def layers(adventure: Adventure) -> list[list[str]]:
    """Scenes in layers by distance from the start; scenes reached only from anywhere (hooks,
    clocks) or not at all come last. Within a layer, scenes sit near their predecessors."""
    graph = scene_graph(adventure)
    depth: dict[str, int] = {}
    queue = deque([adventure.start])
    depth[adventure.start] = 0
    while queue:
        sid = queue.popleft()
        for dest in graph.out.get(sid, ()):
            if dest in adventure.scenes and dest not in depth:
                depth[dest] = depth[sid] + 1
                queue.append(dest)
    found: list[list[str]] = []
    for sid, d in depth.items():
        while len(found) <= d:
            found.append([])
        found[d].append(sid)
    rest = [sid for sid in adventure.scenes if sid not in depth]
    if rest:
        found.append(rest)
    position: dict[str, float] = {}
    preds: dict[str, list[str]] = {}
    for sid, dests in graph.out.items():
        for dest in dests:
            preds.setdefault(dest, []).append(sid)
    for layer in found:
        def centre(sid: str) -> float:
            xs = [position[p] for p in preds.get(sid, ()) if p in position]
            return sum(xs) / len(xs) if xs else 0.0
        layer.sort(key=centre)
        for i, sid in enumerate(layer):
            position[sid] = i - (len(layer) - 1) / 2
    return found


def heat_map(report: dict[str, Any], adventure: Adventure) -> str:
    rows = [layer[i:i + MAX_ROW] for layer in layers(adventure) for i in range(0, len(layer), MAX_ROW)]
    widest = max(len(layer) for layer in rows)
    width = widest * (NODE_W + GAP_X) + GAP_X
    height = len(rows) * (NODE_H + GAP_Y) + GAP_Y
    where: dict[str, tuple[float, float]] = {}
    for r, layer in enumerate(rows):
        offset = (width - len(layer) * (NODE_W + GAP_X) + GAP_X) / 2
        for i, sid in enumerate(layer):
            where[sid] = (offset + i * (NODE_W + GAP_X), GAP_Y / 2 + r * (NODE_H + GAP_Y))
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0f}" height="{height:.0f}" '
             f'viewBox="0 0 {width:.0f} {height:.0f}" role="img" aria-label="Scene heat map">',
             '<defs><marker id="arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="6" markerHeight="6" '
             'orient="auto-start-reverse"><path d="M 0 0 L 10 5 L 0 10 z" fill="#90a4ae"/></marker></defs>']
    graph = scene_graph(adventure)
    for sid, dests in graph.out.items():
        if sid not in where:
            continue
        x1, y1 = where[sid]
        for dest in dests:
            if dest not in where or dest == sid:
                continue
            x2, y2 = where[dest]
            sx, sy = x1 + NODE_W / 2, y1 + NODE_H
            ex, ey = x2 + NODE_W / 2, y2
            if y2 <= y1:  # a way back up: leave from the side
                sx, sy, ex, ey = x1 + NODE_W, y1 + NODE_H / 2, x2 + NODE_W, y2 + NODE_H / 2
                bend = max(sx, ex) + 30
                path = f"M {sx:.0f} {sy:.0f} C {bend:.0f} {sy:.0f}, {bend:.0f} {ey:.0f}, {ex:.0f} {ey:.0f}"
            else:
                mid = (sy + ey) / 2
                path = f"M {sx:.0f} {sy:.0f} C {sx:.0f} {mid:.0f}, {ex:.0f} {mid:.0f}, {ex:.0f} {ey:.0f}"
            parts.append(f'<path d="{path}" fill="none" stroke="#b0bec5" stroke-width="1" marker-end="url(#arrow)"/>')
    reach = report["scene_reach"]
    for sid, (x, y) in where.items():
        scene = adventure.scenes[sid]
        share = reach.get(sid, 0.0)
        fill = _heat(share) if share > 0 else "#ffffff"
        stroke = "#c62828" if share == 0 else OUTCOME_FILL.get(scene.ending.outcome, "#455a64") if scene.ending else "#455a64"
        dash = ' stroke-dasharray="5 3"' if share == 0 else ""
        rx = 20 if scene.ending else 6
        text_fill = "#ffffff" if share > 0.6 else "#212121"
        parts.append(f'<g><title>{_e(scene.title)} ({_e(sid)}): seen by {share * 100:.1f}% of runs, '
                     f'{report["scenes"].get(sid, 0)} visits</title>'
                     f'<rect x="{x:.0f}" y="{y:.0f}" width="{NODE_W}" height="{NODE_H}" rx="{rx}" fill="{fill}" '
                     f'stroke="{stroke}" stroke-width="2"{dash}/>'
                     f'<text x="{x + NODE_W / 2:.0f}" y="{y + 18:.0f}" text-anchor="middle" class="node" fill="{text_fill}">'
                     f'{_e(_short(scene.title))}</text>'
                     f'<text x="{x + NODE_W / 2:.0f}" y="{y + 35:.0f}" text-anchor="middle" class="nodenum" fill="{text_fill}">'
                     f'{share * 100:.0f}%</text></g>')
    parts.append("</svg>")
    return "".join(parts)


STYLE = """
body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;margin:24px;color:#212121;max-width:1400px}
h1{font-size:22px;margin:0 0 4px} h2{font-size:17px;margin:28px 0 8px;border-bottom:1px solid #cfd8dc}
.meta{color:#546e7a;font-size:13px} .lbl{font-size:12px;fill:#37474f} .num{font-size:12px;fill:#263238}
.node{font-size:11px;font-weight:600} .nodenum{font-size:11px}
table{border-collapse:collapse;font-size:13px} td,th{border-bottom:1px solid #eceff1;padding:4px 10px;text-align:left}
th{background:#f5f7f8} td.n{text-align:right;font-variant-numeric:tabular-nums}
.bad{color:#c62828} .warn{color:#8d6e00} .ok{color:#2e7d32} .scroll{overflow-x:auto}
.legend span{display:inline-block;width:60px;height:10px;margin-right:4px;vertical-align:middle}
"""


def render(report: dict[str, Any], adventure: Adventure) -> str:
    out: list[str] = ["<!DOCTYPE html>", '<html lang="en"><head><meta charset="utf-8">',
                      f"<title>Playtest: {_e(adventure.title)}</title>",
                      f"<style>{STYLE}</style></head><body>"]
    out.append(f"<h1>Playtest of {_e(adventure.title)} <small>({_e(adventure.id)})</small></h1>")
    note = f" — stopped early ({_e(report.get('stopped') or 'interrupted')}): {report['runs']} of {report['runs_asked']} runs" \
        if report["interrupted"] else ""
    out.append(f'<p class="meta">{report["runs"]} runs, seed {report["seed"]}, policy {_e(report["policy"])}, '
               f'character {_e(report["character"])}, step limit {report["step_limit"]}{note}. '
               f'Length: {report["length"]["decisions"]["mean"]:.1f} decisions on average '
               f'(sd {report["length"]["decisions"]["sd"]:.1f}).</p>')
    out.append("<h2>Endings</h2>" + ending_chart(report, adventure))
    if report["objectives"]:
        items = [(adventure.objectives[o].text, rate) for o, rate in report["objectives"].items()]
        out.append("<h2>Objectives completed</h2>" + bar_list(items, "Objectives completed"))
    out.append("<h2>Scene heat map</h2>")
    out.append('<p class="meta legend">Share of runs that saw each scene: <span style="background:linear-gradient(90deg,'
               f'{_heat(0.01)},{_heat(1)})"></span> rare → every run; '
               '<span style="border:2px dashed #c62828;height:6px;width:24px"></span> never reached.</p>')
    out.append('<div class="scroll">' + heat_map(report, adventure) + "</div>")
    problems: list[str] = []
    if report["unreached_scenes"]:
        problems.append(f'<p class="warn">Scenes never reached: {_e(", ".join(report["unreached_scenes"]))}</p>')
    if report["unreached_choices"]:
        problems.append(f'<p class="warn">Choices never taken ({len(report["unreached_choices"])}): '
                        f'{_e(", ".join(report["unreached_choices"]))}</p>')
    for entry in report["stuck"]:
        loop = f'; looping through {_e(", ".join(entry["loop"]))}' if entry["loop"] else ""
        problems.append(f'<p class="bad">Stuck ({_e(entry["kind"])}) in {_e(entry["scene"])}: {entry["runs"]} runs, '
                        f'first seed {entry["first_seed"]}{loop}</p>')
    for error in report["errors"]:
        problems.append(f'<p class="bad">Run {error["run"]} (seed {error["seed"]}) failed in {_e(error["scene"])}: '
                        f'{_e(error["error"])} — replay file {_e(error["replay"])}</p>')
    out.append("<h2>Problems</h2>" + ("".join(problems) or '<p class="ok">None found: every scene and choice was '
                                      'reached and every run ended.</p>'))
    if report["checks_failed_most"]:
        out.append("<h2>Checks failed most</h2><table><tr><th>scene</th><th>choice</th><th>attempts</th>"
                   "<th>failures</th><th>failure rate</th></tr>")
        for entry in report["checks_failed_most"]:
            sid, _, index = entry["check"].partition("#")
            scene = adventure.scenes.get(sid)
            text = scene.choices[int(index)].text if scene and index.isdigit() and int(index) < len(scene.choices) else ""
            out.append(f"<tr><td>{_e(sid)}</td><td>{_e(text)}</td><td class=n>{entry['attempts']}</td>"
                       f"<td class=n>{entry['failures']}</td><td class=n>{entry['failure_rate'] * 100:.1f}%</td></tr>")
        out.append("</table>")
    if report["resources"]:
        out.append("<h2>The character at the end</h2><table><tr><th>resource</th><th>mean</th><th>sd</th>"
                   "<th>min</th><th>max</th></tr>")
        for name, s in report["resources"].items():
            out.append(f"<tr><td>{_e(name)}</td><td class=n>{s['mean']:.2f}</td><td class=n>{s['sd']:.2f}</td>"
                       f"<td class=n>{s['min']}</td><td class=n>{s['max']}</td></tr>")
        out.append("</table>")
        out.append(f'<p class="meta">Rerolls spent: {report["rerolls"]}. Conflicts: '
                   f'{_e(", ".join(f"{k} {v}" for k, v in report["conflicts"].items()) or "none")}.</p>')
    out.append("</body></html>")
    return "\n".join(out) + "\n"


def write_html(report: dict[str, Any], adventure: Adventure, path: Path) -> Path:
    path.write_text(render(report, adventure), encoding="utf-8")
    return path
