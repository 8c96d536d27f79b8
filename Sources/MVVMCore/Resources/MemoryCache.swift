/// A least-recently-used cache bounded by a total cost (bytes, as the caller counts them).
///
/// Entries live in a doubly linked list kept in arrays (indices, not references), newest at the
/// head; a dictionary finds an entry's slot. Reading or inserting moves an entry to the head;
/// inserting past the bound drops entries from the tail until the total fits. An entry costing
/// more than the whole bound is not kept.
struct MemoryCache<Key: Hashable, Value> {
    fileprivate struct Node {
        var key: Key
        var value: Value
        var cost: Int
        var newer: Int?
        var older: Int?
    }

    /// The most the entries may cost together.
    let limit: Int
    /// What the entries cost together: never above ``limit``.
    private(set) var totalCost = 0
    private var nodes: [Node?] = []
    private var free: [Int] = []
    private var slots: [Key: Int] = [:]
    private var newest: Int?
    private var oldest: Int?

    init(limit: Int) {
        self.limit = max(0, limit)
    }

    /// How many entries are kept.
    var count: Int { slots.count }

    /// The value under `key`, which becomes the most recently used.
    mutating func value(for key: Key) -> Value? {
        guard let slot = slots[key], let node = nodes[slot] else { return nil }
        unlink(slot)
        linkAsNewest(slot)
        return node.value
    }

    /// Keeps `value` under `key` as the most recently used, then drops the least recently used
    /// entries until the total cost fits the limit.
    mutating func insert(_ value: Value, for key: Key, cost: Int) {
        remove(key)
        let cost = max(0, cost)
        guard cost <= limit else { return }
        while totalCost + cost > limit, let oldest { remove(nodes[oldest]!.key) }
        let node = Node(key: key, value: value, cost: cost)
        let slot: Int
        if let reused = free.popLast() {
            slot = reused
            nodes[slot] = node
        } else {
            slot = nodes.count
            nodes.append(node)
        }
        slots[key] = slot
        totalCost += cost
        linkAsNewest(slot)
    }

    /// Drops the entry under `key`, if any.
    mutating func remove(_ key: Key) {
        guard let slot = slots.removeValue(forKey: key), let node = nodes[slot] else { return }
        unlink(slot)
        totalCost -= node.cost
        nodes[slot] = nil
        free.append(slot)
    }

    /// Drops every entry.
    mutating func removeAll() {
        self = MemoryCache(limit: limit)
    }

    private mutating func unlink(_ slot: Int) {
        let newer = nodes[slot]!.newer, older = nodes[slot]!.older
        if let newer { nodes[newer]!.older = older } else { newest = older }
        if let older { nodes[older]!.newer = newer } else { oldest = newer }
        nodes[slot]!.newer = nil
        nodes[slot]!.older = nil
    }

    private mutating func linkAsNewest(_ slot: Int) {
        nodes[slot]!.older = newest
        if let newest { nodes[newest]!.newer = slot }
        newest = slot
        if oldest == nil { oldest = slot }
    }
}

extension MemoryCache: Sendable where Key: Sendable, Value: Sendable {}

extension MemoryCache.Node: Sendable where Key: Sendable, Value: Sendable {}
