import AlmanacCore

/// Why a conversion or a pipeline stopped, and the ``ExitStatus`` the command line exits
/// with: the one error the library throws (as swift-argument-parser's errors carry their
/// exit code).
///
/// What to show is in ``diagnostics`` (each `file:line:column: error: …`, or about no
/// file) and then ``message`` (a line about the whole run, such as `validation found 2
/// errors; nothing was written`). ``init(_:)`` maps any other error to one, in one place.
public struct AlmanacError: Error, Sendable, CustomStringConvertible {
    /// The exit status that goes with it.
    public var status: ExitStatus
    /// The line about the whole run, shown after the diagnostics, or `nil`.
    public var message: String?
    /// What was found, shown first (a reader's error, a `validate` step's findings).
    public var diagnostics: [Diagnostic]
    /// How to show ``diagnostics``.
    public var display: DiagnosticDisplay
    /// A line on what to do instead, or `nil`: with ``ExitStatus/usage``, the command line
    /// prints it as `hint: …` and the usage line after the message, as for its own usage errors.
    public var hint: String?

    public init(_ status: ExitStatus, message: String? = nil, diagnostics: [Diagnostic] = [], display: DiagnosticDisplay = .alone, hint: String? = nil) {
        self.status = status
        self.message = message
        self.diagnostics = diagnostics
        self.display = display
        self.hint = hint
    }

    /// `error` as an ``AlmanacError``: itself; a ``FileError`` as `PATH: error: reason` with
    /// ``ExitStatus/noInput`` (missing or unreadable input), ``ExitStatus/cannotCreate`` or
    /// ``ExitStatus/ioError``; a codec's error as its diagnostic (``ExitStatus/dataError``);
    /// any other as its description (``ExitStatus/ioError``).
    public init(_ error: any Error) {
        switch error {
        case let error as AlmanacError:
            self = error
        case let error as FileError:
            switch error {
            case .notFound(let path):
                self.init(.noInput, diagnostics: [Diagnostic(.error, "no such file", source: path)])
            case .unreadable(let path, let reason):
                self.init(.noInput, diagnostics: [Diagnostic(.error, "cannot read: \(reason)", source: path)])
            case .cannotCreate(let path, let reason):
                self.init(.cannotCreate, diagnostics: [Diagnostic(.error, "cannot create the output: \(reason)", source: path)])
            case .ioFailed(let path, let reason):
                self.init(.ioError, diagnostics: [Diagnostic(.error, reason, source: path)])
            }
        case let error as InputLimits.LimitExceeded:
            self.init(.dataError, diagnostics: [error.diagnostic])
        case let error as any CodecError:
            self.init(.dataError, diagnostics: [Diagnostic(.error, error.message, position: error.position)], display: .quoting())
        default:
            self.init(.ioError, message: "\(error)")
        }
    }

    /// A codec's error about `source` (an input's name or the output's), with its line.
    init(_ error: any CodecError, source: String, bytes: [UInt8]? = nil) {
        self.init(.dataError, diagnostics: [InputLimits.diagnostic(for: error, source: source)], display: .quoting(bytes))
    }

    /// The diagnostics, the message and the hint, one a line.
    public var description: String {
        (diagnostics.map(\.rendered) + (message.map { ["error: \($0)"] } ?? []) + (hint.map { ["hint: \($0)"] } ?? [])).joined(separator: "\n")
    }
}
