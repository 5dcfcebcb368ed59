"""The public server's HTTP layer against a crafted client (issue 26, items 3, 6, 7 and 8): a
real Voila started as ``make serve`` starts it on a small site, and HTTP requests made here by
hand (headers such as ``Sec-Fetch-Dest``, ``Referer`` and ``Cookie`` set as a crafted client set
them), not through a page.

Every test speaks from a client address of its own on the loopback network (127.0.0.N), so the
limits per address of one test do not touch another's."""

from __future__ import annotations

import asyncio
import base64
import http.client
import json
import os
import re
import socket
import time
from concurrent.futures import ThreadPoolExecutor
from http.cookies import SimpleCookie
from pathlib import Path

import pytest

from explorer.serve import running_voila
from explorer.serve.kernels import VIEWER_COOKIE
from explorer.serve.pages import NOT_A_PAGE, REFERRER_POLICY
from explorer.viewer_client import Viewer

from .small_site import small_site

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]

STARTS = 3
"""Pages one address may open in a minute on this module's server."""
UNCONNECTED = 20
"""Seconds within which a page's kernel must be connected to on this module's server."""
PAGE = "/voila/render/one.ipynb"
KERNEL_ID = re.compile(r'"kernelId":\s*"([0-9a-f-]{36})"')
CROSS_SITE_IMAGE = {"Sec-Fetch-Dest": "image", "Sec-Fetch-Mode": "no-cors",
                    "Sec-Fetch-Site": "cross-site", "Referer": "https://evil.example/"}
"""The headers of an ``<img>`` on another site pointing at a page (and no cookie)."""
NAVIGATION = {"Sec-Fetch-Dest": "document", "Sec-Fetch-Mode": "navigate",
              "Sec-Fetch-Site": "none", "Sec-Fetch-User": "?1"}
"""The headers of a viewer typing the page's address."""


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> tuple[str, Path]:
    """(base URL, log) of the public Voila on one notebook (and a landing page of markdown
    only, a hidden image, a shown image, a folder), with :data:`STARTS` pages a minute per
    address and :data:`UNCONNECTED` seconds for a page to connect."""
    folder = tmp_path_factory.mktemp("http")
    pages = small_site(folder)
    site = folder / pages
    landing = json.loads((site / "one.ipynb").read_text(encoding="utf-8"))
    landing["cells"] = [{"cell_type": "markdown", "id": "m1", "metadata": {},
                         "source": ["# Welcome\n", "\n", "Open [the page](one.ipynb)."]}]
    (site / "index.ipynb").write_text(json.dumps(landing), encoding="utf-8")
    (site / ".secret.png").write_bytes(b"\x89PNG secret")
    (site / "shown.png").write_bytes(b"\x89PNG shown")
    (site / "sub").mkdir()
    (site / "sub" / "two.png").write_bytes(b"\x89PNG two")
    log = folder / "voila.log"
    with running_voila(pages, log_path=log, cwd=folder, extra=(
            f"--PoolAwareKernelManager.max_starts_per_client={STARTS}",
            f"--PoolAwareKernelManager.cull_unconnected_timeout={UNCONNECTED}")) as url:
        yield url, log


class Answer:
    """One HTTP answer: status, headers, body, and the cookies it set."""

    def __init__(self, response: http.client.HTTPResponse) -> None:
        self.status = response.status
        self.headers = response.headers
        self.body = response.read().decode("utf-8", "replace")
        self.cookies = {name: morsel.value for header in response.headers.get_all(
            "Set-Cookie") or () for name, morsel in SimpleCookie(header).items()}

    @property
    def kernel_id(self) -> str:
        """The kernel the page was drawn with."""
        found = KERNEL_ID.search(self.body)
        assert found, f"no kernel in the page ({self.status}): {self.body[:200]}"
        return found.group(1)


