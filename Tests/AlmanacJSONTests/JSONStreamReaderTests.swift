import AlmanacCore
import AlmanacJSON
import AlmanacTestSupport
import Foundation
import Testing

/// A streamed `json` read (``JSONCodec/decodeItems(from:sourceName:limits:body:)``) gives
/// what the whole read gives: items, positions, warnings, extras, and the same error.
@Suite struct JSONStreamReaderTests {
    /// Bytes handed over `chunk` at a time, however many the reader asks for.
    struct ChunkedSource: ByteSource {
        let bytes: [UInt8]
        let chunk: Int
        var offset = 0

        mutating func read(into buffer: inout [UInt8], maximum: Int) throws -> Int {
            let count = min(maximum, chunk, bytes.count - offset)
            buffer.append(contentsOf: bytes[offset..<(offset + count)])
            offset += count
            return count
        }
    }

    /// What a read gave, in a form both reads can be compared in: items by kind (the whole
    /// read puts recipes first, a stream gives them in input order), warnings by place.
    struct Outcome: Equatable, CustomStringConvertible {
        var recipes: [Recipe] = []
        var events: [Event] = []
        var recipePositions: [SourcePosition?] = []
        var eventPositions: [SourcePosition?] = []
        var diagnostics: [String] = []
        var extras = Extras()
        var error: JSONDecodingError?

        var description: String {
            "\(recipes.count) recipes, \(events.count) events, \(diagnostics), error: \(error.map { "\($0.message) at \(String(describing: $0.position))" } ?? "none")"
        }

        static func sorted(_ diagnostics: [Diagnostic]) -> [String] {
            diagnostics.map { "\($0.position?.offset ?? -1) \($0.position?.line ?? -1):\($0.position?.column ?? -1) \($0.severity) \($0.message)" }.sorted()
        }
    }

    static let chunkSizes = [1, 7, 4096]

    static func whole(_ bytes: [UInt8], limits: ReaderLimits = .formatDefaults) -> Outcome {
        var outcome = Outcome()
        do {
            let result = try JSONCodec().decode(bytes, source: "test.json", limits: limits)
            outcome.recipes = result.document.recipes
            outcome.events = result.document.events
            outcome.recipePositions = result.origins.recipes
            outcome.eventPositions = result.origins.events
            outcome.diagnostics = Outcome.sorted(result.diagnostics)
            outcome.extras = result.document.extras
        } catch let error as JSONDecodingError {
            outcome.error = error
        } catch {
            Issue.record("unexpected error \(error)")
        }
        return outcome
    }

    /// The streamed read; items that came before an error are dropped, as the whole read has none.
    static func streamed(_ bytes: [UInt8], chunk: Int, limits: ReaderLimits = .formatDefaults) -> Outcome {
        var outcome = Outcome()
        var source = ChunkedSource(bytes: bytes, chunk: chunk)
        do {
            let end = try JSONCodec().decodeItems(from: &source, sourceName: "test.json", limits: limits, chunkSize: chunk) { item, position in
                switch item {
                case .recipe(let recipe):
                    outcome.recipes.append(recipe)
                    outcome.recipePositions.append(position)
                case .event(let event):
                    outcome.events.append(event)
                    outcome.eventPositions.append(position)
                }
            }
            outcome.diagnostics = Outcome.sorted(end.diagnostics)
            outcome.extras = end.documentExtras
        } catch let error as JSONDecodingError {
            outcome = Outcome(error: error)
        } catch {
            Issue.record("unexpected error \(error)")
        }
        return outcome
    }

    /// Expects the streamed read, at every chunk size, to give what the whole read gives.
    @discardableResult
    static func expectAgreement(_ bytes: [UInt8], limits: ReaderLimits = .formatDefaults, _ comment: String = "", sourceLocation: SourceLocation = #_sourceLocation) -> Outcome {
        let expected = whole(bytes, limits: limits)
        for chunk in chunkSizes {
            let found = streamed(bytes, chunk: chunk, limits: limits)
            #expect(found == expected, "chunk \(chunk) \(comment): \(found) vs \(expected)", sourceLocation: sourceLocation)
        }
        return expected
    }

    static func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

    // MARK: Whole files and generated documents

