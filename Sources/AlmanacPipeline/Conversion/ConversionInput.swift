import AlmanacCore

/// One input of a conversion: a file, or standard input, with the codec that reads it.
public struct ConversionInput: Sendable {
    /// The path, or `nil` for standard input.
    public var path: String?
    /// The codec that reads it.
    public var codec: any FormatCodec
    /// What to say before reading (the first input of a folder: the files passed over).
    public var note: String?

    public init(path: String?, codec: any FormatCodec, note: String? = nil) {
        self.path = path
        self.codec = codec
        self.note = note
    }

    /// The file at `path`, read by the codec its extension names in `registry`; throws
    /// ``ExitStatus/usage`` when no codec that reads has that extension.
    public init(path: String, registry: FormatRegistry = BuiltinFormats.registry) throws(AlmanacError) {
        guard let codec = registry.codec(forPath: path), !codec.format.reads.isEmpty else {
            throw AlmanacError(.usage, message: "cannot tell the format of input '\(path)' by its extension")
        }
        self.init(path: path, codec: codec)
    }

    /// The files of `folder` (a vdir, a folder of recipes) that `registry` reads, each by its
    /// extension or, when `format` is given, only those of that format: see ``FolderInput``.
    /// The first input's ``note`` names what was passed over.
    public static func files(in folder: String, format: (any FormatCodec)? = nil, registry: FormatRegistry = BuiltinFormats.registry) throws(AlmanacError) -> [ConversionInput] {
        do {
            var (inputs, note) = try FolderInput.inputs(of: folder, forced: format, registry: registry)
            inputs[0].note = note
            return inputs
        } catch {
            throw AlmanacError(error)
        }
    }

    /// The name diagnostics use: the path, or `<stdin>`.
    public var name: String { path ?? "<stdin>" }
}
