"""The adventure format's constructs, each defined once: effects, expression functions and branches.

:mod:`.effects` names every effect an adventure may use and what each does; :mod:`.functions` the
functions and built-in variables expressions may read; :mod:`.branches` the outcome labels every
system understands and the rules that pick the branch a roll's outcome or a conflict's result
takes. The engine, the validator, ``solo graph``, the playtest and the analysis read them from
here; ``tests/adventure/test_format_registry.py`` checks that the JSON schema, the engine's
handlers, the validator's checks and ``docs/format.md`` agree with them.
"""
