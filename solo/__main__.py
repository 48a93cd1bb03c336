"""Entry point for ``python -m solo`` and the ``solo`` command.

``solo --version`` is answered here, before the command line (click and everything it pulls in)
is imported: it needs nothing but the version. Every other command goes to :mod:`solo.cli`,
once SIGTERM and SIGHUP are set to stop solo quietly (:mod:`solo.stopping`), so that a stop
during those imports leaves with 128 + the signal's number too.
"""

import sys


def main() -> None:
    if sys.argv[1:] == ["--version"]:
        from solo import __version__

        print(f"solo, version {__version__}")  # the words click's version option prints
        return
    from solo import stopping

    try:
        stopping.install()
        from solo.cli import main as run

        run()
    except stopping.Stopped as stop:  # landed before the command line took charge of it
        sys.exit(stop.exit_status)


if __name__ == "__main__":
    main()
