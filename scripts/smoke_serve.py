"""CI's smoke test of the production profile (issue #13): ``make serve`` on a fresh database,
then what a player does first, over HTTP (a sheet printed by the task worker, then rendered
ahead by it after an edit), then ``check --deploy`` with HTTPS settings; it stops everything
it started. Exit 0 when all of it works; else it says what did not.

    .venv/bin/python scripts/smoke_serve.py
"""

from __future__ import annotations

import http.cookiejar
import json
import os
import re
import secrets
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PASSWORD = "Smoke-" + secrets.token_urlsafe(12)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Client:
    """A browser's worth of HTTP: cookies kept, redirects followed, CSRF sent."""

    def __init__(self, base: str) -> None:
        self.base = base
        self.jar = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.jar))

    def get(self, path: str, headers: dict[str, str] | None = None):
        request = urllib.request.Request(self.base + path, headers=headers or {})
        return self.opener.open(request, timeout=60)

    def post(self, path: str, data: dict[str, str]):
        csrf = next(c.value for c in self.jar if c.name == "csrftoken")
        body = urllib.parse.urlencode({**data, "csrfmiddlewaretoken": csrf}).encode()
        request = urllib.request.Request(
            self.base + path, data=body, headers={"Referer": self.base + path}
        )
        return self.opener.open(request, timeout=60)


def check(condition: bool, what: str) -> None:
    print(("ok   " if condition else "FAIL ") + what, flush=True)
    if not condition:
        raise SystemExit(1)


def wait_healthy(client: Client, server: subprocess.Popen, seconds: float = 180) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if server.poll() is not None:
            raise SystemExit(f"make serve stopped (exit {server.returncode})")
        try:
            with client.get("/healthz") as response:
                body = json.load(response)
                check(body["status"] == "ok", f"/healthz: {body}")
                return
        except (urllib.error.URLError, ConnectionError):
            time.sleep(0.5)
    raise SystemExit("make serve did not answer /healthz in time")


RENDERED = """
from django_tasks_db.models import DBTaskResult
from rosters.models import Squad
version = Squad.objects.get(pk={pk}).version
done = DBTaskResult.objects.filter(
    task_path="printing.tasks.render_sheet", status="SUCCESSFUL", return_value="rendered"
)
print("rendered:", sum(1 for t in done if t.args_kwargs["args"][:2] == [{pk}, version]))
"""