def send(url: str, client: str, path: str, method: str = "GET",
         headers: dict[str, str] | None = None, cookies: dict[str, str] | None = None,
         timeout: float = 120) -> Answer:
    """``method path`` from the client address ``client`` (127.0.0.N), with exactly these
    ``headers`` and ``cookies`` (nothing else a browser would add)."""
    host, port = url.split("//", 1)[1].rsplit(":", 1)
    connection = http.client.HTTPConnection(host, int(port), timeout=timeout,
                                            source_address=(client, 0))
    try:
        sent = dict(headers or {})
        if cookies:
            sent["Cookie"] = "; ".join(f"{k}={v}" for k, v in cookies.items())
        connection.request(method, path, body=b"" if method in {"POST", "DELETE"} else None,
                           headers=sent)
        return Answer(connection.getresponse())
    finally:
        connection.close()


def visit(url: str, client: str, path: str, headers: dict[str, str] | None = None,
          jar: dict[str, str] | None = None) -> Answer:
    """``GET path`` as a browser does it: the cookies kept in ``jar`` (a new browser's when
    None) and sent back, redirects followed; the last answer, with every cookie of the jar."""
    jar = {} if jar is None else jar
    for _ in range(5):
        answer = send(url, client, path, headers=headers, cookies=jar)
        jar.update(answer.cookies)
        if answer.status not in (301, 302, 303, 307):
            break
        path = answer.headers["Location"]
    answer.cookies = dict(jar)
    return answer


def query_socket(url: str, kernel_id: str, cookies: dict[str, str]) -> str:
    """Open ``/voila/query/<kernel_id>`` with ``cookies``: ``"open"`` if the socket opened,
    else the refusal's status."""
    from tornado.httpclient import HTTPClientError, HTTPRequest
    from tornado.websocket import websocket_connect

    async def attempt() -> str:
        request = HTTPRequest(f"ws{url[4:]}/voila/query/{kernel_id}", headers={
            "Cookie": "; ".join(f"{k}={v}" for k, v in cookies.items())})
        try:
            socket = await asyncio.wait_for(websocket_connect(request), 30)
        except HTTPClientError as error:
            return str(error.code)
        socket.close()
        return "open"

    with ThreadPoolExecutor(1) as pool:  # Playwright's sync API may hold this thread's loop
        return pool.submit(asyncio.run, attempt()).result()


def upgrade(url: str, client: str, path: str, cookies: dict[str, str]) -> str:
    """The head of the answer to a websocket upgrade of ``path`` (status line and headers)."""
    host, port = url.split("//", 1)[1].rsplit(":", 1)
    with socket.create_connection((host, int(port)), timeout=60,
                                  source_address=(client, 0)) as connection:
        connection.sendall(
            f"GET {path} HTTP/1.1\r\nHost: {host}:{port}\r\nUpgrade: websocket\r\n"
            "Connection: Upgrade\r\nSec-WebSocket-Version: 13\r\n"
            f"Sec-WebSocket-Key: {base64.b64encode(os.urandom(16)).decode()}\r\n"
            f"Origin: {url}\r\nCookie: "
            f"{'; '.join(f'{k}={v}' for k, v in cookies.items())}\r\n\r\n".encode())
        head = b""
        while b"\r\n\r\n" not in head:
            more = connection.recv(4096)
            if not more:
                break
            head += more
    return head.split(b"\r\n\r\n", 1)[0].decode("latin-1")


def _around(text: str, found: str, lines: int = 30) -> str:
    """The lines of ``text`` from the first with ``found`` on (for a failure's message)."""
    rows = text.splitlines()
    first = next((i for i, row in enumerate(rows) if found in row), 0)
    return "\n".join(rows[first:first + lines])


def leave(url: str, client: str, page: Answer) -> None:
    """Leave ``page`` as a browser does: its shutdown call, with its cookies."""
    assert send(url, client, f"/voila/api/shutdown/{page.kernel_id}", "POST",
                headers={"X-XSRFToken": page.cookies["_xsrf"]},
                cookies=page.cookies).status == 204


