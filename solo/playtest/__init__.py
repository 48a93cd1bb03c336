"""Playtests: many seeded playthroughs of an adventure by a bot, and what they reveal.

``solo playtest`` plays an adventure N times on the same engine as ``solo play`` (what is tested
is what is played) and reports endings, objectives, visits, dead ends and failing checks.

* :mod:`.policies`: how the bot chooses (random, cautious, greedy, explorer) and how it plays
  the dice (the way the exact odds assume).
* :mod:`.runner`: one run as a pure, picklable function of (spec, index), batches of runs, seeds.
* :mod:`.executors`: where batches run (in this process, a local process pool, a Dask cluster).
* :mod:`.report`: turning the runs, in run order, into one JSON-ready report.
* :mod:`.exhaustive`: the quicktest-style sweep that takes every choice and outcome once.
* :mod:`.view` and :mod:`.html`: the report as rich tables and as one self-contained HTML file.
"""