def rendered(env: dict[str, str], pk: str, seconds: float = 60) -> bool:
    """Whether a task worker of ``make serve`` rendered the squad's sheet at its current
    version (it waits for it)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        out = subprocess.run(
            [sys.executable, "manage.py", "shell", "-c", RENDERED.format(pk=int(pk))],
            cwd=ROOT, env=env, capture_output=True, text=True, check=True,
        ).stdout  # fmt: skip
        count = re.search(r"^rendered: (\d+)$", out, re.MULTILINE)  # the shell says more
        if count and int(count.group(1)) > 0:
            return True
        time.sleep(1)
    return False


def player(client: Client, env: dict[str, str]) -> None:
    with client.get("/") as response:
        page = response.read().decode()
    css = re.search(r'href="(/static/css/site\.[0-9a-f]{12}\.css)"', page)
    check(css is not None, "the home page links its stylesheet under a hashed name")
    with client.get(css.group(1), {"Accept-Encoding": "gzip"}) as response:
        check(response.status == 200, f"{css.group(1)} is served")
        check(response.headers["Content-Type"].startswith("text/css"), "as CSS")
        check("immutable" in response.headers["Cache-Control"], "cached for good")
        check(response.headers.get("Content-Encoding") == "gzip", "compressed")
    with client.get("/") as response:
        check("default-src 'self'" in response.headers["Content-Security-Policy"], "CSP set")

    client.get("/accounts/signup/").close()
    with client.post("/accounts/signup/", {"username": "smoke", "password1": PASSWORD,
                                           "password2": PASSWORD}) as response:  # fmt: skip
        check(response.url.endswith("/squads/"), "sign-up logs in")
    roster = {"format": "squad-roster/1", "system": "bolt-action", "name": "Smoke Platoon",
              "units": [{"name": "Panzer IV", "kind": "medium-tank", "quality": "regular",
                         "equipment": [{"item": "anti-tank-gun"}]}]}  # fmt: skip
    client.get("/squads/import/").close()
    with client.post("/squads/import/", {"text": json.dumps(roster)}) as response:
        squad = re.search(r"/squads/(\d+)/$", response.url)
        check(squad is not None, "a force is imported")
    pk = squad.group(1)
    # The first download of each PDF says it is on its way (the page asks again with htmx),
    # the worker prints it, a later download gets it.
    sheet = f"/print/squads/{pk}/sheet.pdf"
    check(downloaded_once_printed(client, sheet), "the worker printed the sheet asked for")
    with client.post(f"/squads/{pk}/edit/", {"name": "Smoke Platoon II"}) as response:
        check(response.status == 200, "and renamed")
    with client.get(f"/squads/{pk}/") as response:
        check("Smoke Platoon II" in response.read().decode(), "the edit is stored")
    check(rendered(env, pk), "the worker rendered the sheet of the squad printed before ahead")
    with client.get(sheet) as response:
        body = response.read()
        check(response.status == 200, "the sheet after the edit downloads at once")
        check(response.headers["Content-Type"] == "application/pdf", "its sheet is a PDF")
        check(body.startswith(b"%PDF") and len(body) > 5000, f"of {len(body)} bytes")
    cards = f"/print/squads/{pk}/cards.pdf?paper=letter"  # not rendered ahead: on its way
    check(downloaded_once_printed(client, cards), "the worker printed the cards asked for")


def downloaded_once_printed(client: Client, path: str) -> bool:
    """Whether the first download of ``path``, told not to wait (``Prefer:
    respond-async``), answers that it is on its way (202, with the htmx line that asks again
    after its Retry-After) and a later one, which waits for the worker, gets the PDF it
    printed."""
    with client.get(path, headers={"Prefer": "respond-async"}) as response:
        page = response.read().decode()
        check(response.status == 202 and "hx-get" in page, f"{path} is on its way (202)")
        check(int(response.headers["Retry-After"]) >= 1, "and says when to ask again")
    for _ in range(30):
        with client.get(path) as response:  # waits for the worker's word
            body = response.read()
            if response.status == 200:
                return body.startswith(b"%PDF")
        time.sleep(0.5)
    return False


def main() -> int:
    port, redis_port = free_port(), free_port()
    workdir = Path(tempfile.mkdtemp(prefix="smoke-"))
    env = {
        **os.environ,
        "DATABASE_URL": os.environ.get("SMOKE_DATABASE_URL", f"sqlite:///{workdir / 'db.sqlite3'}"),
        "BIND": f"127.0.0.1:{port}",
        "REDIS_PORT": str(redis_port),
        "STATIC_ROOT": str(workdir / "static"),
        "SECRET_KEY": secrets.token_urlsafe(50),
    }  # fmt: skip
    env.pop("REDIS_URL", None)  # make serve starts its own
    log = open(workdir / "serve.log", "w")  # noqa: SIM115  (closed at the end)
    server = subprocess.Popen(["make", "serve"], cwd=ROOT, env=env, stdout=log,
                              stderr=subprocess.STDOUT, start_new_session=True)  # fmt: skip
    client = Client(f"http://127.0.0.1:{port}")
    try:
        wait_healthy(client, server)
        player(client, env)
        deploy = subprocess.run(
            [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
            cwd=ROOT, capture_output=True, text=True,
            env={**env, "DEBUG": "0", "HTTPS": "1", "ALLOWED_HOSTS": "club.example"},
        )  # fmt: skip
        check(deploy.returncode == 0, "check --deploy with HTTPS settings: " + (
            deploy.stdout.strip() or deploy.stderr.strip()))  # fmt: skip
    except BaseException:
        log.flush()
        print((workdir / "serve.log").read_text()[-4000:], file=sys.stderr)
        raise
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        try:
            server.wait(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(server.pid, signal.SIGKILL)
        log.close()
    for _ in range(100):  # Redis takes a moment to shut down
        try:
            socket.create_connection(("127.0.0.1", redis_port), timeout=1).close()
        except OSError:
            break
        time.sleep(0.1)
    else:
        check(False, "the Redis server make serve started is still running")
    check(True, "make serve stopped everything it started")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
