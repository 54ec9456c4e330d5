extension ProcessRunner {
    /// Runs the built `almanac` and requires success: its standard output, or a
    /// ``TestFailure`` naming the run with what it printed on standard error.
    public static func almanacOutput(_ arguments: [String], stdin: [UInt8] = []) throws -> [UInt8] {
        let result = try almanac(arguments, stdin: stdin)
        guard result.status == 0 else { throw TestFailure("almanac \(arguments.joined(separator: " ")): \(result.stderrText)") }
        return result.stdout
    }
}
