@testable import AlmanacCore
import Foundation
import Testing

@Suite struct ByteSourceTests {
    private struct Line: Equatable {
        var text: String
        var number: Int
        var offset: Int
    }

    private func lines(_ text: String, chunkSize: Int = 1 << 16) throws -> [Line] {
        var reader = LineReader(MemorySource(Array(text.utf8)), chunkSize: chunkSize)
        var lines: [Line] = []
        while try reader.nextLine({ bytes, number, offset in
            lines.append(Line(text: String(decoding: bytes, as: UTF8.self), number: number, offset: offset))
        }) {}
        return lines
    }

    @Test func memorySourceHandsOverChunksThenZero() throws {
        var source = MemorySource(Array("abcdefg".utf8))
        var buffer: [UInt8] = []
        #expect(try source.read(into: &buffer, maximum: 3) == 3)
        #expect(try source.read(into: &buffer, maximum: 3) == 3)
        #expect(try source.read(into: &buffer, maximum: 3) == 1)
        #expect(try source.read(into: &buffer, maximum: 3) == 0)
        #expect(buffer == Array("abcdefg".utf8))
    }

    /// Reading into room of one's own gives the bytes reading into an array does: a file's
    /// and memory's straight, any other source's through its array read.
    @Test func readsIntoRoomGiveTheSameBytes() throws {
        struct ArrayOnly: ByteSource {
            var base: MemorySource
            mutating func read(into buffer: inout [UInt8], maximum: Int) throws -> Int {
                try base.read(into: &buffer, maximum: maximum)
            }
        }
        let text = Array("0123456789abcdefghij".utf8)
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("almanac-room-\(UUID().uuidString)").path
        try Data(text).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        func readAll(_ source: inout some ByteSource, room: Int) throws -> [UInt8] {
            var bytes: [UInt8] = []
            var chunk = [UInt8](repeating: 0, count: room)
            while true {
                let count = try chunk.withUnsafeMutableBytes { try source.read(into: $0) }
                if count == 0 { return bytes }
                #expect(count <= room)
                bytes += chunk[0..<count]
            }
        }
        for room in [1, 3, 7, 64] {
            var memory = MemorySource(text)
            #expect(try readAll(&memory, room: room) == text)
            var other = ArrayOnly(base: MemorySource(text))
            #expect(try readAll(&other, room: room) == text)
            var file = try FileIO.openForReading(path)
            defer { file.close() }
            #expect(try readAll(&file, room: room) == text)
        }
        var empty = MemorySource([])
        #expect(try empty.read(into: UnsafeMutableRawBufferPointer(start: nil, count: 0)) == 0)
    }

    @Test func sourcesSayHowManyBytesAreLeftWhenTheyKnow() throws {
        var memory = MemorySource(Array("abcdefg".utf8))
        var buffer: [UInt8] = []
        #expect(memory.remainingByteCount() == 7)
        _ = try memory.read(into: &buffer, maximum: 3)
        #expect(memory.remainingByteCount() == 4)

        let path = FileManager.default.temporaryDirectory.appendingPathComponent("almanac-remaining-\(UUID().uuidString)").path
        try Data("0123456789".utf8).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        var file = try FileIO.openForReading(path)
        defer { file.close() }
        #expect(file.remainingByteCount() == 10)
        _ = try file.read(into: &buffer, maximum: 4)
        #expect(file.remainingByteCount() == 6)
        #expect(try FileIO.readAll(from: &file) == Array("456789".utf8))

        var pipe = FileDescriptorSource(descriptor: Pipe().fileHandleForReading.fileDescriptor, name: "pipe")
        #expect(pipe.remainingByteCount() == nil, "a pipe's length is not known")
    }

