import AlmanacCore
import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

@Suite struct WriteBehindTests {
    private func temporaryPath() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("almanac-write-behind-\(UUID().uuidString)").path
    }

    /// Buffers of many sizes, each handed over while the one before may still be written,
    /// arrive whole and in order.
    @Test func buffersArriveInOrder() throws {
        let path = temporaryPath()
        defer { unlink(path) }
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        try #require(descriptor >= 0)
        defer { close(descriptor) }
        let behind = WriteBehind(descriptor: descriptor, name: path)
        var expected: [UInt8] = []
        var buffer: [UInt8] = []
        for round in 0..<200 {
            let count = (round * 7_919) % 300_000 + 1
            for index in 0..<count { buffer.append(UInt8(truncatingIfNeeded: index &+ round)) }
            expected += buffer
            try behind.hand(&buffer)
            #expect(buffer.isEmpty, "the caller gets an empty buffer back")
        }
        try behind.drain()
        behind.stop()
        #expect(Array(try #require(FileManager.default.contents(atPath: path))) == expected)
    }

    /// A write that fails (here: a descriptor open for reading only) is thrown by the next
    /// hand-over or by drain, naming the path, and nothing is written after it.
    @Test func aFailedWriteIsThrownLater() throws {
        let path = temporaryPath()
        defer { unlink(path) }
        _ = FileManager.default.createFile(atPath: path, contents: Data())
        let descriptor = open(path, O_RDONLY)
        try #require(descriptor >= 0)
        defer { close(descriptor) }
        let behind = WriteBehind(descriptor: descriptor, name: path)
        var buffer = Array("first".utf8)
        try behind.hand(&buffer)
        let error = try #require(throws: FileError.self) { try behind.drain() }
        #expect(error.description.hasPrefix(path + ":"))
        buffer = Array("second".utf8)
        #expect(throws: FileError.self) { try behind.hand(&buffer) }
        behind.stop()
        #expect(FileManager.default.contents(atPath: path)?.isEmpty == true)
    }

    /// Stopping waits for the write under way, so the descriptor may be closed after it.
    @Test func stopWaitsForTheWriteUnderWay() throws {
        let path = temporaryPath()
        defer { unlink(path) }
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        try #require(descriptor >= 0)
        let behind = WriteBehind(descriptor: descriptor, name: path)
        var buffer = [UInt8](repeating: 0x61, count: 8 << 20)
        try behind.hand(&buffer)
        behind.stop()
        close(descriptor)
        let size = (try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? -1
        // The buffer was either written whole before the stop, or dropped before it began.
        #expect(size == 8 << 20 || size == 0)
    }
}
