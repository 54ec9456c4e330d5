#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// What links one item to the others: its kind, UID, parent and whether it is a
/// changed occurrence. Read from the item's properties one at a time, so that the
/// RFC 5545 reader's first pass can gather it without building the item.
public struct ItemLinks: Sendable {
    public let isTodo: Bool
    /// The UID, unescaped and trimmed (``ItemMapper``'s reading), or `nil`.
    public private(set) var uid: String?
    /// For a VTODO, the UID its parent RELATED-TO names, or `nil`.
    public private(set) var parentUID: String?
    /// Whether it has a RECURRENCE-ID (a changed occurrence of a series).
    public private(set) var isOccurrence = false
    private var sawUID = false

    /// The links of an item with no properties yet.
    public init(isTodo: Bool) {
        self.isTodo = isTodo
    }

    /// The links of `item`. Only the properties that may be links are read as more
    /// than their name's kind.
    init(_ item: some MappedItem) {
        self.init(isTodo: item.isTodo)
        for index in 0..<item.propertyCount {
            let property = item.property(at: index)
            if property.kind.isLink { take(link: property) }
        }
    }

    /// Takes the item's next property: the first UID (as ``ItemMapper/uid(of:)`` reads
    /// it) and, for a VTODO, the first RELATED-TO naming a parent
    /// (``namesParent(_:)``) that holds a UID count; other properties are passed over.
    public mutating func take(_ property: ICalProperty) {
        take(link: property)
    }

    mutating func take(link property: some MappedProperty) {
        switch property.kind {
        case .uid where !sawUID:
            sawUID = true
            uid = property.withValueBytes { Self.identifier(bytes: $0) } ?? Self.identifier(property.value)
        case .relatedTo where isTodo && parentUID == nil:
            if Self.namesParent(property) {
                parentUID = property.withValueBytes { Self.identifier(bytes: $0) } ?? Self.identifier(property.value)
            }
        case .recurrenceID:
            isOccurrence = true
        default:
            break
        }
    }

    /// Takes the item's next property line, given as its unfolded bytes and their
    /// ``ContentLineShape`` (the RFC 5545 reader's path): as ``take(_:)`` would take it
    /// parsed, with no string made unless it is a link.
    package mutating func take(line: UnsafeBufferPointer<UInt8>, shape: ContentLineShape) {
        take(line: line, shape: shape, kind: ItemPropertyKind(line, name: 0..<shape.nameEnd))
    }

    /// ``take(line:shape:)`` for a line whose kind is known.
    mutating func take(line: UnsafeBufferPointer<UInt8>, shape: ContentLineShape, kind: ItemPropertyKind) {
        guard kind.isLink else { return }
        let view = ICalItemLines.LineView(bytes: line, line: ICalItemLines.Line(start: 0, end: line.count, nameEnd: shape.nameEnd, valueStart: shape.valueStart, kind: kind, number: 0, offset: 0))
        take(link: view)
    }

    /// Whether a RELATED-TO names the parent: no RELTYPE, or RELTYPE=PARENT in any case.
    static func namesParent(_ line: some MappedProperty) -> Bool {
        if let known = line.namesParentFast { return known }
        guard let type = line.parameter("RELTYPE") else { return true }
        return type == "PARENT" || type.uppercased() == "PARENT"
    }

    /// A UID as the mapping reads it: unescaped and trimmed, `nil` when empty.
    static func identifier(_ value: String) -> String? {
        let uid = TextValue.unescape(value).trimmingSpaces
        return uid.isEmpty ? nil : uid
    }

    /// Whether the value `uid` of a property (a parent's RELATED-TO) is, read as
    /// ``identifier(_:)`` reads it, `parentUID` (an empty one matching an empty value);
    /// compared on the bytes when both are ASCII and the value has no backslash (a
    /// non-ASCII UID can equal ASCII text as Strings compare, U+212A KELVIN SIGN and K).
    static func value(of property: some MappedProperty, isIdentifier parentUID: String) -> Bool {
        let fast: Bool?? = property.withValueBytes { value in
            guard isPlainASCII(value) else { return nil }
            let trimmed = SpaceTrim.range(of: value)
            let start = trimmed.lowerBound, end = trimmed.upperBound
            // A native string's bytes are read in place (no copy of it made first).
            return parentUID.utf8.withContiguousStorageIfAvailable { wanted -> Bool? in
                guard wanted.count == end - start else { return isPlainASCII(wanted) ? false : nil }
                guard isPlainASCII(wanted) else { return nil }
                return wanted.isEmpty || memcmp(wanted.baseAddress!, value.baseAddress! + start, wanted.count) == 0
            }
        }
        if let fast = fast ?? nil { return fast }
        return TextValue.unescape(property.value).trimmingSpaces == parentUID
    }

    /// Whether `value` is ASCII without a backslash, looked at eight bytes at a time.
    @inline(__always)
    static func isPlainASCII(_ value: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        while index + 8 <= value.count {
            let word = ByteWords.load(value, at: index)
            if word & 0x8080_8080_8080_8080 != 0 || ByteWords.equal(UInt8(ascii: "\\"), word) != 0 { return false }
            index += 8
        }
        while index < value.count {
            if value[index] >= 0x80 || value[index] == UInt8(ascii: "\\") { return false }
            index += 1
        }
        return true
    }

