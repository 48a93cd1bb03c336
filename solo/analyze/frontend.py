"""What ``solo analyze`` shows: JSON, or rich tables of endings, objectives, stuck states, checks."""

from __future__ import annotations

import json
import math
import shlex
import time
from typing import TYPE_CHECKING, Any

from solo.analyze import sampled_view
from solo.errors import BadRequest
from solo.progress import ProgressLine

if TYPE_CHECKING:  # the rest is imported once the first progress line is on the screen
    from rich.console import Console

    from solo.adventure.model import Adventure
    from solo.analyze.explore import Progress
    from solo.analyze.sampled import SampleProgress
    from solo.rules.base import Character


def _character(adventure: Adventure, name: str | None, save_dir: str | None) -> Character | None:
    if not name:
        return None
    for person in adventure.characters:
        if name in (person.id, person.name):
            return person.character(adventure.system)
    from solo.characters import CharacterStore

    stored = CharacterStore(save_dir).load(name)
    if stored.system != adventure.system:
        raise BadRequest(f"{stored.name} is a {stored.system} character; {adventure.title!r} is played with {adventure.system}")
    return stored


def progress_text(p: Progress | SampleProgress) -> str:
    """The progress line: states met and expanded, the rate, the bound so far, time left (or,
    sampling, :func:`solo.analyze.sampled_view.progress_text`)."""
    if hasattr(p, "runs"):  # sampling (the explorer's Progress is not imported before it is needed)
        return sampled_view.progress_text(p)  # type: ignore[arg-type]
    left = max(0.0, p.budget.seconds - p.seconds)
    bound = "" if p.unexplored is None else f", unexplored ≤ {p.unexplored * 100:.2f}%"
    if p.goal is not None:  # best or worst play: the goal's chance so far, the gap and its trend
        what, low, high = p.goal
        was = "" if p.before is None else f", {p.before[1] * 100:.2f} at {p.before[0]:.0f} s"
        bound = f", {what} {low * 100:.2f}-{high * 100:.2f}% (gap {(high - low) * 100:.2f} points{was})"
    return (f"analyze: {p.states} states, {p.expanded} explored, {p.rate:.0f}/s{bound}; "
            f"{p.seconds:.0f} s, stops within {left:.0f} s (budget){heading(p)}")


def heading(p: Progress) -> str:
    """Where the run is heading (:mod:`solo.analyze.projection`), told as soon as it can be:
    when the bound is met, about when; when it is out of reach, what is likely left at the end."""
    found = p.projection
    if found is None or p.unexplored is None or p.unexplored <= p.bound:
        return ""
    if found.to_bound is not None and found.to_bound <= p.budget.seconds:
        return f"; bound {p.bound * 100:g}% in about {max(0.0, found.to_bound - p.seconds):.0f} s"
    left = "points of gap left" if p.goal is not None else "% left unexplored"
    return f"; about {found.at_budget * 100:.0f}{left} at the budget: the bound is out of reach"


def run_analyze_command(*, adventure: str, character_name: str | None, policy: str, checks: bool, max_states: int,
                        seconds: float, memory_mb: int, bound: float, as_json: bool, save_dir: str | None,
                        console: Console, seed: int = 1, sample: bool = True) -> None:
    began = time.monotonic()  # the budget counts from here: loading and setup are part of the wait
    with ProgressLine() as line:  # something on the screen at once, before importing and loading
        line.show(f"analyze: loading {adventure}")
        from solo.analyze.checks import check_table
        from solo.analyze.command import analyze
        from solo.analyze.explore import Budget
        from solo.session import load_playable

        loaded = load_playable(adventure).adventure
    character = _character(loaded, character_name, save_dir)
    if checks:
        extra = character if character is not None and character.id not in {p.id for p in loaded.characters} else None
        table = check_table(loaded, extra)
        if as_json:
            console.out(json.dumps(table, indent=2), highlight=False)
        else:
            show_checks(table, console)
        return
    budget = Budget(seconds=seconds, memory_mb=memory_mb, max_states=max_states, since=began)
    with ProgressLine() as line:
        result = analyze(loaded, character, policy, budget=budget, bound=bound,
                         progress=lambda p: line.show(progress_text(p)), sample=sample, seed=seed)
    elapsed = time.monotonic() - began
    if as_json:
        console.out(json.dumps(result, indent=2), highlight=False)
        return
    show(result, loaded, console, elapsed, asked=AskedFor(adventure, character_name, seconds, max_states, memory_mb,
                                                          policy=policy, bound=bound, seed=seed, sample=sample))


