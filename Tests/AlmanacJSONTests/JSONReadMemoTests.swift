import AlmanacCore
@testable import AlmanacJSON
import Testing

/// What the reader of a document remembers from item to item (``JSONReadMemo``) changes
/// nothing it reads: the same items as each read alone (an NDJSON line, no memo), over
/// repeats, near repeats, escapes, non-ASCII text and any chunk size.
@Suite struct JSONReadMemoTests {
    /// Events whose extras, colors, places, zones and task texts repeat, nearly repeat
    /// (one byte more or less, another key order) or are new.
    static let events: [String] = {
        let extras = [
            #"{"ics": {"components": ["BEGIN:VALARM\nTRIGGER:-PT10M\nEND:VALARM"]}}"#,
            #"{"ics": {"components": ["BEGIN:VALARM\nTRIGGER:-PT1M\nEND:VALARM"]}}"#,
            #"{"ics": {"components": ["BEGIN:VALARM\nTRIGGER:-PT10M\nEND:VALARM"]}, "json": {"a": 1}}"#,
            #"{"ics": {"components": ["BEGIN:VALARM\nTRIGGER:-PT10M\nEND:VALARM"]}, "xml": [1, 2.50, null]}"#,
            #"{"ics": {"components": ["BEGIN:VALARM\nTRIGGER:-PT10M\nEND:VALARM"]}}"#,
            #"{}"#, "null", #"{"ics":{"components":["Zürich 👟 \u00e9"]}}"#,
        ]
        let colors = [
            #"{"red": 0.27450980392156865, "green": 0.5098039215686274, "blue": 0.7058823529411765, "alpha": 1}"#,
            #"{"red": 0.27450980392156865, "green": 0.5098039215686274, "blue": 0.7058823529411765}"#,
            #"{"red": 0.2745098039215686, "green": 0.5098039215686274, "blue": 0.7058823529411765, "alpha": 1}"#,
            #"{"blue": 0.7058823529411765, "red": 0.27450980392156865, "green": 0.5098039215686274, "alpha": 1}"#,
            #"{"red": 1, "green": 0, "blue": 0, "alpha": 0.5, "shade": "dark"}"#,
            ##""#FF8800""##, "null",
        ]
        let texts = [
            "Häagen Street 5, Zürich", "Häagen Street 5, Zürich!", "Buy a present", "Buy a presenT", "a", "é", "👟",
            "Send the invite link 0123456789", "Send the invite link 01234567890", "Send the invite link 012345678901",
            #"Line\nbreak"#, #"\u0041BC"#, "", "Café", "Cafe", "America/Los_Angeles", "Europe/Berlin",
        ]
        let zones = ["America/Los_Angeles", "Europe/Berlin", "America/Los_Angeles", "Asia/Tokyo"]
        var events: [String] = []
        for index in 0..<120 {
            let text = texts[index % texts.count]
            let other = texts[(index * 7) % texts.count]
            var fields = [#""id": "E\#(index)", "title": "\#(other)""#]
            fields.append(#""color": \#(colors[(index * 5) % colors.count])"#)
            fields.append(#""start": "2026-06-0\#(1 + index % 9)T10:00:00", "end": "2026-06-0\#(1 + index % 9)T11:00:00""#)
            fields.append(#""timeZone": "\#(zones[index % zones.count])", "location": "\#(text)""#)
            fields.append(#""categories": ["\#(text)", "\#(other)", "Work"], "symbol": "\#(other)""#)
            fields.append(#""tasks": [{"id": "T\#(index)", "text": "\#(text)"}, {"id": "U\#(index)", "text": "\#(other)", "isCompleted": true}]"#)
            fields.append(#""extras": \#(extras[(index * 3) % extras.count])"#)
            if index % 11 == 0 { fields.append(#""note": "\#(text)""#) }
            events.append("{" + fields.joined(separator: ", ") + "}")
        }
        return events
    }()

    /// Each event read alone, as an NDJSON line (no memo).
    private func alone() throws -> (events: [Event], warnings: Int) {
        let result = try NDJSONCodec().decode(Array(Self.events.joined(separator: "\n").utf8), source: "test.ndjson", limits: .formatDefaults)
        return (result.document.events, result.diagnostics.count)
    }

    @Test func aDocumentReadsAsItsItemsReadAlone() throws {
        let expected = try alone()
        let document = Array(("{\"almanac\": 1, \"events\": [\n" + Self.events.joined(separator: ",\n") + "\n]}").utf8)
        let whole = try JSONCodec().decode(document, source: "test.json", limits: .formatDefaults)
        #expect(whole.document.events == expected.events)
        #expect(whole.diagnostics.count == expected.warnings)
        #expect(expected.warnings > 0, "the color with a key of its own and the unknown key warn each time")
        for chunk in [7, 64, 4096] {
            let found = JSONStreamReaderTests.streamed(document, chunk: chunk)
            #expect(found.error == nil)
            #expect(found.events == expected.events, "chunk \(chunk)")
        }
        let bare = Array(("[" + Self.events.joined(separator: ",") + "]").utf8)
        #expect(try JSONCodec().decode(bare, source: "test.json", limits: .formatDefaults).document.events == expected.events)
    }

    @Test func anErrorAfterRepeatsIsTheSame() throws {
        let good = Self.events[0]
        let bad = String(Self.events[0].dropLast()) + #", "priority": "high"}"#
        let document = Array("{\"events\": [\(good), \(good), \(bad)]}".utf8)
        let error = try #require(throws: JSONDecodingError.self) { try JSONCodec().decode(document, source: "test.json", limits: .formatDefaults) }
        #expect(error.caseName == "typeMismatch")
        #expect(error.message.contains("events[2].priority"))
        let tooDeep = Array("{\"events\": [\(good), \(good)]}".utf8)
        let limits = ReaderLimits(maximumDepth: 4)
        #expect(throws: JSONDecodingError.self) { try JSONCodec().decode(tooDeep, source: "test.json", limits: limits) }
    }

    @Test func sharedStringsAreTheTextOfTheirBytes() {
        var strings = RepeatedStrings()
        let words = ["", "a", "b", "é", "👟", "Zürich", "Häagen Street 5, Zürich", "12345678901234567890123456789012",
                     "123456789012345678901234567890123", "Buy a present", "Buy a presenT", "Buy a present ", "日本語のテキスト"]
        for round in 0..<4000 {
            let text = words[round % words.count] + (round % 3 == 0 ? "" : String(round % 97))
            let made = Array(text.utf8).withUnsafeBufferPointer { strings.text($0) }
            #expect(made == text)
            #expect(Array(made.utf8) == Array(text.utf8))
        }
    }

    @Test func zonesAreCheckedOncePerName() {
        var memo = JSONReadMemo(isEnabled: true)
        for _ in 0..<3 {
            let known = memo.isKnownZone("Europe/Berlin"), misspelt = memo.isKnownZone("Europe/Berlinn"), empty = memo.isKnownZone("")
            #expect(known && !misspelt && !empty)
        }
    }
}
