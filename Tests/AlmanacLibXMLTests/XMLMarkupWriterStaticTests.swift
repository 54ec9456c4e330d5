import AlmanacLibXML
import Testing

/// The XML kit writer's operations on names known when compiling (`StaticString`s) and its
/// items appended one writer after another: the same bytes and errors as the `String` ones.
@Suite("XML kit writer, static names")
struct XMLMarkupWriterStaticTests {
    /// Texts that go out whole, that are escaped, at every length around the word sizes.
    private static let texts: [String] = [
        "", "x", "true", "2026-06-01T10:00:00Z", "Häagen Street 5, Zürich 👟", "a & b", "<tag>", "x > y",
        "line\nbreak\tand tab", "cr\r\nlf", "\"quoted\" 'single'", "\u{FEFF}bom", "\u{FFFD}", "ends with \n",
        String(repeating: "long text ", count: 30), String(repeating: "long text ", count: 30) + "&",
    ] + (0..<34).map { String(repeating: "é", count: $0 / 2) + String(repeating: "b", count: $0 % 2) + (($0 % 3 == 0) ? "<" : "") }

    private func both(pretty: Bool, _ strings: (inout XMLMarkupWriter) throws -> Void, _ statics: (inout XMLMarkupWriter) throws -> Void) throws {
        var a = XMLMarkupWriter(pretty: pretty), b = XMLMarkupWriter(pretty: pretty)
        try strings(&a)
        try statics(&b)
        #expect(String(decoding: b.bytes, as: UTF8.self) == String(decoding: a.bytes, as: UTF8.self))
    }

    @Test("elements, leaves, attributes and empty elements named by StaticStrings are written as those named by Strings", arguments: [true, false])
    func sameBytes(pretty: Bool) throws {
        let foreign = [XMLAttribute(localName: "lang", namespace: "http://www.w3.org/XML/1998/namespace", value: "de")]
        try both(pretty: pretty, { writer in
            writer.declaration()
            try writer.start("root", attributes: [("xmlns", "urn:r")])
            for text in Self.texts {
                try writer.start("item", attribute: (name: "id", value: text))
                try writer.leaf("text", text)
                try writer.leaf("time", text, attribute: (name: "timeZone", value: text))
                try writer.leaf("plain", text, attribute: (name: "timeZone", value: "Europe/Zurich"))
                try writer.empty("color", attributes: [("red", text), ("alpha", "1")])
                try writer.start("group")
                try writer.leaf("made", text)
                writer.end()
                try writer.start("kept", attribute: (name: "id", value: text), foreign: foreign)
                try writer.empty("e")
                writer.end()
                writer.end()
            }
            writer.end()
            writer.finish()
        }, { writer in
            writer.declaration()
            try writer.start("root", attributes: [("xmlns", "urn:r")])
            for text in Self.texts {
                try writer.start("item", attribute: "id", value: text)
                try writer.leaf("text" as StaticString, text)
                try writer.leaf("time", text, attribute: "timeZone", value: text)
                try writer.leaf("plain", attribute: "timeZone", value: "Europe/Zurich") { $0.append(contentsOf: text.utf8) }
                writer.openTag("color" as StaticString)
                try writer.attribute("red", text, of: "color")
                try writer.attribute("alpha", "1", of: "color")
                writer.closeEmptyElement()
                writer.start("group" as StaticString)
                try writer.leaf("made", attribute: "unused", value: nil) { $0.append(contentsOf: text.utf8) }
                writer.end()
                try writer.start("kept", attribute: "id", value: text, foreign: foreign)
                writer.empty("e" as StaticString)
                writer.end()
                writer.end()
            }
            writer.end()
            writer.finish()
        })
    }

    @Test("characters XML 1.0 cannot hold throw the same error through either kind of name", arguments: ["\u{1}", "a\u{1B}b", "\u{FFFE}", "long enough to take words \u{FFFF} of it"])
    func sameErrors(text: String) throws {
        var writer = XMLMarkupWriter(pretty: true)
        try writer.start("r")
        writer.start("s" as StaticString)
        let codePoint = text.unicodeScalars.first { $0.value < 0x20 || $0.value >= 0xFFFE }!.value
        #expect(throws: XMLUnrepresentableCharacter(codePoint: codePoint, field: "t", openElements: ["r", "s"])) { try writer.leaf("t" as StaticString, text) }
        #expect(throws: XMLUnrepresentableCharacter(codePoint: codePoint, field: "t", openElements: ["r", "s"])) {
            try writer.leaf("t", attribute: "z", value: nil) { $0.append(contentsOf: text.utf8) }
        }
        #expect(throws: XMLUnrepresentableCharacter(codePoint: codePoint, field: "t/@v", openElements: ["r", "s"])) { try writer.start("t", attribute: "v", value: text) }
        #expect(throws: XMLUnrepresentableCharacter(codePoint: codePoint, field: "t/@v", openElements: ["r", "s"])) { try writer.leaf("t", "x", attribute: "v", value: text) }
        #expect(throws: XMLUnrepresentableCharacter(codePoint: codePoint, field: "c/@v", openElements: ["r", "s"])) { try writer.attribute("v", text, of: "c") }
    }

    @Test("open elements keep their names, static, made at run time, not ASCII or empty, in order")
    func openElements() throws {
        var writer = XMLMarkupWriter(pretty: false, depth: 2)
        try writer.start("größe")
        writer.start("static" as StaticString)
        try writer.start("x", attribute: "id", value: "1")
        #expect(writer.openElements == ["", "", "größe", "static", "x"])
        writer.end()
        writer.end()
        writer.end()
        #expect(writer.openElements == ["", ""])
        #expect(String(decoding: writer.bytes, as: UTF8.self) == #"<größe><static><x id="1"></x></static></größe>"#)
    }

    @Test("one writer appends items to the bytes it is given as a continuing writer would, and closes what an item left open")
    func appendItems() throws {
        var bytes = Array("head\n".utf8)
        var continuing = XMLMarkupWriter(pretty: true, depth: 1, continuing: bytes)
        try continuing.start("item", attribute: (name: "id", value: "1"))
        try continuing.leaf("t", "a")
        continuing.end()
        let expected = String(decoding: continuing.takeBytes(), as: UTF8.self) + "\n" + #"  <item id="2"/>"#

        var writer = XMLMarkupWriter(pretty: true, depth: 1)
        try writer.append(to: &bytes) { writer in
            try writer.start("item", attribute: "id", value: "1")
            try writer.leaf("t" as StaticString, "a")
            writer.end()
        }
        bytes.append(UInt8(ascii: "\n"))
        struct Stop: Error {}
        #expect(throws: Stop.self) {
            try writer.append(to: &bytes) { writer in
                writer.start("open" as StaticString)
                writer.start("deeper" as StaticString)
                throw Stop()
            }
        }
        bytes.removeLast(bytes.count - expected.utf8.count + #"  <item id="2"/>"#.utf8.count)
        try writer.append(to: &bytes) { writer in
            writer.openTag("item" as StaticString)
            try writer.attribute("id", "2", of: "item")
            writer.closeEmptyElement()
        }
        #expect(writer.openElements == [""])
        #expect(String(decoding: bytes, as: UTF8.self) == expected)
    }
}
