"""`cpex study serve` with a real HTTP client on loopback (issue 32's acceptance): a study
driven through HTTP by an external reward source — batches of asks, tells in shuffled
batches from two concurrent client threads — reaches the recommendation of the simulation,
using exactly the observations the simulation used; bad requests are refused with nothing
written; a tell after the end is recorded and answered 409; a study with objectives takes
tells by objective name or in order and reports the means per objective.

The external source replays a simulated twin's draws: the twin's log gives arm a's j-th
observation, which answers the served study's j-th ask of arm a. The queue policy feeds
the algorithm the j-th real pull of an arm as its j-th observation of it, so the served
study must decide exactly as the twin, whatever the batches and the order of the tells.

With --cli the same external source drives the study through `cpex study ask` and
`cpex study tell --json` processes instead.

usage: http_test.py CPEX [--cli]"""
import json
import queue
import random
import sys
import threading

from study_common import Client, Cpex, draws_of, lucb_study, temporary_directory, token_of

PIPELINE = lucb_study(["control", "red", "blue", "green"], "bernoulli", 4)
ENVIRONMENT = "[environment]\nplugin = bernoulli\nmeans = 0.1, 0.9, 0.3, 0.4\n"


def simulated_twin(cpex, d, name):
    """A study `name` to drive, and its twin simulated on ENVIRONMENT: (the study, the
    simulation's JSON, the twin's status, the arms, the draws the twin's pulls saw)."""
    twin = cpex.new_study(d, "twin", PIPELINE)
    served = cpex.new_study(d, name, PIPELINE)
    env = d + "/env.ini"
    with open(env, "w") as f:
        f.write(ENVIRONMENT)
    simulated = json.loads(cpex.run("study", "simulate", twin, "--environment", env, "--json").stdout)
    twin_status = cpex.status(twin)
    arms = [a["name"] for a in twin_status["arms"]]
    return served, simulated, twin_status, arms, draws_of(twin, arms)


def study_status(port, token):
    """GET /status without the service's counters (they change with every request)."""
    status = Client(port, token).request("GET", "/status")[1]
    status.pop("service")
    return status


def main(binary):
    cpex = Cpex(binary)
    with temporary_directory() as d:
        served, simulated, twin_status, arms, draws = simulated_twin(cpex, d, "served")

        server, port = cpex.serve(served)
        token = token_of(served)
        try:
            asker = Client(port, token)
            outbox = queue.Queue()
            errors = []
            done = threading.Event()

            def teller(seed):
                rng = random.Random(seed)
                client = Client(port, token)
                held = []
                while not (done.is_set() and outbox.empty() and not held):
                    try:
                        held.append(outbox.get(timeout=0.01))
                    except queue.Empty:
                        pass
                    if held and (rng.random() < 0.5 or done.is_set()):
                        rng.shuffle(held)
                        status, body = client.tell(held)
                        # pulls still pending when the algorithm stopped are told late: 409, recorded
                        if status != 200 and not (status == 409 and body.get("recorded")):
                            errors.append(body)
                        held = []

            threads = [threading.Thread(target=teller, args=(s,)) for s in (1, 2)]
            for t in threads:
                t.start()
            rng = random.Random(3)
            used = {a: 0 for a in arms}
            most_pending = 0
            while True:
                body = asker.ask(rng.randint(1, 6))
                most_pending = max(most_pending, body["pending"])
                if not body["asks"]:
                    if body["state"] != "running":
                        break
                    continue  # the tellers have not caught up yet
                for a in body["asks"]:
                    j = used[a["arm"]]
                    used[a["arm"]] += 1
                    reward = draws[a["arm"]][j] if j < len(draws[a["arm"]]) else 0.0
                    outbox.put({"ask": a["ask"], "reward": reward})
            done.set()
            for t in threads:
                t.join()
            assert not errors, errors
            status = Client(port, token).request("GET", "/status")[1]
            assert status["state"] == "stopped", status
            assert status["recommendation"] == twin_status["recommendation"], (status, twin_status)
            assert [a["used"] for a in status["arms"]] == simulated["pulls"], (status["arms"], simulated)
            assert most_pending > 6, most_pending

            # bad requests: refused, one message, nothing written (serve_test.py: every status)
            before = study_status(port, token)
            c = Client(port, token)
            for method, path, body, code, fragment in [
                    ("POST", "/tell", '{"arm": "purple", "reward": 1}', 400, "unknown arm 'purple'"),
                    ("POST", "/tell?unasked=1", '{"arm": "red", "reward": 3}', 400, "not 0 or 1"),
                    ("POST", "/tell", '{"ask": 1, "reward": 1}\n{"ask": 1000000, "reward": 1}', 400, "line 1: ask 1 was already answered"),
                    ("POST", "/tell", "not json", 400, "line 1: not JSON"),
                    ("POST", "/ask?count=zero", None, 400, "count = 'zero'"),
                    ("GET", "/nowhere", None, 404, "no such path")]:
                code_got, answer = c.request(method, path, body)
                assert code_got == code and fragment in answer["error"], (path, body, code_got, answer)
            assert study_status(port, token) == before
            late = before["late"]
            code_got, answer = c.request("POST", "/tell?unasked=1", '{"arm": "red", "reward": 1}')
            assert code_got == 409 and answer["recorded"] and answer["late"] == 1, answer
            assert Client(port, token).request("GET", "/status")[1]["late"] == late + 1
        finally:
            server.kill()
            server.wait()
        several_metrics(cpex, d)
    print("study-http: ok (recommendation %s, %d samples, most pending %d)"
          % (status["recommendation"], status["samples"], most_pending))


