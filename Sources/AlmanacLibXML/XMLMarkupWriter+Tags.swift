/// The tags themselves, of names and texts given as UTF-8 bytes: what the `String` and the
/// `StaticString` operations share. A text with nothing to escape goes in one piece with
/// the tags around it, one room check for a whole leaf. Each returns the character XML
/// cannot hold, if there is one, for its caller to throw.
extension XMLMarkupWriter {
    /// `<name`, on a line of its own when pretty.
    @inline(__always)
    mutating func openTag(_ name: UnsafeBufferPointer<UInt8>) {
        holdsElements = true
        let layout = layoutBeforeTag()
        buffer.put(layout.count &+ 1 &+ name.count) { target in
            let tag = Buffer.store(layout, at: target)
            tag[0] = UInt8(ascii: "<")
            _ = Buffer.store(name, at: tag + 1)
        }
    }

    /// `/>` after a start tag's attributes.
    mutating func closeEmptyTag() {
        buffer.put(2) { target in
            target[0] = UInt8(ascii: "/")
            target[1] = UInt8(ascii: ">")
        }
    }

    /// Notes `name` as the innermost open element, which holds no elements yet.
    @inline(__always)
    mutating func push(_ name: UnsafeBufferPointer<UInt8>) {
        openNames.put(name.count &+ 4) { target in
            let end = Buffer.store(name, at: target)
            UnsafeMutableRawPointer(end).storeBytes(of: UInt32(truncatingIfNeeded: name.count), as: UInt32.self)
        }
        depth &+= 1
        holdsElements = false
    }

    /// `<name>` on a line of its own when pretty, left open.
    @inline(__always)
    mutating func writeStart(_ name: UnsafeBufferPointer<UInt8>) {
        holdsElements = true
        let layout = layoutBeforeTag()
        buffer.put(layout.count &+ 2 &+ name.count) { _ = Self.storeStartTag(layout, name, at: $0) }
        push(name)
    }

    /// `<name attribute="value">`, left open: in one piece when the value needs no escaping.
    @inline(__always)
    mutating func writeStart(_ name: UnsafeBufferPointer<UInt8>, _ attribute: UnsafeBufferPointer<UInt8>, _ value: UnsafeBufferPointer<UInt8>) -> XMLUnrepresentableCharacter? {
        guard Self.isPlain(value, attribute: true) else {
            openTag(name)
            if let failure = appendAttribute(attribute, value, of: name) { return failure }
            buffer.append(UInt8(ascii: ">"))
            push(name)
            return nil
        }
        holdsElements = true
        let layout = layoutBeforeTag()
        buffer.put(layout.count &+ name.count &+ attribute.count &+ value.count &+ 6) {
            _ = Self.storeStartTag(layout, name, attribute: attribute, value: value, at: $0)
        }
        push(name)
        return nil
    }

    /// `<name>text</name>`, on a line of its own when pretty: in one piece when the text
    /// needs no escaping (most texts).
    @inline(__always)
    mutating func writeLeaf(_ name: UnsafeBufferPointer<UInt8>, _ text: UnsafeBufferPointer<UInt8>) -> XMLUnrepresentableCharacter? {
        guard Self.isPlain(text, attribute: false) else {
            openTag(name)
            return closeLeaf(name, text)
        }
        holdsElements = true
        let layout = layoutBeforeTag()
        buffer.put(layout.count &+ 2 &* name.count &+ text.count &+ 5) { target in
            Self.storeEndTag(name, at: Buffer.store(text, at: Self.storeStartTag(layout, name, at: target)))
        }
        return nil
    }

    /// `<name attribute="value">text</name>`, on a line of its own when pretty: in one piece
    /// when neither the value nor the text needs escaping.
    @inline(__always)
    mutating func writeLeaf(_ name: UnsafeBufferPointer<UInt8>, _ text: UnsafeBufferPointer<UInt8>, attribute: UnsafeBufferPointer<UInt8>, value: UnsafeBufferPointer<UInt8>) -> XMLUnrepresentableCharacter? {
        guard Self.isPlain(value, attribute: true), Self.isPlain(text, attribute: false) else {
            openTag(name)
            if let failure = appendAttribute(attribute, value, of: name) { return failure }
            return closeLeaf(name, text)
        }
        holdsElements = true
        let layout = layoutBeforeTag()
        buffer.put(layout.count &+ 2 &* name.count &+ attribute.count &+ value.count &+ text.count &+ 9) { target in
            let start = Self.storeStartTag(layout, name, attribute: attribute, value: value, at: target)
            Self.storeEndTag(name, at: Buffer.store(text, at: start))
        }
        return nil
    }

