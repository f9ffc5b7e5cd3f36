import Testing

@testable import OneWayPersistence

@Suite("A shared store's bookkeeping, as values (J4)")
struct CommitBookTests {
  @Test func j4AnAppendNamesTheLastSequenceTheStoreKnows() {
    var book = CommitBook(sequence: 7, maxAttempts: 3, snapshotEvery: 10)
    book.startSend()
    let (record, expected) = book.nextAppend(payload: [1], version: 2)
    #expect(record == StoredRecord(sequence: 8, version: 2, payload: [1]))
    #expect(expected == 7)
  }

  @Test func j4ConflictsRetryUntilTheAttemptsRunOut() {
    var book = CommitBook(sequence: 0, maxAttempts: 3, snapshotEvery: 10)
    book.startSend()
    var outcomes: [CommitBook.AfterConflict] = []
    for _ in 0..<3 {
      _ = book.nextAppend(payload: [], version: 1)
      outcomes.append(book.conflicted())
    }
    #expect(outcomes == [.retry, .retry, .giveUp(attempts: 3)])
    #expect(book.conflicts == 3)
    // A new send has all its attempts again.
    book.startSend()
    _ = book.nextAppend(payload: [], version: 1)
    let afterNewSend = book.conflicted()
    #expect(afterNewSend == .retry)
    // An append numbered after other writers' records counts, and takes no attempt.
    book.lostRace()
    #expect(book.conflicts == 5)
    #expect(book.attempts == 1)
  }

  @Test func j4CatchingUpTakesOnlyTheNextRecords() {
    func records(_ numbers: UInt64...) -> [StoredRecord] {
      numbers.map { StoredRecord(sequence: $0, version: 1, payload: []) }
    }
    var book = CommitBook(sequence: 4, maxAttempts: 3, snapshotEvery: 10)
    #expect(book.gap(in: records(5, 6, 7)) == nil)
    #expect(book.gap(in: records(5, 7)).map { [$0.expected, $0.found] } == [6, 7])
    #expect(book.gap(in: records(4)).map { [$0.expected, $0.found] } == [5, 4])
    #expect(book.follows(8, after: records(5, 6, 7)))
    #expect(book.follows(5, after: []))
    #expect(!book.follows(7, after: records(5)))
    book.replayed(records(5, 6))
    #expect(book.sequence == 6)
  }

  @Test func j4SnapshotsFallOnMultiplesOfSnapshotEvery() {
    var book = CommitBook(sequence: 0, maxAttempts: 3, snapshotEvery: 3)
    var due: [UInt64] = []
    for _ in 0..<4 where book.committed() { due.append(book.sequence) }
    // Records 5 and 6 were another instance's: the commit of 7 is not on a multiple.
    book.replayed([
      StoredRecord(sequence: 5, version: 1, payload: []),
      StoredRecord(sequence: 6, version: 1, payload: []),
    ])
    for _ in 0..<3 where book.committed() { due.append(book.sequence) }
    #expect(due == [3, 9])
  }

  @Test func j4WaitersAreServedOneAtATimeInArrivalOrder() {
    var turns = FIFOTurns<Int>()
    var goesAtOnce = [1, 2, 3].map { turns.arrive($0) }
    #expect(goesAtOnce == [true, false, false])
    #expect(turns.count == 2)
    var served = [turns.leave()]
    goesAtOnce = [turns.arrive(4)]
    #expect(goesAtOnce == [false])
    served += [turns.leave(), turns.leave()]
    #expect(served == [2, 3, 4])
    #expect(turns.isBusy)
    let last = turns.leave()
    #expect(last == nil)
    #expect(!turns.isBusy)
    let next = turns.arrive(5)
    #expect(next)
    // A free turn is taken without a waiter; a busy one is not.
    var free = FIFOTurns<Int>()
    let taken = [free.enterIfFree(), free.enterIfFree()]
    #expect(taken == [true, false])
    #expect(free.arrive(6) == false)
    #expect(free.leave() == 6)
  }
}
