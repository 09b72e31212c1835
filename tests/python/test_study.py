"""cpex.Study (docs/studies.md): a study made, asked and told from Python is the study of
the command line (the same file, the same answers); driven by an external reward source in
shuffled batches it decides exactly as its simulation; simulate() equals cpex.run's first
run; every bad input raises cpex.Error with nothing taken."""
import json
import pathlib
import random
import sys
import warnings

import pytest

import cpex
from conftest import run_cli

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1] / "study"))
from study_common import draws_of  # noqa: E402  (the study script tests' helpers)

SECTIONS = dict(study={"arms": ["control", "red", "blue"], "rewards": "bernoulli"},
                oracle={"plugin": "top-k", "k": 1},
                algorithm={"plugin": "lucb", "delta": 0.05}, run={"seed": 7})
ENVIRONMENT = {"plugin": "bernoulli", "means": [0.2, 0.7, 0.35]}


def test_create_ask_tell_status(tmp_path):
    s = cpex.Study.create(tmp_path / "ab.db", **SECTIONS)
    assert s.arms == ["control", "red", "blue"] and s.policy == "queue"
    asked = s.ask(3)
    assert [a["ask"] for a in asked] == [1, 2, 3] and {a["arm"] for a in asked} == {"control"}
    assert s.tell("control", 1)["accepted"] == 1
    assert s.tell(reward=0, ask=3)["samples"] == 3
    assert [p["ask"] for p in s.pending()] == [2]
    s.cancel(2)
    status = s.status()
    assert status["observations"] == 2 and status["pending"] == 0 and status["samples"] == 2
    assert status["arms"][0]["mean"] == 0.5 and status["delta"] == 0.05
    assert "state: running" in s.report()
    # the same study from the command line
    code, out, _ = run_cli("study", "ask", tmp_path / "ab.db", "--json")
    assert code == 0 and json.loads(out)["asks"][0]["ask"] == 4
    assert cpex.Study(tmp_path / "ab.db").pending()[0]["ask"] == 4


def test_bad_input_raises_and_takes_nothing(tmp_path):
    s = cpex.Study.create(tmp_path / "bad.db", **SECTIONS)
    s.ask(2)
    before = s.status()
    for call, fragment in [
            (lambda: s.tell("control", 3), "is not 0 or 1 (bernoulli rewards)"),
            (lambda: s.tell("control", float("nan")), "must be a number"),
            (lambda: s.tell("contrl", 1), "did you mean 'control'"),
            (lambda: s.tell("red", 1), "no pull of red is pending"),
            (lambda: s.tell_many([{"ask": 1, "reward": 1}, {"ask": 1, "reward": 0}]), "line 2: ask 1 was already answered"),
            (lambda: s.tell_many([{"ask": 1, "reward": 1}, {"ask": 2, "rewrd": 0}]), "unknown key 'rewrd'"),
            (lambda: s.tell("control", "1"), "reward must be a number")]:
        with pytest.raises(cpex.Error, match=".*") as error:
            call()
        assert fragment in str(error.value), (fragment, str(error.value))
        assert s.status() == before
    with pytest.raises(cpex.Error, match="is not a CPEx study"):
        (tmp_path / "text.db").write_text("hello")
        cpex.Study(tmp_path / "text.db")
    with pytest.raises(cpex.ConfigError, match="a study has no environment"):
        cpex.Study.create(tmp_path / "env.db", environment=ENVIRONMENT, oracle=SECTIONS["oracle"],
                          algorithm=SECTIONS["algorithm"])
    with pytest.raises(cpex.ConfigError, match=r"\[study\] rewards: 'bernouli' is not a reward family \(did you mean 'bernoulli'\?\)"):
        cpex.Study.create(tmp_path / "typo.db", **dict(SECTIONS, study={"arms": 3, "rewards": "bernouli"}))


def test_an_external_source_in_shuffled_batches_decides_as_the_simulation(tmp_path):
    twin = cpex.Study.create(tmp_path / "twin.db", **SECTIONS)
    simulated = twin.simulate(ENVIRONMENT)
    assert simulated["state"] == "stopped" and simulated["recommendation"] == "red"
    draws = draws_of(str(tmp_path / "twin.db"), twin.arms)
    s = cpex.Study.create(tmp_path / "live.db", **SECTIONS)
    rng, given, outstanding = random.Random(5), {a: 0 for a in s.arms}, []
    while True:
        for pull in s.ask(rng.randint(1, 9)):
            j = given[pull["arm"]]
            given[pull["arm"]] += 1
            reward = draws[pull["arm"]][j] if j < len(draws[pull["arm"]]) else 0.0
            outstanding.append({"ask": pull["ask"], "reward": reward})
        if not outstanding:
            break
        rng.shuffle(outstanding)
        cut = rng.randint(1, len(outstanding))
        with warnings.catch_warnings():  # pulls pending when it stopped are told late
            warnings.simplefilter("ignore", cpex.study.LateObservation)
            s.tell_many(outstanding[:cut])
        outstanding = outstanding[cut:]
    status = s.status()
    assert status["state"] == "stopped" and status["recommendation"] == "red"
    assert [a["used"] for a in status["arms"]] == simulated["pulls"]
    assert status["samples"] >= simulated["samples"]
    with pytest.warns(cpex.study.LateObservation, match="recorded as late"):
        assert s.tell("red", 1.0, unasked=True)["late"] == 1


