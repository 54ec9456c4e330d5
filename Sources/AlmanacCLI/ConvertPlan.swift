import Almanac

/// What `almanac convert` will do, worked out from its arguments before anything is read:
/// each input with its codec, the output with its codec, and the options (the parts of the
/// library's ``Conversion`` and its ``Destination`` that come from the command line).
struct ConvertPlan {
    /// One input: a file path, or standard input, with its codec.
    typealias Input = ConversionInput

    var inputs: [Input]
    var outputCodec: any FormatCodec
    /// The file to write, or `nil` for standard output (or a split folder).
    var outputPath: String?
    /// The folder to write one file per item into (`-d`), or `nil`.
    var splitFolder: String?
    var encodingOptions: EncodingOptions

    private static let command = "convert"

    init(_ arguments: ArgumentScanner.Result, registry: FormatRegistry) throws {
        inputs = try Self.inputs(arguments, registry: registry, command: Self.command)
        outputPath = arguments.value("--output")
        splitFolder = arguments.value("--split")
        if outputPath != nil && splitFolder != nil {
            throw UsageError("Give -o <file> or -d <folder>, not both", command: Self.command)
        }
        if let name = arguments.value("--to") {
            outputCodec = try Self.codec(named: name, option: "-t", registry: registry, reading: false, command: Self.command)
        } else if splitFolder != nil {
            // The first that can write a folder of every kind (Markdown, not the calendars).
            let splitters = registry.codecs.filter { $0.splitEncoder != nil }
            guard let splitting = splitters.first(where: { Set(ItemKind.allCases).isSubset(of: $0.format.writes) }) ?? splitters.first else {
                throw UsageError("No format can write a folder of files (-d)", command: Self.command)
            }
            outputCodec = splitting
        } else if let outputPath {
            outputCodec = try Self.codec(forPath: outputPath, role: "output", registry: registry, reading: false, command: Self.command)
        } else {
            throw UsageError("Missing the output format: give -t <format> or -o <file> with a known extension (see 'almanac formats')", command: Self.command)
        }
        if splitFolder != nil, outputCodec.splitEncoder == nil {
            throw UsageError("The \(outputCodec.format.name) format cannot write a folder of files (-d); use -o <file>", command: Self.command)
        }
        encodingOptions = try WriterOptions.encodingOptions(arguments, command: Self.command)
    }

    /// Where the output goes: the `-d` folder, the `-o` file, or `standardOutput`.
    func destination(standardOutput: any OutputSink) -> Destination {
        if let splitFolder { return .folder(splitFolder) }
        if let outputPath { return .file(outputPath) }
        return .sink(standardOutput)
    }

    /// The inputs the positional arguments and `-f` name (standard input when there are
    /// none); a folder stands for its files (``FolderInput``).
    static func inputs(_ arguments: ArgumentScanner.Result, registry: FormatRegistry, command: String) throws -> [Input] {
        let forced = try arguments.value("--from").map { try codec(named: $0, option: "-f", registry: registry, reading: true, command: command) }
        let paths = arguments.positionals.isEmpty ? ["-"] : arguments.positionals
        if paths.filter({ $0 == "-" }).count > 1 {
            throw UsageError("Standard input ('-') can be read only once", command: command)
        }
        return try paths.flatMap { path in
            if path != "-", FolderListing.isFolder(path) {
                return try ConversionInput.files(in: path, format: forced, registry: registry)
            }
            return [try input(path, forced: forced, registry: registry, command: command)]
        }
    }

    private static func input(_ path: String, forced: (any FormatCodec)?, registry: FormatRegistry, command: String) throws -> Input {
        if path == "-" {
            guard let forced else {
                throw UsageError("Reading standard input needs the input format: give -f <format> (see 'almanac formats')", command: command)
            }
            return Input(path: nil, codec: forced)
        }
        return Input(path: path, codec: try forced ?? codec(forPath: path, role: "input", registry: registry, reading: true, command: command))
    }

    private static func codec(named name: String, option: String, registry: FormatRegistry, reading: Bool, command: String) throws -> any FormatCodec {
        guard let codec = registry.codec(named: name) else {
            throw UsageError("Unknown format '\(name)' for \(option); 'almanac formats' lists the formats", command: command)
        }
        try check(codec, reading: reading, command: command)
        return codec
    }

    private static func codec(forPath path: String, role: String, registry: FormatRegistry, reading: Bool, command: String) throws -> any FormatCodec {
        guard let codec = registry.codec(forPath: path) else {
            let reason = FormatRegistry.fileExtension(of: path).map { "its extension '.\($0)' is not one almanac knows" } ?? "it has no extension"
            let option = reading ? "-f" : "-t"
            throw UsageError("Cannot tell the format of \(role) '\(path)': \(reason); give \(option) <format> ('almanac formats' lists the formats)", command: command)
        }
        try check(codec, reading: reading, command: command)
        return codec
    }

    private static func check(_ codec: any FormatCodec, reading: Bool, command: String) throws {
        if reading && codec.format.reads.isEmpty {
            throw UsageError("The \(codec.format.name) format cannot be read, only written", command: command)
        }
        if !reading && codec.format.writes.isEmpty {
            throw UsageError("The \(codec.format.name) format cannot be written, only read", command: command)
        }
    }
}
