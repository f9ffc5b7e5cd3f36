import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The JSON files that hold the list between runs.
///
/// An actor, because saves run as effects on tasks of their own: the actor writes one file
/// at a time, and never lets an older snapshot overwrite a newer one that was written first.
/// Checking and reading happen once, before the store exists, so they are static.
actor TodoStorage {
  /// The file's content: a version number, so that a later format can be told apart, and
  /// the items.
  struct Document: Codable {
    /// The only format this program reads and writes.
    static let currentVersion = 1
    /// The format version.
    var version = currentVersion
    /// The items, in list order.
    var items: [Todo]
  }

  /// What ``load(_:)`` found.
  struct Loaded: Sendable {
    /// The items to start with.
    var items: [Todo]
    /// Something the user should be told, such as a corrupt file having been moved aside.
    var notice: String?
  }

  /// Why a file cannot be used; the description is written for the user.
  enum Problem: Error, CustomStringConvertible {
    /// A path that should be a folder on the way to the file is something else.
    case notAFolder(String)
    /// The folder for the file does not exist and cannot be made.
    case cannotCreateFolder(String, reason: String)
    /// No file can be created in the folder, so no save could ever succeed.
    case cannotCreateFile(inFolder: String, reason: String)
    /// The file is in a format this program does not know, probably a newer one.
    case unknownVersion(Int)

    var description: String {
      switch self {
      case .notAFolder(let path):
        return "\(path) is a file, not a folder"
      case .cannotCreateFolder(let path, let reason):
        return "the folder \(path) cannot be created (\(reason))"
      case .cannotCreateFile(let folder, let reason):
        return "a file cannot be created in \(folder) (\(reason))"
      case .unknownVersion(let version) where version > Document.currentVersion:
        return """
          it was written by a newer version of Todos (format version \(version); this one \
          reads version \(Document.currentVersion))
          """
      case .unknownVersion(let version):
        return "its format version \(version) is unknown (this program reads version 1)"
      }
    }
  }

  private var lastSavedRevisions: [URL: Int] = [:]

  /// Creates storage; nothing is read or written yet.
  init() {}

  /// Throws unless the list can be saved at `url`.
  ///
  /// Saving writes a temporary file beside `url` and renames it over `url`, so this does the
  /// same first step for real: it makes the folder if it is missing, creates a file in it and
  /// removes that file again. `url` itself is not touched.
  static func checkWritable(_ url: URL) throws {
    let folder = url.deletingLastPathComponent()
    try makeFolder(folder)
    let probe = folder.appendingPathComponent(
      ".\(url.lastPathComponent).\(getpid())-\(UInt32.random(in: .min ... .max)).probe"
    )
    let descriptor = open(probe.path, O_WRONLY | O_CREAT | O_EXCL, 0o600)
    guard descriptor >= 0 else {
      throw Problem.cannotCreateFile(inFolder: folder.path, reason: lastErrorMessage())
    }
    close(descriptor)
    unlink(probe.path)
  }

  /// Reads the list at `url`.
  ///
  /// A missing file is a new list and an empty (or blank) file an empty one. A file that is
  /// not a valid list is never overwritten: it is renamed to `<name>.corrupt-<timestamp>` and
  /// the list starts empty, with a notice that says so. A valid file of another format
  /// version throws ``Problem/unknownVersion(_:)`` and so does a file that cannot be read at
  /// all (permissions, a folder in its place): the caller stops, and the file stays as it is.
  static func load(_ url: URL) throws -> Loaded {
    guard FileManager.default.fileExists(atPath: url.path) else {
      return Loaded(items: [], notice: "starting a new list at \(url.path)")
    }
    let data = try Data(contentsOf: url)
    if data.allSatisfy({ [UInt8(ascii: " "), 9, 10, 13].contains($0) }) {
      return Loaded(items: [], notice: nil)
    }
    // Read the version on its own first: a newer file may not decode as this version's
    // document, and must not be taken for a corrupt one.
    if let version = try? decoder.decode(VersionMark.self, from: data).version,
      version != Document.currentVersion
    {
      throw Problem.unknownVersion(version)
    }
    do {
      let document = try decoder.decode(Document.self, from: data)
      return Loaded(items: document.items, notice: nil)
    } catch {
      let aside = try moveAside(url)
      return Loaded(
        items: [],
        notice: """
          \(url.path) is not a valid to-do list (\(describe(error))); \
          moved it to \(aside.path) and started an empty list
          """
      )
    }
  }

  /// Writes `items`, the list as of `revision`, to `url`, unless a later revision was written
  /// there already.
  func save(_ items: [Todo], revision: Int, to url: URL) throws {
    guard revision > lastSavedRevisions[url, default: .min] else { return }
    let data = try Self.encoder.encode(Document(items: items))
    try Self.makeFolder(url.deletingLastPathComponent())
    // Atomic: a crash mid-write leaves the previous file, not half of the new one.
    try data.write(to: url, options: .atomic)
    lastSavedRevisions[url] = revision
  }

  /// Makes `folder` and any missing folder above it, explaining in the user's terms why not
  /// if that fails.
  private static func makeFolder(_ folder: URL) throws {
    var existing = folder
    while !FileManager.default.fileExists(atPath: existing.path), existing.pathComponents.count > 1
    {
      existing.deleteLastPathComponent()
    }
    var isFolder: ObjCBool = false
    if FileManager.default.fileExists(atPath: existing.path, isDirectory: &isFolder),
      !isFolder.boolValue
    {
      throw Problem.notAFolder(existing.path)
    }
    guard existing != folder else { return }
    do {
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    } catch {
      throw Problem.cannotCreateFolder(folder.path, reason: describe(error))
    }
  }

  /// Renames the file to a name that no other file has, and returns the new location.
  private static func moveAside(_ url: URL) throws -> URL {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.dateFormat = "yyyyMMdd-HHmmss"
    let stamp = formatter.string(from: Date())
    var aside = URL(fileURLWithPath: "\(url.path).corrupt-\(stamp)")
    var suffix = 1
    while FileManager.default.fileExists(atPath: aside.path) {
      suffix += 1
      aside = URL(fileURLWithPath: "\(url.path).corrupt-\(stamp)-\(suffix)")
    }
    try FileManager.default.moveItem(at: url, to: aside)
    return aside
  }

  /// Just the version of a document, whatever the rest of it holds.
  private struct VersionMark: Decodable {
    var version: Int
  }

  private static func lastErrorMessage() -> String {
    String(cString: strerror(errno))
  }

  /// Says why `error`, thrown by this type, happened, in words for the user.
  static func describe(_ error: any Error) -> String {
    switch error {
    case let problem as Problem:
      return problem.description
    case DecodingError.dataCorrupted(let context),
      DecodingError.keyNotFound(_, let context),
      DecodingError.typeMismatch(_, let context),
      DecodingError.valueNotFound(_, let context):
      return context.debugDescription
    default:
      // Foundation's message names the file but not the reason; the system's says why.
      if let underlying = (error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError,
        underlying.domain == NSPOSIXErrorDomain
      {
        return String(cString: strerror(Int32(underlying.code)))
      }
      return error.localizedDescription
    }
  }

  private static let decoder: JSONDecoder = {
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .iso8601
    return decoder
  }()

  private static let encoder: JSONEncoder = {
    let encoder = JSONEncoder()
    encoder.dateEncodingStrategy = .iso8601
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    return encoder
  }()
}