def test_simulate_equals_the_first_run_of_cpex_run(tmp_path):
    s = cpex.Study.create(tmp_path / "sim.db", **SECTIONS)
    simulated = s.simulate(ENVIRONMENT)
    frame = cpex.run(cpex.Pipeline(environment=ENVIRONMENT, oracle=SECTIONS["oracle"],
                                   algorithm=SECTIONS["algorithm"],
                                   run={"seed": 7, "repetitions": 1, "record-pulls": "yes"}))
    row = frame.iloc[0]
    assert int(row["samples"]) == simulated["samples"]
    assert str(row["recommendation"]) == simulated["indices"]
    assert str(row["pulls"]) == " ".join(map(str, simulated["pulls"]))


def test_names_limits_ids_voids_and_the_log(tmp_path):
    """Issue 41: arm names are checked before they are joined into the pipeline; ask() takes
    1 to the ask-limit, as the command line; a tell with an id is taken once; a void
    retracts an observation and makes its pull pending again."""
    with pytest.raises(cpex.ConfigError, match="the arm name 'a,b' holds a comma"):
        cpex.Study.create(tmp_path / "comma.db", **dict(SECTIONS, study={"arms": ["a,b", "c"], "rewards": "bernoulli"}))
    assert not (tmp_path / "comma.db").exists()
    s = cpex.Study.create(tmp_path / "undo.db", **dict(SECTIONS, study=dict(SECTIONS["study"], **{"ask-limit": 100})))
    assert s.limits["ask_limit"] == 100 and s.limits["body_limit"] == 16 << 20
    for n in (0, -5, 101, 10**7):
        with pytest.raises(cpex.Error, match=r"an ask requests 1 to 100 pulls \(\[study\] ask-limit\)") as error:
            s.ask(n)
        assert "\n" not in str(error.value)
    with pytest.raises(cpex.Error, match="n is a number of pulls"):
        s.ask("3")
    asked = s.ask(2)
    first = s.tell(asked[0]["arm"], 1, id="visit-1")
    again = s.tell(asked[0]["arm"], 1, id="visit-1")  # a retry: acknowledged, not taken
    assert first["accepted"] == 1 and again["duplicates"] == 1 and again["seqs"] == first["seqs"]
    assert s.status()["observations"] == 1
    voided = s.void(first["seqs"][0], reason="typo")
    assert voided["voided"] == 1
    status = s.status()
    assert status["voided"] == 1 and status["observations"] == 0 and status["pending"] == 2
    events = s.log()
    assert [e["kind"] for e in events] == ["ask", "ask", "tell", "void"]
    assert events[2]["voided"] and events[2]["id"] == "visit-1" and events[3]["note"] == "typo"
    with pytest.raises(cpex.Error, match="was voided already"):
        s.void(first["seqs"][0])


def test_several_metrics_tells_by_name_or_order_and_the_pareto_set(tmp_path):
    sections = dict(study={"arms": ["a", "b", "c", "d"], "objectives": ["conversion", "latency"],
                           "rewards": "gaussian", "sigma": 0.5},
                    oracle={"plugin": "pareto-set"},
                    algorithm={"plugin": "top-two", "delta": 0.05, "threshold": "kk2021"}, run={"seed": 3})
    s = cpex.Study.create(tmp_path / "metrics.db", **sections)
    s.ask(1)
    assert s.tell("a", rewards={"latency": 0.25, "conversion": 0.5}, id="t1")["accepted"] == 1
    assert s.tell("a", rewards=[0.5, 0.25], id="t1")["duplicates"] == 1  # the same observation
    assert s.tell("b", rewards=(0.125, 0.75), unasked=True)["accepted"] == 1
    status = s.status()
    assert status["objectives"] == ["conversion", "latency"]
    assert [o["mean"] for o in status["arms"][0]["objectives"]] == [0.5, 0.25]
    assert [o["mean"] for o in status["arms"][1]["objectives"]] == [0.125, 0.75]
    for bad, fragment in [({"conversion": 1}, "no reward for the objective 'latency'"),
                          ({"conversion": 1, "latncy": 2}, "did you mean 'latency'"),
                          ([1], "needs 2 rewards, one per objective"),
                          ({"conversion": "1", "latency": 2}, "rewards must be a number")]:
        with pytest.raises(cpex.Error) as error:
            s.tell("c", rewards=bad, unasked=True)
        assert fragment in str(error.value), (fragment, str(error.value))
    assert s.status() == status
    fresh = cpex.Study.create(tmp_path / "pareto.db", **sections)
    simulated = fresh.simulate({"plugin": "multivariate-gaussian", "sigma": 0.5,
                                "means": "0.9 0.2; 0.5 0.5; 0.2 0.9; 0.3 0.3"})
    assert simulated["recommendation"] == "a, b, c" and simulated["correct"]
    final = fresh.status()
    assert final["certificate"] == "certified" and final["glr"]["challenger"] == "d"
