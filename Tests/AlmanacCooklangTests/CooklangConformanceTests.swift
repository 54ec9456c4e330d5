import AlmanacCore
import AlmanacTestSupport
import Foundation
import Testing
@testable import AlmanacCooklang

/// The Cooklang specification's 60 canonical cases (`../shared/conformance/cooklang/`): each
/// source reads to the steps (text, ingredients, cookware, timers with their quantities and
/// units) and the metadata its `result` gives. Skipped when `../shared` is absent, except
/// under `ALMANAC_REQUIRE_PEERS=1`, where that fails.
@Suite("Cooklang conformance")
struct CooklangConformanceTests {
    static let present = CanonicalCase.file.map { FileManager.default.fileExists(atPath: $0.path) } ?? false

    @Test("all 60 cases are there", .enabled(if: present || Peers.required))
    func count() {
        #expect(CanonicalCase.all.count == 60)
        #expect(CanonicalCase.all.allSatisfy { !$0.source.isEmpty })
    }

    @Test("case reads as its result says", .enabled(if: present), arguments: CanonicalCase.all)
    func canonical(_ test: CanonicalCase) throws {
        let parsed = try CooklangReader.parse(Array(test.source.utf8))
        #expect(parsed.metadata.map(\.key) == test.metadata.map(\.key), "\(test.name)")
        #expect(parsed.metadata.map(\.value.joined) == test.metadata.map(\.value), "\(test.name)")
        let steps = parsed.steps
        try #require(steps.count == test.steps.count, "\(test.name): \(steps.count) steps, expected \(test.steps.count)")
        for (step, expected) in zip(steps, test.steps) {
            try #require(step.items.count == expected.count, "\(test.name): items \(step.items) expected \(expected.map(\.fields))")
            for (item, wanted) in zip(step.items, expected) {
                Self.expect(item, wanted, in: test.name)
            }
        }
    }

    static func expect(_ item: CooklangItem, _ wanted: CanonicalCase.Item, in name: String) {
        switch item {
        case .text(let text):
            #expect(wanted["type"] == "text" && wanted["value"] == text, "\(name): text '\(text)' vs \(wanted.fields)")
        case .ingredient(let component):
            #expect(wanted["type"] == "ingredient" && wanted["name"] == component.name, "\(name): \(component) vs \(wanted.fields)")
            expectQuantity(component.quantity, wanted.fields["quantity"], absent: "some", in: name)
            #expect((component.unit ?? "") == wanted["units"], "\(name): unit \(component.unit ?? "")")
        case .cookware(let component):
            #expect(wanted["type"] == "cookware" && wanted["name"] == component.name, "\(name): \(component) vs \(wanted.fields)")
            expectQuantity(component.quantity, wanted.fields["quantity"], absent: "1", in: name)
        case .timer(let component):
            #expect(wanted["type"] == "timer" && wanted["name"] == component.name, "\(name): \(component) vs \(wanted.fields)")
            expectQuantity(component.quantity, wanted.fields["quantity"], absent: "", in: name)
            #expect((component.unit ?? "") == wanted["units"], "\(name): unit \(component.unit ?? "")")
        }
    }

    /// A plain number in the YAML is a number; anything quoted or not a number is text; a
    /// component without a quantity has the spec's default (`some`, `1`, empty).
    static func expectQuantity(_ quantity: CooklangQuantity?, _ wanted: (text: String, quoted: Bool)?, absent: String, in name: String) {
        guard let wanted else {
            Issue.record("\(name): no quantity in the expected result")
            return
        }
        switch quantity {
        case nil:
            #expect(wanted.text == absent, "\(name): no quantity, expected \(wanted.text)")
        case .number(let value):
            #expect(!wanted.quoted && Double(wanted.text) == value, "\(name): \(value) vs \(wanted.text)")
        case .text(let text):
            #expect((wanted.quoted || Double(wanted.text) == nil) && wanted.text == text, "\(name): '\(text)' vs \(wanted.text)")
        }
    }
}
