// Tells per second into `cpex study serve`, one observation a request (docs/performance.md,
// "Studies"): N client threads, each on its own kept-alive connection, asks 500 pulls with
// one POST /ask and then tells them one POST /tell each, sending the next request only when
// the answer to the last has come (an answer is sent after the commit that holds it). The
// client in C++ so that its own cost stays small next to the server's, on a small machine.
//   usage: cpex-study-tell-load PORT TOKEN [--clients 8] [--seconds 5]
#include <arpa/inet.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/socket.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include <nlohmann/json.hpp>

namespace {

// One kept-alive HTTP/1.1 connection to 127.0.0.1:port.
class Connection {
 public:
  Connection(int port, std::string token) : token_(std::move(token)) {
    fd_ = ::socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in address{};
    address.sin_family = AF_INET;
    address.sin_port = htons(static_cast<std::uint16_t>(port));
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (fd_ < 0 || ::connect(fd_, reinterpret_cast<sockaddr*>(&address), sizeof address) != 0)
      throw std::runtime_error("cannot connect");
    const int yes = 1;
    ::setsockopt(fd_, IPPROTO_TCP, TCP_NODELAY, &yes, sizeof yes);
  }
  ~Connection() { ::close(fd_); }

  // POSTs `body` to `path`; the answer's body (an error if the status is not 200).
  std::string post(const std::string& path, const std::string& body) {
    const std::string request = "POST " + path + " HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer " + token_ +
                                "\r\nContent-Type: application/json\r\nContent-Length: " +
                                std::to_string(body.size()) + "\r\n\r\n" + body;
    for (std::size_t sent = 0; sent < request.size();) {
      const ssize_t n = ::send(fd_, request.data() + sent, request.size() - sent, MSG_NOSIGNAL);
      if (n <= 0) throw std::runtime_error("send failed");
      sent += static_cast<std::size_t>(n);
    }
    std::size_t end;
    while ((end = buffer_.find("\r\n\r\n")) == std::string::npos) read_more();
    const std::size_t length_at = buffer_.find("Content-Length: ");
    const std::size_t length = std::strtoul(buffer_.c_str() + length_at + 16, nullptr, 10);
    while (buffer_.size() < end + 4 + length) read_more();
    const bool ok = buffer_.compare(9, 3, "200") == 0;
    std::string answer = buffer_.substr(end + 4, length);
    buffer_.erase(0, end + 4 + length);
    if (!ok) throw std::runtime_error("status " + buffer_.substr(9, 3) + ": " + answer);
    return answer;
  }

 private:
  void read_more() {
    char chunk[65536];
    const ssize_t n = ::recv(fd_, chunk, sizeof chunk, 0);
    if (n <= 0) throw std::runtime_error("the server closed the connection");
    buffer_.append(chunk, static_cast<std::size_t>(n));
  }
  int fd_ = -1;
  std::string token_, buffer_;
};

}  // namespace

int main(int argc, char** argv) {
  if (argc < 3) {
    std::fprintf(stderr, "usage: cpex-study-tell-load PORT TOKEN [--clients 8] [--seconds 5]\n");
    return 2;
  }
  const int port = std::atoi(argv[1]);
  const std::string token = argv[2];
  int clients = 8;
  double seconds = 5.0;
  for (int i = 3; i + 1 < argc; i += 2) {
    if (std::string(argv[i]) == "--clients") clients = std::atoi(argv[i + 1]);
    if (std::string(argv[i]) == "--seconds") seconds = std::atof(argv[i + 1]);
  }
  std::atomic<long> told{0};
  std::atomic<bool> failed{false};
  const auto start = std::chrono::steady_clock::now();
  auto elapsed = [&] { return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(); };
  std::vector<std::thread> threads;
  for (int c = 0; c < clients; ++c)
    threads.emplace_back([&, c] {
      try {
        std::mt19937_64 rng(static_cast<std::uint64_t>(c) + 1);
        std::normal_distribution<double> reward(0.0, 1.0);
        Connection connection(port, token);
        while (elapsed() < seconds) {
          const auto asks = nlohmann::json::parse(connection.post("/ask", "{\"count\": 500}"))["asks"];
          for (const auto& a : asks) {
            connection.post("/tell", "{\"ask\": " + std::to_string(a["ask"].get<std::uint64_t>()) +
                                         ", \"reward\": " + std::to_string(reward(rng)) + "}");
            ++told;
            if (elapsed() >= seconds) break;
          }
        }
      } catch (const std::exception& e) {
        std::fprintf(stderr, "client %d: %s\n", c, e.what());
        failed = true;
      }
    });
  for (auto& t : threads) t.join();
  std::printf("%d clients, one tell a request: %.0f tells/s (%ld in %.1f s)\n", clients,
              static_cast<double>(told.load()) / elapsed(), told.load(), elapsed());
  return failed ? 1 : 0;
}
