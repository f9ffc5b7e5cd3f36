// A program for the crash trials of OneWayPersistence: it persists a store and prints each
// action it acknowledged, until a harness kills it with SIGKILL; then `recover` loads what it
// left and prints it.
//
//   PersistenceCrashTrial journal FILE    appends 1, 2, 3, ... after what FILE holds, fsync each
//   PersistenceCrashTrial snapshot FILE   the same in snapshot mode, each change written at once
//   PersistenceCrashTrial recover MODE FILE
//                                         prints "state N1,N2,...", "problems K", then a line
//                                         "problem interrupted|other DESCRIPTION" for each
//   PersistenceCrashTrial writer FILE COUNT
//                                         journal mode: appends COUNT numbers, prints "done
//                                         COUNT", then keeps the file open until its standard
//                                         input ends, so that a second writer meets it
//
// Each acknowledgement is a line "ack N" written with write(2) once `send` has returned; a
// persistence that cannot be created prints "error DESCRIPTION" and exits with status 1.
import Foundation
import OneWay
import OneWayPersistence

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Appends numbers to a list; the padding makes each snapshot large enough that a kill often
/// lands in the middle of writing one.
struct TrialReducer: Reducer {
  enum Action: Codable, Sendable {
    case append(Int)
  }

  struct State: Codable, Sendable, Equatable {
    var numbers: [Int] = []
    var padding = ""
  }

  func reduce(state: inout State, action: Action) -> AnyEffect<Action> {
    switch action {
    case .append(let number):
      state.numbers.append(number)
    }
    return .none
  }
}

func say(_ line: String) {
  let bytes = Array((line + "\n").utf8)
  _ = bytes.withUnsafeBytes { write(STDOUT_FILENO, $0.baseAddress, $0.count) }
}

func open(mode: String, file: URL) throws -> Persistence<TrialReducer.State, TrialReducer.Action> {
  var initial = TrialReducer.State()
  if mode == "snapshot" { initial.padding = String(repeating: "x", count: 256 * 1024) }
  switch mode {
  case "journal":
    return try Persistence(
      journalAt: file,
      reducer: TrialReducer(),
      initialState: initial,
      sync: .everyAppend,
      snapshotEvery: 64
    )
  case "snapshot":
    return try Persistence(snapshotsAt: file, initialState: initial, interval: .zero)
  default:
    throw PersistenceError(location: mode, reason: .notWritable(message: "unknown mode"))
  }
}

let arguments = CommandLine.arguments
guard arguments.count >= 3 else {
  say(
    "usage: PersistenceCrashTrial journal|snapshot FILE | recover journal|snapshot FILE"
      + " | writer FILE COUNT"
  )
  exit(2)
}
do {
  if arguments[1] == "recover", arguments.count == 4 {
    let persistence = try open(mode: arguments[2], file: URL(fileURLWithPath: arguments[3]))
    say("state " + persistence.loadedState.numbers.map(String.init).joined(separator: ","))
    say("problems \(persistence.problems.count)")
    for problem in persistence.problems {
      let isInterrupted =
        if case .droppedJournalTail(let tail) = problem.reason {
          tail.cause.isInterruptedAppend
        } else {
          false
        }
      say("problem \(isInterrupted ? "interrupted" : "other") \(problem)")
    }
  } else if arguments[1] == "writer", arguments.count == 4, let count = Int(arguments[3]) {
    let persistence = try open(mode: "journal", file: URL(fileURLWithPath: arguments[2]))
    let store = Store(reducer: TrialReducer(), state: persistence.loadedState)
    await store.persist(with: persistence)
    let first = (persistence.loadedState.numbers.last ?? 0) + 1
    say("ready")
    for number in first..<first + count {
      await store.send(.append(number))
      say("ack \(number)")
    }
    say("done \(count)")
    while readLine() != nil {}
  } else {
    let persistence = try open(mode: arguments[1], file: URL(fileURLWithPath: arguments[2]))
    let store = Store(reducer: TrialReducer(), state: persistence.loadedState)
    await store.persist(with: persistence)
    var next = (persistence.loadedState.numbers.last ?? 0) + 1
    say("ready")
    while true {
      await store.send(.append(next))
      say("ack \(next)")
      next += 1
    }
  }
} catch {
  say("error \(error)")
  exit(1)
}
