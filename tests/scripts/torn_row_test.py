"""scripts/cpex_results.py skips a torn last CSV row (no newline: the writer was killed
mid-write) and says so on stderr; complete files are read whole."""
import io
import os
import sys
import tempfile
from contextlib import redirect_stderr

sys.path.insert(0, os.path.join(sys.argv[1], "scripts"))
import cpex_results  # noqa: E402

header = "run_id,point,samples,stopped,correct\n"
whole = header + "0,0,10,rule,1\n1,0,12,rule,1\n"
with tempfile.TemporaryDirectory() as d:
    complete, torn = os.path.join(d, "complete.csv"), os.path.join(d, "torn.csv")
    open(complete, "w").write(whole)
    open(torn, "w").write(whole + "2,0,1")
    err = io.StringIO()
    with redirect_stderr(err):
        rows_complete = list(cpex_results.rows(complete))
        rows_torn = list(cpex_results.rows(torn))
    assert [r["run_id"] for r in rows_complete] == ["0", "1"], rows_complete
    assert [r["run_id"] for r in rows_torn] == ["0", "1"], rows_torn
    assert "torn" in err.getvalue() and "torn.csv" in err.getvalue(), err.getvalue()
    assert "complete.csv" not in err.getvalue(), err.getvalue()
print("OK: a torn last row is skipped with a note")