    /// Whether ``identifier(_:)`` of `property`'s value is not `nil`, told on the bytes
    /// when they are ASCII without a backslash.
    static func hasIdentifier(_ property: some MappedProperty) -> Bool {
        let fast: Bool? = property.withValueBytes { value in
            guard isPlainASCII(value) else { return nil }
            return value.contains { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\t") }
        }
        return fast ?? (identifier(property.value) != nil)
    }

    /// ``identifier(_:)`` of the value bytes `value` when they are ASCII without a
    /// backslash (nearly every UID): spaces and tabs trimmed on the bytes, one string
    /// made. The outer `nil` when the string path must decide.
    static func identifier(bytes value: UnsafeBufferPointer<UInt8>) -> String?? {
        guard isPlainASCII(value) else { return .none }
        let trimmed = SpaceTrim.range(of: value)
        let start = trimmed.lowerBound, end = trimmed.upperBound
        guard end > start else { return .some(nil) }
        return .some(String(decoding: UnsafeBufferPointer(rebasing: value[start..<end]), as: UTF8.self))
    }
}

/// Follows the items in input order and gives each its index and its usual owner: a
/// VEVENT owns itself; a VTODO whose parent is the VEVENT just before it (with only
/// VTODOs between) belongs to that VEVENT; any other VTODO owns itself. The first
/// pass, the review and the mapping all follow the items with one, so they agree.
struct ItemRun {
    /// Where one item stands.
    struct Place {
        var index: Int
        /// The owner the item has unless the outline moves it.
        var usualOwner: Int
        /// Whether the item is a VTODO whose parent is the VEVENT just before it.
        var followsParent: Bool
    }

    /// How many items were taken.
    private(set) var count = 0
    /// The index of the last VEVENT taken: VTODOs that follow may still be its tasks.
    private(set) var eventIndex: Int?
    private var eventUID: String?

    /// Takes the next item.
    mutating func take(_ links: ItemLinks) -> Place {
        take(links, hasParent: links.parentUID != nil) { $0 == links.parentUID }
    }

    /// Takes the next item, whose parent's UID (when `hasParent`) is not in `links` but
    /// told by `parentIs`.
    mutating func take(_ links: ItemLinks, hasParent: Bool, parentIs: (String) -> Bool) -> Place {
        let index = count
        count += 1
        guard links.isTodo else {
            eventIndex = index
            eventUID = links.uid
            return Place(index: index, usualOwner: index, followsParent: false)
        }
        if hasParent, let eventIndex, let eventUID, parentIs(eventUID) {
            return Place(index: index, usualOwner: eventIndex, followsParent: true)
        }
        return Place(index: index, usualOwner: index, followsParent: false)
    }
}

/// Finds the owner of the VTODOs a review kept: the nearest VEVENT up its chain of
/// parents, or else the top VTODO of that chain (which becomes an event); a UID that
/// several VEVENTs have names the first that is not a changed occurrence, else the
/// first. It is given every VEVENT and VTODO that has a UID it may look up, so it finds
/// what looking through all items would.
struct OwnerResolver {
    /// One VTODO kept for resolution.
    private struct Todo {
        var index: Int
        var parentUID: String?
        var place: ItemRun.Place
    }

    /// The first VEVENT for each UID (the series over a changed occurrence).
    private var eventByUID: [String: (index: Int, isOccurrence: Bool)] = [:]
    /// The first VTODO for each UID, as an index into `todos`.
    private var todoByUID: [String: Int] = [:]
    /// The kept VTODOs, in input order.
    private var todos: [Todo] = []

    /// Keeps a VEVENT whose UID a kept VTODO may name (every one with that UID is given).
    mutating func addEvent(uid: String, index: Int, isOccurrence: Bool) {
        if let known = eventByUID[uid] {
            if !isOccurrence && known.isOccurrence { eventByUID[uid] = (index, false) }
        } else {
            eventByUID[uid] = (index, isOccurrence)
        }
    }

    /// Keeps a VTODO whose owner is to be found, or through which one may be found.
    mutating func addTodo(_ links: ItemLinks, place: ItemRun.Place) {
        if let uid = links.uid, todoByUID[uid] == nil { todoByUID[uid] = todos.count }
        todos.append(Todo(index: place.index, parentUID: links.parentUID, place: place))
    }

    /// The event a VTODO's parent names, when there is one.
    private func parentEvent(of todo: Todo) -> Int? {
        guard let parent = todo.parentUID else { return nil }
        if let event = eventByUID[parent] { return event.index }
        // A parent the review did not keep is the VEVENT before, the only one with that UID.
        return todo.place.followsParent ? todo.place.usualOwner : nil
    }

    /// Calls `moved` with each kept VTODO whose owner is not its usual one, in input
    /// order (chains are followed from the first VTODO of a cycle, as the whole-tree
    /// reading did).
    func resolve(_ moved: (_ index: Int, _ owner: Int) -> Void) {
        var owners: [Int?] = Array(repeating: nil, count: todos.count)
        for start in todos.indices where owners[start] == nil {
            var chain: [Int] = []
            var current = start
            var owner: Int
            while true {
                if let known = owners[current] {
                    owner = known
                    break
                }
                chain.append(current)
                if let event = parentEvent(of: todos[current]) {
                    owner = event
                    break
                }
                guard let parent = todos[current].parentUID, let next = todoByUID[parent], !chain.contains(next) else {
                    owner = todos[current].index
                    break
                }
                current = next
            }
            for slot in chain { owners[slot] = owner }
        }
        for (slot, todo) in todos.enumerated() where owners[slot] != todo.place.usualOwner {
            moved(todo.index, owners[slot]!)
        }
    }
}
