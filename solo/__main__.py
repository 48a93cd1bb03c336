"""Entry point for ``python -m solo`` and the ``solo`` command.

``solo --version`` is answered here, before the command line (click and everything it pulls in)
is imported: it needs nothing but the version. Every other command goes to :mod:`solo.cli`.
"""

import sys


def main() -> None:
    if sys.argv[1:] == ["--version"]:
        from solo import __version__

        print(f"solo, version {__version__}")  # the words click's version option prints
        return
    from solo.cli import main as run

    run()


if __name__ == "__main__":
    main()
