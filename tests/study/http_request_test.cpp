// The request heads `cpex study serve` reads (cpex/study/http_request.hpp): what a client
// sends is parsed, or refused with the right status before the body is read.
#include <catch2/catch.hpp>

#include "cpex/study/http_request.hpp"

namespace {

using namespace cpex::study::http;
using Catch::Matchers::Contains;

Head parsed(const std::string& text, const RequestLimits& limits = {}) { return parse_head(text, limits); }

TEST_CASE("A request head is parsed: method, path, query, headers, length, keep-alive") {
  const std::string text =
      "\r\nPOST /tell?unasked=1&note=a%20b+c HTTP/1.1\r\nHost: 127.0.0.1:8080\r\nContent-Type:  application/json \r\n"
      "Content-Length: 12\r\nAuthorization: Bearer xyz\r\n\r\n{\"ask\": 1}..";
  const Head head = parsed(text);
  REQUIRE(head.outcome == Head::Outcome::Complete);
  const Request& r = head.request;
  CHECK(r.method == "POST");
  CHECK(r.path == "/tell");
  CHECK(r.query.at("unasked") == "1");
  CHECK(r.query.at("note") == "a b c");
  CHECK(*r.header("content-type") == "application/json");
  CHECK(*r.header("authorization") == "Bearer xyz");
  CHECK(r.content_length == 12);
  CHECK(r.keep_alive());
  CHECK(text.substr(head.size) == "{\"ask\": 1}..");
  CHECK(parsed("GET /status HTTP/1.0\n\n").request.keep_alive() == false);
  CHECK(parsed("GET /status HTTP/1.0\nConnection: Keep-Alive\n\n").request.keep_alive());
  CHECK(parsed("GET /status HTTP/1.1\nHost: x\nConnection: close\n\n").request.keep_alive() == false);
}

TEST_CASE("An incomplete head waits for more bytes, and a head over a limit is refused at once") {
  CHECK(parsed("GET /status HTTP/1.1\r\nHost: x\r\n").outcome == Head::Outcome::Incomplete);
  CHECK(parsed("GET /sta").outcome == Head::Outcome::Incomplete);
  RequestLimits limits;
  limits.request_line = 64;
  limits.header_bytes = 256;
  limits.headers = 3;
  limits.body = 100;
  limits.body_hint = "[study] body-limit";
  auto refused = [&](const std::string& text, int status, const std::string& fragment) {
    INFO(text.substr(0, 80));
    const Head head = parsed(text, limits);
    CHECK(head.outcome == Head::Outcome::Refused);
    CHECK(head.status == status);
    CHECK_THAT(head.error, Contains(fragment));
  };
  refused("GET /" + std::string(100, 'a'), 414, "the request line is longer than 64 bytes");  // before its end arrives
  refused("GET /status HTTP/1.1\r\nX: " + std::string(300, 'v'), 431, "head is longer than 256 bytes");
  refused("GET / HTTP/1.1\r\nHost: x\r\nA: 1\r\nB: 2\r\nC: 3\r\n\r\n", 431, "more than 3 header lines");
  refused("POST /tell HTTP/1.1\r\nHost: x\r\nContent-Length: 101\r\n\r\n", 413, "more than the limit of 100 bytes ([study] body-limit)");
  refused("POST /tell HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n", 411, "Content-Length");
  refused("POST /tell HTTP/1.1\r\nHost: x\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\n", 400, "two different");
  refused("POST /tell HTTP/1.1\r\nHost: x\r\nContent-Length: -1\r\n\r\n", 400, "malformed Content-Length");
  refused("GET /status HTTP/2.0\r\n\r\n", 505, "HTTP/1.1");
  refused("GET /status HTTX/1.1\r\n\r\n", 400, "malformed HTTP version");
  refused("GET status HTTP/1.1\r\nHost: x\r\n\r\n", 400, "malformed request target");
  refused("GET /status\r\n\r\n", 400, "malformed request line");
  refused("GET /status HTTP/1.1\r\n\r\n", 400, "without Host");
  refused("GET /status HTTP/1.1\r\nHost: x\r\n folded\r\n\r\n", 400, "folded");
  refused("GET /status HTTP/1.1\r\nHo st: x\r\n\r\n", 400, "malformed header line");
  refused("GET /ask?count=1&count=2 HTTP/1.1\r\nHost: x\r\n\r\n", 400, "'count' is given twice");
  refused("GET /a%zz HTTP/1.1\r\nHost: x\r\n\r\n", 400, "malformed path");
  refused("GET /a%0a HTTP/1.1\r\nHost: x\r\n\r\n", 400, "malformed path");
}

TEST_CASE("Percent-decoding and reason phrases") {
  CHECK(percent_decoded("a%2Cb", false) == "a,b");
  CHECK(percent_decoded("a+b", true) == "a b");
  CHECK(percent_decoded("a+b", false) == "a+b");
  CHECK_FALSE(percent_decoded("%4", false));
  CHECK_FALSE(percent_decoded("%00", false));
  CHECK(std::string(reason_phrase(405)) == "Method Not Allowed");
  CHECK(std::string(reason_phrase(431)) == "Request Header Fields Too Large");
}

}  // namespace
