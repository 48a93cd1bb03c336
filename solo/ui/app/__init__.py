"""The full-screen game: a Textual app in the terminal, and the same app in a browser (``solo serve``).

Importing this package alone imports nothing heavy; Textual is loaded by :mod:`solo.ui.app.app`
and only when a command asks for the full-screen mode, so line mode starts as fast as before.
"""
