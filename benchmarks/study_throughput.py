"""Tells per second into a study (docs/performance.md, "Studies"): through the command line
(one `cpex study tell` per observation, and `tell --json` batches), Python (Study.tell one
at a time, and tell_many batches) and HTTP (`cpex study serve`: one POST per observation
on a keep-alive connection, batched POSTs, and two clients at once). Every write is a
committed SQLite transaction (WAL, synchronous = FULL). The study: LUCB on 10 Gaussian
arms of equal means (it never stops), each round asks a batch and tells it back.

usage: PYTHONPATH=build/share/cpex/python python3 benchmarks/study_throughput.py [--cpex build/bin/cpex]
       [--batch 100] [--seconds 5]"""
import argparse
import http.client
import json
import os
import random
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


def http_api(cpex, db, batch, seconds):
    server = subprocess.Popen([cpex, "study", "serve", db, "--port", "0"], stdout=subprocess.PIPE, text=True)
    port = int(server.stdout.readline().rsplit(":", 1)[1])
    try:
        def client_step(connection, count, rng):
            connection.request("GET", "/ask?count=%d" % count)
            asks = json.loads(connection.getresponse().read())["asks"]
            body = "\n".join(json.dumps({"ask": a["ask"], "reward": rng.gauss(0, 1)}) for a in asks)
            connection.request("POST", "/tell", body)
            response = connection.getresponse()
            response.read()
            assert response.status == 200
            return len(asks)

        connection = http.client.HTTPConnection("127.0.0.1", port)
        rng = random.Random(3)
        one = rate(seconds, lambda: client_step(connection, 1, rng))
        batched = rate(seconds, lambda: client_step(connection, batch, rng))
        totals = [0, 0]

        def worker(i):
            c, r = http.client.HTTPConnection("127.0.0.1", port), random.Random(10 + i)
            start = time.perf_counter()
            while time.perf_counter() - start < seconds:
                totals[i] += client_step(c, batch, r)

        start = time.perf_counter()
        threads = [threading.Thread(target=worker, args=(i,)) for i in (0, 1)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        two = sum(totals) / (time.perf_counter() - start)
        return one, batched, two
    finally:
        server.kill()
        server.wait()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--cpex", default="build/bin/cpex")
    parser.add_argument("--batch", type=int, default=100)
    parser.add_argument("--seconds", type=float, default=5.0)
    args = parser.parse_args()
    cpex = os.path.abspath(args.cpex)
    with tempfile.TemporaryDirectory(prefix="cpex-throughput-") as d:
        results = {}
        results["cli one"], results["cli batch"] = cli(cpex, new_study(cpex, d, "cli"), args.batch, args.seconds)
        results["python one"], results["python batch"] = python_api(new_study(cpex, d, "py"), args.batch, args.seconds)
        results["http one"], results["http batch"], results["http batch, 2 clients"] = http_api(
            cpex, new_study(cpex, d, "http"), args.batch, args.seconds)
    print("tells/s (ask + tell round trips, batch %d, %.0f s each; load average %.1f):"
          % (args.batch, args.seconds, os.getloadavg()[0]))
    for name, value in results.items():
        print("  %-24s %10.0f" % (name, value))


if __name__ == "__main__":
    sys.exit(main())
