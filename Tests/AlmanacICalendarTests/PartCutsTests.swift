@testable import AlmanacICalendar
import Testing

/// Where the first look may cut: never into a part longer than ``PartCuts/largestPart``.
@Suite struct PartCutsTests {
    /// A calendar at 0, then VEVENTs at `events`, in an input of `length` bytes.
    static func cuts(partSize: Int, largestPart: Int, events: [Int], length: Int) -> [PartCuts.Place]? {
        var cuts = PartCuts(partSize: partSize, largestPart: largestPart)
        cuts.calendar(isCalendar: true, at: 0, line: 1)
        for (number, offset) in events.enumerated() { cuts.event(at: offset, line: number + 2) }
        return cuts.usable(length: length)
    }

    @Test func cutsAboutEveryPartSize() throws {
        let places = try #require(Self.cuts(partSize: 100, largestPart: 1_000, events: Array(stride(from: 10, to: 1_000, by: 30)), length: 1_000))
        #expect(places.map(\.offset) == [100, 220, 340, 460, 580, 700, 820, 940])
        #expect(places.map(\.line) == [5, 9, 13, 17, 21, 25, 29, 33])
    }

    @Test func aLongStretchWithoutAnEventMeansOnePart() {
        // Events every 30 bytes, but none from 200 to 1,500: that part would be 1,300 bytes.
        let events = Array(stride(from: 10, to: 200, by: 30)) + Array(stride(from: 1_500, to: 2_000, by: 30))
        #expect(Self.cuts(partSize: 100, largestPart: 1_000, events: events, length: 2_000) == nil)
        // The same stretch at the very start (before the first VEVENT), and at the very end.
        #expect(Self.cuts(partSize: 100, largestPart: 1_000, events: Array(stride(from: 1_200, to: 2_000, by: 30)), length: 2_000) == nil)
        #expect(Self.cuts(partSize: 100, largestPart: 1_000, events: Array(stride(from: 10, to: 500, by: 30)), length: 2_000) == nil)
        // Allowed when the part limit is higher.
        #expect(Self.cuts(partSize: 100, largestPart: 2_000, events: events, length: 2_000) != nil)
    }

    @Test func theDefaultLimitIsEightPartsAndAtLeast8MiB() {
        #expect(PartCuts(partSize: 1).largestPart == 1 << 23)
        #expect(PartCuts(partSize: 4 << 20).largestPart == 32 << 20)
        #expect(PartCuts(partSize: Int.max).largestPart == Int.max)
    }

    @Test func anUnknownLengthOrASecondComponentMeansNoCuts() {
        #expect(Self.cuts(partSize: 100, largestPart: 1_000, events: [10, 150, 300], length: 400) != nil)
        var cuts = PartCuts(partSize: 100, largestPart: 1_000)
        cuts.calendar(isCalendar: true, at: 0, line: 1)
        cuts.event(at: 150, line: 3)
        #expect(cuts.usable(length: nil) == nil)
        cuts.calendar(isCalendar: true, at: 300, line: 9)
        #expect(cuts.usable(length: 400) == nil)
    }
}

extension PartCuts.Place: Equatable {
    public static func == (left: Self, right: Self) -> Bool {
        left.offset == right.offset && left.line == right.line
    }
}
