"""Several public Voila processes behind Debian's nginx (``make serve-scaled PROCESSES=N``):
one address for the viewers, sticky sessions by the viewer cookie so a page and its kernel's
websocket reach the same process, and the viewer cookies signed with one key that every process
shares.

nginx hashes each request on the ``explorer_viewer`` cookie (``hash ... consistent``): a new
browser's first request (no cookie yet) goes to one process, which gives it the cookie; from
then on every request of that browser (its page, its kernel's socket, its shutdown call) goes
to the process its cookie hashes to, which accepts the cookie because the key is shared
(``PoolAwareKernelManager.viewer_key``). nginx passes the viewer's address on
(``X-Real-IP``), and each process trusts it from nginx's address alone
(``PublicVoila.trust_xheaders``, ``PublicVoila.trusted_proxies``), so the caps per address
still see the viewers' own addresses. The processes listen on 127.0.0.1 whatever address nginx
serves on, so only what runs on this machine reaches them.

Against slow and greedy clients nginx times out unfinished headers and stalled bodies, caps
the connections and the requests a second of each address (:data:`PER_ADDRESS`,
:data:`RATE`, :data:`BURST`) and fits its connections to the descriptors it may hold
(:func:`descriptors`).
"""

from __future__ import annotations

import os
import resource
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
"""The nginx configuration, a template whose names in double braces :func:`nginx_config`
fills in."""
PER_ADDRESS = 512
"""The most connections one address may hold through nginx at once: a class of 30 browsers
behind one school address, each with its 6 connections for pages and files and a socket or
three per page, and well under what one Voila process may hold (a browser with no cookie yet
always reaches the same process)."""
RATE = 100
"""Requests a second one address may make through nginx, on average."""
BURST = 2000
"""Requests one address may make at once above :data:`RATE` (a class opening its pages
together: some 30 requests a page)."""
SPARE_DESCRIPTORS = 64
"""Descriptors nginx keeps for its own files (logs, listening sockets) beside its
connections."""
ROOT_DESCRIPTORS = 65536
"""The descriptors nginx gives itself when it runs as root (which may raise its hard limit)."""


def nginx() -> str:
    """The path of Debian's nginx, or an error saying how to install it."""
    path = shutil.which("nginx") or "/usr/sbin/nginx"
    if not Path(path).exists():
        raise ExplorerError("Debian's nginx is not installed: run `make serve-scaled` as root, "
                            "or `sudo apt-get install nginx`")
    return path


def descriptors() -> int:
    """The descriptors nginx may hold: its hard limit, or :data:`ROOT_DESCRIPTORS` as root if
    that is more (at least 1,024: nginx's own default connections need it)."""
    hard = resource.getrlimit(resource.RLIMIT_NOFILE)[1]
    if hard == resource.RLIM_INFINITY:
        hard = ROOT_DESCRIPTORS
    if os.geteuid() == 0:
        hard = max(hard, ROOT_DESCRIPTORS)
    return max(1024, hard)


def nginx_config(listen: str, ports: list[int], prefix: Path,
                 limit: int | None = None) -> str:
    """The nginx configuration for the Voila processes on ``ports`` of 127.0.0.1, nginx
    listening on ``listen`` (``host:port``), its files under ``prefix``, holding up to
    ``limit`` descriptors (:func:`descriptors` when None)."""
    limit = descriptors() if limit is None else limit
    if limit <= SPARE_DESCRIPTORS * 2:
        raise ExplorerError(f"nginx needs more than {SPARE_DESCRIPTORS * 2} descriptors; "
                            f"found a limit of {limit}")
    text = NGINX_CONF.read_text(encoding="utf-8")
    servers = "\n".join(f"        server 127.0.0.1:{port} max_fails=0;" for port in ports)
    user = "user root;" if os.geteuid() == 0 else ""  # workers that can read the prefix
    for name, value in (("listen", listen), ("servers", servers), ("prefix", str(prefix)),
                        ("user", user), ("descriptors", str(limit)),
                        ("connections", str(limit - SPARE_DESCRIPTORS)),
                        ("per_address", str(PER_ADDRESS)), ("rate", str(RATE)),
                        ("burst", str(BURST))):
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
    """``make serve-scaled``: the processes and nginx until interrupted (Ctrl-C). nginx
    serves on ``host``; the processes listen on 127.0.0.1 whatever it is."""
    print(f"Starting {processes} Voila processes behind nginx", flush=True)
    try:
        with running_scaled(processes, host=host, port=port) as (url, logs):
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
