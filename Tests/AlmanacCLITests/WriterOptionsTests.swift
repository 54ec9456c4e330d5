import Foundation
import Testing
@testable import AlmanacCLI
import AlmanacTestSupport

/// The writers' options of `almanac convert` (`--front-matter`, `--site`, `--today`,
/// `--dtstamp`): read once into the typed ``EncodingOptions``, their values checked before
/// anything is read.
@Suite struct WriterOptionsTests {
    static func options(_ arguments: [String]) throws -> EncodingOptions {
        let scanned = try ArgumentScanner(options: ConvertCommand().allOptions(BuiltinFormats.registry), command: "convert").scan(arguments)
        return try WriterOptions.encodingOptions(scanned, command: "convert")
    }

    @Test func everyOptionSetsItsTypedField() throws {
        let options = try Self.options(["--compact", "--front-matter", "--site", "jekyll", "--today", "2026-12-01", "--dtstamp", "2026-01-01T01:00:00+01:00"])
        #expect(options == EncodingOptions(
            compact: true, frontMatter: true, site: .jekyll, today: CivilDate(year: 2026, month: 12, day: 1),
            stamp: CivilDateTime(midnightOf: CivilDate(year: 2026, month: 1, day: 1)!)
        ))
        #expect(try Self.options([]) == EncodingOptions())
    }

    @Test func everyFormatOptionIsOfferedOnceWithItsFieldsSpelling() {
        let offered = ConvertCommand().formatOptions(BuiltinFormats.registry).flatMap(\.names)
        #expect(offered == ["--dtstamp", "--front-matter", "--site"], "--today is convert's own")
        let fields = Set(BuiltinFormats.registry.codecs.flatMap(\.format.writeOptions).map(\.field))
        #expect(fields == Set(FormatOption.Field.allCases))
        #expect(FormatOption.Field.site.valueName == "hugo|jekyll")
    }

    @Test func anInvalidStampIsRefusedBeforeStandardInputIsRead() throws {
        let result = try #require(try CLI.runWithSilentStdin(["convert", "-f", "json", "-t", "ics", "--dtstamp", "soon"]))
        #expect(result.status == 65)
        #expect(result.stderrText == "almanac: error: --dtstamp 'soon' is not a date-time such as 2026-12-24T17:00:00Z\n")
    }

    @Test func anUnknownSiteIsRefusedAndNoFolderIsMade() throws {
        let scratch = try ScratchFolder()
        let site = scratch.path("site")
        let result = try CLI.run(["convert", "Samples/recipes.json", "-d", site, "--site", "gatsby"])
        #expect(result.status == 65)
        #expect(result.stderrText == "almanac: error: --site must be one of hugo, jekyll, got 'gatsby'\n")
        #expect(!FileManager.default.fileExists(atPath: site))
    }

    @Test func anInvalidTodayIsAUsageError() throws {
        let result = try CLI.run(["convert", "Samples/events.json", "-t", "md", "--today", "12/10/2026"])
        #expect(result.status == 64)
        #expect(result.stderrText.hasPrefix("almanac: error: the value of --today must be a date such as 2026-12-24, not '12/10/2026'\n"))
        #expect(result.stdout.isEmpty)
    }

    @Test func aStampInEitherFormIsTheSameDTSTAMP() throws {
        let iso = try CLI.run(["convert", "Samples/events.json", "-t", "ics", "--dtstamp", "2026-01-01T00:00:00Z"])
        let basic = try CLI.run(["convert", "Samples/events.json", "-t", "ics", "--dtstamp", "20260101T000000Z"])
        #expect(iso.status == 0, "\(iso.stderrText)")
        #expect(iso.stdoutText.contains("DTSTAMP:20260101T000000Z\r\n"))
        #expect(basic.stdout == iso.stdout)
    }
}
