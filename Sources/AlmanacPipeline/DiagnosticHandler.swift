import AlmanacCore

/// Receives the diagnostics a conversion finds while it runs and goes on (readers' and
/// writers' warnings, validation warnings), each with how to show it. The command line
/// prints them to standard error; an app may collect them.
public typealias DiagnosticHandler = (Diagnostic, DiagnosticDisplay) -> Void

/// How to show a diagnostic: alone, or with the line of the input it points at.
public struct DiagnosticDisplay: Sendable, Hashable {
    /// Whether to show the line the diagnostic's position is on (and a caret under it).
    public var quotesLine: Bool
    /// The input the diagnostic is about, when it is in memory; `nil` with ``quotesLine``
    /// means the line is read again from the diagnostic's file.
    public var sourceBytes: [UInt8]?

    public init(quotesLine: Bool, sourceBytes: [UInt8]? = nil) {
        self.quotesLine = quotesLine
        self.sourceBytes = sourceBytes
    }

    /// The diagnostic alone: validation findings, whose item is named in the message.
    public static let alone = DiagnosticDisplay(quotesLine: false)

    /// With the line it points at, from `bytes` when given, else from its file.
    public static func quoting(_ bytes: [UInt8]? = nil) -> DiagnosticDisplay {
        DiagnosticDisplay(quotesLine: true, sourceBytes: bytes)
    }
}
