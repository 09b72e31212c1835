"""Studies under kills and concurrent writers (issue 32, "Reliability"; docs/studies.md).

kill MODE: SIGKILL at random instants of `cpex study ask`, `cpex study tell --json` and
`cpex study serve` (with a client telling and asking over HTTP), in turn, --kills times
(100 by default). After every kill the log must be whole: every acknowledged ask and tell
(exit status 0, HTTP 200) is in it, asks are numbered 1, 2, ... in log order, every tell
answers an ask handed out before it, none twice; and the study must reopen and replay
(`cpex study status`, every 10th kill and at the end: a replay checks that every recorded
ask is what the algorithm proposes again).

concurrent MODE: four `cpex study tell --json` processes and one `cpex study ask` at once:
every observation taken exactly once, no ask handed out twice.

retry MODE: `cpex study serve` killed at random instants while a client tells observations
addressed by arm (not by ask) over HTTP, each with a client id; after every kill a new server
is started and the client retries every tell not acknowledged, with the same id. A retry
of a tell that was committed is acknowledged as a duplicate, not taken again: no id is in
the log twice, every acknowledged one is there, and no pull is answered twice.

usage: reliability_test.py CPEX kill|concurrent|retry [--kills N] [--seed S]"""
import argparse
import http.client
import json
import random
import subprocess
import threading
import time

from study_common import Client, Cpex, log_rows, lucb_study, temporary_directory, token_of

PIPELINE = lucb_study(6, "gaussian", 2)


def check_log(db, acknowledged_asks, acknowledged_tells):
    """The log is whole and holds everything acknowledged."""
    asks, handed_out, told = [], set(), set()
    for _seq, kind, ask, _pull, reward, _late in log_rows(db):
        if kind == "ask":
            asks.append(ask)
            handed_out.add(ask)
        elif kind == "tell":
            assert ask in handed_out, "tell of ask %d before it was handed out" % ask
            assert ask not in told, "ask %d told twice" % ask
            assert reward == reward, "a NaN reward in the log"
            told.add(ask)
    assert asks == list(range(1, len(asks) + 1)), "asks not numbered 1..N in log order"
    missing_asks = acknowledged_asks - handed_out
    missing_tells = acknowledged_tells - told
    assert not missing_asks, "acknowledged asks lost: %s" % sorted(missing_asks)[:10]
    assert not missing_tells, "acknowledged tells lost: %s" % sorted(missing_tells)[:10]
    return asks, told


def pending_of(db):
    asks, told = [], set()
    for _seq, kind, ask, _pull, _reward, _late in log_rows(db):
        if kind == "ask":
            asks.append(ask)
        elif kind in ("tell", "cancel"):
            told.add(ask)
    return [a for a in asks if a not in told]


def kill_mode(cpex, kills, seed):
    rng = random.Random(seed)
    acknowledged_asks, acknowledged_tells = set(), set()
    with temporary_directory() as d:
        db = cpex.new_study(d, "killed", PIPELINE)
        for i in range(kills):
            victim = ("ask", "tell", "serve")[i % 3]
            if victim == "ask":
                p = subprocess.Popen([cpex.binary, "study", "ask", db, "--count", "30", "--json"],
                                     stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=cpex.env)
                time.sleep(rng.uniform(0.0, 0.08))
                p.kill()
                out, _ = p.communicate()
                if p.returncode == 0:
                    acknowledged_asks |= {a["ask"] for a in json.loads(out)["asks"]}
            elif victim == "tell":
                pending = pending_of(db)[:40]
                lines = "\n".join(json.dumps({"ask": a, "reward": rng.gauss(0.0, 1.0)}) for a in pending)
                with open(d + "/lines.jsonl", "w") as f:
                    f.write(lines)
                with open(d + "/lines.jsonl") as stdin:
                    p = subprocess.Popen([cpex.binary, "study", "tell", db, "--json"], stdin=stdin,
                                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=cpex.env)
                    time.sleep(rng.uniform(0.0, 0.08))
                    p.kill()
                    _, err = p.communicate()
                if p.returncode == 0:
                    acknowledged_tells |= set(pending)
                else:
                    assert p.returncode == -9, err
            else:
                server, port = cpex.serve(db)
                stop = threading.Event()

                def client():
                    try:
                        c = Client(port, token_of(db))
                        while not stop.is_set():
                            body = c.ask(rng.randint(1, 10))
                            acknowledged_asks.update(a["ask"] for a in body["asks"])
                            told = [{"ask": a["ask"], "reward": rng.gauss(0.0, 1.0)} for a in body["asks"]]
                            status, _ = c.tell(told)
                            if status == 200:
                                acknowledged_tells.update(t["ask"] for t in told)
                    except (OSError, ValueError, AssertionError, http.client.HTTPException):
                        pass  # the server was killed mid-request: that request is not acknowledged

                kill_under_client(server, client, stop, rng.uniform(0.02, 0.25))
            check_log(db, acknowledged_asks, acknowledged_tells)
            if i % 10 == 9 or i == kills - 1:
                status = cpex.status(db)  # reopens and replays the whole log
                asks, told = check_log(db, set(), set())
                assert status["asks"] == len(asks) and status["observations"] == len(told), status
        print("study-kill: ok (%d kills; %d asks, %d observations acknowledged and kept)"
              % (kills, len(acknowledged_asks), len(acknowledged_tells)))


