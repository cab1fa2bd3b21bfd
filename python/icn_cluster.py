"""A client of an icn-emulator standing cluster's HTTP API, with nothing but Python's standard library.

Import it from the checkout (``sys.path.insert(0, "path/to/icn-emulator/python")``), then::

    import icn_cluster
    cluster = icn_cluster.Cluster()                      # the cluster recorded in $ICN_HOME/cluster.json (~/.icn)
    result = cluster.submit("broadcast", "--topology", "scc:6", "--algorithm", "one-port")
    result["steps"]                                      # what `icn broadcast ... --json` prints, as a dict
    for job in cluster.jobs(): print(job["id"], job["state"], job["commandLine"])
    cluster.fetch(job_id, "results")                     # the job's results directory, written here
    cluster.cancel(job_id)

Bad input raises ``IcnError`` with the one line the command prints. Before the cluster's token is sent anywhere, the process at
the API's address must prove it knows it (``GET /v1/proof``), so a process that took the port of a head that died receives
nothing.
"""

import base64
import hashlib
import hmac
import io
import json
import os
import secrets
import urllib.error
import urllib.request
import zipfile

__all__ = ["Cluster", "IcnError"]


class IcnError(Exception):
    """A submission refused or failed: the one line the command (or the API) says, and its exit code (2: bad input)."""

    def __init__(self, line, exit_code=None):
        super().__init__(line)
        self.line = line
        self.exit_code = exit_code


def _home():
    return os.environ.get("ICN_HOME") or os.path.join(os.path.expanduser("~"), ".icn")


