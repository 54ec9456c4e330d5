#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import AlmanacCore
import AlmanacJSONKit

/// What the model reader remembers from one item to the next of a document: calendars
/// repeat the same few alarms, colors, places, zones and task texts on many items, and an
/// item whose bytes spell one of them again gets the value read before (shared, not built
/// and freed again). Off (``isEnabled`` false) for a reader of one item alone, which has
/// nothing to share with.
struct JSONReadMemo {
    /// Whether values are looked up and remembered at all.
    let isEnabled: Bool
    /// An event's `extras` objects: their bags, and the extras they make on their own.
    var extras = RepeatedObjects<(bags: [OpaqueMember], extras: Extras)>()
    /// Color objects (`{"red": …}`) read without a warning.
    var colors = RepeatedObjects<RGBAColor>()
    /// Short strings, which repeat from item to item (places, zones, categories, task texts).
    var strings = RepeatedStrings()
    /// Time zone names found to be IANA zones.
    private var zones: [String] = []

    init(isEnabled: Bool = false) {
        self.isEnabled = isEnabled
    }

    /// Whether `zone` is an IANA time zone name (``TimeZoneNames/isKnown(_:)``), asked once per name.
    mutating func isKnownZone(_ zone: String) -> Bool {
        if zones.contains(zone) { return true }
        guard TimeZoneNames.isKnown(zone) else { return false }
        if isEnabled, zones.count < 8 { zones.append(zone) }
        return true
    }
}

/// The values of the last few different JSON objects read, by their bytes: an object whose
/// bytes (from its `{` to its `}`) equal those of one read before, at the same depth, reads
/// as the same value, since nothing after its closing brace takes part in reading it.
struct RepeatedObjects<Value> {
    private static var capacity: Int { 8 }
    private var known: [(bytes: [UInt8], depth: Int, value: Value)] = []
    /// The slot the next object not remembered replaces, once all are taken.
    private var nextSlot = 0

    /// The value of the object at the scanner (its `{` next) when its bytes are remembered,
    /// the scanner then past it; `nil`, nothing read, when they are not.
    func value(at scanner: inout JSONScanner) -> Value? {
        let start = scanner.index
        let available = scanner.bytes.count - start
        guard let base = scanner.bytes.baseAddress, !known.isEmpty else { return nil }
        for slot in known.indices where known[slot].depth == scanner.depth {
            let count = known[slot].bytes.count
            guard count <= available else { continue }
            let same = known[slot].bytes.withUnsafeBufferPointer { memcmp($0.baseAddress!, base + start, count) == 0 }
            if same {
                scanner.index = start + count
                return known[slot].value
            }
        }
        return nil
    }

    /// Remembers `value` as what the object read from `start` to the scanner's index, at
    /// `depth`, holds; an object cut short by the end of the bytes is not remembered.
    mutating func remember(_ value: Value, from start: Int, depth: Int, _ scanner: JSONScanner) {
        guard !scanner.ranOut, scanner.index > start, scanner.bytes[start] == UInt8(ascii: "{") else { return }
        let entry = (Array(UnsafeBufferPointer(rebasing: scanner.bytes[start..<scanner.index])), depth, value)
        if known.count < Self.capacity {
            known.append(entry)
        } else {
            known[nextSlot] = entry
            nextSlot = (nextSlot + 1) % Self.capacity
        }
    }
}

/// Strings of up to ``longest`` bytes made before, kept in a table of 256 by a hash of their
/// bytes: a string whose bytes are in its slot is the String made before, with no new
/// check of its UTF-8 and no allocation; any other replaces what the slot held.
struct RepeatedStrings {
    /// The longest string kept.
    static let longest = 32
    private static let slotCount = 256
    /// The bytes of each slot's string, ``longest`` bytes a slot.
    private var bytes: [UInt8] = []
    private var texts: [(count: Int, text: String)] = []

    /// The text of `content`, checked UTF-8 without escapes.
    mutating func text(_ content: UnsafeBufferPointer<UInt8>) -> String {
        let count = content.count
        guard count > 0, count <= Self.longest, let base = content.baseAddress else { return String(decoding: content, as: UTF8.self) }
        if texts.isEmpty {
            bytes = Array(repeating: 0, count: Self.slotCount * Self.longest)
            texts = Array(repeating: (0, ""), count: Self.slotCount)
        }
        var hash = UInt64(count) &* 0x9E37_79B9_7F4A_7C15
        hash ^= UInt64(base[0]) | UInt64(base[count &- 1]) << 8 | UInt64(base[count &>> 1]) << 16 | UInt64(base[count &>> 2]) << 24
        hash &*= 0xBF58_476D_1CE4_E5B9
        let slot = Int(truncatingIfNeeded: hash >> 56)
        let offset = slot &* Self.longest
        if texts[slot].count == count {
            let same = bytes.withUnsafeBufferPointer { memcmp($0.baseAddress! + offset, base, count) == 0 }
            if same { return texts[slot].text }
        }
        let text = String(decoding: content, as: UTF8.self)
        bytes.withUnsafeMutableBufferPointer { ($0.baseAddress! + offset).update(from: base, count: count) }
        texts[slot] = (count, text)
        return text
    }
}
