"""Mutated command lines for the mutation test: the arguments of every
subcommand -- report, export, merge, run, sweep, describe, list, hardness -- and the files they name.

`make_fixtures` writes, once, the files the command lines read (results CSV, SQLite store,
two shard stores, a trace, pipeline files) with the cpex under test, plus damaged copies
(flipped bytes, a truncated store, text named .db, a CSV with a torn or ragged row).
`make_case` draws one command line from a seeded generator: a template of each
subcommand, then 1-3 mutations -- an argument replaced by an odd value (special files,
FIFOs, directories, missing and damaged files, 100 kB strings, control bytes, invalid
UTF-8, malformed PATH::KEY=VALUE tags, odd numbers, odd SQL for --where), deleted,
duplicated or swapped arguments, inserted options with odd values, another subcommand
word -- and sometimes a damaged input file in the case's own directory. Each case runs
in a fresh directory holding copies of the fixtures, so a mutation that names an input as
an output can only hurt itself (and must be refused anyway).
"""
import os
import random
import shutil
import subprocess

# A sweep of 2 x 2 points of LUCB on Gaussian arms, 5 repetitions (the script tests' fixture).
SWEEP = open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "data",
                          "small_sweep.ini")).read()
RUN = SWEEP.split("[sweep]")[0].replace("[run]\n", "[run]\ntrace-file = trace.csv\n")

TEMPLATES = [
    ["report", "runs.csv"],
    ["report", "runs.db", "--by", "algorithm.delta", "--format", "json"],
    ["report", "runs.csv", "--columns", "environment.sigma", "--y", "error-rate", "--format", "md"],
    ["report", "a.db", "b.db::batch=2", "--format", "csv", "--y", "wall"],
    ["report", "runs.csv::tag=x,other=1", "runs.db::tag=y", "--by", "tag,algorithm", "--format", "text"],
    ["report", "runs.db", "--plot", "OUT.svg", "--x", "algorithm.delta", "--logy", "--title", "t"],
    ["export", "runs.db", "--csv", "OUT.csv"],
    ["export", "runs.db", "--csv", "OUT.csv", "--where", "samples > 100 AND correct = 1"],
    ["export", "a.db", "--csv", "OUT.csv", "--where", "json_extract(resolved, '$.delta') > 0"],
    ["merge", "OUT.db", "a.db", "b.db"],
    ["merge", "OUT.db", "runs.db", "a.db", "b.db"],
    ["sweep", "sweep.ini", "--out", "OUT.db", "--threads", "1", "--json"],
    ["sweep", "sweep.ini", "--shard", "1/2", "--out", "OUT.csv", "--quiet"],
    ["run", "run.ini", "--set", "algorithm.delta=0.05", "--out", "OUT.csv"],
    ["describe", "lucb"],
    ["describe", "run"],
    ["list"],
    ["hardness", "sweep.ini", "--json"],
    ["hardness", "run.ini", "--set", "algorithm.delta=0.05"],
]
# Rarely drawn: plotting starts Python (slow).
PLOT_TEMPLATE = 5

FILES = ["runs.csv", "runs.db", "a.db", "b.db", "trace.csv", "sweep.ini", "run.ini", "bad.db",
         "short.db", "text.db", "empty.db", "bad.csv", "ragged.csv", "torn.csv", "empty.csv",
         "header.csv", "pipe", "adir", "missing.db", "missing.csv", "/dev/zero", "/dev/null",
         "/dev/full", "/", ".", "..", "OUT.csv", "OUT.db"]
