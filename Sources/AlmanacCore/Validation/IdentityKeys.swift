/// 64-bit keys of item identities (``ItemIdentity``: an id and a recurrence id) for
/// ``StreamValidator``'s `unique-ids` check, made of plain integers: the id's hash, worked out
/// once per series for its occurrences, mixed with each field of the recurrence id.
///
/// Equal identities get equal keys: the key is a function of the fields ``CalendarTime``'s
/// equality compares (its kind, every field of its date and time, its zone's name). Each step
/// mixes one word into the key with a bijection (MurmurHash3's 64-bit finalizer), so that two
/// different identities get one key with a chance of about 2⁻⁶⁴.
enum IdentityKeys {
    /// The key of an id, from Swift's hash of the string.
    static func id(_ id: String) -> UInt64 {
        var hasher = Hasher()
        hasher.combine(id)
        return UInt64(bitPattern: Int64(hasher.finalize()))
    }

    /// The key of a zone's name.
    static func zone(_ name: String) -> UInt64 {
        var hasher = Hasher()
        hasher.combine(name)
        return UInt64(bitPattern: Int64(hasher.finalize()))
    }

    /// The key of the identity with the id of key `id` and `recurrenceID`; `zone` is the key
    /// of a zoned recurrence id's zone name (``zone(_:)``), 0 otherwise.
    @inline(__always)
    static func identity(id: UInt64, recurrenceID: CalendarTime?, zone: UInt64) -> UInt64 {
        guard let recurrenceID else { return mix(id, 0) }
        switch recurrenceID {
        case .date(let day):
            return mix(mix(mix(mix(id, 1), UInt64(bitPattern: Int64(day.year))), UInt64(bitPattern: Int64(day.month))), UInt64(bitPattern: Int64(day.day)))
        case .utc(let value): return civil(value, mix(id, 2))
        case .floating(let value): return civil(value, mix(id, 3))
        case .zoned(let value, _): return civil(value, mix(mix(id, 4), zone))
        }
    }

    @inline(__always)
    private static func civil(_ value: CivilDateTime, _ key: UInt64) -> UInt64 {
        var key = mix(key, UInt64(bitPattern: Int64(value.date.year)))
        key = mix(key, UInt64(bitPattern: Int64(value.date.month)))
        key = mix(key, UInt64(bitPattern: Int64(value.date.day)))
        key = mix(key, UInt64(bitPattern: Int64(value.hour)))
        key = mix(key, UInt64(bitPattern: Int64(value.minute)))
        key = mix(key, UInt64(bitPattern: Int64(value.second)))
        return mix(key, UInt64(bitPattern: Int64(value.nanosecond)))
    }

    /// `word` mixed into `key`: for a given key, a bijection of the word.
    @inline(__always)
    static func mix(_ key: UInt64, _ word: UInt64) -> UInt64 {
        var value = (key &+ 0x9E37_79B9_7F4A_7C15) ^ word
        value ^= value >> 33
        value &*= 0xFF51_AFD7_ED55_8CCD
        value ^= value >> 33
        value &*= 0xC4CE_B9FE_1A85_EC53
        value ^= value >> 33
        return value
    }
}

/// A set of 64-bit keys in one flat table (open addressing, linear probing): 8 bytes a key
/// and no second hash of a key that is already one.
struct KeySet: Sendable {
    private var slots: [UInt64]
    private var mask: Int
    private(set) var count = 0
    /// Whether the key 0, which marks an empty slot, is in the set.
    private var hasZero = false

    init(capacity: Int = 0) {
        let size = Self.size(for: capacity)
        slots = Array(repeating: 0, count: size)
        mask = size - 1
    }

    /// The table's size for `count` keys: a power of two at most three quarters full.
    private static func size(for count: Int) -> Int {
        var size = 16
        while size * 3 < count * 4 { size *= 2 }
        return size
    }

    /// Makes room for `count` keys in all.
    mutating func reserve(_ count: Int) {
        guard slots.count * 3 < count * 4 else { return }
        rehash(Self.size(for: count))
    }

    /// Adds `key`; `false` when it was in the set already.
    mutating func insert(_ key: UInt64) -> Bool {
        if key == 0 {
            defer { hasZero = true }
            return !hasZero
        }
        if (count + 1) * 4 > slots.count * 3 { rehash(slots.count * 2) }
        let mask = mask
        let inserted = slots.withUnsafeMutableBufferPointer { slots -> Bool in
            var index = Int(truncatingIfNeeded: key) & mask
            while true {
                let slot = slots[index]
                if slot == key { return false }
                if slot == 0 {
                    slots[index] = key
                    return true
                }
                index = (index + 1) & mask
            }
        }
        if inserted { count += 1 }
        return inserted
    }

    /// Whether `key` is in the set.
    func contains(_ key: UInt64) -> Bool {
        if key == 0 { return hasZero }
        return slots.withUnsafeBufferPointer { slots in
            var index = Int(truncatingIfNeeded: key) & mask
            while true {
                let slot = slots[index]
                if slot == key { return true }
                if slot == 0 { return false }
                index = (index + 1) & mask
            }
        }
    }

    /// Calls `body` with each key, in no particular order.
    func forEach(_ body: (UInt64) -> Void) {
        if hasZero { body(0) }
        for key in slots where key != 0 { body(key) }
    }

    private mutating func rehash(_ size: Int) {
        let old = slots
        slots = Array(repeating: 0, count: size)
        mask = size - 1
        count = 0
        for key in old where key != 0 { _ = insert(key) }
    }
}
