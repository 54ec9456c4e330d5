import AlmanacCore
@testable import AlmanacLibXML
import Testing

/// Interned name keys, the table keyed by them, and element positions on long lines.
@Suite("Name keys and positions")
struct XMLNameKeyTests {
    /// Runs `body` with a reader over `text`.
    private func read<Result>(_ text: String, _ body: (XMLTextReader) throws -> Result) throws -> Result {
        try Array(text.utf8).withUnsafeBufferPointer { buffer in
            try XMLTextReader.reading(buffer, body)
        }
    }

    @Test("start tags carry the keys of their interned local name and namespace")
    func keys() throws {
        let text = #"<r xmlns="urn:a"><a/><b:a xmlns:b="urn:b"/><c xmlns=""/></r>"#
        try read(text) { cursor in
            let root = try cursor.rootElement()
            #expect(root.namespaceKey == cursor.key(for: "urn:a"))
            #expect(root.localNameKey == cursor.key(for: "r"))
            var found: [(XMLNameKey, XMLNameKey)] = []
            try cursor.children(of: root) { child in
                found.append((child.localNameKey, child.namespaceKey))
                try cursor.skip(child)
            }
            try cursor.finish()
            #expect(found.count == 3)
            #expect(found[0] == (cursor.key(for: "a"), cursor.key(for: "urn:a")))
            #expect(found[1] == (cursor.key(for: "a"), cursor.key(for: "urn:b")))
            #expect(found[2] == (cursor.key(for: "c"), XMLNameKey.none))
            #expect(cursor.key(for: "") == .none)
            #expect(cursor.key(for: "a") != cursor.key(for: "b"))
        }
    }

    @Test("the key table keeps every key as it grows")
    func table() {
        var table = XMLNameKeyTable(minimumCapacity: 2)
        for index in 1...1_000 { table.set(index, for: XMLNameKey(address: UInt(index) * 24)) }
        table.set(-7, for: XMLNameKey(address: 24 * 7))
        table.set(5, for: .none)
        #expect(table[XMLNameKey(address: 24)] == 1)
        #expect(table[XMLNameKey(address: 24 * 7)] == -7)
        #expect(table[XMLNameKey(address: 24 * 1_000)] == 1_000)
        #expect(table[XMLNameKey(address: 24 * 1_001)] == nil)
        #expect(table[.none] == nil)
    }

    @Test("the name strings keep, replace and refuse as the table does")
    func strings() {
        var strings = XMLNameStrings(minimumCapacity: 2)
        for index in 1...100 { strings.set("n\(index)", for: XMLNameKey(address: UInt(index) * 16)) }
        strings.set("again", for: XMLNameKey(address: 16 * 3))
        strings.set("none", for: .none)
        #expect(strings[XMLNameKey(address: 16)] == "n1")
        #expect(strings[XMLNameKey(address: 16 * 3)] == "again")
        #expect(strings[XMLNameKey(address: 16 * 100)] == "n100")
        #expect(strings[XMLNameKey(address: 16 * 101)] == nil)
        #expect(strings[.none] == nil)
    }

    @Test("elements on one long line get their own positions, in any order")
    func oneLine() throws {
        let text = "<r>" + String(repeating: "<a/><bb x='1'/>", count: 100) + "</r>"
        let marks: [XMLNodeMark] = try read(text) { cursor in
            let root = try cursor.rootElement()
            var marks: [XMLNodeMark] = []
            try cursor.children(of: root) { child in
                marks.append(child.mark)
                try cursor.skip(child)
            }
            return marks
        }
        try read(text) { cursor in
            #expect(marks.count == 200)
            let expected = (0..<200).map { 4 + ($0 / 2) * 15 + ($0 % 2) * 4 }
            #expect(marks.map { cursor.position($0).column } == expected)
            #expect(marks.reversed().map { cursor.position($0).column } == expected.reversed())
        }
    }
}
