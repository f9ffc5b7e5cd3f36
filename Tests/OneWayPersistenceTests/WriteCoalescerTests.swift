import Testing

@testable import OneWayPersistence

@Suite("Coalescing decisions")
struct WriteCoalescerTests {
  @Test func j2TheFirstChangeIsWrittenAtOnce() {
    var coalescer = WriteCoalescer(interval: .seconds(1))
    #expect(coalescer.changed(at: .zero) == .writeNow)
  }

  @Test func j2TenThousandChangesWithinOneIntervalCauseAtMostTwoWrites() {
    var coalescer = WriteCoalescer(interval: .seconds(1))
    var writes = 0
    var timer: Duration?
    for index in 0..<10_000 {
      let now = Duration.microseconds(index * 10)
      switch coalescer.changed(at: now) {
      case .writeNow: writes += 1
      case .schedule(let delay):
        #expect(timer == nil)
        timer = now + delay
      case .wait: break
      }
    }
    #expect(timer == .seconds(1))
    if let timer, coalescer.timerFired(at: timer) { writes += 1 }
    #expect(writes == 2)
    #expect(!coalescer.isDirty)
  }

  @Test func j2AChangeAfterAQuietIntervalIsWrittenAtOnceAgain() {
    var coalescer = WriteCoalescer(interval: .seconds(1))
    _ = coalescer.changed(at: .zero)
    #expect(coalescer.changed(at: .seconds(2)) == .writeNow)
  }

  @Test func j2ATimerWithNothingNewWritesNothing() {
    var coalescer = WriteCoalescer(interval: .seconds(1))
    _ = coalescer.changed(at: .zero)
    #expect(coalescer.changed(at: .milliseconds(10)) == .schedule(after: .milliseconds(990)))
    let flushed = coalescer.flushed(at: .milliseconds(20))
    #expect(flushed)
    let fired = coalescer.timerFired(at: .seconds(1))
    #expect(!fired)
  }
}
