import Testing
@testable import AlmanacMarkdown

/// The agenda's hidden attribute line percent-encodes exactly the bytes that could end the
/// comment or split a list (control characters, `%`, `"`, `<`, `>`, `&`, DEL and the list's
/// separator), keeps every other byte as it is, and reads back what it wrote.
@Suite("Attribute line encoding")
struct AttributeLineTests {
    private func written(_ body: (inout [UInt8]) -> Void) -> String {
        var out: [UInt8] = []
        body(&out)
        return String(decoding: out, as: UTF8.self)
    }

    @Test("a value: the bytes that could end the comment are encoded, the rest kept")
    func value() {
        let text = "a%b\"c<d>e&f\u{1}g\u{7F}h\ti,j k|l~Zoë 👟"
        let line = written { AttributeLine.value("notes", text, &$0) }
        #expect(line == " notes=\"a%25b%22c%3Cd%3Ee%26f%01g%7Fh%09i,j k|l~Zoë 👟\"")
        #expect(AttributeLine.decode("a%25b%22c%3Cd%3Ee%26f%01g%7Fh%09i,j k|l~Zoë 👟") == text)
    }

    @Test("a list: the separator inside an item is encoded, between items it is not", arguments: [
        (UInt8(ascii: ","), Character(","), "Family%2C friends,%25 off,|"),
        (UInt8(ascii: " "), Character(" "), "Family,%20friends %25%20off |"),
        (UInt8(ascii: "|"), Character("|"), "Family, friends|%25 off|%7C"),
    ])
    func list(separator: UInt8, character: Character, expected: String) {
        let items = ["Family, friends", "% off", "|"]
        let line = written { AttributeLine.list("categories", items, separator: separator, &$0) }
        #expect(line == " categories=\"\(expected)\"")
        #expect(AttributeLine.decodeList(expected, separator: character) == items)
    }
}
