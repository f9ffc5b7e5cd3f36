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
/// which is what lets a comparison walk them side by side. The level of a node tells what it
/// is: a leaf on level 0, a branch above.
///
/// A node is changed only through a reference that `isKnownUniquelyReferenced` says is its
/// only one, so a node that two vectors share is never written.
struct PersistentVector<Element> {
  /// A node on the last level: up to 32 elements.
  final class Leaf: TrieNode {
    var elements: ContiguousArray<Element>

    init(_ elements: ContiguousArray<Element>) {
      self.elements = elements
    }
  }

  static var bits: Int { 5 }
  static var width: Int { 1 << bits }
  static var mask: Int { width - 1 }

  private(set) var root: TrieNode
  /// How far an index is shifted right to find its child in the root; 0 when the root is a
  /// leaf.
  private(set) var shift: Int
  private(set) var count: Int

  /// An empty vector.
  init() {
    root = Leaf([])
    shift = 0
    count = 0
  }

  /// A vector of these elements, built bottom up in O(n).
  init(_ elements: ContiguousArray<Element>) {
    var level = ContiguousArray<TrieNode>()
    var start = 0
    while start < elements.count {
      let end = Swift.min(start + Self.width, elements.count)
      level.append(Leaf(ContiguousArray(elements[start..<end])))
      start = end
    }
    if level.isEmpty { level.append(Leaf([])) }
    var shift = 0
    while level.count > 1 {
      var parents = ContiguousArray<TrieNode>()
      parents.reserveCapacity((level.count + Self.mask) / Self.width)
      var start = 0
      while start < level.count {
        let end = Swift.min(start + Self.width, level.count)
        parents.append(TrieBranch(ContiguousArray(level[start..<end])))
        start = end
      }
      level = parents
      shift += Self.bits
    }
    self.root = level[0]
    self.shift = shift
    self.count = elements.count
  }

  /// The leaf that holds `index`, found from the root: O(log n). The caller checks the bounds.
  func leaf(at index: Int) -> Leaf {
    var node = root
    var level = shift
    while level > 0 {
      node = (node as! TrieBranch).children[(index >> level) & Self.mask]
      level -= Self.bits
    }
    return node as! Leaf
  }

  /// The element at `index`, in O(log n). The caller checks the bounds.
  subscript(index: Int) -> Element {
    leaf(at: index).elements[index & Self.mask]
  }

  /// The leaf that holds `index`, after copying every node on its path that another version
  /// shares: what a change of that element writes to. O(log n).
  mutating func uniqueLeaf(at index: Int) -> Leaf {
    Self.uniqueLeaf(at: index, in: &root, level: shift)
  }

  private static func uniqueLeaf(at index: Int, in node: inout TrieNode, level: Int) -> Leaf {
    makeUnique(&node, level: level)
    if level == 0 { return node as! Leaf }
    return uniqueLeaf(
      at: index,
      in: &(node as! TrieBranch).children[(index >> level) & mask],
      level: level - bits
    )
  }

  /// Replaces `node` by a copy when another reference to it exists, so that writing to it
  /// cannot reach another version.
  private static func makeUnique(_ node: inout TrieNode, level: Int) {
    if isKnownUniquelyReferenced(&node) { return }
    node = level == 0 ? Leaf((node as! Leaf).elements) : TrieBranch((node as! TrieBranch).children)
  }

  /// Puts `element` at `index`, in O(log n). The caller checks the bounds.
  mutating func set(_ element: Element, at index: Int) {
    uniqueLeaf(at: index).elements[index & Self.mask] = element
  }

  /// Adds an element at the end, in O(log n): a new root when the trie is full, else the last
  /// path, copied where shared, gets the element or a new path to it.
  mutating func append(_ element: Element) {
    if count == 1 << (shift + Self.bits) {
      root = TrieBranch([root, Self.path(to: element, level: shift)])
      shift += Self.bits
    } else {
      Self.append(element, at: count, to: &root, level: shift)
    }
    count += 1
  }

  private static func append(
    _ element: Element,
    at index: Int,
    to node: inout TrieNode,
    level: Int
  ) {
    makeUnique(&node, level: level)
    if level == 0 {
      (node as! Leaf).elements.append(element)
      return
    }
    let branch = node as! TrieBranch
    let slot = (index >> level) & mask
    if slot == branch.children.count {
      branch.children.append(path(to: element, level: level - bits))
    } else {
      append(element, at: index, to: &branch.children[slot], level: level - bits)
    }
  }

  /// A chain of new nodes from `level` down to a leaf that holds `element` alone.
  private static func path(to element: Element, level: Int) -> TrieNode {
    level == 0 ? Leaf([element]) : TrieBranch([path(to: element, level: level - bits)])
  }

  /// Removes the last element, in O(log n); the root comes down a level when it is left with
  /// one child, so that the shape stays the one of the new count. The caller checks that the
  /// vector is not empty.
  @discardableResult
  mutating func removeLast() -> Element {
    let element = Self.removeLast(from: &root, level: shift)
    count -= 1
    if shift > 0, let branch = root as? TrieBranch, branch.children.count == 1 {
      root = branch.children[0]
      shift -= Self.bits
    }
    return element
  }

  /// Removes the last element under `node`, and drops the last child when it is left empty.
  private static func removeLast(from node: inout TrieNode, level: Int) -> Element {
    makeUnique(&node, level: level)
    if level == 0 { return (node as! Leaf).elements.removeLast() }
    let branch = node as! TrieBranch
    let last = branch.children.count - 1
    let element = removeLast(from: &branch.children[last], level: level - bits)
    let child = branch.children[last]
    if level == bits ? (child as! Leaf).elements.isEmpty : (child as! TrieBranch).children.isEmpty {
      branch.children.removeLast()
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
    _ node: TrieNode,
    _ other: TrieNode,
    level: Int,
    offset: Int,
    differ: (Element, Element) -> Bool,
    _ body: (Int) -> Bool
  ) -> Bool {
    if node === other { return true }
    // Through buffer pointers: indexing the nodes' arrays one element at a time copies each
    // element (unspecialized, through its value witness) and retains each child, which made
    // the walk much slower when a client calls it from another module. The
    // buffers live only during the closures, while both nodes are held.
    if level == 0 {
      return (node as! Leaf).elements.withUnsafeBufferPointer { elements in
        (other as! Leaf).elements.withUnsafeBufferPointer { others in
          for slot in elements.indices where differ(elements[slot], others[slot]) {
            if !body(offset + slot) { return false }
          }
          return true
        }
      }
    }
    return (node as! TrieBranch).children.withUnsafeBufferPointer { children in
      (other as! TrieBranch).children.withUnsafeBufferPointer { others in
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

/// A node of a ``PersistentVector``'s trie: a `TrieBranch`, or a vector's `Leaf`.
///
/// Branches are not generic, so that copying one (32 references) is compiled once, with a
/// plain retain per child, rather than run through the value witnesses of a generic type on
/// every change of a client's list.
class TrieNode {}

/// A node above the last level: up to 32 children.
final class TrieBranch: TrieNode {
  var children: ContiguousArray<TrieNode>

  init(_ children: ContiguousArray<TrieNode>) {
    self.children = children
  }
}

// A node is written only after `isKnownUniquelyReferenced` has said that this vector holds the
// only reference to it (and to every node above it), so a node reachable from two vectors, and
// so from two threads, is only ever read.
extension PersistentVector: @unchecked Sendable where Element: Sendable {}
