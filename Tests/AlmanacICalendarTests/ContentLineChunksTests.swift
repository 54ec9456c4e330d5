@testable import AlmanacICalendar
import AlmanacCore
import AlmanacICalendarModel
import Testing

/// ``ContentLineChunks`` reads its source straight into its own room and, when the source
/// hands its line check over, measures the lines itself: the lines it hands out, and the
/// line it refuses, must be those of the whole input read at once and of
/// ``LineLengthLimit`` over the whole input.
@Suite("Content line chunks")
struct ContentLineChunksTests {
    /// A source that gives at most `chunk` bytes a read, whatever room it is given.
    struct Trickle: ByteSource {
        let bytes: [UInt8]
        let chunk: Int
        var offset = 0
        /// How many bytes were read so far.
        var read: Int { offset }

        mutating func read(into buffer: inout [UInt8], maximum: Int) throws -> Int {
            let count = min(maximum, chunk, bytes.count - offset)
            buffer.append(contentsOf: bytes[offset..<(offset + count)])
            offset += count
            return count
        }
    }

    /// A line longer than any limit, which never ends: `x` after `x`.
    struct Endless: ByteSource {
        var read = 0

        mutating func read(into buffer: inout [UInt8], maximum: Int) throws -> Int {
            buffer.append(contentsOf: repeatElement(UInt8(ascii: "x"), count: maximum))
            read += maximum
            return maximum
        }
    }

    /// Each logical line as (unfolded bytes, line number, offset).
    struct Line: Equatable {
        var bytes: [UInt8]
        var number: Int
        var offset: Int
    }

    static func wholeLines(_ bytes: [UInt8]) -> [Line] {
        bytes.withUnsafeBufferPointer { buffer in
            var reader = ContentLineReader(buffer)
            var lines: [Line] = []
            while reader.nextLine({ lines.append(Line(bytes: Array($0), number: $1, offset: $2)) }) != nil {}
            return lines
        }
    }

    /// The lines read through chunks, or the line they refused.
    static func chunkedLines(_ bytes: [UInt8], read: Int, chunkSize: Int, lineLimit: Int? = nil) -> Result<[Line], LineTooLong> {
        var chunks = ContentLineChunks(Trickle(bytes: bytes, chunk: read), chunkSize: chunkSize, lineLimit: lineLimit)
        var lines: [Line] = []
        do {
            while try chunks.next({ reader in
                while reader.nextLine({ lines.append(Line(bytes: Array($0), number: $1, offset: $2)) }) != nil {}
            }) {}
        } catch let error as LineTooLong {
            return .failure(error)
        } catch {
            Issue.record("unexpected \(error)")
        }
        return .success(lines)
    }

    static func limitCheck(_ bytes: [UInt8], maximum: Int) -> LineTooLong? {
        do throws(LineTooLong) {
            try LineLengthLimit.check(bytes, maximum: maximum, structure: .folded)
            return nil
        } catch {
            return error
        }
    }

    /// Inputs with every kind of line end and fold: CRLF, bare LF, a fold by a space and by a
    /// tab, a fold at the start, a blank line, a byte order mark, no line end at the end,
    /// non-ASCII bytes, a long folded line.
    static let inputs: [[UInt8]] = {
        let folded = "DESCRIPTION:" + (0..<40).map { "part \($0) é" }.joined(separator: "\r\n ")
        let texts = [
            "",
            "\r\n",
            "A:1",
            "A:1\r\nB:2\r\n",
            "A:1\nB:2\n C\n\tD\nE:3",
            " X:lead\r\nA:abc\r\n def\r\n\tghi\r\n\r\nB:\r\n",
            "BEGIN:VCALENDAR\r\n\(folded)\r\nSUMMARY:Zürich 👟\r\nEND:VCALENDAR\r\n",
            "A:\r\n \r\n \r\nB:x\r\r\nC:y\r",
            String(repeating: "L:0123456789\r\n", count: 50),
        ]
        return texts.map { Array($0.utf8) } + [[0xEF, 0xBB, 0xBF] + Array("A:bom\r\nB:2\r\n".utf8), [0xFF, 0x0A, 0x20, 0xFE, 0x0A]]
    }()