class Cluster:
    """A standing cluster's API: ``api`` (``http://HOST:PORT``) and ``token``, by default those of the record in ``$ICN_HOME``."""

    def __init__(self, api=None, token=None, timeout=30):
        record = {}
        path = os.path.join(_home(), "cluster.json")
        if api is None or token is None:
            try:
                with open(path, encoding="utf-8") as f:
                    record = json.load(f)
            except FileNotFoundError:
                raise IcnError("no standing cluster is recorded in %s: start one with 'icn cluster start'" % path) from None
        self.api = (api or record["api"]).rstrip("/")
        self.token = token or os.environ.get("ICN_CLUSTER_TOKEN") or record.get("token", "")
        self.timeout = timeout
        self._proven = False

    # -- the API ----------------------------------------------------------------------------------------------------------

    def _prove(self):
        """The head proves it knows the token (an HMAC of a fresh nonce) before the token is sent to it."""
        if self._proven:
            return
        nonce = secrets.token_hex(16)
        try:
            with urllib.request.urlopen(self.api + "/v1/proof?nonce=" + nonce, timeout=self.timeout) as r:
                given = json.loads(r.read(4096)).get("proof", "")
        except (urllib.error.URLError, ValueError) as e:
            raise IcnError("no standing cluster answers at %s (%s)" % (self.api, e)) from None
        expected = hmac.new(self.token.encode(), b"icn-api-proof\n" + nonce.encode(), hashlib.sha256).hexdigest()
        if not hmac.compare_digest(expected, given):
            raise IcnError("the process answering at %s could not prove it is the standing cluster's head: nothing was sent to it"
                           % self.api)
        self._proven = True

    def _request(self, method, path, body=None, timeout=None):
        self._prove()
        headers = {"Authorization": "Bearer " + self.token}
        data = None
        if body is not None:
            data = json.dumps(body).encode()
            headers["Content-Type"] = "application/json"
        request = urllib.request.Request(self.api + path, data=data, method=method, headers=headers)
        try:
            return urllib.request.urlopen(request, timeout=timeout or self.timeout)
        except urllib.error.HTTPError as e:
            try:
                line = json.loads(e.read()).get("error", str(e))
            except ValueError:
                line = str(e)
            raise IcnError(line, 2 if e.code == 400 else None) from None

    def _json(self, method, path, body=None):
        with self._request(method, path, body) as r:
            return json.loads(r.read())

    # -- what a notebook calls ----------------------------------------------------------------------------------------------

    def status(self):
        """The cluster: its head, its workers with their health, what runs and what waits."""
        return self._json("GET", "/v1/cluster")

    def submit(self, *args, files=(), on_line=print):
        """Runs ``icn ARGS --json`` on the cluster and returns what it prints as a dict; its stderr lines go to ``on_line``.

        Words of ``args`` that name files here (a scenario, a fault list, ``file:`` networks) are sent with it, as ``icn ...
        --cluster`` sends them, and so is every path of ``files``. Raises ``IcnError`` with the command's one line if it fails.
        """
        words = [str(a) for a in args]
        if "--json" not in words:
            words.append("--json")
        body = {"args": words, "files": [_upload(p) for p in _named_files(words, files)]}
        end = None
        errors = []
        with self._request("POST", "/v1/runs?follow=true", body, timeout=None) as events:
            for raw in events:
                event = json.loads(raw)
                if event["event"] == "stderr":
                    if event["line"].startswith("icn: "):
                        errors.append(event["line"][5:])
                    if on_line:
                        on_line(event["line"])
                elif event["event"] == "end":
                    end = event
                    break
        if end is None:
            raise IcnError("the standing cluster at %s went away during the run" % self.api)
        if end["exitCode"] != 0:
            raise IcnError(errors[-1] if errors else "exit %d" % end["exitCode"], end["exitCode"])
        return json.loads(end["stdout"])

    def follow(self, job_id):
        """The events of job ``job_id`` from its first, as they come, until it ends (``queued``, ``started``, ``stderr``, ``end``)."""
        with self._request("GET", "/v1/runs/%s/events" % job_id, timeout=None) as events:
            for raw in events:
                event = json.loads(raw)
                if event["event"] != "heartbeat":
                    yield event
                if event["event"] == "end":
                    return

    def jobs(self):
        """Every job the head keeps, oldest first: id, state, command line, exit code (GET /v1/runs, page by page)."""
        found, after = [], None
        while True:
            page = self._json("GET", "/v1/runs?limit=1000" + ("" if after is None else "&after=%s" % after))
            found.extend(page["runs"])
            after = page.get("next")
            if after is None:
                return found

    def job(self, job_id):
        """One job: its state, command line, times, exit code, results directory's name and stdout once ended."""
        return self._json("GET", "/v1/runs/%s" % job_id)

    def cancel(self, job_id):
        """Cancels job ``job_id`` (a waiting one ends at once, a running one is interrupted); its state afterwards."""
        return self._json("DELETE", "/v1/runs/%s" % job_id)

    def fetch(self, job_id, into="results"):
        """Writes job ``job_id``'s results directory under ``into`` and returns its path."""
        with self._request("GET", "/v1/runs/%s/results.zip" % job_id, timeout=600) as r:
            data = r.read()
        base = os.path.realpath(into)
        top = None
        with zipfile.ZipFile(io.BytesIO(data)) as z:
            for name in z.namelist():
                target = os.path.realpath(os.path.join(base, name))
                if not target.startswith(base + os.sep) or name.endswith("/"):
                    continue  # nothing outside the directory asked for
                os.makedirs(os.path.dirname(target), exist_ok=True)
                with z.open(name) as src, open(target, "wb") as dst:
                    dst.write(src.read())
                top = top or name.split("/")[0]
        if top is None:
            raise IcnError("job %s handed over no results" % job_id)
        return os.path.join(into, top)


def _named_files(words, files):
    named = list(files)
    for w in words:
        for part in ([w] + w.split(",") + [w.split("=", 1)[-1]]):
            path = part[5:] if part.startswith("file:") else part
            if path and os.path.isfile(path) and path not in named:
                named.append(path)
    return named


def _upload(path):
    with open(path, "rb") as f:
        return {"path": path, "content": base64.b64encode(f.read()).decode()}
