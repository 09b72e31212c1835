#!/usr/bin/env python3
"""Reliability tests of the `cpex` binary (the guarantees of docs/reliability.md).

Each CASE is one ctest test (tests/reliability/tests.cmake); run one by hand with

    python3 tests/reliability/cli_reliability.py --cpex build/bin/cpex CASE

Exit status 0: passed; 1: failed (every failed check is printed); 77: skipped, with the
reason printed as "SKIPPED: ..." (ctest shows it as skipped, never as passed). Every
`cpex` runs under a time limit, so a hang fails instead of blocking the suite. Pass
--cpex of another build (e.g. one of today's main) to see which checks it fails.
"""
import argparse
import errno
import os
import random
import re
import resource
import shutil
import signal
import sqlite3
import stat
import subprocess
import sys
import tempfile
import time

CASES = {}


def case(function):
    CASES[function.__name__.replace("_", "-")] = function
    return function


# A sweep of 2 x 2 points of LUCB on Gaussian arms (the script tests' fixture); REPS
# repetitions per point.
SWEEP = open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "data",
                          "small_sweep.ini")).read().replace("repetitions = 5", "repetitions = REPS")

SIMPLE = """[environment]
plugin = gaussian
means = 0.5,0.4,0.1
[oracle]
plugin = top-k
k = 1
[algorithm]
plugin = lucb
[run]
repetitions = 2
"""


class Failures:
    def __init__(self):
        self.messages = []

    def check(self, condition, message):
        if not condition:
            self.messages.append(message)
            print("FAIL: " + message, flush=True)
        return condition


class Result:
    def __init__(self, status, out, err, cpu, maxrss_kb, seconds):
        self.status, self.out, self.err = status, out, err
        self.cpu, self.maxrss_kb, self.seconds = cpu, maxrss_kb, seconds

    def __repr__(self):
        return "status %s, stderr %r" % (self.status, self.err[:400])


class Cpex:
    """Runs the binary under test: a time limit, optional memory limit, CPU time and peak
    memory from wait4."""

    def __init__(self, binary, workdir, sanitized=False):
        self.binary = os.path.abspath(binary)
        # ASan reserves terabytes of address space (no RLIMIT_AS; its own RSS limit instead)
        # and runs several times slower.
        self.sanitized = sanitized
        self.slow = 10.0 if sanitized else 1.0
        self.workdir = workdir
        self.env = dict(os.environ)
        self.env.pop("CPEX_PLUGIN_PATH", None)

    def argv(self, args):
        return [self.binary] + [str(a) for a in args]

    def spawn(self, args, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, memory_mb=0,
              prefix=(), block_signals=False):
        if self.sanitized:
            memory_mb = 0

        def limits():
            os.setsid()
            if block_signals:
                signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT, signal.SIGTERM})
            if memory_mb:
                limit = memory_mb << 20
                resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
        return subprocess.Popen(list(prefix) + self.argv(args), cwd=self.workdir, env=self.env,
                                stdin=subprocess.DEVNULL, stdout=stdout, stderr=stderr,
                                preexec_fn=limits)

    def run(self, args, timeout=60, memory_mb=0, prefix=()):
        out_path = os.path.join(self.workdir, ".out")
        err_path = os.path.join(self.workdir, ".err")
        started = time.monotonic()
        with open(out_path, "wb") as out, open(err_path, "wb") as err:
            proc = self.spawn(args, stdout=out, stderr=err, memory_mb=memory_mb, prefix=prefix)
            status, usage = wait_with_timeout(proc, timeout)
        seconds = time.monotonic() - started
        with open(out_path, "rb") as f:
            stdout = f.read().decode("utf-8", "replace")
        with open(err_path, "rb") as f:
            stderr = f.read().decode("utf-8", "replace")
        cpu = usage.ru_utime + usage.ru_stime if usage else None
        return Result(status, stdout, stderr, cpu, usage.ru_maxrss if usage else None, seconds)


