import AlmanacCore
import AlmanacTestSupport
import AlmanacXML
import Foundation
import Testing

/// The writer's exact output for a document that uses every field, compared byte for
/// byte with `Golden/document.xml` and `Golden/document.compact.xml`, and checked
/// against `Formats/XML/almanac.xsd` with xmllint.
///
/// After a deliberate change to the output, rewrite the files with
/// `ALMANAC_UPDATE_GOLDEN=1 swift test --filter AlmanacXMLTests.XMLWriterTests`,
/// then read the diff line by line.
@Suite struct XMLWriterTests {
    static let updating = ProcessInfo.processInfo.environment["ALMANAC_UPDATE_GOLDEN"] == "1"

    private func expectGolden(_ bytes: [UInt8], _ name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let url = TestPaths.inPackage("Tests/AlmanacXMLTests/Golden/\(name)")
        if Self.updating {
            try Data(bytes).write(to: url)
            return
        }
        let golden = try #require(FileManager.default.contents(atPath: url.path), "\(name) is missing: run with ALMANAC_UPDATE_GOLDEN=1", sourceLocation: sourceLocation)
        guard bytes != Array(golden) else { return }
        let got = String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        let want = String(decoding: golden, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        let line = (0..<min(got.count, want.count)).first { got[$0] != want[$0] } ?? min(got.count, want.count)
        Issue.record("\(name) differs at line \(line + 1):\n  golden: \(line < want.count ? String(want[line]) : "<end>")\n  output: \(line < got.count ? String(got[line]) : "<end>")", sourceLocation: sourceLocation)
    }

    private func encode(_ document: AlmanacDocument, compact: Bool = false) throws -> [UInt8] {
        try XMLCodec().encode(document, options: EncodingOptions(compact: compact)).bytes
    }

    @Test func prettyXMLMatchesTheGoldenFile() throws {
        try expectGolden(try encode(XMLGoldenDocument.document), "document.xml")
    }

    @Test func compactXMLMatchesTheGoldenFile() throws {
        let bytes = try encode(XMLGoldenDocument.document, compact: true)
        try expectGolden(bytes, "document.compact.xml")
        #expect(bytes.filter { $0 == UInt8(ascii: "\n") }.count == 2 + 4, "the declaration, the document, and the line breaks inside texts")
    }

    @Test func theGoldenDocumentReadsBackTheSame() throws {
        for compact in [false, true] {
            let result = try XMLCodec().decode(try encode(XMLGoldenDocument.document, compact: compact), source: "golden.xml")
            #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
            #expect(result.document == XMLGoldenDocument.document)
        }
    }

    @Test func writingIsStable() throws {
        let first = try encode(XMLGoldenDocument.document)
        let second = try encode(try XMLCodec().decode(first, source: "a.xml").document)
        #expect(second == first)
    }

    @Test(.enabled(if: XMLLint.shouldRun, "xmllint is missing: apt-get install libxml2-utils"))
    func theGoldenOutputMatchesTheSchema() throws {
        for compact in [false, true] {
            let result = try XMLLint.validate(try encode(XMLGoldenDocument.document, compact: compact))
            #expect(result.status == 0, "\(result.stderrText)")
        }
    }

    @Test(.enabled(if: XMLLint.shouldRun, "xmllint is missing: apt-get install libxml2-utils"))
    func emptyAndMinimalDocumentsMatchTheSchema() throws {
        let documents = [
            AlmanacDocument(),
            AlmanacDocument(recipes: [Recipe(id: "", title: "")], events: [Event(id: "e", title: "t", tasks: [EventTask(id: "t", text: "")])]),
            AlmanacDocument(events: [Event(id: "e", title: "t", color: RGBAColor(red: .nan, green: .infinity, blue: -.infinity), priority: -3)]),
        ]
        for document in documents {
            let result = try XMLLint.validate(try encode(document))
            #expect(result.status == 0, "\(result.stderrText)")
        }
    }

    @Test(.enabled(if: XMLLint.shouldRun, "xmllint is missing: apt-get install libxml2-utils"))
    func theSchemaRejectsWhatAlmanacWouldNotWrite() throws {
        let broken = [
            #"<almanac xmlns="https://almanac.invalid/xml/1" version="2"/>"#,
            #"<almanac xmlns="https://almanac.invalid/xml/1" version="1"><recipe id="r"><summary>s</summary></recipe></almanac>"#,
            #"<almanac xmlns="https://almanac.invalid/xml/1" version="1"><event id="e"><title>t</title><start>24.12.2026</start></event></almanac>"#,
            #"<almanac xmlns="https://almanac.invalid/xml/1" version="1"><recipe id="r"><title>t</title><prepTime>PT</prepTime></recipe></almanac>"#,
            #"<almanac xmlns="https://almanac.invalid/xml/1" version="1"><recipe id="r"><title>t</title><calories>3</calories></recipe></almanac>"#,
            #"<almanac xmlns="https://almanac.invalid/xml/1" version="1"><recipe id="r"><title>t</title><extras><bag codec="x"><number>01</number></bag></extras></recipe></almanac>"#,
        ]
        for text in broken {
            #expect(try XMLLint.validate(Array(text.utf8)).status != 0, "\(text)")
        }
    }

    @Test func theFiveSpecialCharactersAreEscaped() throws {
        let text = #"a & b < c > d " e ' f ]]> g"#
        let document = AlmanacDocument(events: [Event(id: text, title: text, tasks: [EventTask(id: text, text: text)])])
        let written = String(decoding: try encode(document), as: UTF8.self)
        #expect(written.contains(#"<event id="a &amp; b &lt; c &gt; d &quot; e ' f ]]&gt; g">"#))
        #expect(written.contains(#"<title>a &amp; b &lt; c &gt; d " e ' f ]]&gt; g</title>"#))
        #expect(try XMLCodec().decode(Array(written.utf8), source: "t.xml").document == document)
    }

    @Test func lineBreaksAndTabsSurviveInTextAndAttributes() throws {
        let text = "one\ntwo\r\nthree\rfour\tfive  "
        let document = AlmanacDocument(events: [Event(id: text, title: text, notes: "\n\n", tasks: [EventTask(id: " ", text: "\t")])])
        let written = String(decoding: try encode(document), as: UTF8.self)
        #expect(written.contains(#"<event id="one&#10;two&#13;&#10;three&#13;four&#9;five  ">"#))
        #expect(written.contains("<title>one\ntwo&#13;\nthree&#13;four\tfive  </title>"))
        #expect(try XMLCodec().decode(Array(written.utf8), source: "t.xml").document == document)
    }

    @Test("characters XML 1.0 cannot hold are an error naming the field", arguments: [
        ("\u{0}", 0x0), ("\u{1}", 0x1), ("\u{8}", 0x8), ("\u{B}", 0xB), ("\u{C}", 0xC), ("\u{1F}", 0x1F), ("\u{FFFE}", 0xFFFE), ("\u{FFFF}", 0xFFFF),
    ] as [(String, UInt32)])
    func unrepresentableCharacters(character: String, codePoint: UInt32) throws {
        let document = AlmanacDocument(events: [Event(id: "e", title: "ok", notes: "bad \(character) here")])
        let error = try #require(throws: XMLEncodingError.self) { try encode(document) }
        #expect(error == .unrepresentableCharacter(codePoint: codePoint, field: "events[0] <notes>"))
        #expect(error.message.contains("events[0] <notes>"))
    }

    @Test func controlCharactersInAttributesAndExtrasAreErrorsToo() throws {
        let inID = AlmanacDocument(recipes: [Recipe(id: "a\u{7}", title: "t")])
        #expect(throws: XMLEncodingError.unrepresentableCharacter(codePoint: 7, field: "recipes[0] <recipe/@id>")) { try encode(inID) }
        let inExtras = AlmanacDocument(recipes: [Recipe(id: "r", title: "t", extras: Extras(["ics": .string("\u{1B}[0m")]))])
        #expect(throws: XMLEncodingError.self) { try encode(inExtras) }
    }

    @Test func charactersXMLAllowsAreWrittenAsThemselves() throws {
        let text = "\u{7F}\u{85}\u{A0}\u{2028}\u{FFFD}\u{10FFFF}😀"
        let document = AlmanacDocument(recipes: [Recipe(id: "r", title: text)])
        let written = try encode(document)
        #expect(String(decoding: written, as: UTF8.self).contains("<title>\(text)</title>"))
        #expect(try XMLCodec().decode(written, source: "t.xml").document == document)
    }

    @Test("a color's components, eight-bit fractions k/255 above all, are the shortest texts of their doubles")
    func colorComponentsAreShortAndReadBackExactly() throws {
        var components: [Double] = []
        for numerator in 0...255 {
            let fraction = Double(numerator) / 255
            components += [fraction, fraction.nextUp, fraction.nextDown].filter { $0 >= 0 && $0 <= 1 }
        }
        var events: [Event] = []
        for index in stride(from: 0, to: components.count, by: 4) {
            let part: [Double] = (index..<(index + 4)).map { $0 < components.count ? components[$0] : 0.5 }
            events.append(Event(id: "e\(index)", title: "t", color: RGBAColor(red: part[0], green: part[1], blue: part[2], alpha: part[3])))
        }
        let document = AlmanacDocument(events: events)
        let written = try encode(document)
        let text = String(decoding: written, as: UTF8.self)
        func shortest(_ value: Double) -> String { value.rounded() == value ? String(Int(value)) : value.description }
        for color in events.compactMap({ (event: Event) in event.color }) {
            #expect(text.contains(#"<color red="\#(shortest(color.red))" green="\#(shortest(color.green))" blue="\#(shortest(color.blue))" alpha="\#(shortest(color.alpha))"/>"#))
        }
        #expect(try XMLCodec().decode(written, source: "t.xml").document == document)
    }

    @Test func numbersAreShortAndReadBackExactly() throws {
        let amounts: [Double] = [0, 4, 1.5, 0.1, 1e-7, 123456789.125, 1e300, -2.5, 18_014_398_509_481_984]
        let document = AlmanacDocument(recipes: [Recipe(id: "r", title: "t", ingredients: amounts.map { Ingredient(amount: $0, name: "x") })])
        let written = String(decoding: try encode(document), as: UTF8.self)
        #expect(written.contains("<amount>4</amount>"))
        #expect(written.contains("<amount>1e-07</amount>"))
        #expect(try XMLCodec().decode(Array(written.utf8), source: "t.xml").document == document)
    }
}
