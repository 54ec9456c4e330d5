import AlmanacCore
import AlmanacTestSupport
import AlmanacXML
import Foundation
import Testing

/// Hostile inputs: external entities, entity bombs, deep nesting, huge text. Each must
/// give a clear error (or work), quickly, and never leak a file or crash.
@Suite("XML security")
struct XMLSecurityTests {
    /// Seconds `body` took.
    private func seconds(_ body: () throws -> Void) rethrows -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        try body()
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    }

    /// A file whose content must never appear in any output.
    private func secretFile() throws -> (URL, String) {
        let secret = "ALMANAC-SECRET-\(UUID().uuidString)"
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("almanac-xxe-\(UUID().uuidString).txt")
        try Data(secret.utf8).write(to: url)
        return (url, secret)
    }

    private func text(of error: any Error) -> String {
        (error as? XMLDecodingError)?.description ?? "\(error)"
    }

    @Test("an external entity naming a local file never reads it", arguments: ["<title>&xxe;</title>", "<title>x</title><notes>&xxe;</notes>"])
    func externalEntityInContent(field: String) throws {
        let (url, secret) = try secretFile()
        defer { try? FileManager.default.removeItem(at: url) }
        let input = """
            <?xml version="1.0"?>
            <!DOCTYPE almanac [ <!ENTITY xxe SYSTEM "\(url.absoluteString)"> ]>
            <almanac xmlns="https://almanac.invalid/xml/1"><event>\(field)</event></almanac>
            """
        do {
            let result = try XMLTest.decode(input)
            let written = try XMLTest.encode(result.document)
            #expect(!written.contains(secret))
            #expect(!"\(result.document)".contains(secret))
            #expect(!result.diagnostics.map(\.rendered).joined().contains(secret))
        } catch {
            #expect(!text(of: error).contains(secret))
            guard case .read(.entityReference(let name, let position))? = error as? XMLDecodingError else {
                Issue.record("expected an entity-reference error, got \(error)")
                return
            }
            #expect(name == "xxe")
            #expect(position.line == 3)
        }
    }

    @Test func externalEntityInAnAttributeIsRefused() throws {
        let (url, secret) = try secretFile()
        defer { try? FileManager.default.removeItem(at: url) }
        let input = """
            <!DOCTYPE almanac [ <!ENTITY xxe SYSTEM "\(url.absoluteString)"> ]>
            <almanac xmlns="https://almanac.invalid/xml/1"><event id="&xxe;"><title>t</title></event></almanac>
            """
        let error = try #require(throws: XMLDecodingError.self) { try XMLTest.decode(input) }
        #expect(!error.description.contains(secret))
        #expect(error.position?.line == 2)
    }

    @Test func anExternalDTDIsNotLoaded() throws {
        let (url, secret) = try secretFile()
        defer { try? FileManager.default.removeItem(at: url) }
        // Were the DTD loaded, parsing the secret as markup would fail; it is not read at all.
        let input = """
            <!DOCTYPE almanac SYSTEM "\(url.absoluteString)">
            <almanac xmlns="https://almanac.invalid/xml/1"><event id="e"><title>t</title></event></almanac>
            """
        let result = try XMLTest.decode(input)
        #expect(result.document.events.map(\.title) == ["t"])
        #expect(!result.diagnostics.map(\.rendered).joined().contains(secret))
    }

    @Test func aParameterEntityNamingALocalFileIsNotLoaded() throws {
        let (url, secret) = try secretFile()
        defer { try? FileManager.default.removeItem(at: url) }
        let input = """
            <!DOCTYPE almanac [ <!ENTITY % remote SYSTEM "\(url.absoluteString)"> %remote; ]>
            <almanac xmlns="https://almanac.invalid/xml/1"><event id="e"><title>t</title></event></almanac>
            """
        do {
            let result = try XMLTest.decode(input)
            #expect(!"\(result)".contains(secret))
        } catch {
            #expect(!text(of: error).contains(secret))
        }
    }

    /// Ten entities, each ten of the one before: 10^9 `lol`s if expanded.
    static func billionLaughs(reference: String) -> String {
        var lines = [#"<?xml version="1.0"?>"#, "<!DOCTYPE almanac [", #" <!ENTITY lol0 "lol">"#]
        for level in 1...9 {
            lines.append(" <!ENTITY lol\(level) \"\(String(repeating: "&lol\(level - 1);", count: 10))\">")
        }
        lines.append("]>")
        lines.append(#"<almanac xmlns="https://almanac.invalid/xml/1">"# + reference + "</almanac>")
        return lines.joined(separator: "\n")
    }

    @Test("a billion laughs fails fast with a clear error", arguments: [
        "<recipe><title>&lol9;</title></recipe>",
        #"<recipe id="&lol9;"><title>t</title></recipe>"#,
        "<recipe><title>t</title><extras><elements><x>&lol9;</x></elements></extras></recipe>",
    ])
    func billionLaughs(reference: String) throws {
        let input = Self.billionLaughs(reference: reference)
        var caught: XMLDecodingError?
        let elapsed = seconds {
            caught = #expect(throws: XMLDecodingError.self) { try XMLTest.decode(input) }
        }
        print("billion laughs (\(reference.prefix(16))…): \(String(format: "%.3f", elapsed)) s: \(caught?.description ?? "-")")
        #expect(elapsed < 5, "took \(elapsed) s")
        let error = try #require(caught)
        #expect(error.position?.line == 14, "points at the reference in the document: \(error)")
        #expect(error.message.contains("entity"), "\(error.message)")
    }

    @Test func aQuadraticBlowupFailsOrStaysSmall() throws {
        // One entity of 50,000 bytes referenced 50,000 times: 2.5 GB if expanded.
        let big = String(repeating: "x", count: 50_000)
        let references = String(repeating: "&big;", count: 50_000)
        let input = """
            <!DOCTYPE almanac [ <!ENTITY big "\(big)"> ]>
            <almanac xmlns="https://almanac.invalid/xml/1"><recipe><title>\(references)</title></recipe></almanac>
            """
        let elapsed = seconds {
            #expect(throws: XMLDecodingError.self) { try XMLTest.decode(input) }
        }
        print("quadratic blowup: \(String(format: "%.3f", elapsed)) s")
        #expect(elapsed < 5)
    }

    @Test func veryDeepNestingIsAClearError() throws {
        let depth = 100_000
        let input = XMLTest.wrap("<recipe><title>t</title><extras><elements>"
            + String(repeating: "<a>", count: depth) + String(repeating: "</a>", count: depth)
            + "</elements></extras></recipe>")
        let error = try #require(throws: XMLDecodingError.self) { try XMLTest.decode(input) }
        #expect(error.message.contains("depth"), "\(error)")
        #expect(error.position?.line == 1)
    }

    @Test func deeplyNestedGroupsAreAClearError() throws {
        let depth = 300
        let input = XMLTest.wrap("<recipe><title>t</title><ingredientGroups>"
            + String(repeating: "<ingredientGroup><title>g</title><ingredientGroups>", count: depth)
            + String(repeating: "</ingredientGroups></ingredientGroup>", count: depth)
            + "</ingredientGroups></recipe>")
        #expect(throws: XMLDecodingError.self) { try XMLTest.decode(input) }
    }

    @Test func nestingWithinTheLimitWorks() throws {
        let depth = 50
        let input = XMLTest.wrap("<recipe><title>t</title><ingredientGroups>"
            + String(repeating: "<ingredientGroup><title>g</title><ingredientGroups>", count: depth)
            + String(repeating: "</ingredientGroups></ingredientGroup>", count: depth)
            + "</ingredientGroups></recipe>")
        var group = try #require(try XMLTest.decode(input).document.recipes.first?.ingredientGroups.first)
        var levels = 1
        while let inner = group.ingredientGroups.first {
            group = inner
            levels += 1
        }
        #expect(levels == depth)
    }

    @Test func theDepthOptionIsALimit() throws {
        let input = XMLTest.wrap("<recipe><title>t</title><extras><elements><a><b><c/></b></a></elements></extras></recipe>")
        let error = try #require(throws: XMLDecodingError.self) {
            try XMLCodec(options: XMLDecodingOptions(maximumDepth: 6)).decode(Array(input.utf8), source: "t.xml")
        }
        // <c/> is the seventh level: almanac, recipe, extras, elements, a, b, c.
        #expect(error == .read(.tooDeep(limit: 6, at: SourcePosition(offset: 107, line: 1, column: 108))))
        #expect(try XMLCodec(options: XMLDecodingOptions(maximumDepth: 7)).decode(Array(input.utf8), source: "t.xml").document.recipes.count == 1)
    }

    @Test func aHundredMegabyteTextNodeIsAClearError() throws {
        let size = 100_000_000
        let head = Array(#"<almanac xmlns="https://almanac.invalid/xml/1"><recipe><title>"#.utf8)
        let tail = Array("</title></recipe></almanac>".utf8)
        var bytes = [UInt8](repeating: UInt8(ascii: "A"), count: head.count + size + tail.count)
        bytes.replaceSubrange(0..<head.count, with: head)
        bytes.replaceSubrange((bytes.count - tail.count)..., with: tail)
        var caught: XMLDecodingError?
        let elapsed = seconds {
            caught = #expect(throws: XMLDecodingError.self) { try XMLCodec().decode(bytes, source: "big.xml") }
        }
        print("100 MB text node: \(String(format: "%.3f", elapsed)) s: \(caught?.description ?? "-")")
        let error = try #require(caught)
        #expect(error.message.contains("huge text node"), "\(error)")
        #expect(error.position?.line == 1)
        #expect(elapsed < 60)
    }

    @Test func aLargeDocumentOfManyItemsWorks() throws {
        let item = "<event><title>Dinner &amp; a movie</title><start>2026-12-24T18:00:00Z</start></event>\n"
        let input = XMLTest.wrap(String(repeating: item, count: 100_000))
        var count = 0
        let elapsed = try seconds { count = try XMLTest.decode(input).document.events.count }
        print("100,000 events (\(input.utf8.count / 1_000_000) MB): \(String(format: "%.3f", elapsed)) s")
        #expect(count == 100_000)
    }
}
