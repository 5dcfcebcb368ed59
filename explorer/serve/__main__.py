"""``python -m explorer.serve voila ARGS`` (the public Voila) or ``lab``."""

import sys

from explorer.serve import lab, voila_main

if __name__ == "__main__":
    if sys.argv[1:2] == ["voila"]:
        voila_main(sys.argv[2:])
        raise SystemExit(0)
    import argparse

    parser = argparse.ArgumentParser(description="Start the project's servers.")
    parser.add_argument("what", choices=["lab"])
    parser.add_argument("--port", type=int, default=8888)
    arguments = parser.parse_args()
    raise SystemExit(lab(arguments.port))
