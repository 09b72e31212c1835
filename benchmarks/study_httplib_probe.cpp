// The measurement behind replacing cpp-httplib in `cpex study serve` (docs/performance.md,
// "Studies: the service under slow and idle clients"): cpp-httplib 0.11.4 (Debian 12's
// libcpp-httplib-dev, no longer a CPEx dependency) configured as far as its API goes —
// SO_REUSEADDR without SO_REUSEPORT, 2 s read / write / keep-alive timeouts, 64 worker
// threads, a 16 MiB payload limit — answering GET /status with a constant, run under
// benchmarks/study_serve_load.py. Built by hand (it is not part of the build):
//   g++ -O2 -std=c++17 benchmarks/study_httplib_probe.cpp $(pkg-config --cflags --libs cpp-httplib) -o /tmp/httplib-probe
#include <sys/socket.h>

#include <cstdio>

#include <httplib.h>

int main() {
  httplib::Server server;
  server.set_socket_options([](socket_t sock) {
    int yes = 1;
    setsockopt(sock, SOL_SOCKET, SO_REUSEADDR, &yes, sizeof yes);
  });
  server.set_read_timeout(2, 0);
  server.set_write_timeout(2, 0);
  server.set_keep_alive_timeout(2);
  server.set_keep_alive_max_count(100);
  server.set_payload_max_length(16u << 20);
  server.new_task_queue = [] { return new httplib::ThreadPool(64); };
  server.Get("/status", [](const httplib::Request&, httplib::Response& response) {
    response.set_content("{\"state\": \"running\"}\n", "application/json");
  });
  const int port = server.bind_to_any_port("127.0.0.1");
  std::printf("probe: serving on http://127.0.0.1:%d\n", port);
  std::fflush(stdout);
  server.listen_after_bind();
}
