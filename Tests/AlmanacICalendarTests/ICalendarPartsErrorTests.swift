@testable import AlmanacICalendar
import AlmanacCore
import AlmanacICalendarModel
import AlmanacTestSupport
import Foundation
import Testing

/// Reading an input in parts stops with the error one read from start to end throws, after
/// the same items, when a structure is broken in a late part; and the comparison of the two
/// reads (``ICalendarPartsFixture/differences(_:_:)``) does catch what differs.
@Suite struct ICalendarPartsErrorTests {
    typealias Fixture = ICalendarPartsFixture
    typealias Features = ICalendarPartsFixture.Features
    typealias Breakage = ICalendarPartsFixture.Breakage

    // MARK: The comparison can fail

    @Test func aDroppedItemAMovedPositionOrALostWarningIsCaught() throws {
        let bytes = Fixture.generated(Features(events: 60, seed: 1, malformedLine: true))
        let whole = try Fixture.whole(bytes)
        let parted = try Fixture.inParts(bytes, partSize: 300)
        #expect(parted.parts > 1)
        #expect(Fixture.differences(parted, whole).isEmpty)
        #expect(whole.items.count >= 60 && !whole.diagnostics.isEmpty)
        var dropped = parted
        dropped.items.remove(at: 30)
        dropped.positions.remove(at: 30)
        #expect(!Fixture.differences(dropped, whole).isEmpty)
        var swapped = parted
        swapped.items.swapAt(10, 11)
        #expect(!Fixture.differences(swapped, whole).isEmpty)
        var moved = parted
        moved.positions[40] = SourcePosition(offset: 0, line: 1, column: 1)
        #expect(!Fixture.differences(moved, whole).isEmpty)
        var quiet = parted
        quiet.diagnostics.removeLast()
        #expect(!Fixture.differences(quiet, whole).isEmpty)
        var worse = parted
        worse.diagnostics[0].severity = .error
        #expect(!Fixture.differences(worse, whole).isEmpty)
        var bare = parted
        bare.extras = Extras()
        #expect(whole.extras != Extras())
        #expect(!Fixture.differences(bare, whole).isEmpty)
        var failed = parted
        failed.error = .unexpectedEnd("VEVENT", at: SourcePosition(offset: 0, line: 1, column: 1))
        #expect(!Fixture.differences(failed, whole).isEmpty)
    }

    // MARK: Errors in a later part

    @Test(arguments: Breakage.allCases)
    func aBrokenStructureInALaterPart(breakage: Breakage) throws {
        let bytes = Fixture.generated(Features(events: 200, seed: 13, tasks: true, zones: true, trailing: true, breakage: breakage, breakAt: 150))
        let (counts, whole) = try Fixture.expectAlike(bytes, label: "\(breakage)")
        let error = try #require(whole.error, "\(breakage): one read threw nothing")
        // Items were read before the error, from several parts.
        #expect(whole.items.count > 100, "\(whole.items.count) items before \(error)")
        if breakage != .missingCalendarEnd {
            // (A missing END:VCALENDAR is reported where the calendar begins.)
            #expect((error.position?.offset ?? 0) > bytes.count / 2, "\(error) is not in a late part")
        }
        if breakage != .strayEnd {
            // (After a stray END the first look sees the calendar closed and the next
            // VEVENT as a second top-level component: one part.)
            #expect((counts[300] ?? 0) > 1, "\(breakage): not cut")
        }
    }
}
