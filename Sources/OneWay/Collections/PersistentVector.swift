/// The element storage of ``IdentifiedList``: a persistent vector, a trie whose nodes hold up to
/// 32 children or 32 elements, packed to the left.
///
/// Copies share their nodes. A change copies only the nodes on the path to the element it
/// changes, and only those another copy still holds, so a vector nobody shares is changed in
/// place and a shared one pays a few nodes of 32, never the whole vector. Two versions of a
/// vector are compared by walking both tries together and skipping the subtrees they share.
///
/// The shape depends on the count alone: every node left of the last path is full and the root
/// is as low as the count allows. Two vectors of the same count therefore have the same shape,
/// which is what lets a comparison walk them side by side.
struct PersistentVector<Element> {
  /// A node of the trie: a branch (children) above the last level, a leaf (elements) on it.
  ///
  /// A node is changed only through a reference that `isKnownUniquelyReferenced` says is its
  /// only one, so a node that two vectors share is never written.
  final class Node {
    var children: ContiguousArray<Node>
    var elements: ContiguousArray<Element>

    init(children: ContiguousArray<Node> = [], elements: ContiguousArray<Element> = []) {
      self.children = children
      self.elements = elements
    }

    /// A new node with the same content, for a change that must not reach other versions.
    func copy() -> Node {
      Node(children: children, elements: elements)
    }
  }

  static var bits: Int { 5 }
  static var width: Int { 1 << bits }
  static var mask: Int { width - 1 }

  private(set) var root: Node
  /// How far an index is shifted right to find its child in the root; 0 when the root is a
  /// leaf.
  private(set) var shift: Int
  private(set) var count: Int

  /// An empty vector.
  init() {
    root = Node()
    shift = 0
    count = 0
  }

  /// A vector of these elements, built bottom up in O(n).
  init<S: Sequence>(_ elements: S) where S.Element == Element {
    var level = ContiguousArray<Node>()
    var leaf = ContiguousArray<Element>()
    leaf.reserveCapacity(Self.width)
    var count = 0
    for element in elements {
      leaf.append(element)
      count += 1
      if leaf.count == Self.width {
        level.append(Node(elements: leaf))
        leaf.removeAll(keepingCapacity: true)
      }
    }
    if !leaf.isEmpty || level.isEmpty { level.append(Node(elements: leaf)) }
    var shift = 0
    while level.count > 1 {
      var parents = ContiguousArray<Node>()
      parents.reserveCapacity((level.count + Self.mask) / Self.width)
      var start = 0
      while start < level.count {
        let end = Swift.min(start + Self.width, level.count)
        parents.append(Node(children: ContiguousArray(level[start..<end])))
        start = end
      }
      level = parents
      shift += Self.bits
    }
    self.root = level[0]
    self.shift = shift
    self.count = count
  }

  /// The element at `index`, in O(log n). The caller checks the bounds.
  subscript(index: Int) -> Element {
    var node = root
    var level = shift
    while level > 0 {
      node = node.children[(index >> level) & Self.mask]
      level -= Self.bits
    }
    return node.elements[index & Self.mask]
  }

  /// The elements of the leaf that holds `index`, the one that starts at `index & ~mask`: what
  /// an iteration reads 32 elements at a time.
  func leafElements(at index: Int) -> ContiguousArray<Element> {
    var node = root
    var level = shift
    while level > 0 {
      node = node.children[(index >> level) & Self.mask]
      level -= Self.bits
    }
    return node.elements
  }

  /// The leaf that holds `index`, after copying every node on its path that another version
  /// shares: what a change of that element writes to. O(log n).
  mutating func uniqueLeaf(at index: Int) -> Node {
    Self.uniqueLeaf(at: index, in: &root, level: shift)
  }

  private static func uniqueLeaf(at index: Int, in node: inout Node, level: Int) -> Node {
    if !isKnownUniquelyReferenced(&node) { node = node.copy() }
    if level == 0 { return node }
    return uniqueLeaf(
      at: index,
      in: &node.children[(index >> level) & mask],
      level: level - bits
    )
  }

