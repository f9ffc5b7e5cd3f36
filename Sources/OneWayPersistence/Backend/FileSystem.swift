import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The few POSIX calls the file backend needs, each failing with the system's reason.
enum FileSystem {
  /// A failed system call: what was being done, and `strerror(errno)`.
  struct Failure: Error {
    var errorNumber: Int32
    var message: String

    init(_ action: String, _ path: String, errorNumber: Int32 = errno) {
      self.errorNumber = errorNumber
      message = "\(action) \(path): \(String(cString: strerror(errorNumber)))"
    }
  }

  /// The file's bytes, or `nil` if there is no file.
  static func readFile(_ path: String) throws(Failure) -> [UInt8]? {
    let descriptor = open(path, O_RDONLY)
    guard descriptor >= 0 else {
      if errno == ENOENT { return nil }
      throw Failure("cannot open", path)
    }
    defer { close(descriptor) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count < 0 {
        if errno == EINTR { continue }
        throw Failure("cannot read", path)
      }
      if count == 0 { return bytes }
      bytes.append(contentsOf: chunk[0..<count])
    }
  }

  /// Writes all of `bytes` to `descriptor`.
  static func writeAll(_ descriptor: Int32, _ bytes: [UInt8], path: String) throws(Failure) {
    var written = 0
    while written < bytes.count {
      let count = bytes.withUnsafeBytes {
        write(descriptor, $0.baseAddress! + written, $0.count - written)
      }
      if count < 0 {
        if errno == EINTR { continue }
        throw Failure("cannot write", path)
      }
      written += count
    }
  }

  /// Replaces the file at `path` with `bytes` so that no crash can leave a torn file: a
  /// temporary file, `fsync`, `rename`, then `fsync` of the folder.
  static func replaceAtomically(_ path: String, with bytes: [UInt8]) throws(Failure) {
    let temporary = path + ".tmp"
    let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    guard descriptor >= 0 else { throw Failure("cannot create", temporary) }
    do throws(Failure) {
      try writeAll(descriptor, bytes, path: temporary)
      guard fsync(descriptor) == 0 else { throw Failure("cannot sync", temporary) }
    } catch {
      close(descriptor)
      unlink(temporary)
      throw error
    }
    close(descriptor)
    guard rename(temporary, path) == 0 else {
      let failure = Failure("cannot rename to", path)
      unlink(temporary)
      throw failure
    }
    try syncFolder(of: path)
  }

  /// Makes a rename or a creation in the folder of `path` durable.
  static func syncFolder(of path: String) throws(Failure) {
    let folder = (path as NSString).deletingLastPathComponent
    let descriptor = open(folder.isEmpty ? "." : folder, O_RDONLY)
    guard descriptor >= 0 else { throw Failure("cannot open the folder", folder) }
    defer { close(descriptor) }
    guard fsync(descriptor) == 0 else { throw Failure("cannot sync the folder", folder) }
  }

  /// Opens (creating it if needed) the file at `path` and takes an exclusive `flock(2)` on it;
  /// returns the descriptor that holds the lock, or `nil` if another descriptor holds it.
  ///
  /// `flock` belongs to the open file description, not to the process, so a second open of
  /// the same file in the same process is refused as one in another process is; POSIX
  /// `fcntl` locks would let a process take its own lock twice. The kernel releases the lock
  /// when the descriptor is closed or the process dies, `kill -9` included. The descriptor is
  /// not inherited by programs the process starts, which would keep the lock after it.
  static func lockExclusively(_ path: String) throws(Failure) -> Int32? {
    let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else { throw Failure("cannot open", path) }
    // A program that another thread is starting holds a copy of every descriptor until it
    // executes, the lock's of a store just released among them: a refusal is retried for a few
    // milliseconds, so that only a writer that lives is refused.
    var attempts = 0
    while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
      let number = errno
      if number == EINTR { continue }
      if number == EWOULDBLOCK, attempts < 20 {
        attempts += 1
        usleep(1000)
        continue
      }
      close(descriptor)
      if number == EWOULDBLOCK { return nil }
      throw Failure("cannot lock", path, errorNumber: number)
    }
    return descriptor
  }

  /// Whether something exists at `path`, and whether it is a folder.
  static func kind(_ path: String) -> (exists: Bool, isFolder: Bool) {
    var isFolder: ObjCBool = false
    let exists = FileManager.default.fileExists(atPath: path, isDirectory: &isFolder)
    return (exists, isFolder.boolValue)
  }

  /// Renames `path` to a free `<path>.corrupt-<timestamp>` and returns the new path.
  static func moveAside(_ path: String) throws(Failure) -> String {
    let aside = asidePath(for: path)
    guard rename(path, aside) == 0 else { throw Failure("cannot move aside", path) }
    try syncFolder(of: path)
    return aside
  }

  /// Writes `bytes`, durably, to a free `<path>.corrupt-<timestamp>` and returns its path.
  static func keepAside(_ bytes: [UInt8], of path: String) throws(Failure) -> String {
    let aside = asidePath(for: path)
    try replaceAtomically(aside, with: bytes)
    return aside
  }

  /// `<path>.corrupt-<timestamp>`, with a number if that exists already.
  private static func asidePath(for path: String) -> String {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: "UTC")
    formatter.dateFormat = "yyyyMMdd'T'HHmmss'Z'"
    let base = "\(path).corrupt-\(formatter.string(from: Date()))"
    var aside = base
    var number = 1
    while kind(aside).exists {
      number += 1
      aside = "\(base)-\(number)"
    }
    return aside
  }
}
