"""Plugins: the list and schemas of the loaded plugins (`cpex list`, `cpex describe`), and
plugins written in Python for prototyping. A Python plugin subclasses cpex.Algorithm or
cpex.Environment, declares its name and parameter schema, and is registered with
cpex.register; it then runs in any pipeline beside the compiled plugins, with the same
seeds, judge and store. Its calls hold the GIL, so a pipeline with a Python plugin runs on
one thread (docs/python.md: cost per sample)."""
import re

from ._errors import ConfigError, Error
from . import _native

FEEDBACK_KINDS = ("single-arm", "semi-bandit", "full-bandit-sum", "linear-arm")
ROLES = ("confidence", "accuracy", "budget")


class Param:
    """One parameter of a Python plugin's schema; use Real, Integer, Text, Path, Choice or
    RealList. `default=None` makes it required unless `optional=True`. `range`: a
    cpex.Range (cpex.Range.open(0, 1), .at_least(1), ...) or its text as `cpex describe`
    prints it ("(0, 1)", "[1, inf)"). `role`: what the framework reads it as — "confidence"
    (the run's target error delta), "accuracy" (epsilon) or "budget" (docs/plugin-authoring.md,
    "Parameter roles")."""

    def __init__(self, type, default=None, range=None, choices=None, help="", optional=False, role=None):
        self.type, self.default, self.range = type, default, range
        self.choices, self.help, self.optional, self.role = list(choices or []), help, optional, role

    def add_to(self, schema, name):
        """Declares this parameter as `name` in a cpex.ParamSchema (the C++ builder, with
        its checks)."""
        if not isinstance(name, str) or not re.fullmatch(r"[A-Za-z0-9_][A-Za-z0-9_.-]*", name):
            raise ConfigError("parameter name %r: letters, digits, '_', '-' and '.' only" % (name,))
        if self.type == "real-list" and self.default is not None:
            raise ConfigError("parameter '%s': a RealList has no default (make it optional)" % name)
        if self.type == "choice" and self.default not in self.choices:
            raise ConfigError("parameter '%s': the default %r is not one of %r" % (name, self.default, self.choices))
        if self.role is not None and self.role not in ROLES:
            raise ConfigError("parameter '%s': role %r is not one of %s" % (name, self.role, ", ".join(ROLES)))
        help = str(self.help)
        if self.type == "real":
            schema.real(name, self.default, self.range, help)
        elif self.type == "integer":
            schema.integer(name, self.default, self.range, help)
        elif self.type == "text":
            schema.text(name, self.default, help)
        elif self.type == "path":
            schema.path(name, self.default, help)
        elif self.type == "choice":
            schema.choice(name, self.default, self.choices, help)
        else:
            schema.real_list(name, self.range, help)
        if self.optional:
            schema.optional()
        if self.role is not None:
            schema.role(self.role)


def Real(default=None, range=None, help="", optional=False, role=None):
    return Param("real", None if default is None else float(default), range, help=help, optional=optional,
                 role=role)


def Integer(default=None, range=None, help="", optional=False, role=None):
    return Param("integer", None if default is None else int(default), range, help=help, optional=optional,
                 role=role)


def Text(default=None, help="", optional=False):
    return Param("text", default, help=help, optional=optional)


def Path(default=None, help="", optional=False):
    """A file path: relative to the pipeline file's directory (as for compiled plugins)."""
    return Param("path", default, help=help, optional=optional)


def Choice(default, choices, help=""):
    return Param("choice", default, choices=choices, help=help)


def RealList(range=None, help="", optional=False):
    return Param("real-list", None, range, help=help, optional=optional)


class Recommendation:
    """What recommend() may return besides an arm or a list of arms: the decided arms, a
    decision vector `values` (CPE-CS) and the accuracy `epsilon` the algorithm promises
    (the run is judged epsilon-optimal then, as for compiled plugins)."""

    def __init__(self, arms, values=None, epsilon=0.0):
        self.arms, self.values, self.epsilon = arms, values, epsilon

    def __repr__(self):
        return "cpex.Recommendation(arms=%r, values=%r, epsilon=%r)" % (self.arms, self.values, self.epsilon)


