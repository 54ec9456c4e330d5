import AlmanacCore
@testable import AlmanacICalendarModel
import Testing

/// A document split into calendar object resources, one UID each; and the task order
/// their CHILD links carry back.
@Suite("Calendar resources")
struct CalendarResourcesTests {
    static let stamp = CivilDateTime(secondsSinceEpoch: 1_767_225_600)

    static func at(_ year: Int, _ month: Int, _ day: Int, _ hour: Int) -> CivilDateTime {
        CivilDateTime(date: CivilDate(year: year, month: month, day: day)!, hour: hour, minute: 0)!
    }

    static func document() -> AlmanacDocument {
        var party = Event(id: "party", title: "Party")
        party.start = .zoned(at(2026, 12, 12, 15), timeZone: "America/Los_Angeles")
        party.tasks = [EventTask(id: "cake", text: "Cake"), EventTask(id: "cups", text: "Cups", isCompleted: true)]
        var changed = Event(id: "party", title: "Party, moved")
        changed.start = .zoned(at(2027, 12, 12, 16), timeZone: "America/Los_Angeles")
        changed.recurrenceID = party.start
        var call = Event(id: "call", title: "Call")
        call.start = .utc(at(2027, 1, 5, 9))
        var document = AlmanacDocument(events: [party, call, changed])
        document.extras = ICalendarExtras(properties: ["X-WR-CALNAME:Home"], components: ["BEGIN:VJOURNAL\nUID:note\nSUMMARY:Note\nEND:VJOURNAL"]).stored(in: Extras())
        return document
    }

    @Test("one resource per UID: an event with its changed occurrences, each task, each kept component")
    func oneUIDEach() {
        let split = CalendarResources(Self.document(), stamp: Self.stamp)
        #expect(split.resources.map(\.name) == ["party", "cake", "cups", "call", "note"])
        for resource in split.resources {
            let calendar = resource.calendar
            #expect(calendar.name == "VCALENDAR")
            #expect(calendar.property("VERSION")?.value == "2.0")
            #expect(calendar.property("PRODID")?.value == ICalendarTreeBuilder.productID)
            #expect(calendar.property("X-WR-CALNAME")?.value == "Home")
            let uids = Set(calendar.children.filter { $0.name != "VTIMEZONE" }.compactMap { $0.property("UID")?.value })
            #expect(uids == [resource.name], "\(resource.name)")
        }
        let party = split.resources[0].calendar
        #expect(party.children.map(\.name) == ["VTIMEZONE", "VEVENT", "VEVENT"])
        #expect(party.children[0].property("TZID")?.value == "America/Los_Angeles")
        // The series lists its tasks in order.
        #expect(party.children[1].properties.filter { $0.name == "RELATED-TO" }.map(\.raw) == ["RELATED-TO;RELTYPE=CHILD:cake", "RELATED-TO;RELTYPE=CHILD:cups"])
        #expect(split.resources[1].calendar.children.map(\.name) == ["VTODO"])
        #expect(split.resources[1].calendar.children[0].property("RELATED-TO")?.value == "party")
        #expect(split.resources[3].calendar.children.map(\.name) == ["VEVENT"])
        #expect(split.resources[4].calendar.children.map(\.name) == ["VJOURNAL"])
    }

    @Test("a kept VTIMEZONE goes with the resources that name its TZID")
    func keptTimeZones() {
        var event = Event(id: "e", title: "E")
        event.start = .utc(Self.at(2027, 3, 1, 10))
        event.extras = ICalendarExtras(properties: ["EXDATE;TZID=Custom Zone:20270308T100000"]).stored(in: Extras())
        var document = AlmanacDocument(events: [event, Event(id: "f", title: "F")])
        document.extras = ICalendarExtras(components: ["BEGIN:VTIMEZONE\nTZID:Custom Zone\nBEGIN:STANDARD\nDTSTART:19700101T000000\nTZOFFSETFROM:+0100\nTZOFFSETTO:+0100\nEND:STANDARD\nEND:VTIMEZONE"]).stored(in: Extras())
        let split = CalendarResources(document, stamp: Self.stamp)
        #expect(split.resources.map(\.name) == ["e", "f"])
        #expect(split.resources[0].calendar.children.map(\.name) == ["VTIMEZONE", "VEVENT"])
        #expect(split.resources[1].calendar.children.map(\.name) == ["VEVENT"])
    }

    @Test("CHILD links order an event's tasks and are not kept; others are kept")
    func taskOrder() {
        var event = Event(id: "e", title: "E")
        event.tasks = [EventTask(id: "b", text: "B"), EventTask(id: "c", text: "C"), EventTask(id: "a", text: "A")]
        event.extras = ICalendarExtras(properties: ["RELATED-TO;RELTYPE=CHILD:a", "related-to;reltype=child:b", "RELATED-TO;RELTYPE=CHILD:elsewhere", "X-KEPT:1"]).stored(in: Extras())
        let ordered = TaskOrder.ordered(event)
        #expect(ordered.tasks.map(\.id) == ["a", "b", "c"])
        #expect(ICalendarExtras(ordered.extras).properties == ["RELATED-TO;RELTYPE=CHILD:elsewhere", "X-KEPT:1"])
        // Without CHILD links, nothing changes.
        var plain = event
        plain.extras = Extras()
        #expect(TaskOrder.ordered(plain) == plain)
    }
}
