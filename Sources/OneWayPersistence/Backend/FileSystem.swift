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

  /// Whether something exists at `path`, and whether it is a folder.
  static func kind(_ path: String) -> (exists: Bool, isFolder: Bool) {
    var isFolder: ObjCBool = false
    let exists = FileManager.default.fileExists(atPath: path, isDirectory: &isFolder)
    return (exists, isFolder.boolValue)
  }

  /// Renames `path` to `<path>.corrupt-<timestamp>` (with a number if that exists too) and
  /// returns the new path; `copy` copies instead, leaving the file in place.
  static func moveAside(_ path: String, copy: Bool = false) throws(Failure) -> String {
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
    if copy {
      guard let bytes = try readFile(path) else {
        throw Failure("cannot copy", path, errorNumber: ENOENT)
      }
      try replaceAtomically(aside, with: bytes)
    } else {
      guard rename(path, aside) == 0 else { throw Failure("cannot move aside", path) }
      try syncFolder(of: path)
    }
    return aside
  }
}