def retry_mode(cpex, kills, seed):
    rng = random.Random(seed)
    arms = ["a", "b", "c", "d"]
    with temporary_directory() as d:
        db = cpex.new_study(d, "retried", lucb_study(arms, "gaussian", 2))
        token = token_of(db)
        unacknowledged, acknowledged, duplicates = {}, set(), 0
        next_id = 0
        for _ in range(kills):
            server, port = cpex.serve(db)
            stop = threading.Event()
            counts = {"duplicates": 0}

            def client():
                nonlocal next_id
                try:
                    c = Client(port, token, timeout=10)
                    for tell_id, item in sorted(unacknowledged.items()):  # the retries first
                        status, body = c.request("POST", "/tell", json.dumps(item))
                        assert status in (200, 409), body
                        counts["duplicates"] += body["duplicates"]
                        acknowledged.add(tell_id)
                        del unacknowledged[tell_id]
                    while not stop.is_set():
                        for a in c.ask(rng.randint(1, 6))["asks"]:
                            next_id += 1
                            tell_id = "t-%d" % next_id
                            unacknowledged[tell_id] = {"arm": a["arm"], "reward": rng.gauss(0.0, 1.0), "id": tell_id}
                        for tell_id, item in sorted(unacknowledged.items()):
                            status, body = c.request("POST", "/tell", json.dumps(item))
                            assert status in (200, 409), body
                            acknowledged.add(tell_id)
                            del unacknowledged[tell_id]
                except (OSError, ValueError, http.client.HTTPException):
                    pass  # the server was killed mid-request: not acknowledged, retried next round

            kill_under_client(server, client, stop, rng.uniform(0.05, 0.3))
            duplicates += counts["duplicates"]
            ids = [row[0] for row in log_ids(db)]
            assert len(ids) == len(set(ids)), "an id taken twice"
            assert acknowledged <= set(ids), "acknowledged tells lost: %s" % sorted(acknowledged - set(ids))[:5]
            check_log(db, set(), set())  # no pull answered twice
        status = cpex.status(db)  # reopens and replays
        assert status["observations"] == len(log_ids(db)), status
        print("study-retry: ok (%d kills; %d tells acknowledged, %d retries answered as duplicates, none taken twice)"
              % (kills, len(acknowledged), duplicates))


def kill_under_client(server, client, stop, seconds):
    """Runs `client` in a thread, kills the server after `seconds` (SIGKILL, mid-request as
    may be), then sets `stop` and waits for the client to end."""
    t = threading.Thread(target=client)
    t.start()
    time.sleep(seconds)
    server.kill()
    server.wait()
    stop.set()
    t.join()


def log_ids(db):
    import sqlite3
    with sqlite3.connect(db) as c:
        return c.execute("SELECT id FROM events WHERE kind = 'tell' AND id IS NOT NULL").fetchall()


def concurrent_mode(cpex, seed):
    rng = random.Random(seed)
    with temporary_directory() as d:
        db = cpex.new_study(d, "concurrent", PIPELINE)
        asked = json.loads(cpex.run("study", "ask", db, "--count", "400", "--json").stdout)["asks"]
        ids = [a["ask"] for a in asked]
        rng.shuffle(ids)
        tellers = []
        for part in range(4):
            lines = "\n".join(json.dumps({"ask": a, "reward": rng.gauss(0, 1)}) for a in ids[part::4])
            p = subprocess.Popen([cpex.binary, "study", "tell", db, "--json"], stdin=subprocess.PIPE,
                                 stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=cpex.env)
            tellers.append((p, lines))
        asker = subprocess.Popen([cpex.binary, "study", "ask", db, "--count", "50", "--json"],
                                 stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=cpex.env)
        for p, lines in tellers:
            _, err = p.communicate(lines)
            assert p.returncode == 0, err
        out, err = asker.communicate()
        assert asker.returncode == 0, err
        more = [a["ask"] for a in json.loads(out)["asks"]]
        asks, told = check_log(db, set(ids) | set(more), set(ids))
        assert len(asks) == 450 and len(set(more) & set(ids)) == 0, (len(asks), more[:5])
        status = cpex.status(db)
        assert status["observations"] == 400 and status["pending"] == 50, status
        print("study-concurrent: ok (4 tellers, 400 observations once each; 50 more asks, none twice)")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("cpex")
    parser.add_argument("mode", choices=["kill", "concurrent", "retry"])
    parser.add_argument("--kills", type=int, default=100)
    parser.add_argument("--seed", type=int, default=32)
    args = parser.parse_args()
    cpex = Cpex(args.cpex)
    if args.mode == "kill":
        kill_mode(cpex, args.kills, args.seed)
    elif args.mode == "retry":
        retry_mode(cpex, args.kills, args.seed)
    else:
        concurrent_mode(cpex, args.seed)


if __name__ == "__main__":
    main()
