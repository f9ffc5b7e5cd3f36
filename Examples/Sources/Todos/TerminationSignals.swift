import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// SIGINT (Ctrl-C) and SIGTERM, caught so that the program can save before it exits.
///
/// A signal handler may do almost nothing safely, so it only writes the signal's number to a
/// pipe (the "self-pipe trick"), and a thread of its own reads the pipe and hands the number
/// to Swift code. A second signal ends the program at once, without saving, so that a save
/// that hangs can still be interrupted.
enum TerminationSignals {
  /// The signals that are caught.
  static let caught = [SIGINT, SIGTERM]

  /// Starts catching the signals, and returns the first one that arrives, once it does.
  ///
  /// The handlers are in place when this returns, so a signal sent afterwards is never lost
  /// or deadly; before it, a signal ends the program as usual (nothing was typed yet).
  static func catchFirst() -> AsyncStream<Int32> {
    let (signals, continuation) = AsyncStream.makeStream(of: Int32.self)
    let ends = signalPipe
    for caughtSignal in caught {
      // Replaces the default action, and also the "ignore" that a shell gives a job it starts
      // in the background.
      _ = signal(caughtSignal, writeToSignalPipe)
    }
    let reader = Thread {
      // Other threads may block the signals (Dispatch's worker threads do); this one must
      // not, or a signal could stay pending with nobody to take it.
      var set = sigset_t()
      sigemptyset(&set)
      for caughtSignal in caught { sigaddset(&set, caughtSignal) }
      pthread_sigmask(SIG_UNBLOCK, &set, nil)

      var isFirst = true
      while true {
        var number: Int32 = 0
        guard read(ends.read, &number, MemoryLayout<Int32>.size) == MemoryLayout<Int32>.size
        else { continue }  // interrupted by the signal itself; read again
        if isFirst {
          isFirst = false
          continuation.yield(number)
        } else {
          printError("stopped without saving")
          _exit(128 + number)
        }
      }
    }
    reader.start()
    return signals
  }
}

/// The pipe from the signal handler to the thread that reads it; the write end does not block.
///
/// `catchFirst()` reads it before installing the handler, so the handler never runs its
/// one-time initialization.
private let signalPipe: (read: Int32, write: Int32) = {
  var ends: [Int32] = [-1, -1]
  guard pipe(&ends) == 0 else { fail("cannot catch signals: \(String(cString: strerror(errno)))") }
  _ = fcntl(ends[1], F_SETFL, O_NONBLOCK)
  return (ends[0], ends[1])
}()

/// The signal handler: only `write` and `errno`, which are safe in a signal handler.
private func writeToSignalPipe(_ signal: Int32) {
  let savedErrno = errno
  var number = signal
  _ = write(signalPipe.write, &number, MemoryLayout<Int32>.size)
  errno = savedErrno
}
