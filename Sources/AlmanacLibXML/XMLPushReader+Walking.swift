import AlmanacCore

/// Walking elements: the operations a codec's model reader calls for each element, as
/// ``XMLTextReader`` has them.
extension XMLPushReader {
    /// The first element of the document (the root), past the prolog.
    package func rootElement() throws -> XMLPushTag {
        while let event = try next() {
            switch event.kind {
            case .start: return try self.tag(event)
            case .reference: throw XMLReadError.entityReference(string(of: event), at: sourceMap.position(line: Int(event.line), column: 1))
            case .end, .text: continue
            }
        }
        throw XMLReadError.malformed("the document has no root element", at: sourceMap.position(line: 1, column: 1))
    }

    /// Reads to the end of the input after the root element, so that libxml2 checks it.
    package func finish() throws {
        while try next() != nil {}
    }

    /// Calls `body` for each child element of `tag`; `body` must consume the child
    /// (``text(of:)``, ``capture(_:)``, ``skip(_:)`` or ``children(of:_:)``). Text other
    /// than white space is an error; comments and processing instructions are skipped.
    package func children(of tag: XMLPushTag, _ body: (XMLPushTag) throws -> Void) throws {
        while let child = try nextChild(of: tag) { try body(child) }
    }

    /// The next child element of `tag`, or `nil` at its end tag (after which it must not be
    /// asked again): ``children(of:_:)`` as a loop, for a reader that keeps what it reads in
    /// local variables rather than in what a closure captures. The caller must consume each
    /// child before asking for the next.
    package func nextChild(of tag: XMLPushTag) throws -> XMLPushTag? {
        guard !tag.isEmpty else { return nil }
        let depth = Int32(tag.depth)
        while let event = try next() {
            switch event.kind {
            case .start:
                return try self.tag(event)
            case .end:
                if event.depth == depth { return nil }
            case .text:
                if !isWhitespace(event) {
                    throw XMLReadError.unexpectedText(string(of: event), in: "<\(qualifiedName(of: tag))>", at: sourceMap.position(line: line(of: event), column: 1))
                }
            case .reference:
                throw XMLReadError.entityReference(string(of: event), at: sourceMap.position(line: Int(event.line), column: 1))
            }
        }
        throw XMLReadError.malformed("the input ends inside <\(qualifiedName(of: tag))>", at: sourceMap.position(line: parserLine, column: 1))
    }

    /// Whether a text event is white space only.
    private func isWhitespace(_ event: XMLEvent) -> Bool {
        withBytes(of: event) { text in
            for byte in text {
                switch byte {
                case 0x20, 0x09, 0x0A, 0x0D: continue
                default: return false
                }
            }
            return true
        }
    }

    /// The text content of `tag`, which must hold no element: text, CDATA and white
    /// space joined, references resolved, nothing trimmed.
    package func text(of tag: XMLPushTag) throws -> String {
        guard !tag.isEmpty else { return "" }
        let depth = Int32(tag.depth)
        var result = ""
        while let event = try next() {
            switch event.kind {
            case .text:
                if result.isEmpty { result = string(of: event) } else { result += string(of: event) }
            case .end:
                guard event.depth == depth else { continue }
                if event.space > 0 { result += foldedSpace(of: event) }
                return result
            case .start:
                let child = try self.tag(event)
                throw XMLReadError.unexpectedElement(qualifiedName(of: child), in: "<\(qualifiedName(of: tag))>", at: position(child))
            case .reference:
                throw XMLReadError.entityReference(string(of: event), at: position(tag))
            }
        }
        throw XMLReadError.malformed("the input ends inside <\(qualifiedName(of: tag))>", at: position(tag))
    }

    /// Calls `body` with the bytes of ``text(of:)``, with no String made when the element
    /// holds one run of text the reader has at hand (the common case); else with the
    /// String's. What `body` returns is returned; the bytes are valid only inside it.
    package func withText<Result>(of tag: XMLPushTag, _ body: (UnsafeBufferPointer<UInt8>) throws -> Result) throws -> Result {
        let first = buffer.pointee.nextEvent
        if !tag.isEmpty, tagsToSkip == 0, first + 1 < buffer.pointee.events.count {
            let text = buffer.pointee.events[first]
            let end = buffer.pointee.events[first + 1]
            if text.kind == .text, end.kind == .end, end.depth == Int32(tag.depth), end.space == 0 {
                buffer.pointee.nextEvent = first + 2
                tagsHandedOut += 1
                if text.inInput { return try body(UnsafeBufferPointer(rebasing: bytes[Int(text.first)..<Int(text.last)])) }
                return try buffer.pointee.text.withUnsafeBufferPointer { try body(UnsafeBufferPointer(rebasing: $0[Int(text.first)..<Int(text.last)])) }
            }
        }
        var text = try text(of: tag)
        return try text.withUTF8(body)
    }

    /// Consumes `tag` and everything inside it.
    package func skip(_ tag: XMLPushTag) throws {
        guard !tag.isEmpty else { return }
        let depth = Int32(tag.depth)
        while let event = try next() {
            switch event.kind {
            case .end where event.depth == depth: return
            case .reference: throw XMLReadError.entityReference(string(of: event), at: position(tag))
            default: continue
            }
        }
    }

    /// `tag` and everything inside it as an element tree (see ``XMLCapturedElement``):
    /// name, namespace, attributes, and text and child elements in order. Comments and
    /// processing instructions are dropped.
    package func capture(_ tag: XMLPushTag) throws -> XMLCapturedElement {
        var element = XMLCapturedElement(name: localName(of: tag), namespace: namespace(of: tag), attributes: attributes(of: tag), content: [])
        guard !tag.isEmpty else { return element }
        let depth = Int32(tag.depth)
        /// Appends text, joined to text just before.
        func append(_ text: String) {
            if case .text(let previous)? = element.content.last {
                element.content[element.content.count - 1] = .text(previous + text)
            } else {
                element.content.append(.text(text))
            }
        }
        while let event = try next() {
            if event.space > 0 { append(foldedSpace(of: event)) }
            switch event.kind {
            case .start:
                element.content.append(.element(try capture(try self.tag(event))))
            case .text:
                append(string(of: event))
            case .end:
                if event.depth == depth { return element }
            case .reference:
                throw XMLReadError.entityReference(string(of: event), at: position(tag))
            }
        }
        throw XMLReadError.malformed("the input ends inside <\(qualifiedName(of: tag))>", at: position(tag))
    }
}
