import Foundation

/// The JSON file that holds the list between runs.
///
/// An actor, because saves run as effects on tasks of their own: the actor writes one file
/// at a time, and never lets an older snapshot overwrite a newer one that was written first.
actor TodoStorage {
  /// The file's content: a version number, so that a later format can be told apart, and
  /// the items.
  struct Document: Codable {
    /// The format version; this example writes 1.
    var version = 1
    /// The items, in list order.
    var items: [Todo]
  }

  /// What ``load()`` found.
  struct Loaded: Sendable {
    /// The items to start with.
    var items: [Todo]
    /// Something the user should be told, such as a corrupt file having been moved aside.
    var notice: String?
  }

  /// Where the list lives.
  nonisolated let url: URL
  private var lastSavedRevision = Int.min

  /// Creates storage for the file at `url`; nothing is read or written yet.
  init(url: URL) {
    self.url = url
  }

  /// Reads the list.
  ///
  /// A missing file is an empty list. A file that is not a valid list is never overwritten:
  /// it is renamed to `<name>.corrupt-<timestamp>` and the list starts empty, with a notice
  /// that says so. A file that cannot be read at all (permissions, a folder in its place)
  /// throws, so that the caller stops before anything is saved over it.
  nonisolated func load() throws -> Loaded {
    guard FileManager.default.fileExists(atPath: url.path) else {
      return Loaded(items: [], notice: "starting a new list at \(url.path)")
    }
    let data = try Data(contentsOf: url)
    do {
      let document = try Self.decoder.decode(Document.self, from: data)
      return Loaded(items: document.items, notice: nil)
    } catch {
      let aside = try moveAside()
      return Loaded(
        items: [],
        notice: """
          \(url.path) is not a valid to-do list (\(Self.describe(error))); \
          moved it to \(aside.path) and started an empty list
          """
      )
    }
  }

  /// Writes `items`, the list as of `revision`, unless a later revision was written already.
  func save(_ items: [Todo], revision: Int) throws {
    guard revision > lastSavedRevision else { return }
    let data = try Self.encoder.encode(Document(items: items))
    try FileManager.default.createDirectory(
      at: url.deletingLastPathComponent(),
      withIntermediateDirectories: true
    )
    // Atomic: a crash mid-write leaves the previous file, not half of the new one.
    try data.write(to: url, options: .atomic)
    lastSavedRevision = revision
  }

  /// Renames the file to a name that no other file has, and returns the new location.
  private nonisolated func moveAside() throws -> URL {
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

  private static func describe(_ error: any Error) -> String {
    switch error {
    case DecodingError.dataCorrupted(let context),
      DecodingError.keyNotFound(_, let context),
      DecodingError.typeMismatch(_, let context),
      DecodingError.valueNotFound(_, let context):
      return context.debugDescription
    default:
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
