import AlmanacCore
import AlmanacLibXML

/// The almanac XML writer is the XML kit's byte-appending writer (``XMLMarkupWriter``,
/// which escapes and lays out); this file adds what the vocabulary needs on top of it:
/// its elements named by ``XMLElementName``, whose bytes the kit copies as they are.
typealias XMLWriter = XMLMarkupWriter

extension XMLMarkupWriter {
    /// Opens `<name>`; close it with ``end()``.
    mutating func start(_ name: XMLElementName) {
        start(name.literal)
    }

    /// Opens `<name attribute="value" foreign…>`; close it with ``end()``.
    mutating func start(_ name: XMLElementName, _ attribute: StaticString, _ value: String, foreign: [XMLAttribute] = []) throws(XMLUnrepresentableCharacter) {
        try start(name.literal, attribute: attribute, value: value, foreign: foreign)
    }

    /// Opens `<name foreign…>`; close it with ``end()``.
    mutating func start(_ name: XMLElementName, foreign: [XMLAttribute]) throws(XMLUnrepresentableCharacter) {
        guard foreign.isEmpty else { return try start(name.text, foreign: foreign) }
        start(name.literal)
    }

    /// A leaf when `text` is there, nothing otherwise.
    mutating func leaf(_ name: XMLElementName, _ text: String?) throws(XMLUnrepresentableCharacter) {
        guard let text else { return }
        try leaf(name.literal, text)
    }

    /// `<name/>`.
    mutating func empty(_ name: XMLElementName) {
        empty(name.literal)
    }

    /// A wrapper element `<name>` with one `<child>` leaf per text, left out when empty.
    mutating func list(_ name: XMLElementName, _ child: XMLElementName, _ texts: [String]) throws(XMLUnrepresentableCharacter) {
        guard !texts.isEmpty else { return }
        start(name.literal)
        for text in texts { try leaf(child.literal, text) }
        end()
    }

    /// An element kept from an input, written back as it was.
    mutating func unknown(_ element: XMLUnknownElement, defaultNamespace: String) throws(XMLUnrepresentableCharacter) {
        try captured(element, defaultNamespace: defaultNamespace)
    }

    /// Runs `body`, which writes the item (or document part) `context` names (`events[1]`),
    /// turning a character XML cannot hold into ``XMLEncodingError``.
    static func writing<Result>(_ context: @autoclosure () -> String, _ body: () throws -> Result) throws -> Result {
        do {
            return try body()
        } catch let failure as XMLUnrepresentableCharacter {
            // The field is the element path inside the item: the root and the item's own element left out.
            let inside = failure.openElements.dropFirst(2) + [failure.field]
            throw XMLEncodingError.unrepresentableCharacter(codePoint: failure.codePoint, field: "\(context()) <\(inside.joined(separator: "/"))>")
        }
    }
}
