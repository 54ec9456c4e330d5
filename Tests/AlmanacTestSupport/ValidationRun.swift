/// Runs the `almanac` binary on an input given on standard input and keeps the lines of
/// its messages that are errors, for tests that check where a message points.
public enum ValidationRun {
    /// The exit status and the error lines (`<stdin>:line:column: error: …`) of `almanac`
    /// run with `arguments` (such as `["validate", "-f", "ics"]`) on `input`.
    public static func errors(_ arguments: [String], input: String) throws -> (status: Int32, errors: [String]) {
        let result = try ProcessRunner.almanac(arguments, stdin: Array(input.utf8))
        let lines = result.stderrText.split(separator: "\n").map(String.init)
        // Errors about an input name it first; `almanac: error: …` lines are about the run.
        return (result.status, lines.filter { $0.contains(": error: ") && !$0.hasPrefix("almanac: ") })
    }
}
