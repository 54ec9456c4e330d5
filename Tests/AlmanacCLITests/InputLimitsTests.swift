import Testing
@testable import AlmanacCLI
@testable import Almanac
import AlmanacCore
import AlmanacTestSupport

/// `--max-input-size` and `--max-items`: clear errors that name the limit and how to raise it.
@Suite struct InputLimitsTests {
    @Test func anInputLargerThanTheLimitIsRefused() throws {
        let result = try CLI.run(["convert", "Samples/events.json", "-t", "json", "--max-input-size", "1K"])
        #expect(result.status == 65)
        #expect(result.stdout.isEmpty)
        #expect(result.stderrText == "Samples/events.json: error: the input is larger than 1024 bytes, the limit; raise it with --max-input-size\n")
        #expect(try CLI.run(["convert", "Samples/events.json", "-t", "json", "--max-input-size", "1M"]).status == 0)
    }

    /// The ics reader reads a regular file twice (its outline, then its items): the limit
    /// holds each pass, so a file of exactly the limit converts, as a piped one does.
    @Test func aRereadFileIsHeldToTheLimitOncePerPass() throws {
        let path = TestPaths.sample("events.ics").path
        let size = try CLI.fileBytes(path).count
        let whole = try CLI.run(["convert", path, "-t", "ndjson"])
        #expect(whole.status == 0)
        let atLimit = try CLI.run(["convert", path, "-t", "ndjson", "--max-input-size", "\(size)"])
        #expect(atLimit.status == 0)
        #expect(atLimit.stdout == whole.stdout)
        let under = try CLI.run(["convert", path, "-t", "ndjson", "--max-input-size", "\(size - 1)"])
        #expect(under.status == 65)
        #expect(under.stdout.isEmpty)
        #expect(under.stderrText.contains("the input is larger than \(size - 1) bytes"))
    }

    /// A file behind the size limit can still be read again, so the ics reader streams it
    /// from disk instead of holding it in memory.
    @Test func aLimitedFileCanBeReadAgain() throws {
        let file = try FileIO.openForReading(TestPaths.sample("events.ics").path)
        defer { file.close() }
        let limited = SizeLimitedSource(file, maximum: 1 << 20, refusal: InputLimits().tooLarge("events.ics"))
        #expect((limited as Any) is any RereadableByteSource)
    }

    @Test func tooManyItemsAreRefused() throws {
        let result = try CLI.run(["validate", "Samples/events.json", "Samples/recipes.json", "--max-items", "3"])
        #expect(result.status == 65)
        #expect(result.stderrText.contains("raise it with --max-items"))
    }

    @Test func standardInputIsLimitedToo() throws {
        let sample = try CLI.fileBytes(TestPaths.sample("events.json").path)
        let result = try ProcessRunner.almanac(["convert", "-f", "json", "-t", "json", "--max-input-size", "100"], stdin: sample)
        #expect(result.status == 65)
        #expect(result.stderrText.hasPrefix("<stdin>: error: the input is larger than 100 bytes"))
    }

    @Test func badValuesAreUsageErrors() throws {
        #expect(try CLI.run(["convert", "Samples/events.json", "-t", "json", "--max-input-size", "lots"]).status == 64)
        #expect(try CLI.run(["convert", "Samples/events.json", "-t", "json", "--max-items", "0"]).status == 64)
    }

    @Test func sizesReadWithUnits() {
        #expect(InputLimits.size("10K") == 10_240)
        #expect(InputLimits.size("2g") == 2 << 30)
        #expect(InputLimits.size("123") == 123)
        #expect(InputLimits.size("0") == nil)
        #expect(InputLimits.size("9999999999T") == nil)
        #expect(InputLimits.size("M") == nil)
    }
}
