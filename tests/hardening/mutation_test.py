#!/usr/bin/env python3
"""Mutation test of the `cpex` reader and assembler (docs/reliability.md).

A seeded generator mutates the pipeline and sweep files of pipelines/ (plus a few inline
templates) >= COUNT times -- odd values (inf, nan, 1e308, huge integers, empty, control
bytes, invalid UTF-8, 100 kB strings, paths of devices and directories), deleted,
duplicated and swapped lines, new sections and sweep axes, flipped and inserted bytes --
and runs the built `cpex` on each file with a time limit and a memory limit. Every run
must end as "ran" (status 0) or "error" (status 1 or 2, one line on stderr starting with
"cpex: "). Failures: a crash (signal, sanitizer report), a hang (time limit, and still
over it when rerun with run.max-samples=1 -- otherwise it was a legitimately long valid
run, counted as "slow"), a memory blowup (memory limit reached: "out of memory" or a
sanitizer RSS kill) and a bad message (several lines, raw control bytes, a bare
std::bad_alloc). Runs are capped with --set run.repetitions=2 --set run.max-samples=...
With --command-lines N it then runs N mutated command lines of every subcommand (report,
export, merge, run, sweep, describe, list) against fixture files and damaged copies of
them (command_line_mutations.py), judged the same way. Failing inputs are kept in OUTDIR
for reproduction. Exit status 1 on any failure.
"""
import argparse
import concurrent.futures
import os
import random
import re
import resource
import shutil
import signal
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import command_line_mutations as cl  # noqa: E402

TEMPLATES = {
    "linear-inline.ini": "[environment]\nplugin = linear\nd = 2\nfeatures = 1,0, 0,1, 0.7,0.7\n"
                         "theta = 1, 0.2\n[oracle]\nplugin = top-k\nk = 1\n[algorithm]\n"
                         "plugin = lingape\n[run]\nrepetitions = 2\n",
    "linear-file.ini": "[environment]\nplugin = linear\nfeatures-file = features.csv\n"
                       "theta = 1, 0\n[oracle]\nplugin = top-k\nk = 1\n[algorithm]\n"
                       "plugin = xy-static\n[run]\nrepetitions = 2\n",
    "sphere-sweep.ini": "[environment]\nplugin = linear\ngenerator = sphere\narms = 5\n"
                        "theta = 1, 0, 0\n[oracle]\nplugin = top-k\nk = 1\n[algorithm]\n"
                        "plugin = xy-adaptive\n[run]\nrepetitions = 2\ntrace-file = trace.csv\n"
                        "[sweep]\naxis = environment.arms = 4, 6\n"
                        "axis = algorithm.plugin = xy-adaptive, lingape\n",
    "bernoulli-sweep.ini": "[environment]\nplugin = bernoulli\nmeans = 0.9, 0.5, 0.4\n[oracle]\n"
                           "plugin = top-k\nk = 1\n[algorithm]\nplugin = lil-ucb\n[run]\n"
                           "record-pulls = yes\n[sweep]\n"
                           "axis = environment.means = 0.9,0.5 | 0.8,0.2,0.1\n",
}
FEATURES_CSV = "a,b\n1,0\n0,1\n0.6,0.8\n"

ODD_VALUES = [
    "", "0", "-1", "1", "2", "0.5", "1e308", "-1e308", "1e999", "inf", "-inf", "nan", "NaN",
    "1e-320", "18446744073709551616", "9223372036854775807", "-9223372036854775808",
    "1000000000", "1000000000000", "4294967297", "0x10", "1,,2", ",", "|", ";", "=", "==",
    "&", "a.b", "yes", "no", "gaussian", "lucb", "top-k", "[sweep]", "\x01\x1b[2J", "\xff\xfe",
    "\u00e9\u20ac", "/dev/zero", "/dev/null", "/tmp", "/", ".", "-", "features.csv", "trace.csv",
    "0.5, 0.5", "1;2", "0.1|0.2", "    ", "#", "%", "\\", "'", "\"",
]
KEYS = ["environment.plugin", "environment.means", "environment.sigma", "environment.n",
        "environment.k", "environment.d", "environment.arms", "environment.theta",
        "environment.features", "environment.features-file", "environment.file",
        "environment.generator", "environment.alpha", "oracle.k", "oracle.plugin",
        "algorithm.plugin", "algorithm.delta", "algorithm.epsilon", "algorithm.preset",
        "run.seed", "run.repetitions", "run.max-samples", "run.trace-file", "run.trace-every",
        "run.record-pulls", "sweep.axis", "foo.bar", "environment.", ".x"]
SECTIONS = ["[environment]", "[oracle]", "[algorithm]", "[run]", "[sweep]", "[dks]", "[x]",
            "[]", "[environment", "environment]"]


def odd_value(rng):
    pick = rng.random()
    if pick < 0.08:
        return "x" * rng.choice([1000, 100000])
    if pick < 0.14:
        return ", ".join(rng.choice(ODD_VALUES[:20]) for _ in range(rng.randint(2, 6)))
    if pick < 0.18:
        return ",".join(["0.5"] * rng.choice([3, 1000, 200000]))
    return rng.choice(ODD_VALUES)


