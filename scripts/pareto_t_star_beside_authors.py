"""T*(mu) of a Pareto set beside Crepon, Garivier & Koolen's code (AISTATS 2024).

Their repository (elise-crepon/sequential-pareto-learning-experiments, a checkout the user
names) computes min over the alternative of sum_a w_a ||mu_a - lambda_a||^2 / 2 for Gaussian
arms of variance 1 (`PCnd(mu).get_cost(w)`) and maximizes it over w by Hedge (`hedge(mu, w, M)`:
the value after M steps and the average weights). We run their Hedge for `--steps` steps on
an instance and compare 1 / (its value at its average weights) and their best iterate with
`cpex hardness` of the same instance (multivariate-gaussian, sigma = 1, pareto-set): the
cutting planes' certified T*(mu). Their value at our w*(mu) is also printed (the same function
evaluated by their code at our optimum: it must equal our 1 / T*).

Nothing of their code is in this repository: their modules are imported from the path given.
Not run in CI (it needs their code and numpy). Run with Debian's Python:

usage: /usr/bin/python3 scripts/pareto_t_star_beside_authors.py AUTHORS_CHECKOUT [--steps M]
           [--means "0.863 0.810; ..."] [--build DIR]
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
HIDDEN = "0.863 0.810; 0.441 0.209; 0.178 0.062; 0.536 0.209; 0.607 0.962; 0.258 0.466"


def ours(build, means):
    text = ("[environment]\nplugin = multivariate-gaussian\nmeans = %s\nsigma = 1\n[oracle]\nplugin = pareto-set\n"
            "[algorithm]\nplugin = top-two\ndelta = 0.05\n" % means)
    with tempfile.NamedTemporaryFile("w", suffix=".ini", delete=False) as f:
        f.write(text)
        path = f.name
    try:
        out = subprocess.run([os.path.join(build, "bin", "cpex"), "hardness", path, "--json"], check=True,
                             capture_output=True, text=True).stdout
    finally:
        os.unlink(path)
    return json.loads(out)["measures"]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("checkout")
    parser.add_argument("--steps", type=int, default=20000)
    parser.add_argument("--means", default=HIDDEN)
    parser.add_argument("--build", default=os.path.join(ROOT, "build"))
    args = parser.parse_args()
    sys.path.insert(0, args.checkout)
    import numpy as np
    import hedge as their_hedge  # noqa: E402  (their module, from the checkout)
    from pareto_nd import PCnd  # noqa: E402

    mu = np.array([[float(x) for x in row.split()] for row in args.means.split(";")])
    k = len(mu)
    measures = ours(args.build, args.means)
    t_star = measures["T_star"]
    w_star = np.array(measures["w_star"])
    value_at_ours = PCnd(mu).get_cost(w_star)[0]
    final, average, _ = their_hedge.hedge(mu, np.ones(k) / k, args.steps)
    value_at_average = PCnd(mu).get_cost(average)[0]
    print("instance: %s (Gaussian, sigma = 1)" % args.means)
    print("cpex hardness:         T* = %.6f, 1/T* = %.6f, w* = %s" % (t_star, 1.0 / t_star,
                                                                        np.array2string(w_star, precision=4)))
    print("their cost at our w*:  %.9f, our 1/T* %.9f (equal when both compute the same best response)" % (value_at_ours, 1.0 / t_star))
    print("their Hedge, %d steps: value at the average weights %.6f (T* >= %.6f), last iterate %.6f"
          % (args.steps, value_at_average, 1.0 / value_at_average, final))
    print("relative difference of 1/T*: ours %.3g above their average iterate" % (1.0 / t_star / value_at_average - 1.0))


if __name__ == "__main__":
    main()
