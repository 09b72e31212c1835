"""Tells per second into a study (docs/performance.md, "Studies"): through the command line
(one `cpex study tell` per observation, and `tell --json` batches), Python (Study.tell one
at a time, and tell_many batches) and HTTP (`cpex study serve`: one POST per observation
on a keep-alive connection, batched POSTs, two clients at once, and `--clients` clients
telling one observation a request at once — what the group commit is for). Every write
is a committed SQLite transaction (WAL, synchronous = FULL); over HTTP an answer is sent
only after its commit. The study: LUCB on 10 Gaussian arms of equal means (it never
stops); each round asks a batch and tells it back.

usage: PYTHONPATH=build/share/cpex/python python3 benchmarks/study_throughput.py [--cpex build/bin/cpex]
       [--batch 100] [--seconds 5] [--clients 8] [--only http] [--legacy]
  --legacy: the server of before issue 41 (GET /ask, no token), to compare on one machine"""
import argparse
import http.client
import json
import multiprocessing
import os
import random
import socket
import subprocess
import sys
import tempfile
import threading
import time

PIPELINE = ("[study]\narms = 10\nrewards = gaussian\n[oracle]\nplugin = top-k\nk = 1\n"
            "[algorithm]\nplugin = lucb\n[run]\nseed = 1\n")


def new_study(cpex, directory, name):
    ini = os.path.join(directory, name + ".ini")
    with open(ini, "w") as f:
        f.write(PIPELINE)
    db = os.path.join(directory, name + ".db")
    subprocess.run([cpex, "study", "new", db, "--pipeline", ini], check=True, capture_output=True)
    return db


def rate(seconds, step):
    """Runs step() (returning the tells it made) for about `seconds`; tells per second."""
    told, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        told += step()
    return told / (time.perf_counter() - start)


def cli(cpex, db, batch, seconds):
    rng = random.Random(1)

    def one():
        out = subprocess.run([cpex, "study", "ask", db], capture_output=True, text=True, check=True).stdout
        ask = int(out.split()[0])
        subprocess.run([cpex, "study", "tell", db, "--ask", str(ask), "--reward", repr(rng.gauss(0, 1))],
                       check=True, capture_output=True)
        return 1

    def batched():
        out = subprocess.run([cpex, "study", "ask", db, "--count", str(batch), "--json"], capture_output=True,
                             text=True, check=True).stdout
        lines = "\n".join(json.dumps({"ask": a["ask"], "reward": rng.gauss(0, 1)}) for a in json.loads(out)["asks"])
        subprocess.run([cpex, "study", "tell", db, "--json"], input=lines, text=True, check=True, capture_output=True)
        return batch

    return rate(seconds, one), rate(seconds, batched)


def python_api(db, batch, seconds):
    import cpex
    s = cpex.Study(db)
    rng = random.Random(2)

    def one():
        pull = s.ask(1)[0]
        s.tell(reward=rng.gauss(0, 1), ask=pull["ask"])
        return 1

    def batched():
        pulls = s.ask(batch)
        s.tell_many([{"ask": p["ask"], "reward": rng.gauss(0, 1)} for p in pulls])
        return len(pulls)

    return rate(seconds, one), rate(seconds, batched)


class Api:
    """The server's requests: this tree's (POST /ask, a bearer token) or, with legacy,
    the server of before (GET /ask, no token)."""

    def __init__(self, port, token, legacy):
        self.connection = http.client.HTTPConnection("127.0.0.1", port)
        self.legacy = legacy
        self.headers = {"Content-Type": "application/json"}
        if token:
            self.headers["Authorization"] = "Bearer " + token

    def call(self, method, path, body=None):
        self.connection.request(method, path, body=body, headers=self.headers)
        response = self.connection.getresponse()
        data = response.read()
        assert response.status == 200, (response.status, data)
        return json.loads(data)

    def ask(self, count):
        if self.legacy:
            return self.call("GET", "/ask?count=%d" % count)["asks"]
        return self.call("POST", "/ask", json.dumps({"count": count}))["asks"]

    def tell(self, items):
        self.call("POST", "/tell", "\n".join(json.dumps(i) for i in items))


def exchange(sock, request, pending=b""):
    """Sends one request on a kept-alive socket; (status, body, bytes read past it)."""
    sock.sendall(request)
    data = pending
    while b"\r\n\r\n" not in data:
        data += sock.recv(65536)
    head, _, rest = data.partition(b"\r\n\r\n")
    length = int(head.lower().split(b"content-length:")[1].split(b"\r\n")[0])
    while len(rest) < length:
        rest += sock.recv(65536)
    return int(head.split(b" ", 2)[1]), rest[:length], rest[length:]


