"""Exact analysis of an adventure: the probability of each ending and objective, computed.

* :mod:`.outcomes`: checks and tables as exact distributions over what the adventure can tell
  apart (outcome labels and branches, table rows).
* :mod:`.explore`: every game state that matters, reached on the real engine, as a finite graph.
* :mod:`.solve`: that graph as a Markov chain (a random player) or a decision process (the best or
  worst player), solved exactly with fractions.
* :mod:`.command`: what ``solo analyze`` runs, with its fallback to sampling when the state space
  is too large; :mod:`.checks` the table of every check's odds (``--checks``).
"""
