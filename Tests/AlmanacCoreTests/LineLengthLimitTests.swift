import Testing
import AlmanacCore

/// ``LineLengthLimit`` and ``LineLimitedSource``: which line is too long, counted how.
@Suite struct LineLengthLimitTests {
    private func check(_ text: String, maximum: Int, _ structure: LineStructure) -> LineTooLong? {
        do throws(LineTooLong) {
            try LineLengthLimit.check(Array(text.utf8), maximum: maximum, structure: structure)
            return nil
        } catch {
            return error
        }
    }

    @Test func aLineAtTheLimitPassesAndOneByteMoreIsRefused() {
        #expect(check("12345\n123\n", maximum: 5, .plain) == nil)
        #expect(check("123\n123456\n", maximum: 5, .plain) == LineTooLong(limit: 5, line: 2, offset: 4))
        // The last line needs no line feed to be measured.
        #expect(check("1\n2\n123456", maximum: 5, .plain) == LineTooLong(limit: 5, line: 3, offset: 4))
    }

    @Test func lineEndsAreNotCounted() {
        #expect(check("12345\r\n12345\r\n", maximum: 5, .plain) == nil)
        #expect(check("12345\r\n123456\r\n", maximum: 5, .plain)?.line == 2)
    }

    @Test func foldedLinesAreMeasuredWhole() {
        // 3 + 3 + 3 bytes once unfolded (the fold's space is not counted).
        let folded = "abc\r\n def\r\n\tghi\r\nnext\r\n"
        #expect(check(folded, maximum: 9, .folded) == nil)
        #expect(check(folded, maximum: 8, .folded) == LineTooLong(limit: 8, line: 1, offset: 0))
        // As plain lines, each is short.
        #expect(check(folded, maximum: 4, .plain) == nil)
        #expect(check("short\r\nabc\r\n def\r\n", maximum: 5, .folded) == LineTooLong(limit: 5, line: 2, offset: 7))
    }

    @Test func noLinesNoLimit() {
        #expect(check(String(repeating: "x", count: 100), maximum: 5, .none) == nil)
    }

    @Test func theSourceChecksAcrossChunkBoundaries() throws {
        let text = "abc\n" + String(repeating: "x", count: 40) + "\n"
        for chunk in [1, 3, 7, 64] {
            var source = LineLimitedSource(MemorySource(Array(text.utf8)), maximum: 39, structure: .plain)
            var bytes: [UInt8] = []
            #expect(throws: LineTooLong(limit: 39, line: 2, offset: 4), "chunks of \(chunk)") {
                while try source.read(into: &bytes, maximum: chunk) > 0 {}
            }
            var roomy = LineLimitedSource(MemorySource(Array(text.utf8)), maximum: 40, structure: .plain)
            bytes = []
            while try roomy.read(into: &bytes, maximum: chunk) > 0 {}
            #expect(bytes == Array(text.utf8))
        }
    }

    @Test func aFoldSplitAcrossChunksStillJoins() throws {
        let text = "ab\n cd\n ef\nx\n"
        var source = LineLimitedSource(MemorySource(Array(text.utf8)), maximum: 5, structure: .folded)
        var bytes: [UInt8] = []
        #expect(throws: LineTooLong(limit: 5, line: 1, offset: 0)) {
            while try source.read(into: &bytes, maximum: 1) > 0 {}
        }
    }

    @Test func theSourceStaysRereadable() throws {
        var source = LineLimitedSource(MemorySource(Array("a\nb\n".utf8)), maximum: 4, structure: .plain)
        let rereadable: Any = source
        #expect(rereadable is any RereadableByteSource)
        var bytes: [UInt8] = []
        while try source.read(into: &bytes, maximum: 2) > 0 {}
        try source.setReadPosition(0)
        while try source.read(into: &bytes, maximum: 2) > 0 {}
        #expect(bytes == Array("a\nb\na\nb\n".utf8))
    }

    /// A second pass checks only what the first did not reach, and from where it stopped:
    /// the long line is found with its own line and offset.
    @Test func aSecondPassChecksWhatTheFirstDidNotReach() throws {
        let text = "ab\n" + String(repeating: "x", count: 40) + "\n"
        var source = LineLimitedSource(MemorySource(Array(text.utf8)), maximum: 39, structure: .plain)
        var bytes: [UInt8] = []
        #expect(try source.read(into: &bytes, maximum: 3) == 3)
        try source.setReadPosition(0)
        bytes = []
        #expect(throws: LineTooLong(limit: 39, line: 2, offset: 3)) {
            while try source.read(into: &bytes, maximum: 7) > 0 {}
        }
    }

    /// Reads into room of the reader's own are checked as array reads are.
    @Test func readsIntoRoomAreChecked() throws {
        let text = "abc\n" + String(repeating: "x", count: 40) + "\n"
        for room in [1, 3, 7, 64] {
            var source = LineLimitedSource(MemorySource(Array(text.utf8)), maximum: 39, structure: .plain)
            var chunk = [UInt8](repeating: 0, count: room)
            #expect(throws: LineTooLong(limit: 39, line: 2, offset: 4), "room for \(room)") {
                while try chunk.withUnsafeMutableBytes({ try source.read(into: $0) }) > 0 {}
            }
        }
    }

    /// A reader that measures its lines itself takes the check over: the source gives its
    /// limit once, for lines of its own structure only, and then lets every line through.
    @Test func theCheckCanBeHandedOver() throws {
        let text = Array(("abc\n" + String(repeating: "x", count: 40) + "\n").utf8)
        var source = LineLimitedSource(MemorySource(text), maximum: 39, structure: .folded)
        #expect(source.handOverLineLengthCheck(structure: .plain) == nil)
        #expect(source.handOverLineLengthCheck(structure: .folded) == 39)
        #expect(source.handOverLineLengthCheck(structure: .folded) == nil, "handed over once")
        var bytes: [UInt8] = []
        while try source.read(into: &bytes, maximum: 7) > 0 {}
        #expect(bytes == text)
        var none = LineLimitedSource(MemorySource(text), maximum: 39, structure: .none)
        #expect(none.handOverLineLengthCheck(structure: .none) == nil)
        var memory = MemorySource(text)
        #expect(memory.handOverLineLengthCheck(structure: .folded) == nil, "a source that checks nothing")
    }
}