def wait_for(log: Path, text: str, timeout: float) -> None:
    """Wait until the server's log has ``text``."""
    deadline = time.monotonic() + timeout
    while text not in log.read_text(encoding="utf-8"):
        assert time.monotonic() < deadline, f"the log never said {text!r}"
        time.sleep(0.3)


def test_item3_an_address_opening_pages_in_a_loop_is_told_to_wait(server) -> None:
    url, log = server
    client = "127.0.0.3"
    for _ in range(STARTS):  # each page's kernel is replaced in the pool: not counted
        assert visit(url, client, PAGE).status == 200  # a new browser each time
    refused = visit(url, client, PAGE)
    assert refused.status == 429
    assert 1 <= int(refused.headers["Retry-After"]) <= 60
    assert "Too many pages at once" in refused.body
    assert f"{STARTS} pages in a minute from your address" in refused.body
    assert KERNEL_ID.search(refused.body) is None
    wait_for(log, f"Refused a page to {client}: {STARTS} pages in a minute from your address "
             "already", 10)
    # another address is not held up, and the pool still hands its kernels out
    assert visit(url, "127.0.0.4", PAGE, headers=NAVIGATION).status == 200


def test_item1_a_flood_of_requests_keeping_no_cookie_starts_no_kernel(server) -> None:
    """Issue 29 item 1: a page is drawn only for a browser that sends back the cookie the
    server signed; a client that keeps none gets a cookie and a redirect, then a page saying
    the site needs cookies, however often it asks (and it does not use up the pages its
    address may open)."""
    url, log = server
    client = "127.0.0.5"
    answers = []
    for _ in range(3 * STARTS):
        answers.append(send(url, client, PAGE))
        answers.append(send(url, client, answers[-1].headers["Location"]))
    for first, second in zip(answers[::2], answers[1::2], strict=True):
        assert (first.status, first.headers["Location"]) == (302, f"{PAGE}?cookie-check")
        assert VIEWER_COOKIE in first.cookies
        assert second.status == 403 and "This site needs cookies" in second.body
        assert KERNEL_ID.search(first.body + second.body) is None
    tokens = {answer.cookies[VIEWER_COOKIE] for answer in answers[::2]}
    assert len(tokens) == 3 * STARTS  # a new one each time: nothing kept of them
    # a made-up cookie of the right form is no better than none
    forged = send(url, client, PAGE, cookies={VIEWER_COOKIE: "0123456789abcdef" * 2})
    assert forged.status == 302 and KERNEL_ID.search(forged.body) is None
    wait_for(log, f"Refused a page to {client}: it keeps no cookie", 10)
    assert log.read_text(encoding="utf-8").count(  # once a minute per address and reason
        f"Refused a page to {client}: it keeps no cookie") == 1
    # the address's browser still gets its page, then, with its cookie, the page again
    jar: dict[str, str] = {}
    first = visit(url, client, PAGE, headers=NAVIGATION, jar=jar)
    again = send(url, client, PAGE, headers=NAVIGATION, cookies=jar)
    assert first.kernel_id and again.status == 200 and again.kernel_id != first.kernel_id
    again.cookies = dict(jar)
    for page in (first, again):
        leave(url, client, page)


def test_item6_a_page_that_is_not_a_top_level_navigation_gets_no_kernel(server) -> None:
    url, log = server
    client = "127.0.0.6"
    answers = [send(url, client, PAGE, headers=CROSS_SITE_IMAGE) for _ in range(6)]
    answers += [send(url, client, PAGE, headers={**CROSS_SITE_IMAGE, "Sec-Fetch-Dest": dest})
                for dest in ("script", "iframe", "empty")]
    for answer in answers:
        assert answer.status == 403 and answer.body == NOT_A_PAGE
        assert KERNEL_ID.search(answer.body) is None and VIEWER_COOKIE not in answer.cookies
    logged = log.read_text(encoding="utf-8")
    assert logged.count(f"Refused a page to {client}: requested as 'image', not as a "
                        "page") == 1  # once a minute per address and reason
    # nine requests, none counted: the address's real visitor gets its page, and so does a
    # client that sends no Sec-Fetch headers at all (an old browser, curl)
    visitor = visit(url, client, PAGE, headers=NAVIGATION)
    assert visitor.status == 200 and visitor.kernel_id
    assert visit(url, client, PAGE).status == 200


