"""A study server under slow and idle clients (docs/performance.md, "Studies: the service
under slow and idle clients"): `slow` connections send a request head a byte every half
second (slower than no per-read timeout catches, faster than none), `idle` connections
send nothing (a client's connection pool), and meanwhile a well-behaved client asks GET
/status on a new connection, `probes` times; then `burst` clients ask at once. Reports
the answer times (seconds, connecting included; a timeout counts as the timeout) and how
many failed. A bad client the server closes connects again, as a connection pool would.

usage: python3 benchmarks/study_serve_load.py SERVER-COMMAND... [--slow 50] [--idle 100]
           [--probes 10] [--burst 200] [--timeout 20] [--token-file F]
  e.g. ... -- build/bin/cpex study serve s.db --port 0        (this tree's server)
       ... -- /tmp/httplib-probe                               (benchmarks/study_httplib_probe.cpp)"""
import argparse
import http.client
import os
import socket
import statistics
import subprocess
import threading
import time


def start(command):
    p = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    line = p.stdout.readline()
    return p, int(line.strip().rsplit(":", 1)[1])


def one_request(port, token, timeout):
    start_time = time.perf_counter()
    try:
        c = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
        c.request("GET", "/status", headers={"Authorization": "Bearer " + token} if token else {})
        r = c.getresponse()
        r.read()
        c.close()
        return time.perf_counter() - start_time, r.status == 200
    except (OSError, http.client.HTTPException):
        return max(time.perf_counter() - start_time, 0.0), False


def pester(port, slow, stop, head):
    """One bad client for as long as `stop` is not set: connects (again, when the server
    closes it), then sends nothing (idle) or its head a byte every half second (slow)."""
    while not stop.is_set():
        try:
            s = socket.create_connection(("127.0.0.1", port), timeout=60)
        except OSError:
            continue
        s.settimeout(0.5)
        i = 0
        try:
            while not stop.is_set():
                if slow:
                    s.send(head[i % len(head):i % len(head) + 1])
                    i += 1
                try:
                    if s.recv(65536) == b"":
                        break  # closed by the server: connect again
                except socket.timeout:
                    pass
        except OSError:
            pass
        finally:
            s.close()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--slow", type=int, default=50)
    parser.add_argument("--idle", type=int, default=100)
    parser.add_argument("--probes", type=int, default=10)
    parser.add_argument("--burst", type=int, default=200)
    parser.add_argument("--timeout", type=float, default=20.0)
    parser.add_argument("--token-file")
    parser.add_argument("command", nargs=argparse.REMAINDER)
    args = parser.parse_args()
    command = args.command[1:] if args.command[:1] == ["--"] else args.command
    token = open(args.token_file).read().strip() if args.token_file else None
    server, port = start(command)
    head = b"GET /status HTTP/1.1\r\nHost: 127.0.0.1\r\n" + b"X-Padding: " + b"p" * 200 + b"\r\n"
    stop = threading.Event()
    bad = [threading.Thread(target=pester, args=(port, i < args.slow, stop, head), daemon=True)
           for i in range(args.slow + args.idle)]
    try:
        for t in bad:
            t.start()
        time.sleep(3.0)  # the bad clients connect (and reconnect whenever they are closed)
        probes = [one_request(port, token, args.timeout) for _ in range(args.probes)]
        results = [None] * args.burst

        def burst(i):
            results[i] = one_request(port, token, args.timeout)

        threads = [threading.Thread(target=burst, args=(i,)) for i in range(args.burst)]
        for b in threads:
            b.start()
        for b in threads:
            b.join()
        times = [p[0] for p in probes]
        print("server: %s (load average %.1f)" % (" ".join(os.path.basename(c) for c in command[:3]), os.getloadavg()[0]))
        print("  with %d slow and %d idle clients, %d requests one at a time: median %.3f s, max %.3f s, "
              "failed %d" % (args.slow, args.idle, args.probes, statistics.median(times), max(times),
                             sum(not p[1] for p in probes)))
        burst_times = [r[0] for r in results]
        print("  then %d clients at once: median %.3f s, max %.3f s, failed %d (timeout %.0f s)"
              % (args.burst, statistics.median(burst_times), max(burst_times), sum(not r[1] for r in results),
                 args.timeout))
    finally:
        stop.set()
        server.kill()
        server.wait()


if __name__ == "__main__":
    main()
