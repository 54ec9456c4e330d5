import Testing
@testable import AlmanacCooklang

/// Front matter values written so that YAML and the reader read them back.
@Suite struct CooklangYAMLTests {
    @Test(arguments: ["plain text", "a: b", "#tag", "- item", "yes", "", " padded ", "quote \" and \\ back", "line\nbreak", "[x]"])
    func scalarsReadBack(_ value: String) throws {
        let text = CooklangYAML.frontMatter([("key", .text(value))]) + "x\n"
        let parsed = try CooklangReader.parse(Array(text.utf8))
        #expect(parsed.metadata.first?.value == .text(value), "\(text)")
    }

    @Test func listsInFlowStyle() throws {
        let text = CooklangYAML.frontMatter([("tags", .list(["a", "b, c", "[d]"]))])
        #expect(text == "---\ntags: [a, \"b, c\", \"[d]\"]\n---\n")
        #expect(try CooklangReader.parse(Array(text.utf8)).metadata.first?.value == .list(["a", "b, c", "[d]"]))
    }
}
