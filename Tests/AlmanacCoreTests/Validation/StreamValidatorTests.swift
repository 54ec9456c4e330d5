import Testing
import AlmanacCore

/// ``StreamValidator``: item rules per item, and `unique-ids` across the stream.
@Suite struct StreamValidatorTests {
    static func event(_ id: String, line: Int, source: String = "a.ndjson") -> LocatedItem {
        LocatedItem(.event(Event(id: id, title: "Event \(id)")), source: source, position: SourcePosition(offset: 0, line: line, column: 1))
    }

    @Test func aRepeatedIDIsAnError() {
        var validator = StreamValidator(Validator())
        #expect(validator.validate(Self.event("a", line: 1)).isEmpty)
        #expect(validator.validate(Self.event("b", line: 2)).isEmpty)
        let found = validator.validate(Self.event("a", line: 3))
        #expect(found.count == 1)
        #expect(found.first?.code == "unique-ids")
        #expect(found.first?.severity == .error)
        #expect(found.first?.position?.line == 3)
        #expect(found.first?.message == "event 'Event a': the id a is already used by an earlier item (add 'then validate' to name it)")
    }

    @Test func anIDFromAnotherInputCountsToo() {
        var validator = StreamValidator(Validator())
        _ = validator.validate(Self.event("a", line: 4, source: "first.ndjson"))
        #expect(validator.validate(Self.event("a", line: 1, source: "second.ndjson")).first?.code == "unique-ids")
    }

    @Test func settingsApply() {
        var disabled = StreamValidator(Validator(settings: ValidationSettings(disabled: ["unique-ids"])))
        _ = disabled.validate(Self.event("a", line: 1))
        #expect(disabled.validate(Self.event("a", line: 2)).isEmpty)
        var warning = StreamValidator(Validator(settings: ValidationSettings(severities: ["unique-ids": .warning])))
        _ = warning.validate(Self.event("a", line: 1))
        #expect(warning.validate(Self.event("a", line: 2)).first?.severity == .warning)
    }

    @Test func itemRulesStillRunOnEachItem() {
        var validator = StreamValidator(Validator())
        let blank = LocatedItem(.event(Event(id: "x", title: " ")), source: "a.ndjson")
        #expect(validator.validate(blank).contains { $0.code == "title-required" })
    }
}
