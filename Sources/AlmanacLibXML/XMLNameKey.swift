import CLibXML2

/// A name as libxml2's reader interned it in its dictionary (an element's local name or
/// namespace URI). Within one reader two keys are equal exactly when the names are, so a
/// codec matches names by comparing integers instead of strings: it interns its own
/// vocabulary once with ``XMLTextReader/key(for:)`` and compares each start tag's
/// ``XMLStartTag/localNameKey`` and ``XMLStartTag/namespaceKey`` with those.
///
/// Keys from different readers mean nothing to each other.
package struct XMLNameKey: Hashable, Sendable {
    /// The address of the interned name, `0` for none.
    @usableFromInline let address: UInt

    /// No name: the key of an element in no namespace.
    @inlinable
    package static var none: XMLNameKey { XMLNameKey(address: 0) }

    /// Whether two keys are of the same name (inlined where keys are compared, in other
    /// modules too, rather than called through `Equatable`).
    @inlinable
    package static func == (left: XMLNameKey, right: XMLNameKey) -> Bool {
        left.address == right.address
    }

    @usableFromInline
    init(address: UInt) {
        self.address = address
    }

    init(_ pointer: UnsafePointer<xmlChar>?) {
        address = UInt(bitPattern: pointer)
    }
}

/// The Strings of the names libxml2 interned in the reader's dictionary, made once per
/// name rather than once per node.
///
/// A name is kept only when the dictionary owns it: dictionary strings live, unchanged,
/// as long as the reader, so their address stands for their text. Any other pointer is
/// turned into a new String each time.
struct XMLNameCache {
    private var strings = XMLNameStrings(minimumCapacity: 64)

    /// The text at `pointer` (`""` for `nil`); `dictionary` is the reader's, if known.
    mutating func string(_ pointer: UnsafePointer<xmlChar>?, dictionary: OpaquePointer?) -> String {
        guard let pointer else { return "" }
        let key = XMLNameKey(pointer)
        if let known = strings[key] { return known }
        let text = String(cString: pointer)
        if let dictionary, xmlDictOwns(dictionary, pointer) == 1 {
            strings.set(text, for: key)
        }
        return text
    }
}