    /// A regular file read whole in one `read` gives what reading it in chunks gives, at
    /// every size around the edges (empty, one byte, a page, past the chunk size), and a file
    /// that grew after it was sized is read to its end.
    @Test func readWholeGivesWhatChunkedReadsGive() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("almanac-whole-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        for size in [0, 1, 2, 4095, 4096, 4097, (1 << 20) - 1, 1 << 20, (1 << 20) + 3, 3 << 20] {
            let bytes = (0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 8) }
            try Data(bytes).write(to: URL(fileURLWithPath: path))
            let (whole, wholeSize) = try FileIO.openSized(path)
            defer { whole.close() }
            #expect(wholeSize == size)
            var chunked = try FileIO.openForReading(path)
            defer { chunked.close() }
            #expect(try FileIO.readWhole(whole, size: size) == bytes, "size \(size)")
            #expect(try FileIO.readAll(from: &chunked) == bytes, "size \(size)")
        }
        try Data("0123456789".utf8).write(to: URL(fileURLWithPath: path))
        let (grown, _) = try FileIO.openSized(path)
        defer { grown.close() }
        #expect(try FileIO.readWhole(grown, size: 4) == Array("0123456789".utf8), "sized at 4 bytes, read to its end")
        // A file that grew past the limit is read no further than a megabyte past it.
        try Data(repeating: 0x61, count: 5 << 20).write(to: URL(fileURLWithPath: path))
        let (large, _) = try FileIO.openSized(path)
        defer { large.close() }
        let read = try FileIO.readWhole(large, size: 10, limit: 100)
        #expect(read.count > 100 && read.count <= 100 + (1 << 20) + 11, "read \(read.count) bytes of 5 MiB with a limit of 100")
    }

    @Test func openSizedSaysWhatOpenForReadingSays() throws {
        let folder = FileManager.default.temporaryDirectory.path
        #expect(throws: FileError.unreadable(path: folder, reason: "is a directory")) { try FileIO.openSized(folder) }
        let missing = folder + "/almanac-missing-\(UUID().uuidString)"
        #expect(throws: FileError.notFound(path: missing)) { try FileIO.openSized(missing) }
        let pipe = Pipe()
        let (source, size) = try FileIO.openSized("/dev/fd/\(pipe.fileHandleForReading.fileDescriptor)")
        defer { source.close() }
        #expect(size == nil, "a pipe has no size to read by")
    }

    @Test func splitsLinesWithNumbersAndOffsets() throws {
        #expect(try lines("one\ntwo\nthree\n") == [
            Line(text: "one", number: 1, offset: 0), Line(text: "two", number: 2, offset: 4), Line(text: "three", number: 3, offset: 8),
        ])
    }

    @Test func dropsTheCarriageReturnOfCRLF() throws {
        #expect(try lines("a\r\nbb\r\n") == [Line(text: "a", number: 1, offset: 0), Line(text: "bb", number: 2, offset: 3)])
        #expect(try lines("a\rb\n").map(\.text) == ["a\rb"], "a lone CR inside a line stays")
    }

    @Test func readsTheLastLineWithoutANewline() throws {
        #expect(try lines("a\nlast") == [Line(text: "a", number: 1, offset: 0), Line(text: "last", number: 2, offset: 2)])
        #expect(try lines("a\nlast\r") == [Line(text: "a", number: 1, offset: 0), Line(text: "last", number: 2, offset: 2)])
    }

    @Test func keepsEmptyLines() throws {
        #expect(try lines("\n\nx\n\n").map(\.text) == ["", "", "x", ""])
        #expect(try lines("\n\nx\n\n").map(\.number) == [1, 2, 3, 4])
        #expect(try lines("").isEmpty)
        #expect(try lines("\n") == [Line(text: "", number: 1, offset: 0)])
    }

    @Test func linesSpanChunkBoundaries() throws {
        let text = "first line\r\nsecond, longer line\n\nx\r\nend without newline"
        let whole = try lines(text)
        #expect(whole.map(\.text) == ["first line", "second, longer line", "", "x", "end without newline"])
        #expect(whole.map(\.offset) == [0, 12, 32, 33, 36])
        for chunkSize in 1...7 {
            #expect(try lines(text, chunkSize: chunkSize) == whole, "chunk size \(chunkSize)")
        }
    }

    @Test func aCRLFSplitAcrossChunksIsStillOneLineEnd() throws {
        #expect(try lines("ab\r\ncd", chunkSize: 3) == [Line(text: "ab", number: 1, offset: 0), Line(text: "cd", number: 2, offset: 4)])
    }

    @Test func multiByteCharactersSplitAcrossChunksStayWhole() throws {
        #expect(try lines("é日\n😀\n", chunkSize: 1).map(\.text) == ["é日", "😀"])
    }

    @Test func exposesTheLastLinesNumberAndOffset() throws {
        var reader = LineReader(MemorySource(Array("ab\ncde\n".utf8)), chunkSize: 2)
        #expect(try reader.nextLine { _, _, _ in })
        #expect(try reader.nextLine { _, _, _ in })
        #expect(reader.lineNumber == 2)
        #expect(reader.lineOffset == 3)
        #expect(try !reader.nextLine { _, _, _ in })
    }

    @Test func errorsFromTheBodyPropagate() throws {
        struct Stop: Error {}
        var reader = LineReader(MemorySource(Array("a\nb\n".utf8)))
        #expect(throws: Stop.self) { try reader.nextLine { _, _, _ in throw Stop() } }
    }
}

