import Testing
import AlmanacCore

@Suite struct TitleRequiredRuleTests {
    let rule = TitleRequiredRule()

    @Test func blankTitlesAreFlaggedWhitespaceToo() {
        let items = [RuleFixture.event("a", title: ""), RuleFixture.event("b", title: " \t"), RuleFixture.recipe("c", title: "\n"), RuleFixture.event("d", title: "ok")]
        #expect(rule.check(items, settings: ValidationSettings()).map(\.itemIndex) == [0, 1, 2])
    }

    @Test func blankTaskTextIsMinor() {
        let items = [RuleFixture.event(tasks: [EventTask(id: "t1", text: "Cups"), EventTask(id: "t2", text: " ")])]
        let findings = rule.check(items, settings: ValidationSettings())
        #expect(findings.count == 1)
        #expect(findings[0].isMinor)
        #expect(findings[0].message.contains("task 2 (t2)"))
    }

    @Test func validatorNamesFileLineItemAndRule() throws {
        let diagnostics = Validator().validate([RuleFixture.event("id-1", title: "")])
        let diagnostic = try #require(diagnostics.first)
        #expect(diagnostic.rendered == "test.json:7:3: error: event id-1: the title is blank [title-required]")
        #expect(diagnostic.item?.kind == .event)
    }

    @Test func blankTaskIsAWarningUnlessPromoted() {
        let items = [RuleFixture.event(tasks: [EventTask(id: "t", text: "")])]
        #expect(Validator().validate(items).map(\.severity) == [.warning])
        let promoted = ValidationSettings(severities: ["title-required": .error])
        #expect(Validator(settings: promoted).validate(items).map(\.severity) == [.error])
        let disabled = ValidationSettings(disabled: ["title-required"])
        #expect(Validator(settings: disabled).validate(items).isEmpty)
    }
}