def test_item6_a_kernel_whose_page_never_connected_is_culled_within_seconds(server) -> None:
    url, log = server
    left = visit(url, "127.0.0.7", PAGE)  # the page, and never its socket
    kernel_id, cookies = left.kernel_id, left.cookies

    async def connected_viewer() -> str:
        viewer = Viewer(url, timeout=120)
        await viewer.open("one.ipynb")  # the page and its socket, as a browser
        await asyncio.sleep(UNCONNECTED + 5)
        await viewer.close(shutdown=False)
        return viewer.kernel_id

    with ThreadPoolExecutor(1) as pool:
        connected = pool.submit(asyncio.run, connected_viewer())
        wait_for(log, f"Culling kernel {kernel_id} of 127.0.0.7: its page never connected "
                 f"within {UNCONNECTED} s", UNCONNECTED + 60)
        wait_for(log, f"Kernel shutdown: {kernel_id}", 30)
        kept = connected.result()
    assert send(url, "127.0.0.7", f"/api/kernels/{kernel_id}", cookies=cookies).status == 404
    assert f"Culling kernel {kept}" not in log.read_text(encoding="utf-8")


def test_item7_another_viewers_kernel_id_shuts_nothing_down_and_reads_nothing(server) -> None:
    url, log = server
    owner = visit(url, "127.0.0.8", PAGE, headers=NAVIGATION)
    kernel_id, cookies = owner.kernel_id, owner.cookies
    assert VIEWER_COOKIE in cookies and "_xsrf" in cookies
    stranger = "127.0.0.9"
    forged = {"_xsrf": "made-up", VIEWER_COOKIE: "0123456789abcdef" * 2}  # a pair of its own
    xsrf = {"X-XSRFToken": "made-up"}
    shutdown = send(url, stranger, f"/voila/api/shutdown/{kernel_id}", "POST", headers=xsrf,
                    cookies=forged)
    delete = send(url, stranger, f"/api/kernels/{kernel_id}", "DELETE", headers=xsrf,
                  cookies=forged)
    delete_by_owner = send(url, "127.0.0.8", f"/api/kernels/{kernel_id}", "DELETE",
                           headers={"X-XSRFToken": cookies["_xsrf"]}, cookies=cookies)
    info = send(url, stranger, f"/api/kernels/{kernel_id}", cookies=forged)
    assert (shutdown.status, delete.status, delete_by_owner.status, info.status) == \
        (404, 403, 403, 404)
    assert kernel_id not in info.body
    assert query_socket(url, kernel_id, forged) == "404"
    assert query_socket(url, kernel_id, {}) == "404"
    # the kernel lives on, for its own browser only
    mine = send(url, "127.0.0.8", f"/api/kernels/{kernel_id}", cookies=cookies)
    assert mine.status == 200 and json.loads(mine.body)["id"] == kernel_id
    assert query_socket(url, kernel_id, cookies) == "open"
    assert f"Kernel shutdown: {kernel_id}" not in log.read_text(encoding="utf-8")
    # and its browser's shutdown call, as the page sends it when left, still works
    left = send(url, "127.0.0.8", f"/voila/api/shutdown/{kernel_id}", "POST",
                headers={"X-XSRFToken": cookies["_xsrf"]}, cookies=cookies)
    assert left.status == 204
    wait_for(log, f"Kernel shutdown: {kernel_id}", 30)


