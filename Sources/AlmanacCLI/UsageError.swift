/// A mistake on the command line: printed as `Error: …`, the command's usage line
/// and where to read more, and the run exits 64.
struct UsageError: Error {
    var message: String
    /// The command whose usage to print (`convert`), or `nil` for almanac itself.
    var command: String?

    init(_ message: String, command: String?) {
        self.message = message
        self.command = command
    }
}
