/// A map from ``XMLNameKey``s to small integers (an index into the caller's own array of
/// values) that finds a key by its address alone, with no string hashed or compared: what
/// a reader needs to turn each start tag's name into its String or into a codec's
/// vocabulary cheaply. Open addressing with linear probing, kept at most half full.
/// ``XMLNameKey/none`` is never stored. Not generic: Swift 6.3 does not specialize a
/// `package` generic in another module, and the unspecialized lookup asked the runtime
/// for `Optional<Value>`'s metadata on every start tag.
package struct XMLNameKeyTable {
    /// The stored keys' addresses, `0` for an empty slot; a power of two of them.
    @usableFromInline var addresses: [UInt]
    /// The value of the key in the same slot.
    @usableFromInline var values: [Int]
    /// How many keys are stored.
    @usableFromInline var count = 0

    /// An empty table with room for `minimumCapacity` keys before it grows.
    @inlinable
    package init(minimumCapacity: Int = 32) {
        var capacity = 16
        while capacity < minimumCapacity * 2 { capacity *= 2 }
        addresses = Array(repeating: 0, count: capacity)
        values = Array(repeating: 0, count: capacity)
    }

    /// The value stored for `key`, or `nil`.
    @inlinable @inline(__always)
    package subscript(key: XMLNameKey) -> Int? {
        guard key.address != 0 else { return nil }
        var slot = firstSlot(key.address)
        while addresses[slot] != 0 {
            if addresses[slot] == key.address { return values[slot] }
            slot = (slot + 1) & (addresses.count - 1)
        }
        return nil
    }

    /// Stores `value` for `key`, replacing any value it had; does nothing for ``XMLNameKey/none``.
    @inlinable
    package mutating func set(_ value: Int, for key: XMLNameKey) {
        guard key.address != 0 else { return }
        if (count + 1) * 2 > addresses.count { grow() }
        var slot = firstSlot(key.address)
        while addresses[slot] != 0, addresses[slot] != key.address {
            slot = (slot + 1) & (addresses.count - 1)
        }
        if addresses[slot] == 0 { count += 1 }
        addresses[slot] = key.address
        values[slot] = value
    }

    /// Where the search for `address` starts: Fibonacci hashing of the address.
    @inlinable @inline(__always)
    func firstSlot(_ address: UInt) -> Int {
        let bits = UInt(addresses.count.trailingZeroBitCount)
        return Int(truncatingIfNeeded: (address &* 0x9E37_79B9_7F4A_7C15) >> (UInt(UInt.bitWidth) - bits))
    }

    /// Doubles the slots and stores every key again.
    @inlinable
    mutating func grow() {
        let old = zip(addresses, values)
        addresses = Array(repeating: 0, count: addresses.count * 2)
        values = Array(repeating: 0, count: addresses.count)
        count = 0
        for (address, value) in old where address != 0 {
            set(value, for: XMLNameKey(address: address))
        }
    }
}

/// Strings by ``XMLNameKey``: a ``XMLNameKeyTable`` of indices into one array of Strings,
/// for the readers that make each interned name's String once.
package struct XMLNameStrings {
    private var table: XMLNameKeyTable
    private var strings: [String] = []

    package init(minimumCapacity: Int = 32) {
        table = XMLNameKeyTable(minimumCapacity: minimumCapacity)
    }

    /// The String stored for `key`, or `nil`.
    package subscript(key: XMLNameKey) -> String? {
        guard let index = table[key] else { return nil }
        return strings[index]
    }

    /// Stores `string` for `key`, replacing any it had; does nothing for ``XMLNameKey/none``.
    package mutating func set(_ string: String, for key: XMLNameKey) {
        guard key.address != 0 else { return }
        if let index = table[key] {
            strings[index] = string
        } else {
            table.set(strings.count, for: key)
            strings.append(string)
        }
    }
}
