"""Entry point for ``python -m solo``."""

from solo.cli import main

if __name__ == "__main__":
    main()