class Algorithm:
    """Base of algorithms written in Python, the C++ Algorithm interface in Python:

        class Uniform(cpex.Algorithm):
            name = "uniform-py"
            params = {"delta": cpex.Real(0.05, "(0, 1)", "confidence")}
            def start(self, context): ...          # context.problem, .rng, .oracle, .trace
            def next(self): ...                    # an arm (int), or None to stop
            def observe(self, arm, reward): ...
            def recommend(self): ...               # an arm, a list of arms, or a Recommendation
        cpex.register(Uniform)

    The parameters (schema values after defaults) are passed to the constructor as keyword
    arguments and kept in `self.params`. For super-arm feedback (semi-bandit,
    full-bandit-sum) next() returns a sequence of arms and observe() receives it as a tuple
    (semi-bandit: with one reward per member). Class attributes, every field of the C++
    registration: `name` (required), `summary`, `version`, `params`, `feedback` (accepted
    kinds), `oracle_needs` (capabilities asked of [oracle], e.g. ("linear-maximization",)),
    `oracles` (further roles, e.g. (("dks", ("quadratic",)),)), `settings`
    (("fixed-confidence",) by default; ("fixed-budget",) for an algorithm told its budget
    in context.budget, whose run ends after that many samples; or both), `anytime` (False:
    recommend() has no answer between rounds, so `[run] trace-recommendations` is refused),
    `rewards` (a cpex.RewardRequirement the environment's rewards must meet, e.g.
    cpex.RewardRequirement.families_of(["gaussian", "bernoulli"]); None: any),
    `batches` (True: in a study the algorithm proposes pulls while others await their
    observations, through propose(pending), which returns an arm, "wait" or None to stop;
    docs/studies.md), `reads_truth` (oracle baselines only)."""

    name = None
    summary = ""
    version = "1.0"
    params = {}
    feedback = ("single-arm",)
    oracle_needs = ()
    oracles = ()
    settings = ("fixed-confidence",)
    anytime = True
    rewards = None
    batches = False
    reads_truth = False

    def __init__(self, **params):
        self.params = params

    def start(self, context):
        """Prepare a run: context.problem (cpex.Problem), context.rng (this run's
        RandomStream), context.oracle (the decision class), context.budget (the fixed
        budget T, else 0), context.trace(name, value). Raise cpex.ParameterError(key,
        message) for parameters that do not fit the problem."""

    def next(self):
        raise NotImplementedError("%s.next()" % type(self).__name__)

    def observe(self, action, reward):
        raise NotImplementedError("%s.observe()" % type(self).__name__)

    def recommend(self):
        raise NotImplementedError("%s.recommend()" % type(self).__name__)

    def resolved(self):
        """The `resolved` column: by default the parameters."""
        return dict(getattr(self, "params", {}))


class Environment:
    """Base of environments written in Python, the C++ Environment interface in Python:

        class TwoPoint(cpex.Environment):
            name = "two-point-py"
            params = {"means": cpex.RealList("[0, 1]", "arm means")}
            def start(self, context): self.noise = [context.noise(i) for i in ...]
            def problem(self): return cpex.Problem(num_arms=..., noise_sigma=0.5,
                                                   rewards=cpex.RewardModel.bounded(0, 1))
            def truth(self): return self.params["means"]
            def pull(self, arm): return ... a float from self.noise[arm] ...
        cpex.register(TwoPoint)

    Draw every random number from the streams of `context` (context.instance_rng for
    the instance, context.noise(arm) for arm `arm`'s rewards): then a run depends only on
    the seed, the sweep point and the repetition, and algorithms compared at one point see
    the same rewards. `feedback` is one of single-arm, semi-bandit, full-bandit-sum,
    linear-arm (pull() then receives a tuple of arms and returns the sum, or for
    semi-bandit one reward per member); problem() says the same kind (the framework refuses
    a run whose Problem differs from the registration). Declare the rewards in the Problem
    (cpex.RewardModel.gaussian(), .bernoulli(), .bounded(a, b)): algorithms that assume a
    family (track-and-stop: Gaussian or Bernoulli) take only environments that declare it."""

    name = None
    summary = ""
    version = "1.0"
    params = {}
    feedback = "single-arm"

    def __init__(self, **params):
        self.params = params

    def start(self, context):
        """Draw the instance: context.seed, context.instance_rng, context.noise(arm),
        context.stream(role, index)."""

    def problem(self):
        raise NotImplementedError("%s.problem()" % type(self).__name__)

    def truth(self):
        raise NotImplementedError("%s.truth()" % type(self).__name__)

    def pull(self, action):
        raise NotImplementedError("%s.pull()" % type(self).__name__)

    def resolved(self):
        """Values describing the drawn instance, appended to the `resolved` column."""
        return {}

    # Optional, for Gaussian rewards of unknown variance: truth_variances(), each arm's
    # hidden variance (read by the framework only, as truth()).