METRICS = ("[study]\narms = a, b, c\nobjectives = conversion, latency\nrewards = gaussian\n"
           "[oracle]\nplugin = pareto-set\n[algorithm]\nplugin = ape\ndelta = 0.05\n[run]\nseed = 2\n")


def several_metrics(cpex, d):
    """A study with objectives over HTTP: tells by objective name and in order are taken
    alike, status gives the means per objective, a tell missing an objective is refused with
    nothing written."""
    db = cpex.new_study(d, "metrics", METRICS)
    server, port = cpex.serve(db)
    try:
        c = Client(port, token_of(db))
        code, body = c.request("POST", "/tell?unasked=1",
                               '{"arm": "a", "rewards": {"latency": 0.25, "conversion": 0.5}}\n'
                               '{"arm": "b", "rewards": [0.125, 0.75]}')
        assert code == 200 and body["accepted"] == 2, body
        status = study_status(port, token_of(db))
        assert status["objectives"] == ["conversion", "latency"], status
        assert [o["mean"] for o in status["arms"][0]["objectives"]] == [0.5, 0.25], status["arms"]
        assert [o["mean"] for o in status["arms"][1]["objectives"]] == [0.125, 0.75], status["arms"]
        for body, fragment in [('{"arm": "c", "rewards": {"conversion": 1}}', "no reward for the objective 'latency'"),
                               ('{"arm": "c", "reward": 1}', "needs 2 rewards, one per objective")]:
            code, answer = c.request("POST", "/tell?unasked=1", body)
            assert code == 400 and fragment in answer["error"], (body, code, answer)
        assert study_status(port, token_of(db)) == status
    finally:
        server.kill()
        server.wait()


def main_cli(binary):
    """The same through the command line: `cpex study ask --json` and `cpex study tell
    --json` processes, shuffled batches, one round of tells held back each time."""
    cpex = Cpex(binary)
    with temporary_directory() as d:
        served, simulated, twin_status, arms, draws = simulated_twin(cpex, d, "cli")
        rng, used, held = random.Random(8), {a: 0 for a in arms}, []
        while True:
            body = json.loads(cpex.run("study", "ask", served, "--count", str(rng.randint(5, 25)), "--json").stdout)
            for a in body["asks"]:
                j = used[a["arm"]]
                used[a["arm"]] += 1
                held.append({"ask": a["ask"], "reward": draws[a["arm"]][j] if j < len(draws[a["arm"]]) else 0.0})
            if not body["asks"] and not held:
                break
            rng.shuffle(held)
            now, held = (held, []) if not body["asks"] else (held[: len(held) // 2 + 1], held[len(held) // 2 + 1:])
            r = cpex.run("study", "tell", served, "--json", stdin="\n".join(json.dumps(t) for t in now), check=False)
            assert r.returncode == 0 or "recorded as late" in r.stderr, r.stderr
        status = cpex.status(served)
        assert status["state"] == "stopped" and status["recommendation"] == twin_status["recommendation"], status
        assert [a["used"] for a in status["arms"]] == simulated["pulls"], (status["arms"], simulated)
    print("study-cli-external: ok (recommendation %s, %d samples)" % (status["recommendation"], status["samples"]))


if __name__ == "__main__":
    if sys.argv[2:] == ["--cli"]:
        main_cli(sys.argv[1])
    else:
        main(sys.argv[1])