#: A bound wider than this (in probability) leaves figures too loose to balance an adventure by:
#: the output says so and points at a sampled playtest, which answers at once.
WIDE_BOUND = 0.05
#: Playthroughs suggested instead: a standard error of about one point at 50%.
SUGGESTED_RUNS = 2000
#: The playtest bot nearest to each analyze policy (no bot plays as badly as possible).
PLAYTEST_POLICY = {"random": "random", "best": "careful", "worst": "careful-bottom", "cautious": "cautious",
                   "greedy": "greedy", "explorer": "explorer", "careful": "careful", "careful-top": "careful-top",
                   "careful-bottom": "careful-bottom", "soonest-loss": "soonest-loss"}


class AskedFor:
    """What the GM typed, to write the commands the output suggests: every option given is
    repeated in them (:meth:`analyze_command`), only the one suggested changes."""

    def __init__(self, adventure: str, character: str | None, seconds: float, max_states: int = 200_000,
                 memory_mb: int = 1500, *, policy: str = "random", bound: float = 0.005, seed: int = 1,
                 sample: bool = True) -> None:
        self.adventure, self.character = adventure, character
        self.seconds, self.max_states, self.memory_mb = seconds, max_states, memory_mb
        self.policy, self.bound, self.seed, self.sample = policy, bound, seed, sample

    def analyze_command(self, changed: list[str | None]) -> str:
        """``solo analyze`` with the options given (those not at their defaults) and ``changed``
        (option, value pairs) in place of their own, quoted for a shell."""
        given = {"--character": self.character, "--policy": None if self.policy == "random" else self.policy,
                 "--max-states": None if self.max_states == 200_000 else str(self.max_states),
                 "--time-limit": None if self.seconds == 120 else f"{self.seconds:g}",
                 "--memory-limit": None if self.memory_mb == 1500 else str(self.memory_mb),
                 "--bound": None if self.bound == 0.005 else f"{self.bound:g}",
                 "--seed": None if self.seed == 1 else str(self.seed)}
        given.update(zip(changed[::2], changed[1::2]))
        words = ["solo", "analyze", self.adventure]
        for option, value in given.items():
            if value is not None:
                words += [option, value]
        if not self.sample:
            words.append("--no-sampling")
        return " ".join(shlex.quote(w) for w in words)

    def more(self, stopped: str) -> list[str]:
        """The option that gives analyze more of the budget it ran out of (time unless it says otherwise)."""
        if "game states" in stopped:
            return ["--max-states", str(self.max_states * 10)]
        if "MB of memory" in stopped:
            return ["--memory-limit", str(self.memory_mb * 2)]
        return ["--time-limit", f"{max(600.0, self.seconds * 10):g}"]

    def more_time(self, result: dict[str, Any]) -> list[str]:
        """Like :meth:`more`, with the time the projection says the bound needs when it has one."""
        wanted = (result.get("projection") or {}).get("seconds_to_bound")
        if "time" in result["stopped"] and wanted is not None and wanted <= 86_400:  # a day: else not in sight
            return ["--time-limit", f"{math.ceil(wanted * 1.2 / 10) * 10:g}"]
        return self.more(result["stopped"])


def percent(p: float) -> str:
    return f"{p * 100:.2f}%"


def known_as(result: dict[str, Any]) -> tuple[str, float]:
    """How the figures of the endings table are known: (method, bound). For best and worst play
    they are those of the one play told (``result["play"]``), with its own bound; else the result's."""
    play = result.get("play")
    if isinstance(play, dict):
        return play["method"], play.get("bound", 0.0)
    return result["method"], result.get("bound", 0.0)


def figure(result: dict[str, Any], p: float) -> str:
    """One probability as shown: a single figure when exact; when bounded, the range it lies in."""
    method, bound = known_as(result)
    if method == "exact":
        return percent(p)
    return f"{percent(p)} – {percent(min(1.0, p + bound))}"


def suggestion(result: dict[str, Any], asked: AskedFor) -> str:
    """The plain line for a bound too wide to use: what answers now, and how to give analyze more of the budget it ran out of."""
    words = ["solo", "playtest", asked.adventure, "--runs", str(SUGGESTED_RUNS)]
    bot = PLAYTEST_POLICY[result["policy"]]
    if bot != "random":
        words += ["--policy", bot]
    if asked.character:
        words += ["--character", asked.character]
    sampled = " ".join(shlex.quote(w) for w in words)
    budget = asked.more_time(result)
    more = asked.analyze_command(["--policy", None if result["policy"] == "random" else result["policy"], *budget])
    what = {"--max-states": "more game states", "--memory-limit": "more memory"}.get(budget[0], "more time")
    like = {"best": " (a careful bot: near the best play, not at it)",
            "worst": " (the careful bot read the other way: towards the worst play, not at it)"}.get(result["policy"], "")
    wide = (f"The {result['policy']} play's chance of {result['goal']} is known only within "
            f"{result['bound'] * 100:.0f} points" if "goal" in result else
            f"These ranges are {result['bound'] * 100:.0f} points wide")
    return (f"{wide}, too wide to balance by. For sampled "
            f"odds now run `{sampled}`{like}; or give analyze {what}: `{more}`.")


