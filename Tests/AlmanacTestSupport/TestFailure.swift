/// What a test helper throws when a run or an input is not what the test needs: a message
/// to read in the test's report.
public struct TestFailure: Error, CustomStringConvertible {
    /// What went wrong.
    public var message: String

    /// A failure that says `message`.
    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}
