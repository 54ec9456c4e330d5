import AlmanacTestSupport
import Testing

/// Where ``MarkdownDocumentReader`` says each item starts: a recipe's `# Title` line, an
/// agenda event's heading.
@Suite struct MarkdownDocumentReaderTests {
    @Test("validate names the title line of the recipe in error")
    func recipeTitleLine() throws {
        let recipes = """
            ---
            id: soup
            ---

            # Soup

            ---

            - *1 l* water

            <!-- almanac:recipe -->

            ---
            id: soup
            ---

            # Stew

            ---

            - *2* carrots

            """
        let run = try ValidationRun.errors(["validate", "-f", "markdown"], input: recipes)
        #expect(run.status == 1)
        #expect(run.errors == ["<stdin>:17:1: error: recipe 'Stew': the id soup is already used by recipe 'Soup' [unique-ids]"])
    }

    @Test("validate names the heading line of the agenda event in error")
    func agendaHeadingLine() throws {
        let agenda = """
            <!-- almanac:agenda -->

            # Agenda

            ### First

            <!-- almanac:event id="first" start="2026-12-24T10:00:00Z" -->

            ### Second

            <!-- almanac:event id="second" start="2026-12-24T10:00:00Z" end="2026-12-24T09:00:00Z" -->

            - [ ] Bring cake

            """
        let run = try ValidationRun.errors(["validate", "-f", "markdown"], input: agenda)
        #expect(run.status == 1)
        #expect(run.errors == ["<stdin>:9:1: error: event 'Second': it ends (2026-12-24T09:00:00Z) before it starts (2026-12-24T10:00:00Z) [end-after-start]"])
    }
}