def show(result: dict[str, Any], adventure: Adventure, console: Console, elapsed: float,
         asked: AskedFor | None = None) -> None:
    from rich.table import Table
    from rich.text import Text

    if result["method"] == "sampled":
        sampled_view.show(result, adventure, console, elapsed, asked)
        return
    if "goal" in result:  # best or worst play: what is known of its chance, then one play's endings
        show_goal(result, adventure, console, elapsed, asked)
    else:
        how = (f"exact, {result['states']} states" if result["method"] == "exact"
               else f"bounded, {result['states']} states, each true figure lies in the range shown (up to "
                    f"{result['bound'] * 100:.2f} percentage points above the figure reached so far)")
        console.print(Text(f"{adventure.title} ({adventure.id}): {result['policy']} play, {result['character']}; "
                           f"{how}; {elapsed:.2f} s, peak {result['peak_mb']:.0f} MB", style="bold"))
        if result["method"] != "exact":
            show_stop(result, console)
            show_unexplored(result, console)
            if result["bound"] > WIDE_BOUND and asked is not None:
                console.print(Text(suggestion(result, asked), style="bold yellow"))
    for note in result.get("notes", []):
        console.print(Text(f"Note: {note}", style="yellow"))
    table = Table(title="Endings", title_justify="left")
    method, bound = known_as(result)
    exact = method == "exact"
    columns = ("ending", "outcome", "probability", "exact") if exact else ("ending", "outcome", "probability (range)")
    for column in columns:
        table.add_column(column, justify="left" if column == "ending" else "right")
    for sid, p in sorted(result["endings"].items(), key=lambda kv: -kv[1]):
        scene = adventure.scenes[sid]
        cells: list[Text | str] = [Text(f"{scene.title} ({sid})"), scene.ending.outcome if scene.ending else "",
                                   figure(result, p)]
        table.add_row(*cells, *([result.get("exact", {}).get(sid, "")] if exact else []))
    console.print(table)
    if result["objectives"]:
        objectives = Table(title="Objectives", title_justify="left")
        objectives.add_column("objective")
        objectives.add_column("probability" if exact else "probability (range)", justify="right")
        for oid, p in result["objectives"].items():
            objectives.add_row(Text(adventure.objectives[oid].text), figure(result, p))
        console.print(objectives)
    for entry in result["stuck"]:
        title = adventure.scenes[entry["scene"]].title if entry["scene"] in adventure.scenes else entry["scene"]
        console.print(Text(f"Stuck (no ending can be reached any more) from {title} ({entry['scene']}): "
                           f"{figure(result, entry['probability'])}", style="red"))
        route = "; ".join(f"{step['scene'] or 'start'}: {step['decision']}"
                          + (f" [{', '.join(map(str, step['random']))}]" if step["random"] else "")
                          for step in entry.get("path", []))
        if route:
            console.print(Text(f"  reached by: {route}", style="red"))
    for entry in result["errors"]:
        console.print(Text(f"The engine fails in {entry['scene']}: {entry['error']} "
                           f"({entry['probability'] * 100:.2f}%)", style="red"))
    # "never reached" only where it is known: exact, or no unexplored mass that could still reach it
    bounded = not exact and bound > 0
    with_play = "this play" if "goal" in result else f"{result['policy']} play"
    beyond = set(result.get("unreachable_endings", ()))  # none that the unexplored part might reach
    of = result.get("unreachable_endings_of")
    where = "" if of is None else f" in {of_graph(of)}"
    for sid in [e for e, p in result["endings"].items() if p == 0]:
        if not bounded:
            console.print(Text(f"Ending {sid} is never reached with {with_play}", style="yellow"))
        elif sid in beyond:
            console.print(Text(f"Ending {sid} is never reached with {with_play}: neither the part explored "
                               f"nor any state left unexplored{where} can come to it", style="yellow"))
        elif bound <= WIDE_BOUND:
            console.print(Text(f"Ending {sid} is not reached in the part explored: at most "
                               f"{percent(min(1.0, bound))} with {with_play}", style="yellow"))


def of_graph(of: dict[str, Any]) -> str:
    """The graph a best or worst result's ``unreachable_endings`` are about, in words."""
    if of["graph"] == "search":
        return f"the {of['play']} play's search ({of['states']} states)"
    return f"{of['play']}'s own exploration, the {of['graph']} ({of['states']} states)"


