"""Entry point for ``python -m solo`` and the ``solo`` command.

``solo --version`` is answered here, before the command line (click and everything it pulls in)
is imported: it needs nothing but the version. Every other command goes to :mod:`solo.cli`,
once SIGTERM and SIGHUP are set to stop solo quietly and Ctrl-C to leave with 130 and one line
(:mod:`solo.stopping`), so that being stopped during those imports leaves the same way as later.
"""

import sys


def main() -> None:
    if sys.argv[1:] == ["--version"]:
        from solo import __version__

        print(f"solo, version {__version__}")  # the words click's version option prints
        return
    try:
        from solo import stopping

        stopping.install()
        from solo.cli import main as run

        run()
    except KeyboardInterrupt as stop:  # landed before the command line took charge of it
        import signal

        signal.signal(signal.SIGINT, signal.SIG_IGN)  # leaving is not itself interrupted
        status = getattr(stop, "exit_status", None)  # told by a signal: leave quietly
        if status is None:  # Ctrl-C: say so, in the words solo.cli leaves it with
            print("solo: interrupted", file=sys.stderr)
            status = 130
        sys.exit(status)


if __name__ == "__main__":
    main()
