import ExampleArguments
import Foundation
import OneWay
import OneWayCasePaths
import OneWayDevTools
import OneWayInspector

/// A composed app run from a script: a list of counter rows, each a child feature with its
/// own debounced save and timer, an optional detail, and a parent that reacts to both.
///
/// ```text
/// swift run --package-path Examples Counters
/// swift run --package-path Examples Counters --inspect
/// ```
///
/// Every step that waits, waits for a state (`store.states`), never for a time, so the output
/// is the same on every run; what it shows is what composition promises: a removed row's
/// pending save never fires, rows that save and tick under the same identifiers do not
/// disturb each other, and closing the detail cancels its load.
///
/// With `--inspect` it records the store's history, serves the inspector page (its address is
/// printed first), runs the same script, then keeps serving and prints the rows at each state
/// the store shows, until it is stopped (Ctrl-C).
@main
enum CountersExample {
  static func main() async {
    let store = Store(
      reducer: CountersReducer(facts: slowFact),
      state: CountersReducer.State()
    )
    let arguments = ExampleArguments(
      usage: """
        usage: Counters [--inspect]
        Runs a composed app of counter rows from a script.
          --inspect  records the store's history and serves the inspector page until Ctrl-C
        """,
      options: ["--inspect"]
    )
    let inspecting = arguments.options.contains("--inspect")
    if inspecting { await inspect(store) }

    say("add three rows")
    for _ in 1...3 { await store.send(.addRow) }
    show(await store.state)

    // A store per row, as a list view hands each row its own: the same store for a row while
    // it lives, whose sends reach the app as `.row(id:action:)`.
    let rows: [Store<CounterRow, ContinuousClock>] = await store.scope(
      state: \.rows,
      action: \.row
    )
    say("#2 +1, then #1 +1 +1: each row saves 200 ms after its last change, under one id")
    await rows[1].send(.increment)
    await rows[0].send(.increment)
    await rows[0].send(.increment)
    say("remove #2 while its save is pending")
    await rows[1].send(.removeTapped)
    show(await store.state)
    let saved = await first(of: store) { $0.rows.first?.savedCount != nil }
    say("#1 saved \(saved.rows[0].savedCount ?? 0); #2's save never fired")

    say("start #1's timer: the parent stops it at \(CountersReducer.tickLimit)")
    await store.send(.row(id: 1, action: .startTimer))
    _ = await first(of: store) { $0.rows[0].isTicking == false }
    say("start #3's timer")
    await store.send(.row(id: 3, action: .startTimer))
    show(await first(of: store) { $0.rows[1].isTicking == false })

    say("open #3's detail and close it before its fact arrives")
    await store.send(.openDetail(3))
    let closedDetail: Store<FactDetail, ContinuousClock>? = await store.scope(
      state: \.detail,
      action: \.detail
    )
    await store.send(.detail(.closeTapped))
    say("open #1's detail")
    await store.send(.openDetail(1))
    // A view of #3's detail that is still animating away: its store ended when the detail
    // closed, so its send is refused with a warning, never applied to #1's detail.
    say("#3's closed detail asks to load: refused")
    await closedDetail?.send(.load)
    let opened = await first(of: store) { $0.detail?.fact != nil }
    say("detail of #\(opened.detail?.rowID ?? 0): \(opened.detail?.fact ?? "")")

    say("what the parent saw")
    for line in await store.state.log { print("  \(line)") }

    if inspecting { await serve(store) }
  }

  /// Turns the store's history on and serves its inspector page for as long as the process
  /// runs; exits when it cannot.
  static func inspect(_ store: Store<CountersReducer, ContinuousClock>) async {
    guard #available(macOS 14, iOS 17, tvOS 17, visionOS 1, *) else {
      print("counters: the inspector needs macOS 14 or later")
      exit(1)
    }
    let devTools = await store.devTools()
    do {
      _ = try await Inspector.start(devTools)
    } catch {
      print("counters: the inspector did not start: \(error)")
      exit(1)
    }
  }

  /// Prints the rows at each state the store shows (the page's travels among them) until the
  /// process is stopped.
  static func serve(_ store: Store<CountersReducer, ContinuousClock>) async {
    say("serving the inspector until stopped (Ctrl-C)")
    for await state in store.states { show(state) }
  }

  /// A fact about `number`, after a delay that stands for a network request. Cancelling the
  /// request ends the wait early; the effect's answer is then dropped by the store.
  @Sendable
  static func slowFact(about number: Int) async -> String {
    try? await Task.sleep(for: .milliseconds(300))
    return number.isMultiple(of: 2) ? "\(number) is even" : "\(number) is odd"
  }

  /// The first state of `store`, from the current one on, that satisfies `predicate`.
  static func first(
    of store: Store<CountersReducer, ContinuousClock>,
    where predicate: @Sendable (CountersReducer.State) -> Bool
  ) async -> CountersReducer.State {
    for await state in store.states where predicate(state) { return state }
    fatalError("the store went away")
  }

  static func say(_ line: String) {
    print("> \(line)")
    // Flushed at once, so that a program reading through a pipe (the inspector's browser test)
    // sees each line when it is printed.
    fflush(nil)
  }

  static func show(_ state: CountersReducer.State) {
    print("  rows: " + state.rows.map { "#\($0.id) \($0.count)" }.joined(separator: " | "))
    fflush(nil)
  }
}