def mutate_once(lines, rng):
    op = rng.randrange(10)
    values = [i for i, l in enumerate(lines) if "=" in l]
    if op <= 2 and values:  # replace a value
        i = rng.choice(values)
        key = lines[i].split("=", 1)[0]
        lines[i] = key + "= " + odd_value(rng)
    elif op == 3 and lines:
        del lines[rng.randrange(len(lines))]
    elif op == 4 and lines:
        lines.insert(rng.randrange(len(lines) + 1), rng.choice(lines))
    elif op == 5 and len(lines) > 1:
        i, j = rng.randrange(len(lines)), rng.randrange(len(lines))
        lines[i], lines[j] = lines[j], lines[i]
    elif op == 6:
        lines.insert(rng.randrange(len(lines) + 1), rng.choice(SECTIONS))
    elif op == 7:  # a new sweep axis, possibly zipped, possibly empty
        keys = " & ".join(rng.choice(KEYS) for _ in range(rng.choice([1, 1, 2, 3])))
        vals = rng.choice([odd_value(rng), "1, 2", "", "2, 3 | 4", odd_value(rng) + ", 3"])
        lines += ["[sweep]", "axis = " + keys + " = " + vals]
    elif op == 8:  # a new key with an odd value
        section, key = rng.choice(KEYS).split(".", 1)
        lines += ["[" + section + "]", key + " = " + odd_value(rng)]
    else:  # many axes: products that overflow
        count = rng.choice([16, 33, 64])
        size = rng.choice([2, 3, 16])
        lines.append("[sweep]")
        lines += ["axis = environment.x%d = %s" % (a, ",".join(str(v) for v in range(size)))
                  for a in range(count)]
    return lines


def seeds(root, workdir):
    found = {}
    for dirpath, _, files in os.walk(os.path.join(root, "pipelines")):
        for name in sorted(files):
            if name.endswith(".ini"):
                with open(os.path.join(dirpath, name), encoding="utf-8") as f:
                    found[name] = f.read()
    found.update(TEMPLATES)
    # Data files are copies in the work directory: a mutation may name them as outputs.
    shutil.copy(os.path.join(root, "data", "breast_cancer_wisconsin.csv"), workdir)
    with open(os.path.join(workdir, "features.csv"), "w") as f:
        f.write(FEATURES_CSV)
    for name, text in found.items():
        found[name] = re.sub(r"(?m)^(\s*file\s*=\s*).*$", r"\1breast_cancer_wisconsin.csv", text)
    return [found[k] for k in sorted(found)]


def limit_memory(megabytes):
    def apply():
        if megabytes:
            limit = megabytes << 20
            resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
        os.setsid()
    return apply


def run(cpex, path, command, args, timeout, memory_mb, cwd):
    return run_argv([cpex, command, path, "--threads", "1"] + args, timeout, memory_mb, cwd)


def run_argv(argv, timeout, memory_mb, cwd):
    proc = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, cwd=cwd,
                            stdin=subprocess.DEVNULL, preexec_fn=limit_memory(memory_mb))
    try:
        _, err = proc.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.communicate()
        return "timeout", b""
    return proc.returncode, err


