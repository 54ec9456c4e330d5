import AlmanacCore
import AlmanacTestSupport
import Foundation
import Testing

/// The shopping list written to iCalendar, read by python icalendar 7.3.0: one VEVENT
/// whose VTODOs are related to it (RELATED-TO;RELTYPE=PARENT) and carry the summed lines,
/// as a CalDAV reminders app reads them.
@Suite("Peer: python icalendar reads the shopping list", .enabled(if: Peers.shouldRun(pythonModule: "icalendar")))
struct ShoppingListPeerTests {
    /// `python -c SCRIPT < file.ics`: the VEVENTs (uid, summary, start) and the VTODOs
    /// (uid, summary, status, and each RELATED-TO's value and RELTYPE) in file order.
    static let script = """
        import sys, json, icalendar
        cal = icalendar.Calendar.from_ical(sys.stdin.buffer.read())
        events, todos = [], []
        for c in cal.walk():
            if c.name == "VEVENT":
                events.append({"uid": str(c["UID"]), "summary": str(c.get("SUMMARY", "")), "start": c["DTSTART"].dt.isoformat()})
            elif c.name == "VTODO":
                related = c.get("RELATED-TO", [])
                if not isinstance(related, list): related = [related]
                todos.append({"uid": str(c["UID"]), "summary": str(c.get("SUMMARY", "")), "status": str(c.get("STATUS", "")),
                              "related": [[str(r), r.params.get("RELTYPE", "PARENT")] for r in related]})
        json.dump({"events": events, "todos": todos}, sys.stdout)
        """

    struct Seen {
        var events: [[String: Any]]
        var todos: [[String: Any]]
    }

    static func peerReads(_ ics: [UInt8]) throws -> Seen {
        let python = try #require(Peers.python, "no python with icalendar: see Tests/peers-requirements.txt")
        let result = try ProcessRunner.run(python, ["-c", script], stdin: ics)
        try #require(result.status == 0, "the peer could not read the list: \(result.stderrText)")
        let root = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout)) as? [String: Any])
        return Seen(events: root["events"] as? [[String: Any]] ?? [], todos: root["todos"] as? [[String: Any]] ?? [])
    }

    /// Checks that `list`'s VTODOs are exactly `lines`, each related to it, and no other VTODO is.
    static func expectTodos(of list: [String: Any], in seen: Seen, are lines: [String]) throws {
        let uid = try #require(list["uid"] as? String)
        let mine = seen.todos.filter { todo in (todo["related"] as? [[String]] ?? []).contains { $0 == [uid, "PARENT"] } }
        #expect(mine.map { $0["summary"] as? String } == lines)
        #expect(mine.allSatisfy { $0["status"] as? String == "NEEDS-ACTION" })
        #expect(Set(mine.compactMap { $0["uid"] as? String }).count == lines.count, "every VTODO has its own UID")
    }

    @Test func theSampleRecipesListIsAnEventWithItsTodos() throws {
        let result = try ProcessRunner.almanac(["convert", "Samples/recipes.json", "-t", "ics", "then", "shopping-list", "--date", "2026-12-05"])
        try #require(result.status == 0, "\(result.stderrText)")
        let seen = try Self.peerReads(result.stdout)
        #expect(seen.events.count == 1)
        let list = try #require(seen.events.first)
        #expect(list["summary"] as? String == "Shopping list")
        #expect(list["start"] as? String == "2026-12-05")
        let lines = ShoppingList(recipes: try ShoppingListFixtures.sampleRecipes()).lines.map(\.text)
        for line in ShoppingListFixtures.sampleLines { #expect(lines.contains(line), "\(line)") }
        #expect(seen.todos.count == lines.count)
        try Self.expectTodos(of: list, in: seen, are: lines)
    }

    @Test func theWeeksListBesideItsMeals() throws {
        let scratch = try ScratchFolder()
        let week = try ShoppingListFixtures.week(in: scratch)
        let result = try ProcessRunner.almanac(["convert", week, "-t", "ics", "then", "filter", "--period", "next-7-days", "--today", "2026-12-01", "then", "shopping-list", "--title", "Groceries"])
        try #require(result.status == 0, "\(result.stderrText)")
        let seen = try Self.peerReads(result.stdout)
        #expect(seen.events.map { $0["summary"] as? String } == ["Chili night", "Office party", "Soup and chili", "Groceries"])
        let list = try #require(seen.events.last)
        #expect(list["start"] as? String == "2026-12-03")
        #expect(seen.todos.count == ShoppingListFixtures.weekLines.count, "the meals have no tasks of their own")
        try Self.expectTodos(of: list, in: seen, are: ShoppingListFixtures.weekLines)
    }
}
