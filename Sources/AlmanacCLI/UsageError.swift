/// A mistake on the command line, and the run exits 64. Printed as compilers and git print
/// theirs (``HelpFormatter/usageError(_:usage:helpCommand:)``): `almanac: error: …` with the
/// message's first letter lower-cased, a `hint: …` line when there is one, the command's
/// usage line and where to read more.
struct UsageError: Error {
    var message: String
    /// The command whose usage to print (`convert`), or `nil` for almanac itself.
    var command: String?
    /// A line on what to do instead, such as where an option belongs, or `nil`.
    var hint: String?

    init(_ message: String, command: String?, hint: String? = nil) {
        self.message = message
        self.command = command
        self.hint = hint
    }
}
