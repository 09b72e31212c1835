"""What the study script tests share: running `cpex`, making a study from pipeline text,
starting `cpex study serve` on a free port (with the study's token), an HTTP client
(http.client, keep-alive, the bearer token), the LUCB study they use, and a study's log read
back (its documented schema)."""
import http.client
import json
import os
import sqlite3
import subprocess
import tempfile


class Cpex:
    def __init__(self, binary):
        self.binary = binary
        self.env = dict(os.environ)
        self.env.pop("CPEX_PLUGIN_PATH", None)

    def run(self, *args, stdin=None, check=True):
        r = subprocess.run([self.binary, *args], input=stdin, capture_output=True, text=True,
                           env=self.env, timeout=300)
        if check and r.returncode != 0:
            raise AssertionError("cpex %s failed (%d): %s" % (" ".join(args), r.returncode, r.stderr))
        return r

    def status(self, db):
        return json.loads(self.run("study", "status", db, "--json").stdout)

    def new_study(self, directory, name, text):
        ini = os.path.join(directory, name + ".ini")
        with open(ini, "w") as f:
            f.write(text)
        db = os.path.join(directory, name + ".db")
        self.run("study", "new", db, "--pipeline", ini)
        return db

    def serve(self, db, *options, port=0):
        """Starts `cpex study serve DB --port 0 OPTIONS`; returns (process, port). The
        study's token is in token_of(db)."""
        p = subprocess.Popen([self.binary, "study", "serve", db, "--port", str(port), *options],
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=self.env)
        line = p.stdout.readline()
        if "http://127.0.0.1:" not in line:
            p.kill()
            raise AssertionError("serve did not start: %r %s" % (line, p.stderr.read()))
        return p, int(line.rsplit(":", 1)[1])


def token_of(db):
    """The bearer token `cpex study new` made beside the study."""
    with open(db + ".token") as f:
        return f.read().strip()


class Client:
    """One keep-alive HTTP connection to the study server, sending the study's token."""

    def __init__(self, port, token=None, timeout=60):
        self.connection = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
        self.token = token

    def request(self, method, path, body=None, headers=None):
        """(status, JSON body); every answer of the server is JSON, errors included."""
        status, _, body = self.raw(method, path, body, headers)
        return status, json.loads(body or b"null")

    def raw(self, method, path, body=None, headers=None):
        """(status, headers, body bytes)."""
        sent = {"Content-Type": "application/json"} if method == "POST" else {}
        if self.token:
            sent["Authorization"] = "Bearer " + self.token
        sent.update(headers or {})
        self.connection.request(method, path, body=body, headers=sent)
        response = self.connection.getresponse()
        return response.status, dict(response.getheaders()), response.read()

    def ask(self, count):
        status, body = self.request("POST", "/ask", json.dumps({"count": count}))
        assert status == 200, body
        return body

    def tell(self, items):
        return self.request("POST", "/tell", "\n".join(json.dumps(i) for i in items))


def lucb_study(arms, rewards, seed):
    """A study pipeline: LUCB (delta 0.05) for the best of `arms` (a list or a number)."""
    names = arms if isinstance(arms, int) else ", ".join(arms)
    return ("[study]\narms = %s\nrewards = %s\n[oracle]\nplugin = top-k\nk = 1\n"
            "[algorithm]\nplugin = lucb\ndelta = 0.05\n[run]\nseed = %d\n" % (names, rewards, seed))


def draws_of(db, arms):
    """Per arm name, the observations of a study in ask order (for a simulated study: the
    environment's draws of that arm, in order)."""
    arm_of, draws = {}, {a: [] for a in arms}
    for _seq, kind, ask, pull, reward, _late in log_rows(db):
        if kind == "ask":
            arm_of[ask] = arms[int(pull)]
        elif kind == "tell":
            draws[arm_of[ask]].append(reward)
    return draws


def log_rows(db):
    """The study's log, as docs/studies.md documents it: (seq, kind, ask, pull, reward, late)."""
    with sqlite3.connect(db) as c:
        return c.execute("SELECT seq, kind, ask, pull, reward, late FROM events ORDER BY seq").fetchall()


def temporary_directory():
    return tempfile.TemporaryDirectory(prefix="cpex-study-")
