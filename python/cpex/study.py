"""cpex.Study: any CPEx algorithm driving a real experiment — ask which arm to try, tell
what it gave (now, later, in batches, out of order), and read when it is done and how sure.
The study lives in one SQLite file (every ask and observation, in order); opening it
replays the log, so a notebook, a service and `cpex study` on the command line can share
one study, and it survives any restart. Guide: docs/studies.md.

    s = cpex.Study.create("ab.db", study={"arms": ["control", "red", "blue"], "rewards": "bernoulli"},
                          oracle={"plugin": "top-k", "k": 1},
                          algorithm={"plugin": "lucb", "delta": 0.05}, run={"seed": 7})
    for pull in s.ask(3):                 # [{"ask": 1, "arm": "control"}, ...]
        s.tell(pull["arm"], reward_of(pull["arm"]), ask=pull["ask"])
    s.status()["state"]                   # "running", then "stopped" (or "budget")
"""
import json
import numbers
import os
import warnings
from collections.abc import Mapping

from ._errors import ConfigError, Error
from ._native import core
from ._pipeline import IN_MEMORY_NAME, Pipeline, override_texts, section_text


class LateObservation(UserWarning):
    """Observations told after the study ended: recorded (flagged late), never used."""


def _arm_name(arm):
    if isinstance(arm, str):
        return arm
    if isinstance(arm, numbers.Integral) and not isinstance(arm, bool):
        return str(int(arm))  # a study made with arms = N names its arms "0", ..., "N-1"
    raise Error("an arm is named by a string (or, for arms = N, its number), got %r" % (arm,))


def _observation(arm=None, reward=None, ask=None, rewards=None, cancel=False, id=None):
    """One tell as the JSON object `cpex study tell --json` reads."""
    item = {}
    if ask is not None:
        item["ask"] = ask
    if id is not None:
        item["id"] = id
    if arm is not None:
        if isinstance(arm, (list, tuple)):
            item["arms"] = [_arm_name(a) for a in arm]
        else:
            item["arm"] = _arm_name(arm)
    if cancel:
        item["cancel"] = True
    if reward is not None:
        item["reward"] = reward
    if rewards is not None:
        # a dict: a multi-objective observation by objective name; else one per member or objective
        item["rewards"] = dict(rewards) if isinstance(rewards, Mapping) else list(rewards)
    for key in ("reward", "rewards"):
        values = item.get(key)
        values = list(values.values()) if isinstance(values, dict) else values
        for value in (values if isinstance(values, list) else [values] if values is not None else []):
            if isinstance(value, bool) or not isinstance(value, numbers.Real):
                raise Error("%s must be a number, got %r" % (key, value))
    if "reward" in item:
        item["reward"] = float(item["reward"])
    if isinstance(item.get("rewards"), dict):
        item["rewards"] = {str(name): float(v) for name, v in item["rewards"].items()}
    elif "rewards" in item:
        item["rewards"] = [float(v) for v in item["rewards"]]
    return item


def _line(item):
    # allow_nan=False would raise before the study could name the culprit: NaN and
    # infinities are written as strings the study refuses as "not a number"
    try:
        return json.dumps(item, allow_nan=False)
    except ValueError:
        return json.dumps({k: (repr(v) if isinstance(v, float) else v) for k, v in item.items()})