def one_tell_a_request(port, token, legacy, seconds, seed, out):
    """A client process: asks 500 pulls at once, then tells them one a request, each on
    the kept-alive connection after the answer to the last (raw sockets: the client's
    own cost stays small next to the server's)."""
    rng = random.Random(seed)
    sock = socket.create_connection(("127.0.0.1", port))
    sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    head = "POST /tell HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
    if token:
        head += "Authorization: Bearer %s\r\n" % token
    told, start, pending = 0, time.perf_counter(), b""
    while time.perf_counter() - start < seconds:
        for a in Api(port, token, legacy).ask(500):  # a new connection: the last may have idled out
            body = '{"ask": %d, "reward": %.6f}' % (a["ask"], rng.gauss(0, 1))
            request = ("%sContent-Length: %d\r\n\r\n%s" % (head, len(body), body)).encode()
            status, answer, pending = exchange(sock, request, pending)
            assert status == 200, answer
            told += 1
            if time.perf_counter() - start >= seconds:
                break
    out.put((told, time.perf_counter() - start))


def http_api(cpex, db, batch, seconds, clients, legacy):
    server = subprocess.Popen([cpex, "study", "serve", db, "--port", "0"], stdout=subprocess.PIPE,
                              stderr=subprocess.DEVNULL, text=True)
    port = int(server.stdout.readline().rsplit(":", 1)[1])
    token = None if legacy else open(db + ".token").read().strip()
    results = {}
    try:
        def client_step(api, count, rng):
            asks = api.ask(count)
            api.tell([{"ask": a["ask"], "reward": rng.gauss(0, 1)} for a in asks])
            return len(asks)

        api, rng = Api(port, token, legacy), random.Random(3)
        results["http one"] = rate(seconds, lambda: client_step(api, 1, rng))
        results["http batch"] = rate(seconds, lambda: client_step(api, batch, rng))
        totals = [0, 0]

        def worker(i):
            c, r = Api(port, token, legacy), random.Random(10 + i)
            start = time.perf_counter()
            while time.perf_counter() - start < seconds:
                totals[i] += client_step(c, batch, r)

        start = time.perf_counter()
        threads = [threading.Thread(target=worker, args=(i,)) for i in (0, 1)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        results["http batch, 2 clients"] = sum(totals) / (time.perf_counter() - start)
        queue = multiprocessing.Queue()
        processes = [multiprocessing.Process(target=one_tell_a_request, args=(port, token, legacy, seconds, 20 + i, queue))
                     for i in range(clients)]
        for p in processes:
            p.start()
        done = [queue.get(timeout=seconds + 60) for _ in processes]
        for p in processes:
            p.join()
        results["http one a request, %d clients" % clients] = sum(t for t, _ in done) / max(s for _, s in done)
        if not legacy:
            service = Api(port, token, legacy).call("GET", "/status")["service"]
            results["  (requests per commit)"] = service["grouped"] / max(service["groups"], 1)
        return results
    finally:
        server.kill()
        server.wait()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--cpex", default="build/bin/cpex")
    parser.add_argument("--batch", type=int, default=100)
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--clients", type=int, default=8)
    parser.add_argument("--only", choices=["http"])
    parser.add_argument("--legacy", action="store_true")
    args = parser.parse_args()
    cpex = os.path.abspath(args.cpex)
    with tempfile.TemporaryDirectory(prefix="cpex-throughput-") as d:
        results = {}
        if args.only != "http":
            results["cli one"], results["cli batch"] = cli(cpex, new_study(cpex, d, "cli"), args.batch, args.seconds)
            results["python one"], results["python batch"] = python_api(new_study(cpex, d, "py"), args.batch,
                                                                        args.seconds)
        results.update(http_api(cpex, new_study(cpex, d, "http"), args.batch, args.seconds, args.clients, args.legacy))
    print("tells/s (ask + tell round trips, batch %d, %.0f s each; load average %.1f):"
          % (args.batch, args.seconds, os.getloadavg()[0]))
    for name, value in results.items():
        print("  %-36s %10.0f" % (name, value) if value >= 10 else "  %-36s %10.1f" % (name, value))


if __name__ == "__main__":
    sys.exit(main())
