#!/usr/bin/env python3
"""The cost of the Python way in (docs/performance.md, "Python"):

1. the call path on 10^5 tiny runs (the test fixture `fixture-round-robin`, 2 rounds over 4
   Gaussian arms: 8 samples per run): `cpex run` (a process: start, plugin loading, runs,
   CSV rows) against cpex.run in a Python that has imported cpex (the same runs, the rows
   as a DataFrame), best of --repeat;
2. a Python algorithm's cost per sample: a Python round-robin algorithm (the least work an
   algorithm can do) and uniform sampling with LUCB1's stopping rule, against the C++
   round-robin fixture and lucb on the same instance; and a Python environment (Gaussian
   arms from the run's streams) under the C++ fixture.

usage: python3 benchmarks/python_overhead.py [--build build] [--runs 100000] [--threads 2]
                                             [--repeat 3]
Run with the build tree's package: PYTHONPATH=build/share/cpex/python (the script sets it)."""
import argparse
import math
import os
import resource
import subprocess
import sys
import tempfile
import time

TINY = """[environment]
plugin = gaussian
means = 0.5, 0.4, 0.3, 0.2
sigma = 0.5
[oracle]
plugin = top-k
k = 1
[algorithm]
plugin = fixture-round-robin
rounds = 2
[run]
repetitions = %d
"""


def children_cpu():
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def own_cpu():
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def best(repeat, measure):
    """(wall, cpu) of the fastest of `repeat` measurements."""
    return min((measure() for _ in range(repeat)), key=lambda m: m[0])


def cli_run(binary, args):
    def measure():
        cpu, start = children_cpu(), time.perf_counter()
        subprocess.run([binary] + args, check=True, stdout=subprocess.DEVNULL)
        return time.perf_counter() - start, children_cpu() - cpu
    return measure


