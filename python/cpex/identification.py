"""The identification API from Python: the problem a researcher's sampler asks questions of,
with the C++ SDK's numbers (cpex/identification/posed_problem.hpp; nothing is computed here).

    import cpex
    p = cpex.Problem("gaussian", "top-m", m=2, arms=5)            # or Problem.from_pipeline(...)
    p.answer(means)                          # the answer i*(mu): sorted arms
    g = p.glr(means, counts)                 # {"statistic", "alternative", "arms", "answer", ...}
    t = p.characteristic_time(means)         # {"T_star", "w_star", "lower", "upper", ...}
    p.optimal_weights(means); p.threshold("kk2021", t=1000, delta=0.01)
    cpex.hardness("pipelines/leaderboard/gk-mu1.ini")   # what `cpex hardness --json` prints

A Python algorithm (cpex.Algorithm) builds its problem once in start() and asks it each round.
cpex.Problem(num_arms=..., noise_sigma=..., ...) (the keywords of the public description an
environment declares) still returns that description (cpex.ProblemDescription)."""
import json
import os

from . import _native

FAMILIES = ("gaussian", "bernoulli", "poisson", "exponential", "gaussian-unknown-variance")
QUERIES = ("best-arm", "top-m", "epsilon-good", "threshold", "any-above")
THRESHOLDS = ("gk-experiments", "gk-theorem", "kk2021")
# The keywords of the public description of a problem (cpex.ProblemDescription).
_DESCRIPTION_KEYS = {"num_arms", "noise_sigma", "k", "feedback", "features", "parameter_bound",
                     "group_sizes", "parameter", "rewards", "arm_sigmas"}


def _pipeline_source(pipeline, set=None):
    """(path, text, read_file, overrides) of a cpex.Pipeline or a pipeline file's path."""
    from ._pipeline import Pipeline, override_texts
    if isinstance(pipeline, Pipeline):
        path, text, read_file, _ = pipeline._source()
        return path, text, read_file, pipeline.overrides + override_texts(set)
    return os.fspath(pipeline), "", True, override_texts(set)


def _from_core(attribute, doc):
    """A read-only property: the native problem's `attribute`."""
    return property(lambda self: getattr(self._core, attribute), doc=doc)


class Problem:
    """An identification problem: an arm family times a query (times a structure: the
    unstructured queries here; a matroid or a listed class from a pipeline's oracle).

    Problem(family="gaussian", query="best-arm", structure="unstructured", *, arms, sigma=1.0,
            m=1, epsilon=0.0, relative=False, tau=0.0, variances=None)
    Problem.from_pipeline(pipeline, set=None): the problem the pipeline poses (its first
            point's instance; T* as `cpex hardness` computes it; .truth holds the means).

    family: gaussian (sigma), bernoulli, poisson, exponential, gaussian-unknown-variance
    (variances: the true ones, for T*); query: best-arm, top-m (m), epsilon-good (epsilon,
    relative), threshold (tau: the arms above tau), any-above (tau: whether some arm is)."""

    def __new__(cls, *args, **kwargs):
        if set(kwargs) & _DESCRIPTION_KEYS:
            return _native.core().Problem(*args, **kwargs)
        return super().__new__(cls)

    def __init__(self, family="gaussian", query="best-arm", structure="unstructured", *, arms=None,
                 sigma=1.0, m=1, epsilon=0.0, relative=False, tau=0.0, variances=None):
        if structure != "unstructured":
            raise ValueError("structure %r: a matroid or a listed class is posed from a pipeline "
                             "(cpex.Problem.from_pipeline)" % (structure,))
        if arms is None:
            raise ValueError("cpex.Problem: give arms= (the number of arms)")
        self._core = _native.core().IdentificationProblem.from_names(
            int(arms), str(family), float(sigma), [float(v) for v in (variances or [])], str(query),
            int(m), float(epsilon), bool(relative), float(tau))

    @classmethod
    def from_pipeline(cls, pipeline, set=None):
        """The identification problem of a cpex.Pipeline (or a pipeline file's path), with
        `set=` overrides as --set."""
        self = super().__new__(cls)
        self._core = _native.core().IdentificationProblem.from_pipeline(*_pipeline_source(pipeline, set))
        return self

    name = _from_core("name", 'The query\'s name ("best arm", "top-2", "thresholds", ...).')
    arms = _from_core("arms", "The number of arms.")
    family = _from_core("family", 'The rewards\' family by name ("gaussian", "bernoulli", ...; the first arm\'s).')
    truth = _from_core("truth", "The pipeline instance's means (None for a problem posed from names).")

    def answer(self, means):
        """The answer i*(mu): its arms, sorted (ties broken deterministically)."""
        return list(self._core.answer([float(x) for x in means]))

    def correct(self, means, arms):
        """Whether the decision of these arms is a correct answer for the means."""
        return self._core.correct([float(x) for x in means], sorted(int(a) for a in arms))

    def pieces(self, means):
        """The number of pieces of the alternative of the answer of the means."""
        return self._core.pieces([float(x) for x in means])

    def glr(self, means, counts, every_piece=False, variances=None):
        """The GLR statistic of the answer of `means` under `counts`: {"statistic" (min over
        the pieces of sum_a N_a d(mu_a, lambda_a)), "answer", "piece", "arms" (the arms the
        closest piece moves), "alternative" (the closest lambda, every arm), and with
        every_piece=True "pieces" (each piece's index, arms, point and cost)}. variances: the
        empirical variances of Gaussian arms of unknown variance."""
        return self._core.glr([float(x) for x in means], [float(n) for n in counts], bool(every_piece),
                              [float(v) for v in (variances or [])])

    def characteristic_time(self, means):
        """T*(mu) with w*(mu) and the solver's certificate: {"T_star", "w_star", "answer",
        "lower", "upper" (lower <= T*^-1 <= upper), "relative_gap", "iterations", "method"}."""
        return self._core.characteristic_time([float(x) for x in means])

    def optimal_weights(self, means):
        """w*(mu), the optimal proportions of the samples."""
        return list(self._core.optimal_weights([float(x) for x in means]))

    def threshold(self, name, t, delta, means=None, size=1):
        """beta(t, delta) of the GLR stopping threshold `name` (gk-experiments, gk-theorem,
        kk2021) for a piece moving `size` arms, with the number of pieces of the answer of
        `means` (without means: of arm 0 > arm 1 > ..., the same count but for listed classes)."""
        return self._core.threshold(str(name), int(t), float(delta), [float(x) for x in (means or [])],
                                    int(size))

    def __repr__(self):
        return "cpex.Problem(%s, %s, %d arms)" % (self.family, self.name, self.arms)


def threshold(name, t, delta, pieces, size=1):
    """beta(t, delta) of the GLR stopping threshold `name` for `pieces` pieces and a piece
    moving `size` arms (numerics/stopping_thresholds.hpp)."""
    return _native.core().stopping_threshold(str(name), int(t), float(delta), int(pieces), int(size))


def hardness(pipeline, set=None):
    """The complexity measures of a pipeline's instances, as `cpex hardness --json` prints them
    (a dict; {"points": [...]} for a sweep): T_star, w_star, the gaps and H, ... per point, under
    "measures"."""
    return json.loads(_native.core().hardness(*_pipeline_source(pipeline, set)))
