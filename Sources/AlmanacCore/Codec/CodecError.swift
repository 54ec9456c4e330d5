/// An error a codec throws for input it cannot read or a document it cannot write.
///
/// Each codec has its own enum conforming to this protocol (`JSONDecodingError`, …);
/// the CLI reports any of them the same way.
public protocol CodecError: Error, Sendable, CustomStringConvertible {
    /// What went wrong, in one line, without the position.
    var message: String { get }
    /// Where in the input, when known.
    var position: SourcePosition? { get }
    /// The depth limit, when the input nested deeper than it (the CLI then names
    /// `--max-depth`); `nil` for every other error.
    var depthLimit: Int? { get }
    /// Whether an item neither says nor tells its kind, so that ``ReaderLimits/defaultKind``
    /// would settle it (the CLI then names `--kind`); `false` for every other error.
    var isUndecidedKind: Bool { get }
}

extension CodecError {
    public var depthLimit: Int? { nil }
    public var isUndecidedKind: Bool { false }

    public var description: String {
        if let position { return "\(position.line):\(position.column): \(message)" }
        return message
    }

    /// The error as a diagnostic about `source`.
    public func diagnostic(source: String) -> Diagnostic {
        Diagnostic(.error, message, source: source, position: position)
    }
}
