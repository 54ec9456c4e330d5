import AlmanacCore
import AlmanacXML
import Testing

/// Reading almanac XML: the mapping, the leniencies, kept XML, and the errors with their positions.
@Suite struct XMLReaderTests {
    private func decode(_ text: String) throws -> DecodeResult { try XMLTest.decode(text) }

    private func error(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> XMLDecodingError {
        try #require(throws: XMLDecodingError.self, sourceLocation: sourceLocation) { try decode(text) }
    }

    // MARK: Times

    @Test func theFourKindsOfTimeSurvive() throws {
        let text = XMLTest.wrap("""
            <event id="a"><title>date</title><start>2026-12-24</start><end>2026-12-25</end><allDay>true</allDay></event>
            <event id="b"><title>utc</title><start>2026-12-24T17:00:00Z</start><end>2026-12-24T18:00:00.5Z</end></event>
            <event id="c"><title>zoned</title><start timeZone="Europe/Berlin">2026-12-24T18:00:00</start><end>2026-12-24T19:00:00</end></event>
            <event id="d"><title>floating</title><start>2026-12-24T18:00:00</start><end>2026-12-24T19:00:00</end></event>
            <event id="e"><title>flight</title><start timeZone="America/Los_Angeles">2026-12-24T10:00:00</start><end timeZone="Europe/Berlin">2026-12-25T08:00:00</end></event>
            <event id="f"><title>offset</title><start> 2026-12-24T18:00:00+01:00 </start></event>
            """)
        let events = try decode(text).document.events
        let berlin = XMLGoldenDocument.time(2026, 12, 24, 18, 0)
        #expect(events[0].start == .date(XMLGoldenDocument.date(2026, 12, 24)))
        #expect(events[0].isAllDay)
        #expect(events[1].end == .utc(XMLGoldenDocument.time(2026, 12, 24, 18, 0, 0, nanosecond: 500_000_000)))
        #expect(events[2].start == .zoned(berlin, timeZone: "Europe/Berlin"))
        #expect(events[2].end?.timeZoneID == "Europe/Berlin", "an end without timeZone takes the start's")
        #expect(events[3].start == .floating(berlin))
        #expect(events[4].end?.timeZoneID == "Europe/Berlin")
        #expect(events[5].start == .utc(XMLGoldenDocument.time(2026, 12, 24, 17, 0)))
        let written = try XMLTest.encode(AlmanacDocument(events: events))
        #expect(written.contains(#"<start timeZone="Europe/Berlin">2026-12-24T18:00:00</start>"#))
        #expect(written.contains(#"<end timeZone="Europe/Berlin">2026-12-24T19:00:00</end>"#))
        #expect(written.contains("<start>2026-12-24</start>\n    <end>2026-12-25</end>\n    <allDay>true</allDay>"))
        #expect(try decode(written).document.events == events)
    }

    @Test func timeErrorsNameTheField() throws {
        let bad = try error(XMLTest.wrap("<event>\n<title>x</title>\n  <start>2026-02-30</start></event>"))
        #expect(bad.message.hasPrefix("'events[0].start': '2026-02-30' is not an ISO 8601 date"))
        #expect(bad.position?.line == 3)
        #expect(bad.position?.column == 3)
        let zone = try error(XMLTest.wrap(#"<event><title>x</title><start timeZone="Mars/Olympus">2026-02-03T10:00:00</start></event>"#))
        #expect(zone.message.contains("'Mars/Olympus' is not an IANA time zone"))
        let mixed = try error(XMLTest.wrap("<event><title>x</title><start>2026-02-03</start><end>2026-02-03T10:00:00</end></event>"))
        #expect(mixed.message.contains("both be dates or both be date-times"))
        let allDay = try error(XMLTest.wrap("<event><title>x</title><start>2026-02-03T10:00:00</start><allDay>true</allDay></event>"))
        #expect(allDay.message.hasPrefix("'events[0].allDay'"))
    }

    // MARK: Leniency

    @Test func anyOrderNoNamespaceCommentsCDATAAndReferencesAreRead() throws {
        let text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!-- a comment -->
            <almanac>
              <recipe id="r">
                <tags><tag>b</tag><!-- c --><tag><![CDATA[<a> & b]]></tag></tags>
                <?pi ignored?>
                <title>Caf&#233; &amp; &#x1F600; &lt;3 &gt; &quot;&apos;</title>
              </recipe>
            </almanac>
            """
        let result = try decode(text)
        let recipe = try #require(result.document.recipes.first)
        #expect(recipe.title == "Café & 😀 <3 > \"'")
        #expect(recipe.tags == ["b", "<a> & b"])
        #expect(result.diagnostics.isEmpty)
    }

    @Test func hexColorsAndBooleanDigitsAreAccepted() throws {
        let event = try #require(try decode(XMLTest.wrap("<event><title>x</title><color>#FF000080</color><tasks><task><text>t</text><isCompleted> 1 </isCompleted></task></tasks></event>")).document.events.first)
        #expect(event.color == RGBAColor(hex: "#FF000080"))
        #expect(event.tasks.first?.isCompleted == true)
    }

    @Test func missingIdsAreGeneratedTheSameEachTime() throws {
        let text = XMLTest.wrap("<recipe><title>a</title></recipe><recipe><title>a</title></recipe><event><title>e</title><tasks><task/></tasks></event>")
        let first = try decode(text).document
        let second = try decode(text).document
        #expect(first == second)
        #expect(first.recipes[0].id != first.recipes[1].id)
        #expect(first.recipes[0].id.count == 36)
        #expect(first.events[0].tasks[0].id.count == 36)
        #expect(first.events[0].tasks[0].text == "")
    }

    @Test func whiteSpaceInTextIsKeptExactly() throws {
        let recipe = try #require(try decode(XMLTest.wrap("<recipe id=\" r \"><title>  two  spaces\n</title><summary>\t</summary><source/></recipe>")).document.recipes.first)
        #expect(recipe.id == " r ")
        #expect(recipe.title == "  two  spaces\n")
        #expect(recipe.summary == "\t")
        #expect(recipe.source == "")
    }

    // MARK: What the vocabulary does not know

    @Test func unknownElementsAndForeignAttributesAreKeptAndWrittenBack() throws {
        let text = """
            <almanac xmlns="https://almanac.invalid/xml/1" xmlns:k="urn:k" version="1" k:build="7">
              <recipe id="r" k:origin="card">
                <title>Pie</title>
                <k:calories unit="kcal">320 <k:approx/> per <b xmlns="">slice</b></k:calories>
                <legacyField>old</legacyField>
                <ingredients><ingredient k:brand="Acme"><name>flour</name><k:grams>250</k:grams></ingredient></ingredients>
              </recipe>
              <event id="e"><title>E</title><tasks><task id="t" k:x="1"><text>t</text><k:note xml:lang="en">hi</k:note></task></tasks></event>
              <k:generator>tests</k:generator>
            </almanac>
            """
        let result = try decode(text)
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        let document = result.document
        let recipeXML = try #require(document.recipes[0].extras["xml"])
        #expect(recipeXML == .object([
            OpaqueMember("attributes", .object([OpaqueMember("{urn:k}origin", .string("card"))])),
            OpaqueMember("elements", .array([
                .object([
                    OpaqueMember("name", .string("calories")), OpaqueMember("namespace", .string("urn:k")),
                    OpaqueMember("attributes", .object([OpaqueMember("unit", .string("kcal"))])),
                    OpaqueMember("content", .array([
                        .string("320 "), .object([OpaqueMember("name", .string("approx")), OpaqueMember("namespace", .string("urn:k"))]),
                        .string(" per "), .object([OpaqueMember("name", .string("b")), OpaqueMember("content", .array([.string("slice")]))]),
                    ])),
                ]),
                .object([OpaqueMember("name", .string("legacyField")), OpaqueMember("namespace", .string("https://almanac.invalid/xml/1")), OpaqueMember("content", .array([.string("old")]))]),
            ])),
        ]))
        #expect(document.recipes[0].ingredients[0].extras["xml"] != nil)
        #expect(document.events[0].tasks[0].extras["xml"] != nil)
        #expect(document.extras["xml"] != nil)

        let written = try XMLTest.encode(document)
        #expect(written.contains(#"<recipe id="r" xmlns:n1="urn:k" n1:origin="card">"#))
        #expect(written.contains(#"<calories xmlns="urn:k" unit="kcal">320 <approx/> per <b xmlns="">slice</b></calories>"#))
        #expect(written.contains(#"<note xmlns="urn:k" xml:lang="en">hi</note>"#))
        let again = try decode(written)
        #expect(again.document == document, "xml → xml keeps what almanac does not know")
        #expect(try XMLTest.encode(again.document) == written)
        if XMLLint.shouldRun {
            let check = try XMLLint.validate(Array(written.utf8))
            #expect(check.status == 0, "\(check.stderrText)")
        }
    }

    @Test func otherFormatsBagsRoundTrip() throws {
        let bag: OpaqueValue = .object([
            OpaqueMember("n", .number("1.50")), OpaqueMember("s", .string(" <x> ")), OpaqueMember("b", .bool(true)),
            OpaqueMember("z", .null), OpaqueMember("a", .array([.array([]), .object([])])), OpaqueMember("", .string("")),
        ])
        let document = AlmanacDocument(recipes: [Recipe(id: "r", title: "t", extras: Extras(["ics": bag, "md": .string("x")]))])
        let written = try XMLTest.encode(document)
        #expect(written.contains(#"<bag codec="ics">"#))
        #expect(written.contains(#"<member key="n">"#))
        #expect(try decode(written).document == document)
        if XMLLint.shouldRun {
            let check = try XMLLint.validate(Array(written.utf8))
            #expect(check.status == 0, "\(check.stderrText)")
        }
    }

    @Test func droppedAttributesAndElementsAreWarnedAbout() throws {
        let result = try decode(XMLTest.wrap(#"<recipe id="r" color="red" xmlns:a="https://almanac.invalid/xml/1" a:size="2"><title lang="en">t</title><yields><yield><amount>2</amount><size>L</size></yield><portion/></yields></recipe>"#))
        let messages = result.diagnostics.map(\.message)
        #expect(messages.contains("unknown attribute 'color' on <recipe> is dropped"))
        #expect(messages.contains("unknown attribute 'lang' on <title> is dropped"))
        #expect(messages.contains("unknown attribute '{https://almanac.invalid/xml/1}size' on <recipe> is dropped"))
        #expect(messages.contains("unknown element <size> in recipes[0].yields[0] is dropped"))
        #expect(messages.contains("unknown element <portion> in recipes[0].yields is dropped (expected <yield>)"))
        #expect(result.diagnostics.allSatisfy { $0.severity == .warning && $0.source == "test.xml" && $0.position != nil })
        #expect(result.document.recipes[0].yields == [Yield(amount: 2)])
    }

    @Test func itemOriginsPointAtTheStartTags() throws {
        let text = "<almanac xmlns=\"https://almanac.invalid/xml/1\">\n  <recipe><title>a</title></recipe><recipe\n id=\"x\"><title>b</title></recipe>\n  <event><title>e</title></event>\n</almanac>"
        let origins = try decode(text).origins
        #expect(origins.recipes.map { $0.map { [$0.line, $0.column] } } == [[2, 3], [2, 36]])
        #expect(origins.events.map { $0.map { [$0.line, $0.column] } } == [[4, 3]])
    }

    // MARK: Errors

    @Test func malformedXMLGivesLibxml2sMessageWithLineAndColumn() throws {
        let bad = try error("<almanac xmlns=\"https://almanac.invalid/xml/1\">\n  <recipe>\n    <title>Pie</titl>\n  </recipe>\n</almanac>\n")
        guard case .read(.malformed(let message, let position)) = bad else {
            Issue.record("\(bad)")
            return
        }
        #expect(message == "Opening and ending tag mismatch: title line 3 and titl")
        #expect(position.line == 3)
        #expect(position.column == 22)
        #expect(position.offset == 80)
        #expect(bad.description.hasPrefix("3:22: malformed XML: "))
    }

    @Test("other malformed inputs", arguments: [
        ("", "the document is empty: it has no root element"),
        (" \n ", "the document is empty: it has no root element"),
        ("<!-- only a comment -->", "the document is empty"),
        ("<almanac", "Couldn't find end of Start Tag"),
        ("<almanac/><extra/>", "Extra content at the end of the document"),
        (#"<almanac a="1" a="2"/>"#, "Attribute a redefined"),
        ("<almanac>&unknown;</almanac>", "Entity 'unknown' not defined"),
        ("<p:almanac/>", "Namespace prefix p on almanac is not defined"),
        ("<almanac>\u{1}</almanac>", "PCDATA invalid Char value 1"),
        ("\u{FEFF}<almanac><recipe><title>\u{FF}", "the input ends before every element is closed"),
        ("<almanac></almanac>trailing", "Extra content at the end of the document"),
    ])
    func otherMalformedInputs(text: String, fragment: String) throws {
        let bad = try error(text)
        #expect(bad.position != nil)
        #expect(bad.message.contains(fragment), "\(bad.message)")
    }

    @Test func invalidUTF8IsAnError() throws {
        var bytes = Array(XMLTest.wrap("<recipe><title>ab</title></recipe>").utf8)
        bytes.insert(0xC3, at: bytes.count - 20)
        let bad = try #require(throws: XMLDecodingError.self) { try XMLCodec().decode(bytes, source: "t.xml") }
        #expect(bad.message.contains("UTF-8") || bad.message.contains("Char"), "\(bad.message)")
    }

    @Test func vocabularyErrors() throws {
        #expect(try error("<recipes/>").message.contains("found <recipes>"))
        #expect(try error(#"<almanac xmlns="urn:other"/>"#).message.contains("in namespace urn:other"))
        #expect(try error(#"<almanac version="2"/>"#) == .unsupportedVersion("2", at: SourcePosition(offset: 0, line: 1, column: 1)))
        #expect(try error(XMLTest.wrap("<recipe><summary>s</summary></recipe>")).message == "recipe recipes[0] has no <title>")
        #expect(try error(XMLTest.wrap("<recipe><title>a</title><title>b</title></recipe>")).message == "<title> is given twice in recipe recipes[0]")
        #expect(try error(XMLTest.wrap("<recipe><title>a <b>bold</b></title></recipe>")).message == "unexpected element <b> in <title>, which holds text only")
        #expect(try error(XMLTest.wrap("<recipe>loose text<title>a</title></recipe>")).message == "unexpected text 'loose text' in <recipe>")
        #expect(try error(XMLTest.wrap("<recipe><title>a</title><rating>4.5</rating></recipe>")).message == "'recipes[0].rating': '4.5' is not an integer")
        #expect(try error(XMLTest.wrap("<recipe><title>a</title><prepTime>1h</prepTime></recipe>")).message.contains("not an ISO 8601 duration"))
        #expect(try error(XMLTest.wrap("<recipe><title>a</title><ingredients><ingredient><amount>0x10</amount><name>n</name></ingredient></ingredients></recipe>")).message == "'recipes[0].ingredients[0].amount': '0x10' is not a number")
        #expect(try error(XMLTest.wrap("<recipe><title>a</title><ingredients><ingredient/></ingredients></recipe>")).message == "ingredient recipes[0].ingredients[0] has no <name>")
        #expect(try error(XMLTest.wrap(#"<recipe><title>a</title><extras><bag codec="x"><number>1.</number></bag></extras></recipe>"#)).message.contains("is not a JSON number"))
        #expect(try error(XMLTest.wrap("<event><title>a</title><color red=\"1\"/></event>")).message == "color events[0].color has no <@green>")
    }

    @Test func anEntityDeclaredInTheDocumentIsRefused() throws {
        let text = """
            <!DOCTYPE almanac [ <!ENTITY me "Maya"> ]>
            <almanac xmlns="https://almanac.invalid/xml/1"><event><title>&me;'s birthday</title></event></almanac>
            """
        #expect(try error(text) == .read(.entityReference("me", at: SourcePosition(offset: 97, line: 2, column: 55))))
    }
}
