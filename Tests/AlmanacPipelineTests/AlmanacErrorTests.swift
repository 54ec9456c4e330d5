import Testing
import Almanac

/// ``AlmanacError/init(_:)``: every failure maps to one error with its exit status.
@Suite struct AlmanacErrorTests {
    @Test func fileErrorsMapToTheirStatuses() {
        #expect(AlmanacError(FileError.notFound(path: "a.json")).status == .noInput)
        #expect(AlmanacError(FileError.notFound(path: "a.json")).description == "a.json: error: no such file")
        #expect(AlmanacError(FileError.unreadable(path: "d", reason: "is a folder")).status == .noInput)
        #expect(AlmanacError(FileError.cannotCreate(path: "o", reason: "denied")).description == "o: error: cannot create the output: denied")
        #expect(AlmanacError(FileError.cannotCreate(path: "o", reason: "denied")).status == .cannotCreate)
        #expect(AlmanacError(FileError.ioFailed(path: "o", reason: "disk full")).status == .ioError)
    }

    @Test func anAlmanacErrorStaysItselfAndOthersAreIOErrors() {
        let stop = AlmanacError(.externalVerbFailed, message: "the external verb almanac-x failed with status 2")
        #expect(AlmanacError(stop).status == .externalVerbFailed)
        #expect(AlmanacError(stop).message == stop.message)
        struct Odd: Error {}
        #expect(AlmanacError(Odd()).status == .ioError)
    }

    @Test func theDescriptionListsDiagnosticsMessageAndHint() {
        let error = AlmanacError(.usage, message: "plan: no recipe has the id 'x'", diagnostics: [Diagnostic(.warning, "odd", source: "a.json")], hint: "the recipes come from the inputs")
        #expect(error.description == "a.json: warning: odd\nerror: plan: no recipe has the id 'x'\nhint: the recipes come from the inputs")
    }

    @Test func aCodecErrorIsADataErrorQuotingItsLine() throws {
        let bytes = Array("{\"almanac\": 1, \"events\": [}".utf8)
        let thrown = try #require(throws: (any Error).self) { try Fixture.codec("json").decode(bytes, source: "x.json") }
        let error = AlmanacError(thrown)
        #expect(error.status == .dataError)
        #expect(error.display.quotesLine)
        #expect(error.diagnostics.first?.position != nil)
    }
}
