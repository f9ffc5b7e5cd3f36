import Foundation

/// One item of the to-do list.
struct Todo: Sendable, Equatable, Codable, Identifiable {
  /// Given when the item is added (the `\.uuid` dependency); lists written before items had
  /// ids read as the nil UUID.
  var id: UUID
  /// What to do.
  var title: String
  /// Whether it is done.
  var isDone = false
  /// When it should be done by, if ever.
  var due: Date?
  /// Whether ``due`` has passed while the item was not done.
  ///
  /// Derived from the clock by the store's periodic tick (see `TodosReducer.bind()`), so it is
  /// not written to the file: the next run works it out again.
  var isOverdue = false

  /// The keys written to the file; `isOverdue` is deliberately absent.
  enum CodingKeys: String, CodingKey {
    case id, title, isDone, due
  }

  /// Creates an item.
  /// The id of an item of a list written before items had ids.
  static let unknownID = UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))

  init(id: UUID, title: String, isDone: Bool = false, due: Date? = nil) {
    self.id = id
    self.title = title
    self.isDone = isDone
    self.due = due
  }

  /// Reads an item from the file; `isDone` and `due` may be absent.
  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    id = try container.decodeIfPresent(UUID.self, forKey: .id) ?? Todo.unknownID
    title = try container.decode(String.self, forKey: .title)
    isDone = try container.decodeIfPresent(Bool.self, forKey: .isDone) ?? false
    due = try container.decodeIfPresent(Date.self, forKey: .due)
  }
}
