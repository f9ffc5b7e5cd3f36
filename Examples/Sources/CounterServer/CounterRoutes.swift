import Foundation
import Hummingbird
import Logging
import OneWayPersistence
import PostgresNIO

/// A request that is refused before it reaches a store, with the status and the reason.
struct Refusal: Error {
  var status: HTTPResponse.Status
  var message: String
}

/// The routes:
///
/// | Route | What it does |
/// | --- | --- |
/// | `PUT /counters/ID` | creates the counter (201), or finds it (200) |
/// | `POST /counters/ID/actions` | sends the JSON action; answers the committed state, or 422 |
/// | `GET /counters/ID` | the state, caught up with the journal |
/// | `POST /bare/ID` | the same insert without OneWay: the load test's baseline |
/// | `GET /stats` | the conflicts met by the counters this instance holds |
@available(macOS 14, iOS 17, tvOS 17, visionOS 1, *)
struct CounterRoutes {
  /// Actions are a few bytes; a body past this is refused unread.
  static let maximumBodySize = 16 * 1024

  let registry: CounterRegistry
  let client: PostgresClient
  let logger: Logger

  func add(to router: Router<BasicRequestContext>) {
    router.put("/counters/:id") { _, context in
      await respond {
        let id = try Self.id(context)
        let (created, state) = try await registry.create(id)
        return try Self.json(state, status: created ? .created : .ok)
      }
    }
    router.post("/counters/:id/actions") { request, context in
      await respond {
        let id = try Self.id(context)
        let action = try await Self.action(request)
        guard action != .create else {
          throw Refusal(status: .badRequest, message: "create a counter with PUT /counters/\(id)")
        }
        guard let state = try await registry.send(action, to: id) else { throw Self.unknown(id) }
        return try Self.json(state)
      }
    }
    router.get("/counters/:id") { _, context in
      await respond {
        let id = try Self.id(context)
        guard let counter = try await registry.counter(id) else { throw Self.unknown(id) }
        return try Self.json(try await counter.refresh())
      }
    }
    router.get("/stats") { _, _ in
      await respond {
        let (conflicts, counters) = await registry.stats()
        return try Self.json(["conflicts": conflicts, "counters": counters])
      }
    }
    router.post("/bare/:id") { request, context in
      await respond {
        let id = try Self.id(context)
        let action = try await Self.action(request)
        return try Self.json(["seq": try await bareInsert(id, action)])
      }
    }
  }

  /// Appends `action` as the next row of `bare:<id>` with one insert, as a server without
  /// OneWay would; retried while a concurrent request takes the same number. Prepared, as the
  /// journal's append is, so that the two compare the work around the query.
  private func bareInsert(_ id: String, _ action: CounterReducer.Action) async throws -> Int64 {
    let insert = BareInsert(
      storeID: "bare:" + id,
      payload: String(decoding: try JSONEncoder().encode(action), as: UTF8.self)
    )
    while true {
      for try await sequence in try await client.execute(insert) { return sequence }
    }
  }

  /// The longest a request waits for the database: the counters' calls to the journal each
  /// fail after `timeout` with a message naming the server; this bounds the rest (the bare
  /// insert, a send whose append was retried), so that the client is told soon after the
  /// database goes away instead of waiting for it.
  let timeout: Duration

  /// Runs `body`, cancelled after twice the timeout, and turns what it throws into a 4xx or a
  /// 503 that says what happened.
  private func respond(_ body: @escaping @Sendable () async throws -> Response) async -> Response {
    let work = Task { try await body() }
    let timer = Task { [timeout] in
      try await Task.sleep(for: timeout * 2)
      work.cancel()
    }
    defer { timer.cancel() }
    do {
      return try await work.value
    } catch let refusal as Refusal {
      return Self.problem(refusal.status, refusal.message)
    } catch let error as PersistenceError {
      logger.warning("journal: \(error)")
      return Self.problem(.serviceUnavailable, "\(error)", retry: true)
    } catch {
      logger.warning("database: \(String(reflecting: error))")
      return Self.problem(
        .serviceUnavailable,
        "the database is unavailable; the action was not acknowledged. Try again shortly.",
        retry: true
      )
    }
  }

  /// The id of the route, if it is 1 to 64 of `a-z`, `0-9` and `-`.
  private static func id(_ context: BasicRequestContext) throws -> String {
    let id = context.parameters.get("id") ?? ""
    let allowed = id.utf8.allSatisfy { byte in
      (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
        || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "-")
    }
    guard allowed, (1...64).contains(id.utf8.count) else {
      throw Refusal(
        status: .badRequest,
        message: "a counter id is 1 to 64 characters of a-z, 0-9 and -"
      )
    }
    return id
  }

  /// The body, decoded as an action: 413 past the size limit, 400 if it is not one.
  private static func action(_ request: Request) async throws -> CounterReducer.Action {
    let tooLarge = Refusal(
      status: .contentTooLarge,
      message: "an action is at most \(maximumBodySize) bytes"
    )
    if let length = request.headers[.contentLength].flatMap({ Int($0) }), length > maximumBodySize {
      throw tooLarge
    }
    let body: ByteBuffer
    do {
      body = try await request.body.collect(upTo: maximumBodySize)
    } catch {
      throw tooLarge
    }
    do {
      return try JSONDecoder().decode(
        CounterReducer.Action.self,
        from: Data(body.readableBytesView)
      )
    } catch {
      throw Refusal(
        status: .badRequest,
        message: #"the body is not an action: send {"increment":{}} or {"add":{"amount":N}}"#
      )
    }
  }

  private static func unknown(_ id: String) -> Refusal {
    Refusal(status: .notFound, message: "no counter \(id): create it with PUT /counters/\(id)")
  }

  private static func json(_ value: some Encodable, status: HTTPResponse.Status = .ok) throws
    -> Response
  {
    Response(
      status: status,
      headers: [.contentType: "application/json"],
      body: ResponseBody(byteBuffer: ByteBuffer(bytes: try JSONEncoder().encode(value)))
    )
  }

  private static func problem(
    _ status: HTTPResponse.Status,
    _ message: String,
    retry: Bool = false
  ) -> Response {
    var response = (try? json(["error": message], status: status)) ?? Response(status: status)
    if retry { response.headers[.retryAfter] = "1" }
    return response
  }
}

/// The bare handler's insert: the next row of a store, numbered after its newest.
private struct BareInsert: PostgresPreparedStatement {
  static let name = "counter_server_bare_insert"
  static let sql = """
    INSERT INTO oneway_journal (store_id, seq, action, version)
    SELECT $1, coalesce(max(seq), 0) + 1, $2::jsonb, 1
    FROM oneway_journal WHERE store_id = $1
    ON CONFLICT (store_id, seq) DO NOTHING
    RETURNING seq
    """
  typealias Row = Int64

  var storeID: String
  var payload: String

  func makeBindings() throws -> PostgresBindings {
    var bindings = PostgresBindings(capacity: 2)
    bindings.append(storeID)
    bindings.append(payload)
    return bindings
  }

  func decodeRow(_ row: PostgresRow) throws -> Row {
    try row.decode(Row.self)
  }
}
