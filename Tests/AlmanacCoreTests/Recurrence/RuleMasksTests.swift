import Testing
@testable import AlmanacCore

/// The hours, minutes and seconds a rule's masks give, read a bit at a time
/// (``RuleMasks/members(_:below:)``), are those that testing every number gives.
@Suite struct RuleMasksTests {
    @Test("BYHOUR, BYMINUTE and BYSECOND lists, in range and out of it, read back as testing each number reads them")
    func membersAreTheFilteredNumbers() throws {
        let lists: [[Int]] = [[], [0], [23], [24], [31], [32], [-1], [59], [60], [61], [63], [64], [0, 59], [9, 17, 9], [5, 3, 1],
                              Array(0...23), Array(0...59), Array(0...70), Array(-5...5)]
        for list in lists {
            var rule = RecurrenceRule(frequency: .yearly)
            (rule.byHour, rule.byMinute, rule.bySecond) = (list, list, list)
            let masks = RuleMasks(rule)
            #expect(masks.hours(orAll: list) == (list.isEmpty ? Array(0...23) : (0...23).filter(masks.hour)), "\(list)")
            #expect(masks.minutes(orAll: list) == (list.isEmpty ? Array(0...59) : (0...59).filter(masks.minute)), "\(list)")
            #expect(masks.seconds(orAll: list) == (list.isEmpty ? Array(0...59) : (0...59).filter(masks.second)), "\(list)")
        }
    }
}