def classify(status, err):
    text = err.decode("utf-8", "replace")
    if b"Sanitizer" in err or b"runtime error:" in err:
        return "crash"
    if isinstance(status, int) and status < 0:
        return "memory" if b"rss_limit" in err else "crash"
    if status == 0:
        return "ran"
    if "out of memory" in text or "bad_alloc" in text:
        return "memory"
    lines = err.split(b"\n")
    if (status in (1, 2) and len(lines) == 2 and lines[1] == b"" and err.startswith(b"cpex: ")
            and not re.search(rb"[\x00-\x08\x0b-\x1f\x7f]", err) and "_M_" not in text):
        return "error"
    return "message"


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--cpex", required=True)
    parser.add_argument("--source", required=True, help="repository root")
    parser.add_argument("--count", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=14)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--timeout", type=float, default=5.0, help="seconds per file")
    parser.add_argument("--memory-mb", type=int, default=2048, help="address-space limit; 0: none")
    parser.add_argument("--max-samples", type=int, default=5000)
    parser.add_argument("--outdir", default="mutation-failures")
    parser.add_argument("--command-lines", type=int, default=0,
                        help="mutated command lines to run after the files")
    opts = parser.parse_args()
    opts.cpex = os.path.abspath(opts.cpex)

    rng = random.Random(opts.seed)
    workdir = tempfile.mkdtemp(prefix="cpex-mutation-")
    bases = seeds(opts.source, workdir)
    cases = []
    for index in range(opts.count):
        lines = rng.choice(bases).split("\n")
        for _ in range(rng.randint(1, 3)):
            lines = mutate_once(lines, rng)
        data = "\n".join(lines).encode("utf-8", "surrogateescape")
        if rng.random() < 0.2:
            data = cl.mutate_bytes(data, rng)
        command = "sweep" if b"[sweep]" in data else "run"
        if rng.random() < 0.05:
            command = "run" if command == "sweep" else "sweep"
        path = os.path.join(workdir, "m%05d.ini" % index)
        with open(path, "wb") as f:
            f.write(data)
        cases.append((path, command))

    caps = ["--set", "run.repetitions=2", "--set", "run.max-samples=%d" % opts.max_samples]

    def one(case):
        path, command = case
        status, err = run(opts.cpex, path, command, caps, opts.timeout, opts.memory_mb, workdir)
        if status == "timeout":
            # A valid run may just be long: rerun with one sample per run.
            short = ["--set", "run.repetitions=1", "--set", "run.max-samples=1"]
            status2, err2 = run(opts.cpex, path, command, short, 2 * opts.timeout, opts.memory_mb,
                                workdir)
            return case, ("hang" if status2 == "timeout" else "slow"), err2
        return case, classify(status, err), err

    counts, failures = run_cases(one, cases, opts.jobs)
    print("mutation test: %d files (seed %d): %s" % (
        len(cases), opts.seed, ", ".join("%s %d" % kv for kv in sorted(counts.items()))))
    if failures:
        os.makedirs(opts.outdir, exist_ok=True)
        for (path, command), verdict, err in failures:
            kept = os.path.join(opts.outdir, os.path.basename(path))
            shutil.copy(path, kept)
            print("%s %-7s cpex %s %s: %s" % ("note" if verdict == "slow" else "FAIL", verdict,
                                               command, kept,
                                               err.decode("utf-8", "replace")[:300].strip()))
    if opts.command_lines:
        line_counts = run_command_lines(opts, rng, workdir)
        for verdict, n in line_counts.items():
            counts[verdict] = counts.get(verdict, 0) + (n if verdict not in ("ran", "error") else 0)
    shutil.rmtree(workdir, ignore_errors=True)
    bad = sum(counts.get(k, 0) for k in ("crash", "hang", "memory", "message"))
    print("crashes %d, hangs %d, memory blowups %d, bad messages %d" % (
        counts.get("crash", 0), counts.get("hang", 0), counts.get("memory", 0),
        counts.get("message", 0)))
    return 1 if bad else 0


def run_cases(one, cases, jobs):
    """Runs one(case) -> (case, verdict, err) for every case on `jobs` threads: the verdict
    counts, and the (case, verdict, err) of those neither "ran" nor "error"."""
    counts = {}
    failures = []
    with concurrent.futures.ThreadPoolExecutor(jobs) as pool:
        for case, verdict, err in pool.map(one, cases):
            counts[verdict] = counts.get(verdict, 0) + 1
            if verdict not in ("ran", "error"):
                failures.append((case, verdict, err))
    return counts, failures


def run_command_lines(opts, rng, workdir):
    """The command-line part: returns the verdict counts."""
    fixtures_dir = os.path.join(workdir, "fixtures")
    fixtures = cl.make_fixtures(opts.cpex, fixtures_dir)
    cases = []
    for index in range(opts.command_lines):
        argv, damaged = cl.make_case(rng, fixtures)
        words = [cl.encode(a, index) for a in argv]
        if words and words[0] in (b"run", b"sweep"):
            words += [b"--set", b"run.repetitions=2", b"--set",
                      b"run.max-samples=%d" % opts.max_samples]
        cases.append((index, words, damaged, rng.randrange(1 << 30)))

    def one(case):
        index, words, damaged, seed = case
        case_dir = os.path.join(workdir, "c%05d" % index)
        cl.prepare_case_directory(fixtures_dir, fixtures, case_dir, damaged, seed)
        argv = [opts.cpex.encode()] + words
        status, err = run_argv(argv, opts.timeout, opts.memory_mb, case_dir)
        verdict = classify(status, err) if status != "timeout" else None
        if status == "timeout":
            status, err = run_argv(argv, 2 * opts.timeout, opts.memory_mb, case_dir)
            verdict = "hang" if status == "timeout" else "slow"
        if verdict in ("ran", "error", "slow"):
            shutil.rmtree(case_dir, ignore_errors=True)
        return case, verdict, err

    counts, failures = run_cases(one, cases, opts.jobs)
    print("command lines: %d (seed %d): %s" % (
        len(cases), opts.seed, ", ".join("%s %d" % kv for kv in sorted(counts.items()))))
    for (index, words, damaged, _), verdict, err in failures:
        line = "cpex " + cl.shell_line(words)
        if verdict != "slow":
            kept = os.path.join(opts.outdir, "c%05d" % index)
            os.makedirs(opts.outdir, exist_ok=True)
            shutil.rmtree(kept, ignore_errors=True)
            shutil.move(os.path.join(workdir, "c%05d" % index), kept)
            with open(os.path.join(kept, "command.txt"), "w") as f:
                f.write(line + "\n")
        print("%s %-7s %s (damaged: %s): %s" % ("note" if verdict == "slow" else "FAIL", verdict,
                                                line[:300], damaged,
                                                err.decode("utf-8", "replace")[:300].strip()))
    return counts


if __name__ == "__main__":
    sys.exit(main())
