@testable import AlmanacJSON
import Testing

/// The known keys are found from their bytes, and nothing else is.
@Suite struct JSONFieldTests {
    private func find(_ key: String) -> JSONField? {
        Array(key.utf8).withUnsafeBufferPointer { JSONField.find($0) }
    }

    @Test func everyFieldIsFoundByItsName() {
        for field in JSONField.allCases {
            #expect(field.name == "\(field)", "the names are in the order of the cases")
            #expect(find(field.name) == field, "\(field.name)")
            #expect(JSONField.find(field.name) == field)
        }
        #expect(JSONField.allCases.count < 64, "a set of fields is one word")
        #expect(Set(JSONField.allCases.map(\.name)).count == JSONField.allCases.count)
    }

    @Test func otherKeysAreNotFields() {
        for key in ["", "Title", "titles", "titl", "tItle", "ingredientGroupsX", "a-very-long-key-of-no-field", "é", "events "] {
            #expect(find(key) == nil, "\(key)")
        }
    }

    @Test func aSetHoldsWhatWasInserted() {
        var set = JSONField.Set()
        set.insert(.alpha)
        set.insert(.almanac)
        #expect(set.contains(.alpha) && set.contains(.almanac))
        #expect(!set.contains(.title))
    }
}