def test_item8_no_listings_no_hidden_files_no_500_and_no_banner(server) -> None:
    url, log = server
    client = "127.0.0.10"
    landing = send(url, client, "/")
    assert (landing.status, landing.headers["Location"]) == (302, "/voila/render/index.ipynb")
    for path in ("/voila/tree", "/voila/tree/sub", "/voila/api/contents",
                 "/voila/api/contents/sub"):
        listed = send(url, client, path)
        assert listed.status == 404, path
        assert "one.ipynb" not in listed.body and "two.png" not in listed.body, path
    assert send(url, client, "/voila/files/shown.png").status == 200  # allowlisted: served
    for path in ("/voila/files/.secret.png", "/voila/files/sub/../.secret.png",
                 "/voila/files/%2Esecret.png", "/voila/templates/lab/static/../index.html.j2",
                 "/voila/files/%00.png", "/voila/templates/lab/static/%00",
                 "/voila/render/%00", "/voila/static/%00x", "/voila/api/themes/%00",
                 "/voila/labextensions/%00", "/api/kernels/%00", "/voila/render/.one.ipynb"):
        stray = send(url, client, path)
        assert stray.status == 404, path
        assert "secret" not in stray.body, path
    logged = log.read_text(encoding="utf-8")
    assert "Uncaught exception" not in logged, _around(logged, "Uncaught exception")
    assert re.search(r"(^|\s)500 (GET|POST)", logged, re.MULTILINE) is None
    # a page with a trailing slash goes to the bare page (which the pool serves)
    page = visit(url, client, PAGE, headers=NAVIGATION)
    slashed = send(url, client, PAGE + "/", cookies=page.cookies)
    assert (slashed.status, slashed.headers["Location"]) == (302, PAGE)
    assert page.status == 200 and {"_xsrf", VIEWER_COOKIE} <= set(page.cookies)
    for header in page.headers.get_all("Set-Cookie"):
        assert "samesite=" in header.lower(), header
    answers = [page, landing, send(url, client, "/voila/static/voila.js"),
               send(url, client, "/no/such/page"), send(url, client, "/voila/files/%00.png"),
               send(url, client, PAGE, headers=CROSS_SITE_IMAGE)]
    for answer in answers:
        assert "Server" not in answer.headers, answer.headers["Server"]
        assert answer.headers["Referrer-Policy"] == REFERRER_POLICY
    upgraded = upgrade(url, client, f"/voila/query/{page.kernel_id}", page.cookies)
    assert upgraded.startswith("HTTP/1.1 101 ")  # the page's own socket: opened
    assert "\r\nserver:" not in upgraded.lower()
    assert f"\r\nReferrer-Policy: {REFERRER_POLICY}" in upgraded


def test_item1_the_landing_page_needs_no_kernel_no_cookie_and_no_place(server) -> None:
    """Issue 29 item 1: a page of markdown only (the landing page) is drawn without a kernel,
    for anyone, however often; the project's ``voila.json`` preheats none for it."""
    url, log = server
    client = "127.0.0.11"
    for _ in range(3 * STARTS):  # more than the pages an address may open in a minute
        landing = send(url, client, "/voila/render/index.ipynb")
        assert landing.status == 200 and KERNEL_ID.search(landing.body) is None
        assert VIEWER_COOKIE not in landing.cookies  # not even a viewer of its own
        assert "<h1" in landing.body and 'href="one.ipynb"' in landing.body
        assert "Welcome" in landing.body and "<script" not in landing.body
    logged = log.read_text(encoding="utf-8")
    assert "for index.ipynb" not in logged  # no preheated kernel was handed out for it
    assert "Kernel pool of index.ipynb is filled with 1" not in logged
    # the address may still open its pages: the landing page counted for nothing
    page = visit(url, client, PAGE, headers=NAVIGATION)
    assert page.kernel_id
    leave(url, client, page)
