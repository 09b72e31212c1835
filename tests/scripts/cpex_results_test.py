"""scripts/cpex_results.py takes its statistics from `cpex report`: a cell with a run ended
by its rule, one ended at its budget (wrong), a capped one and a failed one counts two
ended runs (the budget run is not capped), one wrong answer among them, and the same
numbers as `cpex report` on the same rows.

usage: cpex_results_test.py SOURCE_DIR CPEX   (run by ctest: scripts-take-report-statistics)"""
import json
import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(sys.argv[1], "scripts"))
os.environ["CPEX"] = sys.argv[2]
import cpex_results  # noqa: E402

HEADER = ("run_id,point,algorithm,environment,oracle,repetition,seed,samples,stopped,recommendation,"
          "correct,optimal,wall_time_s,resolved,pulls,status,error\n")
ROWS = ["0,0,a,e,o,0,1,10,rule,0,1,1,0.1,{},,stopped,",
        "1,0,a,e,o,1,1,20,budget,1,0,0,0.2,{},,budget,",
        "2,0,a,e,o,2,1,99,max-samples,0,1,1,0.3,{},,capped,",
        "3,0,a,e,o,3,1,,,,,,0.0,,,error,boom"]
with tempfile.TemporaryDirectory() as d:
    path = os.path.join(d, "runs.csv")
    with open(path, "w") as f:
        f.write(HEADER + "\n".join(ROWS) + "\n")
    cell = cpex_results.Cell()
    for row in cpex_results.rows(path):
        cell.add(row)
    assert (cell.ended, cell.capped, cell.failed) == (2, 1, 1), cell.summary()
    assert cell.verdicts() == "1 / 1", cell.verdicts()
    assert cell.mean() == 15.0, cell.mean()
    assert cell.rates().startswith("wrong 1/2 ["), cell.rates()
    report = json.loads(subprocess.run([sys.argv[2], "report", path, "--format", "json"],
                                       capture_output=True, text=True, check=True).stdout)
    group = report["groups"][0]
    assert cell.summary()["wrong_rate_ci95"] == group["wrong_rate_ci95"], (cell.summary(), group)
    assert cell.summary()["samples"] == group["samples"], (cell.summary(), group)
print("OK: the scripts' cells are cpex report's summaries (budget runs ended, not capped)")
