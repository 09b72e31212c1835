"""What the independent NumPy peers of benchmarks/peers/ share: NumPy itself (refused at once,
naming Debian's interpreter, where the first python3 on PATH lacks it), their arguments' checks,
and the summary of a batch of runs (the ratios of the runs that stopped, a Student-t interval,
the runs that reached the cap counted apart, never averaged in)."""
import math
import sys

try:
    import numpy as np
except ImportError:  # the first python3 on PATH may lack NumPy (pyenv)
    sys.exit(f"{sys.argv[0]}: needs NumPy: run it with Debian's /usr/bin/python3 (apt install python3-numpy)")


def check_arguments(parser, args):
    """parser.error (one line, exit status 2) for a count, delta, sigma or cap out of range."""
    if getattr(args, "runs", 1) < 1:
        parser.error(f"--runs must be at least 1, got {args.runs}")
    delta = getattr(args, "delta", 0.5)
    if not (0.0 < delta < 1.0):
        parser.error(f"--delta must be in (0, 1), got {delta}")
    sigma = getattr(args, "sigma", 1.0)
    if not (sigma > 0.0 and math.isfinite(sigma)):
        parser.error(f"--sigma must be positive and finite, got {sigma}")
    if getattr(args, "cap", 1) < 1:
        parser.error(f"--cap must be at least 1, got {args.cap}")


def t_interval(values, level=0.95):
    """Mean of `values` and its Student-t interval (the mean itself, twice, below two values)."""
    values = np.asarray(values, dtype=float)
    mean = float(values.mean())
    if len(values) < 2:
        return mean, mean, mean
    from scipy import stats
    half = stats.t.ppf(0.5 + level / 2.0, len(values) - 1) * values.std(ddof=1) / math.sqrt(len(values))
    return mean, mean - half, mean + half


def summary(ratios, capped):
    """One line: the mean ratio of the runs that stopped with its interval, and the capped runs."""
    tail = f"; {capped} run(s) reached the cap, left out" if capped else ""
    if not ratios:
        return f"no run stopped before the cap{tail}"
    mean, lo, hi = t_interval(ratios)
    return f"mean ratio {mean:.3f}  95% t-interval [{lo:.3f}, {hi:.3f}]  over {len(ratios)} runs that stopped{tail}"