def python_call(call):
    def measure():
        cpu, start = own_cpu(), time.perf_counter()
        call()
        return time.perf_counter() - start, own_cpu() - cpu
    return measure


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--build", default="build")
    parser.add_argument("--runs", type=int, default=100000)
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    build = os.path.abspath(args.build)
    sys.path.insert(0, os.path.join(build, "share", "cpex", "python"))
    binary = os.path.join(build, "bin", "cpex")
    fixtures = os.path.join(build, "tests", "fixture-plugins")

    start = time.perf_counter()
    import cpex
    import_seconds = time.perf_counter() - start
    cpex.load_plugins(fixtures)
    scratch = tempfile.mkdtemp(prefix="cpex-python-bench-")
    tiny = os.path.join(scratch, "tiny.ini")
    with open(tiny, "w") as f:
        f.write(TINY % args.runs)
    csv = os.path.join(scratch, "runs.csv")
    threads = str(args.threads)

    print("## 1. %d tiny runs, %s threads (best of %d; wall s, CPU s)" % (args.runs, threads, args.repeat))
    print("import cpex (pandas included): %.2f s, once per interpreter" % import_seconds)
    rows = [
        ("cpex run FILE --quiet (summary only)",
         cli_run(binary, ["run", tiny, "--quiet", "--threads", threads, "--plugin-path", fixtures])),
        ("cpex run FILE --out runs.csv",
         cli_run(binary, ["run", tiny, "--quiet", "--threads", threads, "--plugin-path", fixtures,
                          "--out", csv])),
        ("cpex.run(p) -> DataFrame",
         python_call(lambda: cpex.run(tiny, threads=args.threads))),
        ("cpex.run(p, out='runs.csv', frame=False)",
         python_call(lambda: cpex.run(tiny, threads=args.threads, out=csv, frame=False))),
    ]
    results = {}
    for name, measure in rows:
        results[name] = best(args.repeat, measure)
        print("| %s | %.3f | %.3f |" % (name, results[name][0], results[name][1]))
    base = results["cpex run FILE --out runs.csv"][0]
    for name in ("cpex.run(p) -> DataFrame", "cpex.run(p, out='runs.csv', frame=False)"):
        print("%s / cpex run --out: %.2fx" % (name, results[name][0] / base))

    print("\n## 2. cost per sample (4 Gaussian arms, one thread; wall µs per sample, best of %d)" % args.repeat)

    class RoundRobin(cpex.Algorithm):
        """The least an algorithm can do: the arms in turn, a fixed number of samples."""
        name = "round-robin-py"
        params = {"samples": cpex.Integer(100000, "[1, inf)", "samples per run")}

        def start(self, context):
            self.n, self.t, self.limit = context.problem.num_arms, 0, self.params["samples"]

        def next(self):
            if self.t >= self.limit:
                return None
            self.t += 1
            return self.t % self.n

        def observe(self, arm, reward):
            pass

        def recommend(self):
            return 0

    class UniformLUCB(cpex.Algorithm):
        name = "uniform-lucb-py"
        params = {"delta": cpex.Real(0.05, "(0, 1)", "error probability")}

        def start(self, context):
            self.n, self.sigma = context.problem.num_arms, context.problem.noise_sigma
            self.sums, self.t = [0.0] * self.n, 0

        def next(self):
            if self.t and self.t % self.n == 0:
                u = self.t // self.n
                radius = math.sqrt(2 * self.sigma ** 2 * math.log(1.25 * self.n * self.t ** 4 / self.params["delta"]) / u)
                means = [s / u for s in self.sums]
                b = max(range(self.n), key=means.__getitem__)
                if all(means[b] - radius >= means[i] + radius for i in range(self.n) if i != b):
                    return None
            return self.t % self.n

        def observe(self, arm, reward):
            self.sums[arm] += reward
            self.t += 1

        def recommend(self):
            return max(range(self.n), key=self.sums.__getitem__)

    class PyGaussian(cpex.Environment):
        name = "gaussian-py"
        params = {"means": cpex.RealList(help="arm means"), "sigma": cpex.Real(1.0, "(0, inf)", "noise")}

        def start(self, context):
            self.streams = [context.noise(i) for i in range(len(self.params["means"]))]

        def problem(self):
            return cpex.Problem(num_arms=len(self.params["means"]), noise_sigma=self.params["sigma"])

        def truth(self):
            return self.params["means"]

        def pull(self, arm):
            return self.params["means"][arm] + self.params["sigma"] * self.streams[arm].normal()

    for plugin in (RoundRobin, UniformLUCB, PyGaussian):
        cpex.register(plugin)

    def per_sample(environment, algorithm, repetitions, means=(0.5, 0.4, 0.3, 0.2)):
        pipeline = cpex.Pipeline(environment={"plugin": environment, "means": list(means), "sigma": 0.5},
                                 oracle={"plugin": "top-k", "k": 1}, algorithm=algorithm,
                                 run={"repetitions": repetitions, "max-samples": 10 ** 9})
        samples = []

        def call():
            samples.append(int(cpex.run(pipeline, threads=1).samples.sum()))
        wall, cpu = best(args.repeat, python_call(call))
        return wall / samples[-1] * 1e6, samples[-1]

    cases = [
        ("C++ fixture-round-robin on C++ gaussian", "gaussian", {"plugin": "fixture-round-robin", "rounds": 25000}, 10),
        ("Python round-robin on C++ gaussian", "gaussian", {"plugin": "round-robin-py", "samples": 100000}, 10),
        ("C++ fixture-round-robin on Python gaussian-py", "gaussian-py",
         {"plugin": "fixture-round-robin", "rounds": 25000}, 10),
        ("C++ lucb on C++ gaussian", "gaussian", {"plugin": "lucb", "delta": 0.05}, 100),
        ("Python uniform-lucb on C++ gaussian", "gaussian", {"plugin": "uniform-lucb-py", "delta": 0.05}, 20),
    ]
    for name, environment, algorithm, repetitions in cases:
        micro, samples = per_sample(environment, algorithm, repetitions)
        print("| %s | %.3f µs | %d samples |" % (name, micro, samples))


if __name__ == "__main__":
    main()
