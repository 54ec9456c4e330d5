import Testing
@testable import AlmanacCLI

/// Usage errors and other errors as compilers and git print them.
@Suite struct HelpFormatterTests {
    @Test func aUsageErrorIsErrorHintUsageAndWhereToReadMore() {
        let error = UsageError("Unknown option '-t' for verb 'head'", command: "convert", hint: "convert's own options go before the first 'then'")
        #expect(HelpFormatter.usageError(error, usage: "almanac convert [<input> ...]", helpCommand: "almanac convert") == """
            almanac: error: unknown option '-t' for verb 'head'
            hint: convert's own options go before the first 'then'
            Usage: almanac convert [<input> ...]
              See 'almanac convert --help' for more information.
            """)
        let plain = UsageError("Missing a subcommand", command: nil)
        #expect(HelpFormatter.usageError(plain, usage: "almanac <subcommand>", helpCommand: "almanac")
            == "almanac: error: missing a subcommand\nUsage: almanac <subcommand>\n  See 'almanac --help' for more information.")
    }

    @Test func messagesStartLowerCaseButAcronymsStay() {
        #expect(HelpFormatter.errorLine("The value of --kind must be event or recipe") == "almanac: error: the value of --kind must be event or recipe")
        #expect(HelpFormatter.errorLine("JSON-LD holds recipes only") == "almanac: error: JSON-LD holds recipes only")
        #expect(HelpFormatter.errorLine("'then' must be followed by a verb") == "almanac: error: 'then' must be followed by a verb")
        #expect(HelpFormatter.errorLine("") == "almanac: error: ")
    }
}
