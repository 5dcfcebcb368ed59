"""``python -m explorer.serve voila ARGS`` (the public Voila), ``scaled`` (several behind
nginx) or ``lab``."""

import sys

from explorer.serve import lab, voila_main

if __name__ == "__main__":
    if sys.argv[1:2] == ["voila"]:
        voila_main(sys.argv[2:])
        raise SystemExit(0)
    import argparse

    parser = argparse.ArgumentParser(description="Start the project's servers.")
    parser.add_argument("what", choices=["lab", "scaled"])
    parser.add_argument("--port", type=int, help="port (lab: 8888, scaled: 8866)")
    parser.add_argument("--host", default="127.0.0.1", help="scaled: the address to serve on")
    parser.add_argument("--processes", type=int, default=2,
                        help="scaled: Voila processes behind nginx (default 2)")
    arguments = parser.parse_args()
    if arguments.what == "scaled":
        from explorer.serve.scaled import serve_scaled

        if arguments.processes < 1:
            parser.error(f"--processes must be 1 or more; found {arguments.processes}")
        raise SystemExit(serve_scaled(arguments.processes, arguments.host,
                                      arguments.port or 8866))
    raise SystemExit(lab(arguments.port or 8888))
