import AlmanacCore
@testable import AlmanacLibXML
import Testing

/// The push reader's fast path (``XMLFastScanner``) against libxml2: whatever the scanner
/// reads to its end, libxml2 must read without an error or a warning, into the same events
/// (names, namespaces, attributes, text, depths, places); where it gives up, however late,
/// libxml2's events take over as if it had read the document alone.
@Suite("XML fast path against libxml2")
struct XMLFastPathTests {
    /// What a reader reports for `bytes`: every event in order (adjacent text joined) with
    /// the place of each start tag and the line of each text, or the error; whether the fast
    /// path read it; libxml2's warnings.
    private struct Trace: Equatable {
        var lines: [String] = []
        var error: String?
        var warnings = 0
        var usedFastPath = false
    }

    private static func trace(_ bytes: [UInt8], fastPath: Bool) -> Trace {
        var trace = Trace()
        do {
            try bytes.withUnsafeBufferPointer { buffer in
                try XMLPushReader.reading(buffer, maximumDepth: 1_000, fastPath: fastPath) { reader in
                    // Known once the input has been read: the scanner may give up late.
                    defer { trace.usedFastPath = reader.usesFastPath }
                    var text: (depth: Int32, line: Int, bytes: String)?
                    func flush() {
                        if let pending = text { trace.lines.append("T\(pending.depth) line \(pending.line): \(pending.bytes.debugDescription)") }
                        text = nil
                    }
                    while let event = try reader.next() {
                        if event.space > 0 {
                            // White space the scanner let the tag carry: libxml2's text event.
                            let depth = event.kind == .end ? event.depth + 1 : event.depth
                            let space = reader.foldedSpace(of: event)
                            if text == nil { text = (depth, reader.fast!.pointee.textLine(at: Int(event.source - event.space)), space) } else { text!.bytes += space }
                        }
                        switch event.kind {
                        case .text:
                            let piece = reader.string(of: event)
                            if text == nil { text = (event.depth, reader.line(of: event), piece) } else { text!.bytes += piece }
                        case .start:
                            flush()
                            let tag = reader.startTag(of: try reader.tag(event))
                            let place = reader.position(tag.mark)
                            let attributes = tag.attributes.map { "\($0.namespace)|\($0.localName)=\($0.value.debugDescription)" }
                            trace.lines.append("S\(tag.depth) \(tag.qualifiedName) {\(tag.namespace)}\(tag.localName) empty=\(tag.isEmpty) \(attributes) at \(place.line):\(place.column)@\(place.offset)")
                        case .end:
                            flush()
                            trace.lines.append("E\(event.depth)")
                        case .reference:
                            flush()
                            trace.lines.append("R \(reader.string(of: event))")
                        }
                    }
                    flush()
                    trace.warnings = reader.warnings(source: "t").count
                }
            }
        } catch {
            trace.error = "\(error)"
        }
        return trace
    }

    /// Checks `bytes` both ways; returns whether the fast path took it.
    @discardableResult
    private static func compare(_ bytes: [UInt8], _ note: String = "") -> Bool {
        let slow = trace(bytes, fastPath: false)
        let fast = trace(bytes, fastPath: true)
        #expect(!slow.usedFastPath)
        guard fast.usedFastPath else {
            if slow.error == nil {
                #expect(fast == slow, "\(note)")
            } else {
                // libxml2 hands out nothing of the piece where it finds an error; the
                // scanner may have handed out more of the document before it gave up.
                #expect(fast.error == slow.error, "\(note)")
                #expect(fast.lines.starts(with: slow.lines), "\(note)")
            }
            return false
        }
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(slow.error == nil, "the fast path took what libxml2 refuses: \(text.debugDescription) \(note)")
        #expect(slow.warnings == 0, "the fast path took what libxml2 warns about: \(text.debugDescription)")
        #expect(fast.lines == slow.lines, "\(text.debugDescription) \(note)")
        #expect(fast.error == nil)
        return true
    }

