"""Several public Voila processes behind Debian's nginx (``make serve-scaled PROCESSES=N``):
one address for the viewers, sticky sessions by the viewer cookie so a page and its kernel's
websocket reach the same process, and the viewer cookies signed with one key that every process
shares.

nginx hashes each request on the ``explorer_viewer`` cookie (``hash ... consistent``): a new
browser's first request (no cookie yet) goes to one process, which gives it the cookie; from
then on every request of that browser (its page, its kernel's socket, its shutdown call) goes
to the process its cookie hashes to, which accepts the cookie because the key is shared
(``PoolAwareKernelManager.viewer_key``). nginx passes the viewer's address on
(``X-Real-IP``), and each process trusts it (``PublicVoila.trust_xheaders``), so the caps per
address still see the viewers' own addresses.
"""

from __future__ import annotations

import os
import secrets
import shutil
import subprocess
import time
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path

from explorer.errors import ExplorerError
from explorer.serve import ROOT, _server, free_port, running_voila

NGINX_CONF = Path(__file__).with_name("nginx.conf")
"""The nginx configuration, a template: ``{{listen}}``, ``{{servers}}``, ``{{prefix}}`` and
``{{user}}`` are filled in by :func:`nginx_config`."""


def nginx() -> str:
    """The path of Debian's nginx, or an error saying how to install it."""
    path = shutil.which("nginx") or "/usr/sbin/nginx"
    if not Path(path).exists():
        raise ExplorerError("Debian's nginx is not installed: run `make serve-scaled` as root, "
                            "or `sudo apt-get install nginx`")
    return path


def nginx_config(listen: str, ports: list[int], prefix: Path) -> str:
    """The nginx configuration for the Voila processes on ``ports`` of 127.0.0.1, nginx
    listening on ``listen`` (``host:port``), its files under ``prefix``."""
    text = NGINX_CONF.read_text(encoding="utf-8")
    servers = "\n".join(f"        server 127.0.0.1:{port} max_fails=0;" for port in ports)
    user = "user root;" if os.geteuid() == 0 else ""  # workers that can read the prefix
    for name, value in (("listen", listen), ("servers", servers), ("prefix", str(prefix)),
                        ("user", user)):
        text = text.replace("{{" + name + "}}", value)
    return text


@contextmanager
def running_scaled(processes: int = 2, notebooks: str = "notebooks/",
                   host: str = "127.0.0.1", port: int | None = None,
                   extra: tuple[str, ...] = (), folder: Path | None = None,
                   timeout: float = 120, cwd: Path = ROOT) -> Iterator[tuple[str, list[Path]]]:
    """Run ``processes`` public Voila processes (from ``cwd``, as :func:`running_voila` runs
    one) and nginx in front of them on ``host:port``; yield (nginx's base URL, the processes'
    logs); stop them all after. Logs and nginx's files go to ``folder`` (a temporary one when
    None)."""
    if processes < 1:
        raise ExplorerError(f"processes must be 1 or more; found {processes}")
    binary = nginx()
    port = free_port() if port is None else port
    key = secrets.token_hex(32)
    with ExitStack() as stack:
        if folder is None:
            import tempfile

            folder = Path(stack.enter_context(tempfile.TemporaryDirectory(prefix="scaled-")))
        folder.mkdir(parents=True, exist_ok=True)
        ports = [free_port() for _ in range(processes)]
        logs = []
        for number, voila_port in enumerate(ports):
            log = folder / f"voila-{number + 1}.log"
            logs.append(log)
            stack.enter_context(running_voila(
                notebooks, port=voila_port, log_path=log, timeout=timeout, cwd=cwd,
                extra=(f"--PoolAwareKernelManager.viewer_key={key}",
                       "--PublicVoila.trust_xheaders=True", *extra)))
        prefix = folder / "nginx"
        (prefix / "logs").mkdir(parents=True, exist_ok=True)
        config = prefix / "nginx.conf"
        config.write_text(nginx_config(f"{host}:{port}", ports, prefix), encoding="utf-8")
        checked = subprocess.run([binary, "-t", "-p", str(prefix), "-c", str(config)],
                                 capture_output=True, text=True, check=False)
        if checked.returncode:
            raise ExplorerError(f"nginx refused its configuration:\n{checked.stderr}")
        stack.enter_context(_server(
            [binary, "-p", str(prefix), "-c", str(config), "-g", "daemon off;"], cwd,
            f"http://{host}:{port}/voila/static/voila.js", "nginx", timeout,
            prefix / "logs" / "nginx.out"))
        yield f"http://{host}:{port}", logs


def serve_scaled(processes: int, host: str, port: int) -> int:
    """``make serve-scaled``: the processes and nginx until interrupted (Ctrl-C)."""
    print(f"Starting {processes} Voila processes behind nginx", flush=True)
    try:
        with running_scaled(processes, host=host, port=port,
                            extra=(f"--Voila.ip={host}",)) as (url, logs):
            print(f"Serving the dashboards at {url}/ (start at "
                  f"{url}/voila/render/index.ipynb); the processes' logs: "
                  f"{', '.join(str(log) for log in logs)}. Ctrl-C stops them.", flush=True)
            while True:
                time.sleep(3600)
    except KeyboardInterrupt:
        return 0
    except ExplorerError as error:
        print(f"serve-scaled: {error}", flush=True)
        return 1
