"""The TLS reverse-proxy configuration of docs/studies.md ("Behind a TLS reverse proxy"),
tested as written there: the nginx block is read from the page, given a self-signed
certificate and free ports, checked with `nginx -t`, and run in front of `cpex study
serve`; over HTTPS the token is required (401), a cross-origin request is refused (403),
and a tell with the token is taken (200). Exit 77 (skipped) when nginx is not installed.

usage: tls_proxy_test.py CPEX DOCS/studies.md"""
import http.client
import json
import os
import re
import shutil
import socket
import ssl
import subprocess
import sys
import time

from study_common import Cpex, lucb_study, temporary_directory, token_of

NAME = "study.example.org"


def nginx_binary():
    for candidate in (shutil.which("nginx"), "/usr/sbin/nginx"):
        if candidate and os.access(candidate, os.X_OK):
            return candidate
    return None


def documented_block(docs):
    text = open(docs).read()
    section = text[text.index("### Behind a TLS reverse proxy"):]
    match = re.search(r"```nginx\n(.*?)```", section, re.S)
    assert match, "no nginx block in docs/studies.md"
    return match.group(1)


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Https(http.client.HTTPSConnection):
    """HTTPS to 127.0.0.1:port, verifying the certificate of NAME."""

    def __init__(self, port, cafile):
        super().__init__("127.0.0.1", port, timeout=10)
        self.context = ssl.create_default_context(cafile=cafile)

    def connect(self):
        raw = socket.create_connection(("127.0.0.1", self.port), timeout=10)
        self.sock = self.context.wrap_socket(raw, server_hostname=NAME)


def request(port, cafile, method, path, body=None, headers=None):
    c = Https(port, cafile)
    c.request(method, path, body=body, headers=headers or {})
    r = c.getresponse()
    data = r.read()
    c.close()
    return r.status, r.getheader("Content-Type"), json.loads(data)


def main(binary, docs):
    nginx = nginx_binary()
    if not nginx:
        print("study-tls-proxy: skipped (no nginx; scripts/install-deps.sh installs nginx-light)")
        return 77
    cpex = Cpex(binary)
    with temporary_directory() as d:
        db = cpex.new_study(d, "proxied", lucb_study(["a", "b", "c"], "gaussian", 4))
        token = token_of(db)
        cert, key = os.path.join(d, "cert.pem"), os.path.join(d, "key.pem")
        subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", key, "-out", cert,
                        "-days", "1", "-subj", "/CN=" + NAME, "-addext", "subjectAltName=DNS:" + NAME],
                       check=True, capture_output=True)
        server, port = cpex.serve(db)
        tls_port = free_port()
        block = documented_block(docs)
        block = (block.replace("listen 443 ssl;", "listen 127.0.0.1:%d ssl;" % tls_port)
                 .replace("/etc/ssl/certs/%s.pem" % NAME, cert)
                 .replace("/etc/ssl/private/%s.key" % NAME, key)
                 .replace("127.0.0.1:8731", "127.0.0.1:%d" % port))
        conf = os.path.join(d, "nginx.conf")
        temp = "".join("%s_temp_path %s/%s;\n" % (kind, d, kind) for kind in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi"))
        with open(conf, "w") as f:
            f.write("daemon off;\nmaster_process off;\npid %s/nginx.pid;\nerror_log %s/error.log;\n"
                    "events {}\nhttp {\naccess_log off;\n%s%s}\n" % (d, d, temp, block))
        proxy = None
        try:
            check = subprocess.run([nginx, "-t", "-p", d, "-c", conf, "-e", d + "/error.log"], capture_output=True, text=True)
            assert check.returncode == 0, check.stderr
            proxy = subprocess.Popen([nginx, "-p", d, "-c", conf, "-e", d + "/error.log"],
                                     stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
            for _ in range(100):
                try:
                    socket.create_connection(("127.0.0.1", tls_port), timeout=1).close()
                    break
                except OSError:
                    time.sleep(0.05)
            status, kind, body = request(tls_port, cert, "GET", "/status")
            assert status == 401 and kind == "application/json" and "token" in body["error"], (status, body)
            bearer = {"Authorization": "Bearer " + token, "Content-Type": "application/json"}
            status, _, body = request(tls_port, cert, "POST", "/tell", '{"arm": "a", "reward": 1}',
                                      dict(bearer, Origin="http://evil.example"))
            assert status == 403, (status, body)
            status, _, body = request(tls_port, cert, "POST", "/ask", '{"count": 2}', bearer)
            assert status == 200 and len(body["asks"]) == 2, body
            status, _, body = request(tls_port, cert, "POST", "/tell",
                                      json.dumps({"ask": body["asks"][0]["ask"], "reward": 0.5}), bearer)
            assert status == 200 and body["accepted"] == 1, body
            status, _, body = request(tls_port, cert, "GET", "/status", None, bearer)
            assert status == 200 and body["observations"] == 1, body
        finally:
            if proxy:
                proxy.terminate()
                proxy.wait(timeout=10)
            server.kill()
            server.wait()
    print("study-tls-proxy: ok (nginx with the documented block, HTTPS: 401 without the token, 403 cross-origin, "
          "200 with it)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], sys.argv[2]))
