// Read-only (and where needed immutable) opening of results stores: see store_reading.hpp.
#include "cpex/store/store_reading.hpp"

#include <sqlite3.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cctype>
#include <cerrno>
#include <cstring>
#include <filesystem>

#include "cpex/errors.hpp"
#include "cpex/messages.hpp"

namespace cpex::inline runtime {

namespace {

// RFC 3986 percent-encoding of everything but unreserved characters and '/'.
std::string uri_path(const std::string& path) {
  static const char* hex = "0123456789ABCDEF";
  std::string out;
  for (unsigned char c : path) {
    if (std::isalnum(c) || c == '/' || c == '-' || c == '_' || c == '.' || c == '~') {
      out += static_cast<char>(c);
    } else {
      out += '%';
      out += hex[c >> 4];
      out += hex[c & 0xF];
    }
  }
  return out;
}

std::uintmax_t size_of(const std::string& path) {
  struct stat info {};
  return ::stat(path.c_str(), &info) == 0 ? static_cast<std::uintmax_t>(info.st_size) : 0;
}

bool exists(const std::string& path) {
  struct stat info {};
  return ::stat(path.c_str(), &info) == 0;
}

}  // namespace

std::string store_uri(const std::string& path) {
  std::error_code ec;
  return "file:" + uri_path(std::filesystem::absolute(path, ec).lexically_normal().string());
}

StoreReadUri store_read_uri(const std::string& path) {
  namespace fs = std::filesystem;
  std::error_code ec;
  const fs::path absolute = fs::absolute(path, ec).lexically_normal();
  fs::path directory = absolute.parent_path();
  if (directory.empty()) directory = "/";
  StoreReadUri result;
  result.uri = "file:" + uri_path(absolute.string()) + "?mode=ro";
  if (::access(directory.c_str(), W_OK) == 0) return result;
  // Not writable (permissions, or a read-only mount, where even root cannot write).
  const std::string wal = path + "-wal", shm = path + "-shm";
  if (size_of(wal) == 0) {
    result.immutable = true;
    result.uri += "&immutable=1";
  } else if (!exists(shm)) {
    result.problem = "its write-ahead log '" + shorten(wal, 200) +
                     "' holds rows, and SQLite cannot read them without creating '" +
                     shorten(shm, 200) + "' in the directory, which is not writable; copy the "
                     "store together with its -wal file to a writable directory";
  }
  // A log and its -shm present: SQLite reads both read-only.
  return result;
}

sqlite3* open_store_for_reading(const std::string& path) {
  const std::string shown = "cannot read results store '" + shorten(path, 200) + "': ";
  struct stat info {};
  if (::stat(path.c_str(), &info) != 0)
    throw Error(shown + (errno == ENOENT ? std::string("it does not exist") : std::strerror(errno)));
  if (!S_ISREG(info.st_mode)) throw Error(shown + "it is not a regular file");
  if (::access(path.c_str(), R_OK) != 0) throw Error(shown + std::strerror(errno));
  const StoreReadUri how = store_read_uri(path);
  if (!how.problem.empty()) throw Error(shown + how.problem);
  sqlite3* db = nullptr;
  const int opened = sqlite3_open_v2(how.uri.c_str(), &db, SQLITE_OPEN_READONLY | SQLITE_OPEN_URI,
                                     nullptr);
  // The open is lazy: read the schema now, so a failure is reported here, with context.
  const int probed = opened == SQLITE_OK
                         ? sqlite3_exec(db, "SELECT count(*) FROM sqlite_master", nullptr, nullptr, nullptr)
                         : opened;
  if (probed != SQLITE_OK) {
    std::string message = db ? sqlite3_errmsg(db) : "out of memory";
    if (db && sqlite3_system_errno(db) != 0 && (probed == SQLITE_IOERR || probed == SQLITE_CANTOPEN))
      message += std::string(" (") + std::strerror(sqlite3_system_errno(db)) + ")";
    sqlite3_close(db);
    if (probed == SQLITE_NOTADB) message = "it is not a CPEx results store (" + message + ")";
    else if (probed == SQLITE_READONLY && !how.immutable && ::access((path + "-journal").c_str(), F_OK) == 0)
      message += " (a hot journal '" + shorten(path, 200) + "-journal' of an interrupted write is beside it; "
                 "re-run the sweep or merge that wrote the store, which rolls it back)";
    else if (probed == SQLITE_CANTOPEN || probed == SQLITE_READONLY || probed == SQLITE_IOERR)
      message += how.immutable ? " (opened immutable: its directory is not writable)"
                               : " (its directory must be writable for SQLite's -shm file, or "
                                 "the store must have no -wal file)";
    throw Error(shown + message);
  }
  sqlite3_busy_timeout(db, 10000);
  return db;
}

}  // namespace cpex::runtime