def _info(cls):
    """The registration fields every plugin has: name, summary, version, library, schema."""
    name = getattr(cls, "name", None)
    if not isinstance(name, str) or not re.fullmatch(r"[A-Za-z0-9][A-Za-z0-9_.-]*", name):
        raise ConfigError("%s: set the class attribute `name` to the plugin's name "
                          "(letters, digits, '_', '-', '.'), got %r" % (cls.__qualname__, name))
    params = getattr(cls, "params", {}) or {}
    if not isinstance(params, dict) or not all(isinstance(p, Param) for p in params.values()):
        raise ConfigError("%s.params: expected a dict of name: cpex.Real(...) / Integer / Text / "
                          "Path / Choice / RealList" % cls.__qualname__)
    schema = _native.core().ParamSchema()
    for parameter_name, parameter in params.items():
        try:
            parameter.add_to(schema, parameter_name)
        except ConfigError:
            raise
        except Error as error:  # the C++ builder's checks (a range, a role given twice)
            raise ConfigError("%s.params['%s']: %s" % (cls.__qualname__, parameter_name, error)) from None
    return {"name": name, "summary": str(getattr(cls, "summary", "") or cls.__qualname__),
            "version": str(getattr(cls, "version", "") or "1.0"),
            "library": "python:%s.%s" % (cls.__module__, cls.__qualname__), "schema": schema}


def _names(values, what, cls):
    values = (values,) if isinstance(values, str) else tuple(values)
    if not all(isinstance(v, str) for v in values):
        raise ConfigError("%s.%s: expected names, got %r" % (cls.__qualname__, what, values))
    return list(values)


def register(cls):
    """Registers a cpex.Algorithm or cpex.Environment subclass under its `name` (again
    after a change: the new class replaces the old one). Usable as a decorator."""
    core = _native.core()
    if isinstance(cls, type) and issubclass(cls, Algorithm):
        info = _info(cls)
        roles = [(section, _names(caps, "oracles", cls)) for section, caps in cls.oracles]
        needs = _names(cls.oracle_needs, "oracle_needs", cls)
        rewards = cls.rewards
        if rewards is not None and not isinstance(rewards, core.RewardRequirement):
            raise ConfigError("%s.rewards: expected a cpex.RewardRequirement or None, got %r"
                              % (cls.__qualname__, rewards))
        core.register_algorithm(cls, feedback=_names(cls.feedback, "feedback", cls),
                                oracles=([("oracle", needs)] if needs or roles else []) + roles,
                                reads_truth=bool(cls.reads_truth),
                                settings=_names(cls.settings, "settings", cls),
                                anytime=bool(cls.anytime), rewards=rewards, batches=bool(cls.batches),
                                **info)
    elif isinstance(cls, type) and issubclass(cls, Environment):
        core.register_environment(cls, feedback=str(cls.feedback), **_info(cls))
    else:
        raise ConfigError("cpex.register: %r is not a subclass of cpex.Algorithm or cpex.Environment" % (cls,))
    return cls


def load_plugins(path):
    """Loads a plugin directory or library file, like `--plugin-path PATH`."""
    import os
    _native.core().load_plugins(os.fspath(path))


def plugins():
    """The loaded plugins as `cpex list` shows them: a DataFrame with columns kind, name,
    summary, library (Python plugins: `python:MODULE.CLASS`), version."""
    import pandas as pd
    return pd.DataFrame(_native.core().list_plugins(), columns=["kind", "name", "summary", "library", "version"])


def describe(name):
    """A plugin's description and parameter schema as a dict (as `cpex describe NAME`);
    "run" describes the [run] section."""
    return _native.core().describe(str(name))