class Study:
    """A study file opened for asking and telling (see the module's docstring)."""

    def __init__(self, path):
        self._handle = core().StudyHandle(os.fspath(path))

    @classmethod
    def create(cls, path, pipeline=None, *, set=None, **sections):
        """Writes a new study at `path` and opens it. The pipeline: a file path, a
        cpex.Pipeline made with check=False, or the sections as keyword dicts (study=,
        oracle=, algorithm=, run=, and any oracle role such as dks=). [study] replaces
        [environment]: arms (a list of names, or a number N), rewards (gaussian, bernoulli,
        bounded), sigma or range, and for super-arm pulls feedback and k."""
        overrides = override_texts(set)
        arms = (sections.get("study") or {}).get("arms") if isinstance(sections.get("study"), dict) else None
        if isinstance(arms, (list, tuple)):
            # the names are joined with commas into the pipeline: checked first, by the study's rule
            if not all(isinstance(a, str) for a in arms):
                raise ConfigError("[study] arms: a list of names (strings), or a number N")
            try:
                core().study_check_arm_names(list(arms))
            except Error as e:
                raise ConfigError("[study] arms: %s" % e) from None
        if pipeline is None:
            if not sections:
                raise ConfigError("Study.create needs a pipeline: a file, or study=, oracle=, algorithm= dicts")
            text = "".join(section_text(name, values) for name, values in sections.items() if values is not None)
            source = (IN_MEMORY_NAME, text, False)
        elif sections:
            raise ConfigError("Study.create takes a pipeline or sections, not both")
        elif isinstance(pipeline, Pipeline):
            path_, text, read_file, _ = pipeline._source()
            source = (path_, text, read_file)
            overrides = list(pipeline._overrides) + overrides
        elif isinstance(pipeline, (str, os.PathLike)):
            source = (os.fspath(pipeline), "", True)
        else:
            raise ConfigError("Study.create: pipeline must be a file path or a cpex.Pipeline, got %s"
                              % type(pipeline).__name__)
        core().study_create(os.fspath(path), source[0], source[1], source[2], overrides)
        return cls(path)

    @classmethod
    def open(cls, path):
        """The study at `path` (its state rebuilt by replaying its log)."""
        return cls(path)

    @property
    def arms(self):
        """The arms' names, in order."""
        return list(self._handle.arms)

    @property
    def path(self):
        return self._handle.path

    @property
    def policy(self):
        """How batches and delays are handled: "queue" (the default for every algorithm)
        or "pending" (an algorithm that proposes pulls while others are pending)."""
        return self._handle.policy

    @property
    def limits(self):
        """The study's limits ([study] ask-limit, pending-limit, body-limit in bytes,
        pending-timeout in seconds; docs/studies.md, "Limits")."""
        return dict(self._handle.limits)

    def ask(self, n=1):
        """Up to `n` new pulls, each {"ask": number, "arm": name} (super arms: "arms": [names]);
        fewer (or none) when the study has ended, the algorithm waits for observations or
        the pending-limit is reached. `n`: 1 to the study's ask-limit."""
        if isinstance(n, bool) or not isinstance(n, numbers.Integral):
            raise Error("ask(n): n is a number of pulls (an integer), got %r" % (n,))
        if not -2**62 < n < 2**62:
            raise Error("ask(%d): an ask requests 1 to %d pulls ([study] ask-limit)" % (n, self.limits["ask_limit"]))
        return json.loads(self._handle.ask_json(int(n), False))["asks"]

    def pending(self):
        """The pulls handed out and not yet told, oldest first."""
        return json.loads(self._handle.ask_json(1, True))["asks"]

    def tell(self, arm=None, reward=None, *, ask=None, rewards=None, unasked=False, id=None):
        """One observation: of `arm` (answering its oldest pending pull) or of ask number
        `ask`; `rewards=[...]` for a semi-bandit pull (one per member) or a study with
        objectives (one per objective, in their order), `rewards={"conversion": 0.3,
        "latency": 0.1}` by objective name; `id`: a client id
        that makes a retry safe (a tell repeated with it is taken once). Returns
        {"accepted", "late", "cancelled", "voided", "duplicates", "seqs", "state",
        "samples"}; cpex.Error, nothing taken, for a bad one. An observation after the
        study ended is recorded as late (never used), with a cpex.study.LateObservation
        warning."""
        return self.tell_many([_observation(arm, reward, ask, rewards, id=id)], unasked=unasked)

    def tell_many(self, observations, unasked=False):
        """Several observations in one transaction — dicts {"arm" or "arms", "reward" or
        "rewards", "ask"} — all taken, or none (cpex.Error naming the culprit)."""
        known = {"arm", "arms", "reward", "rewards", "ask", "cancel", "id"}
        lines = []
        for item in observations:
            if not isinstance(item, dict):
                raise Error("tell_many takes dicts such as {'arm': 'b', 'reward': 0.7}, got %r" % (item,))
            if not set(item) <= known:  # the study names the unknown key
                lines.append(_line(item))
                continue
            lines.append(_line(_observation(item.get("arm", item.get("arms")), item.get("reward"),
                                            item.get("ask"), item.get("rewards"), item.get("cancel", False),
                                            item.get("id"))))
        outcome = json.loads(self._handle.tell_json("\n".join(lines), bool(unasked)))
        if outcome["late"]:
            warnings.warn("%d observation(s) came after the study ended (%s): recorded as late, not used"
                          % (outcome["late"], outcome["state"]), LateObservation, stacklevel=2)
        return outcome

    def cancel(self, ask):
        """Withdraws pending pull number `ask` (its observation will never come)."""
        return json.loads(self._handle.tell_json(_line({"ask": ask, "cancel": True}), False))

    def void(self, seq, reason=None):
        """Retracts the observation logged as event `seq` (a typo, a broken measurement):
        recorded in the log, the algorithm's state rebuilt without it, its pull pending
        again (tell the right value, or cancel it). `seq`: from tell()'s "seqs" or log()."""
        item = {"void": seq}
        if reason is not None:
            item["reason"] = str(reason)
        return json.loads(self._handle.tell_json(_line(item), False))

    def log(self, after=0, limit=1000):
        """The log's events after seq `after` (at most `limit`), oldest first: dicts with
        "seq", "kind" (ask, tell, cancel, void), "ask", "arm", "reward", "late", "voided",
        "id", "note", "time"."""
        return json.loads(self._handle.log_json(int(after), int(limit)))["events"]

    def status(self):
        """Where the study is: state, per-arm data with 95% intervals, the recommendation,
        delta, the algorithm's reported statistics, the independent GLR check and the
        plug-in T* (docs/studies.md, "What the certificate means")."""
        return json.loads(self._handle.status_json())

    def report(self):
        """The status as the text of `cpex study status`."""
        return self._handle.status_text()

    def simulate(self, environment, batch=1, delay=0):
        """Answers the study from an environment plugin's draws until it ends: `environment`
        is the [environment] section as a dict, a pipeline file path, or a cpex.Pipeline.
        `batch` pulls are asked per round and each observation is told `delay` pulls after its
        ask (docs/studies.md); the result equals `cpex run`'s first run of the same pipeline
        with [run] batch-size = batch and delay = delay."""
        if isinstance(environment, dict):
            source = (IN_MEMORY_NAME, section_text("environment", environment), False)
        elif isinstance(environment, Pipeline):
            path_, text, read_file, _ = environment._source()
            source = (path_, text, read_file)
        else:
            source = (os.fspath(environment), "", True)
        if int(batch) < 1 or int(delay) < 0:
            raise Error("simulate: batch must be at least 1 and delay at least 0")
        return json.loads(self._handle.simulate_json(source[0], source[1], source[2], int(batch), int(delay)))

    def __repr__(self):
        return "cpex.Study(%r)" % self.path
