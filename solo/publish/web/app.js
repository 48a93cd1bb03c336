// The exported page's front end: it draws the engine's events and sends decisions back.
// No game rule lives here: the engine (Python, through Pyodide) decides everything. Every
// piece of adventure text is put in the page with textContent, never as HTML.
import { loadPyodide } from "./pyodide/pyodide.mjs";

const $ = (id) => document.getElementById(id);
const story = $("story");
let engine = null;
let adventureJson = "";
let storageKey = "solo";
let offered = null;

function el(tag, text, className) {
  const node = document.createElement(tag);
  if (text !== undefined && text !== null) node.textContent = String(text);
  if (className) node.className = className;
  return node;
}

function paragraphs(text, into) {
  for (const para of String(text || "").split(/\n\s*\n/)) {
    const clean = para.replace(/\s+/g, " ").trim();
    if (clean) into.appendChild(el("p", clean));
  }
}

function drawEvent(event) {
  switch (event.type) {
    case "start":
      $("title").textContent = event.title;
      document.title = event.title;
      paragraphs(event.intro, story);
      break;
    case "character":
      story.appendChild(el("p", "You play " + event.name + ".", "picked"));
      break;
    case "scene": {
      const head = el("h3", event.title);
      head.tabIndex = -1;
      story.appendChild(head);
      paragraphs(event.text, story);
      break;
    }
    case "text": case "rules": case "conflict-action":
      paragraphs(event.text, story);
      break;
    case "roll":
      if (event.words) {
        story.appendChild(el("p", `${event.words.title}: ${event.words.dice.join(" ")} · ${event.words.summary}`, "rolled"));
        $("roll").hidden = false;
        $("roll-title").textContent = event.words.title;
        $("roll-dice").textContent = event.words.dice.join("  ");
        $("roll-summary").textContent = [event.words.summary, ...event.words.why].join(" ");
      }
      break;
    case "objective":
      if (event.visible !== false) story.appendChild(el("p", "Objective done: " + event.text, "gained"));
      break;
    case "item":
      story.appendChild(el("p", (event.gained ? "You gain: " : "You lose: ") + event.name, "gained"));
      break;
    case "ending": {
      const box = $("ending");
      box.replaceChildren(el("h2", "The end: " + event.title), el("p", event.summary));
      box.className = event.outcome;
      box.hidden = false;
      break;
    }
  }
}

function drawSheet(rows) {
  const list = $("sheet");
  list.replaceChildren();
  for (const [label, value, style] of rows) {
    list.appendChild(el("dt", label));
    list.appendChild(el("dd", value, style === "warn" ? "warn" : ""));
  }
}

function drawChoices(next) {
  offered = next;
  const box = $("choices");
  const options = $("options");
  options.replaceChildren();
  if (!next) { box.hidden = true; return; }
  $("prompt").textContent = next.prompt;
  for (const option of next.options) {
    const button = el("button", null);
    button.type = "button";
    button.dataset.key = option.key;
    button.appendChild(el("span", option.key, "key"));
    const label = el("span", option.text);
    if (!option.enabled && option.reason) label.appendChild(el("span", option.reason, "reason"));
    button.appendChild(label);
    const odds = option.odds || option.hint;
    if (odds) button.appendChild(el("span", odds, "odds"));
    button.disabled = !option.enabled;
    button.addEventListener("click", () => decide(option.key, option.text));
    options.appendChild(button);
  }
  box.hidden = false;
}

function show(viewJson, { fresh = false } = {}) {
  const view = JSON.parse(viewJson);
  if (fresh) { story.replaceChildren(); $("ending").hidden = true; $("roll").hidden = true; }
  const firstNew = story.childElementCount;
  for (const event of view.events) drawEvent(event);
  drawSheet(view.sheet);
  drawChoices(view.offered);
  $("undo").disabled = !view.can_undo;
  $("note").textContent = view.note || "";
  if (view.finished) $("ending").focus?.();
  localStorage.setItem(storageKey, JSON.stringify(view.save));
  const anchor = story.children[firstNew];
  if (anchor && !fresh) anchor.scrollIntoView({ block: "start" });
}

function decide(key, text) {
  if (!engine || !offered) return;
  story.appendChild(el("p", "▸ " + text, "picked"));
  show(engine.choose(key));
}

document.addEventListener("keydown", (event) => {
  if (!offered || event.ctrlKey || event.metaKey || event.altKey) return;
  const option = offered.options.find((o) => o.key === event.key && o.enabled);
  if (option) { event.preventDefault(); decide(option.key, option.text); }
});

$("undo").addEventListener("click", () => engine && show(engine.undo(), { fresh: true }));
$("restart").addEventListener("click", () => {
  if (!engine || !confirm("Start a new game? The one in progress is lost.")) return;
  show(engine.new_game(adventureJson, newSeed()), { fresh: true });
});
$("journal-button").addEventListener("click", () => {
  const panel = $("journal");
  panel.hidden = !panel.hidden;
  $("journal-button").setAttribute("aria-expanded", String(!panel.hidden));
  if (!panel.hidden && engine) {
    const list = $("journal-entries");
    list.replaceChildren();
    const entries = JSON.parse(engine.journal());
    if (!entries.length) list.appendChild(el("li", "Nothing written yet."));
    for (const entry of entries) list.appendChild(el("li", `${entry.scene_title}: ${entry.text}`));
  }
});

// ?seed=N in the address starts new games with those dice (to share or test a run)
function newSeed() {
  const asked = new URLSearchParams(location.search).get("seed");
  return asked !== null && /^\d+$/.test(asked) ? Number(asked) : Math.floor(Math.random() * 2 ** 31);
}

async function main() {
  const [pyodide, zip, adventure] = await Promise.all([
    loadPyodide({ indexURL: new URL("./pyodide/", import.meta.url).href }),
    fetch("python.zip").then((r) => r.arrayBuffer()),
    fetch("adventure.json").then((r) => r.text()),
  ]);
  adventureJson = adventure;
  pyodide.unpackArchive(zip, "zip", { extractDir: "/home/pyodide/solo-lib" });
  pyodide.runPython("import sys; sys.path.insert(0, '/home/pyodide/solo-lib')");
  engine = pyodide.pyimport("solo.publish.web_play");
  const data = JSON.parse(adventure).adventure;
  storageKey = "solo:" + data.id;
  $("title").textContent = data.title || data.id;
  document.title = $("title").textContent;
  $("loading").hidden = true;
  const saved = localStorage.getItem(storageKey);
  if (saved) {
    try { show(engine.resume(adventureJson, saved), { fresh: true }); return; }
    catch (error) { $("note").textContent = "Could not resume the saved game; starting a new one."; }
  }
  show(engine.new_game(adventureJson, newSeed()), { fresh: true });
}

main().catch((error) => {
  $("loading").textContent = "The game could not start: " + error;
  console.error(error);
});
