import AlmanacCore

/// Start tags: what ``XMLPushReader`` hands out for each (``XMLPushTag``), and the Strings
/// of their names and attributes, made only when asked for.
extension XMLPushReader {
    /// The start tag of `event`, the element just handed out. Throws
    /// ``XMLReadError/tooDeep(limit:at:)`` past ``maximumDepth``, and
    /// ``XMLReadError/entityReference(_:at:)`` for an attribute value that refers to a
    /// DTD-declared entity.
    func tag(_ event: XMLEvent) throws -> XMLPushTag {
        let tag = XMLPushTag(
            localNameKey: XMLNameKey(address: event.localName), namespaceKey: XMLNameKey(address: event.namespace),
            qualifiedNameKey: XMLNameKey(address: event.qualifiedName), isEmpty: event.isEmpty, depth: Int(event.depth),
            line: Int(event.line), occurrence: buffer.pointee.markOccurrence, offset: Int(event.source),
            firstAttribute: event.first, attributeEnd: max(event.first, event.last)
        )
        guard tag.depth < maximumDepth else { throw XMLReadError.tooDeep(limit: maximumDepth, at: position(tag)) }
        for index in Int(tag.firstAttribute)..<Int(tag.attributeEnd) where buffer.pointee.attributes[index].hasReference {
            if let refused = resolving(buffer.pointee.attributes[index]).refused { throw XMLReadError.entityReference(refused, at: position(tag)) }
        }
        return tag
    }

    /// The start tag `tag` with its Strings and its attributes, as ``XMLTextReader`` gives one.
    package func startTag(of tag: XMLPushTag) -> XMLStartTag {
        XMLStartTag(
            localName: localName(of: tag), namespace: namespace(of: tag), qualifiedName: qualifiedName(of: tag), isEmpty: tag.isEmpty,
            depth: tag.depth, attributes: attributes(of: tag), mark: mark(of: tag), localNameKey: tag.localNameKey, namespaceKey: tag.namespaceKey
        )
    }

    /// The name of `tag` without its prefix.
    package func localName(of tag: XMLPushTag) -> String { name(tag.localNameKey.address) }

    /// The name of `tag` as written, prefix included.
    package func qualifiedName(of tag: XMLPushTag) -> String { name(tag.qualifiedNameKey.address) }

    /// The namespace URI of `tag`, `""` for none.
    package func namespace(of tag: XMLPushTag) -> String { namespace(tag.namespaceKey.address) }

    /// Where `tag` is, as a mark to be placed later.
    package func mark(of tag: XMLPushTag) -> XMLNodeMark {
        XMLNodeMark(line: tag.line, qualifiedName: qualifiedName(of: tag), occurrence: tag.occurrence, offset: tag.offset)
    }

    /// Where `tag` begins: its `<`.
    package func position(_ tag: XMLPushTag) -> SourcePosition {
        if tag.offset >= 0, let fast { return fast.pointee.position(of: tag.offset) }
        return position(mark(of: tag))
    }

    // MARK: Attributes

    /// The interned local name and namespace of attribute `index` of `tag`.
    package func attributeName(_ index: Int, of tag: XMLPushTag) -> (localName: XMLNameKey, namespace: XMLNameKey) {
        let attribute = buffer.pointee.attributes[Int(tag.firstAttribute) + index]
        return (XMLNameKey(address: attribute.localName), XMLNameKey(address: attribute.namespace))
    }

    /// The value of attribute `index` of `tag`.
    package func attributeValue(_ index: Int, of tag: XMLPushTag) -> String {
        let attribute = buffer.pointee.attributes[Int(tag.firstAttribute) + index]
        if attribute.hasReference { return resolving(attribute).value }
        if attribute.inInput { return String(decoding: UnsafeBufferPointer(rebasing: bytes[Int(attribute.first)..<Int(attribute.last)]), as: UTF8.self) }
        return string(attribute.first, attribute.last)
    }

    /// Whether the value of attribute `index` of `tag` is `text`, byte for byte.
    package func attributeValue(_ index: Int, of tag: XMLPushTag, is text: String) -> Bool {
        let attribute = buffer.pointee.attributes[Int(tag.firstAttribute) + index]
        guard !attribute.hasReference else { return resolving(attribute).value.utf8.elementsEqual(text.utf8) }
        var text = text
        return text.withUTF8 { expected in
            guard attribute.inInput else {
                return buffer.pointee.text.withUnsafeBufferPointer { $0[Int(attribute.first)..<Int(attribute.last)].elementsEqual(expected) }
            }
            return bytes[Int(attribute.first)..<Int(attribute.last)].elementsEqual(expected)
        }
    }

    /// Attribute `index` of `tag` with its Strings.
    package func attribute(_ index: Int, of tag: XMLPushTag) -> XMLAttribute {
        let (localName, namespace) = attributeName(index, of: tag)
        return XMLAttribute(localName: name(localName.address), namespace: name(namespace.address), value: attributeValue(index, of: tag))
    }

    /// The attributes of `tag` in document order, namespace declarations left out.
    package func attributes(of tag: XMLPushTag) -> [XMLAttribute] {
        guard tag.attributeCount > 0 else { return [] }
        return (0..<tag.attributeCount).map { attribute($0, of: tag) }
    }

    /// An attribute value holding `&`: libxml2 leaves `&#38;` for a literal `&`, and the
    /// reference itself for a DTD-declared entity, which is refused: the value with `&#38;`
    /// resolved, and the name of the first entity refused, if any.
    private func resolving(_ attribute: XMLEventAttribute) -> (value: String, refused: String?) {
        var value: [UInt8] = []
        var refused: String?
        var index = Int(attribute.first)
        let end = Int(attribute.last)
        while index < end {
            let byte = buffer.pointee.text[index]
            guard byte == UInt8(ascii: "&") else {
                value.append(byte)
                index += 1
                continue
            }
            var close = index + 1
            while close < end, buffer.pointee.text[close] != UInt8(ascii: ";") { close += 1 }
            let reference = string(Int32(index + 1), Int32(close))
            if reference == "#38" {
                value.append(UInt8(ascii: "&"))
            } else if refused == nil {
                refused = reference
            }
            index = close + 1
        }
        return (String(decoding: value, as: UTF8.self), refused)
    }
}
