#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// What the first look of ``ICalendarOutlineBuilder`` needs of an item, read by the RFC
/// 5545 reader's first pass with no string made: its kind, and the UTF-8 bytes of its
/// UID and of the parent its RELATED-TO names, as ``ItemLinks`` reads them (unescaped
/// and trimmed). One value serves every item in turn (``reset(isTodo:)``), so that its
/// buffers are allocated once.
package struct ItemLinkBytes {
    /// Whether it is a VTODO (otherwise a VEVENT).
    package private(set) var isTodo = false
    /// Whether ``uid`` holds a UID (``ItemLinks/uid`` is not `nil`).
    private(set) var hasUID = false
    /// Whether ``parent`` holds a parent's UID (``ItemLinks/parentUID`` is not `nil`).
    private(set) var hasParent = false
    private var sawUID = false
    /// ``ItemLinks/uid``'s UTF-8 bytes, when ``hasUID``.
    private(set) var uid: [UInt8] = []
    /// ``ItemLinks/parentUID``'s UTF-8 bytes, when ``hasParent``.
    private(set) var parent: [UInt8] = []

    /// Empty buffers with room for a usual UID and parent link.
    package init() {
        uid.reserveCapacity(64)
        parent.reserveCapacity(64)
    }

    /// Whether a later line can still change what the first look keeps of the item: for a
    /// VEVENT, its UID until the first well-formed one is taken; for a VTODO, the parent
    /// until a RELATED-TO naming one with a UID is taken. (A VTODO's own UID and a
    /// VEVENT's RELATED-TO are kept, but ``ICalendarOutlineBuilder`` reads neither.)
    package var wantsLink: Bool { isTodo ? !hasParent : !sawUID }

    /// Starts over as a new item with no properties, keeping the buffers.
    package mutating func reset(isTodo: Bool) {
        self.isTodo = isTodo
        hasUID = false
        hasParent = false
        sawUID = false
    }

    /// Takes the item's next property line, given as its unfolded bytes and their
    /// ``ContentLineShape``, as ``ItemLinks/take(line:shape:)`` takes it.
    package mutating func take(line: UnsafeBufferPointer<UInt8>, shape: ContentLineShape) {
        take(line: line, shape: shape, kind: ItemPropertyKind(line, name: 0..<shape.nameEnd))
    }

    /// ``take(line:shape:)`` for a line whose ``ItemPropertyKind`` is known.
    package mutating func take(line: UnsafeBufferPointer<UInt8>, shape: ContentLineShape, kind: ItemPropertyKind) {
        switch kind {
        case .uid where !sawUID:
            sawUID = true
            hasUID = Self.store(Self.view(line, shape: shape, kind: kind), in: &uid)
        case .relatedTo where isTodo && !hasParent:
            let view = Self.view(line, shape: shape, kind: kind)
            if ItemLinks.namesParent(view) { hasParent = Self.store(view, in: &parent) }
        default:
            break
        }
    }

    private static func view(_ line: UnsafeBufferPointer<UInt8>, shape: ContentLineShape, kind: ItemPropertyKind) -> ICalItemLines.LineView {
        ICalItemLines.LineView(bytes: line, line: ICalItemLines.Line(start: 0, end: line.count, nameEnd: shape.nameEnd, valueStart: shape.valueStart, kind: kind, number: 0, offset: 0))
    }

    /// Puts the identifier of `property`'s value (``ItemLinks/identifier(_:)``) into
    /// `buffer` as UTF-8; `false` when it has none.
    private static func store(_ property: ICalItemLines.LineView, in buffer: inout [UInt8]) -> Bool {
        let plain: Bool = property.withValueBytes { value in
            guard ItemLinks.isPlainASCII(value) else { return false }
            let trimmed = SpaceTrim.range(of: value)
            // One call that replaces the last identifier (emptying then appending costs two).
            buffer.replaceSubrange(buffer.indices, with: UnsafeBufferPointer(rebasing: value[trimmed]))
            return true
        }
        if !plain {
            buffer.removeAll(keepingCapacity: true)
            if let identifier = ItemLinks.identifier(property.value) { buffer.append(contentsOf: identifier.utf8) }
        }
        return !buffer.isEmpty
    }

    /// Whether two identifiers given as UTF-8 are equal as strings (canonical
    /// equivalence): on the bytes, unless either is not ASCII and they differ.
    static func sameIdentifier(_ first: [UInt8], _ second: [UInt8]) -> Bool {
        let equalBytes = first.count == second.count && first.withUnsafeBufferPointer { a in
            second.withUnsafeBufferPointer { b in a.isEmpty || memcmp(a.baseAddress!, b.baseAddress!, a.count) == 0 }
        }
        if equalBytes { return true }
        if !first.contains(where: { $0 >= 0x80 }) && !second.contains(where: { $0 >= 0x80 }) { return false }
        return String(decoding: first, as: UTF8.self) == String(decoding: second, as: UTF8.self)
    }
}
