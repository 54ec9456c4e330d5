import AlmanacCore
import Testing

/// ``ByteRangeSource``: at most `limit` bytes of its base, from where the base stands, through
/// either read, whatever the size of the pieces asked for; and what is left of them.
@Suite struct ByteRangeSourceTests {
    /// 0, 1, 2, … 199: each byte tells where it was.
    static let bytes = (0..<200).map { UInt8($0) }

    /// A memory source of ``bytes`` that has read its first `offset` bytes.
    static func base(at offset: Int) throws -> MemorySource {
        var source = MemorySource(bytes)
        var skipped: [UInt8] = []
        #expect(try source.read(into: &skipped, maximum: offset) == offset)
        return source
    }

    enum Way: String, CaseIterable, Sendable {
        case array, rawBuffer
    }

    /// Reads `source` to its end in pieces of at most `piece` bytes, `way`; returns the bytes
    /// and the size of each piece read (the last one being 0). The room past what a raw read
    /// reports must be left as it was.
    static func readAll(_ source: inout ByteRangeSource<MemorySource>, piece: Int, way: Way) throws -> (bytes: [UInt8], pieces: [Int]) {
        var bytes: [UInt8] = []
        var pieces: [Int] = []
        while pieces.count < 1_000 {
            let count: Int
            switch way {
            case .array:
                var buffer: [UInt8] = [0xEE]
                count = try source.read(into: &buffer, maximum: piece)
                #expect(buffer.first == 0xEE && buffer.count == count + 1, "an array read appends \(count) bytes: \(buffer.count - 1)")
                bytes += buffer.dropFirst()
            case .rawBuffer:
                var room = [UInt8](repeating: 0xEE, count: piece)
                count = try room.withUnsafeMutableBytes { try source.read(into: $0) }
                #expect(count <= piece)
                #expect(room[count...].allSatisfy { $0 == 0xEE }, "a raw read of \(count) wrote past them")
                bytes += room[..<count]
            }
            pieces.append(count)
            if count == 0 { break }
        }
        return (bytes, pieces)
    }

    /// Where the base stands now.
    static func position(of source: ByteRangeSource<MemorySource>) -> Int? {
        var base = source.base
        return base.readPosition()
    }

    @Test(arguments: Way.allCases)
    func readsAtMostTheLimitFromWhereTheBaseStands(way: Way) throws {
        // 25 bytes from offset 30: pieces smaller than the limit, of the limit, larger.
        for (piece, expected) in [(7, [7, 7, 7, 4, 0]), (1, Array(repeating: 1, count: 25) + [0]), (25, [25, 0]), (64, [25, 0]), (1_000, [25, 0])] {
            var source = ByteRangeSource(try Self.base(at: 30), limit: 25)
            let (bytes, pieces) = try Self.readAll(&source, piece: piece, way: way)
            #expect(bytes == Array(Self.bytes[30..<55]), "pieces of \(piece)")
            #expect(pieces == expected, "pieces of \(piece)")
            // The base has been read up to the limit, not a byte further.
            #expect(Self.position(of: source) == 55, "pieces of \(piece)")
            // And the range stays at its end.
            var after: [UInt8] = []
            #expect(try source.read(into: &after, maximum: 10) == 0)
            var room = [UInt8](repeating: 0, count: 10)
            #expect(try room.withUnsafeMutableBytes { try source.read(into: $0) } == 0)
            #expect(after.isEmpty && Self.position(of: source) == 55)
        }
    }

    @Test(arguments: Way.allCases)
    func aLimitPastTheBasesEndReadsToItsEnd(way: Way) throws {
        for piece in [7, 64, 500] {
            var source = ByteRangeSource(try Self.base(at: 150), limit: 120)
            let (bytes, pieces) = try Self.readAll(&source, piece: piece, way: way)
            #expect(bytes == Array(Self.bytes[150...]), "pieces of \(piece)")
            #expect(pieces.last == 0 && pieces.dropLast().allSatisfy { $0 > 0 && $0 <= piece }, "\(pieces)")
            #expect(Self.position(of: source) == 200)
        }
    }

    @Test func bothReadsTakeFromTheSameLimit() throws {
        var source = ByteRangeSource(try Self.base(at: 100), limit: 10)
        var buffer: [UInt8] = []
        #expect(try source.read(into: &buffer, maximum: 4) == 4)
        var room = [UInt8](repeating: 0xEE, count: 8)
        #expect(try room.withUnsafeMutableBytes { try source.read(into: $0) } == 6)
        #expect(buffer == Array(Self.bytes[100..<104]))
        #expect(room == Array(Self.bytes[104..<110]) + [0xEE, 0xEE])
        #expect(try source.read(into: &buffer, maximum: 4) == 0)
        #expect(Self.position(of: source) == 110)
    }

    @Test func remainingByteCountIsTheSmallerOfTheLimitLeftAndTheBases() throws {
        // The limit is the smaller: it counts down as bytes are read.
        var limited = ByteRangeSource(try Self.base(at: 30), limit: 25)
        #expect(limited.remainingByteCount() == 25)
        var buffer: [UInt8] = []
        _ = try limited.read(into: &buffer, maximum: 10)
        #expect(limited.remainingByteCount() == 15)
        var room = [UInt8](repeating: 0, count: 12)
        _ = try room.withUnsafeMutableBytes { try limited.read(into: $0) }
        #expect(limited.remainingByteCount() == 3)
        _ = try limited.read(into: &buffer, maximum: 100)
        #expect(limited.remainingByteCount() == 0)

        // The base's is the smaller: 50 bytes left in it, from a limit of 120.
        var short = ByteRangeSource(try Self.base(at: 150), limit: 120)
        #expect(short.remainingByteCount() == 50)
        _ = try short.read(into: &buffer, maximum: 20)
        #expect(short.remainingByteCount() == 30)
        // The two cross: 20 left of the limit, 30 in the base.
        var crossing = ByteRangeSource(try Self.base(at: 150), limit: 40)
        _ = try crossing.read(into: &buffer, maximum: 20)
        #expect(crossing.remainingByteCount() == 20)

        // A base that does not know: nor does the range.
        struct Unknown: ByteSource {
            var base = MemorySource(ByteRangeSourceTests.bytes)
            mutating func read(into buffer: inout [UInt8], maximum: Int) throws -> Int {
                try base.read(into: &buffer, maximum: maximum)
            }
        }
        var unknown = ByteRangeSource(Unknown(), limit: 10)
        #expect(unknown.remainingByteCount() == nil)
        #expect(try unknown.read(into: &buffer, maximum: 100) == 10)
    }

    @Test(arguments: [0, -1, -500, Int.min])
    func aLimitOfNothingReadsNothing(limit: Int) throws {
        var source = ByteRangeSource(try Self.base(at: 30), limit: limit)
        #expect(source.remainingByteCount() == 0)
        var buffer: [UInt8] = [1, 2, 3]
        #expect(try source.read(into: &buffer, maximum: 10) == 0)
        #expect(buffer == [1, 2, 3])
        var room = [UInt8](repeating: 0xEE, count: 10)
        #expect(try room.withUnsafeMutableBytes { try source.read(into: $0) } == 0)
        #expect(room.allSatisfy { $0 == 0xEE })
        #expect(Self.position(of: source) == 30)
        for way in Way.allCases {
            let (bytes, pieces) = try Self.readAll(&source, piece: 64, way: way)
            #expect(bytes.isEmpty && pieces == [0])
        }
    }
}
