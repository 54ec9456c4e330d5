@testable import AlmanacICalendarModel
import Testing

/// File names of calendar object resources, from their UIDs.
@Suite("Resource names")
struct ResourceNameTests {
    @Test("a UID of letters, digits and _ . - + @ is its own name; other bytes are percent-encoded")
    func encoding() {
        #expect(ResourceName.name(for: "F81DAA9F-5F48-4BD0-88E7-F377B39B713B") == "F81DAA9F-5F48-4BD0-88E7-F377B39B713B")
        #expect(ResourceName.name(for: "event_1.2+3@example.com") == "event_1.2+3@example.com")
        #expect(ResourceName.name(for: "a/b c:d%") == "a%2Fb%20c%3Ad%25")
        #expect(ResourceName.name(for: "ü") == "%C3%BC")
        #expect(ResourceName.name(for: "..") == "%2E.")
        #expect(ResourceName.name(for: ".x") == "%2Ex")
        #expect(ResourceName.name(for: "") == "%00")
    }

    @Test("distinct UIDs get distinct names, each one path component")
    func distinct() {
        let uids = ["a/b", "a%2Fb", "a b", "a_b", "..", "%2E.", ".", "x/../y"]
        let names = uids.map(ResourceName.name(for:))
        #expect(Set(names).count == uids.count, "\(names)")
        #expect(names.allSatisfy { !$0.contains("/") && $0 != "." && $0 != ".." && !$0.hasPrefix(".") })
    }

    @Test("a long UID keeps 150 bytes, never half an escape, and a hash of the whole")
    func long() {
        let first = String(repeating: "a", count: 149) + "/" + String(repeating: "b", count: 100)
        let second = String(repeating: "a", count: 149) + "/" + String(repeating: "c", count: 100)
        let one = ResourceName.name(for: first)
        let two = ResourceName.name(for: second)
        #expect(one != two)
        #expect(one.utf8.count <= ResourceName.longest)
        #expect(one.hasPrefix(String(repeating: "a", count: 149) + "-"), "\(one)")
        #expect(ResourceName.name(for: String(repeating: "z", count: 200)) == String(repeating: "z", count: 200))
    }

    @Test("UIDs that differ only in case get distinct names on a case-insensitive file system")
    func caseInsensitive() {
        var names = ResourceName.Names()
        #expect(names.name(for: "Party") == "Party")
        #expect(names.name(for: "party") == "party~2")
        #expect(names.name(for: "PARTY") == "PARTY~3")
        #expect(names.name(for: "other") == "other")
    }
}
