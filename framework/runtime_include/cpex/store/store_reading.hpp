// Reading a results store from anywhere, a read-only directory or mount included. Stores
// are in WAL mode, and SQLite reading a WAL database creates its -shm (and -wal) file next
// to it, which fails where the directory is not writable ("unable to open database
// file"). So readers (report, export, merge's inputs) open stores read-only (mode=ro),
// and immutable (immutable=1: no locks, no -shm) where the directory is not writable and
// no write-ahead log with rows is present. A store whose log holds rows that cannot be
// read from there is refused with what to do instead of being read without those rows.
#pragma once

#include <string>

struct sqlite3;

namespace cpex::inline runtime {

struct StoreReadUri {
  std::string uri;         // file:/abs/path?mode=ro[&immutable=1], percent-encoded
  bool immutable = false;  // the directory is not writable
  std::string problem;     // why reading will fail, or "" (a log that cannot be read)
};

// How to open `path` for reading (an SQLite URI; open with SQLITE_OPEN_URI).
StoreReadUri store_read_uri(const std::string& path);

// `path` as a plain (read-write) SQLite URI, for ATTACH on a connection opened with
// SQLITE_OPEN_URI (a file named "file:..." is then not mistaken for a URI).
std::string store_uri(const std::string& path);

// Opens `path` read-only (immutable where needed) and checks that it can be read; Error
// "cannot read results store 'PATH': ..." saying what is wrong otherwise.
sqlite3* open_store_for_reading(const std::string& path);

}  // namespace cpex::runtime
