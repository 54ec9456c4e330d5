import AlmanacCore
import Foundation
import Testing

@Suite struct AtomicFileWriterTests {
    /// A fresh, empty folder for one test; removed when `body` returns.
    private func inTemporaryFolder(_ body: (String) throws -> Void) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("almanac-atomic-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
        defer { try? FileManager.default.removeItem(at: folder) }
        try body(folder.path)
    }

    private func contents(_ folder: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
    }

    private func bytes(_ path: String) throws -> [UInt8] {
        Array(try #require(FileManager.default.contents(atPath: path)))
    }

    private func permissions(_ path: String) throws -> Int {
        try #require(try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int)
    }

    @Test func commitWritesTheFile() throws {
        try inTemporaryFolder { folder in
            let path = folder + "/out.json"
            let writer = try AtomicFileWriter(path: path)
            try writer.write(Array("{\"a\":".utf8))
            #expect(!FileManager.default.fileExists(atPath: path), "nothing appears before the commit")
            try writer.write(Array("1}\n".utf8))
            try writer.commit()
            #expect(try bytes(path) == Array("{\"a\":1}\n".utf8))
            #expect(try contents(folder) == ["out.json"], "no temporary file is left")
            #expect(try permissions(path) == 0o644)
        }
    }

    @Test func commitReplacesAnExistingFileKeepingItsPermissions() throws {
        try inTemporaryFolder { folder in
            let path = folder + "/out.txt"
            try Data("old".utf8).write(to: URL(fileURLWithPath: path))
            try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: path)
            try AtomicFileWriter.write(Array("new".utf8), to: path)
            #expect(try bytes(path) == Array("new".utf8))
            #expect(try permissions(path) == 0o640)
            #expect(try contents(folder) == ["out.txt"])
        }
    }

    @Test func abortLeavesAnExistingFileByteIdentical() throws {
        try inTemporaryFolder { folder in
            let path = folder + "/keep.bin"
            let original: [UInt8] = Array(0...255) + Array("précieux\n".utf8)
            try Data(original).write(to: URL(fileURLWithPath: path))
            let writer = try AtomicFileWriter(path: path)
            try writer.write(Array("replacement".utf8))
            let temporary = try contents(folder).filter { $0 != "keep.bin" }
            #expect(temporary.count == 1)
            #expect(temporary.first?.hasPrefix(".keep.bin.almanac-") == true)
            writer.abort()
            #expect(try bytes(path) == original)
            #expect(try contents(folder) == ["keep.bin"])
        }
    }

    @Test func droppingWithoutCommitLeavesAnExistingFileByteIdentical() throws {
        try inTemporaryFolder { folder in
            let path = folder + "/keep.txt"
            try Data("original".utf8).write(to: URL(fileURLWithPath: path))
            func writeButDrop() throws {
                let writer = try AtomicFileWriter(path: path)
                // More than the 1 MiB buffer, so bytes reach the temporary file before the drop.
                try writer.write([UInt8](repeating: UInt8(ascii: "x"), count: (1 << 20) + 10))
                #expect(try contents(folder).contains { $0.hasPrefix(".keep.txt.almanac-") })
            }
            try writeButDrop()
            #expect(try bytes(path) == Array("original".utf8))
            #expect(try contents(folder) == ["keep.txt"])
        }
    }

    @Test func droppingWithoutCommitCreatesNothing() throws {
        try inTemporaryFolder { folder in
            func writeButDrop() throws {
                let writer = try AtomicFileWriter(path: folder + "/new.txt")
                try writer.write(Array("draft".utf8))
            }
            try writeButDrop()
            #expect(try contents(folder).isEmpty)
        }
    }

    @Test func largeWritesArriveWhole() throws {
        try inTemporaryFolder { folder in
            let path = folder + "/big.bin"
            let payload = (0..<(3 << 20)).map { UInt8(truncatingIfNeeded: $0 &* 31) }
            let writer = try AtomicFileWriter(path: path)
            for start in stride(from: 0, to: payload.count, by: 700_000) {
                try writer.write(payload[start..<min(start + 700_000, payload.count)])
            }
            try writer.commit()
            #expect(try bytes(path) == payload)
            #expect(try contents(folder) == ["big.bin"])
        }
    }

    /// Starting over drops everything written before, in the buffer and in the file.
    @Test func startOverDropsWhatWasWritten() throws {
        try inTemporaryFolder { folder in
            let path = folder + "/again.txt"
            let writer = try AtomicFileWriter(path: path)
            #expect(writer.canStartOver)
            try writer.write([UInt8](repeating: UInt8(ascii: "x"), count: (3 << 20) + 5))
            try writer.startOver()
            try writer.write(Array("second try\n".utf8))
            try writer.commit()
            #expect(try bytes(path) == Array("second try\n".utf8))
            #expect(try contents(folder) == ["again.txt"])
        }
    }

    @Test func aMissingFolderThrowsCannotCreate() throws {
        try inTemporaryFolder { folder in
            let path = folder + "/no/such/folder/out.json"
            let error = try #require(throws: FileError.self) { try AtomicFileWriter(path: path) }
            guard case .cannotCreate(let reportedPath, let reason) = error else {
                Issue.record("expected cannotCreate, got \(error)")
                return
            }
            #expect(reportedPath == path)
            #expect(!reason.isEmpty)
            #expect(error.description.hasPrefix(path + ": cannot create: "))
        }
    }

    @Test func aNamedPipeIsWrittenInPlaceNotReplaced() throws {
        try inTemporaryFolder { folder in
            let path = folder + "/pipe"
            #expect(mkfifo(path, 0o600) == 0)
            // The reader opens the pipe on its own thread; the writer's open waits for it.
            let received = try withReader(path) {
                let writer = try AtomicFileWriter(path: path)
                try writer.write(Array("through the pipe\n".utf8))
                try writer.commit()
            }
            #expect(received == Array("through the pipe\n".utf8))
            var info = stat()
            #expect(lstat(path, &info) == 0)
            #expect(info.st_mode & S_IFMT == S_IFIFO, "the pipe is still a pipe, not a file renamed over it")
            #expect(try contents(folder) == ["pipe"], "no temporary file is left")
        }
    }

    /// Runs `body` while another thread reads `path` to its end, and returns what it read.
    private func withReader(_ path: String, _ body: () throws -> Void) throws -> [UInt8] {
        let done = DispatchSemaphore(value: 0)
        let box = Received()
        Thread {
            // Read to the end of the stream (a pipe has no size to read up to).
            box.bytes = FileHandle(forReadingAtPath: path).map { Array($0.readDataToEndOfFile()) } ?? []
            done.signal()
        }.start()
        try body()
        done.wait()
        return box.bytes
    }

    private final class Received: @unchecked Sendable {
        var bytes: [UInt8] = []
    }
}