    @Test("hands out the logical lines of the whole input, whatever the size of reads and chunks")
    func sameLines() {
        for bytes in Self.inputs {
            let whole = Self.wholeLines(bytes)
            for read in [1, 2, 3, 5, 64, 1 << 20] {
                for chunkSize in [1, 2, 7, 64, 1 << 18] {
                    #expect(Self.chunkedLines(bytes, read: read, chunkSize: chunkSize) == .success(whole), "reads of \(read), chunks of \(chunkSize): \(ICS.text(bytes))")
                }
            }
        }
    }

    @Test("refuses the line LineLengthLimit refuses, at every limit, read in any pieces")
    func sameRefusal() {
        for bytes in Self.inputs {
            let whole = Self.wholeLines(bytes)
            for maximum in [0, 1, 2, 3, 4, 5, 7, 9, 12, 13, 20, 100, 400, 1 << 20] {
                let expected = Self.limitCheck(bytes, maximum: maximum)
                for read in [1, 3, 64, 1 << 20] {
                    for chunkSize in [1, 5, 64, 1 << 18] {
                        let found = Self.chunkedLines(bytes, read: read, chunkSize: chunkSize, lineLimit: maximum)
                        if let expected {
                            #expect(found == .failure(expected), "limit \(maximum), reads of \(read), chunks of \(chunkSize): \(ICS.text(bytes))")
                        } else {
                            #expect(found == .success(whole), "limit \(maximum), reads of \(read), chunks of \(chunkSize): \(ICS.text(bytes))")
                        }
                    }
                }
            }
        }
    }

    @Test("a line too long stops the reading before it is read whole")
    func runawayLine() throws {
        var chunks = ContentLineChunks(Endless(), chunkSize: 1 << 10, lineLimit: 5_000)
        #expect(throws: LineTooLong(limit: 5_000, line: 1, offset: 0)) {
            while try chunks.next({ _ in }) {}
        }
        // Its room doubles as it grows: at most twice the limit and a chunk are read.
        #expect(chunks.source.read < 2 * 5_000 + 2 << 10)
        // After complete lines, the line too long is found with its own line and offset.
        let lines = Array("A:1\r\nB:2\r\n".utf8) + Array(repeating: UInt8(ascii: "x"), count: 3_000)
        var source = Trickle(bytes: lines, chunk: 100)
        var later = ContentLineChunks(source, chunkSize: 256, lineLimit: 1_000)
        #expect(throws: LineTooLong(limit: 1_000, line: 3, offset: 10)) {
            while try later.next({ _ in }) {}
        }
        source = later.source
        #expect(source.read < 1_000 + 10 + 3 * 256)
    }

    @Test("the streamed reader refuses the line a line-limited source refuses, and the source stops checking")
    func streamedRefusal() throws {
        let text = ICS.calendar(["BEGIN:VEVENT", "UID:a", "DESCRIPTION:" + String(repeating: "long ", count: 100).split(separator: " ").joined(separator: "\r\n "), "END:VEVENT"])
        for maximum in [100, 300, 400, 1_000] {
            let expected = Self.limitCheck(Array(text.utf8), maximum: maximum)
            var source = LineLimitedSource(MemorySource(Array(text.utf8)), maximum: maximum, structure: .folded)
            var events = 0
            do {
                _ = try ICS.codec.decodeItems(from: &source, sourceName: "test.ics") { _, _ in events += 1 }
                #expect(expected == nil, "limit \(maximum)")
                #expect(events == 1)
            } catch let error as LineTooLong {
                #expect(error == expected, "limit \(maximum)")
                #expect(events == 0)
            }
        }
    }
}