def wait_with_timeout(proc, timeout):
    """(status, rusage); status 'timeout' after killing the process group, else the exit
    status, or 'killed by signal N'."""
    deadline = time.monotonic() + timeout
    while True:
        try:
            pid, raw, usage = os.wait4(proc.pid, os.WNOHANG)
        except ChildProcessError:  # already reaped by Popen itself
            status = proc.returncode
            return ("killed by signal %d" % -status if status < 0 else status), None
        if pid == proc.pid:
            proc.returncode = 0  # reaped here; keep Popen from waiting again
            if os.WIFSIGNALED(raw):
                return "killed by signal %d" % os.WTERMSIG(raw), usage
            return os.WEXITSTATUS(raw), usage
        if time.monotonic() > deadline:
            try:
                os.killpg(proc.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
            os.wait4(proc.pid, 0)
            proc.returncode = -9
            return "timeout", None
        time.sleep(0.005)


def one_error_line(result):
    """A clean refusal: status 1, one 'cpex: ' line of printable text."""
    lines = result.err.split("\n")
    return (result.status == 1 and len(lines) == 2 and lines[1] == ""
            and result.err.startswith("cpex: ") and not re.search(r"[\x00-\x08\x0b-\x1f\x7f]",
                                                                   result.err))


def write(path, text):
    with open(path, "w") as f:
        f.write(text)
    return path


def sweep_file(workdir, name="sweep.ini", reps=3):
    return write(os.path.join(workdir, name), SWEEP.replace("REPS", str(reps)))


def store_rows(path, skip=("wall_time_s",)):
    """The rows of a finished store's runs table (without the wall-time column), in run-id
    order; read immutable, so no -shm or -wal file is made next to it."""
    db = sqlite3.connect("file:%s?mode=ro&immutable=1" % path, uri=True)
    try:
        cursor = db.execute("SELECT * FROM runs ORDER BY run_id")
        names = [d[0] for d in cursor.description]
        keep = [i for i, n in enumerate(names) if n not in skip]
        return [tuple(row[i] for i in keep) for row in cursor]
    finally:
        db.close()


def csv_rows(path):
    import csv
    with open(path, newline="") as f:
        return [{k: v for k, v in r.items() if k != "wall_time_s"} for r in csv.DictReader(f)]


# ---------------------------------------------------------------------------------------
@case
def outputs_must_be_regular_files(cpex, work, t):
    """A FIFO, a directory or a device as any output is refused before anything runs
    (a FIFO would block open() forever)."""
    pipeline = sweep_file(work)
    os.mkfifo(os.path.join(work, "fifo.csv"))
    os.mkfifo(os.path.join(work, "fifo.db"))
    os.mkfifo(os.path.join(work, "fifo.svg"))
    os.mkdir(os.path.join(work, "dir.csv"))
    os.mkdir(os.path.join(work, "dir.db"))
    os.mkdir(os.path.join(work, "dir.svg"))
    t.check(cpex.run(["sweep", pipeline, "--out", "ok.db", "--quiet"]).status == 0,
            "the fixture store could be written")
    t.check(cpex.run(["sweep", pipeline, "--out", "ok.csv", "--quiet"]).status == 0,
            "the fixture CSV could be written")
    cases = [
        (["sweep", pipeline, "--out", "fifo.csv"], "'fifo.csv' is not a regular file but a FIFO"),
        (["sweep", pipeline, "--out", "fifo.db"], "'fifo.db' is not a regular file but a FIFO"),
        (["sweep", pipeline, "--out", "dir.csv"], "'dir.csv' is not a regular file but a directory"),
        (["sweep", pipeline, "--out", "dir.db"], "'dir.db' is not a regular file but a directory"),
        (["sweep", pipeline, "--out", "/dev/zero"], "'/dev/zero' is not a regular file but a character device"),
        (["sweep", pipeline, "--set", "run.trace-file=fifo.csv"],
         "trace-file 'fifo.csv' is not a regular file but a FIFO"),
        (["sweep", pipeline, "--set", "run.trace-file=dir.csv"],
         "trace-file 'dir.csv' is not a regular file but a directory"),
        (["report", "ok.csv", "--plot", "fifo.svg", "--x", "algorithm.delta"],
         "--plot 'fifo.svg' is not a regular file but a FIFO"),
        (["report", "ok.csv", "--plot", "dir.svg", "--x", "algorithm.delta"],
         "--plot 'dir.svg' is not a regular file but a directory"),
        (["export", "ok.db", "--csv", "fifo.csv"], "--csv 'fifo.csv' is not a regular file but a FIFO"),
        (["export", "ok.db", "--csv", "dir.csv"], "--csv 'dir.csv' is not a regular file but a directory"),
        (["merge", "fifo.db", "ok.db"], "'fifo.db' is not a regular file but a FIFO"),
        (["merge", "dir.db", "ok.db"], "'dir.db' is not a regular file but a directory"),
    ]
    for args, expected in cases:
        r = cpex.run(args, timeout=20)
        shown = "cpex " + " ".join(args)
        if t.check(r.status != "timeout", shown + ": hangs (killed after 20 s)"):
            t.check(one_error_line(r) and expected in r.err,
                    "%s: expected one line with %r, got %r" % (shown, expected, r))
    t.check(os.listdir(os.path.join(work, "dir.csv")) == [], "nothing was written into dir.csv")


@case
def long_names_are_cheap(cpex, work, t):
    """Any 16 MiB pipeline file is refused in well under a second of CPU with bounded
    memory; unknown names in messages are cut to 80 bytes."""
    size = 16 * 1024 * 1024 - 512
    base = SIMPLE
    files = {
        "plugin": base.replace("plugin = lucb", "plugin = " + "x" * size),
        "key": base + "[algorithm]\n".replace("[algorithm]\n", "") + "y" * size + " = 1\n",
        "section": base + "[" + "z" * size + "]\nkey = 1\n",
        # 1 MiB suffices for these two (the same readers, less time in the suite).
        "value": base.replace("repetitions = 2", "repetitions = " + "9" * (1 << 20)),
        "block": base + "[algorithm." + "w" * (1 << 20) + "]\ndelta = 0.1\n",
    }
    for what, text in files.items():
        path = write(os.path.join(work, what + ".ini"), text)
        r = cpex.run(["run", path], timeout=30, memory_mb=2048)
        shown = "a %d-byte %s name" % (len(text), what)
        if not t.check(r.status != "timeout", shown + ": no answer within 30 s"):
            continue
        t.check(one_error_line(r), shown + ": expected one error line, got %r" % r)
        t.check(len(r.err) < 1000, shown + ": message of %d bytes" % len(r.err))
        t.check("did you mean" not in r.err, shown + ": a suggestion for a 16 MiB name")
        t.check(r.cpu is not None and r.cpu < 3.0 * cpex.slow,
                shown + ": %.2f s of CPU (limit 3 s)" % (r.cpu or -1))
        t.check(r.maxrss_kb is not None and (cpex.sanitized or r.maxrss_kb < 512 * 1024),
                shown + ": peak memory %d MB (limit 512 MB)" % ((r.maxrss_kb or 0) // 1024))
        print("%s: %.2f s CPU, %d MB peak, %r" % (shown, r.cpu or -1, (r.maxrss_kb or 0) // 1024,
                                                   r.err[:160]))
    # A 300-byte name is cut to 80 bytes in the message.
    path = write(os.path.join(work, "p300.ini"), base.replace("plugin = lucb", "plugin = " + "q" * 300))
    r = cpex.run(["run", path], timeout=30)
    t.check(one_error_line(r) and "q" * 80 + "...(300 bytes)" in r.err and "q" * 81 not in r.err,
            "a 300-byte plugin name is cut to 80 bytes: %r" % r)
    r = cpex.run(["describe", "d" * 100000], timeout=30)
    t.check(one_error_line(r) and "d" * 81 not in r.err and r.cpu is not None and r.cpu < 3.0 * cpex.slow,
            "describe with a 100 kB name: %r" % r)
    # Suggestions still work for short misspellings.
    path = write(os.path.join(work, "typo.ini"), base.replace("plugin = lucb", "plugin = lubc"))
    r = cpex.run(["run", path], timeout=30)
    t.check("did you mean 'lucb'?" in r.err, "a near name still gets its suggestion: %r" % r)


@case
def report_plot_never_clobbers(cpex, work, t):
    """cpex report --plot never writes over a results file it reads (directly, through a
    symlink or a hard link), nor over an existing file that is not a figure without
    --force; it replaces its own earlier figure."""
    pipeline = sweep_file(work)
    t.check(cpex.run(["sweep", pipeline, "--out", "runs.csv", "--quiet"]).status == 0,
            "the fixture results could be written")
    original = open(os.path.join(work, "runs.csv"), "rb").read()
    shutil.copy(os.path.join(work, "runs.csv"), os.path.join(work, "r.png"))
    os.symlink("runs.csv", os.path.join(work, "fig.svg"))
    os.link(os.path.join(work, "runs.csv"), os.path.join(work, "hard.pdf"))
    notes = write(os.path.join(work, "notes.svg"), "my precious notes\n")
    plot = ["--plot"]
    x = ["--x", "algorithm.delta"]
    cases = [
        (["report", "runs.csv"] + plot + ["fig.svg"] + x, "runs.csv", "is the results file"),
        (["report", "r.png"] + plot + ["r.png"] + x, "r.png", "is the results file"),
        (["report", "runs.csv::tag=1"] + plot + ["hard.pdf"] + x, "runs.csv", "is the results file"),
        (["report", "runs.csv"] + plot + ["notes.svg"] + x, "notes.svg", "(use --force)"),
    ]
    for args, protected, expected in cases:
        before = open(os.path.join(work, protected), "rb").read()
        r = cpex.run(args, timeout=60)
        shown = "cpex " + " ".join(args)
        t.check(one_error_line(r) and expected in r.err, "%s: expected %r, got %r" % (shown, expected, r))
        t.check(open(os.path.join(work, protected), "rb").read() == before,
                "%s: %s was changed" % (shown, protected))
    t.check(open(os.path.join(work, "runs.csv"), "rb").read() == original, "runs.csv was changed")
    # With --force the foreign file may be replaced; a figure replaces its predecessor.
    forced = cpex.run(["report", "runs.csv", "--plot", "notes.svg", "--force"] + x, timeout=120)
    if "matplotlib" in forced.err:
        print("note: no matplotlib here; --force and replotting are checked only up to the plot")
        t.check("--force" not in forced.err and "results file" not in forced.err,
                "--force passed the safety checks: %r" % forced)
        return
    t.check(forced.status == 0, "--force replaced the foreign file: %r" % forced)
    t.check(open(notes, "rb").read() != b"my precious notes\n", "notes.svg now holds the figure")
    again = cpex.run(["report", "runs.csv", "--plot", "notes.svg"] + x, timeout=120)
    t.check(again.status == 0, "a figure is replaced by the next one without --force: %r" % again)


def wait_for(predicate, seconds=60):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if predicate():
            return True
        time.sleep(0.02)
    return False


def lock_is_taken(path):
    return os.path.exists(path + ".lock") and os.path.getsize(path + ".lock") > 0


@case
def one_writer_per_output(cpex, work, t):
    """A second writer of a CSV or a store is refused at once, naming the first writer's
    pid; the first writer's output stays whole."""
    endless = sweep_file(work, "endless.ini", reps=100000)
    fixture = sweep_file(work)
    t.check(cpex.run(["sweep", fixture, "--out", "fixture.db", "--quiet"]).status == 0,
            "the fixture store could be written")
    # A store of the endless sweep to merge: interrupted after a moment.
    part = cpex.spawn(["sweep", endless, "--out", "part.db", "--quiet", "--threads", "1"])
    wait_for(lambda: lock_is_taken(os.path.join(work, "part.db")))
    time.sleep(0.3)
    os.kill(part.pid, signal.SIGINT)
    t.check(wait_with_timeout(part, 60)[0] == 130, "part.db could be written")
    for output in ("c.csv", "c.db"):
        path = os.path.join(work, output)
        first = cpex.spawn(["sweep", endless, "--out", output, "--quiet", "--threads", "1"])
        started = wait_for(lambda: lock_is_taken(path) or (os.path.exists(path) and os.path.getsize(path) > 0))
        t.check(started and lock_is_taken(path), output + ": the first writer took no lock")
        time.sleep(0.3)  # rows are being written now
        rivals = [["sweep", endless, "--out", output, "--quiet"],
                  ["sweep", endless, "--out", output, "--quiet", "--force-new", "--force"]]
        if output.endswith(".csv"):
            rivals.append(["export", "fixture.db", "--csv", output])
            rivals.append(["sweep", fixture, "--force", "--set", "run.trace-file=" + output])
        else:
            rivals.append(["merge", output, "part.db"])
        for args in rivals:
            r = cpex.run(args, timeout=60)
            shown = "cpex " + " ".join(args)
            t.check(one_error_line(r) and "is being written by another cpex process (pid %d" % first.pid in r.err,
                    "%s while pid %d writes it: expected a refusal naming the pid, got %r" % (shown, first.pid, r))
        os.kill(first.pid, signal.SIGINT)
        status, _ = wait_with_timeout(first, 60)
        t.check(status == 130, "%s: the first writer ended with %s after Ctrl-C" % (output, status))
        t.check(not os.path.exists(path + ".lock"), output + ": the lock file is removed at the end")
        if output.endswith(".csv"):
            import csv
            try:
                with open(path, newline="") as f:
                    rows = list(csv.reader(f))
            except csv.Error as e:
                rows = [[], ["garbled: %s" % e]]
            bad = [r for r in rows[1:] if len(r) != len(rows[0])]
            t.check(len(rows) > 1 and not bad,
                    "c.csv: %d rows, %d with the wrong cell count" % (len(rows) - 1, len(bad)))
            t.check(open(path).read().endswith("\n"), "c.csv ends with a whole row")
        else:
            db = sqlite3.connect(path)
            t.check(db.execute("PRAGMA integrity_check").fetchone()[0] == "ok", "c.db is intact")
            count = db.execute("SELECT COUNT(*) FROM runs").fetchone()[0]
            t.check(count > 0, "c.db kept the first writer's rows")
            db.close()
    # A lock left by a killed writer does not stop the next one.
    stale = os.path.join(work, "stale.csv")
    write(stale + ".lock", "99999999\n")
    r = cpex.run(["sweep", fixture, "--out", "stale.csv", "--quiet"])
    t.check(r.status == 0 and not os.path.exists(stale + ".lock"),
            "a stale lock file is taken over and removed: %r" % r)


@case
def signals_from_the_first_instant(cpex, work, t):
    """SIGINT / SIGTERM at random moments 0-150 ms after the start give exit status
    130 / 143 (never death by the signal), leave no store under construction
    (.creating) and no lock file, and any store left is whole.

    The child starts with both signals blocked, so one sent before the process runs its
    first instruction (the kernel and the dynamic loader still mapping libraries) is held
    until cpex can handle it; cpex installs its handlers and unblocks the signals before
    any library initializer runs (.preinit_array). A cpex that does not is left with the
    signal pending and fails here, as it would die by a signal during start-up otherwise."""
    endless = sweep_file(work, "endless.ini", reps=100000)
    fixture = sweep_file(work)
    t.check(cpex.run(["sweep", fixture, "--out", "fixture.db", "--quiet"]).status == 0,
            "the fixture store could be written")
    rng = random.Random(22)
    commands = [["sweep", endless, "--out", "x.db", "--quiet"]] * 6 + [
        ["sweep", endless, "--out", "x.csv", "--quiet"],
        ["run", write(os.path.join(work, "run.ini"), SIMPLE.replace("repetitions = 2", "repetitions = 100000")),
         "--out", "y.csv", "--quiet"],
        ["merge", "merged.db", "fixture.db"],
        ["export", "fixture.db", "--csv", "exported.csv"],
        ["report", "fixture.db"],
    ]
    tries = 40 if not cpex.sanitized else 15
    outcomes = {}
    for attempt in range(tries):
        args = commands[attempt % len(commands)]
        for name in os.listdir(work):
            if name.startswith(("x.db", "merged.db")):
                os.remove(os.path.join(work, name))
        which = signal.SIGINT if attempt % 2 == 0 else signal.SIGTERM
        delay = rng.uniform(0.0, 0.150)
        # Popen returns once exec has succeeded.
        proc = cpex.spawn(args, stderr=subprocess.DEVNULL, block_signals=True)
        time.sleep(delay)
        try:
            os.kill(proc.pid, which)
        except ProcessLookupError:
            pass
        status, _ = wait_with_timeout(proc, 20)
        shown = "cpex %s, %s after %.0f ms" % (" ".join(args[:1] + args[2:]), which.name, delay * 1000)
        ok = status == 128 + which or (status == 0 and args[0] in ("merge", "export", "report"))
        outcomes[status] = outcomes.get(status, 0) + 1
        t.check(ok, "%s: exit status %s (expected %d)" % (shown, status, 128 + which))
        if len(t.messages) >= 5:
            print("giving up after 5 failed checks")
            break
        leftovers = [n for n in os.listdir(work) if n.endswith((".creating", ".lock"))
                     or ".creating-" in n]
        t.check(not leftovers, "%s: left %s" % (shown, leftovers))
        if os.path.exists(os.path.join(work, "x.db")):
            db = sqlite3.connect(os.path.join(work, "x.db"))
            try:
                whole = db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
                meta = db.execute("SELECT COUNT(*) FROM meta").fetchone()[0] > 0
            except sqlite3.Error as e:
                whole, meta = False, str(e)
            db.close()
            t.check(whole and meta, "%s: the store left is not whole (%s)" % (shown, meta))
    print("%d signals: outcomes %s" % (sum(outcomes.values()), outcomes))


def read_only_runner(cpex, directory):
    """A prefix that runs cpex where `directory` cannot be written, and how: a read-only
    bind mount in a private mount namespace (root with CAP_SYS_ADMIN), the directory's
    mode 0555 (an unprivileged user), or an unprivileged user via setpriv (root without
    namespaces). None, reason when none works here."""
    # CPEX_RELIABILITY_NO_UNSHARE=1 tries the other ways (as on a CI without namespaces).
    probe = subprocess.run(["unshare", "-m", "sh", "-c",
                            'mount --bind -o ro "$1" "$1" && ! touch "$1/.probe" 2>/dev/null',
                            "sh", directory], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    if probe.returncode == 0 and not os.environ.get("CPEX_RELIABILITY_NO_UNSHARE"):
        script = 'dir=$1; shift; mount --bind -o ro "$dir" "$dir" && exec "$@"'
        return ["unshare", "-m", "sh", "-c", script, "sh", directory], "a read-only bind mount"
    if os.geteuid() != 0:
        os.chmod(directory, 0o555)
        return [], "mode 0555 (unprivileged user)"
    if shutil.which("setpriv"):
        os.chmod(directory, 0o555)
        prefix = ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"]
        check = subprocess.run(prefix + [cpex.binary, "--version"], stdout=subprocess.DEVNULL,
                               stderr=subprocess.DEVNULL)
        touch = subprocess.run(prefix + ["touch", os.path.join(directory, ".probe")],
                               stderr=subprocess.DEVNULL)
        if check.returncode == 0 and touch.returncode != 0:
            return prefix, "mode 0555 and the unprivileged user 65534 (setpriv)"
    return None, "no read-only mount (unshare -m), no unprivileged user to run cpex as"


@case
def stores_readable_anywhere(cpex, work, t):
    """report, export and merge read stores in a directory that cannot be written (a
    read-only mount): read-only and immutable opens; a store whose write-ahead log cannot
    be read from there is refused with what to do."""
    ro = os.path.join(work, "ro")
    out = os.path.join(work, "out")
    os.mkdir(ro)
    os.mkdir(out)
    os.chmod(out, 0o777)
    pipeline = sweep_file(work)
    for args in (["--out", "ro/whole.db"], ["--shard", "1/2", "--out", "ro/a.db"],
                 ["--shard", "2/2", "--out", "ro/b.db"]):
        t.check(cpex.run(["sweep", pipeline, "--quiet"] + args).status == 0, "fixture " + args[-1])
    # Stores a writer left with a write-ahead log (killed at once after its first rows).
    endless = sweep_file(work, "endless.ini", reps=100000)
    for name in ("killed.db", "killed-noshm.db"):
        path = os.path.join(ro, name)
        proc = cpex.spawn(["sweep", endless, "--out", "ro/" + name, "--quiet", "--threads", "1"])
        wait_for(lambda: os.path.exists(path + "-wal") and os.path.getsize(path + "-wal") > 65536)
        os.kill(proc.pid, signal.SIGKILL)
        wait_with_timeout(proc, 30)
    os.remove(os.path.join(ro, "killed-noshm.db-shm"))
    logged = sqlite3.connect("file:%s?mode=ro" % os.path.join(ro, "killed.db"), uri=True)
    logged_rows = logged.execute("SELECT COUNT(*) FROM runs").fetchone()[0]
    logged.close()
    for name in os.listdir(ro):
        os.chmod(os.path.join(ro, name), 0o644)
    prefix, how = read_only_runner(cpex, ro)
    if prefix is None:
        print("SKIPPED: " + how)
        return "skipped"
    print("read-only directory: " + how)
    before = sorted(os.listdir(ro))
    whole_rows = store_rows(os.path.join(ro, "whole.db"))

    r = cpex.run(["report", "ro/whole.db"], prefix=prefix)
    t.check(r.status == 0 and "lucb" in r.out, "report of a store in a read-only directory: %r" % r)
    r = cpex.run(["export", "ro/whole.db", "--csv", "out/whole.csv"], prefix=prefix)
    t.check(r.status == 0 and "exported 12 rows" in r.err, "export: %r" % r)
    r = cpex.run(["merge", "out/merged.db", "ro/a.db", "ro/b.db"], prefix=prefix)
    t.check(r.status == 0 and "12 of 12 runs" in r.out, "merge of inputs in a read-only directory: %r" % r)
    if r.status == 0:
        t.check(store_rows(os.path.join(out, "merged.db")) == whole_rows, "the merge has the rows of the whole sweep")
    r = cpex.run(["export", "ro/killed.db", "--csv", "out/killed.csv"], prefix=prefix)
    t.check(r.status == 0 and "exported %d rows" % logged_rows in r.err,
            "a store with its -wal and -shm files is read whole (%d rows): %r" % (logged_rows, r))
    r = cpex.run(["report", "ro/killed-noshm.db"], prefix=prefix)
    t.check(one_error_line(r) and "write-ahead log" in r.err and "writable directory" in r.err,
            "a log that cannot be read is refused with what to do: %r" % r)
    t.check(sorted(os.listdir(ro)) == before, "nothing was created in the read-only directory: %s"
            % sorted(set(os.listdir(ro)) ^ set(before)))
    os.chmod(ro, 0o755)


@case
def merge_refuses_conflicting_rows(cpex, work, t):
    """Two stores with the same run id but different samples or verdicts are not merged
    (the first copy was kept silently, so the result depended on the argument order): the
    refusal names the run id and the two files, and nothing is written. Identical
    duplicates merge."""
    pipeline = sweep_file(work)
    for args in (["--out", "whole.db"], ["--shard", "1/2", "--out", "a.db"],
                 ["--shard", "2/2", "--out", "b.db"]):
        t.check(cpex.run(["sweep", pipeline, "--quiet"] + args).status == 0, "fixture " + args[-1])
    whole = store_rows(os.path.join(work, "whole.db"))

    def altered(name, source, sql):
        shutil.copy(os.path.join(work, source), os.path.join(work, name))
        db = sqlite3.connect(os.path.join(work, name))
        db.execute(sql)
        db.commit()
        db.close()

    altered("samples.db", "b.db", "UPDATE runs SET samples = samples + 1 WHERE run_id = 7")
    altered("verdict.db", "a.db", "UPDATE runs SET correct = 1 - correct WHERE run_id = 4")
    altered("output.db", "whole.db", "UPDATE runs SET samples = samples + 5 WHERE run_id = 6")
    # Identical duplicates (and wall times differing) are fine, in any order.
    altered("slower.db", "b.db", "UPDATE runs SET wall_time_s = wall_time_s + 1")
    for order in (["whole.db", "slower.db", "a.db"], ["a.db", "slower.db", "whole.db"]):
        out = "ok-%s.db" % order[0][0]
        r = cpex.run(["merge", out] + order)
        t.check(r.status == 0 and "12 of 12 runs" in r.out, "merge %s: %r" % (order, r))
        if r.status == 0:
            t.check(store_rows(os.path.join(work, out)) == whole, "merge %s: the rows of the sweep" % order)
    cases = [
        (["new1.db", "whole.db", "samples.db"], "run 7", ("whole.db", "samples.db"), "samples"),
        (["new2.db", "samples.db", "whole.db"], "run 7", ("samples.db", "whole.db"), "samples"),
        (["new3.db", "verdict.db", "b.db", "whole.db"], "run 4", ("verdict.db", "whole.db"), "correct"),
        (["output.db", "a.db"], "run 6", ("output.db", "a.db"), "samples"),
    ]
    for args, run, files, column in cases:
        out = os.path.join(work, args[0])
        before = store_rows(out) if os.path.exists(out) else None
        r = cpex.run(["merge"] + args)
        shown = "cpex merge " + " ".join(args)
        t.check(one_error_line(r) and run + " " in r.err and all("'%s'" % f in r.err for f in files)
                and column in r.err, "%s: expected a refusal naming %s, %s and %s, got %r"
                % (shown, run, files, column, r))
        after = store_rows(out) if os.path.exists(out) else None
        t.check(after == before, "%s: the output was changed (%s rows before, %s after)"
                % (shown, None if before is None else len(before), None if after is None else len(after)))


def kill_at_random(cpex, args, fraction, whole_seconds):
    """Starts cpex, SIGKILLs it after `fraction` of `whole_seconds`; True if it was still
    running (killed), False if it had finished."""
    proc = cpex.spawn(args, stderr=subprocess.DEVNULL)
    time.sleep(fraction * whole_seconds)
    try:
        os.kill(proc.pid, signal.SIGKILL)
    except ProcessLookupError:
        pass
    status, _ = wait_with_timeout(proc, 60)
    return status == "killed by signal %d" % signal.SIGKILL


def timed(cpex, args):
    started = time.monotonic()
    r = cpex.run(args)
    return r, time.monotonic() - started


@case
def kills_then_rerun(cpex, work, t):
    """SIGKILL at random points of `sweep --out x.db` (from store creation on), `merge` and
    `export`, each followed by a re-run: the re-run completes to exactly the rows of an
    uninterrupted run; a killed merge leaves its output as it was or complete, never half
    merged. (Kills in the middle of long sweeps: cli_sweep_test.cpp, 'A sweep resumed after
    SIGKILLs at random points'.)"""
    pipeline = sweep_file(work, reps=100)
    for args in (["--out", "whole.db"], ["--shard", "1/2", "--out", "a.db"],
                 ["--shard", "2/2", "--out", "b.db"]):
        t.check(cpex.run(["sweep", pipeline, "--quiet"] + args).status == 0, "fixture " + args[-1])
    whole = store_rows(os.path.join(work, "whole.db"))
    rng = random.Random(2022)
    kills = {"sweep": 0, "merge": 0, "export": 0}
    tries = 6 if not cpex.sanitized else 3

    # Each phase makes `tries` attempts, and more (up to 3 x) until one kill has hit a running
    # process: on a loaded machine the random moments can all fall before or after it runs.
    def attempts(name, count):
        made = 0
        while made < count or (kills[name] == 0 and made < 3 * count):
            made += 1
            yield made

    # The sweep, killed early: store creation (.creating, renamed into place), first rows.
    for _ in attempts("sweep", tries):
        for name in os.listdir(work):
            if name.startswith("killed.db"):
                os.remove(os.path.join(work, name))
        kills["sweep"] += kill_at_random(cpex, ["sweep", pipeline, "--out", "killed.db", "--quiet"],
                                         rng.uniform(0, 1), 0.15)
        r = cpex.run(["sweep", pipeline, "--out", "killed.db", "--quiet"])
        t.check(r.status == 0, "the sweep resumed after a kill: %r" % r)
        t.check(r.status != 0 or store_rows(os.path.join(work, "killed.db")) == whole,
                "the resumed sweep has exactly the rows of the whole sweep")

    # merge: the output is absent, as it was (empty), or complete after a kill.
    r, merge_seconds = timed(cpex, ["merge", "reference.db", "a.db", "b.db"])
    t.check(r.status == 0, "reference merge: %r" % r)
    for _ in attempts("merge", tries):
        for name in os.listdir(work):
            if name.startswith("merged.db"):
                os.remove(os.path.join(work, name))
        kills["merge"] += kill_at_random(cpex, ["merge", "merged.db", "a.db", "b.db"],
                                         rng.uniform(0, 0.8), merge_seconds)
        path = os.path.join(work, "merged.db")
        if os.path.exists(path) and os.path.getsize(path) > 0:
            # Read-write: a kill can leave a hot rollback journal, which only a writer may
            # roll back (back to the output as it was: what a reader must then see).
            db = sqlite3.connect("file:%s?mode=rw" % path, uri=True)
            count = db.execute("SELECT COUNT(*) FROM runs").fetchone()[0]
            db.close()
            t.check(count in (0, len(whole)), "a killed merge left %d of %d rows" % (count, len(whole)))
        r = cpex.run(["merge", "merged.db", "a.db", "b.db"])
        t.check(r.status == 0 and store_rows(path) == whole, "merge re-run after a kill: %r" % r)

    # export: re-run after a kill writes the whole CSV.
    r, export_seconds = timed(cpex, ["export", "whole.db", "--csv", "reference.csv"])
    reference = csv_rows(os.path.join(work, "reference.csv"))
    t.check(r.status == 0 and len(reference) == len(whole), "reference export: %r" % r)
    for _ in attempts("export", tries + 4):
        kills["export"] += kill_at_random(cpex, ["export", "whole.db", "--csv", "exported.csv"],
                                          rng.uniform(0, 0.7), export_seconds)
        r = cpex.run(["export", "whole.db", "--csv", "exported.csv"])
        t.check(r.status == 0 and csv_rows(os.path.join(work, "exported.csv")) == reference,
                "export re-run after a kill: %r" % r)
    print("SIGKILLs that hit a running process: %s of at least %d, %d, %d" % (kills, tries, tries, tries + 4))
    t.check(all(k >= 1 for k in kills.values()), "every command was killed at least once while running")


def full_disk_script(cpex, work):
    """The shell steps of the full-disk case, run inside a private mount namespace."""
    return r"""
set -u
cpex=$1; work=$2; disk=$work/disk
mkdir -p "$disk"
step() { name=$1; shift; "$@" > "$work/$name.out" 2> "$work/$name.err"; echo $? > "$work/$name.status"; }
mount -t tmpfs -o size=96k tmpfs "$disk" || exit 3
step store-full "$cpex" sweep "$work/big.ini" --out "$disk/x.db" --quiet
mount -o remount,size=8m "$disk"
step store-resumed "$cpex" sweep "$work/big.ini" --out "$disk/x.db" --quiet
cp "$disk/x.db" "$work/resumed.db"
umount "$disk" && mount -t tmpfs -o size=48k tmpfs "$disk"
step csv-full "$cpex" sweep "$work/big.ini" --out "$disk/x.csv" --quiet
rm -f "$disk"/*
step export-full "$cpex" export "$work/whole.db" --csv "$disk/e.csv"
rm -f "$disk"/*
step merge-full "$cpex" merge "$disk/m.db" "$work/a.db" "$work/b.db"
mount -o remount,size=8m "$disk"
step merge-rerun "$cpex" merge "$disk/m.db" "$work/a.db" "$work/b.db"
cp "$disk/m.db" "$work/merged.db"
exit 0
"""


@case
def full_disk(cpex, work, t):
    """A full disk (a small tmpfs) is one error line naming the file, for a store, a CSV,
    an export and a merge; once there is room, the store resumes and the merge re-runs to
    the rows of an uninterrupted run. Skipped where no tmpfs can be mounted (the file-size
    limit case checks the same write errors everywhere)."""
    probe = subprocess.run(["unshare", "-m", "sh", "-c", "mount -t tmpfs -o size=64k tmpfs \"$1\"",
                            "sh", work], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    if probe.returncode != 0:
        print("SKIPPED: no tmpfs can be mounted here (unshare -m + mount -t tmpfs: %s)"
              % probe.stderr.decode(errors="replace").strip()[:200])
        return "skipped"
    big = write(os.path.join(work, "big.ini"), SWEEP.replace("REPS", "150").replace(
        "[run]\n", "[run]\nrecord-pulls = yes\n"))
    for args in (["--out", "whole.db"], ["--shard", "1/2", "--out", "a.db"],
                 ["--shard", "2/2", "--out", "b.db"]):
        t.check(cpex.run(["sweep", big, "--quiet"] + args).status == 0, "fixture " + args[-1])
    whole = store_rows(os.path.join(work, "whole.db"))
    inner = subprocess.run(["unshare", "-m", "sh", "-c", full_disk_script(cpex, work), "sh",
                            cpex.binary, work], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                           env=cpex.env, timeout=600)
    if not t.check(inner.returncode == 0, "the namespace script failed: %r" % inner.stderr[-500:]):
        return

    def step(name):
        status = int(open(os.path.join(work, name + ".status")).read())
        err = open(os.path.join(work, name + ".err"), errors="replace").read()
        return Result(status, "", err, None, None, None)

    for name, names in (("store-full", "x.db"), ("csv-full", "x.csv"), ("export-full", "e.csv"),
                        ("merge-full", "m.db")):
        r = step(name)
        t.check(one_error_line(r) and names in r.err and
                ("full" in r.err or "No space left" in r.err),
                "%s: expected one line naming %s and a full disk, got %r" % (name, names, r))
    r = step("store-resumed")
    t.check(r.status == 0, "the store resumed once there was room: %r" % r)
    t.check(r.status != 0 or store_rows(os.path.join(work, "resumed.db")) == whole,
            "the resumed store has exactly the rows of the whole sweep")
    r = step("merge-rerun")
    t.check(r.status == 0 and store_rows(os.path.join(work, "merged.db")) == whole,
            "the merge re-run once there was room: %r" % r)


@case
def file_size_limit(cpex, work, t):
    """Writes that fail (here: EFBIG under a file-size limit, everywhere; the full-disk case
    uses a real full tmpfs) are one error line naming the file; the store then resumes to
    the rows of an uninterrupted run."""
    pipeline = sweep_file(work, reps=100)
    t.check(cpex.run(["sweep", pipeline, "--out", "whole.db", "--quiet"]).status == 0, "fixture")
    whole = store_rows(os.path.join(work, "whole.db"))

    def limited(args, kilobytes):
        def limit():
            os.setsid()
            signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # write() then fails with EFBIG
            resource.setrlimit(resource.RLIMIT_FSIZE, (kilobytes << 10, kilobytes << 10))
        proc = subprocess.Popen(cpex.argv(args), cwd=work, env=cpex.env, stdin=subprocess.DEVNULL,
                                stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, preexec_fn=limit)
        _, err = proc.communicate(timeout=120)
        return Result(proc.returncode, "", err.decode(errors="replace"), None, None, None)

    for args, name in ((["sweep", pipeline, "--out", "x.db", "--quiet"], "x.db"),
                       (["sweep", pipeline, "--out", "x.csv", "--quiet"], "x.csv"),
                       (["export", "whole.db", "--csv", "e.csv"], "e.csv")):
        r = limited(args, 40)
        t.check(one_error_line(r) and name in r.err and ("too large" in r.err or "full" in r.err
                                                           or "I/O" in r.err),
                "%s under a 40 kB file-size limit: %r" % (" ".join(args), r))
    r = cpex.run(["sweep", pipeline, "--out", "x.db", "--quiet"])
    t.check(r.status == 0 and store_rows(os.path.join(work, "x.db")) == whole,
            "the store resumed without the limit: %r" % r)


@case
def export_filters_are_bounded(cpex, work, t):
    """export --where is a row filter with bounded cost: a recursive query, a huge value
    or a filter costing more than 10^5 SQLite steps per stored row is one error line,
    quickly; a second statement is refused; ordinary filters work."""
    pipeline = sweep_file(work)
    t.check(cpex.run(["sweep", pipeline, "--out", "s.db", "--quiet"]).status == 0, "fixture")
    hostile = [
        ("run_id IN (WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT x FROM c)",
         "not authorized"),
        ("length(randomblob(900000000)) > 0", "more than 10000000 bytes"),
        ("(SELECT count(*) FROM runs a, runs b, runs c, runs d, runs e, runs f, runs g, runs h) > 0",
         "steps per row"),
        ("samples > 1; DROP TABLE runs", "syntax error"),
        ("samples > 1) ; SELECT (1", "one expression expected"),
    ]
    for where, expected in hostile:
        r = cpex.run(["export", "s.db", "--csv", "out.csv", "--where", where], timeout=60, memory_mb=2048)
        t.check(one_error_line(r) and "--where" in r.err and expected in r.err,
                "--where %r: expected %r, got %r" % (where, expected, r))
    r = cpex.run(["export", "s.db", "--csv", "out.csv", "--where",
                  "json_extract(resolved, '$.delta') < 0.07 AND typeof(samples) = 'integer'"])
    t.check(r.status == 0 and "exported 6 rows" in r.err, "an ordinary filter: %r" % r)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--cpex", required=True, help="the cpex binary under test")
    parser.add_argument("--keep", action="store_true", help="keep the work directory")
    parser.add_argument("--sanitized", action="store_true", help="cpex is an ASan build")
    parser.add_argument("case", choices=sorted(CASES))
    opts = parser.parse_args()
    work = tempfile.mkdtemp(prefix="cpex-reliability-")
    os.chmod(work, 0o755)
    failures = Failures()
    try:
        outcome = CASES[opts.case](Cpex(opts.cpex, work, opts.sanitized), work, failures)
    finally:
        if not opts.keep:
            shutil.rmtree(work, ignore_errors=True)
    if outcome == "skipped":
        return 77
    if failures.messages:
        print("%s: %d check(s) failed" % (opts.case, len(failures.messages)))
        return 1
    print("%s: passed" % opts.case)
    return 0


if __name__ == "__main__":
    sys.exit(main())