ODD = ["", "-", "--", "=", "::", "runs.csv::", "runs.csv::=", "runs.csv::a", "runs.csv::=1",
       "runs.csv::a=1,a=2", "runs.db::a=,b=", "::k=v", "x::k=v", "runs.csv::::", "0", "-1",
       "1e308", "nan", "inf", "18446744073709551616", "2/1", "0/0", "1/0", "3/2", "1/18446744073709551616",
       "text", "md", "csv", "json", "xml", "samples", "error-rate", "wall", "nope", "run_id",
       "algorithm", "status", "error", "correct", "wall_time_s", "resolved", "pulls",
       "algorithm.delta", "environment.sigma", ",,,", "algorithm,algorithm", "a,,b", ",",
       "run.seed=1", "run.repetitions=0", "environment.means=1e308,0", "=x", "algorithm.=1",
       "lucb", "nosuch", "run", "sweep", "report", "--", "-x", "--nosuch",
       "\x01\x1b[2J", "\x7f", "\u00e9\u20ac", "a\nb", "a\rb", "'", '"', "\\", "%s%n", "$(true)",
       "samples >", "1) OR (1", "; DROP TABLE runs", "1); DROP TABLE runs; --",
       "(SELECT COUNT(*) FROM meta) > 0", "typeof(samples) = 'integer'", "no such column",
       "randomblob(1000000) IS NOT NULL", "load_extension('x')", "length(zeroblob(100000000)) > 0",
       "json_extract(resolved, '$.x') IS NULL", "status = 'error'", "1 /* comment", "-- comment",
       "ATTACH DATABASE 'x.db' AS x", "1 IN (SELECT run_id FROM runs)",
       "run_id IN (WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT x FROM c)",
       "length(randomblob(900000000)) > 0", "(SELECT count(*) FROM runs a, runs b, runs c) > 0",
       "samples > 1; PRAGMA writable_schema = 1", "1) --"]
OPTIONS = ["--by", "--format", "--columns", "--y", "--plot", "--x", "--series", "--logx", "--logy",
           "--title", "--force", "--csv", "--where", "--out", "--threads", "--shard", "--set",
           "--plugin-path", "--json", "--progress", "--quiet", "--force-new", "--help", "-h",
           "--version"]
COMMANDS = ["report", "export", "merge", "run", "sweep", "describe", "list", "nosuch", ""]
DAMAGEABLE = ["runs.csv", "runs.db", "a.db", "b.db"]


def odd_argument(rng):
    pick = rng.random()
    if pick < 0.05:
        return "x" * rng.choice([1000, 100000])
    if pick < 0.08:
        return b"\xff\xfe" + rng.choice([b"", b".db", b".csv"])  # invalid UTF-8 (bytes argv)
    if pick < 0.45:
        return rng.choice(FILES)
    return rng.choice(ODD)


def mutate_argv(argv, rng):
    op = rng.randrange(8)
    if op <= 2 and len(argv) > 1:  # replace an argument (not the command word)
        argv[rng.randrange(1, len(argv))] = odd_argument(rng)
    elif op == 3 and len(argv) > 1:
        del argv[rng.randrange(1, len(argv))]
    elif op == 4 and len(argv) > 1:
        argv.insert(rng.randrange(1, len(argv) + 1), argv[rng.randrange(1, len(argv))])
    elif op == 5 and len(argv) > 2:
        i, j = rng.randrange(1, len(argv)), rng.randrange(1, len(argv))
        argv[i], argv[j] = argv[j], argv[i]
    elif op == 6:  # a new option, usually with an odd value
        at = rng.randrange(1, len(argv) + 1)
        option = [rng.choice(OPTIONS)]
        if rng.random() < 0.8:
            option.append(odd_argument(rng))
        argv[at:at] = option
    else:  # another subcommand word
        argv[0] = rng.choice(COMMANDS)
    return argv


def mutate_bytes(data, rng, edits=8, insert=4, delete=20):
    """1 to `edits` random edits of `data`: a byte flipped, up to `insert` bytes inserted or up
    to `delete` bytes deleted (also the pipeline-file mutations of mutation_test.py)."""
    data = bytearray(data)
    for _ in range(rng.randint(1, edits)):
        op = rng.randrange(3)
        pos = rng.randrange(len(data) + 1)
        if op == 0 and data:
            data[min(pos, len(data) - 1)] = rng.randrange(256)
        elif op == 1:
            data[pos:pos] = bytes(rng.randrange(256) for _ in range(rng.randint(1, insert)))
        else:
            del data[pos:pos + rng.randint(1, delete)]
    return bytes(data)


