#!/usr/bin/env python3
"""scripts/allocation_ratio.py against hand-computed values: three Gaussian arms with gaps
(1, 1, 2) and a w* that equalizes the two challengers' costs; pulls proportional to w* give 1,
pulls (1/3, 1/3, 1/3) give the ratio of 1 / T by hand; a store without pulls, a hardness file
of Bernoulli arms and a missing file each exit 2 with one line naming the culprit.

usage: allocation_ratio_test.py SOURCE_DIR       (run by ctest: allocation-ratio-script)"""
import json
import os
import subprocess
import sys
import tempfile

script = os.path.join(sys.argv[1], "scripts", "allocation_ratio.py")
failures = []


def check(condition, what):
    if not condition:
        failures.append(what)
        print("FAILED:", what)


def run(*args):
    return subprocess.run([sys.executable, script, *args], capture_output=True, text=True)


# w* for gaps (1, 1, 2) with the best arm 0: any w with equal costs 1/(1/w0 + 1/w1) =
# 4/(1/w0 + 1/w2) serves the test (it need not be the optimum: the script divides by its cost).
w0, w1 = 0.5, 0.4
# 4 / (1/w0 + 1/w2) = 1 / (1/w0 + 1/w1)  =>  1/w2 = 4/w0 + 4/w1 - 1/w0
w2 = 1.0 / (3.0 / w0 + 4.0 / w1)
total = w0 + w1 + w2
w_star = [w0 / total, w1 / total, w2 / total]
optimum = 1.0 / (1.0 / w_star[0] + 1.0 / w_star[1])
uniform = min(1.0 / (3.0 + 3.0), 4.0 / (3.0 + 3.0))  # gap^2 / (1/w0 + 1/wb) at w = 1/3 each

with tempfile.TemporaryDirectory() as work:
    hardness = os.path.join(work, "h.json")
    with open(hardness, "w") as f:
        json.dump({"points": [{"environment": "gaussian", "oracle": "top-k",
                               "measures": {"gaps": [1.0, 1.0, 2.0], "w_star": w_star}}]}, f)
    runs = os.path.join(work, "r.csv")
    with open(runs, "w") as f:
        f.write("run_id,pulls\n")
        f.write("0,%r %r %r\n" % tuple(1000.0 * w for w in w_star))
        f.write("1,10 10 10\n")
    out = run(hardness, runs)
    check(out.returncode == 0, "exit 0 on good input: %s" % out.stderr)
    lines = out.stdout.splitlines()[1:]
    check(len(lines) == 2, "one line per run: %r" % out.stdout)
    if len(lines) == 2:
        check(abs(float(lines[0].split()[2]) - 1.0) < 1e-6, "pulls at w*: ratio 1 (%s)" % lines[0])
        check(abs(float(lines[1].split()[2]) - optimum / uniform) < 1e-3,
              "uniform pulls: ratio %.4f by hand (%s)" % (optimum / uniform, lines[1]))
    no_pulls = os.path.join(work, "n.csv")
    with open(no_pulls, "w") as f:
        f.write("run_id,pulls\n0,\n")
    out = run(hardness, no_pulls)
    check(out.returncode == 2 and "record-pulls" in out.stderr and len(out.stderr.splitlines()) == 1,
          "a store without pulls: one line naming record-pulls (%r)" % out.stderr)
    bernoulli = os.path.join(work, "b.json")
    with open(bernoulli, "w") as f:
        json.dump({"points": [{"environment": "bernoulli", "oracle": "top-k",
                               "measures": {"gaps": [1.0, 1.0], "w_star": [0.5, 0.5]}}]}, f)
    out = run(bernoulli, runs)
    check(out.returncode == 2 and "bernoulli" in out.stderr, "Bernoulli arms refused (%r)" % out.stderr)
    out = run(os.path.join(work, "missing.json"), runs)
    check(out.returncode == 2 and "missing.json" in out.stderr, "a missing file named (%r)" % out.stderr)

if failures:
    sys.exit(1)
print("allocation_ratio.py: all checks passed")
