import AlmanacCore
import Testing

@Suite struct FormatRegistryTests {
    private struct StubCodec: FormatCodec {
        let format: FormatDescriptor

        init(_ name: String, aliases: [String] = [], extensions: [String]) {
            format = FormatDescriptor(name: name, aliases: aliases, extensions: extensions, summary: name, reads: [.recipe], writes: [])
        }

        func decode(_ bytes: [UInt8], source: String, limits: ReaderLimits) throws -> DecodeResult { DecodeResult(document: AlmanacDocument()) }
        func encode(_ document: AlmanacDocument, options: EncodingOptions) throws -> EncodeResult { EncodeResult(bytes: []) }
    }

    private let registry = FormatRegistry([
        StubCodec("json", extensions: ["json"]),
        StubCodec("ndjson", aliases: ["jsonl"], extensions: ["ndjson", "jsonl"]),
        StubCodec("ics", aliases: ["icalendar", "ical"], extensions: ["ics"]),
    ])

    @Test func keepsTheCodecsInOrder() {
        #expect(registry.codecs.map(\.format.name) == ["json", "ndjson", "ics"])
    }

    @Test func findsCodecsByNameAndAliasIgnoringCase() {
        #expect(registry.codec(named: "json")?.format.name == "json")
        #expect(registry.codec(named: "JSON")?.format.name == "json")
        #expect(registry.codec(named: "jsonl")?.format.name == "ndjson")
        #expect(registry.codec(named: "JsonL")?.format.name == "ndjson")
        #expect(registry.codec(named: "iCalendar")?.format.name == "ics")
        #expect(registry.codec(named: "xml") == nil)
        #expect(registry.codec(named: "") == nil)
        #expect(registry.codec(named: "jso") == nil)
    }

    @Test func findsCodecsByExtensionIgnoringCase() {
        #expect(registry.codec(forPath: "a/b.JSON")?.format.name == "json")
        #expect(registry.codec(forPath: "party.ics")?.format.name == "ics")
        #expect(registry.codec(forPath: "/tmp/x.y/items.jsonl")?.format.name == "ndjson")
        #expect(registry.codec(forPath: "archive.json.gz") == nil)
        #expect(registry.codec(forPath: "README") == nil)
    }

    @Test(arguments: [
        ("a/b.JSON", "json"), ("b.tar.gz", "gz"), ("dir.d/file.Txt", "txt"), ("x.", nil), ("noextension", nil),
        (".json", nil), ("a/.json", nil), ("a.b/c", nil), ("a/b.json/", nil), ("", nil), ("..json", "json"),
        ("dossier-é/Recette.MD", "md"), ("é.d/x", nil), ("x.\u{301}md", nil), ("a/b\r\n.Md", "md"), ("/", nil), ("a/b.", nil),
    ] as [(String, String?)])
    func fileExtension(path: String, expected: String?) {
        #expect(FormatRegistry.fileExtension(of: path) == expected)
    }

    @Test func dotfilesHaveNoExtension() {
        #expect(registry.codec(forPath: ".json") == nil)
        #expect(registry.codec(forPath: "config/.json") == nil)
    }

    @Test func descriptorMatchesItsNamesOnly() {
        let format = FormatDescriptor(name: "ics", aliases: ["icalendar"], extensions: ["ics"], summary: "", reads: [], writes: [])
        #expect(format.isNamed("ICS"))
        #expect(format.isNamed("ICalendar"))
        #expect(!format.isNamed("ical"))
    }
}
