"""`cpex study serve` left running (issue 41; docs/studies.md, "HTTP" and "Threat model"),
against a real server on loopback, with short deadlines so that it takes seconds:

- the port: a second server on it is refused in one line (exit 1), never shares it;
- the token: no token or another one is 401; `--no-auth` warns;
- browsers: a cross-origin request is 403 (unless --allow-origin lists it: then CORS);
  a foreign Host is 403; a POST body of another type is 415; GET /ask is 405;
- limits: the ask-limit, the pending-limit, the body limit (413), the request line (414),
  the header block (431), chunked bodies (411), malformed requests (400, 505), a JSON key
  given twice; every error answer a one-line JSON object with its status;
- a refused tell, and the next request is answered at once (no replay);
- voids, client ids and the log over HTTP;
- slow and idle clients: 50 clients sending their heads a byte at a time and 100 idle
  connections do not keep a well-behaved client waiting (each answer within 1 s); the
  deadlines then answer the slow ones 408 and close the idle ones; a full server makes
  room by closing its longest-idle connection, else answers 503.

usage: serve_test.py CPEX"""
import json
import socket
import sys
import threading
import time

from study_common import Client, Cpex, lucb_study, temporary_directory, token_of

ERROR_STATUSES = set()


def check_error(status, headers, body, expected, fragment):
    """An error answer: the status, JSON, one line, naming the culprit."""
    assert status == expected, (status, expected, body)
    assert headers.get("Content-Type") == "application/json", headers
    assert body.count(b"\n") == 1 and body.endswith(b"\n"), body
    parsed = json.loads(body)
    assert parsed["status"] == expected and fragment in parsed["error"], (parsed, fragment)
    ERROR_STATUSES.add(expected)


def raw_exchange(port, data, timeout=5.0):
    """Sends raw bytes on a new connection; (status, headers, body) of the answer."""
    s = socket.create_connection(("127.0.0.1", port), timeout=timeout)
    try:
        s.sendall(data)
        received = b""
        while b"\r\n\r\n" not in received:
            chunk = s.recv(65536)
            if not chunk:
                break
            received += chunk
        head, _, body = received.partition(b"\r\n\r\n")
        lines = head.decode().split("\r\n")
        status = int(lines[0].split()[1])
        headers = dict(line.split(": ", 1) for line in lines[1:])
        while len(body) < int(headers.get("Content-Length", 0)):
            chunk = s.recv(65536)
            if not chunk:
                break
            body += chunk
        return status, headers, body
    finally:
        s.close()


def second_server_refused(cpex, d, port):
    other = cpex.new_study(d, "other", lucb_study(3, "gaussian", 1))
    r = cpex.run("study", "serve", other, "--port", str(port), check=False)
    assert r.returncode == 1 and r.stderr.count("\n") == 1, (r.returncode, r.stderr)
    assert "cannot listen on 127.0.0.1:%d" % port in r.stderr and "in use" in r.stderr, r.stderr


def authentication_and_browsers(port, token):
    anonymous, wrong, client = Client(port), Client(port, "0" * 64), Client(port, token)
    status, headers, body = anonymous.raw("GET", "/status")
    check_error(status, headers, body, 401, "a token is required")
    assert headers.get("WWW-Authenticate") == "Bearer"
    check_error(*wrong.raw("GET", "/status"), 401, "is not this study's")
    assert client.request("GET", "/status")[0] == 200
    # a web page's cross-origin POST, of a type browsers send without asking: refused
    check_error(*client.raw("POST", "/tell", '{"arm": "a", "reward": 1}',
                            {"Content-Type": "text/plain", "Origin": "http://evil.example"}),
                403, "origin 'http://evil.example'")
    check_error(*anonymous.raw("POST", "/tell", '{"arm": "a", "reward": 1}',
                               {"Content-Type": "text/plain", "Origin": "http://evil.example"}), 403, "origin")
    check_error(*client.raw("POST", "/tell", '{"arm": "a", "reward": 1}', {"Content-Type": "text/plain"}),
                415, "application/json")
    check_error(*client.raw("GET", "/status", None, {"Host": "evil.example:80"}), 403, "Host 'evil.example:80'")
    # state changes only through POST
    status, headers, body = client.raw("GET", "/ask?count=1")
    check_error(status, headers, body, 405, "/ask answers POST, not GET")
    assert headers.get("Allow") == "POST"
    check_error(*client.raw("POST", "/status", "{}"), 405, "/status answers GET")
    check_error(*client.raw("GET", "/nowhere"), 404, "no such path")
    # an allowed origin: the preflight and CORS headers
    status, headers, _ = Client(port).raw("OPTIONS", "/tell", None, {"Origin": "https://dash.example",
                                                                    "Access-Control-Request-Method": "POST"})
    assert status == 204 and headers["Access-Control-Allow-Origin"] == "https://dash.example", headers
    status, headers, _ = client.raw("GET", "/status", None, {"Origin": "https://dash.example"})
    assert status == 200 and headers["Access-Control-Allow-Origin"] == "https://dash.example", headers