def show_stop(result: dict[str, Any], console: Console) -> None:
    """Why exploration stopped, and the variables that took the most values."""
    from rich.text import Text

    console.print(Text(f"Stopped: {result['stopped']}", style="yellow"))
    if result.get("blowup"):
        console.print(Text("The variables that take the most values: "
                           + ", ".join(f"{b['variable']} ({b['values']})" for b in result["blowup"][:6]),
                           style="yellow"))


def show_unexplored(result: dict[str, Any], console: Console) -> None:
    """Where the unexplored probability (of the play told) was left."""
    from rich.text import Text

    where = [(k, v) for k, v in result.get("unexplored_by_scene", {}).items() if v > 0][:6]
    if where:
        console.print(Text("Where the unexplored probability was left: "
                           + ", ".join(f"{k} {v * 100:.2f}%" for k, v in where), style="yellow"))


def show_goal(result: dict[str, Any], adventure: Adventure, console: Console, elapsed: float,
              asked: AskedFor | None) -> None:
    """The head of a best or worst play's result: what is known of that play's chance of its
    goal, the floor (ceiling) a bot's play gives it, and which play the endings below are of."""
    from rich.text import Text

    policy, goal = result["policy"], result["goal"]
    console.print(Text(f"{adventure.title} ({adventure.id}): {policy} play, {result['character']}; "
                       f"{result['states']} states explored; {elapsed:.2f} s, peak {result['peak_mb']:.0f} MB",
                       style="bold"))
    low, high = result["goal_bounds"]
    if result["method"] == "exact":
        fraction = f" ({result['goal_exact']})" if "goal_exact" in result else ""
        known = f"exactly {percent(low)}{fraction}"
    else:
        known = f"between {percent(low)} and {percent(high)} (known within {result['bound'] * 100:.2f} points)"
    if policy == "worst":  # what a GM asks of the worst play: how often it can still win
        known += "; it never wins" if low >= 1 else f"; it wins at most {percent(1 - low)}"
    console.print(Text(f"The {policy} play's chance of {goal}: {known}", style="bold"))
    def known_by(fixed: dict[str, Any]) -> str:
        return "exact" if fixed["method"] == "exact" else f"at least, {fixed['states']} states explored"

    floor, ceiling = result.get("floor"), result.get("ceiling")
    if floor is not None:
        console.print(Text(f"Floor: the {floor['play']} bot's play wins {percent(floor['victory'])} ({known_by(floor)}), "
                           "so the best play wins at least that"))
    if ceiling is not None:
        console.print(Text(f"Ceiling: the {ceiling['play']} bot's play ends other than in victory "
                           f"{percent(ceiling['goal'])} of the time ({known_by(ceiling)}), so the worst play does at "
                           f"least that and wins at most {percent(ceiling['victory_at_most'])}"))
    if result["method"] != "exact":
        show_stop(result, console)
    play = result["play"]
    name = play["name"]
    who = (f"the {name} bot's play (`solo playtest --policy {name}` plays it)" if name not in ("best", "worst")
           else "the one the search found")
    how = (f"exact, {play['states']} states" if play["method"] == "exact"
           else f"bounded, {play['states']} states: each of its true figures lies in the range shown")
    optimal = result["method"] == "exact" and abs(play["goal"] - low) <= 1e-9
    if optimal:
        console.print(Text(f"The figures below are those of one {policy} play, {who}; {how}. Another play "
                           "as good may end differently: they are this play's, not every such play's."))
    else:
        reach = f"{percent(play['goal'])}" + ("" if play["method"] == "exact" else " or more")
        console.print(Text(f"The figures below are those of one play, {who}; {how}. It reaches {goal} {reach} "
                           "of the time: "
                           f"not necessarily a {policy} play, and another may end differently."))
    if play["method"] != "exact":
        show_unexplored(result, console)
    if result["method"] != "exact" and result["bound"] > WIDE_BOUND and asked is not None:
        console.print(Text(suggestion(result, asked), style="bold yellow"))


def show_checks(table: dict[str, Any], console: Console) -> None:
    from rich.table import Table
    from rich.text import Text

    grid = Table(title=f"Checks of {table['adventure']}: chance of success", title_justify="left")
    grid.add_column("check")
    grid.add_column("tests")
    for who in table["characters"]:
        grid.add_column(who, justify="right")
    for row in table["checks"]:
        cells = [row["odds"][who].get("percent", "—") for who in table["characters"]]
        grid.add_row(Text(f"{row['scene']}: {row['choice']}"), Text(row["tests"]), *cells)
    console.print(grid)
