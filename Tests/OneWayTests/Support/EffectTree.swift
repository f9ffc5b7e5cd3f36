@testable import OneWay

/// The nodes of an effect tree in the order the store walks them (a node, then its children
/// in order), described as text, collected without recursion.
func outline<Element>(_ effect: AnyEffect<Element>) -> [String] {
  var lines: [String] = []
  var pending = [effect]
  while let next = pending.popLast() {
    switch next.operation {
    case .none:
      lines.append("none")
    case .just(let element):
      lines.append("just \(element)")
    case .concat(let children, let priority):
      lines.append("concat \(children.count) \(String(describing: priority))")
      pending.append(contentsOf: children.reversed())
    case .merge(let children, let priority):
      lines.append("merge \(children.count) \(String(describing: priority))")
      pending.append(contentsOf: children.reversed())
    case .cancellable(let inner, let id, let cancelInFlight):
      lines.append("cancellable \(id) \(cancelInFlight)")
      pending.append(inner)
    case .debounce(let inner, let id, let dueTime, _):
      lines.append("debounce \(id) \(dueTime)")
      pending.append(inner)
    case .throttle(let inner, let id, let interval, let latest, _):
      lines.append("throttle \(id) \(interval) \(latest)")
      pending.append(inner)
    case .cancel(let id):
      lines.append("cancel \(id)")
    case .single(let priority, _):
      lines.append("single \(String(describing: priority))")
    case .sequence(let priority, _):
      lines.append("sequence \(String(describing: priority))")
    case .stream:
      lines.append("stream")
    }
  }
  return lines
}

/// Releases an effect tree one node at a time.
///
/// Releasing a tree nested 100,000 levels deep the ordinary way releases each node from inside
/// its parent's release, and overflows the stack; here every node is released while its
/// children are still held by the work list, so no release goes deeper than one level.
func dismantle<Element>(_ effect: inout AnyEffect<Element>) {
  var pending = [effect]
  effect = .none
  while let next = pending.popLast() {
    switch next.operation {
    case .concat(let children, _), .merge(let children, _):
      pending.append(contentsOf: children)
    case .cancellable(let inner, _, _), .debounce(let inner, _, _, _),
      .throttle(let inner, _, _, _, _):
      pending.append(inner)
    case .none, .just, .cancel, .single, .sequence, .stream:
      break
    }
  }
}
