import AlmanacCore
import AlmanacTestSupport
import Foundation
import Testing
@testable import AlmanacCooklang

/// almanac's Cooklang checked by cooklang-rs (`cooklang-bindings` 0.6.0): almanac reads the
/// canonical cases and generated files to the ingredients, quantities, units, notes,
/// references and steps the peer reads, and the peer reads what almanac writes to the same
/// recipe. Skipped when the peer is absent, unless `ALMANAC_REQUIRE_PEERS=1`.
@Suite("Cooklang peer")
struct CooklangPeerTests {
    /// Canonical cases cooklang-rs reads otherwise than the spec's result, and why; almanac
    /// follows the spec there.
    static let specOverPeer: [String: String] = [
        "testMetadataBreak": "cooklang-rs starts a comment at '---' inside a line; the spec's result keeps it as text",
        "testInvalidMultiWordIngredient": "cooklang-rs reads '@ example{}' as the ingredient 'example'; the spec: text",
        "testInvalidMultiWordCookware": "cooklang-rs reads '# 10{}' as the cookware '10'; the spec: text",
        "testInvalidMultiWordTimer": "cooklang-rs reads '~ {5}' as a timer of 5; the spec: text",
    ]

    static func generated(_ count: Int, seed: UInt64) -> [String] {
        (0..<count).map { index in
            var generator = GeneratedCooklang(seed: seed &+ UInt64(index))
            return generator.file()
        }
    }

    @Test("almanac reads each canonical case as cooklang-rs does", .enabled(if: CooklangPeer.available && (CooklangConformanceTests.present || Peers.required)))
    func canonicalCases() throws {
        let cases = CanonicalCase.all.filter { Self.specOverPeer[$0.name] == nil }
        try #require(cases.count == 60 - Self.specOverPeer.count)
        let peer = try CooklangPeer.read(cases.map(\.source))
        for (test, reading) in zip(cases, peer) {
            try Self.expectSameReading(test.source, reading, test.name)
        }
    }

    @Test("almanac reads 300 generated files as cooklang-rs does", .enabled(if: CooklangPeer.available))
    func generatedFiles() throws {
        let sources = Self.generated(300, seed: 17)
        let peer = try CooklangPeer.read(sources)
        for (index, (source, reading)) in zip(sources, peer).enumerated() {
            try Self.expectSameReading(source, reading, "generated #\(index)")
        }
    }

    @Test("cooklang-rs reads what almanac writes to the recipe almanac wrote", .enabled(if: CooklangPeer.available))
    func peerReadsTheWriter() throws {
        var recipes = try CooklangTesting.sampleRecipes() + CooklangTesting.modelRecipes
        recipes += try Self.generated(60, seed: 99).map { try CooklangTesting.freshRecipe($0) }
        recipes += try CanonicalCase.all.map { try CooklangTesting.freshRecipe($0.source) }
        let written = try recipes.map { try CooklangTesting.write($0) }
        let peer = try CooklangPeer.read(written)
        for (index, (text, reading)) in zip(written, peer).enumerated() {
            let name = "recipe #\(index) '\(recipes[index].title)'"
            try Self.expectSameReading(text, reading, name)
            // And almanac reads it back to the recipe it wrote.
            let back = try CooklangTesting.read(text, title: recipes[index].title)
            CooklangTesting.expectSameRecipe(back, recipes[index], name)
            #expect(reading.metadata["title"] == (recipes[index].title.isEmpty ? nil : recipes[index].title), "\(name)")
        }
    }

    /// What almanac reads from `source` is what the peer read.
    static func expectSameReading(_ source: String, _ reading: CooklangPeer.Reading, _ name: String) throws {
        let parsed: CooklangParsedRecipe
        do {
            parsed = try CooklangReader.parse(Array(source.utf8))
        } catch {
            #expect(reading.error != nil, "\(name): almanac refused what the peer read: \(error)\n\(source)")
            return
        }
        #expect(reading.error == nil, "\(name): the peer refused what almanac read: \(reading.error ?? "")\n\(source)")
        guard reading.error == nil else { return }
        let ingredients = parsed.steps.flatMap { $0.items.compactMap { item -> CooklangComponent? in
            if case .ingredient(let component) = item { return component }
            return nil
        } }
        #expect(ingredients.count == reading.ingredients.count, "\(name): \(ingredients.count) ingredients, the peer \(reading.ingredients.count): \(reading.ingredients)\n\(source)")
        for (mine, theirs) in zip(ingredients, reading.ingredients) {
            #expect(mine.name == theirs.name, "\(name): \(mine) vs \(theirs)")
            switch mine.quantity {
            case .number(let value): #expect(theirs.number.map { abs($0 - value) < 1e-9 } == true, "\(name): \(mine) vs \(theirs)")
            case .text(let text): #expect(theirs.text == text && theirs.number == nil, "\(name): \(mine) vs \(theirs)")
            case nil: #expect(theirs.number == nil && theirs.text == nil, "\(name): \(mine) vs \(theirs)")
            }
            #expect(mine.unit == theirs.unit, "\(name): \(mine) vs \(theirs)")
            #expect(mine.note == theirs.note, "\(name): \(mine) vs \(theirs)")
            #expect(mine.reference == theirs.reference, "\(name): \(mine) vs \(theirs)")
        }
        #expect(parsed.steps.map(\.plainText) == reading.steps, "\(name)\n\(source)")
    }
}
