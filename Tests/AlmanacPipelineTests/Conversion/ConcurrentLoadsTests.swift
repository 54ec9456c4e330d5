import Foundation
import Testing
import Almanac

/// Small inputs read several at a time give what reading them one by one gives: the items
/// in input order, the warnings in input order, and the first input's error.
@Suite struct ConcurrentLoadsTests {
    private func folder(_ files: [(name: String, text: String)]) throws -> (URL, [ConversionInput]) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("almanac-loads-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let inputs = try files.map { file in
            let url = folder.appendingPathComponent(file.name)
            try Data(file.text.utf8).write(to: url)
            return try ConversionInput(path: url.path, registry: Fixture.registry)
        }
        return (folder, inputs)
    }

    private func recipe(_ index: Int) -> (name: String, text: String) {
        (String(format: "recipe-%03d.md", index), "# Recipe \(index)\n\n*serves \(index + 1)*\n\n---\n\n- \(index + 1) cups flour\n\n---\n\nMix.\n")
    }

    @Test func manySmallFilesKeepTheirOrder() throws {
        let (folder, inputs) = try folder((0..<100).map(recipe))
        defer { try? FileManager.default.removeItem(at: folder) }
        let together = try InputReader().read(inputs)
        let oneByOne = try inputs.flatMap { try InputReader().read([$0]).items }
        #expect(together.items.map(\.item.title) == (0..<100).map { "Recipe \($0)" })
        #expect(together.items.map(\.source) == inputs.map(\.name))
        #expect(together.items.map(\.item) == oneByOne.map(\.item))
        #expect(together.items.map(\.position) == oneByOne.map(\.position))
    }

    /// Two broken files among many: the error is the first one's, and only the warnings of
    /// the files before it were reported, in order.
    @Test func theFirstBrokenFileIsTheError() throws {
        var files: [(name: String, text: String)] = (0..<60).map { index in
            // `allDay` without a start is a warning naming the file.
            (String(format: "item-%03d.json", index), "{\"events\": [{\"id\": \"e\(index)\", \"title\": \"Meeting \(index)\", \"allDay\": true}]}\n")
        }
        files[23].text = "{\"recipes\": [{\"id\": \"r23\", \"title\": \n"
        files[41].text = "{\"recipes\": [\n"
        let (folder, inputs) = try folder(files)
        defer { try? FileManager.default.removeItem(at: folder) }
        let collected = Collected()
        let error = try #require(throws: AlmanacError.self) { try InputReader().read(inputs, report: collected.handler) }
        #expect(error.status == .dataError)
        #expect(error.diagnostics.first?.source == inputs[23].name)
        let warned = collected.diagnostics.map(\.0.source)
        #expect(warned == inputs[..<23].map(\.name), "one warning for each file before the broken one, in input order")
    }
}
