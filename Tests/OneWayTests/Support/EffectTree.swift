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
      lines.append("concat \(children.effects.count) \(String(describing: priority.taskPriority))")
      pending.append(contentsOf: children.effects.reversed())
    case .merge(let children, let priority):
      lines.append("merge \(children.effects.count) \(String(describing: priority.taskPriority))")
      pending.append(contentsOf: children.effects.reversed())
    case .cancellable(let inner, let id, let cancelInFlight):
      lines.append("cancellable \(id) \(cancelInFlight)")
      pending.append(inner.first)
    case .debounce(let inner, let id, let dueTime, _):
      lines.append("debounce \(id) \(dueTime)")
      pending.append(inner.first)
    case .throttle(let inner, let id, let interval, let latest, _):
      lines.append("throttle \(id) \(interval) \(latest)")
      pending.append(inner.first)
    case .cancel(let id):
      lines.append("cancel \(id)")
    case .single(_, let priority):
      lines.append("single \(String(describing: priority.taskPriority))")
    case .sequence(_, let priority):
      lines.append("sequence \(String(describing: priority.taskPriority))")
    case .stream:
      lines.append("stream")
    case .subscribe:
      lines.append("subscribe")
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
      pending.append(contentsOf: children.effects)
    case .cancellable(let inner, _, _), .debounce(let inner, _, _, _),
      .throttle(let inner, _, _, _, _):
      pending.append(inner.first)
    case .none, .just, .cancel, .single, .sequence, .stream, .subscribe:
      break
    }
  }
}

/// Walks `effect` and `mapped` side by side without recursion and returns the first place
/// where they differ (kind of node, priority, identifier, option, or an element of `mapped`
/// that is not `transform` of the element of `effect`), or `nil` with the number of nodes
/// compared.
func firstDifference<Element, Mapped: Equatable>(
  between effect: AnyEffect<Element>,
  and mapped: AnyEffect<Mapped>,
  mapping transform: (Element) -> Mapped
) -> (difference: String?, nodes: Int) {
  var pending = [(effect, mapped)]
  var nodes = 0
  while let (original, rebuilt) = pending.popLast() {
    nodes += 1
    switch (original.operation, rebuilt.operation) {
    case (.none, .none), (.stream, .stream), (.subscribe, .subscribe):
      continue
    case (.just(let element), .just(let mappedElement)) where transform(element) == mappedElement:
      continue
    case (.concat(let children, let priority), .concat(let mappedChildren, let mappedPriority)),
      (.merge(let children, let priority), .merge(let mappedChildren, let mappedPriority)):
      guard priority == mappedPriority, children.effects.count == mappedChildren.effects.count
      else { break }
      pending.append(contentsOf: zip(children.effects, mappedChildren.effects))
      continue
    case (
      .cancellable(let inner, let id, let flag),
      .cancellable(let mappedInner, let mappedID, let mappedFlag)
    )
    where id == mappedID && flag == mappedFlag:
      pending.append((inner.first, mappedInner.first))
      continue
    case (
      .debounce(let inner, let id, let dueTime, _),
      .debounce(let mappedInner, let mappedID, let mappedDueTime, _)
    )
    where id == mappedID && dueTime == mappedDueTime:
      pending.append((inner.first, mappedInner.first))
      continue
    case (
      .throttle(let inner, let id, let interval, let latest, _),
      .throttle(let mappedInner, let mappedID, let mappedInterval, let mappedLatest, _)
    ) where id == mappedID && interval == mappedInterval && latest == mappedLatest:
      pending.append((inner.first, mappedInner.first))
      continue
    case (.cancel(let id), .cancel(let mappedID)) where id == mappedID:
      continue
    case (.single(_, let priority), .single(_, let mappedPriority)),
      (.sequence(_, let priority), .sequence(_, let mappedPriority)):
      guard priority == mappedPriority else { break }
      continue
    default:
      break
    }
    return ("node \(nodes): \(original.operation) vs \(rebuilt.operation)", nodes)
  }
  return (nil, nodes)
}
