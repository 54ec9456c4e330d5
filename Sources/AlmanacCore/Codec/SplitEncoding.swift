/// A codec that can write a document as a folder of files, one per item plus
/// whatever index it wants (`almanac convert … -d DIR`).
public protocol SplitEncoding: FormatCodec {
    /// The files to write, with paths relative to the folder. Paths must be plain
    /// names or relative paths without `..`; the CLI refuses any other.
    func encodeFiles(_ document: AlmanacDocument, options: EncodingOptions) throws -> [OutputFile]
}

/// One file of a split output.
public struct OutputFile: Hashable, Sendable {
    /// The path relative to the output folder, such as `banana-bread.md`.
    public var relativePath: String
    public var bytes: [UInt8]
    /// Warnings, such as fields the format could not carry.
    public var diagnostics: [Diagnostic]
    /// Whether a file already at the path is replaced (`true`, the default) or kept, for
    /// files the user may have edited since, such as a site's layouts.
    public var replacesExisting: Bool

    public init(relativePath: String, bytes: [UInt8], diagnostics: [Diagnostic] = [], replacesExisting: Bool = true) {
        self.relativePath = relativePath
        self.bytes = bytes
        self.diagnostics = diagnostics
        self.replacesExisting = replacesExisting
    }
}