    @Test func everyJSONFileInTheRepositoryReadsTheSame() throws {
        let root = TestPaths.packageRoot
        var files: [URL] = []
        for folder in ["Samples", "Tests", "Formats"] {
            let walker = FileManager.default.enumerator(at: root.appendingPathComponent(folder), includingPropertiesForKeys: nil)
            while let url = walker?.nextObject() as? URL {
                if url.pathExtension == "json" { files.append(url) }
            }
        }
        #expect(files.count >= 5)
        for file in files {
            let bytes = [UInt8](try Data(contentsOf: file))
            let outcome = Self.expectAgreement(bytes, file.lastPathComponent)
            if file.lastPathComponent == "events.json" { #expect(!outcome.events.isEmpty && outcome.error == nil) }
        }
    }

    @Test func generatedDocumentsReadTheSameOneLineAndIndented() throws {
        for seed in UInt64(1)...6 {
            var document = GeneratedCalendars.document(seed: seed, count: 9)
            document.recipes = [Recipe(id: "r-\(seed)", title: "Bread \(seed) ✓"), Recipe(id: "r2-\(seed)", title: "Soup")]
            document.events[0].id = ""
            for compact in [true, false] {
                let bytes = try JSONCodec().encode(document, options: EncodingOptions(compact: compact)).bytes
                let outcome = Self.expectAgreement(bytes, "seed \(seed) compact \(compact)")
                #expect(outcome.events.count == 9 && outcome.recipes.count == 2)
            }
            // The same items as a bare array, as `jq '.events'` prints them, kinds told by fields.
            var lines: [UInt8] = []
            for item in document.items { try NDJSONCodec().encodeItem(item, options: EncodingOptions(), into: &lines) }
            let elements = String(decoding: lines, as: UTF8.self).split(separator: "\n").map { $0.replacingOccurrences(of: "\"kind\":\"event\",", with: "") }
            let array = Self.expectAgreement(Self.bytes("[\n  " + elements.joined(separator: ",\n  ") + "\n]\n"), limits: ReaderLimits(defaultKind: .recipe), "bare array")
            #expect(array.events.count == 9 && array.recipes.count == 2)
        }
    }

    // MARK: Document shapes

    @Test func extrasVersionsAndKeysInAnyOrderReadTheSame() {
        let documents = [
            #"{}"#, #"[]"#, #"  [ ]  "#, "\u{FEFF}{\"events\": []}",
            #"{"almanac": 1, "recipes": null, "events": null, "extras": null}"#,
            #"{"events": [{"title": "Party", "start": "2026-12-24"}], "note": {"a": [1, 2.50]}, "almanac": 1, "recipes": [{"title": "Bread"}]}"#,
            #"{"extras": {"ics": {"PRODID": "x"}, "json": {"dropped": true}}, "zeta": 1, "alpha": "ü"}"#,
            "{\"title\": \"ünïcödé ✓ before\",\n  \"ev\\u0065nts\": [\n\t{\"title\": \"x\", \"timeZone\": \"Europe/Berlin\", \"start\": \"2026-12-24\"}]}",
            #"[{"title": "a", "start": "2026-01-01"}, {"kind": "recipe", "title": "b"}, {"title": "c", "ingredients": [{"name": "salt"}]}]"#,
            #"{"events": [{"title": "x", "start": "2026-12-24", "color": {"red": 1, "green": 0, "blue": 0, "hue": 3}}]}"#,
        ]
        for text in documents { Self.expectAgreement(Self.bytes(text), text) }
        let extras = Self.whole(Self.bytes(documents[6])).extras
        #expect(extras.entries["ics"] != nil && extras.entries["json"] != nil)
    }

    @Test func wrongTypesAndBadValuesGiveTheSameError() {
        let documents = [
            #"{"almanac": 2, "events": []}"#, #"{"almanac": "1"}"#, #"{"almanac": 1.5}"#,
            #"{"recipes": {}}"#, #"{"events": "none"}"#, #"{"events": [1]}"#, #"{"events": [{"title": 5}]}"#,
            #"{"extras": []}"#, #"5"#, #""text" "#, #"null"#, #""#, "   \n ",
            #"[{"title": "neither"}]"#, #"[{"title": "both", "start": "2026-01-01", "yields": []}]"#, #"[{"kind": "task"}]"#,
            "{\"events\": [{\"title\": \"ok\", \"start\": \"2026-12-24\"},\n {\"title\": \"bad\", \"start\": \"2026-02-30\"}]}",
        ]
        for text in documents {
            let outcome = Self.expectAgreement(Self.bytes(text), text)
            #expect(outcome.error != nil, "\(text)")
        }
    }

    @Test func malformedInputGivesTheSameErrorAndPosition() {
        let documents = [
            #"{"events": [], "events": []}"#, #"{"a": 1, "\u0061": 2}"#, #"{"events": [{"title": "x", "title": "y"}]}"#,
            #"{"events": [{"title": "x"]}"#, #"{"events": [{]}"#, #"{"events": [,]}"#, #"{"events": [{"title": "x"},]}"#,
            #"{"events" [] }"#, #"{"events": [] "recipes": []}"#, #"{events: []}"#, #"{"events": []} x"#, #"[] []"#,
            #"{"events": [{"title": "\x"}]}"#, "{\"events\": [{\"title\": \"a\u{01}\"}]}", #"{"almanac": 01}"#,
            #"{"almanac": tru}"#, #"{"almanac": truex}"#, #"{"events": [nul]}"#, #"{"a": "\ud800"}"#, #"{"events": ]}"#,
            #"{"events": [{"title": "x"}}"#, #"{"a": 1,}"#, #"{,}"#, #"{"a": -}"#, #"["#, #"{"#, #"{""#,
        ]
        for text in documents {
            let outcome = Self.expectAgreement(Self.bytes(text), text)
            #expect(outcome.error != nil, "\(text)")
        }
        Self.expectAgreement([UInt8](#"{"events": [{"title": ""#.utf8) + [0xC3, 0x28] + [UInt8](#""}]}"#.utf8), "bad UTF-8")
    }

    @Test func nestingPastTheLimitGivesTheSameError() {
        let deep = #"{"events": [{"title": "x", "extra": [[[[["deep"]]]]]}]}"#
        for depth in 0...8 {
            let outcome = Self.expectAgreement(Self.bytes(deep), limits: ReaderLimits(maximumDepth: depth), "depth \(depth)")
            #expect((outcome.error?.depthLimit != nil) == (depth < 8), "depth \(depth)")
        }
        for depth in 0...3 { Self.expectAgreement(Self.bytes(#"[{"title": "a", "start": "2026-01-01"}]"#), limits: ReaderLimits(maximumDepth: depth)) }
        Self.expectAgreement(Self.bytes("[" + String(repeating: "[", count: 300) + String(repeating: "]", count: 300) + "]"), "300 deep")
    }

    @Test func everyTruncationGivesTheSameErrorAndPosition() throws {
        let text = """
            {
              "almanac": 1,
              "recipes": [{"title": "Bread", "ingredients": [{"amount": 1.5, "unit": "cup", "name": "flour"}]}],
              "events": [
                {"id": "e1", "title": "Tëa ✓", "start": "2026-12-24T17:00:00", "timeZone": "Europe/Berlin", "tasks": [{"text": "cups\\n"}]},
                {"title": "Two", "start": "2026-12-25", "extra": null}
              ],
              "note": [true, false, "\\u00e9"]
            }

            """
        let bytes = Self.bytes(text)
        #expect(bytes.last == UInt8(ascii: "\n"))
        for length in 0..<(bytes.count - 1) {
            let prefix = Array(bytes[0..<length])
            let outcome = Self.expectAgreement(prefix, "prefix \(length)")
            #expect(outcome.error != nil, "prefix \(length) must fail")
        }
        #expect(Self.expectAgreement(bytes).events.count == 2)
    }

    @Test func positionsAreThoseOfTheItemsInTheInput() {
        let text = "{\"events\": [\n  {\"title\": \"a\", \"start\": \"2026-01-01\"},  {\"title\": \"ü\", \"start\": \"2026-01-02\"}\n]}"
        let bytes = Self.bytes(text)
        let second = text.utf8.count - "{\"title\": \"ü\", \"start\": \"2026-01-02\"}\n]}".utf8.count
        let outcome = Self.streamed(bytes, chunk: 3)
        #expect(outcome.eventPositions == [SourcePosition(offset: 15, in: bytes), SourcePosition(offset: second, in: bytes)])
        #expect(outcome.eventPositions.first == SourcePosition(offset: 15, line: 2, column: 3))
        #expect(outcome.eventPositions.last??.line == 2)
    }
}