def damage(path, rng):
    """Flips, inserts or deletes bytes of a fixture copy, or truncates it."""
    with open(path, "rb") as f:
        data = bytearray(f.read())
    if rng.random() < 0.3:
        data = data[:rng.randrange(len(data) + 1)]
    else:
        data = mutate_bytes(data, rng, edits=16, insert=8, delete=64)
    with open(path, "wb") as f:
        f.write(bytes(data))


def make_fixtures(cpex, directory):
    """Writes the files the command lines name into `directory` (with the cpex under
    test). Returns the list of file names to copy into each case's directory."""
    os.makedirs(directory, exist_ok=True)

    def write(name, data):
        with open(os.path.join(directory, name), "wb" if isinstance(data, bytes) else "w") as f:
            f.write(data)

    write("sweep.ini", SWEEP)
    write("run.ini", RUN)
    env = dict(os.environ)
    env.pop("CPEX_PLUGIN_PATH", None)
    for args in (["sweep", "sweep.ini", "--out", "runs.db"], ["sweep", "sweep.ini", "--out", "runs.csv"],
                 ["sweep", "sweep.ini", "--shard", "1/2", "--out", "a.db"],
                 ["sweep", "sweep.ini", "--shard", "2/2", "--out", "b.db"],
                 ["run", "run.ini"]):
        subprocess.run([cpex] + args + ["--quiet"], cwd=directory, env=env, check=True,
                       stdout=subprocess.DEVNULL, stdin=subprocess.DEVNULL)
    with open(os.path.join(directory, "runs.db"), "rb") as f:
        store = f.read()
    with open(os.path.join(directory, "runs.csv")) as f:
        csv_text = f.read()
    rng = random.Random(1)
    flipped = bytearray(store)
    for _ in range(64):
        flipped[rng.randrange(100, len(flipped))] = rng.randrange(256)
    write("bad.db", bytes(flipped))
    write("short.db", store[:len(store) // 2])
    write("text.db", "hello, not a database\n")
    write("empty.db", b"")
    write("bad.csv", csv_text.replace(",", ",\"", 3))
    lines = csv_text.split("\n")
    write("ragged.csv", "\n".join(lines[:3] + [lines[3] + ",extra"] + lines[4:]))
    write("torn.csv", csv_text[:-20])
    write("empty.csv", "")
    write("header.csv", lines[0] + "\n")
    return sorted(n for n in os.listdir(directory) if not n.endswith(("-wal", "-shm", ".lock")))


def make_case(rng, fixtures):
    """(argv without the binary, names of fixtures to damage in the case's copy)."""
    template = rng.randrange(len(TEMPLATES))
    if template == PLOT_TEMPLATE and rng.random() < 0.8:
        template = 0
    argv = list(TEMPLATES[template])
    for _ in range(rng.randint(1, 3)):
        argv = mutate_argv(argv, rng)
    damaged = [rng.choice(DAMAGEABLE)] if rng.random() < 0.15 else []
    return argv, damaged


def prepare_case_directory(fixtures_dir, fixtures, case_dir, damaged, rng_seed):
    """A fresh directory with copies of the fixtures, a FIFO `pipe`, a directory `adir`."""
    os.makedirs(case_dir)
    for name in fixtures:
        shutil.copy(os.path.join(fixtures_dir, name), os.path.join(case_dir, name))
    os.mkfifo(os.path.join(case_dir, "pipe"))
    os.mkdir(os.path.join(case_dir, "adir"))
    rng = random.Random(rng_seed)
    for name in damaged:
        damage(os.path.join(case_dir, name), rng)


def encode(argument, index):
    """An argument for subprocess: OUT becomes the case's own output name."""
    if isinstance(argument, bytes):
        return argument
    return argument.replace("OUT", "out%05d" % index).encode("utf-8", "surrogateescape")


def shell_line(argv):
    """The command line, quoted for a shell (for the report of a failure)."""
    import shlex
    return " ".join(shlex.quote(a.decode("utf-8", "backslashreplace")) for a in argv)
