import AlmanacCore
import AlmanacFormats
import Foundation
import Testing

@testable import almanac_bench

/// The inputs of `almanac-bench shapes` are what they claim: of the size asked for,
/// in the shape named, and read back whole by almanac's own reader.
struct ShapeCorpusTests {
    static let requested = 60_000

    private func write(_ reader: String) throws -> (inputs: [ShapeCorpus.Input], folder: String) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("almanac-shapes-\(reader)-\(UUID().uuidString)").path
        try FolderMaker.make(folder)
        return (try ShapeCorpus(folder: folder).write(reader: reader, bytes: Self.requested, tag: "test"), folder)
    }

    @Test(arguments: ShapeCorpus.readers)
    func everyShapeReadsBackWhole(reader: String) throws {
        let (inputs, folder) = try write(reader)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(inputs.count >= 2)
        let codec = try #require(BuiltinFormats.registry.codec(named: reader))
        for input in inputs {
            let bytes = try FileIO.readAll(input.path)
            #expect(bytes.count == input.bytes, "\(input.shape)")
            let document = try codec.decode(bytes, source: input.path).document
            #expect(document.recipes.count + document.events.count == input.items, "\(reader) \(input.shape)")
        }
        // The ordinary shape is about the size asked for.
        #expect(abs(inputs[0].bytes - Self.requested) < Self.requested / 4, "\(reader) \(inputs[0].shape): \(inputs[0].bytes) bytes")
    }

    @Test(arguments: ["json", "jcal", "xml", "xcal", "jsonld"])
    func oneLineHoldsTheSameItemsOnOneLine(reader: String) throws {
        let (inputs, folder) = try write(reader)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let oneLine = try #require(inputs.first { $0.shape == "one line" })
        let bytes = try FileIO.readAll(oneLine.path)
        #expect(bytes.dropLast().firstIndex(of: UInt8(ascii: "\n")) == nil)
        #expect(oneLine.items == inputs[0].items)
        let codec = try #require(BuiltinFormats.registry.codec(named: reader))
        #expect(try codec.decode(bytes, source: oneLine.path).document == codec.decode(FileIO.readAll(inputs[0].path), source: inputs[0].path).document)
        #expect(oneLine.bytes < inputs[0].bytes)
        #expect(try FileIO.readAll(inputs[0].path).filter { $0 == UInt8(ascii: "\n") }.count > inputs[0].items)
    }

    @Test func savedPagesDifferOnlyInLayout() throws {
        let (inputs, folder) = try write("html")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(inputs.map(\.shape) == ["pretty JSON-LD", "one-line JSON-LD", "minified page"])
        #expect(Set(inputs.map(\.items)).count == 1)
        let minified = try FileIO.readAll(inputs[2].path)
        #expect(minified.firstIndex(of: UInt8(ascii: "\n")) == nil)
        let decoded = try inputs.map { try BuiltinFormats.registry.codec(named: "html")!.decode(FileIO.readAll($0.path), source: $0.path).document.recipes }
        #expect(decoded[0] == decoded[1] && decoded[1] == decoded[2])
    }

    @Test func ndjsonLinesAreTinyOrLarge() throws {
        let (inputs, folder) = try write("ndjson")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(inputs.map(\.shape) == ["event lines", "tiny lines", "large lines"])
        let tiny = inputs[1]
        let large = inputs[2]
        #expect(tiny.bytes / tiny.items < 64)
        #expect(abs(large.bytes - Self.requested) < Self.requested / 4)
        #expect(large.items >= 2 && large.bytes / large.items >= Self.requested / 4)
    }

    @Test func hugeValuesFillTheirFile() throws {
        for reader in ["ics", "markdown"] {
            let (inputs, folder) = try write(reader)
            defer { try? FileManager.default.removeItem(atPath: folder) }
            let huge = inputs[1]
            #expect(huge.items == 1)
            #expect(abs(huge.bytes - Self.requested) < Self.requested / 4, "\(reader) \(huge.shape): \(huge.bytes) bytes")
            let document = try BuiltinFormats.registry.codec(named: reader)!.decode(FileIO.readAll(huge.path), source: huge.path).document
            let text = reader == "ics" ? document.events.first?.notes : document.recipes.first?.summary
            #expect((text?.utf8.count ?? 0) > Self.requested / 2, "\(reader)")
        }
        let (recipes, folder) = try write("markdown")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(recipes[0].bytes / recipes[0].items < 700)
    }
}