  /// Puts `element` at `index`, in O(log n). The caller checks the bounds.
  mutating func set(_ element: Element, at index: Int) {
    uniqueLeaf(at: index).elements[index & Self.mask] = element
  }

  /// Adds an element at the end, in O(log n): a new root when the trie is full, else the last
  /// path, copied where shared, gets the element or a new path to it.
  mutating func append(_ element: Element) {
    if count == 1 << (shift + Self.bits) {
      root = Node(children: [root, Self.path(to: element, level: shift)])
      shift += Self.bits
    } else {
      Self.append(element, at: count, to: &root, level: shift)
    }
    count += 1
  }

  private static func append(_ element: Element, at index: Int, to node: inout Node, level: Int) {
    if !isKnownUniquelyReferenced(&node) { node = node.copy() }
    if level == 0 {
      node.elements.append(element)
      return
    }
    let slot = (index >> level) & mask
    if slot == node.children.count {
      node.children.append(path(to: element, level: level - bits))
    } else {
      append(element, at: index, to: &node.children[slot], level: level - bits)
    }
  }

  /// A chain of new nodes from `level` down to a leaf that holds `element` alone.
  private static func path(to element: Element, level: Int) -> Node {
    level == 0
      ? Node(elements: [element])
      : Node(children: [path(to: element, level: level - bits)])
  }

  /// Removes the last element, in O(log n); the root comes down a level when it is left with
  /// one child, so that the shape stays the one of the new count. The caller checks that the
  /// vector is not empty.
  @discardableResult
  mutating func removeLast() -> Element {
    let element = Self.removeLast(from: &root, level: shift)
    count -= 1
    if shift > 0 && root.children.count == 1 {
      root = root.children[0]
      shift -= Self.bits
    }
    return element
  }

  private static func removeLast(from node: inout Node, level: Int) -> Element {
    if !isKnownUniquelyReferenced(&node) { node = node.copy() }
    if level == 0 { return node.elements.removeLast() }
    let last = node.children.count - 1
    let element = removeLast(from: &node.children[last], level: level - bits)
    if node.children[last].children.isEmpty && node.children[last].elements.isEmpty {
      node.children.removeLast()
    }
    return element
  }

  /// Calls `body` with the index of each element that `differ` tells apart from the element at
  /// the same index of `other`, in order, until `body` returns false. Subtrees the two vectors
  /// share are skipped, so the walk costs the unshared nodes only. Both vectors have the same
  /// count (and so the same shape); the caller checks.
  func forEachDifference(
    from other: PersistentVector,
    differ: (Element, Element) -> Bool,
    _ body: (Int) -> Bool
  ) {
    _ = Self.walk(root, other.root, level: shift, offset: 0, differ: differ, body)
  }

  private static func walk(
    _ node: Node,
    _ other: Node,
    level: Int,
    offset: Int,
    differ: (Element, Element) -> Bool,
    _ body: (Int) -> Bool
  ) -> Bool {
    if node === other { return true }
    // Through buffer pointers: indexing the nodes' arrays one element at a time copies each
    // element (unspecialized, through its value witness) and retains each child, and the walk
    // then costs about twice as much (measured in release, across modules as a client calls
    // it). The buffers live only during the closures, while both nodes are held.
    if level == 0 {
      return node.elements.withUnsafeBufferPointer { elements in
        other.elements.withUnsafeBufferPointer { others in
          for slot in elements.indices where differ(elements[slot], others[slot]) {
            if !body(offset + slot) { return false }
          }
          return true
        }
      }
    }
    return node.children.withUnsafeBufferPointer { children in
      other.children.withUnsafeBufferPointer { others in
        for slot in children.indices where children[slot] !== others[slot] {
          if !walk(
            children[slot],
            others[slot],
            level: level - bits,
            offset: offset + (slot << level),
            differ: differ,
            body
          ) {
            return false
          }
        }
        return true
      }
    }
  }
}

// A node is written only after `isKnownUniquelyReferenced` has said that this vector holds the
// only reference to it (and to every node above it), so a node reachable from two vectors, and
// so from two threads, is only ever read.
extension PersistentVector: @unchecked Sendable where Element: Sendable {}