    /// `>text</name>` after a leaf's start tag and attributes, the text escaped.
    mutating func closeLeaf(_ name: UnsafeBufferPointer<UInt8>, _ text: UnsafeBufferPointer<UInt8>) -> XMLUnrepresentableCharacter? {
        if Self.isPlain(text, attribute: false) {
            buffer.put(name.count &+ text.count &+ 4) { target in
                target[0] = UInt8(ascii: ">")
                Self.storeEndTag(name, at: Buffer.store(text, at: target + 1))
            }
            return nil
        }
        buffer.append(UInt8(ascii: ">"))
        if let failure = appendEscaped(text, attribute: false, field: { String(decoding: name, as: UTF8.self) }) { return failure }
        buffer.put(name.count &+ 3) { Self.storeEndTag(name, at: $0) }
        return nil
    }

    /// ` attribute="value"`, the value escaped, in the start tag of `element`.
    mutating func appendAttribute(_ attribute: UnsafeBufferPointer<UInt8>, _ value: UnsafeBufferPointer<UInt8>, of element: UnsafeBufferPointer<UInt8>) -> XMLUnrepresentableCharacter? {
        let plain = Self.isPlain(value, attribute: true)
        buffer.put(attribute.count &+ 3 &+ (plain ? value.count &+ 1 : 0)) { target in
            target[0] = UInt8(ascii: " ")
            let equals = Buffer.store(attribute, at: target + 1)
            equals[0] = UInt8(ascii: "=")
            equals[1] = UInt8(ascii: "\"")
            if plain { Buffer.store(value, at: equals + 2)[0] = UInt8(ascii: "\"") }
        }
        guard !plain else { return nil }
        let failure = appendEscaped(value, attribute: true) {
            "\(String(decoding: element, as: UTF8.self))/@\(String(decoding: attribute, as: UTF8.self))"
        }
        buffer.append(UInt8(ascii: "\""))
        return failure
    }

    /// Stores `<name>` after `layout` at `target`; returns where the bytes after it go.
    @inline(__always)
    static func storeStartTag(_ layout: Layout, _ name: UnsafeBufferPointer<UInt8>, at target: UnsafeMutablePointer<UInt8>) -> UnsafeMutablePointer<UInt8> {
        let tag = Buffer.store(layout, at: target)
        tag[0] = UInt8(ascii: "<")
        let end = Buffer.store(name, at: tag + 1)
        end[0] = UInt8(ascii: ">")
        return end + 1
    }

    /// Stores `<name attribute="value">` after `layout` at `target`, the value as it is;
    /// returns where the bytes after it go.
    @inline(__always)
    static func storeStartTag(_ layout: Layout, _ name: UnsafeBufferPointer<UInt8>, attribute: UnsafeBufferPointer<UInt8>, value: UnsafeBufferPointer<UInt8>, at target: UnsafeMutablePointer<UInt8>) -> UnsafeMutablePointer<UInt8> {
        let tag = Buffer.store(layout, at: target)
        tag[0] = UInt8(ascii: "<")
        let space = Buffer.store(name, at: tag + 1)
        space[0] = UInt8(ascii: " ")
        let equals = Buffer.store(attribute, at: space + 1)
        equals[0] = UInt8(ascii: "=")
        equals[1] = UInt8(ascii: "\"")
        let quote = Buffer.store(value, at: equals + 2)
        quote[0] = UInt8(ascii: "\"")
        quote[1] = UInt8(ascii: ">")
        return quote + 2
    }

    /// Stores `</name>` at `target`.
    @inline(__always)
    static func storeEndTag(_ name: UnsafeBufferPointer<UInt8>, at target: UnsafeMutablePointer<UInt8>) {
        target[0] = UInt8(ascii: "<")
        target[1] = UInt8(ascii: "/")
        Buffer.store(name, at: target + 2)[0] = UInt8(ascii: ">")
    }
}