    /// A document with every construct of the subset.
    static let sample = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!-- before -->
        <almanac xmlns="https://almanac.invalid/xml/1" version="1">
          <event id="a&amp;b" note='it&apos;s "x"' tab="a\tb
        c">
            <title>Caf\u{E9} &lt;&gt; &#x41;&#66; &#x1F600; \u{1F600}</title>
            <notes>line one
        line two <![CDATA[<raw> & ]] stuff]]> tail<!-- inside --> after</notes>
            <empty/><empty></empty>
            <nested><deeper a="1" b="2"/>
            </nested>
            <long
               attribute = "spread over lines" />
            <other xmlns="urn:example:other"><inner>x</inner></other>
          </event>
          <text>\(String(repeating: "\u{E9}", count: 200))&amp;then</text>
          <text>\(String(repeating: "ab", count: 200))\u{E9}</text>
        </almanac>
        <!-- after -->

        """

    @Test("hand-written documents: the fast path takes the subset and reads it as libxml2 does")
    func handWritten() {
        #expect(Self.compare(Array(Self.sample.utf8)))
        let accepted = [
            "<r/>", "<r></r>", "<r>text</r>", "<?xml version='1.0'?><r/>", "<?xml version=\"1.0\" standalone=\"yes\"?>\n<r/>\n",
            "<r a=\"&#10;&#9;&#13;\"/>", "<r>&#13;&#x10FFFF;\u{FFFD}\u{7F}</r>", "<r>]]&gt; ] ]]</r>", "<r><!----></r>",
            "<r>\n  <a>1</a>\n  <a>2</a>\n  <a>3</a>\n</r>", "<r><a/><a/><b/><a/></r>", "<r xmlns=\"urn:a\"><a xmlns=\"urn:b\"/><a/></r>",
            "<r>\u{E9}\n\(String(repeating: "\u{E9}", count: 400))</r>", "<r>\n\n<![CDATA[\n\n]]>\n</r>",
            "<r><a><![CDATA[]]><!-- c -->\n</a><b>x<![CDATA[]]>y</b></r>", "<r><a><![CDATA[one\ntwo\n]]>\n</a></r>",
        ]
        for text in accepted { #expect(Self.compare(Array(text.utf8)), "\(text.debugDescription)") }
        let refused = [
            "", " ", "<r>", "<r/><r/>", "text<r/>", "<r/>text", "<r></s>", "<r a='1' a='2'/>", "<r a='1'b='2'/>", "<r a=1/>",
            "<r>&nbsp;</r>", "<r>&#0;</r>", "<r>&#xD800;</r>", "<r>&#xFFFE;</r>", "<r>]]></r>", "<r>\r\n</r>", "<r>\u{0}</r>",
            "<r><!-- a -- b --></r>", "<r><!-- a ---></r>", "<!DOCTYPE r><r/>", "<?pi x?><r/>", "<r><?pi x?></r>", "<p:r xmlns:p='urn:p'/>",
            "<r xml:lang='en'/>", "<r xmlns=''/>", "<r xmlns='relative'/>", "<r xmlns='http://a b'/>", "<r xmlns='http://www.w3.org/XML/1998/namespace'/>",
            "\u{FEFF}<r/>", "<?xml version='1.1'?><r/>", "<?xml version='1.0' encoding='latin1'?><r/>", "<?xml version='1.0'?><?xml version='1.0'?><r/>",
            "<r>\u{E9}</r", "<\u{E9}/>", "<r a='<'/>", "<1r/>", "<r/ >", "<r attr/>",
        ]
        for text in refused { Self.compare(Array(text.utf8)) }
        for text in refused {
            #expect(!Self.trace(Array(text.utf8), fastPath: true).usedFastPath, "\(text.debugDescription)")
        }
        // Invalid UTF-8: a lone continuation byte, an overlong form, a surrogate, U+FFFF, past U+10FFFF.
        for bytes: [UInt8] in [[0x80], [0xC0, 0xAF], [0xED, 0xA0, 0x80], [0xEF, 0xBF, 0xBF], [0xF4, 0x90, 0x80, 0x80], [0xE9]] {
            let document = Array("<r>".utf8) + bytes + Array("</r>".utf8)
            Self.compare(document)
            #expect(!Self.trace(document, fastPath: true).usedFastPath, "\(bytes)")
        }
    }

    /// Reads `text` with the fast path on or off (and taken when on): `each` for every child
    /// of the root, then `finish` with what `each` returned.
    private static func children<Item, Result>(
        _ text: String, fastPath: Bool, _ each: (XMLPushReader, XMLPushTag) throws -> Item, then finish: (XMLPushReader, [Item]) throws -> Result
    ) throws -> Result {
        try Array(text.utf8).withUnsafeBufferPointer { buffer in
            try XMLPushReader.reading(buffer, fastPath: fastPath) { reader in
                #expect(reader.usesFastPath == fastPath)
                var items: [Item] = []
                try reader.children(of: try reader.rootElement()) { items.append(try each(reader, $0)) }
                return try finish(reader, items)
            }
        }
    }

    @Test("white space before tags comes out of text(of:) and capture(_:) as libxml2 reports it")
    func whiteSpace() throws {
        let text = "<r>\n  <a>  </a>\n  <b> x <c/>\n <c>\t</c> </b><d>\n</d><e><!-- c -->  <f/> <!-- d --> </e>\n<g>a<!-- c -->  <h/></g></r>"
        func read(fastPath: Bool) throws -> [String] {
            try Self.children(text, fastPath: fastPath, { reader, child in
                reader.localName(of: child) == "a" || reader.localName(of: child) == "d" ? try reader.text(of: child).debugDescription : "\(try reader.capture(child))"
            }, then: { reader, found in
                try reader.finish()
                return found
            })
        }
        let fast = try read(fastPath: true)
        #expect(fast == (try read(fastPath: false)))
        #expect(fast[0] == "\"  \"" && fast[2] == "\"\\n\"", "\(fast)")
    }

    @Test("places asked for out of document order are those libxml2's reader gives")
    func placesBackwards() throws {
        let text = "<r>\n  <a>x</a><b/>\n  <c\n   d=\"\u{E9}\"/><e/><h>\u{E9}</h><f/><g/>\n</r>"
        func places(fastPath: Bool) throws -> [SourcePosition] {
            try Self.children(text, fastPath: fastPath, { reader, child in
                try reader.skip(child)
                return reader.mark(of: child)
            }, then: { reader, marks in
                marks.reversed().map { reader.position($0) } + marks.map { reader.position($0) }
            })
        }
        let fast = try places(fastPath: true)
        #expect(fast == (try places(fastPath: false)))
        // The start tag spread over two lines is placed at its `<`.
        #expect(fast[4] == SourcePosition(offset: 21, line: 3, column: 3))
    }

    @Test("a long document is read in many pieces, the same as libxml2 reads it")
    func manyPieces() {
        let items = (0..<3_000).map { "<item n=\"\($0)\"><name>n\u{E9}&amp;\($0)</name><flag/>\n</item>" }.joined(separator: "\n")
        let text = "<r xmlns=\"https://almanac.invalid/xml/1\">\n\(items)<t>\(String(repeating: "ab ", count: 40_000))</t></r>"
        #expect(Self.compare(Array(text.utf8)))
    }

    @Test("a document that leaves the subset late: libxml2 takes over from its start and reads on as if alone")
    func lateSwitch() {
        let items = (0..<1_500).map { "<item n=\"\($0)\"><name>n\u{E9}&amp;\($0)</name><flag/>\n</item>" }.joined(separator: "\n")
        let head = "<r xmlns=\"https://almanac.invalid/xml/1\">\n\(items)\n"
        // Well-formed but outside the subset: libxml2's events must follow the scanner's seamlessly.
        for tail in ["<?pi x?><a>1</a></r>", "<a>1\r\n2</a></r>", "<p:a xmlns:p=\"urn:p\">x</p:a></r>", "<a xml:lang=\"en\"/></r>",
                     "  <a>x<?pi?>y</a>\n</r>\n", "<a>text</a><!-- c --></r>\r\n", "</r><?pi after?>"] {
            #expect(!Self.compare(Array((head + tail).utf8), tail), "\(tail.debugDescription)")
        }
        // Malformed late: the same error as libxml2's.
        for tail in ["<a>&nbsp;</a></r>", "<a></b></r>", "<a>x</a>", "</r>junk", "</r><r/>", "<a>\u{0}</a></r>", "<a b='1' b='2'/></r>"] {
            #expect(!Self.compare(Array((head + tail).utf8), tail), "\(tail.debugDescription)")
        }
    }

    @Test("mutated long documents: where the scanner gives up after many pieces, libxml2 reads on the same")
    func lateMutations() {
        let items = (0..<400).map { "<item n=\"\($0)\" m='\u{E9}'><name>n\u{E9}&lt;\($0)</name><flag/><![CDATA[c]]><!-- c -->\n</item>" }.joined(separator: "\n")
        let base = Array("<?xml version=\"1.0\"?>\n<r xmlns=\"https://almanac.invalid/xml/1\">\n\(items)\n</r>\n".utf8)
        let interesting: [UInt8] = Array("<>&;\"'=/!?-:#x]\r\n\t ".utf8) + [0x00, 0x80, 0xC3, 0xE9, 0xFF]
        var state: UInt64 = 7
        func random() -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return state >> 33
        }
        for round in 0..<150 {
            var bytes = base
            // In the second half, past the first pieces.
            let at = bytes.count / 2 + Int(random() % UInt64(bytes.count / 2))
            switch random() % 3 {
            case 0: bytes.remove(at: at)
            case 1: bytes.insert(interesting[Int(random() % UInt64(interesting.count))], at: at)
            default: bytes[at] = interesting[Int(random() % UInt64(interesting.count))]
            }
            Self.compare(bytes, "round \(round)")
        }
    }

    @Test("the byte helpers against plain loops: white space passed, line feeds counted sixteen bytes at a time, names compared eight")
    func byteHelpers() {
        var state: UInt64 = 3
        func random(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(state >> 33) % bound
        }
        // White space in runs of every length, up to the end.
        let spaced: [UInt8] = (0..<2_000).map { _ in [0x20, 0x20, 0x20, 0x20, 0x0A, 0x09, 0x61, 0x0D][random(8)] }
        spaced.withUnsafeBufferPointer { buffer in
            for start in 0...spaced.count {
                let expected = spaced[start...].firstIndex { $0 != 0x20 && $0 != 0x0A && $0 != 0x09 } ?? spaced.count
                #expect(XMLFastBytes.spaceEnd(buffer, from: start, XMLFastBytes.classes) == expected, "\(start)")
            }
        }
        // Line feeds alone, more than a count per byte lane holds before the lanes are added up.
        let feeds = [UInt8](repeating: 0x0A, count: 9_000)
        feeds.withUnsafeBufferPointer { buffer in
            for (first, last) in [(0, 9_000), (3, 8_999), (17, 4_097), (5, 4_085), (0, 15), (1, 1)] {
                #expect(XMLFastBytes.lineFeeds(buffer, first, last) == last - first, "\(first)..<\(last)")
            }
        }
        // Mostly line feeds and a few letters, so that equal runs and many line feeds come up.
        let bytes: [UInt8] = (0..<1_000).map { _ in [0x0A, 0x61, 0x62, 0x0A, 0xC3, 0x0A][random(6)] }
        bytes.withUnsafeBufferPointer { buffer in
            for _ in 0..<300 {
                let first = random(bytes.count + 1)
                let last = first + random(bytes.count - first + 1)
                #expect(XMLFastBytes.lineFeeds(buffer, first, last) == bytes[first..<last].filter { $0 == 0x0A }.count, "\(first)..<\(last)")
                let length = random(20)
                let one = random(bytes.count - length + 1)
                let other = random(bytes.count - length + 1)
                #expect(XMLFastBytes.same(buffer, one, one + length, as: other) == (bytes[one..<(one + length)] == bytes[other..<(other + length)]), "\(one) \(other) \(length)")
                #expect(XMLFastBytes.same(buffer, one, one + length, as: one))
            }
        }
    }

    @Test("mutated documents: the fast path takes only what libxml2 reads without a word, and reads it the same")
    func mutations() {
        let base = Array(Self.sample.utf8)
        let interesting: [UInt8] = Array("<>&;\"'=/!?-:#x]\r\n\t ".utf8) + [0x00, 0x80, 0xC3, 0xA9, 0xED, 0xEF, 0xBF, 0xF0, 0xFF]
        // A fixed linear congruential sequence, so that a failure repeats.
        var state: UInt64 = 15
        func random() -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return state >> 33
        }
        var accepted = 0
        for round in 0..<1_500 {
            var bytes = base
            for _ in 0...(round % 3) {
                let at = Int(random() % UInt64(bytes.count))
                switch random() % 4 {
                case 0: bytes.remove(at: at)
                case 1: bytes.insert(interesting[Int(random() % UInt64(interesting.count))], at: at)
                case 2: bytes[at] = interesting[Int(random() % UInt64(interesting.count))]
                default:
                    let length = min(Int(random() % 12) + 1, bytes.count - at)
                    bytes.insert(contentsOf: bytes[at..<(at + length)], at: at)
                }
            }
            if Self.compare(bytes, "round \(round)") { accepted += 1 }
        }
        // The mutations must leave enough documents in the subset for the comparison to mean something.
        #expect(accepted > 200, "\(accepted)")
    }
}