def limits(port, token):
    c = Client(port, token)
    check_error(*c.raw("POST", "/ask", json.dumps({"count": 10001})), 400, "1 to 10000 pulls ([study] ask-limit)")
    check_error(*c.raw("POST", "/ask", json.dumps({"count": 0})), 400, "ask-limit")
    check_error(*c.raw("POST", "/ask", json.dumps({"cuont": 3})), 400, "unknown key 'cuont'")
    status, body = c.request("POST", "/ask", json.dumps({"count": 50}))
    assert status == 200 and len(body["asks"]) == 30 and "pending-limit" in body["note"], body
    assert body["state"] == "waiting"
    check_error(*c.raw("POST", "/tell", '{"ask": 1, "reward": 0.5, "reward": 7}'), 400, "the key 'reward' is given twice")
    big = "[" + ",".join(['{"ask": 1, "reward": 0.5}'] * 50000) + "]"  # > 1 MiB: [study] body-limit = 1
    assert len(big) > 1 << 20
    check_error(*c.raw("POST", "/tell", big), 413, "([study] body-limit)")
    check_error(*Client(port, token).raw("GET", "/status?x=" + "a" * 9000), 414, "request line is longer")
    check_error(*Client(port, token).raw("GET", "/status", None, {"X-%d" % i: "v" * 200 for i in range(90)}),
                431, "head is longer than 16384 bytes")
    check_error(*raw_exchange(port, b"POST /tell HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: chunked\r\n\r\n"),
                411, "Content-Length")
    check_error(*raw_exchange(port, b"HELLO\r\n\r\n"), 400, "malformed request line")
    check_error(*raw_exchange(port, b"GET /status HTTP/2.0\r\nHost: 127.0.0.1\r\n\r\n"), 505, "HTTP/1.1")
    check_error(*c.raw("POST", "/tell", '{"arm": "b", "reward": 1}'), 400, "HTTP ?unasked=1")


def refusal_costs_no_replay(port, token):
    """A refused tell, then the next request: answered at once (no replay of the log)."""
    c = Client(port, token)
    slowest = 0.0
    for _ in range(5):
        check_error(*c.raw("POST", "/tell", '{"ask": 999999, "reward": 0.5}'), 400, "was never handed out")
        start = time.perf_counter()
        assert c.request("GET", "/status")[0] == 200
        slowest = max(slowest, time.perf_counter() - start)
    assert slowest < 0.5, slowest
    return slowest


def voids_ids_and_log(port, token):
    c = Client(port, token)
    pending = c.request("GET", "/pending")[1]["asks"]
    ask = pending[0]["ask"]
    status, told = c.request("POST", "/tell", json.dumps({"ask": ask, "reward": 0.25, "id": "obs-1"}))
    assert status == 200 and told["accepted"] == 1, told
    status, again = c.request("POST", "/tell", json.dumps({"ask": ask, "reward": 0.25, "id": "obs-1"}))
    assert status == 200 and again["duplicates"] == 1 and again["seqs"] == told["seqs"], again
    check_error(*c.raw("POST", "/tell", json.dumps({"ask": ask, "reward": 0.5, "id": "obs-1"})), 400,
                "the id 'obs-1' was taken with another observation")
    status, voided = c.request("POST", "/tell", json.dumps({"void": told["seqs"][0], "reason": "typo"}))
    assert status == 200 and voided["voided"] == 1, voided
    events = c.request("GET", "/log?after=%d" % (told["seqs"][0] - 1))[1]["events"]
    assert events[0]["voided"] is True and events[0]["id"] == "obs-1", events
    assert events[-1]["kind"] == "void" and events[-1]["note"] == "typo", events
    assert any(p["ask"] == ask for p in c.request("GET", "/pending")[1]["asks"])  # pending again


def slow_and_idle_clients(cpex, d):
    """50 slow and 100 idle connections; a well-behaved client is answered within 1 s."""
    db = cpex.new_study(d, "crowded", lucb_study(4, "gaussian", 2))
    server, port = cpex.serve(db, "--header-timeout", "1.5", "--idle-timeout", "1.5", "--body-timeout", "1.5")
    token = token_of(db)
    try:
        idle = [socket.create_connection(("127.0.0.1", port)) for _ in range(100)]
        slow = [socket.create_connection(("127.0.0.1", port)) for _ in range(50)]
        head = b"GET /status HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer " + token.encode() + b"\r\n"
        stop = threading.Event()

        def dribble():
            i = 0
            while not stop.is_set() and i < len(head):
                for s in slow:
                    try:
                        s.send(head[i:i + 1])
                    except OSError:
                        pass
                i += 1
                time.sleep(0.05)

        t = threading.Thread(target=dribble)
        t.start()
        time.sleep(0.2)
        slowest = 0.0
        for _ in range(8):
            start = time.perf_counter()
            assert Client(port, token, timeout=5).request("GET", "/status")[0] == 200
            slowest = max(slowest, time.perf_counter() - start)
        assert slowest < 1.0, slowest
        stop.set()
        t.join()
        # the deadlines: a slow head is answered 408, an idle connection closed
        time.sleep(2.0)
        for s in slow[:5]:
            s.settimeout(2)
            answer = s.recv(65536)
            assert answer.startswith(b"HTTP/1.1 408 "), answer
            check_error(408, {"Content-Type": "application/json"}, answer.partition(b"\r\n\r\n")[2], 408,
                        "did not arrive within 1.5 s")
        for s in idle[:5]:
            s.settimeout(2)
            assert s.recv(1) == b""
        for s in idle + slow:
            s.close()
        return slowest
    finally:
        server.kill()
        server.wait()


def full_server(cpex, d):
    """--max-connections 10: an idle connection makes room; 10 busy ones make a 503."""
    db = cpex.new_study(d, "full", lucb_study(4, "gaussian", 2))
    server, port = cpex.serve(db, "--max-connections", "10", "--header-timeout", "3")
    token = token_of(db)
    try:
        idle = [socket.create_connection(("127.0.0.1", port)) for _ in range(10)]
        time.sleep(0.2)
        assert Client(port, token, timeout=5).request("GET", "/status")[0] == 200  # an idle one was closed for it
        for s in idle:
            s.close()
        busy = [socket.create_connection(("127.0.0.1", port)) for _ in range(10)]
        for s in busy:
            s.send(b"GET /sta")
        time.sleep(0.2)
        check_error(*raw_exchange(port, b"GET /status HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"), 503, "10 connections")
        for s in busy:
            s.close()
    finally:
        server.kill()
        server.wait()


def no_auth(cpex, d):
    db = cpex.new_study(d, "open", lucb_study(3, "gaussian", 1))
    p = cpex.serve(db, "--no-auth")[0]
    try:
        pass
    finally:
        p.kill()
        _, err = p.communicate()
    assert "warning: study serve --no-auth" in err, err


def main(binary):
    cpex = Cpex(binary)
    with temporary_directory() as d:
        text = lucb_study(["a", "b", "c"], "gaussian", 3).replace(
            "[study]\n", "[study]\npending-limit = 30\nbody-limit = 1\n")
        db = cpex.new_study(d, "served", text)
        server, port = cpex.serve(db, "--allow-origin", "https://dash.example")
        token = token_of(db)
        try:
            second_server_refused(cpex, d, port)
            authentication_and_browsers(port, token)
            limits(port, token)
            after_refusal = refusal_costs_no_replay(port, token)
            voids_ids_and_log(port, token)
        finally:
            server.kill()
            server.wait()
        slowest = slow_and_idle_clients(cpex, d)
        full_server(cpex, d)
        no_auth(cpex, d)
    print("study-serve: ok (error statuses %s; after a refusal %.1f ms; with 50 slow and 100 idle clients "
          "the slowest answer %.1f ms)" % (sorted(ERROR_STATUSES), after_refusal * 1e3, slowest * 1e3))


if __name__ == "__main__":
    main(sys.argv[1])
